"""The conformance suite: every scenario exported as a JSON trace; the reference runtime passes all
of them through the stdio protocol, and a runtime with a broken handler fails the traces that use it."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from dow.cli.main import main
from dow.runtime.conformance import compare, load_traces, run_suite

REFERENCE = [sys.executable, "-m", "dow.runtime.conformance_reference"]
#: the reference runtime with the kill_zombies handler doing nothing: a runtime with one bug
BROKEN = [sys.executable, "-c", "import sys\n"
          "import dow.runtime.handlers as h\n"
          "def broken(ip, node, env):\n    return\n    yield\n"
          "h.HANDLERS['kill_zombies'] = broken\n"
          "from dow.runtime.conformance_reference import serve\n"
          "serve(sys.stdin, sys.stdout)\n"]


@pytest.fixture(scope="module")
def suite(tmp_path_factory) -> Path:
    """The traces, written by the command a user runs."""
    out = tmp_path_factory.mktemp("conformance")
    assert main(["--root", str(ROOT), "conformance", "export", "--out", str(out)]) == 0
    return out


def test_every_card_and_rule_scenario_is_a_trace(suite, bundle):
    manifest, traces = load_traces(suite)
    card_tests = sum(len(c.get("tests") or []) for c in bundle["cards"])
    rule_files = sorted((ROOT / "tests" / "engine" / "rules").glob("*.yaml"))
    assert len([t for t in traces if t["card"]]) == card_tests
    assert {t["source"]["file"] for t in traces if not t["card"]} == {p.relative_to(ROOT).as_posix() for p in rule_files}
    assert manifest["bundle_hash"] == bundle["content_hash"] == traces[0]["bundle_hash"]
    assert manifest["events"]["kill_zombies"] == ["count", "location"]
    assert json.loads((suite / "bundle.json").read_text(encoding="utf-8"))["content_hash"] == bundle["content_hash"]


def test_traces_hold_plain_json_without_engine_instance_ids(suite):
    text = "".join(p.read_text(encoding="utf-8") for p in sorted((suite / "traces").glob("*.json")))
    assert not re.search(r'"c:\d+"', text), "a card in play is named by its bundle card id in a trace"
    sparky = json.loads((suite / "traces" / "base.crossroads.sparky.1.json").read_text(encoding="utf-8"))
    assert sparky["steps"] == ["option 1"] and sparky["setup"]["zombies"] == {"colony": 10}
    assert sparky["expect"]["events"][0] == {"event": "kill_zombies", "params": {"location": "colony", "count": 8}}
    assert sparky["expect"]["digest"]["zombies"]["colony"] == 2


def test_the_reference_runtime_passes_every_trace(suite):
    results = list(run_suite(suite, REFERENCE))
    _, traces = load_traces(suite)
    assert len(results) == len(traces)
    assert [(t["id"], problems) for t, problems in results if problems] == []


def test_a_runtime_with_a_broken_handler_fails_the_traces_that_use_it(suite):
    results = list(run_suite(suite, BROKEN))
    failed = {t["id"] for t, problems in results if problems}
    uses = {t["id"] for t, _ in results if any(e["event"] == "kill_zombies" for e in t["expect"]["events"])}
    assert "base.crossroads.sparky.1" in failed
    assert failed <= uses, "only a trace that kills zombies can see the broken handler"
    assert len(results) - len(failed) > 400, "the traces that do not use the handler still pass"
    problems = dict((t["id"], p) for t, p in results)["base.crossroads.sparky.1"]
    assert any(p.startswith("events: #0: expected") for p in problems)
    assert any(p.startswith("digest.zombies") for p in problems)


def test_an_answer_that_is_not_a_result_is_reported(suite):
    trace = json.loads((suite / "traces" / "base.crossroads.sparky.1.json").read_text(encoding="utf-8"))
    assert compare(trace, {"type": "error", "message": "no such card"}) == [
        "the runtime reported an error: no such card"]
    want = trace["expect"]
    no_events = {"type": "result", "id": trace["id"], "events": [], "decisions": want["decisions"],
                 "digest": want["digest"], "unused_decisions": 0, "unused_rolls": 0}
    assert compare(trace, no_events) == [f"events: expected {len(want['events'])} entries, got 0"]


def test_the_runner_command_exits_by_its_verdict(suite):
    import subprocess
    runner = [sys.executable, "-m", "dow.runtime.conformance", str(suite), "--only", "crossroads.sparky", "--"]
    good = subprocess.run(runner + REFERENCE, capture_output=True, text=True)
    assert good.returncode == 0 and good.stdout.strip().endswith("traces conform"), good.stderr
    bad = subprocess.run(runner + BROKEN, capture_output=True, text=True)
    assert bad.returncode == 1 and "FAIL base.crossroads.sparky.1: events" in bad.stdout


def test_a_candidate_that_cannot_start_or_dies_is_reported_without_a_traceback(suite):
    import subprocess
    runner = [sys.executable, "-m", "dow.runtime.conformance", str(suite), "--only", "sparky", "--"]
    missing = subprocess.run(runner + ["/nonexistent/runtime"], capture_output=True, text=True)
    assert missing.returncode == 2 and "cannot start the candidate runtime" in missing.stderr
    assert "Traceback" not in missing.stderr
    dies = subprocess.run(runner + [sys.executable, "-c", "pass"], capture_output=True, text=True)
    assert dies.returncode == 1 and "ended without answering" in dies.stderr and "Traceback" not in dies.stderr
