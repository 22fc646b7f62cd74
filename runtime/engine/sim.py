"""Whole games with bots: play one, record it, replay it, simulate many.

``play_game`` runs one seeded game with agents and returns the game and a ``Replay``
(ir_version, bundle hash, seed, set-up, every answer, the log's hash);
``replay_game`` plays a replay file again and says whether the log is identical;
``simulate`` runs many games (invariants checked after every step) and sums them up:
win rates, game length, endings, how often each card was used, violations, crashes.
Standard library only.
"""
from __future__ import annotations

import traceback
from typing import Any, Callable, Sequence, cast

from ..bundle import IR_VERSION
from ..decisions import RandomAgent
from ..replay import AnswersLeftOver, Recorder, Replay
from .basebot import BaseBot
from .game import Game, GameError
from .workers import Record, Runner, processes, run_games, serial, summarize


AGENTS: dict[str, Callable[[int], Any]] = {"random": RandomAgent, "bot": BaseBot}
KINDS = ("random", "bot", "heuristic", "search")
"""The agent kinds a seat can have: seeded random answers, the modest bot, the heuristic bot that plays toward
its goals (engine/bots/), and the search bot (engine/bots/search.py: determinized Monte-Carlo over the
heuristic's candidates; in Warring Colonies a search seat plays as the heuristic bot)."""
VARIANTS = ("warring-colonies", "quick", "random-items")
"""Variants a game can be played with: Warring Colonies (its own game on the same engine), its quick
game, and the Random Items module (base game or Warring Colonies)."""


def parse_agents(spec: str) -> tuple[str, str]:
    """An agents spec: one kind for every seat ('heuristic'), or two ('heuristic:random'): in the base game
    the loyal players' kind and the betrayer's, in Warring Colonies colony a's and colony b's (the Lone Wolf
    plays as the first). ValueError for anything else."""
    parts = spec.split(":")
    bad = [k for k in parts if k not in KINDS]
    if len(parts) > 2 or bad:
        raise ValueError(f"unknown agents {spec!r}: name one of {', '.join(KINDS)}, or two joined by ':' "
                         "(loyal:betrayer in the base game, colony a:colony b in Warring Colonies)")
    return parts[0], parts[-1]


def _maker(kind: str, colonies: bool, wolf: bool = False) -> Callable[[int], Any]:
    if kind == "random":
        return RandomAgent
    if wolf:                                        # the Lone Wolf's seat (engine/colony_lonewolf.py)
        from .colony_lonewolf import LoneWolfBot
        return LoneWolfBot
    if colonies:
        if kind in ("heuristic", "search"):          # the search bot plays the base game only
            from .bots.colonies import ColoniesHeuristicBot
            return ColoniesHeuristicBot
        from .colonies import ColoniesBot
        return ColoniesBot
    if kind == "heuristic":
        from .bots.base import HeuristicBot
        return HeuristicBot
    if kind == "search":
        from .bots.search import SearchBot
        return SearchBot
    return AGENTS[kind]


def agents_for(kind: str, seed: int, players: int, colonies: bool = False, game: Game | None = None) -> dict:
    """One agent per seat, each with its own seed derived from the game's. ``kind`` is an agents spec
    (``parse_agents``); a two-kind spec reads the seats' sides from ``game``, which it needs."""
    first, second = parse_agents(kind)
    if first != second and game is None:
        raise ValueError(f"agents {kind!r} give the two sides different kinds: the game is needed to seat them")

    def side(i: int) -> str:
        if first == second:
            return first
        if colonies:
            return second if cast(Any, game).state.teams.get(f"p{i + 1}") == "b" else first
        return second if cast(Game, game).state.players[i].betrayer else first   # game: checked above
    seats = {f"p{i + 1}": _maker(side(i), colonies)(seed * 1000 + i) for i in range(players)}
    if colonies and players % 2 and first != "random":     # the Lone Wolf's seat, the last
        seats[f"p{players}"] = _maker(first, colonies, wolf=True)(seed * 1000 + players - 1)
    return seats


def new_game(bundle: dict, seed: int = 0, players: int = 4, check: bool = True, objective: str | None = None,
             variants: tuple[str, ...] | list[str] = ()) -> Game:
    """A base game, or a Warring Colonies game if ``variants`` names it; ``quick`` and ``random-items`` set
    the game's options. A combination the rules do not have is refused (GameError)."""
    if isinstance(variants, str):       # tuple("quick") would be its letters
        raise GameError(f"variants is a list of variant names, such as ({variants!r},), not the string {variants!r}",
                        "variants-string", variant=variants)
    variants = tuple(variants)
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise GameError(f"unknown variant {unknown[0]!r}; the variants are {', '.join(VARIANTS)}", "unknown-variant",
                        variant=unknown[0], variants=", ".join(VARIANTS))
    options = {"random_items": True} if "random-items" in variants else {}
    if "warring-colonies" in variants:
        from .colonies import ColoniesGame
        if "quick" in variants:
            options["quick"] = True
        return ColoniesGame(bundle, seed=seed, players=players, check=check, options=options)
    if "quick" in variants:
        raise GameError("the quick game is a Warring Colonies variant: add 'warring-colonies' to the variants",
                        "quick-needs-wc")   # dow play says it with --variant (the catalogue's game.quick-needs-wc)
    return Game(bundle, seed=seed, players=players, check=check, objective=objective, options=options)


