"""The layers hold (tests/layers.py): no import goes up a layer, no modules need each other, every
module has a layer; and the checker itself finds what it is for, in a small made-up project."""
from __future__ import annotations

import textwrap
from pathlib import Path

from layers import check, main

ROOT = Path(__file__).resolve().parent.parent

PYPROJECT = """
[tool.setuptools.package-dir]
"dow" = "dow"
"dow.compiler" = "compiler"
"dow.runtime" = "runtime"
"dow.site" = "site"
"""


def _project(tmp: Path, files: dict[str, str]) -> Path:
    (tmp / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    for name, text in files.items():
        path = tmp / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return tmp


def test_a_circle_closed_inside_a_function_is_found_with_its_lines(tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "compiler/__init__.py": "",
        "compiler/a.py": "from dow.compiler.b import f\n",
        "compiler/b.py": "def f():\n    from . import a\n    return a\n",
        "compiler/c.py": "from dow.compiler import a\n",
    })
    report = check(root)
    assert report.circles == [["dow.compiler.a", "dow.compiler.b"]]
    assert not report.upward and not report.ok()
    lines = report.lines()
    assert "circle of 2 modules: dow.compiler.a dow.compiler.b" in lines
    assert "    compiler/a.py:1: dow.compiler.a imports dow.compiler.b" in lines
    assert "    compiler/b.py:2: dow.compiler.b imports dow.compiler.a (inside a function)" in lines


def test_an_upward_import_is_found_even_through_import_module(tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "runtime/__init__.py": "",
        "runtime/core.py": "import json\n",
        "runtime/engine/__init__.py": "",
        "runtime/engine/game.py": "from dow.runtime.core import json\n",
        "runtime/low.py": "import importlib\n\ndef g():\n    return importlib.import_module('dow.runtime.engine.game')\n",
        "compiler/__init__.py": "",
        "compiler/build.py": "import dow.runtime.engine.game\n",
        "site/gen.py": "from dow.compiler.build import x\n",
    })
    report = check(root)
    assert not report.circles
    assert [(i.importer, i.imported, i.path, i.line, i.in_function) for i in report.upward] == [
        ("dow.runtime.low", "dow.runtime.engine.game", "runtime/low.py", 4, True)]
    assert report.lines() == ["runtime/low.py:4: dow.runtime.low (runtime) imports dow.runtime.engine.game "
                              "(engine), a higher layer (inside a function)"]


def test_type_checking_imports_close_no_circle_but_may_not_go_up(tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "runtime/__init__.py": "",
        "runtime/interp.py": "from dow.runtime import handlers\n",
        "runtime/handlers.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .interp import X\n"
                                "    from dow.compiler.build import Y\nelse:\n    import dow.runtime.other\n"),
        "runtime/other.py": "from dow.runtime import interp\n",
        "compiler/__init__.py": "",
        "compiler/build.py": "",
    })
    report = check(root)
    # the else branch runs: handlers -> other -> interp -> handlers is a circle; the TYPE_CHECKING import is not
    assert report.circles == [["dow.runtime.handlers", "dow.runtime.interp", "dow.runtime.other"]]
    assert "    runtime/handlers.py:3: dow.runtime.handlers imports dow.runtime.interp" not in report.lines()
    assert [(i.path, i.line, i.type_only) for i in report.upward] == [("runtime/handlers.py", 4, True)]
    assert report.lines()[0].endswith("a higher layer (for type checking)")


def test_a_module_without_a_layer_is_reported(tmp_path: Path) -> None:
    root = _project(tmp_path, {"compiler/__init__.py": "", "compiler/a.py": ""})
    (root / "pyproject.toml").write_text(PYPROJECT + '"dow.extras" = "extras"\n', encoding="utf-8")
    (root / "extras").mkdir()
    (root / "extras" / "x.py").write_text("from dow.compiler import a\n", encoding="utf-8")
    report = check(root)
    assert report.unplaced == ["dow.extras.x"]
    assert "extras/x.py: dow.extras.x belongs to no layer (tests/layers.py PREFIXES)" in report.lines()


def test_the_project_keeps_its_layers(capsys) -> None:
    report = check(ROOT)
    assert len(report.modules) > 100  # the walk found the project, not an empty folder
    assert main(["layers.py", str(ROOT)]) == 0, "\n" + capsys.readouterr().out


# ---- no module-level state changed at run time (tests/module_state.py) ------------------------------

def test_module_state_finds_globals_and_containers_a_function_changes_and_nothing_else(tmp_path: Path) -> None:
    from module_state import check as state_check
    root = _project(tmp_path, {
        "compiler/__init__.py": "",
        "compiler/reg.py": """\
            import re
            HANDLERS = {}
            SEEN: list = []
            WORDS = ("a", "b")
            PATTERN = None
            TABLE = {}
            for w in WORDS:
                TABLE[w] = len(w)          # at import: the module builds its table

            def register(name, fn):
                HANDLERS[name] = fn

            def note(x):
                SEEN.append(x)

            def shadow(SEEN):
                SEEN.append(1)            # the parameter, not the module's list
                HANDLERS = {}
                HANDLERS["x"] = 1         # a local of the same name

            def pattern():
                global PATTERN
                PATTERN = re.compile("x")

            def read():
                return dict(TABLE), list(SEEN)
            """,
        "tests/test_reg.py": """\
            from dow.compiler import reg

            def test_it():
                reg.SEEN.clear()
                seen = []
                seen.append(1)
            """,
    })
    found, stale = state_check(root, [root / "tests" / "test_reg.py"])
    assert [f.text() for f in found] == [
        "compiler/reg.py:3: test_it() changes the module's SEEN (clear, from tests/test_reg.py:4)",
        "compiler/reg.py:11: register() changes the module's HANDLERS (item written)",
        "compiler/reg.py:14: note() changes the module's SEEN (append)",
        "compiler/reg.py:22: pattern() declares 'global PATTERN'",
    ]
    assert stale and all("listed in" in line for line in stale)   # this made-up project has none of the project's


def test_no_module_changes_its_state_at_run_time_but_its_caches(capsys) -> None:
    from module_state import ALLOWED, TO_REMOVE, main as state_main
    assert state_main(["module_state.py", str(ROOT)]) == 0, "\n" + capsys.readouterr().out
    out = capsys.readouterr().out
    assert f"0 changes of module-level state at run time, " in out and "0 stale entries" in out
    assert len(ALLOWED) >= 1 and all(reason for reason in {**ALLOWED, **TO_REMOVE}.values())
