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
    leave_play: Callable[..., None]
    enter_play: Callable[..., None]
    exile_place: Callable[[], str]
    pending: list

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
        if zone == "crossroads_deck":
            return list(s.crossroads)
        if zone == "dead_survivors":           # the survivors killed, in the order they died
            return list(s.dead)
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
        for pile in (s.waste, s.removed, s.crossroads, s.storage, s.crisis_deck):
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
        if card == s.crisis:               # the revealed crisis leaves: this round has none (as when put back,
            for added, player in s.crisis_added:          # the cards given to it go back to their hands)
                s.player(player).hand.append(added)
            s.crisis_added.clear()
            s.crisis = None

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

    def pile(self, zone: str, location: str | None) -> tuple[list[str], bool] | None:
        """The list that holds a deck's or a pile's cards, and whether it is kept top first (decks) or top
        last (piles: the card put there last is on top); None for a zone that is neither."""
        s = self.s
        decks = {"crisis_deck": s.crisis_deck, "crossroads_deck": s.crossroads, "survivor_deck": s.survivor_deck}
        if zone in decks:
            return decks[zone], True
        if zone in ("location_deck", "item_deck") and location:
            return s.locations[location].deck, True
        piles = {"waste_pile": s.waste, "removed": s.removed, "storage": s.storage}
        return (piles[zone], False) if zone in piles else None

    def fits(self, card: str, zone: str) -> bool:
        """Whether a card can go into a zone: a deck takes cards of its own kind only (an item deck items, the
        crisis deck crises, the crossroads deck crossroads cards, the survivor deck survivors); piles, hands and
        storage take any card."""
        if card in self.s.survivors:
            return zone in ("survivor_deck", "following")
        if card not in self.s.cards:
            return False
        kind = {"crisis_deck": "crisis", "crossroads_deck": "crossroads", "location_deck": "item",
                "item_deck": "item"}.get(zone)
        return zone != "survivor_deck" and (kind is None or self.card_def(card).get("kind") == kind)

    def do_move_cards(self, cards, zone, owner, src, location=None, position=None):
        """Cards into a zone: on top of a pile, into a hand; with ``position``, on top of (``top``) or at the
        bottom of (``bottom``) a deck or pile, the first card given uppermost. A card that does not fit the
        zone stays where it is; a survivor in play put into the survivor deck leaves play first."""
        s = self.s
        placed: list[str] = []
        for c in cards:
            if zone == "following" and c in s.survivors:    # a survivor drawn from the deck joins
                self.do_add_survivor(c, owner, src)
                continue
            if position is not None and not self.fits(c, zone):
                continue
            if c in s.survivors:                    # only into the survivor deck, where the text says
                v = s.survivors[c]
                if position is None or zone != "survivor_deck":
                    continue
                if v.place == "play":
                    self.leave_play(c, "deck")          # it goes to the bottom; placed below
                if v.place != "deck":
                    continue
                s.survivor_deck.remove(c)
                placed.append(c)
                continue
            if c not in s.cards:
                continue
            self.take_out(c)
            if position is not None:
                placed.append(c)
            elif zone == "hand":                                    # "put the played card in your hand"
                s.player(owner).hand.append(c)
            else:
                {"waste_pile": s.waste, "removed": s.removed, "storage": s.storage}.get(zone, s.removed).append(c)
        held = self.pile(zone, location) if placed else None
        if held is not None:
            lst, top_first = held
            ordered = placed if top_first else placed[::-1]      # the first card given ends uppermost
            if (position == "top") == top_first:
                lst[0:0] = ordered
            else:
                lst.extend(ordered)

    def do_shuffle(self, zone, owner, location, cards, src):
        """A deck in the order the interpreter drew (top first): the same cards, shuffled."""
        held = self.pile(zone, location)
        if held is None or sorted(held[0]) != sorted(cards):
            raise ValueError(f"shuffle: {cards} are not the cards of {zone}")
        lst, top_first = held
        lst[:] = list(cards) if top_first else list(cards)[::-1]

    def do_bring_back(self, things, zone, player, src):
        """What is out of play comes back: a dead survivor into play, in the player's following (at the colony;
        an exiled player's at a non-colony location of their choice, seed 004, Exile); a card removed from the
        game into the player's hand. Anything else stays where it is."""
        s = self.s
        for t in things:
            if t in s.survivors and t in s.dead and zone == "following":
                exiled = s.player(player).exiled
                if not exiled and self.colony_full(player):     # no empty survivor space: it stays dead
                    self.log("colony_full_survivor", {"location": self.place("colony", player), "survivor": t}, src)
                    continue
                s.dead.remove(t)
                self.enter_play(t, player, "colony" if not exiled else self.exile_place())
                if exiled:
                    self.pending.append(("place_exiled", t, player))
            elif t in s.cards and t in s.removed and zone == "hand":
                s.removed.remove(t)
                s.player(player).hand.append(t)

    def do_arrange(self, zone, owner, location, cards, src):
        """The top cards of a deck go back in the order given (top first)."""
        held = self.pile(zone, location)
        deck = held[0] if held is not None and held[1] else None
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
