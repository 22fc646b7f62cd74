"""The runtime-only package as an engine developer meets it: docs/embedding.md's shell steps run as written
(a copy of this tree stands for the clone), so the wheel is built from this tree, installed alone in a fresh
venv with no package index, in a folder of the embedder's own outside the clone; then its Python blocks run
in order, as one script, in that folder, and a whole game is played with every agent the runtime offers,
on the installed package only."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT

DOC = ROOT / "docs" / "embedding.md"
CLONE = "git clone <the project's repository> dow"


def _shell_blocks() -> list[str]:
    return re.findall(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def _shell_block() -> str:
    """The walk-through's steps from a clone (the one that builds the wheel)."""
    return next(block for block in _shell_blocks() if CLONE in block)


WHEEL_FILE = "/path/to/dow_runtime-0.1.0-py3-none-any.whl"


def _clean_env() -> dict:
    """The environment without this test run's venv: no PYTHONPATH, no VIRTUAL_ENV, its bin/ off PATH."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    ours = str(Path(sys.prefix) / "bin")
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != ours)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _snapshot(into: Path) -> Path:
    """What 'git clone' gives, from this tree as it is now (edits not yet committed included): every file
    git tracks or would track."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    return into


@pytest.fixture(scope="module")
def embedder(bundle, tmp_path_factory) -> dict:
    """docs/embedding.md followed as written in an empty folder: its shell block, then the bundle copied into
    the folder the block leaves you in. The one step replaced is the clone, by a copy of this tree. Returns
    the folder, the venv and the wheel."""
    top = tmp_path_factory.mktemp("embedder")
    shell = _shell_block()
    assert CLONE in shell, "the walk-through no longer starts from a clone"
    source = _snapshot(tmp_path_factory.mktemp("source"))
    (top / "bundle.json").write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
    script = ("set -euo pipefail\n" + shell.replace(CLONE, f"cp -R '{source}' dow") +
              f"\ncp '{top / 'bundle.json'}' bundle.json\npwd > '{top / 'cwd'}'\n"
              "python -c 'import sys; print(sys.prefix)' > " + f"'{top / 'prefix'}'\n")
    run = subprocess.run(["bash", "-c", script], cwd=top, env=_clean_env(), capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    folder = Path((top / "cwd").read_text().strip())
    wheels = list((top / "dow" / "dist").glob("dow_runtime-*.whl"))
    assert len(wheels) == 1, wheels
    return {"folder": folder, "venv": Path((top / "prefix").read_text().strip()), "wheel": wheels[0],
            "clone": top / "dow"}


@pytest.fixture(scope="module")
def wheel(embedder) -> Path:
    """The dow-runtime wheel, built from this tree by the walk-through's steps."""
    return embedder["wheel"]


@pytest.fixture(scope="module")
def venv(embedder) -> Path:
    """The walk-through's venv: the runtime wheel installed without any index, nothing else can come in."""
    return embedder["venv"]


def _python(venv: Path, code: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(venv / "bin" / "python"), "-c", code], cwd=cwd, env=_clean_env(),
                          capture_output=True, text=True)


def test_the_install_from_a_wheel_file_runs_as_written(embedder, tmp_path):
    """The first way embedding.md gives, for a developer handed the wheel file and no clone (the second trial's
    finding 1): its block, with the file's path put in, installs dow-runtime alone, no index asked."""
    block = next(b for b in _shell_blocks() if WHEEL_FILE in b)
    assert CLONE not in block and "packaging/" not in block
    assert embedder["wheel"].name == Path(WHEEL_FILE).name, "the guide names another version's wheel file"
    script = ("set -euo pipefail\n" + block.replace(WHEEL_FILE, str(embedder["wheel"])) +
              "\npython -c 'import dow.runtime.agents, sys; print(\"prefix:\", sys.prefix)'\npip show dow-runtime\n")
    run = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=_clean_env(), capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert f"prefix: {tmp_path / 'my-engine' / '.venv'}" in run.stdout, run.stdout
    assert "Name: dow-runtime" in run.stdout


