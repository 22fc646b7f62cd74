"""Warring Colonies: the objective check at 0 morale on both sides of its edge, and the heuristic colony bot
playing toward its colony's needs (the joint crisis' kind, the food its colony eats)."""
from __future__ import annotations

import pytest

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
        g.drive(g.colony_phase.step_check_main_objective(), RandomAgent(0))
        assert g.state.over is over
        if over:
            assert g.state.ending == "morale" and g.finish()["winners"] == []


def crisis_of(g, kind: str) -> None:
    """Put a stand-in joint crisis asking for ``kind`` in play, with nothing on it."""
    s = g.state
    s.crisis = next(c for c in s.crisis_deck if kind in (g.host.card_def(c).get("prevent") or []))
    s.crisis_added.clear()


def short_of_fuel(g) -> ColoniesHeuristicBot:
    """Colony A fed for the round, a fuel crisis on the table and no fuel in p1's hand: p1's bot, seated."""
    crisis_of(g, "fuel")
    g.state.colony_food["a"] = 5
    g.state.player("p1").hand = [c for c in g.state.player("p1").hand if g.host.card_def(c).get("item_type") != "fuel"]
    bot = ColoniesHeuristicBot(0)
    bot.observe(g)
    return bot


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
    bot = short_of_fuel(g)
    s = g.state
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


def test_the_colony_raids_the_enemy_colony_while_the_combat_there_can_be_won(wc):
    """One raider plus colony A's bullets against one defender plus colony B's 3 bullets (4): the stand-in
    combat die adds 0 to 3, so 2 (behind by 2) can still win on a 3 against a 0, and 1 cannot."""
    raid = ("move", "s:brian-lee", "colony_b")
    for bullets, raids in ((1, True), (0, False)):
        g = table(wc, HOME_THREE, bullets=(bullets, 3))
        g.state.round = 3                                    # not the last round: no spread for control
        bot = ColoniesHeuristicBot(0)
        bot.observe(g)
        assert (bot.answer(movement(g, raid)) == raid) is raids


def test_the_chance_of_winning_a_combat_on_both_sides_of_each_lead(wc):
    """The stand-in die's plus faces add 1, 1, 2, 2, 3, 3 of 12 (the other 6 add nothing): level strengths win
    1 in 3 (a tie, 1 in 3, wins for nobody); behind by 3 never; ahead by 3 ties on a 0 against a 3, by 4 always."""
    g = table(wc, HOME_THREE)
    bot = ColoniesHeuristicBot(0)
    bot.observe(g)
    assert bot.win_chance(0) == pytest.approx(48 / 144)
    assert bot.win_chance(-2) == pytest.approx(12 / 144) and bot.win_chance(-3) == 0
    assert bot.win_chance(3) == pytest.approx(132 / 144) and bot.win_chance(4) == 1


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
    assert g.warfare.card_name(tactic[0]) == "ALL IN"
    g.log.add("warfare", {"location": "school"}, {})         # in the town the bids stay modest
    assert all(bot.answer(Decision(AMOUNT, "p1", min=0, max=3, prompt="bullet bid")) <= 2 for _ in range(20))


# ---- the town's zombies and the enemy there: an overrun kills for certain (seed 004, 4. Add Zombies) ----------
def test_the_town_overrun_forecast_on_both_sides_of_the_entrance_room(wc):
    """A town location's one entrance has 3 spaces; each survivor there brings 1 zombie, half the noise tokens
    1 more, and a barricade is destroyed before an overrun: room = 3 - zombies + barricades."""
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "school")})
    bot = ColoniesHeuristicBot(0)
    bot.observe(g)
    loc = g.state.locations["school"]
    loc.zombies[0], loc.barricades[0], loc.noise = 1, 0, 0      # 2 arriving, room for 2
    assert bot.town_overruns("school") == 0 and not bot.in_danger("s:brian-lee")
    assert bot.town_overruns("school", extra=1) == 1          # a third survivor there: one too many
    assert bot.town_overruns("school", noise=1) == 1          # one noise token: half of it, rounded up
    loc.barricades[0] = 1                                     # the barricade takes the third
    assert bot.town_overruns("school", extra=1) == 0 and bot.room_at("school")
    loc.zombies[0], loc.barricades[0] = 2, 0                  # room for 1, and 2 arriving
    assert bot.in_danger("s:brian-lee") and not bot.room_at("school")


def test_the_colony_sends_no_survivor_where_an_overrun_or_a_stronger_enemy_waits(wc):
    g = table(wc, {**HOME_THREE, "olivia-brown": ("p3", "library"), "bev-russell": ("p3", "library")})
    bot = short_of_fuel(g)
    s = g.state
    gas = s.locations["gas_station"]
    move = ("move", "s:brian-lee", "gas_station")
    gas.zombies[0], gas.barricades[0] = 2, 0                  # one survivor brings the third zombie: room
    assert bot.answer(movement(g, move)) == move
    gas.zombies[0] = 3                                        # full: the survivor would be overrun
    assert bot.answer(movement(g, move)) == ("pass",)
    s.bullets["a"] = s.bullets["b"] = 0
    to_library = ("move", "s:brian-lee", "library")           # two of theirs against one of ours there
    assert bot.outmatched(to_library) is True
    assert bot.outmatched(("move", "s:brian-lee", "school")) is False
    g.host.leave_play("s:bev-russell", "removed")              # one against one: even before the dice, no better
    assert bot.outmatched(to_library) is True
    s.survivors["s:sparky"].location = "library"              # two of ours against one: the move is safe
    assert bot.outmatched(to_library) is False


def test_a_searcher_makes_noise_only_where_it_brings_no_overrun(wc):
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "colony_b")})
    bot = ColoniesHeuristicBot(0)
    bot.observe(g)
    g.log.add("action", {"player": "p1", "action": ["search", "s:brian-lee", 4]}, {})
    loc = g.state.locations["school"]
    loc.zombies[0], loc.barricades[0], loc.noise = 1, 0, 0      # 1 arriving and 1 for the noise: room for 2
    assert bot.answer(Decision("may", "p1", prompt="make noise")) is True
    loc.zombies[0] = 2
    assert bot.answer(Decision("may", "p1", prompt="make noise")) is False


def test_a_survivor_comes_home_from_a_town_location_about_to_be_overrun(wc):
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "sparky": ("p1", "school"), "olivia-brown": ("p3", "colony_b")})
    bot = ColoniesHeuristicBot(0)
    bot.observe(g)
    loc = g.state.locations["school"]
    home = ("move", "s:sparky", "colony_a")
    loc.zombies[0], loc.barricades[0] = 2, 0                  # 1 arriving, room for 1: Sparky may stay
    assert bot.rescue_move(movement(g, home)) is None
    loc.zombies[0] = 3                                        # full: the next zombie kills Sparky
    assert bot.answer(movement(g, home)) == home
