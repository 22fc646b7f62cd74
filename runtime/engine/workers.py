"""Many games on every core: one record per game, played serially or by worker processes, summed up.

A game is played from its seed alone, so the record of seed ``s`` is the same wherever it is played:
in this process, in one of ``N`` worker processes (``multiprocessing``), or on a cluster (the optional
glue in cli/cluster.py hands the same ``play_chunk`` to its workers). ``summarize`` sorts the
records by seed before adding them up, so the summary does not depend on the order games finish in.
Standard library only.
"""
from __future__ import annotations

import math
import multiprocessing
import os
import sys
import time
from collections import Counter
from typing import Any, Callable, Iterable, Iterator, Sequence, cast

Record = dict
Runner = Callable[[dict, Sequence[int], dict], Iterator[Record]]
"""A way to play games: (bundle, seeds, options) -> the records of those seeds, in any order."""


def game_record(bundle: dict, seed: int, options: dict) -> Record:
    """The record of one seed's game, by the function the options hand in (``options["record"]``: engine/sim.py's
    ``game_record``, a module-level function, so that worker processes and cluster workers receive it by name;
    the runners here play what they are handed and import no engine)."""
    return cast(Record, options["record"](bundle, seed, options["players"], options["agents"], options["variants"]))


def play_chunk(bundle: dict, seeds: Sequence[int], options: dict) -> list[Record]:
    """The records of a few seeds (one task for a worker: fewer, larger tasks cost less to hand out)."""
    return [game_record(bundle, s, options) for s in seeds]


def chunks(seeds: Sequence[int], workers: int) -> list[list[int]]:
    """Seeds cut into tasks: about 8 per worker, at most 16 games each, so progress stays smooth."""
    size = max(1, min(16, math.ceil(len(seeds) / (8 * max(1, workers)))))
    return [list(seeds[i:i + size]) for i in range(0, len(seeds), size)]


def serial(bundle: dict, seeds: Sequence[int], options: dict) -> Iterator[Record]:
    """Every game in this process, in seed order."""
    for s in seeds:
        yield game_record(bundle, s, options)


_BUNDLE: dict | None = None          # a worker process's bundle, set once when it starts


def _init_worker(bundle: dict) -> None:
    global _BUNDLE
    _BUNDLE = bundle


def _worker_chunk(args: tuple[list[int], dict]) -> list[Record]:
    return play_chunk(cast(dict, _BUNDLE), args[0], args[1])   # set by the pool initializer


def processes(workers: int) -> Runner:
    """A runner on ``workers`` local processes; the bundle goes to each once, at its start."""
    def run(bundle: dict, seeds: Sequence[int], options: dict) -> Iterator[Record]:
        with multiprocessing.get_context(_start_method()).Pool(workers, _init_worker, (bundle,)) as pool:
            for records in pool.imap_unordered(_worker_chunk, [(c, options) for c in chunks(seeds, workers)]):
                yield from records
    return run


def _start_method() -> str:
    # fork hands the bundle over without pickling it; where fork is missing (Windows, macOS) spawn works too
    return "fork" if "fork" in multiprocessing.get_all_start_methods() and sys.platform == "linux" else "spawn"


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:                                    # not on Linux
        return os.cpu_count() or 1


def worker_count(value: str | int) -> int:
    """``--workers``: a number of processes, or 0 / 'auto' for every core (ValueError otherwise)."""
    if isinstance(value, str):
        if value.strip().lower() == "auto":
            return cores()
        if not value.strip().isdigit():
            raise ValueError(f"--workers takes a number of processes, or 0 or 'auto' for every core, not {value!r}")
        value = int(value)
    if value < 0:
        raise ValueError(f"--workers cannot be negative ({value})")
    return value or cores()


def summarize(records: Iterable[Record], games: int, seed: int, players: int, agents: str,
              variants: Sequence[str], seconds: float) -> dict:
    """The summary of a run: win rates, endings, game length, card use, violations and crashes, added up in
    seed order (the same summary however the games were spread over processes or machines)."""
    endings, wins, uses = Counter[str](), Counter[str](), Counter[str]()
    lengths, violations, crashes = [], [], []
    for r in sorted(records, key=lambda r: r["seed"]):
        if "crash" in r:
            crashes.append({"seed": r["seed"], **r["crash"]})
            continue
        endings[r["ending"]] += 1
        lengths.append(r["rounds"])
        wins[r["winner"]] += 1
        if r.get("lone_wolf"):                                # counted apart: it wins beside a colony
            wins["lone wolf"] += 1
        uses.update(r["card_uses"])
        violations += [{"seed": r["seed"], "violation": v} for v in r["violations"]]
    done = len(lengths)
    return {"games": games, "seed": seed, "players": players, "agents": agents, "variants": list(variants),
            "seconds": round(seconds, 2),
            "games_per_second": round(games / seconds, 1) if seconds else None,
            "wins": {k: round(v / done, 3) for k, v in sorted(wins.items())} if done else {},
            "endings": dict(sorted(endings.items())),
            "rounds": {"mean": round(sum(lengths) / done, 2), "min": min(lengths), "max": max(lengths),
                       "histogram": {str(k): v for k, v in sorted(Counter(lengths).items())}} if done else {},
            "card_uses": dict(uses.most_common()), "violations": violations, "crashes": crashes}


TIMING = ("seconds", "games_per_second")
"""The summary's keys that depend on the machine, not on the games."""


def run_games(bundle: dict, games: int, seed: int, options: dict, runner: Runner,
              progress: Callable[[int, int], None] | None = None,
              on_game: Callable[[Record], None] | None = None) -> tuple[list[Record], float]:
    """Play seeds ``seed .. seed + games - 1`` with a runner; every record as it comes, and the time taken."""
    started = time.perf_counter()
    records = []
    for record in runner(bundle, range(seed, seed + games), options):
        records.append(record)
        if on_game:
            on_game(record)
        if progress:
            progress(len(records), games)
    return records, time.perf_counter() - started


class Progress:
    """A progress bar with the rate and an estimate of the time left, redrawn on one line of a stream."""

    def __init__(self, stream: Any = None, width: int = 30, clock: Callable[[], float] = time.monotonic):
        self.stream = stream if stream is not None else sys.stderr
        self.width, self.clock = width, clock
        self.started = clock()

    def __call__(self, done: int, total: int) -> None:
        print("\r" + self.line(done, total), end="" if done < total else "\n", file=self.stream, flush=True)

    def line(self, done: int, total: int) -> str:
        """The bar for ``done`` of ``total`` games: '[###...] 40/100  8.0 games/s  about 7 s left'."""
        elapsed = max(self.clock() - self.started, 1e-9)
        filled = self.width * done // max(total, 1)
        rate = done / elapsed
        left = (total - done) / rate if done else None
        tail = "done" if done >= total else ("about " + duration(left) + " left" if left is not None else "")
        return f"[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total}  {rate:.1f} games/s  {tail}"


def duration(seconds: float) -> str:
    """Seconds for a reader: '42 s', '3 min 05 s', '1 h 02 min'."""
    s = int(round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"
