"""What a reader meets on the built site, page by page in every language (issue 32: no empty card pages,
nothing internal outside a developer's view): on every card page one sentence about what is known of the card,
agreeing with its status, and no engine talk, stand-ins or authors' notes outside the closed "for engine
developers" toggle; no place on a card page named by "above" or "below"; a card index without empty cells, with
the cards whose text is unknown and the examples made for this reference under their own headings; statistics
without seeds or invariants outside the developers' toggle, each card's figures from its own game's games; the
languages' not-found pages working from any address; a page for the authors' folder; no internal path as a
search result's title. The site is built once from the real content (about two minutes)."""
from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from sitebuild import build_copy, card_page

LANGS = ("pt", "en", "vi")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return build_copy(tmp_path_factory.mktemp("reader"))


def words(lang: str) -> dict:
    from dow.site.build import site_words
    return site_words(lang)


_DEV = re.compile(r'<details class="note dow-dev">.*?</details>', re.S)


def article(html: str) -> str:
    """The page's article, as HTML."""
    m = re.search(r"<article\b.*?</article>", html, re.S)
    assert m, "no article"
    return m.group(0)


def reader_text(html: str) -> str:
    """What a reader sees of a page's article without opening a toggle: the developers' toggle left out, tags
    out, entities read, spaces folded."""
    return _plain(_DEV.sub(" ", article(html)))


