"""Build the runtime-only distribution (dow-runtime): a wheel and an sdist into --outdir.

The runtime lives in runtime/ at the top of the project, mapped to dow.runtime by the
toolchain's pyproject.toml. A second distribution cannot share that file, so this stages a
self-contained project (packaging/runtime/pyproject.toml, its README, LICENSE, runtime/ as
dow/runtime/) in a temporary folder and builds it with the PyPA front end (`build`): the sdist
it makes rebuilds on its own, with nothing outside it.

    python packaging/build_runtime.py --outdir dist
"""
from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "runtime"


def stage(into: Path) -> Path:
    """Lay the runtime distribution's project out in ``into`` and return it."""
    shutil.copy(HERE / "pyproject.toml", into / "pyproject.toml")
    shutil.copy(HERE / "README.md", into / "README.md")
    shutil.copy(ROOT / "LICENSE", into / "LICENSE")
    shutil.copytree(ROOT / "runtime", into / "dow" / "runtime",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return into


def build(outdir: Path) -> list[Path]:
    """Build the wheel and the sdist into ``outdir``; return their paths."""
    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="dow-runtime-") as tmp:
        project = stage(Path(tmp))
        before = set(outdir.iterdir())
        subprocess.run([sys.executable, "-m", "build", "--outdir", str(outdir), str(project)],
                       check=True, stdout=subprocess.DEVNULL)
    return sorted(set(outdir.iterdir()) - before)


def main() -> int:
    """Command line: build into --outdir (default dist/)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--outdir", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    if importlib.util.find_spec("build") is None:
        print(f"error: the build needs the PyPA front end: {sys.executable} -m pip install build", file=sys.stderr)
        return 1
    try:
        built = build(args.outdir.resolve())
    except subprocess.CalledProcessError as err:     # build printed its own reason on stderr
        print(f"error: building dow-runtime failed (python -m build exited with {err.returncode})", file=sys.stderr)
        return 1
    for path in built:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
