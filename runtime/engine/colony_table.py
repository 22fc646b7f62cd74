"""The Warring Colonies table: two colony boards in one town, its state, invariants and host.

The rules are those of seed 000 (see ``colonies.py``); this module holds what the table is made of
and how the host protocol reads it: sides, per-colony morale and bullets, zombies at a colony
with enemy survivors at its entrances, and survivors leaving play on either side.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:  # pragma: no cover
    from .colonies import ColoniesGame

from ..decisions import picked_for_player
from ..host import Refused, Told
from .common import GameError
from .host import GameHost
from .state import Location, Player, State, invariant_report, invariants_hold

TEAMS = ("a", "b")
WOLF = "w"                         # the Lone Wolf's side: no colony, a den (seed 000, Lobo Solitário)
DEN = "den"
COLONIES = {"a": "colony_a", "b": "colony_b"}
HOMES = {**COLONIES, WOLF: DEN}    # each side's home board: a colony, or the Lone Wolf's den
SET = "warring-colonies"


def other(team: str) -> str:
    return "b" if team == "a" else "a"


@dataclass
class ColonyBoard(Location):
    """A colony board of one side (seed 000, Preparação 2: the two colony boards)."""

    team: str = ""

    @property
    def colony(self) -> bool:
        return True


@dataclass
class ColoniesState(State):
    """The base state plus what two colonies need. ``morale`` (the base field) holds the lower of the
    two colonies' morale, so that the base invariants still read one number."""

    teams: dict[str, str] = field(default_factory=dict)          # player -> "a" | "b"
    colony_morale: dict[str, int] = field(default_factory=dict)
    bullets: dict[str, int] = field(default_factory=dict)
    colony_food: dict[str, int] = field(default_factory=dict)    # each colony board has its own food supply
    colony_starvation: dict[str, int] = field(default_factory=dict)
    entrance: dict[str, int] = field(default_factory=dict)       # survivor at the enemy colony -> its entrance
    held_by: dict[str, str] = field(default_factory=dict)        # active player -> the crossroads card drawn for them
    waste_of: dict[str, str] = field(default_factory=dict)       # card in the waste -> the colony whose pile holds it
    actives: tuple[str, ...] = ()                                # the two players taking their turns together
    leaders: dict[str, str] = field(default_factory=dict)        # colony -> the colony leader (a player)
    tactics: dict[str, list[str]] = field(default_factory=dict)  # colony -> its tactic cards
    winner: str | None = None                                    # "a", "b" or "both": who completed the objective
    # the Lone Wolf (odd player counts; seed 000, Variantes, Lobo Solitário); team "w", home the den
    wolf: str | None = None                                      # the Lone Wolf's player, if any
    wolf_out: bool = False                                       # its morale reached 0: it left the game
    # its secret objective and mission piles are the Lone Wolf part's own (colony_lonewolf.LoneWolf)

    def team_players(self, team: str) -> list[Player]:
        return [p for p in self.players if self.teams.get(p.id) == team]

    def colony_waste(self, team: str) -> list[str]:
        """A colony's waste pile, bottom first (the cards of the shared ``waste`` list that are its)."""
        return [c for c in self.waste if self.waste_of.get(c) == team]

    def food_of(self, side: str) -> int:
        return self.colony_food[side]

    def pay_food(self, side: str, n: int) -> None:
        self.colony_food[side] -= n

    def starve(self, side: str) -> int:
        self.colony_starvation[side] += 1
        return self.colony_starvation[side]

    def waste_pile(self, side: str) -> list[str]:
        return self.colony_waste(side)

    def take_waste(self, side: str, n: int) -> list[str]:
        top = super().take_waste(side, n)
        for c in top:
            self.waste_of.pop(c, None)
        return top


