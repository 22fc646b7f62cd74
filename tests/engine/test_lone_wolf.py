"""The Lone Wolf variant and the 11-player game on the reference engine (seed 000, the Portuguese
Warring Colonies rulebook, p. 14-15: VARIANTES, LOBO SOLITÁRIO — Preparação do Lobo Solitário, Regras
do Lobo Solitário, Covil do Lobo Solitário, Combate Entre as Colônias, Moral do Lobo Solitário, Cartas
de Missão, Condições de Vitória do Lobo Solitário — and 11 JOGADORES). Every test names its paragraph.

The missions and Lone Wolf secret objectives are STAND-IN cards (content/warring-colonies/ruleset.yaml,
stand_ins); the tests check the rules around them, not the published cards.

Tables: ``table(..., players=5)`` seats p1, p2 in colony A, p3, p4 in colony B and p5 as the Lone Wolf,
whose home is the den ("den")."""
from __future__ import annotations

import pytest
from colonies_helpers import BIO1, events, holding, sv, table, warfare
from colonies_helpers import wc  # noqa: F401  (the fixture)

from dow.runtime.decisions import RandomAgent
from dow.runtime.engine.colonies import ColoniesBot, ColoniesGame, play_colonies
from dow.runtime.engine.colony_lonewolf import LoneWolfBot
from dow.runtime.engine.colony_table import DEN, WOLF
from dow.runtime.engine.common import GameError

BLANK = 1          # the exposure die's first face is blank (roll 1)


class Script:
    """Answers in order: (player, prompt, answer); a survivor in an option or a target is named by its
    file name, a location by its id."""

    def __init__(self, game, script):
        self.game, self.script = game, list(script)

    def answer(self, d):
        assert self.script, f"unexpected question {d.prompt!r} for {d.player}: {d.choices}"
        player, prompt, value = self.script.pop(0)
        assert (d.player, d.prompt) == (player, prompt), (d.player, d.prompt, d.choices)
        if d.kind == "option":
            if isinstance(value, tuple) and value and value[0] in ("move", "home"):
                value = (value[0], "s:" + value[1], *value[2:])
            assert value in d.choices, (value, d.choices)
            return value
        picked = tuple(c for c in d.choices if c in (value, "s:" + value))
        assert picked, (value, d.choices)
        return picked


def wolf(g):
    return g.state.player(g.state.wolf)


def set_missions(g, hand, deck=None):
    """Put the named stand-in missions in the Lone Wolf's hand (the rest stay in the deck, in order)."""
    s = g.lone_wolf
    every = s.missions_hand + s.missions_deck
    s.missions_hand = ["stand-in.mission." + m for m in hand]
    s.missions_deck = [m for m in every if m not in s.missions_hand] if deck is None else \
        ["stand-in.mission." + m for m in deck]
    s.missions_discard = [m for m in every if m not in s.missions_hand + s.missions_deck]


def give(g, player, item_type):
    """Lift an item card of a type from a location deck into a player's hand."""
    s, h = g.state, g.host
    card = next(c for loc in s.locations.values() for c in loc.deck if h.card_def(c).get("item_type") == item_type)
    h.take_out(card)
    s.player(player).hand.append(card)
    return card


# ---- the table (Variantes, Lobo Solitário; 11 Jogadores) -------------------------------------------------

@pytest.mark.parametrize("players", [5, 7, 9, 11])
def test_an_odd_count_seats_a_lone_wolf_and_two_equal_colonies(wc, players):
    """seed 000, p. 14, LOBO SOLITÁRIO: an odd number of players needs the Lone Wolf, who belongs to no
    colony; the others form two colonies of equal size (Preparação 5). The engine seats it last."""
    g = ColoniesGame(wc, seed=players, players=players, check=True)
    s = g.state
    assert s.wolf == f"p{players}" and s.teams[s.wolf] == WOLF
    assert [t for t in s.teams.values()].count("a") == [t for t in s.teams.values()].count("b") == players // 2
    assert wc["rulesets"]["warring-colonies"]["players"] == [4, 11]
    even = ColoniesGame(wc, seed=0, players=6)
    assert even.state.wolf is None and DEN not in even.state.locations


def test_eleven_players_get_four_starting_items(wc):
    """seed 000, p. 15, 11 JOGADORES: 5 players in each colony and 1 Lone Wolf; each player gets 4 starting
    items instead of 5 (the Lone Wolf uses no reference card: nothing to play)."""
    g = ColoniesGame(wc, seed=1, players=11, check=True)
    assert all(len(p.hand) == 4 for p in g.state.players)
    assert sorted(g.state.teams.values()) == ["a"] * 5 + ["b"] * 5 + [WOLF]
    assert all(len(p.hand) == 5 for p in ColoniesGame(wc, seed=1, players=9).state.players)


