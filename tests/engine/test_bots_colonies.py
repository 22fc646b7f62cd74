"""Warring Colonies: the objective check at 0 morale on both sides of its edge, and the heuristic colony bot
playing toward its colony's needs (the joint crisis' kind, the food its colony eats)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from colonies_helpers import table, wc  # noqa: E402,F401  (the fixture)

from dow.runtime.decisions import OPTION, Decision, RandomAgent  # noqa: E402
from dow.runtime.engine.bots.colonies import ColoniesHeuristicBot  # noqa: E402


def test_the_objective_check_ends_the_game_at_zero_morale_and_not_at_one(wc):
    """seed 000, Condições de vitória e derrota: a colony at 0 morale has lost and plays on until Verificar
    Objetivo Principal, where the game ends; at 1 morale nothing ends."""
    for low, over in ((1, False), (0, True)):
        g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "library")}, morale=(4, low))
        g.drive(g.step_check_main_objective(), RandomAgent(0))
        assert g.state.over is over
        if over:
            assert g.state.ending == "morale" and g.finish()["winners"] == []


def crisis_of(g, kind: str) -> None:
    """Put a stand-in joint crisis asking for ``kind`` in play, with nothing on it."""
    s = g.state
    s.crisis = next(c for c in s.crisis_deck if kind in (g.host.card_def(c).get("prevent") or []))
    s.crisis_added.clear()


def test_the_colony_bot_knows_what_its_colony_lacks(wc):
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "sparky": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_b")})
    bot = ColoniesHeuristicBot(0)
    bot.observe(g)
    s = g.state
    crisis_of(g, "fuel")
    s.player("p1").hand = [c for c in s.player("p1").hand if g.host.card_def(c).get("item_type") not in ("fuel", "food")]
    s.colony_food["a"] = 0
    assert bot.needs("p1") == {"fuel", "food"}
    s.colony_food["a"] = 1                          # 2 survivors eat 1 food: the supply pays
    assert bot.needs("p1") == {"fuel"}


def test_a_colony_short_of_fuel_sends_a_survivor_to_the_gas_station(wc):
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "sparky": ("p1", "colony_a"), "alexis-grey": ("p1", "colony_a"),
                   "olivia-brown": ("p3", "colony_b")})
    bot = ColoniesHeuristicBot(0)
    bot.observe(g)
    s = g.state
    crisis_of(g, "fuel")
    s.colony_food["a"] = 5
    s.player("p1").hand = [c for c in s.player("p1").hand if g.host.card_def(c).get("item_type") != "fuel"]
    towns = [l for l in s.locations if not s.locations[l].colony and s.locations[l].deck]
    choices = tuple(("move", sid, lid) for sid in ("s:brian-lee", "s:sparky", "s:alexis-grey") for lid in towns) + (("pass",),)
    picked = bot.answer(Decision(OPTION, "p1", choices, prompt="movement"))
    assert picked[0] == "move" and picked[2] == "gas_station"
    crisis_of(g, "medicine")
    s.player("p1").hand = [c for c in s.player("p1").hand if g.host.card_def(c).get("item_type") != "medicine"]
    picked = bot.answer(Decision(OPTION, "p1", choices, prompt="movement"))
    assert picked[0] == "move" and picked[2] == "hospital"
    g.host.leave_play("s:alexis-grey", "removed")                 # two would be left to hold the colony: stay
    assert bot.supply_move("p1", list(choices), ["s:brian-lee", "s:sparky"]) is None
