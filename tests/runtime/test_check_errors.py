"""An EffectError raised while a condition is evaluated outside a run (``Interpreter.check`` and
``cards.trigger_holds``, the entry points an engine calls between runs) is located as one raised in a run:
the card, the line, and the nodes from the condition down to the one that failed (docs/runtime.md,
"Randomness, budget, errors"; the embedding trial's finding 5 got ``?:?: … (in )``)."""
from __future__ import annotations

import random

import pytest

from dow.runtime import cards
from dow.runtime.interpreter import BudgetExceeded, EffectError, Env, Interpreter
from dow.runtime.minimal_host import MinimalHost


def _pos(line: int, col: int = 1, card: str = "x.crossroads.test") -> dict:
    return {"card": card, "file": "x.yaml", "line": line, "col": col}


@pytest.fixture
def table(bundle):
    host = MinimalHost()
    host.add_survivor_fact("s:sparky", "Sparky", controller="p1", location="colony")
    return host, Interpreter(bundle, host, random.Random(0))


def test_trigger_holds_names_the_card_line_and_nodes_of_an_unbound_name(bundle, table):
    _, interp = table
    card = cards.find_card(bundle, "base.crossroads.little-survivors")
    ref = card["trigger"]["if"]["tree"]["item"]["selector"]["filters"][0]["target"]
    with pytest.raises(EffectError) as err:
        cards.trigger_holds(interp, card, Env("p1", card["id"]))          # 'moved' left unbound
    said = err.value
    assert str(said) == (f"base.crossroads.little-survivors:{ref['pos']['line']}: 'moved' is not bound here "
                         "(in not > exists > select_of > other_than > ref)")
    assert (said.card, said.line, said.message) == (card["id"], ref["pos"]["line"], "'moved' is not bound here")
    assert said.node is ref and said.path[0] is card["trigger"]["if"]["tree"] and said.path[-1] is ref


def test_check_locates_an_unbound_name_deep_in_a_goal_like_condition(table):
    _, interp = table
    ref = {"op": "ref", "name": "chosen", "kind": "survivor", "pos": _pos(7, 30)}
    cond = {"op": "all", "pos": _pos(6), "items": [
        {"op": "compare", "cmp": "ge", "pos": _pos(6, 5), "left": {"op": "number", "value": 1, "pos": _pos(6, 5)},
         "right": {"op": "number", "value": 0, "pos": _pos(6, 9)}},
        {"op": "controls", "pos": _pos(7), "player": {"op": "you", "pos": _pos(7)}, "what": ref}]}
    with pytest.raises(EffectError) as err:
        interp.check(cond, Env("p1", "x.crossroads.test"))
    assert str(err.value) == "x.crossroads.test:7: 'chosen' is not bound here (in all > controls > ref)"


def test_check_locates_a_host_failure_at_the_condition(table):
    host, interp = table

    def broken(thing, name):
        raise KeyError(thing)
    host.attr = broken                                     # a host bug while the condition asks a fact
    cond = {"op": "controls", "pos": _pos(4), "player": {"op": "you", "pos": _pos(4)},
            "what": {"op": "named", "name": "Sparky", "kind": "survivor", "pos": _pos(4, 12)}}
    with pytest.raises(EffectError) as err:
        interp.check(cond, Env("p1", "x.crossroads.test"))
    assert str(err.value).startswith("x.crossroads.test:4: KeyError ") and str(err.value).endswith("(in controls)")
    assert isinstance(err.value.__cause__, KeyError)


def test_a_condition_without_positions_is_named_by_the_env_card(table):
    _, interp = table
    cond = {"op": "not", "item": {"op": "controls", "player": {"op": "you"},
                                  "what": {"op": "ref", "name": "self", "kind": "survivor"}}}
    with pytest.raises(EffectError) as err:
        interp.check(cond, Env("p1", "base.survivor.sparky"))
    assert str(err.value) == "base.survivor.sparky:?: 'self' is not bound here (in not > controls > ref)"


