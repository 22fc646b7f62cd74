"""Continuous rules in force on the reference engine's host: what cards hand over and the game consults.

``RuleBook`` is a mixin of ``GameHost`` (engine/host.py). It keeps the rules a card handed over
(``rules``: triggers, "cannot", "does not roll for exposure", modifiers, replacements, use limits,
copied abilities) and answers the questions the game asks of them: is a rule in force, who does it
reach, what is a stat worth now, is an action forbidden, is a survivor exempt, is there a replacement,
is a limited use used up. The host's state and queries (``self.s``, ``attr`` …) come from ``GameHost``.
"""
from __future__ import annotations

import dataclasses
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator, TypeVar, cast

from .common import RULE_OPS

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

T = TypeVar("T")


@dataclass
class Rule:
    """A continuous rule in force: its node, the bindings it was made with, and how long it lasts."""

    node: dict
    env: dict
    until: tuple | None = None        # ("turn", n) | ("round", n) | None = for the game
    per: str | None = None            # a use limit: "turn" | "round" | "game"
    attached: str | None = None       # a survivor: the rule ends when it leaves play
    source: str = ""                  # the card instance or survivor that gave it
    cond: dict | None = None          # a 'while' condition
    key: str = ""
    ability: dict | None = None       # an attached card's activated statement as an ability (granted_ability)


