"""Card statistics from the good bots: `dow stats` plays them once, the website reads the results file.

Simulating on every site build would make every build slow, so the games are played by a command
(``dow stats --games N --workers K``) that writes a committed results file, ``stats/base.json``.
The file is keyed by what produced its numbers: the bundle's content hash (which holds the rulesets
and so the stand-ins), a fingerprint of the bots' source, the agents, the players. The site reads the
file, says which bots, stand-ins, games and content version produced the figures, and says plainly
when the content or the bots changed since (``staleness``).

Per game (``game_record``) the engine's event log gives each crossroads card drawn
(``crossroads_card``), triggered and read out (``crossroads``) and resolved with the option taken,
numbered from 1 as printed (``crossroads_resolved``); the table is looked at before every decision to
know which survivors and items each group had. ``aggregate`` adds the games up: for each crossroads
card how often it triggered when drawn, which option was taken and the colony's win rate in the games
where it resolved; for each survivor and item the win rate of the groups that had it. Every figure
carries its sample size and a Wilson 95% interval; below ``MIN_SAMPLE`` it is marked too small.
Invariants are checked after every step of every game; the file reports games and violations.
"""
from __future__ import annotations

import hashlib
import json
import math
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

FORMAT = 1
"""The results file's format; a file of another format is refused with a clear error."""
RESULTS = Path("stats") / "base.json"
"""Where the results file lives, relative to the project root."""
MIN_SAMPLE = 30
"""Below this many observations a figure is shown as "too few to say", not as a number to trust: at 30
the 95% interval of a rate near one half is still about ±17 points wide."""
Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


class StatsError(Exception):
    """A results file that cannot be read: the message says which file and what is wrong."""


# ---- the figures ----------------------------------------------------------------------------------
def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of a proportion (successes of n), or None when n is 0."""
    if n <= 0:
        return None
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # at 0 or n the bound is exactly 0 or 1; the formula's rounding would leave it a hair inside
    return (0.0 if successes == 0 else max(0.0, centre - half)), (1.0 if successes == n else min(1.0, centre + half))


def figure(successes: int, n: int) -> dict:
    """A proportion as the page shows it: count, sample, rate, 95% interval, and whether n is too small."""
    interval = wilson(successes, n)
    return {"k": successes, "n": n, "rate": round(successes / n, 4) if n else None,
            "low": round(interval[0], 4) if interval else None, "high": round(interval[1], 4) if interval else None,
            "small": n < MIN_SAMPLE}


# ---- one game -------------------------------------------------------------------------------------
class Watcher:
    """Stands between the engine and the seats: before each decision it notes the survivors and items
    every group holds (a card drawn and played before any decision is missed), then asks the seat."""

    def __init__(self, seats: dict, game: Any, kinds: dict[str, str]):
        self.seats, self.game, self.kinds = seats, game, kinds
        self.had: dict[str, dict[str, set]] = {}

    def answer(self, decision: Any) -> Any:
        """Note what each group has, then pass the decision to its seat."""
        self.look()
        agent = self.seats[decision.player]
        return agent.answer(decision) if hasattr(agent, "answer") else agent(decision)

    def look(self) -> None:
        """Each player's survivors in play and the item cards in their hand or equipped on them."""
        s = self.game.state
        for p in s.players:
            mine = self.had.setdefault(p.id, {"survivors": set(), "items": set()})
            survivors = [s.survivors[sid] for sid in p.survivors if sid in s.survivors]
            mine["survivors"].update(v.card for v in survivors if v.place == "play")
            held = list(p.hand) + [c for v in survivors for c in v.equipped]
            mine["items"].update(cid for c in held if self.kinds.get(cid := s.cards.get(c, c)) == "item")


def game_record(bundle: dict, seed: int, players: int = 4, agents: str = "heuristic") -> dict:
    """Play the base game of ``seed`` (invariants checked after every step), as ``dow simulate`` would;
    what the card statistics need of it, or its crash."""
    import traceback

    from dow.runtime.engine.sim import agents_for, new_game, winner_kind
    try:
        game = new_game(bundle, seed, players, check=True)
        seats = agents_for(agents, seed, players, game=game)
        for agent in seats.values():
            if hasattr(agent, "observe"):
                agent.observe(game)
        watcher = Watcher(seats, game, {c["id"]: c["kind"] for c in bundle["cards"]})
        result = game.run(watcher)
        watcher.look()
    except Exception as exc:                          # counted and reported, never hidden
        return {"seed": seed, "crash": f"{type(exc).__name__}: {exc}", "where": traceback.format_exc(limit=-3)}
    return {"seed": seed, "winner": winner_kind(result), "ending": result["ending"], "rounds": result["rounds"],
            "winners": sorted(result["winners"]), "violations": list(result["violations"]),
            **log_facts(game.log.lines),
            "had": {pid: {k: sorted(v) for k, v in h.items()} for pid, h in sorted(watcher.had.items())}}


