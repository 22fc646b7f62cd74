"""Build the runtime-only distribution (dow-runtime): a wheel and an sdist into --outdir.

The runtime lives in runtime/ at the top of the project, mapped to dow.runtime by the
toolchain's pyproject.toml. A second distribution cannot share that file, so this stages a
self-contained project (packaging/runtime/pyproject.toml, its README, LICENSE, runtime/ as
dow/runtime/, the engine developer's pages of docs/ as dow/runtime/guides/) in a temporary folder and builds it with the PyPA front end (`build`): the sdist
it makes rebuilds on its own, with nothing outside it.

    python packaging/build_runtime.py --outdir dist
"""
from __future__ import annotations

import argparse
import importlib.util
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "runtime"
#: the pages of docs/ an engine developer reads, shipped in the wheel as dow/runtime/guides/<name>.md
GUIDES = ("embedding", "runtime", "bundle", "agent-protocol", "conformance", "simulation")
_LINK = re.compile(r"\[([^\]]*)\]\((?!https?:|#)([^)\s]+)\)")


def guide_text(text: str) -> str:
    """A page of docs/ as the wheel carries it: a link to another shipped guide stays (they sit side by side);
    a link to a file the package does not have (an author's page, a folder of the project) becomes its
    text and the file's place in the project, so that no link in the package points at nothing."""
    def link(m: re.Match[str]) -> str:
        label, target = m.group(1), m.group(2)
        path, _, anchor = target.partition("#")
        if path.endswith(".md") and "/" not in path and path[:-3] in GUIDES:
            return m.group(0)
        where = (Path("docs") / path).as_posix() if not path.startswith("../") else path[3:]
        return f"{label} (the project's `{where}`, not in this package)"
    return _LINK.sub(link, text)


def stage(into: Path) -> Path:
    """Lay the runtime distribution's project out in ``into`` and return it."""
    shutil.copy(HERE / "pyproject.toml", into / "pyproject.toml")
    shutil.copy(HERE / "README.md", into / "README.md")
    shutil.copy(ROOT / "LICENSE", into / "LICENSE")
    shutil.copytree(ROOT / "runtime", into / "dow" / "runtime",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    guides = into / "dow" / "runtime" / "guides"
    guides.mkdir()
    for name in GUIDES:
        text = (ROOT / "docs" / f"{name}.md").read_text(encoding="utf-8")
        (guides / f"{name}.md").write_text(guide_text(text), encoding="utf-8")
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
