"""Warring Colonies on the reference engine (runtime/engine/colonies.py): two colonies in one town and
colony warfare. Every test names the paragraph of seed 000 (the Portuguese Warring Colonies rulebook)
it checks. The combat die is the ruleset's stand-in (its published faces are not known), so tests
script its roll by face index: 1-2 plus 1, 3-4 plus 2, 5-6 plus 3, 7-8 target 1, 9 target 2,
10-11 biohazard 1, 12 biohazard 2."""
from __future__ import annotations

import pytest
from colonies_helpers import BIO1, PLUS1, PLUS3, TARGET1, TARGET2, Answers, events, sv, table, warfare
from colonies_helpers import wc  # noqa: F401  (the fixture)

from dow.runtime.decisions import RandomAgent
from dow.runtime.engine.colonies import COLONIES, ColoniesGame, ColoniesState
from dow.runtime.engine.game import GameError


# ---- set-up --------------------------------------------------------------------------------------

def test_divide_and_conquer_setup(wc):
    """seed 000, Preparação 2, 5, 11 and Divide and Conquer's SET UP: two colony boards, two equal teams,
    a barricade at each non-colony location, 12 zombies at each colony, 3 bullets per colony (more if
    Atticus Sanders enters play), morale 4 for each colony, round track 4, 5 tactics per colony."""
    g = ColoniesGame(wc, seed=5, players=6, check=True)
    g.drive(g.setup_players(), RandomAgent(5))
    g.verify("setup")
    s = g.state
    assert g.violations == []
    assert isinstance(s, ColoniesState)
    assert sorted(s.teams.values()) == ["a"] * 3 + ["b"] * 3
    assert s.colony_morale == {"a": 4, "b": 4} and s.round == 4
    for team, lid in COLONIES.items():
        assert s.locations[lid].zombie_count() == 12
        assert s.locations[lid].colony
        atticus = sum(1 for v in s.survivors_at(lid) if v.id == "s:atticus-sanders")
        assert s.bullets[team] == 3 + 3 * atticus
        assert len(s.tactics[team]) == 5
        assert all(s.teams[s.survivors[v.id].controller] == team for v in s.survivors_at(lid))
    for lid, loc in s.locations.items():
        if lid not in COLONIES.values():
            assert sum(loc.barricades) == 1, lid
    assert "cemetery" in s.locations
    for team in "ab":           # the colony leader's group leader has the most influence in the colony
        best = max(s.survivors[p.leader].influence for p in s.team_players(team))
        assert s.survivors[s.player(s.leaders[team]).leader].influence == best


@pytest.mark.parametrize("seed", range(1, 9))
def test_set_up_bullets_are_three_per_colony_and_atticus_adds_his_to_his_colonys(wc, seed):
    """seed 000, Preparação (Divide and Conquer's SET UP: 3 bullets per colony; seed 002 line 171) and
    Atticus Sanders's card (seed 000: "When Atticus enters play (this may be at the start of the game),
    add 3 bullet tokens to the bullet supply"); Fichas de Munição: a bullet supply is a colony's. A colony
    with 6 bullets after set-up has Atticus; his 3 bullets are told as going to his colony's supply
    ("bullets:b"), never to a player's, and with him as their cause (``survivor``), which the log names."""
    g = ColoniesGame(wc, seed=seed, players=4, check=True)
    g.drive(g.setup_players(), RandomAgent(seed))
    s = g.state
    adds = events(g, "add_tokens")
    bullets = [e for e in adds if e["token"] == "bullet"]
    assert all(e["place"] in ("bullets:a", "bullets:b") for e in bullets), bullets
    for team, lid in COLONIES.items():
        atticus = any(v.id == "s:atticus-sanders" for v in s.survivors_at(lid))
        assert s.bullets[team] == 3 + 3 * atticus
        assert sum(e["count"] for e in bullets if e["place"] == f"bullets:{team}") == s.bullets[team]
        his = [e for e in bullets if e["place"] == f"bullets:{team}" and e.get("survivor") == "s:atticus-sanders"]
        assert [e["count"] for e in his] == [3] * atticus, bullets
    assert all(e.get("survivor") in (None, "s:atticus-sanders") for e in bullets), bullets
    assert events(g, "setup")[0]["bullets"] == s.bullets


def test_small_games_keep_three_of_five_survivors(wc):
    """seed 000, Preparação 12, Nota: with 4 or 5 players each player is dealt 5 survivors and keeps 3."""
    g = ColoniesGame(wc, seed=2, players=4)
    g.drive(g.setup_players(), RandomAgent(2))
    assert all(len(p.survivors) == 3 for p in g.state.players)


