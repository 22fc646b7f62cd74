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


def where(decision: Decision) -> str:
    """Where a decision comes from, for a message: its card file and position when it has one."""
    src = decision.src or {}
    if src.get("file"):
        return f" at {src['file']}:{src.get('line', '?')}:{src.get('col', '?')}"
    return f" from {src['card']}" if src.get("card") else ""


class ProcessAgent:
    """Answers decisions by asking a program in another process (the module's protocol). ``command`` is the
    program and its arguments; ``seats`` the players it answers for (for the ``start`` message); ``timeout``
    how long an answer may take, in seconds; ``tries`` how many answers to one decision it may give."""

    def __init__(self, command: Sequence[str], seats: Sequence[str] = (), timeout: float = 60.0, tries: int = 3,
                 start: dict[str, Any] | None = None) -> None:
        self.command = list(command)
        self.timeout, self.tries = timeout, tries
        self.asked = 0
        self.game: Any = None
        self.seen: dict[str, int] = {}
        try:
            self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            text=True, encoding="utf-8", bufsize=1)
        except OSError as err:
            raise AgentError(f"cannot start the agent {self.command[0]!r}: {err.strerror or err}") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self._send({"type": "start", "protocol": PROTOCOL, "seats": list(seats), **(start or {})})

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
        """Sit at a table: each request also carries the log lines its player may see that are new to it."""
        self.game = game

    def _new_lines(self, player: str) -> list[Any]:
        if self.game is None:
            return []
        lines = self.game.log.lines
        start, self.seen[player] = self.seen.get(player, 0), len(lines)
        return [to_json(line) for line in lines[start:] if line.get("private_to") in (None, player)]

    def answer(self, decision: Decision) -> Any:
        """Ask the agent; its answer, checked and in the runtime's terms. AgentError when it cannot give one."""
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
        """Tell the agent the game is over (``end``, with the result when there is one), close its input and
        wait for it (a few seconds, then it is stopped); its exit code, or None if it had to be stopped."""
        if self.process.poll() is None:
            try:
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
