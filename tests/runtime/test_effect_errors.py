"""Where a runtime error says it happened (docs/runtime.md, Randomness, budget, errors): the innermost node
being run, with the card, the line and the trail of nodes above it, in the message and as attributes."""
from __future__ import annotations

import random

import pytest

from dow.runtime.interpreter import EffectError, Env, Interpreter
from minimal_host import MinimalHost


def test_an_error_names_the_innermost_node_being_run(bundle):
    ip = Interpreter(bundle, MinimalHost(), random.Random(1))
    inner = {"op": "wound", "target": {"op": "ref", "name": "moved", "kind": "survivor", "pos": {}},
             "count": 1, "kind": "wound", "pos": {"card": "base.crossroads.x", "line": 12}}
    program = [{"op": "repeat", "times": 1, "body": [inner], "pos": {"card": "base.crossroads.x", "line": 11}}]
    with pytest.raises(EffectError) as err:
        ip.execute(program, Env("p1", "c")).advance()
    assert str(err.value).startswith("base.crossroads.x:12: 'moved' is not bound here")
    assert (err.value.card, err.value.line) == ("base.crossroads.x", 12)
    assert err.value.trail == "repeat > wound"


def test_an_error_with_no_node_is_told_without_a_place():
    err = EffectError("no program", [])
    assert str(err) == "?:?: no program (in )" and (err.card, err.line, err.trail) == (None, None, "")


def test_an_error_names_only_the_statements_still_running(bundle):
    """A statement that ended is no more in the trail of the next one's error."""
    ip = Interpreter(bundle, MinimalHost(), random.Random(1))
    done = {"op": "repeat", "times": 2, "body": [], "pos": {"card": "base.crossroads.x", "line": 10}}
    failing = {"op": "wound", "target": {"op": "ref", "name": "moved", "kind": "survivor", "pos": {}},
               "count": 1, "kind": "wound", "pos": {"card": "base.crossroads.x", "line": 12}}
    with pytest.raises(EffectError) as err:
        ip.execute([done, failing], Env("p1", "c")).advance()
    assert (err.value.line, err.value.trail) == (12, "wound") and err.value.path == [failing]