def test_player_counts_are_four_to_eleven(wc):
    """seed 000, Preparação 5 and Variantes, 11 JOGADORES: 4 to 11 players; teams of equal size, an odd
    count with the Lone Wolf (tests/engine/test_lone_wolf.py)."""
    for n in (3, 12):
        with pytest.raises(GameError):
            ColoniesGame(wc, seed=0, players=n)


# ---- one combat -------------------------------------------------------------------------------------

def test_the_rulebook_combat_example(wc):
    """seed 000, Exemplo: combate. At the grocery store colony A (ALL IN, The Enforcer alone, 3 bullets,
    rolls +3) meets colony B (ON GUARD, Bernadette Wilson and Scott Wheeler with a shotgun, 2 bullets,
    rolls a 1-wound target face): 10 against 6, so B's leader spreads 4 wounds, 2 on each, and The
    Enforcer takes the die's 1 wound."""
    g = table(wc, {"the-enforcer": ("p1", "grocery_store"), "bernadette-wilson": ("p3", "grocery_store"),
                   "scott-wheeler": ("p3", "grocery_store", ["shotgun"])},
              bullets=(5, 4), rolls=[PLUS3, TARGET1])
    warfare(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["on-guard"],
                ("p1", "bullet bid"): [3], ("p3", "bullet bid"): [2],
                ("p3", "combat die target"): ["the-enforcer"],
                ("p3", "combat wound"): ["bernadette-wilson", "bernadette-wilson", "scott-wheeler", "scott-wheeler"]})
    result = events(g, "combat_result")[-1]
    assert result["strength"] == {"a": 10, "b": 6} and result["difference"] == 4
    assert sv(g, "the-enforcer").wounds == 1
    assert sv(g, "bernadette-wilson").wounds == 2 and sv(g, "scott-wheeler").wounds == 2
    assert g.state.bullets == {"a": 2, "b": 2}          # bid bullets are discarded, the rest go back
    assert events(g, "combat_won")[-1] == {"location": "grocery_store", "colony": "a"}


def test_strength_counts_survivors_and_armed_survivors(wc):
    """seed 000, Combate entre as colônias, step 2: +1 per friendly survivor at the location and +1 more
    for each of them with a weapon equipped (the rulebook's example; seed 002)."""
    g = table(wc, {"brian-lee": ("p1", "school", ["pistol", "junk"]), "sparky": ("p2", "school"),
                   "olivia-brown": ("p3", "school")}, rolls=[BIO1, BIO1])
    warfare(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["all-in"],
                ("p1", "bullet bid"): [0], ("p3", "bullet bid"): [0], ("p3", "combat wound"): ["olivia-brown"] * 2})
    assert events(g, "combat_survivors")[-1]["strength"] == {"a": 3 + 3, "b": 3 + 1}
    assert events(g, "combat_result")[-1]["strength"] == {"a": 6, "b": 4}
    assert sv(g, "olivia-brown").wounds == 2
    assert g.state.locations["school"].zombie_count() == 2          # biohazard faces: 1 zombie each


def test_marcus_johnson_counts_two(wc):
    """seed 000, Marcus Johnson's card: he adds 2 to combat strength rather than 1 (his equipped weapon
    still adds its 1)."""
    g = table(wc, {"marcus-johnson": ("p1", "library", ["pistol"]), "olivia-brown": ("p3", "library")},
              rolls=[BIO1, BIO1])
    warfare(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["all-in"],
                ("p1", "bullet bid"): [0], ("p3", "bullet bid"): [0], ("p3", "combat wound"): ["olivia-brown"] * 2})
    assert events(g, "combat_survivors")[-1]["strength"] == {"a": 3 + 2 + 1, "b": 3 + 1}


