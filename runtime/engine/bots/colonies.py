"""The heuristic bot of a Warring Colonies seat: the colonies bot's answers, made careful with exposure.

Most colony morale in bot games goes to exposure rolls: every attack and every move rolls the die, and a
third of its faces wound, freeze or bite. This bot holds its colony with barricades (no roll) and attacks
only when an entrance is about to be overrun, with weapons that skip the roll first; it sends survivors to
the town only when they are unhurt, two staying to hold a tight colony, and keeps the colonies bot's tactics, bids and
raids. It reads only the public table and its own hand, like the colonies bot.

It plays for its colony's win (seed 000, Divide and Conquer): a colony warfare won at the enemy colony
ends the game at once, so it raids when the strength its colony would show there (survivors, weapons,
bullets, ALL IN) beats the defenders' on the public table, and it brings a survivor home when the
enemy's raiders there would beat its defenders; in a combat at either colony it plays ALL IN and bids
every bullet (the game hangs on it); in the last round it spreads to the town locations it can control.
"""
from __future__ import annotations

import math
from typing import cast

from ..colony_bot import ColoniesBot
from ..colony_table import COLONIES, DEN, TEAMS, ColonyBoard, other
from .base import SAFE_ATTACK, slug

RAID_MARGIN = 2      # strength over the defenders' before a raid: the two combat dice differ by 0 to 2 most often


