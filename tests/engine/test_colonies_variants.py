"""Warring Colonies on the reference engine: the joint crisis deck, secret objectives, the 2-minute timer
and the quick game, the Random Items module, choosing which survivor a crossroads card applies to, and
`dow simulate --variant`. Every test names the paragraph of seed 000 it checks."""
from __future__ import annotations

import copy
import json
import re

import pytest
from colonies_helpers import events, sv, table
from colonies_helpers import wc  # noqa: F401  (the fixture)

from dow.cli.main import main
from dow.runtime.decisions import RandomAgent
from dow.runtime.engine.clock import ActionClock
from dow.runtime.engine.colonies import TEAMS, ColoniesGame
from dow.runtime.engine.game import Game, GameError
from dow.runtime.engine.sim import play_game, replay_game, simulate


def set_up(bundle, seed=0, players=4, **options) -> ColoniesGame:
    g = ColoniesGame(bundle, seed=seed, players=players, check=True, options=options)
    g.drive(g.setup_players(), RandomAgent(seed))
    return g


# ---- the joint crisis deck (Preparação 7; Revelar crise) ----------------------------------------------
def test_without_transcribed_crises_the_joint_crisis_deck_is_the_labelled_stand_in(wc):
    """seed 000, Preparação 7: the Warring Colonies crisis deck is shuffled beside the board. None of its
    11 cards is transcribed, so the game plays the ruleset's stand-in deck, every card marked stand_in."""
    g = ColoniesGame(wc, seed=1, players=4)
    spec = g.wc["stand_ins"]["crisis_deck"]
    deck = [g.host.card_def(c) for c in g.state.crisis_deck]
    assert len(deck) == spec["cards"] == 11
    assert all(d["stand_in"] and d["name"].startswith("stand-in crisis") for d in deck)
    kinds = {d["id"]: d["prevent"] for d in deck}
    assert kinds["stand-in.crisis.1"] == [spec["prevent"][0]] and kinds["stand-in.crisis.5"] == [spec["prevent"][0]]
    assert kinds["stand-in.crisis.2"] == [spec["prevent"][1]]


def test_transcribed_warring_colonies_crises_replace_the_stand_ins(wc):
    """seed 000, Preparação 7: once crisis cards of the set are in the bundle, the deck is made of them."""
    bundle = copy.deepcopy(wc)
    base = next(c for c in bundle["cards"] if c["id"] == "base.crisis.despair")
    bundle["cards"].append({**base, "id": "warring-colonies.crisis.test-only", "set": "warring-colonies"})
    g = ColoniesGame(bundle, seed=1, players=4)
    assert [g.state.cards[c] for c in g.state.crisis_deck] == ["warring-colonies.crisis.test-only"]


