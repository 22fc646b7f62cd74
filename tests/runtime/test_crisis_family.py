"""The crisis deck in card effects: 'when a crisis is revealed' and arranging the top of a deck."""
from __future__ import annotations

from dow.compiler.bind import Binder
from dow.compiler.lower import Lowering
from dow.compiler.scope import Scope
from dow.dsl import parse
from dow.runtime.engine.scenario import Scenario


def _tree(text: str) -> list[dict]:
    binder = Binder(Scope({}))
    tree = binder.effect(parse(text))
    assert binder.errors == []
    return Lowering("base.survivor.test", "test.yaml", {}).nodes(tree)


def _table(bundle):
    sc = Scenario(bundle, None, {"name": "crisis", "given": {"survivors": {"brian-lee": {"at": "colony"}}},
                                 "do": "round"})
    crises = [c["id"] for c in bundle["cards"] if c["kind"] == "crisis" and c["set"] == "base"][:3]
    sc.game.state.crisis_deck = [sc.card_instance(c) for c in crises]
    return sc


def _drive(gen, answers):
    answers = list(answers)
    try:
        d = next(gen)
        while True:
            d = gen.send(d.check(answers.pop(0)))
    except StopIteration:
        pass
    assert answers == []


def test_arranging_puts_the_top_cards_back_in_the_order_chosen(bundle):
    sc = _table(bundle)
    g = sc.game
    top = list(g.state.crisis_deck)
    _drive(g.run_effect(_tree("arrange the top 2 cards of the crisis deck in any order.\n"), {"player": "p1"}),
           [(top[1], top[0])])
    assert g.state.crisis_deck == [top[1], top[0], top[2]]
    assert any(line["event"] == "saw" and line.get("private_to") == "p1" for line in g.log.lines)


def test_a_rule_waiting_for_a_crisis_runs_when_one_is_revealed(bundle):
    sc = _table(bundle)
    g = sc.game
    _drive(g.run_effect(_tree("for the rest of the game:\n  when a crisis is revealed:\n    gain 1 morale.\n"),
                        {"player": "p1"}), [])
    morale = g.state.morale
    _drive(g.step_reveal_crisis(), [])
    assert g.state.morale == morale + 1
    g.state.crisis_deck.clear()                     # no crisis left to reveal: the rule does not run
    _drive(g.step_reveal_crisis(), [])
    assert g.state.morale == morale + 1
