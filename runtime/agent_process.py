"""An agent in another process: the decision protocol as JSON lines on its standard input and output.

``dow play --agent-cmd CMD`` starts CMD and seats it at the table: for every decision of its seats the
game writes one request, a JSON object on one line, to the agent's standard input, and reads one answer,
a JSON object on one line, from its standard output. An answer that does not fit is refused with a
``refused`` message saying why, and the agent answers again; after ``tries`` refusals, or when the agent
exits, stays silent past the timeout or writes something that is not JSON, the game ends with an
``AgentError`` that says which decision (its number, player, kind, prompt and card position) and why.
The messages are described in docs/agent-protocol.md and by the JSON Schema ``schema()``
(schemas/agent-protocol.schema.json). Standard library only.
"""
from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from typing import Any, Sequence

from .decisions import AMOUNT, KINDS, MAY, OPTION, VOTE, Decision

#: the protocol's version, sent in every request; a new version is a change an agent must read anew
PROTOCOL = 1
MESSAGE_TYPES = ("start", "decision", "refused", "end")


class AgentError(Exception):
    """The agent process broke the protocol; the message says at which decision and how."""


def to_json(value: Any) -> Any:
    """A runtime value as JSON data: tuples become lists, at every depth."""
    if isinstance(value, (tuple, list)):
        return [to_json(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_json(item) for key, item in value.items()}
    return value


def _from_json(value: Any) -> Any:
    """JSON data as a runtime value: lists become tuples, at every depth (a choice such as an action is a tuple)."""
    if isinstance(value, list):
        return tuple(_from_json(item) for item in value)
    return value


def read_answer(decision: Decision, value: Any) -> Any:
    """An answer in JSON terms turned into the runtime's and checked against the decision (``Decision.check``);
    ValueError, saying why, when it does not fit."""
    if decision.kind == MAY:
        return decision.check(value)
    if decision.kind == AMOUNT:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"an amount from {decision.min} to {decision.max} is needed, not {json.dumps(value)}")
        return decision.check(value)
    if decision.kind in (OPTION, VOTE):
        return decision.check(_from_json(value))
    if not isinstance(value, list):
        raise ValueError(f"a {decision.kind} decision takes a list of choices, not {json.dumps(value)}")
    return decision.check(_from_json(value))


#: the fields of a game's result an ``end`` message carries (Winter Tricks has no ``ending``)
RESULT_FIELDS = ("winners", "ending", "rounds")


def log_line(line: dict[str, Any]) -> dict[str, Any]:
    """A log line as a request carries it: ``event``, ``params``, ``src`` when it has one, and ``private_to``
    only for a private line (a host's ``private_to: None`` is a public line)."""
    out = {"event": line.get("event"), "params": line.get("params") or {}}
    if line.get("src"):
        out["src"] = line["src"]
    if line.get("private_to") is not None:
        out["private_to"] = line["private_to"]
    return out


def game_facts(game: Any) -> dict[str, Any]:
    """What a ``start`` message tells of a reference engine's game: its name (``base``, ``base`` joined by
    ``+`` to its variants in the order ``warring-colonies``, ``quick``, ``random-items``, or the game's own
    ``NAME`` such as ``winter-tricks``), how many players, its seed. A fact the game does not have is left out."""
    facts: dict[str, Any] = {}
    module = sys.modules.get(type(game).__module__)
    name = getattr(type(game), "NAME", None) or getattr(module, "NAME", None)
    if isinstance(name, str):
        facts["game"] = name
    elif hasattr(game, "state") and hasattr(game, "options"):
        options = getattr(game, "options") or {}
        colonies = type(game).__name__ == "ColoniesGame"
        parts = ["base"] + (["warring-colonies"] if colonies else []) + \
            (["quick"] if colonies and options.get("quick") else []) + \
            (["random-items"] if options.get("random_items") else [])
        facts["game"] = "+".join(parts)
    players = getattr(game, "n", None)
    if not isinstance(players, int):
        seated = getattr(game, "players", None)
        players = len(seated) if isinstance(seated, list) else None
    if isinstance(players, int):
        facts["players"] = players
    seed = getattr(game, "seed", None)
    if isinstance(seed, int) and not isinstance(seed, bool):
        facts["seed"] = seed
    return facts


def where(decision: Decision) -> str:
    """Where a decision comes from, for a message: its card file and position when it has one."""
    src = decision.src or {}
    if src.get("file"):
        return f" at {src['file']}:{src.get('line', '?')}:{src.get('col', '?')}"
    return f" from {src['card']}" if src.get("card") else ""


