"""The card statistics on the website: the statistics page's section and the card pages' block, rendered
from a small simulated run in each language; a pt or vi page holds no English word of the block, a
stale file says so, a figure from too small a sample is not shown as a number, and chart labels are
plain text (no <abbr> inside SVG)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from dow.site import cardstats
from dow.site.build import _env, site_words
from dow.site.stats import WORDS, card_block, card_charts, card_section

ROOT = Path(__file__).resolve().parents[2]
WORD = re.compile(r"[^\W\d_]{3,}")



@pytest.fixture(scope="module")
def card_stats(bundle, tmp_path_factory):
    root = tmp_path_factory.mktemp("stats")
    records = cardstats.play(bundle, 5, 11, 4, "heuristic")
    cardstats.write(cardstats.results(bundle, records, 11, 4, "heuristic", 1, 0.5), root / cardstats.RESULTS)
    return cardstats.for_site(bundle, root)


def english_only() -> set[str]:
    """Words of the English statistics catalogue that neither pt nor vi uses (names and symbols aside)."""
    words = lambda lang: {w.lower() for text in site_words(lang)[WORDS].values()
                          for w in WORD.findall(re.sub(r"\{\w+\}", " ", str(text)))}   # placeholders are no words
    return words("en") - words("pt") - words("vi") - {"wilson", "dow", "stats", "workers", "games"}


def names_of(bundle, lang) -> dict[str, str]:
    return {c["id"]: c["name"][lang] for c in bundle["cards"]}


def without(text: str, names: dict[str, str]) -> str:
    """The text with card names (content, not catalogue words) and code spans taken out."""
    for name in sorted(names.values(), key=len, reverse=True):
        text = text.replace(name, " ")
    return re.sub(r"`[^`]*`", " ", text)


def section(bundle, card_stats, lang) -> str:
    labels = site_words(lang)[WORDS]
    cs = card_section(card_stats, labels, names_of(bundle, lang))
    rows = [r for part in ("crossroads", "survivors", "items") for r in cs[part]]
    return " ".join([cs["intro"], cs["made_by"], cs["how"], cs["checks"], cs["baseline"], *cs["stale"]] +
                    [str(v) for r in rows for k, v in r.items() if k not in ("id",)] +
                    [labels[k] for k in ("cards_title", "heading_crossroads", "heading_survivors", "heading_items", "col_card", "col_drawn",
                                         "col_triggered", "col_colony_won", "col_options", "col_groups", "col_won")])


def addresses_of(bundle, lang):
    """The statistics page's links to card pages (site/addresses.py), as site/build.py gives them."""
    from dow.compiler.cards import LANGS
    from dow.site.addresses import Addresses
    addresses = Addresses(bundle["cards"], LANGS)
    return lambda card_id, page: addresses.md_link(card_id, lang, page)


def block_html(bundle, card_stats, lang, card_id) -> str:
    card = next(c for c in bundle["cards"] if c["id"] == card_id)
    words = site_words(lang)
    return _env().get_template("card_stats.html.j2").render(
        stat=card_block(card, card_stats, words[WORDS]), words=words, up="../../../")


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_no_english_word_in_the_statistics_section_or_block(bundle, card_stats, lang):
    english = english_only()
    assert {"triggered", "drawn", "groups", "sample"} <= english          # the check has words to find
    names = names_of(bundle, lang)
    texts = [section(bundle, card_stats, lang)]
    texts += [block_html(bundle, card_stats, lang, cid)
              for cid in (*sorted(card_stats["results"]["crossroads"])[:1], "base.survivor.sparky", "base.item.pistol")]
    found = {w.lower() for text in texts for w in WORD.findall(without(re.sub(r"<[^>]+>", " ", text), names))}
    assert found & english == set()


def test_the_english_section_does_say_its_words(bundle, card_stats):
    text = section(bundle, card_stats, "en")
    assert "Triggered when drawn" in text and "too small a sample" in text


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_a_card_block_holds_the_computed_figures(bundle, card_stats, lang):
    results = card_stats["results"]
    labels = site_words(lang)[WORDS]
    cid, army = next((cid, r) for cid, r in sorted(results["crossroads"].items())    # a card these games drew
                     if (r.get("triggered") or {}).get("n"))
    html = block_html(bundle, card_stats, lang, cid)
    assert 'id="statistics"' in html
    assert f"n = {army['triggered']['n']}" in html                       # n = the draws of this small run
    # five games: too few to trust, said in a sentence of its own (not "triggered too small a sample of …")
    assert labels["block_triggered_small"].format(n=army["triggered"]["n"]) in html
    assert labels["block_triggered"].split("{")[0] not in html
    assert army["triggered"]["small"] and "(95%" not in html             # no rate is offered as a number
    assert labels["block_source"].format(games=5) in html


