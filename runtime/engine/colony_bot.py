"""The Warring Colonies bot: the base bot's table-reading choices, read with two colonies."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..decisions import SeatError
from .colony_table import COLONIES, WOLF, other
from .basebot import BaseBot

if TYPE_CHECKING:  # pragma: no cover
    from .colonies import ColoniesGame


class ColoniesBot(BaseBot):
    """A modest bot for the Warring Colonies rounds built so far: the base bot's actions read with two
    colonies, ALL IN most of the time, moderate bullet bids, wounds spread thin, and survivors sent out to
    the town while at least one stays home (no lookahead, nothing hidden read)."""

    plays: tuple[str, ...] = ("warring-colonies",)

    game: ColoniesGame

    def colony_seat(self, player: str) -> None:
        """Refuse the Lone Wolf's seat: this bot plays a colony's."""
        if self.game is not None and self.game.state.teams.get(player) == WOLF:
            raise SeatError(f"{type(self).__name__} plays a colony's seat, not the Lone Wolf's ({player}): the Lone "
                            "Wolf's seat is played by LoneWolfBot (or RandomAgent, HeuristicAgent)")

    def score(self, act: tuple) -> int:
        g = self.game
        s = g.state
        kind = act[0]
        if kind in ("attack", "barricade"):
            v = s.survivors[act[1]]
            home = v.location == COLONIES[s.teams[cast(str, v.controller)]]
            if kind == "attack":            # each attack rolls for exposure: only when the entrances fill up
                if v.wounds >= 2:               # a third wound kills
                    return -1
                loc = s.locations[cast(str, v.location)]
                tight = any(z + b >= loc.entrance_spaces - 1 for z, b in zip(loc.zombies, loc.barricades))
                return (70 if tight else 20) if home else 40
            return 50 if home else 10
        if kind == "clean_waste":
            return 35
        if kind == "food":
            return 0
        if kind == "play" and s.crisis:               # a food card the joint crisis asks for goes there first
            prevent = set(g.host.card_def(s.crisis).get("prevent") or [])
            needed = g.crisis_target()
            if g.host.card_def(act[1]).get("item_type") in prevent and len(s.crisis_added) < needed:
                return 0
        return super().score(act)

    def answer(self, d):
        g = self.game
        if g is None:
            return super().answer(d)
        s = g.state
        self.colony_seat(d.player)
        rng = self.random.rng
        if d.prompt == "tactic":
            named = {g.warfare.card_name(c): c for c in d.choices}
            pick = named.get("ALL IN") if rng.random() < 0.7 else named.get("ON GUARD")
            return (pick or d.choices[0],)
        if d.prompt == "bullet bid":
            return min(d.max, rng.randint(0, 2))
        if d.prompt in ("combat wound", "zombie wounds"):     # the least wounded takes it
            return (min(d.choices, key=lambda sid: (s.survivors[sid].wounds, sid)),)
        if d.prompt == "combat die target":
            return (max(d.choices, key=lambda sid: (s.survivors[sid].wounds, sid)),)
        if d.prompt == "make room":
            return min(d.choices, key=lambda c: c[2])
        if d.prompt == "movement":
            team = s.teams[d.player]
            home, enemy = COLONIES[team], COLONIES[other(team)]
            at_home = [sid for sid in s.player(d.player).survivors if s.survivors[sid].location == home]
            # a raid: a healthy survivor joins the colony's raiders at the enemy colony when they would outnumber
            # its defenders (a win there ends the game; the undefended colony loses morale)
            raiders = sum(1 for v in s.survivors_at(enemy) if s.teams.get(v.controller) == team)
            defenders = sum(1 for v in s.survivors_at(enemy) if s.teams.get(v.controller) == other(team))
            raid = [c for c in d.choices if c[0] == "move" and c[2] == enemy and c[1] in at_home
                    and len(at_home) > 1 and s.survivors[c[1]].wounds == 0]
            if raid and raiders + 1 > defenders and rng.random() < 0.3:
                return min(raid, key=lambda c: (-s.survivors[c[1]].influence, c[1]))
            outward = [c for c in d.choices if c[0] == "move" and c[1] in at_home and len(at_home) > 1
                       and not s.locations[c[2]].colony]
            if outward and rng.random() < 0.6:
                return rng.choice(outward)
            return ("pass",)
        return super().answer(d)
