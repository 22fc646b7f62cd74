"""The website: Markdown generated from the bundle and the rules chapters, built by MkDocs.

One MkDocs build per language (pt, en, vi) under one site, each with its own
search index; every page has the same path in every language but the cards' and
their list's, which are made of the language's words (site/addresses.py:
/pt/cartas/encruzilhadas/abandono/); the language selector (site/overrides) stays
on the page either way. A card's old address (/pt/cards/<id>/) holds a small page
that sends the reader on (write_redirects). Card pages are kept out of the
navigation. Every text that comes from content is escaped before it reaches
Markdown, so a card whose text holds ``<script>`` shows it as text. Card pages
are written as finished HTML (site/templates/card.html.j2, every text escaped
there) that site/hooks.py hands to the theme without Markdown: with thousands
of cards, converting their Markdown was most of the build. Nothing is loaded
from other hosts: the theme font is off and the search page's script is our own
file.
"""
from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import html
import json
import os
import re
import shutil
import time
from pathlib import Path

import jinja2

from dow.compiler.cards import LANGS
from dow.compiler.loader import load_file
from dow.compiler.messages import LANG_NAMES
from dow.compiler.project import located

from .addresses import OLD_FOLDER, Addresses, relative
from .words import site_words

SITE = Path(__file__).resolve().parent
CHAPTERS = ("base-game", "warring-colonies", "lone-wolf", "variants", "winter-tricks")
AUTHOR_DOCS = ("authoring", "effect-language", "card-files", "scenarios", "diagnostics", "bundle", "runtime",
               "embedding", "conformance", "simulation")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~])")


def _with_pseudo(table: dict) -> dict:
    """A {key: {pt, en, vi}} label table that also answers in the pseudo-locale (from the English).
    The worked examples and the statistics page keep their labels in such tables for now."""
    from dow.compiler.messages import PSEUDO, pseudo
    return {k: {**v, PSEUDO: pseudo(v["en"])} if isinstance(v, dict) and isinstance(v.get("en"), str) else v
            for k, v in table.items()}


def esc(text) -> str:
    """Content text made safe for Markdown: HTML escaped, Markdown syntax backslashed."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(str(text), quote=False)).replace("\n", " ")


def _write(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Write one file of the site; a failure (a full disk) names the file."""
    try:
        path.write_text(text, encoding=encoding)
    except OSError as err:
        raise located(err, path) from None


def _copy(source: Path, target: Path) -> None:
    """Copy one file into the site; a failure to write names the file written."""
    try:
        shutil.copy(source, target)
    except OSError as err:
        raise (located(err, target) if err.filename in (None, str(target)) else err) from None


def _copytree(source: Path, target: Path) -> None:
    """Copy a folder; a failure names the first file that could not be copied."""
    try:
        shutil.copytree(source, target)
    except shutil.Error as err:      # every file's failure, as text: the first one says where
        first = err.args[0][0] if err.args and isinstance(err.args[0], list) and err.args[0] else None
        raise OSError(None, first[2] if first else str(err), first[1] if first else str(target)) from None


@contextlib.contextmanager
def writing(path: Path):
    """Writes that name no file when they fail (a library's): said of ``path``, the folder they write."""
    try:
        yield
    except OSError as err:
        if err.filename is None and not isinstance(err, shutil.Error):
            raise located(err, path) from None
        raise


def _env() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(SITE / "templates")), autoescape=False,
                             keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
                             # Markdown heading ids are written {#id}: Jinja comments must look different
                             comment_start_string="<#--", comment_end_string="--#>",
                             undefined=jinja2.StrictUndefined)
    env.filters["esc"] = esc
    env.filters["h"] = h
    from dow.i18n.workflow import by_name
    env.filters["by_name"] = by_name   # the card list in the reader's alphabetical order
    return env


def h(text) -> str:
    """Content text made safe for HTML (the card pages, which skip Markdown): escaped, on one line."""
    return html.escape(str(text), quote=False).replace("\n", " ")


class Tooltips:
    """The glossary tooltips of one page: tip(text) escapes the text and wraps the first use of each
    term on the page in <abbr title="definition">, as Markdown's abbr extension would, but only once:
    a card page names the same few terms again and again, and every tooltip repeats its definition."""

    def __init__(self, pattern: re.Pattern | None, definitions: dict[str, str]):
        self.pattern, self.definitions, self.seen = pattern, definitions, set()

    def __call__(self, text) -> str:
        text = str(text)
        if self.pattern is None:
            return h(text)
        out, start = [], 0
        for match in self.pattern.finditer(text):
            word = match.group(0)
            if word in self.seen:
                continue
            self.seen.add(word)
            out.append(h(text[start:match.start()]))
            out.append(f'<abbr title="{html.escape(self.definitions[word])}">{h(word)}</abbr>')
            start = match.end()
        out.append(h(text[start:]))
        return "".join(out)


