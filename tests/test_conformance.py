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
    assert len([t for t in traces if t["card"] and not t["source"].get("fixture")]) == card_tests
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


def test_a_trace_compares_the_turn_actions_its_scenario_asks_about(suite):
    """Gray Beard's rule (while you control him you cannot add cards to the crisis) shows only in which turn
    actions are legal: the trace asks about them, and a runtime that answers otherwise does not conform."""
    from dow.runtime.conformance import run_request
    from dow.runtime.conformance_reference import answer_run
    trace = json.loads((suite / "traces" / "base.crossroads.grey-beard.7.json").read_text(encoding="utf-8"))
    assert trace["expect"]["legal"] == {"crisis card:food-1": False}
    request = run_request(trace, str(suite / "bundle.json"))
    assert request["legal"] == ["crisis card:food-1"]
    answer = answer_run(request, {})
    assert answer["legal"] == {"crisis card:food-1": False} and compare(trace, answer) == []
    assert compare(trace, {**answer, "legal": {"crisis card:food-1": True}}) == [
        "legal.crisis card:food-1: expected false, got true"]
    assert compare(trace, {**answer, "legal": {}}) == ["legal.crisis card:food-1: expected false, got null"]


def test_a_trace_written_before_legal_actions_is_still_read(suite):
    """An older trace has no ``expect.legal``: nothing is asked about turn actions, nothing compared."""
    from dow.runtime.conformance import run_request
    trace = json.loads((suite / "traces" / "base.crossroads.grey-beard.7.json").read_text(encoding="utf-8"))
    del trace["expect"]["legal"]
    request = run_request(trace, "bundle.json")
    assert "legal" not in request
    want = trace["expect"]
    answer = {"type": "result", "id": trace["id"], "events": want["events"], "decisions": want["decisions"],
              "digest": want["digest"], "unused_decisions": want["unused_decisions"],
              "unused_rolls": want["unused_rolls"]}
    assert compare(trace, answer) == []


def test_the_fixture_traces_run_on_a_bundle_of_their_own(suite, bundle):
    """The statements no card of the content says are traced from the conformance fixture's cards, made
    from fixture-bundle.json (the content's cards and the fixture's): bundle.json stays the content's."""
    manifest, traces = load_traces(suite)
    fixture_files = sorted((ROOT / "tests" / "conformance" / "fixture").rglob("*.yaml"))
    fixture = [t for t in traces if t["source"].get("fixture")]
    entries = {e["id"]: e for e in manifest["traces"]}
    assert {t["card"] for t in fixture} == {f"base.crossroads.{p.stem}" for p in fixture_files}
    assert all(entries[t["id"]]["bundle"] == "fixture-bundle.json" for t in fixture)
    assert all("bundle" not in entries[t["id"]] for t in traces if not t["source"].get("fixture"))
    made_from = json.loads((suite / "fixture-bundle.json").read_text(encoding="utf-8"))
    assert {t["bundle_hash"] for t in fixture} == {made_from["content_hash"]} != {bundle["content_hash"]}
    assert {c["id"] for c in made_from["cards"]} == {c["id"] for c in bundle["cards"]} | {t["card"] for t in fixture}
    ends = next(t for t in fixture if t["card"] == "base.crossroads.fixture-end-game")
    assert ends["expect"]["digest"]["over"] is True and ends["expect"]["digest"]["ending"] == "card"


def test_a_fixture_card_that_does_not_compile_is_named_without_a_traceback(tmp_path, bundle, capsys):
    """A broken fixture card stops the export with its file and line, as a broken content card would."""
    import shutil
    from dow.cli.conformance import FIXTURE, fixture_bundle
    project = tmp_path / "project"
    shutil.copytree(ROOT / FIXTURE, project / FIXTURE)
    (project / "content").mkdir()
    card = project / FIXTURE / "base" / "crossroads" / "fixture-end-game.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("end the game.", "end the gmae."), encoding="utf-8")
    with pytest.raises(ValueError) as err:
        fixture_bundle(bundle, project)
    assert "the conformance fixture (tests/conformance/fixture) does not compile" in str(err.value)
    assert "fixture-end-game.yaml:" in str(err.value)
