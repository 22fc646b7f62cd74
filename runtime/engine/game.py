"""The reference engine: plays the base game of Dead of Winter by the rules of seed 004.

``Game`` is a generator-driven state machine: ``advance(answer)`` runs until a player
must decide and returns that ``Decision`` (or ``None`` when the game is over), so a UI
or server can sit on top exactly as on the interpreter. ``run(agents)`` plays to the
end with agents. Card effects run on the interpreter against ``GameHost``; the rules
of the game (set-up, rounds, actions, the colony phase, exposure, bites, exile, the
end) live here, with each step citing its paragraph of seed 004, and their numbers
in the bundle's ruleset (content/base/ruleset.yaml).
"""
from __future__ import annotations

import math
import random
from typing import Any, Generator

from ..decisions import KEEP, MAY, OPTION, ORDER, TARGETS, VOTE, Decision, RandomAgent
from ..interpreter import Env, Interpreter
from ..replay import EventLog
from .host import GameHost, Rule
from .state import Location, Player, State, Survivor, check_invariants

Gen = Generator[Decision, Any, Any]
_NONE = object()
RULE_OPS = {"trigger", "phase", "lasting", "while", "forbid", "exempt", "modify", "replace", "attach",
            "extra_goal", "copy_abilities"}
ACTION = "action"       # the prompt of a turn's "which action next" decision


def slug(card_id: str) -> str:
    return card_id.rsplit(".", 1)[-1]


def loc_id(card_id: str) -> str:
    return slug(card_id).replace("-", "_")


class GameError(Exception):
    """The game cannot go on: the bundle lacks what the rules need, or an answer broke a rule."""


