"""The bots measured against each other: win rates with 95% intervals, game length, endings, invariants.

    python benchmarks/bench_bots.py [--games 1000] [--search-games 100] [--seed 0] [--workers 2] [--players 4]
                                    [--search-players 4]
                                    [--agents random bot heuristic search:heuristic heuristic:random ...]
                                    [--colonies-players 4] [--colonies-agents ...] [--quick-players 4 ...]
                                    [--winter-tricks-players 2 3 4 5] [--json FILE] [--checkpoint DIR]
                                    [--stand-in KEY=VALUE] [--crises-prevented] [--by-objective]

Compiles content/ in memory, then plays ``--games`` seeded games (``dow simulate``, invariants checked
after every step) for each agents spec at each player count: the base game with ``--agents`` (one kind
for every seat, or loyal:betrayer), then Warring Colonies with ``--colonies-agents`` (colony a:colony b),
its quick game at ``--quick-players``, and last Winter Tricks at ``--winter-tricks-players`` (the pairings and
table of bench_winter_tricks.py, played on one process).
For each it prints a Markdown row: the share of games each side won with its Wilson 95% interval, the
endings, the mean length and how many games reached the last round of the track, invariant violations
and crashes (the first seeds that broke are listed, to replay with ``dow play --seed S``). A pairing with a
search seat plays ``--search-games`` games (the first seeds of the same range): each of its decisions
plays dozens of games forward, so it costs far more than a heuristic game. It reports;
it asserts nothing about time. ``--checkpoint DIR`` keeps every game's record as it comes, so a long run
stopped halfway goes on where it stopped when run again (games/s then counts the games played in that run).
``--by-objective`` adds a table of each base pairing cut by the main objective played. Two experiments, in
memory only: ``--stand-in morale=7`` plays with another base stand-in value, ``--crises-prevented`` with every
base crisis prevented.
"""
from __future__ import annotations

import argparse
import functools
import hashlib
import json
import math
import sys
from collections import Counter
from pathlib import Path

from dow.compiler.project import bundle_of, compile_paths
from dow.runtime.engine.game import GameError
from dow.runtime.engine.sim import new_game, simulate
from dow.runtime.engine.workers import Progress, processes, serial, worker_count

ROOT = Path(__file__).resolve().parent.parent
BASE_AGENTS = ["random", "bot", "heuristic", "search:heuristic", "heuristic:random", "random:heuristic"]
COLONY_AGENTS = ["random", "bot", "heuristic", "heuristic:random", "random:heuristic", "heuristic:bot"]


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of k successes in n trials (95% with z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k / n:.1%} [{low:.1%}, {high:.1%}]" if n else "-"


@functools.cache
def code_digest() -> str:
    """A digest of the runtime's source (the rules and the bots) as this run started: records kept by another
    version are not reused."""
    h = hashlib.sha256()
    for path in sorted((ROOT / "runtime").rglob("*.py")):
        h.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def kept(checkpoint: Path | None, bundle: dict, players: int, agents: str, variants: list[str], workers: int):
    """A runner that keeps every game's record in ``checkpoint`` (one JSON line each) as it comes, and on the
    next run with the same code, content and pairing gives the kept records back and plays only the seeds
    still missing: a long run stopped halfway goes on where it stopped, with the same results (a game's
    record depends only on its seed). None: no checkpoint, every game played."""
    if checkpoint is None:
        return None, {}
    checkpoint.mkdir(parents=True, exist_ok=True)
    key = json.dumps({"code": code_digest(), "bundle": hashlib.sha256(json.dumps(bundle, sort_keys=True).encode())
                      .hexdigest()[:16], "players": players, "agents": agents, "variants": variants}, sort_keys=True)
    path = checkpoint / (hashlib.sha256(key.encode()).hexdigest()[:20] + ".jsonl")
    old: dict[int, dict] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:                   # a line cut short when the run was stopped
                continue
            old[record["seed"]] = record
    inner = processes(workers) if workers > 1 else serial
    stats = {"kept": 0}

    def runner(bundle: dict, seeds, options: dict):
        missing = [s for s in seeds if s not in old]
        for s in seeds:
            if s in old:
                stats["kept"] += 1
                yield old[s]
        if missing:
            with path.open("a", encoding="utf-8") as out:
                for record in inner(bundle, missing, options):
                    out.write(json.dumps(record) + "\n")
                    out.flush()
                    yield record
    return runner, stats


