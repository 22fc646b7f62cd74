"""`dow stats`: play the good bots' games once and write the card statistics the website shows.

  dow stats [--games 2000] [--workers auto]   play, then write stats/base.json (site/cardstats.py)
  dow stats --check                           say whether stats/base.json still describes the content
                                              and the bots (exit 1 when stale or missing); plays nothing
"""
from __future__ import annotations

import sys
from pathlib import Path

from .common import _positive

GAMES = 2000
"""The committed file's games: about 2 minutes on 2 cores (docs/simulation.md gives the measured run)."""


def add_parser(sub) -> None:
    """The `stats` command's arguments (the cli's subparsers)."""
    stats = sub.add_parser("stats", help="play the heuristic bots' games and write the card statistics "
                                         "the website shows (stats/base.json)")
    stats.add_argument("--games", type=_positive, default=GAMES, help=f"how many games (default: {GAMES})")
    stats.add_argument("--seed", type=int, default=0, help="the first game's seed; the others follow it")
    stats.add_argument("--players", type=_positive, default=4, help="how many players (default: 4)")
    stats.add_argument("--agents", default="heuristic", help="the seats' agents, as for dow simulate "
                                                             "(default: heuristic, the good bots)")
    stats.add_argument("--workers", default="auto", help="processes to play on: a number, or 0 or auto for "
                                                         "every core (default)")
    stats.add_argument("--out", type=Path, default=None, help="the results file (default: stats/base.json)")
    stats.add_argument("--check", action="store_true", help="only say whether the results file is current")
    stats.add_argument("--progress", action="store_true", help="show the progress bar even when not a terminal")
    stats.set_defaults(run=command)


def command(args) -> int:
    """dow stats: play and write the results file, or (--check) say whether it is stale."""
    from dow.runtime.engine.game import GameError
    from dow.runtime.engine.sim import new_game, parse_agents
    from dow.runtime.engine.workers import Progress, worker_count

    from dow.site import cardstats
    from .common import EXIT_CONTENT, EXIT_OK, UsageError, _game_bundle, _root, game_message
    root = _root(args)
    out = args.out or root / cardstats.RESULTS
    bundle = _game_bundle(args)
    if args.check:
        return _check(out, bundle)
    try:
        workers = worker_count(args.workers)
        parse_agents(args.agents)
        new_game(bundle, args.seed, args.players)
    except (GameError, ValueError) as err:
        raise UsageError(game_message(err)) from None
    progress = Progress(sys.stderr) if sys.stderr.isatty() or args.progress else None
    data = cardstats.run(bundle, args.games, args.seed, args.players, args.agents, workers, progress)
    cardstats.write(data, out)
    checks = data["checks"]
    print(f"{checks['games']} games, {args.players} players, {args.agents} agents, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, {workers} workers: {data['run']['seconds']} s; wrote {out}")
    print(f"invariant violations: {checks['violations']}; crashes: {checks['crashes']}")
    for bad in checks["violation_samples"][:5] + checks["crash_samples"][:5]:
        print(f"  seed {bad['seed']}: {bad.get('violation') or bad.get('error')}")
    return EXIT_CONTENT if checks["violations"] or checks["crashes"] else EXIT_OK


def _check(out: Path, bundle: dict) -> int:
    from dow.site import cardstats
    from .common import EXIT_CONTENT, EXIT_OK, UsageError
    try:
        data = cardstats.read(out)
    except cardstats.StatsError as err:
        raise UsageError(str(err)) from None
    if data is None:
        print(f"{out}: no results file; run `dow stats` to write it")
        return EXIT_CONTENT
    stale = cardstats.staleness(data, bundle)
    if stale:
        print(f"{out}: stale, the {' and the '.join(stale)} changed since its {data['run']['games']} games; "
              "run `dow stats` to write it again")
        return EXIT_CONTENT
    print(f"{out}: current ({data['run']['games']} games)")
    return EXIT_OK
