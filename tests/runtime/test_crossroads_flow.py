"""The crossroads card flow on the reference engine: who is asked, and what the answers do.

Card scenarios (content/base/crossroads/*.yaml) check the outcomes; these tests check what a
scenario cannot see: which player each decision goes to.
"""
from __future__ import annotations

import copy

import pytest

from dow.runtime.decisions import OPTION, VOTE
from dow.runtime.engine.effects import crossroads_program
from dow.runtime.engine.scenario import Scenario


def _card(bundle: dict, card_id: str) -> dict:
    return next(c for c in bundle["cards"] if c["id"] == card_id)


def _run(bundle, card: dict, given: dict, answers: list):
    """Run a crossroads card's whole flow (set-up, then its options) for p1; the decisions asked."""
    sc = Scenario(bundle, card, {"name": "flow", "given": given, "do": "trigger"})
    g = sc.game
    asked = []
    env = {"player": "p1", "card": card["id"], "this_card": sc.card_instance(card["id"])}
    gen = g.run_effect(crossroads_program(card), env)
    script = list(answers)
    try:
        d = next(gen)
        while True:
            asked.append((d.kind, d.player, d.prompt))
            d = gen.send(d.check(script.pop(0)))
    except StopIteration:
        pass
    assert script == [], f"answers never asked for: {script}"
    return asked, g


def test_every_option_is_offered_even_one_that_does_nothing(bundle):
    card = _card(bundle, "base.crossroads.carla-thompson")
    assert all(o.get("effect") is not None for o in card["options"])
    assert card["options"][1]["effect"]["tree"] == []
    asked, _ = _run(bundle, card, {"survivors": {"carla-thompson": {"at": "colony"}}}, [1])
    assert asked == [(OPTION, "p1", "choose")]


def test_every_voter_is_asked_and_the_first_player_breaks_the_tie(bundle):
    card = _card(bundle, "base.crossroads.helpless")
    given = {"players": 3, "first": "p3", "helpless": 2,
             "survivors": {"brian-lee": {"at": "colony"}, "olivia-brown": {"player": "p2", "at": "colony"},
                           "sparky": {"player": "p3", "at": "school"}}}
    asked, g = _run(bundle, card, given, [0, 1, 1])
    assert asked == [(VOTE, "p1", "vote"), (VOTE, "p2", "vote"), (OPTION, "p3", "break the tie")]
    assert g.state.locations["colony"].helpless == 2          # p3 chose "nothing happens"


@pytest.mark.parametrize("weight, helpless", [(2, 2), (1, 0)])
def test_a_weighted_vote_counts_its_weight(bundle, weight, helpless):
    """p2's one vote counts twice and outweighs p1's (2 against 1); at weight 1 it only ties, and the
    first player (p1) breaks the tie their own way."""
    card = _card(bundle, "base.crossroads.helpless")
    given = {"helpless": 2, "survivors": {"brian-lee": {"at": "colony"}, "olivia-brown": {"player": "p2", "at": "colony"}}}
    sc = Scenario(bundle, card, {"name": "w", "given": given, "do": "trigger"})
    g = sc.game
    g.host.attr = (lambda old: lambda thing, name: weight if (thing, name) == ("p2", "vote_weight") else old(thing, name))(g.host.attr)
    gen = g.run_effect(crossroads_program(card), {"player": "p1", "card": card["id"]})
    answers = {("p1", "vote"): 0, ("p2", "vote"): 1, ("p1", "break the tie"): 0}
    try:
        d = next(gen)
        while True:
            d = gen.send(answers[(d.player, d.prompt)])
    except StopIteration:
        pass
    assert g.state.locations["colony"].helpless == helpless


