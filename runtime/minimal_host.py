"""A complete host in plain dictionaries: the smallest table the host protocol needs.

No rules engine: survivors with a location and a controller, zombies and tokens per
place, morale per colony, cards per zone. Every action changes the dictionaries and is
recorded in ``calls``; every log line is kept in ``lines``; continuous rules handed over
by cards are kept in ``rules`` (a real engine consults them while the game runs).

Start an engine of your own from it (docs/embedding.md): replace each dictionary by your
engine's state, one method at a time. Ids follow the reference engine's conventions:
survivors ``s:<name>``, players ``p1`` …, locations by name (``colony``, ``police_station``),
token places a location, a survivor or ``supply:<player>``.
"""
from __future__ import annotations

from typing import Any

from .host import ACTIONS, Host

LOCATIONS = ("colony", "police_station", "grocery_store", "school", "library", "hospital", "gas_station")


class MinimalHost(Host):
    """A toy table: enough state for the interpreter to run real cards."""

    def __init__(self, players: tuple[str, ...] = ("p1", "p2")) -> None:
        self.survivors: dict[str, dict[str, Any]] = {}
        self.players: dict[str, dict[str, Any]] = {p: {"colony": "A", "vote_weight": 1} for p in players}
        self.locations = list(LOCATIONS)
        self.zombie_count = {loc: 0 for loc in self.locations}
        self.token_count: dict[tuple[str, str], int] = {}
        self.morale_of = {"A": 5, "B": 5}
        self.cards: dict[str, dict[str, Any]] = {}      # id -> facts (zone, owner, location, type, order)
        self.dead: list[str] = []                       # survivors killed, in the order they died
        self.dice: dict[str, dict[str, Any]] = {}       # id -> facts (owner, value, used)
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.rules: list[tuple[str, dict[str, Any]]] = []
        self.lines: list[dict[str, Any]] = []
        self.limits: set[tuple[str, str]] = set()
        self.fuel_played = False
        self.round_track = 3
        self.round_played = 1

    def add_survivor_fact(self, sid: str, name: str, controller: str, location: str, influence: int = 30,
                          **facts: Any) -> None:
        """Put a survivor in play: its id (``s:<name>``), card name, controlling player and location."""
        self.survivors[sid] = {"name": name, "controller": controller, "location": location,
                               "influence": influence, "wounds": 0, "frostbite": 0, "exiled": False,
                               "helpless": False, "killed": False, "in_play": True, **facts}

    # ---- queries -----------------------------------------------------------------
    def things(self, kind: str) -> list[str]:
        """Survivors not killed, players, locations, cards and dice by id."""
        table = {"survivor": [s for s, f in self.survivors.items() if not f["killed"]], "player": list(self.players),
                 "location": list(self.locations), "card": list(self.cards), "die": list(self.dice)}
        return table.get(kind, [])

    def attr(self, thing: str, name: str) -> Any:
        """A fact from the thing's dictionary; a survivor's colony is its controller's."""
        if thing in self.survivors:
            facts = self.survivors[thing]
            if name == "colony":
                return self.players.get(facts["controller"], {}).get("colony")
            return facts.get(name)
        if thing in self.players:
            return self.players[thing].get(name)
        if thing in self.locations:
            return {"colony": thing == "colony", "location": thing}.get(name)
        for table in (self.cards, self.dice):
            if thing in table:
                return table[thing].get(name)
        return None

    def cards_in(self, zone: str, owner: str | None, location: str | None) -> list[str]:
        """Cards in a zone, top first: by their fact ``order`` where a card has one (a card put on top of or
        at the bottom of a deck, a shuffled deck), else in insertion order. The dead survivors by id."""
        if zone == "dead_survivors":
            return list(self.dead)
        found = [(f.get("order", i), c) for i, (c, f) in enumerate(self.cards.items())
                 if f["zone"] == zone and f.get("owner") in (owner, None) and f.get("location") in (location, None)]
        return [c for _, c in sorted(found)]

    def zombies(self, location: str) -> int:
        """Zombies at a location."""
        return self.zombie_count[location]

    def tokens(self, token: str, place: str) -> int:
        """Tokens of a kind at a place."""
        return self.token_count.get((token, place), 0)

    def morale(self, player: str, enemy: bool = False) -> int:
        """The morale of the player's colony (or of the other one)."""
        colony = self.players[player]["colony"]
        return self.morale_of["B" if enemy and colony == "A" else "A" if enemy else colony]

    def round(self) -> int:
        """The round track."""
        return self.round_track

    def round_number(self) -> int:
        """The round being played, counted from 1."""
        return self.round_played

    def happened(self, event: dict[str, Any], env: Any) -> bool:
        """Only one event is tracked here: a fuel card played in the triggering action."""
        return bool(event["kind"] == "play_card" and self.fuel_played)

    def tactic_played(self, who: str, name: str, player: str) -> bool:
        """No warfare on this table."""
        return False

    def can_pay(self, cost: dict[str, Any], player: str) -> bool:
        """Tokens from the player's supply, an unused die of at least ``min``; cards are always there."""
        if cost["op"] == "spend_tokens":
            return bool(self.tokens(cost["token"], f"supply:{player}") >= cost["count"])
        if cost["op"] == "spend_die":
            return bool(len(self._free_dice(player, cost["min"])) >= cost["count"])
        return True

    def _free_dice(self, player: str, least: int) -> list[str]:
        return [d for d, f in self.dice.items() if f["owner"] == player and not f["used"] and f["value"] >= least]

    # ---- actions -------------------------------------------------------------------
    def apply(self, action: str, params: dict[str, Any], src: dict[str, Any]) -> Any:
        """Record the call and change the dictionaries; ``use_limit`` answers whether a use is left."""
        if action not in ACTIONS:
            raise ValueError(f"unknown host action {action!r}")
        self.calls.append((action, params))
        if action == "use_limit":
            key = (params["key"], params["per"])
            fresh = key not in self.limits
            self.limits.add(key)
            return fresh
        handler = getattr(self, "_" + action, None)
        if handler is not None:
            handler(params)
        return None

    def _kill_zombies(self, p: dict[str, Any]) -> None:
        self.zombie_count[p["location"]] -= min(p["count"], self.zombie_count[p["location"]])

    _remove_zombies = _kill_zombies

    def _move_zombies(self, p: dict[str, Any]) -> None:
        n = min(p["count"], self.zombie_count[p["source"]])
        self.zombie_count[p["source"]] -= n
        self.zombie_count[p["target"]] += n

    def _add_zombies(self, p: dict[str, Any]) -> None:
        self.zombie_count[p["location"]] += p["count"]

    def _add_tokens(self, p: dict[str, Any], sign: int = 1) -> None:
        key = (p["token"], p["place"])
        self.token_count[key] = max(self.token_count.get(key, 0) + sign * p["count"], 0)

    def _remove_tokens(self, p: dict[str, Any]) -> None:
        self._add_tokens(p, -1)

    def _change_morale(self, p: dict[str, Any]) -> None:
        self.morale_of[self.players[p["player"]]["colony"]] += p["amount"]

    def _wound(self, p: dict[str, Any]) -> None:
        if p["survivor"] not in self.survivors:       # a card that keeps its wounds as tokens
            self._add_tokens({"token": "wound", "place": p["survivor"], "count": p["count"]})
            return
        self.survivors[p["survivor"]]["frostbite" if p["kind"] == "frostbite" else "wounds"] += p["count"]

    def _kill_survivor(self, p: dict[str, Any]) -> None:
        if not self.survivors[p["survivor"]]["killed"]:
            self.survivors[p["survivor"]]["killed"] = True
            self.dead.append(p["survivor"])

    def _move_cards(self, p: dict[str, Any]) -> None:
        """Cards into a zone (and a location deck's location); with a position, on top of or at the bottom of
        it, the first card given uppermost. Survivors join a following; a toy table checks no card kinds."""
        zone = p["zone"]
        cards = [c for c in p["cards"] if c in self.cards]
        for sid in (c for c in p["cards"] if c in self.survivors and zone == "following"):
            self.survivors[sid].update(controller=p["owner"], in_play=True, killed=False)
        rest = [f.get("order", i) for i, (c, f) in enumerate(self.cards.items()) if c not in cards]
        low, high = min(rest, default=0), max(rest, default=0)
        for n, card in enumerate(cards):
            facts = self.cards[card]
            facts.update(zone=zone, owner=p["owner"] if zone == "hand" else None, location=p.get("location"))
            if p.get("position") == "bottom":
                facts["order"] = high + 1 + n
            else:                               # on top (a pile's card put last is its top)
                facts["order"] = low - len(cards) + n

    def _shuffle(self, p: dict[str, Any]) -> None:
        """The interpreter's new order, top first."""
        for n, card in enumerate(p["cards"]):
            self.cards[card]["order"] = n

    def _arrange(self, p: dict[str, Any]) -> None:
        """The deck's top cards in the order given, above the rest."""
        first = min((self.cards[c].get("order", 0) for c in p["cards"]), default=0)
        for n, card in enumerate(p["cards"]):
            self.cards[card]["order"] = first - len(p["cards"]) + n

    def _bring_back(self, p: dict[str, Any]) -> None:
        """Dead survivors into the player's following at the colony; cards removed from the game into a hand."""
        for thing in p["things"]:
            if thing in self.dead and p["zone"] == "following":
                self.dead.remove(thing)
                self.survivors[thing].update(killed=False, in_play=True, controller=p["player"], location="colony")
            elif thing in self.cards and self.cards[thing]["zone"] == "removed" and p["zone"] == "hand":
                self.cards[thing].update(zone="hand", owner=p["player"])

    def _make_leader(self, p: dict[str, Any]) -> None:
        for facts in self.survivors.values():
            if facts["controller"] == p["player"]:
                facts["group_leader"] = None
        self.survivors[p["survivor"]]["group_leader"] = p["player"]

    def _set_die(self, p: dict[str, Any]) -> None:
        self.dice[p["die"]]["value"] = p["value"]

    def _change_die(self, p: dict[str, Any]) -> None:
        self.dice[p["die"]]["value"] += p["amount"]

    def _perform(self, p: dict[str, Any]) -> None:
        if p["action"] == "attack":                   # a toy table: an attack kills 1 zombie where it stands
            self._kill_zombies({"location": self.survivors[p["survivor"]]["location"], "count": 1})

    def _take_cards(self, p: dict[str, Any]) -> None:
        for card in p["cards"]:
            self.cards[card].update(zone="hand", owner=p["player"])

    def _place_survivor(self, p: dict[str, Any]) -> None:
        self.survivors[p["survivor"]]["location"] = p["location"]

    _move_survivor = _place_survivor

    def _pay(self, p: dict[str, Any]) -> None:
        """``pay`` hands over the cost node itself (spend_tokens, spend_die, spend_cards) and the player."""
        cost = p["cost"]
        if cost["op"] == "spend_tokens":
            self._remove_tokens({"token": cost["token"], "place": f"supply:{p['player']}", "count": cost["count"]})
        elif cost["op"] == "spend_die":
            for die in self._free_dice(p["player"], cost["min"])[:cost["count"]]:
                self.dice[die]["used"] = True
        elif cost["op"] == "spend_cards":        # the cards the interpreter had the player choose
            for card in cost.get("cards", []):
                self.cards[card].update(zone="removed" if cost.get("to") == "removed" else "waste_pile", owner=None)

    def add_rule(self, node: dict[str, Any], env: dict[str, Any]) -> None:
        """Keep the rule's kind and bindings."""
        self.rules.append((node["op"], env))

    def log(self, event: str, params: dict[str, Any], src: dict[str, Any], private_to: str | None = None) -> None:
        """Keep every line, public and private."""
        self.lines.append({"event": event, "params": params, "src": src, "private_to": private_to})
