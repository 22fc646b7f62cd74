"""The engine's speed-ups give the answers the plain way gives: the rules' answers kept while the legal
actions are listed (``RuleBook.reading``), and the reference host's index of survivors' names
(``find_named``, an optional host hook: docs/embedding.md)."""
from __future__ import annotations

import contextlib

import pytest

from dow.runtime.decisions import OPTION, RandomAgent
from dow.runtime.engine.sim import new_game
from dow.runtime.interpreter import Interpreter

#: (seed, players, variants): base games and Warring Colonies games with the Lone Wolf and without
GAMES = [(3, 4, ()), (7, 5, ()), (5, 11, ("warring-colonies",)), (8, 6, ("warring-colonies",))]


def scan(host, kind: str, name: str, anywhere: bool) -> str | None:
    """What the interpreter finds without the hook: the first thing of the kind with that name."""
    pool = host.things(kind) + (host.things("any_" + kind) if anywhere else [])
    return next((t for t in pool if host.attr(t, "name") == name), None)


def states(bundle, seed: int, players: int, variants: tuple, steps: int = 400):
    """A game after each of its first ``steps`` decisions (random agents)."""
    game = new_game(bundle, seed, players, True, variants=variants)
    agent = RandomAgent(seed)
    decision = game.advance()
    for _ in range(steps):
        if decision is None:
            return
        yield game, decision
        decision = game.advance(agent.answer(decision))


@pytest.mark.parametrize("seed,players,variants", GAMES)
def test_listed_actions_are_those_listed_without_kept_answers(bundle, monkeypatch, seed, players, variants):
    listed = 0
    for game, decision in states(bundle, seed, players, variants):
        if decision.kind != OPTION or decision.prompt != "action":
            continue
        player = game.state.player(decision.player)
        kept = game.legal_actions(player)
        assert game.host._memo is None                     # nothing is kept once the listing is over
        with monkeypatch.context() as m:                   # the same listing, every answer worked out afresh
            m.setattr(type(game.host), "reading", lambda self: contextlib.nullcontext())
            plain = game.legal_actions(player)
        assert kept == plain
        listed += 1
    assert listed > 10


@pytest.mark.parametrize("seed,players,variants", GAMES)
def test_named_survivors_are_found_as_a_scan_finds_them(bundle, seed, players, variants):
    checked = 0
    for i, (game, _) in enumerate(states(bundle, seed, players, variants, steps=200)):
        if i % 25:
            continue
        host = game.host
        names = sorted({host.attr(t, "name") for t in host.things("any_survivor")}) + ["Nobody Of That Name"]
        for name in names:
            for anywhere in (False, True):
                assert host.find_named("survivor", name, anywhere) == scan(host, "survivor", name, anywhere)
                checked += 1
        in_play = [t for t in host.things("survivor")]
        assert all(host.find_named("survivor", host.attr(t, "name")) == t for t in in_play)
    assert checked > 50


def mid_game(bundle):
    """A base game a few dozen decisions in, with survivors in play and in the survivor deck."""
    for i, (game, _) in enumerate(states(bundle, 3, 4, ())):
        if i == 40:
            return game
    raise AssertionError("the game ended before 40 decisions")


def test_a_survivor_out_of_play_is_found_only_anywhere(bundle):
    game = mid_game(bundle)
    host = game.host
    out = next(t for t in host.things("any_survivor") if t not in host.things("survivor"))
    name = host.attr(out, "name")
    assert host.find_named("survivor", name, anywhere=False) is None
    assert host.find_named("survivor", name, anywhere=True) == out


def test_the_interpreter_asks_the_hook_and_scans_without_it(bundle):
    game = mid_game(bundle)
    sid = game.host.things("survivor")[0]
    node = {"op": "named", "card": game.host.attr(sid, "name"), "kind": "survivor"}
    asked = []
    real = game.host.find_named
    game.host.find_named = lambda kind, name, anywhere=False: asked.append(name) or real(kind, name, anywhere)
    assert game.interp.named(node) == sid and asked == [node["card"]]

    class NoHook:                                         # the game's host without the hook: the interpreter scans
        def __getattr__(self, name):
            if name == "find_named":
                raise AttributeError(name)
            return getattr(game.host, name)
    assert Interpreter(bundle, NoHook(), game.rng).named(node) == sid


def test_kept_answers_last_only_while_reading(bundle):
    game = new_game(bundle, 5, 11, True, variants=("warring-colonies",))
    host = game.host
    with host.reading():
        with host.reading():                              # nested: the outer stretch keeps its answers
            first = host.ruled("forbid")
        assert host.ruled("forbid") is first
    assert host._memo is None
    assert host.ruled("forbid") == first


def test_each_rule_keeps_its_own_answer_while_reading(bundle):
    from dow.runtime.engine.host import Rule
    game = mid_game(bundle)
    host = game.host
    a, b = host.things("survivor")[:2]
    node = {"op": "modify", "stat": "attack", "value": -1, "mode": "add",
            "who": {"op": "ref", "name": "self", "kind": "survivor"}}
    rules = [Rule(node, {"self": s, "player": host.attr(s, "controller")}) for s in (a, b)]
    for rule in rules:
        host.keep(rule)

    def answers():
        return [host.who(r) for r in rules] + [host.stat(s, "attack", 5) for s in (a, b)]
    outside = answers()
    with host.reading():
        inside, again = answers(), answers()
    assert inside == again == outside == [[a], [b], 4, 4]
