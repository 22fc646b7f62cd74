"""A small agent in another process, for `dow play --agent-cmd` (tests/test_agent_cmd.py): it reads the
game's requests as JSON lines on its standard input and answers each decision on its standard output with a
seeded random choice, as docs/agent-protocol.md describes. Standard library only.

    python tests/json_agent.py MODE [RECORD]

MODE: ``play`` answers well; ``wrong-first`` answers every decision wrongly once, then well after the
refusal; ``always-wrong`` never answers well; ``not-json`` writes a line that is not JSON; ``quit-at-3``
exits with code 3 at its third decision; ``silent`` reads every request and never answers. RECORD: a file every message received is
appended to, one JSON line each, for the test to read.
"""
from __future__ import annotations

import json
import random
import sys


def good(decision: dict, rng: random.Random):
    """A valid answer to a decision, drawn at random."""
    kind, choices = decision["kind"], decision["choices"]
    if kind == "may":
        return rng.random() < 0.5
    if kind == "amount":
        return rng.randint(decision["min"], decision["max"])
    if kind in ("option", "vote"):
        return rng.choice(choices)
    if kind == "order":
        return choices
    return rng.sample(choices, rng.randint(decision["min"], min(decision["max"], len(choices))))


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "play"
    record = open(sys.argv[2], "a", encoding="utf-8") if len(sys.argv) > 2 else None
    rng = random.Random(5)
    pending = None
    for line in sys.stdin:
        message = json.loads(line)
        if record:
            record.write(json.dumps(message) + "\n")
            record.flush()
        kind = message["type"]
        if kind == "end":
            return 0
        if kind == "decision":
            pending = message["decision"]
            if mode == "quit-at-3" and message["number"] == 3:
                return 3
            if mode == "silent":                     # reads on, never answers
                continue
            if mode == "not-json":
                print("I pick the first one", flush=True)
                continue
            if mode in ("wrong-first", "always-wrong"):
                print(json.dumps({"answer": "no such choice"}), flush=True)
                continue
        if kind == "refused" and mode == "always-wrong":
            print(json.dumps({"answer": {"not": "an answer"}}), flush=True)
            continue
        if kind in ("decision", "refused") and pending is not None:
            print(json.dumps({"answer": good(pending, rng)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