def test_a_failed_stand_in_crisis_costs_each_colony_its_morale(wc):
    """seed 000, Resolver crise: a joint crisis not prevented happens to each colony."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_b")}, morale=(5, 4))
    s = g.state
    s.crisis = s.crisis_deck.pop(0)
    lost = g.wc["stand_ins"]["crisis_deck"]["morale_lost"]
    g.drive(g.step_resolve_crisis(), RandomAgent(0))
    assert s.colony_morale == {"a": 5 - lost, "b": 4 - lost}
    assert events(g, "crisis_result")[0]["stand_in"] is True and g.violations == []


# ---- secret objectives (Preparação 6; Condições de vitória e derrota) --------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_each_player_gets_one_secret_objective_never_a_betrayal_nor_justice(wc, seed):
    """seed 000, Preparação 6 and its Nota, Lista de verificação: 1 secret objective each, no betrayal
    objectives, every base non-betrayal one except Justice; the rest go back to the box; each player's card
    is told to them alone."""
    g = set_up(wc, seed=seed, players=8)
    s = g.state
    dealt = [s.cards[p.secret] for p in s.players]
    assert len(dealt) == len(set(dealt)) == 8
    for card in dealt + [s.cards[c] for c in s.secret_box]:
        assert not g._betrayal(g.defs[card])
        assert card != "base.secret-objective.justice"
    lines = [e for e in g.log.lines if e["event"] == "secret_objective"]
    assert {e["private_to"] for e in lines} == {p.id for p in s.players}
    assert all(e["params"]["player"] == e["private_to"] for e in lines)
    assert not any(c in json.dumps(g.log.public()) for c in dealt)


def test_the_players_of_the_colony_that_completes_the_objective_win(wc):
    """seed 000, Condições de vitória e derrota: you win by completing your secret objective, which as a rule
    needs your colony to complete the main objective (the stand-in goal while the goals are untranscribed);
    a colony at 0 morale has lost."""
    g = set_up(wc, seed=2)
    s = g.state
    s.winner, s.over, s.ending = "a", True, "objective"
    assert g.finish()["winners"] == [p.id for p in s.players if s.teams[p.id] == "a"]
    g = set_up(wc, seed=2)
    s = g.state
    s.winner, s.over, s.ending = "a", True, "objective"
    s.colony_morale["a"] = 0
    assert g.finish()["winners"] == []


# ---- the 2-minute timer and the quick game (Ações simultâneas; Partida rápida) ---------------------------
def test_the_action_clock_counts_actions_from_the_first_player_done():
    """seed 000, Ações simultâneas: the first player to finish turns the timer; the other then has its time."""
    clock = ActionClock(2)
    clock.start(["p1", "p3"])
    for _ in range(5):                           # before anyone is done, time does not run
        assert clock.may_act("p3")
        clock.acted("p3")
    assert clock.finished("p3") is True
    assert clock.may_act("p1")
    clock.acted("p1")
    clock.acted("p1")
    assert not clock.may_act("p1")
    assert clock.finished("p1") is False         # the timer is turned once


def test_the_quick_game_clock_is_one_budget_for_both_players():
    """seed 000, Partida rápida: a TOTAL of 2 minutes for all the actions of both players, started after
    both have moved."""
    clock = ActionClock(3, shared=True)
    clock.start(["p1", "p3"])
    clock.acted("p1")
    clock.acted("p3")
    assert clock.finished("p1") is False
    assert clock.may_act("p3")
    clock.acted("p3")
    assert not clock.may_act("p3") and not clock.may_act("p1")
    assert ActionClock(None).may_act("p1")       # no timer: a host that plays without one


class Barricader:
    """Passes the movement; ``stop`` ends its actions at once; everybody else barricades while they can."""

    def __init__(self, stop: set[str]):
        self.stop, self.asked = stop, []

    def answer(self, d):
        self.asked.append((d.player, d.prompt))
        if d.prompt == "movement":
            return ("pass",)
        if d.prompt == "action":
            if d.player in self.stop:
                return ("end",)
            return next((a for a in d.choices if a[0] == "barricade"), ("end",))
        return d.choices[0] if d.kind == "option" else RandomAgent(0).answer(d)


def barricades(g) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in events(g, "action"):
        if e["action"][0] == "barricade":
            out[e["player"]] = out.get(e["player"], 0) + 1
    return out


def test_after_the_first_player_is_done_the_other_has_the_timers_actions_only(wc):
    """seed 000, Ações simultâneas: the two players act together; when one is done, the other has 2 minutes
    (here the ruleset's action budget, a game option) for what is left; actions after that are lost."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_b")}, morale=(3, 4))
    g.clock = ActionClock(2)                     # colony A's lower morale: p1 acts first, and is done at once
    for p in g.state.players:
        p.unused = [6, 6, 6, 6, 6]
    g.state.removed += g.state.crossroads            # no crossroads card this turn
    g.state.crossroads = []
    g.drive(g.pair_turn({"a": "p1", "b": "p3"}), Barricader(stop={"p1"}))
    assert barricades(g) == {"p3": 2}
    assert events(g, "timer_started") == [{"by": "p1", "budget": 2}]
    assert events(g, "time_up") == [{"player": "p3"}]
    assert g.violations == []


def test_in_the_quick_game_both_players_share_one_budget(wc):
    """seed 000, Partida rápida: one shared time for every action of both players."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_b")}, morale=(4, 4))
    g.clock = ActionClock(3, shared=True)
    for p in g.state.players:
        p.unused = [6, 6, 6, 6, 6]
    g.state.removed += g.state.crossroads            # no crossroads card this turn
    g.state.crossroads = []
    g.drive(g.pair_turn({"a": "p1", "b": "p3"}), Barricader(stop=set()))
    assert sum(barricades(g).values()) == 3
    assert events(g, "timer_started") == []
    assert g.violations == []


def test_the_timer_budget_comes_from_the_ruleset_and_the_options(wc):
    """The 2 minutes as actions: the ruleset's stand-in budget, the quick game's, or the host's own."""
    timer = wc["rulesets"]["warring-colonies"]["stand_ins"]["timer"]
    g = ColoniesGame(wc, seed=0, players=4)
    assert (g.clock.budget, g.clock.shared) == (timer["actions"], False)
    g = ColoniesGame(wc, seed=0, players=4, options={"quick": True})
    assert (g.clock.budget, g.clock.shared) == (timer["quick_actions"], True)
    assert ColoniesGame(wc, seed=0, players=4, options={"timer": 0}).clock.budget is None
    with pytest.raises(GameError, match="unknown game option"):
        ColoniesGame(wc, seed=0, players=4, options={"hourglass": 2})


# ---- the Random Items module (Módulo de itens aleatórios) ---------------------------------------------------
def with_random_items(bundle, n: int) -> dict:
    """A bundle copy holding ``n`` test-only Warring Colonies item cards (none is transcribed)."""
    out = copy.deepcopy(bundle)
    junk = next(c for c in out["cards"] if c["id"] == "base.item.junk")
    out["cards"] += [{**junk, "id": f"warring-colonies.item.test-only-{k}", "set": "warring-colonies"}
                     for k in range(n)]
    return out


def test_the_random_items_module_needs_its_cards(wc):
    """seed 000, Módulo de itens aleatórios: the module shuffles the random item deck; without its cards in
    the bundle it cannot be played, and the game says so instead of inventing them."""
    with pytest.raises(GameError, match="Random Items module"):
        Game(wc, seed=0, players=4, options={"random_items": True})
    with pytest.raises(GameError, match="only 3"):
        Game(with_random_items(wc, 3), seed=0, players=4, options={"random_items": True})


@pytest.mark.parametrize("colonies", [False, True])
def test_the_random_items_module_puts_five_random_cards_in_each_location_deck(wc, colonies):
    """seed 000, Módulo de itens aleatórios 2: 5 random cards into each location's item deck, which is then
    shuffled; in a standard game and in Warring Colonies alike."""
    bundle = with_random_items(wc, 40)
    make = ColoniesGame if colonies else Game
    plain = make(bundle, seed=4, players=4)
    g = make(bundle, seed=4, players=4, check=True, options={"random_items": True})
    per = wc["rulesets"]["warring-colonies"]["random_items"]["per_location"]
    added = []
    for lid, loc in g.state.locations.items():
        if loc.deck or plain.state.locations[lid].deck:
            assert len(loc.deck) == len(plain.state.locations[lid].deck) + per
            added += [c for c in loc.deck if ".test-only-" in g.state.cards[c]]
    decks = sum(1 for loc in g.state.locations.values() if loc.deck)
    assert len(added) == per * decks and len({g.state.cards[c] for c in added}) == len(added)
    g.verify("setup")
    assert g.violations == []


# ---- which survivor a crossroads card applies to (Resolver cartas de encruzilhada, Nota) -------------------
def test_the_active_player_chooses_which_survivor_a_crossroads_card_applies_to(wc):
    """seed 000, Resolver cartas de encruzilhada, Nota: if more than one survivor met a crossroads card's
    trigger during the turn, the active player, having read the card, decides which one it applies to."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "sparky": ("p1", "colony_a"),
                   "olivia-brown": ("p3", "colony_b")}, morale=(4, 4), rolls=[1, 1])
    s = g.state
    horde = f"c:{len(s.cards) + 1}"
    s.cards[horde] = "base.crossroads.horde"        # trigger: you move a survivor (without playing fuel)
    g.total_cards += 1
    s.removed += s.crossroads
    s.crossroads = [horde]
    asked = []

    class Script:
        moves = [("move", "s:brian-lee", "school"), ("move", "s:sparky", "library")]

        def answer(self, d):
            asked.append((d.player, d.prompt, d.choices))
            if d.prompt == "movement":
                if d.player == "p1" and self.moves:
                    want = self.moves.pop(0)
                    return next(c for c in d.choices if c[:3] == want)
                return ("pass",)
            if d.prompt == "action":
                return ("end",)
            if d.prompt == "crossroads survivor":
                return ("s:sparky",)
            if d.kind == "option":                  # the card's option 2: back where it came from
                return d.choices[1]
            return RandomAgent(0).answer(d)
    g.drive(g.pair_turn({"a": "p1", "b": "p3"}), Script())
    which = [a for a in asked if a[1] == "crossroads survivor"]
    assert len(which) == 1 and which[0][0] == "p1" and set(which[0][2]) == {"s:brian-lee", "s:sparky"}
    assert sv(g, "sparky").location == "colony_a" and sv(g, "brian-lee").location == "school"
    assert g.violations == []


# ---- whole games and the command line (Nova sequência da rodada) ---------------------------------------------
@pytest.mark.parametrize("players", [4, 6, 8, 10])
def test_simulated_warring_colonies_games_keep_every_invariant(wc, players):
    """Whole games of Warring Colonies with bots at every even player count the colonies split into."""
    summary = simulate(wc, 12, seed=500 + players, players=players, variants=["warring-colonies"])
    assert summary["crashes"] == [] and summary["violations"] == []
    assert sum(summary["endings"].values()) == 12
    assert set(summary["wins"]) <= {"colony a", "colony b", "both colonies", "no colony"}


@pytest.mark.parametrize("variants", [["warring-colonies", "quick"], ["warring-colonies"]])
def test_a_warring_colonies_replay_plays_back_identically(wc, variants):
    game, replay, result = play_game(wc, 9, 6, "random", variants=variants)
    assert replay.setup["variants"] == variants
    again, same = replay_game(wc, replay)
    assert same and again.violations == [] and result["violations"] == []
    assert isinstance(again, ColoniesGame) and again.clock.shared == ("quick" in variants)


def test_dow_simulate_variant_warring_colonies(capsys, tmp_path):
    out = tmp_path / "summary.json"
    code = main(["simulate", "--variant", "warring-colonies", "--players", "6", "--games", "3",
                 "--format", "json", "--out", str(out)])
    summary = json.loads(out.read_text())
    assert code == 0, capsys.readouterr()
    assert summary["variants"] == ["warring-colonies"] and summary["players"] == 6
    assert summary["violations"] == [] and summary["crashes"] == []
    assert set(summary["wins"]) <= {"colony a", "colony b", "both colonies", "no colony"}


@pytest.mark.parametrize("args,message", [
    (["--variant", "quick"], "quick game is a Warring Colonies variant"),
    (["--variant", "warring-colonies", "--players", "3"], "not 3"),
    (["--variant", "random-items"], "Random Items module"),
])
def test_dow_simulate_refuses_what_the_rules_do_not_have(capsys, args, message):
    assert main(["simulate", "--games", "1", *args]) == 2
    assert message in capsys.readouterr().err


def test_a_crisis_is_revealed_every_round_from_the_joint_deck(wc):
    """seed 000, Revelar crise: each round reveals the top card of the joint crisis deck."""
    game, _, result = play_game(wc, 40, 4, "bot", variants=["warring-colonies"])
    revealed = [e["params"]["card"] for e in game.log.lines if e["event"] == "crisis"]
    assert len(revealed) == result["rounds"] and all(c.startswith("stand-in.crisis.") for c in revealed)
    assert sorted(game.state.teams.values()) == sorted(TEAMS * 2)


# ---- cards read from one colony's side (Interpretação das cartas) -----------------------------------------------
def run_card(g, card_id: str, player: str, tree_of=lambda d: d["effect"]["tree"]):
    d = g.defs[card_id]
    g.drive(g.run_effect(tree_of(d), {"player": player, "card": card_id}), RandomAgent(0))
    g.verify("effect")
    assert g.violations == []


def test_a_crisis_or_crossroads_card_means_the_players_own_colony(wc):
    """seed 000, Interpretação das cartas: unless stated otherwise the text refers only to the player's own
    colony ("a survivor" = a survivor of your colony); the joint crisis happens to each colony that way."""
    survivors = {"brian-lee": ("p1", "colony_a"), "sparky": ("p2", "school"),
                 "olivia-brown": ("p3", "colony_b"), "alexis-grey": ("p4", "school")}
    g = table(wc, survivors, morale=(5, 5))
    run_card(g, "base.crisis.illness", "p1")          # "place a wound on each survivor"
    assert [sv(g, n).wounds for n in survivors] == [1, 1, 0, 0]
    assert g.state.colony_morale == {"a": 4, "b": 5}
    g = table(wc, survivors, morale=(5, 5))
    run_card(g, "base.crisis.overpopulation", "p3")   # "kill 2 survivors with the lowest influence"
    assert [sv(g, n).place for n in survivors] == ["play", "play", "removed", "removed"]


def test_a_survivor_ability_is_not_limited_to_its_colony_but_an_enemy_filter_always_reaches_the_enemy(wc):
    """seed 000, Interpretação das cartas names crossroads and secret objective cards (and, in its note, four
    survivors): other abilities read as in a normal game; a card that names the enemy reaches the enemy."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_b")})
    h = g.host
    everyone = h.things("survivor")
    sel = {"kind": "survivor", "filters": []}

    class E:
        def __init__(self, card, player="p1"):
            self.card, self.player = card, player
    assert h.scope("survivor", sel, E("base.crossroads.horde"), everyone) == ["s:brian-lee"]
    assert h.scope("player", sel, E("base.crossroads.horde"), h.things("player")) == ["p1", "p2"]
    assert h.scope("survivor", sel, E("base.survivor.brian-lee"), everyone) == everyone
    enemy = {"kind": "survivor", "filters": [{"op": "controlled_by", "player": "enemy"}]}
    assert h.scope("survivor", enemy, E("base.crossroads.horde"), everyone) == everyone
    at_enemy = {"kind": "survivor", "filters": [{"op": "at", "location": {"op": "location", "id": "enemy_colony"}}]}
    assert h.scope("survivor", at_enemy, E("base.crossroads.horde"), everyone) == everyone
    assert wc["rulesets"]["warring-colonies"]["card_scope"]["friendly_only"] == [
        "Anita Wallace", "Eric Parker", "Nadia Rivers", "Derek Yoshida"]


