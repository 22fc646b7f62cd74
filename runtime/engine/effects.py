"""Effects, continuous rules and events for the reference engine.

A mixin of ``Game``: running card effects on the interpreter, settling what the host
queued (triggers, bites, moves, leaders, votes), keeping the rules cards hand over,
and matching events against trigger patterns.
"""
from __future__ import annotations

from typing import Any, cast

from ..cards import crossroads_options, crossroads_program  # the one crossroads flow (runtime/cards.py); re-exported here
from ..decisions import ORDER, TARGETS, Decision
from ..interpreter import Env
from .common import EVENT_BINDINGS, ROUND_EVENTS, RULE_OPS, GameError, Gen
from .host import Rule
from .parts import GameParts
from .state import check_invariants


class EffectRules(GameParts):
    """Card effects, the rules they leave in force, and the events that trigger them."""

    # ---- effects, rules, events -----------------------------------------------------------------
    def run_effect(self, tree: list[dict], env: dict) -> Gen:
        """Run an effect tree on the interpreter, then whatever it queued."""
        if not tree:
            return
        self.interp.steps = 0
        bindings = {k: v for k, v in env.items() if k not in ("player", "card")}
        card = env.get("card", "")
        e = Env(env["player"], self.state.cards.get(card, card), bindings)
        yield from self.interp.block(tree, e)
        yield from self.settle()

    # ---- the crossroads card flow (seed 004, Resolving Crossroads cards) ------------------------------
    def resolve_crossroads(self, p, card: str, drawer: str, bound: dict) -> Gen:
        """Read a triggered crossroads card out, run its set-up, then let the player it applies to (or the
        voters, or the player the card names) pick one of its options, every printed option offered."""
        d = self.host.card_def(card)
        env = {"player": p.id, "card": d["id"], "this_card": card}   # "this card": the crossroads card itself
        self.host.card_uses[d["id"]] = self.host.card_uses.get(d["id"], 0) + 1
        self.log.add("crossroads", {"card": d["id"], "player": p.id, "read_by": drawer}, {})
        start = len(self.log.lines)
        yield from self.run_effect(_tagged_program(d), {**env, **bound})
        if self.host.zone_of(card)[0] == "elsewhere":   # the option took effect: now the card leaves the game
            self.state.removed.append(card)             # (seed 004, Resolving Crossroads cards)
        # the option taken is the choice line of the card's own choose/vote (tagged by _tagged_program)
        taken = next((ln for ln in self.log.lines[start:] if ln["src"].get("crossroads") == d["id"]), None)
        option = None if taken is None else taken["params"].get("option", taken["params"].get("winner"))
        self.log.add("crossroads_resolved", {"card": d["id"], "player": p.id, "option": option}, {})
        # "when a crossroads card is triggered": once it is resolved (seed 004: nothing interrupts an effect)
        yield from self.fire({"kind": "crossroads_triggered", "player": p.id, "card": card, "drawer": drawer})

    def card_attack(self, sid: str, player: str, named: list[str] | None) -> Gen:
        """A card has a survivor attack: its player picks the target among the zombies there and the other
        players' survivors there who are not helpless (or among the survivors the card names), as for the
        attack action (seed 004, Attack); nothing there to attack: nothing happens."""
        s = self.state
        v = s.survivors.get(sid)
        if v is None or v.place != "play":
            return
        p = s.player(player)
        where = cast(str, v.location)
        if named is None:
            targets = (["zombie"] if s.locations[where].zombie_count() else []) + [
                o.id for o in s.survivors.values() if o.place == "play" and o.location == v.location
                and o.controller not in (None, v.controller) and o.id != sid]
        else:
            targets = [t for t in named if t in s.survivors and s.survivors[t].place == "play"
                       and s.survivors[t].location == v.location and s.survivors[t].controller not in (None, v.controller)]
        if not targets:
            return
        target = targets[0] if len(targets) == 1 else \
            (yield Decision(TARGETS, player, tuple(targets), 1, 1, prompt="attack target"))[0]
        self.log.add("perform", {"survivor": sid, "action": "attack", "player": player}, {})
        yield from self.strike(p, sid, target)

    def run_sync(self, tree: list[dict], env: dict) -> None:
        """Run an effect that must not ask anything (a replacement inside the host)."""
        gen = self.run_effect_now(tree, env)
        self.host.quiet += 1                      # its choices wait for the effect around it (settle)
        try:
            d = next(gen)
        except StopIteration:
            return
        finally:
            self.host.quiet -= 1
        raise GameError(f"a replacement effect cannot ask a {d.kind} question", "replacement-asks", kind=d.kind)

    def run_effect_now(self, tree: list[dict], env: dict) -> Gen:
        bindings = {k: v for k, v in env.items() if k not in ("player", "card")}
        yield from self.interp.block(tree, Env(env["player"], env.get("card", ""), bindings))

    def settle(self, scope: tuple | None = None) -> Gen:
        """Run what the host queued: triggered rules, bite spreads, moves, leader choices, exile votes."""
        guard = 0
        while self.host.pending and not self.state.over:
            guard += 1
            if guard > 500:
                raise GameError("more than 500 queued effects in one step: a rule triggers itself", "effects-loop")
            if self.host.pending[0][0] == "trigger":
                batch = []                              # the triggers an event fired together
                while self.host.pending and self.host.pending[0][0] == "trigger":
                    batch.append(self.host.pending.pop(0))
                batch = [b for b in batch if not self.host.used_up(b[1], count=False)]
                if len(batch) > 1:
                    # simultaneous effects: the first player decides their order (seed 004, Card Text)
                    first = self.tie_breaker([b[1].env.get("player") for b in batch])
                    order = yield Decision(ORDER, first, tuple(range(len(batch))), len(batch), len(batch),
                                           prompt="order effects")
                    batch = [batch[k] for k in order]
                for item in batch:
                    yield from self.run_trigger(item, scope)
                continue
            item = self.host.pending.pop(0)
            if item[0] == "spread":
                yield from self.spread(item[1], item[2])
            elif item[0] == "move":
                v = self.state.survivors[item[1]]
                if v.place == "play" and item[2]:
                    yield from self.move(self.state.player(cast(str, v.controller)), item[1], item[2], exposure=True)
            elif item[0] == "leader":
                p = self.state.player(item[1])
                if len(p.survivors) > 1:
                    pick = (yield Decision(TARGETS, p.id, tuple(p.survivors), 1, 1, prompt="group leader"))[0]
                    p.survivors.remove(pick)
                    p.survivors.insert(0, pick)
            elif item[0] == "attack":                        # a card had a survivor attack (Wrench, Reading Lamp)
                _, sid, player, named = item
                yield from self.card_attack(sid, player, named)
            elif item[0] == "exposure":                      # after an attack a card made (Wrench)
                _, sid, player, when = item
                skip, self.host.skip_exposure = self.host.skip_exposure, False   # "do not roll for exposure" said
                if self.state.survivors[sid].place == "play" and not skip \
                        and not self.host.exempt(sid, "exposure", when):          # by the card or a trigger on it
                    yield from self.exposure(sid, player)
            elif item[0] == "exile_vote":
                target = item[2]
                if target in self.state.survivors:          # "a vote to exile the player who controls …"
                    target = self.state.survivors[target].controller
                if target and not self.state.player(target).exiled:
                    yield from self.exile_vote(self.state.player(item[1]), target)
            else:                                           # a player's choice the host queued (choices.py)
                yield from self.settle_item(item)

    def run_trigger(self, item: tuple, scope: tuple | None) -> Gen:
        """Run one triggered rule (unless its use limit is spent), with the event's bindings."""
        _, rule, bound = item
        if self.host.used_up(rule):
            return
        old, self.rule_scope = self.rule_scope, scope or ("action", self.action_no)
        card = rule.env.get("card", "")
        self.host.card_uses[card] = self.host.card_uses.get(card, 0) + 1
        try:
            yield from self.run_effect(rule.node["body"], {**rule.env, **bound})
        finally:
            self.rule_scope = old
        self.used_weapon(rule.env.get("this_card"), rule.env.get("player"), rule.env.get("self"))

    def used_weapon(self, card: str | None, player: str | None, sid: str | None) -> None:
        """A weapon card's ability was used (for "when you use a weapon", e.g. No Ammo)."""
        if card and card in self.state.cards and self.host.card_def(card).get("item_type") == "weapon":
            where = self.state.survivors[sid].location if sid in self.state.survivors else None
            self.host.emit({"kind": "use_weapon", "player": player, "card": card, "survivor": sid, "location": where})

    def register_survivor(self, sid: str) -> None:
        """A survivor entered play: its always-on abilities come into force."""
        self.register(self.state.survivors[sid].card, sid)

    def register(self, source: str, sid: str) -> None:
        """Put the always-on rules of a survivor card or an equipped item in force, attached to the survivor."""
        d = self.defs.get(source) or self.host.card_def(source)
        for i, ab in enumerate(d.get("abilities", [])):
            if d["kind"] == "item" and ab.get("use") != "equip":
                continue
            env = {"player": self.state.survivors[sid].controller, "card": d["id"], "self": sid,
                   "this_card": source}
            where = self.where_cond(ab.get("where"))
            for j, node in enumerate(ab.get("effect", {}).get("tree", [])):
                self._register_node(node, env, sid, per=None, key=f"{source}#{i}.{j}", cond=where)

    def where_cond(self, where: str | None) -> dict | None:
        """An ability printed for a location (Library, Colony, Non-colony) is in force only while its survivor is there."""
        lid = (where or "anywhere").replace("-", "_")
        if lid == "non_colony":
            place = {"op": "select_of", "kind": "location", "quantity": {"mode": "all"},
                     "filters": [{"op": "state", "is": "non_colony"}]}
        elif lid in self.state.locations:
            place = {"op": "location", "id": lid}
        else:
            return None
        return {"op": "is", "subject": {"op": "ref", "name": "self", "kind": "survivor"}, "state": "at", "where": place}

    def _register_node(self, node: dict, env: dict, sid: str, per: str | None, key: str,
                       cond: dict | None = None) -> None:
        if node["op"] == "optional" and not node["cost"] and self.passive(node["body"]):
            for k, inner in enumerate(node["body"]):       # "you may: <a rule>": the rule is simply on
                self._register_node(inner, env, sid, per, f"{key}.{k}", cond)
        elif node["op"] == "limit":
            for k, inner in enumerate(node["body"]):
                self._register_node(inner, env, sid, node["per"], f"{key}.{k}", cond)
        elif node["op"] in RULE_OPS:
            self.add(node, env, until=None, per=per, attached=sid, key=key, cond=cond)

    def rehome_rules(self, card: str, to: str) -> None:
        """A handed-off item's rules follow it to the new survivor (their use limits stay used)."""
        for r in self.host.rules:
            if r.env.get("this_card") == card:
                r.attached = to
                r.env = {**r.env, "self": to, "player": self.state.survivors[to].controller}

    def add(self, node: dict, env: dict, until, per=None, attached=None, key="", cond=None) -> None:
        op = node["op"]
        if op == "lasting":
            span = {"turn": ("turn", self.state.turn), "round": ("round", self.state.rounds_played),
                    "next_round": ("round", self.state.rounds_played + 1), "game": None,
                    "warfare": ("turn", self.state.turn),
                    "action": until}[node["duration"]]    # "for this action": the action the rule came with
            for k, inner in enumerate(node["body"]):
                self.add(inner, env, span, per, attached, f"{key}.{k}", cond)
        elif op == "while":
            for k, inner in enumerate(node["body"]):
                self.add(inner, env, until, per, attached, f"{key}.{k}", node["cond"])
        elif op == "attach":
            for k, inner in enumerate(node["body"]):
                self.add(inner, env, None, per, env.get("attached_to") or attached, f"{key}.{k}", cond)
        elif op == "limit":
            for k, inner in enumerate(node["body"]):
                self.add(inner, env, until, node["per"], attached, f"{key}.{k}", cond)
        elif op == "delayed":      # the next round, once: it stays until that round is over
            self.host.keep(Rule(node, dict(env), ("round", self.state.rounds_played + 1), "game", attached,
                                env.get("card", ""), cond, f"{key}#{self.action_no}.{len(self.host.rules)}"))
        elif op in RULE_OPS:       # a rule of its own ("cannot", a trigger, a modifier …): like a rule a running
            self.hand_over(node, env, (until, per, attached, key, cond))      # effect hands over, its statement's
        else:                      # handler gives it to the host; a statement kept as is (an ability granted)
            self.host.keep(Rule(node, dict(env), until, per, attached, env.get("card", ""), cond, key))

    def hand_over(self, node: dict, env: dict, placing: tuple) -> None:
        """Run a rule's statement (``handlers.h_rule``, which hands it to the host's ``add_rule``) for a rule
        the engine puts in force itself, a standing ability or a rule inside another: the host keeps it with
        ``placing`` (how long, its use limit, its survivor, its key, its condition) rather than as a one-off
        effect's rule. The handler is the one path by which any rule reaches the host."""
        bindings = {k: v for k, v in env.items() if k not in ("player", "card")}
        e = Env(cast(str, env.get("player")), env.get("card", ""), bindings)
        self.placing = placing
        self.host.quiet += 1          # putting a rule in force asks nothing: choices an effect around it left to
        try:                          # a player (ask_now) stay queued for that effect
            self.interp.run_now(self.interp.stmt(node, e))
        finally:
            self.placing = None
            self.host.quiet -= 1

    def keep_rule(self, node: dict, env: dict) -> None:
        """A rule handed over by a running effect: 'lasting' says how long; others last the action or turn. A
        rule the engine is putting in force itself (``hand_over``) is kept as it says."""
        if self.placing is not None:
            (span, limit, survivor, kept_as, cond), self.placing = self.placing, None
            self.host.keep(Rule(node, dict(env), span, limit, survivor, env.get("card", ""), cond, kept_as))
            return
        scope = self.rule_scope if self.rule_scope and self.rule_scope[0] == "action" else ("turn", self.state.turn)
        until: tuple | None = scope            # a rule a triggered effect hands over applies to that action only
        if node["op"] == "lasting" and node.get("duration") == "action":
            until = ("action", self.action_no)   # "for this action:" in an ability: that action, not the turn
        if node["op"] == "while":
            until = None         # "as long as …": its condition says how long (Gray Beard's crisis ban)
        key = f"{env.get('card', '')}@{node.get('pos', {}).get('line')}"
        if node["op"] == "trigger":       # "when you move …" from a played card: the next such event only
            key, per = f"{key}#{self.action_no}.{len(self.host.rules)}", "game"
            if node["event"].get("kind") in ROUND_EVENTS:
                until = None     # "when a crisis is revealed": no turn holds one, so the next one, whenever it comes
        else:
            per = None
        self.add(node, env, until, per=per, key=key, attached=env.get("attached_to"))

    def objective_met(self, event: str | None = None) -> bool:
        """The main objective's printed goals, as changed by the extra goals cards put in force: the
        colony also wins when a 'win' goal holds at the objective check (Army), and the printed goals
        count only while every 'require' goal holds too (The Deputy)."""
        extra = self.host.ruled("extra_goal")
        met = self.printed_goals_met(event)
        if met and not all(self.holds(r.node["cond"], r.env) for r in extra if r.node["kind"] == "require"):
            return False
        if not met and event is None:
            met = any(self.holds(r.node["cond"], r.env) for r in extra if r.node["kind"] == "win")
        return met

    # ---- evaluation helpers used by the host --------------------------------------------------------
    def holds(self, cond: dict, env: dict) -> bool:
        bindings = {k: v for k, v in env.items() if k not in ("player", "card")}
        return self.interp.check(cond, Env(env.get("player") or self.state.players[self.state.first].id,
                                           env.get("card", ""), bindings))

    def places_now(self, node: dict, env: dict) -> list[str]:
        """The locations a location node names, evaluated with a rule's bindings."""
        bindings = {k: v for k, v in env.items() if k not in ("player", "card")}
        e = Env(env.get("player") or self.state.players[self.state.first].id, env.get("card", ""), bindings)
        found = self.interp.places(node, e)
        return [found] if isinstance(found, str) else list(found or [])

    def targets_now(self, node: dict, env: dict) -> list[str]:
        bindings = {k: v for k, v in env.items() if k not in ("player", "card")}
        e = Env(env.get("player") or self.state.players[self.state.first].id, env.get("card", ""), bindings)
        if node.get("op") == "select_of":
            return self.interp.candidates(node, e)
        return self.interp.run_now(self.interp.targets(node, e))

    def fire(self, event: dict) -> Gen:
        """An event the game raises between its own steps (a move about to happen, a colony phase step, an
        exile vote): emitted, and the triggers it fired run at once."""
        queued = len(self.host.pending)
        self.host.emit(event)
        if len(self.host.pending) > queued:
            yield from self.settle()

    def match(self, pattern: dict, ev: dict, env: dict, timing: str = "when") -> dict | None:
        """The bindings an event gives if it matches a trigger's event pattern, else None. ``timing`` is the
        trigger's: "before" waits for the moment just before an event (``moment: before``), "when" and
        "after" (and a crossroads card, a goal, a condition) for the event itself."""
        if pattern.get("kind") != ev["kind"] or (timing == "before") != (ev.get("moment") == "before"):
            return None
        bound: dict[str, Any] = {name: ev[field] for name, field in EVENT_BINDINGS.get(ev["kind"], ())
                                 if ev.get(field) is not None}
        scope = {**env, **bound}
        e = Env(cast(str, env.get("player") or ev.get("player")), env.get("card", ""),
                {k: v for k, v in scope.items() if k not in ("player", "card")})
        for role in ("actor", "subject"):
            who = pattern.get(role)
            if who is not None and not self._names(who, role, ev, env, bound, e):
                return None
        for f in pattern.get("filters", []):
            op = f["op"]
            if op in ("at", "origin", "destination"):
                places = self.interp.run_now(self.interp.location(f["location"], e))
                if ev.get("location" if op == "at" else op) not in places:
                    return None
            elif op == "without":                  # "… ends their turn without adding a card to the crisis"
                if f["action"] in ev.get("actions", ()):
                    return None
        return bound

    def _names(self, who: dict, role: str, ev: dict, env: dict, bound: dict, e: Env) -> bool:
        """Whether the actor or subject of a pattern names what the event's actor or subject is: a player is
        the event's ``player`` (as the subject, the ``target``: "an exile vote against you"), a survivor its
        ``survivor``, a card its ``card``; a pattern that names nothing (a step of the round, any zombie)
        matches any."""
        def thing(kind: str) -> Any:
            if kind == "player":
                return ev.get("target") if role == "subject" and "target" in ev else ev.get("player")
            return ev.get(kind)

        op = who.get("op")
        if op == "you":
            return thing("player") == env.get("player")
        if op == "named":                          # '"Jenny Clark" searches': that survivor, no other
            return self.interp.named(who, anywhere=True) in (ev.get("survivor"), ev.get("card"))
        if op == "ref":
            if who["name"] in bound and who["name"] not in env:
                return True
            return env.get(who["name"]) in (ev.get("survivor"), thing("player"), ev.get("card"))
        if op != "select_of" or who["kind"] not in ("survivor", "player", "card"):
            return True                            # the round, a warfare, any zombie
        kind = who["kind"]
        found = thing(kind)
        if found is None:
            return False
        if kind == "card":
            return all(self.host.attr(found, "type") == f["type"] for f in who["filters"] if f["op"] == "card_type") \
                and all(self.host.attr(found, "name") == f["name"] for f in who["filters"] if f["op"] == "card_named")
        return all(self.interp.passes(found, f, e) for f in who["filters"] if f["op"] != "extreme")

    def verify(self, where: str) -> None:
        """Check the invariants (when asked to); every violation is kept with where it was seen."""
        if not self.check:
            return
        for v in check_invariants(self.state, self.total_cards, self.rules):
            self.violations.append(f"{where}: {v}")


def _tagged_program(d: dict) -> list[dict]:
    """The card's program (nodes without a pos, as logged), its own choose/vote node tagged with the
    card's id so that the node's log line (chose, vote, no_option) names the card: the option taken."""
    program = crossroads_program(d, src={})
    if crossroads_options(d):
        program[-1] = {**program[-1], "pos": {"crossroads": d["id"]}}
    return program
