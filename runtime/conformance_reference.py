"""The reference runtime behind the conformance protocol: ``python -m dow.runtime.conformance_reference``.

It reads one JSON request per line on standard input and answers each on standard output
(docs/conformance.md): ``hello``, then a ``run`` per trace (the scenario is played on the
reference engine with the trace's set-up, steps, decisions and rolls), then ``bye``. Another
runtime writes the same loop around its own interpreter.
"""
from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from .bundle import load_bundle
from .conformance import PROTOCOL, reference_run

NAME = "dow reference runtime"


def answer_run(request: dict[str, Any], bundles: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Play one trace's scenario and report its events, decisions asked and digest."""
    path = request["bundle"]
    if path not in bundles:
        bundles[path] = load_bundle(path)
    bundle = bundles[path]
    card = next((c for c in bundle["cards"] if c["id"] == request["card"]), None) if request.get("card") else None
    test = {"name": request["id"], "given": request.get("setup") or {}, "do": request["steps"],
            "seed": request.get("seed", 0)}
    for key, field in (("answers", "decisions"), ("rolls", "rolls")):   # as the scenario was written
        if request.get(field):
            test[key] = request[field]
    ran = reference_run(bundle, card, test, legal=list(request.get("legal") or []))
    return {"type": "result", "id": request["id"], "events": ran["events"], "decisions": ran["decisions"],
            "digest": ran["digest"], "unused_decisions": ran["unused_decisions"], "unused_rolls": ran["unused_rolls"],
            "legal": ran["legal"]}


def serve(stdin: TextIO, stdout: TextIO) -> None:
    """Answer requests until ``bye`` or the end of input."""
    bundles: dict[str, dict[str, Any]] = {}
    for line in stdin:
        request = json.loads(line)
        if request["type"] == "bye":
            break
        if request["type"] == "hello":
            reply: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL, "runtime": NAME}
        else:
            try:
                reply = answer_run(request, bundles)
            except Exception as err:      # a failure is an answer about this trace; the next may pass
                reply = {"type": "error", "id": request.get("id"), "message": f"{type(err).__name__}: {err}"}
        stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        stdout.flush()


if __name__ == "__main__":
    serve(sys.stdin, sys.stdout)