def play_game(bundle: dict, seed: int = 0, players: int = 4, agents: str = "bot", check: bool = True,
              objective: str | None = None, variants: tuple[str, ...] | list[str] = (),
              seated: dict | None = None) -> tuple[Game, Replay, dict]:
    """One whole game; the game (with its log), a replay of it, and its result. ``agents`` names the bots
    (``random``, ``bot``, ``heuristic``, ``search``, or two joined by ``:``, the loyal players' and the
    betrayer's); ``seated`` ({player: agent}) puts agents of the caller's own at those seats (an agent in
    another process: agent_process.py), the others get ``agents``. ``check`` runs the invariants after every
    step (what they find is ``result["violations"]``); ``objective`` picks the main objective by card id;
    ``variants`` holds ``warring-colonies``, ``quick`` (with ``warring-colonies``) and ``random-items``
    (GameError for another name or a combination the rules do not have)."""
    if not isinstance(agents, str):
        raise TypeError(f"agents names the bots of every seat ('random', 'bot', 'heuristic', 'search', or two joined "
                        f"by ':'), not an agent ({type(agents).__name__}): put an agent of your own in seated, "
                        "{player: agent}, a seat at a time")
    game = new_game(bundle, seed, players, check, objective, variants)
    seats = agents_for(agents, seed, players, colonies="warring-colonies" in variants, game=game)
    seats.update(seated or {})
    for agent in seats.values():
        if hasattr(agent, "observe"):
            agent.observe(game)
    recorder = Recorder(seats)
    result = game.run(recorder)
    replay = Replay(IR_VERSION, bundle.get("content_hash", ""), seed, recorder.decisions, game.log.digest(),
                    asked=recorder.asked)
    replay.setup = {"game": "base", "players": players, "objective": objective}
    if variants:
        replay.setup["variants"] = list(variants)
    return game, replay, result


def replay_game(bundle: dict, replay: Replay, check: bool = True) -> tuple[Game, bool]:
    """Play a replay again; the game and whether its log hash matches the recorded one. A replay with
    decisions left over when the game ends is refused (ValueError)."""
    replay.check_bundle(bundle)
    setup = getattr(replay, "setup", None) or {}
    game = new_game(bundle, replay.seed, setup.get("players", 4), check, setup.get("objective"),
                    setup.get("variants") or ())
    game.run(replay.agent())
    if replay.leftover():   # answers the game never asked for: the replay is not of this game (or was edited)
        raise AnswersLeftOver(replay.leftover())
    return game, game.log.digest() == replay.log_hash


def winner_kind(result: dict) -> str:
    """Who won a game, for the summary: nobody, the colony (loyal players, with the main objective), the
    betrayer, or only exiled players (their exiled objectives, stand-ins, met when the game ended otherwise:
    two loyal players exiled end the game on morale); in Warring Colonies colony a, colony b, both colonies
    or no colony (the Lone Wolf, who may win beside them, is counted apart: "lone wolf" is the share of games
    it won)."""
    if "betrayers" not in result:                                  # Warring Colonies
        wolf = (result.get("lone_wolf") or {}).get("player")
        colony_won = set(result["winners"]) - {wolf}
        return {"a": "colony a", "b": "colony b", "both": "both colonies"}.get(str(result.get("winner")), "no colony") \
            if colony_won else "no colony"
    winners, betrayers = set(result["winners"]), set(result["betrayers"])
    if not winners:
        return "nobody"
    if result["ending"] == "objective" and winners - betrayers:
        return "colony"
    return "betrayer" if winners & betrayers else "exiled"


def game_record(bundle: dict, seed: int, players: int, agents: str, variants: Sequence[str]) -> Record:
    """Play the game of ``seed`` with invariants checked after every step; what the summary needs of it (the
    runners of engine/workers.py play it, handed it in their options by ``simulate``)."""
    try:
        game, _, result = play_game(bundle, seed, players, agents, check=True, variants=tuple(variants))
    except Exception as exc:                                  # counted and reported, never hidden
        return {"seed": seed, "crash": {"error": f"{type(exc).__name__}: {exc}",
                                        "where": traceback.format_exc(limit=-3)}}
    track = next((line["params"]["track"] for line in game.log.lines if line["event"] == "round"), None)
    return {"seed": seed, "winner": winner_kind(result), "ending": result["ending"], "rounds": result["rounds"],
            "track": track,                           # the round track when the first round began
            "objective": result.get("objective"),     # the main objective played (base game)
            "winners": list(result["winners"]), "morale": result["morale"],
            "lone_wolf": bool((result.get("lone_wolf") or {}).get("won")),
            "card_uses": dict(result["card_uses"]), "violations": list(result["violations"])}


def simulate(bundle: dict, games: int, seed: int = 0, players: int = 4, agents: str = "bot",
             progress: Callable[[int, int], None] | None = None,
             variants: tuple[str, ...] | list[str] = (), workers: int = 1, runner: Runner | None = None,
             on_game: Callable[[dict], None] | None = None) -> dict:
    """Many games with invariants checked after every step; a summary of them all. ``workers`` > 1 plays
    them on that many processes, ``runner`` elsewhere (a cluster: cli/cluster.py); the summary is the
    same for the same seeds either way (only its timing differs). ``on_game`` gets each game's record as it
    finishes, ``progress`` (done, total) after each."""
    if runner is None:
        runner = processes(workers) if workers > 1 and games > 1 else serial
    options = {"players": players, "agents": agents, "variants": list(variants), "record": game_record}
    records, seconds = run_games(bundle, games, seed, options, runner, progress, on_game)
    return summarize(records, games, seed, players, agents, variants, seconds)
