"""What `dow build` writes, held byte for byte: the bundle, the schemas, the site's sources and its pages.

A change that means to alter none of them (a move, a refactor, a speed-up) proves it here: the test
builds from the project's own content into a scratch folder, as a user's `dow build --force` does, and
compares the SHA-256 of every file with `tests/golden/build.sha256`.

Two kinds of files are held:

* **the project's own output**: `bundle.json`, `schemas/`, and the site's generated sources
  (`site-src/<lang>/docs/**`, `card-search.json`, `mkdocs.yml` with its scratch `site_dir` left out and
  the toolchain's folder written as `<toolchain>`).
  Nothing outside the project shapes these bytes, so they are compared on every machine.
* **the rendered pages** (`site/**`): MkDocs, Material, Python-Markdown and pymdown-extensions render
  them, and their pyproject ranges let a newer release in. The manifest names the versions it was
  written with; with those versions installed every page is compared; with others, the test says so in
  its output and compares the project's own output only (a new theme release is not a change of ours).

After a change that is meant to alter output: `pytest tests/test_byte_identical.py --update-goldens`,
then read `git diff tests/golden/build.sha256` (which files changed) before committing it.
"""
from __future__ import annotations

import hashlib
import subprocess
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "tests" / "golden" / "build.sha256"
#: the libraries that render the pages from the project's sources
RENDERERS = ("mkdocs", "mkdocs-material", "Markdown", "pymdown-extensions", "Jinja2", "babel")
UPDATE = "pytest tests/test_byte_identical.py --update-goldens"


def _digest(path: Path, rel: str) -> str:
    data = path.read_bytes()
    if rel.endswith("/mkdocs.yml"):
        # the paths that name where the build ran: the scratch folder MkDocs writes into, and the toolchain's
        # own folder (its theme overrides and hooks), written as <toolchain>
        data = b"\n".join(line for line in data.split(b"\n") if b'"site_dir":' not in line)
        data = data.replace(str(ROOT).encode(), b"<toolchain>")
    return hashlib.sha256(data).hexdigest()


def _held(out: Path) -> dict[str, str]:
    """rel path → digest of every file the build writes that this test holds."""
    held: dict[str, str] = {}
    for path in sorted(out.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(out).as_posix()
        if rel.startswith(".") or "/." in rel:     # the build's own bookkeeping (.manifest.json: input paths)
            continue
        held[rel] = _digest(path, rel)
    return held


def _versions() -> dict[str, str]:
    return {name: metadata.version(name) for name in RENDERERS}


def _read_manifest() -> tuple[dict[str, str], dict[str, str]]:
    versions: dict[str, str] = {}
    files: dict[str, str] = {}
    for line in MANIFEST.read_text(encoding="utf-8").splitlines():
        if line.startswith("# renderer "):
            _, _, name, version = line.split(" ", 3)
            versions[name] = version
        elif line and not line.startswith("#"):
            digest, rel = line.split("  ", 1)
            files[rel] = digest
    return versions, files


def _write_manifest(files: dict[str, str]) -> None:
    lines = ["# What `dow build --force` writes from this commit's content, SHA-256 per file.",
             f"# Written by `{UPDATE}`; read tests/test_byte_identical.py."]
    lines += [f"# renderer {name} {version}" for name, version in _versions().items()]
    lines += [f"{digest}  {rel}" for rel, digest in sorted(files.items())]
    MANIFEST.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _rendered(rel: str) -> bool:
    return rel.startswith("site/")


def test_build_output_is_byte_identical_to_the_manifest(tmp_path, update_goldens):
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, "-m", "dow.cli.main", "build", "--force", "--out", str(out)],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    files = _held(out)
    assert any(rel == "bundle.json" for rel in files) and any(_rendered(rel) for rel in files)
    assert any(rel.startswith("site-src/") for rel in files)
    if update_goldens:
        _write_manifest(files)
        return
    versions, expected = _read_manifest()
    same_renderers = versions == _versions()
    if not same_renderers:
        print(f"the renderers differ from the manifest's ({versions} there, {_versions()} here): "
              "the rendered pages are not compared, the project's own output is")
    compare = (lambda rel: True) if same_renderers else (lambda rel: not _rendered(rel))
    now = {rel: d for rel, d in files.items() if compare(rel)}
    then = {rel: d for rel, d in expected.items() if compare(rel)}
    changed = sorted(rel for rel in now.keys() & then.keys() if now[rel] != then[rel])
    added = sorted(now.keys() - then.keys())
    gone = sorted(then.keys() - now.keys())
    problems = [f"{label} ({len(paths)}): " + ", ".join(paths[:15]) + (" …" if len(paths) > 15 else "")
                for label, paths in (("changed", changed), ("new", added), ("no longer written", gone)) if paths]
    assert not problems, ("the build's output is not what tests/golden/build.sha256 holds:\n  "
                          + "\n  ".join(problems)
                          + f"\nIf the change is meant to alter them: {UPDATE}, and read the diff.")


def test_the_manifest_reader_finds_a_changed_byte(tmp_path):
    """The comparison is not vacuous: one byte changed in a held file changes its digest."""
    a = tmp_path / "a" / "bundle.json"
    a.parent.mkdir()
    a.write_bytes(b'{"cards": []}')
    before = _held(tmp_path / "a")
    a.write_bytes(b'{"cards": [ ]}')
    assert _held(tmp_path / "a") != before
    # the scratch site_dir line of a mkdocs.yml is the one thing left out
    yml = tmp_path / "b" / "site-src" / "pt" / "mkdocs.yml"
    yml.parent.mkdir(parents=True)
    yml.write_text('{\n "site_dir": "/tmp/x/pt",\n "theme": 1\n}\n')
    first = _held(tmp_path / "b")
    yml.write_text('{\n "site_dir": "/tmp/y/pt",\n "theme": 1\n}\n')
    assert _held(tmp_path / "b") == first
    yml.write_text('{\n "site_dir": "/tmp/y/pt",\n "theme": 2\n}\n')
    assert _held(tmp_path / "b") != first
