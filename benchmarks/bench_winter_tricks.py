"""Winter Tricks bots against each other: win shares with 95% intervals, damage, endings, invariants.

    python benchmarks/bench_winter_tricks.py [--games 1000] [--seed 0] [--players 2 3 4 5]

Compiles content/ in memory, then for each player count plays ``--games`` seeded games (seeds
``--seed`` on, the same for every pairing) with each pairing of agents (``dow simulate --game
winter-tricks --agents``): all random, all heuristic, one heuristic seat (p1) among random ones, and
one random seat (p1) among heuristic ones. It prints a Markdown table with, for seat p1: the share of
games it won (a shared victory counts) with its Wilson 95% interval against the fair share (1 in
players), its mean damage against the other seats' mean; then how the games were decided (least
damage, first tie-break: colony sum, second: relic sum, or a shared victory), the tricks per game
(every game has 3 events; hands shrink when colonies keep many cards), invariant violations, crashes
and games per second on one process. It reports; it asserts nothing about time.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from bench_bots import wilson

from dow.compiler.project import bundle_of, compile_paths
from dow.runtime.games import winter_tricks as wt

ROOT = Path(__file__).resolve().parent.parent
HEADER = ("| players | agents | seat | p1 wins [95%] | fair | damage p1 / others | decided by damage / colony sum "
          "/ relic sum / shared | tricks | violations | crashes | games/s |\n|" + "---|" * 11)
PAIRINGS = [("random", "random"), ("heuristic", "heuristic"), ("heuristic:random", "heuristic"),
            ("random:heuristic", "random")]


def row(bundle: dict, games: int, seed: int, players: int, agents: str, seat: str) -> str:
    """One pairing's Markdown row."""
    start = time.perf_counter()
    s = wt.simulate(bundle, games, seed, players, agents)
    seconds = time.perf_counter() - start
    played = games - s["crashes"]
    if not played:
        return f"| {players} | {agents} | p1 {seat} | - | | | | | | {s['crashes']} | |"
    won = s["wins"]["p1"]
    low, high = wilson(won, played)
    damage = s["average_damage_by_seat"]
    others = sum(d for p, d in damage.items() if p != "p1") / (players - 1)
    ends = s["endings"]
    decided = " / ".join(f"{ends[e] / played:.1%}" for e in wt.ENDINGS)
    return (f"| {players} | {agents} | p1 {seat} | {won / played:.1%} [{low:.1%}, {high:.1%}] | {1 / players:.0%} "
            f"| {damage['p1']:.1f} / {others:.1f} | {decided} | {s['average_tricks']:.1f} "
            f"| {s['invariant_violations']} | {s['crashes']} | {games / seconds:.0f} |")


def positive(text: str) -> int:
    """A whole number of 1 or more (argparse type)."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of 1 or more, not {text!r}")
    return int(text)


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=positive, default=1000, help="games per pairing and player count (default 1000)")
    ap.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    ap.add_argument("--players", type=int, nargs="+", default=list(wt.PLAYERS), choices=list(wt.PLAYERS))
    args = ap.parse_args()
    build = compile_paths([ROOT / "content"], ROOT)
    bundle = bundle_of(build.cards)
    print(f"{args.games} games per row, seeds {args.seed}..{args.seed + args.games - 1}\n")
    print(HEADER)
    for players in args.players:
        for agents, seat in PAIRINGS:
            print(row(bundle, args.games, args.seed, players, agents, seat), flush=True)


if __name__ == "__main__":
    main()
