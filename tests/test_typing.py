"""The typing promise of docs/embedding.md: the modules it names pass mypy --strict, and they are
exactly the modules pyproject.toml's [tool.mypy] checks that way."""
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
    assert set(config["files"]) == _documented()
    overridden = {m for o in config.get("overrides", []) if o.get("ignore_errors") for m in o["module"]}
    strict_modules = {f.removesuffix(".py").replace("/", ".") for f in config["files"]}
    assert not strict_modules & overridden, "a strictly checked module has its errors ignored"
    assert not any(m.startswith("runtime.") and not m.startswith(("runtime.engine", "runtime.games"))
                   for m in overridden), "only the engine may be left out"


def test_the_typed_runtime_modules_pass_mypy_strict():
    run = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stdout + run.stderr
