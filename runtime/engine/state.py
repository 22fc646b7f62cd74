"""The reference engine's game state: plain dataclasses, and the invariants that must always hold.

Ids: players "p1".."p5"; survivors "s:<card slug>"; locations by their effect-language
id ("colony", "police_station" …); card instances "c:<n>" (``State.cards`` maps them to
their card id in the bundle). A survivor is in exactly one place: at a location, in
the survivor deck, or removed from the game.
"""
from __future__ import annotations

from typing import cast

from dataclasses import dataclass, field


@dataclass
class Survivor:
    id: str
    card: str                 # card id in the bundle
    name: str
    influence: int
    attack: int
    search: int
    location: str | None = None
    controller: str | None = None
    wounds: int = 0           # every wound token, frostbite ones included
    frostbite: int = 0        # of which frostbite
    equipped: list[str] = field(default_factory=list)
    place: str = "deck"       # deck | play | removed


@dataclass
class Player:
    id: str
    hand: list[str] = field(default_factory=list)
    survivors: list[str] = field(default_factory=list)   # group leader first, then the following
    unused: list[int] = field(default_factory=list)      # action dice results
    used: int = 0
    secret: str = ""           # the dealt secret objective card instance
    betrayer: bool = False
    exiled: bool = False
    exiled_objective: str = ""  # the exiled secret objective drawn on exile (a ruleset stand-in id)
    moved: set[str] = field(default_factory=set)
    exile_vote_used: bool = False

    @property
    def leader(self) -> str | None:
        return self.survivors[0] if self.survivors else None


@dataclass
class Location:
    id: str
    card: str
    entrances: int
    entrance_spaces: int
    survivor_spaces: int
    noise_spaces: int
    zombies: list[int] = field(default_factory=list)      # per entrance
    barricades: list[int] = field(default_factory=list)   # per entrance
    noise: int = 0
    helpless: int = 0
    deck: list[str] = field(default_factory=list)         # item deck, top first

    @property
    def colony(self) -> bool:
        return self.id == "colony"

    def zombie_count(self) -> int:
        return sum(self.zombies)

    def free_entrance_space(self) -> bool:
        return any(z + b < self.entrance_spaces for z, b in zip(self.zombies, self.barricades))


@dataclass
class State:
    players: list[Player]
    survivors: dict[str, Survivor]
    locations: dict[str, Location]
    cards: dict[str, str]                                 # instance -> card id
    morale: int
    round: int                                            # rounds left on the round track
    objective: str = ""
    food: int = 0
    starvation: int = 0
    waste: list[str] = field(default_factory=list)        # top last
    removed: list[str] = field(default_factory=list)
    crisis_deck: list[str] = field(default_factory=list)
    crisis: str | None = None
    crisis_added: list[tuple[str, str]] = field(default_factory=list)   # (card, player)
    crossroads: list[str] = field(default_factory=list)   # top first
    survivor_deck: list[str] = field(default_factory=list)  # survivor ids, top first
    dead: list[str] = field(default_factory=list)          # survivor ids killed (out of play), in the order they died
    secret_box: list[str] = field(default_factory=list)   # secret objective cards not dealt
    held: str | None = None                               # the crossroads card drawn for this turn
    first: int = 0                                        # index of the first player
    active: int = 0                                       # index of the player taking a turn
    turn: int = 0                                         # turns taken, for limits
    over: bool = False
    ending: str = ""                                      # morale | rounds | objective | card | failed
    rounds_played: int = 0
    storage: list[str] = field(default_factory=list)      # cards a main objective keeps in storage, top last
    storage_zombies: int = 0                              # zombies a main objective keeps in storage
    attached: dict[str, list[str]] = field(default_factory=dict)   # survivor id -> the card ids attached to it

    def player(self, pid: str) -> Player:
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(f"no player {pid!r}")

    def survivors_at(self, loc: str) -> list[Survivor]:
        return [s for s in self.survivors.values() if s.place == "play" and s.location == loc]

    # ---- a colony's supply, by the side's name (the base game's one colony is ``colony``; ColoniesState
    # keeps one per colony): what the colony phase steps read, written once for every game
    def food_of(self, side: str) -> int:
        """The food tokens in a colony's supply."""
        return self.food

    def pay_food(self, side: str, n: int) -> None:
        self.food -= n

    def starve(self, side: str) -> int:
        """A colony that cannot pay takes a starvation token; its tokens now."""
        self.starvation += 1
        return self.starvation

    def waste_pile(self, side: str) -> list[str]:
        """A colony's waste pile, bottom first."""
        return self.waste

    def take_waste(self, side: str, n: int) -> list[str]:
        """The top ``n`` cards of a colony's waste pile, taken off it (cleaning the waste)."""
        top = self.waste_pile(side)[-n:] if n > 0 else []
        for c in top:
            self.waste.remove(c)
        return top