def test_a_large_enough_sample_is_shown_as_a_rate_with_its_interval():
    labels = site_words("en")[WORDS]
    from dow.site.stats import shown
    fig = cardstats.figure(12, 40)
    assert shown(fig, labels) == "30% (95%: 18–45%; n = 40)"
    assert shown(cardstats.figure(12, cardstats.MIN_SAMPLE - 1), labels) == f"too small a sample (n = {cardstats.MIN_SAMPLE - 1})"


def test_a_card_kind_without_statistics_has_no_block(bundle, card_stats):
    crisis = next(c for c in bundle["cards"] if c["kind"] == "crisis")
    assert card_block(crisis, card_stats, site_words("en")[WORDS]) is None
    html = _env().get_template("card_stats.html.j2").render(words=site_words("en"))   # a page rendered without it
    assert html.strip() == ""


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_stale_figures_are_said_to_be_out_of_date(bundle, card_stats, lang):
    labels = site_words(lang)[WORDS]
    stale = {**card_stats, "stale": ["content", "bots"], "bundle_hash": "sha256:0123456789abcdef"}
    cs = card_section(stale, labels, names_of(bundle, lang))
    assert cs["stale"][0] == labels["stale_content"] and "0123456789ab" not in cs["stale"][0]
    assert cs["stale_versions"] == labels["stale_versions"].format(
        old=card_stats["results"]["key"]["bundle_hash"].split(":")[1][:12], new="0123456789ab")
    assert cs["stale"][1] == labels["stale_bots"]
    assert labels["block_stale"] in block_html(bundle, stale, lang, "base.survivor.sparky")
    assert card_section(card_stats, labels, names_of(bundle, lang))["stale"] == []


def test_without_a_results_file_the_page_says_how_to_make_one(bundle, tmp_path):
    cs = card_section(cardstats.for_site(bundle, tmp_path), site_words("vi")[WORDS], {})
    labels = site_words("vi")[WORDS]
    # the reader is told in words; the command and the file go to the developers' toggle
    assert cs == {"unavailable": labels["missing"], "command": labels["missing_command"].format(path="stats/base.json")}
    assert "dow stats" not in cs["unavailable"] and "stats/base.json" in cs["command"]


def test_chart_labels_are_plain_text_in_the_page_language(bundle, card_stats):
    names = names_of(bundle, "vi")
    charts = card_charts({**card_stats["results"], "crossroads": {
        "base.crossroads.army": {"triggered": cardstats.figure(20, 40)}}}, names)
    svg = charts["card_triggered"]
    assert "<abbr" not in svg and names["base.crossroads.army"] in svg and "50%" in svg
    for card, f in card_stats["results"]["survivors"].items():   # a small sample is left out of the charts
        assert (names[card] in charts["card_survivors"]) == (not f["small"])


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_the_statistics_page_renders_its_card_section_in_the_language(bundle, card_stats, lang):
    from dow.site.stats import charts
    words, names = site_words(lang), names_of(bundle, lang)
    stats = {"error": "-", "warring_colonies": {"error": "-"}, "winter_tricks": {"error": "-"}, "card_stats": card_stats}
    page = _env().get_template("statistics.md.j2").render(
        stats=stats, L=words[WORDS], charts=charts(stats, words[WORDS], names), by_id={}, lang=lang, words=words,
        cs=card_section(card_stats, words[WORDS], names), card_md=addresses_of(bundle, lang))
    part = page.split("{#card-statistics}")[1].split("\n## ")[0]
    for key in ("heading_crossroads", "heading_survivors", "heading_items"):
        assert f"### {words[WORDS][key]} {{#card-statistics-" in part
    assert "built-in method" not in part and "<svg" not in part      # five games: every sample too small to chart
    rows = [line for line in part.splitlines() if line.startswith("| [")]
    results = card_stats["results"]
    assert len(rows) == len(results["crossroads"]) + len(results["survivors"]) + len(results["items"])
    # the developers' toggle names the stand-ins' files (content/base/ruleset.yaml): paths, not words
    part = re.sub(r"\b[\w.-]+(?:/[\w.-]+)+\.yaml\b", " ", part)
    found = {w.lower() for w in WORD.findall(without(re.sub(r"<[^>]+>|\]\([^)]*\)|\{#[^}]*\}", " ", part), names))}
    assert found & english_only() == set()


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_the_card_tables_follow_the_readers_alphabet(bundle, card_stats, lang):
    """Vietnamese: â after a, đ after d (seed 002's alphabet), as the card list sorts; accents only break ties."""
    from dow.i18n.workflow import collation_key
    names = names_of(bundle, lang)
    cs = card_section(card_stats, site_words(lang)[WORDS], names, lang)
    for part in ("crossroads", "survivors", "items"):
        shown = [row["name"] for row in cs[part]]
        assert len(shown) > 3 and shown == sorted(shown, key=lambda n: collation_key(n, lang))
    if lang == "vi":
        plain = sorted(["Âm nhạc", "Annaleigh Chan", "Bạo loạn"], key=lambda n: collation_key(n, lang))
        assert plain == ["Annaleigh Chan", "Âm nhạc", "Bạo loạn"]
