"""MkDocs hooks of the website (site/build.py lists this file under ``hooks`` in mkdocs.yml).

Card pages (``<cards>/<kind>/<name>.md``, as site/addresses.py places them; the folder is the
config's ``extra.card_folder``) are written by site/build.py as
finished HTML: every text in them is already escaped and every glossary tooltip placed, so they
skip Python-Markdown, which was the largest part of building a site with thousands of cards.
Their title and table of contents are read back from the headings the card template writes
(``<h1 id="card">`` and ``<h2 id="...">``, each followed by its ``headerlink``). They are left
out of the theme's search plugin; site/build.py adds one light entry per card and per effect
to ``search/search_index.json`` after the build. The theme's whitespace between tags is trimmed on
card pages, since thousands of them are served. Their theme page (main.html) is rendered once and filled in with
each page's title, article, table of contents and language links (CardFrame). The theme's search worker gets site/assets/search-fold.js
in front of it, so the header search ignores accents and tones and ranks exact titles first.
"""
from __future__ import annotations

import os
import re

import jinja2
from markupsafe import Markup
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

#: how a page written by site/templates/card.html.j2 begins: the card block, its <h1 id="card"> inside
CARD_START = '<div class="dow-card '
#: the headings of a card page, as site/templates/card.html.j2 writes them
_HEADING = re.compile(r'<h([12]) id="([^"]+)">(.*?)<a class="headerlink"')
#: the template of card pages (site/overrides/dow-card-page.html): CardFrame.page
CARD_TEMPLATE = "dow-card-page.html"
#: spans whose whitespace matters, left as they are when a page is trimmed
_KEEP = re.compile(r"(<(pre|textarea|script|style)[\s>].*?</\2>)", re.S)
_INDENT = re.compile(r"\n\s+")


def is_card_page(src_uri: str, folder: str) -> bool:
    """Whether a docs file is a card page: <folder>/<kind>/<name>.md (the card list is <folder>/index.md)."""
    parts = src_uri.split("/")
    return len(parts) == 3 and parts[0] == folder and parts[2].endswith(".md") and parts[2] != "index.md"


def card_folder(config) -> str:
    """The folder of this language's card pages (site/build.py write_config puts it in ``extra``)."""
    return (config.extra or {}).get("card_folder", "cards")


class CardPage(Page):
    """A page whose source is the HTML of its article: no Markdown conversion."""

    def render(self, config, files) -> None:
        source = self.markdown or ""
        if not source.startswith(CARD_START):  # not written by the card template: Markdown as usual
            return super().render(config, files)
        self.content = source
        headings = [(int(level), anchor, title) for level, anchor, title in _HEADING.findall(source)]
        top = [{"level": level, "id": anchor, "name": title, "children": []}
               for level, anchor, title in headings if level == 1]
        for level, anchor, title in headings:
            if level == 2:
                (top[-1]["children"] if top else top).append({"level": 2, "id": anchor, "name": title, "children": []})
        self.toc = get_toc(top)
        self._title_from_render = top[0]["name"] if top else None  # what Page.render takes from the first h1
        self.present_anchor_ids = {anchor for _, anchor, _ in headings}
        self.meta["search"] = {"exclude": True}
        self.meta["template"] = CARD_TEMPLATE      # the theme's page made once and filled in (CardFrame)


def on_files(files, config):
    """Card pages become CardPage before the navigation would make plain pages of them."""
    folder = card_folder(config)
    for file in files.documentation_pages():
        if file.page is None and is_card_page(file.src_uri, folder):
            CardPage(None, file, config)
    return files


class NavCache:
    """The navigation rendered once per key (site/overrides/partials/nav.html). Only card pages get
    a key: none of them is in the navigation, so no item is marked active on any of them, and links
    in it are relative to the page's depth, which is the same for all of them."""

    def __init__(self):
        self.rendered: dict[str, str] = {}

    def key(self, page) -> str | None:
        return f"card-pages-{page.url.count('/')}" if isinstance(page, CardPage) else None

    def get(self, key: str) -> str | None:
        return self.rendered.get(key)

    def put(self, key: str, html: str) -> str:
        self.rendered[key] = html
        return ""


def on_env(env, config, files):
    """The theme's templates also under "material/", so an override can include the one it replaces;
    and the navigation cache."""
    theme = [d for d in config.theme.dirs if os.path.isfile(os.path.join(d, "partials", "nav.html"))
             and os.path.isfile(os.path.join(d, "main.html"))]
    env.loader = jinja2.ChoiceLoader([env.loader, jinja2.PrefixLoader({"material": jinja2.FileSystemLoader(theme[-1])})])
    env.globals["nav_cache"] = NavCache()
    env.globals["card_frame"] = CardFrame(env)
    return env


#: what a card page's frame holds in place of the page's own parts while it is made (CardFrame)
_MARK_TITLE, _MARK_CONTENT, _MARK_TOC, _MARK_ALTERNATE = "\x02T\x03", "\x02C\x03<h1", "\x02TOC\x03", "\x02ALT\x03"
#: the title as the probe page gives it: "<b></b>" tells the raw title from the one put through | striptags
_PROBE_TITLE = "<b></b>" + _MARK_TITLE
_MARKS = re.compile("(" + "|".join(re.escape(m) for m in (_PROBE_TITLE, _MARK_TITLE, _MARK_CONTENT, _MARK_TOC,
                                                           _MARK_ALTERNATE)) + ")")
#: the theme's partials that a card page's frame renders for each page, with the theme's language macros
_PART = '{%- import "partials/language.html" as lang with context -%}{%- include "partials/@.html" -%}'


