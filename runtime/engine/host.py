"""The reference engine as a host: the base game's state behind the host protocol.

``GameHost`` answers the interpreter's queries from a ``State`` and carries out its
actions by the rules of seed 004 (wounds kill at 3, a killed survivor costs 1
morale, its equipment goes to the hand or the location deck, zombies enter by
entrance with barricades and overruns …). Continuous rules handed over by cards
(triggers, "cannot", "does not roll for exposure", modifiers, replacements) are
kept in ``rules`` and consulted while the game runs. Anything that needs a
player's decision (spreading a bite, naming a new group leader, resolving a
trigger) is queued in ``pending`` for the game loop, which runs it as soon as the
current effect is over: the host itself never blocks. Its mixins: ``RuleBook`` (host_rules.py, the rules in
force), ``NameIndex`` (host_names.py, named cards) and ``CardZones`` (host_cards.py, cards and their zones).
"""
from __future__ import annotations

import random
from typing import Any, Generator, cast

from ..decisions import picked_for_player
from ..host import Host, Refused, Told
from ..interpreter import ITEM_TYPES, Interpreter
from ..replay import EventLog
from .host_cards import CardZones
from .host_names import NameIndex
from .host_rules import Rule, RuleBook  # noqa: F401  (Rule re-exported)
from .state import Location, State

STATS_OF_SURVIVOR = ("influence", "attack", "search")
#: the place beside the board where a main objective keeps zombies (and, as the zone ``storage``, cards)
STORAGE = "storage"
#: the host's queued choices a player makes as soon as the statement that queued them is done (``ask_now``)
ASK_NOW = ("entrances", "dice", "overrun", "place_exiled")


