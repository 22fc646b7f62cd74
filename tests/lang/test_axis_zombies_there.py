"""Zombies killed or removed by a card are zombies that are there: every verb that takes zombies off the board
× every count × a place that holds none, fewer than asked, or enough, played on the reference engine. The
game's log (and the worked example that tells it) says only the zombies taken: no "1 zombie is removed from
the gas station" where none stood (the reader trial of 2026-12-05, finding 31: Lighthouse's example took a
zombie from six empty locations), and the board never shows fewer than 0."""
from __future__ import annotations

import itertools

import pytest

from dow.runtime.engine.scenario import Scenario
from helpers import lowered, play_effect

VERBS = {"kill": ("kill_zombies", "at"), "remove": ("remove_zombies", "from")}
COUNTS = {"1 zombie": 1, "2 zombies": 2, "all zombies": None}
#: zombies at the school before the effect: none, fewer than 2, more than 2
THERE = (0, 1, 3)


@pytest.mark.parametrize("verb,count,there", list(itertools.product(VERBS, COUNTS, THERE)))
def test_a_card_takes_only_the_zombies_a_place_holds_and_the_log_says_that_many(bundle, verb, count, there):
    table = {"players": 2, "survivors": {"brian-lee": {"player": "p1", "at": "colony"}},
             "zombies": {"school": there, "library": 1}}
    g = Scenario(bundle, None, {"name": "zombies there", "given": table, "do": "round"}).game
    before = len(g.log.lines)
    event, preposition = VERBS[verb]
    play_effect(g, lowered(f"{verb} {count} {preposition} each location.\n"))
    lines = [line["params"] for line in g.log.lines[before:] if line["event"] == event]
    told = {p["location"]: p["count"] for p in lines}
    asked = COUNTS[count]
    expected = {loc: min(n, asked) if asked is not None else n for loc, n in (("school", there), ("library", 1))}
    assert told == {loc: n for loc, n in expected.items() if n}, lines
    assert g.state.locations["school"].zombie_count() == there - expected["school"]
    # every other location (the colony among them) held none: nothing was taken there, and nothing is told
    assert all(p["count"] > 0 for p in lines)
