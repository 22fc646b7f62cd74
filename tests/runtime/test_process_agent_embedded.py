"""ProcessAgent inside an embedding (no `dow play`): the `start` and `end` messages carry what
docs/agent-protocol.md says (the game, players and seed; the winners, ending and rounds) whether the caller
gives them or the agent reads them from the game it is seated at, and an embedding host's log lines reach
the program through `follow` (the embedding trial's finding 6)."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import jsonschema
import pytest

from conftest import ROOT
from dow.runtime import cards
from dow.runtime.agent_process import AgentError, ProcessAgent, schema
from dow.runtime.decisions import ScriptedAgent
from dow.runtime.engine.sim import play_game
from dow.runtime.interpreter import Env, Interpreter
from dow.runtime.minimal_host import MinimalHost

AGENT = ROOT / "tests" / "json_agent.py"


def agent(record: Path, mode: str = "play", **kwargs) -> ProcessAgent:
    return ProcessAgent([sys.executable, str(AGENT), mode, str(record)], **kwargs)


def received(record: Path) -> list[dict]:
    messages = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    requests = jsonschema.Draft202012Validator({**schema(), "oneOf": [{"$ref": "#/$defs/request"}]})
    for message in messages:
        requests.validate(message)                     # every message fits the published schema
    return messages


def test_play_game_tells_the_seated_program_the_game_and_its_result(bundle, tmp_path):
    record = tmp_path / "got.jsonl"
    seated = agent(record, seats=["p2"])
    game, _, result = play_game(bundle, seed=7, players=4, seated={"p2": seated})
    assert seated.close() == 0                         # no result given: the observed game's
    messages = received(record)
    assert messages[0] == {"type": "start", "protocol": 1, "seats": ["p2"], "game": "base", "players": 4,
                           "seed": 7}
    assert messages[-1] == {"type": "end", "protocol": 1, "result": {
        "winners": result["winners"], "ending": result["ending"], "rounds": result["rounds"]}}
    decisions = [m for m in messages if m["type"] == "decision"]
    assert decisions and {m["decision"]["player"] for m in decisions} == {"p2"}
    assert any(m["log"] for m in decisions)            # the engine's log lines reach the program


def test_a_warring_colonies_game_is_named_with_its_variants(bundle, tmp_path):
    record = tmp_path / "got.jsonl"
    seated = agent(record, seats=["p1"])
    play_game(bundle, seed=2, players=4, variants=["warring-colonies", "quick"], seated={"p1": seated})
    seated.close()
    start = received(record)[0]
    assert (start["game"], start["players"], start["seed"]) == ("base+warring-colonies+quick", 4, 2)


def test_the_second_game_is_named_by_its_own_name(bundle, tmp_path):
    from dow.runtime.games import winter_tricks
    record = tmp_path / "got.jsonl"
    seated = agent(record, seats=["p1", "p2", "p3"])
    game = winter_tricks.new_game(bundle, 5, 3, {p: seated for p in ("p1", "p2", "p3")})
    result = game.run()
    seated.close()
    messages = received(record)
    assert messages[0] == {"type": "start", "protocol": 1, "seats": ["p1", "p2", "p3"], "game": "winter-tricks",
                           "players": 3, "seed": 5}
    assert messages[-1]["result"] == {"winners": result["winners"], "rounds": result["rounds"]}


def _sparky_table(bundle):
    host = MinimalHost(players=("p1", "p2"))
    host.add_survivor_fact("s:sparky", "Sparky", controller="p1", location="colony")
    host.zombie_count["colony"] = 3
    interp = Interpreter(bundle, host=host, rng=random.Random(7))
    card = cards.find_card(bundle, "base.crossroads.sparky")
    return host, interp, card, Env(player="p1", card=card["id"], bindings={"this_card": "c:7"})


def test_an_embedding_host_gives_the_fields_and_its_log_lines(bundle, tmp_path):
    host, interp, card, env = _sparky_table(bundle)
    record = tmp_path / "got.jsonl"
    seated = agent(record, seats=["p1"], game="my-engine", players=2, seed=11, log=host.lines)
    cards.resolve_crossroads(interp, card, env).run(ScriptedAgent([0]))     # lines before the agent is asked
    host.log("secret", {"card": "c:3"}, {}, private_to="p2")                  # p2's own: never sent to p1
    cards.resolve_crossroads(interp, card, env).run({"p1": seated})
    assert seated.close({"winners": ["p1"], "ending": "objective", "rounds": 3}) == 0
    messages = received(record)
    assert messages[0] == {"type": "start", "protocol": 1, "seats": ["p1"], "game": "my-engine", "players": 2,
                           "seed": 11}
    (request,) = [m for m in messages if m["type"] == "decision"]
    assert [line["event"] for line in request["log"]] == ["chose", "kill_zombies", "skip_exposure"]
    assert all("private_to" not in line for line in request["log"])           # public lines: no private_to null
    assert messages[-1]["result"] == {"winners": ["p1"], "ending": "objective", "rounds": 3}


def test_follow_is_the_same_as_log_and_private_lines_reach_their_player(bundle, tmp_path):
    host, interp, card, env = _sparky_table(bundle)
    record = tmp_path / "got.jsonl"
    seated = agent(record, seats=["p1"])
    seated.follow(host.lines)
    host.log("look_at", {"things": ["c:2"]}, {}, private_to="p1")
    cards.resolve_crossroads(interp, card, env).run({"p1": seated})
    seated.close()
    messages = received(record)
    assert messages[0] == {"type": "start", "protocol": 1, "seats": ["p1"]}   # nothing given, no game seen
    request = next(m for m in messages if m["type"] == "decision")
    assert request["log"] == [{"event": "look_at", "params": {"things": ["c:2"]}, "private_to": "p1"}]
    assert messages[-1] == {"type": "end", "protocol": 1, "result": {}}


def test_an_empty_command_is_refused_clearly():
    with pytest.raises(AgentError, match="command is empty"):
        ProcessAgent([])


def test_the_docs_process_agent_block_runs_with_the_docs_small_agent(bundle, tmp_path, monkeypatch):
    """docs/agent-protocol.md's ProcessAgent block, on a host and a run of the embedding walk-through, with
    the page's own small agent as my_agent.py: the program answers p2's decision."""
    import re
    doc = (ROOT / "docs" / "agent-protocol.md").read_text(encoding="utf-8")
    block = re.search(r"## In your own engine: `ProcessAgent`.*?```python\n(.*?)```", doc, re.S).group(1)
    small = re.search(r"## A small agent.*?```python\n(.*?)```", doc, re.S).group(1)
    (tmp_path / "my_agent.py").write_text(small, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    host, interp, card, _ = _sparky_table(bundle)
    host.add_survivor_fact("s:sparky", "Sparky", controller="p2", location="colony")
    env = Env(player="p2", card=card["id"], bindings={"this_card": "c:7"})
    scope = {"host": host, "run": cards.resolve_crossroads(interp, card, env), "my_own_agent": ScriptedAgent([])}
    exec(block.replace('"python3"', repr(sys.executable)), scope)
    assert scope["run"].done and [line["event"] for line in host.lines][0] == "chose"
    assert scope["agent"].asked == 1 and scope["agent"].process.returncode == 0


def test_follow_with_the_list_of_a_new_table_sends_its_lines_from_the_first(bundle, tmp_path):
    """One agent over two tables, each with its own log list: the second table's lines are all new to it
    (embedding trial 3, finding 12: it kept the first list's count and sent nothing)."""
    record = tmp_path / "got.jsonl"
    seated = agent(record, seats=["p1"])
    for table in range(2):
        host, interp, card, env = _sparky_table(bundle)
        seated.follow(host.lines)
        host.log("look_at", {"things": [f"c:{table}"]}, {}, private_to="p1")
        cards.resolve_crossroads(interp, card, env).run({"p1": seated})
    seated.close()
    requests = [m for m in received(record) if m["type"] == "decision"]
    assert [r["log"][0]["params"]["things"] for r in requests] == [["c:0"], ["c:1"]]
