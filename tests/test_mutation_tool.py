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
    with pytest.raises(SystemExit):
        mutation.main(["--module", MODULE, "--line", "30-20", "--list"])
    assert "the first no later than the last" in capsys.readouterr().err


def test_lines_are_chosen_one_by_one_or_by_ranges(capsys):
    assert mutation.main(["--module", MODULE, "--line", "214-216", "--line", "289", "--list"]) == 0
    listed = {int(row.split(":")[1]) for row in capsys.readouterr().out.splitlines()}
    assert listed and listed <= {214, 215, 216, 289}
    assert listed == {m.line for m in mutation.mutants_of(MODULE, [214, 215, 216, 289])}


@pytest.mark.parametrize("module", mutation.MODULES)
def test_every_reason_names_a_mutant_that_exists(module):
    keys = {m.key for m in mutation.mutants_of(module)}
    stale = [k for k in (*mutation.JUSTIFIED, *mutation.UNTESTED) if k.startswith(module + ": ") and k not in keys]
    assert stale == []


# ---- the tests each mutant faces: only those that run its lines -------------------------------------------
SHAPES = '''\
def sign(n):
    if n < 0:
        return -1
    return 1 if n > 0 else 0


def triple(n):
    return n * 3
'''
SHAPES_TESTS = '''\
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "runtime"))
import shapes


@pytest.fixture(scope="module")
def tripled():
    return shapes.triple(5)


def test_negative():
    assert shapes.sign(-3) == -1


def test_positive():
    assert shapes.sign(4) == 1


def test_tripled_once(tripled):
    assert tripled == 15


def test_tripled_again(tripled):
    assert tripled > 10
'''


@pytest.fixture
def shapes(tmp_path, monkeypatch):
    """A project of one module, runtime/shapes.py, and its tests; the tool's root, import and cache point at it."""
    root = tmp_path.resolve() / "project"
    (root / "runtime").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "runtime" / "shapes.py").write_text(SHAPES)
    (root / "tests" / "test_shapes.py").write_text(SHAPES_TESTS)
    monkeypatch.setattr(mutation, "ROOT", root)
    monkeypatch.setattr(mutation, "import_name", lambda module: "shapes")
    monkeypatch.syspath_prepend(str(root / "runtime"))
    monkeypatch.setenv("DOW_CACHE_DIR", str(tmp_path / "cache"))
    return root


def _site(module: str, line_text: str, what: str) -> mutation.Mutant:
    line = (mutation.ROOT / module).read_text().splitlines().index(line_text) + 1
    found = [m for m in mutation.mutants_of(module, [line]) if m.what.startswith(what)]
    assert len(found) == 1, [m.what for m in mutation.mutants_of(module, [line])]
    return found[0]


def test_a_mutant_faces_exactly_the_tests_that_run_its_lines(shapes):
    lines = mutation.line_map("runtime/shapes.py", ["tests/test_shapes.py"])
    test = "tests/test_shapes.py::test_"
    assert lines.items == [test + "negative", test + "positive", test + "tripled_once", test + "tripled_again"]

    def faces(line_text: str, what: str) -> list[str]:
        return lines.tests_for(_site("runtime/shapes.py", line_text, what))
    # both signs ask whether n is below 0; only a negative one returns -1; only a positive one gets further
    assert faces("    if n < 0:", "`<` → `<=`") == [test + "negative", test + "positive"]
    assert faces("        return -1", "`1` → `2`") == [test + "negative"]
    assert faces("    return 1 if n > 0 else 0", "`>` → `>=`") == [test + "positive"]
    # a module fixture runs triple() once, for the first test that uses it: every test that uses it faces it
    assert faces("    return n * 3", "`3` → `4`") == [test + "tripled_once", test + "tripled_again"]