def check_colonies_invariants(state: ColoniesState, total_cards: int, rules: dict, wc: dict) -> list[str]:
    bad = [] if invariants_hold(state, total_cards, None) else \
        [b for b in invariant_report(state, total_cards, rules) if not b.startswith("morale")]
    low, high = wc["morale_track"]
    for team, morale in state.colony_morale.items():
        top = wc["lone_wolf"]["morale_max"] if team == WOLF else high
        if not low <= morale <= top:
            bad.append(f"colony {team}: morale {morale} is off its track {low}..{top}")
    for team, n in state.bullets.items():
        if n < 0:
            bad.append(f"colony {team}: {n} bullets")
    bad += check_lone_wolf(state, wc)
    at_entrance: dict[tuple[str | None, int], int] = {}     # (location, entrance) -> survivors in play there
    for sid, e in state.entrance.items():
        v = state.survivors[sid]
        if v.place == "play":
            at_entrance[v.location, e] = at_entrance.get((v.location, e), 0) + 1
    for loc in state.locations.values():
        if isinstance(loc, ColonyBoard):
            for i, (z, b) in enumerate(zip(loc.zombies, loc.barricades)):
                standing = at_entrance.get((loc.id, i), 0)
                if z + b + standing > loc.entrance_spaces:
                    bad.append(f"{loc.id}: entrance {i + 1} holds {z} zombies, {b} barricades and {standing} survivors")
    for sid in state.entrance:
        v = state.survivors[sid]
        board = state.locations.get(cast(str, v.location))
        if v.place != "play" or not isinstance(board, ColonyBoard) or state.teams.get(cast(str, v.controller)) == board.team:
            bad.append(f"{sid} stands at an entrance but is not at the enemy colony")
    for team in state.colony_food:
        if state.colony_food[team] < 0 or state.colony_starvation.get(team, 0) < 0:
            bad.append(f"colony {team}: negative food or starvation")
    for team in TEAMS:
        leader = state.leaders.get(team)
        if leader is not None and state.teams.get(leader) != team:
            bad.append(f"colony {team}'s leader {leader} is not of that colony")
    return bad


def check_lone_wolf(state: ColoniesState, wc: dict) -> list[str]:
    """The den and the Lone Wolf: only its survivors in the den, never a zombie or a helpless survivor
    there, no bullets; once it has left the game, nothing of it in play. Its mission piles are checked by
    the Lone Wolf part (``LoneWolf.invariants``)."""
    bad: list[str] = []
    den = state.locations.get(DEN)
    if state.wolf is None:
        if den is not None or WOLF in state.colony_morale:
            bad.append("a den or a Lone Wolf morale without a Lone Wolf")
        return bad
    if state.teams.get(state.wolf) != WOLF or den is None:
        bad.append(f"the Lone Wolf {state.wolf} has no den or is in a colony")
        return bad
    if sum(den.zombies) or den.helpless:
        bad.append(f"the den holds {sum(den.zombies)} zombies and {den.helpless} helpless survivors")
    for v in state.survivors_at(DEN):
        if v.controller != state.wolf:
            bad.append(f"{v.id} of {v.controller} is in the Lone Wolf's den")
    if WOLF in state.bullets:
        bad.append("the Lone Wolf has a bullet supply")
    if state.leaders.get(WOLF) is not None:
        bad.append("the Lone Wolf has a colony leader")
    if state.wolf_out:
        p = state.player(state.wolf)
        if p.survivors or p.hand or p.unused:
            bad.append("the Lone Wolf left the game but still has survivors, cards or dice")
        if state.colony_morale.get(WOLF) != wc["morale_track"][0]:
            bad.append("the Lone Wolf left the game with morale above 0")
    return bad


