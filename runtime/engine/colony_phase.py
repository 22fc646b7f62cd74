"""The Warring Colonies colony phase: bullets, zombies, the main objective checked for both colonies, the
round track and the colony leaders' election (seed 000, Fase da colônia); and the sides the base game's
food, waste and crisis steps read (``Game.step_pay_food``, ``step_check_waste``, ``step_resolve_crisis``,
written once for every game): each colony and the Lone Wolf's den, their boards, what they feed and the
joint crisis' number.

``ColonyPhase`` is a mixin of ``ColoniesGame`` (engine/colonies.py); colony warfare, the phase's second
step, is ``ColonyWarfare`` (engine/colony_warfare.py). Each step is a generator like the base game's.
"""
from __future__ import annotations

import math
from typing import cast

from ..decisions import TARGETS, Decision
from .colony_table import COLONIES, HOMES, TEAMS, WOLF, other
from .common import Gen
from .parts import ColoniesParts
from .state import Player


class ColonyPhase(ColoniesParts):
    """The colony phase steps of Warring Colonies, read per colony (and for the Lone Wolf's den)."""

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

    # ---- the main objective (seed 000, Verificar objetivo principal) ----------------------------------
    def goal_met(self, team: str, event: dict | None = None) -> bool:
        """Whether a colony completes a goal of the main objective; with ``event``, the goals that
        happen on that event (its actor, place and condition checked from the colony's side)."""
        s = self.state
        if not s.objective:
            return False
        if s.colony_morale[team] <= self.wc["morale_track"][0]:
            # a colony at 0 morale has lost and plays on only until the objective check (seed 000, line 688:
            # 'perdem, mas continuam jogando'): it completes no goal, by a warfare won or otherwise
            return False
        d = self.host.card_def(s.objective)
        env = {"player": s.leaders[team], "card": d["id"]}
        for goal in d.get("goals", []):
            when = goal.get("when")
            if when is None and goal.get("if") is None:
                continue
            if when is not None:
                if event is None or self.match(when["tree"], event, env) is None:
                    continue
            elif event is not None:
                continue
            if goal.get("if") is None or self.holds(goal["if"]["tree"], env):
                return True
        return False

    def complete(self, team: str) -> None:
        """A colony ("a", "b", or "both" at once) completed the main objective, and the game ends."""
        s = self.state
        s.winner = team
        self.log.add("objective_completed", {"colony": team}, {})
        self.host.end("objective", {})

    # ---- colony phase steps built so far (seed 000, Fase da colônia) -----------------------------------
    def step_add_zombies(self) -> Gen:
        """Step 6: zombies arrive as in the base game (1 per 2 survivors at a colony, rounded up; 1 per
        survivor elsewhere; then the noise rolls), and enemy survivors at a colony's entrances count for
        its zombies (seed 000, Aparecimento de zumbis; seed 004, 4. Add Zombies).

        Every location's zombies are counted from the survivors there when the step begins: a survivor that a
        zombie at a held entrance sends home brought its share to the enemy colony and brings none to its own.
        While survivors stand at a colony's entrances, a die decides which colony's zombies come first (odd:
        colony A): one sent home from the first may be overrun at its own colony, one sent home from the
        second comes back when its colony's zombies are in. The rulebook gives the two colonies no order."""
        s, h, z = self.state, self.host, self.rules["zombies"]
        first = self.colony_die("zombies_order_roll") if s.entrance else TEAMS[0]
        order = [COLONIES[first], COLONIES[other(first)]] + [l for l in s.locations if l not in HOMES.values()]
        here = {lid: len(s.survivors_at(lid)) for lid in order}                # never the den
        for lid in order:
            if lid in COLONIES.values():
                n = math.ceil((here[lid] + s.locations[lid].helpless) / z["colony_per_survivors"])
            else:
                n = here[lid] * z["location_per_survivor"]
            if n:
                self.log.add("zombies_arrive", {"location": lid, "count": n}, {})
                for i in range(n):
                    e = i % s.locations[lid].entrances
                    tied = h.held_tied(lid, e) if lid in COLONIES.values() and s.entrance else []
                    if len(tied) > 1:             # which of the tied survivors: their colony leader's choice
                        h.held_victim = (yield Decision(TARGETS, cast(str, h.held_chooser(tied)), tuple(tied), 1, 1,
                                                        prompt="zombie wounds"))[0]
                    h.add_zombie(lid, {"rule": "add zombies"}, entrance=e)
        self.roll_noise(order)
        yield from self.settle()

    def step_add_bullets(self) -> Gen:
        """Step 5: 2 bullet tokens into each colony's supply (seed 000, Acrescentar 2 fichas de munição)."""
        for team in TEAMS:
            self.state.bullets[team] += self.wc["bullets_per_round"]
        self.log.add("bullets_added", {"bullets": dict(self.state.bullets)}, {})
        return
        yield

    def step_check_main_objective(self) -> Gen:
        """Step 7: both colonies check the objective together; if at least one completed it the game ends.
        A colony at 0 morale has lost but plays on until this step, where the game ends (seed 000,
        Verificar objetivo principal; Condições de vitória e derrota)."""
        s = self.state
        met = [t for t in TEAMS if self.goal_met(t)]
        if met:
            self.complete(met[0] if len(met) == 1 else "both")
            return
        low = self.wc["morale_track"][0]
        lost = [t for t in TEAMS if s.colony_morale[t] <= low]
        if lost:
            self.log.add("colonies_lost", {"colonies": lost}, {})
            self.host.end("morale", {})
        return
        yield

    # ---- the round track (Game.step_move_round_tracker plays it) ----------------------------------------
    def table_reader(self) -> str:
        """The round track at 0 is read from colony A's leader (the colonies check its goal together)."""
        return self.state.leaders["a"]

    def complete_at_track_zero(self) -> bool:
        """At 0 the objective's round-track goal is checked by both colonies (seed 000, Atualizar os
        marcadores; Divide and Conquer): ``check_round_track_zero``."""
        return self.check_round_track_zero() is not None

    def step_elect_colony_leader(self) -> Gen:
        """Step 9: in each colony every player points at another player of the colony (never at themselves,
        no abstaining); the most votes leads next round, and on a tie the current leader decides among the
        tied (seed 000, Eleger líderes das colônias). A vote counts by the player's vote weight
        (Honiahaka); a colony of one player keeps its leader."""
        s, h = self.state, self.host
        for team in TEAMS:
            members = [p.id for p in s.team_players(team)]
            if len(members) < 2:
                continue
            votes: dict[str, int] = {m: 0 for m in members}
            for voter in members:
                others = tuple(m for m in members if m != voter)
                pick = (yield Decision(TARGETS, voter, others, 1, 1, prompt="colony leader vote"))[0]
                votes[pick] += h.stat(voter, "vote_weight", 1)
            best = max(votes.values())
            tied = tuple(m for m in members if votes[m] == best)
            if len(tied) == 1:
                chosen = tied[0]
            else:
                chosen = (yield Decision(TARGETS, s.leaders[team], tied, 1, 1, prompt="break the leader tie"))[0]
            self.log.add("colony_leader", {"colony": team, "votes": votes, "leader": chosen}, {})
            s.leaders[team] = chosen

    def check_round_track_zero(self) -> str | None:
        """Both colonies check at the same time; a goal met by both (or neither) completes nothing."""
        event = {"kind": "round_track_zero"}
        met = [t for t in TEAMS if self.goal_met(t, event)]
        if len(met) == 1:
            self.complete(met[0])
            return met[0]
        return None
