"""The Lone Wolf variant of Warring Colonies (seed 000, p. 14-15, Variantes: LOBO SOLITÁRIO, and
11 JOGADORES): a part of ``ColoniesGame`` (``game.lone_wolf``) attached only when a Lone Wolf plays,
and the Lone Wolf's bot.

With an odd number of players (5, 7, 9, 11) one player is the Lone Wolf, who belongs to no colony
(side "w"): its survivors live in a den (``DEN``, a one-player colony board with its own food supply,
waste pile and morale, 4 at the start, 5 at most), it takes its turn first every round, it may join a
side or flee before a combat where it has survivors, and it completes mission cards to raise its
morale; it wins if its secret objective is complete when the game ends, and leaves the game when its
morale reaches 0.

The 14 missions and the 8 Lone Wolf secret objectives are not transcribed: the engine plays the
STAND-IN cards of ``content/warring-colonies/ruleset.yaml`` (``stand_ins.lone_wolf_missions`` and
``stand_ins.lone_wolf_objectives``), whose ids start with ``stand-in.``; the den's size and the morale
a mission gives are stand-ins too. The readings the engine makes are under ``readings`` there.

A game with an even player count has no Lone Wolf: ``game.lone_wolf`` is None and none of this runs.
With one, the part holds the Lone Wolf's steps and rules, and the game consults it where the variant's
rules differ for it: its set-up (``build``, after the table's), its turn (``step_lone_wolf_turn``, the
ruleset's ``lone_wolf.round`` part inserted in the round), the action dice (``after_action_dice``), the
end of each step (``check``), a survivor sent to a full den (``place_misplaced``, from ``settle``), the
moment before a combat (``before_combat``), the invariant checks (``invariants``) and the result (``won``,
``result``). The part holds the Lone Wolf's own cards: its secret objective and its mission piles. What
the table's host reads for every rule stays in ``ColoniesState``: its seat (``wolf``), whether it has
left (``wolf_out``), and the den's board, morale and food (side ``WOLF``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..decisions import OPTION, TARGETS, Decision, HeuristicAgent, SeatError
from .colony_table import COLONIES, DEN, TEAMS, WOLF, ColonyBoard, ColoniesState
from .common import Gen
from .basebot import BaseBot
from .state import Player

if TYPE_CHECKING:  # pragma: no cover
    from .colonies import ColoniesGame


class LoneWolf:
    """The Lone Wolf's set-up, turn, den, missions, secret objective and choices in colony warfare: a part
    of one Warring Colonies game (``game``), present only when a Lone Wolf plays."""

    def __init__(self, game: Any):
        self.game = game
        self.combat_site: str | None = None       # the location of the combat it is choosing a side for
        self.objective: str | None = None         # its stand-in secret objective (an id)
        self.objective_choices: list[str] = []    # the objectives dealt to it (one kept)
        self.missions_deck: list[str] = []        # stand-in mission ids, top first
        self.missions_hand: list[str] = []
        self.missions_done: list[str] = []
        self.missions_discard: list[str] = []
        self.missions_total = 0
        self.mission_swapped = -1                 # the round of its last swap

    @staticmethod
    def plays(players: int) -> bool:
        """Whether a Lone Wolf plays: with an odd player count (seed 000, Variantes, LOBO SOLITÁRIO)."""
        return players % 2 == 1

    @property
    def seat(self) -> str:
        """The Lone Wolf's player: the last seat (reading ``lone_wolf_seat``)."""
        return f"p{self.game.n}"

    # ---- set-up (Preparação do Lobo Solitário) ------------------------------------------------------
    def build(self, state: ColoniesState) -> None:
        """The den (Preparação 2), the secret objective drawn (3; a stand-in, with its set-up), the mission
        deck shuffled and 3 missions drawn (4; Cartas de Missão), the morale at 4 (6)."""
        g = self.game
        wolf = self.seat
        lw, stand = g.wc["lone_wolf"], g.wc["stand_ins"]
        board = state.locations[COLONIES["a"]]
        # no entrance spaces: zombies never appear there, so nothing to barricade (Covil)
        state.locations[DEN] = ColonyBoard(DEN, board.card, 1, 0, stand["den"]["survivor_spaces"], 0, [0], [0],
                                           team=WOLF)
        state.wolf = wolf
        state.teams[wolf] = WOLF
        state.colony_morale[WOLF] = lw["morale"]
        state.colony_food[WOLF] = 0
        state.colony_starvation[WOLF] = 0
        dealt = lw.get("objectives_dealt", 1)      # seed 000: 1 drawn; seed 002 line 317: 3, one kept (the reading)
        if dealt <= 1:
            self.objective_choices = [g.rng.choice(stand["lone_wolf_objectives"])["id"]]
        else:
            self.objective_choices = [o["id"] for o in g.rng.sample(stand["lone_wolf_objectives"],
                                                                    min(dealt, len(stand["lone_wolf_objectives"])))]
        self.take_objective(state, self.objective_choices[0])
        deck = [m["id"] for m in stand["lone_wolf_missions"]]
        g.rng.shuffle(deck)
        self.missions_total = len(deck)
        self.missions_hand, self.missions_deck = deck[: lw["missions_in_hand"]], deck[lw["missions_in_hand"]:]
        g.log.add("lone_wolf", {"player": wolf, "stand_in": True}, {})
        if len(self.objective_choices) == 1:
            g.log.add("lone_wolf_objective", {"objective": self.objective, "stand_in": True}, {}, private_to=wolf)

    def take_objective(self, state: ColoniesState, oid: str) -> None:
        """The Lone Wolf's secret objective is ``oid``: its set-up (food in the den) follows, the previous
        one's (a provisional pick among several dealt) undone."""
        if self.objective is not None:
            state.colony_food[WOLF] -= (self.card("lone_wolf_objectives", self.objective).get("setup") or {}).get("den_food", 0)
        self.objective = oid
        state.colony_food[WOLF] += (self.card("lone_wolf_objectives", oid).get("setup") or {}).get("den_food", 0)

    def choose_objective(self) -> Gen:
        """With several Lone Wolf secret objectives dealt (``lone_wolf.objectives_dealt``, seed 002's reading),
        the Lone Wolf keeps one of them (a ``targets`` decision, prompt "lone wolf objective")."""
        g = self.game
        if len(self.objective_choices) <= 1:
            return
        kept = (yield Decision(TARGETS, self.seat, tuple(self.objective_choices), 1, 1,
                               prompt="lone wolf objective"))[0]
        self.take_objective(g.state, kept)
        g.log.add("lone_wolf_objective", {"objective": kept, "stand_in": True}, {}, private_to=self.seat)

    def card(self, kind: str, cid: str) -> dict:
        """A stand-in Lone Wolf card of the ruleset (``kind``: lone_wolf_missions or lone_wolf_objectives)."""
        return next(c for c in self.game.wc["stand_ins"][kind] if c["id"] == cid)

    # ---- the Lone Wolf's turn (Regras do Lobo Solitário) --------------------------------------------
    def after_action_dice(self) -> None:
        """Action dice are rolled as in the base game; a Lone Wolf who has left the game keeps none."""
        s = self.game.state
        if s.wolf_out:
            s.player(s.wolf).unused = []

    def step_lone_wolf_turn(self) -> Gen:
        """The Lone Wolf's turn comes first in every round, before the pairs of simultaneous turns, with
        no time limit: a mission may be swapped at its start (once per round), then a crossroads card
        drawn for it, its movement, its actions, and the crossroads card if met (seed 000, p. 14, Regras
        do Lobo Solitário; p. 15, Cartas de Missão). Its turn ends as a player's does: once it stops acting
        the ``end_turn`` event is raised (with the actions it took), before its crossroads card is resolved,
        the moment a colony player's turn ends in a pair of turns."""
        g = self.game
        s, h = g.state, g.host
        if s.wolf_out:
            return
        p = s.player(s.wolf)
        s.turn += 1
        s.actives = (p.id,)
        g.requested, g.handed, g.free_used = set(), set(), set()
        g.turn_actions = {p.id: set()}
        g.log.add("lone_wolf_turn", {"player": p.id}, {})
        p.moved.clear()
        yield from self.swap_mission(p)
        g.frostbite(p)
        yield from g.settle()
        drawer = None
        if s.crossroads and not s.over and p.survivors:   # drawn by the player on its right (a reading)
            i = s.players.index(p)
            drawer = s.players[(i - 1) % len(s.players)].id
            g.draw_crossroads(p, drawer)
        triggered: list[dict] | None = None

        def check() -> list[dict] | None:
            card = s.held_by.get(p.id)
            if card is None or triggered is not None:
                return triggered
            found = g.crossroads_all_bindings(p, card)
            if found:
                g.log.add("crossroads_triggered", {"player": p.id}, {})
            return found or None

        h.action_events = []
        before = set(s.waste)
        yield from self.movement(p)
        g.tag_waste(before, WOLF)
        triggered = check()
        self.complete_missions(p)
        taken = 0
        while not s.over and not s.wolf_out:
            taken += 1
            if taken > g.rules["actions_per_turn_cap"]:
                g.log.add("turn_cap", {"player": p.id}, {})
                break
            act = yield Decision(OPTION, p.id, tuple(g.legal_actions(p)), prompt="action")
            if act == ("end",):
                break
            yield from g.take_action(p, act, WOLF, "lone wolf action")
            triggered = check()
            self.complete_missions(p)
            self.check()
        if not s.over and not s.wolf_out:         # its turn ends like any player's (the end_turn event)
            yield from g.end_turn(p)
            triggered = check()
        if not s.over and triggered is not None and p.id in s.held_by and not s.wolf_out:
            yield from g.resolve_held(p, triggered, drawer, WOLF)
        if p.id in s.held_by:                     # not triggered: to the bottom of the deck
            s.crossroads.append(s.held_by.pop(p.id))
        s.actives = ()
        h.expire()
        self.check()

    def movement(self, p: Player) -> Gen:
        """The Lone Wolf moves alone, 1 survivor at a time until it passes, each survivor once, with
        exposure rolls; its survivors may stand at the entrances of both colonies (seed 000, p. 14, Regras
        do Lobo Solitário): the game's movement prompt (``game.movement_step.movement``), with no other player."""
        yield from self.game.movement_step.movement([p], {p.id: None})

    def make_room(self, p: Player, out: str) -> Gen:
        """Into a full location the Lone Wolf spends an action die of its choice to send survivor ``out``
        back to its own colony (or den); it never spends bullets (seed 000, p. 14, Regras do Lobo Solitário)."""
        g = self.game
        values = sorted(set(p.unused))
        die = values[0] if len(values) == 1 else (yield Decision(OPTION, p.id, tuple(values), prompt="die to spend"))
        g.spend(p, die)
        g.log.add("lone_wolf_die_spent", {"die": die, "sends_home": out}, {})
        g.host.send_home(out, {"by": p.id, "die": die})
        yield from g.settle()

    def destinations(self, sid: str | None = None) -> tuple[str, ...]:
        """Where a Lone Wolf survivor goes when the den is full: a location of its choice with an empty
        survivor space (not a colony, not where it stands)."""
        s = self.game.state
        here = s.survivors[sid].location if sid else None
        out = tuple(lid for lid, loc in s.locations.items() if not loc.colony and lid != here
                    and len(s.survivors_at(lid)) < loc.survivor_spaces)
        return out or tuple(lid for lid, loc in s.locations.items() if not loc.colony and lid != here)

    def place_misplaced(self) -> Gen:
        """Lone Wolf survivors sent to (or added in) a full den: the Lone Wolf chooses a location for each,
        with no exposure roll (seed 000, p. 14, Regras do Lobo Solitário)."""
        g = self.game
        s, h = g.state, g.host
        while h.misplaced:
            sid = h.misplaced.pop(0)
            v = s.survivors[sid]
            if v.place != "play" or v.location != DEN or not h.den_full(sid):
                continue
            to = (yield Decision(TARGETS, s.wolf, self.destinations(sid), 1, 1, prompt="place survivor"))[0]
            v.location = to
            g.last_location[sid] = to
            g.log.add("lone_wolf_placed", {"survivor": sid, "location": to}, {})

    # ---- colony warfare (Combate Entre as Colônias, p. 15) ------------------------------------------
    def before_combat(self, lid: str) -> Gen:
        """Before a combat at a location where it has survivors the Lone Wolf flees (all of them go back
        one by one to the den, or elsewhere if it is full, with exposure rolls) or joins a colony, and
        its survivors there count as that colony's for this combat (seed 000, p. 15, Combate Entre as
        Colônias)."""
        g = self.game
        s, h = g.state, g.host
        h.wolf_side = None
        if s.wolf_out:
            return
        mine = [v.id for v in s.survivors_at(lid) if v.controller == s.wolf]
        if not mine:
            return
        self.combat_site = lid
        choice = yield Decision(OPTION, s.wolf, (("flee",),) + tuple(("join", t) for t in TEAMS),
                                prompt="lone wolf in combat")
        p = s.player(s.wolf)
        if choice[0] == "join":
            h.wolf_side = choice[1]
            g.log.add("lone_wolf_joins", {"location": lid, "colony": choice[1]}, {})
            return
        g.log.add("lone_wolf_flees", {"location": lid, "survivors": mine}, {})
        for sid in mine:
            if s.over or s.survivors[sid].place != "play":
                continue
            to = DEN
            if h.den_full():
                to = (yield Decision(TARGETS, s.wolf, self.destinations(sid), 1, 1, prompt="flee to"))[0]
            s.entrance.pop(sid, None)
            yield from g.move(p, sid, to, exposure=True)

    # ---- missions (Cartas de Missão, p. 15) ----------------------------------------------------------
    def swap_mission(self, p: Player) -> Gen:
        """Once per round, at the start of its turn, the Lone Wolf may discard a mission and draw one;
        not once the mission deck is empty."""
        g = self.game
        s = g.state
        if not self.missions_deck or not self.missions_hand or self.mission_swapped == s.rounds_played:
            return
        pick = yield Decision(OPTION, p.id, tuple(self.missions_hand) + ("keep",), prompt="swap mission")
        if pick == "keep":
            return
        self.mission_swapped = s.rounds_played
        self.missions_hand.remove(pick)
        self.missions_discard.append(pick)
        self.missions_hand.append(self.missions_deck.pop(0))
        g.log.add("mission_swapped", {"discarded": pick, "stand_in": True}, {})

    def goal(self, goal: dict) -> bool:
        """Whether one goal of a stand-in mission or objective holds now."""
        s, h = self.game.state, self.game.host
        p = s.player(s.wolf)
        mine = [s.survivors[sid] for sid in p.survivors]
        n, kind = goal["count"], goal["kind"]
        if kind == "entrances_of_both_colonies":
            return all(sum(1 for v in mine if v.location == COLONIES[t] and v.id in s.entrance) >= n for t in TEAMS)
        if kind == "survivors_away":
            return sum(1 for v in mine if not s.locations[v.location].colony) >= n
        if kind == "den_food":
            return s.colony_food[WOLF] >= n
        if kind == "cards_in_hand":
            return len(p.hand) >= n
        if kind == "equipped":
            return sum(len(v.equipped) for v in mine) >= n
        if kind == "followers":
            return len(mine) >= n
        if kind == "territory":
            for lid, loc in s.locations.items():
                if loc.colony:
                    continue
                sides = [h.team_of(v.id) for v in s.survivors_at(lid)]
                ours = sides.count(WOLF)
                if ours >= n and all(ours > sides.count(t) for t in TEAMS):
                    return True
            return False
        if kind == "missions_completed":
            return len(self.missions_done) >= n
        if kind == "morale_at_least":
            return s.colony_morale[WOLF] >= n
        raise ValueError(f"unknown Lone Wolf goal {kind!r}")

    def complete_missions(self, p: Player) -> list[str]:
        """Missions in hand whose goals hold are completed: each raises the Lone Wolf's morale (a stand-in
        amount) and a new mission is drawn while the deck lasts (seed 000, p. 15, Cartas de Missão; Moral
        do Lobo Solitário)."""
        g = self.game
        s, h = g.state, g.host
        done: list[str] = []
        if s.wolf_out or p.id != s.wolf:
            return done
        for m in list(self.missions_hand):
            if all(self.goal(goal) for goal in self.card("lone_wolf_missions", m)["goal"]):
                self.missions_hand.remove(m)
                self.missions_done.append(m)
                done.append(m)
                g.log.add("mission_completed", {"mission": m, "stand_in": True}, {})
                h.set_colony_morale(WOLF, s.colony_morale[WOLF] + g.wc["stand_ins"]["mission_morale"],
                                    {"rule": "mission"})
                if self.missions_deck:
                    self.missions_hand.append(self.missions_deck.pop(0))
        return done

    # ---- morale 0, the end ---------------------------------------------------------------------------
    def check(self) -> None:
        """A Lone Wolf at 0 morale loses and leaves the game: its survivors leave play with their equipped
        cards, and its hand leaves the game (seed 000, p. 15, Moral do Lobo Solitário). Checked at the end
        of every step of the round and after each of its actions (reading ``lone_wolf_leaves``)."""
        g = self.game
        s, h = g.state, g.host
        if s.wolf_out or s.colony_morale[WOLF] > g.wc["morale_track"][0]:
            return
        p = s.player(s.wolf)
        s.wolf_out = True
        gone = list(p.survivors)
        for sid in gone:
            v = s.survivors[sid]
            s.removed.extend(v.equipped)
            v.equipped = []
            h.leave_play(sid, "removed")
        s.removed.extend(p.hand)
        p.hand.clear()
        p.unused = []
        if p.id in s.held_by:
            s.crossroads.append(s.held_by.pop(p.id))
        h.pending = [i for i in h.pending if not (len(i) > 1 and (i[1] in gone or i[1] == p.id))]
        h.misplaced = []
        g.log.add("lone_wolf_left", {"player": p.id, "survivors": gone}, {})

    def won(self) -> bool:
        """The Lone Wolf wins if its secret objective is complete when the game ends (p. 15, Condições de
        Vitória do Lobo Solitário); its objective is a stand-in card."""
        s = self.game.state
        if s.wolf_out:
            return False
        return all(self.goal(goal) for goal in self.card("lone_wolf_objectives", cast(str, self.objective))["goal"])

    def result(self) -> dict:
        """The Lone Wolf's part of a game's result: its seat, whether it won or left, its morale, objective
        and missions completed."""
        s = self.game.state
        return {"player": s.wolf, "won": self.won(), "left": s.wolf_out, "morale": s.colony_morale[WOLF],
                "objective": self.objective, "missions_completed": list(self.missions_done), "stand_in": True}

    def invariants(self) -> list[str]:
        """Its mission piles: every mission in exactly one pile, a hand of at most 3 (Cartas de Missão)."""
        bad: list[str] = []
        piles = self.missions_deck + self.missions_hand + self.missions_done + self.missions_discard
        if len(piles) != len(set(piles)) or len(piles) != self.missions_total:
            bad.append(f"{self.missions_total} missions but {len(piles)} in the piles ({len(set(piles))} distinct)")
        if len(self.missions_hand) > self.game.wc["lone_wolf"]["missions_in_hand"]:
            bad.append(f"the Lone Wolf holds {len(self.missions_hand)} missions")
        return bad