def _terms(terms: list, lang: str) -> tuple[re.Pattern | None, dict[str, str]]:
    """The glossary of one language as (a pattern matching any term, {term: definition}). Longest
    terms first and whole words only, the way Markdown's abbr extension matches them."""
    definitions = {}
    for term in terms:
        word = str(term["term"][lang]).strip()
        if word and term.get("tooltip", True):
            definitions[word] = str(term["definition"][lang])
    if not definitions:
        return None, definitions
    words = sorted(definitions, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b"), definitions


def build_site(bundle: dict, root: Path, out: Path, say=print, jobs: int | None = None,
               timings: dict | None = None, data: "SiteData | None" = None) -> Path:
    """Generate every language's Markdown under out/../site-src and build it into out/<lang>/.

    The languages are independent builds, so they run in forked processes, as many at a time as
    there are cores (``jobs``, or DOW_JOBS, or the core count); one job builds them one by one.
    ``timings``, when given, receives the seconds each stage took: {lang: {stage: seconds}}.
    ``data``, when given, is the SiteData of this bundle (dow serve keeps it for per-card rebuilds).
    """
    src = out.parent / "site-src"
    shutil.rmtree(src, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    data = data or SiteData(bundle, root)
    env = _env()

    def one(lang: str) -> dict:
        return build_language(env, data, lang, src / lang, out, say)
    jobs = jobs or int(os.environ.get("DOW_JOBS", "0")) or os.cpu_count() or 1
    if jobs > 1:
        data.stats  # the games are played once, here, not once in every language's process
        data.status()  # and every card file is read once for the status table, not three times
        data.stale()
    stages = _in_processes(one, LANGS) if jobs > 1 else {lang: one(lang) for lang in LANGS}
    if timings is not None:
        timings.update(stages)
    _write(out / "index.html", env.get_template("root.html.j2").render(langs=LANGS, names=LANG_NAMES),
                                    encoding="utf-8")
    _write(out / "404.html", env.get_template("root-404.html.j2").render(
        langs=LANGS, not_found={lang: site_words(lang)["not_found"] for lang in LANGS}), encoding="utf-8")
    return out


def build_language(env, data: "SiteData", lang: str, project: Path, out: Path, say=print) -> dict:
    """One language: its Markdown pages, its mkdocs.yml, the MkDocs build. Returns seconds per stage."""
    clock = time.perf_counter()
    say(f"site: writing {lang} pages")
    seconds = write_pages(env, data, lang, project / "docs", data.root, out)
    config = write_config(data, lang, project, out / lang)
    seconds["pages"] = time.perf_counter() - clock
    say(f"site: building {lang} with MkDocs")
    clock = time.perf_counter()
    with writing(out / lang):          # MkDocs' own writes name no file when they fail: its folder, then
        run_mkdocs(config)
    add_card_search(out / lang, project / "card-search.json")
    root_links_of_404(out / lang, lang)
    write_redirects(env, data, lang, out / lang)
    seconds["mkdocs"] = time.perf_counter() - clock
    return seconds


class SiteBuildError(Exception):
    """A language's build failed in its worker process; the message holds the worker's traceback."""


def _in_processes(work, items) -> dict:
    """work(item) for every item, each in a forked process, all started at once (the scheduler
    shares the cores; three languages on two cores finish as soon as two jobs in a row would).
    Fork hands each child the data without pickling it; only the small result comes back.

    Ctrl-C is the parent's alone: a worker ignores SIGINT (it is forked with the signal blocked, so
    none lands between the fork and its ignoring it, and a copy of the parent's stack never runs the
    parent's handlers), and the parent, stopped while it waits, ends its workers before it goes on."""
    import multiprocessing
    import pickle
    import signal
    import traceback
    ctx = multiprocessing.get_context("fork")
    running = []

    def child(item, send):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        try:
            send.send(("ok", work(item)))
        except OSError as err:      # a full disk, a read-only folder: said as the file and why, no traceback
            send.send(("oserror", (err.errno, err.strerror or str(err), err.filename)))
        except BaseException:
            send.send(("error", traceback.format_exc()))

    try:
        for item in items:
            receive, send = ctx.Pipe(duplex=False)
            process = ctx.Process(target=child, args=(item, send), name=f"site-{item}")
            blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                process.start()
            finally:                # a Ctrl-C that came during the fork is delivered here, to the parent
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            send.close()
            running.append((item, process, receive))
        results, failures, unwritable = {}, [], []
        for item, process, receive in running:
            try:
                status, value = receive.recv()
            except (EOFError, pickle.UnpicklingError):
                status, value = "error", "the worker process ended without a result"
            process.join()
            if status == "ok":
                results[item] = value
            elif status == "oserror":
                unwritable.append(value)
            else:
                failures.append(f"{item}: {value}")
    except BaseException:           # stopped (Ctrl-C) or failed while waiting: no worker outlives the build
        for _, process, _ in running:
            if process.is_alive():
                process.terminate()
            process.join()
        raise
    if failures:
        raise SiteBuildError("\n".join(failures))
    if unwritable:                  # the first file that could not be written (the others most likely alike)
        number, reason, filename = unwritable[0]
        raise OSError(number, reason, filename)
    return results


class SiteData:
    """What the pages are made of: cards by id and name, sets and kinds, rules, glossary, counts."""

    def __init__(self, bundle: dict, root: Path, facts: dict | None = None):
        self.bundle = bundle
        self.cards = sorted(bundle["cards"], key=lambda c: (c["set"], c["kind"], c["id"]))
        self.by_name = {c["name"]["en"]: c for c in self.cards}
        self.glossary = _load(root / "content" / "glossary.yaml") or []
        self.counts = _load(root / "content" / "sets.yaml") or {}
        self.root = root
        self._stats: dict | None = None
        # each card file's (tested, translated, stale) by its path -> (sha256 of its bytes, facts): the
        # compile's (``compile_paths(..., facts=file_facts)``, build.facts) or read here
        self._facts: dict = dict(facts or {})
        self._names: dict[str, dict[str, str]] = {}   # per language: each card's name by its English name
        self._per_card: dict[str, dict] = {}          # per_card: {what: {card id: (card, value)}}
        self._download: str | None = None             # bundle_text(bundle), the same in every language

    @property
    def stats(self) -> dict:
        """Seeded bot games on the reference engine, played once for every language's page, and only when
        the bundle or the code that plays them changed (kept in build/.cache, site/stats.py)."""
        if self._stats is None:
            from .stats import page_statistics
            self._stats = {**page_statistics(self.bundle, self.root), "card_stats": self.card_stats}
        return self._stats

    @functools.cached_property
    def addresses(self) -> Addresses:
        """Each card page's readable address in each language (site/addresses.py), the pseudo-locale's too."""
        from dow.compiler.messages import PSEUDO
        return Addresses(self.cards, (*LANGS, PSEUDO))

    @functools.cached_property
    def card_stats(self) -> dict:
        """The card statistics `dow stats` wrote (stats/base.json), read, never played (site/cardstats.py)."""
        from .cardstats import for_site
        return for_site(self.bundle, self.root)

    def status(self) -> list:
        """The rows of `dow status` (site/status.py), computed once for every language."""
        if not hasattr(self, "_status"):
            from .status import table
            self._status = table(self.root, self.bundle["cards"], source_facts=self._source_facts)
        return self._status

    def per_card(self, what: str, card: dict, make):
        """make(card), made once for every language: what a card page needs that does not depend on the
        language (the effect tree's outline, the names a card mentions, its localized texts). Kept by the
        card's id for that very card object, so a card dow serve replaced is made again."""
        slot = self._per_card.setdefault(what, {})
        hit = slot.get(card["id"])
        if hit is not None and hit[0] is card:
            return hit[1]
        value = make(card)
        slot[card["id"]] = (card, value)
        return value

    def _source_facts(self, path: Path) -> tuple[bool, bool]:
        """A card file's (tested, translated) (``file_facts``)."""
        return self.file_facts(path)[:2]

    def file_facts(self, path: Path) -> tuple[bool, bool, frozenset]:
        """A card file's (tested, translated, stale) (site/status.py, ``file_facts``), loaded once per
        version of the file: what the compile handed over when the file's bytes are still those it read,
        else read here and kept by the bytes' sha256 (dow serve reads only the files that changed again)."""
        from .status import facts_of_text
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        hit = self._facts.get(path)
        if hit is None or hit[0] != digest:
            hit = self._facts[path] = (digest, facts_of_text(data, path))
        return hit[1]

    def take_facts(self, facts: dict) -> None:
        """Keep what a compile read from card files (``Build.facts``: path -> (sha256, facts))."""
        self._facts.update(facts)

    def stale(self) -> set:
        """(card id, field path, language) of every translation made from an older English text
        (i18n/workflow.py): the card page marks them, so a reader knows the text may lag behind."""
        if not hasattr(self, "_stale"):
            from dow.compiler.project import card_files
            self._stale = {entry for path in card_files([self.root / "content"])
                           for entry in self.file_facts(path)[2]}
        return self._stale

    def texts(self, card: dict, lang: str) -> dict:
        """The generated rules text of every effect of a card in one language (render/text.py)."""
        from dow.render.text import card_texts, names_in
        if lang not in self._names:              # the cards' names in this language, by their English name
            self._names[lang] = names_in(self.cards, lang)
        return card_texts(card, lang, names=self._names[lang])

    def all_texts(self, lang: str) -> dict[str, dict]:
        """``texts(card, lang)`` of every card, by card id. What a build made before is read back from the
        toolchain's cache folder (``kept_texts``) instead of being rendered again: the rules text of every
        card in three languages was a quarter of a 2,000-card build."""
        from dow.render.text import card_key, names_in
        if lang not in self._names:
            self._names[lang] = names_in(self.cards, lang)
        return kept_texts(self.cards, lang, self._names[lang], self.root, self.texts,
                          key_of=lambda card: self.per_card("key", card, card_key))

    def download_text(self) -> str:
        """``bundle_text(self.bundle)``, made once for every language's downloads page."""
        if self._download is None:
            self._download = bundle_text(self.bundle)
        return self._download

    def replace(self, cards: list[dict], bundle: dict) -> None:
        """Take changed cards (same ids) and the bundle they are now part of (dow serve's per-card
        rebuild); what is computed from all cards is computed again, from the files kept where the
        file did not change."""
        by_id = {c["id"]: c for c in cards}
        self.bundle, self._download = bundle, None
        self.cards = [by_id.get(c["id"], c) for c in self.cards]
        self.by_name = {c["name"]["en"]: c for c in self.cards}
        self._names = {}
        for name in ("_status", "_stale", "card_stats", "addresses"):
            self.__dict__.pop(name, None)
        self._stats = None

    def sets(self) -> dict:
        """{set: {kind: [cards]}}."""
        out: dict = {}
        for card in self.cards:
            out.setdefault(card["set"], {}).setdefault(card["kind"], []).append(card)
        return out


#: the layout of a kept rules-text file (``kept_texts``); a file of another layout is not read
KEPT_TEXTS_FORMAT = 1


@functools.lru_cache(maxsize=None)
def _texts_stamp() -> str | None:
    """sha256 of what a card's rules text depends on besides the card and the cards' names: the
    renderer's own stamp (render/text.py, the node catalogue, the die faces, every text catalogue and
    glossary file, Jinja's, Babel's and Python's versions; the stamp ``dow check`` keeps its text
    comparison by) and compiler/messages.py (the pseudo-locale's accents); None if one cannot be read."""
    from dow.compiler import messages
    from dow.render.text import renderer_stamp
    stamp = renderer_stamp()
    try:
        extra = Path(messages.__file__).read_bytes()
    except OSError:
        return None
    if stamp is None:
        return None
    return hashlib.sha256(f"{KEPT_TEXTS_FORMAT}\0{stamp}\0".encode() + extra).hexdigest()


def kept_texts_file(root: Path, lang: str, names: dict[str, str]) -> Path | None:
    """Where one language's kept rules texts of a project live: ``<cache folder>/site-text/<project>/<stamp>/
    <lang>-<names>.json``, the stamp ``_texts_stamp``'s, <names> a hash of every card's name in the language
    (a card names others in its effects, '"Junk" cards'); None when the cache is off."""
    from dow.compiler.cachedir import cache_dir
    folder, stamp = cache_dir(), _texts_stamp()
    if folder is None or stamp is None:
        return None
    project = hashlib.sha256(str(Path(root).resolve()).encode()).hexdigest()[:16]
    named = hashlib.sha256(json.dumps(names, ensure_ascii=False, sort_keys=True).encode()).hexdigest()[:16]
    return folder / "site-text" / project / stamp[:24] / f"{lang}-{named}.json"


def kept_texts(cards: list[dict], lang: str, names: dict[str, str], root: Path, make, key_of=None) -> dict[str, dict]:
    """``make(card, lang)`` (the card's rules text by program path) of every card, by id, read from the
    language's kept file where the same card (sha256 of its compiled JSON, ``card_key``) was rendered
    before with the same names and renderer, made otherwise; the file is then written again with this
    build's cards only. The texts are the same either way (tests/site/test_kept_texts.py): a kept file
    that cannot be read or is not ours is ignored, one that cannot be written is skipped. ``key_of``, when
    given, is ``card_key`` kept for each card (SiteData makes it once for the three languages)."""
    from dow.render.text import card_key
    key_of = key_of or card_key
    path = kept_texts_file(root, lang, names)
    kept: dict = {}
    if path is not None:
        try:
            data = json.loads(path.read_bytes())
            if isinstance(data, dict) and data.get("format") == KEPT_TEXTS_FORMAT and isinstance(data.get("texts"), dict):
                kept = data["texts"]
        except (OSError, ValueError):
            kept = {}
    out, now, missed = {}, {}, 0
    for card in cards:
        key = key_of(card)
        texts = kept.get(key) if key else None
        if not (isinstance(texts, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in texts.items())):
            texts = make(card, lang)
            missed += 1
        out[card["id"]] = texts
        if key:
            now[key] = texts
    if path is not None and (missed or len(now) != len(kept)):
        _write_kept_texts(path, now)
    return out


def _write_kept_texts(path: Path, texts: dict) -> None:
    """Write a language's kept texts atomically, and drop the same language's files of other names and
    the folders of other stamps (the cache holds one project's texts as the renderer makes them now)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"format": KEPT_TEXTS_FORMAT, "texts": texts}, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)       # a build running at the same time reads the old file or the new one
        lang = path.name.rsplit("-", 1)[0]
        for other in path.parent.glob(f"{lang}-*.json"):
            if other != path:
                other.unlink(missing_ok=True)
        for folder in path.parent.parent.iterdir():
            if folder != path.parent and folder.is_dir():
                shutil.rmtree(folder, ignore_errors=True)
    except OSError:
        pass


def _load(path: Path):
    if not path.is_file():
        return None
    node, _ = load_file(path)
    return node.plain() if node is not None else None


def common_context(data: SiteData, lang: str, root: Path) -> dict:
    """What every page template of one language is rendered with."""
    words = site_words(lang)
    chapters = _chapters(root, lang)
    addresses = data.addresses
    return {"lang": lang, "ui": words["ui"], "names": LANG_NAMES, "sets": data.sets(),
            "cards_index": addresses.index_source(lang),
            # a Markdown link from the page whose source is `page` to a card's page
            "card_md": lambda card_id, page: addresses.md_link(card_id, lang, page),
            "chapters": chapters, "words": words, "facts": words["facts"],
            "_abbr": _abbreviations(data.glossary, lang), "kinds": words["kinds"], "set_names": words["sets"],
            "titles": {c: _title(root / "content" / "rules" / lang / f"{c}.md") for c in chapters}}


class CardPages:
    """The card pages of one language: render(card, texts) gives a page's HTML and its search entries.
    The full build and the per-card rebuild of ``dow serve`` (site/update.py) both use it, so a
    page rebuilt alone is the page a full build writes."""

    def __init__(self, env, data: SiteData, lang: str, common: dict):
        from .examples import example_names
        self.data, self.lang, self.common, self.words = data, lang, common, site_words(lang)
        self.template, self.terms = env.get_template("card.html.j2"), _terms(data.glossary, lang)
        self.example_words = example_names(data.cards, lang)
        from .standins import value_text
        self.stand_in_text = functools.partial(value_text, words=self.words["stand_in_values"], lang=lang,
                                               names=stem_names(data, lang))

    def render(self, card: dict, texts: dict) -> tuple[str, list[dict]]:
        """(the page's source, its search entries) from the card and its generated texts."""
        from .examples import worked_examples
        from dow.render.explain import tree_outline
        from .standins import card_rows
        from .stats import WORDS as STATS_WORDS, card_block
        words, lang = self.words, self.lang
        programs = _programs(card, texts, lang, self.data.stale())
        addresses = self.data.addresses
        here = addresses.of(card["id"], lang)
        up = relative(here, "")                  # the language's home page, from the card's page
        text = self.template.render(card=card, programs=programs, mentions=_mentions(card, self.data),
                                    up=up, card_list=relative(here, addresses.index(lang)),
                                    card_link=lambda other: addresses.link(other, lang, here),
                                    other_names=other_names(card, lang), name_origin=name_origin(card, words["facts"], lang),
                                    tree=_code(_tree(self.data.per_card("outline", card, tree_outline), lang, card)), rules_link=up + _rules_link(card),
                                    examples=worked_examples(card, self.example_words, lang, self.data.bundle), EX=words["examples"],
                                    stat=card_block(card, self.data.card_stats, words[STATS_WORDS], self.data.stats),
                                    stand_ins=card_rows(card, self.data.bundle.get("rulesets") or {}),
                                    S=words["stand_ins"], stand_in_text=self.stand_in_text,
                                    tip=Tooltips(*self.terms), **self.common)
        return text, card_search_entries(card, programs, words, lang, here)


def other_names(card: dict, lang: str) -> list[tuple[str, str, str]]:
    """(language's own name, the card's name there, language code) for each other language whose name differs."""
    name = card["name"]
    return [(LANG_NAMES[other], name[other], other) for other in LANGS
            if other != lang and other in name and name[other] != name.get(lang)]


def name_origin(card: dict, facts: dict, lang: str) -> str:
    """Where the card's name in ``lang`` comes from, for a name that is not the English one: the rulebook
    that prints it (its `name_sources`, "seed 000, line 298"), or the project's own translation."""
    name = card["name"]
    if lang == "en" or lang not in name or name[lang] == name.get("en"):
        return ""
    cited = (card.get("name_sources") or {}).get(lang, "")
    m = re.match(r"seed (\d{3})\b", cited)
    books = facts.get("name_books") or {}
    if m and m.group(1) in books:
        return facts["name_official"].replace("{source}", books[m.group(1)])
    return facts["name_project"]


def card_list_page(env, data: SiteData, common: dict, docs: Path, texts_of: dict | None = None) -> None:
    """The card list (<cards>/index.md, cards/index.md in English): every card by set and kind; ``texts_of``,
    each card's generated texts in this language by id when the caller made them already."""
    # a card whose text no rulebook gives has a page of facts only: listed apart, not among the played cards
    untold = {card["id"] for card in data.cards
              if not (texts_of[card["id"]] if texts_of is not None else data.texts(card, common["lang"]))}
    # the examples made for this reference (the Winter Tricks events) under their own heading too
    made_up = {card["id"] for card in data.cards if card["status"].get("data") == "example"} - untold
    _page(env, "cards.md.j2", docs / common["cards_index"], untold=untold, made_up=made_up, **common)


def stem_names(data: SiteData, lang: str) -> dict[str, str]:
    """Each card's name in ``lang`` by its file stem (the name the rulesets' stand-ins use for it)."""
    return {c["id"].rsplit(".", 1)[-1]: c["name"][lang] for c in data.cards}


def transcription_page(env, data: SiteData, lang: str, common: dict, docs: Path) -> None:
    """transcription.md: the status table and the stand-ins."""
    from .standins import rows as stand_in_rows, value_text
    words = site_words(lang)
    _page(env, "transcription.md.j2", docs / "transcription.md", counts=data.counts, status=data.status(),
          columns=words["status_columns"], stand_ins=stand_in_rows(data.bundle.get("rulesets") or {}),
          S=words["stand_ins"], value_text=functools.partial(
              value_text, words=words["stand_in_values"], lang=lang,
              names=stem_names(data, lang)), **common)


def statistics_page(env, data: SiteData, lang: str, common: dict, docs: Path) -> None:
    """statistics.md: the bot games and the card statistics."""
    from .stats import WORDS as STATS_WORDS, card_section, charts
    words = site_words(lang)
    names = {c["id"]: c["name"][lang] for c in data.cards}
    _page(env, "statistics.md.j2", docs / "statistics.md", stats=data.stats, L=words[STATS_WORDS],
          charts=charts(data.stats, words[STATS_WORDS], names), by_id={c["id"]: c for c in data.cards},
          cs=card_section(data.card_stats, words[STATS_WORDS], names, lang), **common)


def write_pages(env, data: SiteData, lang: str, docs: Path, root: Path, out: Path) -> dict:
    """Every Markdown page of one language. Returns the seconds of its costly parts."""
    docs.mkdir(parents=True)
    common = common_context(data, lang, root)
    _page(env, "index.md.j2", docs / "index.md", counts=data.counts, **common)
    from dow.i18n.rules import load_sync, mark_stale
    sync, note = load_sync(root), h(site_words(lang)["stale_rules"])
    for chapter in common["chapters"]:
        text = mark_stale(root, chapter, lang,
                          (root / "content" / "rules" / lang / f"{chapter}.md").read_text(encoding="utf-8"), note, sync)
        _write(docs / f"{chapter}.md", text + _used(common["_abbr"], text), encoding="utf-8")
    _page(env, "glossary.md.j2", docs / "glossary.md", terms=data.glossary, **common)
    clock = time.perf_counter()
    texts_of = data.all_texts(lang)  # once: list, pages and search share it; kept between builds
    seconds = {"rules text": time.perf_counter() - clock}
    card_list_page(env, data, common, docs, texts_of)
    clock = time.perf_counter()
    pages, search = CardPages(env, data, lang, common), []
    for card in data.cards:
        text, entries = pages.render(card, texts_of[card["id"]])
        path = docs / data.addresses.source(card["id"], lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        _write(path, text, encoding="utf-8")
        search += entries
    _write(docs.parent / "card-search.json", json.dumps(search, ensure_ascii=False), encoding="utf-8")
    seconds["card pages"] = time.perf_counter() - clock
    _page(env, "search.md.j2", docs / "search.md", english=site_words("en"), **common)
    transcription_page(env, data, lang, common, docs)
    statistics_page(env, data, lang, common, docs)
    (docs / "assets").mkdir()
    _copy(SITE / "assets" / "search.js", docs / "assets" / "search.js")
    _copy(SITE / "assets" / "cards.js", docs / "assets" / "cards.js")
    _copy(SITE / "assets" / "extra.css", docs / "assets" / "extra.css")
    downloads = docs / "downloads"
    downloads.mkdir()
    _write(downloads / "bundle.json", data.download_text(), encoding="utf-8")
    from dow.compiler.project import schema_texts
    for name, text in schema_texts().items():   # the schemas as the build writes them, wherever it writes them
        _write(downloads / name, text)
    clock = time.perf_counter()
    _write(downloads / f"cards-{lang}.json", json.dumps(search_export(data, lang, texts_of), ensure_ascii=False),
                                                   encoding="utf-8")
    seconds["search export"] = time.perf_counter() - clock
    _page(env, "downloads.md.j2", docs / "downloads.md", **common)
    authors = docs / "authors"
    authors.mkdir()
    for name in AUTHOR_DOCS:
        source = root / "docs" / (lang if (root / "docs" / lang / f"{name}.md").is_file() else "") / f"{name}.md"
        if source.is_file():
            text = source.read_text(encoding="utf-8")
            # the guides rank below the cards and rules for a word both use (theme's page boost); a guide
            # the page's language has no translation of is not in its header search at all, and a
            # translated guide's code identifiers ("#### `card_type`") are no header-search titles either:
            # a player's search for "thuốc men" finds cards and rules, not an effect tree's field
            front = AUTHOR_FRONT if _in_language(root, name, lang) else AUTHOR_FRONT_UNSEARCHED
            text = _paths_out_of_headings(text)
            text = _identifiers_unsearched(text) if lang != "en" else text
            _write(authors / f"{name}.md", front + _author_links(text), encoding="utf-8")
    # the section's own page, so that /<lang>/authors/ is a page and not a bare folder
    _write(authors / "index.md", author_index(data, lang), encoding="utf-8")
    return seconds


def author_index(data: "SiteData", lang: str) -> str:
    """authors/index.md: the guides for authors and engine developers, each by its title, in the nav's order."""
    words = site_words(lang)
    guides = [n for n in AUTHOR_DOCS if (data.root / "docs" / f"{n}.md").is_file()]
    # the guides in the page's language first, then those only in English (their titles say so)
    guides.sort(key=lambda n: not _in_language(data.root, n, lang))
    links = "".join(f"- [{esc(words['author_titles'][n])}]({n}.md)\n" for n in guides)
    return f"{AUTHOR_FRONT}# {esc(words['ui']['authors'])} {{#authors}}\n\n{words['author_index_intro']}\n\n{links}"


#: a guide's heading that names a folder of the repository: "## `item` (content/<set>/items/)"
_PATH_HEADING = re.compile(r"^(#{1,6} .*?) \((content/[^)]*)\)[ \t]*$", re.M)


def _paths_out_of_headings(text: str) -> str:
    """A folder named in a heading moves to a line of its own under it, in code: the header search shows a
    heading as a result's title, and a reader's search shows no internal path as a title (nor, in a heading,
    a "<set>" the page would drop as an HTML tag)."""
    return _PATH_HEADING.sub(lambda m: f"{m.group(1)}\n\n`{m.group(2)}`", text)


def bundle_text(bundle: dict) -> str:
    """The bundle as the site's downloads page offers it."""
    return json.dumps(bundle, ensure_ascii=False)


def card_search_entries(card: dict, programs: list[dict], words: dict, lang: str, page: str) -> list[dict]:
    """The built-in search's entries for a card page (at ``page``, its address under the language's
    root), in the theme's format: the card (its name and facts) and each of its effects (the authored
    and the generated text). The page's worked examples and effect tree are left out: the index is
    downloaded by every visitor who searches."""
    facts = [words["facts"]["kind"], words["kinds"].get(card["kind"], card["kind"]),
             words["facts"]["set"], words["sets"].get(card["set"], card["set"])]
    for field in ("number", "influence", "attack", "search", "price", "copies"):
        if card.get(field) is not None:
            facts += [words["facts"][field], str(card[field])]
    if card.get("occupation"):
        facts += [words["facts"]["occupation"], str(card["occupation"][lang])]
    facts.append(words["kind_one"].get(card["kind"], ""))
    facts += list(card.get("also_called") or ())      # another spelling a reader may type ("Grey Beard")
    name = card["name"][lang]
    entries = [{"location": page, "title": h(name), "text": h(" ".join(facts)),
                "boost": CARD_BOOST}]
    for number, program in enumerate(programs, 1):
        paragraphs = [program["authored"], program["generated"]] if program["authored"] else [program["generated"]]
        entries.append({"location": f"{page}#effect-{number}", "title": h(program["label"]),
                        "text": " ".join(f"<p>{h(p)}</p>" for p in paragraphs)})
    return entries


#: card pages rank above the guides for a word both use (a reader searching "encruzilhada" wants
#: the cards, not the card-file reference)
CARD_BOOST = 4
AUTHOR_FRONT = "---\nsearch:\n  boost: 0.25\n---\n\n"
#: a guide in English on a page of another language: out of that language's header search
AUTHOR_FRONT_UNSEARCHED = "---\nsearch:\n  exclude: true\n---\n\n"
#: a heading that is only a code identifier: "#### `card_type`"
_IDENTIFIER_HEADING = re.compile(r"^(#{1,6} `[^`\n]+`)[ \t]*$", re.M)


def _in_language(root: Path, name: str, lang: str) -> bool:
    """Whether an author guide is written in ``lang`` (English: docs/, another language: docs/<lang>/)."""
    return lang == "en" or (root / "docs" / lang / f"{name}.md").is_file()


def _identifiers_unsearched(text: str) -> str:
    """A guide's headings that are only a code identifier, kept out of the header search (the theme's
    data-search-exclude, by attr_list): a reader of the site's language searches the game's words."""
    return _IDENTIFIER_HEADING.sub(lambda m: m.group(1) + " { data-search-exclude }", text)
#: where the header search splits words: spaces, dashes and punctuation, so "(carro)" is the word
#: "carro"; the theme's search worker folds the words (site/assets/search-fold.js, put in by site/hooks.py).
#: Not "+" nor "*": the worker asks lunr for "+word*" (required, any ending), which the theme splits
#: at this separator too, and a split-off "*" would leave the word exact (and stemmed in English).
SEARCH_SEPARATOR = r"""[\s\-–—.,;:!?()\[\]{}"'“”‘’«»/\\|…^~=<>#&]+"""


def add_card_search(site: Path, entries: Path) -> None:
    """Add the card pages' entries (written by write_pages) to the search index MkDocs wrote; the
    hooks keep card pages out of the theme's own indexing, which parsed every page's HTML."""
    index_path = site / "search" / "search_index.json"
    if not entries.is_file() or not index_path.is_file():
        return
    index = json.loads(index_path.read_text(encoding="utf-8"))
    index["docs"] += json.loads(entries.read_text(encoding="utf-8"))
    _write(index_path, json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def write_redirects(env, data: SiteData, lang: str, site: Path, ids: list[str] | None = None) -> None:
    """A page at each address that moved (site/addresses.py): a card's /<lang>/cards/<id>/ and, in a
    language whose card list is elsewhere, /<lang>/cards/. It sends the reader to the new address at
    once (meta refresh), names it as the page's own (canonical) and shows the link, in the reader's
    language. A few lines of HTML per card, written here rather than by a plugin: the build knows
    every card's old and new address, and nothing is fetched. An address MkDocs wrote a page at is
    never overwritten. ``ids``: only these cards' pages, written again (dow serve's per-card rebuild:
    the page names the card)."""
    template, words = env.get_template("moved.html.j2"), site_words(lang)
    names = {data.addresses.of(c["id"], lang): c["name"].get(lang) or c["name"]["en"] for c in data.cards}
    moved = data.addresses.moved(lang)
    if ids is not None:
        moved = {f"{OLD_FOLDER}/{card_id}/": data.addresses.of(card_id, lang) for card_id in ids}
    for old, new in moved.items():
        path = site / old / "index.html"
        if ids is None and path.exists():
            raise OSError(errno.EEXIST, f"a page of the site is already at the old address {old}, "
                                        f"so it cannot send readers on to {new}", str(path))
        path.parent.mkdir(parents=True, exist_ok=True)
        _write(path, template.render(lang=lang, words=words, target=relative(old, new), canonical=f"/{lang}/{new}",
                                     name=names.get(new, words["ui"]["cards"])), encoding="utf-8")


def root_links_of_404(site: Path, lang: str) -> None:
    """MkDocs writes the 404 page's links from the server root (it is served for any address); each
    language lives under /<lang>/, so its links are made to start there (the language selector's
    links, /pt/ /en/ /vi/, already do)."""
    page = site / "404.html"
    if page.is_file():
        text = page.read_text(encoding="utf-8")
        text = re.sub(r'(href|src)="/(?!/|(?:pt|en|vi|qps)/)', rf'\1="/{lang}/', text)
        # the theme's own configuration (the page's base, its search worker) as well: from any deep address the
        # header search loads the language's index and worker, not the server root's
        text = re.sub(r'("base": ?)"/"', rf'\1"/{lang}/"', text)
        text = re.sub(r'("search": ?)"/(?!/|(?:pt|en|vi|qps)/)', rf'\1"/{lang}/', text)
        _write(page, text, encoding="utf-8")


def _author_links(text: str) -> str:
    """Author docs link to each other as siblings; a link into the rest of the repository (a file the
    site does not publish) stays as its text, with the path in code."""
    def link(m: re.Match) -> str:
        label, target = m.group(1), m.group(2)
        name = target.split("#")[0].split("/")[-1]
        if name.endswith(".md") and name[:-3] in AUTHOR_DOCS:
            return f"[{label}]({target.split('/')[-1]})"
        return label if label.strip("`") == target.lstrip("./") else f"{label} (`{target.lstrip('./')}`)"
    return re.sub(r"\[([^\]]*)\]\((?!https?:|#)([^)]*?)\)", link, text)


#: a section line of the effect tree: 'options[0].effect:', 'trigger.when:', 'abilities[1].effect:'
_TREE_SECTION = re.compile(r"^([a-z_]+)(?:\[(\d+)\])?((?:\.[a-z_]+)*):$")


def _tree(outline: str, lang: str, card: dict | None = None) -> str:
    """The compiled effect tree with each section headed as the page heads it, in the reader's language
    ('# Opção 1' over 'options[0].effect:'); the engine's own terms below are left as the engine names them."""
    lines, heading = [], ""
    for line in outline.splitlines():
        m = _TREE_SECTION.match(line)
        if m:
            parts = [m.group(1)] + ([m.group(2)] if m.group(2) is not None else []) + m.group(3).split(".")[1:]
            label = (card and _face_label(card, parts, lang)) or _label(parts, lang)
            if label != heading:   # a trigger's 'when' and 'if' are one section, as on the page
                heading = label
                lines.append(f"# {heading}")
        lines.append(line)
    return "\n".join(lines)


def _code(text: str) -> str:
    """Plain text as the inside of a highlighted ```text block: HTML escaped, outer newlines off."""
    return html.escape(text.strip("\n"), quote=False)


def _title(path: Path) -> str:
    """A chapter's title: its first heading, without the {#id}."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return re.sub(r"\s*\{#[^}]*\}\s*$", "", line[2:]).strip()
    return path.stem


def _chapters(root: Path, lang: str) -> list[str]:
    folder = root / "content" / "rules" / lang
    return [c for c in CHAPTERS if (folder / f"{c}.md").is_file()]


def _page(env, template: str, path: Path, **context) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = env.get_template(template).render(**context)
    _write(path, text + _used(context["_abbr"], text), encoding="utf-8")


def _abbreviations(terms: list, lang: str) -> dict[str, str]:
    """Glossary terms as Markdown abbreviation lines, by term: a tooltip wherever the term appears."""
    out = {}
    for term in terms:
        word = str(term["term"][lang]).strip()
        if word and "]" not in word and term.get("tooltip", True):
            out[word] = f"*[{word}]: {html.escape(str(term['definition'][lang]))}"
    return out


def _used(abbreviations: dict[str, str], text: str) -> str:
    """The abbreviation lines of the terms a page uses. Each defined abbreviation costs the Markdown
    parser a pass over the page, so pages carry only their own (this cut site builds by half)."""
    lines = [line for word, line in abbreviations.items() if word in text]
    return "\n\n" + "\n".join(lines) + "\n" if lines else ""


def _programs(card: dict, texts: dict, lang: str, stale: set = frozenset()) -> list[dict]:
    """Each effect of a card: where it is, the authored text beside it (and whether its translation
    was made from an older English text), the generated text, and whether the two disagree."""
    from dow.render.text import compare
    out = []
    for path, generated in texts.items():
        parts = path.split(".")
        text_path = ".".join(parts[:-1] + ["text"])
        parent = card
        for part in parts[:-1]:
            parent = parent[int(part)] if part.isdigit() else parent.get(part, {})
        authored = parent.get("text", {}).get(lang, "") if isinstance(parent, dict) else ""
        label = _face_label(card, parts, lang) or _label(parts, lang)
        if out and out[-1]["label"] == label:  # a trigger's 'when' and 'if' are one section
            out[-1]["generated"] += " " + generated
            continue
        out.append({"label": label, "authored": authored, "generated": generated,
                    "stale": (card["id"], text_path, lang) in stale})
    for program in out:  # where the card's words and the effect disagree (L004), the page says what is played
        program["differs"] = bool(program["authored"]) and bool(compare("", program["authored"], program["generated"], set()))
    from .examples import every_face
    return every_face(card, out, lang)     # a die: each face, also one without an effect


def _face_label(card: dict, parts: list[str], lang: str) -> str:
    """A die's face by its name, as the worked examples name what the die shows (site/examples.py)."""
    from .examples import face_label
    return face_label(card, parts, lang)


def _label(parts: list[str], lang: str) -> str:
    """'options.1.effect' -> 'Option 2'."""
    head = site_words(lang)["sections"].get(parts[0], parts[0])
    if len(parts) > 1 and parts[1].isdigit():
        return f"{head} {int(parts[1]) + 1}"
    return head


def _mentions(card: dict, data: SiteData) -> list[dict]:
    """Cards this card names in its effects."""
    return [{"name": n, "card": data.by_name.get(n)} for n in data.per_card("named", card, _named)]


def _named(card: dict) -> list[str]:
    """The English names of the cards a card names in its effects, in the order they first appear."""
    names, seen = [], set()

    def walk(value):
        if isinstance(value, dict):
            if value.get("op") == "named" and value["card"] not in seen:
                seen.add(value["card"])
                names.append(value["card"])
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    walk(card)
    return names


#: the rules section that explains each kind of card
RULES_OF_KIND = {"crossroads": "base-game/#base-crossroads", "survivor": "base-game/#base-abilities",
                 "die": "base-game/#base-exposure", "crisis": "base-game/#base-crisis",
                 "item": "base-game/#base-play-card", "tactic": "warring-colonies/#wc-tactics",
                 "main-objective": "base-game/#base-setup", "location": "base-game/#base-setup",
                 "winter-event": "winter-tricks/#wt-events", "relic": "winter-tricks/#wt-tricks-relic",
                 "resource": "winter-tricks/#wt-tricks", "equipment": "winter-tricks/#wt-equipment",
                 "expedition": "winter-tricks/#wt-expedition"}


def _rules_link(card: dict) -> str:
    """A card page's link to the rules about its kind, from the language's home page."""
    return RULES_OF_KIND.get(card["kind"], "base-game/")


def search_export(data: SiteData, lang: str, texts_of: dict) -> list[dict]:
    """The per-language card list the search page queries (texts_of: generated texts by card id)."""
    return [search_export_entry(card, lang, texts_of[card["id"]], data.addresses.of(card["id"], lang),
                                data.per_card("localized", card, _localized))
            for card in data.cards]


def search_export_entry(card: dict, lang: str, texts: dict, address: str, localized: list | None = None) -> dict:
    """One card in the search page's card list (texts: its generated texts; address: its page, under the
    language's root; localized: ``_localized(card)`` when the caller has it)."""
    authored = [str(value[lang]) for value in (_localized(card) if localized is None else localized)]
    numbers = {k: card.get(k) for k in ("influence", "attack", "search", "number") if card.get(k) is not None}
    words = site_words(lang)
    return {"id": card["id"], "address": address, "name": card["name"][lang], "kind": card["kind"], "set": card["set"],
            "kind_name": words["kind_one"].get(card["kind"], card["kind"]),
            "kinds_name": words["kinds"].get(card["kind"], card["kind"]),
            "set_name": words["sets"].get(card["set"], card["set"]),
            "text": " ".join(authored + list(texts.values()) + list(card.get("also_called") or ())), "numbers": numbers,
            "status": card["status"].get("data", "")}


def _localized(card: dict) -> list[dict]:
    """The card's localized texts ({pt, en, vi, ...} tables) but its names, in the order they appear: the
    search page's card list says each in the page's language."""
    out: list[dict] = []
    _collect_texts(card, out)
    return out


def _collect_texts(value, out: list) -> None:
    if isinstance(value, dict):
        if set(value) >= {"pt", "en", "vi"}:
            out.append(value)
            return
        for k, v in value.items():
            if k != "name":
                _collect_texts(v, out)
    elif isinstance(value, list):
        for v in value:
            _collect_texts(v, out)


def write_config(data: SiteData, lang: str, project: Path, site_dir: Path) -> Path:
    """The mkdocs.yml of one language."""
    chapters = _chapters(data.root, lang)
    words = site_words(lang)
    ui = words["ui"]
    nav = [{ui["home"]: "index.md"}]
    if chapters:
        nav.append({ui["rules"]: [f"{c}.md" for c in chapters]})
    addresses = data.addresses
    nav += [{ui["glossary"]: "glossary.md"}, {ui["cards"]: addresses.index_source(lang)},
            {ui["search"]: "search.md"}, {ui["transcription"]: "transcription.md"},
            {ui["statistics"]: "statistics.md"},
            {ui["downloads"]: "downloads.md"},
            # the guides written in the page's language; those only in English are on the section's own
            # page (authors/index.md), under the others, not in the reader's sidebar
            {ui["authors"]: ["authors/index.md"] + [{words["author_titles"][n]: f"authors/{n}.md"} for n in AUTHOR_DOCS
                                                    if (data.root / "docs" / f"{n}.md").is_file()
                                                    and _in_language(data.root, n, lang)]}]
    config = {
        "site_name": ui["site"], "docs_dir": "docs", "site_dir": str(site_dir), "use_directory_urls": True,
        "theme": {"name": "material", "language": lang if lang in LANGS else "en", "font": False, "custom_dir": str(SITE / "overrides"),
                  "features": ["navigation.sections", "search.highlight", "content.tooltips"]},
        "extra_css": ["assets/extra.css"],
        # no theme stop-word filter: every word is indexed (folded by site/assets/search-fold.js), so a
        # toneless "cua" finds "của" as well as "cửa"; the worker leaves common words out of queries instead
        "plugins": [{"search": {"lang": [lang], "separator": SEARCH_SEPARATOR, "pipeline": []}}],
        "hooks": [str(SITE / "hooks.py")],
        "markdown_extensions": ["attr_list", "abbr", "admonition", "tables", "pymdownx.details",
                                "pymdownx.superfences", "md_in_html",
                                {"toc": {"permalink": True, "permalink_title": ui["permalink"]}}],
        "extra": {"alternate": [{"name": LANG_NAMES[other], "link": f"/{other}/", "lang": other}
                                for other in (LANGS if lang in LANGS else (lang,))],
                  "generator": False, "not_found": words["not_found"],
                  # the card pages' folder (site/hooks.py tells card pages by it), and for the language
                  # selector, the address of each page that has another one in each other language
                  "card_folder": addresses.folder[lang],
                  "same_page": addresses.same_page(lang, LANGS if lang in LANGS else (lang,))},
        "not_in_nav": f"/{addresses.folder[lang]}/*/*.md\n/authors/*.md\n",
        "nav": nav,
        "validation": {"links": {"anchors": "info", "unrecognized_links": "info"}},
    }
    path = project / "mkdocs.yml"
    _write(path, json.dumps(config, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def load_site_config(config_path: Path, **overrides):
    """MkDocs' configuration of one language, as ``mkdocs.config.load_config(config_path, **overrides)``
    loads it. write_config writes mkdocs.yml as JSON, which is YAML too; MkDocs reads it with PyYAML's
    pure-Python loader, which took a second and more a language for the card pages' addresses
    (``extra.same_page``) of a 2,000-card site. The same document read by ``json.loads`` is handed to
    load_config as its options, with an empty file in the file's place (``config_file_path`` keeps the
    folder every relative path is read from): MkDocs validates it the same way. A file that is not
    JSON (one edited by hand) is read by MkDocs itself."""
    import io

    from mkdocs.config import load_config
    try:
        options = json.loads(Path(config_path).read_bytes())
    except ValueError:
        options = None
    # load_config drops options whose value is None (they come from unset command-line flags)
    if not isinstance(options, dict) or any(value is None for value in options.values()):
        return load_config(str(config_path), **overrides)
    empty = io.BytesIO(b"{}")
    return load_config(empty, config_file_path=str(config_path), **{**options, **overrides})


def run_mkdocs(config_path: Path) -> None:
    """Build one language with MkDocs' own API."""
    import logging

    from mkdocs.commands.build import build
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    config = load_site_config(config_path)
    # Reproducible pages: MkDocs stamps the build day into the sitemap's gzip header unless
    # SOURCE_DATE_EPOCH names a time. The site shows no build date, so the stamp is the epoch
    # unless the user set one (tests/test_byte_identical.py holds every page byte for byte).
    unset = "SOURCE_DATE_EPOCH" not in os.environ
    if unset:
        os.environ["SOURCE_DATE_EPOCH"] = "0"
    try:
        build(config)
    finally:
        if unset:
            del os.environ["SOURCE_DATE_EPOCH"]


# ---- the pseudo-locale ------------------------------------------------------------------------

def build_pseudo(bundle: dict, root: Path, out: Path, say=print) -> Path:
    """Build the site once more in the pseudo-locale (``qps``) into out/qps/.

    Every text that reaches a page through a catalogue is the English one accented and
    bracketed (⟦Šûŕvîvôŕ⟧): card names and texts, the glossary and the rules chapters from
    content, generated rules text from the text templates, the site's own words from
    site/catalogues/site. A plain English word on this site is a text that skips the catalogues;
    tests/site/test_pseudo.py looks for them. The author docs are documents kept in their
    own languages and are copied as they are.
    """
    from dow.compiler.messages import PSEUDO, pseudo
    work = out.parent / "pseudo-root"  # a project folder holding the pseudo content next to the real one
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    rules = work / "content" / "rules" / PSEUDO
    rules.mkdir(parents=True)
    for chapter in _chapters(root, "en"):
        text = (root / "content" / "rules" / "en" / f"{chapter}.md").read_text(encoding="utf-8")
        _write(rules / f"{chapter}.md", pseudo_markdown(text), encoding="utf-8")
    glossary = _pseudo_content(_load(root / "content" / "glossary.yaml") or [], pseudo)
    _write(work / "content" / "glossary.yaml", json.dumps(glossary, ensure_ascii=False), encoding="utf-8")
    if (root / "content" / "sets.yaml").is_file():
        _copy(root / "content" / "sets.yaml", work / "content" / "sets.yaml")
    if (root / "docs").is_dir():
        _copytree(root / "docs", work / "docs")
    if (root / "stats").is_dir():      # the card statistics of `dow stats`, so their words are checked too
        _copytree(root / "stats", work / "stats")
    data = SiteData(_pseudo_content(bundle, pseudo), work)
    say(f"site: writing {PSEUDO} pages")
    write_pages(_env(), data, PSEUDO, work / "site-src" / "docs", work, out)
    config = write_config(data, PSEUDO, work / "site-src", out / PSEUDO)
    say(f"site: building {PSEUDO} with MkDocs")
    with writing(out / PSEUDO):
        run_mkdocs(config)
    add_card_search(out / PSEUDO, work / "site-src" / "card-search.json")
    root_links_of_404(out / PSEUDO, PSEUDO)
    write_redirects(_env(), data, PSEUDO, out / PSEUDO)
    return out / PSEUDO


def _pseudo_content(value, fn):
    """Content with a pseudo-locale text beside every localized one ({pt, en, vi} gains qps)."""
    from dow.compiler.messages import PSEUDO
    if isinstance(value, dict):
        out = {k: _pseudo_content(v, fn) for k, v in value.items()}
        if set(LANGS) <= set(value) and isinstance(value["en"], str):
            out[PSEUDO] = fn(value["en"])
        return out
    if isinstance(value, list):
        return [_pseudo_content(v, fn) for v in value]
    return value


_MD_KEEP = re.compile(r"^(\s*)(#+ |[-*+] |\d+\. |\|)?(.*?)(\s*\{[#:][^}]*\}\s*)?$")


def pseudo_markdown(text: str) -> str:
    """A Markdown chapter in the pseudo-locale: the words of each line transformed, its Markdown
    (headings, list marks, {#ids}, {: attribute lists }, link targets, code) kept."""
    from dow.compiler.messages import pseudo
    out, fenced = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if fenced or not line.strip() or line.lstrip().startswith(("```", "{:", "*[", "<")):
            out.append(line)
            continue
        indent, mark, body, attrs = _MD_KEEP.match(line).groups()
        if mark == "|":
            cells = ("|" + body).split("|")
            body = "|".join(c if not c.strip() or set(c.strip()) <= set("-:") else pseudo(c) for c in cells)[1:]
        else:
            body = pseudo(body)
        out.append(f"{indent}{mark or ''}{body}{attrs or ''}")
    return "\n".join(out)
