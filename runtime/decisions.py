"""Typed decision requests, and the agents that answer them.

The interpreter never asks a question by blocking: it stops with a ``Decision``
and resumes when the caller passes the answer in. An agent is anything with
``answer(decision) -> value``; three ship here: seeded random, scripted (for
tests and replays) and a small heuristic bot.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Generator, Sequence

#: decision kinds
OPTION, TARGETS, MAY, VOTE, ORDER, KEEP, AMOUNT = "option", "targets", "may", "vote", "order", "keep", "amount"
KINDS = (OPTION, TARGETS, MAY, VOTE, ORDER, KEEP, AMOUNT)

#: what each decision kind asks, and the answer ``advance`` (or an agent's ``answer``) gives: always values
#: taken from the decision's ``choices`` as given, never numbers as printed on a card (docs/embedding.md)
ANSWERS: dict[str, tuple[str, str]] = {
    OPTION: ("which option of a choice; in the reference engine also a turn's next action",
             "one of `choices`, as given: for a card's options an index into `card[\"options\"]` counted from 0 "
             "(an option whose `requires` fails is not offered); for a turn's action a tuple such as "
             "`(\"search\", \"s:sparky\", 5)`"),
    VOTE: ("a player's vote: a card's vote asks each voter in turn; the reference engine's vote to exile",
           "one of `choices`: for a card's vote an index into `card[\"options\"]` counted from 0, as for "
           "`option` (thumbs up is 0, thumbs down 1); for a vote to exile `\"yes\"` or `\"no\"`"),
    MAY: ("\"you may …\": do it or not", "`True` or `False`"),
    TARGETS: ("which survivors, locations, players, cards or dice", "`min` to `max` different `choices`, in a "
              "tuple or a list"),
    KEEP: ("which searched or revealed cards to keep", "`min` to `max` different `choices`, in a tuple or a list"),
    AMOUNT: ("how many, for \"up to N\"", "a whole number from `min` to `max`"),
    ORDER: ("an order: a deck's top cards being arranged, effects that happen at once",
            "`choices` in the order wanted, first (the top card) first, in a tuple or a list (`min` to `max` of "
            "them; the runtime asks for all)"),
}


@dataclass(frozen=True)
class Decision:
    """A question for one player: pick between ``min`` and ``max`` of ``choices`` (or yes/no for 'may')."""

    kind: str
    player: str
    choices: tuple[Any, ...] = ()
    min: int = 1
    max: int = 1
    prompt: str = ""
    src: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown decision kind {self.kind!r}")
        if self.kind in (OPTION, VOTE) and not self.choices:     # a question no one could answer: the asker's fault
            raise ValueError(f"{self.player} was asked {self.prompt or 'a question'!r} ({self.kind}) with nothing "
                             f"to choose from")

    def check(self, answer: Any) -> Any:
        """The answer, normalized, or ValueError if it does not fit the question. A list is taken for the tuple
        choice it equals, at any depth (JSON has no tuples: ``["search", "s:sparky", 5]`` is the choice
        ``("search", "s:sparky", 5)``), and the choice itself is returned."""
        if self.kind == MAY:
            if not isinstance(answer, bool):
                raise ValueError(f"a 'may' decision takes true or false, not {answer!r}")
            return answer
        if self.kind == AMOUNT:
            if type(answer) is not int or not self.min <= answer <= self.max:   # not True, not 2.0
                raise ValueError(f"an amount from {self.min} to {self.max} is needed, not {answer!r}")
            return answer
        if self.kind in (OPTION, VOTE):
            answer = _as_choice(answer, self.choices)
            if not _one_of(answer, self.choices):
                # (True == 1 == 1.0 in Python: a yes/no answer or a float is not option 1)
                raise ValueError(f"{answer!r} is not one of {list(self.choices)}")
            return answer
        if isinstance(answer, (str, bytes, dict)):
            raise ValueError(f"pick {self.min} to {self.max} of {list(self.choices)} as a list, not {answer!r}")
        try:
            picked = tuple(_as_choice(p, self.choices) for p in answer)
        except TypeError:
            raise ValueError(f"pick {self.min} to {self.max} of {list(self.choices)}, not {answer!r}") from None
        if not self.min <= len(picked) <= self.max or not all(_one_of(p, self.choices) for p in picked):
            raise ValueError(f"pick {self.min} to {self.max} of {list(self.choices)}, not {list(picked)}")
        # each choice once (an order is an arrangement of the choices: a card cannot be put back twice)
        if any(picked.count(p) > list(self.choices).count(p) for p in picked):
            raise ValueError(f"the same choice was picked twice: {list(picked)}")
        return picked

    def to_json(self) -> dict[str, Any]:
        """The decision as plain data (for a UI or a server)."""
        return {"kind": self.kind, "player": self.player, "choices": list(self.choices), "min": self.min,
                "max": self.max, "prompt": self.prompt, "src": self.src}


#: a watcher of the picks the engine makes for a player without asking, called with (player, prompt,
#: options, picked) when a pick had more than one option (a game's ``pick_watchers``; tests/engine/
#: test_every_choice_asked.py gives one)
PickWatcher = Callable[[Any, str, tuple[Any, ...], Any], None]


def picked_for_player(player: Any, prompt: str, options: Sequence[Any], picked: Any,
                      watchers: Sequence[PickWatcher] = ()) -> Any:
    """``picked``, which the engine chose among ``options`` for ``player`` without asking: told to the
    ``watchers`` (the game's) when there was more than one option. The rules leave no choice of a player's
    to the engine (docs/runtime.md, Every choice is asked): a call of this is a pick still to be turned into
    a question."""
    if len(set(options)) > 1:
        for watch in watchers:
            watch(player, prompt, tuple(options), picked)
    return picked


def ask_player(player: str, options: Sequence[Any], prompt: str, kind: str = "targets",
               src: dict[str, Any] | None = None) -> Generator["Decision", Any, Any]:
    """One of ``options`` (each once, in order), the player's to choose: the only one (or None) at once, else
    asked (a ``targets`` question of one, or an ``option``)."""
    unique = tuple(dict.fromkeys(options))
    if len(unique) <= 1:
        return unique[0] if unique else None
    if kind == OPTION:
        return (yield Decision(OPTION, player, unique, prompt=prompt, src=src or {}))
    return (yield Decision(TARGETS, player, unique, 1, 1, prompt=prompt, src=src or {}))[0]


def missing_seats(agents: Any, players: Sequence[str]) -> list[str]:
    """The players a ``{player: agent}`` mapping gives no agent (none for one agent that plays every seat)."""
    if not isinstance(agents, dict):
        return []
    return [p for p in players if agents.get(p) is None]


def seats_error(missing: Sequence[str], players: Sequence[str]) -> ValueError:
    """The refusal of an agents mapping that leaves seats out, naming them."""
    return ValueError(f"the agents mapping has no agent for {', '.join(missing)}: give one for every seat "
                      f"({', '.join(players)}), or one agent for all")


def seat_agent(agents: Any, player: str) -> Any:
    """The agent that answers ``player``: the mapping's, or the one agent given for every seat. A mapping without
    the player is a ValueError naming it (not a KeyError in the middle of a game)."""
    if not isinstance(agents, dict):
        return agents
    agent = agents.get(player)
    if agent is None:
        raise ValueError(f"the agents mapping has no agent for {player} (it names {', '.join(map(str, agents)) or 'nobody'})")
    return agent


#: the games the reference engine plays (a game's ``game_name``), in words, and the bots that play each
GAMES = {"base": "the base game", "warring-colonies": "Warring Colonies", "winter-tricks": "Winter Tricks"}
BOTS = {"base": "BaseBot, HeuristicBot and SearchBot",
        "warring-colonies": "ColoniesBot, ColoniesHeuristicBot and LoneWolfBot (the Lone Wolf's seat)",
        "winter-tricks": "WinterTricksBot"}


class SeatError(ValueError):
    """A bot seated at a game it does not play (the message names the bots that play it)."""


def check_seat(agent: Any, game: Any) -> None:
    """Refuse a bot at a game it cannot play, before it answers anything: a bot that reads the table names the
    games it plays (``plays``), a game of the reference engine its own (``game_name``). An agent without
    ``plays`` (RandomAgent, HeuristicAgent, one of your own) plays any game."""
    plays, name = getattr(agent, "plays", None), getattr(game, "game_name", None)
    if plays is None or name is None or name in plays:
        return
    raise SeatError(f"{type(agent).__name__} plays {' and '.join(GAMES.get(g, g) for g in plays)}, not "
                    f"{GAMES.get(name, name)}: {GAMES.get(name, name)} is played by {BOTS.get(name, 'no bot of ours')}, "
                    f"and by RandomAgent and HeuristicAgent (every agent is in dow.runtime.agents)")


class RandomAgent:
    """Answers uniformly at random from its own seeded generator."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def answer(self, d: Decision) -> Any:
        """A random valid answer."""
        if d.kind == MAY:
            return self.rng.random() < 0.5
        if d.kind == AMOUNT:
            return self.rng.randint(d.min, d.max)
        if d.kind in (OPTION, VOTE):
            return self.rng.choice(d.choices)
        if d.kind == ORDER:
            order = list(d.choices)
            self.rng.shuffle(order)
            return tuple(order)
        n = self.rng.randint(d.min, min(d.max, len(d.choices)))
        return tuple(self.rng.sample(list(d.choices), n))


class ScriptedAgent:
    """Answers from a list, in order (tests and replays); fails loudly when the script runs out."""

    def __init__(self, answers: Sequence[Any]):
        self.answers = list(answers)
        self.used = 0

    def answer(self, d: Decision) -> Any:
        """The next scripted answer."""
        if self.used >= len(self.answers):
            raise LookupError(f"the script has no answer for {d.kind} decision {d.prompt!r} of {d.player}")
        value = self.answers[self.used]
        self.used += 1
        return tuple(value) if isinstance(value, list) else value


class HeuristicAgent:
    """A simple bot: takes optional effects, the first option it may, the fewest targets."""

    def answer(self, d: Decision) -> Any:
        """A plausible answer without lookahead."""
        if d.kind == MAY:
            return True
        if d.kind == AMOUNT:
            return d.max
        if d.kind in (OPTION, VOTE):
            return d.choices[0]
        if d.kind == ORDER:
            return tuple(d.choices)
        return tuple(d.choices[: max(d.min, 1) if d.choices else 0])[: d.max]


def _tupled(value: Any) -> Any:
    """A list as a tuple, at every depth (how a choice given as JSON is compared with a tuple choice)."""
    return tuple(_tupled(v) for v in value) if isinstance(value, (list, tuple)) else value


def _as_choice(answer: Any, choices: Any) -> Any:
    """The tuple choice a list answer equals (the choice itself, as given), or the answer unchanged."""
    if isinstance(answer, list) or (isinstance(answer, tuple) and any(isinstance(v, list) for v in answer)):
        wanted = _tupled(answer)
        for choice in choices:
            if isinstance(choice, tuple) and _tupled(choice) == wanted and _same_kinds(choice, wanted):
                return choice
    return answer


def _same_kinds(a: Any, b: Any) -> bool:
    """Whether two equal values are built of the same kinds of value (1.0 and True are not 1)."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_same_kinds(x, y) for x, y in zip(a, b))
    return type(a) is type(b)


def _one_of(answer: Any, choices: Any) -> bool:
    """Whether the answer is one of the choices, as the same kind of value (1.0 and True are not 1)."""
    return any(c == answer and type(c) is type(answer) for c in choices)
