"""Authors' mistakes in a card's scenario tests are the author's, said where they are (issue:
reliability, item 8). They were V001 ("the compiled tree does not match the bundle schema … this is
a compiler bug") at line 2; now each is S013 at the line of the mistake. And a YAML syntax error at
the end of a file without a final newline is said on the file's last line, not on a line past it.

The table below writes each kind of mistake (wrong types, unknown keys, bad given and expect values,
bad steps, missing fields) into a real card's 'tests:', marks the line the diagnostic must be on
with '#<', and checks ``dow check --format json`` on it: exit 1, no traceback, no exit 70, no V001,
an S013 on the marked line. A seeded fuzz then mutates the scenarios of every card that carries
some (a value of another kind, a key renamed, a key dropped, an item replaced) and checks that no
mutation is V001 or a crash, and that every error it gives is located inside 'tests:'.
"""
from __future__ import annotations

import copy
import json
import random
import shutil
from pathlib import Path

import pytest
import yaml

from build_faults_kit import ROOT

from dow.cli.main import main
from dow.compiler.pipeline import compile_text

CARD = "content/base/crossroads/car-crash.yaml"
WT_CARD = "content/winter-tricks/expedition/expedition.yaml"
HEAD = (ROOT / CARD).read_text(encoding="utf-8").split("\ntests:\n")[0] + "\n"
WT_HEAD = (ROOT / WT_CARD).read_text(encoding="utf-8").split("\ntests:\n")[0] + "\n"

GOOD = """  - name: x
    given: {survivors: {brian-lee: {at: school}}}
    do: option 1
    expect: {food: 0}
"""

#: (what, the 'tests:' section with '#<' on the line the S013 must be on)
MISTAKES = [
    ("tests is a mapping", "tests: {name: x}  #<\n"),
    ("tests is a word", "tests: none  #<\n"),
    ("a scenario is a word", "tests:\n  - just a sentence  #<\n"),
    ("a scenario is a list", "tests:\n  - [name, given]  #<\n"),
    ("name is a list", "tests:\n  - name: [x]  #<\n    given: {}\n    do: option 1\n    expect: {food: 0}\n"),
    ("name is empty", "tests:\n  - name: ''  #<\n    given: {}\n    do: option 1\n    expect: {food: 0}\n"),
    ("given is a number", "tests:\n  - name: x\n    given: 3  #<\n    do: option 1\n    expect: {food: 0}\n"),
    ("given is empty", "tests:\n  - name: x\n    given:  #<\n    do: option 1\n    expect: {food: 0}\n"),
    ("given is a list", "tests:\n  - name: x\n    given: [food]  #<\n    do: option 1\n    expect: {food: 0}\n"),
    ("expect is a list", "tests:\n  - name: x\n    given: {}\n    do: option 1\n    expect: [1]  #<\n"),
    ("expect is text", "tests:\n  - name: x\n    given: {}\n    do: option 1\n    expect: food is 1  #<\n"),
    ("do is a number", "tests:\n  - name: x\n    given: {}\n    do: 5  #<\n    expect: {food: 0}\n"),
    ("do is a mapping", "tests:\n  - name: x\n    given: {}\n    do: {option: 1}  #<\n    expect: {food: 0}\n"),
    ("do is empty", "tests:\n  - name: x\n    given: {}\n    do: []  #<\n    expect: {food: 0}\n"),
    ("a step is a number", "tests:\n  - name: x\n    given: {}\n    do:\n      - option 1\n      - 2  #<\n"
                           "    expect: {food: 0}\n"),
    ("a step is misspelt", "tests:\n  - name: x\n    given: {}\n    do: optoin 1  #<\n    expect: {food: 0}\n"),
    ("a step in a list is unknown", "tests:\n  - name: x\n    given: {}\n    do: [option 1, dance]  #<\n"
                                    "    expect: {food: 0}\n"),
    ("answers is a mapping", "tests:\n  - name: x\n    given: {}\n    do: option 1\n    answers: {a: 1}  #<\n"
                             "    expect: {food: 0}\n"),
    ("rolls is a number", "tests:\n  - name: x\n    given: {}\n    do: option 1\n    rolls: 6  #<\n"
                          "    expect: {food: 0}\n"),
    ("a roll is a word", "tests:\n  - name: x\n    given: {}\n    do: option 1\n    rolls:\n      - 3\n      - six  #<\n"
                         "    expect: {food: 0}\n"),
    ("a roll is 0", "tests:\n  - name: x\n    given: {}\n    do: option 1\n    rolls: [0]  #<\n    expect: {food: 0}\n"),
    ("a roll is true", "tests:\n  - name: x\n    given: {}\n    do: option 1\n    rolls: [true]  #<\n"
                       "    expect: {food: 0}\n"),
    ("seed is text", "tests:\n  - name: x\n    given: {}\n    do: option 1\n    seed: abc  #<\n    expect: {food: 0}\n"),
    ("an unknown key", "tests:\n  - name: x\n    given: {}\n    do: option 1\n    expect: {food: 0}\n    note: hi  #<\n"),
    ("a misspelt key, so expect is missing", "tests:\n  - name: x  #<\n    given: {}\n    do: option 1\n"
                                            "    expct: {food: 0}\n"),
    ("no name", "tests:\n  - given: {}  #<\n    do: option 1\n    expect: {food: 0}\n"),
    ("no given", "tests:\n  - name: x  #<\n    do: option 1\n    expect: {food: 0}\n"),
    ("no do", "tests:\n  - name: x  #<\n    given: {}\n    expect: {food: 0}\n"),
    ("no expect", "tests:\n  - name: x  #<\n    given: {}\n    do: option 1\n"),
    ("an unknown given key", "tests:\n  - name: x\n    given:\n      fod: 3  #<\n    do: option 1\n    expect: {food: 0}\n"),
    ("an unknown expect key", "tests:\n  - name: x\n    given: {}\n    do: option 1\n    expect:\n      moral: 5  #<\n"),
    ("given food is text", "tests:\n  - name: x\n    given: {food: lots}  #<\n    do: option 1\n    expect: {food: 0}\n"),
    ("given food is negative", "tests:\n  - name: x\n    given:\n      food: -2  #<\n    do: option 1\n"
                               "    expect: {food: 0}\n"),
    ("given players is 0", "tests:\n  - name: x\n    given:\n      players: 0  #<\n    do: option 1\n"
                           "    expect: {food: 0}\n"),
    ("given survivors is a list", "tests:\n  - name: x\n    given:\n      survivors: [brian-lee]  #<\n"
                                  "    do: option 1\n    expect: {food: 0}\n"),
    ("given deck is a word", "tests:\n  - name: x\n    given:\n      deck: brian-lee  #<\n    do: option 1\n"
                             "    expect: {food: 0}\n"),
    ("given colonies is a word", "tests:\n  - name: x\n    given:\n      colonies: maybe  #<\n    do: option 1\n"
                                 "    expect: {food: 0}\n"),
    ("given helpless is text", "tests:\n  - name: x\n    given:\n      helpless: many  #<\n    do: option 1\n"
                               "    expect: {food: 0}\n"),
    ("expect morale is text", "tests:\n  - name: x\n    given: {}\n    do: option 1\n    expect:\n"
                              "      morale: high  #<\n"),
    ("expect triggered is a number", "tests:\n  - name: x\n    given: {}\n    do: trigger\n    expect:\n"
                                     "      triggered: 1  #<\n"),
    ("expect log is a word", "tests:\n  - name: x\n    given: {}\n    do: option 1\n    expect:\n      log: moved  #<\n"),
    ("the second scenario's mistake", "tests:\n" + GOOD + "  - name: y\n    given: {}\n    do: option 1\n"
                                      "    expect: {fod: 1}  #<\n"),
]