class GameHost(RuleBook, NameIndex, CardZones, Host):
    """The base game behind the host protocol."""

    def __init__(self, state: State, bundle_cards: dict[str, dict], rules: dict, rng: random.Random, log: EventLog):
        self.s, self.defs, self.rules_data, self.rng, self.events_log = state, bundle_cards, rules, rng, log
        self.rules: list[Rule] = []
        self._by_op: dict[Any, list[Rule]] | None = None   # the rules by op, rebuilt when rules change
        self.limits: dict[str, int] = {}
        self.pending: list[tuple] = []
        self.action_events: list[dict] = []     # events of the action being resolved (for 'happened')
        self.skip_exposure = False
        self.playing: str | None = None        # the card being played, while its effect runs ("healed by")
        self.drawn: list[str] = []             # the cards a card's effect drew last (the survivor deck's stay on it)
        self.keep_morale = False                # a card's kill that costs no morale ("do not lose morale")
        self.crisis_skipped: str | None = None  # the crisis a card said has no effect this round
        self.card_wounds: dict[str, int] = {}     # wounds kept on cards (The Arctic King's snowmobile)
        self.combat = 0
        self.interp: Interpreter | None = None  # set by the game (to evaluate rule conditions)
        self.card_uses: dict[str, int] = {}
        self.ending_requested = False
        self.effect_player: str | None = None   # whose effect is running (who makes its choices)
        self.quiet = 0                          # > 0 while an effect that must not ask runs (a replacement)
        self.searches: list[tuple[str, int]] = []  # each search action: (location, round), in order

    def ask_now(self) -> Generator[Any, Any, None]:
        """The choices a statement of an effect left to a player (which entrances its barricades or zombies
        are, which dice it spent, who an overrun kills, where an exiled player's survivor stands), asked as
        soon as the statement is done, before anything else changes the table (the interpreter's hook, after
        each statement; docs/runtime.md, Every choice is asked)."""
        if self.quiet or not any(item[0] in ASK_NOW for item in self.pending):
            return
        now = [item for item in self.pending if item[0] in ASK_NOW]
        self.pending = [item for item in self.pending if item[0] not in ASK_NOW]
        for item in now:
            yield from self.game.settle_item(item)

    # ---- helpers ------------------------------------------------------------------
    def card_def(self, instance: str) -> dict:
        return self.defs[self.s.cards[instance]]

    def card_def_of_survivor(self, survivor: str) -> dict:
        return self.defs[self.s.survivors[survivor].card]

    def log(self, event: str, params: dict, src: dict, private_to: str | None = None) -> None:
        self.events_log.add(event, params, src, private_to)

    def emit(self, event: dict) -> None:
        """An event happened: remember it for 'happened' and queue the triggers it fires (a survivor's
        triggers fire for a survivor that has its abilities too: John Price)."""
        if event.get("moment") != "before":   # the moment before an event is no event of the action
            self.action_events.append(event)
        before = event.get("moment") == "before"
        with self.reading():                  # matching the triggers changes nothing but the queue
            for rule in self.triggers_of(event["kind"]):      # only the triggers an event of its kind can meet
                if (rule.node.get("timing", "when") == "before") != before or not self.active(rule):
                    continue
                for r in [rule] + self.borrowed(rule):
                    bound = self.game.match(r.node["event"], event, r.env, r.node.get("timing", "when"))
                    if bound is not None:
                        self.pending.append(("trigger", r, bound))

    # ---- queries --------------------------------------------------------------------
    def things(self, kind: str) -> list[str]:
        s = self.s
        if kind == "survivor":
            return [i for i, v in s.survivors.items() if v.place == "play"]
        if kind == "any_survivor":                 # in play or not (for names: "X" is in the survivor deck)
            return list(s.survivors)
        if kind == "player":
            return [p.id for p in s.players]
        if kind == "location":
            return list(s.locations)
        if kind == "card":
            return list(s.cards)
        if kind == "die":
            return [f"d:{p.id}:{i}" for p in s.players for i in range(len(p.unused))]
        return []

    def attr(self, thing: str, name: str) -> Any:
        s = self.s
        if thing in s.survivors:
            v = s.survivors[thing]
            if name in STATS_OF_SURVIVOR:
                return self.stat(thing, name, getattr(v, name))
            return self._survivor_fact(v, name)
        if thing in s.locations:
            if name == "colony":
                return thing == "colony"
            if name == "non_colony":
                return thing != "colony"
            if name == "empty_survivor_spaces":
                return self.empty_spaces(thing)
            if name == "depleted":              # a location whose item deck has run out (the colony has none)
                return bool(self.attr(thing, "non_colony")) and not s.locations[thing].deck
            if name == "entrance_barricades":   # the barricades at each of its entrances, in order
                return list(s.locations[thing].barricades)
            if name == "entrance_zombies":      # the zombies at each of its entrances, in order
                return list(s.locations[thing].zombies)
            if name == "searches":              # how many times it was searched this game
                return sum(1 for where, _ in self.searches if where == thing)
            return thing if name in ("location", "name") else None
        if thing.startswith("p") and any(p.id == thing for p in s.players):
            p = s.player(thing)
            if name == "vote_weight":           # asked on its own: a weight rule may name "the first player"
                return self.stat(thing, "vote_weight", 1) if not p.exiled else 0
            return {"colony": None, "active": s.players[s.active].id == thing, "first": s.players[s.first].id == thing,
                    "exiled": p.exiled}.get(name)
        if thing in s.cards:
            d = self.card_def(thing)
            if name == "type":
                return d.get("item_type") or d.get("kind")
            if name == "name":
                return d.get("name", {}).get("en")
            if name in ("zone", "owner"):
                zone, owner = self.zone_of(thing)
                return zone if name == "zone" else owner
            if name == "event":                            # an item played for an immediate effect ("Event:")
                return any(a.get("use") == "event" for a in d.get("abilities") or [])
            if name == "equipped_to":                      # "a weapon equipped to this survivor"
                return next((v.id for v in s.survivors.values() if thing in v.equipped), None)
            return None
        if thing.startswith("d:"):
            _, pid, i = thing.split(":")
            p = s.player(pid)
            return {"used": False, "unused": True, "value": p.unused[int(i)], "owner": pid,
                    "controller": pid}.get(name)
        return None

    def _survivor_fact(self, v, name: str) -> Any:
        s = self.s
        if name == "location":
            return v.location if v.place == "play" else None
        if name == "controller":
            return v.controller
        if name == "name":
            return v.name
        if name == "in_play":
            return v.place == "play"
        if name == "killed":
            return v.place == "removed"
        if name == "in_survivor_deck":
            return v.place == "deck"
        if name == "exiled":
            return v.controller is not None and s.player(v.controller).exiled
        if name == "helpless":
            return False
        if name == "human":
            return not _is_dog(self.defs[v.card])
        if name == "group_leader":
            return v.controller if v.controller and s.player(v.controller).leader == v.id else None
        if name == "armed":
            return any(self.card_def(c).get("item_type") == "weapon" for c in v.equipped)
        if name in ("wounds", "frostbite"):
            return getattr(v, name)
        if name == "at_colony":
            return v.location == "colony" and v.place == "play"
        return None

    def zombies(self, location: str) -> int:
        if location == STORAGE:                # zombies a main objective keeps beside the board
            return self.s.storage_zombies
        return self.s.locations[location].zombie_count()

    def tokens(self, token: str, place: str) -> int:
        s = self.s
        if place in s.locations:
            loc = s.locations[place]
            return {"noise": loc.noise, "barricade": sum(loc.barricades), "helpless": loc.helpless}.get(token, 0)
        if place.startswith("supply"):
            return {"food": s.food, "starvation": s.starvation}.get(token, 0)
        if place in s.survivors:
            v = s.survivors[place]
            return {"wound": v.wounds, "frostbite": v.frostbite}.get(token, 0)
        if token == "wound":
            return self.card_wounds.get(place, 0)
        return 0

    def morale(self, player: str, enemy: bool = False) -> int:
        return self.s.morale

    def round(self) -> int:
        return self.s.round

    def round_number(self) -> int:
        return self.s.rounds_played

    def happened(self, event: dict, env: dict) -> bool:
        return any(self.game.match(event, ev, env) is not None for ev in self.action_events)

    def tactic_played(self, who: str, name: str, player: str) -> bool:
        return False            # no tactics in the base game

    def can_pay(self, cost: dict, player: str) -> bool:
        p = self.s.player(player)
        op = cost["op"]
        if op == "spend_die":
            n = cost["count"] if isinstance(cost["count"], int) else 1
            return sum(1 for d in p.unused if d >= cost.get("min", 1)) >= n
        if op == "spend_tokens":
            if cost["token"] == "food":
                return not p.exiled and self.s.food >= cost["count"]
            return False
        if op == "spend_cards":
            return len(self.matching_hand(player, cost.get("filters", []))) >= cost["count"]
        return False

    def matching_hand(self, player: str, filters: list[dict]) -> list[str]:
        """The cards of a player's hand of the kind a cost names (an item card: any item; a card by name)."""
        def fits(card: str, f: dict) -> bool:
            if f["op"] == "card_type":
                kind = self.attr(card, "type")
                return kind in ITEM_TYPES if f["type"] == "item" else kind == f["type"]
            if f["op"] == "card_named":
                return self.attr(card, "name") == f["name"]
            return True
        return [c for c in self.s.player(player).hand if all(fits(c, f) for f in filters)]

    # ---- actions ----------------------------------------------------------------------
    def apply(self, action: str, params: dict, src: dict) -> Any:
        """Carry out an action (its ``do_`` method). Tokens a survivor's own card adds (Atticus Sanders'
        bullets as he enters play, at set-up too) are logged here with that survivor, the cause, which no
        line before them names: the engine's line tells them (``Told``), once."""
        handler = getattr(self, "do_" + action, None)
        if handler is None:
            raise ValueError(f"the reference engine has no action {action!r}")
        result = handler(src=src, **params)
        if action == "add_tokens" and result is None:
            survivor = self.survivor_of_card(src.get("card"))
            if survivor is not None:
                self.log("add_tokens", {**params, "survivor": survivor}, src)
                return Told()
        return result

    def survivor_of_card(self, card: Any) -> str | None:
        """The survivor whose card ``card`` (a bundle id) is, or None for a card of another kind."""
        sid = "s:" + str(card).rsplit(".", 1)[-1]
        return sid if isinstance(card, str) and sid in self.s.survivors and self.s.survivors[sid].card == card \
            else None

    def do_kill_zombies(self, location, count, src, by=None, entrance=None):
        if location == STORAGE:                 # zombies in storage are kept, not fought: taken out of it
            self.do_remove_zombies(location, count, src)
            return 0
        loc = self.s.locations[location]
        if entrance is not None and loc.zombies[entrance]:
            loc.zombies[entrance] -= 1            # the zombie the attacking player chose
            self.zombies_died(location, 1, by)
            return 1
        n = min(count, loc.zombie_count())
        self.remove_zombies_chosen(loc, n)
        self.zombies_died(location, n, by)
        return n

    def zombies_died(self, location: str, n: int, by: str | None = None) -> None:
        """Each zombie killed is an event of its own ("when a zombie is killed", We Need More Samples): killed
        by the survivor ``by`` (an attack) for its controller, or by the effect's player."""
        player = self.s.survivors[by].controller if by in self.s.survivors else self.chooser()
        for _ in range(n):
            self.emit({"kind": "kill_zombie", "zombie": location, "location": location, "player": player,
                       "survivor": by})

    def do_remove_zombies(self, location, count, src):
        if location == STORAGE:
            self.s.storage_zombies -= min(count, self.s.storage_zombies)
            return
        loc = self.s.locations[location]
        self.remove_zombies_chosen(loc, min(count, loc.zombie_count()))

    def chooser(self) -> str:
        """Who makes the choices of the effect being carried out: its player, else the active player."""
        return self.effect_player or self.s.players[self.s.active].id

    def remove_zombies_chosen(self, loc: Location, n: int, prompt: str = "zombie to kill") -> None:
        """Zombies killed, removed or moved by a card: which ones is the effect's player's choice (asked as soon
        as the statement is done, ``ask_now``; see engine/choices.py); from the fullest entrance until then."""
        before = list(loc.zombies)
        self.remove_zombies_from(loc, n)
        if n and n < sum(before) and sum(1 for z in before if z) > 1:
            self.pending.append(("entrances", loc.id, "zombies", before, list(loc.zombies), self.chooser(),
                                 prompt))

    def standing_count(self, lid: str, entrance: int) -> int:
        """Survivors standing in an entrance's spaces (none in the base game; Warring Colonies' enemies)."""
        return 0

    def open_entrances(self, lid: str) -> list[int]:
        """The entrances of a location with an empty space (for a barricade or an attracted zombie)."""
        loc = self.s.locations[lid]
        return [i for i in range(loc.entrances)
                if loc.zombies[i] + loc.barricades[i] + self.standing_count(lid, i) < loc.entrance_spaces]

    @staticmethod
    def remove_zombies_from(loc: Location, n: int) -> None:
        for _ in range(n):                     # from the fullest entrance first
            i = max(range(len(loc.zombies)), key=lambda k: loc.zombies[k])
            loc.zombies[i] -= 1

    def do_add_zombies(self, location, count, src):
        if location == STORAGE:                 # storage has no entrances: the zombies are kept there
            self.s.storage_zombies += count
            return
        entrances = self.s.locations[location].entrances
        for i in range(count):                 # entrance 1, 2, 3 … in turn (seed 004, Adding Zombies)
            self.add_zombie(location, src, entrance=i % entrances)
            if self.s.over:
                return

    def add_zombie(self, location: str, src: dict, entrance: int | None = None) -> None:
        """One zombie by the rules of 'Adding Zombies' (seed 004): next entrance, barricade, or overrun."""
        loc = self.s.locations[location]
        if entrance is None:                   # "any empty entrance space" (a card's move): the first with room,
            entrance = next((i for i in range(loc.entrances)     # provisional (do_move_zombies asks)
                             if loc.zombies[i] + loc.barricades[i] < loc.entrance_spaces), 0)
        if loc.zombies[entrance] + loc.barricades[entrance] < loc.entrance_spaces:
            loc.zombies[entrance] += 1
            return
        if loc.barricades[entrance]:
            loc.barricades[entrance] -= 1
            self.log("barricade_destroyed", {"location": location, "entrance": entrance + 1}, src)
            return
        self.log("overrun", {"location": location, "entrance": entrance + 1}, src)
        here = self.s.survivors_at(location)
        if here:
            tied = self.game.lowest_influence(here)
            if len(tied) > 1:                  # the first player breaks the tie (engine/choices.py)
                self.pending.append(("overrun", location, src))
            else:
                self.kill(tied[0], src, cause="overrun")
        elif loc.helpless:
            self.kill_helpless(location, src)

    def do_move_zombies(self, source, target, count, src):
        n = min(count, self.zombies(source))
        if source == STORAGE:
            self.s.storage_zombies -= n
        else:                                   # which zombies go: the effect's player's (asked, ask_now)
            self.remove_zombies_chosen(self.s.locations[source], n, "zombie to move")
        if target == STORAGE:
            self.s.storage_zombies += n
            return
        loc = self.s.locations[target]          # on empty entrance spaces the effect's player chooses
        before, open_before = list(loc.zombies), self.open_entrances(target)
        for _ in range(n):
            self.add_zombie(target, src)
        if sum(loc.zombies) == sum(before) + n and len(open_before) > 1 and n:    # none broke in
            self.pending.append(("entrances", target, "zombies", before, list(loc.zombies), self.chooser(),
                                 "zombie entrance"))

    def empty_spaces(self, location: str) -> int:
        """The empty survivor spaces at a location: its spaces less the survivors there and, at a colony, the
        helpless survivors, who stand in its survivor spaces too (seed 004, Adding Survivors: "no empty survivor
        spaces remaining at the colony … add survivors (including helpless survivors)")."""
        loc = self.s.locations[location]
        return max(loc.survivor_spaces - len(self.s.survivors_at(location)) - loc.helpless, 0)

    def colony_full(self, player: str | None = None) -> bool:
        """Whether the colony (the player's own, in a game of several) has no empty survivor space."""
        who = player or self.s.players[self.s.active].id
        return self.empty_spaces(self.place("colony", who)) == 0

    def do_add_tokens(self, token, place, count, src, player=None):
        s = self.s
        if token == "helpless":
            if place in s.locations:
                if s.player(player).exiled if player else s.players[s.active].exiled:
                    return          # an exiled player's helpless survivors are not added (seed 004, Exile)
                loc = s.locations[place]
                added = min(count, self.empty_spaces(place)) if loc.colony else count
                if added < count:   # no empty survivor space for the rest (docs/runtime.md, "A full colony")
                    self.log("colony_full_helpless", {"location": place, "count": count - added}, src)
                loc.helpless += added
        elif token == "noise":
            loc = s.locations[place]
            loc.noise = min(loc.noise + count, loc.noise_spaces)
        elif token == "barricade":               # on empty entrance spaces the effect's player chooses
            loc = s.locations[place]
            before, open_before = list(loc.barricades), self.open_entrances(place)
            for _ in range(count):
                free = self.open_entrances(place)
                if not free:
                    break
                loc.barricades[free[0]] += 1
            if loc.barricades != before and len(open_before) > 1:
                self.pending.append(("entrances", place, "barricades", before, list(loc.barricades),
                                     self.chooser(), "barricade entrance"))
        elif token == "food":
            s.food += count
        elif token in ("wound", "frostbite"):
            self.do_wound(place, token, count, src)

    def do_remove_tokens(self, token, place, count, src):
        s = self.s
        if place in s.locations:
            loc = s.locations[place]
            if token == "noise":
                loc.noise = max(loc.noise - count, 0)
            elif token == "helpless":
                loc.helpless = max(loc.helpless - count, 0)
            elif token == "barricade":           # which barricades go: the effect's player's choice
                before = list(loc.barricades)
                for _ in range(count):
                    full = [i for i in range(loc.entrances) if loc.barricades[i]]
                    if full:
                        loc.barricades[full[0]] -= 1
                if loc.barricades != before and sum(loc.barricades) and sum(1 for b in before if b) > 1:
                    self.pending.append(("entrances", place, "barricades", before, list(loc.barricades),
                                         self.chooser(), "barricade to remove"))
        elif token == "food":
            s.food = max(s.food - count, 0)
        elif token in ("wound", "frostbite") and place in s.survivors:
            self.do_heal(place, token, count, src)

    def do_fill_noise(self, location, src):
        loc = self.s.locations[location]
        loc.noise = loc.noise_spaces

    def do_change_morale(self, player, amount, src):
        self.set_morale(self.s.morale + amount, src)

    def change_colony_morale(self, side: str, amount: int, src: dict) -> None:
        """Colony ``side``'s morale moves by ``amount``: in the base game there is one colony, and ``side`` is
        ``colony`` (the Warring Colonies host moves the side's own track)."""
        self.set_morale(self.s.morale + amount, src)

    def set_morale(self, value: int, src: dict) -> None:
        low, high = self.rules_data["morale_track"]
        before, self.s.morale = self.s.morale, max(low, min(high, value))
        if self.s.morale != before:
            self.log("morale", {"from": before, "to": self.s.morale}, src)
        if self.s.morale <= low and not self.s.over:
            self.end("morale", src)

    def end(self, how: str, src: dict) -> None:
        if not self.s.over:
            self.s.over, self.s.ending = True, how
            self.log("game_over", {"ending": how}, src)

    def do_wound(self, survivor, kind, count, src):
        if survivor not in self.s.survivors:      # a card that keeps wounds (a vehicle's wear)
            self.card_wounds[survivor] = self.card_wounds.get(survivor, 0) + count
            return
        v = self.s.survivors[survivor]
        if v.place != "play":
            return
        for _ in range(count):
            event = "receive_frostbite" if kind == "frostbite" else "receive_wound"
            rule = self.replacement(event, survivor)
            if rule is not None:                  # "instead of this survivor receiving a (frostbite) wound"
                self.log("replaced", {"event": event, "survivor": survivor}, src)
                self.game.run_sync(rule.node["body"], {**rule.env, "self": survivor})
                continue
            v.wounds += 1
            if kind == "frostbite":
                v.frostbite += 1
            self.emit({"kind": event, "survivor": survivor, "player": v.controller, "location": v.location})
            if v.wounds >= self.stat(survivor, "wounds_to_kill", self.rules_data["wounds_to_kill"]):
                self.kill(survivor, src, cause="wounds")
                return

    def do_heal(self, survivor, kind, count, src):
        """Remove wounds; once one is removed, "a survivor is healed" (by the card being played, if a card's
        effect did it: ``playing``)."""
        v = self.s.survivors[survivor]
        before = v.wounds
        self._heal(v, kind, count)
        if v.wounds < before:
            self.emit({"kind": "heal", "survivor": survivor, "player": self.s.players[self.s.active].id,
                       "card": self.playing})

    def _heal(self, v, kind, count):
        for _ in range(count):
            if kind in ("frostbite", "any") and v.frostbite:
                v.frostbite -= 1
                v.wounds -= 1
            elif kind in ("wound", "any") and v.wounds > v.frostbite:
                v.wounds -= 1
            elif kind == "wound" and v.frostbite:     # a frostbite wound "is considered a wound" (seed 004)
                v.frostbite -= 1
                v.wounds -= 1

    def do_kill_survivor(self, survivor, src, morale=None):
        self.keep_morale = morale == "kept"     # "do not lose morale": this death costs none
        try:
            if survivor in self.s.locations:        # "kill a helpless survivor" names the place
                self.kill_helpless(survivor, src)
            elif self.s.survivors[survivor].place == "play":
                self.kill(survivor, src, cause="effect")
        finally:
            self.keep_morale = False

    def do_skip_crisis(self, src: dict) -> None:
        """The revealed crisis has no effect at this round's resolve crisis step (the mark names that
        crisis, so a skip said when none is revealed changes nothing later)."""
        self.crisis_skipped = self.s.crisis

    def do_return_crisis(self, where: str, src: dict) -> None:
        """The revealed crisis goes back on top of or under the crisis deck; the cards added to it go back
        to the hands of the players who added them (they were given to a crisis that is no longer there)."""
        s = self.s
        if s.crisis is None:
            return
        for card, player in s.crisis_added:
            s.player(player).hand.append(card)
        s.crisis_added.clear()
        s.crisis_deck.insert(0, s.crisis) if where == "top" else s.crisis_deck.append(s.crisis)
        s.crisis = None

    #: the morale a colony loses for each of its survivors killed, a helpless survivor too (seed 004, Killing
    #: Survivors: "the colony's morale is lowered by 1"; seed 000 reads it per colony)
    death_morale = 1
    #: whether a death is an event the rules see ("when … dies"): the base game's; the Warring Colonies host
    #: does not send it (engine/colony_table.py)
    announces_deaths = True

    def death_costs_morale(self, side: str | None, src: dict) -> None:
        """A death costs colony ``side`` ``death_morale``: the one place the engine applies that rule. No cost
        when the card that kills says "do not lose morale" (``keep_morale``), nor for a survivor of no colony
        (``side`` None: an exiled player's, seed 004, Exiled Players)."""
        if side is not None and not self.keep_morale:
            self.change_colony_morale(side, -self.death_morale, src)

    def side_of_survivor(self, survivor: str) -> str | None:
        """The colony whose morale a survivor's death costs: the colony, unless its player is exiled."""
        v = self.s.survivors[survivor]
        return None if self.s.player(cast(str, v.controller)).exiled else "colony"

    def side_of_location(self, location: str) -> str | None:
        """The colony whose morale the death of a helpless survivor at ``location`` costs (they are at the colony)."""
        return "colony"

    def kill_helpless(self, location: str, src: dict) -> None:
        loc = self.s.locations[location]
        side = self.side_of_location(location)
        if loc.helpless and side is not None:
            loc.helpless -= 1
            self.log("killed", {"helpless": location}, src)
            self.death_costs_morale(side, src)

    def kill(self, survivor: str, src: dict, cause: str) -> None:
        """Killing Survivors (seed 004): the death (an event, ``announces_deaths``), equipment, leader, last
        survivor, and its colony's morale (``death_costs_morale``)."""
        s = self.s
        v = s.survivors[survivor]
        side = self.side_of_survivor(survivor)        # read while it is in play
        self.log("killed", {"survivor": survivor, "cause": cause, "location": v.location}, src)
        if self.announces_deaths:
            # "when … dies": matched while the survivor still stands where it died, for the player who controlled it
            self.emit({"kind": "die", "survivor": survivor, "player": v.controller, "location": v.location,
                       "cause": cause})
            self.game.last_location[survivor] = v.location     # where a bite spreads from (any exposure roll)
        self.leave_play(survivor, "removed")
        s.dead.append(survivor)                 # one of the dead survivors, out of play
        self.death_costs_morale(side, src)

    def leave_play(self, survivor: str, where: str) -> None:
        """A survivor leaves play (killed or removed): its cards, its group, its rules."""
        s = self.s
        v = s.survivors[survivor]
        owner = s.player(v.controller)
        if v.location == "colony":
            owner.hand.extend(v.equipped)
        else:
            deck = s.locations[v.location].deck
            deck.extend(v.equipped)
            self.rng.shuffle(deck)
        v.equipped = []
        was_leader = owner.leader == survivor
        owner.survivors.remove(survivor)
        v.place, v.location, v.controller = where, None, None
        v.wounds = v.frostbite = 0
        if where == "deck":
            s.survivor_deck.append(survivor)
        self.expire()
        if not owner.survivors:
            self.replace_last(owner)
        elif was_leader and len(owner.survivors) > 1:
            self.pending.append(("leader", owner.id))

    def replace_last(self, owner) -> None:
        """The last survivor lost: the hand leaves the game, a new survivor becomes group leader (seed 004)."""
        s = self.s
        s.removed.extend(owner.hand)
        owner.hand.clear()
        if s.survivor_deck:
            new = s.survivor_deck.pop(0)
            # a full colony: the new group leader stands at a non-colony location of the player's choice, as an
            # exiled player's does (docs/runtime.md, "A full colony")
            away = owner.exiled or self.colony_full(owner.id)
            self.enter_play(new, owner.id, "colony" if not away else self.exile_place())
            self.log("new_group_leader", {"player": owner.id, "survivor": new}, {})
            if away:
                self.pending.append(("place_exiled", new, owner.id))

    def exile_place(self) -> str:
        """Where an exiled player's new survivor stands until they choose (a non-colony location with room)."""
        s = self.s
        return next((l.id for l in s.locations.values() if not l.colony
                     and len(s.survivors_at(l.id)) < l.survivor_spaces), next(l for l in s.locations if l != "colony"))

    def take_from_survivor_deck(self, survivor: str) -> None:
        """A survivor taken out of the survivor deck. One a card named, searched for in the deck (not its top
        card, nor one just drawn), leaves the deck shuffled: "After searching a deck, shuffle it" (seed 004)."""
        s = self.s
        searched = survivor not in (self.drawn or []) and survivor != s.survivor_deck[0]
        s.survivor_deck.remove(survivor)
        if searched and s.survivor_deck:
            self.rng.shuffle(s.survivor_deck)
            self.log("shuffle", {"player": s.players[s.active].id, "zone": "survivor_deck", "location": None,
                                 "count": len(s.survivor_deck)}, {})

    def enter_play(self, survivor: str, player: str, location: str) -> None:
        s = self.s
        v = s.survivors[survivor]
        if survivor in s.survivor_deck:
            self.take_from_survivor_deck(survivor)
        v.place, v.controller, v.location = "play", player, location
        s.player(player).survivors.append(survivor)
        self.game.register_survivor(survivor)
        self.emit({"kind": "enter_play", "survivor": survivor, "player": player, "location": location})

    def do_remove_from_game(self, thing, src):
        s = self.s
        if thing in s.survivors:
            if s.survivors[thing].place == "play":
                self.log("removed", {"survivor": thing}, src)
                self.leave_play(thing, "removed")
            elif thing in s.survivor_deck:
                self.take_from_survivor_deck(thing)
                s.survivors[thing].place = "removed"
        elif thing in s.cards:
            self.take_out(thing)
            s.removed.append(thing)

    def do_spread_bite(self, survivor, src):
        self.pending.append(("spread", survivor, self.s.survivors[survivor].location or self.last_location(survivor)))

    def last_location(self, survivor: str) -> str:
        return self.game.last_location.get(survivor, "colony")

    def do_place_survivor(self, survivor, location, src):
        v = self.s.survivors[survivor]
        if v.place == "play" and location:
            v.location = location

    def do_move_survivor(self, survivor, location, src):
        self.pending.append(("move", survivor, location))

    def do_add_survivor(self, survivor, player, src):
        s = self.s
        if survivor in s.survivors and s.survivors[survivor].place == "deck":
            if not s.player(player).exiled and self.colony_full(player):
                # no empty survivor space: the survivor is not added and stays in the survivor deck
                self.log("colony_full_survivor", {"location": self.place("colony", player), "survivor": survivor}, src)
                return Refused()                 # told by the line above, never as joined
            place = "colony" if not s.player(player).exiled else self.exile_place()
            self.enter_play(survivor, player, place)
            self.log("survivor_added", {"player": player, "survivor": survivor}, src)
            if s.player(player).exiled:          # "a non-colony location of his choice" (seed 004, Exile)
                self.pending.append(("place_exiled", survivor, player))
            return Told()                        # survivor_added tells it: logged once
        elif survivor in s.survivors and s.survivors[survivor].place == "play" \
                and s.survivors[survivor].controller not in (None, player):
            # taken from another player's following, with its equipment, where it stands
            v = s.survivors[survivor]
            owner = s.player(v.controller)
            was_leader = owner.leader == survivor
            owner.survivors.remove(survivor)
            s.player(player).survivors.append(survivor)
            v.controller = player
            self.log("survivor_added", {"player": player, "survivor": survivor, "from": owner.id}, src)
            if not owner.survivors:
                self.replace_last(owner)
            elif was_leader and len(owner.survivors) > 1:
                self.pending.append(("leader", owner.id))
            return Told()
        return Refused()                         # in the player's following already, or out of play: nobody joins

    def do_change_die(self, die, amount, src):
        _, pid, i = die.split(":")
        p = self.s.player(pid)
        p.unused[int(i)] = max(1, min(6, p.unused[int(i)] + amount))

    def do_set_die(self, die, value, src):
        _, pid, i = die.split(":")
        self.s.player(pid).unused[int(i)] = max(1, min(6, value))

    def do_spend_dice(self, player, count, src):
        self.spend_dice_chosen(player, min(count, len(self.s.player(player).unused)), 1)

    def spend_dice_chosen(self, player: str, n: int, at_least: int) -> None:
        """Action dice spent for a card: which ones is the player's choice (asked as soon as the statement is
        done, ``ask_now``; see engine/choices.py); the lowest that can pay until then."""
        p = self.s.player(player)
        before, spent = list(p.unused), []
        for _ in range(n):
            die = min(d for d in p.unused if d >= at_least)
            p.unused.remove(die)
            p.used += 1
            spent.append(die)
        eligible = [d for d in before if d >= at_least]
        if spent and len(spent) < len(eligible) and len(set(eligible)) > 1:
            self.pending.append(("dice", player, spent, at_least, before))

    def do_pay(self, cost, player, src):
        p = self.s.player(player)
        op = cost["op"]
        if op == "spend_die":
            self.spend_dice_chosen(player, cost["count"] if isinstance(cost["count"], int) else 1, cost.get("min", 1))
        elif op == "spend_tokens":
            self.s.food -= cost["count"]
            self.emit({"kind": "spend_food", "player": player})
        elif op == "spend_cards":            # the cards the player chose, to the waste pile or out of the game
            chosen = cost.get("cards")
            if not chosen:                   # a cost the interpreter did not ask about (pay_one asks): watched
                hand = self.matching_hand(player, cost.get("filters", []))
                chosen = hand[: cost["count"]]
                if len(hand) > cost["count"]:
                    picked_for_player(player, "spend", [self.attr(c, "name") for c in hand], chosen,
                                      self.game.pick_watchers)
            for c in chosen:
                p.hand.remove(c)
                (self.s.removed if cost.get("to") == "removed" else self.s.waste).append(c)

    def do_combat_strength(self, player, amount, src):
        self.combat += amount

    def do_end_warfare(self, src):
        pass

    def do_skip_warfare(self, location, src):
        pass

    def do_exile_vote(self, player, target, src):
        self.pending.append(("exile_vote", player, target))

    def do_end_game(self, src):
        self.end("card", src)

    def do_fail_objective(self, src):
        """The main objective has failed: the game is over and the colony has lost (told by the game's end,
        ``game_over`` with the ending ``failed``, once; a game already over is told as over already)."""
        over = self.s.over
        self.end("failed", src)
        return None if over else Told()

    def do_skip_exposure(self, src):
        """The next exposure roll is not made; a second rule that says so for the same roll (two Fuel cards
        played) changes nothing, and is refused, so the log says it once."""
        if self.skip_exposure:
            return Refused()
        self.skip_exposure = True

    def do_manual(self, instruction, player, src):
        self.log("manual_step", {"player": player, "instruction": instruction}, src)

    def do_use_limit(self, key, per, src):
        k = self.limit_key(key, per)
        if self.limits.get(k):
            return False
        self.limits[k] = 1
        return True

    # ---- actions the card corpus added (see docs/effect-language.md); kept simple here ----------
    def do_make_leader(self, survivor, player, src):
        p = self.s.player(player)
        if survivor in p.survivors:             # the group leader is the first of a player's survivors
            p.survivors.remove(survivor)
            p.survivors.insert(0, survivor)
        self.log("group_leader", {"player": player, "survivor": survivor}, src)

    def do_perform(self, survivor, action, player, src, target=None):
        """A card has a survivor take an action with no die spent for it. An attack is queued for the game
        (its target is the player's choice, and a roll may ask questions): a zombie there is killed and the
        survivor rolls for exposure after the triggers on the attack, which may say not to; a survivor there
        is attacked as seed 004 says (``target``: the survivors the card names). A barricade goes on an empty
        entrance space of its location the player picks, as the barricade action puts it."""
        if action == "attack" and survivor in self.s.survivors and self.s.survivors[survivor].place == "play":
            self.pending.append(("attack", survivor, player, target))
        if action == "barricade" and survivor in self.s.survivors and self.s.survivors[survivor].place == "play":
            self.log("perform", {"survivor": survivor, "action": action, "player": player}, src)
            loc = self.s.locations[self.s.survivors[survivor].location]   # as the barricade action does: on an
            if self.open_entrances(loc.id):                                 # empty entrance space the player picks
                self.do_add_tokens("barricade", loc.id, 1, src, player)
                self.emit({"kind": "barricade", "survivor": survivor, "player": player, "location": loc.id})

    def do_skip_die_raise(self, src):
        """The food being spent raises no die: the die this action's food raised goes back down (the food
        stays spent)."""
        self.skip_die_raise = True
        raised = getattr(self, "food_raise", None)
        if raised and raised[2] == self.game.action_no:
            p = self.s.player(raised[0])
            if raised[1] in p.unused:
                p.unused[p.unused.index(raised[1])] -= 1
            self.food_raise = None
        self.log("die_raise_skipped", {}, src)

    def do_attach(self, card, survivor, src):
        """The card lies beside the survivor (its rules, kept by ``add_rule``, hold while the survivor is in
        play); a card attached to nobody (no survivor to attach it to) lies nowhere."""
        if survivor in self.s.survivors:
            self.s.attached.setdefault(survivor, []).append(card)

    # ---- rules ----------------------------------------------------------------------------
    def ignore_offers(self, face: str) -> list[list[dict]]:
        """The costs of the 'any player may … to ignore a bitten result' rules in force for a face."""
        return [r.node["cost"] for r in self.ruled("ignore_roll") if r.node["face"] == face]

    def add_rule(self, node: dict, env: dict) -> None:
        """Keep a rule a card handed over; a rule made by a one-off effect lasts until the end of the turn."""
        self.game.keep_rule(node, env)


def _is_dog(card: dict) -> bool:
    """Sparky is the base game's one non-human survivor: a dog by trait or by occupation ("Stunt Dog")."""
    occupation = (card.get("occupation") or {}).get("en", "")
    return "dog" in card.get("traits", []) or "dog" in occupation.lower().split()