@pytest.mark.parametrize("players", [5, 7])
def test_lone_wolf_setup(wc, players):
    """seed 000, p. 14, Preparação do Lobo Solitário: a secret objective drawn and its set-up followed (3;
    a STAND-IN card), the mission deck shuffled beside the den (4; 3 missions held, Cartas de Missão),
    5 survivors dealt and 3 kept, put in the den (5), morale 4 (6)."""
    g = ColoniesGame(wc, seed=players, players=players, check=True)
    asked = []

    class Keep(RandomAgent):
        def answer(self, d):
            asked.append((d.player, d.prompt, len(d.choices), d.min))
            return super().answer(d)
    g.drive(g.setup_players(), Keep(0))
    g.verify("setup")
    s = g.state
    assert g.violations == []
    assert (s.wolf, "keep survivors", 5, 3) in asked
    p = wolf(g)
    assert len(p.survivors) == 3 and all(sv(g, x[2:]).location == DEN for x in p.survivors)
    assert s.colony_morale[WOLF] == 4
    lw = g.lone_wolf
    objective = lw.card("lone_wolf_objectives", lw.objective)
    assert objective["id"].startswith("stand-in.") and "(stand-in)" in objective["name"]
    assert s.colony_food[WOLF] == objective["setup"]["den_food"]
    assert len(lw.missions_hand) == 3 and len(lw.missions_deck) == lw.missions_total - 3
    assert all(m.startswith("stand-in.mission.") for m in lw.missions_hand + lw.missions_deck)
    assert WOLF not in s.leaders and WOLF not in s.bullets


# ---- the den (Covil do Lobo Solitário) ----------------------------------------------------------------------

def test_den_morale_starts_at_four_and_rises_to_five_at_most(wc):
    """seed 000, p. 15, Moral do Lobo Solitário: the Lone Wolf's morale always starts at 4 and can rise to 5."""
    g = ColoniesGame(wc, seed=0, players=5)
    assert g.state.colony_morale[WOLF] == 4
    g.host.do_change_morale("p5", 3, {})
    assert g.state.colony_morale[WOLF] == 5
    assert g.state.colony_morale["a"] == g.state.colony_morale["b"] == 4


def test_den_waste_loses_one_morale_per_five_cards(wc):
    """seed 000, p. 15, Covil (Verificação do Lixo): the den's waste check follows the normal rules, except
    that 1 morale is lost per 5 item cards in its pile (not 10); the colonies keep 10."""
    g = table(wc, {"sparky": ("p5", DEN)}, players=5)
    s, h = g.state, g.host
    cards = [c for loc in s.locations.values() for c in loc.deck][:16]
    for k, c in enumerate(cards):
        h.take_out(c)
        s.waste.append(c)
        s.waste_of[c] = WOLF if k < 11 else "a"
    g.drive(g.step_check_waste(), RandomAgent(0))
    assert s.colony_morale == {"a": 4, "b": 4, WOLF: 2}            # 11 cards: -2; colony A's 5: nothing
    assert events(g, "waste") == [{"colony": WOLF, "cards": 11, "morale": -2}]


def test_den_pays_food_as_normal_from_its_own_supply(wc):
    """seed 000, p. 14, Covil: the den has its own food supply; its Pay Food step follows the normal rules
    (1 food per 2 survivors there, rounded up; a starvation token and morale lost when it cannot)."""
    g = table(wc, {"sparky": ("p5", DEN), "forest-plum": ("p5", DEN), "gray-beard": ("p5", DEN),
                   "brian-lee": ("p1", "colony_a")}, players=5)
    s = g.state
    s.colony_food = {"a": 1, "b": 0, WOLF: 1}
    g.drive(g.step_pay_food(), RandomAgent(0))
    assert s.colony_food[WOLF] == 1 and s.colony_starvation[WOLF] == 1 and s.colony_morale[WOLF] == 3
    s.colony_food[WOLF] = 2
    g.drive(g.step_pay_food(), RandomAgent(0))
    assert s.colony_food[WOLF] == 0 and s.colony_starvation[WOLF] == 1
    assert {"colony": WOLF, "food": 2} in events(g, "food_paid")