def test_a_survivor_bitten_during_the_simultaneous_actions_is_laid_down_until_the_step_ends(wc):
    """seed 000, Ações simultâneas, Nota: a bite during the simultaneous actions lays the survivor down; it
    takes no more actions nor uses abilities, and at the end of the step wounds and spreads are resolved."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "sparky": ("p1", "colony_a"),
                   "olivia-brown": ("p3", "colony_b")}, morale=(3, 4), rolls=[12])   # 12: the bitten face
    s = g.state
    s.removed += s.crossroads
    s.crossroads = []
    for p in s.players:
        p.unused = [6, 6]
    seen = []

    class Script:
        def answer(self, d):
            if d.prompt == "movement":
                return ("pass",)
            if d.prompt == "action" and d.player == "p1":
                seen.append(d.choices)
                if len(seen) == 1:
                    return next(c for c in d.choices if c[:3] == ("attack", "s:brian-lee", "zombie"))
                return ("end",)
            if d.prompt == "action":
                assert sv(g, "brian-lee").place == "play"       # still lying there while the step goes on
                return ("end",)
            return RandomAgent(0).answer(d)
    g.drive(g.pair_turn({"a": "p1", "b": "p3"}), Script())
    assert events(g, "laid_down") == [{"survivor": "s:brian-lee"}]
    assert not any("s:brian-lee" in c for c in seen[1])                  # no action for the bitten survivor
    assert any("s:sparky" in c for c in seen[1])
    assert sv(g, "brian-lee").place == "removed"
    killed = [e for e in g.log.lines if e["event"] == "killed"]
    laid = next(i for i, e in enumerate(g.log.lines) if e["event"] == "laid_down")
    last_action = max(i for i, e in enumerate(g.log.lines) if e["event"] == "action")
    assert killed and g.log.lines.index(killed[0]) > max(laid, last_action)
    assert g.violations == []


@pytest.mark.parametrize("lang,players", [("pt", 6), ("en", 6), ("vi", 6), ("pt", 5), ("en", 5), ("vi", 5)])
def test_a_warring_colonies_log_is_told_in_sentences(wc, lang, players):
    """`dow play --variant warring-colonies --lang L`: every line the colonies engine writes (the Lone Wolf's
    too) has a sentence of its own in each language (no "event: key value" fallback), with colonies and
    stand-in cards named in that language."""
    from dow.render.playlog import QUIET, Teller, catalogue
    MESSAGES, MESSAGES_COLONY = catalogue(lang)["events"], catalogue(lang)["colony_events"]
    game, _, _ = play_game(wc, 3, players, "bot", variants=["warring-colonies"])
    teller = Teller(wc, lang, game.state.cards)
    ours = set(MESSAGES_COLONY) | {"round", "crisis", "action_dice", "crossroads_drawn", "moved", "exposure",
                                   "zombie_killed", "crisis_card", "killed", "zombies_arrive", "round_track"}
    told = 0
    for line in game.log.public():
        if line["event"] in ours and line["event"] not in QUIET:
            text = teller.line(line)
            assert not text.startswith(line["event"].replace("_", " ") + ":"), (line, text)
            assert not re.search(r"colony_[ab]|bullets:\w|stand-in\.", text), text
            told += 1
    assert told > 50
    assert set(MESSAGES_COLONY) == set(catalogue("en")["colony_events"]) and set(MESSAGES) == set(catalogue("en")["events"])


# ---- winning and losing (Condições de vitória e derrota) ---------------------------------------------------
def test_a_colony_at_zero_morale_can_never_gain_morale_again(wc):
    """seed 000, Condições de vitória e derrota: once a colony's morale is 0 it cannot be raised again."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_b")}, morale=(1, 3))
    h = g.host
    h.set_colony_morale("a", 0, {"rule": "test"})
    h.set_colony_morale("a", 2, {"rule": "test"})
    h.do_change_morale("p1", 1, {"rule": "test"})
    h.set_colony_morale("b", 4, {"rule": "test"})
    assert g.state.colony_morale == {"a": 0, "b": 4}


