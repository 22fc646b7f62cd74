"""The ``dow`` command line.

  dow check [PATHS] [--format text|json]   check card files, print diagnostics
            [--lang pt|en|vi]               in this language (default: $DOW_LANG, else English)
  dow build [--out DIR] [--force]          compile content/ into DIR/bundle.json
            [--pseudo]                      and the site in the pseudo-locale (DIR/site-pseudo/qps/)
  dow explain CARD [--lang en]             a card's text and its compiled tree
  dow new KIND NAME [--set SET]            write a new, valid card file to fill in
  dow serve [--port 8000]                  preview the site; rebuild when content is saved
  dow i18n status|export|import|sync       translation coverage; PO files out and back in
  dow docs                                 regenerate the effect-language, card-files and diagnostics docs
  dow play [--players 4] [--seed S]        a whole base game with bots, its log told in --lang
  dow replay FILE                          play a recorded game again; exit 1 if the log differs
  dow simulate --games N [--seed S]        many games with bots: win rates, length, card use
  dow status [--format text|json]          per set and kind: known, to transcribe, automated, tested, translated

Exit codes: 0 success; 1 the content has errors (diagnostics say where);
2 usage errors (unknown command, missing file, unknown card).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .messages import M, Msg

EXIT_OK, EXIT_CONTENT, EXIT_USAGE = 0, 1, 2


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return args.run(args)
    except UsageError as err:
        text = err.args[0] if err.args else ""
        print(f"dow: {text.render(getattr(args, 'lang', None)) if isinstance(text, Msg) else text}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # the reader went away ('dow i18n export | head'): stop quietly
        sys.stderr.close()
        return EXIT_OK


class UsageError(Exception):
    """A mistake in how the command was called."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dow", description="Dead of Winter rules-and-content toolchain.",
                                     epilog="Exit codes: 0 ok, 1 content errors, 2 usage errors.")
    parser.add_argument("--root", type=Path, default=None, help="the project folder (default: found from here)")
    sub = parser.add_subparsers(dest="command")

    check = sub.add_parser("check", help="check card files and print diagnostics")
    check.add_argument("paths", nargs="*", type=Path, help="card files or folders (default: content/)")
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.add_argument("--lang", choices=("pt", "en", "vi"), default=None,
                       help="the language of the diagnostics (default: $DOW_LANG, else en)")
    check.add_argument("--compare-text", action="store_true",
                       help="also warn where a card's authored text and its generated text disagree (L004)")
    check.set_defaults(run=cmd_check)

    build = sub.add_parser("build", help="compile content/ into build/bundle.json and the schemas")
    build.add_argument("--out", type=Path, default=None, help="output folder (default: build/)")
    build.add_argument("--force", action="store_true", help="rebuild even if nothing changed")
    build.add_argument("--no-site", action="store_true", help="write the bundle only, not the website")
    build.add_argument("--pseudo", action="store_true",
                       help="build the website in the pseudo-locale (every catalogue text accented and "
                            "bracketed) into DIR/site-pseudo/qps/, to find text that skips the catalogues")
    build.add_argument("--format", choices=("text", "json"), default="text")
    build.add_argument("--lang", choices=("pt", "en", "vi"), default=None,
                       help="the language of the diagnostics (default: $DOW_LANG, else en)")
    build.set_defaults(run=cmd_build)

    explain = sub.add_parser("explain", help="show a card's text and compiled tree")
    explain.add_argument("card", help="a card id, file path or name")
    explain.add_argument("--lang", choices=("pt", "en", "vi"), default="en")
    explain.set_defaults(run=cmd_explain)

    new = sub.add_parser("new", help="write a new card file to fill in")
    new.add_argument("kind", help="survivor, crossroads, crisis, item, tactic, …")
    new.add_argument("name", help="the card's name, e.g. 'Sparky'")
    new.add_argument("--set", default="base", help="the set (default: base)")
    new.set_defaults(run=cmd_new)

    serve = sub.add_parser("serve", help="build, serve the site on 127.0.0.1, rebuild when content changes")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--once", action="store_true", help="build and serve one rebuild cycle, then stop (tests)")
    serve.set_defaults(run=cmd_serve)

    play = sub.add_parser("play", help="play a whole base game with bots and print its log")
    play.add_argument("--game", choices=("base", "winter-tricks"), default="base")
    play.add_argument("--variant", action="append", default=[], choices=("warring-colonies", "quick", "random-items"),
                        help="warring-colonies (4-{max} players), its quick game, the random-items module; repeatable")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--agents", choices=("bot", "random", "heuristic"), default="bot")
    play.add_argument("--lang", choices=("pt", "en", "vi"), default="en")
    play.add_argument("--as", dest="as_player", default=None, help="also show this player's private lines (p1 …)")
    play.add_argument("--save", type=Path, default=None, help="write the game's replay file here")
    play.add_argument("--quiet", action="store_true", help="print nothing but errors")
    play.set_defaults(run=cmd_play)

    replay = sub.add_parser("replay", help="play a recorded game again and check its log is identical")
    replay.add_argument("file", type=Path)
    replay.add_argument("--lang", choices=("pt", "en", "vi"), default="en")
    replay.add_argument("--quiet", action="store_true")
    replay.set_defaults(run=cmd_replay)

    simulate = sub.add_parser("simulate", help="many games with bots: win rates, game length, card use")
    simulate.add_argument("--game", choices=("base", "winter-tricks"), default="base")
    simulate.add_argument("--variant", action="append", default=[], choices=("warring-colonies", "quick", "random-items"),
                        help="warring-colonies (4-{max} players), its quick game, the random-items module; repeatable")
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--players", type=int, default=4)
    simulate.add_argument("--agents", default="bot", help="random, bot or heuristic; or two joined by ':' "
                          "(loyal:betrayer in the base game, colony a:colony b in Warring Colonies)")
    simulate.add_argument("--format", choices=("text", "json"), default="text",
                          help="json: one JSON object per finished game as it ends, then the summary (JSON Lines)")
    simulate.add_argument("--out", type=Path, default=None, help="also write the summary as JSON here")
    simulate.add_argument("--progress", action="store_true", help="show the progress bar even when not a terminal")
    simulate.add_argument("--workers", default="1", help="processes to play on: a number, or 0 or auto for every core")
    simulate.add_argument("--cluster", default=None, metavar="ADDRESS",
                          help="play on the Dask scheduler at ADDRESS (tcp://host:8786), or 'local' for a local "
                               "Dask cluster of --workers processes; needs the extra: pip install 'dow[cluster]'")
    simulate.set_defaults(run=cmd_simulate)

    i18n = sub.add_parser("i18n", help="translation coverage, PO export and import")
    i18n.add_argument("action", choices=("status", "export", "import", "sync"))
    i18n.add_argument("file", nargs="?", type=Path, help="the PO file to import")
    i18n.add_argument("--lang", choices=("pt", "vi"), help="the language to export, import or sync")
    i18n.add_argument("--out", type=Path, help="where export writes (default: stdout)")
    i18n.set_defaults(run=cmd_i18n)

    status = sub.add_parser("status", help="per set and kind: known, needs transcription, full, partial, "
                            "manual, tested and translated cards")
    status.add_argument("--format", choices=("text", "json"), default="text")
    status.set_defaults(run=cmd_status)

    docs = sub.add_parser("docs", help="regenerate the generated docs (effect language and card files "
                                       "in pt/en/vi, diagnostics)")
    docs.set_defaults(run=cmd_docs)
    return parser


