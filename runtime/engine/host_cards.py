"""Cards and their zones on the reference engine's host: where a card is, what a zone holds, and the
host actions that move cards (draw, take, move, arrange, equip, give, a pot taken, looking at cards).

``CardZones`` is a mixin of ``GameHost`` (engine/host.py); the state, the log, the random generator and
the game (``self.s``, ``log``, ``rng``, ``game`` …) come from it.
"""
from __future__ import annotations

import random
from typing import Any, Callable


class CardZones:
    """Where cards are and how card effects move them."""

    s: Any
    game: Any
    rng: random.Random
    drawn: list[str]
    log: Callable[..., None]
    card_def: Callable[[str], dict]
    do_add_survivor: Callable[..., Any]

    def zone_of(self, card: str) -> tuple[str, str | None]:
        s = self.s
        for p in s.players:
            if card in p.hand:
                return "hand", p.id
        if card in s.waste:
            return "waste_pile", None
        if card in s.removed:
            return "removed", None
        if card in s.storage:
            return "storage", None
        for sv in s.survivors.values():
            if card in sv.equipped:
                return "equipped", sv.controller
        return "elsewhere", None

    def cards_in(self, zone: str, owner: str | None, location: str | None) -> list[str]:
        s = self.s
        if zone == "hand":
            return list(s.player(owner).hand) if owner else [c for p in s.players for c in p.hand]
        if zone == "waste_pile":               # piles are kept top last, listed top first (the host protocol)
            return s.waste[::-1]
        if zone == "removed":                  # so "the last 2 cards removed" are the first two here
            return s.removed[::-1]
        if zone == "survivor_deck":
            return list(s.survivor_deck)
        if zone in ("location_deck", "item_deck"):
            return list(s.locations[location].deck) if location else [c for l in s.locations.values() for c in l.deck]
        if zone == "crisis":
            return [c for c, _ in s.crisis_added]
        if zone == "crisis_deck":
            return list(s.crisis_deck)
        if zone == "storage":                  # a pile too: top last, listed top first
            return s.storage[::-1]
        if zone == "following":
            return list(s.player(owner).survivors[1:]) if owner else []
        return []

    def take_out(self, card: str) -> None:
        """Lift a card from whatever zone holds it."""
        s = self.s
        for p in s.players:
            if card in p.hand:
                p.hand.remove(card)
                return
        for pile in (s.waste, s.removed, s.crossroads, s.storage):
            if card in pile:
                pile.remove(card)
                return
        for loc in s.locations.values():
            if card in loc.deck:
                loc.deck.remove(card)
                return
        for v in s.survivors.values():
            if card in v.equipped:
                v.equipped.remove(card)
                return

    def do_draw_cards(self, zone, owner, location, count, player, src):
        s = self.s
        if zone == "survivor_deck":
            drawn = s.survivor_deck[:count]
            self.drawn = drawn
            return drawn
        pile = s.locations[location].deck if location else (s.waste if zone == "waste_pile" else [])
        drawn = pile[:count]
        del pile[:count]
        s.player(player).hand.extend(drawn)
        self.log("drew", {"player": player, "count": len(drawn)}, src)
        self.log("drew_cards", {"player": player, "cards": drawn}, src, private_to=player)
        return drawn

    def do_take_cards(self, zone, owner, location, cards, player, src):
        for c in cards:
            if c in self.s.survivors:
                continue
            self.take_out(c)
            self.s.player(player).hand.append(c)
        if location:
            self.rng.shuffle(self.s.locations[location].deck)   # "After searching a deck, shuffle it" (seed 004)
        self.log("took", {"player": player, "count": len(cards), "from": zone}, src)

    def do_move_cards(self, cards, zone, owner, src):
        for c in cards:
            if zone == "following" and c in self.s.survivors:    # a survivor drawn from the deck joins
                self.do_add_survivor(c, owner, src)
                continue
            if c not in self.s.cards:
                continue
            self.take_out(c)
            if zone == "hand":                                    # "put the played card in your hand"
                self.s.player(owner).hand.append(c)
                continue
            {"waste_pile": self.s.waste, "removed": self.s.removed, "storage": self.s.storage}.get(
                zone, self.s.removed).append(c)

    def do_arrange(self, zone, owner, location, cards, src):
        """The top cards of a deck go back in the order given (top first)."""
        deck = {"crisis_deck": self.s.crisis_deck, "survivor_deck": self.s.survivor_deck}.get(zone)
        if deck is None and zone in ("location_deck", "item_deck") and location:
            deck = self.s.locations[location].deck
        if deck is None or sorted(deck[:len(cards)]) != sorted(cards):
            raise ValueError(f"arrange: {cards} are not the top cards of {zone}")
        deck[:len(cards)] = list(cards)

    def do_equip(self, card, survivor, player, src):
        """An item card equipped to a survivor in play (seed 004, Play a Card); any other card stays put."""
        d = self.card_def(card) if card in self.s.cards else {}
        v = self.s.survivors.get(survivor)
        if d.get("kind") != "item" or not any(ab.get("use") == "equip" for ab in d.get("abilities", [])[:1]) \
                or v is None or v.place != "play":
            return
        self.take_out(card)
        v.equipped.append(card)
        self.game.register(card, survivor)

    def do_give_cards(self, cards, player, src):
        for c in cards:
            self.take_out(c)
            self.s.player(player).hand.append(c)

    def do_take_pot(self, cards, player, src):
        """A pot's staked cards, from the hands they were staked from, to the taker's hand."""
        self.do_give_cards(cards, player, src)

    def do_look_at(self, things, player, src):
        self.log("saw", {"things": list(things)}, src, private_to=player)
