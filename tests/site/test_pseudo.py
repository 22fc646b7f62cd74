"""The pseudo-locale site: every text from a catalogue is accented, so plain English is a leak.

``build_pseudo`` builds the site once in the pseudo-locale ``qps`` (see compiler/messages.py
``pseudo``): card names and texts, rules chapters and the glossary from content, generated rules
text from the text templates and the site's words from templates/site all come out as
⟦Šûŕṽîṽôŕ⟧. Every ASCII letter has an accented twin there, so a run of plain ASCII letters in a
page's text is a string that skipped the catalogues. Code, the effect tree, the author docs (documents
kept in their own languages) and passages marked lang="en" (authoring notes) are not scanned; what
is left may hold only the allowed words below.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from dow.compiler.messages import PSEUDO, pseudo
from dow.compiler.project import bundle_of, compile_paths
from dow.site.build import build_pseudo, pseudo_markdown

ROOT = Path(__file__).resolve().parents[2]
#: words that stay as they are in every language: the game's name, file names and formats
ALLOWED = {"Dead", "of", "Winter", "bundle", "json", "cards", "schema", "card", "source", "JSON", "Schema", PSEUDO}
SKIPPED_TAGS = {"script", "style", "code", "pre", "svg"}
#: known leaks, each with its reason, skipped so the lint still guards everything else:
#: the worked examples on card pages (<details class="example">) tell the rule scenarios, whose
#: titles and facts are written in English only (tests/scenarios); their labels are translated
KNOWN_LEAK_CLASSES = {"example"}
SKIPPED_PAGES = ("authors/", "assets/", "404.html")


class ArticleText(HTMLParser):
    """The text nodes inside <article>, leaving out code, scripts and passages marked lang="en"."""

    VOID = {"meta", "link", "input", "br", "img", "hr", "wbr", "source"}

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, bool, bool]] = []
        self.article = self.skip = 0
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        attrs = dict(attrs)
        # a passage marked in another language (an English note, the card's names in pt/en/vi); not
        # <html lang=…>: the theme's own
        marked_en = self.article and attrs.get("lang") in ("en", "pt", "vi")
        classes = set((attrs.get("class") or "").split())
        skip = tag in SKIPPED_TAGS or marked_en or "headerlink" in classes or bool(classes & KNOWN_LEAK_CLASSES)
        self.stack.append((tag, tag == "article", skip))
        self.article += tag == "article"
        self.skip += skip

    def handle_endtag(self, tag):
        while self.stack:
            name, article, skip = self.stack.pop()
            self.article -= article
            self.skip -= skip
            if name == tag:
                break

    def handle_data(self, data):
        if self.article and not self.skip and data.strip():
            self.texts.append(data)


def article_texts(html: str) -> list[str]:
    parser = ArticleText()
    parser.feed(html)
    return parser.texts


def leaks(html: str, names: set[str] = frozenset()) -> list[str]:
    """Plain ASCII words of a page's article that are neither allowed words nor proper names."""
    words = [w for text in article_texts(html) for w in re.findall(r"[A-Za-z]+", text)]
    return [w for w in words if w not in ALLOWED and w not in names]


@pytest.fixture(scope="module")
def bundle():
    build = compile_paths([ROOT / "content"], ROOT)
    assert build.ok
    return bundle_of(build.cards, build.rulesets)


@pytest.fixture(scope="module")
def pseudo_site(tmp_path_factory, bundle):
    return build_pseudo(bundle, ROOT, tmp_path_factory.mktemp("pseudo") / "site", say=lambda m: None)


@pytest.fixture(scope="module")
def proper_names(bundle) -> set[str]:
    """Words of the names written once for every language (survivors, 'ON GUARD'): never translated,
    so generated text that names such a card shows them as they are."""
    return {word for card in bundle["cards"] if len(set(card["name"].values())) == 1
            for word in re.findall(r"[A-Za-z]+", card["name"]["en"])}


def test_the_pseudo_site_has_every_kind_of_page(pseudo_site):
    pages = {p.relative_to(pseudo_site).as_posix() for p in pseudo_site.rglob("index.html")}
    assert {"index.html", "glossary/index.html", "cards/index.html", "downloads/index.html",
            "transcription/index.html", "search/index.html", "base-game/index.html",
            "cards/crossroads/army/index.html", "cards/base.crossroads.army/index.html"} <= pages


def test_no_page_of_the_pseudo_site_shows_text_that_skipped_the_catalogues(pseudo_site, proper_names):
    found, scanned = {}, 0
    for page in sorted(pseudo_site.rglob("*.html")):
        rel = page.relative_to(pseudo_site).as_posix()
        if rel.startswith(SKIPPED_PAGES):
            continue
        html = page.read_text(encoding="utf-8")
        scanned += sum(len(text.split()) for text in article_texts(html))
        words = leaks(html, proper_names)
        if words:
            found[rel] = sorted(set(words))[:12]
    assert scanned > 20000, f"only {scanned} words scanned: the lint is not reading the pages"
    assert found == {}, "text that skips the catalogues:\n" + "\n".join(f"  {k}: {v}" for k, v in found.items())


def test_the_pseudo_site_is_really_transformed(pseudo_site):
    card = (pseudo_site / "cards" / "crossroads" / "army" / "index.html").read_text(encoding="utf-8")
    assert pseudo("Army") in card                     # a card name, from content
    assert pseudo("Option") in card                   # a section label, from templates/site
    assert "⟦" in (pseudo_site / "base-game" / "index.html").read_text(encoding="utf-8")  # a rules chapter


def test_the_lint_catches_a_planted_leak():
    page = ("<html lang=\"en\"><body><nav>Skip to content</nav><article><h1>⟦Çâŕđš⟧</h1><p>a ⟦Šûŕṽîṽôŕ⟧ status</p>"
            "<pre>kill 3 zombies</pre><p lang=\"en\">an authoring note</p></article></body></html>")
    assert leaks(page) == ["a", "status"]


def test_pseudo_markdown_keeps_the_markup():
    text = "## Colony warfare {#wc-warfare}\n\nSee [the rules](base-game.md#base-setup).\n{: #wc-x }\n"
    out = pseudo_markdown(text)
    assert out.startswith("## ⟦Çôĺôñý ŵâŕƒâŕé⟧ {#wc-warfare}")
    assert "](base-game.md#base-setup)" in out and "{: #wc-x }" in out
