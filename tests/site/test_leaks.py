"""The whole site as a Portuguese or Vietnamese reader meets it: no page (outside code blocks and
proper names) shows a word of the English catalogues, a snake_case token, a card id or a
placeholder; no link or anchor in any of the three languages is broken (the pages left at the cards'
old addresses included); every card page is at its readable address, the language selector leads to
the same card and a card's old address to its page. The site is built once from the real content
(about a minute)."""
from __future__ import annotations

import json
import re
from pathlib import Path
from html import unescape
from urllib.parse import unquote, urljoin, urlparse

import pytest

from leaks import english_only, leaks, proper_names
from sitebuild import build_copy

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return build_copy(tmp_path_factory.mktemp("leaks"))


#: the folder of the card pages in each language (site/catalogues/site/<lang>.yaml, addresses.cards)
CARD_FOLDER = {"pt": "cartas", "en": "cards", "vi": "the-bai"}


def _card_pages(out: Path, lang: str):
    """Every card page of a language: <cards>/<kind>/<name>/index.html (not the pages at a card's other
    spelling's address, which send the reader on: site/addresses.py moved)."""
    pages = sorted(p for p in (out / lang / CARD_FOLDER[lang]).glob("*/*/index.html")
                   if 'http-equiv="refresh"' not in p.read_text(encoding="utf-8")[:2000])
    assert len(pages) > 200, (lang, len(pages))
    return pages


def _addresses(bundle: dict):
    from dow.compiler.cards import LANGS
    from dow.site.addresses import Addresses
    return Addresses(bundle["cards"], LANGS)


def _card_ids(bundle: dict) -> set[str]:
    return {c["id"].rsplit(".", 1)[-1] for c in bundle["cards"] if "-" in c["id"].rsplit(".", 1)[-1]}


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_no_page_shows_english_or_engine_words(built, lang):
    out, bundle = built
    english, names, ids = english_only(lang, set()), proper_names(bundle), _card_ids(bundle)
    # the author and engine-developer guides are documents of their own, kept in the languages
    # they are written in (docs/); every other page is the reader's
    pages = [p for p in (out / lang).rglob("*.html") if "authors" not in p.parts]
    assert len(pages) > 200
    found = {}
    for page in pages:
        hits = leaks(page.read_text(encoding="utf-8"), english, names, ids, lang)
        if hits:
            found[str(page.relative_to(out))] = sorted(set(hits))[:8]
    assert not found, f"{len(found)} {lang} pages leak: " + json.dumps(dict(list(found.items())[:15]),
                                                                        ensure_ascii=False, indent=1)


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_each_worked_example_of_a_card_page_has_a_title_of_its_own(built, lang):
    """Titles read apart but for their number ("3. …"), unless the two stories tell the very same
    sentences (in another count: one more round played), so that nothing of their own could tell them apart."""
    out, _ = built
    alike, pages = {}, 0
    for page in _card_pages(out, lang):
        blocks = re.findall(r'<details class="example">\s*<summary>(.*?)</summary>(.*?)</details>',
                            page.read_text(encoding="utf-8"), re.S)
        titles = [re.sub(r"^\d+\. ", "", re.sub(r"<[^>]+>", "", t).strip()) for t, _ in blocks]
        bodies = [frozenset(re.split(r"(?<=[.!?»”]) ", re.sub(r"<[^>]+>", "", b).strip())) for _, b in blocks]
        pages += len(titles) > 1
        for title in {t for t in titles if titles.count(t) > 1}:
            told = {bodies[i] for i, t in enumerate(titles) if t == title}
            if len(told) > 1 and any(s - frozenset().union(*(o for o in told if o != s)) for s in told):
                alike.setdefault(page.parent.name, []).append(title)
    assert pages > 100
    assert not alike, f"{len(alike)} {lang} card pages have examples titled alike: {dict(list(alike.items())[:5])}"