class Game:
    """One game of the base game between ``players`` seats, seeded."""

    def __init__(self, bundle: dict, seed: int = 0, players: int = 4, rules: dict | None = None,
                 objective: str | None = None, check: bool = False):
        self.rules = rules or (bundle.get("rulesets") or {}).get("base")
        if self.rules is None:
            raise GameError("the bundle has no base ruleset (content/base/ruleset.yaml); rebuild it with 'dow build'")
        self.check_players(bundle, players)
        self.seed, self.n, self.check = seed, players, check
        self.rng = random.Random(seed)
        self.log = EventLog()
        self.bundle = bundle
        self.defs = {c["id"]: c for c in bundle.get("cards", [])}
        self.violations: list[str] = []
        self.decisions: list[Any] = []
        self.last_location: dict[str, str] = {}
        self.rule_scope: tuple | None = ("turn", 0)
        self.action_no = 0
        self.state = self._build(objective)
        self.host = self.host_class(self.state, self.defs, self.rules, self.rng, self.log)
        self.host.game = self
        self.interp = Interpreter(bundle, self.host, self.rng)
        self.host.interp = self.interp
        self.total_cards = len(self.state.cards)
        self.gen = self.play()
        self.pending: Decision | None = None
        self.done = False
        self.result: dict | None = None
        self.drawer: str | None = None
        self._ability_info: dict[int, tuple] = {}
        self.requested = False                  # a request made this turn
        self.handed: set[str] = set()           # items handed off this turn
        self.free_used: set = set()             # free, unlimited abilities used this turn

    host_class = GameHost          # a variant's game names its own host (engine/colonies.py)

    def check_players(self, bundle: dict, players: int) -> None:
        low, high = self.rules["players"]
        if not low <= players <= high:
            raise GameError(f"the base game is for {low} to {high} players, not {players}")

    @property
    def crossroads_held(self) -> tuple[str, str] | None:
        """The crossroads card drawn for this turn and who drew it, or None."""
        return (self.state.held, self.drawer) if self.state.held else None

    @crossroads_held.setter
    def crossroads_held(self, value: tuple[str, str] | None) -> None:
        self.state.held, self.drawer = value if value else (None, None)

    # ---- driving ------------------------------------------------------------------------
    def advance(self, answer: Any = _NONE) -> Decision | None:
        """Run until the next decision (returned) or the end of the game (None)."""
        if self.done:
            return None
        if self.pending is not None:
            if answer is _NONE:
                return self.pending
            answer = self.pending.check(answer)
            self.decisions.append(list(answer) if isinstance(answer, tuple) else answer)
        try:
            self.pending = self.gen.send(None if answer is _NONE else answer)
            return self.pending
        except StopIteration as stop:
            self.done, self.pending, self.result = True, None, stop.value
            return None

    def run(self, agents: Any = None) -> dict:
        """Play to the end. ``agents``: one agent, {player: agent}, or None for seeded random agents."""
        if agents is None:
            agents = {p.id: RandomAgent(self.seed * 31 + i) for i, p in enumerate(self.state.players)}
        decision = self.advance()
        while decision is not None:
            agent = agents[decision.player] if isinstance(agents, dict) else agents
            decision = self.advance(agent.answer(decision))
        return self.result

    # ---- set-up (seed 004, Setup) ---------------------------------------------------------
    def _cards(self, kind: str) -> list[dict]:
        return sorted((c for c in self.bundle.get("cards", []) if c.get("kind") == kind and c.get("set") == "base"),
                      key=lambda c: c["id"])

    def _build(self, objective: str | None) -> State:
        rng, stand = self.rng, self.rules["stand_ins"]
        cards: dict[str, str] = {}

        def instance(card_id: str) -> str:
            cid = f"c:{len(cards) + 1}"
            cards[cid] = card_id
            return cid

        locations = {}
        for card in self._cards("location"):
            lid = loc_id(card["id"])
            spaces = card.get("survivor_spaces") or stand["survivor_spaces"]["colony" if lid == "colony" else "other"]
            n = card.get("entrances") or 1
            locations[lid] = Location(lid, card["id"], n, stand["entrance_spaces"], spaces, stand["noise_spaces"],
                                      [0] * n, [0] * n)
        if "colony" not in locations or len(locations) < 2:
            raise GameError("the bundle has no base colony and locations; build it from content/")
        objectives = self._cards("main-objective")
        if not objectives:
            raise GameError("the bundle has no base main objective")
        chosen = next((c for c in objectives if c["id"] == objective), None) if objective else rng.choice(objectives)
        if chosen is None:
            raise GameError(f"no main objective {objective!r} in the bundle")
        setup = chosen.get("setup") or {}
        players = [Player(f"p{i + 1}") for i in range(self.n)]
        state = State(players, {}, locations, cards, morale=setup.get("morale") or stand["morale"],
                      round=setup.get("rounds") or stand["rounds"])
        state.objective = instance(chosen["id"])
        # secret objectives: 2 non-betrayal per player, 1 betrayal, shuffled, 1 dealt each; the rest boxed
        secrets = self._cards("secret-objective")
        loyal = [c["id"] for c in secrets if not self._betrayal(c)] or ["stand-in.secret.loyal"] * (2 * self.n)
        betray = [c["id"] for c in secrets if self._betrayal(c)] or ["stand-in.secret.betrayal"]
        for virtual in ("stand-in.secret.loyal", "stand-in.secret.betrayal"):
            self.defs.setdefault(virtual, {"id": virtual, "kind": "secret-objective", "set": "base",
                                           "betrayal": virtual.endswith("betrayal"), "stand_in": True})
        rng.shuffle(loyal)
        rng.shuffle(betray)
        per = self.rules["setup"]["secret_objectives_per_player"]
        pool = loyal[: per * self.n] + betray[: self.rules["setup"]["betrayals_added"]]
        rng.shuffle(pool)
        for p in players:
            p.secret = instance(pool.pop())
            p.betrayer = self._betrayal(self.defs[cards[p.secret]])
        state.secret_box = [instance(c) for c in pool]
        state.crisis_deck = [instance(c["id"]) for c in self._cards("crisis")]
        rng.shuffle(state.crisis_deck)
        state.crossroads = [instance(c["id"]) for c in self._cards("crossroads")]
        rng.shuffle(state.crossroads)
        # items: starting items dealt 5 each; location decks of 20 (stand-in contents, see ruleset)
        kinds = [c["id"] for c in self._cards("item")]
        starting = [k for k in kinds if slug(k) in stand["starting_item_kinds"]] or kinds
        for p in players:
            p.hand = [instance(rng.choice(starting)) for _ in range(self.rules["setup"]["starting_items"])]
        searchable = [l for l in locations.values() if not l.colony]
        for i, loc in enumerate(searchable):
            loc.deck = [instance(kinds[(i * 7 + k) % len(kinds)]) for k in range(self.rules["setup"]["item_deck_size"])]
            rng.shuffle(loc.deck)
        for card in self._cards("survivor"):
            sid = "s:" + slug(card["id"])
            state.survivors[sid] = Survivor(sid, card["id"], card["name"]["en"], card.get("influence") or 0,
                                            card.get("attack") or 6, card.get("search") or 6)
        state.survivor_deck = sorted(state.survivors)
        rng.shuffle(state.survivor_deck)
        return state

    @staticmethod
    def _betrayal(card: dict) -> bool:
        return bool(card.get("betrayal")) or ".betrayal" in card["id"] or card.get("objective_type") == "betrayal"

    def setup_players(self) -> Gen:
        """Deal 4 survivors, keep 2, choose a group leader; first player by influence (seed 004, Setup)."""
        s, dealt = self.state, self.rules["setup"]["survivors_dealt"]
        for p in s.players:
            hand = s.survivor_deck[:dealt]
            del s.survivor_deck[:dealt]
            keep = self.rules["setup"]["survivors_kept"]
            kept = yield Decision(KEEP, p.id, tuple(hand), keep, keep, prompt="keep survivors")
            leader = (yield Decision(TARGETS, p.id, tuple(kept), 1, 1, prompt="group leader"))[0]
            s.survivor_deck.extend(h for h in hand if h not in kept)
            for sid in [leader] + [k for k in kept if k != leader]:
                s.survivor_deck.append(sid)   # enter_play takes it back out of the deck
                self.host.enter_play(sid, p.id, "colony")
            self.log.add("secret_objective", {"player": p.id, "card": s.cards[p.secret]}, {}, private_to=p.id)
        self.rng.shuffle(s.survivor_deck)
        s.first = max(range(len(s.players)), key=lambda i: (s.survivors[s.players[i].leader].influence, -i))
        self.log.add("setup", {"objective": s.cards[s.objective], "morale": s.morale, "rounds": s.round,
                               "first": s.players[s.first].id}, {})
        yield from self.settle()

    # ---- the game -------------------------------------------------------------------------
    def play(self) -> Gen:
        yield from self.setup_players()
        self.verify("setup")
        while not self.state.over:
            yield from self.play_round()
        return self.finish()

    def play_round(self) -> Gen:
        s = self.state
        s.rounds_played += 1
        self.log.add("round", {"round": s.rounds_played, "track": s.round}, {})
        for step in ["start_round"] + self.rules["round"]["player_turns"] + self.rules["round"]["colony"] + \
                ["end_round"]:
            yield from getattr(self, "step_" + step)()
            self.verify(step)
            if s.over:
                return
        self.host.expire()

    def step_start_round(self) -> Gen:
        """Rules that act 'at the start of each round' (Olivia Brown's experiment)."""
        yield from self.round_rules("start")

    def step_end_round(self) -> Gen:
        """Rules that act 'at the end of each round'."""
        yield from self.round_rules("end")

    def round_rules(self, edge: str) -> Gen:
        for rule in self.host.ruled("phase"):
            node = rule.node
            if node["edge"] == edge and node["of"] == "round" and not self.host.used_up(rule):
                yield from self.run_effect(node["body"], rule.env)

    def step_reveal_crisis(self) -> Gen:
        """Reveal the top card of the crisis deck (seed 004, 1. Reveal Crisis)."""
        s = self.state
        s.crisis = s.crisis_deck.pop(0) if s.crisis_deck else None
        self.log.add("crisis", {"card": s.cards[s.crisis] if s.crisis else None}, {})
        return
        yield

    def step_roll_action_dice(self) -> Gen:
        """1 die plus 1 per survivor, all rolled (seed 004, 2. Roll Action Dice)."""
        for p in self.state.players:
            n = self.rules["dice"]["base"] + self.rules["dice"]["per_survivor"] * len(p.survivors)
            n = max(0, self.host.stat(p.id, "action_dice", n))
            p.unused, p.used = sorted(self.rng.randint(1, 6) for _ in range(n)), 0
            self.log.add("action_dice", {"player": p.id, "dice": list(p.unused)}, {})
            self.host.emit({"kind": "roll_action_dice", "player": p.id})
        yield from self.settle()

    def step_player_turns(self) -> Gen:
        """Each player from the first, clockwise (seed 004, 3. Player Turns)."""
        s = self.state
        for k in range(len(s.players)):
            s.active = (s.first + k) % len(s.players)
            yield from self.turn(s.players[s.active])
            if s.over:
                return

    # ---- a turn ----------------------------------------------------------------------------
    def turn(self, p: Player) -> Gen:
        s = self.state
        s.turn += 1
        p.moved.clear()
        p.exile_vote_used = False
        self.requested = False
        self.handed = set()
        self.free_used = set()
        self.log.add("turn", {"player": p.id}, {})
        # frostbite: one more wound on each frostbitten survivor (seed 004, Rolling for Exposure: Frostbite)
        for sid in list(p.survivors):
            if s.survivors[sid].frostbite and s.survivors[sid].place == "play":
                self.host.do_wound(sid, "wound", 1, {"rule": "frostbite"})
        yield from self.settle()
        yield from self.phase_rules("start", p)
        # the player on the right draws a crossroads card for this turn (seed 004, Resolving Crossroads cards)
        if s.crossroads and not s.over:
            self.crossroads_held = (s.crossroads.pop(0), s.players[(s.active - 1) % len(s.players)].id)
            self.log.add("crossroads_drawn", {"by": self.crossroads_held[1]}, {})
            self.log.add("crossroads_card", {"card": s.cards[self.crossroads_held[0]]}, {},
                         private_to=self.crossroads_held[1])
        self.host.action_events = []
        self.last_action = None
        yield from self.check_crossroads(p)
        taken = 0
        while not s.over:
            taken += 1
            if taken > self.rules["actions_per_turn_cap"]:
                self.log.add("turn_cap", {"player": p.id}, {})     # a safety bound for bots, never hit in play
                break
            choices = self.legal_actions(p)
            act = yield Decision(OPTION, p.id, tuple(choices), prompt=ACTION)
            if act == ("end",):
                break
            self.start_action(act)
            self.action_no += 1
            self.host.skip_exposure = False
            yield from self.perform(p, act)
            yield from self.settle()
            self.verify(f"action {act[0]}")
            if not s.over:
                yield from self.check_crossroads(p)
        if not s.over:
            yield from self.phase_rules("end", p)
        if self.crossroads_held is not None:             # not triggered: to the bottom of the deck
            s.crossroads.append(self.crossroads_held[0])
            self.crossroads_held = None
        self.host.expire()

    def start_action(self, act: tuple) -> None:
        """A new action's events start empty, but a card played just before goes with it: a fuel card is
        played for the move that follows ("you played a fuel card" on Car Crash and Horde)."""
        carried = self.host.action_events if getattr(self, "last_action", None) == "play" else []
        self.host.action_events = [e for e in carried if e["kind"] == "play_card"]
        self.last_action = act[0]

    def phase_rules(self, edge: str, p: Player) -> Gen:
        for rule in self.host.ruled("phase"):
            node = rule.node
            mine = node["of"] != "your_turn" or rule.env.get("player") == p.id
            if node["edge"] == edge and node["of"] in ("turn", "your_turn") and mine:
                if not self.host.used_up(rule):
                    yield from self.run_effect(node["body"], rule.env)

    def check_crossroads(self, p: Player) -> Gen:
        """Resolve the held crossroads card if its trigger is met (seed 004, Resolving Crossroads cards)."""
        if self.crossroads_held is None:
            return
        card, drawer = self.crossroads_held
        bound = self.crossroads_bindings(p, card)
        if bound is None:
            return
        self.crossroads_held = None
        yield from self.resolve_crossroads(p, card, drawer, bound)

    def crossroads_bindings(self, p: Player, card: str) -> dict | None:
        """What a crossroads card's trigger binds if it is met now for player ``p`` (else None)."""
        d = self.host.card_def(card)
        trigger = d.get("trigger") or {}
        env = {"player": p.id, "card": d["id"]}
        bound: dict | None = {}
        if trigger.get("when"):
            bound = next((b for ev in self.host.action_events
                          if (b := self.match(trigger["when"]["tree"], ev, env)) is not None), None)
            if bound is None:
                return None
        if trigger.get("if") and not self.holds(trigger["if"]["tree"], {**env, **bound}):
            return None
        return bound

    def resolve_crossroads(self, p: Player, card: str, drawer: str, bound: dict) -> Gen:
        """Read a triggered crossroads card out and run the option chosen (seed 004, Resolving Crossroads cards)."""
        d = self.host.card_def(card)
        env = {"player": p.id, "card": d["id"], "this_card": card}   # "this card": the crossroads card itself
        self.state.removed.append(card)
        self.host.card_uses[d["id"]] = self.host.card_uses.get(d["id"], 0) + 1
        self.log.add("crossroads", {"card": d["id"], "player": p.id, "read_by": drawer}, {})
        options = [o for o in d.get("options", []) if o.get("effect")]
        if not options:
            return
        if len(options) == 1:
            tree = options[0]["effect"]["tree"]
        else:
            tree = [{"op": "choose", "chooser": "you", "options": [
                {"op": "option", "body": o["effect"]["tree"], **({"requires": o["requires"]["tree"]}
                                                                 if o.get("requires") else {})}
                for o in options]}]
        yield from self.run_effect(tree, {**env, **bound})

    # ---- the actions (seed 004, Player Turn Actions) ------------------------------------------
    def legal_actions(self, p: Player) -> list[tuple]:
        s, h = self.state, self.host
        acts: list[tuple] = []
        crowd: dict[str, int] = {}
        for v in s.survivors.values():
            if v.place == "play":
                crowd[v.location] = crowd.get(v.location, 0) + 1
        dice = sorted(set(p.unused))
        for sid in p.survivors:
            v = s.survivors[sid]
            loc = s.locations[v.location]
            attack, search = h.attr(sid, "attack"), h.attr(sid, "search")
            if not h.forbidden(sid, "attack"):
                if loc.zombie_count():
                    acts += [("attack", sid, "zombie", d) for d in dice if d >= attack][:1]
                for other in s.survivors_at(v.location):
                    if other.controller != p.id and other.id != sid:
                        acts += [("attack", sid, other.id, d) for d in dice if d >= attack][:1]
            if not loc.colony and loc.deck and not h.forbidden(sid, "search"):
                acts += [("search", sid, d) for d in dice if d >= search][:1]
            if dice and loc.free_entrance_space() and not h.forbidden(sid, "barricade"):
                acts.append(("barricade", sid, dice[0]))
            if dice and any(l.zombie_count() for l in s.locations.values() if l.id != v.location) \
                    and not h.forbidden(sid, "attract"):
                acts.append(("attract", sid, dice[0]))
            if sid not in p.moved and not h.forbidden(sid, "move"):
                acts += [("move", sid, l.id) for l in s.locations.values()
                         if l.id != v.location and crowd.get(l.id, 0) < l.survivor_spaces]
            for i, ab in enumerate(self.host.card_def_of_survivor(sid).get("abilities", [])):
                if self.usable(ab, sid, p, s.survivors[sid].card) and not h.forbidden(sid, "use_ability"):
                    acts.append(("ability", sid, i))
            for card in v.equipped:
                for i, ab in enumerate(h.card_def(card).get("abilities", [])):
                    if ab.get("use") == "equip" and self.usable(ab, sid, p, card):
                        acts.append(("item", card, i))
                if card not in self.handed:
                    acts += [("handoff", card, o.id) for o in s.survivors_at(v.location) if o.id != sid]
        if dice and s.waste and any(s.survivors[x].location == "colony" for x in p.survivors):
            acts.append(("clean_waste", dice[0]))
        for card in sorted(set(p.hand), key=lambda c: (s.cards[c], c)):
            d = h.card_def(card)
            for ab in d.get("abilities", [])[:1]:
                if ab.get("use") == "equip":
                    acts += [("equip", card, sid) for sid in p.survivors]
                else:
                    acts.append(("play", card))
            if s.crisis and not p.exiled:
                acts.append(("crisis", card))
        if s.food and not p.exiled:
            acts += [("food", d) for d in dice if d < 6]
        if not self.requested and any(o.hand for o in s.players if o is not p):
            acts.append(("request",))
        if not p.exile_vote_used and not p.exiled:
            acts += [("exile", o.id) for o in s.players if o is not p and not o.exiled]
        acts.append(("end",))
        return acts

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
            tree = ability.get("effect", {}).get("tree", [])
            info = (not tree or self.passive(tree),
                    [(f"@{n.get('pos', {}).get('line')}:{n.get('pos', {}).get('col')}", n["per"])
                     for n in tree if n["op"] == "limit"],
                    [n for n in _walk(tree) if n.get("op") == "spend_die"])
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
        return all(self.host.can_pay(c, p.id) for c in costs)

    @staticmethod
    def passive(tree: list[dict]) -> bool:
        """Rules that are simply in force (no activation): every statement is a rule, maybe under a limit."""
        def rule_only(nodes):
            return all(n["op"] in RULE_OPS or (n["op"] == "limit" and rule_only(n["body"]))
                       or (n["op"] == "optional" and not n["cost"] and rule_only(n["body"])) for n in nodes)
        return rule_only(tree)

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
            self.spend(p, act[2])
            loc = s.locations[s.survivors[act[1]].location]
            i = next(i for i in range(loc.entrances) if loc.zombies[i] + loc.barricades[i] < loc.entrance_spaces)
            loc.barricades[i] += 1
            h.emit({"kind": "barricade", "survivor": act[1], "player": p.id, "location": loc.id})
        elif kind == "clean_waste":
            self.spend(p, act[1])
            n = h.stat(p.id, "clean_waste", self.rules["clean_waste"])
            top = s.waste[-n:]
            del s.waste[-n:]
            s.removed.extend(top)
            cleaner = next((x for x in p.survivors if s.survivors[x].location == "colony"), None)
            h.emit({"kind": "clean_waste", "player": p.id, "survivor": cleaner, "location": "colony"})
        elif kind == "attract":
            self.spend(p, act[2])
            here = s.survivors[act[1]].location
            for _ in range(self.rules["attract"]):
                sources = tuple(l.id for l in s.locations.values() if l.id != here and l.zombie_count())
                if not sources:
                    break
                src = (yield Decision(TARGETS, p.id, sources, 1, 1, prompt="attract from"))[0]
                h.remove_zombies_from(s.locations[src], 1)
                h.add_zombie(here, {"action": "attract"})
        elif kind == "move":
            p.moved.add(act[1])
            yield from self.move(p, act[1], act[2], exposure=True)
        elif kind == "ability":
            sid = act[1]
            ab = h.card_def_of_survivor(sid)["abilities"][act[2]]
            self.free_used.add((s.survivors[sid].card, id(ab)))
            h.card_uses[s.survivors[sid].card] = h.card_uses.get(s.survivors[sid].card, 0) + 1
            yield from self.run_effect(ab["effect"]["tree"], {"player": p.id, "card": s.survivors[sid].card,
                                                              "self": sid})
        elif kind == "item":
            card = act[1]
            owner = next(v.id for v in s.survivors.values() if card in v.equipped)
            ab = h.card_def(card)["abilities"][act[2]]
            self.free_used.add((card, id(ab)))
            yield from self.run_effect(ab["effect"]["tree"], {"player": p.id, "card": card, "self": owner,
                                                              "this_card": card})
            self.used_weapon(card, p.id, owner)
        elif kind == "equip":
            yield from self.equip(p, act[1], act[2])
        elif kind == "play":
            yield from self.play_card(p, act[1])
        elif kind == "crisis":
            p.hand.remove(act[1])
            s.crisis_added.append((act[1], p.id))
            self.log.add("crisis_card", {"player": p.id}, {})
            self.log.add("crisis_card_is", {"card": s.cards[act[1]]}, {}, private_to=p.id)
        elif kind == "food":
            s.food -= 1
            i = p.unused.index(act[1])
            p.unused[i] += 1
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
        elif kind == "exile":
            p.exile_vote_used = True
            yield from self.exile_vote(p, act[1])
        else:
            raise GameError(f"unknown action {act!r}")

    def attack(self, p: Player, sid: str, target: str, die: int) -> Gen:
        """Attack a zombie (kill it, roll for exposure) or a survivor (seed 004, Attack)."""
        s, h = self.state, self.host
        self.spend(p, die)
        v = s.survivors[sid]
        if target == "zombie":
            h.do_kill_zombies(v.location, 1, {})
            self.log.add("zombie_killed", {"survivor": sid, "location": v.location}, {})
            h.emit({"kind": "attack", "survivor": sid, "player": p.id, "location": v.location, "target": "zombie"})
            yield from self.settle()
            if not h.skip_exposure and not h.exempt(sid, "exposure", "attack") and v.place == "play":
                yield from self.exposure(sid, p.id)
            return
        other = s.survivors[target]
        roll = self.rng.randint(1, 6)
        hit = roll <= h.attr(target, "attack")
        self.log.add("attack_survivor", {"survivor": sid, "target": target, "roll": roll, "hit": hit}, {})
        h.emit({"kind": "attack", "survivor": sid, "player": p.id, "location": v.location, "target": target})
        if hit:
            victim = s.player(other.controller)
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
        loc = s.locations[s.survivors[sid].location]
        h.emit({"kind": "search", "survivor": sid, "player": p.id, "location": loc.id})
        yield from self.settle(scope=("action", self.action_no))
        extra_keep = h.stat(sid, "search_keep", 0, use=True)     # "looks at and keeps N additional": N more of each
        look = 1 + h.stat(sid, "search_cards", 0, use=True) + extra_keep
        drawn = loc.deck[:look]
        del loc.deck[:look]
        while loc.deck and loc.noise < loc.noise_spaces:
            self.log.add("looking", {"cards": [s.cards[c] for c in drawn]}, {}, private_to=p.id)
            if not (yield Decision(MAY, p.id, prompt="make noise")):
                break
            loc.noise += 1
            h.emit({"kind": "make_noise", "survivor": sid, "player": p.id, "location": loc.id})
            drawn.append(loc.deck.pop(0))
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
        v.location = to
        self.last_location[sid] = to
        self.log.add("moved", {"survivor": sid, "from": origin, "to": to}, {})
        h.emit({"kind": "move", "survivor": sid, "player": p.id, "origin": origin, "destination": to, "location": to})
        yield from self.settle()
        if exposure and not h.skip_exposure and not h.exempt(sid, "exposure", "move") and v.place == "play":
            yield from self.exposure(sid, p.id)
        h.skip_exposure = False

    def exposure(self, sid: str, player: str) -> Gen:
        """Roll the exposure die from the bundle and run the face (seed 004, Rolling for Exposure)."""
        faces = self.interp.exposure_faces
        if not faces:
            raise GameError("the bundle has no exposure die")
        face, tree = faces[self.rng.randint(1, len(faces)) - 1]
        self.log.add("exposure", {"survivor": sid, "face": face}, {})
        if face == "bitten":
            self.host.emit({"kind": "bitten", "survivor": sid, "player": player})
            rule = self.host.replacement("bitten", sid)
            if rule is not None:
                self.log.add("replaced", {"event": "bitten", "survivor": sid}, {})
                yield from self.run_effect(rule.node["body"], {**rule.env, "self": sid})
                return
            self.last_location[sid] = self.state.survivors[sid].location
        yield from self.run_effect(tree, {"player": player, "card": "base.die.exposure-die", "rolled": sid})

    def spread(self, victim: str, location: str) -> Gen:
        """A bite spreads to the lowest influence there; its controller kills it or rolls again (seed 004)."""
        s, h = self.state, self.host
        while True:
            here = [v for v in s.survivors_at(location) if not h.exempt(v.id, "bite_spread")]
            if not here:
                return
            low = min(h.attr(v.id, "influence") for v in here)
            target = min((v for v in here if h.attr(v.id, "influence") == low), key=lambda v: v.id)
            owner = target.controller
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
        (s.removed if p.exiled else s.waste).append(card)
        h.card_uses[d["id"]] = h.card_uses.get(d["id"], 0) + 1
        self.log.add("played", {"player": p.id, "card": d["id"]}, {})
        h.emit({"kind": "play_card", "player": p.id, "card": card, "type": d.get("item_type")})
        if p.exiled and d.get("item_type") == "food":
            if p.unused:                              # an exiled player's food card raises a die by 1 instead
                i = p.unused.index(min(p.unused))
                p.unused[i] = min(6, p.unused[i] + 1)
            return
        for ab in d.get("abilities", [])[:1]:
            yield from self.run_effect(ab["effect"]["tree"], {"player": p.id, "card": card, "this_card": card})

    def request(self, p: Player) -> Gen:
        """Ask the others for item cards; a given card is revealed and played at once (seed 004, Request)."""
        s = self.state
        self.requested = True
        for o in self.asked_in_request(p):
            if o is p or not o.hand:
                continue
            given = yield Decision(TARGETS, o.id, tuple(o.hand), 0, 1, prompt="give to " + p.id)
            for card in given:
                o.hand.remove(card)
                p.hand.append(card)
                d = self.host.card_def(card)
                self.log.add("given", {"from": o.id, "to": p.id, "card": d["id"]}, {})
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
        votes = {}
        for o in s.players:
            if not o.exiled:
                votes[o.id] = yield Decision(VOTE, o.id, ("yes", "no"), prompt=f"exile {target}")
        yes = sum(self.host.stat(v, "vote_weight", 1) for v, x in votes.items() if x == "yes")
        no = sum(self.host.stat(v, "vote_weight", 1) for v, x in votes.items() if x == "no")
        first = s.players[s.first].id
        passed = yes > no or (yes == no and votes.get(first) == "yes")
        self.log.add("exile_vote", {"by": p.id, "target": target, "yes": yes, "no": no, "exiled": passed}, {})
        if passed:
            yield from self.exile(s.player(target))

    def exile(self, x: Player) -> Gen:
        """The exiled player moves every survivor out of the colony (seed 004, Exile)."""
        s = self.state
        x.exiled = True
        for sid in [i for i in x.survivors if s.survivors[i].location == "colony"]:
            places = tuple(l.id for l in s.locations.values()
                           if not l.colony and len(s.survivors_at(l.id)) < l.survivor_spaces)
            if not places or s.survivors[sid].place != "play":
                continue
            to = (yield Decision(TARGETS, x.id, places, 1, 1, prompt="exile move"))[0]
            yield from self.move(x, sid, to, exposure=True)
        exiled = [o for o in s.players if o.exiled]
        if len(exiled) >= 2 and not any(o.betrayer for o in exiled):   # "Important note" (seed 004, Exile)
            self.log.add("two_exiled_loyal", {}, {})
            self.host.set_morale(0, {"rule": "exile"})

    # ---- the colony phase (seed 004, II. Colony Phase) -------------------------------------------
    def colony_count(self) -> int:
        s = self.state
        return len(s.survivors_at("colony")) + s.locations["colony"].helpless

    def step_pay_food(self) -> Gen:
        s = self.state
        need = math.ceil(self.colony_count() / self.rules["food"]["survivors_per_food"])
        need = self.host.stat("colony", "food_cost", need)
        if s.food >= need:
            s.food -= need
            self.log.add("food_paid", {"food": need}, {})
        else:
            s.starvation += 1
            self.log.add("starvation", {"needed": need, "tokens": s.starvation}, {})
            self.host.set_morale(s.morale - s.starvation, {"rule": "starvation"})
        return
        yield

    def step_check_waste(self) -> Gen:
        s = self.state
        loss = len(s.waste) // self.rules["waste"]["cards_per_morale"]
        if loss:
            self.log.add("waste", {"cards": len(s.waste), "morale": -loss}, {})
            self.host.set_morale(s.morale - loss, {"rule": "waste"})
        return
        yield

    def step_resolve_crisis(self) -> Gen:
        s = self.state
        if s.crisis is None:
            return
        d = self.host.card_def(s.crisis)
        added = list(s.crisis_added)
        self.rng.shuffle(added)
        prevent = set(d.get("prevent") or [])
        points = sum(1 if self.host.card_def(c).get("item_type") in prevent else -1 for c, _ in added)
        players = sum(1 for p in s.players if not p.exiled)
        self.log.add("crisis_result", {"card": d["id"], "points": points, "needed": players,
                                       "revealed": [s.cards[c] for c, _ in added]}, {})
        s.removed.extend(c for c, _ in added)
        s.crisis_added.clear()
        s.removed.append(s.crisis)
        s.crisis = None
        if points < players:
            self.host.card_uses[d["id"]] = self.host.card_uses.get(d["id"], 0) + 1
            tree = (d.get("effect") or {}).get("tree", [])
            yield from self.run_effect(tree, {"player": s.players[s.first].id, "card": d["id"]})
        elif points >= players + self.rules["crisis"]["bonus_over"]:
            self.host.set_morale(s.morale + 1, {"rule": "crisis"})

    def step_add_zombies(self) -> Gen:
        s, h = self.state, self.host
        z = self.rules["zombies"]
        order = ["colony"] + [l for l in s.locations if l != "colony"]
        for lid in order:
            here = self.colony_count() if lid == "colony" else len(s.survivors_at(lid))
            n = math.ceil(here / z["colony_per_survivors"]) if lid == "colony" else here * z["location_per_survivor"]
            if n:
                self.log.add("zombies_arrive", {"location": lid, "count": n}, {})
                for i in range(n):
                    h.add_zombie(lid, {"rule": "add zombies"}, entrance=i % s.locations[lid].entrances)
                    if s.over:
                        return
        self.roll_noise(order)
        yield from self.settle()

    def roll_noise(self, order: list[str]) -> None:
        """Each noise token, one at a time: removed, a die rolled, a zombie on 3 or lower (seed 004, 4. Add Zombies)."""
        s, h, z = self.state, self.host, self.rules["zombies"]
        for lid in order:
            loc = s.locations[lid]
            while loc.noise and not s.over:
                loc.noise -= 1
                roll = self.rng.randint(1, 6)
                if roll <= z["noise_adds_on_or_below"]:
                    h.add_zombie(lid, {"rule": "noise"}, entrance=0)
                self.log.add("noise_roll", {"location": lid, "roll": roll}, {})

    def objective_met(self, event: str | None = None) -> bool:
        s = self.state
        d = self.host.card_def(s.objective)
        env = {"player": s.players[s.first].id, "card": d["id"]}
        for goal in d.get("goals", []):
            when = goal.get("when")
            if when is None and goal.get("if") is None:
                continue                                      # a goal the language cannot check yet
            if when is not None and when["tree"].get("kind") != event:
                continue
            if goal.get("if") is None or self.holds(goal["if"]["tree"], env):
                return True
        return False

    def step_check_main_objective(self) -> Gen:
        if self.objective_met():
            self.log.add("objective_completed", {}, {})
            self.host.end("objective", {})
        return
        yield

    def step_move_round_tracker(self) -> Gen:
        s = self.state
        s.round -= 1
        self.log.add("round_track", {"track": s.round}, {})
        if s.round <= 0:
            if self.objective_met("round_track_zero"):
                self.log.add("objective_completed", {}, {})
                self.host.end("objective", {})
            else:
                self.host.end("rounds", {})
        return
        yield

    def step_pass_first_player(self) -> Gen:
        s = self.state
        s.first = (s.first - 1) % len(s.players)                # to the player on the right (seed 004, 7.)
        return
        yield

    def finish(self) -> dict:
        """Who won: a player wins if their secret objective is met when the game ends (seed 004, End of the game).
        Secret goals are not transcribed: the stand-in goal (stand_ins.secret_goal in the ruleset) decides."""
        s = self.state
        colony_won = s.ending == "objective"
        winners = [p.id for p in s.players
                   if (p.betrayer and s.ending == "morale") or (not p.betrayer and not p.exiled and colony_won)]
        result = {"winners": winners, "ending": s.ending, "rounds": s.rounds_played, "morale": s.morale,
                  "betrayers": [p.id for p in s.players if p.betrayer], "card_uses": dict(self.host.card_uses),
                  "violations": list(self.violations), "objective": s.cards.get(s.objective)}
        self.log.add("result", {"winners": winners, "ending": s.ending}, {})
        self.verify("end")
        return result

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

    def run_sync(self, tree: list[dict], env: dict) -> None:
        """Run an effect that must not ask anything (a replacement inside the host)."""
        gen = self.run_effect_now(tree, env)
        try:
            d = next(gen)
        except StopIteration:
            return
        raise GameError(f"a replacement effect cannot ask a {d.kind} question")

    def run_effect_now(self, tree: list[dict], env: dict) -> Gen:
        bindings = {k: v for k, v in env.items() if k not in ("player", "card")}
        yield from self.interp.block(tree, Env(env["player"], env.get("card", ""), bindings))

    def settle(self, scope: tuple | None = None) -> Gen:
        """Run what the host queued: triggered rules, bite spreads, moves, leader choices, exile votes."""
        guard = 0
        while self.host.pending and not self.state.over:
            guard += 1
            if guard > 500:
                raise GameError("more than 500 queued effects in one step: a rule triggers itself")
            if self.host.pending[0][0] == "trigger":
                batch = []                              # the triggers an event fired together
                while self.host.pending and self.host.pending[0][0] == "trigger":
                    batch.append(self.host.pending.pop(0))
                batch = [b for b in batch if not self.host.used_up(b[1], count=False)]
                if len(batch) > 1:
                    # simultaneous effects: the first player decides their order (seed 004, Card Text)
                    first = self.state.players[self.state.first].id
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
                    yield from self.move(self.state.player(v.controller), item[1], item[2], exposure=True)
            elif item[0] == "leader":
                p = self.state.player(item[1])
                if len(p.survivors) > 1:
                    pick = (yield Decision(TARGETS, p.id, tuple(p.survivors), 1, 1, prompt="group leader"))[0]
                    p.survivors.remove(pick)
                    p.survivors.insert(0, pick)
            elif item[0] == "exile_vote":
                target = item[2]
                if target in self.state.survivors:          # "a vote to exile the player who controls …"
                    target = self.state.survivors[target].controller
                if target and not self.state.player(target).exiled:
                    yield from self.exile_vote(self.state.player(item[1]), target)

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
            self.host.emit({"kind": "use_weapon", "player": player, "card": card, "survivor": sid})

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
        else:
            self.host.keep(Rule(node, dict(env), until, per, attached, env.get("card", ""), cond, key))

    def keep_rule(self, node: dict, env: dict) -> None:
        """A rule handed over by a running effect: 'lasting' says how long; others last the action or turn."""
        scope = self.rule_scope if self.rule_scope and self.rule_scope[0] == "action" else ("turn", self.state.turn)
        until = scope            # a rule a triggered effect hands over applies to that action only
        key = f"{env.get('card', '')}@{node.get('pos', {}).get('line')}"
        if node["op"] == "trigger":       # "when you move …" from a played card: the next such event only
            key, per = f"{key}#{self.action_no}.{len(self.host.rules)}", "game"
        else:
            per = None
        self.add(node, env, until, per=per, key=key, attached=env.get("attached_to"))

    # ---- evaluation helpers used by the host --------------------------------------------------------
    def holds(self, cond: dict, env: dict) -> bool:
        bindings = {k: v for k, v in env.items() if k not in ("player", "card")}
        return self.interp.check(cond, Env(env.get("player") or self.state.players[self.state.first].id,
                                           env.get("card", ""), bindings))

    def targets_now(self, node: dict, env: dict) -> list[str]:
        bindings = {k: v for k, v in env.items() if k not in ("player", "card")}
        e = Env(env.get("player") or self.state.players[self.state.first].id, env.get("card", ""), bindings)
        if node.get("op") == "select_of":
            return self.interp.candidates(node, e)
        return self.interp.run_now(self.interp.targets(node, e))

    def match(self, pattern: dict, ev: dict, env: dict) -> dict | None:
        """The bindings an event gives if it matches a trigger's event pattern, else None."""
        if pattern.get("kind") != ev["kind"]:
            return None
        bound: dict[str, Any] = {}
        survivor = ev.get("survivor")
        if survivor:
            name = {"move": "moved", "search": "searching", "attack": "attacking", "receive_wound": "wounded",
                    "receive_frostbite": "wounded", "enter_play": "new", "bitten": "rolled"}.get(ev["kind"])
            if name:
                bound[name] = survivor
        if ev["kind"] == "move":
            bound.update(origin=ev["origin"], destination=ev["destination"])
        if ev["kind"] == "play_card":
            bound["played"] = ev["card"]
        if ev["kind"] == "use_weapon" and ev.get("card"):   # "the used weapon" (No Ammo)
            bound["used"] = ev["card"]
        scope = {**env, **bound}
        for role in ("actor", "subject"):
            who = pattern.get(role)
            if who is None:
                continue
            op = who.get("op")
            if op == "you":
                if ev.get("player") != env.get("player"):
                    return None
            elif op == "ref":
                if who["name"] in bound and who["name"] not in env:
                    continue
                value = env.get(who["name"])
                if value not in (survivor, ev.get("player"), ev.get("card")):
                    return None
            elif op == "select_of":
                kind = who["kind"]
                thing = {"survivor": survivor, "player": ev.get("player"), "card": ev.get("card")}.get(kind)
                if kind in ("round", "warfare"):
                    continue
                if thing is None:
                    return None
                e = Env(env.get("player") or ev.get("player"), env.get("card", ""),
                        {k: v for k, v in scope.items() if k not in ("player", "card")})
                if kind == "card":
                    if not all(self.host.attr(thing, "type") == f["type"] for f in who["filters"]
                               if f["op"] == "card_type"):
                        return None
                    continue
                if not all(self.interp.passes(thing, f, e) for f in who["filters"] if f["op"] != "extreme"):
                    return None
        for f in pattern.get("filters", []):
            if f["op"] == "at":
                e = Env(env.get("player") or ev.get("player"), env.get("card", ""),
                        {k: v for k, v in scope.items() if k not in ("player", "card")})
                places = self.interp.run_now(self.interp.location(f["location"], e))
                if ev.get("location") not in places:
                    return None
            elif f["op"] == "in_zone":
                continue
        return bound

    def verify(self, where: str) -> None:
        """Check the invariants (when asked to); every violation is kept with where it was seen."""
        if not self.check:
            return
        for v in check_invariants(self.state, self.total_cards, self.rules):
            self.violations.append(f"{where}: {v}")


def _walk(nodes):
    for n in nodes if isinstance(nodes, list) else [nodes]:
        if isinstance(n, dict):
            yield n
            for v in n.values():
                if isinstance(v, (list, dict)):
                    yield from _walk(v)
