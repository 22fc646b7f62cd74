"""What one player sees at the table, and nothing more: the bots read the game through this.

Public: morale, the round track, the supply, the waste pile's size, the crisis card and how many cards
were added to it (and by whom), the main objective, every location's zombies, barricades, noise and
deck size, every survivor in play (location, wounds, equipped items), each player's hand size and
exile, and the public log. Private to the player: its own hand, its action dice, its own secret
objective, the cards it added to the crisis, and the log lines meant for it. Never: other hands, deck
order, other players' secret objectives, the crossroads card another player holds.
"""
from __future__ import annotations

import math
from typing import Any

from ..state import Location, Survivor


class View:
    """Player ``me``'s view of ``game`` (a base game or a Warring Colonies game)."""

    def __init__(self, game: Any, me: str):
        self._game, self.me = game, me
        self._seen = 0

    # ---- public ---------------------------------------------------------------------------
    @property
    def morale(self) -> int:
        """The colony's morale."""
        return self._game.state.morale

    @property
    def rounds_left(self) -> int:
        """Rounds left on the round track."""
        return self._game.state.round

    @property
    def food(self) -> int:
        """Food tokens in the supply."""
        return self._game.state.food

    @property
    def starvation(self) -> int:
        """Starvation tokens in the supply."""
        return self._game.state.starvation

    @property
    def waste(self) -> int:
        """Cards in the waste pile."""
        return len(self._game.state.waste)

    @property
    def rules(self) -> dict:
        """The ruleset the game plays by."""
        return self._game.rules

    def card(self, instance_or_id: str) -> dict:
        """A card's printed data (public for any card face up, or in the player's own hand)."""
        if instance_or_id in self._game.defs:
            return self._game.defs[instance_or_id]
        return self._game.host.card_def(instance_or_id)

    @property
    def crisis(self) -> dict | None:
        """The crisis card in play, or None."""
        s = self._game.state
        return self.card(s.crisis) if s.crisis else None

    @property
    def crisis_added(self) -> int:
        """How many cards are face down on the crisis (public); whose they are is public too."""
        return len(self._game.state.crisis_added)

    def crisis_added_by(self, player: str) -> int:
        """How many cards ``player`` added to the crisis."""
        return sum(1 for _, p in self._game.state.crisis_added if p == player)

    def crises_to_come(self) -> dict[str, int]:
        """The item kinds the crises still in the crisis deck take, with how many of them take each: public, as
        the deck is every crisis card of the game less those revealed (its order is not read)."""
        s = self._game.state
        kinds: dict[str, int] = {}
        for c in s.crisis_deck:
            for t in self.card(c).get("prevent") or []:
                kinds[t] = kinds.get(t, 0) + 1
        return kinds

    def my_crisis_cards(self) -> list[str]:
        """The cards this player put on the crisis (it knows them; nobody else does)."""
        return [c for c, p in self._game.state.crisis_added if p == self.me]

    @property
    def objective(self) -> dict:
        """The main objective card."""
        return self.card(self._game.state.objective)

    @property
    def players(self) -> list[str]:
        """Every player, in seat order."""
        return [p.id for p in self._game.state.players]

    def exiled(self, player: str) -> bool:
        """Whether ``player`` is exiled."""
        return self._game.state.player(player).exiled

    def hand_size(self, player: str) -> int:
        """How many cards ``player`` holds."""
        return len(self._game.state.player(player).hand)

    @property
    def active_players(self) -> int:
        """Players not exiled."""
        return sum(1 for p in self._game.state.players if not p.exiled)

    def location(self, lid: str) -> Location:
        """A location's public tokens (its deck's order is not read: only ``deck_size``)."""
        return self._game.state.locations[lid]

    def deck_size(self, lid: str) -> int:
        """Cards left in a location's item deck."""
        return len(self._game.state.locations[lid].deck)

    @property
    def location_ids(self) -> list[str]:
        """Every location's id."""
        return list(self._game.state.locations)

    def survivor(self, sid: str) -> Survivor:
        """A survivor's public card and tokens."""
        return self._game.state.survivors[sid]

    def survivors_at(self, lid: str) -> list[Survivor]:
        """The survivors in play at a location."""
        return self._game.state.survivors_at(lid)

    def attr(self, sid: str, name: str) -> int:
        """A survivor's attack, search or influence with the rules in force (public)."""
        return self._game.host.attr(sid, name)

    def ability_card(self, sid: str, index: int) -> str:
        """The card id of a survivor's ``index``-th usable ability (its own, then those it shares; public)."""
        card, _ = self._game.host.abilities_of(sid)[index]
        return self.card(card)["id"]

    def group(self, player: str) -> list[str]:
        """A player's survivors in play (public)."""
        return list(self._game.state.player(player).survivors)

    def colony_count(self) -> int:
        """Survivors at the colony, helpless ones included."""
        s = self._game.state
        return len(s.survivors_at("colony")) + s.locations["colony"].helpless

    def food_needed(self) -> int:
        """Food the colony eats at the next colony phase (1 per 2 survivors there, rounded up)."""
        return math.ceil(self.colony_count() / self.rules["food"]["survivors_per_food"])

    def new_lines(self) -> list[dict]:
        """Log lines this player may see, added since the last call."""
        lines = self._game.log.lines
        fresh = [line for line in lines[self._seen:] if line.get("private_to") in (None, self.me)]
        self._seen = len(lines)
        return fresh

    # ---- private to this player -------------------------------------------------------------
    @property
    def hand(self) -> list[str]:
        """This player's hand."""
        return list(self._game.state.player(self.me).hand)

    @property
    def dice(self) -> list[int]:
        """This player's unused action dice."""
        return list(self._game.state.player(self.me).unused)

    @property
    def secret(self) -> dict:
        """This player's own secret objective card."""
        return self.card(self._game.state.player(self.me).secret)

    @property
    def betrayer(self) -> bool:
        """Whether this player's own secret objective is a betrayal."""
        return self._game._betrayal(self.secret)

    @property
    def my_survivors(self) -> list[str]:
        """This player's survivors in play."""
        return self.group(self.me)