class RuleBook:
    """The continuous rules of a host: kept, expired, and consulted."""

    rules: list[Rule]
    s: Any
    # set by GameHost (engine/host.py) and by the game that drives it: declared for the type checker
    game: Game
    defs: dict[str, dict[str, Any]]
    limits: dict[str, int]
    _by_op: dict[Any, list[Rule]] | None
    attr: Callable[[str, str], Any]
    #: answers kept while the game only reads (``reading``), keyed by question; None: nothing is kept
    _memo: dict[Any, Any] | None = None

    @contextmanager
    def reading(self) -> Iterator[None]:
        """A stretch in which nothing changes (listing the legal actions): the rules in force, who a rule
        reaches and whose abilities a survivor has are worked out once in it and kept until it ends. Every
        answer is the one the same question gets outside it; only repeats are spared."""
        if self._memo is not None:          # already inside one
            yield
            return
        self._memo = {}
        try:
            yield
        finally:
            self._memo = None

    def _kept(self, key: Any, compute: Callable[[], T]) -> T:
        """``compute()``, or inside ``reading`` the answer it gave the first time."""
        memo = self._memo
        if memo is None:
            return compute()
        if key not in memo:
            memo[key] = compute()
        return cast(T, memo[key])

    # ---- "this survivor has the abilities of …" (copy_abilities) ----------------------------------
    def copiers_of(self, survivor: str) -> list[str]:
        """The survivors that have the abilities of ``survivor`` now."""
        return self._kept(("copiers_of", survivor), lambda: self._copiers_of(survivor))

    def _copiers_of(self, survivor: str) -> list[str]:
        out: list[str] = []
        for rule in self.ruled("copy_abilities"):
            sources: list[str] | None = None        # whose abilities the rule hands over: the same for each c
            for c in self.game.targets_now(rule.node["who"], rule.env):
                if c == survivor:
                    continue
                if sources is None:
                    sources = self.sources(rule)
                if survivor in sources and c not in out:
                    out.append(c)
        return out

    def copied_from(self, survivor: str) -> list[str]:
        """The survivors whose abilities ``survivor`` has now."""
        return self._kept(("copied_from", survivor), lambda: self._copied_from(survivor))

    def _copied_from(self, survivor: str) -> list[str]:
        out: list[str] = []
        for rule in self.ruled("copy_abilities"):
            if survivor in self.game.targets_now(rule.node["who"], rule.env):
                out += [x for x in self.sources(rule)
                        if x != survivor and x in self.s.survivors and x not in out]
        return out

    def sources(self, rule: Rule) -> list[str]:
        """The survivors whose abilities a copy rule hands over now (its ``from``), kept while reading."""
        memo = self._memo
        if memo is None:
            return self.game.targets_now(rule.node["from"], rule.env)
        kept = memo.get(("sources", id(rule)))
        if kept is None or kept[0] is not rule:     # the rule is kept with its answer: its id is not reused
            kept = memo[("sources", id(rule))] = (rule, self.game.targets_now(rule.node["from"], rule.env))
        return cast(list, kept[1])

    def borrowed(self, rule: Rule) -> list[Rule]:
        """A survivor's own rule as it holds for each survivor that has that survivor's abilities."""
        if not rule.attached or rule.env.get("self") != rule.attached:
            return []
        own = self.s.survivors.get(rule.attached)        # a survivor card's own rule only (the cheap test first)
        if own is None or own.card != rule.source or not self._by_op_has("copy_abilities"):
            return []
        return [dataclasses.replace(rule, env={**rule.env, "self": c, "player": self.s.survivors[c].controller},
                                    attached=c, key=f"{rule.key}@{c}")
                for c in self.copiers_of(rule.attached)]

    def _by_op_has(self, op: str) -> bool:
        return bool(self.ruled(op))

    def abilities_of(self, survivor: str) -> list[tuple[str, dict]]:
        """(card, ability) of a survivor's own card, then of the survivors whose abilities it has, then the
        abilities cards attached to it grant ("attach this card to …: once per round: you may spend an action
        die: …"): each an action of the survivor's controller, its limit its own."""
        own = self.s.survivors[survivor].card
        out = [(own, ab) for ab in self.defs[own].get("abilities", [])]
        for x in self.copied_from(survivor):
            card = self.s.survivors[x].card
            out += [(card, ab) for ab in self.defs[card].get("abilities", [])]
        for rule in self.rules:
            if rule.attached == survivor and rule.node.get("op") not in RULE_OPS and self.active(rule):
                out.append((rule.source, self.granted_ability(rule)))
        return out

    def granted_ability(self, rule: Rule) -> dict:
        """An attached card's activated statement as an ability (kept with its rule: the same object each
        time, which the engine's per-ability bookkeeping needs), under its limit when it has one."""
        if rule.ability is None:
            tree = [rule.node] if rule.per is None else \
                [{"op": "limit", "per": rule.per, "body": [rule.node], "pos": rule.node.get("pos", {})}]
            rule.ability = {"where": "anywhere", "effect": {"tree": tree}, "env": dict(rule.env)}
        return rule.ability

    def active(self, rule: Rule) -> bool:
        """Whether a rule is in force now (its time has not run out, its 'while' holds)."""
        if rule.until is not None and self.now(rule.until[0]) > rule.until[1]:
            return False
        if rule.cond is not None:
            return self.game.holds(rule.cond, rule.env)
        return True

    def expire(self) -> None:
        """Drop the rules whose time is over or whose survivor has left play."""
        def alive(r: Rule) -> bool:
            if r.attached and self.s.survivors[r.attached].place != "play":
                return False
            return r.until is None or self.now(r.until[0]) <= r.until[1]
        kept = [r for r in self.rules if alive(r)]
        if len(kept) != len(self.rules):
            self.rules = kept
            self._by_op = None

    def keep(self, rule: Rule) -> None:
        """Put a rule in force."""
        self.rules.append(rule)
        self._by_op = None

    def now(self, unit: str) -> int:
        """The current action, turn or round number (what a rule's 'until' is counted in)."""
        return {"action": self.game.action_no, "turn": self.s.turn}.get(unit, self.s.rounds_played)

    def ruled(self, op: str) -> list[Rule]:
        """The rules of one kind in force now."""
        memo = self._memo                  # inside ``reading``: kept under the op itself (other keys are tuples)
        if memo is None:
            return self._ruled(op)
        found = memo.get(op)
        if found is None:
            found = memo[op] = self._ruled(op)
        return cast(list, found)

    def _index(self) -> dict[Any, list[Rule]]:
        """The rules kept (in force or not) by op, in the order they were kept; made again when they change."""
        if self._by_op is None:
            self._by_op = {}
            for r in self.rules:
                self._by_op.setdefault(r.node.get("op"), []).append(r)
        return self._by_op

    def triggers_of(self, kind: str) -> list[Rule]:
        """The trigger rules kept (in force or not) whose event pattern is of events of ``kind``, in the order
        they were kept: the only triggers an event of that kind can meet, so the others' conditions ('while
        …') are not evaluated for it."""
        index = self._index()
        found = index.get(("trigger-of", kind))          # ops are strings: a tuple key is no op's
        if found is None:
            found = index[("trigger-of", kind)] = [r for r in index.get("trigger", ())
                                                   if (r.node.get("event") or {}).get("kind") == kind]
        return found

    def _ruled(self, op: str, stat: str | None = None) -> list[Rule]:
        found = self._index().get(op)
        if found and stat is not None:     # the stat's rules only: the others' conditions are not evaluated
            found = [r for r in found if r.node["stat"] == stat]
        return [r for r in found if self.active(r)] if found else []

    def modifiers(self, stat: str) -> list[Rule]:
        """The 'modify' rules of one stat in force now (``ruled("modify")`` of that stat, in the same order)."""
        memo = self._memo
        if memo is None:
            return self._ruled("modify", stat)
        found = memo.get(("modify", stat))
        if found is None:
            found = memo[("modify", stat)] = self._ruled("modify", stat)
        return cast(list, found)

    def who(self, rule: Rule) -> list[str]:
        """The things a rule's ``who`` names, evaluated with the rule's bindings; a survivor's rule about
        itself also holds for a survivor that has its abilities (John Price)."""
        memo = self._memo
        if memo is None:
            return self._who(rule)
        kept = memo.get(("who", id(rule)))
        if kept is None or kept[0] is not rule:     # the rule is kept with its answer: its id is not reused
            kept = memo[("who", id(rule))] = (rule, self._who(rule))
        return cast(list, kept[1])

    def _who(self, rule: Rule) -> list[str]:
        found = self.game.targets_now(rule.node["who"], rule.env)
        if rule.node.get("op") != "copy_abilities":
            for r in self.borrowed(rule):
                if r.attached not in found and self.active(r):
                    found = [*found, cast(str, r.attached)]
        return found

    def stat(self, thing: str, stat: str, base: int = 0, use: bool = False, context: str | None = None) -> int:
        """A number after every 'modify' rule that applies to the thing. A rule with a use limit ("once per
        round: … looks at 1 additional card") counts only while unused, and ``use`` spends that use. A rule
        that excepts a context ("… except in exile votes": ``except: exile_vote``) does not count in it."""
        value = base
        for rule in self.modifiers(stat):
            if (context is not None and rule.node.get("except") == context) \
                    or thing not in self.who(rule):
                continue
            if rule.per is not None and (self.used_up(rule) if use else
                                         self.limits.get(self.limit_key(rule.key or str(id(rule)), rule.per))):
                continue
            value = rule.node["value"] if rule.node["mode"] == "set" else value + rule.node["value"]
        return value

    def forbidden(self, who: str, action: str, origin: str | None = None, destination: str | None = None,
                  card: str | None = None) -> bool:
        """Whether a 'cannot' rule bars a survivor (or a player) from an action. A rule about moves away
        from or to a place (``from``, ``to``) bars only those moves (a survivor's move starts where it
        stands; with no destination given, a ``to`` rule does not bar it); a rule about some cards
        (``cards``: "you cannot play food cards") bars only those cards."""
        rules = self.ruled("forbid")
        if not rules:                      # the usual case: nothing is forbidden
            return False
        if origin is None and who in self.s.survivors:
            origin = self.s.survivors[who].location
        for rule in rules:
            node = rule.node
            if action not in node["actions"] or who not in self.who(rule):
                continue
            if node.get("from") and origin not in self.game.places_now(node["from"], rule.env):
                continue
            if node.get("to") and destination not in self.game.places_now(node["to"], rule.env):
                continue
            if node.get("card") and (card is None or card not in self.game.targets_now(node["card"], rule.env)):
                continue             # "you cannot play the chosen card": that card only
            if node.get("cards") and (card is None or not all(
                    self.attr(card, "type") == f["type"] for f in node["cards"] if f["op"] == "card_type")):
                continue
            unless = node.get("unless")
            if unless is None or not self.game.holds(unless, {**rule.env, "self": who}):
                return True
        return False

    def exempt(self, survivor: str, what: str, when: str | None = None, origin: str | None = None,
               destination: str | None = None, entrance: int | None = None) -> bool:
        """Whether a survivor is spared a roll or a rule; an exemption for moves from or to a place (``origin``,
        ``destination``: the Sewer Passage) spares only those moves; one for attacks on one entrance of a
        place (``at``, ``entrance`` from 1: Ashley Ross's walkways) only attacks there (``entrance`` from 0,
        at the survivor's location)."""
        for rule in self.ruled("exempt"):
            node = rule.node
            if node.get("entrance") is not None and (entrance is None or entrance != node["entrance"] - 1 or
                                                     self.s.survivors[survivor].location
                                                     not in self.game.places_now(node["at"], rule.env)):
                continue
            if node.get("origin") and origin not in self.game.places_now(node["origin"], rule.env):
                continue
            if node.get("destination") and destination not in self.game.places_now(node["destination"], rule.env):
                continue
            if node["from"] == what and (not node.get("when") or when in node["when"]) and survivor in self.who(rule):
                if self.used_up(rule):              # "once per round: … does not roll" is then used up
                    continue
                return True
        return False

    def replacement(self, kind: str, survivor: str) -> Rule | None:
        """The rule that stands in for an event about to befall a survivor ("instead of this survivor being
        bitten"), if one is in force and names it."""
        for rule in self.ruled("replace"):
            ev = rule.node["event"]
            v = self.s.survivors[survivor]
            if ev["kind"] == kind and self.game.match(ev, {"kind": kind, "survivor": survivor, "player": v.controller,
                                                          "location": v.location}, rule.env) is not None:
                return rule
        return None

    def used_up(self, rule: Rule, count: bool = True) -> bool:
        """Whether a limited rule has been used in its period (and if not, count this use unless told not to)."""
        if rule.per is None:
            return False
        key = self.limit_key(rule.key or str(id(rule)), rule.per)
        allowed = 1                      # "the chosen card can be used 2 times per round" (Marcus Johnson)
        if rule.per == "round" and rule.env.get("this_card") in self.s.cards:
            allowed = self.stat(rule.env["this_card"], "uses_per_round", 1)
        used = self.limits.get(key, 0)
        if used >= allowed:
            return True
        if count:
            self.limits[key] = used + 1
        return False

    def limit_key(self, key: str, per: str) -> str:
        period = {"turn": self.s.turn, "round": self.s.rounds_played, "game": 0}[per]
        return f"{key}|{per}|{period}"