ABILITY = {"pt": "habilidade", "en": "ability", "vi": "khả năng"}


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_an_example_counts_abilities_from_1_as_the_page_does(built, lang):
    """The engine counts a card's abilities from 0; the page heads them 'Ability 1', 'Ability 2'."""
    out, _ = built
    wrong, seen = [], 0
    word = re.compile(rf"\b{ABILITY[lang]} (\d+)\b", re.I)
    for page in _card_pages(out, lang):
        text = page.read_text(encoding="utf-8")
        told = [int(n) for block in re.findall(r'<details class="example">(.*?)</details>', text, re.S)
                for n in word.findall(re.sub(r"<[^>]+>", "", block))]
        seen += bool(told)
        wrong += [page.parent.name] if 0 in told else []
    assert seen > 3 and not wrong, (seen, wrong)


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_no_page_shows_an_english_word_of_the_theme(built, lang):
    """Material's own words (search box, copy buttons, heading links) on every page, the guides too."""
    from test_theme_words import SETTINGS, _theme_file, _words
    out, _ = built
    english = {v for k, v in _words(_theme_file("en")).items() if k not in SETTINGS and len(v) > 5}
    english |= {"Permanent link"}
    found: dict[str, list[str]] = {}
    for page in (out / lang).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        hits = sorted(w for w in english if f">{w}<" in text or f'"{w}"' in text)
        if hits:
            found[str(page.relative_to(out))] = hits
    assert not found, f"{len(found)} {lang} pages: {dict(list(found.items())[:5])}"


def test_the_vietnamese_card_list_is_in_the_vietnamese_alphabet(built):
    out, _ = built
    text = (out / "vi" / CARD_FOLDER["vi"] / "index.html").read_text(encoding="utf-8")
    order = [text.index(f">{name}<") for name in ("Dịch bệnh", "Đạo quân tử thần", "Kinh hoàng trong đêm")]
    assert order == sorted(order)   # đ follows d, not z


def test_the_leak_finder_finds_each_kind():
    page = ("<article><p>A carta manual_step mostra base.crossroads.buddy-davis, brian-lee e {name}; "
            "the survivor moves.</p><pre>kept_here</pre></article>")
    hits = leaks(page, english_only("pt", set()), set(), {"brian-lee"})
    kinds = {h.split(":")[0] for h in hits}
    assert kinds == {"id", "snake_case", "placeholder", "English"}
    hits = leaks("<article><p>Faltam 6 (<code>base.survivor.untranscribed-25</code>).</p>"
                 "<pre><span></span><code>base.survivor.brian-lee</code></pre></article>", set(), set(), set(), "pt")
    assert hits == ["id in code: base.survivor.untranscribed-25"]
    assert not any("kept_here" in h for h in hits)
    hits = leaks("<article><p>A rodada chega a o combate; 1 zumbi em o local. Ao combate, no local.</p></article>",
                 set(), set(), set(), "pt")
    assert hits == ["uncontracted: a o", "uncontracted: em o"]
    hits = leaks("<article><h1>Trường học</h1><table><tr><td>địa điểm</td><td>Thư viện</td></tr></table>"
                 "<p>Brian Lee đang ở <a href='x'>Thuộc địa</a>. Đi từ thuộc địa đến trường học; lá Thuộc địa.</p>"
                 "</article>", set(), set(), set(), "vi")
    assert hits == ["capital place: Thuộc địa"]
    assert leaks("<article><table><tr><td>número</td><td>?</td></tr></table></article>", set(), set(), set(), "pt") \
        == ["unknown as ?: <td>?</td>"]   # a title or a sentence's start keeps its capital
    hits = leaks("<article><p>Em média 2.58 rodadas; versão 1.2.0; 4,2 rodadas.</p></article>", set(), set(), set(), "vi")
    assert hits == ["decimal point: 2.58"]


class _Links:
    """The hrefs and element ids of one HTML page: its links, its canonical address and where a
    refresh sends the reader (the pages left at moved addresses)."""

    def __init__(self, text: str):
        self.hrefs = re.findall(r'<a\b[^>]*\bhref="([^"]+)"', text)
        self.hrefs += re.findall(r'<link\b[^>]*\brel="canonical"[^>]*\bhref="([^"]+)"', text)
        self.hrefs += re.findall(r'<meta\b[^>]*http-equiv="refresh"[^>]*content="\d+;\s*url=([^"]+)"', text)
        self.ids = set(re.findall(r'\bid="([^"]+)"', text))


