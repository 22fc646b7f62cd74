"""The language's counts as the interpreter plays them (docs/language.md, quantities): "up to N" lets the player
choose from 0 to N, never more than there are; "all but N" is all there are less N, never below 0. The same
two words choose things ("up to 2 survivors", "all but 1 survivor"). Found by tests/mutation.py: with the
clamp or the floor taken away, every scenario of the content still passed."""
from __future__ import annotations

import random

import pytest

from dow.runtime.decisions import AMOUNT, TARGETS
from dow.runtime.interpreter import Env, Interpreter
from helpers import lowered
from minimal_host import MinimalHost


def table(zombies_here: int = 0, zombies_colony: int = 0, at_colony: int = 0) -> MinimalHost:
    """p1's Sparky at the grocery store, ``at_colony`` survivors of p2 at the colony, zombies at both."""
    host = MinimalHost()
    host.add_survivor_fact("s:sparky", "Sparky", "p1", "grocery_store")
    for i in range(at_colony):
        host.add_survivor_fact(f"s:colonist-{i}", f"Colonist {i}", "p2", "colony")
    host.zombie_count["grocery_store"] = zombies_here
    host.zombie_count["colony"] = zombies_colony
    return host


def start(bundle, host: MinimalHost, text: str):
    """An execution of an effect text for p1, Sparky being "this survivor"; the first decision it asks, if any."""
    ip = Interpreter(bundle, host, random.Random(1))
    run = ip.execute(lowered(text, {"self": "survivor"}), Env("p1", "base.survivor.test", {"self": "s:sparky"}))
    return run, run.advance()


def count(bundle, value: dict, available: int | None) -> int:
    """What a count comes to, when it asks nobody."""
    gen = Interpreter(bundle, MinimalHost(), random.Random(1)).count(value, Env("p1"), available)
    with pytest.raises(StopIteration) as stop:
        next(gen)
    return stop.value.value


@pytest.mark.parametrize("zombies, most", [(2, 2), (4, 4), (9, 4), (0, 0)])
def test_up_to_n_asks_from_0_to_n_and_no_more_than_there_are(bundle, zombies, most):
    host = table(zombies_here=zombies)
    run, decision = start(bundle, host, "kill up to 4 zombies here.")
    assert decision is not None and decision.kind == AMOUNT and (decision.min, decision.max) == (0, most)
    with pytest.raises(ValueError):
        run.advance(most + 1)
    assert run.advance(most) is None and host.zombie_count["grocery_store"] == zombies - most


def test_up_to_n_with_nothing_to_count_against_is_n(bundle):
    """Adding tokens: there is no "how many there are" to stop at."""
    host = table()
    run, decision = start(bundle, host, "add up to 2 noise tokens here.")
    assert decision is not None and (decision.min, decision.max) == (0, 2)
    assert run.advance(2) is None and host.tokens("noise", "grocery_store") == 2


@pytest.mark.parametrize("zombies, left", [(5, 1), (2, 1), (1, 1), (0, 0)])
def test_all_but_n_leaves_n(bundle, zombies, left):
    host = table(zombies_colony=zombies)
    run, decision = start(bundle, host, "remove all but 1 zombie from the colony.")
    assert decision is None and host.zombie_count["colony"] == left


def test_all_but_n_is_never_below_0(bundle):
    """Fewer than N: nothing, not a negative count (moving -2 zombies would bring 2 back)."""
    host = table(zombies_colony=1)
    run, decision = start(bundle, host, "move all but 3 zombies from the colony to the grocery store.")
    assert decision is None and host.zombie_count == {**host.zombie_count, "colony": 1, "grocery_store": 0}
    assert [count(bundle, {"op": "all_but", "n": 3}, n) for n in (0, 1, 3, 4, 7)] == [0, 0, 0, 1, 4]


def test_all_but_n_of_what_is_not_counted_is_0(bundle):
    """Without a number of things to count from, all but any N is nothing."""
    assert [count(bundle, {"op": "all_but", "n": n}, None) for n in (0, 1)] == [0, 0]


@pytest.mark.parametrize("there, most", [(3, 2), (2, 2), (1, 1)])
def test_up_to_n_survivors_is_a_choice_of_0_to_n_of_those_there(bundle, there, most):
    host = table(at_colony=there)
    run, decision = start(bundle, host, "place a wound on up to 2 survivors at the colony.")
    assert decision is not None and decision.kind == TARGETS
    assert (decision.min, decision.max) == (0, most) and len(decision.choices) == there
    picked = decision.choices[:most]
    assert run.advance(picked) is None
    assert sorted(s for s, f in host.survivors.items() if f["wounds"]) == sorted(picked)


@pytest.mark.parametrize("but, there, wounded", [(1, 3, 2), (1, 2, 1), (1, 1, 0), (2, 1, 0), (2, 3, 1), (3, 2, 0)])
def test_all_but_n_survivors_is_all_those_there_less_n(bundle, but, there, wounded):
    host = table(at_colony=there)
    noun = "survivor" if but == 1 else "survivors"
    run, decision = start(bundle, host, f"place a wound on all but {but} {noun} at the colony.")
    if decision is not None:
        assert decision.kind == TARGETS and (decision.min, decision.max) == (wounded, wounded)
        decision = run.advance(decision.choices[:wounded])
    assert decision is None
    assert sum(bool(f["wounds"]) for f in host.survivors.values()) == wounded


def test_a_survivor_is_a_choice_of_exactly_one(bundle):
    """"a survivor" among several: one, no fewer and no more."""
    host = table(at_colony=3)
    run, decision = start(bundle, host, "place a wound on a survivor at the colony.")
    assert decision is not None and decision.kind == TARGETS and (decision.min, decision.max) == (1, 1)
    with pytest.raises(ValueError):
        run.advance(decision.choices[:2])
    assert run.advance(decision.choices[:1]) is None
    assert [s for s, f in host.survivors.items() if f["wounds"]] == list(decision.choices[:1])


@pytest.mark.parametrize("zombies", [5, 1])
def test_all_is_every_one_there_and_the_host_is_told_how_many(bundle, zombies):
    """"kill all zombies here": the action names the number there is (what the log tells), not a bound."""
    host = table(zombies_here=zombies)
    run, decision = start(bundle, host, "kill all zombies here.")
    assert decision is None and host.zombie_count["grocery_store"] == 0
    assert host.calls == [("kill_zombies", {"location": "grocery_store", "count": zombies})]
    assert count(bundle, {"op": "all_count"}, zombies) == zombies


@pytest.mark.parametrize("there, rounding, lost", [(4, "up", 2), (3, "up", 2), (1, "up", 1), (0, "up", 0),
                                                    (4, "down", 2), (3, "down", 1), (1, "down", 0)])
def test_n_for_every_m_rounds_only_what_is_left_over(bundle, there, rounding, lost):
    """"lose 1 morale for every 2 helpless survivors at the colony, rounding up" (Helpless, base game): a
    remainder counts 1 more rounding up and nothing rounding down; no remainder adds nothing either way (the
    rulebook's food: 1 for every 2 survivors, rounded up, seed 004, II. Colony Phase, 1. Pay Food)."""
    host = table(at_colony=there)
    run, decision = start(bundle, host, f"lose 1 morale for every 2 survivors at the colony, rounding {rounding}.")
    assert decision is None
    assert host.calls == [("change_morale", {"player": "p1", "amount": -lost})]