def test_both_on_guard_ends_the_combat_with_no_further_effect(wc):
    """seed 000, the ON GUARD tactic: when both colony leaders play it, the warfare stops at once: no
    bullets are bid, no die is rolled, nobody is wounded (the engine's reading: this combat ends, the
    next one is still fought)."""
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "school"),
                   "sparky": ("p2", "library"), "alexis-grey": ("p4", "library")}, rolls=[PLUS3, PLUS1])
    warfare(g, {("p1", "tactic"): ["on-guard", "all-in"], ("p3", "tactic"): ["on-guard", "on-guard"],
                ("p1", "bullet bid"): [0], ("p3", "bullet bid"): [0], ("p3", "combat wound"): ["alexis-grey"] * 3})
    ended = events(g, "warfare_ended")
    assert ended == [{"location": "school", "by": "tactics"}]
    assert sv(g, "brian-lee").wounds == 0 and sv(g, "olivia-brown").wounds == 0
    assert [e["location"] for e in events(g, "combat_result")] == ["library"]
    assert events(g, "combat_result")[0]["strength"] == {"a": 3 + 1 + 3, "b": 1 + 1 + 1}
    assert g.state.bullets == {"a": 3, "b": 3}


def test_one_on_guard_alone_does_not_end_it(wc):
    """seed 000, ON GUARD: only both leaders playing it ends the warfare; alone it is +1 strength."""
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "school")}, rolls=[BIO1, BIO1])
    warfare(g, {("p1", "tactic"): ["on-guard"], ("p3", "tactic"): ["all-in"],
                ("p1", "bullet bid"): [0], ("p3", "bullet bid"): [0], ("p1", "combat wound"): ["brian-lee", "brian-lee"]})
    assert events(g, "combat_result")[-1]["strength"] == {"a": 2, "b": 4}
    assert sv(g, "brian-lee").wounds == 2


def test_stand_in_tactics_do_nothing(wc):
    """seed 000, Preparação 11: 5 tactics per colony; only ON GUARD and ALL IN are printed, the other
    three are the ruleset's blank stand-ins and add nothing."""
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "school")}, rolls=[BIO1, BIO1])
    blank = next(c for c in g.state.tactics["a"] if g.state.cards[c].startswith("stand-in."))
    agent = Answers(g, {("p1", "tactic"): ["x"], ("p3", "tactic"): ["all-in"], ("p1", "bullet bid"): [1],
                        ("p3", "bullet bid"): [0], ("p1", "combat wound"): ["brian-lee"] * 2})
    agent.answers[("p1", "tactic")] = []
    orig = agent.answer

    def answer(d):
        if d.prompt == "tactic" and d.player == "p1":
            return (blank,)
        return orig(d)
    agent.answer = answer
    g.drive(g.warfare.step_colony_warfare(), agent)
    assert events(g, "combat_result")[-1]["strength"] == {"a": 0 + 1 + 1, "b": 3 + 1}
    assert sv(g, "brian-lee").wounds == 2


def test_a_tie_has_no_winner(wc):
    """seed 000, Combate entre as colônias: the leader with the higher total wins; on equal totals
    (the engine's reading) nobody loses wounds."""
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "school")}, rolls=[BIO1, BIO1])
    warfare(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["all-in"],
                ("p1", "bullet bid"): [2], ("p3", "bullet bid"): [2]})
    assert events(g, "combat_result")[-1]["difference"] == 0
    assert events(g, "combat_won") == []
    assert sv(g, "brian-lee").wounds == 0 and sv(g, "olivia-brown").wounds == 0
    assert g.state.bullets == {"a": 1, "b": 1}


def test_target_face_wounds_one_enemy_survivor_of_the_combat(wc):
    """seed 000, Rolagem de combate: a target face puts its number of wounds at once on one single enemy
    survivor taking part in the combat (before the totals are compared)."""
    g = table(wc, {"brian-lee": ("p1", "hospital"), "olivia-brown": ("p3", "hospital"),
                   "alexis-grey": ("p4", "hospital")}, rolls=[TARGET2, BIO1])
    warfare(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["on-guard"],
                ("p1", "bullet bid"): [0], ("p3", "bullet bid"): [0],
                ("p1", "combat die target"): ["alexis-grey"], ("p3", "combat wound"): ["olivia-brown"]})
    assert sv(g, "alexis-grey").wounds == 2
    assert sv(g, "olivia-brown").wounds == 1          # 4 against 3


def test_killed_in_combat_costs_its_colony_morale(wc):
    """seed 000, Combate entre as colônias: the loser's wounds can kill (3 wounds, seed 004 Killing
    Survivors); each survivor killed costs its own colony 1 morale."""
    g = table(wc, {"brian-lee": ("p1", "police_station"), "sparky": ("p1", "police_station"),
                   "olivia-brown": ("p3", "police_station"), "alexis-grey": ("p3", "colony_b")},
              bullets=(5, 0), rolls=[PLUS3, BIO1])
    warfare(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["on-guard"],
                ("p1", "bullet bid"): [2], ("p3", "bullet bid"): [0],
                ("p3", "combat wound"): ["olivia-brown"] * 3})
    assert sv(g, "olivia-brown").place == "removed"
    assert g.state.colony_morale == {"a": 4, "b": 3}


