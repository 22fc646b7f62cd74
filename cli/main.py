"""The ``dow`` command line.

  dow check [PATHS] [--format text|json]   check card files, print diagnostics
            [--lang pt|en|vi]               in this language (default: $DOW_LANG, else English)
  dow build [--out DIR] [--force]          compile content/ into DIR/bundle.json
            [--pseudo]                      and the site in the pseudo-locale (DIR/site-pseudo/qps/)
  dow test [CARD|PATH…] [--format json]    run the scenario tests card files carry; each failure at its
           [--lang pt|en|vi]                file:line:col (dow test car-crash --lang pt)
  dow explain CARD [--lang en]             a card's text and its compiled tree
  dow new KIND NAME [--set SET]            write a new, valid card file to fill in
  dow serve [--port 8000]                  preview the site; rebuild when content is saved
  dow i18n status|export|import|sync       translation coverage; PO files out and back in
  dow docs                                 regenerate the effect-language, card-files and diagnostics docs
  dow play [--players 4] [--seed S]        a whole base game with bots, its log told in --lang
           [--agent-cmd CMD]                a program of your own at the table (JSON lines; agent-protocol.md)
  dow replay FILE                          play a recorded game again; exit 1 if the log differs
  dow simulate --games N [--seed S]        many games with bots: win rates, length, card use
  dow stats [--games N] [--workers K]      the good bots' games for the card statistics (stats/base.json)
  dow status [--format text|json]          per set and kind: known, to transcribe, automated, tested, translated

Exit codes: 0 success; 1 the content has errors (diagnostics say where; for dow test, a scenario
fails or a chosen card does not compile); 2 usage errors (unknown command, missing file, unknown card,
outside a project, a path that is not a card file, a pipe or a device where a file is wanted) and a file
that cannot be written (a full disk, a read-only or forbidden folder: its path and why, the old outputs
left as they were); 70 a bug in dow (one line; DOW_DEBUG=1 shows the traceback); 130 stopped by Ctrl-C.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from dow.compiler.messages import M, Msg

from .common import (EXIT_CONTENT, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, UsageError,  # noqa: F401
                     _game_bundle, _positive, _root, game_message)


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit code."""
    parser = _parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:          # argparse has printed its usage error; --format json wants JSON too
        if stop.code and _Parser.last_error and any(a == "json" or a == "--format=json" for a in argv):
            print(json.dumps({"ok": False, "error": _Parser.last_error, "diagnostics": []}, ensure_ascii=False,
                             indent=1))
            return EXIT_USAGE
        raise
    if not getattr(args, "command", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return args.run(args)
    except UsageError as err:
        text = err.args[0] if err.args else ""
        return _fail(args, text.render(_lang(args)) if isinstance(text, Msg) else str(text), EXIT_USAGE)
    except KeyboardInterrupt:   # Ctrl-C: outputs are written whole or not at all, so there is nothing to undo
        return _fail(args, M("cli.interrupted").render(_lang(args)), EXIT_INTERRUPTED, "\n")
    except BrokenPipeError:  # the reader went away ('dow i18n export | head'): stop quietly
        sys.stderr.close()
        return EXIT_OK
    except OSError as err:   # a path given on the command line that cannot be read or written
        where = err.filename if err.filename is not None else "?"
        return _fail(args, M("cli.cannot-use", path=where, reason=err.strerror or str(err)).render(_lang(args)),
                     EXIT_USAGE)
    except Exception as err:  # noqa: BLE001 - a bug: one clear line, the traceback only when asked for
        if os.environ.get("DOW_DEBUG"):
            raise
        return _fail(args, M("cli.internal-error", error=f"{type(err).__name__}: {err}").render(_lang(args)),
                     EXIT_INTERNAL)


def _fail(args, text: str, code: int, before: str = "") -> int:
    """Say why the command stopped: on stderr, and as the JSON document on stdout under --format json."""
    if getattr(args, "format", None) == "json":
        print(json.dumps({"ok": False, "error": text, "diagnostics": []}, ensure_ascii=False, indent=1))
    print(f"{before}dow: {text}", file=sys.stderr)
    return code


def _lang(args) -> str | None:
    """The language of messages asked for on the command line (i18n's --lang is the language it works on)."""
    return None if getattr(args, "command", None) == "i18n" else getattr(args, "lang", None)


#: the distribution the command line ships in (the name "dow" on the package index is another project's)
DISTRIBUTION = "dow-toolchain"


def version() -> str:
    """The installed dow version and the bundle format it writes."""
    from importlib.metadata import PackageNotFoundError, version as installed
    from dow.runtime.bundle import IR_VERSION
    try:
        number = installed(DISTRIBUTION)
    except PackageNotFoundError:       # run from a source tree that was never installed
        number = "unknown"
    return f"dow {number} (bundle ir_version {IR_VERSION})"


class _VersionAction(argparse._VersionAction):
    """``--version``, its text made only when it is asked for: finding the installed version imports
    importlib.metadata, which every other command would pay for at start-up."""

    def __call__(self, parser, namespace, values, option_string=None):
        self.version = version()
        super().__call__(parser, namespace, values, option_string)


LANG_HELP = "the language of the diagnostics (default: $DOW_LANG, else en)"
VARIANT_HELP = ("warring-colonies (two colonies at war; the player counts are in its ruleset), quick (its "
                "shorter game), random-items (the Random Items module); repeatable")


class _Parser(argparse.ArgumentParser):
    """argparse, remembering its last error (for the JSON form of a usage error)."""

    last_error = ""

    def error(self, message: str):
        """Remember the message, then print the usage and exit 2 as argparse does."""
        _Parser.last_error = message
        super().error(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="dow", description="Dead of Winter rules-and-content toolchain.",
                                     epilog="Exit codes: 0 ok, 1 content errors (dow test: a scenario failed), 2 usage "
                                            "errors, 70 a bug in dow (DOW_DEBUG=1 shows its traceback), 130 stopped "
                                            "by Ctrl-C.")
    parser.add_argument("--version", action=_VersionAction, help="print the version and exit")
    parser.add_argument("--root", type=Path, default=None, help="the project folder (default: found from here)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = sub.add_parser("check", help="check card files and print diagnostics")
    check.add_argument("paths", nargs="*", type=Path, help="card files or folders (default: content/)")
    check.add_argument("--format", choices=("text", "json"), default="text",
                       help="text for people (default), json for tools")
    check.add_argument("--lang", choices=("pt", "en", "vi"), default=None, help=LANG_HELP)
    check.add_argument("--compare-text", action=argparse.BooleanOptionalAction, default=True,
                       help="warn where a card's authored text and its generated text disagree (L004; on by default)")
    check.set_defaults(run=cmd_check)

    build = sub.add_parser("build", help="compile content/ into build/bundle.json, the schemas and the site")
    build.add_argument("--out", type=Path, default=None, help="output folder (default: build/)")
    build.add_argument("--force", action="store_true", help="rebuild even if nothing changed")
    build.add_argument("--no-site", action="store_true", help="write the bundle only, not the website")
    build.add_argument("--pseudo", action="store_true",
                       help="build the website in the pseudo-locale (every catalogue text accented and "
                            "bracketed) into DIR/site-pseudo/qps/, to find text that skips the catalogues")
    build.add_argument("--format", choices=("text", "json"), default="text",
                       help="text for people (default); json prints one JSON document on stdout, errors too")
    build.add_argument("--lang", choices=("pt", "en", "vi"), default=None, help=LANG_HELP)
    build.set_defaults(run=cmd_build)

    test = sub.add_parser("test", help="run the scenario tests card files carry: dow test car-crash",
                          description="Run the scenario tests (docs/scenarios.md) that card files carry under\n"
                                      "'tests:' on the reference engine: one line per scenario, then each failure at\n"
                                      "its file:line:col with what was expected and what happened. A card that does\n"
                                      "not compile fails with its diagnostics. dow check does not run scenarios.\n\n"
                                      "Exit codes: 0 every scenario passed; 1 a scenario failed or a chosen card does\n"
                                      "not compile; 2 an unknown card or path.",
                          epilog="examples:\n"
                                 "  dow test                                      every card's scenarios\n"
                                 "  dow test car-crash                            one card: id, file name or name\n"
                                 "  dow test content/base/crossroads/ --lang pt   a folder of cards, in Portuguese\n"
                                 "  dow test car-crash --format json              one JSON document, for tools",
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    test.add_argument("cards", nargs="*", type=_card_query, metavar="CARD",
                      help="card ids, file names or card names (as dow explain takes them), or card files and "
                           "folders (as dow check takes them); default: every card")
    test.add_argument("--format", choices=("text", "json"), default="text",
                      help="text for people (default), json for tools (one JSON document)")
    test.add_argument("--lang", choices=("pt", "en", "vi"), default=None,
                      help="the language of the report (default: $DOW_LANG, else en)")
    test.set_defaults(run=cmd_test)

    explain = sub.add_parser("explain", help="show a card's text and compiled tree")
    explain.add_argument("card", help="a card id, file path or name")
    explain.add_argument("--lang", choices=("pt", "en", "vi"), default="en",
                         help="the language of the card's text (default: en)")
    explain.set_defaults(run=cmd_explain)

    new = sub.add_parser("new", help="write a new card file to fill in")
    new.add_argument("kind", help="survivor, crossroads, crisis, item, tactic, …")
    new.add_argument("name", help="the card's name, e.g. 'Sparky'")
    new.add_argument("--set", default="base", help="the set (default: base)")
    new.set_defaults(run=cmd_new)

    serve = sub.add_parser("serve", help="build, serve the site on 127.0.0.1, rebuild when content changes")
    serve.add_argument("--port", type=_port, default=8000, help="the port to serve on (default: 8000; 0: any free one)")
    serve.add_argument("--once", action="store_true", help="build and serve one rebuild cycle, then stop (tests)")
    serve.set_defaults(run=cmd_serve)

    play = sub.add_parser("play", help="play a whole base game with bots and print its log")
    play.add_argument("--game", choices=("base", "winter-tricks"), default="base",
                      help="the base game (default) or Winter Tricks")
    play.add_argument("--variant", action="append", default=[], choices=("warring-colonies", "quick", "random-items"),
                      help=VARIANT_HELP)
    play.add_argument("--players", type=_positive, default=4, help="how many players (default: 4)")
    play.add_argument("--seed", type=int, default=0, help="the game's seed: the same seed plays the same game")
    play.add_argument("--agents", choices=("bot", "random", "heuristic", "search"), default="heuristic",
                      help="who plays: the heuristic bots that play toward their goals (default), the modest "
                           "bots, the search bots that look ahead, or players choosing at random (Winter Tricks: "
                           "random or heuristic; 'bot' seats random players there)")
    play.add_argument("--lang", choices=("pt", "en", "vi"), default="en", help="the language of the log (default: en)")
    play.add_argument("--as", dest="as_player", default=None, help="also show this player's private lines (p1 …)")
    play.add_argument("--agent-cmd", default=None, metavar="CMD",
                      help="seat a program of your own: CMD runs in another process and answers the game's "
                           "decisions as JSON lines on its standard input and output (docs/agent-protocol.md)")
    play.add_argument("--agent-seat", action="append", default=[], metavar="PLAYER",
                      help="the seat CMD plays (p1 …; repeat for more); without it, every seat")
    play.add_argument("--agent-timeout", type=float, default=60.0, metavar="SECONDS",
                      help="how long CMD may take to answer one decision (default: 60)")
    play.add_argument("--save", type=Path, default=None, help="write the game's replay file here")
    play.add_argument("--quiet", action="store_true", help="print nothing but errors")
    play.set_defaults(run=cmd_play)

    replay = sub.add_parser("replay", help="play a recorded game again and check its log is identical")
    replay.add_argument("file", type=Path, help="a replay file written by 'dow play --save'")
    replay.add_argument("--lang", choices=("pt", "en", "vi"), default="en", help="the language of the log (default: en)")
    replay.add_argument("--quiet", action="store_true", help="print only whether the log is identical")
    replay.set_defaults(run=cmd_replay)

    simulate = sub.add_parser("simulate", help="many games with bots: win rates, game length, card use")
    simulate.add_argument("--game", choices=("base", "winter-tricks"), default="base",
                          help="the base game (default) or Winter Tricks")
    simulate.add_argument("--variant", action="append", default=[], choices=("warring-colonies", "quick", "random-items"),
                          help=VARIANT_HELP)
    simulate.add_argument("--games", type=_positive, default=100, help="how many games (default: 100)")
    simulate.add_argument("--seed", type=int, default=0, help="the first game's seed; the others follow it")
    simulate.add_argument("--players", type=_positive, default=4, help="how many players (default: 4)")
    simulate.add_argument("--agents", default="heuristic", help="heuristic (default), bot, random or search; or two "
                          "joined by ':' (loyal:betrayer in the base game, colony a:colony b in Warring Colonies); "
                          "Winter Tricks: random or heuristic ('bot' seats random players there), or kinds joined "
                          "by ':' for seats p1, p2, … (the last fills the others: heuristic:random)")
    simulate.add_argument("--format", choices=("text", "json"), default="text",
                          help="json: one JSON object per finished game as it ends, then the summary (JSON Lines)")
    simulate.add_argument("--out", type=Path, default=None, help="also write the summary as JSON here")
    simulate.add_argument("--progress", action="store_true", help="show the progress bar even when not a terminal")
    simulate.add_argument("--workers", default="1", help="processes to play on: a number, or 0 or auto for every core")
    simulate.add_argument("--cluster", default=None, metavar="ADDRESS",
                          help="play on the Dask scheduler at ADDRESS (tcp://host:8786), or 'local' for a local "
                               "Dask cluster of --workers processes; needs the extra: pip install 'dow-toolchain[cluster]'")
    simulate.set_defaults(run=cmd_simulate)
    from .statscmd import add_parser as add_stats   # dow stats: the website's card statistics (cli/statscmd.py)
    add_stats(sub)

    i18n = sub.add_parser("i18n", help="translation coverage, PO export and import")
    i18n.add_argument("action", choices=("status", "export", "import", "sync"),
                      help="status: coverage; export/import: PO files out and back in; sync: record translations "
                           "as up to date")
    i18n.add_argument("file", nargs="?", type=Path, help="the PO file to import")
    i18n.add_argument("--lang", choices=("pt", "vi"), help="the language to export, import or sync")
    i18n.add_argument("--out", type=Path, help="where export writes (default: stdout)")
    i18n.set_defaults(run=cmd_i18n)

    status = sub.add_parser("status", help="per set and kind: known, needs transcription, full, partial, "
                            "manual, tested and translated cards")
    status.add_argument("--format", choices=("text", "json"), default="text",
                        help="text for people (default), json for tools")
    status.set_defaults(run=cmd_status)

    docs = sub.add_parser("docs", help="regenerate the generated docs (effect language and card files "
                                       "in pt/en/vi, diagnostics; the host protocol and decision tables "
                                       "of embedding.md and runtime.md)")
    docs.set_defaults(run=cmd_docs)

    conformance = sub.add_parser("conformance", help="export every card and rule scenario as JSON traces "
                                                     "for other runtimes (docs/conformance.md)")
    conformance.add_argument("action", choices=("export",), help="export: write the traces")
    conformance.add_argument("--out", type=Path, default=Path("build") / "conformance",
                             help="the folder to write (default: build/conformance)")
    conformance.set_defaults(run=cmd_conformance)
    completion = sub.add_parser("completion", help="print a shell completion script: "
                                                   "eval \"$(dow completion bash)\" in ~/.bashrc")
    completion.add_argument("shell", choices=("bash", "zsh"), help="the shell to complete in")
    completion.set_defaults(run=cmd_completion)
    return parser


def _card_query(text: str) -> Path:
    """A card on the command line: an empty one would be read as '.', every card under the folder."""
    if not text.strip():
        raise argparse.ArgumentTypeError(M("cli.empty-card").render())
    return Path(text)


def _port(text: str) -> int:
    """A TCP port number (0: let the system pick a free one)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port number (0 to 65535)")
    return value


def cmd_completion(args) -> int:
    """dow completion bash|zsh: a completion script made from this parser."""
    from .completion import script
    print(script(_parser(), args.shell))
    return EXIT_OK


def _other_game(args):
    """The game module for --game, or None for the base game."""
    if args.game == "base":
        return None
    from dow.runtime.games import winter_tricks
    if args.players not in winter_tricks.PLAYERS:
        raise UsageError(f"{winter_tricks.NAME} is for {min(winter_tricks.PLAYERS)} to "
                         f"{max(winter_tricks.PLAYERS)} players, not {args.players}")
    return winter_tricks


def _other_agents(args) -> dict:
    """Winter Tricks' seats for --agents: random or heuristic, or kinds joined by ':' for seats p1, p2, …
    (the last kind fills the other seats); 'bot' seats random players (Winter Tricks has no modest bot)."""
    from dow.runtime.games.winter_tricks_bot import agents_for
    try:
        return agents_for("random" if args.agents == "bot" else args.agents, args.seed, args.players)
    except ValueError as err:
        raise UsageError(str(err)) from None


def _regular_or_absent(path: Path, write: bool) -> None:
    """Refuse a path that is there but is not a regular file (a pipe, a device, a socket, a folder):
    reading a pipe waits for ever, and writing a file in a device's place would replace the device."""
    import stat
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as err:
        reason: Msg | str = err.strerror or str(err)
    else:
        if stat.S_ISREG(mode):
            return
        reason = M("cli.not-a-regular-file")
    raise UsageError(M("cli.cannot-write", path=path, reason=reason) if write else
                     M("cli.cannot-read", path=path, reason=reason))


def _save(path: Path, text: str) -> None:
    """Write a replay file whole (or not at all): a temporary file beside it, renamed into its place; a
    folder that is not there, or a path that is not a regular file (a device), is a usage error."""
    from dow.compiler.project import write_atomic
    _regular_or_absent(path, write=True)
    try:
        write_atomic(path, text, make_folder=False)
    except OSError as err:
        raise UsageError(M("cli.cannot-write", path=path, reason=err.strerror or str(err))) from None


def cmd_play(args) -> int:
    from dow.runtime.engine.game import GameError
    from dow.runtime.engine.sim import play_game
    from dow.render.playlog import Teller
    if args.save and not args.save.parent.is_dir():   # said before the game is played, not after
        raise UsageError(M("cli.cannot-write", path=args.save, reason=M("cli.no-folder")))
    if args.save:
        _regular_or_absent(args.save, write=True)
    bundle = _game_bundle(args)
    other = _other_game(args)
    seats = _agent_seats(args)
    if args.agent_cmd is not None:
        return _play_with_agent(args, bundle, other, seats)
    if other is not None:
        game = other.new_game(bundle, args.seed, args.players, _other_agents(args))
        result = game.run()
        teller = Teller(bundle, args.lang)
        lines = game.log.seen_by(args.as_player) if args.as_player else game.log.public()
        if not args.quiet:
            for text in teller.lines(lines):
                print(text)
        if args.save:
            replay = game.replay()
            replay.setup = {"game": other.NAME, "players": args.players}
            _save(args.save, replay.to_json() + "\n")
        return EXIT_CONTENT if game.check_invariants() else EXIT_OK
    from dow.runtime.interpreter import EffectError
    try:
        game, replay, result = play_game(bundle, args.seed, args.players, args.agents, check=True,
                                         variants=args.variant)
    except GameError as err:
        raise UsageError(game_message(err)) from None
    except EffectError as err:          # a card the bundle check let through that the engine cannot play
        print(f"dow: {err}", file=sys.stderr)
        return EXIT_CONTENT
    teller = Teller(bundle, args.lang, game.state.cards)
    _tell_and_save(args, teller, game, replay)
    return EXIT_CONTENT if result["violations"] else EXIT_OK


def _agent_seats(args) -> list[str]:
    """The seats --agent-cmd plays (every seat without --agent-seat); a seat not at the table, or
    --agent-seat without --agent-cmd, is a usage error."""
    table = [f"p{i + 1}" for i in range(args.players)]
    if args.agent_seat and args.agent_cmd is None:
        raise UsageError("--agent-seat names the seats of --agent-cmd: give the command too")
    wrong = [s for s in args.agent_seat if s not in table]
    if wrong:
        raise UsageError(f"--agent-seat {wrong[0]}: the seats of a {args.players}-player game are "
                         f"{', '.join(table)}")
    if args.agent_timeout <= 0:
        raise UsageError(f"--agent-timeout takes a number of seconds above 0, not {args.agent_timeout:g}")
    return list(dict.fromkeys(args.agent_seat)) or table


def _play_with_agent(args, bundle, other, seats: list[str]) -> int:
    """dow play --agent-cmd: the game with a program in another process at ``seats``. An agent that breaks
    the protocol ends the game with the decision and the reason said, never a traceback (exit 1)."""
    import shlex
    from dow.runtime.agent_process import AgentError, ProcessAgent
    from dow.runtime.engine.game import GameError
    from dow.runtime.engine.sim import play_game
    from dow.render.playlog import Teller
    try:
        command = shlex.split(args.agent_cmd)
    except ValueError as err:
        raise UsageError(f"--agent-cmd {args.agent_cmd!r}: {err}") from None
    if not command:
        raise UsageError("--agent-cmd is empty: name the program to run")
    game_name = other.NAME if other is not None else "+".join(["base", *args.variant])
    try:
        agent = ProcessAgent(command, seats, timeout=args.agent_timeout,
                             start={"game": game_name, "players": args.players, "seed": args.seed})
    except AgentError as err:
        raise UsageError(str(err)) from None
    result = None
    try:
        if other is not None:
            agents = _other_agents(args)
            agents.update({seat: agent for seat in seats})
            game = other.new_game(bundle, args.seed, args.players, agents)
            agent.observe(game)
            result = game.run()
            replay = game.replay()
            replay.setup = {"game": other.NAME, "players": args.players}
            broken = bool(game.check_invariants())
            teller = Teller(bundle, args.lang)
        else:
            game, replay, result = play_game(bundle, args.seed, args.players, args.agents, check=True,
                                             variants=args.variant, seated={seat: agent for seat in seats})
            broken = bool(result["violations"])
            teller = Teller(bundle, args.lang, game.state.cards)
    except AgentError as err:
        print(f"dow: the game ended: {err} (agent: {args.agent_cmd})", file=sys.stderr)
        return EXIT_CONTENT
    except GameError as err:
        raise UsageError(game_message(err)) from None
    finally:
        code = agent.close({k: result[k] for k in ("winners", "ending", "rounds") if k in result} if result else None)
    _tell_and_save(args, teller, game, replay)
    if code not in (0, None) and not args.quiet:
        print(f"dow: the agent exited with code {code} after the game", file=sys.stderr)
    return EXIT_CONTENT if broken else EXIT_OK


def cmd_replay(args) -> int:
    """dow replay: play a replay file again; exit 1 if the log differs or the replay does not fit the game."""
    from dow.runtime.bundle import BundleError
    from dow.runtime.engine.game import GameError
    from dow.runtime.engine.sim import replay_game
    from dow.runtime.interpreter import EffectError
    from dow.runtime.replay import AnswersLeftOver, Replay, ReplayError
    from dow.render.playlog import Teller
    if args.file.exists():
        _regular_or_absent(args.file, write=False)       # a pipe would be waited on for ever
    try:
        replay = Replay.from_json(args.file.read_bytes().decode("utf-8"))
    except OSError as err:
        raise UsageError(M("cli.cannot-read", path=args.file, reason=err.strerror or str(err))) from None
    except (UnicodeDecodeError, ReplayError) as err:
        reason = err if isinstance(err, ReplayError) else f"it is not UTF-8 text (byte {err.start})"
        raise UsageError(M("cli.not-a-replay", path=args.file, reason=str(reason))) from None
    bundle = _game_bundle(args)
    try:
        if replay.setup.get("game") == "winter-tricks":
            from dow.runtime.games import winter_tricks
            replay.check_bundle(bundle)
            game = winter_tricks.new_game(bundle, replay.seed, replay.setup.get("players", 4), replay.agent())
            game.run()
            same = game.log.digest() == replay.log_hash
            lines = Teller(bundle, args.lang).lines(game.log.public())
        else:
            game, same = replay_game(bundle, replay)
            lines = Teller(bundle, args.lang, game.state.cards).lines(game.log.public())
    except BundleError as err:
        print(f"dow: {err}", file=sys.stderr)
        return EXIT_CONTENT
    except AnswersLeftOver as err:
        print(f"dow: {M('cli.answers-left-over', n=err.count).render(_lang(args))}", file=sys.stderr)
        return EXIT_CONTENT
    except (ValueError, LookupError, GameError, EffectError) as err:   # a recorded answer that no longer fits
        said = game_message(err)
        text = said.render(_lang(args)) if isinstance(said, Msg) else said
        text = text if len(text) <= 300 else text[:297] + "..."
        print(f"dow: {M('cli.replay-does-not-fit', reason=text).render(_lang(args))}", file=sys.stderr)
        return EXIT_CONTENT
    if replay.leftover():
        print(f"dow: {M('cli.answers-left-over', n=replay.leftover()).render(_lang(args))}", file=sys.stderr)
        return EXIT_CONTENT
    if not args.quiet:
        for text in lines:
            print(text)
    print((M("cli.replay-same") if same else
           M("cli.replay-differs", now=game.log.digest(), recorded=replay.log_hash)).render(_lang(args)),
          file=sys.stderr)
    return EXIT_OK if same else EXIT_CONTENT


def cmd_simulate(args) -> int:
    import json
    from dow.runtime.engine.sim import new_game, simulate
    bundle = _game_bundle(args)

    from dow.runtime.engine.workers import Progress
    progress = Progress(sys.stderr) if sys.stderr.isatty() or args.progress else None
    other = _other_game(args)
    if other is not None and args.variant:
        raise UsageError(M("cli.variant-not-here", game=other.NAME))
    if other is not None:
        _other_agents(args)                       # a bad spec is refused before any game is played
        summary = other.simulate(bundle, args.games, args.seed, args.players,
                                 "random" if args.agents == "bot" else args.agents)
        print(json.dumps(summary, ensure_ascii=False, indent=1))
        return EXIT_CONTENT if summary["crashes"] or summary["invariant_violations"] else EXIT_OK
    from dow.runtime.engine.game import GameError
    from dow.runtime.engine.sim import parse_agents
    try:                                          # a bad combination is refused before any game is played
        new_game(bundle, args.seed, args.players, variants=args.variant)
        parse_agents(args.agents)
    except (GameError, ValueError) as err:
        raise UsageError(game_message(err)) from None
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
    """dow serve: preview the site locally; a saved card rebuilds its pages, any other file the site."""
    from dow.site.serve import serve
    return serve(_root(args), args.port, once=args.once)


def cmd_i18n(args) -> int:
    """dow i18n status|export|import|sync."""
    from dow.i18n import workflow as i18n
    from dow.compiler.project import CONTENT, card_files
    root = _root(args)
    files = card_files([root / CONTENT])
    if args.action == "status":
        print(i18n.render_status(i18n.status(files, i18n.catalogue_base(root), root)))
        return EXIT_OK
    if args.action == "import":
        if args.file is None or not args.file.is_file():
            raise UsageError(M("cli.import-needs-po"))
        return _import(args, i18n, files, root)
    if not args.lang:
        raise UsageError(M("cli.needs-lang", action=args.action))
    if args.action == "sync":
        changed = i18n.sync(files, args.lang)
        print(f"recorded hashes in {len(changed)} card file{'s' * (len(changed) != 1)}")
        if i18n.catalogue_base(root) is not None:
            from dow.i18n.catalogues import sync_all
            print(f"recorded hashes of {sync_all(args.lang, i18n.catalogue_base(root))} catalogue strings")
        from dow.i18n.rules import sync_all as sync_rules
        print(f"recorded hashes of {sync_rules(root, args.lang)} rules and glossary texts")
        return EXIT_OK
    text = i18n.export_po(files, args.lang, root)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    else:
        print(text, end="")
    return EXIT_OK


#: the problems of a refused PO file told one a line, at most
SHOWN = 20


def _import(args, i18n, files: list, root: Path) -> int:
    """dow i18n import: the PO file checked whole, then every file it changes written, or none."""
    name = args.file
    skipped: list = []
    try:
        changed = i18n.import_po(name.read_text(encoding="utf-8"), files, args.lang, None, root, skipped)
    except i18n.PoFileError as err:
        for line, text in err.problems[:SHOWN]:
            print(f"{name}:{line}: {text}", file=sys.stderr)
        if len(err.problems) > SHOWN:
            print(f"{name}: … and {len(err.problems) - SHOWN} more", file=sys.stderr)
        n = len(err.problems)
        raise UsageError(f"{name}: {n} problem{'s' * (n != 1)}: nothing imported") from None
    except i18n.PoLanguageError as err:
        raise UsageError(f"{name}:{err.line}: {err}") from None
    except UnicodeDecodeError as err:
        raise UsageError(f"{name}: byte {err.start}: not UTF-8 text: nothing imported") from None
    except OSError as err:
        raise UsageError(f"{err.filename or name}: {err.strerror or err}: nothing imported, every file as it was") \
            from None
    for path in changed:
        try:
            shown = path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            shown = str(path)
        print(f"changed {shown}")
    for line, context, why in skipped:   # not written: the translator is told where
        print(f"{name}:{line}: {context}: {why}", file=sys.stderr)
    print(f"updated {len(changed)} file{'s' * (len(changed) != 1)} (card files and catalogues); "
          f"{len(skipped)} entr{'ies' if len(skipped) != 1 else 'y'} skipped")
    return EXIT_OK


def cmd_status(args) -> int:
    """dow status: how far the corpus has come (exit 1 if the content does not compile)."""
    from dow.site import status
    from dow.compiler.project import CONTENT, compile_paths
    root = _root(args)
    build = compile_paths([root / CONTENT], root)
    if not build.ok:
        _report(build.diagnostics, "text", "")
        return EXIT_CONTENT
    rows = status.table(root, build.cards)
    print(status.as_json(rows) if args.format == "json" else status.render(rows))
    return EXIT_OK


def cmd_docs(args) -> int:
    """dow docs: write the generated author reference and the generated sections of the engine docs."""
    from dow.render.docs import write_docs
    try:
        written = write_docs(_root(args))
    except ValueError as err:        # a hand-written page whose generated section lost its end mark
        print(f"dow: {err}", file=sys.stderr)
        return EXIT_CONTENT
    for path in written:
        print(f"wrote {path}")
    return EXIT_OK


def cmd_conformance(args) -> int:
    """dow conformance export: the scenarios as traces, with the bundle they were made from."""
    from .conformance import export
    root = _root(args)
    bundle = _game_bundle(args)
    out = args.out if args.out.is_absolute() else root / args.out
    try:
        export(bundle, root, out)
    except ValueError as err:      # a scenario the reference runtime itself fails: no trace can say it
        print(f"dow: {err}", file=sys.stderr)
        return EXIT_CONTENT
    return EXIT_OK


def cmd_check(args) -> int:
    """dow check: compile and report, write nothing but the caches."""
    import time

    from dow.compiler.project import CONTENT, compile_paths
    from dow.compiler.readings import prune, readings_folder
    root = _root(args)
    paths = args.paths or [root / CONTENT]
    for p in args.paths:              # each path given is a card file or a folder holding some
        _card_path(p)
    compare = kept = None
    readings, started = readings_folder(root), time.time()     # clause readings, kept between runs
    if args.compare_text:           # L004 warnings made card by card, kept between checks by card and renderer
        from functools import partial

        from dow.render.text import kept_folder, kept_text_warnings, prune_kept
        kept = kept_folder(root)
        compare = partial(kept_text_warnings, folder=kept)
    build = compile_paths(paths, root, compare_text=compare, readings=readings)
    if not args.paths:                          # the whole project checked: drop what it no longer has
        if kept is not None:
            prune_kept(kept, started - 1)       # (1 s: file times lag the clock by a tick)
        prune(readings, started - 1)
    _report(build.diagnostics, args.format, M("cli.checked", n=build.files), args.lang)
    if args.format != "json":           # the JSON form stays the list of diagnostics it has always been
        from .cardtests import carried
        cards, scenarios = carried(build.cards)
        if scenarios:
            print(M("cli.scenarios-carried", n=cards, scenarios=M("test.scenarios", n=scenarios)).render(args.lang))
    return EXIT_OK if build.ok else EXIT_CONTENT


def _card_path(path: Path) -> None:
    """Refuse a path ``dow check`` would check nothing in: one that is not there, a file that is not a
    card file (.yaml), a pipe or a device (reading one would wait, or read nothing), a folder without
    card files."""
    from dow.compiler.project import card_files
    if not path.exists():
        raise UsageError(M("cli.no-such-path", path=path))
    if path.is_dir():
        if not card_files([path]):
            raise UsageError(M("test.no-card-files", path=path))
        return
    _regular_or_absent(path, write=False)
    if path.suffix not in (".yaml", ".yml"):
        raise UsageError(M("cli.not-a-card-file", path=path))


def cmd_test(args) -> int:
    """dow test: run the scenarios of the chosen cards (every card by default); exit 1 if one fails."""
    from . import cardtests
    root = _root(args)
    try:
        chosen = cardtests.choose([str(p) for p in args.cards], root)
    except cardtests.NoSuchCard as err:
        raise UsageError(err.message) from None
    result = cardtests.run(root, chosen)
    if args.format == "json":
        print(cardtests.to_json(result, args.lang))
        return EXIT_OK if result.ok else EXIT_CONTENT
    out, err = cardtests.render(result, args.lang)
    if err:
        print(err, file=sys.stderr, flush=True)
    print(out)
    return EXIT_OK if result.ok else EXIT_CONTENT


def cmd_build(args) -> int:
    """dow build: compile content/, write the bundle, the schemas and the site, only if clean; one build at a
    time per folder; a build stopped part way is redone by the next."""
    from dow.compiler.project import BUILD, build_lock
    root = _root(args)
    out = (args.out or root / BUILD).resolve()
    say = (lambda m: print(m, file=sys.stderr, flush=True)) if args.format == "json" else \
        (lambda m: print(m, flush=True))
    try:
        with build_lock(out, say):
            result = _build(args, root, out, say)
    except OSError as err:      # a full disk, a read-only or forbidden folder: the file, and why
        where = err.filename if isinstance(err.filename, str) else out.as_posix()
        raise UsageError(M("cli.cannot-write", path=where, reason=err.strerror or str(err))) from None
    if args.format == "json":
        print(json.dumps(result, ensure_ascii=False, indent=1))
    return EXIT_OK if result["ok"] else EXIT_CONTENT


def _build(args, root: Path, out: Path, say) -> dict:
    """The build itself, under the folder's lock; what it did, as the JSON form prints it. The bundle and
    the schemas are written beside their places, the site in a folder of its own, and all of them put
    in place once every one is written: a failure (a full disk) leaves the old ones as they were."""
    from dow.compiler.project import (bundle_of, compile_paths, fingerprint, forget_manifest, read_inputs, schema_errors,
                          stage_outputs, swap_in, up_to_date, write_manifest)
    site = not args.no_site and not args.pseudo
    result = {"ok": True, "up_to_date": False, "bundle": None, "cards": 0, "site": None, "diagnostics": []}
    if not args.force and not args.pseudo and up_to_date(root, out, site):
        result.update(up_to_date=True, bundle=(out / "bundle.json").as_posix(), site=(out / "site").as_posix()
                      if site else None)
        if args.format != "json":
            print(M("cli.up-to-date", path=f"{out.as_posix()}/bundle.json").render(args.lang))
        return result
    from dow.compiler.readings import readings_folder
    before = fingerprint(root)      # the inputs before the build reads any of them (the manifest records what was read)
    from dow.site.status import file_facts       # what the site reads of each card file, read from the compile's parse
    build = compile_paths([root / "content"], root, readings=readings_folder(root), facts=file_facts if site else None)
    if build.ok:
        for message in schema_errors(build):
            build.diagnostics.add(_v001(message))
    if not build.ok:
        _report(build.diagnostics, args.format, "", args.lang, result)
        note = M("B001.not-written", path=f"{out.as_posix()}/bundle.json").render(args.lang)
        result.update(ok=False, error=note)
        if args.format != "json":       # after the count of errors, not one of them
            print(f"B001: {note}", file=sys.stderr)
        return result
    forget_manifest(out)            # from here until the manifest is written again, the folder is not up to date
    staged = stage_outputs(build, out)
    try:
        target = out / "bundle.json"
        # the site reads every card as a dict: decoded here for it only (--no-site keeps the cards packed;
        # the bundle file is written from them one card at a time)
        if args.pseudo:
            from dow.site.build import build_pseudo
            bundle = bundle_of(build.cards, build.rulesets)
            made = swap_in(lambda folder: build_pseudo(bundle, root, folder, say=say), out / "site-pseudo")
            result["site"] = made.as_posix()
            say(f"wrote {made}/qps/ (pseudo-locale)")
        elif site:
            from dow.site.build import build_site
            bundle = bundle_of(build.cards, build.rulesets)
            from dow.site.build import SiteData
            data = SiteData(bundle, root, facts=build.facts)
            made = swap_in(lambda folder: build_site(bundle, root, folder, say=say, data=data), out / "site")
            result["site"] = made.as_posix()
            say(f"wrote {made}/ (pt, en, vi)")
        staged.commit()
    finally:
        staged.discard()
    _report(build.diagnostics, args.format, M("cli.wrote-bundle", path=target, n=len(build.cards)), args.lang, result)
    result.update(bundle=target.as_posix(), cards=len(build.cards))
    write_manifest(root, out, site, read_inputs(before, build))
    return result


def _v001(message: str):
    from dow.compiler.diagnostics import Diagnostic
    from dow.compiler.messages import M
    return Diagnostic("V001", M("V001.bundle-schema", problem=message), hint=M("hint.compiler-bug-files"))


def _report(diags, fmt: str, summary: str, lang: str | None = None, result: dict | None = None) -> None:
    """Diagnostics and a summary line; in JSON, the diagnostics go into ``result`` when one is given."""
    if fmt == "json":
        if result is not None:
            result["diagnostics"] = json.loads(diags.to_json(lang))
        else:
            print(diags.to_json(lang))
        return
    if diags.items:
        print(diags.render(lang), file=sys.stderr)
    if summary:
        print(summary.render(lang) if isinstance(summary, Msg) else summary)


def cmd_explain(args) -> int:
    """dow explain: the card's own text and its compiled tree."""
    from dow.render.explain import explain
    from dow.compiler.project import CONTENT
    if not args.card.strip():          # an empty name is found in every card's name: it names none
        raise UsageError(M("cli.empty-card"))
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


def _tell_and_save(args, teller, game, replay) -> None:
    """A played game's log as the player asked to see it (all public lines, or one player's too), then its
    replay file when --save names one."""
    lines = game.log.seen_by(args.as_player) if args.as_player else game.log.public()
    if not args.quiet:
        for text in teller.lines(lines):
            print(text)
    if args.save:
        _save(args.save, replay.to_json() + "\n")
        print(M("cli.replay-saved", path=args.save).render(_lang(args)), file=sys.stderr)


def entry() -> None:
    """The ``dow`` program (and ``python -m dow``): main(), then exit with its code. Ctrl-C stops the command
    while it runs (main() says so and exits 130) and changes nothing once main() has returned: the SIGINT
    handler raises only while the command runs, and the signal is ignored from main()'s return on, so a late
    Ctrl-C can neither escape as a traceback between main() and the exit nor kill the process by the signal
    (exit -2, no message) during Python's shutdown."""
    import signal
    running = True

    def on_ctrl_c(signum, frame):
        if running:
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_ctrl_c)
    code = None
    try:
        code = main()
        running = False
    except KeyboardInterrupt:       # landed between main()'s own handler and here
        running = False
        if code is None:
            print("dow: " + M("cli.interrupted").render(None), file=sys.stderr)
            code = EXIT_INTERRUPTED
    # Python restores the default disposition of a signal whose handler is a Python function when it shuts
    # down, and a Ctrl-C landing then kills the process by the signal; an ignored signal stays ignored
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    entry()