class ProcessAgent:
    """Answers decisions by asking a program in another process (the module's protocol).

    ``command`` is the program and its arguments (a list, run without a shell); ``seats`` the players it
    answers for; ``timeout`` how long one answer may take, in seconds; ``tries`` how many answers to one
    decision it may give. ``game``, ``players`` and ``seed`` are the ``start`` message's fields (``start``:
    more fields, or the same ones as a dictionary); any left out is read from the game the agent is seated
    at (``observe``, which the reference engine's ``play_game`` calls), and one known from neither is not
    sent. ``log`` is the list an embedding host appends its log lines to (``{event, params, src,
    private_to}``, ``MinimalHost.lines`` for one): each request then carries the lines new to its player
    (``follow`` sets it later). The ``start`` message goes out with the first request (or at ``close``),
    so that a game observed before then fills its fields. ``close(result)`` ends the conversation."""

    def __init__(self, command: Sequence[str], seats: Sequence[str] = (), timeout: float = 60.0, tries: int = 3,
                 start: dict[str, Any] | None = None, *, game: str | None = None, players: int | None = None,
                 seed: int | None = None, log: Sequence[dict[str, Any]] | None = None) -> None:
        self.command = list(command)
        if not self.command:
            raise AgentError("the agent's command is empty: name the program to run")
        self.seats = list(seats)
        self.timeout, self.tries = timeout, tries
        self.asked = 0
        self.game: Any = None
        self.lines_of: Sequence[dict[str, Any]] | None = log
        self.seen: dict[str, int] = {}
        given = {"game": game, "players": players, "seed": seed}
        self.start: dict[str, Any] = {**(start or {}), **{k: v for k, v in given.items() if v is not None}}
        self.started = False
        try:
            self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            text=True, encoding="utf-8", bufsize=1)
        except OSError as err:
            raise AgentError(f"cannot start the agent {self.command[0]!r}: {err.strerror or err}") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def start_message(self) -> dict[str, Any]:
        """The ``start`` message as it is (or will be) sent: the fields given, then those the observed game
        tells (``game_facts``)."""
        facts = game_facts(self.game) if self.game is not None else {}
        fields = {**facts, **self.start}
        return {"type": "start", "protocol": PROTOCOL, "seats": list(self.seats), **fields}

    def _begin(self) -> None:
        if not self.started:
            self.started = True
            self._send(self.start_message())

    # ---- the pipe ------------------------------------------------------------------------------
    def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            for line in stdout:
                self.lines.put(line)
        except (OSError, ValueError):     # the pipe closed under the reader: the agent is gone
            pass
        self.lines.put(None)

    def _send(self, message: dict[str, Any]) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(message, ensure_ascii=False) + "\n")
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise AgentError(f"the agent {self.command[0]!r} stopped reading{self._exit()}") from None

    def _exit(self) -> str:
        try:
            code = self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return ""
        return f" (it exited with code {code})"

    def _receive(self, decision: Decision) -> str:
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise AgentError(f"{self._which(decision)}: the agent gave no answer in {self.timeout:g} s") from None
        if line is None:
            raise AgentError(f"{self._which(decision)}: the agent ended its output without an answer"
                             f"{self._exit()}")
        return line

    def _which(self, decision: Decision) -> str:
        prompt = f" {decision.prompt!r}" if decision.prompt else ""
        return f"decision {self.asked} ({decision.player}, {decision.kind}{prompt}{where(decision)})"

    # ---- the agent -----------------------------------------------------------------------------
    def observe(self, game: Any) -> None:
        """Sit at a table of the reference engine (anything with ``log.lines``): each request also carries the
        log lines its player may see that are new to it, and ``start`` and ``end`` tell the game's name,
        players, seed and result where the caller did not give them."""
        self.game = game

    def follow(self, lines: Sequence[dict[str, Any]]) -> None:
        """Carry an embedding host's log lines: ``lines`` is the list the host's ``log()`` appends
        ``{event, params, src, private_to}`` to (only appends: a line's place is how the agent knows it
        was sent). Each request then carries the lines its player may see (public, or private to that
        player) that no earlier request to that player carried. Another list (a new table) starts the count
        again: its lines are all new to every player."""
        if lines is not self.lines_of:
            self.seen = {}
        self.lines_of = lines

    def _new_lines(self, player: str) -> list[Any]:
        lines = self.lines_of if self.lines_of is not None else \
            (self.game.log.lines if self.game is not None and hasattr(self.game, "log") else None)
        if lines is None:
            return []
        start, self.seen[player] = self.seen.get(player, 0), len(lines)
        return [to_json(log_line(line)) for line in lines[start:] if line.get("private_to") in (None, player)]

    def answer(self, decision: Decision) -> Any:
        """Ask the agent; its answer, checked and in the runtime's terms. AgentError when it cannot give one."""
        self._begin()
        self.asked += 1
        self._send({"type": "decision", "protocol": PROTOCOL, "number": self.asked,
                    "decision": to_json(decision.to_json()), "log": self._new_lines(decision.player)})
        for attempt in range(1, self.tries + 1):
            line = self._receive(decision)
            try:
                message = json.loads(line)
                if not isinstance(message, dict) or "answer" not in message:
                    raise ValueError('an answer is one JSON object on one line: {"answer": …}')
                return read_answer(decision, message["answer"])
            except ValueError as err:              # json.JSONDecodeError is one too
                reason = f"not JSON ({err})" if isinstance(err, json.JSONDecodeError) else str(err)
                if attempt == self.tries:
                    raise AgentError(f"{self._which(decision)}: the agent's answer was refused {self.tries} times; "
                                     f"the last, {line.strip()[:200]!r}: {reason}") from None
                self._send({"type": "refused", "protocol": PROTOCOL, "number": self.asked, "error": reason,
                            "tries_left": self.tries - attempt})
        raise AssertionError("unreachable")       # the loop returns or raises

    def close(self, result: dict[str, Any] | None = None) -> int | None:
        """Tell the agent the game is over, close its input and wait for it (5 seconds, then it is stopped);
        its exit code, or None if it had to be stopped. The ``end`` message's ``result`` is ``result`` as
        given, else the observed game's ``winners``, ``ending`` and ``rounds`` (those it has), else ``{}``."""
        if result is None and self.game is not None and isinstance(getattr(self.game, "result", None), dict):
            result = {k: self.game.result[k] for k in RESULT_FIELDS if k in self.game.result}
        if self.process.poll() is None:
            try:
                self._begin()
                self._send({"type": "end", "protocol": PROTOCOL, "result": to_json(result or {})})
            except AgentError:
                pass
        try:
            if self.process.stdin:
                self.process.stdin.close()
        except OSError:
            pass
        try:
            return self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None


