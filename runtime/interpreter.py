"""The interpreter: runs compiled effect trees against a host, one step at a time.

Each node kind has one handler in ``HANDLERS``, a generator that yields a
``Decision`` whenever a player must choose and receives the answer back. An
``Execution`` drives those generators: ``advance()`` runs until the next decision
or the end, so a UI or server can sit on top without the interpreter ever
blocking. Randomness comes only from the injected generator; evaluation is
bounded by a step budget; a runtime error names the card, the source line and
the evaluation path. Standard library only.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Generator, cast

from .bundle import check_version
from .card_kinds import KINDS
from .conditions import CompiledConditions
from .decisions import AMOUNT, TARGETS, Decision, seat_agent
from .env import COMPARE as COMPARE, Env as Env, every_one, zone_first   # Env: part of this module's API
from .handlers import HANDLERS, offer_ignore
from .host import Host, Refused, Told, check_host

Gen = Generator[Decision, Any, Any]
Node = dict[str, Any]          # a bundle node: {"op": …, "pos"?: …, its fields}
_NO_ANSWER = object()
DIE_FACES = {"d6": 6, "exposure": 12, "combat": 12}
#: the filters ``Interpreter.predicate`` reads itself (the others it hands to ``passes``): one reading each
#: the types an item card has (a card's "type" is its item type, or its kind for any other card)
ITEM_TYPES: frozenset[str] = frozenset(cast(Any, KINDS)["item"][1]["item_type"][1])
PREDICATES = frozenset({"state", "at", "sharing_location", "other_than", "card_named", "in_zone"})
#: actions whose cards end in a hand: their public log line says how many, not which
HIDDEN_CARDS = ("take_cards", "give_cards", "take_pot")
#: zones whose survivors are out of play: a selector of survivors there looks at them, not at those in play
OUT_OF_PLAY = ("survivor_deck", "dead_survivors")
class EffectError(Exception):
    """A runtime error located in a card: its id, line and the path of nodes being evaluated.

    ``path`` is the nodes being evaluated, outermost first; the card and line are those of the innermost
    node that has a position (``card``, the card id, stands in when none has). ``node`` is the node the
    error is about, when the raiser knows it: outside a run (``Interpreter.check``) the path is rebuilt
    from the condition tree down to it. ``message`` is the bare message, without the location."""

    def __init__(self, message: str, path: list[dict[str, Any]], node: dict[str, Any] | None = None,
                 card: str | None = None):
        nodes = list(path) if path else ([node] if node is not None else [])
        where: dict[str, Any] = next((n["pos"] for n in reversed(nodes) if n.get("pos")), {})
        trail = " > ".join(n.get("op", "?") for n in nodes)
        found = where.get("card") or card or None
        super().__init__(f"{found or '?'}:{where.get('line', '?')}: {message} (in {trail})")
        self.card, self.line, self.trail = found, where.get("line"), trail
        self.message, self.path, self.node = message, nodes, node

    #: set on the error ``Interpreter.check`` located, so that an enclosing check leaves it as it is
    checked = False


def path_to(root: Any, target: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The nodes (dictionaries with an ``op``) from ``root`` down to ``target``, found by identity, both
    included; None when ``target`` is not inside ``root``. Only an error's location walks a tree this way."""
    if root is target:
        return [target]
    children = root.values() if isinstance(root, dict) else root if isinstance(root, list) else ()
    for child in children:
        if isinstance(child, (dict, list)):
            found = path_to(child, target)
            if found is not None:
                return ([root] if isinstance(root, dict) and "op" in root else []) + found
    return None


#: the bare errors a node of a tampered bundle can end in, deep in a host or the engine: the interpreter
#: turns them into an EffectError naming the card, the line and the nodes being run (exactly these types)
UNLOCATED = (KeyError, TypeError, ValueError, IndexError, AttributeError)


class BudgetExceeded(EffectError):
    """More evaluation steps than the budget allows: a runaway effect."""