def test_zombies_never_appear_in_the_den(wc):
    """seed 000, p. 14, Covil: no zombie ever appears in the den (the Add Zombies step passes it by, and a
    zombie sent there is not placed)."""
    g = table(wc, {"sparky": ("p5", DEN), "forest-plum": ("p5", DEN), "brian-lee": ("p1", "colony_a")}, players=5)
    g.drive(g.colony_phase.step_add_zombies(), RandomAgent(0))
    g.host.do_add_zombies(DEN, 3, {})
    assert g.state.locations[DEN].zombie_count() == 0
    assert DEN not in [e["location"] for e in events(g, "zombies_arrive")]
    assert events(g, "overrun") == [] and sv(g, "sparky").place == sv(g, "forest-plum").place == "play"
    g.verify("zombies")
    assert g.violations == []


def test_only_lone_wolf_survivors_go_to_the_den(wc):
    """seed 000, p. 14, Covil: only the Lone Wolf's survivors may go to the den."""
    g = table(wc, {"sparky": ("p5", "school"), "brian-lee": ("p1", "library"), "olivia-brown": ("p3", "school")},
              players=5)
    s = g.state
    assert ("move", "s:sparky", DEN) in g.movement_step.move_options(wolf(g), set(), None)
    for pid in ("p1", "p3"):
        assert all(o[2] != DEN for o in g.movement_step.move_options(s.player(pid), set(), None))


def test_den_counts_as_a_colony_for_abilities_and_crossroads(wc):
    """seed 000, p. 14, Covil: for survivor abilities and crossroads cards the den is a colony ("colony" on
    the Lone Wolf's cards is the den). Loretta Clay's COLONY ability works in the den and adds food to the
    den's supply, not at the school."""
    g = table(wc, {"loretta-clay": ("p5", DEN), "sparky": ("p5", "school")}, players=5)
    s, h = g.state, g.host
    p = wolf(g)
    p.unused = [5]
    assert h.place("colony", "p5") == DEN and h.attr(DEN, "colony") is True
    assert h.attr("s:loretta-clay", "at_colony") is True
    acts = g.legal_actions(p)
    assert ("ability", "s:loretta-clay", 0) in acts
    g.drive(g.perform(p, ("ability", "s:loretta-clay", 0)), RandomAgent(0))
    g.drive(g.settle(), RandomAgent(0))
    assert s.colony_food == {"a": 0, "b": 0, WOLF: 2}
    sv(g, "loretta-clay").location = "school"
    p.unused = [5]
    g.free_used = set()
    h.limits.clear()
    assert ("ability", "s:loretta-clay", 0) not in g.legal_actions(p)


# ---- the Lone Wolf's turn (Regras do Lobo Solitário) ----------------------------------------------------------

def test_the_lone_wolf_takes_its_turn_first_every_round(wc):
    """seed 000, p. 14, Regras do Lobo Solitário: the Lone Wolf's turn comes first in every round, before
    the players' simultaneous turns (with no time limit)."""
    g = ColoniesGame(wc, seed=4, players=7, check=True)
    seats = {p.id: (LoneWolfBot(i) if p.id == g.state.wolf else ColoniesBot(i)) for i, p in enumerate(g.state.players)}
    for agent in seats.values():
        agent.observe(g)
    g.run(seats)
    lines = [e["event"] for e in g.log.lines]
    rounds = [i for i, e in enumerate(lines) if e == "round"] + [len(lines)]
    checked = 0
    for start, end in zip(rounds, rounds[1:]):
        part = lines[start:end]
        if "turns" in part and "lone_wolf_turn" in part:
            assert part.index("lone_wolf_turn") < part.index("turns")
            checked += 1
    assert checked >= 1 and g.violations == []