def _game_bundle(args) -> dict:
    """The current content, compiled in memory (games always run what content/ says now)."""
    from .project import bundle_of, compile_paths, find_root
    root = args.root or find_root(Path.cwd())
    build = compile_paths([root / "content"], root)
    if not build.ok:
        raise UsageError("content/ has errors; run 'dow check' and fix them first")
    return bundle_of(build.cards, build.rulesets)


def _other_game(args):
    """The game module for --game, or None for the base game."""
    if args.game == "base":
        return None
    from dow.runtime.games import winter_tricks
    if args.players not in winter_tricks.PLAYERS:
        raise UsageError(f"{winter_tricks.NAME} is for {min(winter_tricks.PLAYERS)} to "
                         f"{max(winter_tricks.PLAYERS)} players, not {args.players}")
    return winter_tricks


def cmd_play(args) -> int:
    from dow.runtime.engine.game import GameError
    from dow.runtime.engine.sim import play_game
    from .playlog import Teller
    bundle = _game_bundle(args)
    other = _other_game(args)
    if other is not None:
        game = other.new_game(bundle, args.seed, args.players)
        result = game.run()
        teller = Teller(bundle, args.lang)
        lines = game.log.seen_by(args.as_player) if args.as_player else game.log.public()
        if not args.quiet:
            for text in teller.lines(lines):
                print(text)
        if args.save:
            replay = game.replay()
            replay.setup = {"game": other.NAME, "players": args.players}
            args.save.write_text(replay.to_json() + "\n", encoding="utf-8")
        return EXIT_CONTENT if game.check_invariants() else EXIT_OK
    try:
        game, replay, result = play_game(bundle, args.seed, args.players, args.agents, check=True,
                                         variants=args.variant)
    except GameError as err:
        raise UsageError(str(err)) from None
    teller = Teller(bundle, args.lang, game.state.cards)
    lines = game.log.seen_by(args.as_player) if args.as_player else game.log.public()
    if not args.quiet:
        for text in teller.lines(lines):
            print(text)
    if args.save:
        args.save.write_text(replay.to_json() + "\n", encoding="utf-8")
        print(f"replay saved to {args.save}", file=sys.stderr)
    return EXIT_CONTENT if result["violations"] else EXIT_OK