def _plain(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def sentences_of(value) -> list[str]:
    """Every string of a catalogue value (a string, or a mapping of them)."""
    if isinstance(value, dict):
        return [s for v in value.values() for s in sentences_of(v)]
    return [value] if isinstance(value, str) else []


def _no_text_sentences(lang: str) -> dict[str, str]:
    w = words(lang)
    return {key: w[key] for key in w if key == "no_text" or key.startswith("no_text_")}


def _texts(data_root: Path, bundle: dict, lang: str) -> set[str]:
    """The ids of the cards that have text in ``lang``, as the site decides it (SiteData.texts)."""
    from dow.site.build import SiteData
    data = SiteData(bundle, data_root)
    return {c["id"] for c in bundle["cards"] if data.texts(c, lang)}


@pytest.fixture(scope="module")
def told(built):
    out, bundle = built
    root = out.parents[1]
    return {lang: _texts(root, bundle, lang) for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_page_says_one_thing_about_what_is_known(built, told, lang):
    """At most one status statement a card page, and the one that agrees with the card: a card with text says
    how this site's games play it (its implementation); a card without says, in the words for its kind, that the
    rulebooks do not print it, and nothing about the engine."""
    out, bundle = built
    w = words(lang)
    play = w["play_sentence"]
    no_text = _no_text_sentences(lang)
    checked = 0
    for card in bundle["cards"]:
        text = reader_text(card_page(out, lang, card["id"], bundle["cards"]).read_text(encoding="utf-8"))
        said = [s for s in play.values() if s in text] + [s for s in no_text.values() if s in text]
        where = (lang, card["id"], said)
        assert len(said) <= 1, where
        if card["id"] in told[lang]:
            assert said == [play[card["status"]["implementation"]]], where
        else:
            assert said == [no_text.get(f"no_text_{card['kind']}", no_text["no_text"])], where
        checked += 1
    assert checked > 200


@pytest.mark.parametrize("lang", LANGS)
def test_no_engine_talk_on_a_card_page_outside_the_developers_toggle(built, lang):
    """The engine's own status sentences, the authors' notes, the "text and effect disagree" line, the stand-ins
    and the effect tree are behind the toggle on every card page; the toggle is there on every page and holds
    the engine status."""
    out, bundle = built
    w = words(lang)
    engine = (sentences_of(w["status_sentence"]["implementation"]) + [w["engine_reading"], w["stand_ins"]["card_title"],
              w["stand_ins"]["card_intro"], w["developers"]["note"], w["developers"]["tree"]])
    found = {}
    for card in bundle["cards"]:
        html = card_page(out, lang, card["id"], bundle["cards"]).read_text(encoding="utf-8")
        text = reader_text(html)
        hits = [s for s in engine if s in text]
        if hits:
            found[card["id"]] = hits
        dev = _DEV.findall(article(html))
        assert len(dev) == 1, (card["id"], len(dev))
        assert w["status_sentence"]["implementation"][card["status"]["implementation"]] in _plain(dev[0]), card["id"]
    assert not found, dict(list(found.items())[:5])


#: the words a page would use to point at a place on itself (not a number's: "a die below 4", "abaixo de 4")
POSITION = {"en": r"\b(above|below)\b(?! \d)", "pt": r"\b(acima|abaixo)\b(?! de \d)", "vi": r"(ở trên|ở dưới|bên trên|bên dưới)"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_page_never_points_above_or_below(built, lang):
    """No sentence the site writes on a card page says "the table above" (which was below): the pages name what
    they mean instead. The card's own text is the card's (a survivor's second ability may speak of "the ability
    above", which is its first, printed before it). The developers' toggle, which says the card's text is above
    it, is after the card."""
    out, bundle = built
    found = {}
    for card in bundle["cards"]:
        html = article(card_page(out, lang, card["id"], bundle["cards"]).read_text(encoding="utf-8"))
        text = reader_text(re.sub(r'<p class="(?:authored|generated)">.*?</p>', " ", html, flags=re.S))
        hits = re.findall(r"[^.]*" + POSITION[lang] + r"[^.]*", text)
        if hits:
            found[card["id"]] = hits
        assert html.index('class="dow-card') < html.index('class="note dow-dev"'), card["id"]
    assert not found, dict(list(found.items())[:5])


def _index(out: Path, lang: str) -> str:
    folder = {"pt": "cartas", "en": "cards", "vi": "the-bai"}[lang]
    return article((out / lang / folder / "index.html").read_text(encoding="utf-8"))


def _sections(html: str) -> dict[str, str]:
    """The card index's h3 sections by their id."""
    parts = re.split(r'(<h3 id="[^"]+")', html)
    return {re.search(r'id="([^"]+)"', parts[i]).group(1): parts[i + 1] for i in range(1, len(parts), 2)}


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_index_has_no_empty_cell_and_no_engine_column(built, lang):
    out, bundle = built
    html = _index(out, lang)
    w = words(lang)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", html, re.S)
    assert len(cells) > 400
    empty = [i for i, c in enumerate(cells) if not _plain(c)]
    assert not empty, len(empty)
    text = _plain(html)
    for sentence in sentences_of(w["status_sentence"]["implementation"]) + sentences_of(w["play_sentence"]):
        assert sentence not in text
    assert w["facts"]["status"] not in re.findall(r"<th[^>]*>(.*?)</th>", html), "a status column"


@pytest.mark.parametrize("lang", LANGS)
def test_unknown_text_and_examples_have_their_own_headings(built, told, lang):
    """A card whose text is not known is listed only under its set's heading for them; an example made for this
    reference only under the examples' heading; neither among the published cards."""
    out, bundle = built
    sections = _sections(_index(out, lang))
    from dow.site.addresses import Addresses
    from dow.compiler.cards import LANGS as ALL
    addresses = Addresses(bundle["cards"], ALL)
    for card in bundle["cards"]:
        href = addresses.of(card["id"], lang).split("/", 1)[1]      # from the index, in the cards' folder
        holding = [sid for sid, body in sections.items() if f'href="{href}"' in body]
        if card["id"] not in told[lang]:
            expected = f"{card['set']}-untold"
        elif card["status"].get("data") == "example":
            expected = f"{card['set']}-examples"
        else:
            expected = f"{card['set']}-{card['kind']}"
        assert expected in holding, (card["id"], holding)
        assert not [s for s in holding if s.endswith(("-untold", "-examples")) and s != expected], (card["id"], holding)


#: a word of the seeds and the invariant checks, which only engine developers read
INTERNAL_STATS = {"en": r"\b(seeds?|invariants?|violations?)\b", "pt": r"\b(sementes?|invariantes?|violaç)",
                  "vi": r"(hạt giống|bất biến|vi phạm|\bseed)"}


@pytest.mark.parametrize("lang", LANGS)
def test_statistics_speak_to_the_reader(built, lang):
    """No seeds, invariants or violations outside the developers' toggles, on the statistics page and on every
    card page's statistics; the page says which bots and stand-ins shape the figures."""
    out, bundle = built
    page = (out / lang / "statistics" / "index.html").read_text(encoding="utf-8")
    body = re.sub(r"<details\b.*?</details>", " ", article(page), flags=re.S)
    text = _plain(body)
    assert not re.findall(r"[^.]*" + INTERNAL_STATS[lang] + r"[^.]*", text, re.I)
    w = words(lang)["statistics"]
    assert w["stand_ins_link"] in text
    for card in bundle["cards"]:
        card_text = reader_text(card_page(out, lang, card["id"], bundle["cards"]).read_text(encoding="utf-8"))
        assert not re.search(INTERNAL_STATS[lang], card_text, re.I), card["id"]


def _top_uses(page: str, section: str) -> dict[str, int]:
    """The "most used cards" table of a statistics page's section: {card page leaf: uses}."""
    part = page.split(f'id="{section}-cards"', 1)[1].split("<h2", 1)[0]
    return {m.group(1): int(m.group(2)) for m in
            re.finditer(r'<td><a href="[^"]*/([^/"]+)/"[^>]*>.*?</a></td>\s*<td>(\d+)</td>', part, re.S)}


@pytest.mark.parametrize("lang", LANGS)
def test_each_card_has_figures_from_its_own_games(built, lang):
    """A Warring Colonies or Winter Tricks card page tells its use in that game's games, in the same figure as the
    statistics page's table of that game; a base card page never says Warring Colonies' games, nor the reverse."""
    out, bundle = built
    w = words(lang)["statistics"]
    page = (out / lang / "statistics" / "index.html").read_text(encoding="utf-8")
    wc_uses = _top_uses(page, "warring-colonies")
    assert wc_uses
    source = {"warring-colonies": w["block_source_wc"], "winter-tricks": w["block_source_wt"], "base": w["block_source"]}
    said_of = {k: re.compile(re.escape(v).replace(r"\{games\}", r"\d+")) for k, v in source.items()}
    from dow.site.addresses import Addresses
    from dow.compiler.cards import LANGS as ALL
    addresses = Addresses(bundle["cards"], ALL)
    compared = 0
    for card in bundle["cards"]:
        html = card_page(out, lang, card["id"], bundle["cards"]).read_text(encoding="utf-8")
        stats = re.search(r'<div class="dow-card-stats">(.*?)</div>', html, re.S)
        if not stats:
            continue
        text = _plain(stats.group(1))
        for game, sentence in said_of.items():
            said = sentence.search(text)
            assert bool(said) == (game == card["set"]), (card["id"], game, text)
        leaf = addresses.of(card["id"], lang).rstrip("/").split("/")[-1]
        if card["set"] == "warring-colonies" and leaf in wc_uses:
            n = wc_uses[leaf]
            assert _plain(w["block_uses"]["other" if n != 1 else "one"].format(n=n)) in text, (card["id"], n, text)
            compared += 1
    assert compared >= 3


@pytest.mark.parametrize("lang", LANGS)
def test_the_not_found_page_works_from_any_address(built, lang):
    """The language's 404 page is served at any missing address under it: every link, its script and style
    and the theme's base and search worker start at /<lang>/, never at the server root or relative."""
    out, _ = built
    page = (out / lang / "404.html").read_text(encoding="utf-8")
    links = re.findall(r'(?:href|src)="([^"]+)"', page)
    assert links
    bad = [u for u in links if not (u.startswith(f"/{lang}/") or re.match(r"/(pt|en|vi)/$", u) or u.startswith("#"))]
    assert not bad, bad
    config = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', page, re.S).group(1))
    assert config["base"] == f"/{lang}/"
    assert config["search"].startswith(f"/{lang}/assets/")


@pytest.mark.parametrize("lang", LANGS)
def test_the_authors_folder_has_a_page_listing_its_guides(built, lang):
    out, _ = built
    index = out / lang / "authors" / "index.html"
    assert index.is_file()
    html = article(index.read_text(encoding="utf-8"))
    guides = sorted(p.parent.name for p in (out / lang / "authors").glob("*/index.html"))
    assert len(guides) >= 5
    for guide in guides:
        assert f'href="{guide}/"' in html, guide


@pytest.mark.parametrize("lang", LANGS)
def test_no_internal_path_is_a_search_results_title(built, lang):
    out, _ = built
    docs = json.loads((out / lang / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    bad = [d["title"] for d in docs if re.search(r"content/|\.ya?ml\b|\.py\b", _plain(d["title"]))]
    assert not bad, bad[:5]


@pytest.mark.parametrize("lang", ("pt", "vi"))
def test_the_home_page_speaks_to_a_reader(built, lang):
    out, _ = built
    text = reader_text((out / lang / "index.html").read_text(encoding="utf-8"))
    assert words(lang)["intro"] in text
    for engine_word in {"pt": ("compilad", "linguagem de efeitos", "motor"),
                        "vi": ("biên dịch", "ngôn ngữ hiệu ứng", "bộ máy")}[lang]:
        assert engine_word not in words(lang)["intro"]


@pytest.mark.parametrize("lang", ("pt", "vi"))
def test_a_reader_of_another_language_meets_the_english_only_guides_only_on_the_authors_page(built, lang):
    """The sidebar of a pt or vi page lists only the authors' guides written in its language; a guide only in
    English (docs/<name>.md without docs/<lang>/<name>.md) is listed on the authors' own page, after the
    translated ones, and is out of the header search; no header-search entry of that language is titled by a
    code identifier ("card_type": a player's search for "thuốc men" finds no effect tree's field)."""
    from dow.site.build import AUTHOR_DOCS
    out, _ = built
    root = out.parents[1]
    translated = [n for n in AUTHOR_DOCS if (root / "docs" / lang / f"{n}.md").is_file()]
    english = [n for n in AUTHOR_DOCS if (root / "docs" / f"{n}.md").is_file() and n not in translated]
    assert translated and english
    home = (out / lang / "index.html").read_text(encoding="utf-8")
    in_nav = set(re.findall(r'href="(?:\./)?authors/([\w-]+)/"', home))
    assert in_nav == set(translated), (in_nav, translated)
    index = (out / lang / "authors" / "index.html").read_text(encoding="utf-8")
    listed = re.findall(r'href="(?:\.\./)?(?:\./)?([\w-]+)/"', article(index))
    assert [n for n in listed if n in AUTHOR_DOCS] == translated + english
    docs = json.loads((out / lang / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    guides = {d["location"].split("/")[1] for d in docs if d["location"].startswith("authors/")}
    assert guides & set(translated) and not guides & set(english), guides
    identifiers = [d["title"] for d in docs if re.fullmatch(r"<code>[^<]*</code>", d["title"].strip())]
    assert identifiers == [], identifiers[:10]


def test_no_vietnamese_page_holds_a_slip_the_reader_found(built):
    """Every Vietnamese page's text, as built (cards, worked examples, rules, glossary, statistics, search
    help, authors' guides): none of the slips and machine-like shapes of tests/test_seed_terms.py (SLIPS:
    'chưa sách luật nào', 'lần nữa' tacked on at the end, 'X chữa 1 vết thương', 'trong trận gần nhất' …)
    and none of the words seed 002 rules out (the glossary's avoided variants: 'thanh vòng chơi' …)."""
    from dow.site.build import AUTHOR_DOCS
    from test_seed_terms import _problems
    out, _ = built
    root = out.parents[1]
    english = {f"vi/authors/{n}/" for n in AUTHOR_DOCS if not (root / "docs" / "vi" / f"{n}.md").is_file()}
    pages = [page for page in sorted((out / "vi").rglob("*.html"))
             if not any(page.relative_to(out).as_posix().startswith(e) for e in english)]   # English by design
    assert len(pages) > 400
    problems = _problems([(page.relative_to(out).as_posix(), _blocks(page.read_text(encoding="utf-8"))) for page in pages])
    assert problems == [], f"{len(problems)} places:\n" + "\n".join(problems[:40])


#: where a page's text breaks between two things a reader does not read as one phrase (a table's cells, the
#: table of contents' entries, a list's items): not inside a sentence (a link, a glossary tooltip)
_BLOCK = re.compile(r"</?(?:td|th|tr|li|p|div|h[1-6]|nav|summary|label|dt|dd|caption|figcaption|option|button)\b[^>]*>")


def _blocks(html: str) -> str:
    """A page's text with its scripts, styles and code left out and its blocks kept apart (" | ")."""
    html = re.sub(r"<(script|style)\b.*?</\1>|<code>.*?</code>", " ", html, flags=re.S)
    return _plain(_BLOCK.sub(" | ", html))