def test_the_lone_wolfs_turn_ends_like_any_players(wc):
    """seed 000, p. 14, Regras do Lobo Solitário: the Lone Wolf takes a turn "como um jogador normal" (its
    movement, its actions); a rule waiting for the end of a player's turn ("when you end your turn") sees
    the Lone Wolf's too: its turn raises the ``end_turn`` event, with the actions it took, once it stops
    acting and before its crossroads card is resolved."""
    g = table(wc, {"sparky": ("p5", DEN), "brian-lee": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_b")},
              players=5)
    seen = []
    emit = g.host.emit
    g.host.emit = lambda ev: (seen.append(ev), emit(ev))[1]
    p = wolf(g)
    p.unused = [5]
    bot = LoneWolfBot(0)
    bot.observe(g)
    g.drive(g.lone_wolf.step_lone_wolf_turn(), bot)
    ends = [e for e in seen if e["kind"] == "end_turn"]
    assert [e["player"] for e in ends] == ["p5"]
    assert set(ends[0]["actions"]) <= {"attack", "search", "barricade", "clean_waste", "use_ability", "play_card",
                                       "add_to_crisis", "spend_food", "request", "hand_off"}
    assert g.violations == []


def test_lone_wolf_survivors_stand_at_the_entrances_of_both_colonies(wc):
    """seed 000, p. 14, Regras do Lobo Solitário: the Lone Wolf's survivors may occupy entrance spaces of
    both colonies; they take those spaces and count for the colony's zombies."""
    g = table(wc, {"sparky": ("p5", DEN), "forest-plum": ("p5", "colony_a"), "gray-beard": ("p5", "colony_b"),
                   "brian-lee": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_b")}, players=5)
    s = g.state
    assert "s:forest-plum" in s.entrance and "s:gray-beard" in s.entrance
    options = g.movement_step.move_options(wolf(g), set(), None)
    assert ("move", "s:sparky", "colony_a") in options and ("move", "s:sparky", "colony_b") in options
    script = Script(g, [("p5", "movement", ("move", "sparky", "colony_b")), ("p5", "entrance", 4),
                        ("p5", "movement", ("pass",))])
    g.rng.rolls = [BLANK]
    g.drive(g.lone_wolf.movement(wolf(g)), script)
    assert sv(g, "sparky").location == "colony_b" and s.entrance["s:sparky"] == 3
    g.drive(g.colony_phase.step_add_zombies(), RandomAgent(0))
    arrive = {e["location"]: e["count"] for e in events(g, "zombies_arrive")}
    assert arrive["colony_b"] == 2                      # Olivia Brown, Gray Beard and Sparky: 3 / 2, rounded up
    g.verify("entrances")
    assert g.violations == []


def _only_entrance_free(g, lid, free):
    """Fill every entrance of colony ``lid`` but ``free`` (0-based) with zombies."""
    loc = g.state.locations[lid]
    for i in range(loc.entrances):
        loc.zombies[i] = 0 if i == free else loc.entrance_spaces
    return loc


@pytest.mark.parametrize("entrance", [0, 2])
def test_a_lone_wolf_survivor_goes_from_one_colonys_entrance_to_the_others(wc, entrance):
    """seed 000, p. 14, Regras do Lobo Solitário, and Andar para a Colônia Inimiga: a Lone Wolf survivor
    standing at an entrance of colony A may move to colony B through any empty entrance space there,
    the one with the same number included (its space at A is not at B). Seed 568 of a 5-player random
    game once offered no entrance at all here and stopped the game."""
    g = table(wc, {"forest-plum": ("p5", "colony_a"), "brian-lee": ("p1", "colony_a"),
                   "olivia-brown": ("p3", "colony_b")}, players=5)
    s = g.state
    s.entrance["s:forest-plum"] = entrance
    _only_entrance_free(g, "colony_b", entrance)
    assert ("move", "s:forest-plum", "colony_b") in g.movement_step.move_options(wolf(g), set(), None)
    asked = []

    class Watch(Script):
        def answer(self, d):
            if d.prompt == "entrance":
                asked.append(d.choices)
            return super().answer(d)
    g.rng.rolls = [BLANK]
    script = Watch(g, [("p5", "movement", ("move", "forest-plum", "colony_b")), ("p5", "entrance", entrance + 1),
                       ("p5", "movement", ("pass",))])
    g.drive(g.lone_wolf.movement(wolf(g)), script)
    assert asked == [(entrance + 1,)]
    assert sv(g, "forest-plum").location == "colony_b" and s.entrance["s:forest-plum"] == entrance
    g.verify("entrances")
    assert g.violations == []


def test_a_card_that_sends_a_lone_wolf_survivor_to_the_other_colony_asks_for_a_space_there(wc):
    """seed 000, Andar para a Colônia Inimiga ("qualquer espaço vazio de entrada"): a survivor sent to the
    enemy colony by a card stands in an empty entrance space of that colony; a Lone Wolf survivor sent
    from colony A's entrance 1 to colony B, whose only empty space is at entrance 3, stands there, not
    in the space it left at A."""
    g = table(wc, {"forest-plum": ("p5", "colony_a"), "brian-lee": ("p1", "colony_a"),
                   "olivia-brown": ("p3", "colony_b")}, players=5)
    s = g.state
    s.entrance["s:forest-plum"] = 0
    _only_entrance_free(g, "colony_b", 2)
    g.drive(g.move(wolf(g), "s:forest-plum", "colony_b", exposure=False), Script(g, []))
    assert sv(g, "forest-plum").location == "colony_b" and s.entrance["s:forest-plum"] == 2
    g.verify("entrances")
    assert g.violations == []


def test_seed_568_of_a_five_player_random_game_plays_to_its_end(wc):
    """The game in which a Lone Wolf survivor at colony A's entrance could not enter colony B (see above):
    it ends, with no invariant broken."""
    result = play_colonies(wc, seed=568, players=5, agents="random")
    assert result["ending"] and result["violations"] == []


def test_bullets_send_a_lone_wolf_survivor_to_the_den_without_exposure(wc):
    """seed 000, p. 14, Regras do Lobo Solitário: when a player spends bullets to remove a Lone Wolf
    survivor from a full location, it goes to the den with no exposure roll; the Lone Wolf spends no
    action die when its survivor is forced out."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "sparky": ("p5", "school"), "olivia-brown": ("p3", "school"),
                   "alexis-grey": ("p4", "school"), "gray-beard": ("p4", "school")}, players=5, morale=(3, 4))
    wolf(g).unused = [3, 4]
    g.rng.rolls = [BLANK]
    script = Script(g, [("p1", "movement", ("move", "brian-lee", "school")), ("p1", "make room", ("home", "sparky", 1)),
                        ("p3", "movement", ("pass",)), ("p1", "movement", ("pass",))])
    g.drive(g.movement_step.step_movement({"a": "p1", "b": "p3"}), script)
    assert sv(g, "sparky").location == DEN and g.state.bullets["a"] == 2
    assert [e["survivor"] for e in events(g, "exposure")] == ["s:brian-lee"]
    assert wolf(g).unused == [3, 4]


def test_a_full_den_lets_the_lone_wolf_choose_where_its_survivor_goes(wc):
    """seed 000, p. 14, Regras do Lobo Solitário: if the den has no empty space, the Lone Wolf chooses the
    location its survivor goes to."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "sparky": ("p5", "school"), "forest-plum": ("p5", DEN),
                   "olivia-brown": ("p3", "school"), "alexis-grey": ("p4", "school"), "gray-beard": ("p4", "school")},
              players=5, morale=(3, 4))
    g.state.locations[DEN].survivor_spaces = 1
    g.rng.rolls = [BLANK]
    script = Script(g, [("p1", "movement", ("move", "brian-lee", "school")), ("p1", "make room", ("home", "sparky", 1)),
                        ("p5", "place survivor", "library"),
                        ("p3", "movement", ("pass",)), ("p1", "movement", ("pass",))])
    g.drive(g.movement_step.step_movement({"a": "p1", "b": "p3"}), script)
    assert sv(g, "sparky").location == "library" and sv(g, "forest-plum").location == DEN
    g.verify("den full")
    assert g.violations == []


def test_the_lone_wolf_spends_an_action_die_to_enter_a_full_location(wc):
    """seed 000, p. 14, Regras do Lobo Solitário: the Lone Wolf may move a survivor into a full location,
    but it spends an action die (of its choice) to send a survivor there back to its colony (it has no
    bullets)."""
    g = table(wc, {"sparky": ("p5", DEN), "brian-lee": ("p1", "school"), "ashley-ross": ("p1", "school"),
                   "olivia-brown": ("p3", "school"), "alexis-grey": ("p4", "school")}, players=5)
    p = wolf(g)
    p.unused = [2, 5]
    assert set(g.movement_step.make_room_options(p, "school", None)) == {
        ("home", f"s:{n}", "die") for n in ("brian-lee", "ashley-ross", "olivia-brown", "alexis-grey")}
    g.rng.rolls = [BLANK]
    script = Script(g, [("p5", "movement", ("move", "sparky", "school")), ("p5", "make room", ("home", "olivia-brown", "die")),
                        ("p5", "die to spend", 5), ("p5", "movement", ("pass",))])
    g.drive(g.lone_wolf.movement(p), script)
    assert sv(g, "sparky").location == "school" and sv(g, "olivia-brown").location == "colony_b"
    assert p.unused == [2] and g.state.bullets == {"a": 3, "b": 3}      # the die the Lone Wolf chose
    p.unused = []
    assert g.movement_step.make_room_options(p, "school", None) == []           # no die, no way in


def test_the_lone_wolf_gets_no_bullets(wc):
    """seed 000, p. 14, Regras do Lobo Solitário: the Lone Wolf does not gain bullets (the colony phase's
    bullets go to the two colonies; a card's bullets for it are not added; it cannot pay with them)."""
    g = table(wc, {"sparky": ("p5", DEN)}, players=5)
    h, s = g.host, g.state
    h.do_add_tokens("bullet", "bullets:p5", 3, {})
    g.drive(g.colony_phase.step_add_bullets(), RandomAgent(0))
    assert s.bullets == {"a": 5, "b": 5}
    assert h.tokens("bullet", "bullets:p5") == 0
    assert not h.can_pay({"op": "spend_tokens", "token": "bullet", "count": 1}, "p5")


def test_a_follower_added_by_the_lone_wolf_appears_in_the_den(wc):
    """seed 000, p. 14, Regras do Lobo Solitário: a survivor the Lone Wolf adds to its followers appears in
    the den (or where it chooses if the den is full); helpless survivors are ignored."""
    g = table(wc, {"sparky": ("p5", DEN)}, players=5)
    s, h = g.state, g.host
    h.do_add_survivor("s:forest-plum", "p5", {})
    assert sv(g, "forest-plum").location == DEN and sv(g, "forest-plum").controller == "p5"
    h.do_add_tokens("helpless", DEN, 2, {})
    assert s.locations[DEN].helpless == 0
    s.locations[DEN].survivor_spaces = 2
    h.do_add_survivor("s:gray-beard", "p5", {})
    g.drive(g.settle(), Script(g, [("p5", "place survivor", "library")]))
    assert sv(g, "gray-beard").location == "library"
    g.verify("followers")
    assert g.violations == []


def test_the_lone_wolf_may_give_crisis_cards_but_ignores_crisis_morale(wc):
    """seed 000, p. 14, Regras do Lobo Solitário: the Lone Wolf may give cards to the joint crisis, but it is
    not affected by the morale the crisis's effects win or lose."""
    g = table(wc, {"sparky": ("p5", DEN), "brian-lee": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_b")},
              players=5)
    s = g.state
    s.cards["c:test-crisis"] = "base.crisis.despair"           # prevented with medicine
    g.total_cards += 1
    s.crisis = "c:test-crisis"
    card = give(g, "p5", "medicine")
    p = wolf(g)
    assert ("crisis", card) in g.legal_actions(p)
    g.drive(g.perform(p, ("crisis", card)), RandomAgent(0))
    assert s.crisis_added == [(card, "p5")]
    g.drive(g.step_resolve_crisis(), RandomAgent(0))
    assert events(g, "crisis_result")[-1]["points"] == 1
    assert s.colony_morale[WOLF] == 4
    g.verify("crisis")
    assert g.violations == []


# ---- colony warfare (Combate Entre as Colônias) ---------------------------------------------------------------

def test_the_lone_wolf_flees_before_a_combat(wc):
    """seed 000, p. 15, Combate Entre as Colônias, 1. Fugir: before a combat where it has survivors, the
    Lone Wolf may flee: every survivor of its there goes back, one by one, to the den (or elsewhere if the
    den is full), with exposure rolls; the combat is fought without them."""
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "school"), "sparky": ("p5", "school"),
                   "forest-plum": ("p5", "school"), "gray-beard": ("p5", DEN)},
              players=5, rolls=[BLANK, BLANK, BIO1, BIO1])
    g.state.locations[DEN].survivor_spaces = 2
    warfare(g, {("p5", "lone wolf in combat"): [("flee",)], ("p5", "flee to"): ["library"],
                ("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["all-in"],
                ("p1", "bullet bid"): [0], ("p3", "bullet bid"): [0]})
    assert sv(g, "forest-plum").location == DEN and sv(g, "sparky").location == "library"    # the den is full
    assert [e["survivor"] for e in events(g, "exposure")] == ["s:forest-plum", "s:sparky"]
    assert events(g, "combat_result")[-1]["strength"] == {"a": 4, "b": 4}


def test_the_lone_wolf_joins_a_side_and_its_survivors_take_that_colonys_wounds(wc):
    """seed 000, p. 15, Combate Entre as Colônias, 2. Participar do combate (and Nota): the Lone Wolf picks
    a colony; its survivors there count as members of that colony for this combat, and that colony's
    leader may put wounds on them."""
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "school"), "sparky": ("p5", "school")},
              players=5, rolls=[BIO1, BIO1])
    warfare(g, {("p5", "lone wolf in combat"): [("join", "b")],
                ("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["all-in"],
                ("p1", "bullet bid"): [2], ("p3", "bullet bid"): [0], ("p3", "combat wound"): ["sparky"]})
    assert events(g, "combat_survivors")[-1]["strength"] == {"a": 3 + 1, "b": 3 + 2}
    assert events(g, "combat_result")[-1]["strength"] == {"a": 6, "b": 5}
    assert sv(g, "sparky").wounds == 1
    assert g.host.team_of("s:sparky") == WOLF and g.host.wolf_side is None      # for this combat only



def test_a_lone_wolf_survivor_left_at_a_combat_without_joining_counts_for_no_colony(wc):
    """seed 000, p. 15, Combate Entre as Colônias: a Lone Wolf survivor adds to a colony's combat strength
    only when the Lone Wolf joined that colony (2. Participar do combate). When the game ends while it flees
    (here a rule ends it on its first survivor's move), nothing more moves: its second survivor stays at
    the combat on no side, and no colony counts it."""
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "school"), "sparky": ("p5", "school"),
                   "forest-plum": ("p5", "school")}, players=5, rolls=[BLANK, BIO1, BIO1])
    holding(g, "brian-lee", "when a player moves a survivor:\n  end the game.")
    asked = []

    class Answer:
        def answer(self, d):
            asked.append((d.player, d.prompt))
            if d.prompt == "tactic":
                return tuple(c for c in d.choices if g.state.cards[c].endswith(".all-in"))
            return {"lone wolf in combat": ("flee",), "bullet bid": 0}[d.prompt]
    g.drive(g.warfare.step_colony_warfare(), Answer())
    assert g.state.over and ("p5", "lone wolf in combat") in asked
    assert sv(g, "forest-plum").location == DEN and sv(g, "sparky").location == "school"
    assert g.host.team_of("s:sparky") == WOLF
    assert all(e["strength"] == {"a": 1 + 3, "b": 1 + 3} for e in events(g, "combat_survivors"))   # ALL IN: +3

