"""Card pages as the site builds them: HTML written by site/build.py, passed to the theme by
site/hooks.py without Markdown. Their tooltips, title and table of contents, their entries in each
language's search index, the navigation they share, and the trimmed whitespace (not in the code)."""
from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from html import unescape
from urllib.parse import urljoin

import pytest
import yaml

from dow.compiler.project import bundle_of, compile_paths, write_outputs
from dow.site.build import Tooltips, _terms, build_site
from sitebuild import card_page

ROOT = Path(__file__).resolve().parents[2]
CARDS = ("base/crossroads/car-crash.yaml", "base/crossroads/the-arctic-king.yaml", "base/crossroads/sparky.yaml",
         "base/survivors/sparky.yaml", "base/crises/fuel-shortage.yaml")
HOSTILE = """id: base.crossroads.markup-test
kind: crossroads
set: base
name: {pt: "Teste <script>alert(1)</script>", en: "Markup <script>alert(1)</script> test", vi: "Thử <b>đậm</b>"}
status: {implementation: full, data: known}
trigger:
  if: morale < 4
  text: {pt: "<img src=x onerror=alert(2)>", en: "<script>window.pwned = 1</script> morale", vi: "Đ <i>x</i>"}
options:
  - text: {pt: a, en: morale & morale, vi: c}
    effect: |
      gain 1 morale.
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("cards")
    (root / "pyproject.toml").write_text("")
    for card in CARDS:
        (root / "content" / card).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "content" / card, root / "content" / card)
    (root / "content" / "base" / "crossroads" / "markup-test.yaml").write_text(HOSTILE, encoding="utf-8")
    shutil.copy(ROOT / "content" / "glossary.yaml", root / "content" / "glossary.yaml")
    build = compile_paths([root / "content"], root)
    assert build.ok, build.diagnostics.render()
    write_outputs(build, root, root / "build")
    out = build_site(bundle_of(build.cards, build.rulesets), root, root / "build" / "site", say=lambda m: None)
    _CARDS[out] = build.cards
    return out, build.cards


#: the cards of each site the fixtures built, for page() to find their pages
_CARDS: dict = {}


@pytest.fixture(scope="module")
def glossary():
    return yaml.safe_load((ROOT / "content" / "glossary.yaml").read_text(encoding="utf-8"))


def page(out: Path, lang: str, card_id: str) -> str:
    return card_page(out, lang, card_id, _CARDS[out]).read_text(encoding="utf-8")


def article(html: str) -> str:
    return html[html.index("<article"):html.index("</article>")]


class Text(HTMLParser):
    """The text of an HTML fragment, with the spans inside <abbr> marked [[like this]]."""

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.parts.append("[[" if tag == "abbr" else "")

    def handle_endtag(self, tag):
        self.parts.append("]]" if tag == "abbr" else "")

    def handle_data(self, data):
        self.parts.append(data)


def marked_text(html: str) -> str:
    parser = Text()
    parser.feed(html)
    return "".join(parser.parts)


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_each_glossary_term_gets_one_tooltip_at_its_first_use(site, glossary, lang):
    out, _ = site
    definitions = {str(t["term"][lang]): str(t["definition"][lang]) for t in glossary}
    body = article(page(out, lang, "base.crossroads.the-arctic-king"))
    tooltips = re.findall(r'<abbr title="([^"]*)">([^<]*)</abbr>', body)
    words = [word for _, word in tooltips]
    assert len(words) >= 4 and len(words) == len(set(words))
    for title, word in tooltips:
        assert definitions[word] == title.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")
    text = marked_text(re.sub(r"<h[12].*?</h[12]>", "", body[:body.index('<details class="note dow-dev">')]))  # no tips in headings
    repeated = [w for w in words if len(re.findall(rf"\b{re.escape(w)}\b", text)) > 1]
    assert repeated, "the page should use some term more than once"
    for word in repeated:
        first = re.search(rf"\b{re.escape(word)}\b", text)
        assert text[first.start() - 2:first.start()] == "[[", word    # the first use is the tooltip


def test_tooltips_escape_the_text_around_them():
    pattern, definitions = _terms([{"term": {"en": "morale"}, "definition": {"en": 'The "spirit" <b>'}}], "en")
    tip = Tooltips(pattern, definitions)
    assert tip("<i>morale</i> & morale") == \
        '&lt;i&gt;<abbr title="The &quot;spirit&quot; &lt;b&gt;">morale</abbr>&lt;/i&gt; &amp; morale'
    assert tip("morale again") == "morale again"                      # one tooltip per page
    assert Tooltips(*_terms([], "en"))("a < b") == "a &lt; b"


def test_an_everyday_word_of_the_glossary_gets_no_tooltip(glossary):
    """An entry with ``tooltip: false`` (card, deck: listed for their one spelling) is explained on the
    glossary page only, neither on card pages nor in the chapters; every other entry keeps its tooltip."""
    from dow.site.build import _abbreviations
    entries = [{"term": {"en": "card"}, "definition": {"en": "Any card."}, "tooltip": False},
               {"term": {"en": "morale"}, "definition": {"en": "Spirit."}}]
    assert set(_terms(entries, "en")[1]) == set(_abbreviations(entries, "en")) == {"morale"}
    quiet = {str(e["term"]["vi"]) for e in glossary if e.get("tooltip") is False}
    assert {"thẻ", "bộ thẻ"} <= quiet
    assert not quiet & set(_terms(glossary, "vi")[1]) and not quiet & set(_abbreviations(glossary, "vi"))


def test_a_card_page_has_its_title_and_table_of_contents(site):
    out, _ = site
    html = page(out, "en", "base.crossroads.car-crash")
    assert "<title>Car Crash - " in html
    toc = html[html.index('<nav class="md-nav md-nav--secondary"'):]
    toc = toc[:toc.index("</nav>")]
    assert re.findall(r'href="(#[^"]+)"', toc) == ["#effect-1", "#effect-2", "#effect-3", "#examples"]
    hostile = page(out, "en", "base.crossroads.markup-test")
    assert "<script>window.pwned" not in hostile and "&lt;script&gt;window.pwned = 1&lt;/script&gt;" in hostile
    assert '<h1 id="card">Markup &lt;script&gt;alert(1)&lt;/script&gt; test<a class="headerlink"' in hostile


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_the_search_index_has_each_card_and_its_effects_once(site, lang):
    out, cards = site
    docs = json.loads((out / lang / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    for card in cards:
        address = card_page(out, lang, card["id"], cards).parent.relative_to(out / lang).as_posix() + "/"
        mine = [d for d in docs if d["location"].startswith(address)]
        locations = [d["location"] for d in mine]
        assert len(locations) == len(set(locations)), locations       # not indexed twice
        assert mine[0]["location"] == address
        assert re.sub("&lt;", "<", re.sub("&gt;", ">", mine[0]["title"])) == card["name"][lang]
        assert [loc.split("#")[1] for loc in locations[1:]] == [f"effect-{n}" for n in range(1, len(mine))]
        assert len(mine) >= 2 and all(d["text"] for d in mine)
    assert not any("#examples" in d["location"] for d in docs)       # worked examples stay on the page
    assert not any("<script" in d["title"] + d["text"] for d in docs)
    assert any(d["location"] == "glossary/" for d in docs)             # the other pages are indexed as before


def test_card_pages_share_one_navigation_whose_links_all_lead_somewhere(site):
    out, cards = site
    navs = set()
    for card in cards:
        html = page(out, "vi", card["id"])
        nav = html[html.index('<nav class="md-nav md-nav--primary"'):html.index('<div class="md-sidebar md-sidebar--secondary"')]
        navs.add(nav)
        assert "--active" not in nav
    assert len(navs) == 1
    links = re.findall(r'href="([^"#]+)"', navs.pop())
    assert len(links) > 5
    for link in links:
        target = urljoin("http://x/vi/the-bai/nga-tu/tai-nan-xe-hoi/", link)[len("http://x/"):]
        assert (out / target / "index.html").is_file(), link


def test_card_pages_are_trimmed_but_not_their_effect_tree(site):
    out, _ = site
    html = page(out, "pt", "base.crossroads.car-crash")
    code = re.search(r"<pre>.*?</pre>", html, re.S).group(0)
    assert "\n  event kind=move" in code                                # the tree keeps its indentation
    outside = html.replace(code, "")
    assert not re.search(r"\n[ \t]", re.sub(r"<script.*?</script>", "", outside, flags=re.S))
    assert "\n\n" not in outside


def test_a_translation_made_from_an_older_english_text_is_marked_on_its_page(tmp_path):
    """i18n/workflow.py calls such a translation stale; the card page says so in the reader's language."""
    from dow.site.build import SiteData, _env, _programs, site_words
    from dow.render.text import card_texts
    root = tmp_path
    (root / "pyproject.toml").write_text("")
    card = root / "content" / "base" / "crossroads" / "car-crash.yaml"
    card.parent.mkdir(parents=True)
    text = (ROOT / "content" / "base" / "crossroads" / "car-crash.yaml").read_text(encoding="utf-8")
    card.write_text(text.replace("en: You move a non-exiled survivor", "en: You move any non-exiled survivor"),
                    encoding="utf-8")
    build = compile_paths([root / "content"], root)
    assert build.ok, build.diagnostics.render()
    data = SiteData(bundle_of(build.cards, build.rulesets), root)
    compiled = data.cards[0]
    assert (compiled["id"], "trigger.text", "vi") in data.stale()
    programs = _programs(compiled, card_texts(compiled, "vi"), "vi", data.stale())
    assert programs[0]["stale"] and not _programs(compiled, card_texts(compiled, "en"), "en", data.stale())[0]["stale"]
    page = _env().get_template("card.html.j2").render(
        card=compiled, programs=programs, mentions=[], tree="", rules_link="", up="../../../", card_list="../../", card_link=lambda other: "", examples=[], EX={},
        tip=Tooltips(None, {}), lang="vi", ui=site_words("vi")["ui"], words=site_words("vi"),
        facts=site_words("vi")["facts"], kinds=site_words("vi")["kinds"], set_names=site_words("vi")["sets"])
    assert site_words("vi")["stale_text"] in page


