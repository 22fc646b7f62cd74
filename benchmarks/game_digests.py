"""Seeded whole games of every game and variant, summed up to compare the engine before and after a change.

    python benchmarks/game_digests.py OUT.json [--seeds 40]
    python benchmarks/game_digests.py --compare BEFORE.json AFTER.json

Each game (every seat's agents, invariants checked after every step) gives its event log's digest, a hash
of every answer given, the invariant violations, the rounds played and the ending; a game that raises
gives its error. A speed change must leave every entry as it was (benchmarks/README.md, issue 34: the
engine's games per CPU-second). ``--compare`` says which games differ (exit 1 if any).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

#: (players, agents, variants): the base game at 3-5 players and Warring Colonies at 5, 6 (quick), 7, 9 and
#: 11 (with and without the Lone Wolf), the modest, heuristic and random agents and a mixed table
CONFIGS = [
    (4, "heuristic", ()), (4, "bot", ()), (4, "random", ()), (5, "heuristic", ()), (3, "heuristic:random", ()),
    (11, "bot", ("warring-colonies",)), (11, "heuristic", ("warring-colonies",)), (11, "random", ("warring-colonies",)),
    (6, "heuristic", ("warring-colonies", "quick")), (9, "bot", ("warring-colonies",)),
    (7, "heuristic:random", ("warring-colonies",)), (5, "random", ("warring-colonies",)),
]


def digests(seeds: int) -> dict:
    from bench_runtime import load_bundle
    from dow.runtime.engine.sim import play_game
    bundle = load_bundle()
    out: dict[str, list] = {}
    t0 = time.process_time()
    for players, agents, variants in CONFIGS:
        for seed in range(seeds):
            key = f"{players}/{agents}/{'+'.join(variants)}/{seed}"
            try:
                game, replay, result = play_game(bundle, seed, players, agents, True, variants=variants)
                answers = hashlib.sha256(json.dumps(replay.decisions, sort_keys=True, default=str).encode()).hexdigest()
                out[key] = [game.log.digest(), answers, result["violations"], result["rounds"], result["ending"]]
            except Exception as exc:              # kept as it is: the same error before and after
                out[key] = ["error", repr(exc)]
        print(f"{players} players, {agents}, {'+'.join(variants) or 'base'}: {time.process_time() - t0:.1f} s CPU",
              flush=True)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", help="the JSON file to write")
    ap.add_argument("--seeds", type=int, default=40, help="seeds 0..N-1 of each configuration (default 40)")
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="compare two files written before")
    args = ap.parse_args()
    if args.compare:
        before, after = (json.loads(Path(p).read_text(encoding="utf-8")) for p in args.compare)
        differ = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
        print(f"{len(before)} games before, {len(after)} after; {len(differ)} differ" +
              (": " + ", ".join(differ[:20]) if differ else ""))
        return 1 if differ else 0
    if not args.out:
        ap.error("name the file to write, or --compare BEFORE AFTER")
    Path(args.out).write_text(json.dumps(digests(args.seeds), indent=0, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
