"""The runtime: interpreter speed against hand-written Python, and whole games per second.

    python benchmarks/bench_runtime.py [--reps 20000] [--games 300] [--bot-games 100] [--wc-games 30]
                                       [--profile [random|bots|colonies]] [--tree-walk]

Every time is CPU time of this process (``time.process_time``), so other work on a shared
machine does not count; the machine's load average is printed with the figures.

1. **Interpreter vs hand-written.** Representative card effects run through the
   interpreter on the reference engine's host, and the same effects written by hand
   in Python against the same host (same host calls, same state changes), in one
   process, interleaved. Reported per effect: microseconds per run each way and the
   ratio. Target: at most 2x, for conditions and effects alike.
2. **Whole games.** 4-player base games with seeded random agents on one core,
   invariant checks off (as an embedding engine would run), then on (as tests and
   ``dow simulate`` run), then with the heuristic bots (``dow simulate``'s default
   agents, invariants on); then 11-player Warring Colonies games the same two ways.
   Reported: games per CPU-second, rounds per game, rounds per CPU-second, decisions per
   second, the agents' share of the time, and games per CPU-second *at full length*:
   the rate of rounds divided by the mean length of the round track the games were
   dealt (most games end early, by morale, so games per second alone flatters the
   engine). Targets: 100 base games and 40 Warring Colonies games per CPU-second at
   full length. ``--profile`` adds a cProfile of the base games with random agents,
   invariants on (top functions by cumulative and by own time); ``--profile bots`` of base games with
   the bots, ``--profile colonies`` of 11-player Warring Colonies games with the bots.

Reports only; asserts nothing about time.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_RATIO, TARGET_GAMES, TARGET_WC_GAMES = 2.0, 100, 40
clock = time.process_time          # CPU time: other processes on the machine do not count


def load_bundle() -> dict:
    from dow.compiler.project import bundle_of, compile_paths
    build = compile_paths([ROOT / "content"], ROOT)
    return bundle_of(build.cards, build.rulesets)


def table(bundle):
    """A scenario table with a survivor at the colony, for the effects to act on."""
    from dow.runtime.engine.scenario import Scenario
    sc = Scenario(bundle, None, {"name": "bench", "do": "noop", "given": {
        "survivors": {"brian-lee": {}, "olivia-brown": {"player": "p2", "at": "school"}},
        "helpless": 1, "food": 50, "dice": {"p1": [4, 4, 4, 4, 4, 4]}}})
    return sc.game


def cards(bundle) -> dict:
    return {c["id"]: c for c in bundle["cards"]}


# ---- the same effects, by hand --------------------------------------------------------------------
def hand_abandoned(host, env):
    """Abandoned, option 1: add 1 helpless survivor and 5 zombies to the colony."""
    host.apply("add_tokens", {"token": "helpless", "place": "colony", "count": 1}, {})
    host.log("add_tokens", {"token": "helpless", "place": "colony", "count": 1}, {})
    host.apply("add_zombies", {"location": "colony", "count": 5}, {})
    host.log("add_zombies", {"location": "colony", "count": 5}, {})


def hand_food3(host, env):
    """Food (3): add 3 food to the supply."""
    host.apply("add_tokens", {"token": "food", "place": "supply:p1", "count": 3}, {})
    host.log("add_tokens", {"token": "food", "place": "supply:p1", "count": 3}, {})


def hand_illness(host, env):
    """Illness: place a wound on each survivor, lose 1 morale."""
    for s in host.things("survivor"):
        host.apply("wound", {"survivor": s, "kind": "wound", "count": 1}, {})
        host.log("wound", {"survivor": s, "kind": "wound", "count": 1}, {})
    host.apply("change_morale", {"player": "p1", "amount": -1}, {})
    host.log("change_morale", {"player": "p1", "amount": -1}, {})


def hand_loretta(host, env):
    """Loretta Clay: once per round, you may spend a die of 4 or more: add 2 food (answer: yes)."""
    key = "base.survivor.loretta-clay@bench:p1"
    if host.apply("use_limit", {"key": key, "per": "round"}, {}):
        cost = {"op": "spend_die", "count": 1, "min": 4}
        if host.can_pay(cost, "p1"):
            host.apply("pay", {"cost": cost, "player": "p1"}, {})
            host.log("pay", {"cost": cost, "player": "p1"}, {})
            host.apply("add_tokens", {"token": "food", "place": "supply:p1", "count": 2}, {})
            host.log("add_tokens", {"token": "food", "place": "supply:p1", "count": 2}, {})


def hand_kill_them(host, env):
    """Kill Them (goal): the number of zombies at all non-colony locations <= 3. Like the effects, it
    asks the host the same questions as the card does (is this location the colony?), rather than
    knowing the colony's id."""
    attr = host.attr
    return sum(host.zombies(l) for l in host.things("location") if not attr(l, "colony")) <= 3


