"""Seed + decisions reproduce the identical log; private lines stay out of the public view."""
import random

import pytest

from dow.runtime.bundle import BundleError
from dow.runtime.decisions import RandomAgent
from dow.runtime.interpreter import Env, Interpreter
from dow.runtime.replay import EventLog, Recorder, Replay

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
    replay = Replay(bundle["ir_version"], bundle["content_hash"], 1234, recorder.decisions, first.digest())
    again = Replay.from_json(replay.to_json())
    again.check_bundle(bundle)
    second = play(bundle, again.seed, again.agent())
    assert second.lines == first.lines and second.digest() == again.log_hash
    assert len(first.lines) > 10


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