class ColoniesHeuristicBot(ColoniesBot):
    """A Warring Colonies seat that avoids needless exposure rolls (see the module's docstring)."""

    # ---- what the colony lacks (public: the crisis, the cards on it, the food supply; and its own hand) ----
    def needs(self, player: str) -> set[str]:
        """The item kinds this player's colony lacks now: the joint crisis' kind while the cards on it and in
        this hand fall short of the stand-in target (a failed crisis costs both colonies morale), and food
        while the colony's supply cannot pay its next colony phase (starvation costs more each time)."""
        g = self.game
        s = g.state
        team = s.teams.get(player)
        out: set[str] = set()
        hand = [g.host.card_def(c).get("item_type") for c in s.player(player).hand]
        if s.crisis:
            prevent = set(g.host.card_def(s.crisis).get("prevent") or [])
            needed = sum(1 for p in s.players if s.teams.get(p.id) in TEAMS) * g.wc["stand_ins"]["crisis_needed_per_player"]
            if len(s.crisis_added) + sum(1 for t in hand if t in prevent) < needed:
                out |= prevent
        if team in COLONIES:
            home = COLONIES[team]
            own = len([v for v in s.survivors_at(home) if s.teams.get(cast(str, v.controller)) == team]) \
                + s.locations[home].helpless
            if s.colony_food.get(team, 0) + hand.count("food") < math.ceil(own / g.rules["food"]["survivors_per_food"]):
                out.add("food")
        return out

    def serves(self, lid: str, kinds: set[str]) -> int:
        """How many cards of ``kinds`` a location's deck was dealt, by the ruleset's stand-in deck for it
        (public set-up data, never the deck's order or what is left in it)."""
        g = self.game
        decks = g.rules["stand_ins"].get("location_decks") or {}
        themed = decks.get(slug(g.state.locations[lid].card)) or {}
        return sum(n for item, n in themed.items()
                   if g.defs.get(f"base.item.{item}", {}).get("item_type") in kinds) if kinds else 0

    def tight(self, lid: str) -> bool:
        """An entrance of ``lid`` is one zombie from full."""
        loc = self.game.state.locations[lid]
        return any(z + b >= loc.entrance_spaces - 1 for z, b in zip(loc.zombies, loc.barricades))

    def safe_attack(self, sid: str) -> bool:
        """Whether this survivor attacks without an exposure roll (a weapon or book that skips it)."""
        g = self.game
        return any(slug(g.host.card_def(c)["id"]) in SAFE_ATTACK for c in g.state.survivors[sid].equipped)

    def score(self, act: tuple) -> int:
        """An action's worth: barricades before attacks, attacks only at a tight entrance."""
        s = self.game.state
        kind = act[0]
        if kind in ("attack", "barricade") and (kind == "barricade" or act[2] == "zombie"):
            v = s.survivors[act[1]]
            home = v.location == COLONIES.get(s.teams.get(cast(str, v.controller), ""), "")
            tight = self.tight(cast(str, v.location))
            if kind == "barricade":
                return (75 if tight else 45) if home else (40 if tight else 10)
            if v.wounds >= 2:
                return -1
            safe = self.safe_attack(v.id)
            if tight:
                return 72 if safe else 55
            return 30 if safe else -1
        if kind == "move":
            return -1 if s.survivors[act[1]].wounds else super().score(act)
        if kind == "search":                          # where the deck holds what the colony lacks, first
            v = s.survivors[act[1]]
            lacking = self.needs(cast(str, v.controller))           # a survivor in play has a controller
            return 64 + min(self.serves(cast(str, v.location), lacking), 8) if lacking else super().score(act)
        return super().score(act)

    def control_move(self, d) -> tuple | None:
        """The main objective's count (Divide and Conquer: more controlled town locations when the round
        track reaches 0): in the last round, a healthy survivor from home to a town location where one more
        of ours wins control or breaks the enemy's (a tie controls nothing); one survivor stays home."""
        g = self.game
        s = g.state
        team = s.teams.get(d.player)
        if team not in COLONIES or s.round > 1 or "divide-and-conquer" not in s.cards.get(s.objective, ""):
            return None
        home = COLONIES[team]
        at_home = [sid for sid in s.player(d.player).survivors if s.survivors[sid].location == home]
        if len(at_home) < 2:
            return None

        def gain(c: tuple) -> int:
            loc = s.locations[c[2]]
            if isinstance(loc, ColonyBoard) or c[2] == DEN:
                return 0
            here = [s.teams.get(cast(str, v.controller)) for v in s.survivors_at(c[2])]
            gap = here.count(other(team)) - here.count(team)
            return 1 if gap in (0, 1) else 0
        fits = [c for c in d.choices if c[0] == "move" and c[1] in at_home and s.survivors[c[1]].wounds == 0
                and gain(c)]
        return min(fits, key=lambda c: (s.survivors[c[1]].influence, c)) if fits else None

    # ---- the fight for the enemy colony (a colony warfare won there completes Divide and Conquer) ----------
    def shown(self, lid: str, team: str, extra: tuple[str, ...] = ()) -> int:
        """The strength ``team`` shows at ``lid`` before tactics and dice, with its bullets (all public): +1 per
        survivor, +1 more with a weapon (seed 000, Combate entre as colônias, 2 and 3); ``extra`` survivors
        counted as there too."""
        g = self.game
        s, h, w = g.state, g.host, g.wc["warfare"]
        here = [v.id for v in s.survivors_at(lid) if h.team_of(v.id) == team] + list(extra)
        return sum(h.stat(sid, "combat_strength", w["per_survivor"]) + (w["per_armed_survivor"] if h.attr(sid, "armed") else 0)
                   for sid in here) + s.bullets[team] * w["bullet_strength"]

    def raid_move(self, d, at_home: list[str]) -> tuple | None:
        """A healthy survivor from home to the enemy colony when the raiders would outmatch its defenders by
        ``RAID_MARGIN`` (the dice add 1 to 3 to either side) or it stands undefended (1 morale per raider),
        while home keeps a survivor and beats any raiders of the enemy's there."""
        s = self.game.state
        team = s.teams[d.player]
        home, enemy = COLONIES[team], COLONIES[other(team)]
        raid = [c for c in d.choices if c[0] == "move" and c[2] == enemy and c[1] in at_home
                and s.survivors[c[1]].wounds == 0]
        if not raid or len(at_home) < 2:
            return None
        pick = min(raid, key=lambda c: (-self.strength_of(c[1]), c[1]))       # the strongest goes
        threat = self.enemy_strength(home, team)
        if threat and self.shown(home, team) - self.strength_of(pick[1]) <= threat:
            return None                                 # home would fall to the raiders there
        defended = self.enemy_strength(enemy, team)
        return pick if not defended or self.shown(enemy, team, (pick[1],)) >= defended + RAID_MARGIN else None

    def strength_of(self, sid: str) -> int:
        """One survivor's part of its colony's strength (1, 2 with a weapon)."""
        g = self.game
        w = g.wc["warfare"]
        return g.host.stat(sid, "combat_strength", w["per_survivor"]) + (w["per_armed_survivor"] if g.host.attr(sid, "armed") else 0)

    def enemy_strength(self, lid: str, team: str) -> int:
        """What the enemy colony shows at ``lid`` (0 with none of its survivors there)."""
        s, h = self.game.state, self.game.host
        if not any(h.team_of(v.id) == other(team) for v in s.survivors_at(lid)):
            return 0
        return self.shown(lid, other(team))

    def defend_move(self, d) -> tuple | None:
        """A healthy survivor from the town back home while the enemy's raiders there would match or beat the
        colony's defenders (a combat they win at our colony ends the game with their win)."""
        s = self.game.state
        team = s.teams[d.player]
        home = COLONIES[team]
        threat = self.enemy_strength(home, team)
        if not threat or self.shown(home, team) > threat:
            return None
        back = [c for c in d.choices if c[0] == "move" and c[2] == home and s.survivors[c[1]].wounds < 2]
        return max(back, key=lambda c: (self.strength_of(c[1]), -s.survivors[c[1]].wounds, c[1])) if back else None

    def combat_site(self) -> str | None:
        """The location of the combat being fought (the last warfare line of the public log)."""
        return next((line["params"]["location"] for line in reversed(self.game.log.lines)
                     if line["event"] in ("warfare", "warfare_start") and "location" in line["params"]), None)

    def answer(self, d):
        """The colonies bot's answer, with movement kept careful and aimed at the main objective."""
        if self.game is not None and d.prompt in ("tactic", "bullet bid") and self.combat_site() in COLONIES.values():
            if d.prompt == "bullet bid":
                return d.max                            # the game hangs on a combat at a colony: every bullet
            named = {self.game._card_name(c): c for c in d.choices}
            return (named.get("ALL IN") or d.choices[0],)
        if self.game is not None and d.prompt == "movement":
            s = self.game.state
            team = s.teams.get(d.player)
            if team in COLONIES:
                at_home = [sid for sid in s.player(d.player).survivors if s.survivors[sid].location == COLONIES[team]]
                aimed = self.defend_move(d) or self.raid_move(d, at_home)
                if aimed is not None:
                    return aimed
            move = self.control_move(d)
            if move is not None:
                return move
            healthy = [c for c in d.choices if c[0] != "move" or s.survivors[c[1]].wounds == 0]
            team = s.teams.get(d.player)
            home = COLONIES.get(team)
            at_home = [sid for sid in s.player(d.player).survivors if s.survivors[sid].location == home]
            aimed = self.supply_move(d.player, healthy, at_home)
            if aimed is not None:
                return aimed
            if home and self.tight(home) and len(at_home) <= 2:
                return ("pass",) if ("pass",) in d.choices else d.choices[0]   # two hold a tight colony
            if len(healthy) < len(d.choices):
                d = type(d)(d.kind, d.player, tuple(healthy), d.min, d.max, d.prompt, d.src)
        return super().answer(d)

    def supply_move(self, player: str, choices: list, at_home: list[str]) -> tuple | None:
        """A healthy survivor from home to the town location whose stand-in deck holds most of what the colony
        lacks, when no survivor of this player is out searching already and at least two of the colony's
        survivors stay to hold it."""
        s = self.game.state
        lacking = self.needs(player)
        out = [sid for sid in s.player(player).survivors if not s.locations[cast(str, s.survivors[sid].location)].colony]
        team = s.teams.get(player)
        holding = len([v for v in s.survivors_at(COLONIES.get(cast(str, team), ""))
                       if s.teams.get(cast(str, v.controller)) == team])
        if not lacking or out or len(at_home) < 1 or holding < 3:
            return None
        fits = [c for c in choices if c[0] == "move" and c[1] in at_home and not s.locations[c[2]].colony
                and c[2] != DEN and s.locations[c[2]].deck and self.serves(c[2], lacking)]
        return max(fits, key=lambda c: (self.serves(c[2], lacking), -s.survivors[c[1]].search, c)) if fits else None