def run(bundle: dict, games: int, seed: int, players: int, agents: str, variants: list[str], workers: int,
        show: bool, checkpoint: Path | None = None) -> dict:
    """One pairing: the summary and every game's record (with a checkpoint, the games/s of the games played
    in this run only)."""
    records: list[dict] = []
    runner, stats = kept(checkpoint, bundle, players, agents, variants, workers)
    summary = simulate(bundle, games, seed, players, agents, Progress(sys.stderr) if show else None,
                       variants=variants, workers=workers, on_game=records.append, runner=runner)
    summary["records"] = sorted(records, key=lambda r: r["seed"])
    if stats.get("kept"):
        played = games - stats["kept"]
        summary["kept"] = stats["kept"]
        summary["games_per_second"] = round(played / summary["seconds"], 1) if played and summary["seconds"] else None
    return summary


def fallen(record: dict) -> str:
    """Warring Colonies: which colony ended at 0 morale (a, b, both, none)."""
    down = [t for t in ("a", "b") if record["morale"].get(t, 1) <= 0]
    return {1: down[0] if down else "", 2: "both"}.get(len(down), "none")


def row(game: str, players: int, agents: str, s: dict, track: int) -> str:
    """A Markdown row of one pairing."""
    done = [r for r in s["records"] if "crash" not in r]
    n = len(done)
    wins = Counter(r["winner"] for r in done)
    if any(r.get("lone_wolf") for r in done):
        wins["lone wolf"] = sum(1 for r in done if r.get("lone_wolf"))
    endings = Counter(r["ending"] for r in done)
    fell = Counter(fallen(r) for r in done if isinstance(r.get("morale"), dict))
    tracks = [r.get("track") or track for r in done]          # the objective's round track, game by game
    full = sum(1 for r, t in zip(done, tracks) if r["rounds"] >= t)
    mean = sum(r["rounds"] for r in done) / n if n else 0
    track_mean = sum(tracks) / n if n else track
    cells = [game, str(players), agents, str(n),
             "; ".join(f"{k} {rate(v, n)}" for k, v in sorted(wins.items())),
             ", ".join(f"{k} {v / n:.0%}" for k, v in sorted(endings.items()))
             + ("; at 0 morale: " + ", ".join(f"{k} {rate(v, n)}" for k, v in sorted(fell.items())) if fell else ""),
             f"{mean:.2f} / {track_mean:.2f}", f"{full / n:.0%}" if n else "-",
             str(len(s["violations"])), str(len(s["crashes"])),
             "-" if s["games_per_second"] is None else str(s["games_per_second"])]
    return "| " + " | ".join(cells) + " |"


def paired(searched: list[dict], plain: list[dict]) -> dict:
    """The colony's results seed by seed with and without the search: how many seeds each alone won, and the
    two-sided sign test's p-value on the seeds where they differ (exact binomial, one half each way)."""
    other = {r["seed"]: r for r in plain if "crash" not in r}
    pairs = [(r["winner"] == "colony", other[r["seed"]]["winner"] == "colony")
             for r in searched if "crash" not in r and r["seed"] in other]
    a = sum(1 for x, y in pairs if x and not y)
    b = sum(1 for x, y in pairs if y and not x)
    n = a + b
    tail = sum(math.comb(n, k) for k in range(0, min(a, b) + 1)) / 2 ** n if n else 1.0
    return {"n": len(pairs), "search_only": a, "heuristic_only": b, "both": sum(1 for x, y in pairs if x and y),
            "neither": sum(1 for x, y in pairs if not x and not y), "p": min(1.0, 2 * tail)}


