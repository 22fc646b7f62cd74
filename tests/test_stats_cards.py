"""Card statistics (site/cardstats.py, `dow stats`): the Wilson interval at known values, the sample
threshold on both sides, figures computed from a small simulated run and checked against the games' own
logs, the engine's crossroads_resolved event, the results file and its staleness, the command."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from dow.site import cardstats
from dow.cli.main import main
from dow.render.playlog import Teller
from dow.runtime.engine.sim import play_game

ROOT = Path(__file__).resolve().parents[1]
SEEDS = range(3, 9)                     # six heuristic games: seconds, and every kind of figure shows up



@pytest.fixture(scope="module")
def records(bundle):
    return cardstats.play(bundle, len(SEEDS), SEEDS[0], 4, "heuristic")


# ---- the interval -----------------------------------------------------------------------------------
@pytest.mark.parametrize("k, n, low, high", [
    (5, 10, 0.2366, 0.7634),            # the textbook case: 5 of 10
    (0, 10, 0.0, 0.2775),               # none: the interval still reaches up, unlike the normal one
    (10, 10, 0.7225, 1.0),
    (1, 1, 0.2065, 1.0),                # one success of one: (1 + z²/2 - z·sqrt(z²/4)) / (1 + z²) below
])
def test_wilson_interval_at_known_values(k, n, low, high):
    got = cardstats.wilson(k, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_of_no_observation_is_none_and_intervals_hold_the_rate():
    assert cardstats.wilson(0, 0) is None
    for k in range(0, 31):
        lo, hi = cardstats.wilson(k, 30)
        assert lo <= k / 30 <= hi


def test_a_figure_below_the_minimum_sample_is_marked_small():
    edge = cardstats.MIN_SAMPLE
    assert cardstats.figure(3, edge - 1)["small"] is True
    assert cardstats.figure(3, edge)["small"] is False
    empty = cardstats.figure(0, 0)
    assert empty["small"] and empty["rate"] is None and empty["low"] is None


# ---- the engine's events ----------------------------------------------------------------------------
def test_every_crossroads_read_out_is_resolved_with_the_option_its_choice_logged(bundle):
    game, _, _ = play_game(bundle, 5, 4, "heuristic")
    lines = game.log.lines
    read = [i for i, ln in enumerate(lines) if ln["event"] == "crossroads"]
    resolved = [i for i, ln in enumerate(lines) if ln["event"] == "crossroads_resolved"]
    assert read and len(read) == len(resolved)
    for start, end in zip(read, resolved):
        card = lines[start]["params"]["card"]
        assert lines[end]["params"]["card"] == card and start < end
        tagged = [ln for ln in lines[start:end] if ln["src"].get("crossroads") == card]
        if tagged:                      # the card's own choose or vote: its option, numbered from 1
            params = tagged[0]["params"]
            assert lines[end]["params"]["option"] == params.get("option", params.get("winner"))
            assert lines[end]["params"]["option"] >= 1


@pytest.mark.parametrize("lang, word", [("pt", "resolvida"), ("en", "resolved"), ("vi", "giải quyết")])
def test_the_resolved_line_is_told_in_each_language(bundle, lang, word):
    teller = Teller(bundle, lang)
    for option in (2, None):
        text = teller.line({"event": "crossroads_resolved", "src": {},
                            "params": {"card": "base.crossroads.army", "player": "p1", "option": option}})
        assert word in text and "crossroads_resolved" not in teller.untold
        assert ("2" in text) == (option is not None)


# ---- figures from a small run -----------------------------------------------------------------------
def test_crossroads_figures_count_what_the_game_logs_say(bundle, records):
    figures = cardstats.aggregate(records)
    drawn, resolved, options, colony = Counter(), Counter(), Counter(), Counter()
    for seed in SEEDS:                  # the same games played again the ordinary way: their logs decide
        game, _, result = play_game(bundle, seed, 4, "heuristic")
        cards_won = set()
        for ln in game.log.lines:
            if ln["event"] == "crossroads_card":
                drawn[ln["params"]["card"]] += 1
            if ln["event"] == "crossroads_resolved":
                resolved[ln["params"]["card"]] += 1
                options[(ln["params"]["card"], str(ln["params"]["option"]))] += 1
                cards_won.add(ln["params"]["card"])
        won = bool(result["winners"]) and not set(result["winners"]) <= set(result["betrayers"])
        for card in cards_won:
            colony[card] += won
    assert sum(resolved.values()) > 0
    for card, f in figures["crossroads"].items():
        assert f["drawn"] == drawn[card]
        assert f["triggered"]["k"] == resolved[card] and f["triggered"]["n"] == drawn[card]
        assert f["colony_won"]["k"] == colony[card]
        assert {o: g["k"] for o, g in f["options"].items()} == \
            {o: n for (c, o), n in options.items() if c == card}
    assert set(figures["crossroads"]) == set(drawn)


def test_group_figures_follow_who_had_each_card_and_who_won(records):
    figures = cardstats.aggregate(records)
    groups = sum(len(r["had"]) for r in records)
    assert figures["all_groups"]["n"] == groups == 4 * len(SEEDS)
    assert figures["all_groups"]["k"] == sum(pid in r["winners"] for r in records for pid in r["had"])
    for kind in ("survivors", "items"):
        for card, f in figures[kind].items():
            had = [(pid in r["winners"]) for r in records for pid, h in r["had"].items() if card in h[kind]]
            assert (f["k"], f["n"]) == (sum(had), len(had))
    assert all(card.startswith("base.survivor.") for card in figures["survivors"])
    assert all(card.startswith("base.item.") for card in figures["items"])
    assert all(r["had"][pid]["survivors"] for r in records for pid in r["had"])   # every group had survivors


def test_results_report_games_and_invariant_violations(bundle, records):
    data = cardstats.results(bundle, records, SEEDS[0], 4, "heuristic", 1, 1.0)
    assert data["checks"]["games"] == len(SEEDS) and data["checks"]["played"] == len(SEEDS)
    assert data["checks"]["violations"] == sum(len(r["violations"]) for r in records)
    assert data["key"]["bundle_hash"] == bundle["content_hash"] and data["key"]["agents"] == "heuristic"
    assert data["stand_ins"] == bundle["rulesets"]["base"]["stand_ins"]


def test_games_on_two_workers_give_the_same_records(bundle, records):
    assert cardstats.play(bundle, 3, SEEDS[0], 4, "heuristic", workers=2) == records[:3]


# ---- the results file and its staleness -------------------------------------------------------------
def test_a_written_file_reads_back_current_and_turns_stale_when_content_or_bots_change(bundle, records, tmp_path):
    path = tmp_path / "stats" / "base.json"
    cardstats.write(cardstats.results(bundle, records, SEEDS[0], 4, "heuristic", 1, 1.0), path)
    data = cardstats.read(path)
    assert cardstats.staleness(data, bundle) == []
    assert cardstats.staleness(data, {**bundle, "content_hash": "sha256:other"}) == ["content"]
    data["key"]["bots"] = "sha256:older bots"
    assert cardstats.staleness(data, bundle) == ["bots"]
    site = cardstats.for_site({**bundle, "content_hash": "sha256:other"}, tmp_path)
    assert site["stale"] == ["content"] and site["results"]["run"]["games"] == len(SEEDS)


def test_a_missing_or_broken_file_is_said_so(tmp_path):
    assert cardstats.for_site({}, tmp_path) == {"missing": "stats/base.json", "path": "stats/base.json"}
    (tmp_path / "stats").mkdir()
    (tmp_path / "stats" / "base.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(cardstats.StatsError, match="base.json: not a statistics results file"):
        cardstats.read(tmp_path / "stats" / "base.json")
    (tmp_path / "stats" / "base.json").write_text(json.dumps({"format": 99}), encoding="utf-8")
    assert "format 99" in cardstats.for_site({}, tmp_path)["error"]


def test_dow_stats_writes_the_file_and_check_says_when_it_is_stale(tmp_path, capsys):
    out = tmp_path / "base.json"
    assert main(["--root", str(ROOT), "stats", "--games", "2", "--workers", "1", "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["run"]["games"] == 2 and data["checks"]["games"] == 2 and data["format"] == cardstats.FORMAT
    assert main(["--root", str(ROOT), "stats", "--check", "--out", str(out)]) == 0
    data["key"]["bundle_hash"] = "sha256:older"
    out.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["--root", str(ROOT), "stats", "--check", "--out", str(out)]) == 1
    assert "stale, the content changed" in capsys.readouterr().out
    assert main(["--root", str(ROOT), "stats", "--games", "2", "--agents", "nobody", "--out", str(out)]) == 2
