"""Warring Colonies on the reference engine: two colonies sharing one town, and colony warfare.

The rules are those of seed 000 (the Portuguese Warring Colonies rulebook; seed 002 is a
Vietnamese summary); the numbers are in ``content/warring-colonies/ruleset.yaml`` (the bundle's
``rulesets["warring-colonies"]``), with the stand-ins the engine plays where the rulebook gives
no value (the combat die's faces, the three tactics that are not printed, the location numbers,
the Cemetery's spaces). This module reuses the base engine: ``ColoniesGame`` is a ``Game`` and
``ColoniesHost`` a ``GameHost``, with the state a second colony needs added on top. The pieces live
beside it: the table and host (colony_table.py), the movement step (colony_movement.py), colony warfare
(colony_warfare.py), the other colony phase steps (colony_phase.py), the Lone Wolf (colony_lonewolf.py)
and the bot (colony_bot.py); this module holds the set-up, the round's steps and the players' turns.
``ColoniesGame`` inherits from ``Game`` only: its steps are parts it holds (``movement_step``, ``warfare``,
``colony_phase``, ``lone_wolf``), each built with the game, and the round's step table calls into them
(``step_method``).
The game and the round are the base game's one loop (``Game.play``, ``Game.play_round``): this variant
plugs in its steps and its sides, never a copy of a rule (docs/runtime.md, One loop).

What is built:

* the table of the variant: two colony boards (``colony_a``, ``colony_b``), the town's six
  locations and the Cemetery; teams; a morale, a bullet supply, a colony leader and a set of
  tactic cards per colony; Divide and Conquer's set-up run from the card's effect;
* "colony" and "enemy_colony" on a card name the colony of the player's own side or of the
  other side (``ColoniesHost.place``); "friendly" and "enemy" compare colonies; a location is
  controlled by the colony with more survivors there (a tie: nobody);
* colony warfare, step 2 of the colony phase (``ColonyWarfare.step_colony_warfare``, the part the game
  holds as ``warfare``), with every combat in the rulebook's order, and the undefended colony's loss of morale after it;
* the main objective checked for each colony; winning a combat at the enemy colony ends the game;
* the round (its steps are the ruleset's ``round`` list, and the Lone Wolf's turn its
  ``lone_wolf.round`` part, played by ``Game.play_round``): reveal crisis, action dice, the players' turns in pairs (one player of each
  colony, from the colony leaders clockwise; crossroads drawn by the teammate on the right, the
  movement step with full locations, bullets to send enemies home and entrance spaces at the enemy
  colony, the actions the variant keeps, then the crossroads met resolved by higher morale), and the
  colony phase's food (a supply per colony), warfare, waste (a pile per colony), bullets, zombies
  (enemy survivors at the entrances), objective check, round track and leader election.

The joint crisis is built (matching cards only, from hand or equipped; a failed crisis happens to
each colony; the number needed is a stand-in). No Warring Colonies crisis is transcribed, so games play
the ruleset's labelled stand-in crisis deck (``crisis_cards``) until they are. Secret objectives are dealt
(1 each, no betrayal, Justice left out); their goals are not transcribed, so the stand-in goal decides:
the players of a colony that completes the main objective win. The simultaneous actions run on a clock
(``engine/clock.py``): the 2-minute timer and the quick game's shared time as action budgets a host can
replace with a real clock. The Random Items module (``Game.random_items``) needs the set's item cards.
``dow simulate --variant warring-colonies`` plays whole games with bots. The Lone Wolf (odd counts, 11
players) is a part attached to the game only when it plays (``ColoniesGame.lone_wolf``, ``colony_lonewolf.py``);
the game consults it where its rules differ, and a game without it runs none of its code.
Base steps that change "the" morale without naming a colony are not used: ``ColoniesHost.set_morale``
refuses them rather than guess a colony.

Readings (listed in the ruleset under ``readings``): ON GUARD from both leaders ends the combat
being fought; equal totals make no winner; a failed joint crisis happens to each colony. Others, in
the docstrings where they are made: the simultaneous actions are played one action of each player in
turn (the lower-morale colony's first), a bitten survivor's spread is resolved at once rather than at the
end of the actions, and cards reaching the waste during a colony's turn go on its pile. The die
rolled on equal morale (combat order, movement, crossroads): an odd roll puts colony A first. No colony
goes first by its label where the order matters and the rulebook gives none: the same die decides who
gets the last crossroads card (``crossroads_draw_order``), which colony's zombies come first
(``step_add_zombies``) and which colony leader breaks a tie the base game gives the first player
between survivors or effects of both colonies (``tie_breaker``).
"""
from __future__ import annotations

from typing import Any, Callable, cast

from ..decisions import KEEP, OPTION, TARGETS, Decision, RandomAgent
from .colony_bot import ColoniesBot  # noqa: F401  (re-exported)
from .colony_lonewolf import LoneWolf, LoneWolfBot
from .colony_phase import ColonyPhase
from .colony_movement import MovementStep
from .colony_table import (COLONIES, DEN, HOMES, SET, TEAMS, WOLF, ColonyBoard, ColoniesHost, ColoniesState,  # noqa: F401
                           check_colonies_invariants, other)
from .clock import ActionClock
from .decks import location_deck
from .colony_warfare import ColonyWarfare
from .game import Game, GameError, Gen, loc_id, slug
from .state import Location, Player, Survivor