# ---- the phase ------------------------------------------------------------------------------------

def test_combat_order_lower_morale_colony_first_then_locations_by_number(wc):
    """seed 000, Combate entre as colônias: one combat per location with survivors of both colonies; the
    colony with the lower morale first, then the other colony, then the others by number (the location
    numbers are a stand-in order)."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "sparky": ("p2", "school"), "alexis-grey": ("p2", "colony_b"),
                   "olivia-brown": ("p3", "colony_b"), "ashley-ross": ("p3", "colony_a"),
                   "john-price": ("p4", "school"), "gabriel-diaz": ("p1", "hospital")},
              morale=(5, 3), rolls=[BIO1] * 6)
    tactics = ["on-guard"] * 3
    warfare(g, {("p1", "tactic"): tactics, ("p3", "tactic"): list(tactics)})
    assert [e["location"] for e in events(g, "warfare")] == ["colony_b", "colony_a", "school"]


def test_equal_morale_a_die_decides_which_colony_first(wc):
    """seed 000, Combate entre as colônias, 1: on equal morale a die decides (the engine: an odd roll
    puts colony A's colony first)."""
    for roll, first in ((3, "colony_a"), (4, "colony_b")):
        g = table(wc, {"brian-lee": ("p1", "colony_a"), "alexis-grey": ("p2", "colony_b"),
                       "olivia-brown": ("p3", "colony_b"), "ashley-ross": ("p3", "colony_a")}, rolls=[roll])
        warfare(g, {("p1", "tactic"): ["on-guard"] * 2, ("p3", "tactic"): ["on-guard"] * 2})
        assert events(g, "warfare")[0]["location"] == first


def test_no_combat_without_both_colonies(wc):
    """seed 000, Combate entre as colônias: a combat only where survivors of both colonies are."""
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "library")})
    warfare(g, {})
    assert events(g, "warfare") == []


def test_last_survivor_replaced_only_after_the_warfare(wc):
    """seed 000, Combate entre as colônias, Nota: a player whose last survivor dies in a combat draws a
    new one only when the colony warfare phase is over."""
    g = table(wc, {"brian-lee": ("p1", "school"), "sparky": ("p1", "library"),
                   "olivia-brown": ("p4", "school"), "alexis-grey": ("p3", "library")},
              bullets=(6, 0), rolls=[PLUS3, BIO1, PLUS3, BIO1])
    warfare(g, {("p1", "tactic"): ["all-in", "all-in"], ("p3", "tactic"): ["on-guard", "on-guard"],
                ("p1", "bullet bid"): [3, 0], ("p3", "bullet bid"): [0, 0],
                ("p3", "combat wound"): ["olivia-brown"] * 3 + ["alexis-grey"] * 3})
    kinds = [e["event"] for e in g.log.lines]
    assert sv(g, "olivia-brown").place == "removed"
    p4 = g.state.player("p4")
    assert len(p4.survivors) == 1 and sv(g, p4.survivors[0][2:]).location == "colony_b"
    assert kinds.index("new_group_leader") > max(i for i, k in enumerate(kinds) if k == "combat_result")


def test_undefended_colony_loses_morale_per_enemy(wc):
    """seed 000, Combate na colônia inimiga: after the warfare, a colony with at least 1 enemy survivor
    and none of its own loses 1 morale per enemy survivor there."""
    g = table(wc, {"brian-lee": ("p1", "colony_b"), "sparky": ("p2", "colony_b"), "olivia-brown": ("p3", "school")})
    warfare(g, {})
    assert g.state.colony_morale == {"a": 4, "b": 2}
    assert events(g, "undefended_colony") == [{"colony": "b", "enemies": 2, "morale": -2}]


def test_winning_at_the_enemy_colony_ends_the_game(wc):
    """seed 000, Divide and Conquer: winning a colony warfare at the enemy colony ends the game at once,
    and that colony completes the objective; the combats left are not fought."""
    g = table(wc, {"brian-lee": ("p1", "colony_b"), "sparky": ("p2", "colony_b"), "olivia-brown": ("p3", "colony_b"),
                   "alexis-grey": ("p3", "school"), "ashley-ross": ("p1", "school")},
              morale=(4, 3), rolls=[BIO1, BIO1])
    warfare(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["on-guard"],
                ("p1", "bullet bid"): [0], ("p3", "bullet bid"): [0], ("p3", "combat wound"): ["olivia-brown"] * 3})
    s = g.state
    assert s.over and s.ending == "objective" and s.winner == "a"
    assert [e["location"] for e in events(g, "warfare")] == ["colony_b"]