# ---- the protocol's JSON Schema (schemas/agent-protocol.schema.json) -------------------------------------
def schema() -> dict[str, Any]:
    """The JSON Schema of the protocol's messages: ``request`` (what the game writes) and ``answer`` (what the
    agent writes); the committed copy in schemas/ is kept equal to it by a test."""
    header = {"protocol": {"const": PROTOCOL, "description": "the protocol's version"}}
    decision = {
        "type": "object", "additionalProperties": False,
        "required": ["kind", "player", "choices", "min", "max", "prompt", "src"],
        "properties": {
            "kind": {"enum": list(KINDS), "description": "what is asked (docs/embedding.md: decisions and "
                                                          "their answers)"},
            "player": {"type": "string", "description": "the player who decides: p1, p2 …"},
            "choices": {"type": "array", "description": "what may be picked; an answer is taken from here as "
                                                        "given (for may and amount: empty)"},
            "min": {"type": "integer", "description": "targets, keep, order: how many at least; amount: the least"},
            "max": {"type": "integer", "description": "targets, keep, order: how many at most; amount: the most"},
            "prompt": {"type": "string", "description": "what the decision is about, as the runtime names it"},
            "src": {"type": "object", "description": "the card position it comes from ({card, file, line, col}), "
                                                     "or empty"},
        },
    }
    line = {"type": "object", "required": ["event", "params"],
            "properties": {"event": {"type": "string"}, "params": {"type": "object"},
                           "private_to": {"type": "string"}}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://dow.invalid/schemas/agent-protocol.schema.json",
        "title": "dow decision protocol for an agent in another process (JSON lines)",
        "oneOf": [{"$ref": "#/$defs/request"}, {"$ref": "#/$defs/answer"}],
        "$defs": {
            "request": {"oneOf": [{"$ref": f"#/$defs/{name}"} for name in MESSAGE_TYPES]},
            "start": {
                "type": "object", "required": ["type", "protocol", "seats"],
                "description": "first, once: the game and the seats the agent plays",
                "properties": {"type": {"const": "start"}, **header,
                               "seats": {"type": "array", "items": {"type": "string"}},
                               "game": {"type": "string"}, "players": {"type": "integer"},
                               "seed": {"type": "integer"}}},
            "decision": {
                "type": "object", "additionalProperties": False,
                "required": ["type", "protocol", "number", "decision", "log"],
                "description": "one per decision: answer it with one answer line",
                "properties": {"type": {"const": "decision"}, **header,
                               "number": {"type": "integer", "minimum": 1,
                                          "description": "the decisions asked of this agent, counted from 1"},
                               "decision": {"$ref": "#/$defs/the_decision"},
                               "log": {"type": "array", "items": {"$ref": "#/$defs/log_line"},
                                       "description": "the log lines the deciding player may see that no "
                                                      "request to that player carried yet"}}},
            "refused": {
                "type": "object", "additionalProperties": False,
                "required": ["type", "protocol", "number", "error", "tries_left"],
                "description": "the last answer did not fit: answer the same decision again",
                "properties": {"type": {"const": "refused"}, **header, "number": {"type": "integer"},
                               "error": {"type": "string", "description": "why the answer was refused"},
                               "tries_left": {"type": "integer", "minimum": 1}}},
            "end": {
                "type": "object", "required": ["type", "protocol", "result"],
                "description": "last: the game is over; the agent's input closes after it",
                "properties": {"type": {"const": "end"}, **header, "result": {"type": "object"}}},
            "the_decision": decision,
            "log_line": line,
            "answer": {
                "type": "object", "required": ["answer"],
                "description": "the agent's answer to the last decision or refusal, on one line",
                "properties": {"answer": {"description": "option, vote: one of choices; may: true or false; "
                                                         "amount: an integer from min to max; targets, keep, "
                                                         "order: a list of choices"}}},
        },
    }
