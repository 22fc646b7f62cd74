"""The Warring Colonies colony phase: bullets, zombies, the main objective checked for both colonies, the
round track's goal and the colony leaders' election (seed 000, Fase da colônia).

``ColonyPhase`` is a part of ``ColoniesGame`` (``game.colony_phase``): the game holds it and the round's
step table calls its steps (``ColoniesGame.step_method``); it reads and changes the game's table through
``game``. Colony warfare, the phase's second step, is the part ``ColonyWarfare`` (engine/colony_warfare.py).
The sides the base game's food, waste and crisis steps read (``Game.step_pay_food``, ``step_check_waste``,
``step_resolve_crisis``, written once for every game) are the game's own (``ColoniesGame.colony_phase_sides``
and the methods beside it). Each step is a generator like the base game's.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

from ..decisions import TARGETS, Decision
from .colony_table import COLONIES, HOMES, TEAMS, other
from .common import Gen

if TYPE_CHECKING:  # pragma: no cover
    from .colonies import ColoniesGame


class ColonyPhase:
    """The colony phase steps of Warring Colonies and the main objective, read per colony: a part of one
    Warring Colonies game (``game``)."""

    def __init__(self, game: ColoniesGame):
        self.game = game

    # ---- the main objective (seed 000, Verificar objetivo principal) ----------------------------------
    def goal_met(self, team: str, event: dict | None = None) -> bool:
        """Whether a colony completes a goal of the main objective; with ``event``, the goals that
        happen on that event (its actor, place and condition checked from the colony's side)."""
        s = self.game.state
        if not s.objective:
            return False
        if s.colony_morale[team] <= self.game.wc["morale_track"][0]:
            # a colony at 0 morale has lost and plays on only until the objective check (seed 000, line 688:
            # 'perdem, mas continuam jogando'): it completes no goal, by a warfare won or otherwise
            return False
        d = self.game.host.card_def(s.objective)
        env = {"player": s.leaders[team], "card": d["id"]}
        for goal in d.get("goals", []):
            when = goal.get("when")
            if when is None and goal.get("if") is None:
                continue
            if when is not None:
                if event is None or self.game.match(when["tree"], event, env) is None:
                    continue
            elif event is not None:
                continue
            if goal.get("if") is None or self.game.holds(goal["if"]["tree"], env):
                return True
        return False

    def complete(self, team: str) -> None:
        """A colony ("a", "b", or "both" at once) completed the main objective, and the game ends."""
        s = self.game.state
        s.winner = team
        self.game.log.add("objective_completed", {"colony": team}, {})
        self.game.host.end("objective", {})

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
        s, h, z = self.game.state, self.game.host, self.game.rules["zombies"]
        first = self.game.colony_die("zombies_order_roll") if s.entrance else TEAMS[0]
        order = [COLONIES[first], COLONIES[other(first)]] + [l for l in s.locations if l not in HOMES.values()]
        here = {lid: len(s.survivors_at(lid)) for lid in order}                # never the den
        for lid in order:
            if lid in COLONIES.values():
                n = math.ceil((here[lid] + s.locations[lid].helpless) / z["colony_per_survivors"])
            else:
                n = here[lid] * z["location_per_survivor"]
            if n:
                self.game.log.add("zombies_arrive", {"location": lid, "count": n}, {})
                for i in range(n):
                    e = i % s.locations[lid].entrances
                    tied = h.held_tied(lid, e) if lid in COLONIES.values() and s.entrance else []
                    if len(tied) > 1:             # which of the tied survivors: their colony leader's choice
                        h.held_victim = (yield Decision(TARGETS, cast(str, h.held_chooser(tied)), tuple(tied), 1, 1,
                                                        prompt="zombie wounds"))[0]
                    h.add_zombie(lid, {"rule": "add zombies"}, entrance=e)
        self.game.roll_noise(order)
        yield from self.game.settle()

    def step_add_bullets(self) -> Gen:
        """Step 5: 2 bullet tokens into each colony's supply (seed 000, Acrescentar 2 fichas de munição)."""
        for team in TEAMS:
            self.game.state.bullets[team] += self.game.wc["bullets_per_round"]
        self.game.log.add("bullets_added", {"bullets": dict(self.game.state.bullets)}, {})
        return
        yield

    def step_check_main_objective(self) -> Gen:
        """Step 7: both colonies check the objective together; if at least one completed it the game ends.
        A colony at 0 morale has lost but plays on until this step, where the game ends (seed 000,
        Verificar objetivo principal; Condições de vitória e derrota)."""
        s = self.game.state
        met = [t for t in TEAMS if self.goal_met(t)]
        if met:
            self.complete(met[0] if len(met) == 1 else "both")
            return
        low = self.game.wc["morale_track"][0]
        lost = [t for t in TEAMS if s.colony_morale[t] <= low]
        if lost:
            self.game.log.add("colonies_lost", {"colonies": lost}, {})
            self.game.host.end("morale", {})
        return
        yield

    def step_elect_colony_leader(self) -> Gen:
        """Step 9: in each colony every player points at another player of the colony (never at themselves,
        no abstaining); the most votes leads next round, and on a tie the current leader decides among the
        tied (seed 000, Eleger líderes das colônias). A vote counts by the player's vote weight
        (Honiahaka); a colony of one player keeps its leader."""
        s, h = self.game.state, self.game.host
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
            self.game.log.add("colony_leader", {"colony": team, "votes": votes, "leader": chosen}, {})
            s.leaders[team] = chosen

    def check_round_track_zero(self) -> str | None:
        """Both colonies check at the same time; a goal met by both (or neither) completes nothing."""
        event = {"kind": "round_track_zero"}
        met = [t for t in TEAMS if self.goal_met(t, event)]
        if len(met) == 1:
            self.complete(met[0])
            return met[0]
        return None
