"""How much the search bot's choices are worth, decision by decision, and what each budget buys.

    python benchmarks/bench_search.py [--games 40] [--seed 0] [--share 0.15] [--worlds 48] [--out FILE]
                                      [--from FILE] [--repeats 60]

Playing whole games tells whether the search bot wins more often, but a few points of win rate need a
thousand paired games to show. This benchmark looks at the decisions themselves. It plays ``--games``
seeded base games (4 players) with heuristic bots, and at a share (``--share``) of the loyal players'
turn actions where the heuristic sees two actions or more worth taking it scores the heuristic's four best
actions and ending the turn in ``--worlds`` determinized copies of the game each (every candidate in the
same worlds, each playout to the end of the round and scored by the value of the position, as the search
bot scores it). The games go on with the heuristic's own choice, so the decisions are those the heuristic
bot meets.

Then it replays the search's rule on those numbers for several budgets: candidates (the heuristic's best 2,
3 or 4, and ending the turn), playouts per batch, the most per candidate and the margin. Each budget
chooses on half of the worlds and the choice is scored on the other half (held out, so a lucky world does
not count for it), ``--repeats`` times with the worlds shuffled. It prints, for each budget, the mean gain
over the heuristic's own choice in the value's units (a share of the colony's chance to win) with a 95%
interval over the decisions, and the playouts it spends per decision. The search bot's defaults
(runtime/engine/bots/search.py) are the row marked ``*``.

``--out`` keeps the scored decisions (JSON Lines, each written as it is scored) and ``--from`` reads them again
instead of playing.
It reports; it asserts nothing about time.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

from dow.compiler.project import bundle_of, compile_paths
from dow.runtime.engine.bots import search as searching
from dow.runtime.engine.bots.base import HeuristicBot
from dow.runtime.engine.bots.search import SearchBot, forked
from dow.runtime.engine.common import ACTION
from dow.runtime.engine.sim import new_game

ROOT = Path(__file__).resolve().parent.parent
CANDIDATES = 4                       # the heuristic's best actions scored, ending the turn besides


class Recorder(SearchBot):
    """A loyal seat that plays as the heuristic bot and, at a share of its turn actions, scores the candidates."""

    def __init__(self, seed: int, worlds: int, share: float, found: list[dict], out: Any = None):
        super().__init__(seed)
        self.worlds, self.share, self.found, self.out = worlds, share, found, out

    def action(self, d: Any) -> tuple:
        if not self.view.betrayer:
            context = self.context()
            context["moves"] = {a: self.move_value(a, context) for a in d.choices if a[0] == "move"}
            context["best_move"] = max(context["moves"].values(), default=-1)
            scored = sorted(((self.score(a, context), a) for a in d.choices if a[0] != "end"), key=lambda x: -x[0])
            good = [a for sc, a in scored if sc > 0][:CANDIDATES]
            if len(good) >= 2 and self.search_rng.random() < self.share:
                cands = good + [("end",)]
                seeds = [self.search_rng.randrange(1 << 30) for _ in range(self.worlds)]
                values = [[self.world(a, seed) for seed in seeds] for a in cands]
                self.found.append({"seed": self.game.seed, "round": self.game.state.rounds_played,
                                   "candidates": [[str(x) for x in a] for a in cands], "values": values})
                if self.out is not None:                # kept as it comes: a stopped run loses nothing scored
                    self.out.write(json.dumps(self.found[-1]) + "\n")
                    self.out.flush()
        return HeuristicBot.action(self, d)

    def world(self, act: tuple, seed: int) -> float:
        score = forked(lambda: self.played_out(self.game, act, seed))
        return 0.0 if score is None else score


Recorder.HANDLERS = {**HeuristicBot.HANDLERS, ACTION: Recorder.action}


def record(bundle: dict, games: int, seed: int, worlds: int, share: float, out: Any = None) -> list[dict]:
    """The scored decisions of ``games`` heuristic games (each also written to ``out`` as it is scored)."""
    found: list[dict] = []
    for s in range(seed, seed + games):
        game = new_game(bundle, s, 4, check=False)
        seats = {p.id: (HeuristicBot(s * 1000 + i) if p.betrayer else Recorder(s * 1000 + i, worlds, share, found, out))
                 for i, p in enumerate(game.state.players)}
        for bot in seats.values():
            bot.observe(game)
        decision = game.advance()
        while decision is not None:
            decision = game.advance(seats[decision.player].answer(decision))
        print(f"  seed {s}: {len(found)} decisions scored so far", file=sys.stderr, flush=True)
    return found


def race(values: list[list[float]], worlds: list[int], racing: list[int], budget: dict) -> tuple[int, int]:
    """The search bot's rule (SearchBot.best_of) on scored worlds: the candidate chosen and the playouts spent."""
    batch, most, margin, z, early = budget["batch"], budget["playouts"], budget["margin"], budget["z"], budget["early"]
    racing = [i for i in racing if i]
    n = spent = 0
    ahead: dict[int, tuple[float, float]] = {}
    while racing and n < most:
        step = min(batch, most - n)
        n += step
        spent += step * (1 + len(racing))
        used = worlds[:n]
        ahead = {i: searching.paired([values[i][w] for w in used], [values[0][w] for w in used]) for i in racing}
        racing = [i for i in racing if ahead[i][0] + z * ahead[i][1] >= margin]
        if racing:
            best = max(racing, key=lambda i: (ahead[i][0], -i))
            if n >= early and ahead[best][0] - z * ahead[best][1] > margin:
                return best, spent
    if not racing:
        return 0, spent
    best = max(racing, key=lambda i: (ahead[i][0], -i))
    return (best if ahead[best][0] > margin else 0), spent


