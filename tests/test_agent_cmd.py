"""`dow play --agent-cmd CMD`: a program in another process plays whole games over the decision protocol
(JSON lines on its standard input and output, docs/agent-protocol.md), every message it receives fits the
published JSON Schema, its answers are refused with a message when they do not fit, and a program that
breaks the protocol ends the game with the decision named, never a traceback."""
from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import jsonschema
import pytest

from conftest import ROOT
from dow.cli import main as cli
from dow.cli.main import main
from dow.runtime.replay import Replay

AGENT = ROOT / "tests" / "json_agent.py"
SCHEMA = json.loads((ROOT / "schemas" / "agent-protocol.schema.json").read_text(encoding="utf-8"))


def agent_cmd(mode: str, record: Path | None = None) -> str:
    return shlex.join([sys.executable, str(AGENT), mode] + ([str(record)] if record else []))


def validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**SCHEMA, "oneOf": [{"$ref": f"#/$defs/{name}"}]})


@pytest.fixture(autouse=True)
def compiled(bundle, monkeypatch):
    """The games run on the session's compiled bundle (what `dow play` compiles from content/)."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(cli, "_game_bundle", lambda args: bundle)


def received(record: Path) -> list[dict]:
    return [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]


def test_a_whole_game_is_played_by_a_program_in_another_process(tmp_path, capsys):
    record, saved = tmp_path / "received.jsonl", tmp_path / "game.json"
    assert main(["play", "--players", "3", "--seed", "3", "--agent-cmd", agent_cmd("play", record),
                 "--save", str(saved)]) == 0
    out, err = capsys.readouterr()
    assert any(line.startswith("The game ends: ") for line in out.splitlines())
    assert "Traceback" not in err
    messages = received(record)
    requests = validator("request")
    for message in messages:
        requests.validate(message)                       # every line dow wrote fits the published schema
    assert messages[0] == {"type": "start", "protocol": 1, "seats": ["p1", "p2", "p3"], "game": "base",
                           "players": 3, "seed": 3}
    assert messages[-1]["type"] == "end" and set(messages[-1]["result"]) == {"winners", "ending", "rounds"}
    decisions = [m for m in messages if m["type"] == "decision"]
    assert [m["number"] for m in decisions] == list(range(1, len(decisions) + 1))
    assert {m["decision"]["player"] for m in decisions} == {"p1", "p2", "p3"}
    assert {m["decision"]["kind"] for m in decisions} >= {"option", "keep", "targets"}
    # each player is told the log lines it may see, once: no one else's private line
    for m in decisions:
        assert all(line.get("private_to") in (None, m["decision"]["player"]) for line in m["log"])
    assert any(line.get("private_to") for m in decisions for line in m["log"])
    # one answer per decision: the replay holds the program's answers and plays the same game without it
    replay = Replay.from_json(saved.read_text(encoding="utf-8"))
    assert len(replay.decisions) == len(decisions)
    assert main(["replay", str(saved), "--quiet"]) == 0


def test_the_program_plays_the_seats_it_is_given_and_bots_the_others(tmp_path):
    record = tmp_path / "received.jsonl"
    assert main(["play", "--players", "4", "--seed", "8", "--agents", "heuristic", "--agent-seat", "p2",
                 "--agent-cmd", agent_cmd("play", record), "--quiet"]) == 0
    messages = received(record)
    assert messages[0]["seats"] == ["p2"]
    assert {m["decision"]["player"] for m in messages if m["type"] == "decision"} == {"p2"}


@pytest.mark.parametrize("game", [["--variant", "warring-colonies", "--players", "5"],
                                  ["--game", "winter-tricks", "--players", "3"]])
def test_the_other_games_are_played_by_the_program_too(tmp_path, game):
    record = tmp_path / "received.jsonl"
    assert main(["play", *game, "--seed", "2", "--agent-cmd", agent_cmd("play", record), "--quiet"]) == 0
    messages = received(record)
    assert messages[-1]["type"] == "end" and sum(m["type"] == "decision" for m in messages) > 10


def test_an_answer_that_does_not_fit_is_refused_with_the_reason_and_asked_again(tmp_path):
    record = tmp_path / "received.jsonl"
    assert main(["play", "--players", "2", "--seed", "4", "--agent-cmd", agent_cmd("wrong-first", record),
                 "--quiet"]) == 0
    messages = received(record)
    refusals = [m for m in messages if m["type"] == "refused"]
    decisions = [m for m in messages if m["type"] == "decision"]
    assert len(refusals) == len(decisions) > 10                   # every decision: refused once, then answered
    for message in refusals:
        validator("request").validate(message)
        assert message["tries_left"] == 2 and "no such choice" in message["error"], message


@pytest.mark.parametrize("mode,options,said", [
    ("always-wrong", [], "decision 1 (p1, keep 'keep survivors'): the agent's answer was refused 3 times; the last, "
                         "'{\"answer\": {\"not\": \"an answer\"}}': a keep decision takes a list of choices"),
    ("quit-at-3", [], "decision 3 (p2, keep 'keep survivors'): the agent ended its output without an answer (it "
                      "exited with code 3)"),
    ("silent", ["--agent-timeout", "0.5"], "decision 1 (p1, keep 'keep survivors'): the agent gave no answer in "
                                           "0.5 s"),
])
def test_a_program_that_breaks_the_protocol_ends_the_game_with_the_decision_named(capsys, mode, options, said):
    assert main(["play", "--players", "3", "--seed", "3", "--agent-cmd", agent_cmd(mode), *options]) == 1
    out, err = capsys.readouterr()
    assert err.startswith("dow: the game ended: " + said), err
    assert "Traceback" not in err and out == ""


def test_a_line_that_is_not_json_is_refused_as_such(tmp_path):
    record = tmp_path / "received.jsonl"
    assert main(["play", "--players", "2", "--seed", "4", "--agent-cmd", agent_cmd("not-json", record),
                 "--quiet"]) == 0
    refusal = next(m for m in received(record) if m["type"] == "refused")
    assert refusal["error"].startswith("not JSON (")


@pytest.mark.parametrize("args,said", [
    (["--agent-cmd", "no-such-program-here --x"], "cannot start the agent 'no-such-program-here'"),
    (["--agent-cmd", "python3 x.py", "--agent-seat", "p7"], "--agent-seat p7: the seats of a 4-player game are"),
    (["--agent-seat", "p1"], "--agent-seat names the seats of --agent-cmd"),
    (["--agent-cmd", "'unclosed"], "--agent-cmd \"'unclosed\""),
    (["--agent-cmd", "python3 x.py", "--agent-timeout", "0"], "--agent-timeout takes a number of seconds above 0"),
])
def test_a_wrong_agent_option_is_a_usage_error_before_any_game(capsys, args, said):
    assert main(["play", *args]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_the_answers_the_program_writes_fit_the_schema():
    answers = validator("answer")
    for answer in ({"answer": 0}, {"answer": ["search", "s:sparky", 5]}, {"answer": True}, {"answer": ["c:1"]}):
        answers.validate(answer)
    with pytest.raises(jsonschema.ValidationError):
        answers.validate({"choice": 0})


def test_the_small_agent_of_the_docs_plays_a_whole_game(tmp_path, capsys):
    import re
    doc = (ROOT / "docs" / "agent-protocol.md").read_text(encoding="utf-8")
    code = re.search(r"## A small agent.*?```python\n(.*?)```", doc, re.S).group(1)
    (tmp_path / "my_agent.py").write_text(code, encoding="utf-8")
    assert main(["play", "--players", "4", "--seed", "6", "--agent-cmd",
                 shlex.join([sys.executable, str(tmp_path / "my_agent.py")]), "--quiet"]) == 0
    assert capsys.readouterr().err == ""
