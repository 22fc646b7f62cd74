"""The movement step (seed 000, Andar com sobreviventes): a part of ``ColoniesGame`` (``game.movement_step``).
One movement prompt (``movement``) serves a pair of simultaneous turns and the Lone Wolf's turn, which plugs in
its own way to make room (``LoneWolf.make_room``) and its missions. The part reads and changes the game's
table through ``game``."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..decisions import OPTION, Decision
from .colony_table import DEN, WOLF, ColonyBoard, other
from .common import Gen
from .state import Player

if TYPE_CHECKING:  # pragma: no cover
    from .colonies import ColoniesGame


class MovementStep:
    """Players alternate from the lower-morale colony; full locations; bullets to send enemies home: a part
    of one Warring Colonies game (``game``)."""

    def __init__(self, game: ColoniesGame):
        self.game = game

    # ---- the movement step of a pair of simultaneous turns (seed 000, Andar com sobreviventes) ----------------
    def entrance_room(self, lid: str) -> int:
        """Empty entrance spaces at a colony: spaces less zombies, barricades and the enemy survivors who
        stand in them."""
        loc = self.game.state.locations[lid]
        return sum(max(0, self.game.host.entrance_free(lid, i)) for i in range(loc.entrances))

    def standing_at(self, sid: str, lid: str) -> int | None:
        """The entrance of colony ``lid`` where survivor ``sid`` stands, if it stands at one of that colony's
        (a Lone Wolf survivor at one colony's entrance stands at none of the other's)."""
        s = self.game.state
        return s.entrance.get(sid) if s.survivors[sid].location == lid else None

    def move_options(self, p: Player, moved: set[str], other_active: str | None) -> list[tuple]:
        """The moves player ``p`` may make now (its survivors not in ``moved``), in a fixed order."""
        with self.game.host.reading():          # nothing changes while they are listed: the rules' answers are kept
            return self._move_options(p, moved, other_active)

    def _move_options(self, p: Player, moved: set[str], other_active: str | None) -> list[tuple]:
        s, h = self.game.state, self.game.host
        team = s.teams[p.id]
        out: list[tuple] = []
        for sid in p.survivors:
            if sid in moved or h.forbidden(sid, "move"):
                continue
            here = cast(str, s.survivors[sid].location)
            if sid in s.entrance and any(self.game.host.entrance_free(here, i) > 0
                                         for i in range(s.locations[here].entrances) if i != s.entrance[sid]):
                out.append(("move", sid, here))     # to another entrance of the enemy colony
            for lid, loc in s.locations.items():
                if lid == here or h.forbidden(sid, "move", here, lid):    # a rule about moves to or from a place
                    continue
                if lid == DEN and (team != WOLF or self.game.host.den_full()):
                    continue                      # only the Lone Wolf's survivors go to its den (Covil)
                if isinstance(loc, ColonyBoard):
                    if loc.team != team and self.entrance_room(lid) <= 0:
                        continue                  # the enemy colony: an empty entrance space is needed
                elif len(s.survivors_at(lid)) >= loc.survivor_spaces and not self.make_room_options(p, lid, other_active):
                    continue
                out.append(("move", sid, lid))
        return out

    def make_room_options(self, p: Player, lid: str, other_active: str | None) -> list[tuple]:
        """At a full location: send a friendly survivor home, or pay 1 bullet (2 if it has a weapon
        equipped) to send home an enemy survivor who is not the other active player's (seed 000, Andar
        para um local cheio)."""
        s, h = self.game.state, self.game.host
        team = s.teams[p.id]
        out: list[tuple] = []
        if team == WOLF:       # the Lone Wolf spends an action die to send any survivor there home (Lobo Solitário)
            return [("home", v.id, "die") for v in s.survivors_at(lid)] if p.unused else []
        for v in s.survivors_at(lid):
            if h.team_of(v.id) == team:
                out.append(("home", v.id, 0))
            elif v.controller != other_active:
                cost = 2 if h.attr(v.id, "armed") else 1
                if s.bullets[team] >= cost:
                    out.append(("home", v.id, cost))
        return out

    def movement_requests(self, p: Player) -> list[tuple]:
        """A request for cards, allowed at any moment of the movement step (seed 000, Andar com
        sobreviventes, Nota), once in the turn, to the players of the player's own colony."""
        if p.id in self.game.requested or not any(o.hand for o in self.game.asked_in_request(p) if o is not p):
            return []
        return [("request",)]

    def step_movement(self, active: dict[str, str]) -> Gen:
        """The two active players (one per colony) move survivors in turn, the lower-morale colony's first
        (seed 000, Andar com sobreviventes): ``movement``."""
        first = self.game.first_by_morale(lower=True)
        order = [first, other(first)]
        yield from self.movement([self.game.state.player(active[t]) for t in order],
                                 {active[t]: active[other(t)] for t in order})

    def movement(self, movers: list[Player], other_active: dict[str, str | None]) -> Gen:
        """The movement prompt, for a pair of simultaneous turns and for the Lone Wolf's turn alike: the
        ``movers`` choose in turn, each time 1 survivor, a request, or pass; a player who passed moves no
        more; no survivor moves twice in the step (seed 000, Andar com sobreviventes; p. 14, Regras do Lobo
        Solitário: the Lone Wolf moves alone, 1 survivor at a time until it passes). ``other_active``: the
        other active player of each mover's pair, whose survivors cannot be sent home (None: the Lone Wolf's)."""
        s = self.game.state
        passed: set[str] = set()
        moved: set[str] = set()
        while len(passed) < len(movers) and not s.over:
            for p in movers:
                if p.id in passed or s.over:
                    continue
                if (yield from self.movement_choice(p, moved, other_active[p.id])):
                    passed.add(p.id)

    def movement_choice(self, p: Player, moved: set[str], other_active: str | None) -> Gen:
        """One choice of the movement step, and what follows it; whether the player passed. A request for
        cards may be made at any moment of the step (Nota). A move rolls for exposure (survivors sent home do
        not); into a full location a survivor there is sent home first (``make_room``); to the enemy colony
        the player picks an empty entrance space, and a survivor there may move to another of its entrances,
        rolling for exposure too (Nota). A Lone Wolf's move may complete its missions."""
        s = self.game.state
        options = self.move_options(p, moved, other_active) + self.movement_requests(p)
        choice = yield Decision(OPTION, p.id, tuple(options) + (("pass",),), prompt="movement")
        if choice == ("request",):
            self.game.log.add("action", {"player": p.id, "action": ["request"]}, {})
            yield from self.game.request(p)
            yield from self.game.settle()
            return False
        if choice == ("pass",):
            self.game.log.add("movement_pass", {"player": p.id}, {})
            return True
        _, sid, to = choice
        moved.add(sid)
        loc = s.locations[to]
        if not isinstance(loc, ColonyBoard) and len(s.survivors_at(to)) >= loc.survivor_spaces:
            room = self.make_room_options(p, to, other_active)
            _, out, cost = yield Decision(OPTION, p.id, tuple(room), prompt="make room")
            yield from self.make_room(p, out, cost)
        if isinstance(loc, ColonyBoard) and loc.team != s.teams[p.id]:
            free = tuple(i + 1 for i in range(loc.entrances)
                         if self.game.host.entrance_free(to, i) > 0 and i != self.standing_at(sid, to))
            gate = yield Decision(OPTION, p.id, free, prompt="entrance")    # any empty entrance space
            yield from self.game.move(p, sid, to, exposure=True, entrance=gate - 1)
        else:
            yield from self.game.move(p, sid, to, exposure=True)
        if self.game.lone_wolf and s.teams[p.id] == WOLF:
            self.game.lone_wolf.complete_missions(p)
        return False

    def make_room(self, p: Player, out: str, cost: int | str) -> Gen:
        """Survivor ``out`` sent home from a full location: a colony pays ``cost`` bullets (0 for a friendly
        survivor); the Lone Wolf spends an action die (``LoneWolf.make_room``) (seed 000, Andar para um local
        cheio)."""
        if self.game.lone_wolf and self.game.state.teams[p.id] == WOLF:
            yield from self.game.lone_wolf.make_room(p, out)
            return
        self.game.state.bullets[self.game.state.teams[p.id]] -= cast(int, cost)
        self.game.host.send_home(out, {"by": p.id, "bullets": cost})