def test_both_colonies_at_zero_morale_both_lose(wc):
    """seed 000, Condições de vitória e derrota: if both colonies are at 0 morale at the main objective check,
    both lose: the game ends with no winner."""
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "library")}, morale=(0, 0))
    g.drive(g.colony_phase.step_check_main_objective(), RandomAgent(0))
    assert g.state.over and g.state.ending == "morale"
    assert events(g, "colonies_lost") == [{"colonies": ["a", "b"]}]
    assert g.finish()["winners"] == []


def test_a_search_makes_noise_once_at_most(wc):
    """seed 000, Barulho durante a exploração: noise may be made only once per search action."""
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "colony_b")})
    p = g.state.player("p1")
    p.unused = [6]
    asked = []

    class Noisy:
        def answer(self, d):
            asked.append(d.prompt)
            return True if d.prompt == "make noise" else RandomAgent(0).answer(d)
    before = g.state.locations["school"].noise
    g.drive(g.perform(p, ("search", "s:brian-lee", 6)), Noisy())
    assert asked.count("make noise") == 1 and g.state.locations["school"].noise == before + 1
    assert g.noise_per_search == 1 and Game.noise_per_search == float("inf")


def test_cleaning_the_waste_takes_the_colonys_own_pile_and_counts_card_rules(wc):
    """seed 000, Novas ações: cleaning the waste is the base action (seed 004: the top cards of the pile) on
    the colony's own pile, leaving the enemy colony's pile alone."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_b")})
    s = g.state
    deck = s.locations["school"].deck
    for team, n in (("a", 6), ("b", 2)):
        for _ in range(n):
            c = deck.pop()
            s.waste.append(c)
            s.waste_of[c] = team
    p = s.player("p1")
    p.unused = [4]
    g.drive(g.perform(p, ("clean_waste", 4)), RandomAgent(0))
    n = g.rules["clean_waste"]
    assert len(s.colony_waste("a")) == 6 - n and len(s.colony_waste("b")) == 2
    g.verify("clean")
    assert g.violations == []


def test_a_rule_against_moving_to_a_place_holds_in_the_movement_step(wc):
    """A card's "cannot move to the library" (Alexis Grey's crossroads card, option 2) bars that destination
    in the Warring Colonies movement step (seed 000, Mover sobreviventes) and no other."""
    g = table(wc, {"alexis-grey": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_b")})
    card = "base.crossroads.alexis-grey"
    run_card(g, card, "p1", tree_of=lambda d: d["options"][1]["effect"]["tree"])
    options = g.movement_step.move_options(g.state.player("p1"), set(), "p3")
    targets = {o[2] for o in options if o[1] == "s:alexis-grey"}
    assert "library" not in targets and "school" in targets


def test_the_den_is_a_colony_for_abilities_and_crossroads_only(wc):
    """seed 000, p. 14, Covil do Lobo Solitário: the den counts as a colony for survivor abilities and
    crossroads cards; "each colony" on the main objective (Divide and Conquer's set-up) leaves it out."""
    from dow.runtime.engine.colony_table import DEN
    g = set_up(wc, seed=2, players=5)
    setup_lines = [e["params"] for e in g.log.lines if e["event"] in ("add_zombies", "add_tokens")]
    assert not any(DEN in str(p) or "bullets:p5" in str(p) for p in setup_lines)
    assert sum(g.state.locations[DEN].zombies) == 0
    h = g.host
    sel = {"kind": "location", "filters": [{"op": "state", "is": "colony"}]}

    class E:
        def __init__(self, card):
            self.card, self.player = card, "p5"
    pool = h.things("location")
    assert DEN in h.scope("location", sel, E("base.crossroads.horde"), pool)
    assert DEN in h.scope("location", sel, E("base.survivor.brian-lee"), pool)
    assert DEN not in h.scope("location", sel, E("warring-colonies.main-objective.divide-and-conquer"), pool)



def test_the_cards_given_to_the_joint_crisis_are_seen_by_every_player(wc, bundle):
    """seed 000, Crise conjunta: the cards given are played face up beside the crisis, in plain view; in the
    base game (seed 004, Add Cards to Crisis) each is told to the player who added it only."""
    game, _, _ = play_game(wc, 40, 4, "bot", variants=["warring-colonies"])
    given = [line for line in game.log.lines if line["event"] == "crisis_card_shown"]
    assert given and all(line.get("private_to") is None and line["params"]["card"] for line in given)
    assert not [line for line in game.log.lines if line["event"] == "crisis_card_is"]
    base, _, _ = play_game(bundle, 40, 4, "bot")
    added = [line for line in base.log.lines if line["event"] == "crisis_card_is"]
    assert added and all(line.get("private_to") for line in added)
