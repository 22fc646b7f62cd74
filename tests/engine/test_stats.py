"""The statistics behind the website's page: seeded bot games, summed up consistently."""
from __future__ import annotations

from dow.compiler.stats import game_statistics


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
