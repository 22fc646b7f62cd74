"""The crisis deck in card effects: 'when a crisis is revealed' and arranging the top of a deck."""
from __future__ import annotations

from dow.compiler.lower import Lowering
from dow.dsl import parse
from helpers import lowered
from dow.runtime.engine.scenario import Scenario


def _tree(text: str) -> list[dict]:
    return lowered(text, {})


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


def test_a_when_an_option_hands_over_waits_for_the_next_crisis_across_the_turns(bundle):
    """A crossroads option runs in a turn, and the crisis is revealed before the turns (seed 004,
    I. Player Turns Phase, 1. Reveal Crisis): "when a crisis is revealed" from an option is the next
    reveal, once, not a rule that ends with the turn (docs/runtime.md, A "when …" inside an effect)."""
    sc = _table(bundle)
    g = sc.game
    _drive(g.run_effect(_tree("when a crisis is revealed:\n  gain 1 morale.\n"), {"player": "p1"}), [])
    morale = g.state.morale
    g.state.turn += 2                       # the other players' turns and the colony phase pass
    _drive(g.step_reveal_crisis(), [])
    assert g.state.morale == morale + 1
    _drive(g.step_reveal_crisis(), [])      # the next such event only
    assert g.state.morale == morale + 1


def test_a_when_for_a_turn_event_still_ends_with_the_turn(bundle):
    """The other side of the reading: "when you move …" from a played card lasts its turn."""
    sc = _table(bundle)
    g = sc.game
    _drive(g.run_effect(_tree("when you move a survivor you control:\n  gain 1 morale.\n"), {"player": "p1"}), [])
    (rule,) = [r for r in g.host.rules if r.node["op"] == "trigger"]
    assert rule.until == ("turn", g.state.turn)
    g.state.turn += 1
    assert not g.host.active(rule)


def test_every_round_event_is_an_event_of_the_language():
    from dow.compiler.catalogue import EVENTS
    from dow.runtime.engine.common import ROUND_EVENTS
    assert ROUND_EVENTS <= set(EVENTS)