def check_invariants(state: State, total_cards: int, rules: dict) -> list[str]:
    """Everything that must hold between any two steps of a game; an empty list when all is well.

    Asked after every step of a game, so it first asks the quick question (``invariants_hold``: does every
    invariant hold?) and words each broken one (``invariant_report``) only when the answer is no."""
    if invariants_hold(state, total_cards, rules):
        return []
    return invariant_report(state, total_cards, rules)


def invariants_hold(state: State, total_cards: int, rules: dict | None) -> bool:
    """True only if ``invariant_report`` would find nothing: the same invariants, asked without wording them
    (False when in doubt: the report then says what, if anything, is wrong). ``rules`` None leaves the
    morale track out (Warring Colonies keeps each colony's morale apart and checks it itself)."""
    if rules is not None:
        low, high = rules["morale_track"]
        if not low <= state.morale <= high:
            return False
    if state.storage_zombies < 0 or state.food < 0 or state.starvation < 0:
        return False
    # every card instance in exactly one zone: as many places as cards, and as many distinct cards
    singles = [c for c in (state.crisis, state.objective, state.held) if c]
    zones = [*state.waste, *state.removed, *state.crisis_deck, *state.crossroads, *state.secret_box, *state.storage,
             *singles, *(c for c, _ in state.crisis_added)]
    locations = state.locations
    for loc in locations.values():
        if loc.noise < 0 or loc.helpless < 0 or loc.noise > loc.noise_spaces:
            return False
        zombies, barricades, spaces = loc.zombies, loc.barricades, loc.entrance_spaces
        if len(zombies) != len(barricades):
            return False
        for z, b in zip(zombies, barricades):
            if z < 0 or b < 0 or z + b > spaces:
                return False
        zones += loc.deck
    groups: dict[str | None, list[str]] = {}
    for p in state.players:
        groups[p.id] = p.survivors
        zones += p.hand
        if p.secret:
            zones.append(p.secret)
        for d in p.unused:
            if not 1 <= d <= 6:
                return False
    survivors = state.survivors
    deck: set[str] | None = None
    in_play = 0
    for v in survivors.values():
        place = v.place
        if place == "play":
            group = groups.get(v.controller)
            if group is None or v.location not in locations or v.id not in group:
                return False
            in_play += 1
        elif place == "deck":
            if deck is None:
                deck = set(state.survivor_deck)
            if v.id not in deck:
                return False
        elif place != "removed":
            return False
        if v.wounds < 0 or v.frostbite < 0 or v.frostbite > v.wounds:
            return False
        if v.equipped:
            zones += v.equipped
    # each group lists survivors in play that it controls: with every survivor in play in its controller's
    # group, the groups hold exactly those survivors when they list as many, none twice
    listed = [sid for group in groups.values() for sid in group]
    if len(listed) != in_play or len(set(listed)) != in_play:
        return False
    dead = state.dead
    if dead:
        if len(set(dead)) != len(dead):
            return False
        for sid in dead:
            w = survivors.get(sid)
            if w is None or w.place != "removed":
                return False
    return len(zones) == total_cards and len(set(zones)) == total_cards


