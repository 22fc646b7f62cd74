"""The typing promise of docs/embedding.md: the modules it names pass mypy --strict, and they are
exactly the modules pyproject.toml's [tool.mypy] checks that way; the reference engine passes plain
mypy, with none of its errors ignored."""
from __future__ import annotations

import re
import subprocess
import sys
import tomllib

from conftest import ROOT


def _documented() -> set[str]:
    text = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
    claim = re.search(r"The package is typed.*?pass `mypy --strict`", text, re.S)
    assert claim, "docs/embedding.md no longer says which modules are typed"
    return {f"runtime/{name}.py" for name in re.findall(r"`dow\.runtime\.(\w+)`", claim.group(0))}


def test_the_documented_modules_are_the_strictly_checked_ones():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    strict_files = {f for f in config["files"] if f.endswith(".py")}
    assert strict_files == _documented()
    assert {"runtime/engine", "runtime/games"} <= set(config["files"])
    assert not any(o.get("ignore_errors") for o in config.get("overrides", [])), "no module's errors are ignored"
    relaxed = {m for o in config.get("overrides", []) for m in o["module"]}
    assert relaxed == {"runtime.engine.*", "runtime.games.*"}, "only the engine is checked without --strict"


def test_the_typed_runtime_modules_pass_mypy_strict():
    run = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_engine_passes_plain_mypy():
    """Plain mypy, as an engine developer runs it with no configuration of ours."""
    run = subprocess.run([sys.executable, "-m", "mypy", "--config-file", "", "--no-error-summary",
                          "--explicit-package-bases", "runtime/engine", "runtime/games"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    text = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
    assert "passes plain `mypy`" in text


def test_the_runtime_imports_without_docstrings():
    """A bug the strict check found: a handler's docstring was edited at import time, and python -OO
    (which drops docstrings) crashed on ``import dow.runtime.interpreter``."""
    run = subprocess.run([sys.executable, "-OO", "-c", "import dow.runtime.interpreter, dow.runtime.engine.game"],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
