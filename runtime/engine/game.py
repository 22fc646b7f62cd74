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
from typing import Any, Callable, cast

from ..decisions import (KEEP, OPTION, TARGETS, Decision, RandomAgent, missing_seats, PickWatcher,
                         picked_for_player, seat_agent, seats_error)
from ..interpreter import Interpreter
from ..replay import EventLog
from .actions import TurnActions
from .choices import PlayerChoices
from .common import ACTION, COLONY_STEP_EVENTS, GameError, Gen, adds_survivors, card_index, loc_id, slug  # noqa: F401  (ACTION, GameError re-exported)
from .decks import location_deck
from .effects import EffectRules
from .host import GameHost
from .state import Location, Player, State, Survivor

_NONE = object()


class Game(PlayerChoices, TurnActions, EffectRules):
    """One game of the base game between ``players`` seats, seeded."""

    #: which game it is, for the bots seated at it (``decisions.check_seat``)
    game_name = "base"

    def __init__(self, bundle: dict, seed: int = 0, players: int = 4, rules: dict | None = None,
                 objective: str | None = None, check: bool = False, options: dict | None = None):
        self.options = dict(options or {})
        unknown = set(self.options) - set(self.OPTIONS)
        if unknown:
            raise GameError(f"unknown game option(s) {', '.join(sorted(unknown))}; this game knows "
                            f"{', '.join(self.OPTIONS) or 'none'}", "unknown-options", options=", ".join(sorted(unknown)),
                            known=", ".join(self.OPTIONS) or "-")
        found = rules or (bundle.get("rulesets") or {}).get("base")
        if found is None:
            raise GameError("the bundle has no base ruleset (content/base/ruleset.yaml); rebuild it with 'dow build' (the dow-toolchain "
                            "command)",
                            "no-base-ruleset")
        self.rules = found
        self.check_players(bundle, players)
        self.seed, self.n, self.check = seed, players, check
        self.rng = random.Random(seed)
        self.log = EventLog()
        self.bundle = bundle
        self.bundle_index = card_index(bundle)
        self.defs = dict(self.bundle_index.by_id)
        self.violations: list[str] = []
        self.decisions: list[Any] = []
        self.last_location: dict[str, str] = {}
        self.rule_scope: tuple | None = ("turn", 0)
        self.action_no = 0
        #: told of every pick the engine makes for a player among several options without asking
        #: (decisions.picked_for_player): none in a game as dow plays it; a test gives one
        self.pick_watchers: list[PickWatcher] = []
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
        self.requested: set[str] = set()        # the players who made their request this turn
        self.handed: set[str] = set()           # items handed off this turn
        self.free_used: set = set()             # free, unlimited abilities used this turn
        self.turn_actions: dict[str, set[str]] = {}     # the actions each player took in their turn (end_turn)

    host_class = GameHost          # a variant's game names its own host (engine/colonies.py)
    OPTIONS: tuple[str, ...] = ("random_items",)   # the modules a game can be played with

    def random_items(self, locations: list, instance) -> None:
        """The Random Items module: the random item deck shuffled and 5 of its cards put into each location's
        item deck, which is then shuffled (seed 000, Módulo de itens aleatórios). The random item cards are the
        Warring Colonies set's items; with none in the bundle the module cannot be played."""
        if not self.options.get("random_items"):
            return
        spec = ((self.bundle.get("rulesets") or {}).get("warring-colonies") or {}).get("random_items")
        pool = sorted(c["id"] for c in self.bundle.get("cards", [])
                      if c.get("kind") == "item" and c.get("set") == "warring-colonies")
        if spec is None or not pool:
            raise GameError("the Random Items module needs the Warring Colonies random item cards, and the bundle "
                            "has none (they need transcription)", "random-items-none")
        self.rng.shuffle(pool)
        per = spec["per_location"]
        if len(pool) < per * len(locations):
            raise GameError(f"the Random Items module puts {per} cards into each of {len(locations)} location decks; "
                            f"the bundle has only {len(pool)} random item cards", "random-items-short", per=per,
                            decks=len(locations), have=len(pool))
        for loc in locations:
            loc.deck.extend(instance(c) for c in pool[:per])
            del pool[:per]
            self.rng.shuffle(loc.deck)

    def check_players(self, bundle: dict, players: int) -> None:
        low, high = self.rules["players"]
        if not low <= players <= high:
            raise GameError(f"the base game is for {low} to {high} players, not {players}", "base-players", low=low,
                            high=high, players=players)

    @property
    def crossroads_held(self) -> tuple[str, str] | None:
        """The crossroads card drawn for this turn and who drew it, or None."""
        return (self.state.held, cast(str, self.drawer)) if self.state.held else None

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
        seats = [p.id for p in self.state.players]
        missing = missing_seats(agents, seats)
        if missing:
            raise seats_error(missing, seats)
        decision = self.advance()
        while decision is not None:
            decision = self.advance(seat_agent(agents, decision.player).answer(decision))
        return cast(dict, self.result)     # the game is over: its result is set

    # ---- set-up (seed 004, Setup) ---------------------------------------------------------
    def _cards(self, kind: str) -> list[dict]:
        return self.bundle_index.of(kind, ("base",))

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
            raise GameError("the bundle has no base colony and locations; build it from content/", "no-base-board")
        objectives = self._cards("main-objective")
        if not objectives:
            raise GameError("the bundle has no base main objective", "no-base-objective")
        chosen = next((c for c in objectives if c["id"] == objective), None) if objective else rng.choice(objectives)
        if chosen is None:
            raise GameError(f"no main objective {objective!r} in the bundle", "no-objective", objective=objective)
        setup = chosen.get("setup") or {}
        players = [Player(f"p{i + 1}") for i in range(self.n)]
        rounds = (stand.get("objective_rounds") or {}).get(slug(chosen["id"])) or stand["rounds"]
        state = State(players, {}, locations, cards, morale=setup.get("morale") or stand["morale"],
                      round=setup.get("rounds") or rounds)
        state.objective = instance(chosen["id"])
        placed = (stand.get("objective_zombies") or {}).get(slug(chosen["id"]), 0)   # its set-up's zombies
        for loc in locations.values():
            if placed and not loc.colony:
                loc.zombies[0] = min(placed, loc.entrance_spaces)
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
            loc.deck = location_deck(stand, loc.card, i, kinds, self.rules["setup"]["item_deck_size"], instance)
            rng.shuffle(loc.deck)
        self.random_items(searchable, instance)
        for card in self._cards("survivor"):
            sid = "s:" + slug(card["id"])
            state.survivors[sid] = Survivor(sid, card["id"], card["name"]["en"], card.get("influence") or 0,
                                            card.get("attack") or 6, card.get("search") or 6)
        state.survivor_deck = sorted(state.survivors)
        rng.shuffle(state.survivor_deck)
        # the exiled secret objectives: not transcribed, so the ruleset's labelled stand-ins (Setup: "make decks")
        self.exiled_deck = [c["id"] for c in stand.get("exiled_objectives", [])]
        rng.shuffle(self.exiled_deck)
        return state

    @staticmethod
    def _betrayal(card: dict) -> bool:
        return bool(card.get("betrayal")) or ".betrayal" in card["id"] or card.get("objective") == "betrayal"

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
        s.first = max(range(len(s.players)), key=lambda i: (s.survivors[cast(str, s.players[i].leader)].influence, -i))
        # every base survivor's influence differs (seed 004): a tie would be a data error, watched for
        top = s.survivors[cast(str, s.players[s.first].leader)].influence
        picked_for_player(None, "first player", [p.id for p in s.players
                                                 if s.survivors[cast(str, p.leader)].influence == top],
                          s.players[s.first].id, self.pick_watchers)
        self.log.add("setup", {"objective": s.cards[s.objective], "morale": s.morale, "rounds": s.round,
                               "first": s.players[s.first].id}, {})
        # the main objective's own set-up ("set up the game board according to the main objective's setup
        # instructions", seed 004 Setup): the rules it keeps
        # in force for the game (We Need More Samples' die roll for each zombie killed, Winter Has Come's fuel)
        d = self.host.card_def(s.objective)
        tree = ((d.get("setup") or {}).get("effect") or {}).get("tree", [])
        yield from self.run_effect(tree, {"player": s.players[s.first].id, "card": d["id"]})
        yield from self.settle()

    # ---- the game -------------------------------------------------------------------------
    def play(self) -> Gen:
        """The whole game, for every game this engine plays (no variant replaces it): set-up, then rounds until
        the game ends, then the result. A variant changes a game by its parts: ``setup_players``, the steps
        its ruleset's ``round`` lists (``round_rules_data``, each played by ``round_step``), ``after_step``
        and ``finish``."""
        yield from self.setup_players()
        self.verify("setup")
        while not self.state.over:
            yield from self.play_round()
        return self.finish()

    def round_steps(self) -> list[str]:
        """The steps of a round, in order, as the game's ruleset lists them (``round``: the player turns
        phase, then the colony phase), between the rules that act at the start and at the end of a round."""
        r = self.round_rules_data()
        return ["start_round"] + r["player_turns"] + ["start_colony"] + r["colony"] + ["end_colony", "end_round"]

    def round_rules_data(self) -> dict:
        """The ruleset whose ``round`` this game plays (the base game's; a variant names its own)."""
        return self.rules["round"]

    def play_round(self) -> Gen:
        """One round: each step of ``round_steps`` by its method ``step_<name>``, checked after each."""
        s = self.state
        s.rounds_played += 1
        self.log.add("round", {"round": s.rounds_played, "track": s.round}, {})
        for step in self.round_steps():
            yield from self.round_step(step)()
            self.after_step(step)
            self.verify(step)
            if s.over:
                return
        self.host.expire()

    def round_step(self, step: str) -> Callable[[], Gen]:
        """The method that plays a step of the round (``step_method``); a step of the colony phase
        is an event of its own, raised just before it and once it is done (``colony_step``)."""
        run = self.step_method(step)
        if step in COLONY_STEP_EVENTS:
            return lambda: self.colony_step(step, run)
        return run

    def step_method(self, step: str) -> Callable[[], Gen]:
        """The method that plays a step: the game's own ``step_<name>`` (a variant may hold parts that play some)."""
        return cast(Callable[[], Gen], getattr(self, "step_" + step))

    def colony_step(self, step: str, run: Callable[[], Gen]) -> Gen:
        """A colony phase step between its two moments ("before the crisis is resolved", "when the round tracker
        moves"): the triggers on the moment before it run, then the step, then those on the step done. There is
        a crisis to resolve only when one was revealed and no card said it has no effect this round."""
        s = self.state
        crisis = step != "resolve_crisis" or s.crisis is not None
        event = {"kind": step, "player": s.players[s.first].id}
        if crisis:
            yield from self.fire({**event, "moment": "before"})
        crisis = crisis and (step != "resolve_crisis" or (s.crisis is not None and self.host.crisis_skipped != s.crisis))
        if s.over:
            return
        yield from run()
        if crisis and not s.over:
            yield from self.fire(event)

    def after_step(self, step: str) -> None:
        """What a game checks after every step of a round (nothing in the base game)."""

    def step_start_round(self) -> Gen:
        """Rules that act 'at the start of each round' (Olivia Brown's experiment)."""
        yield from self.round_rules("start")

    def step_end_round(self) -> Gen:
        """Rules that act 'at the end of each round'."""
        yield from self.round_rules("end")

    def step_start_colony(self) -> Gen:
        """Rules that act 'at the start of each colony phase', before its first step (Winter Has Come); the log
        marks where the phase begins (what happens next belongs to no player's turn)."""
        self.log.add("colony_phase", {"round": self.state.rounds_played}, {})
        yield from self.round_rules("start", "colony_phase")

    def step_end_colony(self) -> Gen:
        """Rules that act 'at the end of each colony phase', after its last step."""
        yield from self.round_rules("end", "colony_phase")

    def round_rules(self, edge: str, of: str = "round") -> Gen:
        for rule in self.host.ruled("phase"):
            node = rule.node
            if node["edge"] == edge and node["of"] == of and not self.host.used_up(rule):
                yield from self.run_effect(node["body"], rule.env)
                if self.state.over:
                    return
        for rule in self.host.ruled("delayed") if of == "round" else ():   # "at the end of the next round:": once
            if rule.node["edge"] == edge and rule.until is not None and self.state.rounds_played == rule.until[1] \
                    and not self.host.used_up(rule):
                yield from self.run_effect(rule.node["body"], rule.env)
                if self.state.over:
                    return

    def step_reveal_crisis(self) -> Gen:
        """Reveal the top card of the crisis deck (seed 004, 1. Reveal Crisis): "before a crisis is revealed",
        then "when a crisis is revealed" (the revealed card)."""
        s = self.state
        if s.crisis_deck:
            yield from self.fire({"kind": "reveal_crisis", "moment": "before", "player": s.players[s.first].id})
            if s.over:
                return
        s.crisis = s.crisis_deck.pop(0) if s.crisis_deck else None
        self.log.add("crisis", {"card": s.cards[s.crisis] if s.crisis else None}, {})
        if s.crisis:                   # "when a crisis is revealed" (a card trigger)
            self.host.emit({"kind": "reveal_crisis", "player": s.players[s.first].id, "card": s.crisis})
            yield from self.settle()

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
        self.requested = set()
        self.handed = set()
        self.free_used = set()
        self.turn_actions[p.id] = set()
        self.log.add("turn", {"player": p.id}, {})
        self.frostbite(p)
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
            act = yield from self.die_to_spend(p, act)      # which die pays it, when more than one could
            self.start_action(act)
            self.action_no += 1
            self.host.skip_exposure = False
            self.acted(p, act)
            yield from self.perform(p, act)
            yield from self.settle()
            self.verify(f"action {act[0]}")
            if not s.over:
                yield from self.check_crossroads(p)
        if not s.over:
            yield from self.end_turn(p)
        if not s.over:
            yield from self.phase_rules("end", p)
        if self.crossroads_held is not None:             # not triggered: to the bottom of the deck
            s.crossroads.append(self.crossroads_held[0])
            self.crossroads_held = None
        self.host.expire()

    def frostbite(self, p: Player) -> None:
        """The start of player ``p``'s turn (any turn: a pair's, the Lone Wolf's): one more wound on each of its
        frostbitten survivors (seed 004, Rolling for Exposure: Frostbite)."""
        s = self.state
        for sid in list(p.survivors):
            if s.survivors[sid].frostbite and s.survivors[sid].place == "play":
                self.host.do_wound(sid, "wound", 1, {"rule": "frostbite"})

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
        found = self.crossroads_all_bindings(p, card)
        if not found:
            return
        bound = yield from self.choose_binding(p, found)
        self.crossroads_held = None
        yield from self.resolve_crossroads(p, card, drawer, bound)

    def crossroads_all_bindings(self, p: Player, card: str) -> list[dict]:
        """Every way a crossroads card's trigger is met now for player ``p``: one binding per event of the
        last action that meets it (a card with no event in its trigger: one, empty), in event order."""
        d = self.host.card_def(card)
        trigger = d.get("trigger") or {}
        env = {"player": p.id, "card": d["id"]}
        if not trigger.get("when") and not trigger.get("if"):
            return []                   # a trigger the table judges (nothing the engine sees): it never fires here
        if self.adds_survivors(card) and self.host.colony_full(p.id):
            return []                   # "cannot trigger crossroads cards that would add survivors" (seed 004, Adding Survivors)
        found: list[dict] = [{}]
        if trigger.get("when"):
            found = [b for ev in self.host.action_events if (b := self.match(trigger["when"]["tree"], ev, env)) is not None]
        if trigger.get("if"):
            found = [b for b in found if self.holds(trigger["if"]["tree"], {**env, **b})]
        return found

    def adds_survivors(self, card: str) -> bool:
        """Whether a card instance's text can add a survivor (``common.adds_survivors``), worked out once for
        each card of the bundle."""
        d = self.host.card_def(card)
        kept = self.bundle_index.adds.get(d["id"])
        if kept is None or kept[0] is not d:
            kept = self.bundle_index.adds[d["id"]] = (d, adds_survivors(d))
        return kept[1]

    # ---- the colony phase (seed 004, II. Colony Phase) -------------------------------------------
    def colony_count(self) -> int:
        s = self.state
        return len(s.survivors_at("colony")) + s.locations["colony"].helpless

    def colony_phase_sides(self) -> tuple[str, ...]:
        """The colonies that pay food and check their waste, each by the side's name the host and the state
        know: the base game's one colony (Warring Colonies: each colony, and the Lone Wolf's den)."""
        return ("colony",)

    def side_home(self, side: str) -> str:
        """The board of colony ``side`` (a location id)."""
        return "colony"

    def player_side(self, p: Player) -> str:
        """The colony a player belongs to (its supply feeds their food action, its pile is the one they clean)."""
        return "colony"

    def side_named(self, side: str) -> dict[str, str]:
        """What a colony phase step's log entry adds to name the colony it is about (nothing with one colony)."""
        return {}

    def fed_count(self, side: str) -> int:
        """The survivors colony ``side`` feeds: its survivors at the colony, helpless ones too."""
        return self.colony_count()

    def waste_per_morale(self, side: str) -> int:
        """The waste cards that cost colony ``side`` 1 morale (the ruleset's ``waste.cards_per_morale``)."""
        return int(self.rules["waste"]["cards_per_morale"])

    def step_pay_food(self) -> Gen:
        """Each colony pays 1 food per 2 survivors it feeds (``fed_count``), rounded up, from its supply (a
        ``food_cost`` rule changes the number); one that cannot pay takes a starvation token and loses 1 morale
        per starvation token it has (seed 004, 1. Pay Food; seed 000, Pagar comida: each colony, and the den,
        from its own supply, enemy survivors at its entrances not counted)."""
        s, h = self.state, self.host
        for side in self.colony_phase_sides():
            need = math.ceil(self.fed_count(side) / self.rules["food"]["survivors_per_food"])
            need = h.stat(self.side_home(side), "food_cost", need)
            if s.food_of(side) >= need:
                s.pay_food(side, need)
                self.log.add("food_paid", {**self.side_named(side), "food": need}, {})
            else:
                tokens = s.starve(side)
                self.log.add("starvation", {**self.side_named(side), "needed": need, "tokens": tokens}, {})
                h.change_colony_morale(side, -tokens, {"rule": "starvation"})
        return
        yield

    def step_check_waste(self) -> Gen:
        """Each colony loses 1 morale per ``waste_per_morale`` cards in its waste pile, rounded down (a
        ``waste_limit`` rule changes the number) (seed 004, 2. Check Waste; seed 000, Verificação do lixo:
        each colony's own pile; the den's, 1 per 5 cards)."""
        s, h = self.state, self.host
        for side in self.colony_phase_sides():
            cards = len(s.waste_pile(side))
            loss = cards // h.stat(self.side_home(side), "waste_limit", self.waste_per_morale(side))
            if loss:
                self.log.add("waste", {**self.side_named(side), "cards": cards, "morale": -loss}, {})
                h.change_colony_morale(side, -loss, {"rule": "waste"})
        return
        yield

    def skip_marked_crisis(self) -> bool:
        """A card said the revealed crisis has no effect this round: it is neither resolved nor prevented,
        and it and the cards added to it are removed from the game as after any resolution (a reading:
        docs/runtime.md). Whether it was skipped."""
        s = self.state
        if s.crisis is None or self.host.crisis_skipped != s.crisis:
            return False
        self.log.add("crisis_skipped", {"card": s.cards[s.crisis]}, {})
        s.removed.extend(c for c, _ in s.crisis_added)
        s.crisis_added.clear()
        s.removed.append(s.crisis)
        s.crisis, self.host.crisis_skipped = None, None
        return True

    def rule_reading(self, name: str, default: str) -> str:
        """The reading the ruleset plays where the rulebooks disagree (``readings`` in content/base/ruleset.yaml)."""
        return str((self.rules.get("readings") or {}).get(name, default))

    def crisis_target(self) -> int:
        """The points a crisis needs: "the number of players" (seed 004 line 126), exiled ones too; with the
        reading ``crisis_target: non_exiled_players``, seed 001's "número de jogadores não exilados" (line 104)."""
        s = self.state
        if self.rule_reading("crisis_target", "all_players") == "non_exiled_players":
            return sum(1 for p in s.players if not p.exiled)
        return len(s.players)

    #: the morale a colony gains for a crisis prevented with this many points over what it needs, and the
    #: number needed, are the ruleset's (crisis.bonus_over) and ``crisis_target``'s; a variant whose number
    #: needed is a stand-in marks the log's result so (Warring Colonies)
    crisis_target_stand_in = False

    def crisis_card_points(self, card: str, prevent: set[str]) -> int:
        """What a card added to the crisis counts: +1 if it is of a kind the crisis asks for, -1 if not
        (seed 004, 3. Resolve Crisis)."""
        return 1 if self.host.card_def(card).get("item_type") in prevent else -1

    def crisis_sides(self) -> tuple[str, ...]:
        """The colonies a crisis happens to, each by the side's name the host knows: the base game's one
        colony (``colony``); Warring Colonies' joint crisis, both."""
        return ("colony",)

    def side_reader(self, side: str) -> str:
        """The player who reads an effect that happens to colony ``side`` (a failed crisis): the first player."""
        s = self.state
        return s.players[s.first].id

    def step_resolve_crisis(self) -> Gen:
        """The cards added are revealed (shuffled first, unless the variant plays them face up) and counted;
        short of ``crisis_target`` the crisis' effect happens to each colony, read by its ``side_reader``; the
        ruleset's ``crisis.bonus_over`` or more over it, each colony gains 1 morale (seed 004, 3. Resolve
        Crisis; seed 000, Revelar crise: the joint crisis happens to each colony). A crisis a card said has
        no effect this round is skipped (``skip_marked_crisis``)."""
        s = self.state
        if s.crisis is None or self.skip_marked_crisis():
            return
        d = self.host.card_def(s.crisis)
        added = list(s.crisis_added)
        if not self.crisis_face_up:
            self.rng.shuffle(added)
        prevent = set(d.get("prevent") or [])
        points = sum(self.crisis_card_points(c, prevent) for c, _ in added)
        needed = self.crisis_target()
        marked = {"stand_in": True} if self.crisis_target_stand_in else {}
        self.log.add("crisis_result", {"card": d["id"], "points": points, "needed": needed, **marked,
                                       "revealed": [s.cards[c] for c, _ in added]}, {})
        s.removed.extend(c for c, _ in added)
        s.crisis_added.clear()
        s.removed.append(s.crisis)
        s.crisis = None
        if points < needed:
            self.host.card_uses[d["id"]] = self.host.card_uses.get(d["id"], 0) + 1
            tree = (d.get("effect") or {}).get("tree", [])
            for side in self.crisis_sides():
                if not s.over:
                    yield from self.run_effect(tree, {"player": self.side_reader(side), "card": d["id"]})
        elif points >= needed + self.rules["crisis"]["bonus_over"]:
            for side in self.crisis_sides():
                self.host.change_colony_morale(side, 1, {"rule": "crisis"})

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
        """Each noise token, one at a time: removed, a die rolled, a zombie on 3 or lower (seed 004, 4. Add Zombies).
        The roll is told before the zombie it adds arrives (and whatever that zombie does at an entrance)."""
        s, h, z = self.state, self.host, self.rules["zombies"]
        for lid in order:
            loc = s.locations[lid]
            while loc.noise and not s.over:
                loc.noise -= 1
                roll = self.rng.randint(1, 6)
                # told before what it brings: the zombie it adds (a barricade broken, an entrance overrun, a
                # survivor killed) is this location's, never the previous roll's
                self.log.add("noise_roll", {"location": lid, "roll": roll}, {})
                if roll <= z["noise_adds_on_or_below"]:
                    h.add_zombie(lid, {"rule": "noise"}, entrance=0)

    def printed_goals_met(self, event: str | None = None) -> bool:     # objective_met: effects.py
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

    def table_reader(self) -> str:
        """The player who reads what happens to the whole table (the round track reaching 0): the first player."""
        s = self.state
        return s.players[s.first].id

    def complete_at_track_zero(self) -> bool:
        """The round track at 0: the main objective's round-track goal checked; whether it completed it (and
        the game ended so)."""
        if self.objective_met("round_track_zero"):
            self.log.add("objective_completed", {}, {})
            self.host.end("objective", {})
            return True
        return False

    def step_move_round_tracker(self) -> Gen:
        """The round track moves down; at 0 "when the round tracker reaches 0" rules run, then the objective's
        round-track goal is checked (``complete_at_track_zero``), and the game ends either way (seed 004, 6.
        Move Round Tracker; seed 000, Atualizar os marcadores: both colonies check it)."""
        s = self.state
        s.round -= 1
        self.log.add("round_track", {"track": s.round}, {})
        if s.round <= 0:
            yield from self.fire({"kind": "round_track_zero", "player": self.table_reader()})
            if not s.over and not self.complete_at_track_zero():
                self.host.end("rounds", {})

    def step_pass_first_player(self) -> Gen:
        s = self.state
        s.first = (s.first - 1) % len(s.players)                # to the player on the right (seed 004, 7.)
        return
        yield

    def finish(self) -> dict:
        """Who won: a player wins if their secret objective is met when the game ends (seed 004, End of the game).
        Secret goals are not transcribed: the stand-in goal (stand_ins.secret_goal in the ruleset) decides; an
        exiled player's objective is the exiled objective they drew (a stand-in, stand_ins.exiled_objectives)."""
        s = self.state
        colony_won = s.ending == "objective"
        winners = [p.id for p in s.players if not p.exiled and
                   ((p.betrayer and s.ending == "morale") or (not p.betrayer and colony_won))]
        winners += [p.id for p in s.players if p.exiled and self.exiled_goal_met(p)]   # their exiled objective
        result = {"winners": winners, "ending": s.ending, "rounds": s.rounds_played, "morale": s.morale,
                  "betrayers": [p.id for p in s.players if p.betrayer], "card_uses": dict(self.host.card_uses),
                  "violations": list(self.violations), "objective": s.cards.get(s.objective)}
        self.log.add("result", {"winners": winners, "ending": s.ending}, {})
        self.verify("end")
        return result