def pvalue(p: float) -> str:
    """A p-value to three decimals, or its two first digits when it is smaller than 0.001 (not "0.000")."""
    return f"{p:.3f}" if p >= 0.001 else f"{p:.1e}"


def by_objective(players: int, agents: str, s: dict) -> list[str]:
    """Markdown rows of one base pairing cut by the main objective played: the colony's wins with their
    interval, the endings and the mean length, so an objective the bots cannot play (or win at once) shows."""
    done = [r for r in s["records"] if "crash" not in r and r.get("objective")]
    rows = []
    for objective in sorted({r["objective"] for r in done}):
        games = [r for r in done if r["objective"] == objective]
        n = len(games)
        endings = Counter(r["ending"] for r in games)
        cells = [str(players), agents, objective.rsplit(".", 1)[-1], str(n),
                 rate(sum(1 for r in games if r["winner"] == "colony"), n),
                 ", ".join(f"{k} {v / n:.0%}" for k, v in sorted(endings.items())),
                 f"{sum(r['rounds'] for r in games) / n:.2f} / {sum(r.get('track') or 0 for r in games) / n:.2f}"]
        rows.append("| " + " | ".join(cells) + " |")
    return rows


OBJECTIVE_HEADER = ("| players | agents | main objective | games | colony wins, 95% interval | endings | "
                    "mean rounds / track |\n|" + "---|" * 7)


HEADER = ("| game | players | agents | games | wins, 95% interval | endings | mean rounds / track | "
          "reached the last round | violations | crashes | games/s |\n|" + "---|" * 11)


def try_stand_ins(bundle: dict, pairs: list[str]) -> str:
    """Change base stand-ins in the bundle in memory (an experiment: the ruleset file is not touched)."""
    stand = bundle["rulesets"]["base"]["stand_ins"]
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key not in stand or not value.isdigit():
            raise SystemExit(f"--stand-in takes KEY=NUMBER with KEY one of {', '.join(sorted(stand))}, not {pair!r}")
        stand[key] = int(value)
    return ", ".join(pairs)