def test_the_site_takes_each_card_files_facts_from_the_compile(tmp_path, monkeypatch):
    """dow build loads each card file once: the status table's facts (tested, translated) and the stale
    translations the card pages mark come from the compile's own parse, the same as reading the files
    again would give; a file changed since the compile read it is read again, not taken from it."""
    from dow.compiler.project import card_files
    from dow.site import status
    from dow.site.build import SiteData
    root = tmp_path
    (root / "pyproject.toml").write_text("")
    for name in ("crossroads/car-crash", "crises/despair", "crises/fuel-shortage"):
        (root / "content" / "base" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "content" / "base" / f"{name}.yaml", root / "content" / "base" / f"{name}.yaml")
    card = root / "content" / "base" / "crossroads" / "car-crash.yaml"
    current = card.read_text(encoding="utf-8")
    card.write_text(current.replace("en: You move a non-exiled survivor", "en: You move any non-exiled survivor"),
                    encoding="utf-8")
    build = compile_paths([root / "content"], root, facts=status.file_facts)
    assert build.ok, build.diagnostics.render()
    assert set(build.facts) == set(card_files([root / "content"]))
    bundle = bundle_of(build.cards, build.rulesets)
    reference = SiteData(bundle, root)          # reads every card file itself
    rows, stale = reference.status(), reference.stale()
    counts = {(r.set, r.kind): r.counts for r in rows}
    assert counts[("base", "crisis")]["tested"] == 2 and counts[("base", "crisis")]["translated"] == 2
    assert counts[("base", "crossroads")]["translated"] == 0      # its vi (and pt) text is stale
    assert ("base.crossroads.car-crash", "trigger.text", "vi") in stale

    def loaded_again(data, path):
        pytest.fail(f"{path} was loaded again though the compile handed over its facts")
    monkeypatch.setattr(status, "facts_of_text", loaded_again)
    data = SiteData(bundle, root, facts=build.facts)
    assert data.status() == rows and data.stale() == stale
    monkeypatch.undo()
    card.write_text(current, encoding="utf-8")      # the translation is current again
    data.replace(data.cards, bundle)
    assert not data.stale()
    assert {(r.set, r.kind): r.counts for r in data.status()}[("base", "crossroads")]["translated"] == 1


