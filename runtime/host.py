"""The host protocol: everything the interpreter needs from a game state.

The interpreter handles control flow, choices, costs, dice and bookkeeping; it
reads and changes the game only through these methods. The reference engine is
one host; any other engine implements the same class (runtime/minimal_host.py,
``dow.runtime.minimal_host.MinimalHost``, is a second, minimal host in plain
dictionaries that proves the protocol is enough on its own; docs/embedding.md).

Things are named by string ids the host chooses (a survivor "s:sparky", a location
"colony", a player "p1", a card "c:17"). Places for tokens are a location id, a
survivor id, or "supply:<player>" / "bullets:<player>".

Three hooks are optional and not methods of ``Host``: the interpreter asks for them with
``getattr`` and does without them. ``scope(kind, selector, env, pool)`` narrows the things a
selector looks at; ``find_named(kind, name, anywhere)`` finds a named card's thing without a scan
of every thing's name; ``ignore_offers(face)`` lists the costs of the rules in force that let a
player ignore an exposure die's face (docs/embedding.md says what each must return).
"""
from __future__ import annotations

from typing import Any


class Host:
    """Base class of a game state the interpreter can drive; every method must be overridden."""

    # ---- queries -----------------------------------------------------------------
    def things(self, kind: str) -> list[str]:
        """Every thing of a kind in play: 'survivor', 'location', 'player', 'card', 'die'; 'any_survivor'
        is every survivor in play or out of it (a host that cannot tell returns the ones in play or none)."""
        raise NotImplementedError

    def attr(self, thing: str, name: str) -> Any:
        """A fact about a thing. Survivors: location, controller, exiled, helpless, influence, attack,
        search, group_leader, in_play, in_survivor_deck, armed, killed, colony. Locations: colony (bool),
        searches (how many search actions it has had this game).
        Players: colony, active, first (the first player, who breaks ties), exiled, vote_weight. Cards: type, zone, owner, equipped_to (the survivor it is equipped to). Dice: used, value, owner.
        Locations: entrance_zombies and entrance_barricades (one number per entrance, in order; None from a host
        that keeps no entrances, whose location counts as one entrance). Unknown facts: None."""
        raise NotImplementedError

    def cards_in(self, zone: str, owner: str | None, location: str | None) -> list[str]:
        """Cards in a zone: hand, waste_pile, removed, following, survivor_deck, item_deck,
        location_deck (of ``location``), crisis, crisis_deck, crossroads_deck, dead_survivors (the survivors
        killed, out of play, by id; their order is the order they died in), storage (the cards a main objective
        keeps beside the board); games with other decks name them too (Winter
        Tricks: relic_deck, event_deck, resource_deck, expedition_deck, market). Decks and piles are
        listed top card first ("the top 4 cards of a deck" are the first four; a pile's top is the card
        put there last, so "the last 2 cards removed from the game" are the first two of ``removed``)."""
        raise NotImplementedError

    def zombies(self, location: str) -> int:
        """How many zombies are at a location."""
        raise NotImplementedError

    def tokens(self, token: str, place: str) -> int:
        """How many tokens of a kind (noise, barricade, helpless, food, bullet, despair, wound, frostbite) at a
        place: a location (``storage`` too), a survivor, a card that keeps wounds, or a supply."""
        raise NotImplementedError

    def morale(self, player: str, enemy: bool = False) -> int:
        """The morale of the player's colony (or of the enemy colony)."""
        raise NotImplementedError

    def round(self) -> int:
        """The round track."""
        raise NotImplementedError

    def round_number(self) -> int:
        """The number of the round being played, counted from 1 at the game's first round."""
        raise NotImplementedError

    def happened(self, event: dict[str, Any], env: dict[str, Any]) -> bool:
        """Whether an event matching the pattern happened in the triggering action (e.g. a fuel card played)."""
        raise NotImplementedError

    def tactic_played(self, who: str, name: str, player: str) -> bool:
        """Whether a colony leader ('you' or 'enemy') played the named tactic in this warfare."""
        raise NotImplementedError

    def place(self, location: str, player: str) -> str:
        """The location a card's location id names for a player. A game with one colony returns the id
        as it is; a game with two colonies names "colony" and "enemy_colony" from the player's side.
        The only method with a default."""
        return location

    def can_pay(self, cost: dict[str, Any], player: str) -> bool:
        """Whether a cost node (spend_die, spend_tokens, spend_cards) can be paid now."""
        raise NotImplementedError

    # ---- actions -------------------------------------------------------------------
    def apply(self, action: str, params: dict[str, Any], src: dict[str, Any]) -> Any:
        """Change the game. ``action`` is one of ACTIONS; ``params`` are resolved ids and numbers.
        Returns a value for actions that produce one (the cards drawn, the die spent …)."""
        raise NotImplementedError

    def add_rule(self, node: dict[str, Any], env: dict[str, Any]) -> None:
        """Keep a continuous rule (trigger, phase, lasting, while, forbid, exempt, modify, replace,
        extra_goal, copy_abilities, attach) in force with its bindings; the host consults it while the game runs.
        A ``lasting`` rule of duration ``action`` holds for the action that triggered it only."""
        raise NotImplementedError

    def log(self, event: str, params: dict[str, Any], src: dict[str, Any], private_to: str | None = None) -> None:
        """Record a structured event; ``private_to`` marks a line only that player may see."""
        raise NotImplementedError


