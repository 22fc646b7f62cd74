"""The runtime-only package as an engine developer meets it: the wheel built from this tree,
installed in a fresh venv with no package index, then docs/embedding.md followed to the letter
(its Python blocks run in order, as one script, against the installed package only)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "packaging"))
import build_runtime  # noqa: E402  (packaging/ is a folder of scripts, not a package)

DOC = ROOT / "docs" / "embedding.md"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The dow-runtime wheel, built from this tree."""
    out = tmp_path_factory.mktemp("dist")
    built = build_runtime.build(out)
    return next(p for p in built if p.suffix == ".whl")


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh venv with the runtime wheel installed without any index: nothing else can come in."""
    env_dir = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True)
    subprocess.run([str(env_dir / "bin" / "pip"), "install", "-q", "--no-index", str(wheel)], check=True,
                   env=_clean_env())
    return env_dir


def _clean_env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _python(venv: Path, code: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(venv / "bin" / "python"), "-c", code], cwd=cwd, env=_clean_env(),
                          capture_output=True, text=True)


def test_the_wheel_holds_the_runtime_alone_and_declares_no_dependency(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "dow/runtime/py.typed" in names and "dow/runtime/minimal_host.py" in names
    assert "dow/runtime/bundle.schema.json" in names      # load_bundle checks bundles against it
    assert "dow/runtime/engine/game.py" in names and "dow/runtime/cards.py" in names
    assert not [n for n in names if n.startswith(("dow/compiler", "dow/dsl", "dow/site", "dow/__init__"))]
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert "Name: dow-runtime" in metadata and "Requires-Dist" not in metadata


def test_the_venv_holds_nothing_but_the_runtime_and_pip(venv, tmp_path):
    listed = _python(venv, "import json, importlib.metadata as m; "
                           "print(json.dumps(sorted(d.metadata['Name'] for d in m.distributions())))", tmp_path)
    seeded = {"pip", "setuptools", "wheel"}                 # what venv itself puts in, by Python version
    assert set(json.loads(listed.stdout)) - seeded == {"dow-runtime"}
    no_toolchain = _python(venv, "import dow.compiler", tmp_path)
    assert "No module named 'dow.compiler'" in no_toolchain.stderr


def test_every_runtime_module_imports_with_the_standard_library_alone(venv, tmp_path):
    code = ("import importlib, pkgutil, dow.runtime as r\n"
            "names = [m.name for m in pkgutil.walk_packages(r.__path__, 'dow.runtime.')]\n"
            "for name in names: importlib.import_module(name)\n"
            "print(len(names))")
    run = _python(venv, code, tmp_path)
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) >= 25      # interpreter, host, decisions, cards, conformance, the engine, the games


def test_the_embedding_walkthrough_runs_as_written(venv, bundle, tmp_path):
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 5, "the walk-through lost its code"
    (tmp_path / "bundle.json").write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
    run = _python(venv, "\n".join(blocks), tmp_path)
    assert run.returncode == 0, run.stderr
    assert "['chose', 'kill_zombies', 'skip_exposure']" in run.stdout
    assert "the number of zombies at all non-colony locations <= 3" in run.stdout    # Interpreter.check
    imported = _python(venv, "import dow.runtime.cards as c; print(c.__file__)", tmp_path)
    assert str(venv) in imported.stdout, "the doc must run on the installed package, not on the source tree"


def test_the_runtime_and_toolchain_versions_agree():
    def version(path: Path) -> str:
        return re.search(r'^version = "(.*)"', path.read_text(encoding="utf-8"), re.M).group(1)
    assert version(ROOT / "packaging" / "runtime" / "pyproject.toml") == version(ROOT / "pyproject.toml")


def test_the_docs_build_and_install_steps_are_the_ones_that_work(venv, tmp_path):
    """The shell block names the command the wheel fixture runs and the file it makes; without the PyPA
    front end the build says what to install (a fresh venv has none), with no traceback."""
    shell = re.search(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S).group(1)
    assert ".build/bin/pip install build" in shell
    assert ".build/bin/python packaging/build_runtime.py --outdir dist" in shell
    assert "pip install dow/dist/dow_runtime-*.whl" in shell
    run = subprocess.run([str(venv / "bin" / "python"), str(ROOT / "packaging" / "build_runtime.py"), "--outdir",
                          str(tmp_path)], env=_clean_env(), capture_output=True, text=True)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "-m pip install build" in run.stderr
