"""Condition trees compiled into closures, once per node, for the interpreter.

``Interpreter.cond`` used to walk a condition tree on every call: dispatch on ``op``, gather the
selector's filters, build each filter's test, then count. A trigger's condition is checked after
every action of a game, so the walk dominated. Here each node becomes a closure the first time it
is evaluated (what does not depend on the table is worked out then), cached by the node's
identity; later checks only call it. Results, errors, host calls and the step budget are those of
the tree walk (``Interpreter.cond_node``): each condition node counts one step, and any node shape
the compiler does not specialise runs through the tree walk itself. Standard library only.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .env import COMPARE, every_one, zone_first

if TYPE_CHECKING:  # pragma: no cover
    from .interpreter import Env, Interpreter, Node

Check = Callable[["Env"], bool]
Number = Callable[["Env"], int]
Things = Callable[["Env"], list[Any]]
#: cached closures per interpreter before the cache starts afresh (nodes an engine builds on the fly
#: would otherwise pile up; bundle nodes are a few thousand)
CACHE_LIMIT = 20_000
_PASS_ALL = ("random", "additional", "other")       # state words that keep every thing


class CompiledConditions:
    """The closures of one interpreter's condition nodes, built on first use."""

    def __init__(self, ip: Interpreter):
        self.ip = ip
        self.cache: dict[int, tuple[Node, Check]] = {}

    def check(self, node: Node) -> Check:
        """The closure of a condition node (built now if this node was never evaluated)."""
        entry = self.cache.get(id(node))
        if entry is not None and entry[0] is node:        # the node is kept, so its id is not reused
            return entry[1]
        try:
            fn = self._cond(node)
        except (KeyError, TypeError, AttributeError):     # a malformed node: the tree walk reports it
            fn = self._walk(node)
        if len(self.cache) >= CACHE_LIMIT:
            self.cache.clear()
        self.cache[id(node)] = (node, fn)
        return fn

    # ---- conditions ---------------------------------------------------------------------------
    def _walk(self, node: Node) -> Check:
        ip = self.ip
        return lambda env: ip.cond_node(node, env)

    def _cond(self, node: Node) -> Check:
        op, tick, ip = node["op"], self.ip.tick, self.ip
        if op == "all":
            every = [self.check(i) for i in node["items"]]

            def conjunction(env: Env) -> bool:
                tick()
                for item in every:
                    if not item(env):
                        return False
                return True
            return conjunction
        if op == "any":
            some = [self.check(i) for i in node["items"]]

            def disjunction(env: Env) -> bool:
                tick()
                for item in some:
                    if item(env):
                        return True
                return False
            return disjunction
        if op == "not":
            item = self.check(node["item"])

            def negation(env: Env) -> bool:
                tick()
                return not item(env)
            return negation
        if op == "compare":
            cmp, left, right = COMPARE[node["cmp"]], self._expr(node["left"]), self._expr(node["right"])

            def compare(env: Env) -> bool:
                tick()
                return bool(cmp(left(env), right(env)))
            return compare
        if op == "exists" and not any(_each_location(f) for f in node["selector"]["filters"]):
            count, least = self._measure(node["selector"]), node["min"]

            def exists(env: Env) -> bool:
                tick()
                return bool(count(env) >= least)
            return exists
        if op == "is" and node["state"] not in ("group_leader", "left", "right"):   # the seats: the tree walk
            return self._is(node)
        if op == "controls":                    # "you control Sparky"
            players, things = self._pool(node["player"]), self._pool(node["what"])
            all_of = every_one(node["player"])      # "each non-exiled player controls …": all of them do

            def controls(env: Env) -> bool:
                tick()
                who, attr = players(env), ip.host.attr
                owners = {attr(t, "controller") for t in things(env)}
                return all(p in owners for p in who) if all_of else any(p in owners for p in who)
            return controls
        if op == "shares_location":
            first, second = self._pool(node["a"]), self._pool(node["b"])

            def shares(env: Env) -> bool:
                tick()
                a, b, attr = first(env), second(env), ip.host.attr
                return any(attr(x, "location") == attr(y, "location") for x in a for y in b if x != y)
            return shares
        return self._walk(node)

    def _is(self, node: Node) -> Check:
        """'X is <state>', 'X is at <place>' (``Interpreter.is_``): a named card is looked up anywhere, as the
        tree walk does."""
        ip, tick, subject, state = self.ip, self.ip.tick, node["subject"], node["state"]
        subjects = self._named(subject) if subject["op"] == "named" else self._pool(subject)
        if state == "at":
            where = self._places(node["where"])

            def located(env: Env) -> bool:
                tick()
                things, places, attr = subjects(env), where(env), ip.host.attr
                # the host is asked what the tree walk asks, twice included (the same calls, in order)
                return any((attr(s, "location") if attr(s, "location") is not None else s) in places for s in things)
            return located

        def things_are(env: Env) -> bool:
            tick()
            attr = ip.host.attr
            return any(bool(attr(s, state)) for s in subjects(env))
        return things_are

    def _named(self, node: Node) -> Things:
        """A named card, in play or out of it ('"Gray Beard" is in the survivor deck')."""
        ip = self.ip

        def named(env: Env) -> list[Any]:
            found = ip.named(node, anywhere=True)
            return [found] if found is not None else []
        return named

    def _pool(self, node: Node) -> Things:
        """``Interpreter.pool``: a back-reference read at once, a description's candidates."""
        ip = self.ip
        if node["op"] == "ref":
            def bound(env: Env) -> list[Any]:
                value = ip.bound(node, env)
                return list(value) if isinstance(value, (list, tuple)) else [value]
            return bound
        if node["op"] == "select_of":
            return self._candidates(node)
        if node["op"] == "you":
            return lambda env: [env.player]
        if node["op"] == "named":               # in play only, as a target names it

            def named(env: Env) -> list[Any]:
                found = ip.named(node)
                return [found] if found is not None else []
            return named
        return lambda env: ip.pool(node, env)

    # ---- numbers, counts, places ----------------------------------------------------------------
    def _expr(self, node: Node) -> Number:
        ip, op = self.ip, node["op"]
        if op == "number":
            value: int = node["value"]
            return lambda env: value
        if op == "count_of":
            return self._measure(node["selector"])
        if op == "morale":
            enemy = node["colony"] == "enemy"
            return lambda env: ip.host.morale(env.player, enemy=enemy)
        if op == "round":
            return lambda env: ip.host.round()
        return lambda env: ip.expr(node, env)

    def _measure(self, sel: Node) -> Number:
        """``Interpreter.measure`` for zombies and things; tokens go through the tree walk."""
        ip, kind = self.ip, sel["kind"]
        if kind == "zombie" and any(f["op"] == "in_zone" for f in sel["filters"]):   # at an entrance
            return lambda env: ip.measure(sel, env)
        if kind == "zombie":
            places = [f for f in sel["filters"] if f["op"] == "at"]
            if places:
                where = self._places(places[0]["location"])
                return lambda env: sum(ip.host.zombies(loc) for loc in where(env))
            return lambda env: sum(ip.host.zombies(loc) for loc in ip.host.things("location"))
        if kind == "token":
            return lambda env: ip.measure(sel, env)
        found = self._candidates(sel)
        return lambda env: len(found(env))

    def _places(self, node: Node) -> Things:
        ip = self.ip
        if node["op"] == "select_of":
            return self._candidates(node)
        return lambda env: ip.places(node, env)

    def _candidates(self, sel: Node) -> Things:
        """``Interpreter.candidates`` with the filters sorted out once: a state filter tests a fact of
        the thing alone; the others are built per call, as the tree walk builds them."""
        ip, kind = self.ip, sel["kind"]
        quantity = sel.get("quantity") or {}
        n = quantity.get("n", 1) if quantity.get("mode") == "count" else 1
        steps: list[tuple[str, Any]] = []
        for f in zone_first(sel["filters"]):
            if f["op"] == "extreme":
                steps.append(("extreme", f))
            elif f["op"] == "state" and f["is"] in _PASS_ALL:
                pass                                      # it keeps every thing: no step
            elif f["op"] == "state":
                negated = f["is"].startswith("non_")
                steps.append(("not" if negated else "is", f["is"][4:] if negated else f["is"]))
            else:
                steps.append(("filter", f))
        helpless = kind == "survivor" and any(f["op"] == "state" and f["is"] == "helpless" for f in sel["filters"])

        def candidates(env: Env) -> list[Any]:
            host = ip.host
            pool = ip.base_pool(sel, env)
            for how, what in steps:
                if not pool:
                    break
                if how == "is":
                    attr = host.attr
                    pool = [t for t in pool if attr(t, what)]
                elif how == "not":
                    attr = host.attr
                    pool = [t for t in pool if not attr(t, what)]
                elif how == "extreme":
                    pool = ip.extreme(pool, what, n)
                elif how == "filter":
                    test = ip.predicate(what, env)
                    pool = [t for t in pool if test(t)]
            return pool + ip.helpless_tokens(sel, env) if helpless else pool
        return candidates


def _each_location(f: Node) -> bool:
    """An ``at`` filter on "each" of some locations: ``exists`` then tests every one (the tree walk)."""
    where = f.get("location") if f["op"] == "at" else None
    return bool(where and where.get("op") == "select_of" and where["quantity"]["mode"] == "each")