# ---- missions, morale, victory ------------------------------------------------------------------------------

def test_a_completed_mission_raises_morale_and_draws_another(wc):
    """seed 000, p. 15, Cartas de Missão and Moral do Lobo Solitário: the Lone Wolf holds 3 missions, draws
    another whenever it completes one, and completing missions raises its morale (by a stand-in 1)."""
    g = table(wc, {"sparky": ("p5", DEN)}, players=5)
    s = g.state
    set_missions(g, ["larder", "hoarder", "pack"], deck=["scouts", "armed"])
    s.colony_food[WOLF] = 2
    done = g.lone_wolf.complete_missions(wolf(g))
    assert done == ["stand-in.mission.larder"] and g.lone_wolf.missions_done == done
    assert g.lone_wolf.missions_hand == ["stand-in.mission." + m for m in ("hoarder", "pack", "scouts")]
    assert s.colony_morale[WOLF] == 5 and events(g, "mission_completed")[0]["stand_in"] is True
    g.verify("mission")
    assert g.violations == []


def test_once_per_round_a_mission_may_be_swapped_until_the_deck_runs_out(wc):
    """seed 000, p. 15, Cartas de Missão: once per round, at the start of its turn, the Lone Wolf may
    discard a mission and draw a new one; once the mission deck is empty it draws no more."""
    g = table(wc, {"sparky": ("p5", DEN)}, players=5)
    s = g.state
    p = wolf(g)
    set_missions(g, ["larder", "hoarder", "pack"], deck=["scouts"])
    g.drive(g.lone_wolf.swap_mission(p), Script(g, [("p5", "swap mission", "stand-in.mission.hoarder")]))
    assert g.lone_wolf.missions_hand == ["stand-in.mission." + m for m in ("larder", "pack", "scouts")]
    assert "stand-in.mission.hoarder" in g.lone_wolf.missions_discard and g.lone_wolf.missions_deck == []
    s.rounds_played += 1
    g.drive(g.lone_wolf.swap_mission(p), Script(g, []))                     # the deck is empty: no question
    s.colony_food[WOLF] = 5
    g.lone_wolf.complete_missions(p)
    assert g.lone_wolf.missions_hand == ["stand-in.mission.pack", "stand-in.mission.scouts"]      # nothing to draw
    g.verify("missions")
    assert g.violations == []