def test_no_link_or_anchor_is_broken(built):
    out, _ = built
    pages = {p: _Links(p.read_text(encoding="utf-8")) for p in out.rglob("*.html")}
    broken, anchors = [], {}
    for page, links in pages.items():
        base = "file://" + str(page)
        for href in links.hrefs:
            if href.startswith(("http:", "https:", "mailto:", "javascript:")):
                continue
            url = urlparse(urljoin(base, href))
            target = Path(unquote(url.path)) if href.split("#")[0] else page
            if href.startswith("/"):
                target = out / unquote(url.path).lstrip("/")
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(out)}: {href}")
            elif url.fragment and target.suffix == ".html":
                lang = page.relative_to(out).parts[0]
                anchors[lang] = anchors.get(lang, 0) + 1
                ids = pages[target].ids if target in pages else set()
                if url.fragment not in ids:
                    broken.append(f"{page.relative_to(out)}: {href} (no such anchor)")
    # every language's pages are checked, and their links into a page's anchors with them
    assert all(anchors.get(lang, 0) > 1000 for lang in ("pt", "en", "vi")), anchors
    assert not broken, f"{len(broken)} broken links: " + "\n".join(sorted(set(broken))[:40])


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_cards_without_text_are_listed_apart_and_their_pages_say_so(built, lang):
    """A card whose text no rulebook gives has a page of facts that says so in one sentence; the card
    index lists those cards under their own heading, never among the cards the engine plays."""
    out, _ = built
    index = (out / lang / CARD_FOLDER[lang] / "index.html").read_text(encoding="utf-8")
    sections = re.split(r'<h3 id="', index)
    untold_rows, told_rows = set(), set()
    for section in sections[1:]:
        pages = set(re.findall(r'href="([a-z0-9-]+/[a-z0-9-]+)/"', section))
        (untold_rows if section.split('"', 1)[0].endswith("-untold") else told_rows).update(pages)
    silent = {p.parent.relative_to(out / lang / CARD_FOLDER[lang]).as_posix() for p in _card_pages(out, lang)
              if 'class="no-text"' in p.read_text(encoding="utf-8")}
    assert len(silent) > 20
    assert silent == untold_rows, (sorted(silent - untold_rows)[:5], sorted(untold_rows - silent)[:5])
    assert not untold_rows & told_rows