def test_an_unknown_condition_and_the_budget_are_located_too(bundle, table):
    host, _ = table
    interp = Interpreter(bundle, host, random.Random(0))
    odd = {"op": "sideways", "pos": _pos(9)}
    with pytest.raises(EffectError, match=r"^x\.crossroads\.test:9: unknown condition 'sideways' \(in any > sideways\)$"):
        interp.check({"op": "any", "items": [odd], "pos": _pos(8)}, Env("p1"))
    small = Interpreter(bundle, host, random.Random(0), budget=3)
    deep = {"op": "all", "pos": _pos(2), "items": [{"op": "all", "items": [], "pos": _pos(2, n)} for n in range(9)]}
    with pytest.raises(BudgetExceeded) as err:                 # the subclass is kept
        small.check(deep, Env("p1"))
    assert str(err.value).startswith("x.crossroads.test:2: more than 3 evaluation steps (in all")


def test_an_error_in_a_run_keeps_its_statement_path(bundle, table):
    """The same condition inside a run: located by the statement being run, as before."""
    _, interp = table
    cond = {"op": "controls", "pos": _pos(12), "player": {"op": "you", "pos": _pos(12)},
            "what": {"op": "ref", "name": "moved", "kind": "survivor", "pos": _pos(12, 20)}}
    program = [{"op": "if", "cond": cond, "then": [], "pos": _pos(11)}]
    with pytest.raises(EffectError) as err:
        interp.execute(program, Env("p1", "x.crossroads.test")).advance()
    assert str(err.value) == "x.crossroads.test:11: 'moved' is not bound here (in if)"


def _inner_and_outer(host, interp, inner):
    """An outer condition whose host question checks ``inner`` (as the engine checks a card's condition while it
    answers a fact); the host fails the second time it is asked."""
    asked = []

    def attr(thing, name):
        asked.append(thing)
        if len(asked) == 1:
            return interp.check(inner, Env("p1", "x.crossroads.inner"))
        raise KeyError(thing)
    host.attr = attr
    return {"op": "controls", "pos": _pos(4), "player": {"op": "you", "pos": _pos(4)},
            "what": {"op": "named", "name": "Sparky", "kind": "survivor", "pos": _pos(4, 12)}}


def test_a_check_inside_a_check_keeps_the_inner_condition_s_place(table):
    """The error of a condition checked while another is checked names the inner card, line and nodes: the
    outer check does not move it to its own condition."""
    host, interp = table
    inner = {"op": "not", "pos": _pos(3, card="x.crossroads.inner"), "item": {
        "op": "controls", "pos": _pos(3, card="x.crossroads.inner"), "player": {"op": "you"},
        "what": {"op": "ref", "name": "moved", "kind": "survivor", "pos": _pos(3, 14, card="x.crossroads.inner")}}}
    outer = _inner_and_outer(host, interp, inner)
    with pytest.raises(EffectError) as err:
        interp.check(outer, Env("p1", "x.crossroads.test"))
    assert str(err.value) == "x.crossroads.inner:3: 'moved' is not bound here (in not > controls > ref)"
    cause = err.value.__cause__                    # the traceback goes on with the error as it was raised
    assert isinstance(cause, EffectError) and cause is not err.value and cause.message == err.value.message


def test_a_host_failure_inside_a_nested_check_keeps_the_inner_condition_s_place(table):
    host, interp = table
    inner = {"op": "controls", "pos": _pos(8, card="x.crossroads.inner"), "player": {"op": "you"},
             "what": {"op": "named", "name": "Sparky", "kind": "survivor"}}
    outer = _inner_and_outer(host, interp, inner)
    with pytest.raises(EffectError) as err:
        interp.check(outer, Env("p1", "x.crossroads.test"))
    assert str(err.value).startswith("x.crossroads.inner:8: KeyError ") and str(err.value).endswith("(in controls)")
    assert isinstance(err.value.__cause__, KeyError)


def test_a_host_failure_in_a_condition_without_positions_is_named_by_the_env_card(table):
    host, interp = table

    def broken(thing, name):
        raise KeyError(thing)
    host.attr = broken
    cond = {"op": "controls", "player": {"op": "you"}, "what": {"op": "named", "name": "Sparky", "kind": "survivor"}}
    with pytest.raises(EffectError) as err:
        interp.check(cond, Env("p1", "base.survivor.sparky"))
    assert str(err.value).startswith("base.survivor.sparky:?: KeyError ")
    assert (err.value.card, err.value.line) == ("base.survivor.sparky", None)