def assess(decisions: list[dict], budget: dict, repeats: int, rng: random.Random) -> tuple[float, float, float]:
    """A budget's mean held-out gain over the heuristic's choice, the half-width of its 95% interval (over the
    decisions), and its mean playouts per decision."""
    gains, spent = [], []
    for d in decisions:
        values = d["values"]
        k = len(values[0])
        half = k // 2
        last = len(values) - 1
        racing = list(range(min(budget["width"] - 1, last))) + [last]
        mine = []
        for _ in range(repeats):
            order = rng.sample(range(k), k)
            pick, used = race(values, order[:half], racing, budget)
            held = order[half:]
            mine.append(sum(values[pick][w] - values[0][w] for w in held) / len(held))
            spent.append(used)
        gains.append(sum(mine) / len(mine))
    n = len(gains)
    mean = sum(gains) / n
    sd = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n), sum(spent) / len(spent)


def budgets() -> list[dict]:
    """The budgets compared: the earlier default, fixed playouts, and races of several sizes."""
    out = [{"width": 3, "batch": 4, "playouts": 4, "margin": 0.03, "z": 0.0, "early": 99,
            "note": "4 each, margin 0.03"}]
    for width in (3, 4, 5):
        for batch, most in ((2, 8), (2, 16), (4, 16)):
            for margin in (0.005, 0.01):
                out.append({"width": width, "batch": batch, "playouts": most, "margin": margin, "z": 2.0,
                            "early": 4, "note": ""})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--share", type=float, default=0.15, help="the share of eligible decisions scored")
    ap.add_argument("--worlds", type=int, default=48, help="determinized copies per candidate (even)")
    ap.add_argument("--repeats", type=int, default=60, help="shuffles of the worlds per decision and budget")
    ap.add_argument("--out", type=Path, default=None, help="also write the scored decisions here (JSON Lines)")
    ap.add_argument("--from", dest="source", type=Path, default=None, help="read scored decisions instead of playing")
    args = ap.parse_args()
    most = max(b["playouts"] for b in budgets())
    if args.worlds < 2 * most:                          # each budget chooses on half the worlds
        raise SystemExit(f"--worlds must be at least {2 * most}: each budget chooses on half of them, "
                         f"up to {most} playouts a candidate")
    start = time.process_time()
    if args.source:
        decisions = [json.loads(line) for line in args.source.read_text(encoding="utf-8").splitlines() if line]
        print(f"{len(decisions)} scored decisions read from {args.source}")
    else:
        build = compile_paths([ROOT / "content"], ROOT)
        with open(args.out, "w", encoding="utf-8") if args.out else contextlib.nullcontext() as out:
            decisions = record(bundle_of(build.cards, build.rulesets), args.games, args.seed, args.worlds, args.share,
                               out)
        print(f"{len(decisions)} decisions scored in {args.games} games (seeds {args.seed}.."
              f"{args.seed + args.games - 1}), {args.worlds} worlds per candidate, "
              f"{time.process_time() - start:.0f} s CPU in this process (the playouts' own in their forks)")
    if not decisions:
        raise SystemExit("no decision was scored: play more games or a larger --share")
    rng = random.Random(args.seed)
    defaults = {"width": searching.WIDTH, "batch": searching.BATCH, "playouts": searching.PLAYOUTS,
                "margin": searching.MARGIN, "z": searching.Z, "early": searching.EARLY}
    print("\n| candidates | batch | most each | margin | held-out gain, 95% interval | playouts per decision |")
    print("|---|---|---|---|---|---|")
    for b in budgets():
        mean, half, spent = assess(decisions, b, args.repeats, rng)
        mark = " *" if all(b[k] == v for k, v in defaults.items()) else (f" ({b['note']})" if b["note"] else "")
        print(f"| best {b['width'] - 1} + end{mark} | {b['batch']} | {b['playouts']} | {b['margin']} "
              f"| {mean:+.5f} [{mean - half:+.5f}, {mean + half:+.5f}] | {spent:.1f} |", flush=True)


if __name__ == "__main__":
    main()