def invariant_report(state: State, total_cards: int, rules: dict) -> list[str]:
    """Every broken invariant, worded; an empty list when all is well."""
    bad: list[str] = []
    low, high = rules["morale_track"]
    if not low <= state.morale <= high:
        bad.append(f"morale {state.morale} is off its track {low}..{high}")
    if state.storage_zombies < 0:
        bad.append(f"negative zombies in storage ({state.storage_zombies})")
    if state.food < 0 or state.starvation < 0:
        bad.append(f"negative food ({state.food}) or starvation ({state.starvation})")
    for loc in state.locations.values():
        if loc.noise < 0 or loc.helpless < 0 or min(loc.zombies + loc.barricades, default=0) < 0:
            bad.append(f"negative tokens at {loc.id}")
        for z, b in zip(loc.zombies, loc.barricades):
            if z + b > loc.entrance_spaces:
                bad.append(f"{loc.id}: an entrance holds {z} zombies and {b} barricades in {loc.entrance_spaces} spaces")
        if loc.noise > loc.noise_spaces:
            bad.append(f"{loc.id}: {loc.noise} noise tokens in {loc.noise_spaces} spaces")
    deck = set(state.survivor_deck)
    for sid in state.dead:                 # a dead survivor is out of play, once
        if sid not in state.survivors or state.survivors[sid].place != "removed" or state.dead.count(sid) > 1:
            bad.append(f"{sid} is among the dead survivors but not out of play once")
    groups = {p.id: p.survivors for p in state.players}
    for s in state.survivors.values():
        place = s.place                    # its three places exclude one another: it must be in one of them
        if not (place == "play" or place == "removed" or (place == "deck" and s.id in deck)):
            bad.append(f"{s.id} is not in exactly one place ({s.place})")
        if place == "play" and (s.location not in state.locations or s.controller is None):
            bad.append(f"{s.id} is in play without a location or a controller")
        if s.wounds < 0 or s.frostbite < 0 or s.frostbite > s.wounds:
            bad.append(f"{s.id} has impossible wounds ({s.wounds}, frostbite {s.frostbite})")
        controller = cast(str, s.controller)
        if place == "play" and s.id not in (groups[controller] if controller in groups
                                            else state.player(controller).survivors):   # unknown: KeyError
            bad.append(f"{s.id} is controlled by {s.controller} but not in their group")
    for p in state.players:
        for sid in p.survivors:
            if state.survivors[sid].place != "play" or state.survivors[sid].controller != p.id:
                bad.append(f"{p.id}'s group lists {sid}, which it does not control in play")
        if any(not 1 <= d <= 6 for d in p.unused):
            bad.append(f"{p.id} has an action die off 1..6: {p.unused}")
    # every card instance is in exactly one zone
    zones: list[str] = [*state.waste, *state.removed, *state.crisis_deck, *state.crossroads, *state.secret_box,
                        *state.storage]
    zones += [c for c, _ in state.crisis_added]
    zones += [c for c in (state.crisis, state.objective, state.held) if c]
    for p in state.players:
        zones += p.hand
        if p.secret:
            zones.append(p.secret)
    for loc in state.locations.values():
        zones += loc.deck
    for s in state.survivors.values():
        zones += s.equipped
    distinct = set(zones)
    if len(zones) != len(distinct):
        seen: set[str] = set()
        dup = sorted({c for c in zones if c in seen or seen.add(c)})  # type: ignore[func-returns-value]  # add() is None: falls through
        bad.append(f"cards in two places at once: {dup[:5]}")
    if len(distinct) != total_cards:
        bad.append(f"{total_cards} cards in the game but {len(distinct)} in its zones")
    return bad
