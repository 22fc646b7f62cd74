"""A seeded sample of the runtime fuzzers (tests/runtime/fuzz_inputs.py): mutated bundles through
load_bundle and mutated replay files through dow replay end in a result or a clear refusal, never
in a traceback. The full run (10,000 of each) is the script's; this sample keeps CI quick."""
from __future__ import annotations

import json

from fuzz_inputs import run_bundles, run_replays

SEED = 2026


def test_mutated_bundles_load_or_are_refused_never_a_traceback(bundle):
    before = json.dumps(bundle, sort_keys=True)
    result = run_bundles(150, SEED, bundle, play_every=5)
    assert json.dumps(bundle, sort_keys=True) == before, "a mutation reached the bundle the fuzzer was given"
    assert result["tracebacks"] == []
    assert result["refused"] > 60 and result["loaded"] > 5        # both sides of the check are exercised
    assert result.get("played", 0) >= 1


def test_mutated_replays_replay_differ_or_are_refused_never_a_traceback(bundle):
    before = json.dumps(bundle, sort_keys=True)
    result = run_replays(80, SEED, bundle)
    assert json.dumps(bundle, sort_keys=True) == before, "a mutation reached the bundle the fuzzer was given"
    assert result["tracebacks"] == []
    assert result.get("refused", 0) > 10 and result.get("differs or does not fit", 0) > 10
