"""Winter Tricks played by bots: games per second, wins by seat, damage, invariant checks.

    python benchmarks/bench_winter_tricks.py [--games 200] [--seed 0]

Compiles content/ in memory, then for each player count plays ``--games`` seeded games with
random agents (``simulate``) and the same number with HeuristicAgent, and prints one line each.
It reports; it asserts nothing about time.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from dow.compiler.project import bundle_of, compile_paths
from dow.runtime.decisions import HeuristicAgent
from dow.runtime.games import winter_tricks as wt

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    build = compile_paths([ROOT / "content"], ROOT)
    bundle = bundle_of(build.cards)
    print(f"{'players':>7} {'agents':>9} {'games/s':>8} {'avg dmg':>8} {'shared':>6} {'viol.':>5} {'crash':>5}  wins")
    for players in wt.PLAYERS:
        start = time.perf_counter()
        s = wt.simulate(bundle, args.games, args.seed, players)
        dt = time.perf_counter() - start
        print(f"{players:>7} {'random':>9} {args.games / dt:>8.0f} {s['average_damage']:>8.1f} {s['shared_wins']:>6}"
              f" {s['invariant_violations']:>5} {s['crashes']:>5}  {s['wins']}")
        start, wins, damage, bad = time.perf_counter(), {}, 0, 0
        for i in range(args.games):
            game = wt.new_game(bundle, args.seed + i, players, agents=HeuristicAgent())
            result = game.run()
            bad += len(game.check_invariants())
            damage += sum(result["scores"].values())
            for p in result["winners"]:
                wins[p] = wins.get(p, 0) + 1
        dt = time.perf_counter() - start
        print(f"{players:>7} {'heuristic':>9} {args.games / dt:>8.0f} {damage / (args.games * players):>8.1f}"
              f" {'':>6} {bad:>5} {0:>5}  {dict(sorted(wins.items()))}")


if __name__ == "__main__":
    main()
