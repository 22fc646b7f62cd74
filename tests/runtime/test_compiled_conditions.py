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


# ---- what is compiled, and kept (found by tests/mutation.py: a node left to the tree walk answers alike, slower)
SEATS = ("group_leader", "left", "right")


class Watched(Interpreter):
    """Records each call that runtime/conditions.py itself makes into the tree walk: the node shapes it
    leaves to the walk, as (entry point, op or kind, node)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.walked: list[tuple[str, str, dict]] = []

    def _seen(self, entry, key, node):
        import sys

        from dow.runtime import conditions as compiled
        if sys._getframe(2).f_code.co_filename == compiled.__file__:
            self.walked.append((entry, key, node))

    def cond_node(self, node, env):
        self._seen("cond", node["op"], node)
        return super().cond_node(node, env)

    def pool(self, node, env):
        self._seen("pool", node["op"], node)
        return super().pool(node, env)

    def places(self, node, env):
        self._seen("places", node["op"], node)
        return super().places(node, env)

    def expr(self, node, env):
        self._seen("expr", node["op"], node)
        return super().expr(node, env)

    def measure(self, sel, env):
        self._seen("measure", sel["kind"], sel)
        return super().measure(sel, env)


def left_to_the_walk(entry: str, key: str, node: dict) -> bool:
    """Whether runtime/conditions.py says it leaves this shape to the tree walk (its docstrings): the seats,
    an ``exists`` over each of some locations, tokens, zombies at an entrance, and every op it does not
    specialise."""
    if entry == "cond":
        if key == "is":
            return node["state"] in SEATS
        if key == "exists":
            return any(f["op"] == "at" and (f["location"] or {}).get("op") == "select_of"
                       and f["location"]["quantity"]["mode"] == "each" for f in node["selector"]["filters"])
        return key not in ("all", "any", "not", "compare", "controls", "shares_location")
    if entry == "expr":
        return key not in ("number", "count_of", "morale", "round")
    if entry == "pool":
        return key not in ("ref", "select_of", "you", "named")
    if entry == "places":
        return key != "select_of"
    return key == "token" or (key == "zombie" and any(f["op"] == "in_zone" for f in node["filters"]))


def _survivors(quantity: dict, *filters: dict) -> dict:
    return {"op": "select_of", "kind": "survivor", "quantity": quantity, "filters": list(filters)}


LOWEST = {"op": "extreme", "stat": "influence", "mode": "lowest"}
#: shapes no card's condition has yet, each compared with the tree walk: the lowest-influence survivor(s)
#: (one, 2, a count with no number: 1), a state filter that keeps every thing, a shared location, morale
UNCARDED = [
    {"op": "compare", "cmp": "eq", "left": {"op": "count_of", "selector": _survivors({"mode": "one"}, LOWEST)},
     "right": {"op": "number", "value": 1}},
    {"op": "exists", "selector": _survivors({"mode": "count", "n": 2}, LOWEST), "min": 2},
    {"op": "exists", "selector": _survivors({"mode": "count", "n": 2}, LOWEST), "min": 3},
    {"op": "exists", "selector": _survivors({"mode": "count"}, LOWEST), "min": 2},
    {"op": "exists", "selector": _survivors({"mode": "any"}, {"op": "state", "is": "random"}), "min": 1},
    {"op": "shares_location", "a": {"op": "ref", "name": "self"}, "b": _survivors({"mode": "any"})},
    {"op": "compare", "cmp": "ge", "left": {"op": "morale", "colony": "own"}, "right": {"op": "number", "value": 1}},
    {"op": "any", "items": [{"op": "not", "item": {"op": "compare", "cmp": "eq", "left": {"op": "round"},
                                                   "right": {"op": "number", "value": 0}}}]},
]


def test_shapes_no_card_has_yet_answer_like_the_tree_walk(bundle):
    game = next(tables(bundle))
    calls: list = []
    host = Recording(game.host, calls)
    compiled, walked = Interpreter(bundle, host, game.interp.rng), TreeWalk(bundle, host, game.interp.rng)
    env = Env("p1", "", {"self": game.host.things("survivor")[0]})
    answers = []
    for cond in UNCARDED:
        want = outcome(walked, cond, env, calls)
        assert outcome(compiled, cond, env, calls) == want, cond
        answers.append(want[0])
    assert [a[0] for a in answers] == ["value"] * len(UNCARDED)
    assert answers[:4] == [("value", True), ("value", True), ("value", False), ("value", False)]


def test_what_conditions_py_compiles_never_goes_through_the_tree_walk(bundle):
    """The compiled conditions are there for speed (a trigger's condition is checked after every action):
    every condition of the bundle, and the shapes no card has yet, on three games in progress, reach the
    tree walk only for the shapes runtime/conditions.py leaves to it."""
    seen: set = set()
    for game in tables(bundle):
        ip = Watched(bundle, game.host, game.interp.rng)
        survivors, locations = game.host.things("survivor"), game.host.things("location")
        bindings = {"self": survivors[0], "chosen": survivors[-1], "wounded": survivors[0], "moved": survivors[-1],
                    "origin": locations[0], "destination": locations[-1], "this_card": "", "each": "p2"}
        for cond in conditions(bundle) + UNCARDED:
            try:
                ip.cond(cond, Env("p1", "", dict(bindings)))
            except EffectError:
                pass                          # fails as the tree walk fails (the test above)
        wrong = [(entry, key, node.get("pos")) for entry, key, node in ip.walked
                 if not left_to_the_walk(entry, key, node)]
        assert wrong == []
        seen |= {(entry, key) for entry, key, _ in ip.walked}
    assert ("cond", "is") in seen and ("measure", "token") in seen          # what is left to the walk is walked


def test_a_node_is_compiled_once_and_the_cache_starts_afresh_at_its_limit(bundle, monkeypatch):
    """A node's closure is built the first time it is checked and kept; the cache keeps at most
    ``CACHE_LIMIT`` closures, then starts afresh, so nodes an engine builds on the fly do not pile up."""
    from dow.runtime import conditions as compiled
    game = next(tables(bundle))
    one = {"op": "compare", "cmp": "eq", "left": {"op": "number", "value": 1}, "right": {"op": "number", "value": 1}}
    cache = Interpreter(bundle, game.host, game.interp.rng).compiled
    assert cache.check(one) is cache.check(one)
    assert cache.check(dict(one)) is not cache.check(one)              # another node, even if equal
    monkeypatch.setattr(compiled, "CACHE_LIMIT", 3)
    cache = Interpreter(bundle, game.host, game.interp.rng).compiled
    nodes = [dict(one) for _ in range(4)]
    for node in nodes[:3]:
        cache.check(node)
    assert len(cache.cache) == 3
    cache.check(nodes[3])
    assert len(cache.cache) == 1 and cache.check(nodes[3]) is cache.check(nodes[3])
