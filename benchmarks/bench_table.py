"""How the base game's bots play as a table would: what they do with the crisis, medicine and their dice.

    python benchmarks/bench_table.py [--games 300] [--seed 0] [--players 4] [--workers 2] [--agents heuristic bot]
    python benchmarks/bench_table.py --games 100 --agents heuristic heuristic+search   # with the search seat

An agents kind ``K+search`` seats the search bot at p1 and K everywhere else (the search seat: one player
who looks ahead among a table of K); the same seeds played as plain ``K`` are the table without it.

Compiles content/ in memory and plays ``--games`` seeded base games (``dow simulate``'s seeds: the same
seed deals the same game) for each agents kind, every seat of that kind, and reports per kind:

* crises prevented: crises resolved whose points reached what they needed (the ``crisis_result`` log line),
  the mean cards added to a crisis against the mean cards needed, the matching cards still in the loyal
  players' hands when it resolved, and the crises that failed though those cards would have prevented it;
* heals on a wounded survivor: every heal the game carried out (``GameHost.do_heal``), and the share of
  them whose survivor had a wound to remove (a heal on an unwounded survivor is a card spent for nothing);
* dice left unused: the turns a loyal player ended with action dice unused, and among them those where a
  helping action was legal (a barricade, a clean-up of the waste, a search, or an attack on a zombie at the
  colony: the actions that spend a die for the colony without an exposure roll or a move);
* the betrayer exiled (in games with a betrayer) and the betrayer's wins;
* the colony's wins by its main objective, and by main objective played;
* by the kind of card a crisis takes: the crises prevented, the matching cards in the loyal hands when it was
  revealed and the matching cards added to it (what the table had, against what it brought).

It reports; it asserts nothing and measures no time. The counters wrap the engine's own calls in this
process and its forked workers, and read only what every version of the engine has (the log, the state,
the decisions), so the same script measures an older commit run from a copy of it (benchmarks/README.md).
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections import Counter
from pathlib import Path

from dow.compiler.project import bundle_of, compile_paths
from dow.runtime.engine.game import Game
from dow.runtime.engine.host import GameHost
from dow.runtime.engine.sim import _maker, agents_for, new_game, winner_kind
from dow.runtime.replay import Recorder

ROOT = Path(__file__).resolve().parent.parent
HELPING = ("barricade", "clean_waste", "search")
BUNDLE: dict = {}
HEALS: list[bool] = []                              # this process' heals: whether the survivor had a wound
HELD: list[tuple[int, bool]] = []                   # each crisis: matching cards left in loyal hands, and
                                                    # whether they would have prevented it had it failed
KINDS: list[dict] = []                              # each crisis: its kind, the matching cards in loyal hands
                                                    # when it was revealed, the matching cards added, prevented


def counted_heal(original):
    def do_heal(self, survivor, kind, count, src):
        HEALS.append(self.s.survivors[survivor].wounds > 0)
        return original(self, survivor, kind, count, src)
    return do_heal


GameHost.do_heal = counted_heal(GameHost.do_heal)  # type: ignore[method-assign]


def loyal_matching(game) -> int:
    """The cards of the crisis' kind in the hands of the loyal players still playing."""
    s = game.state
    prevent = set(game.host.card_def(s.crisis).get("prevent") or [])
    return sum(1 for p in s.players if not p.betrayer and not p.exiled for c in p.hand
               if game.host.card_def(c).get("item_type") in prevent)


def counted_reveal(original):
    def step_reveal_crisis(self):
        yield from original(self)
        if self.state.crisis is not None:
            kind = "/".join(self.host.card_def(self.state.crisis).get("prevent") or [])
            KINDS.append({"kind": kind, "at_reveal": loyal_matching(self), "added": 0, "prevented": False,
                          "resolved": False})
    return step_reveal_crisis


Game.step_reveal_crisis = counted_reveal(Game.step_reveal_crisis)  # type: ignore[method-assign]


def counted_crisis(original):
    def step_resolve_crisis(self):
        s = self.state
        if s.crisis is not None:
            prevent = set(self.host.card_def(s.crisis).get("prevent") or [])
            held = loyal_matching(self)
            points = sum(1 if self.host.card_def(c).get("item_type") in prevent else -1 for c, _ in s.crisis_added)
            HELD.append((held, points < self.crisis_target() <= points + held))
            if KINDS:
                KINDS[-1].update(added=sum(1 for c, _ in s.crisis_added
                                           if self.host.card_def(c).get("item_type") in prevent),
                                 prevented=points >= self.crisis_target(), resolved=True)
        return (yield from original(self))
    return step_resolve_crisis


Game.step_resolve_crisis = counted_crisis(Game.step_resolve_crisis)  # type: ignore[method-assign]


def helping(game, act: tuple) -> bool:
    """Whether a legal turn action spends a die for the colony without an exposure roll or a move."""
    if act[0] in HELPING:
        return True
    return act[0] == "attack" and act[2] == "zombie" and game.state.survivors[act[1]].location == "colony"


class Watch:
    """The seats' agents, with the turn ends of loyal players counted."""

    def __init__(self, seats: dict, game):
        self.seats, self.game = seats, game
        self.ends = self.idle = self.idle_helping = 0

    def answer(self, d):
        agent = self.seats[d.player]
        value = agent.answer(d)
        if d.prompt == "action" and tuple(value) == ("end",):
            p = self.game.state.player(d.player)
            if not p.betrayer:
                self.ends += 1
                if p.unused:
                    self.idle += 1
                    self.idle_helping += any(helping(self.game, a) for a in d.choices if a[0] != "end")
        return value


