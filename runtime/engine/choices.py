"""The choices the rules give a player where the host acts at once: a mixin of ``Game``.

The host carries out a card's action synchronously (it never blocks), so where the rules let a
player choose how an action lands (which entrance a barricade goes to, which zombies at a
location die, which action die pays a cost, where an exiled player's new survivor stands, which
of the survivors tied on the lowest influence an overrun kills) the host does the action with a
provisional pick and queues the choice. The game asks it as soon as the statement of the effect that
made it is done (the interpreter's ``ask_now`` hook), or when the effect is over for a choice made
outside a statement, and applies the answer if the table has not changed since (nothing else landed
on those entrances or dice; if it has, the pick stands and ``decisions.picked_for_player`` reports
it); a choice with one possible answer is not asked. Turn actions ask before they act (the die that
pays one, the survivor who cleans the waste).
"""
from __future__ import annotations

from ..decisions import OPTION, TARGETS, Decision, picked_for_player
from .common import Gen
from .parts import GameParts
from .state import Player


class PlayerChoices(GameParts):
    """Decisions for the choices the rules leave to a player: entrances, zombies, dice, places, ties."""

    def run_effect(self, tree: list[dict], env: dict) -> Gen:
        """Run an effect (``EffectRules.run_effect``) with its player as the one the host's choices go to."""
        old, self.host.effect_player = self.host.effect_player, env.get("player")
        try:
            yield from super().run_effect(tree, env)
        finally:
            self.host.effect_player = old

    # ---- asked before the action ---------------------------------------------------------------
    def pick_entrance(self, player: str, entrances: list[int], prompt: str) -> Gen:
        """One of ``entrances`` (0-based), asked as entrance numbers from 1 when there is a choice."""
        if len(entrances) <= 1:
            return entrances[0] if entrances else None
        return (yield Decision(OPTION, player, tuple(i + 1 for i in entrances), prompt=prompt)) - 1

    def zombie_entrances(self, lid: str) -> list[int]:
        """The entrances of a location that hold a zombie, the fullest first."""
        return _fullest_first(self.state.locations[lid].zombies)

    def first_player_breaks(self, tied: list[str], prompt: str) -> Gen:
        """A tie between survivors the rules do not settle: the first player breaks it (seed 004, Voting:
        "all ties are broken by the first player")."""
        if len(tied) == 1:
            return tied[0]
        first = self.tie_breaker([self.state.survivors[sid].controller for sid in tied])
        return (yield Decision(TARGETS, first, tuple(tied), 1, 1, prompt=prompt))[0]

    def tie_breaker(self, players: list[str | None]) -> str:
        """The player who breaks a tie between things of ``players`` (survivors they control, effects of
        theirs): the first player (seed 004, Voting; Card Text)."""
        return self.state.players[self.state.first].id

    def lowest_influence(self, survivors: list) -> list[str]:
        """The survivors of ``survivors`` with the lowest influence (more than one on a tie)."""
        if not survivors:
            return []
        low = min(self.host.attr(v.id, "influence") for v in survivors)
        return sorted(v.id for v in survivors if self.host.attr(v.id, "influence") == low)

    def choose_binding(self, p: Player, bindings: list[dict]) -> Gen:
        """When a crossroads card's trigger was met more than once (more than one survivor met it, in the turns
        or in one action), the player it applies to decides which of them it applies to (seed 000, Resolver
        cartas de encruzilhada, Nota; seed 004, Resolving Crossroads cards: "the player the card applies to
        must then choose"). The choices are the bindings' survivors (or the bindings themselves when they name
        none)."""
        if len(bindings) <= 1:
            return bindings[0] if bindings else None
        s = self.state
        keys = [next((v for v in b.values() if isinstance(v, str) and v in s.survivors), None) for b in bindings]
        if all(keys) and len(set(keys)) == len(keys):
            pick = (yield Decision(TARGETS, p.id, tuple(keys), 1, 1, prompt="crossroads survivor"))[0]
            return bindings[keys.index(pick)]
        choices = tuple(tuple(sorted((k, str(v)) for k, v in b.items())) for b in bindings)
        pick = yield Decision(OPTION, p.id, choices, prompt="crossroads survivor")
        return bindings[choices.index(pick)]

    # ---- asked when the statement that queued them is done (GameHost.ask_now), else when the effect is over ----
    def settle_item(self, item: tuple) -> Gen:
        """A queued choice of the host's (``GameHost.pending``), by its kind."""
        kind = item[0]
        if kind == "entrances":
            yield from self.settle_entrances(*item[1:])
        elif kind == "dice":
            yield from self.settle_dice(*item[1:])
        elif kind == "place_exiled":
            yield from self.settle_exiled_place(*item[1:])
        elif kind == "overrun":
            yield from self.settle_overrun(*item[1:])

    def settle_entrances(self, lid: str, what: str, before: list[int], after: list[int], player: str,
                         prompt: str) -> Gen:
        """Which entrances ``what`` (zombies or barricades) at ``lid`` changed on: the host changed the
        provisional ones; the player names the ones it really is, one token at a time."""
        loc = self.state.locations[lid]
        tokens = getattr(loc, what)
        if tokens != after:
            picked_for_player(player, prompt, [0, 1], None, self.pick_watchers)   # the table moved on since: the provisional pick stands
            return
        removed = sum(before) > sum(after)
        work = list(before)
        for _ in range(abs(sum(before) - sum(after))):
            if removed:
                among = _fullest_first(work)
            else:                                    # a barricade or a zombie goes on an empty entrance space
                other = loc.zombies if what == "barricades" else loc.barricades
                among = [i for i in range(loc.entrances)
                         if other[i] + work[i] + self.host.standing_count(lid, i) < loc.entrance_spaces]
            pick = yield from self.pick_entrance(player, among, prompt)
            if pick is None:
                return
            work[pick] += -1 if removed else 1
        tokens[:] = work

    def settle_dice(self, player: str, spent: list[int], at_least: int, before: list[int]) -> Gen:
        """Which action dice paid a cost: the host spent the lowest that could; the player picks."""
        p = self.state.player(player)
        if sorted(p.unused) != _less(before, spent):
            picked_for_player(player, "die to spend", [0, 1], None, self.pick_watchers)   # the dice changed since: the pick stands
            return
        pool = list(before)
        picked: list[int] = []
        for _ in range(len(spent)):
            values = sorted({v for v in pool if v >= at_least})
            if len(values) <= 1:
                pick = values[0] if values else None
            else:
                pick = yield Decision(OPTION, player, tuple(values), prompt="die to spend")
            if pick is None:
                return
            pool.remove(pick)
            picked.append(pick)
        p.unused = pool

    def settle_exiled_place(self, sid: str, player: str) -> Gen:
        """An exiled player's new survivor stands at a non-colony location of their choice (seed 004, Exile)."""
        s = self.state
        v = s.survivors[sid]
        if v.place != "play" or v.controller != player:
            return
        places = tuple(l.id for l in s.locations.values() if not l.colony
                       and (l.id == v.location or len(s.survivors_at(l.id)) < l.survivor_spaces))
        if len(places) <= 1:
            return
        to = (yield Decision(TARGETS, player, places, 1, 1, prompt="exiled survivor place"))[0]
        if to != v.location:
            self.log.add("placed", {"survivor": sid, "location": to}, {})
            v.location = to

    def settle_overrun(self, lid: str, src: dict) -> Gen:
        """An overrun kills the survivor at the location with the lowest influence (seed 004, Adding
        Zombies); when several share it, the first player breaks the tie."""
        tied = self.lowest_influence(self.state.survivors_at(lid))
        if not tied:
            return
        victim = yield from self.first_player_breaks(tied, "overrun victim")
        self.host.kill(victim, src, cause="overrun")

    # ---- the exiled player's food card ------------------------------------------------------------
    def exiled_food(self, p: Player) -> Gen:
        """An exiled player's food card raises one action die of their choice by 1 (seed 004, Exile)."""
        raisable = sorted({d for d in p.unused if d < 6})
        if not raisable:
            return
        if len(raisable) == 1:
            pick = raisable[0]
        else:
            pick = yield Decision(OPTION, p.id, tuple(raisable), prompt="die to raise")
        p.unused[p.unused.index(pick)] += 1


def card_worth(card: dict) -> int:
    """A rough worth of a card for the bots' answers: the counts its abilities name, summed (Food 3 is worth
    3, Food 1 is worth 1); a card spent to pay a cost is the cheapest that pays."""
    def counts(node: object) -> int:
        if isinstance(node, dict):
            own = node["count"] if type(node.get("count")) is int else 0
            return own + sum(counts(v) for k, v in node.items() if k != "pos")
        if isinstance(node, list):
            return sum(counts(v) for v in node)
        return 0
    return counts(card.get("abilities") or [])


def cheapest(game: GameParts, d: Decision) -> tuple:
    """A bot's answer to which cards pay a cost ("spend"): the cheapest ``d.min`` of them (``card_worth``)."""
    ranked = sorted(d.choices, key=lambda c: (card_worth(game.host.card_def(c)), str(c)))
    return tuple(ranked[: d.min])


def _less(values: list[int], taken: list[int]) -> list[int]:
    rest = list(values)
    for v in taken:
        rest.remove(v)
    return sorted(rest)


def _fullest_first(counts: list[int]) -> list[int]:
    """The indices of the non-zero counts, the largest first (then by number)."""
    return sorted((i for i, n in enumerate(counts) if n), key=lambda i: (-counts[i], i))
