"""The statistics behind the website's page: seeded bot games, summed up consistently."""
from __future__ import annotations

from dow.site.stats import game_statistics


def test_statistics_add_up(bundle):
    stats = game_statistics(bundle, games=12, seed=5)
    assert stats["games"] == 12 and stats["first"] == 5 and stats["last"] == 16
    assert sum(stats["endings"].values()) == 12
    assert abs(sum(stats["wins"].values()) - 1) < 0.01
    ids = {c["id"] for c in bundle["cards"]}
    assert stats["top_cards"] and all(cid in ids for cid, _ in stats["top_cards"])
    assert stats["violations"] == [] and stats["crashes"] == []
    assert game_statistics(bundle, games=12, seed=5)["card_uses"] == stats["card_uses"]   # seeded: the same


def test_an_unplayable_bundle_gives_a_reason_not_a_crash(bundle):
    stats = game_statistics({**bundle, "rulesets": {}}, games=3)
    assert "ruleset" in stats["error"]


def test_a_chart_is_plain_svg_with_escaped_labels():
    from dow.site.stats import bar_chart
    svg = bar_chart([("<script>alert(1)</script>", 3), ("two", 6)], "%")
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert svg.count("<rect") == 2 and "6%" in svg and "http" not in svg.replace("http://www.w3.org/2000/svg", "")


def test_winter_tricks_statistics_come_from_its_own_engine(bundle):
    from dow.site.stats import winter_tricks_statistics
    wt = winter_tricks_statistics(bundle, games=6, seed=1)
    assert wt["games"] == 6 and wt["crashes"] == 0 and wt["invariant_violations"] == 0
    assert wt["agents"] == "heuristic"             # games played for the least damage, as the page says
    assert sum(wt["wins"].values()) >= 6          # every game has at least one winner (shared wins count twice)


def test_warring_colonies_statistics_come_from_the_colonies_engine(bundle):
    from dow.site.build import site_words
    from dow.site.stats import WORDS, charts, colonies_statistics
    labels = site_words("vi")[WORDS]                              # the statistics words of the site catalogue
    wc = colonies_statistics(bundle, games=6, seed=2, players=6)
    assert wc["games"] == 6 and wc["players"] == 6 and wc["half"] == 3 and wc["variants"] == ["warring-colonies"]
    assert sum(wc["endings"].values()) == 6 and wc["violations"] == [] and wc["crashes"] == []
    assert set(wc["wins"]) <= {"colony a", "colony b", "both colonies", "no colony", "lone wolf"}
    assert all(who in labels for who in wc["wins"])              # every outcome has a label in each language
    svg = charts({"error": "x", "warring_colonies": wc}, labels, {})
    assert set(svg) == {"wc_wins", "wc_rounds", "wc_cards"} and all(v.startswith("<svg") for v in svg.values())
    assert colonies_statistics({**bundle, "rulesets": {"base": bundle["rulesets"]["base"]}}, games=2)["error"]
