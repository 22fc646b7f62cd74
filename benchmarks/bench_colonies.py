"""Warring Colonies played by bots at every player count: games per second, outcomes, invariant checks.

    python benchmarks/bench_colonies.py [--games 1000] [--seed 0] [--players 4 5 ... 11] [--agents bot random]
                                        [--variant quick] [--variant random-items]
    python benchmarks/bench_colonies.py --morale [--games 200] [--players 4] [--agents heuristic random]

Compiles content/ in memory, then for each player count (and agent kind) plays ``--games`` seeded games
of ``dow simulate --variant warring-colonies`` (invariants checked after every step) and prints one line
each: games per second, who wins, how games end, mean length, invariant violations and crashes (with the
first few seeds that broke, to replay with ``dow play --variant warring-colonies --seed S``). The player
counts the engine refuses are reported as such. It reports; it asserts nothing about time.

``--morale`` asks where the colonies' morale goes instead: it plays the games one by one (invariants not
checked) and counts, per game, the morale both colonies lost and gained in each step of the round (the
player turns' exposure, kills and crossroads are all ``pair_turns``), with the morale they started at and
the mean length, for any agents spec of ``dow simulate`` (``heuristic``, ``heuristic:random`` …).
"""
from __future__ import annotations

import argparse
from pathlib import Path

from dow.compiler.project import bundle_of, compile_paths
from dow.runtime.engine.game import GameError
from dow.runtime.engine.sim import agents_for, new_game, simulate

ROOT = Path(__file__).resolve().parent.parent


def morale_by_step(bundle: dict, games: int, seed: int, players: int, agents: str, variants: list[str]) -> str:
    """Morale both colonies lost and gained per game in each step of the round (see the module's docstring)."""
    from collections import Counter

    from dow.runtime.engine.colonies import ColoniesGame
    lost: Counter = Counter()
    gained: Counter = Counter()
    rounds = start = 0
    plain = ColoniesGame.after_step

    def counted(self, step):                          # the engine calls after_step after every step of a round
        before = self.__dict__.setdefault("_morale_seen", dict(self.state.colony_morale))
        for team, now in self.state.colony_morale.items():
            change = now - before.get(team, now)
            (lost if change < 0 else gained)[step] += abs(change)
        self._morale_seen = dict(self.state.colony_morale)
        return plain(self, step)
    ColoniesGame.after_step = counted
    try:
        for game_seed in range(seed, seed + games):
            game = new_game(bundle, game_seed, players, check=False, variants=variants)
            game._morale_seen = dict(game.state.colony_morale)
            start += sum(game.state.colony_morale.values())
            seats = agents_for(agents, game_seed, players, colonies=True, game=game)
            for agent in seats.values():
                if hasattr(agent, "observe"):
                    agent.observe(game)
            decision = game.advance()
            while decision is not None:
                decision = game.advance(seats[decision.player].answer(decision))
            rounds += game.state.rounds_played
    finally:
        ColoniesGame.after_step = plain
    per = lambda c: ", ".join(f"{k} {v / games:.2f}" for k, v in c.most_common())   # noqa: E731
    return (f"{players} players, {agents}, {games} games: both colonies start at {start / games:.2f} morale together; "
            f"{rounds / games:.2f} rounds a game\n  lost per game: {per(lost)}\n  gained per game: {per(gained)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, nargs="+", default=list(range(4, 12)))
    ap.add_argument("--agents", nargs="+", default=["bot"],
                    help="bot or random (any agents spec of dow simulate with --morale)")
    ap.add_argument("--variant", action="append", default=[], choices=("quick", "random-items"))
    ap.add_argument("--morale", action="store_true", help="where the colonies' morale goes, step by step")
    args = ap.parse_args()
    build = compile_paths([ROOT / "content"], ROOT)
    bundle = bundle_of(build.cards, build.rulesets)
    variants = ["warring-colonies", *args.variant]
    if args.morale:
        for players in args.players:
            for agents in args.agents:
                print(morale_by_step(bundle, args.games, args.seed, players, agents, variants), flush=True)
        return
    bad = [a for a in args.agents if a not in ("bot", "random")]
    if bad:
        raise SystemExit(f"--agents takes bot or random here (any agents spec with --morale), not {bad[0]!r}")
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