def log_facts(lines: list[dict]) -> dict:
    """From a game's event log: the crossroads cards drawn, and each resolution as [card, option]."""
    drawn: Counter = Counter()
    resolved = []
    for line in lines:
        if line["event"] == "crossroads_card":
            drawn[line["params"]["card"]] += 1
        elif line["event"] == "crossroads_resolved":
            resolved.append([line["params"]["card"], line["params"].get("option")])
    return {"drawn": dict(sorted(drawn.items())), "resolved": resolved}


# ---- many games -----------------------------------------------------------------------------------
_BUNDLE: dict | None = None


def _init(bundle: dict) -> None:
    global _BUNDLE
    _BUNDLE = bundle


def _chunk(args: tuple[list[int], int, str]) -> list[dict]:
    seeds, players, agents = args
    return [game_record(_BUNDLE, s, players, agents) for s in seeds]


def play(bundle: dict, games: int, seed: int = 0, players: int = 4, agents: str = "heuristic",
         workers: int = 1, progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """The records of seeds ``seed .. seed + games - 1``, on ``workers`` processes; in seed order."""
    seeds = list(range(seed, seed + games))
    records = []
    for record in _records(bundle, seeds, players, agents, workers):
        records.append(record)
        if progress:
            progress(len(records), games)
    return sorted(records, key=lambda r: r["seed"])


def _records(bundle: dict, seeds: list[int], players: int, agents: str, workers: int) -> Iterator[dict]:
    if workers <= 1 or len(seeds) <= 1:
        for s in seeds:
            yield game_record(bundle, s, players, agents)
        return
    import multiprocessing

    from dow.runtime.engine.workers import chunks
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(workers, _init, (bundle,)) as pool:
        for part in pool.imap_unordered(_chunk, [(c, players, agents) for c in chunks(seeds, workers)]):
            yield from part


def aggregate(records: Sequence[dict]) -> dict:
    """The figures of many game records (see the module's docstring), in a stable order."""
    done = [r for r in records if "crash" not in r]
    drawn, triggered, options = Counter(), Counter(), {}
    resolved_games, colony_wins = Counter(), Counter()
    groups = {"survivors": ({}, {}), "items": ({}, {})}
    all_groups = [0, 0]
    for r in done:
        drawn.update(r["drawn"])
        seen = set()
        for card, option in r["resolved"]:
            triggered[card] += 1
            options.setdefault(card, Counter())[str(option) if option is not None else "none"] += 1
            seen.add(card)
        for card in seen:
            resolved_games[card] += 1
            colony_wins[card] += r["winner"] == "colony"
        for pid, had in r["had"].items():
            won = pid in r["winners"]
            all_groups[0] += won
            all_groups[1] += 1
            for kind, (n, k) in groups.items():
                for card in had[kind]:
                    n[card] = n.get(card, 0) + 1
                    k[card] = k.get(card, 0) + won
    crossroads = {}
    for card in sorted(set(drawn) | set(triggered)):
        chosen = options.get(card, Counter())
        total = sum(chosen.values())
        crossroads[card] = {"drawn": drawn[card], "triggered": figure(triggered[card], max(drawn[card], triggered[card])),
                            "colony_won": figure(colony_wins[card], resolved_games[card]),
                            "options": {o: figure(c, total) for o, c in sorted(chosen.items(), key=_option_order)}}
    return {"crossroads": crossroads,
            **{kind: {card: figure(k[card], n[card]) for card in sorted(n)} for kind, (n, k) in groups.items()},
            "all_groups": figure(*all_groups),
            "colony": figure(sum(r["winner"] == "colony" for r in done), len(done))}


def _option_order(item: tuple[str, int]) -> tuple:
    return (0, int(item[0])) if item[0].isdigit() else (1, 0)


def summary(records: Sequence[dict]) -> dict:
    """How the games went: winners, endings, length; games played, violations and crashes found."""
    done = [r for r in records if "crash" not in r]
    lengths = [r["rounds"] for r in done]
    violations = [{"seed": r["seed"], "violation": v} for r in done for v in r["violations"]]
    crashes = [{"seed": r["seed"], "error": r["crash"]} for r in records if "crash" in r]
    return {"games": len(records), "played": len(done),
            "wins": dict(sorted(Counter(r["winner"] for r in done).items())),
            "endings": dict(sorted(Counter(r["ending"] for r in done).items())),
            "rounds": {"mean": round(sum(lengths) / len(lengths), 2), "min": min(lengths), "max": max(lengths)}
            if lengths else {},
            "rounds_by_winner": _mean_rounds_by_winner(done),
            "violations": len(violations), "crashes": len(crashes),
            "violation_samples": violations[:20], "crash_samples": crashes[:20]}


def _mean_rounds_by_winner(done: Sequence[dict]) -> dict[str, float]:
    """How long the games each side won lasted: a card met late is met mostly in the games of the side
    that wins late, which the page says beside the win rates."""
    rounds: dict[str, list[int]] = {}
    for r in done:
        rounds.setdefault(r["winner"], []).append(r["rounds"])
    return {w: round(sum(v) / len(v), 2) for w, v in sorted(rounds.items())}


# ---- what produced the numbers ----------------------------------------------------------------------
def bots_fingerprint() -> str:
    """A hash of the bots' source (runtime/engine/bots/ and the seats in engine/sim.py): the results file
    records it, so a change to the bots marks the figures stale."""
    from dow.runtime.engine import bots, sim
    paths = sorted(Path(bots.__file__).parent.glob("*.py")) + [Path(sim.__file__)]
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return "sha256:" + digest.hexdigest()


def stand_ins(bundle: dict) -> dict:
    """The base game's stand-ins the games were played with (content/base/ruleset.yaml), as data."""
    return dict(sorted(((bundle.get("rulesets") or {}).get("base") or {}).get("stand_ins", {}).items()))


def key(bundle: dict, agents: str, players: int) -> dict:
    """What the figures depend on: content (and so stand-ins), bots, agents, players."""
    return {"game": "base", "bundle_hash": bundle.get("content_hash", ""), "ir_version": bundle.get("ir_version", ""),
            "bots": bots_fingerprint(), "agents": agents, "players": players}


def results(bundle: dict, records: Sequence[dict], seed: int, players: int, agents: str, workers: int,
            seconds: float) -> dict:
    """The results file's content for a run."""
    return {"format": FORMAT, "key": key(bundle, agents, players),
            "run": {"games": len(records), "seed": seed, "workers": workers, "seconds": round(seconds, 1),
                    "min_sample": MIN_SAMPLE, "interval": "Wilson 95%"},
            "stand_ins": stand_ins(bundle), "checks": summary(records), **aggregate(records)}


def run(bundle: dict, games: int, seed: int = 0, players: int = 4, agents: str = "heuristic", workers: int = 1,
        progress: Callable[[int, int], None] | None = None) -> dict:
    """Play the games and return the results file's content."""
    started = time.perf_counter()
    records = play(bundle, games, seed, players, agents, workers, progress)
    return results(bundle, records, seed, players, agents, workers, time.perf_counter() - started)


# ---- the file ---------------------------------------------------------------------------------------
def write(data: dict, path: Path) -> None:
    """Write the results file (sorted keys, one value a line: a rerun's diff is readable)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def read(path: Path) -> dict | None:
    """The results file, or None when there is none; StatsError when it is not one."""
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as err:
        raise StatsError(f"{path}: not a statistics results file ({err})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise StatsError(f"{path}: results format {found!r}, this toolchain reads format {FORMAT}; "
                         "run `dow stats` to write it again")
    for part in ("key", "run", "checks", "crossroads", "survivors", "items"):
        if part not in data:
            raise StatsError(f"{path}: it has no {part!r}; run `dow stats` to write it again")
    return data


def staleness(data: dict, bundle: dict) -> list[str]:
    """Why the figures no longer describe this content and these bots: [] when current, else some of
    'content' (the bundle hash changed: cards, rules or stand-ins) and 'bots' (the bots' source changed)."""
    reasons = []
    if data["key"].get("bundle_hash") != bundle.get("content_hash", ""):
        reasons.append("content")
    if data["key"].get("bots") != bots_fingerprint():
        reasons.append("bots")
    return reasons


def for_site(bundle: dict, root: Path) -> dict:
    """What the website shows: {'results', 'stale', 'path'}, or {'missing': path} or {'error': why}."""
    path = root / RESULTS
    try:
        data = read(path)
    except StatsError as err:
        return {"error": str(err), "path": str(RESULTS)}
    if data is None:
        return {"missing": str(RESULTS), "path": str(RESULTS)}
    return {"results": data, "stale": staleness(data, bundle), "path": str(RESULTS),
            "bundle_hash": bundle.get("content_hash", "")}
