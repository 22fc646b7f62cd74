"""The toolchain's wheel carries everything 'dow build' reads besides content/: the catalogues, the
grammar and the website's templates (a wheel without site/ once failed with TemplateNotFound).
Installing it in a fresh venv and building a copy of the content is a CI step (.ci/run)."""
from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile

from conftest import ROOT


def test_the_wheel_holds_the_site_templates_and_catalogues_without_setuptools_warnings(tmp_path):
    # the sdist first, then the wheel from it (in a temporary folder): what an index would serve
    run = subprocess.run([sys.executable, "-m", "build", "--outdir", str(tmp_path), str(ROOT)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "absent from the `packages` configuration" not in run.stdout + run.stderr
    names = set(zipfile.ZipFile(next(tmp_path.glob("dow_toolchain-*.whl"))).namelist())
    site = {n for n in (ROOT / "site").rglob("*") if n.is_file() and "__pycache__" not in n.parts}
    missing = [p.relative_to(ROOT).as_posix() for p in site if "dow/" + p.relative_to(ROOT).as_posix() not in names]
    assert not missing, missing
    from dow.i18n.catalogues import FOLDERS, GLOSSARY_FILE, language_files
    for lang in ("en", "pt", "vi"):        # every catalogue beside its layer, in every language it has
        for path in language_files(lang, ROOT):
            assert "dow/" + path.relative_to(ROOT).as_posix() in names
    assert {f"dow/{folder}/pt.yaml" for folder in FOLDERS.values()} <= names and f"dow/{GLOSSARY_FILE}" in names
    assert "dow/dsl/effects.lark" in names and "dow/runtime/py.typed" in names
    # every module of every folder pyproject.toml maps to a dow.* package, under that package's path
    folders = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-dir"]
    modules = {f"{name.replace('.', '/')}/{p.relative_to(ROOT / folder).as_posix()}"
               for name, folder in folders.items() for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts}
    assert {"dow/cli/main.py", "dow/render/text.py", "dow/i18n/workflow.py", "dow/site/build.py"} <= modules
    assert not modules - names, sorted(modules - names)
    entry = zipfile.ZipFile(next(tmp_path.glob("dow_toolchain-*.whl")))
    points = entry.read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "dow = dow.cli.main:entry" in points