def test_the_walkthrough_leaves_you_outside_the_clone_with_the_installed_runtime(embedder):
    folder, venv, clone = embedder["folder"], embedder["venv"], embedder["clone"]
    assert not folder.is_relative_to(clone) and folder != clone.parent, folder
    assert venv.is_relative_to(folder), venv
    where = _python(venv, "import dow.runtime.interpreter as i; print(i.__file__)", folder)
    assert where.stdout.strip().startswith(str(venv)), where.stdout + where.stderr
    # the trap the walk-through avoids: in the folder that holds the clone, the clone's source is imported
    trap = _python(venv, "import dow.runtime.interpreter as i; print(i.__file__)", clone.parent)
    assert trap.stdout.strip().startswith(str(clone)), trap.stdout + trap.stderr


def _runtime_tree() -> set[str]:
    """Every file of runtime/ a wheel must carry, as its path in the wheel (dow/runtime/…)."""
    return {"dow/runtime/" + p.relative_to(ROOT / "runtime").as_posix() for p in (ROOT / "runtime").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".typed", ".json")}


def test_the_wheel_holds_the_whole_runtime_tree_alone_and_declares_no_dependency(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    tree = _runtime_tree()
    assert "dow/runtime/engine/bots/search.py" in tree and "dow/runtime/py.typed" in tree
    assert "dow/runtime/bundle.schema.json" in tree      # load_bundle checks bundles against it
    assert not tree - names, f"modules of runtime/ missing from the wheel: {sorted(tree - names)}"
    assert not [n for n in names if n.startswith(("dow/compiler", "dow/dsl", "dow/render", "dow/i18n", "dow/site", "dow/cli", "dow/__"))]
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert "Name: dow-runtime" in metadata and "Requires-Dist" not in metadata


def test_the_toolchain_lists_every_runtime_package():
    """The toolchain's pyproject.toml names its packages by hand (its folders map to dow.* under other
    names); every package folder of runtime/ must be among them, or the toolchain's wheel loses it."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    listed = set(re.findall(r'"(dow\.runtime[\w.]*)"', re.search(r"^packages = \[(.*?)\]", text, re.M | re.S).group(1)))
    folders = {"dow." + p.parent.relative_to(ROOT).as_posix().replace("/", ".") for p in (ROOT / "runtime").rglob("*.py")
               if "__pycache__" not in p.parts}
    assert folders <= listed, f"runtime packages missing from pyproject.toml: {sorted(folders - listed)}"


def test_the_venv_holds_nothing_but_the_runtime_and_pip(embedder):
    venv, folder = embedder["venv"], embedder["folder"]
    listed = _python(venv, "import json, importlib.metadata as m; "
                           "print(json.dumps(sorted(d.metadata['Name'] for d in m.distributions())))", folder)
    seeded = {"pip", "setuptools", "wheel"}                 # what venv itself puts in, by Python version
    assert set(json.loads(listed.stdout)) - seeded == {"dow-runtime"}
    no_toolchain = _python(venv, "import dow.compiler", folder)
    assert "No module named 'dow.compiler'" in no_toolchain.stderr


def test_every_runtime_module_imports_with_the_standard_library_alone(embedder):
    code = ("import importlib, json, pkgutil, dow.runtime as r\n"
            "names = [m.name for m in pkgutil.walk_packages(r.__path__, 'dow.runtime.')]\n"
            "print(json.dumps({n: importlib.import_module(n).__file__ for n in names}))")
    run = _python(embedder["venv"], code, embedder["folder"])
    assert run.returncode == 0, run.stderr
    files = json.loads(run.stdout)
    wanted = {n[len("dow/"):].removesuffix(".py").removesuffix("/__init__").replace("/", ".")
              for n in _runtime_tree() if n.endswith(".py")} - {"runtime"}
    assert {n.removeprefix("dow.") for n in files} == wanted
    assert all(f.startswith(str(embedder["venv"])) for f in files.values())


def test_the_embedding_walkthrough_runs_as_written(embedder):
    """The Python blocks, in order, as one script in the folder the shell steps leave you in."""
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 5, "the walk-through lost its code"
    folder = embedder["folder"]
    (folder / "walkthrough.py").write_text("\n".join(blocks), encoding="utf-8")
    run = subprocess.run([str(embedder["venv"] / "bin" / "python"), "walkthrough.py"], cwd=folder,
                         env=_clean_env(), capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "['chose', 'kill_zombies', 'skip_exposure']" in run.stdout
    # the comment beside print(decision.to_json()) shows what Python prints, a dict
    assert "{'kind': 'option', 'player': 'p1', 'choices': [0, 1]," in run.stdout
    assert "the number of zombies at all non-colony locations <= 3" in run.stdout    # Interpreter.check


#: played in the embedder's folder on the installed package: a whole game for every agent kind the runtime
#: offers, read from the runtime itself (a kind added there is played here), in the base game and Warring
#: Colonies (5 players: the Lone Wolf's seat too), and Winter Tricks with its own kinds
GAMES = """
import json, sys
from dow.runtime.bundle import load_bundle
from dow.runtime.engine.sim import KINDS, play_game
from dow.runtime.games import winter_tricks
from dow.runtime.games.winter_tricks_bot import KINDS as WT_KINDS, agents_for

bundle = load_bundle("bundle.json")
played = []
for kind in KINDS:
    for variants, players in (((), 3), (("warring-colonies",), 5)):
        game, replay, result = play_game(bundle, 7, players, kind, variants=variants)
        played.append({"game": "+".join(variants) or "base", "agents": kind, "over": bool(game.state.over),
                       "violations": result["violations"], "decisions": len(replay.decisions)})
for kind in WT_KINDS:
    game = winter_tricks.new_game(bundle, 7, 3, agents_for(kind, 7, 3))
    result = game.run()
    played.append({"game": "winter-tricks", "agents": kind, "over": game.log.lines[-1]["event"] == "game_end",
                   "violations": game.check_invariants(), "decisions": len(game.decisions)})
loaded = sorted(n for n in sys.modules if n.startswith("dow.runtime.engine.bots") or n.endswith("lonewolf"))
files = sorted({m.__file__ for n, m in sys.modules.items() if n.startswith("dow") and getattr(m, "__file__", None)})
print(json.dumps({"kinds": list(KINDS), "wt_kinds": list(WT_KINDS), "played": played, "loaded": loaded,
                  "files": files}))
"""


def test_a_whole_game_is_played_with_every_agent_the_runtime_offers(embedder):
    run = _python(embedder["venv"], GAMES, embedder["folder"])
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout)
    assert {"random", "bot", "heuristic", "search"} <= set(out["kinds"]) and "heuristic" in out["wt_kinds"]
    expected = {(g, k) for k in out["kinds"] for g in ("base", "warring-colonies")} | \
               {("winter-tricks", k) for k in out["wt_kinds"]}
    assert {(p["game"], p["agents"]) for p in out["played"]} == expected
    for game in out["played"]:
        assert game["over"] and game["violations"] == [] and game["decisions"] > 10, game
    assert {"dow.runtime.engine.bots.base", "dow.runtime.engine.bots.search",
            "dow.runtime.engine.bots.colonies", "dow.runtime.engine.colony_lonewolf"} <= set(out["loaded"])
    assert all(f.startswith(str(embedder["venv"])) for f in out["files"]), out["files"]


def test_the_runtime_and_toolchain_versions_agree():
    def version(path: Path) -> str:
        return re.search(r'^version = "(.*)"', path.read_text(encoding="utf-8"), re.M).group(1)
    assert version(ROOT / "packaging" / "runtime" / "pyproject.toml") == version(ROOT / "pyproject.toml")


def test_without_the_build_front_end_the_build_says_what_to_install(embedder, tmp_path):
    """The embedder's venv has no PyPA front end: the build script says what to install, with no traceback."""
    assert ".build/bin/pip install build" in _shell_block()
    run = subprocess.run([str(embedder["venv"] / "bin" / "python"), str(ROOT / "packaging" / "build_runtime.py"),
                          "--outdir", str(tmp_path)], env=_clean_env(), capture_output=True, text=True)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "-m pip install build" in run.stderr


def test_the_readme_example_runs_on_the_installed_package(embedder):
    """The Python block of the runtime's README (its page on the package index), in the embedder's folder, and
    the guides it says ship with the package are where its command says."""
    readme = (ROOT / "packaging" / "runtime" / "README.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", readme, re.S).group(1)
    run = _python(embedder["venv"], code, embedder["folder"])
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0] == "option (0, 1)"          # the comment beside the print
    command = re.search(r'python -c "(.*?)"', readme).group(1)
    where = Path(_python(embedder["venv"], command, embedder["folder"]).stdout.strip())
    assert where.is_relative_to(embedder["venv"]) and (where / "embedding.md").is_file()
    assert (where / "agent-protocol.md").is_file()
