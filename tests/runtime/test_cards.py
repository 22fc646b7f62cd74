"""The card-flow helpers an embedder uses (dow.runtime.cards), on the shipped MinimalHost."""
from __future__ import annotations

import random

import pytest

from dow.runtime import cards
from dow.runtime.decisions import ScriptedAgent
from dow.runtime.interpreter import Env, Interpreter
from dow.runtime.minimal_host import MinimalHost

POS = {"card": "x.crossroads.test", "file": "x.yaml", "line": 3, "col": 1}


def _morale(amount: int) -> dict:
    return {"source": "", "tree": [{"op": "gain_morale" if amount > 0 else "lose_morale", "amount": abs(amount),
                                    "pos": POS}]}


def _crossroads(**extra) -> dict:
    """A crossroads card with three options: +1 morale, -1 morale, and 'nothing happens'."""
    return {"id": "x.crossroads.test", "kind": "crossroads", "file": "x.yaml",
            "options": [{"text": {}, "effect": _morale(1)}, {"text": {}, "effect": _morale(-1)},
                        {"text": {}, "effect": {"source": "nothing happens", "tree": []}}], **extra}


@pytest.fixture
def table(bundle):
    host = MinimalHost()
    return host, Interpreter(bundle, host, random.Random(0))


def test_every_option_is_offered_by_its_index_in_the_card(table):
    host, interp = table
    run = cards.resolve_crossroads(interp, _crossroads(), Env("p1", "x.crossroads.test"))
    decision = run.advance()
    assert (decision.kind, decision.player, decision.choices) == ("option", "p1", (0, 1, 2))
    assert run.advance(1) is None and host.morale("p1") == 4


def test_the_nothing_happens_option_changes_nothing(table):
    host, interp = table
    cards.resolve_crossroads(interp, _crossroads(), Env("p1", "x.crossroads.test")).run(ScriptedAgent([2]))
    assert host.morale("p1") == 5 and not [c for c in host.calls if c[0] == "change_morale"]


def test_an_option_whose_requirement_fails_is_not_offered(table):
    host, interp = table
    card = _crossroads()
    card["options"][0]["requires"] = {"source": "", "tree": {"op": "not", "item": {"op": "all", "items": [],
                                                                                  "pos": POS}, "pos": POS}}
    decision = cards.resolve_crossroads(interp, card, Env("p1", card["id"])).advance()
    assert decision.choices == (1, 2)


def test_a_vote_card_asks_every_player_and_its_set_up_runs_first(table):
    host, interp = table
    card = _crossroads(vote={"source": "", "tree": {"op": "all", "items": [], "pos": POS}}, setup={"text": {}, "effect": _morale(1)})
    program = cards.crossroads_program(card)
    assert [node["op"] for node in program] == ["gain_morale", "vote"]
    run = interp.execute(program, Env("p1", card["id"]))
    first = run.advance()
    assert host.morale("p1") == 6                      # the set-up ran before anyone voted
    assert (first.kind, first.player) == ("vote", "p1")
    second = run.advance(1)
    assert (second.kind, second.player) == ("vote", "p2")
    assert run.advance(1) is None and host.morale("p1") == 5


def test_the_trigger_condition_is_checked_on_the_table(bundle, table):
    host, interp = table
    sparky = cards.find_card(bundle, "base.crossroads.sparky")
    env = Env("p1", sparky["id"])
    assert not cards.trigger_holds(interp, sparky, env)
    host.add_survivor_fact("s:sparky", "Sparky", "p1", "colony")
    assert cards.trigger_holds(interp, sparky, env)
    assert cards.trigger_event(sparky) is None
    assert cards.trigger_holds(interp, {"trigger": {}}, env)            # no condition: it holds


@pytest.mark.parametrize("added, prevented, bonus", [
    (["food", "food"], True, False),                   # points = players: prevented
    (["food"], False, False),                          # one short
    (["food", "food", "junk"], False, False),          # a wrong card takes a point away
    (["food"] * 4, True, True),                        # players + bonus_over: the bonus
    (["food"] * 3, True, False),                       # one short of the bonus
])
def test_a_crisis_is_counted_on_both_sides_of_each_edge(added, prevented, bonus):
    result = cards.crisis_result({"prevent": ["food"]}, added, players=2, bonus_over=2)
    assert (result.prevented, result.bonus) == (prevented, bonus)


def test_an_ability_runs_with_its_survivor_bound(bundle, table):
    host, interp = table
    maria = cards.find_card(bundle, "base.survivor.maria-lopez")
    host.add_survivor_fact("s:maria-lopez", "Maria Lopez", "p1", "school")
    host.dice["d1"] = {"owner": "p1", "value": 1, "used": False}
    host.zombie_count["school"] = 1
    run = cards.use_ability(interp, maria, 0, Env("p1", maria["id"], {"self": "s:maria-lopez"}))
    run.run(ScriptedAgent([True]))
    assert host.zombies("school") == 0 and host.dice["d1"]["used"]


def test_a_missing_card_is_named():
    with pytest.raises(KeyError, match="no card 'base.crossroads.nope'"):
        cards.find_card({"cards": []}, "base.crossroads.nope")
