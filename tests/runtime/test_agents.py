"""Every agent the docs name imports from where they say and constructs as shown (docs/runtime.md, "Agents":
the second embedding trial's finding 5 and guesses G1-G20), and the refusals a developer meets seating agents:
a bot at a game it does not play (finding 13) and a mapping that leaves seats out (finding 12)."""
from __future__ import annotations

import importlib
import inspect
import random
import re
import sys

import pytest

from conftest import ROOT

from dow.runtime.decisions import HeuristicAgent, RandomAgent, SeatError

ROW = re.compile(r"^\| `(\w+)` \| `([\w.]+)` \| `(\w+)\((.*?)\)` \| ([^|]+) \|", re.M)


def table() -> list[tuple[str, str, str, str]]:
    text = (ROOT / "docs" / "runtime.md").read_text(encoding="utf-8")
    section = text[text.index("## Agents\n"):text.index("## Logs and replays\n")]
    rows = [(name, module, args, plays.strip()) for name, module, ctor, args, plays in ROW.findall(section)
            if ctor == name]
    assert len(rows) == len(re.findall(r"^\| `\w+` \|", section, re.M)), "a row of the agents table is malformed"
    return rows


def plain_signature(cls: type) -> str:
    """The constructor's signature as the table writes it: no annotations, defaults as Python prints them."""
    params = [p.replace(annotation=inspect.Parameter.empty) for p in inspect.signature(cls).parameters.values()]
    return str(inspect.Signature(params))[1:-1]


def test_every_agent_the_runtime_ships_is_in_the_table_and_in_dow_runtime_agents():
    import dow.runtime.agents as agents
    named = {row[0] for row in table()}
    shipped = {n for n in agents.__all__ if not n.endswith("Error")}
    assert named == shipped
    assert {"RandomAgent", "ScriptedAgent", "HeuristicAgent", "Recorder", "ProcessAgent", "BaseBot", "HeuristicBot",
            "SearchBot", "ColoniesBot", "ColoniesHeuristicBot", "LoneWolfBot", "WinterTricksBot"} <= named


@pytest.mark.parametrize("name,module,args,plays", table())
def test_each_agent_imports_from_its_documented_module_and_constructs_as_shown(name, module, args, plays, tmp_path,
                                                                                monkeypatch):
    cls = getattr(importlib.import_module(module), name)
    assert getattr(importlib.import_module("dow.runtime.agents"), name) is cls
    assert plain_signature(cls) == args, f"{name}: the table shows ({args}), the class takes ({plain_signature(cls)})"
    # constructed with its required arguments only, as a developer would first write it
    given = {"answers": [0, True], "agents": RandomAgent(1)}
    required = [p.name for p in inspect.signature(cls).parameters.values() if p.default is inspect.Parameter.empty
                and p.kind is not p.VAR_KEYWORD and p.kind is not p.VAR_POSITIONAL]
    if name == "ProcessAgent":
        (tmp_path / "my_agent.py").write_text("import sys\nsys.stdin.read()\n", encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        agent = cls([sys.executable, "my_agent.py"], seats=["p2"])
        assert agent.close() == 0
        return
    agent = cls(*(given[p] for p in required))
    assert callable(agent.answer)
    if plays != "any game":
        assert hasattr(agent, "observe") and plays in {"the base game", "Warring Colonies", "Winter Tricks"}


@pytest.fixture(scope="module")
def games(bundle):
    from dow.runtime.engine.sim import new_game
    from dow.runtime.games import winter_tricks as wt
    return {"the base game": lambda: new_game(bundle, 1, 4),
            "Warring Colonies": lambda: new_game(bundle, 1, 6, variants=["warring-colonies"]),
            "Winter Tricks": lambda: wt.new_game(bundle, 1, 3)}


@pytest.mark.parametrize("name,module,args,plays", [row for row in table() if row[3] != "any game"])
def test_a_bot_plays_the_game_the_table_says_and_is_refused_at_another_by_name(games, name, module, args, plays):
    cls = getattr(importlib.import_module(module), name)
    cls().observe(games[plays]())                          # its own game: seated without a word
    for other, make in games.items():
        if other == plays:
            continue
        with pytest.raises(SeatError, match=rf"^{name} plays {plays}, not {other}: {other} is played by \w+"):
            cls().observe(make())


def test_heuristic_bot_in_warring_colonies_names_the_colonies_bots(bundle):
    """The trial's case: play_game with the base game's HeuristicBot seated in Warring Colonies (was KeyError
    'colony' from deep in the bot)."""
    from dow.runtime.agents import HeuristicBot
    from dow.runtime.engine.sim import play_game
    with pytest.raises(SeatError) as err:
        play_game(bundle, seed=1, players=6, variants=["warring-colonies"], seated={"p1": HeuristicBot()})
    assert "ColoniesHeuristicBot" in str(err.value) and "HeuristicBot plays the base game" in str(err.value)


def test_agents_that_do_not_read_the_table_play_any_game(games):
    for make in games.values():
        game = make()
        for agent in (RandomAgent(1), HeuristicAgent()):
            from dow.runtime.decisions import check_seat
            check_seat(agent, game)                          # no refusal


def test_winter_tricks_refuses_a_mapping_that_leaves_seats_out_naming_them(bundle):
    from dow.runtime.games import winter_tricks as wt
    with pytest.raises(ValueError, match=r"the agents mapping has no agent for p2, p3: give one for every seat "
                                         r"\(p1, p2, p3\)"):
        wt.new_game(bundle, seed=7, players=3, agents={"p1": RandomAgent(1)})


def test_a_process_agent_left_out_hears_nothing(bundle, tmp_path):
    """Refused before any agent is shown the game: the ProcessAgent at p1 was never seated (its 'start', sent
    at close, names no game) and was asked nothing."""
    from dow.runtime.agent_process import ProcessAgent
    from dow.runtime.games import winter_tricks as wt
    heard = tmp_path / "heard.txt"
    script = tmp_path / "agent.py"
    script.write_text(f"import sys\nopen({str(heard)!r}, 'w').write(sys.stdin.read())\n", encoding="utf-8")
    agent = ProcessAgent([sys.executable, str(script)], seats=["p1"])
    with pytest.raises(ValueError, match="no agent for p2, p3"):
        wt.new_game(bundle, seed=7, players=3, agents={"p1": agent})
    agent.close()
    sent = heard.read_text(encoding="utf-8")
    assert '"type": "start"' in sent and '"game"' not in sent and '"decision"' not in sent, sent


def test_the_base_game_refuses_a_mapping_that_leaves_seats_out(bundle):
    from dow.runtime.engine import Game
    with pytest.raises(ValueError, match=r"no agent for p3, p4"):
        Game(bundle, seed=1, players=4).run({"p1": RandomAgent(1), "p2": RandomAgent(2)})


def test_a_run_names_the_player_a_mapping_leaves_out(bundle):
    from dow.runtime.cards import find_card, resolve_crossroads
    from dow.runtime.interpreter import Env, Interpreter
    from dow.runtime.minimal_host import MinimalHost
    host = MinimalHost(players=("p1", "p2"))
    host.add_survivor_fact("s:sparky", "Sparky", controller="p1", location="colony")
    card = find_card(bundle, "base.crossroads.sparky")
    run = resolve_crossroads(Interpreter(bundle, host=host, rng=random.Random(7)), card,
                             Env(player="p1", card=card["id"], bindings={"this_card": "c:7"}))
    with pytest.raises(ValueError, match=r"the agents mapping has no agent for p1 \(it names p2\)"):
        run.run({"p2": RandomAgent(1)})
