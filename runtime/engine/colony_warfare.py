"""Colony warfare (seed 000, Combate entre as colônias): a part of ``ColoniesGame`` (``game.warfare``).

The game holds the part and the round's step table calls its step (``ColoniesGame.round_step``); the part
reads and changes the game's table through ``game`` (its state, host, log, dice and effects).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..decisions import AMOUNT, TARGETS, Decision
from .colony_table import COLONIES, TEAMS, other
from .common import Gen

if TYPE_CHECKING:  # pragma: no cover
    from .colonies import ColoniesGame


class ColonyWarfare:
    """Every combat of the warfare step in the rulebook's order, and the undefended colony after it: a part
    of one Warring Colonies game (``game``)."""

    def __init__(self, game: ColoniesGame):
        self.game = game
        #: an ON GUARD from both leaders read as ending every combat left this round (``readings``)
        self.stop_all = False

    # ---- colony warfare (seed 000, Combate entre as colônias) ----------------------------------
    def warfare_sites(self) -> list[str]:
        """Every location with survivors of both colonies, in the rulebook's order: the colony with the
        lower morale (a die on a tie), the other colony, then the other locations by number."""
        s, h = self.game.state, self.game.host
        contested = [lid for lid in s.locations
                     if {h.team_of(v.id) for v in s.survivors_at(lid)} >= set(TEAMS)]
        ma, mb = s.colony_morale["a"], s.colony_morale["b"]
        if ma == mb and all(COLONIES[t] in contested for t in TEAMS):   # the die only matters then
            first = self.game.colony_die("warfare_order_roll")
        else:
            first = "a" if ma < mb else "b"
        order = [COLONIES[first], COLONIES[other(first)]]
        numbered = self.game.wc["stand_ins"]["location_order"]
        order += sorted((l for l in s.locations if l not in order),
                        key=lambda l: (numbered.index(l) if l in numbered else len(numbered), l))
        return [l for l in order if l in contested]

    def step_colony_warfare(self) -> Gen:
        """Colony phase, step 2: a combat at each contested location in order; the last survivors lost
        are replaced afterwards; then an undefended colony loses morale (seed 000, Combate entre as
        colônias; Combate na colônia inimiga)."""
        s, h = self.game.state, self.game.host
        h.in_warfare, self.stop_all = True, False
        h.skipped = set()
        try:
            for lid in self.warfare_sites():
                if s.over or self.stop_all:
                    break
                yield from self.combat(lid)
        finally:
            h.in_warfare = False
            h.tactics_now, h.strength = {}, {}
            h.wolf_side = None
        for pid in h.deferred:
            p = s.player(pid)
            if not p.survivors:
                h.replace_last(p)
        h.deferred = []
        yield from self.game.settle()
        if not s.over:
            self.undefended()

    def undefended(self) -> None:
        """At least 1 enemy survivor and none of the colony's own at a colony: it loses 1 morale per enemy
        survivor there, even if a combat was fought there this round (seed 000, Combate na colônia inimiga)."""
        s, h = self.game.state, self.game.host
        for team in TEAMS:
            here = [h.team_of(v.id) for v in s.survivors_at(COLONIES[team])]
            enemies, friends = here.count(other(team)), here.count(team)
            if enemies and not friends:
                loss = enemies * self.game.wc["warfare"]["undefended_morale_per_enemy"]
                self.game.log.add("undefended_colony", {"colony": team, "enemies": enemies, "morale": -loss}, {})
                h.set_colony_morale(team, s.colony_morale[team] - loss, {"rule": "undefended colony"})

    def combat(self, lid: str) -> Gen:
        """One combat between the colonies at a location, in the rulebook's 4 steps."""
        s, h, w = self.game.state, self.game.host, self.game.wc["warfare"]
        src = {"rule": "colony warfare", "location": lid}
        start = {"kind": "warfare_start", "location": lid, "player": s.leaders["a"]}
        h.emit({**start, "moment": "before"})         # "before a colony warfare starts here" (Father Fitzpatrick)
        yield from self.game.settle()
        if lid not in h.skipped and not s.over:
            h.emit(start)                              # "when a colony warfare starts"
            yield from self.game.settle()
        if lid in h.skipped:
            self.game.log.add("warfare_skipped", {"location": lid}, {})
            return
        if self.game.lone_wolf:                      # the Lone Wolf flees or joins a side (colony_lonewolf.py)
            yield from self.game.lone_wolf.before_combat(lid)
        if s.over:                              # the game ended as the warfare started: nothing more happens
            return
        self.game.log.add("warfare", {"location": lid}, {})
        h.strength = {t: 0 for t in TEAMS}
        h.tactics_now, h.warfare_ended = {}, False
        # 1. each leader plays a tactic face down; both are revealed together, then resolved
        played = {}
        for team in TEAMS:
            leader = s.leaders[team]
            pick = (yield Decision(TARGETS, leader, tuple(s.tactics[team]), 1, 1, prompt="tactic"))[0]
            played[team] = pick
            self.game.log.add("tactic_chosen", {"colony": team, "card": s.cards[pick]}, {}, private_to=leader)
        for team in TEAMS:
            h.tactics_now[team] = self.card_name(played[team])
        self.game.log.add("tactics", {t: s.cards[played[t]] for t in TEAMS}, {})
        for team in TEAMS:
            d = h.card_def(played[team])
            yield from self.game.run_effect((d.get("effect") or {}).get("tree", []),
                                       {"player": s.leaders[team], "card": played[team]})
        if h.warfare_ended:
            self.game.log.add("warfare_ended", {"location": lid, "by": "tactics"}, {})
            if self.game.wc["readings"]["both_on_guard_ends"] == "all_combats":
                self.stop_all = True
            return
        # 2. +1 per friendly survivor here, +1 more for each with a weapon equipped (Marcus Johnson: 2);
        # the step's text says "1 ou mais cartas de equipadas", the rulebook's own example and seed 002 a weapon
        for v in s.survivors_at(lid):
            team = cast(str, h.side(v.id))
            if team not in h.strength:
                continue
            h.strength[team] += h.stat(v.id, "combat_strength", w["per_survivor"])
            if h.attr(v.id, "armed"):
                h.strength[team] += w["per_armed_survivor"]
        self.game.log.add("combat_survivors", {"strength": dict(h.strength)}, {})
        # 3. secret, simultaneous bullet bids; bid bullets are discarded, the rest go back
        bids = {}
        for team in TEAMS:
            bids[team] = yield Decision(AMOUNT, s.leaders[team], min=0, max=s.bullets[team], prompt="bullet bid")
        for team in TEAMS:
            s.bullets[team] -= bids[team]
            h.strength[team] += bids[team] * w["bullet_strength"]
        self.game.log.add("bullet_bids", {"bids": bids, "strength": dict(h.strength)}, {})
        # 4. each leader rolls a combat die (stand-in faces) and applies it at once
        die = self.game.wc["stand_ins"]["combat_die"]
        faces = {}
        for team in TEAMS:
            roll = self.game.rng.randint(1, len(die))
            faces[team] = die[roll - 1]
            self.game.log.add("combat_die", {"colony": team, "roll": roll, **faces[team], "stand_in": True}, {})
        for team in TEAMS:
            if faces[team]["face"] == "plus":
                h.strength[team] += faces[team]["value"]
        for team in TEAMS:
            if faces[team]["face"] == "target" and faces[team]["value"]:
                foes = tuple(v.id for v in s.survivors_at(lid) if h.side(v.id) == other(team))
                if foes:
                    victim = (yield Decision(TARGETS, s.leaders[team], foes, 1, 1, prompt="combat die target"))[0]
                    h.do_wound(victim, "wound", faces[team]["value"], src)
        yield from self.game.settle()
        zombies = sum(f["value"] for f in faces.values() if f["face"] == "biohazard")
        if zombies and not s.over:              # biohazard: zombies after the target wounds, entrance by entrance
            h.do_add_zombies(lid, zombies, src)
        yield from self.game.settle()
        diff = h.strength["a"] - h.strength["b"]
        self.game.log.add("combat_result", {"location": lid, "strength": dict(h.strength), "difference": abs(diff)}, {})
        if diff == 0 or s.over:
            return
        winner = "a" if diff > 0 else "b"
        loser = other(winner)
        # the loser's leader spreads wounds equal to the difference over their survivors here
        for _ in range(abs(diff)):
            mine = tuple(v.id for v in s.survivors_at(lid) if h.side(v.id) == loser)
            if not mine:
                break
            hurt = (yield Decision(TARGETS, s.leaders[loser], mine, 1, 1, prompt="combat wound"))[0]
            h.do_wound(hurt, "wound", 1, src)
        yield from self.game.settle()
        self.game.log.add("combat_won", {"location": lid, "colony": winner}, {})
        event = {"kind": "win_warfare", "player": s.leaders[winner], "location": lid}
        h.emit(event)
        yield from self.game.settle()
        if not s.over and self.game.colony_phase.goal_met(winner, event):
            self.game.colony_phase.complete(winner)

    def card_name(self, card: str) -> str:
        name = self.game.host.card_def(card).get("name")
        return cast(str, name.get("en") if isinstance(name, dict) else name)