WT_MISTAKES = [
    ("a base game given key on a Winter Tricks card", "tests:\n  - name: x\n    given:\n      food: 3  #<\n"
                                                      "    do: resolve\n    expect: {damage: {p1: 0}}\n"),
    ("a base game step on a Winter Tricks card", "tests:\n  - name: x\n    given: {}\n    do: option 1  #<\n"
                                                 "    expect: {damage: {p1: 0}}\n"),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A project of two cards: the crossroads card and a Winter Tricks card whose tests are rewritten."""
    root = tmp_path_factory.mktemp("scenarios")
    (root / "pyproject.toml").write_text("")
    for card in (CARD, WT_CARD):
        (root / card).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / card, root / card)
    shutil.copy(ROOT / "content" / "glossary.yaml", root / "content" / "glossary.yaml")
    return root


def _check(capsys, root: Path, card: str) -> tuple[int, list[dict], str]:
    code = main(["--root", str(root), "check", "--format", "json", str(root / card)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "internal error" not in err, err
    assert code != 70
    return code, json.loads(out), err


def test_the_cards_as_they_are_check_clean(capsys, project):
    for card in (CARD, WT_CARD):
        code, diags, err = _check(capsys, project, card)
        assert code == 0 and not [d for d in diags if d["severity"] == "error"], diags


@pytest.mark.parametrize("what, tests", [*MISTAKES, *WT_MISTAKES], ids=[m[0] for m in [*MISTAKES, *WT_MISTAKES]])
def test_a_scenario_mistake_is_S013_on_its_line(capsys, project, what, tests):
    card, head = (WT_CARD, WT_HEAD) if (what, tests) in WT_MISTAKES else (CARD, HEAD)
    text = head + tests
    lines = text.split("\n")
    marked = next(n for n, line in enumerate(lines, 1) if line.endswith("#<"))
    (project / card).write_text(text, encoding="utf-8")
    try:
        code, diags, err = _check(capsys, project, card)
    finally:
        shutil.copy(ROOT / card, project / card)
    errors = [d for d in diags if d["severity"] == "error"]
    assert code == 1, (what, diags)
    assert not [d for d in diags if d["code"] == "V001"], f"{what}: called a compiler bug: {diags}"
    assert errors and all(d["code"] == "S013" for d in errors), f"{what}: {errors}"
    assert marked in [d["line"] for d in errors], f"{what}: expected on line {marked}, got {[d['line'] for d in errors]}"
    for d in errors:
        assert 0 < d["line"] <= len(lines) and d["col"] >= 1, d


# ---- the fuzz --------------------------------------------------------------------------------------

FUZZ_SEED, FUZZ_CASES = 8, 300
WRONG = [3, -1, 0, "lots", "", None, True, [1, "x"], {"a": 1}, [], {}, 1.5]


def _mutate(tests: list, rng: random.Random) -> list:
    """One mistake in one scenario: a value of another kind, a key renamed or dropped, an item replaced,
    a key or step of a table misspelt."""
    tests = copy.deepcopy(tests)
    i = rng.randrange(len(tests))
    scenario = tests[i]
    how = rng.choice(["value", "rename", "drop", "item", "table-key", "table-value", "step"])
    keys = list(scenario)
    if how == "value":
        scenario[rng.choice(keys)] = rng.choice(WRONG)
    elif how == "rename":
        key = rng.choice(keys)
        scenario[key[:-1] or "x"] = scenario.pop(key)
    elif how == "drop":
        scenario.pop(rng.choice([k for k in keys if k in ("name", "given", "do", "expect")] or keys))
    elif how == "item":
        tests[i] = rng.choice(WRONG[:8])
    elif how in ("table-key", "table-value"):
        table = scenario.get(rng.choice(["given", "expect"]))
        if isinstance(table, dict) and table:
            key = rng.choice(list(table))
            if how == "table-key":
                table[key + "z"] = table.pop(key)
            else:
                table[key] = rng.choice(WRONG)
        else:
            scenario["given"] = rng.choice(WRONG)
    else:
        steps = scenario.get("do")
        scenario["do"] = [*(steps if isinstance(steps, list) else [steps]), rng.choice(["jump 1", 7, "", ["option 1"]])]
    return tests


def test_fuzzed_scenario_mistakes_are_never_V001_and_are_located_in_tests():
    rng = random.Random(FUZZ_SEED)
    cards = []
    for path in sorted((ROOT / "content").rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        if "\ntests:\n" in text:
            cards.append((path, text))
    assert len(cards) > 100
    seen: dict[str, int] = {}
    for n in range(FUZZ_CASES):
        path, text = rng.choice(cards)
        head, body = text.split("\ntests:\n", 1)
        tests = yaml.safe_load("tests:\n" + body)["tests"]
        mutated = _mutate(tests, rng)
        section = yaml.safe_dump({"tests": mutated}, allow_unicode=True, sort_keys=False, width=1000)
        source = head + "\n" + section
        start = source.count("\n", 0, len(head) + 1) + 1        # the line of 'tests:'
        display = path.relative_to(ROOT).as_posix()
        result = compile_text(source, display)
        errors = [d for d in result.diags if d.severity == "error"]
        assert not [d for d in result.diags if d.code == "V001"], (display, n, [str(d.message) for d in errors])
        for d in errors:
            seen[d.code] = seen.get(d.code, 0) + 1
            assert start <= d.line <= source.count("\n") + 1, (display, n, d.code, d.line, start)
            assert d.source_line.strip(), (display, n, d.code, d.line)
    assert seen.get("S013", 0) > FUZZ_CASES // 2, seen           # most mutations are mistakes, and S013
    assert set(seen) <= {"S013", "S005"}, seen


# ---- YAML syntax errors at the end of a file ------------------------------------------------------

@pytest.mark.parametrize("tail", ["", "\n", "\n\n\n"], ids=["no final newline", "final newline", "blank lines"])
@pytest.mark.parametrize("broken, line", [("name: [Car, Crash", 5), ("name: {en: Car Crash", 5),
                                          ("tests:\n  - name: 'unclosed", 6)])
def test_a_syntax_error_at_the_end_is_said_on_the_last_line(capsys, project, tail, broken, line):
    text = "\n".join(HEAD.split("\n")[:4]) + "\n" + broken + tail
    lines = text.split("\n")
    (project / CARD).write_text(text, encoding="utf-8")
    try:
        code, diags, err = _check(capsys, project, CARD)
    finally:
        shutil.copy(ROOT / CARD, project / CARD)
    assert code == 1 and [d["code"] for d in diags] == ["Y002"], diags
    d = diags[0]
    assert d["line"] == line and lines[line - 1].strip(), (d, lines)
    assert 1 <= d["col"] <= len(lines[line - 1]) + 1