def test_chart_labels_keep_their_glossary_words():
    """SVG draws no HTML: a tooltip Markdown put inside a chart's <text> would make the word vanish."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("site_hooks", ROOT / "site" / "hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    page = '<p><abbr title="t">moral</abbr></p><svg><text>os leais (<abbr title="t">objetivo principal</abbr>)</text></svg>'
    out = hooks.on_post_page(page, object(), {})
    assert "<svg><text>os leais (objetivo principal)</text></svg>" in out
    assert '<p><abbr title="t">moral</abbr></p>' in out


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_where_the_cards_words_and_its_effect_disagree_the_page_says_what_the_engine_plays(tmp_path, lang):
    """An authored text that says 'kill 2' over an effect that kills 1 is a dow check L004 finding; the
    card page gives the engine's reading, in the reader's language, to the engine developers: inside their
    toggle, never among what a reader sees unasked (issue 32)."""
    from dow.site.build import _env, _programs, site_words
    from dow.render.text import card_texts
    (tmp_path / "pyproject.toml").write_text("")
    card = tmp_path / "content" / "base" / "crossroads" / "car-crash.yaml"
    card.parent.mkdir(parents=True)
    source = (ROOT / "content" / "base" / "crossroads" / "car-crash.yaml").read_text(encoding="utf-8")
    card.write_text(source, encoding="utf-8")
    build = compile_paths([tmp_path / "content"], tmp_path)
    assert build.ok, build.diagnostics.render()
    compiled = build.cards[0]
    agreeing = _programs(compiled, card_texts(compiled, lang), lang)
    assert agreeing and not any(p["differs"] for p in agreeing)
    option = compiled["options"][0]
    option["text"] = {**option["text"], lang: option["text"][lang] + " 7"}  # a number the effect never says
    programs = _programs(compiled, card_texts(compiled, lang), lang)
    differing = [p for p in programs if p["differs"]]
    assert len(differing) == 1
    words = site_words(lang)
    html = _env().get_template("card.html.j2").render(
        card=compiled, programs=programs, mentions=[], tree="", rules_link="", up="../../../", card_list="../../", card_link=lambda other: "", examples=[], EX={},
        tip=Tooltips(None, {}), lang=lang, ui=words["ui"], words=words, facts=words["facts"], kinds=words["kinds"],
        set_names=words["sets"])
    reading = re.search(r'<p class="engine-reading">(.*?) — <em>(.*?)</em> (.*?)</p>', html)
    assert reading and reading.group(2) == words["engine_reading"]
    assert reading.group(1) == differing[0]["label"]
    developers = re.search(r'<details class="note dow-dev">.*?</details>', html, re.S)
    assert developers and reading.group(0) in developers.group(0)
    assert words["engine_reading"] not in html.replace(developers.group(0), "")
    assert reading.group(3).startswith(differing[0]["generated"][:20].replace("'", "&#x27;")[:10])


@pytest.fixture(scope="module")
def stand_in_site(tmp_path_factory):
    """A site of Kill Them, the hospital and its deck's items, with the base ruleset and its stand-ins."""
    root = tmp_path_factory.mktemp("standins")
    (root / "pyproject.toml").write_text("")
    deck = yaml.safe_load((ROOT / "content/base/ruleset.yaml").read_text(encoding="utf-8"))["stand_ins"]["location_decks"]["hospital"]
    files = ["base/ruleset.yaml", "base/main-objectives/kill-them.yaml", "base/locations/hospital.yaml",
             "base/survivors/sparky.yaml", "glossary.yaml"] + [f"base/items/{item}.yaml" for item in deck]
    for card in files:
        (root / "content" / card).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "content" / card, root / "content" / card)
    build = compile_paths([root / "content"], root)
    assert build.ok, build.diagnostics.render()
    write_outputs(build, root, root / "build")
    out = build_site(bundle_of(build.cards, build.rulesets), root, root / "build" / "site", say=lambda m: None)
    _CARDS[out] = build.cards
    return out


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_a_card_page_shows_the_stand_ins_its_card_is_played_with(stand_in_site, lang):
    """Kill Them's page names its stand-ins (morale, round track, the zombies its set-up places) with their
    labels and values in the page's language and a link to the full list; the hospital's page its item deck,
    each card by its name; a survivor played with none shows no such section."""
    from dow.site.build import site_words
    words = site_words(lang)["stand_ins"]
    kill = page(stand_in_site, lang, "base.main-objective.kill-them")
    section = kill[kill.index('id="stand-ins"'):]
    section = unescape(section[:section.index("</div>")])
    for key in ("morale", "rounds", "objective_zombies", "card_title", "card_intro", "card_more"):
        assert words[key] in section, (lang, key)
    assert "../../transcription/#stand-ins" in section
    hospital = page(stand_in_site, lang, "base.location.hospital")
    deck = hospital[hospital.index('id="stand-ins"'):]
    row = unescape(deck[deck.index("<tbody>"):deck.index("</tbody>")])
    medicine = yaml.safe_load((ROOT / "content/base/items/medicine.yaml").read_text(encoding="utf-8"))["name"][lang]
    assert f"{medicine} ×" in row and "adrenaline-shot" not in row, (lang, row)
    assert 'id="stand-ins"' not in page(stand_in_site, lang, "base.survivor.sparky")