class ColoniesHost(GameHost):
    """The base host with two colonies: morale, bullets, tactics and combat strength per colony."""

    game: ColoniesGame            # set by the game (engine/colonies.py), as are its rules:
    rules_wc: dict[str, Any]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.tactics_now: dict[str, str] = {}      # colony -> the name of the tactic it played in this combat
        self.strength: dict[str, int] = {}         # colony -> combat strength in this combat
        self.warfare_ended = False
        self.skipped: set[str] = set()
        self.in_warfare = False
        self.deferred: list[str] = []               # players whose last survivor died during warfare
        self.attacking_entrance: int | None = None  # the entrance an attack at the enemy colony kills at
        self.wolf_side: str | None = None           # the colony the Lone Wolf joined in this combat
        self.misplaced: list[str] = []              # Lone Wolf survivors sent to a full den: it chooses where
        self.held_victim: str | None = None         # the survivor a zombie at a held entrance wounds, if chosen

    # ---- sides ---------------------------------------------------------------------
    def team_of(self, thing: str | None) -> str | None:
        """The colony a player, a survivor, a colony board or a supply ("bullets:p1") belongs to."""
        s = self.s
        if thing is None:
            return None
        if ":" in thing and thing.split(":", 1)[0] in ("bullets", "supply"):
            thing = thing.split(":", 1)[1]
            if thing in TEAMS or thing == WOLF:         # a side's own supply ("bullets:a")
                return thing
        if thing in s.teams:
            return s.teams[thing]
        if thing in s.survivors:
            return s.teams.get(s.survivors[thing].controller)
        loc = s.locations.get(thing)
        if isinstance(loc, ColonyBoard):
            return loc.team
        return None

    def side(self, survivor: str) -> str | None:
        """The colony a survivor fights for in the combat being fought: a Lone Wolf survivor counts as a
        member of the colony the Lone Wolf joined (seed 000, Lobo Solitário, Combate Entre as Colônias 2)."""
        team = self.team_of(survivor)
        return self.wolf_side if team == WOLF and self.wolf_side else team

    def colony_full(self, player: str | None = None) -> bool:
        """A full den stops nothing: the Lone Wolf's new survivor then stands at a location of its choice
        (seed 000 line 713, "Se não houver espaços vazios no Covil …"); a colony board is the base game's."""
        who = player or self.s.players[self.s.active].id
        if self.s.teams.get(who) == WOLF:
            return False
        return super().colony_full(who)

    def den_full(self, leaving: str | None = None) -> bool:
        """Whether the den has no empty survivor space (``leaving`` not counted: it is already there)."""
        den = self.s.locations[DEN]
        return sum(1 for v in self.s.survivors_at(DEN) if v.id != leaving) >= den.survivor_spaces

    def controller_of_location(self, lid: str) -> str | None:
        """The colony with more survivors at a location (Divide and Conquer: "Control"); a tie: none."""
        here = [self.team_of(v.id) for v in self.s.survivors_at(lid)]
        a, b = here.count("a"), here.count("b")
        return "a" if a > b else "b" if b > a else None

    def place(self, location: str, player: str) -> str:
        team = self.team_of(player)
        if location == "colony" and team:
            return HOMES[team]
        if location == "enemy_colony" and team:
            return COLONIES[other(team)]
        return location

    def scope(self, kind: str, sel: dict, env: Any, pool: list[str]) -> list[str]:
        """Cards read from one colony's side (seed 000, Interpretação das cartas): on a crossroads, secret
        objective or crisis card, and on the abilities the rulebook names, "a survivor", "any player", "in
        play" mean those of the player's own colony, unless the card names the enemy (an ``enemy`` filter,
        or survivors at the enemy colony). The kinds and names are the ruleset's ``card_scope``.
        The Lone Wolf's den counts as a colony for survivor abilities and crossroads cards only (seed 000, p. 14,
        Covil do Lobo Solitário): for any other card ("each colony" on a main objective) it is not one."""
        d = self.defs.get(env.card) or {}
        if kind == "location":
            if DEN in pool and d.get("kind") not in ("survivor", "crossroads"):
                return [t for t in pool if t != DEN]
            return pool
        if kind not in ("survivor", "player"):
            return pool
        scope = self.rules_wc["card_scope"]
        name = d.get("name", {})
        name = name.get("en") if isinstance(name, dict) else name
        if d.get("kind") not in scope["kinds"] and name not in scope["friendly_only"]:
            return pool
        for f in sel.get("filters", []):
            if f.get("op") == "controlled_by" and f.get("player") == "enemy":
                return pool
            if f.get("op") == "at" and (f.get("location") or {}).get("id") == "enemy_colony":
                return pool
        team = self.team_of(env.player)
        if team is None:
            return pool
        return [t for t in pool if self.team_of(t) == team]

    def attr(self, thing: str, name: str) -> Any:
        s = self.s
        if thing in s.survivors:                   # asked most: survivors first (ids of kinds never overlap)
            if name == "colony":
                return self.team_of(thing)
            if name == "at_colony":
                v = s.survivors[thing]
                return v.place == "play" and isinstance(s.locations.get(v.location), ColonyBoard)
            return super().attr(thing, name)
        if thing in s.locations:
            if name == "colony":
                return isinstance(s.locations[thing], ColonyBoard)
            if name == "non_colony":
                return not isinstance(s.locations[thing], ColonyBoard)
            if name == "controller":
                team = self.controller_of_location(thing)
                return s.leaders.get(team) if team else None
        if thing in s.teams and name == "colony":
            return s.teams[thing]
        if thing in s.teams and name == "active" and s.actives:
            return thing in s.actives
        return super().attr(thing, name)

    # ---- morale, bullets --------------------------------------------------------------
    def morale(self, player: str, enemy: bool = False) -> int:
        team = self.team_of(player)
        return self.s.colony_morale[other(cast(str, team)) if enemy else team]

    def set_colony_morale(self, team: str, value: int, src: dict) -> None:
        """A colony's morale moves on its track; once at 0 it never rises again, and the colony's
        players lose but play on until the main objective is checked (seed 000, Condições de vitória)."""
        low, high = self.rules_wc["morale_track"]
        if team == WOLF:                           # the Lone Wolf: up to 5 (Moral do Lobo Solitário)
            high = self.rules_wc["lone_wolf"]["morale_max"]
            if self.s.wolf_out:
                return
        before = self.s.colony_morale[team]
        if before <= low and value > before:
            return
        self.s.colony_morale[team] = max(low, min(high, value))
        self.s.morale = min(self.s.colony_morale[t] for t in TEAMS)
        if self.s.colony_morale[team] != before:
            self.log("morale", {"colony": team, "from": before, "to": self.s.colony_morale[team]}, src)

    def set_morale(self, value: int, src: dict) -> None:
        raise GameError("in Warring Colonies a morale change must name its colony", "wc-morale-colony")

    def change_colony_morale(self, side: str, amount: int, src: dict) -> None:
        """Colony ``side``'s own morale moves by ``amount`` (``set_colony_morale``)."""
        self.set_colony_morale(side, self.s.colony_morale[side] + amount, src)

    def do_change_morale(self, player, amount, src):
        self.change_colony_morale(cast(str, self.team_of(player)), amount, src)

    def apply(self, action: str, params: dict, src: dict) -> Any:
        """A card's bullets go to (or come from) the bullet supply of a colony, never of a player (seed 000,
        Fichas de Munição: "o estoque de munição de uma colônia"): "the bullet supply" an effect names from a
        player's side is that player's colony's, and the action (and its log line) says so ("bullets:b")."""
        if action in ("add_tokens", "remove_tokens") and params.get("token") == "bullet":
            team = self.team_of(params["place"])
            if team is not None:
                params["place"] = f"bullets:{team}"
        return super().apply(action, params, src)

    def tokens(self, token: str, place: str) -> int:
        if token == "bullet" and self.team_of(place) == WOLF:
            return 0
        if token == "bullet":
            team = self.team_of(place)
            return self.s.bullets.get(team, 0) if team else 0
        if token in ("food", "starvation") and place.startswith("supply"):
            team = self.team_of(place)
            return (self.s.colony_food if token == "food" else self.s.colony_starvation).get(team, 0)
        return super().tokens(token, place)

    def do_add_tokens(self, token, place, count, src, player=None):
        # Lobo Solitário: no bullets, helpless survivors ignored; refused, so the log tells the refusal only
        if token == "bullet" and self.team_of(place) == WOLF:
            return Refused("no_bullets_for_lone_wolf", {"count": count})
        if token == "helpless" and self.team_of(place) == WOLF:
            return Refused("helpless_ignored", {"count": count})
        loc = self.s.locations.get(place)
        if token == "food" and place.startswith("supply"):
            self.s.colony_food[self.team_of(place)] += count
            return
        if token == "bullet":
            team = self.team_of(place)
            if team is None:
                raise ValueError(f"no colony's bullet supply is {place!r}")
            self.s.bullets[team] += count
            return
        return super().do_add_tokens(token, place, count, src, player)

    def do_remove_tokens(self, token, place, count, src):
        if token == "food" and place.startswith("supply"):
            team = self.team_of(place)
            self.s.colony_food[team] = max(0, self.s.colony_food[team] - count)
            return
        if token == "bullet":
            team = self.team_of(place)
            if team in self.s.bullets:
                self.s.bullets[team] = max(0, self.s.bullets[team] - count)
            return
        return super().do_remove_tokens(token, place, count, src)

    def can_pay(self, cost: dict, player: str) -> bool:
        if cost["op"] == "spend_tokens" and cost["token"] == "bullet":
            return self.s.bullets.get(self.team_of(player), 0) >= cost["count"]
        if cost["op"] == "spend_tokens" and cost["token"] == "food":
            return self.s.colony_food[self.team_of(player)] >= cost["count"]
        return super().can_pay(cost, player)

    def do_pay(self, cost, player, src):
        if cost["op"] == "spend_tokens" and cost["token"] == "bullet":
            self.s.bullets[self.team_of(player)] -= cost["count"]
            return
        if cost["op"] == "spend_tokens" and cost["token"] == "food":
            self.s.colony_food[self.team_of(player)] -= cost["count"]
            self.emit({"kind": "spend_food", "player": player})
            return
        return super().do_pay(cost, player, src)

    # ---- zombies at a colony with enemy survivors at its entrances -----------------------
    def standing(self, lid: str, entrance: int) -> list[str]:
        s = self.s
        return [sid for sid, e in s.entrance.items() if e == entrance and s.survivors[sid].location == lid
                and s.survivors[sid].place == "play"]

    def entrance_free(self, lid: str, entrance: int) -> int:
        loc = self.s.locations[lid]
        return loc.entrance_spaces - loc.zombies[entrance] - loc.barricades[entrance] - len(self.standing(lid, entrance))

    def standing_count(self, lid: str, entrance: int) -> int:
        """Enemy survivors stand in a colony's entrance spaces (seed 000, Andar para a Colônia Inimiga)."""
        return len(self.standing(lid, entrance))

    def do_kill_zombies(self, location, count, src, by=None, entrance=None):
        """An attack from an entrance of the enemy colony kills the zombie at that entrance."""
        e, self.attacking_entrance = self.attacking_entrance, None
        loc = self.s.locations[location]
        if e is not None and isinstance(loc, ColonyBoard) and loc.zombies[e]:
            n = min(count, loc.zombies[e])
            loc.zombies[e] -= n
            self.zombies_died(location, n, by)
            return n
        return super().do_kill_zombies(location, count, src, by, entrance)

    def send_home(self, sid: str, src: dict) -> None:
        """Back to its own colony, with no exposure roll."""
        s = self.s
        s.entrance.pop(sid, None)
        home = HOMES[cast(str, self.team_of(sid))]
        if home == DEN and self.den_full(sid):      # a full den: the Lone Wolf chooses where (settle)
            self.misplaced.append(sid)
        s.survivors[sid].location = home
        self.game.last_location[sid] = home
        self.log("sent_home", {"survivor": sid, **src}, src)

    def held_tied(self, location: str, entrance: int) -> list[str]:
        """The survivors a zombie arriving at a full entrance of a colony would wound: those standing there
        with the lowest influence (more than one on a tie, which their colony's leader breaks)."""
        here = self.standing(location, entrance)
        if not here or self.entrance_free(location, entrance) > 0:
            return []
        low = min(self.attr(sid, "influence") for sid in here)
        return sorted(sid for sid in here if self.attr(sid, "influence") == low)

    def held_chooser(self, tied: list[str]) -> str | None:
        """Who chooses which of ``tied`` (survivors of one side at an enemy entrance) a zombie wounds: their
        colony's leader (as the leader who lost a combat gives out its wounds, seed 000, Guerra), the Lone
        Wolf for its own."""
        if not tied:
            return None
        team = self.team_of(tied[0])
        return self.s.wolf if team == WOLF else self.s.leaders.get(cast(str, team))

    def add_zombie(self, location: str, src: dict, entrance: int | None = None) -> None:
        """At a colony, enemy survivors hold entrance spaces. A zombie that would enter a full entrance where
        a survivor stands instead puts 1 wound on the lowest-influence survivor there, who goes back to its
        colony without an exposure roll (seed 000, Aparecimento de zumbis); otherwise the base rule."""
        loc = self.s.locations[location]
        if location == DEN:                         # zombies never appear in the den (Covil)
            return
        if not isinstance(loc, ColonyBoard) or not self.s.entrance:
            return super().add_zombie(location, src, entrance)
        if entrance is None:
            entrance = next((i for i in range(loc.entrances) if self.entrance_free(location, i) > 0), 0)
        if self.entrance_free(location, entrance) > 0:
            loc.zombies[entrance] += 1
            return
        here = self.standing(location, entrance)
        if here:
            tied = self.held_tied(location, entrance)
            weakest, self.held_victim = self.held_victim if self.held_victim in tied else tied[0], None
            picked_for_player(self.held_chooser(tied), "zombie wounds", tied, weakest, self.game.pick_watchers)
            # two facts, a line each: the wound (which may kill), then the way home of one it did not kill
            self.log("zombie_at_held_entrance", {"location": location, "entrance": entrance + 1,
                                                 "survivor": weakest}, src)
            self.do_wound(weakest, "wound", 1, src)
            if self.s.survivors[weakest].place == "play":
                self.send_home(weakest, {"rule": "zombie at a held entrance"})
            return
        super().add_zombie(location, src, entrance)

    # ---- warfare --------------------------------------------------------------------
    def tactic_played(self, who: str, name: str, player: str) -> bool:
        team = self.team_of(player)
        if team is None:
            return False
        return self.tactics_now.get(team if who == "you" else other(team)) == name

    def do_combat_strength(self, player, amount, src):
        if not self.in_warfare:
            raise ValueError("combat strength outside a colony warfare")
        self.strength[self.team_of(player)] += amount

    def do_end_warfare(self, src):
        """A tactic ends the warfare: told once, with its location, when the tactics are resolved
        (``warfare_ended``, colony_warfare.py), however many tactics end it."""
        self.warfare_ended = True
        return Told()

    def do_skip_warfare(self, location, src):
        if location:
            self.skipped.add(location)

    # ---- survivors ------------------------------------------------------------------
    def side_of_survivor(self, survivor: str) -> str | None:
        """A survivor's death costs its own colony (or the Lone Wolf's den) the morale (seed 000, per colony)."""
        return self.team_of(survivor)

    def side_of_location(self, location: str) -> str | None:
        """Helpless survivors are at a colony board: their death costs that colony; elsewhere there are none."""
        loc = self.s.locations[location]
        return loc.team if isinstance(loc, ColonyBoard) else None

    def leave_play(self, survivor: str, where: str) -> None:
        """Equipped cards: at its own colony to the hand; at the enemy colony to that colony's leader,
        who equips them on survivors of theirs there, or out of the game if there are none (seed 000,
        Morte de sobrevivente na colônia inimiga); elsewhere to the location's deck (base rule)."""
        s = self.s
        v = s.survivors[survivor]
        loc = s.locations.get(v.location)
        team = self.team_of(survivor)
        s.entrance.pop(survivor, None)
        if isinstance(loc, ColonyBoard) and v.equipped:
            cards, v.equipped = list(v.equipped), []
            if loc.team == team:
                s.player(v.controller).hand.extend(cards)
            else:
                keepers = [w.id for w in s.survivors_at(loc.id) if self.team_of(w.id) == loc.team]
                if keepers:                        # out of play until the leader equips them (ColoniesGame.settle)
                    self.pending.append(("spoils", loc.team, keepers, cards))
                    s.removed.extend(cards)
                else:
                    s.removed.extend(cards)
                    self.log("spoils_removed", {"cards": cards}, {})
        super().leave_play(survivor, where)

    def replace_last(self, owner) -> None:
        """The last survivor lost: a new group leader at the player's colony; during colony warfare, only
        once the warfare is over (seed 000, Combate entre as colônias, Nota)."""
        if self.in_warfare:
            self.deferred.append(owner.id)
            return
        s = self.s
        if s.wolf_out and owner.id == s.wolf:      # the Lone Wolf has left the game
            return
        s.removed.extend(owner.hand)
        owner.hand.clear()
        if s.survivor_deck:
            new = s.survivor_deck.pop(0)
            self.enter_play(new, owner.id, HOMES[s.teams[owner.id]])
            self.log("new_group_leader", {"player": owner.id, "survivor": new}, {})

    def last_location(self, survivor: str) -> str:
        team = self.team_of(survivor)
        return self.game.last_location.get(survivor, HOMES[team] if team else COLONIES["a"])

    def do_add_survivor(self, survivor, player, src):
        s = self.s
        if survivor in s.survivors and s.survivors[survivor].place == "deck":
            if s.teams[player] == WOLF and s.wolf_out:
                return Refused()                              # the Lone Wolf has left the game
            if s.teams[player] == WOLF and self.den_full():   # a full den: the Lone Wolf chooses where
                self.misplaced.append(survivor)
            self.enter_play(survivor, player, HOMES[s.teams[player]])
            self.log("survivor_added", {"player": player, "survivor": survivor}, src)
            return Told()                                     # the line above tells it: logged once
        return Refused()                                      # in play or out of it already: nobody joins
