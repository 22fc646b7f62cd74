"""``dow test``: the scenarios card files carry, run from the command line, each failure at its place."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dow.cli.main import main

from conftest import CONTENT, ROOT

CARD = "content/base/crossroads/car-crash.yaml"
FIRST = "waiting in the wreck means frostbite and a ride back to the colony"
RIGHT = "expect: {survivors: {brian-lee: {at: colony, frostbite: 1}}, not_log: [moved]}"
WRONG = "expect: {survivors: {brian-lee: {at: colony, frostbite: 2}}, not_log: [moved]}"
#: a misspelt action: the card no longer compiles (N001)
BREAK = ("      place the moved survivor at its destination.", "      plac the moved survivor at its destination.")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the project's cards, to break one of them."""
    (tmp_path / "pyproject.toml").write_text("")
    shutil.copytree(CONTENT, tmp_path / "content")
    return tmp_path


def edit(root: Path, old: str, new: str) -> Path:
    path = root / CARD
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def line_of(path: Path, text: str) -> int:
    """The 1-based number of the line of ``path`` holding ``text``."""
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def add_scenarios(root: Path, text: str) -> Path:
    path = root / CARD
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")
    return path


def test_a_card_whose_scenarios_hold_passes(capsys):
    assert main(["--root", str(ROOT), "test", "base.crossroads.car-crash"]) == 0
    out = capsys.readouterr().out
    assert f"pass  base.crossroads.car-crash · {FIRST}" in out
    assert out.count("pass  base.crossroads.car-crash · ") == 4
    assert out.rstrip().endswith("4 scenarios in 1 card: 4 passed, 0 failed")


def test_cards_are_chosen_by_file_name_card_name_file_or_folder(capsys):
    """Every way of naming a card chooses the same scenarios; a file name two cards share chooses both."""
    runs = {}
    for query in ("car-crash", "Car Crash", "Tai nạn xe hơi", str(ROOT / CARD)):
        assert main(["--root", str(ROOT), "test", query]) == 0, query
        runs[query] = capsys.readouterr().out
    assert len(set(runs.values())) == 1
    assert main(["--root", str(ROOT), "test", "sparky"]) == 0     # the crossroads card and the survivor
    out = capsys.readouterr().out
    assert "base.crossroads.sparky · " in out and "base.survivor.sparky · " in out
    assert main(["--root", str(ROOT), "test", str(ROOT / "content/base/crossroads")]) == 0
    out = capsys.readouterr().out
    assert "base.crossroads.sparky · " in out and "base.survivor.sparky · " not in out


def test_a_wrong_expectation_fails_at_the_line_of_its_scenario(project, capsys):
    path = edit(project, RIGHT, WRONG)
    assert main(["--root", str(project), "test", "car-crash"]) == 1
    out = capsys.readouterr().out
    line = line_of(path, f"- name: {FIRST}")
    assert f"FAIL  base.crossroads.car-crash · {FIRST}" in out
    assert f"{CARD}:{line}:5: the scenario '{FIRST}' of base.crossroads.car-crash does not hold\n" \
           "  brian-lee.frostbite: expected 2, got 1\n" in out
    assert out.count("pass  base.crossroads.car-crash · ") == 3       # the card's other scenarios still hold
    assert out.rstrip().endswith("4 scenarios in 1 card: 3 passed, 1 failed")
    assert main(["--root", str(project), "test", "sparky"]) == 0       # another card is not touched by it
    assert main(["--root", str(project), "check", str(path)]) == 0     # what dow check never ran


