"""Event logs and replays: seed + decisions reproduce the same log, line for line.

An ``EventLog`` keeps structured lines ``{event, params, src}``; a line may be
private to one player (a secret objective drawn, a hand looked at) and never
appears in the public view. A ``Replay`` is ``{ir_version, bundle_hash, seed,
decisions}``: run the same bundle with the same seed and feed the recorded
answers back, and the log comes out identical; ``log_hash`` makes that cheap to
check.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from .bundle import BundleError, check_version
from .decisions import Decision, ScriptedAgent


@dataclass
class EventLog:
    """Structured log lines, in order; some lines are private to one player."""

    lines: list[dict] = field(default_factory=list)

    def add(self, event: str, params: dict, src: dict, private_to: str | None = None) -> None:
        """Append one line."""
        line = {"event": event, "params": _plain(params), "src": dict(src or {})}
        if private_to is not None:
            line["private_to"] = private_to
        self.lines.append(line)

    def public(self) -> list[dict]:
        """The lines everyone may see."""
        return [line for line in self.lines if "private_to" not in line]

    def seen_by(self, player: str) -> list[dict]:
        """The lines one player may see: public ones and their own private ones."""
        return [line for line in self.lines if line.get("private_to") in (None, player)]

    def digest(self) -> str:
        """A hash of the whole log (canonical JSON), to compare runs."""
        return log_hash(self.lines)


def log_hash(lines: list[dict]) -> str:
    """The sha256 of log lines as canonical JSON."""
    text = json.dumps(lines, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def _plain(value: Any) -> Any:
    """Params as JSON-friendly data (tuples become lists)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


class Recorder:
    """Wraps an agent (or a {player: agent} mapping) and records every answer, in order."""

    def __init__(self, agents: Any):
        self.agents = agents
        self.decisions: list[Any] = []

    def answer(self, decision: Decision) -> Any:
        """Ask the wrapped agent and remember the answer."""
        agent = self.agents[decision.player] if isinstance(self.agents, dict) else self.agents
        value = agent.answer(decision) if hasattr(agent, "answer") else agent(decision)
        self.decisions.append(list(value) if isinstance(value, tuple) else value)
        return value


@dataclass
class Replay:
    """What it takes to play a game again: the bundle's version and hash, the seed, the answers."""

    ir_version: str
    bundle_hash: str
    seed: int
    decisions: list = field(default_factory=list)
    log_hash: str = ""
    setup: dict = field(default_factory=dict)      # how the game was set up (game, players, objective …)

    def to_json(self) -> str:
        """The replay file's text."""
        return json.dumps(asdict(self), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> "Replay":
        """Read a replay file."""
        data = json.loads(text)
        return cls(data["ir_version"], data["bundle_hash"], int(data["seed"]), list(data["decisions"]),
                   data.get("log_hash", ""), dict(data.get("setup") or {}))

    def check_bundle(self, bundle: dict) -> None:
        """Refuse to replay against a different bundle."""
        check_version(self.ir_version)
        check_version(bundle.get("ir_version", "?"))
        if bundle.get("content_hash") != self.bundle_hash:
            raise BundleError(f"this replay was recorded with bundle {self.bundle_hash}, "
                              f"not {bundle.get('content_hash')}")

    def agent(self) -> ScriptedAgent:
        """An agent that gives the recorded answers back, in order."""
        return ScriptedAgent(self.decisions)