def test_the_player_a_card_names_makes_the_choice(bundle):
    """Dynamite: the player who controls Edward White chooses (here a stand-in survivor names the chooser,
    since the card's own survivors are not in the base survivor deck)."""
    card = copy.deepcopy(_card(bundle, "base.crossroads.dynamite"))
    assert card["chooser"]["tree"]["op"] == "controls"
    card["chooser"]["tree"]["what"] = {"op": "named", "card": "Olivia Brown", "kind": "survivor"}
    given = {"survivors": {"brian-lee": {"at": "colony"}, "olivia-brown": {"player": "p2", "at": "school"}}}
    asked, g = _run(bundle, card, given, [1])
    assert asked == [(OPTION, "p2", "choose")]
    assert g.state.morale == 7                                 # the option's effect is the card's player's


@pytest.mark.parametrize("first, chooser", [("p2", "p2"), ("p1", "p1")])
def test_a_card_whose_option_the_first_player_chooses_asks_the_first_player(bundle, first, chooser):
    """'chooser: they are the first player': the first player is asked, whoever the card applies to."""
    card = copy.deepcopy(_card(bundle, "base.crossroads.dynamite"))
    card["chooser"]["tree"] = {"op": "is", "subject": {"op": "ref", "name": "each", "kind": "player"}, "state": "first"}
    given = {"first": first, "survivors": {"brian-lee": {"at": "colony"}, "olivia-brown": {"player": "p2"}}}
    asked, _ = _run(bundle, card, given, [1])
    assert asked == [(OPTION, chooser, "choose")]


@pytest.mark.parametrize("first, pick", [("p1", "p3"), ("p2", "p2")])
def test_when_several_players_are_the_chooser_the_first_player_says_which(bundle, first, pick):
    """'chooser: they …' met by more than one player (here every player not exiled): the first player is asked
    which of them chooses, and that player is asked the option (seed 004, Voting: "all ties are broken by the
    first player"); the engine no longer takes the first seat that meets it."""
    from dow.runtime.decisions import TARGETS
    card = copy.deepcopy(_card(bundle, "base.crossroads.dynamite"))
    each = {"op": "ref", "name": "each", "kind": "player"}
    card["chooser"]["tree"] = {"op": "not", "item": {"op": "is", "subject": each, "state": "exiled"}}
    given = {"players": 3, "first": first, "survivors": {"brian-lee": {"at": "colony"},
                                                         "olivia-brown": {"player": "p2"}, "sparky": {"player": "p3"}}}
    asked, _ = _run(bundle, card, given, [[pick], 1])
    assert asked == [(TARGETS, first, "who chooses"), (OPTION, pick, "choose")]


def test_a_crossroads_card_met_twice_by_one_action_asks_which_survivor(bundle):
    """A base crossroads card whose trigger one action met twice (two survivors): the player it applies to
    chooses which survivor it applies to (seed 004, Resolving Crossroads cards: "the player the card applies
    to must then choose"), not the engine's first binding."""
    from dow.runtime.decisions import TARGETS
    card = _card(bundle, "base.crossroads.carla-thompson")
    sc = Scenario(bundle, card, {"name": "twice", "given": {"survivors": {"brian-lee": {"at": "colony"},
                                                                         "olivia-brown": {"at": "colony"}}},
                                 "do": "trigger"})
    g = sc.game
    ids = [sid for sid in g.state.survivors if sid.endswith(("brian-lee", "olivia-brown"))
           and g.state.survivors[sid].place == "play"]
    assert len(ids) == 2
    g.crossroads_held = (sc.card_instance(card["id"]), "p2")
    g.crossroads_all_bindings = lambda p, c: [{"survivor": sid} for sid in ids]
    resolved = []

    def resolve(p, c, drawer, bound):
        resolved.append(bound)
        yield from ()
    g.resolve_crossroads = resolve
    gen = g.check_crossroads(g.state.player("p1"))
    d = next(gen)
    assert (d.kind, d.player, d.prompt, set(d.choices)) == (TARGETS, "p1", "crossroads survivor", set(ids))
    with pytest.raises(StopIteration):
        gen.send(d.check([ids[1]]))
    assert resolved == [{"survivor": ids[1]}]