CASES = [
    ("Abandoned, option 1", "base.crossroads.abandoned", lambda c: c["options"][0]["effect"]["tree"], hand_abandoned),
    ("Food (3)", "base.item.food-3", lambda c: c["abilities"][0]["effect"]["tree"], hand_food3),
    ("Illness (crisis)", "base.crisis.illness", lambda c: c["effect"]["tree"], hand_illness),
    ("Loretta Clay (limit, cost)", "base.survivor.loretta-clay", lambda c: c["abilities"][0]["effect"]["tree"],
     hand_loretta),
]


def reset(game):
    s = game.state
    s.locations["colony"].zombies = [0] * s.locations["colony"].entrances
    s.locations["colony"].helpless = 1
    for v in s.survivors.values():
        v.wounds = v.frostbite = 0
    s.morale, s.food = 6, 50
    s.player("p1").unused = [4, 4, 4, 4, 4, 4]
    game.host.limits.clear()
    game.log.lines.clear()


def bench_interpreter(bundle, reps: int) -> list[dict]:
    from dow.runtime.interpreter import Env
    game = table(bundle)
    by_id = cards(bundle)
    rows = []
    for title, cid, tree_of, by_hand in CASES:
        tree = tree_of(by_id[cid])
        interp_times, hand_times = [], []
        for _ in range(7):
            t0 = clock()
            for _ in range(reps):
                reset(game)
                ex = game.interp.execute(tree, Env("p1", cid, {"self": "s:brian-lee"}))
                d = ex.advance()
                while d is not None:
                    d = ex.advance(True if d.kind == "may" else d.choices[0])
            interp_times.append(clock() - t0)
            t0 = clock()
            for _ in range(reps):
                reset(game)
                by_hand(game.host, None)
            hand_times.append(clock() - t0)
        # the reset is part of both loops; measure it alone and take it out of both
        t0 = clock()
        for _ in range(reps):
            reset(game)
        base = clock() - t0
        i, h = statistics.median(interp_times) - base, statistics.median(hand_times) - base
        rows.append({"effect": title, "interpreter_us": round(i / reps * 1e6, 2), "hand_us": round(h / reps * 1e6, 2),
                     "ratio": round(i / h, 2)})
    goal = by_id["base.main-objective.kill-them"]["goals"][0]["if"]["tree"]
    times_i, times_h = [], []
    for _ in range(7):
        t0 = clock()
        for _ in range(reps):
            game.holds(goal, {"player": "p1"})
        times_i.append(clock() - t0)
        t0 = clock()
        for _ in range(reps):
            hand_kill_them(game.host, None)
        times_h.append(clock() - t0)
    i, h = statistics.median(times_i), statistics.median(times_h)
    rows.append({"effect": "Kill Them goal (condition)", "interpreter_us": round(i / reps * 1e6, 2),
                 "hand_us": round(h / reps * 1e6, 2), "ratio": round(i / h, 2)})
    return rows


class TimedAgent:
    """An agent whose answers' CPU time is added up, to tell the engine's time from the agents'."""

    def __init__(self, agent, spent: list[float]):
        self.agent, self.spent = agent, spent

    def answer(self, decision):
        t0 = clock()
        try:
            return self.agent.answer(decision)
        finally:
            self.spent[0] += clock() - t0


