"""A card's scenario played on the reference engine and recorded as the story a worked example tells.

site/examples.py tells a scenario to the reader; what the scenario's data says (the table, the steps,
the scripted answers and rolls) is not yet what happened at the table: which question was asked of
whom, among which choices, and what the dice showed. This module plays the scenario once on the
reference engine, as the scenario tests do (runtime/engine/scenario.py), and records, step by step,
the game log's lines and the decisions asked in between, so that each answer is told as that
player's decision ("player 2 votes for option 1: …") and each roll in the game's own words ("Brian Lee
rolls the exposure die: wound"), never as a bare list of numbers.

A run is kept per scenario (the three languages' pages tell the same run) and is keyed by the
bundle's content hash, so ``dow serve`` tells a changed card's scenarios again.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Ask:
    """One decision asked during a step: its kind, the player asked, the engine's prompt, the choices and
    the answer the script gave (as the engine took it, after the scenario's numbering was read)."""

    kind: str
    player: str
    prompt: str
    choices: tuple
    answer: Any
    src: dict


@dataclass
class Story:
    """What a scenario did: per step, the log lines and decisions in the order they happened."""

    steps: list[list[tuple[str, Any]]] = field(default_factory=list)   # ("log", line) | ("ask", Ask)
    before: dict[str, dict] = field(default_factory=dict)   # survivor short id -> {player, at, place}
    instances: dict[str, str] = field(default_factory=dict)   # the game's card instances ("c:3") -> card ids
    winter: bool = False
    players: int = 0                                           # how many players sit at the table
    teams: dict[str, str] = field(default_factory=dict)       # Warring Colonies: player -> colony ("a", "b")
    round: int | None = None                                  # the round track before the first step


_RUNS: dict[tuple[str, str, int], Story | None] = {}


def story(bundle: dict, card: dict, number: int) -> Story | None:
    """The card's scenario ``number`` (from 1) as it played, or None when it cannot be played here (a
    scenario that fails is reported by `dow test`; its page then tells the scenario's data alone)."""
    key = (str(bundle.get("content_hash", id(bundle))), card["id"], number)
    if _RUNS and next(iter(_RUNS))[0] != key[0]:   # another bundle (`dow serve` after an edit): its own runs
        _RUNS.clear()
    if key not in _RUNS:
        try:
            _RUNS[key] = _play(bundle, card, card["tests"][number - 1])
        except Exception:  # noqa: BLE001 - a scenario the engine cannot play is `dow test`'s to report
            _RUNS[key] = None
    return _RUNS[key]


def _play(bundle: dict, card: dict, test: dict) -> Story:
    from dow.runtime.engine.scenario import Scenario, WinterScenario, is_winter_tricks
    winter = is_winter_tricks(card, test)
    sc: Any = WinterScenario(bundle, card, test) if winter else Scenario(bundle, card, test)
    out = Story(winter=winter)
    current: list[tuple[str, Any]] = []
    log = sc.game.log.lines
    seen = [0]

    def flush() -> None:
        current.extend(("log", line) for line in log[seen[0]:])
        seen[0] = len(log)

    answer = sc.agent.answer

    def observed(decision: Any) -> Any:
        flush()
        value = answer(decision)
        current.append(("ask", Ask(decision.kind, decision.player, decision.prompt, tuple(decision.choices),
                                   decision.check(value), dict(decision.src or {}))))
        return value
    sc.agent.answer = observed
    if not winter:
        state = sc.game.state
        out.instances = dict(state.cards)
        out.players = len(state.players)
        out.teams = {p: str(team) for p, team in (getattr(state, "teams", None) or {}).items()}
        out.round = getattr(state, "round", None)
        for sid, s in state.survivors.items():
            out.before[sid.removeprefix("s:")] = {"player": s.controller, "at": s.location, "place": s.place}
    steps = test.get("do")
    for step in steps if isinstance(steps, list) else [steps]:
        seen[0] = len(log)
        current = []
        sc.do(step)
        flush()
        out.steps.append(current)
    if not winter:      # the cards that came into play during the steps (a crossroads card attached): by name
        out.instances.update(sc.game.state.cards)
    return out