def _plain(fragment: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", fragment))).strip()


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_every_card_page_begins_with_the_card_and_keeps_its_tree_closed(built, lang):
    """Every card page opens on the card as it is printed (issue 32): a block before anything else in
    the article, holding the card's name, kind, set, number, figures and the text of each of its
    effects (the effects' headings inside it); the compiled effect tree is in the page only inside a
    closed toggle headed in the reader's language, after the reader's sections."""
    from dow.render.text import card_texts
    from dow.site.build import _programs, site_words
    out, bundle = built
    words = site_words(lang)
    facts, summary = words["facts"], words["developers"]["summary"]
    wrong: dict[str, str] = {}
    addresses = _addresses(bundle)
    for card in bundle["cards"]:
        html = (out / lang / addresses.of(card["id"], lang) / "index.html").read_text(encoding="utf-8")
        body = html[html.index("<article"):html.index("</article>")]
        inner = body[body.index(">") + 1:].lstrip()
        if not inner.startswith('<div class="dow-card '):
            wrong[card["id"]] = "the article does not begin with the card block: " + inner[:60]
            continue
        # the block ends where its <div>s balance
        depth, end = 0, 0
        for m in re.finditer(r"<(/?)div\b", inner):
            depth += -1 if m.group(1) else 1
            if depth == 0:
                end = m.start()
                break
        block, rest = inner[:end], inner[end:]
        text = _plain(block)
        expected = [card["name"][lang], words["kind_one"][card["kind"]], words["sets"][card["set"]]]
        if card.get("number") is not None:
            expected.append(f"{facts['number']} {card['number']}")
        for field in ("influence", "attack", "search", "price", "copies"):
            if card.get(field) is not None:
                expected.append(facts[field])
                expected.append(str(card[field]))
        programs = _programs(card, card_texts(card, lang), lang)
        for p in programs:
            expected += [p["label"], _plain(p["authored"] or p["generated"])]
        if not programs:        # a die or a location is not called a card (issue 32)
            expected.append(_plain(words.get(f"no_text_{card['kind']}", words["no_text"])))
        missing = [e for e in expected if e not in text]
        if not block.startswith(f'<div class="dow-card dow-card--{card["kind"]}">\n<h1 id="card">'):
            missing.append("the <h1> first in the block")
        if re.search(r'<h2 id="effect-', rest):
            missing.append("an effect heading outside the block")
        if missing:
            wrong[card["id"]] = f"the block lacks {missing[:3]}"
            continue
        trees = re.findall(r"<details([^>]*)>\s*<summary>([^<]*)</summary>(.*?)</details>", rest, re.S)
        dev = [(attrs, title, content) for attrs, title, content in trees if "dow-dev" in attrs]
        outside = re.sub(r"<details\b.*?</details>", "", rest, flags=re.S)
        if programs and (len(dev) != 1 or "<pre>" not in dev[0][2] or " open" in dev[0][0]
                         or unescape(dev[0][1]) != summary):
            wrong[card["id"]] = f"no single closed toggle '{summary}' holds the tree: {[t[:2] for t in trees]}"
        elif "<pre" in outside or "<pre" in block or "options[0].effect" in outside:
            wrong[card["id"]] = "code outside a toggle"
        elif programs and re.sub(r"<[^>]+>", "", dev[0][2]).find(
                f"# {next(p for p in programs if p['generated'])['label']}") < 0:   # a die's blank face has no tree
            wrong[card["id"]] = "the tree's sections are not headed in the reader's language"
    assert len(bundle["cards"]) > 200
    assert not wrong, f"{len(wrong)} {lang} card pages: " + json.dumps(dict(list(wrong.items())[:10]), ensure_ascii=False, indent=1)


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_the_statistics_page_keeps_commands_and_versions_in_the_developers_toggle(built, lang):
    """The shell command that made the card statistics, the content and bots versions, the stand-ins'
    files, the seeds and the invariant checks are for engine developers: on the statistics page they are only
    inside closed toggles headed in the reader's language (one for the card statistics, one for each game's)."""
    from dow.site.build import site_words
    out, _ = built
    page = (out / lang / "statistics" / "index.html").read_text(encoding="utf-8")
    body = page[page.index("<article"):page.index("</article>")]
    summary = site_words(lang)["developers"]["stats_summary"]
    toggles = re.findall(r"<details([^>]*)>\s*<summary>(.*?)</summary>(.*?)</details>", body, re.S)
    dev = [t for t in toggles if _plain(t[1]) == summary]
    assert len(dev) == len(toggles) == 4 and not any(" open" in d[0] for d in dev), [t[1] for t in toggles]
    assert "dow stats" in dev[0][2] and "ruleset.yaml" in dev[0][2] and re.search(r"<code>[0-9a-f]{12}</code>", dev[0][2])
    outside = re.sub(r"<details\b.*?</details>", "", body, flags=re.S)
    assert "dow stats" not in outside and "ruleset.yaml" not in outside
    assert not re.search(r"<code>[0-9a-f]{12}</code>", outside)


def _title(html: str) -> str:
    m = re.search(r'<h1 id="card">(.*?)<a class="headerlink"', html, re.S)
    return unescape(m.group(1)).strip() if m else ""


#: pages the issue names (issue 32), at the addresses a reader types
KNOWN_ADDRESSES = {("pt", "base.crossroads.abandoned"): "cartas/encruzilhadas/abandono/",
                   ("en", "base.crossroads.abandoned"): "cards/crossroads/abandoned/",
                   ("vi", "base.crossroads.abandoned"): "the-bai/nga-tu/bi-bo-roi/",
                   ("vi", "base.crisis.legions-of-death"): "the-bai/khung-hoang/dao-quan-tu-than/",
                   ("pt", "base.survivor.sparky"): "cartas/sobreviventes/sparky/"}


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_every_card_page_is_at_its_readable_address(built, lang):
    """/<lang>/<cards>/<kind>/<the card's name>/: lowercase ASCII words in the reader's language, one
    page per card, each holding its own card; no card page is left at an engine id."""
    from dow.site.addresses import slug
    from dow.site.build import site_words
    out, bundle = built
    words = site_words(lang)["addresses"]
    addresses = _addresses(bundle)
    seen, wrong = {}, {}
    for card in bundle["cards"]:
        address = addresses.of(card["id"], lang)
        parts = address.rstrip("/").split("/")
        html_path = out / lang / address / "index.html"
        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", "-".join(parts).replace("/", "-")) or len(parts) != 3:
            wrong[card["id"]] = f"{address}: not three ASCII words"
        elif parts[:2] != [CARD_FOLDER[lang], slug(words["kinds"][card["kind"]])]:
            wrong[card["id"]] = f"{address}: not in the folder of its kind"
        elif not parts[2].startswith(slug(card["name"][lang])):
            wrong[card["id"]] = f"{address}: not named after '{card['name'][lang]}'"
        elif not html_path.is_file() or _title(html_path.read_text(encoding="utf-8")) != card["name"][lang]:
            wrong[card["id"]] = f"{address}: no page of this card there"
        seen.setdefault(address, []).append(card["id"])
    assert not wrong, json.dumps(dict(list(wrong.items())[:10]), ensure_ascii=False, indent=1)
    assert all(len(ids) == 1 for ids in seen.values()), [ids for ids in seen.values() if len(ids) > 1]
    assert {address for (known_lang, _), address in KNOWN_ADDRESSES.items() if known_lang == lang} <= set(seen)
    for (known_lang, card_id), address in KNOWN_ADDRESSES.items():
        if known_lang == lang:
            assert addresses.of(card_id, lang) == address
    assert len(_card_pages(out, lang)) == len(bundle["cards"])   # nothing else in the kinds' folders


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_a_cards_old_address_sends_the_reader_to_its_page(built, lang):
    """/<lang>/cards/<id>/ still answers: a page in the reader's language that refreshes to the card's
    page, names it as canonical and links to it by the card's name. The old card list too."""
    from dow.site.build import site_words
    out, bundle = built
    addresses = _addresses(bundle)
    words = site_words(lang)["addresses"]
    for card in bundle["cards"]:
        old = out / lang / "cards" / card["id"] / "index.html"
        html = old.read_text(encoding="utf-8")
        new = addresses.of(card["id"], lang)
        refresh = re.search(r'http-equiv="refresh" content="0; url=([^"]+)"', html).group(1)
        assert (old.parent / refresh / "index.html").resolve() == (out / lang / new / "index.html").resolve()
        assert f'<link rel="canonical" href="/{lang}/{new}">' in html
        assert f'<html lang="{lang}">' in html and unescape(words["moved_text"]) in unescape(html)
        link = re.search(rf'<a href="{re.escape(refresh)}">(.*?)</a>', html)
        assert link and unescape(link.group(1)) == card["name"][lang], card["id"]
    if lang != "en":      # the English card list did not move
        html = (out / lang / "cards" / "index.html").read_text(encoding="utf-8")
        assert 'content="0; url=../' + CARD_FOLDER[lang] + '/"' in html


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_the_language_selector_leads_to_the_same_card_in_each_language(built, lang):
    """On a card page (and the card list) each language of the selector is the same card's page there."""
    out, bundle = built
    addresses = _addresses(bundle)
    wrong = []
    for card in bundle["cards"]:
        html = (out / lang / addresses.of(card["id"], lang) / "index.html").read_text(encoding="utf-8")
        links = dict((hl, href) for href, hl in
                     re.findall(r'<a href="([^"]+)" hreflang="([a-z]+)" class="md-select__link"', html))
        for other in ("pt", "en", "vi"):
            target = out / links.get(other, "/missing").lstrip("/") / "index.html"
            if links.get(other) != f"/{other}/{addresses.of(card['id'], other)}" or not target.is_file() \
                    or _title(target.read_text(encoding="utf-8")) != card["name"][other]:
                wrong.append(f"{card['id']} ({lang} -> {other}): {links.get(other)}")
    index = (out / lang / CARD_FOLDER[lang] / "index.html").read_text(encoding="utf-8")
    listed = dict((hl, href) for href, hl in
                  re.findall(r'<a href="([^"]+)" hreflang="([a-z]+)" class="md-select__link"', index))
    assert listed == {other: f"/{other}/{CARD_FOLDER[other]}/" for other in ("pt", "en", "vi")}
    glossary = (out / lang / "glossary" / "index.html").read_text(encoding="utf-8")  # other pages: the same path
    assert f'<a href="/vi/glossary/" hreflang="vi"' in glossary
    assert not wrong, wrong[:10]


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_every_link_to_a_card_leads_to_its_readable_address(built, lang):
    """No page of the site (but the pages left at old addresses) links to a card by its engine id: the card
    list, the statistics, the search index and the search page's card list all use the new address."""
    out, bundle = built
    addresses = _addresses(bundle)
    old = re.compile(r'href="[^"]*\bcards/(?:base|warring-colonies|winter-tricks)\.')
    moved = {out / lang / "cards" / c["id"] / "index.html" for c in bundle["cards"]}
    linking = [str(p.relative_to(out)) for p in (out / lang).rglob("*.html")
               if p not in moved and old.search(p.read_text(encoding="utf-8"))]
    assert not linking, linking[:10]
    index = json.loads((out / lang / "search" / "search_index.json").read_text(encoding="utf-8"))
    cards = {addresses.of(c["id"], lang) for c in bundle["cards"]}
    locations = {d["location"].split("#")[0] for d in index["docs"]}
    assert cards <= locations and not any(loc.startswith("cards/") and "." in loc for loc in locations)
    export = json.loads((out / lang / "downloads" / f"cards-{lang}.json").read_text(encoding="utf-8"))
    assert {c["id"]: c["address"] for c in export} == {c["id"]: addresses.of(c["id"], lang) for c in bundle["cards"]}
    statistics = (out / lang / "statistics" / "index.html").read_text(encoding="utf-8")
    assert len(re.findall(rf'href="\.\./{CARD_FOLDER[lang]}/[a-z0-9-]+/[a-z0-9-]+/"', statistics)) > 10
