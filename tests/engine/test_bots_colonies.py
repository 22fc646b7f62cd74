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


# ---- playing for the win: a colony warfare won at the enemy colony completes Divide and Conquer (seed 000) ----
HOME_THREE = {"brian-lee": ("p1", "colony_a"), "sparky": ("p1", "colony_a"), "alexis-grey": ("p1", "colony_a"),
              "olivia-brown": ("p3", "colony_b")}


def movement(g, *moves) -> Decision:
    return Decision(OPTION, "p1", tuple(moves) + (("pass",),), prompt="movement")


def test_the_colony_raids_the_enemy_colony_when_its_strength_there_beats_the_defenders_by_the_margin(wc):
    """One raider plus colony A's bullets against one defender plus colony B's 3 bullets (4): 6 is the margin's
    edge (RAID_MARGIN 2, the dice), 5 falls short."""
    from dow.runtime.engine.bots.colonies import RAID_MARGIN
    assert RAID_MARGIN == 2
    raid = ("move", "s:brian-lee", "colony_b")
    for bullets, raids in ((5, True), (4, False)):
        g = table(wc, HOME_THREE, bullets=(bullets, 3))
        g.state.round = 3                                    # not the last round: no spread for control
        bot = ColoniesHeuristicBot(0)
        bot.observe(g)
        assert (bot.answer(movement(g, raid)) == raid) is raids


def test_the_colony_keeps_a_survivor_home_and_raids_an_undefended_colony(wc):
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "sparky": ("p1", "colony_a"), "olivia-brown": ("p3", "school")})
    g.state.round = 3
    bot = ColoniesHeuristicBot(0)
    bot.observe(g)
    raid = ("move", "s:brian-lee", "colony_b")
    assert bot.answer(movement(g, raid)) == raid           # nobody defends colony B: 1 morale per raider
    g.state.survivors["s:sparky"].location = "school"      # the last one home stays home
    assert bot.answer(movement(g, raid)) != raid


def test_the_colony_brings_a_survivor_home_when_raiders_would_beat_its_defenders(wc):
    """Colony B's raider shows 1 + 3 bullets at colony A: 1 defender with 3 bullets (4) does not beat it and a
    survivor comes home from the school; with 4 bullets (5) it does, and nobody is called back."""
    home = ("move", "s:sparky", "colony_a")
    for bullets, called in ((3, True), (4, False)):
        g = table(wc, {"brian-lee": ("p1", "colony_a"), "sparky": ("p1", "school"), "olivia-brown": ("p3", "colony_a")},
                  bullets=(bullets, 3))
        g.state.round = 3
        bot = ColoniesHeuristicBot(0)
        bot.observe(g)
        assert (bot.answer(movement(g, home)) == home) is called


def test_at_a_colony_the_leader_plays_all_in_and_bids_every_bullet(wc):
    from dow.runtime.decisions import AMOUNT, TARGETS
    g = table(wc, HOME_THREE, bullets=(3, 3))
    bot = ColoniesHeuristicBot(0)
    bot.observe(g)
    s = g.state
    g.log.add("warfare", {"location": "colony_b"}, {})
    assert bot.answer(Decision(AMOUNT, "p1", min=0, max=3, prompt="bullet bid")) == 3
    tactic = bot.answer(Decision(TARGETS, "p1", tuple(s.tactics["a"]), 1, 1, prompt="tactic"))
    assert g._card_name(tactic[0]) == "ALL IN"
    g.log.add("warfare", {"location": "school"}, {})         # in the town the bids stay modest
    assert all(bot.answer(Decision(AMOUNT, "p1", min=0, max=3, prompt="bullet bid")) <= 2 for _ in range(20))
