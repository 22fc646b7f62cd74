"""Seed + decisions reproduce the identical log; private lines stay out of the public view; a file that is
not a replay is refused with what is wrong."""
import json as _json
import random
import re
from pathlib import Path

import pytest

from dow.runtime.bundle import BundleError
from dow.runtime.decisions import RandomAgent
from dow.runtime.interpreter import Env, Interpreter
from dow.runtime.replay import EventLog, Recorder, Replay, ReplayError

from minimal_host import MinimalHost

CARDS = ["base.crossroads.loretta-clay", "warring-colonies.crossroads.emeralds", "base.crossroads.army",
         "base.crossroads.dynamite", "base.crossroads.thin-ice"]


class LoggingHost(MinimalHost):
    """The minimal host, logging into an EventLog."""

    def __init__(self):
        super().__init__()
        self.events = EventLog()
        self.add_survivor_fact("s:a", "Sparky", "p1", "colony", influence=10)
        self.add_survivor_fact("s:b", "Brian Lee", "p1", "hospital", influence=68)
        self.add_survivor_fact("s:c", "Olivia Brown", "p2", "colony", influence=56)
        self.zombie_count.update(colony=6, hospital=3)

    def log(self, event, params, src, private_to=None):
        self.events.add(event, params, src, private_to)


def play(bundle, seed, agent):
    host = LoggingHost()
    ip = Interpreter(bundle, host, random.Random(seed))
    for card_id in CARDS:
        card = next(c for c in bundle["cards"] if c["id"] == card_id)
        for option in card["options"]:
            if "effect" in option:
                env = Env("p1", card_id, {"moved": "s:b", "origin": "colony", "destination": "hospital"})
                ip.execute(option["effect"]["tree"], env).run(agent)
    return host.events


def test_a_replay_reproduces_the_log_exactly(bundle):
    recorder = Recorder(RandomAgent(99))
    first = play(bundle, 1234, recorder)
    replay = Replay(bundle["ir_version"], bundle["content_hash"], 1234, recorder.decisions, first.digest(),
                    asked=recorder.asked)
    again = Replay.from_json(replay.to_json())
    again.check_bundle(bundle)
    second = play(bundle, again.seed, again.agent())
    assert second.lines == first.lines and second.digest() == again.log_hash
    # the replay is of a real run: every card played left its lines, and answers were recorded to replay
    assert {line["src"]["card"] for line in first.lines} == set(CARDS), first.lines
    assert recorder.decisions


def test_another_seed_gives_another_log(bundle):
    assert play(bundle, 1, RandomAgent(5)).digest() != play(bundle, 2, RandomAgent(5)).digest()


def test_a_replay_refuses_another_bundle(bundle):
    replay = Replay(bundle["ir_version"], "sha256:" + "0" * 64, 1, [])
    with pytest.raises(BundleError, match="recorded with bundle"):
        replay.check_bundle(bundle)


def test_private_lines_stay_private():
    log = EventLog()
    log.add("draw_secret_objective", {"card": "Hoarder"}, {}, private_to="p2")
    log.add("gain_morale", {"amount": 1}, {})
    assert [line["event"] for line in log.public()] == ["gain_morale"]
    assert len(log.seen_by("p2")) == 2 and len(log.seen_by("p1")) == 1
    assert "Hoarder" not in str(log.public())


# ---- replay files that are not replays ------------------------------------------------------------


GOOD = {"ir_version": "1.1.0", "bundle_hash": "sha256:" + "0" * 64, "seed": 3, "decisions": [True, ["a", 1]],
        "log_hash": "", "setup": {"game": "base", "players": 4, "objective": None},
        "asked": [["may", "p1", "you may", True], ["targets", "p2", "card", ["a", 1]]]}