def test_winning_at_your_own_colony_does_not_end_it(wc):
    """seed 000, Divide and Conquer: only a win at the enemy colony ends the game."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_a"), "alexis-grey": ("p3", "colony_b")},
              rolls=[PLUS1, PLUS1])
    warfare(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["on-guard"],
                ("p1", "bullet bid"): [0], ("p3", "bullet bid"): [0], ("p3", "combat wound"): ["olivia-brown"] * 2})
    assert not g.state.over and events(g, "combat_won")[-1]["colony"] == "a"


def test_death_at_the_enemy_colony_gives_the_equipment_to_that_colony(wc):
    """seed 000, Morte de sobrevivente na colônia inimiga: the cards equipped on a survivor killed at the
    enemy colony go to that colony's leader, who equips them on survivors of theirs there."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_a", ["pistol"]),
                   "alexis-grey": ("p3", "colony_b")}, bullets=(3, 0), rolls=[PLUS3, PLUS1])
    warfare(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["on-guard"],
                ("p1", "bullet bid"): [0], ("p3", "bullet bid"): [0],
                ("p3", "combat wound"): ["olivia-brown"] * 3, ("p1", "equip spoils"): ["brian-lee"]})
    assert sv(g, "olivia-brown").place == "removed"
    assert [g.state.cards[c] for c in sv(g, "brian-lee").equipped] == ["base.item.pistol"]


def test_father_fitzpatrick_may_skip_the_combat(wc):
    """seed 000, Father Fitzpatrick's card: before a combat he takes part in away from the colonies, his
    player may roll a die; on 4 or more there is no combat at his location."""
    for roll, fought in ((4, False), (3, True)):
        g = table(wc, {"father-fitzpatrick": ("p1", "school"), "olivia-brown": ("p3", "school")},
                  rolls=[roll, BIO1, BIO1])
        answers = {("p1", "may"): [True]}
        agent = Answers(g, {("p1", "tactic"): ["on-guard"] if fought else [],
                            ("p3", "tactic"): ["on-guard"] if fought else []})
        orig = agent.answer
        agent.answer = lambda d: True if d.kind == "may" else orig(d)
        g.drive(g.warfare.step_colony_warfare(), agent)
        assert bool(events(g, "warfare_skipped")) is not fought
        assert bool(events(g, "warfare")) is fought
        del answers


# ---- the objective and the sides -------------------------------------------------------------------

def test_control_is_more_survivors_and_a_tie_completes_nothing(wc):
    """seed 000, Divide and Conquer: when the round track reaches 0 the colony controlling more non-colony
    locations completes the objective; control is more friendly than enemy survivors; a tie, nothing."""
    g = table(wc, {"brian-lee": ("p1", "school"), "sparky": ("p2", "library"), "ashley-ross": ("p1", "library"),
                   "olivia-brown": ("p3", "library"), "alexis-grey": ("p3", "hospital")})
    h = g.host
    assert h.controller_of_location("school") == "a" and h.controller_of_location("library") == "a"
    assert h.controller_of_location("hospital") == "b" and h.controller_of_location("gas_station") is None
    assert g.colony_phase.check_round_track_zero() == "a" and g.state.winner == "a"
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "library")})
    assert g.colony_phase.check_round_track_zero() is None and not g.state.over


def test_colony_and_enemy_colony_are_seen_from_the_players_side(wc):
    """seed 000, Interpretação das cartas: a card's text is about the player's own colony; "colony" is
    the player's colony and the enemy colony the other one; friendly and enemy compare colonies."""
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "school")})
    h = g.host
    assert h.place("colony", "p2") == "colony_a" and h.place("enemy_colony", "p2") == "colony_b"
    assert h.place("colony", "p4") == "colony_b" and h.place("school", "p4") == "school"
    assert h.attr("s:olivia-brown", "colony") == "b" and h.attr("p2", "colony") == "a"
    assert h.morale("p1") == 4 and h.morale("p1", enemy=True) == 4
    h.do_change_morale("p4", -1, {})
    assert g.state.colony_morale == {"a": 4, "b": 3} and h.morale("p1", enemy=True) == 3
