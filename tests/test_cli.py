"""The dow command line: check, build, explain, new, docs; exit codes; JSON; atomic bundles."""
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

from dow.cli.main import main
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
    done = subprocess.run([sys.executable, "-m", "dow.cli.main", "--root", str(root), "check"],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0 and "checked 1 card file" in done.stdout


def test_compare_text_warns_where_authored_and_generated_text_disagree(tmp_path, capsys):
    text = card_yaml("gain 1 morale.").replace("text: {pt: t, en: t, vi: t}",
                                                "text: {pt: Ganhe 2 de moral., en: Gain 2 morale., vi: Được 2 tinh thần.}")
    root = project(tmp_path, text)
    assert main(["--root", str(root), "check"]) == 0     # on by default: a warning, the exit stays 0
    err = capsys.readouterr().err
    assert err.count("warning L004") == 3 and "numbers differ" in err
    assert main(["--root", str(root), "check", "--no-compare-text"]) == 0
    assert "L004" not in capsys.readouterr().err


def test_compare_text_is_quiet_where_the_texts_agree_but_for_ones_and_repeats(tmp_path, capsys):
    """'a zombie' against 'kill 1 zombie', or a number said twice, is the same card: no L004."""
    text = card_yaml("gain 2 morale.").replace("text: {pt: t, en: t, vi: t}",
                                                "text: {pt: Ganhe 2 de moral (2)., en: Gain 2 morale; 2 it is., vi: Được 2 tinh thần.}")
    root = project(tmp_path, text)
    assert main(["--root", str(root), "check"]) == 0
    assert "L004" not in capsys.readouterr().err


# ---- no traceback, whatever the user does ---------------------------------------------------------

def test_outside_a_project_every_command_says_so(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command in (["build"], ["status"], ["check"], ["play", "--quiet"], ["explain", "x"]):
        assert main(command) == 2, command
        assert "not a dow project" in capsys.readouterr().err
    assert not (tmp_path / "build").exists()


def test_build_json_is_one_document_on_stdout_whatever_happens(tmp_path, capsys):
    root = project(tmp_path)
    assert main(["--root", str(root), "build", "--no-site", "--format", "json"]) == 0
    done = json.loads(capsys.readouterr().out)
    assert done["ok"] and done["cards"] == 1 and done["bundle"].endswith("build/bundle.json")
    assert main(["--root", str(root), "build", "--no-site", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["up_to_date"] is True
    (root / GOOD).write_text(card_yaml("kil 3 zombies."), encoding="utf-8")
    assert main(["--root", str(root), "build", "--no-site", "--format", "json"]) == 1
    failed = json.loads(capsys.readouterr().out)
    assert not failed["ok"] and [d["code"] for d in failed["diagnostics"]] == ["N001"] and "B001" not in str(failed)
    assert main(["--root", str(tmp_path / "nowhere"), "build", "--format", "json"]) == 2
    assert "not a dow project" in json.loads(capsys.readouterr().out)["error"]
    assert main(["--root", str(root), "build", "--format", "json", "--no-such-option"]) == 2
    assert "unrecognized arguments" in json.loads(capsys.readouterr().out)["error"]


def test_a_content_error_is_counted_once_and_the_note_comes_after(tmp_path, capsys):
    root = project(tmp_path, card_yaml("kil 3 zombies."))
    assert main(["--root", str(root), "build", "--no-site"]) == 1
    err = capsys.readouterr().err
    assert ": error B001" not in err and "1 error, 0 warnings" in err
    assert err.index("N001") < err.index("B001: no bundle was written")


def test_version_python_m_and_help_on_every_option(tmp_path):
    done = subprocess.run([sys.executable, "-m", "dow", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("dow ") and "ir_version" in done.stdout
    # the number is the installed distribution's, the one pyproject.toml declares (not "unknown")
    declared = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())["project"]
    assert done.stdout.split()[1] == declared["version"], done.stdout
    import argparse

    from dow.cli.main import _parser
    missing, braces = [], []

    def walk(parser, name):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub_name, sub in action.choices.items():
                    walk(sub, sub_name)
            elif not action.help:
                missing.append(f"{name} {action.dest}")
            elif "{" in action.help:
                braces.append(f"{name} {action.dest}")
    walk(_parser(), "dow")
    assert missing == [] and braces == []
    for command in ("play", "simulate"):
        help_text = subprocess.run([sys.executable, "-m", "dow", command, "--help"], capture_output=True,
                                   text=True).stdout
        assert "{max}" not in help_text and "warring-colonies (two colonies" in help_text


def test_completion_scripts_parse_and_complete_commands_and_choices():
    for shell in ("bash", "zsh"):
        done = subprocess.run([sys.executable, "-m", "dow", "completion", shell], capture_output=True, text=True)
        assert done.returncode == 0 and "complete -o filenames -F _dow dow" in done.stdout
    script = subprocess.run([sys.executable, "-m", "dow", "completion", "bash"], capture_output=True, text=True).stdout
    probe = script + '\nCOMP_WORDS=(dow bu); COMP_CWORD=1; _dow; echo "${COMPREPLY[*]}"' \
                     '\nCOMP_WORDS=(dow --root x build --format ""); COMP_CWORD=5; _dow; echo "${COMPREPLY[*]}"'
    out = subprocess.run(["bash", "-c", probe], capture_output=True, text=True).stdout.splitlines()
    assert out == ["build", "text json"]


def test_numbers_of_games_and_players_below_one_are_usage_errors(tmp_path, capsys):
    root = project(tmp_path)
    for argv in (["simulate", "--games", "0"], ["simulate", "--games", "-5"], ["play", "--players", "0"],
                 ["simulate", "--games", "many"]):
        try:
            main(["--root", str(root), *argv])
        except SystemExit as stop:           # argparse refuses the value before any game is played
            assert stop.code == 2
        else:
            raise AssertionError(f"{argv} was accepted")
        err = capsys.readouterr().err
        assert "is not 1 or more" in err or "not a whole number" in err


def test_play_save_into_a_missing_folder_is_refused_before_the_game(tmp_path, capsys):
    root = project(tmp_path)
    assert main(["--root", str(root), "play", "--save", str(tmp_path / "no" / "dir" / "x.json")]) == 2
    assert "there is no such folder" in capsys.readouterr().err


def test_new_with_a_very_long_name_is_refused(tmp_path, capsys):
    root = project(tmp_path)
    assert main(["--root", str(root), "new", "survivor", "Sparky " * 200]) == 2
    assert "too long" in capsys.readouterr().err
    for name in ("Spa\x1b[2Jrky", "   ", "a\nb"):
        assert main(["--root", str(root), "new", "survivor", name]) == 2
        assert "control characters" in capsys.readouterr().err


def test_a_path_that_cannot_be_written_is_a_usage_error_not_a_traceback(tmp_path, capsys):
    root = project(tmp_path)
    assert main(["--root", str(root), "i18n", "export", "--lang", "pt", "--out", str(tmp_path / "no" / "x.po")]) == 2
    assert "cannot use" in capsys.readouterr().err


def test_a_bug_is_one_line_with_exit_70_and_its_traceback_only_when_asked(tmp_path, capsys, monkeypatch):
    from dow.cli import main as cli

    def broken(args):
        raise KeyError("boom")
    monkeypatch.setattr(cli, "cmd_status", broken)
    root = project(tmp_path)
    assert main(["--root", str(root), "status"]) == 70
    err = capsys.readouterr().err
    assert "internal error" in err and "KeyError" in err and "Traceback" not in err
    monkeypatch.setenv("DOW_DEBUG", "1")
    import pytest
    with pytest.raises(KeyError):
        main(["--root", str(root), "status"])


def test_play_and_simulate_seat_the_heuristic_bots_by_default(capsys, monkeypatch):
    """Every command that seats bots seats the heuristic bots unless --agents says otherwise (issue 33: the
    best bot that plays a game in under a second; benchmarks/bench_agents_time.py)."""
    monkeypatch.chdir(Path(__file__).parent.parent)
    assert main(["simulate", "--games", "2", "--seed", "7", "--format", "json"]) == 0
    summary = [json.loads(line) for line in capsys.readouterr().out.splitlines()][-1]
    assert summary["agents"] == "heuristic"
    logs = {}
    for extra in ([], ["--agents", "heuristic"], ["--agents", "bot"]):
        assert main(["play", "--seed", "7", *extra]) == 0
        logs[tuple(extra)] = capsys.readouterr().out
    assert logs[()] == logs[("--agents", "heuristic")] != logs[("--agents", "bot")]
    for extra in ([], ["--agents", "heuristic"], ["--agents", "random"]):
        assert main(["play", "--game", "winter-tricks", "--players", "3", "--seed", "7", *extra]) == 0
        logs[("wt", *extra)] = capsys.readouterr().out
    assert logs[("wt",)] == logs[("wt", "--agents", "heuristic")] != logs[("wt", "--agents", "random")]
