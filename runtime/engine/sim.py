"""Whole games with bots: play one, record it, replay it, simulate many.

``play_game`` runs one seeded game with agents and returns the game and a ``Replay``
(ir_version, bundle hash, seed, set-up, every answer, the log's hash);
``replay_game`` plays a replay file again and says whether the log is identical;
``simulate`` runs many games (invariants checked after every step) and sums them up:
win rates, game length, endings, how often each card was used, violations, crashes.
Standard library only.
"""
from __future__ import annotations

import time
import traceback
from collections import Counter
from typing import Any, Callable

from ..bundle import IR_VERSION
from ..decisions import OPTION, HeuristicAgent, RandomAgent
from ..replay import Recorder, Replay
from .game import ACTION, Game


class BaseBot(HeuristicAgent):
    """A modest bot for the base game: fights zombies at the colony, searches, feeds the crisis, then ends its turn.

    It looks only at the action on offer (no lookahead); everything else it answers like ``HeuristicAgent``.
    """

    ORDER = ("crisis", "attack", "search", "barricade", "play", "equip", "clean_waste", "move", "ability", "item",
             "food", "end")

    def __init__(self, seed: int = 0):
        self.random = RandomAgent(seed)

    def answer(self, d):
        if d.kind == OPTION and d.prompt == ACTION:
            def rank(act):
                kind = act[0]
                if kind == "attack" and act[2] != "zombie":
                    return 99                             # never attack other survivors
                if kind == "move" and act[2] == "colony":
                    return 50
                return self.ORDER.index(kind) if kind in self.ORDER else 60
            best = min(rank(a) for a in d.choices)
            options = [a for a in d.choices if rank(a) == best]
            return self.random.rng.choice(options)
        if d.kind == "vote":
            return "no" if "no" in d.choices else d.choices[0]
        if d.kind == "may":
            return d.prompt != "make noise" or self.random.rng.random() < 0.3
        return super().answer(d)


AGENTS: dict[str, Callable[[int], Any]] = {"random": RandomAgent, "bot": BaseBot}


def agents_for(kind: str, seed: int, players: int) -> dict:
    """One agent per seat, each with its own seed derived from the game's."""
    make = AGENTS[kind]
    return {f"p{i + 1}": make(seed * 1000 + i) for i in range(players)}


def play_game(bundle: dict, seed: int = 0, players: int = 4, agents: str = "bot", check: bool = True,
              objective: str | None = None) -> tuple[Game, Replay, dict]:
    """One whole game; the game (with its log), a replay of it, and its result."""
    game = Game(bundle, seed=seed, players=players, check=check, objective=objective)
    recorder = Recorder(agents_for(agents, seed, players))
    result = game.run(recorder)
    replay = Replay(IR_VERSION, bundle.get("content_hash", ""), seed, recorder.decisions, game.log.digest())
    replay.setup = {"game": "base", "players": players, "objective": objective}
    return game, replay, result


def replay_game(bundle: dict, replay: Replay, check: bool = True) -> tuple[Game, bool]:
    """Play a replay again; the game and whether its log hash matches the recorded one."""
    replay.check_bundle(bundle)
    setup = getattr(replay, "setup", None) or {}
    game = Game(bundle, seed=replay.seed, players=setup.get("players", 4), check=check,
                objective=setup.get("objective"))
    game.run(replay.agent())
    return game, game.log.digest() == replay.log_hash


def simulate(bundle: dict, games: int, seed: int = 0, players: int = 4, agents: str = "bot",
             progress: Callable[[int, int], None] | None = None) -> dict:
    """Many games with invariants checked after every step; a summary of them all."""
    endings, wins, uses = Counter(), Counter(), Counter()
    lengths, violations, crashes = [], [], []
    started = time.perf_counter()
    for k in range(games):
        try:
            game, _, result = play_game(bundle, seed + k, players, agents, check=True)
        except Exception as exc:                                  # counted and reported, never hidden
            crashes.append({"seed": seed + k, "error": f"{type(exc).__name__}: {exc}",
                            "where": traceback.format_exc(limit=-3)})
        else:
            endings[result["ending"]] += 1
            lengths.append(result["rounds"])
            if not result["winners"]:
                wins["nobody"] += 1
            elif set(result["winners"]) <= set(result["betrayers"]):
                wins["betrayer"] += 1
            else:
                wins["colony"] += 1
            uses.update(result["card_uses"])
            violations += [{"seed": seed + k, "violation": v} for v in result["violations"]]
        if progress:
            progress(k + 1, games)
    elapsed = time.perf_counter() - started
    done = len(lengths)
    return {"games": games, "seed": seed, "players": players, "agents": agents, "seconds": round(elapsed, 2),
            "games_per_second": round(games / elapsed, 1) if elapsed else None,
            "wins": {k: round(v / done, 3) for k, v in sorted(wins.items())} if done else {},
            "endings": dict(sorted(endings.items())),
            "rounds": {"mean": round(sum(lengths) / done, 2), "min": min(lengths), "max": max(lengths)} if done else {},
            "card_uses": dict(uses.most_common()), "violations": violations, "crashes": crashes}