#: the actions a host's ``apply`` receives, with the params each gets
ACTIONS = {
    "kill_zombies": "location, count", "add_zombies": "location, count", "remove_zombies": "location, count",
    "move_zombies": "source, target, count", "add_tokens": "token, place, count, player",
    "remove_tokens": "token, place, count", "fill_noise": "location", "change_morale": "player, amount",
    "wound": "survivor (or a card that keeps wounds), kind, count", "heal": "survivor, kind, count", "kill_survivor": "survivor, morale (optional: 'kept', the death costs no morale)",
    "remove_from_game": "thing", "spread_bite": "survivor", "place_survivor": "survivor, location",
    "move_survivor": "survivor, location", "draw_cards": "zone, owner, location, count, player",
    "take_cards": "zone, owner, location, cards, player",
    "move_cards": "cards, zone, owner, location (a location deck's, only when the zone is one), position (only when "
                  "the text says: top or bottom, the cards go on top of or at the bottom of the deck or pile, the "
                  "first card given uppermost; without it, on top of a pile, into a hand; a card goes into a deck "
                  "of its own kind only: an item into an item deck, a crisis into the crisis deck, a survivor into "
                  "the survivor deck, any other card stays where it is)",
    "give_cards": "cards, player", "look_at": "things, player", "add_survivor": "survivor, player",
    "change_die": "die, amount", "set_die": "die, value", "spend_dice": "player, count",
    "pay": "cost, player", "combat_strength": "player, amount", "end_warfare": "", "skip_warfare": "location",
    "exile_vote": "player, target", "end_game": "", "fail_objective": "(the game ends: the main objective has failed)", "skip_exposure": "", "skip_die_raise": "", "manual": "instruction, player",
    "use_limit": "key, per (returns whether this use is still allowed, and counts it)",
    "attach": "card, survivor",
    "take_pot": "cards, player (every staked card, from the hands of those who staked it, to that player's hand)",
    "damage": "player, amount", "reveal_cards": "zone, owner, location, count, player",
    "make_leader": "survivor, player",
    "equip": "card, survivor, player (an item card equipped to a survivor; one that cannot be equipped stays)",
    "skip_crisis": "(the revealed crisis has no effect at this round's resolve crisis step)",
    "return_crisis": "where (top or bottom: the revealed crisis goes back into the crisis deck)",
    "arrange": "zone, owner, location, cards (the deck's top cards, in their new order, top first)",
    "shuffle": "zone, owner, location, cards (every card of the zone, in its new order, top first: the "
               "interpreter shuffles them with its random generator, so the host only lays them in that order)",
    "bring_back": "things, zone, player (what is out of play comes back: a dead survivor into play, into the "
                  "player's following, zone following, at the colony, or at a non-colony location when the player "
                  "is exiled; a card removed from the game into the player's hand, zone hand; anything that is not "
                  "out of play stays where it is)",
    "perform": "survivor, action, player, target (the survivor takes the action by the usual rules; no action "
               "die is spent for it; target, only when the card names whom an attack is aimed at: survivor ids)",
}