def test_one_swap_per_round(wc):
    """seed 000, p. 15, Cartas de Missão: "Uma vez por rodada": a second swap in the same round is not
    offered."""
    g = table(wc, {"sparky": ("p5", DEN)}, players=5)
    set_missions(g, ["larder", "hoarder", "pack"])
    g.drive(g.lone_wolf.swap_mission(wolf(g)), Script(g, [("p5", "swap mission", "stand-in.mission.pack")]))
    g.drive(g.lone_wolf.swap_mission(wolf(g)), Script(g, []))


def test_the_lone_wolf_at_zero_morale_leaves_the_game(wc):
    """seed 000, p. 15, Moral do Lobo Solitário: if its morale reaches 0 the Lone Wolf loses and leaves the
    game: its survivors leave play with their cards, it takes no more turns and its den pays no food."""
    g = table(wc, {"sparky": ("p5", DEN, ["pistol"]), "forest-plum": ("p5", "school"),
                   "brian-lee": ("p1", "colony_a")}, players=5, wolf_morale=1)
    s, h = g.state, g.host
    give(g, "p5", "medicine")
    h.kill("s:forest-plum", {"rule": "test"}, cause="test")
    assert s.colony_morale[WOLF] == 0
    g.lone_wolf.check()
    assert s.wolf_out and wolf(g).survivors == [] and wolf(g).hand == []
    assert sv(g, "sparky").place == "removed" and s.survivors_at(DEN) == []
    g.verify("left")
    assert g.violations == []
    g.drive(g.lone_wolf.step_lone_wolf_turn(), Script(g, []))
    h.do_change_morale("p5", 2, {})
    h.do_add_survivor("s:gray-beard", "p5", {})
    assert s.colony_morale[WOLF] == 0 and sv(g, "gray-beard").place == "deck"
    result = g.finish()
    assert result["lone_wolf"]["left"] and "p5" not in result["winners"] and result["violations"] == []