def test_a_malformed_scenario_and_one_that_stops_the_engine_are_located_failures(project, capsys):
    path = add_scenarios(project, """\
  - name: a survivor the bundle does not have
    given: {survivors: {brian-leee: {at: colony}}}
    do: option 1
    expect: {food: 0}
  - name: a wound count that is not a number
    given: {survivors: {brian-lee: {at: colony}}}
    do: wound brian-lee many
    expect: {food: 0}
""")
    assert main(["--root", str(project), "test", str(path)]) == 1
    captured = capsys.readouterr()
    out = captured.out
    assert "Traceback" not in out + captured.err
    bad_name = line_of(path, "- name: a survivor the bundle does not have")   # (a key the runner does not know is
    assert f"{CARD}:{bad_name}:5: the scenario 'a survivor the bundle does not have' of " \
           "base.crossroads.car-crash cannot be run as written\n" \
           "  no survivor called 'brian-leee' in the bundle" in out           # S013 at compile time: tests/faults)
    assert "hint: a scenario's keys, names and steps are listed in docs/scenarios.md" in out
    stopped = line_of(path, "- name: a wound count that is not a number")
    assert f"{CARD}:{stopped}:5: the engine stopped on the scenario 'a wound count that is not a number'" in out
    assert "  ValueError: invalid literal for int()" in out
    assert out.rstrip().endswith("6 scenarios in 1 card: 4 passed, 2 failed")


def test_a_card_that_does_not_compile_fails_with_its_diagnostic(project, capsys):
    path = edit(project, *BREAK)
    assert main(["--root", str(project), "test", "car-crash", "sparky"]) == 1
    captured = capsys.readouterr()
    line = line_of(path, BREAK[1])
    assert f"{CARD}:{line}:7: error N001: 'plac' is not a word of the effect language" in captured.err
    assert "hint: did you mean 'place'?" in captured.err and "Traceback" not in captured.err + captured.out
    assert f"FAIL  {CARD} does not compile (1 error); its scenarios were not run" in captured.out
    assert "base.crossroads.sparky · " in captured.out                  # the other card chosen still runs
    assert captured.out.rstrip().endswith("; 1 card does not compile")
    assert main(["--root", str(project), "test", "sparky"]) == 0        # a broken card not chosen: a note only
    assert "1 other file in content/ has errors" in capsys.readouterr().err


@pytest.mark.parametrize("lang, words", [
    ("pt", ["FALHOU  base.crossroads.car-crash · ", "passou  base.crossroads.car-crash · ",
            f"o cenário '{FIRST}' de base.crossroads.car-crash falhou",
            "4 cenários em 1 carta: 3 passaram, 1 falhou"]),
    ("vi", ["KHÔNG ĐẠT  base.crossroads.car-crash · ", "đạt        base.crossroads.car-crash · ",
            f"kịch bản '{FIRST}' của base.crossroads.car-crash không đạt",
            "4 kịch bản trong 1 thẻ: 3 đạt, 1 không đạt"]),
])
def test_the_report_is_told_in_the_readers_language(project, capsys, monkeypatch, lang, words):
    path = edit(project, RIGHT, WRONG)
    line = line_of(path, f"- name: {FIRST}")
    assert main(["--root", str(project), "test", "car-crash", "--lang", lang]) == 1
    out = capsys.readouterr().out
    for said in words:
        assert said in out, said
    assert f"{CARD}:{line}:5: " in out and "brian-lee.frostbite: expected 2, got 1" in out   # the engine's own words
    assert " passed" not in out and "scenario" not in out
    monkeypatch.setenv("DOW_LANG", lang)           # the default, as for dow check
    assert main(["--root", str(project), "test", "car-crash"]) == 1
    assert capsys.readouterr().out == out