def play(job: tuple) -> dict:
    seed, players, kind = job
    HEALS.clear()
    HELD.clear()
    KINDS.clear()
    game = new_game(BUNDLE, seed, players, False)
    table, _, seat = kind.partition("+")
    seats = agents_for(table, seed, players, game=game)
    if seat == "search":                            # the search seat: p1 looks ahead
        seats["p1"] = _maker("search", False)(seed * 1000)
    for agent in seats.values():
        if hasattr(agent, "observe"):
            agent.observe(game)
    watch = Watch(seats, game)
    try:
        result = game.run(Recorder(watch))
    except Exception as exc:                        # counted and reported, never hidden
        return {"seed": seed, "crash": f"{type(exc).__name__}: {exc}"}
    crises = [line["params"] for line in game.log.lines if line["event"] == "crisis_result"]
    betrayers = [p for p in game.state.players if p.betrayer]
    return {"seed": seed, "winner": winner_kind(result), "objective": (result.get("objective") or "").rsplit(".", 1)[-1],
            "crises": len(crises), "prevented": sum(1 for c in crises if c["points"] >= c["needed"]),
            "added": sum(len(c["revealed"]) for c in crises), "needed": sum(c["needed"] for c in crises),
            "held": sum(h for h, _ in HELD), "held_enough": sum(1 for _, e in HELD if e), "heals": len(HEALS), "heals_wounded": sum(HEALS), "ends": watch.ends, "idle": watch.idle,
            "idle_helping": watch.idle_helping, "betrayer": bool(betrayers), "kinds": list(KINDS),
            "exiled": any(p.exiled for p in betrayers)}


def share(k: int, n: int) -> str:
    return f"{k / n:.1%} ({k}/{n})" if n else "-"


def report(kind: str, records: list[dict]) -> list[str]:
    done = [r for r in records if "crash" not in r]
    tot = Counter()
    for r in done:
        tot.update({k: int(v) for k, v in r.items() if k not in ("seed", "winner", "objective", "kinds")})
    n = len(done)
    with_betrayer = [r for r in done if r["betrayer"]]
    wins = Counter(r["winner"] for r in done)
    cells = [kind, str(n), str(len(records) - n),
             share(tot["prevented"], tot["crises"]),
             f"{tot['added'] / max(tot['crises'], 1):.2f} / {tot['needed'] / max(tot['crises'], 1):.2f}; "
             f"{tot['held'] / max(tot['crises'], 1):.2f} matching left in loyal hands; failed though they held "
             f"enough {share(tot['held_enough'], tot['crises'])}",
             share(tot["heals_wounded"], tot["heals"]),
             share(tot["idle_helping"], tot["ends"]) + f"; idle {share(tot['idle'], tot['ends'])}",
             share(sum(1 for r in with_betrayer if r["exiled"]), len(with_betrayer)),
             share(wins["betrayer"], n), share(wins["colony"], n)]
    rows = ["| " + " | ".join(cells) + " |"]
    kinds = [k for r in done for k in r["kinds"] if k["resolved"]]   # not those skipped or left by the game's end
    for kind in sorted({k["kind"] for k in kinds}):
        these = [k for k in kinds if k["kind"] == kind]
        n_k = len(these)
        rows.append(f"|  | crises of {kind} | {n_k} crises | prevented {share(sum(k['prevented'] for k in these), n_k)}; "
                    f"matching cards in loyal hands when revealed {sum(k['at_reveal'] for k in these) / n_k:.2f}, "
                    f"matching cards added {sum(k['added'] for k in these) / n_k:.2f} |")
    for objective in sorted({r["objective"] for r in done}):
        games = [r for r in done if r["objective"] == objective]
        rows.append(f"|  | {objective} | {len(games)} games | colony wins {share(sum(1 for r in games if r['winner'] == 'colony'), len(games))} |")
    return rows


HEADER = ("| agents | games | crashes | crises prevented | cards added / needed per crisis | heals on a wounded "
          "survivor | loyal turn ends with dice unused and a helping action legal | betrayer exiled (games with "
          "one) | betrayer wins | colony wins (main objective) |\n|" + "---|" * 10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--agents", nargs="*", default=["heuristic", "bot"])
    args = ap.parse_args()
    build = compile_paths([ROOT / "content"], ROOT)
    BUNDLE.update(bundle_of(build.cards, build.rulesets))
    print(f"{args.games} base games per agents kind, {args.players} players, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, {args.workers} workers\n")
    print(HEADER)
    ctx = multiprocessing.get_context("fork")
    for kind in args.agents:
        jobs = [(s, args.players, kind) for s in range(args.seed, args.seed + args.games)]
        if args.workers > 1:
            with ctx.Pool(args.workers) as pool:
                records = pool.map(play, jobs, chunksize=8)
        else:
            records = [play(j) for j in jobs]
        print("\n".join(report(kind, records)), flush=True)
        for r in [r for r in records if "crash" in r][:3]:
            print(f"|  | seed {r['seed']}: {r['crash']} |", file=sys.stderr)


if __name__ == "__main__":
    main()