class LoneWolfBot(BaseBot):
    """The Lone Wolf's seat: the colonies bot's actions, plus its own choices, seeded: it heads for the
    goals of its missions, joins the side with more survivors at a combat (flees when outnumbered or
    hurt), and swaps a mission it cannot work on."""

    plays: tuple[str, ...] = ("warring-colonies",)

    def score(self, act: tuple) -> int:
        """The base bot's scores, read for the den: it kills zombies at a colony's entrance it stands at,
        searches, equips, cleans its den's pile when it fills, and keeps food for the den."""
        g = cast("ColoniesGame", self.game)
        s = g.state
        kind = act[0]
        if kind == "attack":
            return 40 if act[2] == "zombie" else -1
        if kind == "barricade":
            return 10
        if kind == "clean_waste":
            return 60 if len(s.colony_waste(WOLF)) >= 3 else 0
        if kind == "food":
            return 0
        if kind == "play" and "den_food" in self.goals():
            return 95 if g.host.card_def(act[1]).get("item_type") == "food" else 0
        if kind == "move":
            return -1
        return super().score(act)

    def goals(self) -> set[str]:
        """The kinds of goal of the missions the Lone Wolf holds."""
        lw = cast(LoneWolf, cast("ColoniesGame", self.game).lone_wolf)   # a Lone Wolf bot sits at a table with one
        return {goal["kind"] for m in lw.missions_hand for goal in lw.card("lone_wolf_missions", m)["goal"]}

    def answer(self, d):
        g = self.game
        if g is None:                  # shown no game: answers without reading a table (docs/runtime.md, Agents)
            return HeuristicAgent.answer(self, d)
        s = g.state
        if s.teams.get(d.player, WOLF) != WOLF:
            raise SeatError(f"LoneWolfBot plays the Lone Wolf's seat, not {d.player}'s, a colony's: a colony's seat "
                            "is played by ColoniesBot or ColoniesHeuristicBot (or RandomAgent, HeuristicAgent)")
        rng = self.random.rng
        if d.prompt == "lone wolf in combat":
            lid = g.lone_wolf.combat_site
            here = [g.host.team_of(v.id) for v in s.survivors_at(lid)]
            mine = [v for v in s.survivors_at(lid) if v.controller == d.player]
            a, b = here.count("a"), here.count("b")
            hurt = sum(v.wounds for v in mine) >= len(mine) + 1
            if hurt or (a == b and rng.random() < 0.5):
                return ("flee",)
            side = "a" if (a, s.bullets["a"]) > (b, s.bullets["b"]) else "b"
            return ("join", side)
        if d.prompt == "swap mission":
            goals = self.goals()
            hard = [m for m in d.choices if m != "keep" and any(goal["kind"] in ("cards_in_hand", "territory")
                                                                for goal in g.lone_wolf.card("lone_wolf_missions", m)["goal"])]
            if hard and rng.random() < 0.5 and goals:
                return hard[0]
            return "keep"
        if d.prompt in ("place survivor", "flee to"):
            return (min(d.choices, key=lambda l: (s.locations[l].zombie_count(), len(s.survivors_at(l)), l)),)
        if d.prompt == "make room":
            return min(d.choices, key=lambda c: (g.host.team_of(c[1]) == WOLF, s.survivors[c[1]].influence, c[1]))
        if d.prompt == "movement":
            goals = self.goals()
            p = s.player(d.player)
            at_den = [sid for sid in p.survivors if s.survivors[sid].location == DEN]
            moves = [c for c in d.choices if c[0] == "move"]
            if "entrances_of_both_colonies" in goals:
                for t in TEAMS:
                    if not any(s.survivors[x].location == COLONIES[t] for x in p.survivors):
                        gates = [c for c in moves if c[2] == COLONIES[t] and c[1] in at_den and len(at_den) > 1]
                        if gates:
                            return gates[0]
            outward = [c for c in moves if c[1] in at_den and len(at_den) > 1 and not s.locations[c[2]].colony]
            if outward and (goals & {"survivors_away", "territory"} or rng.random() < 0.5):
                return min(outward, key=lambda c: (len(s.survivors_at(c[2])), s.locations[c[2]].zombie_count(), c))
            return ("pass",)
        return super().answer(d)
