"""The bundle schema's checkers on one written bundle, CPU time, one core, in turn (issue 34).

`dow build` checks what it writes once (each card as it is compiled, `pipeline.validate_card`; the top
level and the rulesets before writing, `project.schema_errors`), with the project's compiled checker
(`runtime/schema_check.py`). This script measures that checker against the other candidates on the same
bundle, in this one process, each run in turn with the others (A B C, B C A, C A B, ...) so that a change
in the machine's speed falls on all of them:

* ``compiled``: the project's compiled checker, every error collected (what the build runs);
* ``jsonschema``: the jsonschema package (Draft 2020-12), ``iter_errors`` (what the build ran before);
* ``jsonschema-rs``: the Rust checker's Python binding, ``iter_errors``, if it is installed (it is not a
  dependency; ``pip install jsonschema-rs`` to measure it).

Each checker first says whether the bundle is valid (they must agree), then is timed on the whole
bundle document (its cards as the build holds them: Python dicts decoded from bundle.json).

    python benchmarks/bench_schema.py --bundle build/bundle.json --rounds 5
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cputime import load  # noqa: E402


def checkers(schema: dict) -> dict:
    """name -> (setup seconds, function returning the number of errors of a document)."""
    from dow.runtime.schema_check import compile_schema
    out = {}
    t = time.process_time()
    compiled = compile_schema(schema, "#")
    out["compiled"] = (time.process_time() - t, lambda doc: len(compiled(doc)))
    import jsonschema
    t = time.process_time()
    reference = jsonschema.validators.validator_for(schema)(schema)
    out["jsonschema"] = (time.process_time() - t, lambda doc: sum(1 for _ in reference.iter_errors(doc)))
    try:
        import jsonschema_rs
    except ImportError:
        print("jsonschema-rs is not installed: not measured (pip install jsonschema-rs)")
    else:
        t = time.process_time()
        rust = jsonschema_rs.validator_for(schema)
        out["jsonschema-rs"] = (time.process_time() - t, lambda doc: sum(1 for _ in rust.iter_errors(doc)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bundle", type=Path, required=True, help="a bundle.json written by dow build")
    ap.add_argument("--rounds", type=int, default=5, help="rounds; each runs every checker once, in turn")
    ap.add_argument("--only", default="", help="comma-separated checker names")
    ap.add_argument("--cards", type=int, default=0, help="only the bundle's first N cards (0: all)")
    args = ap.parse_args()

    from dow.compiler.schemas import bundle_schema
    schema = bundle_schema()
    doc = json.loads(args.bundle.read_text(encoding="utf-8"))
    if args.cards:
        doc["cards"] = doc["cards"][:args.cards]
    print(f"bundle: {args.bundle} ({args.bundle.stat().st_size:,} bytes; {len(doc['cards'])} cards checked); "
          f"load {load()}")
    found = checkers(schema)
    if args.only:
        found = {k: v for k, v in found.items() if k in args.only.split(",")}
    names = list(found)
    times: dict[str, list[float]] = {name: [] for name in names}
    for r in range(args.rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            setup, run = found[name]
            t = time.process_time()
            errors = run(doc)
            times[name].append(time.process_time() - t)
            if r == 0:       # they must agree that the bundle is valid
                print(f"{name}: set-up {setup:.3f} s CPU; errors on this bundle: {errors}", flush=True)
    base = times.get("compiled")
    print(f"\n{args.rounds} rounds, CPU seconds of the whole bundle (time.process_time), load {load()}")
    print("| checker | CPU median | min–max | per card | median ratio to compiled (per round) |")
    print("|---|---|---|---|---|")
    for name in names:
        cpu = times[name]
        ratio = (f"{statistics.median(a / b for a, b in zip(cpu, base)):.2f}×" if base else "—")
        print(f"| {name} | {statistics.median(cpu):.3f} s | {min(cpu):.3f}–{max(cpu):.3f} s | "
              f"{1000 * statistics.median(cpu) / max(1, len(doc['cards'])):.3f} ms | {ratio} |")


if __name__ == "__main__":
    main()
