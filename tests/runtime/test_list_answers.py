"""A list is taken for a tuple (docs/embedding.md, "Decisions and their answers"): an answer that comes
from JSON has lists where the runtime's choices have tuples, and every answer check (``Decision.check``, so
``Execution.advance``, the reference engine's ``Game.advance`` and Winter Tricks' ``ask``) takes the list for
the tuple choice it equals. Whole games are walked answering every decision whose choices hold tuples with
lists, and each must play exactly the game the tuples play."""
from __future__ import annotations

from typing import Any

import pytest

from dow.runtime.decisions import KINDS, Decision, RandomAgent


def listed(value: Any) -> Any:
    """A value as JSON gives it back: every tuple a list, at every depth."""
    return [listed(v) for v in value] if isinstance(value, (tuple, list)) else value


def has_tuples(value: Any) -> bool:
    return isinstance(value, tuple) or isinstance(value, list) and any(has_tuples(v) for v in value)


ACT = ("attack", "s:brian-lee", "s:annaleigh-chan", 3)
OTHER = ("search", "s:sparky", 5)


@pytest.mark.parametrize("kind", [k for k in KINDS if k not in ("may", "amount")])
def test_every_kind_with_tuple_choices_takes_lists(kind):
    """Each decision kind whose choices can be tuples takes a list for each tuple, and gives the choice back
    itself (a tuple), so the game sees what it offered."""
    d = Decision(kind, "p1", (ACT, OTHER), min=1, max=2 if kind not in ("option", "vote") else 1)
    if kind in ("option", "vote"):
        got = d.check(list(ACT))
        assert got is ACT
    elif kind == "order":
        d = Decision(kind, "p1", (ACT, OTHER), min=2, max=2)
        assert d.check([list(OTHER), list(ACT)]) == (OTHER, ACT)
    else:
        got = d.check([list(ACT)])
        assert got == (ACT,) and got[0] is ACT


def test_a_list_is_not_taken_for_what_it_is_not():
    """Only a list equal to a tuple choice, value for value and kind for kind, is taken for it."""
    d = Decision("option", "p1", (ACT, OTHER, 0))
    for wrong in (list(ACT)[:3], [*ACT[:3], 3.0], [*ACT[:3], True], ["attack"], [0]):
        with pytest.raises(ValueError, match="is not one of"):
            d.check(wrong)
    nested = Decision("option", "p1", (("give", ("c:1", "c:2")),))
    assert nested.check(["give", ["c:1", "c:2"]]) == ("give", ("c:1", "c:2"))
    keep = Decision("keep", "p1", ("c:1", "c:2"), min=1, max=2)
    assert keep.check(["c:2"]) == ("c:2",)          # plain choices: unchanged


class Lister:
    """Answers as a seeded RandomAgent, but every tuple in an answer as a list (as JSON would); notes each
    decision kind and prompt whose choices hold tuples."""

    def __init__(self, seed: int):
        self.agent = RandomAgent(seed)
        self.seen: set[tuple[str, str]] = set()

    def answer(self, d: Decision) -> Any:
        value = self.agent.answer(d)
        if has_tuples(list(d.choices)):
            self.seen.add((d.kind, d.prompt))
            return listed(value)
        return value


def drive(game: Any, agent: Any) -> None:
    """Play a reference-engine game to its end by hand, through Game.advance."""
    decision = game.advance()
    while decision is not None:
        decision = game.advance(agent.answer(decision))


@pytest.mark.parametrize("players,variants", [(4, ()), (5, ()), (6, ("warring-colonies",)),
                                              (5, ("warring-colonies",))])
def test_the_reference_engine_takes_lists_for_tuples_in_whole_games(bundle, players, variants):
    from dow.runtime.engine.sim import new_game
    seen: set[tuple[str, str]] = set()
    for seed in range(3):
        as_tuples, as_lists = (new_game(bundle, seed, players, variants=variants) for _ in range(2))
        drive(as_tuples, RandomAgent(seed))
        lister = Lister(seed)
        drive(as_lists, lister)
        assert as_lists.decisions == as_tuples.decisions
        assert as_lists.log.digest() == as_tuples.log.digest()
        seen |= lister.seen
    assert ("option", "action") in seen, seen       # the turn's next action, a tuple, was answered as a list


def test_winter_tricks_takes_lists_for_tuples(bundle):
    from dow.runtime.games import winter_tricks as wt
    for seed in range(3):
        as_tuples = wt.new_game(bundle, seed, 4, agents=RandomAgent(seed))
        as_tuples.run()
        lister = Lister(seed)
        as_lists = wt.new_game(bundle, seed, 4, agents=lister)
        as_lists.run()
        assert as_lists.decisions == as_tuples.decisions
        assert as_lists.log.digest() == as_tuples.log.digest()
