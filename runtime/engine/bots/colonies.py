"""The heuristic bot of a Warring Colonies seat: the colonies bot's answers, made careful with exposure.

Most colony morale in bot games goes to exposure rolls: every attack and every move rolls the die, and a
third of its faces wound, freeze or bite. This bot holds its colony with barricades (no roll) and attacks
only when an entrance is about to be overrun, with weapons that skip the roll first; it sends survivors to
the town only when they are unhurt, two staying to hold a tight colony, and keeps the colonies bot's tactics, bids and
raids. In the town it counts the zombies the next colony phase brings (an overrun kills for certain): no
survivor goes where one more would be overrun or where the enemy's survivors would be as strong or
stronger, and one there comes home, kills or barricades before the colony phase. It reads only the public
table and its own hand, like the colonies bot.

It plays for its colony's win (seed 000, Divide and Conquer): a colony warfare won at the enemy colony
ends the game at once, so it raids while the strength its colony would show there (survivors, weapons,
bullets) can still beat the defenders' on the public table once the combat dice are rolled, and it brings
a survivor home when the enemy's raiders there would beat its defenders; in a combat at either colony it
plays ALL IN and bids every bullet (the game hangs on it); in the last round it spreads to the town
locations it can control.
"""
from __future__ import annotations

import math
from typing import cast

from ..colony_bot import ColoniesBot
from ..colony_table import COLONIES, DEN, ColonyBoard, other
from .base import SAFE_ATTACK, overflow, slug


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
            needed = g.crisis_target()
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

    def town_overruns(self, lid: str, extra: int = 0, noise: int = 0) -> int:
        """Overruns expected at a town location at the next zombie step: 1 zombie per survivor there (``extra``
        more counted as come), half its noise tokens (a die of 3 or lower each; ``noise`` more counted), against
        each entrance's room (its spaces less zombies, plus 1 per barricade, which a zombie destroys instead of
        overrunning); arrivals go to entrance 1, 2 … in turn, noise to the first (seed 004, 4. Add Zombies).
        Every survivor there, of either colony, counts: an overrun kills the lowest influence first."""
        s, z = self.game.state, self.game.rules["zombies"]
        loc = s.locations[lid]
        arriving = (len(s.survivors_at(lid)) + extra) * z["location_per_survivor"]
        return overflow(loc, arriving, at_first=(loc.noise + noise + 1) // 2)

    def in_town(self, lid: str) -> bool:
        """A town location: neither colony nor the Lone Wolf's den."""
        return not self.game.state.locations[lid].colony and lid != DEN

    def in_danger(self, sid: str) -> bool:
        """A survivor of ours at a town location that looks like being overrun at the next zombie step."""
        lid = cast(str, self.game.state.survivors[sid].location)
        return self.in_town(lid) and self.town_overruns(lid) > 0

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
                if not home and self.in_danger(v.id):
                    return 72
                return (75 if tight else 45) if home else (40 if tight else 10)
            if v.wounds >= 2:
                return -1
            safe = self.safe_attack(v.id)
            if not home and self.in_danger(v.id):           # a kill there makes the room an overrun would take
                return 70 if safe else 58
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
        """A healthy survivor from home to the enemy colony while the combat there can still be won (the dice
        can close the raiders' gap: ``win_chance`` above 0) or it stands undefended (1 morale per raider), and
        home keeps a survivor and beats any raiders of the enemy's there. A win there wins the game, and a
        colony that waits for better odds mostly sees a colony's morale reach 0 first: measured against
        raiding only at a chance of 1 in 3 (equal strength) or better, and 1 in 5, raiding whenever the combat
        can be won won more games for the colony that did it (benchmarks/README.md)."""
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
        if not defended:
            return pick
        return pick if self.win_chance(self.shown(enemy, team, (pick[1],)) - defended) > 0 else None

    def win_chance(self, lead: int) -> float:
        """The chance that a side ahead by ``lead`` (survivors, weapons and bullets; behind if negative) wins a
        combat once each colony's combat die is rolled: a plus face adds its value, the others add nothing to
        the strength (the ruleset's combat die, public: its stand-in faces while the published ones are not
        known); equal totals win for nobody (seed 000, Combate entre as colônias, 4)."""
        faces = self.game.wc["stand_ins"]["combat_die"]
        adds = [f["value"] if f["face"] == "plus" else 0 for f in faces]
        return sum(1 for mine in adds for theirs in adds if lead + mine > theirs) / len(adds) ** 2

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
        self.colony_seat(d.player)
        if self.game is not None and d.prompt in ("tactic", "bullet bid") and self.combat_site() in COLONIES.values():
            if d.prompt == "bullet bid":
                return d.max                            # the game hangs on a combat at a colony: every bullet
            named = {self.game.warfare.card_name(c): c for c in d.choices}
            return (named.get("ALL IN") or d.choices[0],)
        if self.game is not None and d.prompt == "make noise":
            return self.make_noise()
        if self.game is not None and d.prompt == "movement":
            s = self.game.state
            team = s.teams.get(d.player)
            if team in COLONIES:
                at_home = [sid for sid in s.player(d.player).survivors if s.survivors[sid].location == COLONIES[team]]
                aimed = self.defend_move(d) or self.raid_move(d, at_home)
                if aimed is not None:
                    return aimed
            move = self.rescue_move(d) or self.control_move(d)
            if move is not None:
                return move
            healthy = [c for c in d.choices if c[0] != "move" or (s.survivors[c[1]].wounds == 0 and self.room_at(c[2])
                                                                   and self.outmatched(c) is False)]
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

    def room_at(self, lid: str) -> bool:
        """Whether one more survivor fits at ``lid`` without an overrun expected there (a colony always does:
        its own zombies are held with barricades and kills)."""
        return not self.in_town(lid) or self.town_overruns(lid, extra=1) == 0

    def rescue_move(self, d) -> tuple | None:
        """One of this player's survivors home from a town location that looks like being overrun, the least
        influential first (the overrun's victim)."""
        s = self.game.state
        team = s.teams.get(d.player)
        home = COLONIES.get(cast(str, team)) or DEN
        back = [c for c in d.choices if c[0] == "move" and c[2] == home and self.in_danger(c[1])]
        return min(back, key=lambda c: (s.survivors[c[1]].influence, c[1])) if back else None

    def outmatched(self, move: tuple) -> bool:
        """Whether a survivor moved to a town location would stand there weaker than the enemy's survivors
        (a colony warfare there wounds the weaker side's survivors); never at a colony, whose fights the raid
        and defence moves weigh."""
        s = self.game.state
        team = cast(str, s.teams.get(cast(str, s.survivors[move[1]].controller)))
        if s.locations[move[2]].colony or team not in COLONIES:
            return False
        threat = self.enemy_strength(move[2], team)
        return bool(threat) and self.shown(move[2], team, (move[1],)) <= threat

    def make_noise(self) -> bool:
        """Noise for one more card only where it brings no overrun in sight (the searcher's location: the last
        search in the public log)."""
        g = self.game
        line = next((x for x in reversed(g.log.lines) if x["event"] == "action" and x["params"]["action"][0] == "search"), None)
        if line is None:
            return False
        lid = g.state.survivors[line["params"]["action"][1]].location
        return lid is not None and self.in_town(lid) and self.town_overruns(lid, noise=1) == 0

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
                and c[2] != DEN and s.locations[c[2]].deck and self.serves(c[2], lacking) and self.room_at(c[2])]
        return max(fits, key=lambda c: (self.serves(c[2], lacking), -s.survivors[c[1]].search, c)) if fits else None
