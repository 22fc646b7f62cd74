"""tests/mutation.py plants what it says, only in a forked process, and tells a mutant that a test kills from
one that survives (docs/runtime.md, What the tests notice)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import mutation  # noqa: E402

MODULE = "runtime/interpreter.py"


def _mutant(what: str) -> mutation.Mutant:
    found = [m for m in mutation.mutants_of(MODULE) if m.function == "Interpreter.count" and m.what == what]
    assert len(found) == 1, [m.what for m in mutation.mutants_of(MODULE) if m.function == "Interpreter.count"]
    return found[0]


def _up_to_4_of_2(bundle) -> list[int]:
    """The bounds of the question 'up to 4' asks when 2 are there."""
    from dow.runtime.interpreter import Env, Interpreter
    from dow.runtime.minimal_host import MinimalHost
    gen = Interpreter(bundle, MinimalHost(), random.Random(1)).count({"op": "up_to", "n": 4}, Env("p1"), 2)
    decision = next(gen)
    return [decision.min, decision.max]


def test_a_mutant_changes_the_live_function_in_the_fork_only(bundle):
    mutant = _mutant("`min` → `max` in `min(value['n'], available)`")
    assert _up_to_4_of_2(bundle) == [0, 2]

    def planted() -> list[int]:
        mutation.plant(mutant)
        return _up_to_4_of_2(bundle)
    assert mutation.in_fork(planted, 60) == ("ok", [0, 4])
    assert _up_to_4_of_2(bundle) == [0, 2]           # this process never had it


def test_every_site_of_a_module_is_numbered_the_same_each_time_inside_functions():
    sites = mutation.mutants_of(MODULE)
    assert [m.index for m in sites] == list(range(len(sites)))
    assert all(m.function for m in sites)
    assert min(m.line for m in sites) > 40        # the module's constants above its first function are not mutated
    again = [(m.index, m.line, m.col, m.what) for m in mutation.mutants_of(MODULE)]
    assert again == [(m.index, m.line, m.col, m.what) for m in sites]      # the same numbers every time
    kinds = {m.what.split(" ")[0] for m in sites}
    assert {"dropped", "negated", "`<`", "`and`", "`min`", "`0`"} <= kinds


def test_a_test_that_fails_kills_the_mutant_and_a_hang_is_stopped():
    assert mutation.in_fork(lambda: 1 + 1, 30) == ("ok", 2)
    assert mutation.in_fork(lambda: 1 / 0, 30) == ("crashed", "ZeroDivisionError: division by zero")

    def hang() -> None:
        while True:
            pass
    assert mutation.in_fork(hang, 1) == ("timeout", None)


def test_the_command_line_refuses_what_it_cannot_do(capsys):
    assert mutation.main(["--module", "compiler/cli.py", "--list"]) == 2
    assert "not a module of runtime/" in capsys.readouterr().err
    assert mutation.main(["--line", "3", "--list"]) == 2
    assert "--line needs one --module" in capsys.readouterr().err


@pytest.mark.parametrize("module", mutation.MODULES)
def test_every_reason_names_a_mutant_that_exists(module):
    keys = {m.key for m in mutation.mutants_of(module)}
    stale = [k for k in (*mutation.JUSTIFIED, *mutation.UNTESTED) if k.startswith(module + ": ") and k not in keys]
    assert stale == []
