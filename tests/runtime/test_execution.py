"""An ``Execution`` (docs/runtime.md, Driving an effect step by step): pending, done and value before, during
and after a decision."""
from __future__ import annotations

import random

from dow.runtime.decisions import AMOUNT
from dow.runtime.interpreter import Env, Interpreter
from minimal_host import MinimalHost


def test_an_execution_has_no_value_until_it_ends(bundle):
    host = MinimalHost()
    host.zombie_count["colony"] = 3
    ip = Interpreter(bundle, host, random.Random(1))
    program = [{"op": "kill_zombies", "count": {"op": "up_to", "n": 2, "pos": {}},
                "at": {"op": "location", "id": "colony", "pos": {}}, "pos": {}}]
    run = ip.execute(program, Env("p1"))
    assert (run.pending, run.done, run.value) == (None, False, None)
    decision = run.advance()
    assert decision.kind == AMOUNT and run.pending is decision and not run.done and run.value is None
    assert run.advance(2) is None and run.done and run.pending is None
    assert run.advance() is None and host.zombie_count["colony"] == 1