class ColoniesGame(Game):
    game_name = "warring-colonies"
    #: the cards given to the joint crisis are played face up beside it, seen by all (seed 000)
    crisis_face_up = True

    """Two colonies in one town (seed 000). Built: the table, the set-up of Divide and Conquer, colony
    warfare and the objective check; see the module docstring for what is not built yet. With an odd player
    count the Lone Wolf is a part of the game (``lone_wolf``, colony_lonewolf.py), None otherwise."""

    host_class = ColoniesHost
    #: the table Game.__init__ builds for this game (``_build``, ``host_class``), typed as the variant's
    state: ColoniesState
    host: ColoniesHost
    OPTIONS = ("random_items", "quick", "timer")
    noise_per_search = 1      # "Só é permitido fazer barulho 1 vez por ação de exploração" (seed 000, Barulho)

    def __init__(self, bundle: dict, seed: int = 0, players: int = 4, rules: dict | None = None,
                 wc_rules: dict | None = None, check: bool = False, options: dict | None = None):
        found = wc_rules or (bundle.get("rulesets") or {}).get(SET)
        if found is None:
            raise GameError("the bundle has no warring-colonies ruleset (content/warring-colonies/ruleset.yaml)",
                            "no-wc-ruleset")
        self.wc = found
        self.lone_wolf: LoneWolf | None = LoneWolf(self) if LoneWolf.plays(players) else None
        self.warfare = ColonyWarfare(self)
        self.movement_step = MovementStep(self)
        self.colony_phase = ColonyPhase(self)
        super().__init__(bundle, seed=seed, players=players, rules=rules, check=check, options=options)
        self.host.rules_wc = self.wc
        self.down: dict[str, tuple] | None = None       # survivors laid down by a bite during the simultaneous actions
        self._anywhere: dict[int, tuple[dict, dict]] = {}
        timer = self.wc["stand_ins"]["timer"]
        quick = bool(self.options.get("quick"))
        budget = self.options.get("timer", timer["quick_actions" if quick else "actions"])
        self.clock = ActionClock(budget or None, shared=quick)

    def check_players(self, bundle: dict, players: int) -> None:
        low, high = self.wc["players"]
        if not low <= players <= high:
            raise GameError(f"Warring Colonies is played here by {low} to {high} players in two equal colonies "
                            f"(an odd count with the Lone Wolf), not {players}", "wc-players", low=low, high=high,
                            players=players)

    # ---- set-up (seed 000, Preparação) ------------------------------------------------------
    def _set_cards(self, kind: str, sets: tuple[str, ...]) -> list[dict]:
        return self.bundle_index.of(kind, sets)

    def _build(self, objective: str | None) -> ColoniesState:
        rng, stand, wc = self.rng, self.rules["stand_ins"], self.wc
        cards: dict[str, str] = {}

        def instance(card_id: str) -> str:
            cid = f"c:{len(cards) + 1}"
            cards[cid] = card_id
            return cid

        locations: dict[str, Location] = {}
        colony_card = next((c for c in self._set_cards("location", ("base",)) if loc_id(c["id"]) == "colony"), None)
        if colony_card is None:
            raise GameError("the bundle has no colony board", "no-colony-board")
        for team in TEAMS:                      # the 2 colony boards (Preparação 2)
            n = colony_card.get("entrances") or 1
            locations[COLONIES[team]] = ColonyBoard(COLONIES[team], colony_card["id"], n, stand["entrance_spaces"],
                                                    stand["survivor_spaces"]["colony"], stand["noise_spaces"],
                                                    [0] * n, [0] * n, team=team)
        for card in self._set_cards("location", ("base", SET)):
            lid = loc_id(card["id"])
            if lid == "colony":
                continue
            extra = wc["stand_ins"].get(lid, {})
            n = card.get("entrances") or extra.get("entrances") or 1
            spaces = card.get("survivor_spaces") or extra.get("survivor_spaces") or stand["survivor_spaces"]["other"]
            locations[lid] = Location(lid, card["id"], n, stand["entrance_spaces"], spaces, stand["noise_spaces"],
                                      [0] * n, [0] * n)
        objectives = self._set_cards("main-objective", (SET,))
        chosen = next((c for c in objectives if c["id"] == objective), None) if objective else \
            (rng.choice(objectives) if objectives else None)
        if chosen is None:
            raise GameError(f"no Warring Colonies main objective {objective!r} in the bundle", "no-wc-objective",
                            objective=objective)
        setup = chosen.get("setup") or {}
        players = [Player(f"p{i + 1}") for i in range(self.n)]
        half = self.n // 2
        morale = setup.get("morale") or stand["morale"]
        state = ColoniesState(players, {}, locations, cards, morale=morale, round=setup.get("rounds") or stand["rounds"])
        state.teams = {p.id: TEAMS[0] if i < half else TEAMS[1]   # Preparação 5; an odd count: the last seat is
                       for i, p in enumerate(players[:2 * half])}  # the Lone Wolf (LoneWolf.build)
        state.colony_morale = {t: morale for t in TEAMS}
        state.bullets = {t: 0 for t in TEAMS}
        state.colony_food = {t: 0 for t in TEAMS}
        state.colony_starvation = {t: 0 for t in TEAMS}
        state.objective = instance(chosen["id"])
        # secret objectives: 1 each from the base game's non-betrayal ones less those the checklist excludes,
        # the rest back in the box unseen (Preparação 6; Lista de verificação); no betrayal in this variant
        excluded = set(wc["setup"]["secret_objectives_excluded"])
        loyal = [c["id"] for c in self._set_cards("secret-objective", ("base",))
                 if not self._betrayal(c) and c["id"] not in excluded]
        if len(loyal) < len(players):
            virtual = "stand-in.secret.loyal"
            self.defs.setdefault(virtual, {"id": virtual, "kind": "secret-objective", "set": "base",
                                           "betrayal": False, "stand_in": True})
            loyal += [virtual] * (len(players) - len(loyal))
        rng.shuffle(loyal)
        wolf = self.lone_wolf.seat if self.lone_wolf else None
        for p in players:
            if p.id != wolf:                      # the Lone Wolf draws a Lone Wolf objective (LoneWolf.build)
                p.secret = instance(loyal.pop())
        state.secret_box = [instance(c) for c in loyal]
        state.crisis_deck = [instance(c) for c in self.crisis_cards()]
        rng.shuffle(state.crisis_deck)
        state.crossroads = [instance(c["id"]) for c in self._set_cards("crossroads", (SET,))]
        rng.shuffle(state.crossroads)
        # tactics: the printed ones, then blank stand-ins up to the set of 5 (Preparação 11)
        printed = [c["id"] for c in self._set_cards("tactic", (SET,))]
        blanks = []
        for k in range(wc["stand_ins"]["unknown_tactics"]):
            virtual = f"stand-in.tactic.unknown-{k + 1}"
            self.defs.setdefault(virtual, {"id": virtual, "kind": "tactic", "set": SET, "stand_in": True,
                                           "name": f"unknown tactic {k + 1} (stand-in)"})
            blanks.append(virtual)
        state.tactics = {t: [instance(c) for c in (printed + blanks)[: wc["setup"]["tactics_per_colony"]]]
                         for t in TEAMS}
        kinds = [c["id"] for c in self._set_cards("item", ("base",))]
        starting = [k for k in kinds if slug(k) in stand["starting_item_kinds"]] or kinds
        items = wc["eleven_players"]["starting_items"] if self.n == wc["eleven_players"]["players"] \
            else wc["setup"]["starting_items"]                  # 11 JOGADORES: 4 starting items, not 5
        for p in players:
            p.hand = [instance(rng.choice(starting)) for _ in range(items)]
        searchable = [l for l in locations.values() if not l.colony and l.id != "cemetery"]
        for i, loc in enumerate(searchable):
            loc.deck = location_deck(stand, loc.card, i, kinds, self.rules["setup"]["item_deck_size"], instance)
            rng.shuffle(loc.deck)
        self.random_items(searchable, instance)
        for card in self._set_cards("survivor", ("base", SET)):
            sid = "s:" + slug(card["id"])
            name = card["name"]["en"] if isinstance(card["name"], dict) else card["name"]
            state.survivors[sid] = Survivor(sid, card["id"], name, card.get("influence") or 0,
                                            card.get("attack") or 6, card.get("search") or 6)
        state.survivor_deck = sorted(state.survivors)
        rng.shuffle(state.survivor_deck)
        if self.lone_wolf:
            self.lone_wolf.build(state)
        return state

    def crisis_cards(self) -> list[str]:
        """The joint crisis deck: the set's crisis cards, or while none is transcribed the ruleset's stand-in
        deck (``stand_ins.crisis_deck``), each a crisis marked ``stand_in`` that asks for one kind of card
        and, when not prevented, costs each colony some morale (seed 000, Preparação 7; Revelar crise)."""
        real = [c["id"] for c in self._set_cards("crisis", (SET,))]
        if real:
            return real
        spec = self.wc["stand_ins"]["crisis_deck"]
        out = []
        for k in range(spec["cards"]):
            virtual = f"stand-in.crisis.{k + 1}"
            kind = spec["prevent"][k % len(spec["prevent"])]
            self.defs.setdefault(virtual, {
                "id": virtual, "kind": "crisis", "set": SET, "stand_in": True, "prevent": [kind],
                "name": f"stand-in crisis {k + 1} ({kind})",
                "effect": {"tree": [{"op": "lose_morale", "amount": spec["morale_lost"]}]}})
            out.append(virtual)
        return out

    def setup_players(self) -> Gen:
        """Survivors dealt and kept (4 keep 2; 5 keep 3 with 4 or 5 players), each at its own colony; the
        colony leader is the player whose group leader has the most influence in the colony; then the
        main objective's set-up (seed 000, Preparação 12-15; Divide and Conquer's card)."""
        s, su = self.state, self.wc["setup"]
        small = self.n <= su["small_game_up_to"]
        dealt, keep = (su["survivors_dealt_small"], su["survivors_kept_small"]) if small else \
            (su["survivors_dealt"], su["survivors_kept"])
        for p in s.players:
            lw = self.wc["lone_wolf"]                    # the Lone Wolf: always 5 dealt, 3 kept (Lobo Solitário 5)
            n, k = (lw["survivors_dealt"], lw["survivors_kept"]) if p.id == s.wolf else (dealt, keep)
            hand = s.survivor_deck[:n]
            del s.survivor_deck[:n]
            kept = yield Decision(KEEP, p.id, tuple(hand), k, k, prompt="keep survivors")
            leader = (yield Decision(TARGETS, p.id, tuple(kept), 1, 1, prompt="group leader"))[0]
            s.survivor_deck.extend(h for h in hand if h not in kept)
            for sid in [leader] + [k for k in kept if k != leader]:
                self.host.enter_play(sid, p.id, HOMES[s.teams[p.id]])
            if p.id == s.wolf and self.lone_wolf:     # several objectives dealt: it keeps one (seed 002 line 317)
                yield from self.lone_wolf.choose_objective()
            if p.secret:                              # the Lone Wolf draws its own objective (LoneWolf.build)
                self.log.add("secret_objective", {"player": p.id, "card": s.cards[p.secret]}, {}, private_to=p.id)
        self.rng.shuffle(s.survivor_deck)
        for team in TEAMS:
            members = s.team_players(team)
            top = max(s.survivors[cast(str, p.leader)].influence for p in members)
            tied = [p.id for p in members if s.survivors[cast(str, p.leader)].influence == top]
            s.leaders[team] = tied[0]
            if len(tied) > 1:             # the rulebook's own way with a tie it does not settle: a die
                roll = self.rng.randint(1, 6)
                s.leaders[team] = tied[(roll - 1) % len(tied)]
                self.log.add("leader_tie_roll", {"colony": team, "players": tied, "roll": roll,
                                                 "leader": s.leaders[team]}, {})
        d = self.host.card_def(s.objective)
        tree = ((d.get("setup") or {}).get("effect") or {}).get("tree", [])
        yield from self.run_effect(tree, {"player": s.leaders["a"], "card": d["id"]})
        self.log.add("setup", {"objective": s.cards[s.objective], "morale": dict(s.colony_morale),
                               "rounds": s.round, "leaders": dict(s.leaders), "bullets": dict(s.bullets)}, {})
        yield from self.settle()

    def round_rules_data(self) -> dict:
        """The round of Warring Colonies (seed 000, Nova sequência da rodada), from its ruleset's ``round``;
        the Lone Wolf's part of the round (``lone_wolf.round``) is in it only when a Lone Wolf plays."""
        r = {k: list(v) for k, v in self.wc["round"].items()}
        part = self.wc["lone_wolf"]["round"]
        if self.lone_wolf:
            phase = next(k for k, steps in r.items() if part["after"] in steps)
            at = r[phase].index(part["after"]) + 1
            r[phase][at:at] = part["steps"]
        return r

    def step_parts(self) -> tuple[Any, ...]:
        """The parts the game holds that play steps of the round, each by its own ``step_<name>``: the colony
        phase (colony_phase.py: bullets, zombies, the objective check, the leaders' election), colony warfare
        (colony_warfare.py) and, only when it plays, the Lone Wolf (colony_lonewolf.py), whose steps are its
        part of the round (``lone_wolf.round``). A step no part plays is the game's own (``Game.step_<name>``)."""
        return (self.colony_phase, self.warfare) + ((self.lone_wolf,) if self.lone_wolf else ())

    def step_method(self, step: str) -> Callable[[], Gen]:
        """The method that plays a step of the round: the ``step_<name>`` of the part that has it
        (``step_parts``), else the game's."""
        for part in self.step_parts():
            run = getattr(part, "step_" + step, None)
            if run is not None:
                return cast(Callable[[], Gen], run)
        return super().step_method(step)

    def step_roll_action_dice(self) -> Gen:
        """Action dice as in the base game (seed 004, 2. Roll Action Dice); a Lone Wolf who has left the game
        keeps none (seed 000, p. 15, Moral do Lobo Solitário)."""
        yield from super().step_roll_action_dice()
        if self.lone_wolf:
            self.lone_wolf.after_action_dice()

    def after_step(self, step: str) -> None:
        """A Lone Wolf whose morale reached 0 in the step leaves the game (``LoneWolf.check``)."""
        if self.lone_wolf:
            self.lone_wolf.check()

    def finish(self) -> dict:
        """A player wins by completing their secret objective, which as a rule asks their colony to complete
        the main objective (seed 000, Condições de vitória e derrota). The secret objectives' own goals are not
        transcribed: the base ruleset's stand-in goal (``stand_ins.secret_goal``: the main objective) decides,
        so every player of a colony that completed it wins, and a colony at 0 morale never does."""
        s = self.state
        won = TEAMS if s.winner == "both" else (s.winner,)
        low = self.wc["morale_track"][0]
        winners = [p.id for p in s.players if s.winner is not None and s.teams.get(p.id) in won
                   and s.colony_morale[s.teams[p.id]] > low]
        wolf = self.lone_wolf
        winners += [cast(str, s.wolf)] if wolf and wolf.won() else []      # the Lone Wolf: its secret objective (a stand-in)
        result = {"winners": winners, "winner": s.winner, "ending": s.ending, "rounds": s.rounds_played,
                  "morale": dict(s.colony_morale), "card_uses": dict(self.host.card_uses),
                  "violations": list(self.violations), "objective": s.cards.get(s.objective),
                  "lone_wolf": wolf.result() if wolf else None}
        told: dict[str, Any] = {"winners": winners, "ending": s.ending, "colony": s.winner}
        if wolf:                  # the Lone Wolf's own result, told at the end whether it won, lost or left
            own = wolf.result()
            told["lone_wolf"] = {k: own[k] for k in ("player", "won", "left", "morale")}
        self.log.add("result", told, {})
        self.verify("end")
        return result

    # ---- the joint crisis (Game.step_resolve_crisis plays it) ----------------------------------------
    #: the number the joint crisis needs is a stand-in (``stand_ins.crisis_needed_per_player``)
    crisis_target_stand_in = True

    def crisis_target(self) -> int:
        """The points the joint crisis needs: the stand-in number per player of both colonies
        (``stand_ins.crisis_needed_per_player``, 1, as the base game asks 1 per player; the Lone Wolf
        is of neither colony) (seed 000, Revelar crise, Doar uma carta para a crise)."""
        s = self.state
        return sum(1 for p in s.players if s.teams.get(p.id) in TEAMS) * self.wc["stand_ins"]["crisis_needed_per_player"]

    def crisis_card_points(self, card: str, prevent: set[str]) -> int:
        """Every card added to the joint crisis matches it (there is no sabotage), so each counts 1."""
        return 1

    def crisis_sides(self) -> tuple[str, ...]:
        """A failed joint crisis happens to each colony, and a crisis prevented with 2 or more over the
        number needed gives each colony 1 morale (seed 000, Revelar crise; reading ``crisis_fails``)."""
        return TEAMS

    def side_reader(self, side: str) -> str:
        """A colony's effects are read from its colony leader (Preparação 15, Nota)."""
        return self.state.leaders[side]

    # ---- food and waste, per colony and for the den (Game.step_pay_food, Game.step_check_waste play them) ----
    def colony_phase_sides(self) -> tuple[str, ...]:
        """Each colony pays food and checks its waste, and so does the Lone Wolf's den while it plays (Covil:
        the den pays as normal) (seed 000, Pagar comida; Verificação do lixo)."""
        s = self.state
        return TEAMS + ((WOLF,) if s.wolf and not s.wolf_out else ())

    def side_home(self, side: str) -> str:
        return HOMES[side]

    def player_side(self, p: Player) -> str:
        return self.state.teams[p.id]

    def side_named(self, side: str) -> dict[str, str]:
        return {"colony": side}

    def fed_count(self, side: str) -> int:
        """A colony feeds its own survivors at its colony (helpless ones too); enemy survivors at its
        entrances do not count (seed 000, Pagar comida)."""
        s, h = self.state, self.host
        lid = HOMES[side]
        return sum(1 for v in s.survivors_at(lid) if h.team_of(v.id) == side) + s.locations[lid].helpless

    def waste_per_morale(self, side: str) -> int:
        """The den loses 1 morale per 5 cards in its pile (Covil, Verificação do Lixo); a colony, as in the base game."""
        if side == WOLF:
            return int(self.wc["lone_wolf"]["waste_cards_per_morale"])
        return int(self.rules["waste"]["cards_per_morale"])

    # ---- the round track (Game.step_move_round_tracker plays it) ----------------------------------------
    def table_reader(self) -> str:
        """The round track at 0 is read from colony A's leader (the colonies check its goal together)."""
        return self.state.leaders["a"]

    def complete_at_track_zero(self) -> bool:
        """At 0 the objective's round-track goal is checked by both colonies (seed 000, Atualizar os
        marcadores; Divide and Conquer): ``check_round_track_zero``."""
        return self.colony_phase.check_round_track_zero() is not None

    def colony_order(self, team: str) -> list[Player]:
        """A colony's players clockwise from its colony leader (seed 000, Turnos dos jogadores)."""
        s = self.state
        members = s.team_players(team)
        i = next(k for k, p in enumerate(members) if p.id == s.leaders[team])
        return members[i:] + members[:i]

    def step_pair_turns(self) -> Gen:
        """Two players take their turns together, one of each colony, starting with the colony leaders and
        going clockwise in each colony (seed 000, Turnos dos jogadores)."""
        s = self.state
        orders = {t: self.colony_order(t) for t in TEAMS}
        for k in range(max(len(o) for o in orders.values())):
            pair = {t: orders[t][k % len(orders[t])].id for t in TEAMS}
            yield from self.pair_turn(pair)
            if s.over:
                return

    def pair_turn(self, active: dict[str, str]) -> Gen:
        """One pair of simultaneous turns in its 4 parts: crossroads drawn, movement, actions, crossroads
        resolved (seed 000, Turnos dos jogadores)."""
        s, h = self.state, self.host
        s.turn += 1
        s.actives = tuple(active.values())
        self.requested, self.handed, self.free_used = set(), set(), set()
        players = {t: s.player(pid) for t, pid in active.items()}
        self.turn_actions = {p.id: set() for p in players.values()}
        self.log.add("turns", {"players": dict(active)}, {})
        for p in players.values():
            p.moved.clear()
            self.frostbite(p)
        yield from self.settle()
        # 1. the teammate on each active player's right draws a crossroads card for them
        drawers: dict[str, str] = {}
        for team in self.crossroads_draw_order():
            p = players[team]
            order = self.colony_order(team)
            i = next(k for k, q in enumerate(order) if q.id == p.id)
            if s.crossroads and not s.over:
                drawers[p.id] = order[(i - 1) % len(order)].id
                self.draw_crossroads(p, drawers[p.id])
        triggered: dict[str, list[dict]] = {}

        def check(p: Player) -> None:
            """A triggered card does not stop the game: it waits for the end of the turns. Every survivor
            that meets its trigger during the turns is kept, for the active player to choose from."""
            card = s.held_by.get(p.id)
            if card is None:
                return
            for bound in self.crossroads_all_bindings(p, card):
                if p.id not in triggered:
                    triggered[p.id] = [bound]
                    self.log.add("crossroads_triggered", {"player": p.id}, {})
                elif bound not in triggered[p.id]:
                    triggered[p.id].append(bound)

        # 2. movement
        h.action_events = []
        yield from self.movement_step.step_movement(active)
        for p in players.values():
            check(p)
        # 3. simultaneous actions: the two players act in turns, one action each, the lower-morale colony's
        # player first, each until they end; the clock (the 2-minute timer, or the quick game's shared
        # time) decides when time is up
        first = self.first_by_morale(lower=True)
        acting = [first, other(first)]
        taken = {t: 0 for t in TEAMS}
        self.clock.start([players[t].id for t in acting])
        self.down = {}
        while acting and not s.over:
            for team in list(acting):
                if s.over:
                    break
                p = players[team]
                if not self.clock.may_act(p.id):
                    self.log.add("time_up", {"player": p.id}, {})
                    acting.remove(team)
                    yield from self.end_turn(p)
                    continue
                taken[team] += 1
                if taken[team] > self.rules["actions_per_turn_cap"]:
                    self.log.add("turn_cap", {"player": p.id}, {})
                    acting.remove(team)
                    yield from self.end_turn(p)
                    continue
                act = yield Decision(OPTION, p.id, tuple(self.legal_actions(p)), prompt="action")
                if act == ("end",):
                    acting.remove(team)
                    if self.clock.finished(p.id):
                        self.log.add("timer_started", {"by": p.id, "budget": self.clock.budget}, {})
                    yield from self.end_turn(p)
                    continue
                yield from self.take_action(p, act, team)
                self.clock.acted(p.id)
                check(p)
        yield from self.get_up()
        # 4. the triggered crossroads cards, the higher-morale colony's first
        if not s.over and triggered:
            top = self.first_by_morale(lower=False)
            for team in (top, other(top)):
                p = players[team]
                if p.id in triggered and not s.over:
                    yield from self.resolve_held(p, triggered[p.id], drawers[p.id], team)
        for pid in list(s.held_by):               # not triggered: to the bottom of the deck
            s.crossroads.append(s.held_by.pop(pid))
        s.actives = ()
        h.expire()

    def draw_crossroads(self, p: Player, drawer: str) -> None:
        """The top crossroads card drawn for active player ``p`` by ``drawer``, who alone sees it, and held
        for the turn (a pair's, the Lone Wolf's)."""
        s = self.state
        s.held_by[p.id] = s.crossroads.pop(0)
        self.log.add("crossroads_drawn", {"by": drawer, "for": p.id}, {})
        self.log.add("crossroads_card", {"card": s.cards[s.held_by[p.id]]}, {}, private_to=drawer)

    def resolve_held(self, p: Player, found: list[dict], drawer: str, side: str) -> Gen:
        """The crossroads card held for ``p``, met during the turn: its player chooses among the ways it was met
        (``found``), it is resolved, and the cards it wasted go on ``side``'s pile."""
        s = self.state
        card = s.held_by.pop(p.id)
        before = set(s.waste)
        bound = yield from self.choose_binding(p, found)       # which survivor, if more than one met it
        yield from self.resolve_crossroads(p, card, drawer, bound)
        self.tag_waste(before, side)

    # ---- ties between the colonies: a die (seed 000, "jogue um dado em caso de empate") ---------------------
    def first_by_morale(self, lower: bool) -> str:
        """The colony with the lower (or higher) morale; on equal morale a die decides (odd: colony A)."""
        ma, mb = self.state.colony_morale["a"], self.state.colony_morale["b"]
        if ma == mb:
            return self.colony_die("morale_tie_roll")
        return ("a" if ma < mb else "b") if lower else ("a" if ma > mb else "b")

    def colony_die(self, event: str, sides: tuple[str, ...] = TEAMS) -> str:
        """A tie between the colonies settled by a die, as the rulebook settles its own ("jogue um dado em caso
        de empate"): odd, colony A; even, colony B (with ``sides`` other than the two colonies, the side the
        roll counts to, round the list). The roll is logged as ``event``."""
        roll = self.rng.randint(1, 6)
        self.log.add(event, {"roll": roll}, {})
        return sides[(roll - 1) % len(sides)]

    def crossroads_draw_order(self) -> tuple[str, ...]:
        """The colonies in the order their active players get a crossroads card. The two cards are drawn at the
        same time (seed 000, Comprar cartas de encruzilhada: "serão compradas 2 cartas ... 1 para cada jogador
        da vez"), so the order matters only when the deck holds fewer cards than that: then a die decides which
        colony's player gets one (odd: colony A), as the rulebook settles its ties between the colonies."""
        if not 0 < len(self.state.crossroads) < len(TEAMS):
            return TEAMS
        first = self.colony_die("crossroads_draw_roll")
        return first, other(first)

    def tie_breaker(self, players: list[str | None]) -> str:
        """Who breaks a tie the base game gives the first player (survivors tied on the lowest influence for an
        overrun or a spreading bite, effects that trigger together). Warring Colonies has no single first
        player: each colony's first player token is its colony leader's (seed 000, Preparação 15, Nota). A tie
        among one colony's survivors or effects is its leader's to break (the Lone Wolf breaks its own); a tie
        between sides, a die decides whose (odd: colony A), as the rulebook settles its ties between the
        colonies ("jogue um dado em caso de empate")."""
        s = self.state
        sides = tuple(t for t in TEAMS + (WOLF,) if any(p is not None and s.teams.get(p) == t for p in players))
        side = sides[0] if len(sides) == 1 else self.colony_die("tie_roll", sides or TEAMS)
        return cast(str, s.wolf) if side == WOLF else s.leaders[side]

    def bite_waits(self, sid: str, player: str, tree: list[dict]) -> bool:
        """A bite during the simultaneous actions lays the survivor down: it takes no more actions and uses no
        abilities, and the bite (its death and spread) is resolved when the step ends (seed 000, Ações
        simultâneas, Nota). Elsewhere the bite is resolved at once, as in the base game (seed 004)."""
        if self.down is None:
            return False
        self.down[sid] = (tree, {"player": player, "card": "base.die.exposure-die", "rolled": sid})
        self.log.add("laid_down", {"survivor": sid}, {})
        return True

    def get_up(self) -> Gen:
        """The end of the simultaneous actions: the bites of the survivors laid down are resolved, in the order
        they happened (seed 000, Ações simultâneas, Nota: "resolva todas as feridas e propagações")."""
        down, self.down = self.down or {}, None
        for sid, (tree, env) in down.items():
            if self.state.over:
                return
            if self.state.survivors[sid].place == "play":
                self.last_location[sid] = cast(str, self.state.survivors[sid].location)
                yield from self.run_effect(tree, env)

    def take_action(self, p: Player, act: tuple, side: str, where: str = "action") -> Gen:
        """One action of a player's turn: performed, its effects settled, the cards it wasted put on the side's
        own pile, the invariants checked."""
        s, h = self.state, self.host
        act = yield from self.die_to_spend(p, act)      # which die pays it, when more than one could
        h.action_events = []
        self.action_no += 1
        h.skip_exposure = False
        before = set(s.waste)
        self.acted(p, act)
        yield from self.perform(p, act)
        yield from self.settle()
        self.tag_waste(before, side)
        self.verify(f"{where} {act[0]}")

    def tag_waste(self, before: set[str], team: str) -> None:
        """Cards that reached the waste while a colony's player acted go on that colony's pile."""
        for c in self.state.waste:
            if c not in before:
                self.state.waste_of[c] = team

    def asked_in_request(self, p: Player) -> list[Player]:
        """A request asks the players of the player's own colony (seed 000, Interpretação das cartas:
        "any player" is a player of your colony)."""
        return self.state.team_players(self.state.teams[p.id])

    def legal_actions(self, p: Player) -> list[tuple]:
        """The base actions less those the variant removes (attacking a survivor, attracting, moving, which
        has its own step, and exile votes) (seed 000, Novas ações do turno do jogador). Spending food,
        cleaning the waste and requests use the colony's own supply, pile and players; hand-offs go only
        to friendly survivors."""
        with self.host.reading():          # nothing changes while they are listed: the rules' answers are kept
            return self._colony_actions(p)

    #: the base actions the variant removes or offers its own way (its listing drops them): not listed at all
    unlisted = frozenset({"move", "attract", "exile", "food", "clean_waste", "crisis", "attack_survivor"})

    def _colony_actions(self, p: Player) -> list[tuple]:
        h, s = self.host, self.state
        team = s.teams[p.id]
        out: list[tuple] = []
        dice = sorted(set(p.unused))
        for act in super().legal_actions(p):
            kind = act[0]
            if kind in ("move", "attract", "exile", "food", "clean_waste", "crisis"):
                continue
            if self.down and any(x in self.down for x in act[1:] if isinstance(x, str)):
                continue                          # a survivor laid down by a bite does nothing more
            if kind == "request" and not any(o.hand for o in s.team_players(team) if o is not p):
                continue
            if kind == "end":
                if s.crisis:                      # only cards that match the crisis, from hand or equipped
                    prevent = set(h.card_def(s.crisis).get("prevent") or [])
                    mine = list(p.hand) + [c for sid in p.survivors for c in s.survivors[sid].equipped]
                    out += [("crisis", c) for c in sorted(set(mine), key=lambda c: (s.cards[c], c))
                            if h.card_def(c).get("item_type") in prevent]
                if s.colony_food[team]:
                    out += [("food", d) for d in dice if d < 6]
                if dice and s.colony_waste(team) and any(s.survivors[x].location == HOMES[team]
                                                         for x in p.survivors):
                    out.append(("clean_waste", dice[0]))
            if kind == "attack" and act[2] != "zombie":
                continue
            if kind == "attack" and act[1] in s.entrance:     # only a zombie at its own entrance
                loc = s.locations[cast(str, s.survivors[act[1]].location)]
                if not loc.zombies[s.entrance[act[1]]]:
                    continue
            if kind == "handoff" and h.team_of(act[2]) != self.state.teams[p.id]:
                continue
            # a barricade at a colony goes on an empty entrance space, not one a survivor holds: the base action
            # offers it only where there is one (ColoniesHost.standing_count), and the player picks the entrance
            out.append(act)
        return out

    def attack(self, p: Player, sid: str, target: str, die: int) -> Gen:
        """A survivor at an entrance of the enemy colony attacks a zombie at that entrance (seed 000,
        Atacar um zumbi enquanto estiver na colônia inimiga)."""
        if target == "zombie":
            self.host.attacking_entrance = self.state.entrance.get(sid)
        yield from super().attack(p, sid, target, die)

    def move(self, p: Player, sid: str, to: str, exposure: bool, entrance: int | None = None) -> Gen:
        """A move by any cause: a survivor leaving the enemy colony leaves its entrance space; one that
        goes there stands in the empty entrance space ``entrance`` its player chose in the movement step,
        or, sent by a card, in one its player chooses now (a Lone Wolf survivor sent from one colony's
        entrance to the other colony chooses again: its old space is not at this colony)."""
        s = self.state
        loc = s.locations[to]
        if isinstance(loc, ColonyBoard) and loc.team != s.teams[p.id]:
            if entrance is not None:
                s.entrance[sid] = entrance
            # "qualquer espaço vazio de entrada": the player's choice
            elif self.movement_step.standing_at(sid, to) is None:
                s.entrance.pop(sid, None)
                free = [i for i in range(loc.entrances) if self.host.entrance_free(to, i) > 0]
                s.entrance[sid] = (yield from self.pick_entrance(p.id, free, "entrance")) if free else 0
        else:
            s.entrance.pop(sid, None)
        yield from super().move(p, sid, to, exposure)

    def usable(self, ability: dict, sid: str, p: Player, source: str) -> bool:
        """Where an ability works, read with two colonies: COLONY is the survivor's own colony, ENEMY COLONY
        the other one, NON-COLONY neither of them."""
        s = self.state
        where = ability.get("where") or "anywhere"
        if where != "anywhere":
            loc = s.locations[cast(str, s.survivors[sid].location)]
            at_colony = isinstance(loc, ColonyBoard)
            own = at_colony and cast(ColonyBoard, loc).team == s.teams[p.id]
            ok = {"non-colony": not at_colony, "colony": own, "enemy-colony": at_colony and not own}.get(
                where, where.replace("-", "_") == loc.id)
            if not ok:
                return False
            if where in ("colony", "enemy-colony"):     # the base check knows one colony: a kept copy without it
                key = id(ability)
                if key not in self._anywhere:
                    self._anywhere[key] = (ability, {**ability, "where": None})
                return super().usable(self._anywhere[key][1], sid, p, source)
        return super().usable(ability, sid, p, source)

    def verify(self, where: str) -> None:
        if not self.check:
            return
        tactics = sum(len(t) for t in self.state.tactics.values())     # tactic cards stay with their colony
        held = len(self.state.held_by)                                  # crossroads cards held for a turn
        bad = check_colonies_invariants(self.state, self.total_cards - tactics - held, self.rules, self.wc)
        if self.lone_wolf:
            bad += self.lone_wolf.invariants()
        for v in bad:
            self.violations.append(f"{where}: {v}")

    def where_cond(self, where: str | None) -> dict | None:
        """An ability printed for COLONY or ENEMY COLONY holds while its survivor is at that colony, seen
        from its controller's side."""
        lid = (where or "anywhere").replace("-", "_")
        if lid in ("colony", "enemy_colony"):
            return {"op": "is", "subject": {"op": "ref", "name": "self", "kind": "survivor"}, "state": "at",
                    "where": {"op": "location", "id": lid}}
        return super().where_cond(where)

    def settle(self, scope: tuple | None = None) -> Gen:
        """The base queue, plus the spoils of a survivor killed at the enemy colony: that colony's leader
        equips each card on one of their survivors there (seed 000, Morte de sobrevivente na colônia inimiga)."""
        while True:
            spoils = [i for i in self.host.pending if i[0] == "spoils"]
            self.host.pending = [i for i in self.host.pending if i[0] != "spoils"]
            yield from super().settle(scope)
            if self.lone_wolf:                  # Lone Wolf survivors sent to a full den
                yield from self.lone_wolf.place_misplaced()
            if not spoils:
                return
            s = self.state
            for _, team, keepers, cards in spoils:
                for card in cards:
                    here = tuple(k for k in keepers if s.survivors[k].place == "play"
                                 and s.survivors[k].location == COLONIES[team])
                    if not here:
                        continue                  # nobody left to equip it: it stays out of the game
                    sid = (yield Decision(TARGETS, s.leaders[team], here, 1, 1, prompt="equip spoils"))[0]
                    s.removed.remove(card)
                    s.survivors[sid].equipped.append(card)
                    self.register(card, sid)
                    self.log.add("spoils_equipped", {"card": s.cards[card], "survivor": sid}, {})

    def drive(self, gen: Gen, agents: Any) -> Any:
        """Run one step of the game with agents ({player: agent} or one agent) answering its decisions."""
        try:
            d = next(gen)
            while True:
                agent = agents[d.player] if isinstance(agents, dict) else agents
                d = gen.send(d.check(agent.answer(d)))
        except StopIteration as stop:
            return stop.value

def play_colonies(bundle: dict, seed: int = 0, players: int = 4, agents: str = "bot", check: bool = True) -> dict:
    """One whole game of the rounds built so far with ColoniesBot (or RandomAgent) at every seat."""
    game = ColoniesGame(bundle, seed=seed, players=players, check=check)
    seats = {}
    for i in range(players):
        agent: Any = ColoniesBot(seed * 1000 + i) if agents == "bot" else RandomAgent(seed * 1000 + i)
        if agents == "bot" and game.state.wolf == f"p{i + 1}":
            agent = LoneWolfBot(seed * 1000 + i)
        if hasattr(agent, "observe"):
            agent.observe(game)
        seats[f"p{i + 1}"] = agent
    return game.run(seats)
