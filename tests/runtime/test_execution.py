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


def test_each_execution_has_the_whole_budget_and_no_more(bundle):
    """The step budget (docs/runtime.md, Randomness, budget, errors) starts afresh with each execution."""
    import pytest

    from dow.runtime.interpreter import BudgetExceeded
    program = [{"op": "kill_zombies", "count": 1, "at": {"op": "location", "id": "colony", "pos": {}}, "pos": {}}]

    def run(budget: int, times: int) -> int:
        host = MinimalHost()
        host.zombie_count["colony"] = 5
        ip = Interpreter(bundle, host, random.Random(1), budget=budget)
        for _ in range(times):
            execution = ip.execute(program, Env("p1"))
            assert ip.steps == 0                       # no step taken yet, whatever the one before took
            assert execution.advance() is None
        return ip.steps
    steps = run(1000, 1)
    assert steps > 0 and run(steps, 3) == steps           # exactly the budget, three times over
    with pytest.raises(BudgetExceeded):
        run(steps - 1, 1)


def test_a_condition_checked_during_an_execution_leaves_its_step_count(bundle):
    """A condition is checked on a budget of its own (``Interpreter.check``): an execution waiting on a
    decision, meanwhile, keeps the steps it took, so a rule checked between its steps cannot refill it."""
    from helpers import lowered
    host = MinimalHost()
    host.zombie_count["colony"] = 5
    ip = Interpreter(bundle, host, random.Random(1))
    run = ip.execute(lowered("kill 1 zombie at the colony.\nkill 1 zombie at the colony.\n"
                             "kill up to 2 zombies at the colony."), Env("p1"))
    assert run.advance() is not None
    taken = ip.steps
    assert taken > 0
    cond = lowered("if there are 3 or more zombies at the colony: kill 1 zombie at the colony.")[0]["cond"]
    assert ip.check(cond, Env("p1")) is True and ip.steps == taken            # 3 of the 5 are left
    assert run.advance(2) is None and host.zombie_count["colony"] == 1


def test_a_host_evaluating_before_any_entry_point_has_the_whole_budget(bundle):
    """A host may evaluate nodes without an entry point (the reference engine asks ``cond`` and ``targets``
    directly, between the effects it runs): a new interpreter counts those steps from none taken, so its
    budget allows exactly ``budget`` of them, and the next stops the runaway."""
    import pytest

    from dow.runtime.interpreter import BudgetExceeded
    ip = Interpreter(bundle, MinimalHost(), random.Random(1), budget=3)
    for _ in range(3):
        ip.tick()
    with pytest.raises(BudgetExceeded, match="more than 3 evaluation steps"):
        ip.tick()