def test_a_killed_mutant_is_killed_by_the_tests_chosen_for_it_and_a_survivor_survives_them(shapes):
    lines = mutation.line_map("runtime/shapes.py", ["tests/test_shapes.py"])
    no_scenarios = mutation.Suite({})
    killed = _site("runtime/shapes.py", "        return -1", "`1` → `2`")
    faced = lines.tests_for(killed)
    mutation.run_mutant(no_scenarios, killed, 30, faced, lines.limit(faced))
    assert (killed.status, killed.by) == ("killed", "tests/test_shapes.py::test_negative")

    unnoticed = _site("runtime/shapes.py", "    return 1 if n > 0 else 0", "`>` → `>=`")   # sign(0) has no test
    faced = lines.tests_for(unnoticed)
    mutation.run_mutant(no_scenarios, unnoticed, 30, faced, lines.limit(faced))
    assert unnoticed.status == "survived"
    every = _site("runtime/shapes.py", "    return 1 if n > 0 else 0", "`>` → `>=`")
    mutation.run_mutant(no_scenarios, every, 30, ["tests/test_shapes.py"], 60)   # all of them do no better
    assert every.status == "survived"


def test_the_map_is_kept_until_the_module_or_its_tests_change(shapes, monkeypatch):
    first = mutation.line_map("runtime/shapes.py", ["tests/test_shapes.py"])
    assert mutation.LineMap.path("runtime/shapes.py", ["tests/test_shapes.py"]).is_file()

    def no_fork(*args, **kwargs):
        raise AssertionError("traced again")
    with monkeypatch.context() as m:
        m.setattr(mutation, "in_fork", no_fork)
        kept = mutation.line_map("runtime/shapes.py", ["tests/test_shapes.py"])
    assert (kept.items, kept.lines, kept.everywhere) == (first.items, first.lines, first.everywhere)
    with (shapes / "tests" / "test_shapes.py").open("a") as tests:
        tests.write("\n\ndef test_zero():\n    assert shapes.sign(0) == 0\n")
    again = mutation.line_map("runtime/shapes.py", ["tests/test_shapes.py"])
    assert again.items[-1] == "tests/test_shapes.py::test_zero"
    assert "tests/test_shapes.py::test_zero" in again.tests_for(
        _site("runtime/shapes.py", "    return 1 if n > 0 else 0", "`>` → `>=`"))


def test_a_mutant_in_a_handler_made_at_import_is_in_the_handler_the_table_holds():
    """handlers.py makes most handlers with a factory when it is imported (``zombies("kill_zombies")``, kept in
    HANDLERS): a mutant of the factory's inner function must change those handlers, not only new ones."""
    found = [m for m in mutation.mutants_of("runtime/handlers.py")
             if m.function == "zombies" and m.what.startswith("dropped `ip.act(action")]
    assert len(found) == 1

    def planted() -> bool:
        from dow.runtime.handlers import HANDLERS
        before = HANDLERS["kill_zombies"].__code__
        mutation.plant(found[0])
        return HANDLERS["kill_zombies"].__code__ is not before
    assert mutation.in_fork(planted, 60) == ("ok", True)


def test_a_min_swapped_for_max_is_planted_where_only_the_name_changes():
    """``zombies``'s handler reads ``min`` and no ``max``: the swap changes only the name its code reads, at the
    same index (instructions and constants alike), and must still reach the handler the table holds (it once
    survived every test without ever running)."""
    found = [m for m in mutation.mutants_of("runtime/handlers.py")
             if m.function == "zombies" and m.what == "`min` → `max` in `min(n, available)`"]
    assert len(found) == 1

    def planted() -> list[str]:
        from dow.runtime.handlers import HANDLERS
        mutation.plant(found[0])
        return [n for n in HANDLERS["kill_zombies"].__code__.co_names if n in ("min", "max")]
    assert mutation.in_fork(planted, 60) == ("ok", ["max"])


def test_a_handler_made_at_import_is_planted_after_a_compile_froze_it():
    """Compiling the content freezes what it made (gc.freeze in compiler/project.py), and a frozen object is not
    listed by gc.get_objects(): the mutation run compiles before it forks, so the handlers made at import must be
    reached even when frozen (the whole suite, which compiles first, once found them missed)."""
    found = [m for m in mutation.mutants_of("runtime/handlers.py")
             if m.function == "zombies" and m.what.startswith("dropped `ip.act(action")]
    assert len(found) == 1

    def planted() -> bool:
        import gc
        from dow.runtime.handlers import HANDLERS
        gc.freeze()
        before = HANDLERS["kill_zombies"].__code__
        mutation.plant(found[0])
        return HANDLERS["kill_zombies"].__code__ is not before
    assert mutation.in_fork(planted, 60) == ("ok", True)
