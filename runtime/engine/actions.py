"""The turn actions of the base game (seed 004, Player Turn Actions): which are legal, and doing them.

A mixin of ``Game``: it reads and changes the game through ``self.state``, ``self.host`` and
``self.interp`` and runs effects with ``self.run_effect``; every decision is yielded.
"""
from __future__ import annotations

from typing import cast

from ..decisions import KEEP, MAY, OPTION, TARGETS, VOTE, Decision, ask_player
from ..handlers import can_put_away, feasible, offer_ignore, pay
from ..interpreter import Env
from .common import RULE_OPS, TURN_ACTION_NAMES, GameError, Gen, _walk, adds_survivors
from .host_rules import Rule
from .parts import GameParts
from .state import Player


def _never(*_args: object, **_kwargs: object) -> bool:
    """``forbidden`` when no 'cannot' rule is in force."""
    return False


#: the turn actions an action die pays, and where the action's tuple names the die
DIE_AT = {"attack": 3, "search": 2, "barricade": 2, "attract": 2, "clean_waste": 1}

class TurnActions(GameParts):
    """Attack, search, barricade, clean waste, attract, abilities, move, play and equip, the crisis,
    food, request, hand off and exile (seed 004), with exposure and spreading bites."""

    #: the cards added to the crisis are face down, each told to its player only (seed 004, Add Cards to
    #: Crisis) and shuffled before they are revealed (3. Resolve Crisis); Warring Colonies' joint crisis has
    #: them face up (seed 000), revealed in the order given
    crisis_face_up = False

    #: how many times a search may make noise (the base game: as long as there are noise spaces)
    noise_per_search: float = float("inf")

    #: the kinds of turn action a variant does not offer, left out of the base listing rather than listed and
    #: dropped ("attack_survivor": an attack on a survivor); Warring Colonies' own listing drops them too
    unlisted: frozenset[str] = frozenset()

    # ---- the actions (seed 004, Player Turn Actions) ------------------------------------------
    def legal_actions(self, p: Player) -> list[tuple]:
        """Every action player ``p`` may take now, in a fixed order (the decision's options)."""
        with self.host.reading():          # nothing changes while they are listed: the rules' answers are kept
            return self._legal_actions(p)

    def _legal_actions(self, p: Player) -> list[tuple]:
        s, h = self.state, self.host
        acts: list[tuple] = []
        crowd: dict[str | None, int] = {}
        standing: dict[str | None, list] = {}       # location -> the survivors in play there, in state order
        for v in s.survivors.values():
            if v.place == "play":                   # in play: somewhere
                crowd[v.location] = crowd.get(v.location, 0) + 1
                standing.setdefault(v.location, []).append(v)
        with_zombies = [l.id for l in s.locations.values() if l.zombie_count()]
        forbidden = h.forbidden if h.ruled("forbid") else _never     # no 'cannot' rule in force: nothing is barred
        dice = sorted(set(p.unused))
        own_only = self.rule_reading("handoff_to", "any_survivor") == "own_survivor"   # seed 001 line 84 (docs/runtime.md)
        skip = self.unlisted
        for sid in p.survivors:
            v = s.survivors[sid]
            where = cast(str, v.location)
            loc = s.locations[where]
            here = standing.get(where, ())
            attack, search = h.attr(sid, "attack"), h.attr(sid, "search")
            if not forbidden(sid, "attack"):
                if loc.zombie_count():
                    acts += [("attack", sid, "zombie", d) for d in dice if d >= attack][:1]
                for other in (here if "attack_survivor" not in skip else ()):
                    if other.controller != p.id and other.id != sid:
                        acts += [("attack", sid, other.id, d) for d in dice if d >= attack][:1]
            if not loc.colony and loc.deck and not forbidden(sid, "search"):
                acts += [("search", sid, d) for d in dice if d >= search][:1]
            open_here = h.open_entrances(where)
            if dice and open_here and not forbidden(sid, "barricade"):
                acts.append(("barricade", sid, dice[0]))
            if dice and open_here and "attract" not in skip and any(l != where for l in with_zombies) \
                    and not forbidden(sid, "attract"):    # attracted zombies need an empty entrance space
                acts.append(("attract", sid, dice[0]))
            if "move" not in skip and sid not in p.moved and not forbidden(sid, "move"):
                acts += [("move", sid, l.id) for l in s.locations.values()
                         if l.id != where and crowd.get(l.id, 0) + l.helpless < l.survivor_spaces
                         and not forbidden(sid, "move", where, l.id)]
            for i, (card, ab) in enumerate(h.abilities_of(sid)):    # its own, then those it has from others
                if self.usable(ab, sid, p, card) and not forbidden(sid, "use_ability"):
                    acts.append(("ability", sid, i))
            for card in v.equipped:
                for i, ab in enumerate(h.card_def(card).get("abilities", [])):
                    if ab.get("use") == "equip" and self.usable(ab, sid, p, card):
                        acts.append(("item", card, i))
                if card not in self.handed:
                    acts += [("handoff", card, o.id) for o in here if o.id != sid
                             and (o.controller == p.id or not own_only)]
        if dice and s.waste and "clean_waste" not in skip \
                and any(s.survivors[x].location == "colony" for x in p.survivors):
            acts.append(("clean_waste", dice[0]))
        acts += self.card_actions(p)
        full = h.colony_full(p.id)          # no item card that adds survivors then (seed 004, Adding Survivors)
        for card in sorted(set(p.hand), key=lambda c: (s.cards[c], c)):
            d = h.card_def(card)
            for ab in d.get("abilities", [])[:1]:
                if ab.get("use") == "equip":
                    acts += [("equip", card, sid) for sid in p.survivors]
                elif not forbidden(p.id, "play_card", card=card) and not (full and adds_survivors(d)):
                    acts.append(("play", card))
            if s.crisis and not p.exiled and "crisis" not in skip and not forbidden(p.id, "add_to_crisis", card=card):
                acts.append(("crisis", card))
        if s.crisis and not p.exiled and "crisis" not in skip:   # "and/or cards that are equipped to survivors he
            # controls" (seed 004)
            acts += [("crisis", c) for sid in p.survivors for c in s.survivors[sid].equipped
                     if not forbidden(p.id, "add_to_crisis", card=c)]
        if s.food and not p.exiled and "food" not in skip:
            acts += [("food", d) for d in dice if d < 6]
        if p.id not in self.requested and any(o.hand for o in s.players if o is not p):
            acts.append(("request",))
        if not p.exile_vote_used and not p.exiled and "exile" not in skip:
            acts += [("exile", o.id) for o in s.players if o is not p and not o.exiled]
        acts.append(("end",))
        return acts

    def granted(self) -> list[tuple[tuple, Rule]]:
        """The extra actions cards' rules in force grant (turn_action), each as the action tuple
        ("card_action", card, n: the card's n-th such rule) and its rule."""
        out: list[tuple[tuple, Rule]] = []
        seen: dict[str, int] = {}
        for rule in self.host.ruled("turn_action"):
            card = rule.env.get("card", "")
            seen[card] = seen.get(card, 0) + 1
            out.append((("card_action", card, seen[card]), rule))
        return out

    def card_actions(self, p: Player) -> list[tuple]:
        """The granted actions player ``p`` can pay for now, on their own turn ("during their turn, each
        player may spend a card: …"), leaving out one whose block would put away cards of theirs they do not
        have ("put a medicine card in their hand in the storage" with no medicine card), as an offer does."""
        return [act for act, rule in self.granted()
                if not self.host.used_up(rule, count=False)        # "once per round: during their turn, …"
                and all(feasible(self.interp, c, Env(p.id, rule.env.get("card", ""), {**rule.env, "each": p.id}))
                        for c in rule.node["cost"])
                and can_put_away(self.interp, rule.node["body"],
                                 Env(p.id, rule.env.get("card", ""), {**rule.env, "each": p.id}))]

    def usable(self, ability: dict, sid: str, p: Player, source: str) -> bool:
        """Whether an activated ability can be used now: where it works, its limit, its die cost."""
        s = self.state
        where = ability.get("where")
        loc = s.survivors[sid].location
        if where and where != "anywhere" and not (where == loc or (where == "non-colony" and loc != "colony")
                                                  or where.replace("-", "_") == loc):
            return False
        info = self._ability_info.get(id(ability))
        if info is None:
            index = self.bundle_index            # an ability printed on a card: read once for every game
            shared = index.ability_info if id(ability) in index.ability_ids else None
            info = shared.get(id(ability)) if shared is not None else None
            if info is None:
                tree = ability.get("effect", {}).get("tree", [])
                info = (not tree or self.passive(tree),
                        [(f"@{n.get('pos', {}).get('line')}:{n.get('pos', {}).get('col')}", n["per"])
                         for n in tree if n["op"] == "limit"],
                        [n for n in _walk(tree) if n.get("op") == "spend_die"])
                if shared is not None:
                    shared[id(ability)] = info
            self._ability_info[id(ability)] = info
        inert, limits, costs = info
        if inert:
            return False
        if not limits and not costs and (source, id(ability)) in self.free_used:
            return False          # a free, unlimited ability: once per turn is enough (the engine's reading)
        card = s.cards.get(source, source)
        for suffix, per in limits:
            if self.host.limits.get(self.host.limit_key(f"{card}{suffix}:{p.id}", per)):
                return False
        if not all(self.host.can_pay(c, p.id) for c in costs):
            return False
        env = Env(p.id, card, {**ability.get("env", {}), "self": sid, "this_card": source})
        return self.can_start(ability.get("effect", {}).get("tree", []), env)

    def can_start(self, tree: list[dict], env: Env) -> bool:
        """Whether an ability's first statement can do something now: its cost can be paid whole (cards,
        dice, any step that is a cost), its condition holds (or it has an 'otherwise'). An ability that
        could only spend its use for nothing is not offered."""
        node: dict | None = tree[0] if tree else None
        while node is not None and node["op"] == "limit":
            node = node["body"][0] if node["body"] else None
        if node is None:
            return True
        if node["op"] in ("pay", "optional"):
            return all(feasible(self.interp, c, env) for c in node["cost"])
        if node["op"] == "if":
            return bool(node.get("else")) or self.interp.cond(node["cond"], env)
        return True

    @staticmethod
    def passive(tree: list[dict]) -> bool:
        """Rules that are simply in force (no activation): every statement is a rule, maybe under a limit."""
        def rule_only(nodes):
            return all(n["op"] in RULE_OPS or (n["op"] == "limit" and rule_only(n["body"]))
                       or (n["op"] == "optional" and not n["cost"] and rule_only(n["body"])) for n in nodes)
        return rule_only(tree)

    def acted(self, p: Player, act: tuple) -> None:
        """An action the player took this turn, kept by the name a pattern gives it ("… without adding a card
        to the crisis": ``add_to_crisis``)."""
        self.turn_actions.setdefault(p.id, set()).add(TURN_ACTION_NAMES.get(act[0], act[0]))

    def end_turn(self, p: Player) -> Gen:
        """The player ends their turn ("when you end your turn without adding a card to the crisis"): the
        event names the actions they took in it."""
        yield from self.fire({"kind": "end_turn", "player": p.id, "actions": sorted(self.turn_actions.pop(p.id, ()))})

    def spend(self, p: Player, value: int) -> None:
        p.unused.remove(value)
        p.used += 1

    def perform(self, p: Player, act: tuple) -> Gen:
        s, h = self.state, self.host
        kind = act[0]
        self.log.add("action", {"player": p.id, "action": list(act) if kind not in ("crisis",) else ["crisis"]}, {})
        if kind == "attack":
            yield from self.attack(p, *act[1:])
        elif kind == "search":
            yield from self.search(p, act[1], act[2])
        elif kind == "barricade":
            self.spend(p, act[2])        # "on any empty entrance space" of the player's choice (seed 004, Barricade)
            loc = s.locations[cast(str, s.survivors[act[1]].location)]
            i = yield from self.pick_entrance(p.id, h.open_entrances(loc.id), "barricade entrance")
            loc.barricades[i] += 1
            self.log.add("barricade_built", {"player": p.id, "survivor": act[1], "location": loc.id,
                                             "count": sum(loc.barricades)}, {})
            h.emit({"kind": "barricade", "survivor": act[1], "player": p.id, "location": loc.id})
        elif kind == "clean_waste":         # the player's own colony's pile (Warring Colonies: each colony has one)
            self.spend(p, act[1])
            home = self.side_home(self.player_side(p))
            cleaner = yield from self.cleaner(p, home)
            h.emit({"kind": "clean_waste", "player": p.id, "survivor": cleaner, "location": home})
            yield from self.settle(scope=("action", self.action_no))   # "when … cleans waste: … 5 instead of 3"
            n = h.stat(p.id, "clean_waste_cards", self.rules["clean_waste"])
            if cleaner is not None:
                n = h.stat(cleaner, "clean_waste_cards", n)
            cleaned = s.take_waste(self.player_side(p), n)
            s.removed.extend(cleaned)
            self.log.add("waste_cleaned", {"player": p.id, "survivor": cleaner, "count": len(cleaned)}, {})
        elif kind == "attract":
            self.spend(p, act[2])
            here = cast(str, s.survivors[act[1]].location)
            drawn: list[str] = []
            for _ in range(self.rules["attract"]):     # "from any location to any empty entrance spaces" (seed 004)
                sources = tuple(l.id for l in s.locations.values() if l.id != here and l.zombie_count())
                gates = h.open_entrances(here)
                if not sources or not gates:
                    break
                src = (yield Decision(TARGETS, p.id, sources, 1, 1, prompt="attract from"))[0]
                out = yield from self.pick_entrance(p.id, self.zombie_entrances(src), "attract which zombie")
                gate = yield from self.pick_entrance(p.id, gates, "attract to entrance")
                s.locations[src].zombies[out] -= 1
                s.locations[here].zombies[gate] += 1
                drawn.append(src)
            self.log.add("attracted", {"survivor": act[1], "location": here, "count": len(drawn),
                                       "sources": sorted(set(drawn))}, {})
        elif kind == "move":
            p.moved.add(act[1])
            yield from self.move(p, act[1], act[2], exposure=True)
        elif kind == "ability":
            sid = act[1]
            card, ab = h.abilities_of(sid)[act[2]]
            self.free_used.add((card, id(ab)))
            h.card_uses[card] = h.card_uses.get(card, 0) + 1
            yield from self.run_effect(ab["effect"]["tree"], {**ab.get("env", {}), "player": p.id, "card": card,
                                                              "self": sid})
            h.emit({"kind": "use_ability", "survivor": sid, "player": p.id, "location": s.survivors[sid].location})
        elif kind == "item":
            card = act[1]
            owner = next(v.id for v in s.survivors.values() if card in v.equipped)
            ab = h.card_def(card)["abilities"][act[2]]
            self.free_used.add((card, id(ab)))
            yield from self.run_effect(ab["effect"]["tree"], {"player": p.id, "card": card, "self": owner,
                                                              "this_card": card})
            self.used_weapon(card, p.id, owner)
        elif kind == "card_action":      # a rule's extra action: pay, then its block for this player ("they")
            rule = next(r for a, r in self.granted() if a == act)
            node, env = rule.node, rule.env
            self.host.used_up(rule)                                   # this use counts against its limit
            yield from pay(self.interp, node["cost"], Env(p.id, env.get("card", ""), {**env, "each": p.id}))
            yield from self.run_effect(node["body"], {**env, "player": p.id, "each": p.id})
        elif kind == "equip":
            yield from self.equip(p, act[1], act[2])
        elif kind == "play":
            yield from self.play_card(p, act[1])
        elif kind == "crisis":
            card, seen = act[1], self.crisis_face_up
            if card in p.hand:                  # from the hand: face down (seed 004, Add Cards to Crisis)
                p.hand.remove(card)
            else:                               # unequipped from a survivor, in plain view: its rules end
                h.take_out(card)
                h.rules = [r for r in h.rules if r.env.get("this_card") != card]
                h._by_op = None
                seen = True
            s.crisis_added.append((card, p.id))
            if seen:                            # face up: who added it and which card, for everyone
                self.log.add("crisis_card_shown", {"player": p.id, "card": s.cards[card]}, {})
            else:
                self.log.add("crisis_card", {"player": p.id}, {})
                self.log.add("crisis_card_is", {"card": s.cards[card]}, {}, private_to=p.id)
        elif kind == "food":                # from the player's own colony's supply
            s.pay_food(self.player_side(p), 1)
            i = p.unused.index(act[1])
            p.unused[i] += 1
            self.log.add("die_raised", {"player": p.id, "from": act[1], "to": p.unused[i]}, {})
            h.food_raise = (p.id, p.unused[i], self.action_no)      # "do not raise the action die" (Spoiled)
            h.emit({"kind": "spend_food", "player": p.id})
        elif kind == "request":
            yield from self.request(p)
        elif kind == "handoff":
            card, to = act[1], act[2]
            giver = next(v for v in s.survivors.values() if card in v.equipped)
            giver.equipped.remove(card)
            s.survivors[to].equipped.append(card)
            self.handed.add(card)
            self.rehome_rules(card, to)
            self.log.add("handed", {"card": s.cards[card], "from": giver.id, "to": to}, {})
        elif kind == "exile":
            p.exile_vote_used = True
            yield from self.exile_vote(p, act[1])
        else:
            raise GameError(f"unknown action {act!r}", "unknown-action", action=act)

    def dice_for(self, p: Player, act: tuple) -> list[int]:
        """The action dice that could pay a turn action (``DIE_AT``): those of at least the survivor's attack
        or search value for an attack or a search, any die for the others (seed 004, Player Turn)."""
        kind, h = act[0], self.host
        need = h.attr(act[1], kind) if kind in ("attack", "search") else 1
        return sorted({d for d in p.unused if d >= (need or 1)})

    def die_to_spend(self, p: Player, act: tuple) -> Gen:
        """A turn action an action die pays (``DIE_AT``), with the die the player spends on it: the one it
        names when no other could pay, else asked (seed 004, Player Turn: "the player chooses one of their
        unused action dice"). The dice are offered lowest first, the one a careful player spends."""
        if act[0] not in DIE_AT:
            return act
        values = self.dice_for(p, act)
        if len(values) <= 1:
            return act
        die = yield Decision(OPTION, p.id, tuple(values), prompt="die to spend")
        at = DIE_AT[act[0]]
        return act[:at] + (die,) + act[at + 1:]

    def cleaner(self, p: Player, home: str) -> Gen:
        """The survivor of the player's at ``home`` who cleans the waste (cards such as Mop clean more): the
        player's choice when several stand there, offered first the ones whose own card or equipped cards
        change a clean-up (Mop, Brandon Kane), so that the bots' first-choice answer uses them."""
        s, h = self.state, self.host
        here = [x for x in p.survivors if s.survivors[x].location == home]

        def cleans_more(sid: str) -> bool:
            cards = [h.card_def_of_survivor(sid)] + [h.card_def(c) for c in s.survivors[sid].equipped]
            return any("clean_waste" in repr(d.get("abilities")) for d in cards)
        here.sort(key=lambda x: not cleans_more(x))
        return (yield from ask_player(p.id, here, "cleaner"))

    def attack(self, p: Player, sid: str, target: str, die: int) -> Gen:
        """Attack a zombie (kill it, roll for exposure) or a survivor (seed 004, Attack)."""
        self.spend(p, die)
        yield from self.strike(p, sid, target)

    def strike(self, p: Player, sid: str, target: str) -> Gen:
        """The attack itself, once its die is spent (or a card had the survivor attack without one): a zombie
        is killed and the attacker rolls for exposure, unless a rule or a trigger on the attack says not to;
        a survivor is hit on a roll of its attack value or less: a wound, and a random card of its
        controller's hand taken (seed 004, Attack: no exposure roll)."""
        s, h = self.state, self.host
        v = s.survivors[sid]
        if target == "zombie":            # which zombie dies: the attacking player's choice of entrance
            entrance = None
            if getattr(h, "attacking_entrance", None) is None:
                entrance = yield from self.pick_entrance(p.id, self.zombie_entrances(v.location), "zombie to kill")
            h.do_kill_zombies(v.location, 1, {}, by=sid, entrance=entrance)
            self.log.add("zombie_killed", {"survivor": sid, "location": v.location}, {})
            h.emit({"kind": "attack", "survivor": sid, "player": p.id, "location": v.location, "target": "zombie"})
            yield from self.settle()
            at = entrance if entrance is not None else getattr(h, "attacking_entrance", None)
            if not h.skip_exposure and not h.exempt(sid, "exposure", "attack", entrance=at) and v.place == "play":
                yield from self.exposure(sid, p.id)
            return
        other = s.survivors[target]
        roll = self.rng.randint(1, 6)
        hit = roll <= h.attr(target, "attack")
        self.log.add("attack_survivor", {"survivor": sid, "target": target, "roll": roll, "hit": hit}, {})
        h.emit({"kind": "attack", "survivor": sid, "player": p.id, "location": v.location, "target": target})
        if hit:
            victim = s.player(cast(str, other.controller))
            h.do_wound(target, "wound", 1, {"action": "attack"})
            if victim.hand:
                stolen = self.rng.choice(victim.hand)
                victim.hand.remove(stolen)
                p.hand.append(stolen)
                self.log.add("stole", {"player": p.id, "from": victim.id}, {})

    def search(self, p: Player, sid: str, die: int) -> Gen:
        """Draw 1, make noise for more, keep 1, the rest to the bottom (seed 004, Search)."""
        s, h = self.state, self.host
        self.spend(p, die)
        loc = s.locations[cast(str, s.survivors[sid].location)]
        h.emit({"kind": "search", "survivor": sid, "player": p.id, "location": loc.id})
        h.searches.append((loc.id, s.rounds_played))     # what was searched, for "searched since this card"
        yield from self.settle(scope=("action", self.action_no))
        extra_keep = h.stat(sid, "search_keep", 0, use=True)     # "looks at and keeps N additional": N more of each
        look = 1 + h.stat(sid, "search_cards", 0, use=True) + extra_keep
        drawn = loc.deck[:look]
        del loc.deck[:look]
        noises = 0
        while loc.deck and loc.noise < loc.noise_spaces and noises < self.noise_per_search:
            noises += 1
            self.log.add("looking", {"cards": [s.cards[c] for c in drawn]}, {}, private_to=p.id)
            if not (yield Decision(MAY, p.id, prompt="make noise")):
                break
            loc.noise += 1
            h.emit({"kind": "make_noise", "survivor": sid, "player": p.id, "location": loc.id})
            yield from self.settle(scope=("action", self.action_no))   # "… looks at 3 cards when making noise"
            more = max(1, h.stat(sid, "noise_cards", 1))
            drawn += loc.deck[:more]
            del loc.deck[:more]
        if not drawn:
            return
        keep = min(len(drawn), 1 + extra_keep)
        kept = drawn if keep == len(drawn) else list((yield Decision(KEEP, p.id, tuple(drawn), keep, keep,
                                                                     prompt="keep")))
        p.hand.extend(kept)
        loc.deck.extend(c for c in drawn if c not in kept)
        self.log.add("searched", {"player": p.id, "location": loc.id, "looked": len(drawn), "kept": len(kept)}, {})
        self.log.add("kept", {"cards": [s.cards[c] for c in kept]}, {}, private_to=p.id)

    def move(self, p: Player, sid: str, to: str, exposure: bool) -> Gen:
        """Move a survivor and roll for exposure (seed 004, Move a Survivor)."""
        s, h = self.state, self.host
        v = s.survivors[sid]
        origin = v.location
        # "before a survivor moves": the triggers run while it still stands where it was
        yield from self.fire({"kind": "move", "moment": "before", "survivor": sid, "player": p.id, "origin": origin,
                              "destination": to, "location": to})
        if v.place != "play" or v.location != origin:
            return                         # what ran before the move took the survivor away: it moves no more
        v.location = to
        self.last_location[sid] = to
        self.log.add("moved", {"survivor": sid, "from": origin, "to": to}, {})
        h.emit({"kind": "move", "survivor": sid, "player": p.id, "origin": origin, "destination": to, "location": to})
        yield from self.settle()
        if exposure and not h.skip_exposure and not h.exempt(sid, "exposure", "move", origin, to) and v.place == "play":
            yield from self.exposure(sid, p.id)
        h.skip_exposure = False

    def exposure(self, sid: str, player: str) -> Gen:
        """Roll the exposure die from the bundle and run the face (seed 004, Rolling for Exposure)."""
        faces = self.interp.exposure_faces
        if not faces:
            raise GameError("the bundle has no exposure die", "no-exposure-die")
        face, tree = faces[self.rng.randint(1, len(faces)) - 1]
        self.log.add("exposure", {"survivor": sid, "face": face}, {})
        self.host.emit({"kind": "roll_exposure", "survivor": sid, "player": player, "face": face,
                        "location": self.state.survivors[sid].location})
        if (yield from offer_ignore(self.interp, face, sid, {})):
            return                       # a player paid to ignore the result (Olivia Brown's blank experiment)
        if face == "bitten":
            rule = self.host.replacement("bitten", sid)
            if rule is not None:               # "instead of this survivor being bitten": no bite, no bite event
                self.log.add("replaced", {"event": "bitten", "survivor": sid}, {})
                yield from self.run_effect(rule.node["body"], {**rule.env, "self": sid})
                return
            self.host.emit({"kind": "bitten", "survivor": sid, "player": player,
                            "location": self.state.survivors[sid].location})
            self.last_location[sid] = cast(str, self.state.survivors[sid].location)
            if self.bite_waits(sid, player, tree):
                return
        yield from self.run_effect(tree, {"player": player, "card": "base.die.exposure-die", "rolled": sid})

    def bite_waits(self, sid: str, player: str, tree: list[dict]) -> bool:
        """Whether a bite is resolved later rather than now (a variant's hook; the base game: never)."""
        return False

    def spread(self, victim: str, location: str) -> Gen:
        """A bite spreads to the lowest influence there; its controller kills it or rolls again (seed 004)."""
        s, h = self.state, self.host
        while True:
            here = [v for v in s.survivors_at(location) if not h.exempt(v.id, "bite_spread")]
            if not here:
                return
            target = s.survivors[(yield from self.first_player_breaks(self.lowest_influence(here), "bite spreads to"))]
            owner = cast(str, target.controller)
            pick = yield Decision(OPTION, owner, (1, 2), prompt="bite spreads")
            self.log.add("bite_spread", {"to": target.id, "option": pick}, {})
            if pick == 1:
                h.kill(target.id, {"rule": "bite"}, cause="bite")
                return
            face, _ = self.interp.exposure_faces[self.rng.randint(1, len(self.interp.exposure_faces)) - 1]
            self.log.add("exposure", {"survivor": target.id, "face": face}, {})
            if face == "blank":
                return
            h.kill(target.id, {"rule": "bite"}, cause="bite")
            if s.over:
                return

    def equip(self, p: Player, card: str, sid: str) -> Gen:
        """Equip an item to a survivor you control (seed 004, Play a Card)."""
        s = self.state
        p.hand.remove(card)
        s.survivors[sid].equipped.append(card)
        d = self.host.card_def(card)
        self.host.card_uses[d["id"]] = self.host.card_uses.get(d["id"], 0) + 1
        self.log.add("equipped", {"player": p.id, "card": d["id"], "survivor": sid}, {})
        self.register(card, sid)
        self.host.emit({"kind": "play_card", "player": p.id, "card": card, "type": d.get("item_type")})
        return
        yield

    def play_card(self, p: Player, card: str) -> Gen:
        """Play a card onto the waste pile, running its effect (seed 004, Play a Card; Exile)."""
        s, h = self.state, self.host
        d = h.card_def(card)
        p.hand.remove(card)
        # an exiled player's card leaves the game (seed 004, Exile); so does an event item with the reading
        # event_items: removed (seed 001 line 79, "exceto cartas de item de evento, que são removidas do jogo")
        event = any(ab.get("use") == "event" for ab in d.get("abilities", [])[:1])
        gone = p.exiled or (event and self.rule_reading("event_items", "waste") == "removed")
        (s.removed if gone else s.waste).append(card)
        h.card_uses[d["id"]] = h.card_uses.get(d["id"], 0) + 1
        self.log.add("played", {"player": p.id, "card": d["id"]}, {})
        h.emit({"kind": "play_card", "player": p.id, "card": card, "type": d.get("item_type")})
        if p.exiled and d.get("item_type") == "food":
            yield from self.exiled_food(p)            # an exiled player's food card raises a die by 1 instead
            return
        for ab in d.get("abilities", [])[:1]:
            h.playing = card                             # what its effect does, the card does ("healed by")
            try:
                yield from self.run_effect(ab["effect"]["tree"], {"player": p.id, "card": card, "this_card": card})
            finally:
                h.playing = None

    def request(self, p: Player) -> Gen:
        """Ask the others for item cards; a given card is revealed and played at once (seed 004, Request)."""
        s = self.state
        self.requested.add(p.id)
        for o in self.asked_in_request(p):
            if o is p or not o.hand:
                continue
            given = yield Decision(TARGETS, o.id, tuple(o.hand), 0, 1, prompt="give to " + p.id)
            for card in given:
                o.hand.remove(card)
                p.hand.append(card)
                d = self.host.card_def(card)
                self.log.add("given", {"from": o.id, "to": p.id, "card": d["id"]}, {})
                self.host.emit({"kind": "request_granted", "player": p.id, "giver": o.id, "card": card})
                ab = (d.get("abilities") or [{}])[0]
                if ab.get("use") == "equip" and not p.survivors:
                    p.hand.remove(card)                 # nobody to equip it to: played onto the waste pile
                    (s.removed if p.exiled else s.waste).append(card)
                    self.log.add("played", {"player": p.id, "card": self.host.card_def(card)["id"]}, {})
                elif ab.get("use") == "equip":
                    sid = (yield Decision(TARGETS, p.id, tuple(p.survivors), 1, 1, prompt="equip"))[0]
                    yield from self.equip(p, card, sid)
                else:
                    yield from self.play_card(p, card)
                if s.over:
                    return

    def asked_in_request(self, p: Player) -> list[Player]:
        """The players a request asks, in order (every other player in the base game)."""
        return list(self.state.players)

    def exile_vote(self, p: Player, target: str) -> Gen:
        """Everyone votes at once; ties go the first player's way (seed 004, Vote to Exile; Voting)."""
        s = self.state
        yield from self.fire({"kind": "exile_vote_start", "player": p.id, "target": target})
        if s.over:
            return
        votes = {}
        for o in s.players:
            if not o.exiled:
                votes[o.id] = yield Decision(VOTE, o.id, ("yes", "no"), prompt=f"exile {target}")
        weight = {v: self.host.stat(v, "vote_weight", 1, context="exile_vote") for v in votes}
        yes = sum(weight[v] for v, x in votes.items() if x == "yes")
        no = sum(weight[v] for v, x in votes.items() if x == "no")
        first = s.players[s.first].id
        passed = yes > no
        if yes == no:          # "all ties are broken by the first player, this includes votes to exile" (seed 004):
            if first in votes:                                  # their own vote says which way
                passed = votes[first] == "yes"
            else:                                               # exiled, they did not vote: they are asked
                passed = (yield Decision(VOTE, first, ("yes", "no"), prompt=f"exile {target}")) == "yes"
                self.log.add("tie_broken", {"player": first, "exiled": passed}, {})
        self.log.add("exile_vote", {"by": p.id, "target": target, "yes": yes, "no": no, "exiled": passed}, {})
        if passed:
            yield from self.exile(s.player(target))
        if not s.over:
            yield from self.fire({"kind": "exile_vote_end", "player": p.id, "target": target, "exiled": passed})

    def exile(self, x: Player) -> Gen:
        """The exiled player moves every survivor out of the colony (seed 004, Exile)."""
        s = self.state
        x.exiled = True
        self.draw_exiled_objective(x)
        for sid in [i for i in x.survivors if s.survivors[i].location == "colony"]:
            places = tuple(l.id for l in s.locations.values()
                           if not l.colony and len(s.survivors_at(l.id)) < l.survivor_spaces)
            if not places or s.survivors[sid].place != "play":
                continue
            to = (yield Decision(TARGETS, x.id, places, 1, 1, prompt="exile move"))[0]
            yield from self.move(x, sid, to, exposure=True)
        loyal = [o for o in s.players if o.exiled and not o.betrayer]
        if len(loyal) >= 2:      # "2 exiled players and neither had a betrayal secret objective" (seed 004, Exile)
            self.log.add("two_exiled_loyal", {}, {})
            self.host.set_morale(0, {"rule": "exile"})

    def draw_exiled_objective(self, x: Player) -> None:
        """The exiled player draws 1 exiled secret objective at once, which adjusts their objective (seed 004,
        Exile). The exiled objectives are not transcribed: the ruleset's labelled stand-ins are drawn."""
        if not self.exiled_deck:
            self.log.add("exiled_objectives_out", {"player": x.id}, {})
            return
        x.exiled_objective = self.exiled_deck.pop(0)
        self.log.add("exiled_objective", {"player": x.id}, {})
        self.log.add("exiled_objective_is", {"card": x.exiled_objective}, {}, private_to=x.id)

    def exiled_goal_met(self, x: Player) -> bool:
        """Whether an exiled player's (stand-in) exiled objective holds at the end of the game."""
        card = next((c for c in self.rules["stand_ins"]["exiled_objectives"] if c["id"] == x.exiled_objective), None)
        if card is None:
            return False
        have = {"survivors_in_play": len(x.survivors), "cards_in_hand": len(x.hand)}
        return all(have[g["kind"]] >= g["count"] for g in card["goal"])
