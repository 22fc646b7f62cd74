"""Event logs and replays: seed + decisions reproduce the same log, line for line.

An ``EventLog`` keeps structured lines ``{event, params, src}``; a line may be
private to one player (a secret objective drawn, a hand looked at) and never
appears in the public view. A ``Replay`` is ``{ir_version, bundle_hash, seed,
decisions, asked}``: run the same bundle with the same seed and feed the recorded
answers back, and the log comes out identical; ``log_hash`` makes that cheap to
check. A decision need not leave a line in the log (the group leader a player
chose at set-up, the entrance a barricade went to), so the replay also keeps each
decision as it was asked and answered (``asked``): replaying compares every
decision with it, and an answer changed in the file is refused at its number.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Callable

from .bundle import BundleError, check_version
from .decisions import Decision, ScriptedAgent, seat_agent


@dataclass
class EventLog:
    """Structured log lines, in order; some lines are private to one player."""

    lines: list[dict[str, Any]] = field(default_factory=list)

    def add(self, event: str, params: dict[str, Any], src: dict[str, Any], private_to: str | None = None) -> None:
        """Append one line."""
        line = {"event": event, "params": _plain(params), "src": dict(src or {})}
        if private_to is not None:
            line["private_to"] = private_to
        self.lines.append(line)

    def public(self) -> list[dict[str, Any]]:
        """The lines everyone may see."""
        return [line for line in self.lines if "private_to" not in line]

    def seen_by(self, player: str) -> list[dict[str, Any]]:
        """The lines one player may see: public ones and their own private ones."""
        return [line for line in self.lines if line.get("private_to") in (None, player)]

    def digest(self) -> str:
        """A hash of the whole log (canonical JSON), to compare runs."""
        return log_hash(self.lines)


def log_hash(lines: list[dict[str, Any]]) -> str:
    """The sha256 of log lines as canonical JSON."""
    text = json.dumps(lines, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


_SCALARS = frozenset({str, int, float, bool, type(None)})   # exact types _plain gives back as they are


def _plain(value: Any) -> Any:
    """Params as JSON-friendly data (tuples become lists). Plain strings, numbers and None are taken as
    they are without a call each (most params are), which is what the recursion would give them."""
    if isinstance(value, dict):
        return {(k if k.__class__ is str else str(k)): (v if v.__class__ in _SCALARS else _plain(v))
                for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [v if v.__class__ in _SCALARS else _plain(v) for v in value]
    return value


def asked(decision: Decision, answer: Any) -> list[Any]:
    """A decision as it was asked and answered, for the replay file: [kind, player, prompt, answer]."""
    return [decision.kind, decision.player, decision.prompt, _plain(answer)]


class Recorder:
    """Wraps an agent (or a {player: agent} mapping) and records every answer, in order, and every
    decision as it was asked (``asked``: the question and its answer)."""

    def __init__(self, agents: Any):
        self.agents = agents
        self.decisions: list[Any] = []
        self.asked: list[list[Any]] = []

    def answer(self, decision: Decision) -> Any:
        """Ask the wrapped agent and remember the answer."""
        agent = seat_agent(self.agents, decision.player)
        value = agent.answer(decision) if hasattr(agent, "answer") else agent(decision)
        self.decisions.append(list(value) if isinstance(value, tuple) else value)
        self.asked.append(asked(decision, value))
        return value


class DecisionMismatch(ValueError):
    """A replayed game asked a decision, or was given an answer, other than the recorded game's: the
    replay is not of this game, or its answers were changed (the message says which decision)."""

    def __init__(self, number: int, message: str):
        super().__init__(message)
        self.number = number


class CheckedAgent(ScriptedAgent):
    """Gives a replay's answers back, in order, and compares each decision as it is asked again with the
    recorded one: the same player asked the same kind of question (its prompt), and the answer given is
    the answer recorded with it. The first difference is a DecisionMismatch naming the decision."""

    def __init__(self, answers: list[Any], record: list[list[Any]]):
        super().__init__(answers)
        self.record = record

    def answer(self, d: Decision) -> Any:
        """The next recorded answer, once its decision is the recorded one."""
        number = self.used + 1
        value = super().answer(d)
        if number <= len(self.record):
            kind, player, prompt, recorded = self.record[number - 1]
            if (d.kind, d.player, d.prompt) != (kind, player, prompt):
                raise DecisionMismatch(number, f"decision {number} (decisions[{number - 1}]): the recorded game asked "
                                               f"{player} {prompt!r} ({kind}), the replay asks {d.player} "
                                               f"{d.prompt!r} ({d.kind}): the game went another way (an earlier "
                                               f"answer was changed together with its 'asked' entry, or the replay "
                                               f"is not of this game)")
            if _canonical(_plain(value)) != _canonical(recorded):
                raise DecisionMismatch(number, f"decision {number} (decisions[{number - 1}], {player} asked "
                                               f"{prompt!r}): the answer recorded with the game is "
                                               f"{_short(recorded)}, the replay gives {_short(_plain(value))}")
        return value


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


@dataclass
class Replay:
    """What it takes to play a game again: the bundle's version and hash, the seed, the answers."""

    ir_version: str
    bundle_hash: str
    seed: int
    decisions: list[Any] = field(default_factory=list)
    log_hash: str = ""
    setup: dict[str, Any] = field(default_factory=dict)      # how the game was set up (game, players, objective …)
    asked: list[list[Any]] = field(default_factory=list)    # each decision as asked: [kind, player, prompt, answer]

    def to_json(self) -> str:
        """The replay file's text (each decision as asked on a line of its own)."""
        data = asdict(self)
        record = data.pop("asked")
        text = json.dumps(data, ensure_ascii=False, indent=1)
        if not record:
            return text
        lines = ",\n  ".join(json.dumps(entry, ensure_ascii=False) for entry in record)
        return f'{text[:-2]},\n "asked": [\n  {lines}\n ]\n}}'


    @classmethod
    def from_json(cls, text: str) -> "Replay":
        """Read a replay file; anything that is not a replay is a ReplayError saying what is wrong."""
        try:
            data = json.loads(text)
        except RecursionError:
            raise ReplayError("it is nested too deeply to be a replay") from None
        except ValueError as err:
            raise ReplayError(f"it is not valid JSON ({err})") from None
        if not isinstance(data, dict):
            raise ReplayError("a replay is a JSON object with ir_version, bundle_hash, seed and decisions")
        for key in ("ir_version", "bundle_hash", "seed", "decisions"):
            if key not in data:
                raise ReplayError(f"it has no {key!r}")
        _expect(isinstance(data["ir_version"], str), "ir_version", "text", data["ir_version"])
        _expect(isinstance(data["bundle_hash"], str), "bundle_hash", "text", data["bundle_hash"])
        _expect(isinstance(data.get("log_hash", ""), str), "log_hash", "text", data.get("log_hash"))
        _expect(_whole(data["seed"]) and abs(data["seed"]) < 2 ** 63, "seed", "a whole number", data["seed"])
        _expect(isinstance(data["decisions"], list), "decisions", "a list of answers", data["decisions"])
        for i, answer in enumerate(data["decisions"]):
            _check_answer(answer, f"decisions[{i}]", 0)
        setup = data.get("setup") or {}
        _check_setup(setup)
        unknown = sorted(set(data) - {f.name for f in fields(cls)})
        if unknown:
            raise ReplayError(f"it has a field {unknown[0]!r} a replay does not have")
        record = data.get("asked")
        if record is None and data["decisions"]:
            raise ReplayError("it has no 'asked' (each decision as it was asked and answered), so its answers "
                              "cannot be checked: record the game again, with 'dow play --save' (the dow-toolchain command) "
                              "or in code with Replay(..., asked=recorder.asked)")
        record = record or []
        _expect(isinstance(record, list) and len(record) == len(data["decisions"]), "asked",
                f"a list of {len(data['decisions'])} decisions as asked, one for each answer", record)
        for i, entry in enumerate(record):
            _expect(isinstance(entry, list) and len(entry) == 4 and all(isinstance(x, str) for x in entry[:3]),
                    f"asked[{i}]", "[kind, player, prompt, answer]", entry)
            _check_answer(entry[3], f"asked[{i}]", 0)
        return cls(data["ir_version"], data["bundle_hash"], data["seed"], list(data["decisions"]),
                   data.get("log_hash", ""), dict(setup), [list(entry) for entry in record])

    def check_bundle(self, bundle: dict[str, Any]) -> None:
        """Refuse to replay against a different bundle."""
        check_version(self.ir_version)
        check_version(bundle.get("ir_version", "?"))
        if bundle.get("content_hash") != self.bundle_hash:
            raise BundleError(f"this replay was recorded with bundle {self.bundle_hash}, "
                              f"not {bundle.get('content_hash')}")

    def agent(self) -> ScriptedAgent:
        """An agent that gives the recorded answers back, in order, each checked against its decision as
        asked (``asked``: a DecisionMismatch names the first that differs); ``leftover`` counts what it did
        not give. A replay made in code without ``asked`` gives its answers unchecked."""
        self._agent = CheckedAgent(self.decisions, self.asked) if self.asked else ScriptedAgent(self.decisions)
        return self._agent

    def leftover(self) -> int:
        """How many recorded answers the last game played with ``agent()`` never asked for."""
        agent = getattr(self, "_agent", None)
        return len(self.decisions) - agent.used if agent is not None else 0


