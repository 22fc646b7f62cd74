"""The dow command line: check, build, explain, new, docs; exit codes; JSON; atomic bundles."""
import json
import os
import subprocess
import sys
from pathlib import Path

from dow.compiler.cli import main
from dow.runtime.bundle import load_bundle

from conftest import card_yaml

GOOD = "content/base/survivors/test-card.yaml"


def project(tmp_path: Path, text: str = card_yaml("gain 1 morale.")) -> Path:
    (tmp_path / "pyproject.toml").write_text("")
    path = tmp_path / GOOD
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return tmp_path


def test_check_exit_codes(tmp_path, capsys):
    root = project(tmp_path)
    assert main(["--root", str(root), "check"]) == 0
    (root / GOOD).write_text(card_yaml("kil 3 zombies."), encoding="utf-8")
    assert main(["--root", str(root), "check"]) == 1
    assert "N001" in capsys.readouterr().err
    assert main(["--root", str(root), "check", "no/such/file.yaml"]) == 2


def test_check_json_format(tmp_path, capsys):
    root = project(tmp_path, card_yaml("kil 3 zombies."))
    assert main(["--root", str(root), "check", "--format", "json"]) == 1
    (diag,) = json.loads(capsys.readouterr().out)
    assert diag["code"] == "N001" and diag["line"] == 11 and diag["col"] == 7 and diag["hint"]


def test_build_writes_a_valid_bundle_then_skips_a_noop(tmp_path, capsys):
    root = project(tmp_path)
    assert main(["--root", str(root), "build"]) == 0
    bundle = load_bundle(root / "build" / "bundle.json")
    assert [c["id"] for c in bundle["cards"]] == ["base.survivor.test-card"]
    assert (root / "build" / "schemas" / "bundle.schema.json").is_file()
    capsys.readouterr()
    assert main(["--root", str(root), "build"]) == 0
    assert "up to date" in capsys.readouterr().out


def test_a_broken_card_never_touches_the_bundle(tmp_path, capsys):
    root = project(tmp_path)
    assert main(["--root", str(root), "build"]) == 0
    before = (root / "build" / "bundle.json").read_bytes()
    (root / GOOD).write_text(card_yaml("kill 3 zombies at the colony lose 1 morale."), encoding="utf-8")
    assert main(["--root", str(root), "build"]) == 1
    assert "B001" in capsys.readouterr().err
    assert (root / "build" / "bundle.json").read_bytes() == before
    assert [p.name for p in (root / "build").iterdir() if p.name.endswith(".tmp")] == []


def test_explain_shows_text_and_tree(tmp_path, capsys):
    root = project(tmp_path)
    assert main(["--root", str(root), "explain", "test-card"]) == 0
    out = capsys.readouterr().out
    assert "Test Card" in out and "gain_morale amount=1" in out
    assert main(["--root", str(root), "explain", "nothing-like-this"]) == 2


def test_new_scaffolds_a_card_that_compiles(tmp_path, capsys):
    root = project(tmp_path)
    for kind in ("survivor", "crossroads", "crisis", "main-objective", "secret-objective", "item", "tactic",
                 "lone-wolf-mission", "die", "location"):
        assert main(["--root", str(root), "new", kind, f"New {kind}"]) == 0
    assert main(["--root", str(root), "new", "survivor", "New survivor"]) == 2
    assert main(["--root", str(root), "new", "survivr", "X"]) == 2
    capsys.readouterr()
    assert main(["--root", str(root), "check"]) == 0
    assert "L003" in capsys.readouterr().err  # the TODOs are reported as warnings


def test_the_console_script_runs_as_a_process(tmp_path):
    root = project(tmp_path)
    env = dict(os.environ)
    done = subprocess.run([sys.executable, "-m", "dow.compiler.cli", "--root", str(root), "check"],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0 and "checked 1 card file" in done.stdout


def test_compare_text_warns_where_authored_and_generated_text_disagree(tmp_path, capsys):
    text = card_yaml("gain 1 morale.").replace("text: {pt: t, en: t, vi: t}",
                                                "text: {pt: Ganhe 2 de moral., en: Gain 2 morale., vi: Được 2 tinh thần.}")
    root = project(tmp_path, text)
    assert main(["--root", str(root), "check"]) == 0
    assert "L004" not in capsys.readouterr().err
    assert main(["--root", str(root), "check", "--compare-text"]) == 0
    err = capsys.readouterr().err
    assert err.count("warning L004") == 3 and "numbers differ" in err
