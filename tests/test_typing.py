"""The runtime's typed modules (pyproject.toml, [tool.mypy] files) pass mypy --strict."""
from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def test_the_typed_runtime_modules_pass_mypy_strict():
    run = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stdout + run.stderr