def cmd_replay(args) -> int:
    from dow.runtime.bundle import BundleError
    from dow.runtime.engine.sim import replay_game
    from dow.runtime.replay import Replay
    from .playlog import Teller
    if not args.file.is_file():
        raise UsageError(f"no replay file {args.file}")
    replay = Replay.from_json(args.file.read_text(encoding="utf-8"))
    bundle = _game_bundle(args)
    try:
        if replay.setup.get("game") == "winter-tricks":
            from dow.runtime.games import winter_tricks
            replay.check_bundle(bundle)
            game = winter_tricks.new_game(bundle, replay.seed, replay.setup.get("players", 4), replay.agent())
            game.run()
            same = game.log.digest() == replay.log_hash
            if not args.quiet:
                for text in Teller(bundle, args.lang).lines(game.log.public()):
                    print(text)
            print("the log is identical to the recorded one" if same else "the log differs from the recorded one",
                  file=sys.stderr)
            return EXIT_OK if same else EXIT_CONTENT
        game, same = replay_game(bundle, replay)
    except BundleError as err:
        print(f"dow: {err}", file=sys.stderr)
        return EXIT_CONTENT
    except (ValueError, LookupError) as err:       # a recorded answer that no longer fits the game
        print(f"dow: the replay does not fit this game: {err}", file=sys.stderr)
        return EXIT_CONTENT
    if not args.quiet:
        teller = Teller(bundle, args.lang, game.state.cards)
        for text in teller.lines(game.log.public()):
            print(text)
    print("the log is identical to the recorded one" if same else
          f"the log differs from the recorded one ({game.log.digest()} != {replay.log_hash})", file=sys.stderr)
    return EXIT_OK if same else EXIT_CONTENT