def bench_games(bundle, games: int, check: bool, players: int = 4, variants: tuple[str, ...] = (),
                agents: str = "random") -> dict:
    """Play ``games`` seeded games; the CPU time, the agents' part of it and the rounds played and dealt."""
    from dow.runtime.decisions import RandomAgent
    from dow.runtime.engine.sim import agents_for, new_game
    rounds = track = decisions = 0
    spent = [0.0]
    t0 = clock()
    for seed in range(games):
        g = new_game(bundle, seed, players, check, variants=variants)
        track += g.state.round                   # the round track dealt: the game's full length
        if agents == "random":                   # Game.run's own seeded random agents
            seats = {p.id: RandomAgent(seed * 31 + i) for i, p in enumerate(g.state.players)}
        else:
            seats = agents_for(agents, seed, players, colonies="warring-colonies" in variants, game=g)
            for agent in seats.values():
                if hasattr(agent, "observe"):
                    agent.observe(g)
        result = g.run({k: TimedAgent(a, spent) for k, a in seats.items()})
        rounds += result["rounds"]
        decisions += len(g.decisions)
    elapsed = clock() - t0
    return {"games": games, "check": check, "agents": agents, "seconds": round(elapsed, 2),
            "games_per_second": round(games / elapsed, 1), "rounds_per_game": round(rounds / games, 2),
            "track": round(track / games, 2), "rounds_per_second": round(rounds / elapsed, 1),
            "full_length_per_second": round(rounds / elapsed / (track / games), 1),
            "agents_share": round(spent[0] / elapsed, 3), "decisions_per_second": round(decisions / elapsed)}


def show(label: str, g: dict, target: int) -> None:
    """One row of whole games."""
    print(f"   {label:<34} {g['games_per_second']:>6} games/s  {g['rounds_per_game']:>5} of {g['track']} rounds  "
          f"{g['rounds_per_second']:>7} rounds/s  at full length {g['full_length_per_second']:>6} games/s "
          f"(target {target})  {g['decisions_per_second']:>6} decisions/s  agents {g['agents_share']:.0%}  "
          f"[{g['seconds']} s, {g['games']} games]")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=20000)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--bot-games", type=int, default=100)
    ap.add_argument("--wc-games", type=int, default=30)
    ap.add_argument("--profile", nargs="?", const="random", choices=("random", "bots", "colonies"),
                    help="a cProfile of 100 base games with random agents (the default), 100 with the bots, or 20 "
                         "Warring Colonies games of 11 players with the bots; invariants on")
    ap.add_argument("--tree-walk", action="store_true",
                    help="evaluate conditions by walking their trees, as before they were compiled (for comparison)")
    args = ap.parse_args()
    if args.tree_walk:
        from dow.runtime.interpreter import Interpreter
        Interpreter.cond = Interpreter.cond_node          # every condition node walks its tree again
        print("conditions: the tree walk (--tree-walk)")
    print(f"python {platform.python_version()} on {platform.machine()}, {platform.system()}; "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    bundle = load_bundle()
    print("\n1. interpreter vs hand-written, CPU time (median of 7 runs of", args.reps, "each)")
    rows = bench_interpreter(bundle, args.reps)
    for r in rows:
        flag = "" if r["ratio"] <= TARGET_RATIO else f"  (over the {TARGET_RATIO}x target)"
        print(f"   {r['effect']:<30} interpreter {r['interpreter_us']:>7} µs   by hand {r['hand_us']:>7} µs   "
              f"ratio {r['ratio']}x{flag}")
    print(f"   worst ratio {max(r['ratio'] for r in rows)}x (target {TARGET_RATIO}x)")
    print("\n2. whole games, one core (CPU time); full length = rounds/s divided by the round track dealt")
    show("base 4p, random, invariants off", bench_games(bundle, args.games, False), TARGET_GAMES)
    show("base 4p, random, invariants on", bench_games(bundle, args.games, True), TARGET_GAMES)
    show("base 4p, bots, invariants on", bench_games(bundle, args.bot_games, True, agents="bot"), TARGET_GAMES)
    wc = ("warring-colonies",)
    show("Warring Colonies 11p, random, on", bench_games(bundle, args.wc_games, True, 11, wc), TARGET_WC_GAMES)
    show("Warring Colonies 11p, bots, on", bench_games(bundle, args.wc_games, True, 11, wc, "bot"), TARGET_WC_GAMES)
    print(f"\nload average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        if args.profile == "bots":
            bench_games(bundle, min(args.bot_games, 100), True, agents="bot")
        elif args.profile == "colonies":
            bench_games(bundle, min(args.wc_games, 20), True, 11, wc, "bot")
        else:
            bench_games(bundle, min(args.games, 100), True)
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(30)
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