class _Probe:
    """A card page as the frame is made from it: its title, article, table of contents and language
    links are marks (the toc and alternate partials write theirs while ``CardFrame.probing``)."""

    def __init__(self, page):
        self._page = page
        self.title, self.content = _PROBE_TITLE, _MARK_CONTENT

    def __getattr__(self, name):
        return getattr(self._page, name)


class CardFrame:
    """The theme's page (main.html) of the card pages, rendered once and filled in for each page.

    Thousands of card pages share everything of their theme page but four parts: the title (in
    <title>, through ``| striptags``, and in the header), the article, the table of contents and the
    language selector's links (site/overrides/partials/alternate.html). The frame is main.html
    rendered for a probe page whose title and article are marks, while site/overrides/partials/toc.html
    and alternate.html write marks too; each page is then the frame with its title, its article, and
    its toc and language links rendered by the theme's own partials put in place of the marks. A frame
    is made per (depth, first heading's address, base_url) and is used only once the first page it
    was made for came out exactly as main.html renders that page; otherwise, and for a page whose
    meta or article is not a card page's, main.html is rendered as for any page.
    tests/site/test_card_frame.py compares every card page of the real site with main.html's rendering."""

    def __init__(self, env):
        self.env, self.probing = env, False
        self.frames: dict = {}      # key -> list of the frame's pieces (text and marks), or None: not used
        self.parts = {name: env.from_string(_PART.replace("@", name)) for name in ("toc", "alternate")}

    @staticmethod
    def key(page, context) -> tuple | None:
        meta = page.meta or {}
        if set(meta) - {"search", "template"} or not page.title or not page.content or "<h1" not in page.content:
            return None         # the theme takes other branches for these (no title, no <h1 in the article)
        first = next(iter(page.toc), None)
        return page.url.count("/"), first.url if first is not None else None, context.get("base_url")

    def _full(self, context, page) -> str:
        return self.env.get_template("main.html").render({**context, "page": page})

    def _fill(self, pieces: list, context, page) -> str:
        title = page.title or ""
        values = {_PROBE_TITLE: title, _MARK_TITLE: Markup(title).striptags(), _MARK_CONTENT: page.content,
                  _MARK_TOC: self.parts["toc"].render(context), _MARK_ALTERNATE: self.parts["alternate"].render(context)}
        return "".join(values.get(piece, piece) if i % 2 else piece for i, piece in enumerate(pieces))

    @jinja2.pass_context
    def page(self, context) -> str:
        """The page of ``context`` (site/overrides/dow-card-page.html, the template CardPage asks for)."""
        return Markup(self.render(context.get_all()))

    def render(self, context: dict) -> str:
        page = context["page"]
        key = self.key(page, context)
        if key is None:
            return self._full(context, page)
        if key not in self.frames:
            self.probing = True
            try:
                frame = self._full(context, _Probe(page))
            finally:
                self.probing = False
            pieces = _MARKS.split(frame)          # text, mark, text, mark, …, text
            real = self._full(context, page)
            ok = "\x02" not in "".join(pieces[::2]) and self._fill(pieces, context, page) == real
            self.frames[key] = pieces if ok else None
            return real
        pieces = self.frames[key]
        return self._full(context, page) if pieces is None else self._fill(pieces, context, page)


_SVG = re.compile(r"<svg\b.*?</svg>", re.S)
_ABBR = re.compile(r"</?abbr\b[^>]*>")


#: the header search's folding of accents and tones, put before the theme's search worker
_SEARCH_FOLD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "assets", "search-fold.js")
_FOLD_END = "/* dow: end of search-fold.js */"


def on_post_build(config):
    """The theme's search worker (assets/javascripts/workers/search.*.min.js) gets site/assets/search-fold.js
    in front of it: the index it builds in the reader's browser and the queries it answers are then
    folded (no accents, tones or case), stop words are left out of queries and exact titles come first.
    The pages are untouched: they load the worker by the theme's own file name."""
    workers = os.path.join(config["site_dir"], "assets", "javascripts", "workers")
    if not os.path.isdir(workers):
        return
    import json

    from dow.compiler.cards import LANGS
    from dow.site.words import site_words
    with open(_SEARCH_FOLD, encoding="utf-8") as f:
        common = {lang: [w.strip() for w in site_words(lang)["search_words"]["common"].split(",") if w.strip()]
                  for lang in LANGS}
        prelude = f.read().replace('"@COMMON@"', json.dumps(common, ensure_ascii=False))
    for name in sorted(os.listdir(workers)):
        if re.fullmatch(r"search\.[0-9a-f]+\.min\.js", name):
            path = os.path.join(workers, name)
            with open(path, encoding="utf-8") as f:
                theme = f.read()
            end = theme.find(_FOLD_END)        # a worker kept from an earlier build: its prelude replaced
            theme = theme[end + len(_FOLD_END) + 1:] if theme.startswith("/* dow:") and end >= 0 else theme
            with open(path, "w", encoding="utf-8") as f:
                f.write(prelude + theme)


def on_post_page(output: str, page, config):
    """Card pages: the indentation and blank lines the theme's templates leave between tags go.
    Other pages: a glossary tooltip (<abbr>) that Markdown put inside a chart's SVG <text> is taken
    out again, since SVG does not draw HTML elements and the word would vanish ("os leais ()")."""
    if not isinstance(page, CardPage):
        return _SVG.sub(lambda m: _ABBR.sub("", m.group(0)), output) if "<svg" in output else output
    parts = _KEEP.split(output)
    # split() gives [text, kept span, tag name, text, ...]: trim only the text between kept spans
    return "".join(_INDENT.sub("\n", part) if i % 3 == 0 else part for i, part in enumerate(parts) if i % 3 != 2)