def cmd_simulate(args) -> int:
    import json
    from dow.runtime.engine.sim import new_game, simulate
    bundle = _game_bundle(args)

    from dow.runtime.engine.workers import Progress
    progress = Progress(sys.stderr) if sys.stderr.isatty() or args.progress else None
    other = _other_game(args)
    if other is not None and args.variant:
        raise UsageError(f"--variant is for the base game's engine, not {other.NAME}")
    if other is not None:
        summary = other.simulate(bundle, args.games, args.seed, args.players)
        print(json.dumps(summary, ensure_ascii=False, indent=1))
        return EXIT_CONTENT if summary["crashes"] or summary["invariant_violations"] else EXIT_OK
    from dow.runtime.engine.game import GameError
    from dow.runtime.engine.sim import parse_agents
    try:                                          # a bad combination is refused before any game is played
        new_game(bundle, args.seed, args.players, variants=args.variant)
        parse_agents(args.agents)
    except (GameError, ValueError) as err:
        raise UsageError(str(err)) from None
    workers, runner = _simulate_workers(args)
    stream = (lambda record: print(json.dumps({"type": "game", **record}, ensure_ascii=False), flush=True)) \
        if args.format == "json" else None
    from .cluster import ClusterError             # light: Dask itself is imported only for --cluster
    try:
        summary = simulate(bundle, args.games, args.seed, args.players, args.agents, progress,
                           variants=args.variant, workers=workers, runner=runner, on_game=stream)
    except ClusterError as err:
        raise UsageError(str(err)) from None
    if args.out:
        args.out.write_text(json.dumps(summary, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if args.format == "json":
        print(json.dumps({"type": "summary", **summary}, ensure_ascii=False))
    else:
        print(f"{summary['games']} games, {summary['players']} players, {summary['agents']} agents, "
              + (f"variants {'+'.join(summary['variants'])}, " if summary["variants"] else "") +
              f"seeds {summary['seed']}..{summary['seed'] + summary['games'] - 1}: "
              f"{summary['seconds']} s ({summary['games_per_second']} games/s)")
        print("wins: " + ", ".join(f"{k} {v:.1%}" for k, v in summary["wins"].items()))
        print("endings: " + ", ".join(f"{k} {v}" for k, v in summary["endings"].items()))
        if summary["rounds"]:
            r = summary["rounds"]
            print(f"rounds: mean {r['mean']}, min {r['min']}, max {r['max']}")
        print("most used cards: " + ", ".join(f"{k if k.startswith('stand-in.') else k.rsplit('.', 1)[-1]} {v}"
                                                for k, v in list(summary["card_uses"].items())[:10]))
        print(f"invariant violations: {len(summary['violations'])}; crashes: {len(summary['crashes'])}")
        for bad in (summary["violations"] + summary["crashes"])[:10]:
            print(f"  seed {bad['seed']}: {bad.get('violation') or bad.get('error')}")
    return EXIT_CONTENT if summary["violations"] or summary["crashes"] else EXIT_OK


def _simulate_workers(args) -> tuple:
    """dow simulate --workers/--cluster: the number of local processes and the cluster's runner (or None)."""
    from dow.runtime.engine.workers import worker_count
    try:
        workers = worker_count(args.workers)
    except ValueError as err:
        raise UsageError(str(err)) from None
    if not args.cluster:
        return workers, None
    from .cluster import ClusterError, dask_runner
    try:
        return workers, dask_runner(args.cluster, 0 if args.workers in ("0", "auto") else workers)
    except ClusterError as err:
        raise UsageError(str(err)) from None


def cmd_serve(args) -> int:
    """dow serve: preview the site locally; a saved card or rules file rebuilds it."""
    from .serve import serve
    return serve(_root(args), args.port, once=args.once)


def cmd_i18n(args) -> int:
    """dow i18n status|export|import|sync."""
    from . import i18n
    from .project import CONTENT, card_files
    root = _root(args)
    files = card_files([root / CONTENT])
    if args.action == "status":
        print(i18n.render_status(i18n.status(files)))
        return EXIT_OK
    if args.action == "import":
        if args.file is None or not args.file.is_file():
            raise UsageError(M("cli.import-needs-po"))
        changed = i18n.import_po(args.file.read_text(encoding="utf-8"), files, args.lang)
        print(f"updated {len(changed)} card file{'s' * (len(changed) != 1)}")
        return EXIT_OK
    if not args.lang:
        raise UsageError(M("cli.needs-lang", action=args.action))
    if args.action == "sync":
        changed = i18n.sync(files, args.lang)
        print(f"recorded hashes in {len(changed)} card file{'s' * (len(changed) != 1)}")
        return EXIT_OK
    text = i18n.export_po(files, args.lang, root)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    else:
        print(text, end="")
    return EXIT_OK


def cmd_status(args) -> int:
    """dow status: how far the corpus has come (exit 1 if the content does not compile)."""
    from . import status
    from .project import CONTENT, compile_paths
    root = _root(args)
    build = compile_paths([root / CONTENT], root)
    if not build.ok:
        _report(build.diagnostics, "text", "")
        return EXIT_CONTENT
    rows = status.table(root, build.cards)
    print(status.as_json(rows) if args.format == "json" else status.render(rows))
    return EXIT_OK


def cmd_docs(args) -> int:
    """dow docs: write the generated author reference."""
    from .docs import write_docs
    for path in write_docs(_root(args)):
        print(f"wrote {path}")
    return EXIT_OK


def _root(args) -> Path:
    from .project import find_root
    return (args.root or find_root()).resolve()


def cmd_check(args) -> int:
    """dow check: compile and report, write nothing."""
    from .project import CONTENT, compile_paths
    root = _root(args)
    paths = args.paths or [root / CONTENT]
    for p in paths:
        if not p.exists():
            raise UsageError(M("cli.no-such-path", path=p))
    build = compile_paths(paths, root)
    if args.compare_text:
        from .text import text_warnings
        build.diagnostics.extend(text_warnings(build.cards))
    _report(build.diagnostics, args.format, M("cli.checked", n=build.files), args.lang)
    return EXIT_OK if build.ok else EXIT_CONTENT


def cmd_build(args) -> int:
    """dow build: compile content/ and write the bundle and schemas, atomically, only if clean."""
    from .project import BUILD, CONTENT, compile_paths, failed_build, up_to_date, write_outputs
    root = _root(args)
    out = (args.out or root / BUILD).resolve()
    if not args.force and not args.pseudo and up_to_date(root, out):
        print(f"{out.as_posix()}/bundle.json is up to date")
        return EXIT_OK
    build = compile_paths([root / CONTENT], root)
    if not build.ok:
        build.diagnostics.add(failed_build(out))
        _report(build.diagnostics, args.format, "", args.lang)
        return EXIT_CONTENT
    from .project import schema_errors
    problems = schema_errors(build)
    if problems:
        for message in problems:
            build.diagnostics.add(_v001(message))
        build.diagnostics.add(failed_build(out))
        _report(build.diagnostics, args.format, "", args.lang)
        return EXIT_CONTENT
    target = write_outputs(build, root, out)
    _report(build.diagnostics, args.format, M("cli.wrote-bundle", path=target, n=len(build.cards)), args.lang)
    if args.pseudo:
        from .project import bundle_of
        from .site import build_pseudo
        site = build_pseudo(bundle_of(build.cards, build.rulesets), root, out / "site-pseudo", say=lambda m: print(m, flush=True))
        print(f"wrote {site}/ (pseudo-locale)")
    elif not args.no_site:
        from .project import bundle_of
        from .site import build_site
        site = build_site(bundle_of(build.cards, build.rulesets), root, out / "site", say=lambda m: print(m, flush=True))
        print(f"wrote {site}/ (pt, en, vi)")
    return EXIT_OK


def _v001(message: str):
    from .diagnostics import Diagnostic
    from .messages import M
    return Diagnostic("V001", M("V001.bundle-schema", problem=message), hint=M("hint.compiler-bug-files"))


def _report(diags, fmt: str, summary: str, lang: str | None = None) -> None:
    if fmt == "json":
        print(diags.to_json(lang))
        return
    if diags.items:
        print(diags.render(lang), file=sys.stderr)
    if summary:
        print(summary.render(lang) if isinstance(summary, Msg) else summary)


def cmd_explain(args) -> int:
    """dow explain: the card's own text and its compiled tree."""
    from .explain import explain
    from .project import CONTENT
    root = _root(args)
    text, code = explain(args.card, root / CONTENT, root, args.lang)
    if code == EXIT_USAGE:
        raise UsageError(text)
    print(text)
    return code


def cmd_new(args) -> int:
    """dow new: scaffold a card file that compiles."""
    from .scaffold import new_card
    root = _root(args)
    try:
        path = new_card(root, args.kind, args.name, args.set)
    except ValueError as err:
        raise UsageError(err.args[0]) from None
    print(f"wrote {path}")
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

