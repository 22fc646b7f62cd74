"""Warring Colonies played by bots at every player count: games per second, outcomes, invariant checks.

    python benchmarks/bench_colonies.py [--games 1000] [--seed 0] [--players 4 5 ... 11] [--agents bot random]
                                        [--variant quick] [--variant random-items]

Compiles content/ in memory, then for each player count (and agent kind) plays ``--games`` seeded games
of ``dow simulate --variant warring-colonies`` (invariants checked after every step) and prints one line
each: games per second, who wins, how games end, mean length, invariant violations and crashes (with the
first few seeds that broke, to replay with ``dow play --variant warring-colonies --seed S``). The player
counts the engine refuses are reported as such. It reports; it asserts nothing about time.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from dow.compiler.project import bundle_of, compile_paths
from dow.runtime.engine.game import GameError
from dow.runtime.engine.sim import new_game, simulate

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, nargs="+", default=list(range(4, 12)))
    ap.add_argument("--agents", nargs="+", default=["bot"], choices=("bot", "random"))
    ap.add_argument("--variant", action="append", default=[], choices=("quick", "random-items"))
    args = ap.parse_args()
    build = compile_paths([ROOT / "content"], ROOT)
    bundle = bundle_of(build.cards, build.rulesets)
    variants = ["warring-colonies", *args.variant]
    print(f"variants: {'+'.join(variants)}; {args.games} games each, seeds {args.seed}..{args.seed + args.games - 1}")
    print(f"{'players':>7} {'agents':>6} {'games/s':>8} {'rounds':>6} {'viol.':>5} {'crash':>5}  wins; endings")
    for players in args.players:
        try:
            new_game(bundle, args.seed, players, variants=variants)
        except GameError as err:
            print(f"{players:>7} {'-':>6} not played: {err}")
            continue
        for agents in args.agents:
            s = simulate(bundle, args.games, args.seed, players, agents, variants=variants)
            wins = ", ".join(f"{k} {v:.1%}" for k, v in s["wins"].items())
            ends = ", ".join(f"{k} {v}" for k, v in s["endings"].items())
            print(f"{players:>7} {agents:>6} {s['games_per_second']:>8} {s['rounds'].get('mean', 0):>6}"
                  f" {len(s['violations']):>5} {len(s['crashes']):>5}  {wins}; {ends}")
            for bad in (s["violations"] + s["crashes"])[:3]:
                print(f"{'':>16}seed {bad['seed']}: {bad.get('violation') or bad.get('error')}")


if __name__ == "__main__":
    main()