class AnswersLeftOver(ValueError):
    """A replayed game ended before it asked for every recorded answer: the file is not of this game."""

    def __init__(self, count: int):
        super().__init__(f"the game ended with {count} recorded answer{'s' if count != 1 else ''} left over")
        self.count = count


class ReplayError(ValueError):
    """A file that is not a replay this runtime can play (what is wrong is in the message)."""


#: what a replay's set-up may say: key -> check of its value
SETUP: dict[str, Callable[[Any], bool]] = {"game": lambda v: v in ("base", "winter-tricks"), "players": lambda v: _whole(v) and 1 <= v <= 20,
         "objective": lambda v: v is None or isinstance(v, str),
         "variants": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v)}
SETUP_WORDS = {"game": "base or winter-tricks", "players": "a whole number of players from 1 to 20",
               "objective": "a card id or null", "variants": "a list of variant names"}
MAX_ANSWER_DEPTH = 4


def _check_setup(setup: Any) -> None:
    if not isinstance(setup, dict):
        raise ReplayError(f"its setup is {_short(setup)}, not an object")
    for key, value in setup.items():       # other keys are the engine's to read (and to check)
        if key in SETUP:
            _expect(SETUP[key](value), f"setup.{key}", SETUP_WORDS[key], value)


def _check_answer(answer: Any, where: str, depth: int) -> None:
    """A recorded answer is true/false, a number, a text, or a list of those."""
    if isinstance(answer, list) and depth < MAX_ANSWER_DEPTH:
        for item in answer:
            _check_answer(item, where, depth + 1)
        return
    _expect(isinstance(answer, (bool, int, str)) and not isinstance(answer, float), where,
            "true, false, a number, a text or a list of them", answer)


def _expect(ok: bool, where: str, what: str, value: Any) -> None:
    if not ok:
        raise ReplayError(f"its {where} is {_short(value)}, not {what}")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, float) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