def prevent_every_crisis() -> None:
    """The experiment of --crises-prevented: the base game's Resolve Crisis step clears the crisis and its cards
    without effect (worker processes are forked, so they play it too; Warring Colonies keeps its own step)."""
    from dow.runtime.engine.game import Game

    def prevented(self):
        s = self.state
        s.removed.extend(c for c, _ in s.crisis_added)
        s.crisis_added.clear()
        if s.crisis:
            s.removed.append(s.crisis)
            s.crisis = None
        return
        yield
    Game.step_resolve_crisis = prevented


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--search-games", type=int, default=100,
                    help="games for a pairing with a search seat (its games cost far more)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", default="1", help="processes: a number, or 0 or auto for every core")
    ap.add_argument("--players", type=int, nargs="*", default=[4])
    ap.add_argument("--search-players", type=int, nargs="*", default=None,
                    help="play the base pairings with a search seat only at these player counts (default: every "
                         "count of --players)")
    ap.add_argument("--agents", nargs="*", default=BASE_AGENTS)
    ap.add_argument("--colonies-players", type=int, nargs="*", default=[4])
    ap.add_argument("--colonies-agents", nargs="*", default=COLONY_AGENTS)
    ap.add_argument("--quick-players", type=int, nargs="*", default=[],
                    help="Warring Colonies' quick game at these player counts, with --colonies-agents")
    ap.add_argument("--winter-tricks-players", type=int, nargs="*", default=[],
                    help="then Winter Tricks at these player counts (bench_winter_tricks.py's pairings and table)")
    ap.add_argument("--json", type=Path, default=None, help="also write every summary (without records) here")
    ap.add_argument("--progress", action="store_true", help="a progress bar on stderr")
    ap.add_argument("--checkpoint", type=Path, default=None, metavar="DIR",
                    help="keep every game's record in DIR as it comes; run again with the same DIR to go on "
                         "where a stopped run stopped (the same code and content only)")
    ap.add_argument("--by-objective", action="store_true",
                    help="then a table of each base pairing cut by the main objective played")
    ap.add_argument("--stand-in", action="append", default=[], metavar="KEY=VALUE",
                    help="try another value of a base stand-in (content/base/ruleset.yaml stand_ins), "
                         "in memory only: morale=7, rounds=7 …")
    ap.add_argument("--crises-prevented", action="store_true",
                    help="an experiment: every base crisis counts as prevented (what the crises cost the colony)")
    args = ap.parse_args()
    code_digest()                    # the source as it is now, whatever changes while the run goes on
    if args.crises_prevented:
        prevent_every_crisis()
    workers = worker_count(args.workers)
    build = compile_paths([ROOT / "content"], ROOT)
    bundle = bundle_of(build.cards, build.rulesets)
    tried = try_stand_ins(bundle, args.stand_in)
    print(f"{args.games} games per pairing, seeds {args.seed}..{args.seed + args.games - 1}, {workers} workers"
          + (f"; stand-ins tried: {tried}" if tried else "") + "\n")
    print(HEADER)
    out = []
    cut: list[str] = []
    searching = set(args.players if args.search_players is None else args.search_players)
    plan = [("base", [], p, a) for p in args.players for a in args.agents
            if p in searching or "search" not in a.split(":")] + \
           [("warring-colonies", ["warring-colonies"], p, a) for p in args.colonies_players
            for a in args.colonies_agents] + \
           [("warring-colonies quick", ["warring-colonies", "quick"], p, a) for p in args.quick_players
            for a in args.colonies_agents]
    for game, variants, players, agents in plan:
        try:
            probe = new_game(bundle, args.seed, players, variants=variants)
        except GameError as err:
            print(f"| {game} | {players} | {agents} | not played: {err} |")
            continue
        track = probe.state.round
        games = min(args.games, args.search_games) if "search" in agents.split(":") and not variants else args.games
        s = run(bundle, games, args.seed, players, agents, variants, workers, args.progress, args.checkpoint)
        print(row(game, players, agents, s, track), flush=True)
        cut += by_objective(players, agents, s) if not variants else []
        for bad in (s["violations"] + s["crashes"])[:3]:
            print(f"|  |  | seed {bad['seed']}: {bad.get('violation') or bad.get('error')} |")
        out.append({k: v for k, v in s.items() if k != "records"} | {"game": game, "track": track})
        if "search" in agents.split(":") and not variants:   # the same seeds without the search: like with like
            plain = ":".join("heuristic" if k == "search" else k for k in agents.split(":"))
            searched = s
            s = run(bundle, games, args.seed, players, plain, variants, workers, args.progress, args.checkpoint)
            print(row(game, players, f"{plain} (the same {games} seeds)", s, track), flush=True)
            cut += by_objective(players, f"{plain} (the same seeds)", s)
            pair = paired(searched["records"], s["records"])
            print(f"|  |  | paired on {pair['n']} seeds: the colony won with the search only {pair['search_only']}, "
                  f"with the heuristic only {pair['heuristic_only']}, with both {pair['both']}, with neither "
                  f"{pair['neither']}; sign test p = {pvalue(pair['p'])} |", flush=True)
            out.append({k: v for k, v in s.items() if k != "records"} | {"game": game, "track": track,
                                                                          "paired": pair})
    if args.by_objective and cut:
        print("\n" + OBJECTIVE_HEADER)
        print("\n".join(cut))
    if args.winter_tricks_players:                    # the second game of the seeds, with its own table
        import bench_winter_tricks as tricks
        print("\n" + tricks.HEADER)
        for players in args.winter_tricks_players:
            for agents, seat in tricks.PAIRINGS:
                print(tricks.row(bundle, args.games, args.seed, players, agents, seat), flush=True)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