@pytest.mark.parametrize("morale,won", [(5, True), (4, False)])
def test_the_lone_wolf_wins_with_its_secret_objective_complete_at_the_end(wc, morale, won):
    """seed 000, p. 15, Condições de Vitória do Lobo Solitário: the Lone Wolf wins if its secret objective
    is complete when the game ends (here the STAND-IN objective High Spirits: morale 5)."""
    g = table(wc, {"sparky": ("p5", DEN)}, players=5, wolf_morale=morale)
    g.lone_wolf.objective = "stand-in.wolf-objective.high-spirits"
    result = g.finish()
    assert result["lone_wolf"]["won"] is won and ("p5" in result["winners"]) is won


@pytest.mark.parametrize("morale,won", [(5, True), (4, False), (0, False)])
def test_a_game_a_colonys_morale_ended_tells_the_lone_wolfs_own_result(wc, morale, won):
    """seed 000, p. 13, Condições de Vitória e Derrota: colony A at 0 morale has lost and plays on until the
    objective check, where the game ends; p. 15, Condições de Vitória do Lobo Solitário: the Lone Wolf's
    result is its own (its secret objective complete when the game ends; left at 0 morale), so the
    game's closing ``result`` line names it, won or not, beside the colonies' winners."""
    g = table(wc, {"sparky": ("p5", DEN), "brian-lee": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_b")},
              players=5, morale=(0, 1), wolf_morale=morale)
    g.lone_wolf.objective = "stand-in.wolf-objective.high-spirits"
    g.lone_wolf.check()
    g.drive(g.colony_phase.step_check_main_objective(), RandomAgent(0))
    assert g.state.over and g.state.ending == "morale" and events(g, "colonies_lost") == [{"colonies": ["a"]}]
    result = g.finish()
    told = events(g, "result")[-1]
    assert told["lone_wolf"] == {"player": "p5", "won": won, "left": morale == 0, "morale": morale}
    assert told["winners"] == result["winners"] == (["p5"] if won else [])


# ---- whole games ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [5, 7, 9, 11])
@pytest.mark.parametrize("seed", range(3))
def test_seeded_lone_wolf_games_keep_every_invariant(wc, players, seed):
    """seed 000, p. 14-15, LOBO SOLITÁRIO and 11 JOGADORES: whole seeded games at 5, 7, 9 and 11 players
    (bots, and random agents for one seed) end without a crash and with no invariant broken, the den's
    and the Lone Wolf's included."""
    result = play_colonies(wc, seed=seed, players=players)
    assert result["violations"] == [] and result["lone_wolf"]["player"] == f"p{players}"
    if seed == 0:
        assert play_colonies(wc, seed=seed, players=players, agents="random")["violations"] == []


def test_player_counts_outside_four_to_eleven_are_refused(wc):
    """seed 000, Preparação ("para 4 a 11 jogadores")."""
    for n in (3, 12):
        with pytest.raises(GameError):
            ColoniesGame(wc, seed=0, players=n)


@pytest.mark.parametrize("players", [5, 11])
def test_dow_simulate_seats_the_lone_wolf_bot(wc, players):
    """seed 000, p. 14, LOBO SOLITÁRIO: ``dow simulate --variant warring-colonies`` with an odd count plays
    the Lone Wolf's seat with its own bot, and replays of those games are identical."""
    from dow.runtime.engine.sim import play_game, replay_game, simulate
    summary = simulate(wc, 2, seed=7, players=players, variants=["warring-colonies"])
    assert summary["crashes"] == [] and summary["violations"] == []
    game, replay, result = play_game(wc, 7, players, variants=["warring-colonies"])
    assert game.state.wolf == f"p{players}" and result["lone_wolf"]["player"] == game.state.wolf
    assert replay_game(wc, replay)[1]
