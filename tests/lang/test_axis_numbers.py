"""The standing-rule axis, walked whole: every number a rule can change (dsl/lexicon.py NUMBERS) × every
direction ('N additional' adds, 'N fewer' takes away, '… instead of M' sets), put in force on the reference
engine, which must then read the number moved the way the sentence says; and the actions that read each
number are the engine's own (runtime/engine: a search looks at `1 + search_cards` cards …)."""
from __future__ import annotations

import itertools

import pytest

from dow.dsl import lexicon as L
from dow.runtime.engine.scenario import Scenario
from helpers import lowered

#: who each kind of subject is in the test, as written and as the engine's id
SUBJECTS = {"survivor": ('"Brian Lee"', "s:brian-lee"), "agent": ('"Brian Lee"', "s:brian-lee"),
            "colony": ("the colony", "colony"), "player": ("each player", "p1")}
BASE, N = 3, 2


def _sentence(stat: str, direction: str) -> str:
    n = L.NUMBERS[stat]
    who = SUBJECTS[n.who][0]
    verb = n.verb.strip("()").split("|")[-1]                 # the third person: "rolls", "removes"
    after = f" {n.after}" if n.after else ""
    if direction == "additional":
        return f"{who} {verb} {N} additional {n.noun[1]}{after}."
    if direction == "fewer":
        return f"{who} {verb} {N} fewer {n.noun[1]}{after}."
    return f"{who} {verb} {N} {n.noun[1]}{after} instead of {BASE}."


@pytest.mark.parametrize("stat,direction", list(itertools.product(L.NUMBERS, ("additional", "fewer", "instead of"))))
def test_every_number_moves_the_way_its_rule_says(bundle, stat, direction):
    sc = Scenario(bundle, None, {"name": "numbers", "given": {"survivors": {"brian-lee": {}}}, "do": "round"})
    g = sc.game
    thing = SUBJECTS[L.NUMBERS[stat].who][1]
    assert g.host.stat(thing, stat, BASE) == BASE                    # nothing in force yet
    gen = g.run_effect(lowered("for the rest of the game:\n  " + _sentence(stat, direction) + "\n"), {"player": "p1"})
    for _ in gen:
        raise AssertionError("putting a rule in force asks nothing")
    expected = {"additional": BASE + N, "fewer": BASE - N, "instead of": N}[direction]
    assert g.host.stat(thing, stat, BASE) == expected, _sentence(stat, direction)
    other = "s:sparky" if thing.startswith("s:") else "p2" if thing == "p1" else "school"
    assert g.host.stat(other, stat, BASE) == (BASE if thing != "p1" else expected)   # 'each player': p2 too


def test_the_engine_reads_every_number_a_rule_can_change():
    """Each number of the table is one the reference engine asks for when it plays the rule it counts."""
    from pathlib import Path
    engine = "".join(p.read_text(encoding="utf-8") for p in (Path(__file__).parents[2] / "runtime" / "engine").glob("*.py"))
    assert [stat for stat in L.NUMBERS if f'"{stat}"' not in engine] == []
