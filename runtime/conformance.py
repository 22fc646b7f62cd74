"""A conformance suite for runtimes of the bundle: traces, the JSON-over-stdio protocol, the runner.

Every card scenario and rule scenario becomes a **trace** (docs/conformance.md): the bundle hash,
the set-up, the steps, the scripted decisions and rolls, and what the reference runtime did: its
event log, the decisions it asked, and a digest of the table afterwards. A candidate runtime is
a program that speaks the protocol below on its standard input and output; the runner starts it,
sends it each trace, and compares its answer with the reference's.

    python -m dow.runtime.conformance TRACES_DIR -- CANDIDATE COMMAND …

The reference runtime's adapter is ``python -m dow.runtime.conformance_reference``. Standard
library only: a trace is plain JSON, with no Python object in it.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

PROTOCOL = 1
TRACE_FORMAT = 1
_INSTANCE = re.compile(r"c:\d+\Z")


# ---- the protocol: one JSON object per line ----------------------------------------------------
def run_request(trace: dict[str, Any], bundle_path: str) -> dict[str, Any]:
    """The message the runner sends for one trace: everything but the expected result."""
    keys = ("id", "game", "card", "seed", "setup", "steps", "decisions", "rolls", "bundle_hash")
    asked = list(trace["expect"].get("legal") or {})       # a trace written before legal actions: none asked
    return {"type": "run", "bundle": bundle_path, **{k: trace[k] for k in keys}, **({"legal": asked} if asked else {})}


def compare(trace: dict[str, Any], answer: dict[str, Any]) -> list[str]:
    """What a candidate's answer to a trace gets wrong (empty: it conforms)."""
    if answer.get("type") == "error":
        return [f"the runtime reported an error: {answer.get('message')}"]
    if answer.get("type") != "result" or answer.get("id") != trace["id"]:
        return [f"expected a result for {trace['id']}, got {json.dumps(answer)[:200]}"]
    want, bad = trace["expect"], []
    for key in ("events", "decisions"):
        got = answer.get(key)
        if got != want[key]:
            bad.append(f"{key}: {_first_difference(want[key], got)}")
    got_digest = answer.get("digest") or {}
    for key, value in want["digest"].items():
        if got_digest.get(key) != value:
            bad.append(f"digest.{key}: expected {json.dumps(value)}, got {json.dumps(got_digest.get(key))}")
    got_legal = answer.get("legal") or {}
    for act, value in (want.get("legal") or {}).items():   # the turn actions asked about, legal or not
        if got_legal.get(act) != value:
            bad.append(f"legal.{act}: expected {json.dumps(value)}, got {json.dumps(got_legal.get(act))}")
    for key in ("unused_decisions", "unused_rolls"):      # a scripted answer or roll left over: asked less
        if answer.get(key, 0) != want[key]:
            bad.append(f"{key}: expected {want[key]} left over, got {answer.get(key, 0)}")
    return bad


def _first_difference(want: list[Any], got: Any) -> str:
    if not isinstance(got, list):
        return f"expected a list, got {json.dumps(got)[:120]}"
    for i, (a, b) in enumerate(zip(want, got)):
        if a != b:
            return f"#{i}: expected {json.dumps(a)}, got {json.dumps(b)}"
    return f"expected {len(want)} entries, got {len(got)}"


class Candidate:
    """A runtime under test, started as a subprocess that speaks the protocol."""

    def __init__(self, command: list[str], cwd: str | None = None) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        encoding="utf-8", cwd=cwd)
        hello = self.ask({"type": "hello", "protocol": PROTOCOL})
        if hello.get("type") != "hello" or hello.get("protocol") != PROTOCOL:
            raise RuntimeError(f"the candidate does not speak protocol {PROTOCOL}: {hello}")
        self.name = str(hello.get("runtime", "?"))

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one message, read one answer line."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(message, ensure_ascii=False) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the candidate ended without answering (exit {self.process.wait()})")
        try:
            answer: dict[str, Any] = json.loads(line)
        except json.JSONDecodeError:
            return {"type": "error", "message": f"not a JSON line: {line[:200]!r}"}
        return answer

    def close(self) -> None:
        """Say goodbye and wait for the candidate to end."""
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.write(json.dumps({"type": "bye"}) + "\n")
                self.process.stdin.close()
            except BrokenPipeError:
                pass
            self.process.wait(timeout=60)


def load_traces(folder: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The suite's manifest and its traces, in manifest order."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    traces = [json.loads((folder / entry["file"]).read_text(encoding="utf-8")) for entry in manifest["traces"]]
    return manifest, traces


def run_suite(folder: Path, command: list[str], only: str = "", scripted_only: bool = False
              ) -> Iterator[tuple[dict[str, Any], list[str]]]:
    """Run every trace (those whose id contains ``only``) on the candidate: (trace, problems) each."""
    manifest, traces = load_traces(folder)
    # a trace is made from the suite's bundle, or from the one its manifest entry names (the fixture's)
    files = {entry["id"]: entry.get("bundle", manifest["bundle"]) for entry in manifest["traces"]}
    candidate = Candidate(command)
    try:
        for trace in traces:
            if only not in trace["id"] or (scripted_only and trace["unscripted_random"]):
                continue
            bundle_path = str((folder / files.get(trace["id"], manifest["bundle"])).resolve())
            yield trace, compare(trace, candidate.ask(run_request(trace, bundle_path)))
    finally:
        candidate.close()


def main(argv: list[str] | None = None) -> int:
    """The runner's command line; exit 0 when every trace conforms, 1 otherwise, 2 on wrong use."""
    parser = argparse.ArgumentParser(prog="python -m dow.runtime.conformance",
                                     description="check a runtime against the conformance traces")
    parser.add_argument("traces", type=Path, help="the folder written by 'dow conformance export' (the "
                        "dow-toolchain command)")
    parser.add_argument("command", nargs="+", help="the candidate runtime's command (after --)")
    parser.add_argument("--only", default="", help="run the traces whose id contains this text")
    parser.add_argument("--scripted-only", action="store_true",
                        help="leave out traces that draw on the seeded generator beyond the scripted rolls")
    args = parser.parse_args(argv)
    if not (args.traces / "manifest.json").is_file():
        print(f"{args.traces}: no manifest.json here (write one with 'dow conformance "
              f"export', a command of dow-toolchain)", file=sys.stderr)
        return 2
    passed = failed = 0
    try:
        for trace, problems in run_suite(args.traces, args.command, args.only, args.scripted_only):
            if problems:
                failed += 1
                print(f"FAIL {trace['id']}: " + "; ".join(problems))
            else:
                passed += 1
    except OSError as err:            # the command cannot be started
        print(f"cannot start the candidate runtime {args.command[0]!r}: {err.strerror or err}", file=sys.stderr)
        return 2
    except RuntimeError as err:       # it ended, or does not speak the protocol
        print(f"the candidate runtime stopped the run: {err}", file=sys.stderr)
        return 1
    print(f"{passed} of {passed + failed} traces conform")
    return 0 if failed == 0 and passed else 1


if __name__ == "__main__":
    sys.exit(main())