class Execution:
    """One running effect. ``advance`` until ``done``; answer each pending decision."""

    def __init__(self, interp: "Interpreter", gen: Gen):
        self.interp, self.gen = interp, gen
        self.pending: Decision | None = None
        self.done = False
        self.value: Any = None

    def advance(self, answer: Any = _NO_ANSWER) -> Decision | None:
        """Run until the next decision (returned) or the end (None)."""
        if self.done:
            return None
        if self.pending is not None:
            if answer is _NO_ANSWER:
                return self.pending
            answer = self.pending.check(answer)
        try:
            self.pending = self.gen.send(None if answer is _NO_ANSWER else answer)
            return self.pending
        except StopIteration as stop:
            self.done, self.pending, self.value = True, None, stop.value
            return None

    def run(self, agents: Any) -> Any:
        """Drive to the end. ``agents``: one agent for everyone, a {player: agent} mapping, or a function."""
        decision = self.advance()
        while decision is not None:
            agent = seat_agent(agents, decision.player)
            answer = agent.answer(decision) if hasattr(agent, "answer") else agent(decision)
            decision = self.advance(answer)
        return self.value


class Interpreter:
    """Runs effect trees from a bundle against a host."""

    def __init__(self, bundle: dict[str, Any], host: Host, rng: random.Random, budget: int = 100_000):
        check_version(bundle.get("ir_version", "?"))
        check_host(host)             # a host that lacks a method is refused now, not in the middle of a game
        self.cards = {c["id"]: c for c in bundle.get("cards", [])}
        self.host, self.rng, self.budget = host, rng, budget
        self.steps = 0
        self.path: list[dict[str, Any]] = []
        self.exposure_faces = _exposure_faces(self.cards)
        self.compiled = CompiledConditions(self)

    # ---- entry points ------------------------------------------------------------
    def execute(self, program: list[dict[str, Any]], env: Env) -> Execution:
        """An execution of a statement list (a card's effect tree) in an environment; the budget starts afresh."""
        self.steps = 0
        return Execution(self, self.block(program, env))

    def check(self, cond: dict[str, Any], env: Env) -> bool:
        """Evaluate a condition tree (a trigger's 'if', an option's 'requires') now, on a budget of its own.
        An error is located as one raised in a run is: the card, the line and the nodes from ``cond`` down to
        the one that failed (``env.card`` names the card when no node has a position)."""
        outer, self.steps = self.steps, 0
        try:
            return self.cond(cond, env)
        except EffectError as err:
            if getattr(err, "checked", False):        # located by a check nested in this one
                raise
            inner = path_to(cond, err.node) if err.node is not None else None
            located = type(err)(err.message, [*self.path, *(inner or [cond])], err.node, env.card or None)
            located.checked = True
            raise located from (err.__cause__ or err)
        except UNLOCATED as err:
            if type(err) not in UNLOCATED:
                raise
            located = EffectError(f"{type(err).__name__} {err} while checking this condition", [*self.path, cond],
                                  None, env.card or None)
            located.checked = True
            raise located from err
        finally:
            self.steps = outer

    # ---- bookkeeping ---------------------------------------------------------------
    def tick(self) -> None:
        """Count one step; stop a runaway effect."""
        self.steps += 1
        if self.steps > self.budget:
            raise BudgetExceeded(f"more than {self.budget} evaluation steps", self.path)

    def fail(self, message: str, node: dict[str, Any] | None = None) -> EffectError:
        """A located runtime error; ``node``, the node it is about, locates it outside a run too."""
        return EffectError(message, self.path, node)

    def act(self, action: str, params: dict[str, Any], node: dict[str, Any], env: Env, private: bool = False) -> Any:
        """Apply an action on the host and log it; ``private``: which cards (and in what order) is the resolving
        player's to know (cards put into a face-down deck, a deck's top cards arranged). An action the host
        refuses (``Refused``) leaves no line of its own, only the refusal's event when it names one; one the
        host tells in its own line (``Told``) leaves no second line (docs/runtime.md, Implementing the host)."""
        result = self.host.apply(action, params, node.get("pos", {}))
        pos = node.get("pos", {})
        if self.told_by_host(result, pos):
            return result.value if isinstance(result, Told) else None
        if (action in HIDDEN_CARDS or private) and isinstance(params.get("cards"), list):
            # cards going into a hand: everyone sees how many (none too: "takes 0 cards", not a line that
            # reads as if the cards were taken), only the receiver sees which
            receiver = env.player if private else params.get("player") or env.player
            told = {"player": env.player, **params} if private else params
            self.host.log(action, {**{k: v for k, v in told.items() if k != "cards"},
                                   "count": len(params["cards"])}, pos)
            if params["cards"]:
                self.host.log(action, dict(told), pos, private_to=receiver)
        else:
            self.host.log(action, dict(params), pos)
        return result

    def told_by_host(self, result: Any, pos: dict[str, Any]) -> bool:
        """Whether what ``apply`` returned leaves the action's line out of the log: a ``Refused`` (its event
        logged in its place, when it names one) or a ``Told``."""
        if isinstance(result, Refused):
            if result.event is not None:
                self.host.log(result.event, dict(result.params), pos)
            return True
        return isinstance(result, Told)

    # ---- statements ----------------------------------------------------------------
    def block(self, nodes: list[dict[str, Any]], env: Env) -> Gen:
        """Run statements in order; 'select' and 'roll' update the environment for later ones."""
        for node in nodes:
            yield from self.stmt(node, env)

    def stmt(self, node: dict[str, Any], env: Env) -> Gen:
        """Dispatch one statement through HANDLERS."""
        self.tick()
        handler = HANDLERS.get(node.get("op", ""))
        if handler is None:
            raise self.fail(f"no handler for node {node.get('op')!r}")
        self.path.append(node)
        try:
            result = yield from handler(self, node, env)
            asks = getattr(self.host, "ask_now", None)      # the choices the statement left the host to ask
            if asks is not None:
                yield from asks()
            return result
        except UNLOCATED as err:
            if type(err) not in UNLOCATED:     # a subclass is a deliberate refusal (a replay that does not fit)
                raise
            raise self.fail(f"{type(err).__name__} {err} while running this node (raised by the host's code or "
                            f"by a value it gave back, most likely; the original exception is this error's "
                            f"__cause__)") from err
        finally:
            self.path.pop()

    # ---- values ----------------------------------------------------------------------
    def count(self, value: Any, env: Env, available: int | None = None) -> Gen:
        """A count: a number, all, up to N (the resolving player chooses), all but N, the last result."""
        if isinstance(value, int):
            return value
        op = value["op"]
        if op == "result":
            if env.result is None:
                raise self.fail("'that many' but no die was rolled", value)
            return env.result
        if op == "all_count":
            return available if available is not None else 10**6
        if op == "per":  # 1 for every 2 matching things, rounded up or down
            whole, rest = divmod(self.measure(value["selector"], env), value["n"])
            return value["amount"] * (whole + (1 if rest and value["round"] == "up" else 0))
        if op == "all_but":
            return max((available or 0) - value["n"], 0)
        if op == "up_to":
            high = min(value["n"], available) if available is not None else value["n"]
            return (yield Decision(AMOUNT, env.player, min=0, max=high, prompt="how many",
                                   src=value.get("pos", {})))
        raise self.fail(f"unknown count {op!r}", value)

    def location(self, node: dict[str, Any], env: Env) -> Gen:
        """One location id (or several, for 'each'): returns a list."""
        op = node["op"]
        if op == "location":
            place = getattr(self.host, "place", None)   # a defaulted method: Host's own answer
            return [place(node["id"], env.player) if callable(place) else node["id"]]
        if op == "here":
            here = env.bindings.get("here")
            if here is None:
                for name in ("self", "moved", "chosen", "each", "searching"):
                    if name in env.bindings:           # a survivor out of play (killed) is nowhere
                        where = self.host.attr(env.bindings[name], "location")
                        return [where] if where is not None else []
                raise self.fail("'here' has no survivor to stand for", node)
            return [here]
        if op == "location_of":
            targets = yield from self.targets(node["target"], env)
            return [where for t in targets if (where := self.host.attr(t, "location")) is not None]
        if op == "ref":
            return [self.bound(node, env)]
        return (yield from self.targets(node, env))

    def bound(self, node: dict[str, Any], env: Env) -> Any:
        """The value of a back-reference."""
        name = node["name"]
        if name not in env.bindings:
            raise self.fail(f"'{name}' is not bound here", node)
        return env.bindings[name]

    def targets(self, node: dict[str, Any], env: Env, chooser: str | None = None) -> Gen:
        """The ids a target node names; 'one' and counted selections ask the chooser. A description that a
        later step refers to ("add a random survivor … to your following. place a wound on it.") carries
        ``bind``: what it named is bound under that name for the steps after it in the block."""
        found = yield from self._targets(node, env, chooser)
        if "bind" in node and node.get("op") == "select_of":
            env.bindings[node["bind"]] = found[0] if len(found) == 1 else list(found)
        return found

    def _targets(self, node: dict[str, Any], env: Env, chooser: str | None = None) -> Gen:
        op = node["op"]
        if op == "ref":
            value = self.bound(node, env)
            return list(value) if isinstance(value, (list, tuple)) else [value]
        if op == "named":  # a named card that is not in play names nothing
            found = self.named(node)
            return [found] if found is not None else []
        if op == "you":
            return [env.player]
        if op in ("location", "here", "location_of"):
            return (yield from self.location(node, env))
        if op == "zone" and "top" in node:  # "the top 3 cards of a deck": those cards, top first
            zone, owner, location = yield from self.zone(node, env)
            return self.host.cards_in(zone, owner, location)[:node["top"]]
        if op == "zone":
            return [node]
        if op != "select_of":
            raise self.fail(f"cannot select with {op!r}", node)
        candidates = self.candidates(node, env)
        quantity = node["quantity"]
        mode, n = quantity["mode"], quantity.get("n", 1)
        if mode in ("each", "all", "at_least"):
            return candidates
        if mode == "top":           # the n matching cards nearest the top of their pile ("the last 10 … removed")
            zone = next(f["zone"] for f in node["filters"] if f["op"] == "in_zone")
            where, owner, location = yield from self.zone(zone, env)
            matching = set(candidates)
            return [c for c in self.host.cards_in(where, owner, location) if c in matching][:n]
        if mode == "all_but":
            n = max(len(candidates) - n, 0)
        if not candidates:
            return []
        low = 0 if mode == "up_to" else min(n if mode in ("count", "all_but") else 1, len(candidates))  # one, any
        high = min(n if mode in ("count", "up_to", "all_but") else 1, len(candidates))
        if any(f["op"] == "state" and f["is"] == "random" for f in node["filters"]):
            return self.rng.sample(candidates, high)
        if low == high == len(candidates):
            return candidates
        if low == high and len(set(candidates)) == 1:     # identical tokens (helpless survivors): no choice
            return candidates[:high]
        who = chooser or env.player
        if chooser is None and any(f["op"] == "most" for f in node["filters"]):   # a tie for the most: the
            who = next((p for p in self.host.things("player") if self.host.attr(p, "first")), env.player)  # first player
        picked = yield Decision(TARGETS, who, tuple(candidates), low, high, prompt=node["kind"],
                                src=node.get("pos", {}))
        return list(picked)

    def named(self, node: dict[str, Any], anywhere: bool = False) -> str | None:
        """The host id of a named card in play (survivors by name), or None; ``anywhere`` also finds a
        survivor out of play (in the survivor deck, killed), for conditions and 'add "X" to your following'."""
        kind = node.get("kind", "survivor")
        find = getattr(self.host, "find_named", None)   # a host may look names up itself (docs/embedding.md)
        if find is not None:
            found: str | None = find(kind, node["card"], anywhere)
            return found
        for thing in self.host.things(kind) + (self.host.things("any_" + kind) if anywhere else []):
            if self.host.attr(thing, "name") == node["card"]:
                return thing
        return None

    def base_pool(self, sel: dict[str, Any], env: Env) -> list[str]:
        """The things a selector's filters start from, in host order: every thing of its kind in play; for
        survivors out of play ("a random survivor from the survivor deck", "a dead survivor"), the ones in
        that zone; for cards, the survivor cards of those zones too ("the cards in the survivor deck")."""
        kind = sel["kind"]
        pool = list(self.host.things(kind))
        zone = next((f["zone"] for f in sel["filters"] if f["op"] == "in_zone" and f["zone"].get("op") == "zone"),
                    None)
        if zone is not None and kind == "survivor" and zone.get("zone") in OUT_OF_PLAY:
            pool = self.zone_members(zone, env)
        elif zone is not None and kind == "card" and zone.get("zone") in OUT_OF_PLAY:
            known = set(pool)
            pool += [c for c in self.zone_members(zone, env) if c not in known]
        scope = getattr(self.host, "scope", None)     # a host may read a card from one side (Warring Colonies)
        if scope is not None:
            pool = scope(kind, sel, env, pool)
        return pool

    def zone_members(self, zone: dict[str, Any], env: Env) -> list[str]:
        """What a zone node holds, top first: in the zone of every player its owner phrase fits ("a card in
        the hand of another player"), of its location ("the police station deck"), only its top cards when it
        says so ("the top 3 cards of …")."""
        owners = self.pool(zone["owner"], env) if zone.get("owner") is not None else [None]
        places = self.places(zone["location"], env) if zone.get("location") is not None else [None]
        out: list[str] = []
        for owner in owners:
            for place in places:
                cards = self.host.cards_in(zone.get("zone", ""), owner, place)
                out += cards[:zone["top"]] if "top" in zone else cards
        return out

    def candidates(self, sel: dict[str, Any], env: Env) -> list[str]:
        """Things of the selector's kind that pass every filter, in host order."""
        kind = sel["kind"]
        pool = self.base_pool(sel, env)
        quantity = sel.get("quantity") or {}
        n = quantity.get("n", 1) if quantity.get("mode") == "count" else 1
        for f in zone_first(sel["filters"]):
            if not pool:
                break
            if f["op"] == "extreme":
                pool = self.extreme(pool, f, n)
            else:
                test = self.predicate(f, env)
                pool = list(filter(test, pool))      # C-level: a zone test is a set's __contains__
        return pool + self.helpless_tokens(sel, env)

    def predicate(self, f: dict[str, Any], env: Env) -> Callable[[str], bool]:
        """One filter as a test of a thing, with what does not depend on the thing worked out once."""
        op, attr = f["op"], self.host.attr
        if op == "state":
            state = f["is"]
            if state in ("random", "additional", "other"):
                return lambda thing: True
            if state.startswith("non_"):
                name = state[4:]
                return lambda thing: not attr(thing, name)
            return lambda thing: bool(attr(thing, state))
        if op == "card_named":       # '"Junk" cards': the cards of that (English) name
            name = f["name"]
            return lambda thing: attr(thing, "name") == name
        if op == "at":
            places = self.places(f["location"], env)
            players = self.host.things("player")

            def at(thing: str) -> bool:
                if thing in players:                    # a player is where a survivor they control is
                    return any(attr(v, "controller") == thing and attr(v, "location") in places
                               for v in self.host.things("survivor"))
                return attr(thing, "location") in places
            return at
        if op == "sharing_location":                # the others and where they are: once for every thing
            others = [(o, attr(o, "location")) for o in self.pool(f["with"], env)]

            alone = f.get("only") == "alone"

            def sharing(thing: str) -> bool:
                here = attr(thing, "location")
                if alone and sum(1 for v in self.host.things("survivor") if attr(v, "location") == here) != 2:
                    return False     # "sharing a location only with": no third survivor there
                return any(here == where and o != thing for o, where in others)
            return sharing
        if op == "other_than":
            excluded = self.pool(f["target"], env)
            return lambda thing: thing not in excluded
        if op == "in_zone":      # "a card in the hand of another player": any hand the owner phrase fits
            members = set(self.zone_members(f["zone"], env))
            return members.__contains__          # the zone listed once, not once for every card tested
        return lambda thing: self.passes(thing, f, env)

    def helpless_tokens(self, sel: dict[str, Any], env: Env) -> list[str]:
        """Helpless survivors are tokens on the board: a selector of helpless survivors also names one
        location id per token ("kill 1 helpless survivor at the colony", "for each helpless survivor")."""
        if sel["kind"] != "survivor" or not any(f["op"] == "state" and f["is"] == "helpless"
                                                 for f in sel["filters"]):
            return []
        places = [f for f in sel["filters"] if f["op"] == "at"]
        locations = self.places(places[0]["location"], env) if places else self.host.things("location")
        return [loc for loc in locations for _ in range(self.host.tokens("helpless", loc))]

    def passes(self, thing: str, f: dict[str, Any], env: Env) -> bool:
        """Whether a thing passes one filter."""
        op, attr = f["op"], self.host.attr
        if op in PREDICATES:     # one reading of each filter: the one that selections use (predicate)
            return self.predicate(f, env)(thing)
        if op == "controlled_by":
            who = f["player"]
            owner = thing if thing in self.host.things("player") else attr(thing, "controller")  # "another player"
            if who == "you":
                return owner == env.player
            if who == "them":
                return owner == env.bindings.get("each")
            if who == "other":
                return owner is not None and owner != env.player
            if who in ("enemy", "friendly"):
                mine, theirs = attr(env.player, "colony"), attr(thing, "colony")
                if isinstance(theirs, bool):     # a location: it is on the side of whoever controls it
                    owner = attr(thing, "controller")
                    theirs = attr(owner, "colony") if owner is not None else None
                return theirs is not None and (theirs != mine) == (who == "enemy")
            return True
        if op == "card_type":
            if f["type"] == "item":          # "an item card": any item, whatever its own type
                return bool(attr(thing, "type") in ITEM_TYPES)
            return bool(attr(thing, "type") == f["type"])
        if op == "seat":         # the host lists the players in seating order, each next one to the left
            players = list(self.host.things("player"))
            if env.player not in players or thing not in players:
                return False
            step = 1 if f["side"] == "left" else -1
            return players[(players.index(env.player) + step) % len(players)] == thing != env.player
        if op == "equipped_to":
            return attr(thing, "equipped_to") in self.pool(f["survivor"], env)
        if op == "controls_fewer":
            def following(player: str) -> int:
                return sum(1 for s in self.host.things(f["kind"]) if attr(s, "controller") == player)
            others = self.pool(f["than"], env)
            return any(following(thing) < following(o) for o in others)
        if op == "controller_of":
            return any(attr(t, "controller") == thing for t in self.pool(f["what"], env))
        if op == "owned_by":
            return attr(thing, "owner") in self.pool(f["player"], env)
        if op == "token_type":
            return bool(attr(thing, "type") == f["type"])
        if op == "most":         # "the player with the most cards in their hand": the highest (lowest) of all
            def held(player: str) -> int:
                if f["what"] == "hand":
                    return len(self.host.cards_in("hand", player, None))
                return sum(1 for s in self.host.things("survivor") if attr(s, "controller") == player)
            counts = [held(p) for p in self.host.things("player")]
            if thing not in self.host.things("player") or not counts:
                return False
            return held(thing) == (max(counts) if f["mode"] == "most" else min(counts))
        if op == "wounds":       # "a survivor with 2 or more wounds": every wound, a frostbite wound too (seed 004)
            n = self.host.tokens("wound", thing)
            return n >= f["min"] and ("max" not in f or n <= f["max"])
        raise self.fail(f"unknown filter {op!r}", f)

    def extreme(self, pool: list[str], f: dict[str, Any], n: int = 1) -> list[str]:
        """The n things with the lowest or highest value of a stat ("the 2 survivors with the lowest
        influence"); things tied with the last of them all stay, for the chooser."""
        if not pool:
            return pool
        values = {t: self.host.attr(t, f["stat"]) or 0 for t in pool}
        ranked = sorted(values.values(), reverse=f["mode"] != "lowest")
        bound = ranked[min(n, len(ranked)) - 1]
        return [t for t in pool if (values[t] <= bound if f["mode"] == "lowest" else values[t] >= bound)]

    def zone(self, node: dict[str, Any], env: Env) -> Gen:
        """A zone node as (zone, owner, location id); a location deck's place may be a reference or chosen."""
        if node["op"] != "zone":
            raise self.fail(f"expected a pile or deck, got {node['op']!r}", node)
        location = None
        if "location" in node:
            places = yield from self.location(node["location"], env)
            location = places[0] if places else None
        return node["zone"], self.zone_owner(node, env), location

    def zone_owner(self, zone: dict[str, Any], env: Env) -> str | None:
        """The player whose zone it is (None for shared piles)."""
        owner = zone.get("owner")
        if owner is None:
            return None
        found = self.pool(owner, env)
        return found[0] if found else None

    def pool(self, node: dict[str, Any], env: Env) -> list[Any]:
        """What a target names inside a condition or filter: a description means every thing it fits."""
        if node["op"] == "select_of":
            return self.candidates(node, env)
        found: list[Any] = self.run_now(self.targets(node, env))
        return found

    def places(self, node: dict[str, Any], env: Env) -> list[Any]:
        """The locations a location node names inside a condition or filter."""
        if node["op"] == "select_of":
            return self.candidates(node, env)
        found: list[Any] = self.run_now(self.location(node, env))
        return found

    def run_now(self, gen: Gen) -> Any:
        """Run a sub-evaluation that must not ask anything (filters, conditions)."""
        try:
            decision = next(gen)
        except StopIteration as stop:
            return stop.value
        raise self.fail(f"a condition or filter cannot ask a {decision.kind} question")

    # ---- conditions ---------------------------------------------------------------------
    def cond(self, node: dict[str, Any], env: Env) -> bool:
        """Evaluate a condition node: its closure (runtime/conditions.py), built the first time."""
        return self.compiled.check(node)(env)

    def cond_node(self, node: dict[str, Any], env: Env) -> bool:
        """Evaluate a condition node by walking its tree (what the compiled closures do not specialise)."""
        self.tick()
        op = node["op"]
        if op == "all":
            return all(self.cond(i, env) for i in node["items"])
        if op == "any":
            return any(self.cond(i, env) for i in node["items"])
        if op == "not":
            return not self.cond(node["item"], env)
        if op == "compare":
            return bool(COMPARE[node["cmp"]](self.expr(node["left"], env), self.expr(node["right"], env)))
        if op == "exists":
            sel = node["selector"]
            for i, f in enumerate(sel["filters"]):       # "… at each non-colony location": every one of them
                where = f.get("location") if f["op"] == "at" else None
                if where and where.get("op") == "select_of" and where["quantity"]["mode"] == "each":
                    return all(self.measure({**sel, "filters": [*sel["filters"][:i], {**f, "location": {
                        "op": "location", "id": place}}, *sel["filters"][i + 1:]]}, env) >= node["min"]
                        for place in self.candidates(where, env))
            return bool(self.measure(sel, env) >= node["min"])
        if op == "controls":
            players = self.pool(node["player"], env)
            owners = {self.host.attr(t, "controller") for t in self.pool(node["what"], env)}
            if every_one(node["player"]):           # "each non-exiled player controls …": all of them do
                return all(p in owners for p in players)
            return any(p in owners for p in players)
        if op == "is":
            return self.is_(node, env)
        if op == "shares_location":
            a = self.pool(node["a"], env)
            b = self.pool(node["b"], env)
            return any(self.host.attr(x, "location") == self.host.attr(y, "location") for x in a for y in b if x != y)
        if op == "event_happened":
            return self.host.happened(node["event"], {**env.bindings, "player": env.player, "card": env.card})
        if op == "tactic_played":
            return self.host.tactic_played(node["who"], node["name"], env.player)
        if op == "searched":       # each location named was searched since the later block was made
            since = env.bindings.get("since")
            if not isinstance(since, dict):
                raise self.fail("'searched since this card' outside a block that happens later", node)
            return all((self.host.attr(loc, "searches") or 0) > since.get(loc, 0)
                       for loc in self.places(node["where"], env))
        if op == "barricaded":     # "each entrance of the colony has a barricade": its fewest barricades
            return all(min(self.host.attr(loc, "entrance_barricades") or [0]) >= node["min"]
                       for loc in self.places(node["where"], env))
        if op == "rolled":         # "the result is blank": the exposure roll just before in this block
            return bool(env.face == node["face"])
        raise self.fail(f"unknown condition {op!r}", node)

    def is_(self, node: dict[str, Any], env: Env) -> bool:
        if node["subject"]["op"] == "named":        # '"X" is in the survivor deck', '"X" is killed'
            found = self.named(node["subject"], anywhere=True)
            subjects = [found] if found is not None else []
        else:
            subjects = self.pool(node["subject"], env)
        state = node["state"]
        if state == "at":
            places = self.places(node["where"], env)
            return any((self.host.attr(s, "location") if self.host.attr(s, "location") is not None else s) in places
                       for s in subjects)
        if state == "group_leader":
            return any(self.host.attr(s, "group_leader") == env.player for s in subjects)
        if state in ("left", "right"):   # "they are the player to your left": the seat beside yours
            players = list(self.host.things("player"))
            if env.player not in players:
                return False
            beside = players[(players.index(env.player) + (1 if state == "left" else -1)) % len(players)]
            return beside != env.player and beside in subjects
        return any(bool(self.host.attr(s, state)) for s in subjects)

    def measure(self, sel: dict[str, Any], env: Env) -> int:
        """How many things (or zombies, or tokens) a selector matches."""
        kind = sel["kind"]
        places = [f for f in sel["filters"] if f["op"] == "at"]
        supplies = [f["zone"] for f in sel["filters"] if f["op"] == "in_zone" and f["zone"].get("op") == "zone"
                    and f["zone"].get("zone") in ("supply", "bullet_supply")]
        holders = [f["thing"] for f in sel["filters"] if f["op"] == "on"]
        entrances = [f["zone"] for f in sel["filters"] if f["op"] == "in_zone" and f["zone"].get("zone") == "entrances"]
        if kind in ("zombie", "token") and entrances:   # "zombies at entrance 2 of the colony"
            return self.at_entrances(sel, entrances[0], env)
        if kind == "token" and holders:  # "wounds on this card": tokens kept on a survivor or a card
            types = [f["type"] for f in sel["filters"] if f["op"] == "token_type"]
            things = self.run_now(self.targets(holders[0], env))
            return sum(self.host.tokens(t, thing) for t in types for thing in things)
        if kind == "token" and supplies:  # "food tokens in the supply": the player's (or the owner's) supply
            owner = self.zone_owner(supplies[0], env) or env.player
            prefix = "bullets" if supplies[0]["zone"] == "bullet_supply" else "supply"
            types = [f["type"] for f in sel["filters"] if f["op"] == "token_type"]
            return sum(self.host.tokens(t, f"{prefix}:{owner}") for t in types)
        if kind in ("zombie", "token"):
            locations = self.places(places[0]["location"], env) if places else \
                self.host.things("location")
            if kind == "zombie":
                return sum(self.host.zombies(loc) for loc in locations)
            types = [f["type"] for f in sel["filters"] if f["op"] == "token_type"]
            return sum(self.host.tokens(t, loc) for t in types for loc in locations)
        return len(self.candidates(sel, env))          # helpless survivor tokens included

    def at_entrances(self, sel: dict[str, Any], zone: dict[str, Any], env: Env) -> int:
        """Zombies or barricades at a location's entrances, or at one of them (the facts ``entrance_zombies``
        and ``entrance_barricades``, one number per entrance; a host that keeps no entrances answers None, and
        its whole location counts as one entrance). Noise and helpless survivors stand at no entrance."""
        types = [f["type"] for f in sel["filters"] if f["op"] == "token_type"]
        if sel["kind"] == "token" and types != ["barricade"]:
            return 0
        fact = "entrance_zombies" if sel["kind"] == "zombie" else "entrance_barricades"
        total = 0
        places = self.places(zone["location"], env) if zone.get("location") is not None else self.host.things("location")
        for place in places:
            every = self.host.attr(place, fact)
            if every is None:
                every = [self.host.zombies(place) if sel["kind"] == "zombie" else self.host.tokens("barricade", place)]
            if "entrance" in zone:
                total += every[zone["entrance"] - 1] if 0 < zone["entrance"] <= len(every) else 0
            else:
                total += sum(every)
        return total

    def expr(self, node: dict[str, Any], env: Env) -> int:
        """Evaluate a number-valued expression."""
        op = node["op"]
        if op == "number":
            value: int = node["value"]
            return value
        if op == "morale":
            return self.host.morale(env.player, enemy=node["colony"] == "enemy")
        if op == "count_of":
            return self.measure(node["selector"], env)
        if op == "stat_of":
            things = self.pool(node["of"], env)
            return sum(self.host.attr(t, node["stat"]) or 0 for t in things)
        if op == "result":
            if env.result is None:
                raise self.fail("'the result' but no die was rolled", node)
            return env.result
        if op == "round":
            return self.host.round()
        if op == "round_number":    # the round being played, from 1 (the round track counts down)
            return self.host.round_number()
        if op == "per_player":      # "3 for each player who started the game": no player leaves the table
            amount: int = node["amount"]
            players = self.host.things("player")
            if node.get("who") == "not_exiled":    # "2 for each non-exiled player"
                players = [p for p in players if not self.host.attr(p, "exiled")]
            return amount * len(players)
        if op == "empty_spaces":   # a host that keeps no survivor spaces answers None: no room
            return sum(self.host.attr(loc, "empty_survivor_spaces") or 0 for loc in self.places(node["at"], env))
        raise self.fail(f"unknown expression {op!r}", node)

    # ---- dice -----------------------------------------------------------------------------
    def roll(self, die: str) -> int:
        """Roll a die from the injected generator."""
        return self.rng.randint(1, DIE_FACES[die])

    def exposure(self, survivor: str, env: Env, node: dict[str, Any]) -> Gen:
        """Roll the exposure die for a survivor and run the rolled face's effect from the bundle."""
        if not self.exposure_faces:
            raise self.fail("the bundle has no exposure die")
        if self.host.attr(survivor, "in_play") is False:    # killed by an earlier roll: no more rolls
            return
        face_name, effect = self.exposure_faces[self.roll("exposure") - 1]
        self.host.log("exposure", {"survivor": survivor, "face": face_name}, node.get("pos", {}))
        env.face = face_name
        if (yield from offer_ignore(self, face_name, survivor, node.get("pos", {}))):
            return                                          # a player paid to ignore the result (Olivia Brown)
        yield from self.block(effect, env.child(rolled=survivor))


def _exposure_faces(cards: dict[str, Any]) -> list[tuple[str, list[Any]]]:
    """The exposure die from the bundle as 12 (face, effect) slots."""
    for card in cards.values():
        if card.get("kind") == "die" and any(f.get("face") == "bitten" for f in card.get("faces", [])):
            slots = []
            for face in card["faces"]:
                tree = face.get("effect", {}).get("tree", []) if isinstance(face.get("effect"), dict) else []
                slots.extend([(face["face"], tree)] * (face.get("count") or 0))
            return slots
    return []
