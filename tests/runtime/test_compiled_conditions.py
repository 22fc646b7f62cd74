"""Compiled conditions (runtime/conditions.py) give what the tree walk gives: the same truth value, the
same error, the same number of steps, the same host questions, for every condition in the bundle, on
tables of real games in progress (base and Warring Colonies)."""
from __future__ import annotations

import pytest

from dow.runtime.decisions import RandomAgent
from dow.runtime.engine.sim import new_game
from dow.runtime.interpreter import EffectError, Env, Interpreter


class TreeWalk(Interpreter):
    """The interpreter as it was before compiling: every condition walks its tree."""

    def cond(self, node, env):
        return self.cond_node(node, env)


def conditions(bundle) -> list[dict]:
    """Every condition tree of the bundle: triggers' and goals' ``if``, options' ``requires``, ``if`` nodes."""
    found: list[dict] = []

    def walk(value, key=None):
        if isinstance(value, dict):
            if key in ("if", "requires") and isinstance(value.get("tree"), dict):
                found.append(value["tree"])
            if value.get("op") == "if" and isinstance(value.get("cond"), dict):
                found.append(value["cond"])
            if key == "requires" and "op" in value:
                found.append(value)
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
    walk(bundle["cards"])
    return found


class Recording:
    """A host wrapper that records the questions asked of it, in order."""

    def __init__(self, host, calls):
        self._host, self._calls = host, calls

    def __getattr__(self, name):
        real = getattr(self._host, name)
        if not callable(real):
            return real

        def asked(*args, **kwargs):
            self._calls.append((name, repr(args), repr(kwargs)))
            return real(*args, **kwargs)
        return asked


def outcome(ip, cond, env, calls):
    calls.clear()
    ip.steps = 0
    try:
        value = ("value", ip.cond(cond, env))
    except EffectError as err:
        value = ("error", str(err))
    return value, ip.steps, list(calls)


def tables(bundle):
    """Games in progress: base 4 players and Warring Colonies 6 players, a few dozen decisions in."""
    for seed, players, variants in ((1, 4, ()), (2, 4, ()), (3, 6, ("warring-colonies",))):
        game = new_game(bundle, seed, players, check=False, variants=variants)
        agent = RandomAgent(seed)
        decision = game.advance()
        for _ in range(40):
            if decision is None:
                break
            decision = game.advance(agent.answer(decision))
        yield game


def test_the_bundle_has_conditions_of_every_kind(bundle):
    ops: set = set()

    def walk(node):
        ops.add(node["op"])
        for item in node.get("items", []) + ([node["item"]] if "item" in node else []):
            walk(item)
    for cond in conditions(bundle):
        walk(cond)
    assert {"all", "any", "not", "compare", "exists", "controls", "is"} <= ops


@pytest.mark.parametrize("index", range(3))
def test_compiled_conditions_answer_like_the_tree_walk(bundle, index):
    game = list(tables(bundle))[index]
    calls: list = []
    host = Recording(game.host, calls)
    compiled = Interpreter(bundle, host, game.interp.rng)
    walked = TreeWalk(bundle, host, game.interp.rng)
    survivors, locations = game.host.things("survivor"), game.host.things("location")
    bindings = {"self": survivors[0], "chosen": survivors[-1], "wounded": survivors[0], "moved": survivors[-1],
                "origin": locations[0], "destination": locations[-1], "this_card": "", "each": "p2"}
    checked, every = 0, conditions(bundle)
    for cond in every:
        env = Env("p1", "", dict(bindings))
        want = outcome(walked, cond, env, calls)
        assert outcome(compiled, cond, env, calls) == want, cond.get("pos")
        assert outcome(compiled, cond, env, calls) == want, "a cached closure answers as the first time"
        checked += want[0][0] == "value"
    assert checked >= 0.9 * len(every) > 50       # nearly all of them evaluate (the rest fail alike)


def test_a_malformed_condition_fails_as_the_tree_walk_fails(bundle):
    game = next(tables(bundle))
    for bad in ({"op": "compare", "cmp": "about", "left": {"op": "number", "value": 1}, "right": {"op": "round"}},
                {"op": "nonsense"}, {"op": "all", "items": [{"op": "nonsense"}]}):
        errors = []
        for ip in (Interpreter(bundle, game.host, game.interp.rng), TreeWalk(bundle, game.host, game.interp.rng)):
            try:
                ip.cond(bad, Env("p1"))
                errors.append(None)
            except Exception as err:        # noqa: BLE001 (the error itself is what is compared)
                errors.append((type(err), str(err)))
        assert errors[0] == errors[1] and errors[0] is not None


def test_the_step_budget_counts_compiled_nodes(bundle):
    game = next(tables(bundle))
    ip = Interpreter(bundle, game.host, game.interp.rng, budget=2)
    deep = {"op": "not", "item": {"op": "not", "item": {"op": "compare", "cmp": "eq", "left": {"op": "number", "value": 1},
                                                        "right": {"op": "number", "value": 1}}}}
    with pytest.raises(EffectError, match="more than 2 evaluation steps"):
        ip.check(deep, Env("p1"))
    assert Interpreter(bundle, game.host, game.interp.rng, budget=3).check(deep, Env("p1")) is True