def test_json_is_one_document_with_each_scenario_located(project, capsys):
    path = edit(project, RIGHT, WRONG)
    assert main(["--root", str(project), "test", "car-crash", "--format", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["ok"] is False and doc["not_compiled"] == []
    first = doc["scenarios"][0]
    assert first == {"card": "base.crossroads.car-crash", "file": CARD, "line": line_of(path, f"- name: {FIRST}"),
                     "col": 5, "name": FIRST, "passed": False, "status": "failed",
                     "problems": ["brian-lee.frostbite: expected 2, got 1"]}
    assert [s["passed"] for s in doc["scenarios"]] == [False, True, True, True]
    assert {k: doc["summary"][k] for k in ("cards", "scenarios", "passed", "failed", "not_compiled")} == \
        {"cards": 1, "scenarios": 4, "passed": 3, "failed": 1, "not_compiled": 0}
    edit(project, *BREAK)
    assert main(["--root", str(project), "test", "car-crash", "--format", "json", "--lang", "pt"]) == 1
    doc = json.loads(capsys.readouterr().out)
    (broken,) = doc["not_compiled"]
    assert broken["file"] == CARD and [d["code"] for d in broken["diagnostics"]] == ["N001"]
    assert broken["diagnostics"][0]["message"] == "'plac' não é uma palavra da linguagem de efeitos"
    assert doc["scenarios"] == [] and doc["summary"]["not_compiled"] == 1


def test_an_unknown_card_or_path_is_a_usage_error(capsys):
    assert main(["--root", str(ROOT), "test", "no-such-card"]) == 2
    err = capsys.readouterr().err
    assert "no card or path matches 'no-such-card'" in err and "Traceback" not in err
    assert main(["--root", str(ROOT), "test", "no-such-card", "--lang", "vi"]) == 2
    assert "không có thẻ hay đường dẫn nào khớp với 'no-such-card'" in capsys.readouterr().err
    assert main(["--root", str(ROOT), "test", str(ROOT / "docs")]) == 2
    assert "no card files in" in capsys.readouterr().err
    assert main(["--root", str(ROOT), "test", "no-such-card", "--format", "json"]) == 2
    assert "no card or path matches" in json.loads(capsys.readouterr().out)["error"]


def test_every_card_scenario_runs_and_passes(capsys):
    assert main(["--root", str(ROOT), "test"]) == 0
    out = capsys.readouterr().out
    assert "FAIL" not in out and "winter-tricks." in out and "warring-colonies." in out


def test_dow_check_says_how_many_scenarios_the_cards_carry_and_keeps_its_json(project, capsys):
    card = str(project / CARD)
    assert main(["--root", str(project), "check", card]) == 0
    assert capsys.readouterr().out == "checked 1 card file\n1 card carries 4 scenarios; 'dow test' runs them\n"
    assert main(["--root", str(project), "check", card, "--lang", "pt"]) == 0
    assert "1 carta tem 4 cenários; o 'dow test' os executa" in capsys.readouterr().out
    assert main(["--root", str(project), "check", card, "--lang", "vi"]) == 0
    assert "1 thẻ có 4 kịch bản; 'dow test' sẽ chạy chúng" in capsys.readouterr().out
    assert main(["--root", str(project), "check", card, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == []                      # still the list of diagnostics


def test_help_and_completion_list_dow_test():
    top = subprocess.run([sys.executable, "-m", "dow", "--help"], capture_output=True, text=True).stdout
    assert "test " in top and "dow test car-crash" in top
    own = subprocess.run([sys.executable, "-m", "dow", "test", "--help"], capture_output=True, text=True).stdout
    assert "examples:" in own and "dow test content/base/crossroads/ --lang pt" in own
    script = subprocess.run([sys.executable, "-m", "dow", "completion", "bash"], capture_output=True, text=True).stdout
    probe = script + '\nCOMP_WORDS=(dow te); COMP_CWORD=1; _dow; echo "${COMPREPLY[*]}"' \
                     '\nCOMP_WORDS=(dow test --lang ""); COMP_CWORD=3; _dow; echo "${COMPREPLY[*]}"'
    out = subprocess.run(["bash", "-c", probe], capture_output=True, text=True).stdout.splitlines()
    assert out == ["test", "pt en vi"]


def test_the_author_guide_shows_what_dow_test_prints(project, capsys):
    """docs/authoring.md (and its pt and vi translations, which show the same block) shows a real failure."""
    guide = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    section = guide.split("## 5. Run its tests", 1)[1].split("\n## ", 1)[0]
    (shown,) = [body for lang, body in re.findall(r"^```(\w*)\n(.*?)^```$", section, re.S | re.M) if not lang]
    edit(project, RIGHT, WRONG)
    assert main(["--root", str(project), "test", "car-crash"]) == 1
    assert capsys.readouterr().out == shown
