"""CPU seconds one whole game takes with each agent kind: which bot can be every command's default.

    python benchmarks/bench_agents_time.py [--games 30] [--search-games 3] [--seed 0]

Plays the same seeded games with each kind in turn (seed by seed: A B A B …, so drift in the shared
machine's speed falls on every kind alike) and prints each kind's mean, median, 90th percentile and
largest CPU time per game (``time.process_time``: this process' own user + system time, one core): the
base game at 4 players (random, bot, heuristic, and search on ``--search-games`` games), Warring Colonies at
4 and 11 players (bot and heuristic), and Winter Tricks at 4 players (random and heuristic). A command's
default agent is the best bot whose games take under a second (docs/runtime.md, "The default agent").
It reports; it asserts nothing.
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from dow.compiler.project import bundle_of, compile_paths
from dow.runtime.engine.sim import play_game
from dow.runtime.games import winter_tricks

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--search-games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    build = compile_paths([ROOT / "content"], ROOT)
    bundle = bundle_of(build.cards, build.rulesets)
    plans = [("base, 4 players", lambda s, k: play_game(bundle, s, 4, k, check=False),
              ["random", "bot", "heuristic"], args.games),
             ("base, 4 players", lambda s, k: play_game(bundle, s, 4, k, check=False), ["search"], args.search_games),
             ("Warring Colonies, 4 players", lambda s, k: play_game(bundle, s, 4, k, check=False,
                                                                    variants=("warring-colonies",)),
              ["bot", "heuristic"], args.games),
             ("Warring Colonies, 11 players", lambda s, k: play_game(bundle, s, 11, k, check=False,
                                                                     variants=("warring-colonies",)),
              ["bot", "heuristic"], args.games),
             ("Winter Tricks, 4 players", lambda s, k: winter_tricks.simulate(bundle, 1, s, 4, k),
              ["random", "heuristic"], args.games)]
    print("| game | agents | games | mean | median | 90th percentile | largest |\n|---|---|---|---|---|---|---|")
    for game, play, kinds, games in plans:
        times: dict[str, list[float]] = {k: [] for k in kinds}
        for seed in range(args.seed, args.seed + games):
            for kind in kinds:
                start = time.process_time()
                play(seed, kind)
                times[kind].append(time.process_time() - start)
        for kind in kinds:
            t = sorted(times[kind])
            print(f"| {game} | {kind} | {games} | {statistics.mean(t):.3f} s | {statistics.median(t):.3f} s | "
                  f"{t[int(0.9 * (len(t) - 1))]:.3f} s | {t[-1]:.3f} s |", flush=True)


if __name__ == "__main__":
    main()