NOT_REPLAYS = {
    "truncated JSON": ('{"ir_version": "1.1.0", "seed"', "not valid JSON"),
    "empty": ("", "not valid JSON"),
    "an empty object": ("{}", "no 'ir_version'"),
    "a list": ("[]", "a replay is a JSON object"),
    "no seed": ({k: v for k, v in GOOD.items() if k != "seed"}, "no 'seed'"),
    "a seed as text": ({**GOOD, "seed": "3"}, "seed"),
    "a seed with a fraction": ({**GOOD, "seed": 3.5}, "seed"),
    "a seed as true": ({**GOOD, "seed": True}, "seed"),
    "decisions as an object": ({**GOOD, "decisions": {}}, "decisions"),
    "an answer that is an object": ({**GOOD, "decisions": [{"x": 1}]}, "decisions[0]"),
    "set-up as a list": ({**GOOD, "setup": [1]}, "setup"),
    "players as text": ({**GOOD, "setup": {"players": "4"}}, "setup.players"),
    "no players": ({**GOOD, "setup": {"players": 0}}, "setup.players"),
    "a thousand players": ({**GOOD, "setup": {"players": 1000}}, "setup.players"),
    "an unknown game": ({**GOOD, "setup": {"game": "chess"}}, "setup.game"),
    "variants as text": ({**GOOD, "setup": {"variants": "quick"}}, "setup.variants"),
    "an unknown field": ({**GOOD, "extra": 1}, "'extra'"),
    "deeply nested": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "answers without their questions": ({k: v for k, v in GOOD.items() if k != "asked"}, "no 'asked'"),
    "fewer questions than answers": ({**GOOD, "asked": GOOD["asked"][:1]}, "a list of 2 decisions as asked"),
    "a question that is text": ({**GOOD, "asked": ["may", GOOD["asked"][1]]}, "asked[0]"),
    "a question without its answer": ({**GOOD, "asked": [["may", "p1", "you may"], GOOD["asked"][1]]}, "asked[0]"),
}


@pytest.mark.parametrize("name", NOT_REPLAYS)
def test_a_file_that_is_not_a_replay_is_refused_with_what_is_wrong(name):
    text, words = NOT_REPLAYS[name]
    with pytest.raises(ReplayError, match=re.escape(words)):
        Replay.from_json(text if isinstance(text, str) else _json.dumps(text))


def test_a_good_replay_file_reads():
    replay = Replay.from_json(_json.dumps(GOOD))
    assert replay.seed == 3 and replay.decisions == [True, ["a", 1]] and replay.setup["players"] == 4


def _replay_cli(bundle, monkeypatch, capsys, tmp_path, data) -> tuple[int, str]:
    from dow.cli import main as cli
    monkeypatch.setattr(cli, "_game_bundle", lambda args: bundle)
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else _json.dumps(data), encoding="utf-8")
    code = cli.main(["--root", str(Path(__file__).resolve().parents[2]), "replay", str(path), "--quiet"])
    return code, capsys.readouterr().err


def test_dow_replay_refuses_answers_left_over_and_impossible_player_counts(bundle, monkeypatch, capsys, tmp_path):
    from dow.runtime.engine.sim import play_game
    _, replay, _ = play_game(bundle, 5, 2)
    data = _json.loads(replay.to_json())
    assert _replay_cli(bundle, monkeypatch, capsys, tmp_path, data)[0] == 0
    code, err = _replay_cli(bundle, monkeypatch, capsys, tmp_path, {**data, "decisions": data["decisions"] + [True],
                                                                    "asked": data["asked"] + [["may", "p1", "x", True]]})
    assert code == 1 and "1 recorded answer left over" in err
    code, err = _replay_cli(bundle, monkeypatch, capsys, tmp_path, {**data, "decisions": data["decisions"] + [True]})
    assert code == 2 and "a list of" in err and "decisions as asked" in err
    code, err = _replay_cli(bundle, monkeypatch, capsys, tmp_path, {**data, "setup": {**data["setup"], "players": 9}})
    assert code == 1 and "players" in err and "Traceback" not in err
    code, err = _replay_cli(bundle, monkeypatch, capsys, tmp_path, '{"seed": ')
    assert code == 2 and "is not a replay file: it is not valid JSON" in err
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"seed": "\xe9"}')
    from dow.cli import main as cli
    assert cli.main(["--root", str(Path(__file__).resolve().parents[2]), "replay", str(path)]) == 2
    assert "not UTF-8" in capsys.readouterr().err
