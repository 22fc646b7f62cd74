"""The surface forms of the effect language: how each node kind is written, with typed slots.

A form is a template of words and slots. ``"kill {count:zombies} {at:where}"`` says: the word
"kill", then a count of zombies (the node's ``count``), then where (its ``at``). A slot's type
is a phrase of the grammar (dsl/phrases.lark and the rules dsl/grammar.py generates): any
phrase of that type fits, so every form takes every survivor phrase, every count, every place.
``(in|into)`` is a choice of words that mean the same.

Each form is one alternative of a grammar rule (its ``role``):

* ``step``: an action; its first word is the verb, written as a command ("draw 2 cards …") or,
  after a player phrase, in the third person ("each player draws 2 cards …");
* ``subject``: an action or a standing rule with its own subject ("this survivor cannot move");
* ``header``: what opens a block ("once per round", "when EVENT");
* ``test``, ``expr``: conditions and numbers; ``event``: what a trigger waits for.

``build`` makes the node from the slots (a dict of constants plus the slots by name, or a
function for the few forms whose node is not that). Forms are numbered in the order of this
table; the grammar names each ``form_<n>`` and dsl/build.py finds it by that number.
"""
from __future__ import annotations

import copy
from typing import Any, Callable

from . import lexicon as L
from .errors import BuildError, Said
from .event_forms import EVENTS
from .form_kit import F, Form, NoNegative, negatives, op

YOUR_HAND = {"op": "zone", "zone": "hand"}
THIS_CARD = {"op": "ref", "name": "this_card", "kind": "card"}


# ---- zones: the verbs of dsl/lexicon.py's ZONE_VERBS, on whatever zone a slot names -----------------

def zone_in(value: Any) -> dict | None:
    """The zone a phrase reaches into: a zone itself ("the waste pile", "the top 3 cards of the crisis deck"),
    or the zone a description's filter names ("a card in the waste pile", "a dead survivor"); zombies stand in
    a location's entrances. None for a phrase that names no zone (a reference, a name)."""
    if not isinstance(value, dict):
        return None
    if value.get("op") == "zone":
        return value
    if value.get("op") == "select_of":
        for f in value.get("filters", ()):
            zone = f.get("zone")
            if f.get("op") == "in_zone" and isinstance(zone, dict) and zone.get("op") == "zone":
                return zone
        if value.get("kind") == "zombie":
            return {"op": "zone", "zone": "entrances"}
    return None


def zone_row(zone: dict) -> str | None:
    """The zone's row of ZONE_VERBS ("an item deck" is a location's deck), or None for a zone it leaves to
    its own forms (storage, a following, Winter Tricks' decks …)."""
    name = "location_deck" if zone.get("zone") == "item_deck" else zone.get("zone")
    return name if name in L.ZONE_VERBS else None


def allow(s: dict, field: str, verb: str) -> dict | None:
    """Refuse, at the words of slot ``field``, what ZONE_VERBS refuses: ``verb`` on the zone the slot
    reaches into (with the table's reason), the top cards of a zone that has no top (a hand), or a
    face-down deck looked at or chosen from past its top cards (a random card is chosen unseen). Returns
    the zone, or None."""
    value = s[field]
    zone = zone_in(value)
    row = zone_row(zone) if zone is not None else None
    if row is None:
        return zone
    words = s["_text"].get(field, "")
    where = (value.get("pos") or s["_start"], max(len(words), 1))
    rule = L.ZONE_VERBS[row][verb]
    if isinstance(rule, L.Refused):
        raise BuildError("T008", "T008.zone-verb", where[0], width=where[1], words=words,
                         reason=Said(f"zone-verb.{row}.{verb}"))
    if "top" in zone and isinstance(L.ZONE_VERBS[row]["put_top"], L.Refused):
        raise BuildError("T008", "T008.zone-verb", where[0], width=where[1], words=words,
                         reason=Said(f"zone-verb.{row}.put_top"))
    if rule.top and "top" not in zone and not _random(value):
        raise BuildError("T008", "T008.deck-top", where[0], width=where[1], words=words)
    return zone


def _whole(s: dict, field: str) -> None:
    """A verb that acts on a whole deck or pile (shuffle it, put cards on it) refuses some of its cards."""
    value = s[field]
    if isinstance(value, dict) and value.get("op") == "zone" and "top" in value:
        words = s["_text"].get(field, "")
        raise BuildError("T008", "T008.whole-zone", value.get("pos") or s["_start"], width=max(len(words), 1),
                         words=words)


def _random(value: dict) -> bool:
    return any(f.get("op") == "state" and f.get("is") == "random" for f in value.get("filters", ()))


#: the rows of ZONE_VERBS whose cards lie in an order a card must say where in (decks)
DECKS = ("location_deck", "survivor_deck", "crisis_deck", "crossroads_deck")


def _put_at(position: str) -> Callable[[dict], dict]:
    """'put the chosen card on top of the crisis deck', '… at the bottom of the police station deck'."""
    def build(s: dict) -> dict:
        allow(s, "to", "put_top" if position == "top" else "put_bottom")
        _whole(s, "to")
        return {"op": "move_cards", "cards": s["cards"], "to": s["to"], "position": position}
    return build


def _shuffle(s: dict) -> dict:
    """'shuffle the survivor deck': every card of a deck in a new order."""
    allow(s, "zone", "shuffle")
    _whole(s, "zone")
    return {"op": "shuffle", "zone": s["zone"]}


def _bring_back(s: dict) -> dict:
    """'bring a dead survivor back into play' (into your following, at the colony), 'bring the last card removed
    from the game back into your hand': what is out of play comes back."""
    allow(s, "what", "bring_back")
    to = s.get("to") or {"op": "zone", "zone": "following", "owner": {"op": "you", "pos": s["_start"]},
                         "pos": s["_start"]}
    if to.get("zone") != "hand" and "to" in s:
        words = s["_text"].get("to", "")
        raise BuildError("T008", "T008.back-into-hand", to.get("pos") or s["_start"], width=max(len(words), 1),
                         words=words)
    return {"op": "bring_back", "what": s["what"], "to": to}


def _arrange(s: dict) -> dict:
    """'arrange the top 3 cards of the crisis deck in any order': the top cards of a deck, seen and put back."""
    zone = allow(s, "cards", "arrange")
    if zone is None or zone is not s["cards"] or "top" not in zone:
        words = s["_text"].get("cards", "")
        raise BuildError("T008", "T008.arrange-top", s["cards"].get("pos") or s["_start"], width=max(len(words), 1),
                         words=words)
    return {"op": "arrange", "cards": s["cards"]}


def _look(s: dict) -> dict:
    allow(s, "what", "look")
    return {"op": "look_at", **{k: s[k] for k in ("what", "by") if k in s}}


def _choose(s: dict) -> dict:
    allow(s, "selector", "choose")
    return {"op": "select", "bind": "chosen", "chooser": "you", "selector": s["selector"]}


def _count(s: dict) -> dict:
    allow(s, "selector", "count")
    return {"op": "count_of", "selector": _mode(s["selector"], "all")}


def _take_to_hand(s: dict) -> dict:
    allow(s, "from", "take")
    return {"op": "take_cards", **s["cards"], "from": s["from"], "to": dict(YOUR_HAND)}


def _take_named(s: dict) -> dict:
    """'take the last 2 cards removed from the game': named cards into your hand."""
    allow(s, "cards", "take")
    return {"op": "move_cards", "cards": s["cards"], "to": dict(YOUR_HAND)}


def _put_cards(s: dict) -> dict:
    """Cards put somewhere; cards described in someone's pile put into your hand are taken from it ("put a
    random card in the hand of another player in your hand": that player is picked first). A deck's cards
    are in order: a card put there goes on its top or at its bottom, as the text says; a pile's goes on top."""
    cards, to = s["cards"], s["to"]
    _whole(s, "to")
    row = zone_row(to) if to.get("op") == "zone" else None
    if row in DECKS:
        words = s["_text"].get("to", "")
        raise BuildError("T008", "T008.deck-into", to.get("pos") or s["_start"], width=max(len(words), 1),
                         words=words)
    if row == "hand":
        allow(s, "cards", "take")
    elif row is not None:
        allow(s, "to", "put_top")
    source = next((f["zone"] for f in cards.get("filters", []) if f.get("op") == "in_zone"), None) \
        if cards.get("op") == "select_of" else None
    if to.get("zone") == "hand" and to.get("owner", {}).get("op") == "you" and source is not None:
        quantity = cards["quantity"]
        count = {"one": 1, "count": quantity.get("n")}.get(quantity["mode"], {"op": "all_count"})
        return {"op": "take_cards", "count": count, "filters": cards["filters"], "from": copy.deepcopy(source),
                "to": to}
    return {"op": "move_cards", "cards": cards, "to": to}


def _refuse(code: str, msg_id: str, hint: str = "", at: str = "_start", **params: Any) -> Callable[[dict], dict]:
    """A sentence the language says another way: refused, with the words it takes instead."""
    def build(s: dict) -> dict:
        pos = s["_words"].get(at) if at != "_start" else s["_start"]
        raise BuildError(code, msg_id, pos or s["_start"], hint=(hint, {}) if hint else None, **params)
    build.refusal = (code, msg_id, hint)        # type: ignore[attr-defined]  (the reference lists it)
    return build


def _one(value: dict) -> bool:
    """Whether a survivor phrase names one thing already (a name, a reference), not a description."""
    return value.get("op") in ("named", "?ref", "ref")


def _has_wounds(s: dict) -> dict:
    """'a survivor you control has 2 or more wounds' (there is one with them), 'the moved survivor has no
    wounds' (the wounds on it, counted; a frostbite wound is a wound, seed 004)."""
    subject, wounds = s["subject"], s["wounds"]
    if not _one(subject):
        if subject["quantity"]["mode"] in ("each", "all"):
            raise BuildError("T002", "T002.has-wounds-each", subject["pos"], hint=("hint.has-wounds-each", {}))
        selector = {**subject, "filters": [*subject["filters"], wounds]}
        least = subject["quantity"].get("n", 1) if subject["quantity"]["mode"] == "at_least" else 1
        return {"op": "exists", "selector": selector, "min": least}
    pos = wounds.get("pos")
    tokens = {"op": "select_of", "kind": "token", "quantity": {"mode": "all"}, "pos": pos,
              "filters": [{"op": "token_type", "type": "wound", "pos": pos}, {"op": "on", "thing": subject, "pos": pos}]}
    count = {"op": "count_of", "selector": tokens, "pos": pos}
    lo, hi = wounds["min"], wounds.get("max")
    if hi == 0:
        tests = [(0, "eq")]
    else:
        tests = [(lo, "ge")] if lo > 0 or hi is None else []
        if hi is not None:
            tests.append((hi, "le"))
    nodes = [{"op": "compare", "left": copy.deepcopy(count), "cmp": cmp,
              "right": {"op": "number", "value": n, "pos": pos}, "pos": pos} for n, cmp in tests]
    return nodes[0] if len(nodes) == 1 else {"op": "all", "items": nodes}


def _you_have(negate: bool) -> Callable[[dict], dict]:
    """'you have no cards in your hand', 'you have 2 or more food cards in your hand': there are (none of)
    them. A card is had in a hand; a survivor is controlled."""
    def build(s: dict) -> dict:
        what = s["what"]
        if not any(f.get("op") == "in_zone" for f in what.get("filters", [])):
            raise BuildError("T002", "T002.you-have", s["_start"], hint=("hint.you-have-hand", {}),
                             thing=s["_text"].get("what", ""))
        if what["quantity"]["mode"] == "?":
            what = {**what, "quantity": {"mode": "one"}}
        least = what["quantity"].get("n", 1) if what["quantity"]["mode"] == "at_least" else 1
        node = {"op": "exists", "selector": what, "min": least}
        return {"op": "not", "item": node} if negate else node
    return build


def _discard(s: dict) -> dict:
    """'discard a random card from your hand': the cards go from a hand to the waste pile (seed 004)."""
    hand = s["from"]
    if hand.get("zone") != "hand":
        raise BuildError("T001", "T001.discard-from-hand", hand["pos"], hint=("hint.discard-hand", {}),
                         thing=s["_text"].get("from", ""))
    cards = s["cards"]
    quantity = cards.pop("_quantity", {"mode": "one"})
    selector = {"op": "select_of", "kind": "card", "quantity": quantity,
                "filters": [*cards["filters"], {"op": "in_zone", "zone": hand, "pos": hand["pos"]}]}
    return {"op": "move_cards", "cards": selector, "to": {"op": "zone", "zone": "waste_pile"}}


def _give(s: dict) -> dict:
    """'give 2 cards to you': cards a player gives come from their hand (when no other pile is named)."""
    cards = s["cards"]
    if any(f.get("op") in ("in_zone", "equipped_to") for f in cards["filters"]):
        raise BuildError("T006", "T006.duplicate-filter", s["_start"], words="in")
    quantity = cards.pop("_quantity", {"mode": "one"})
    selector = {"op": "select_of", "kind": "card", "quantity": quantity,
                "filters": [*cards["filters"], {"op": "in_zone", "_implicit": True,
                                                "zone": {"op": "zone", "zone": "hand",
                                                         "owner": {"op": "you", "_implicit": True}}}]}
    return {"op": "give_cards", "cards": selector, "to": s["to"]}


def _place_survivor(s: dict) -> dict:
    target = s["target"]
    if target.get("op") == "select_of" and any(f.get("op") == "in_zone" and f["zone"].get("zone") == "survivor_deck"
                                               for f in target["filters"]):
        raise BuildError("T002", "T002.deck-survivor-joins", target["pos"], hint=("hint.deck-survivor-joins", {}))
    return {"op": "place_survivor", "target": target, "at": s["at"]}


def _spend_both(s: dict) -> dict:
    """'spend a fuel card and a food card': two cards of different kinds, each its own cost item (the
    header's list of costs takes the items in their place)."""
    return {"op": "_costs", "items": [{"op": "spend_cards", **s["cards"], "pos": s["_words"]["spend"]},
                                      {"op": "spend_cards", **s["more"]}]}


#: what the players can pay between them: each puts in part of it
SHARED_COSTS = ("spend_cards", "spend_die")


def _held_cards(cost: dict) -> dict:
    """'remove 2 medicine cards (in their hand) from the game' among costs the players share: each puts in
    cards of their own hand, which leave the game (spent cards out of the game, not to the waste pile)."""
    target = cost.get("target") or {}
    filters = target.get("filters", [])
    in_hand = [f for f in filters if f.get("op") == "in_zone" and f["zone"].get("zone") == "hand"]
    elsewhere = [f for f in filters if f.get("op") == "in_zone" and f not in in_hand]
    if cost["op"] != "remove_from_game" or target.get("op") != "select_of" or target.get("kind") != "card" \
            or elsewhere or target["quantity"].get("mode") not in ("one", "count"):
        return cost             # a shared cost's cards come from the payers' hands, said or not
    count = target["quantity"].get("n", 1)
    return {"op": "spend_cards", "count": count, "filters": [f for f in filters if f not in in_hand], "to": "removed",
            "pos": cost["pos"]}


def _together(s: dict) -> dict:
    """'the players may together spend 3 fuel cards': a cost each player can put part of (cards, action
    dice, cards of their hands removed from the game); anything else (a wound, morale, a die raised)
    belongs to one payer and is refused."""
    s = {**s, "cost": [_held_cards(c) for c in s["cost"]]}
    for cost in s["cost"]:
        if cost["op"] not in SHARED_COSTS:
            raise BuildError("T002", "T002.together-not-shared", tuple(cost["pos"]))
        if not isinstance(cost.get("count"), int):      # "all unused action dice", "up to 3 cards": whose?
            raise BuildError("T002", "T002.together-counted", tuple(cost["pos"]))
    return {"op": "together", "cost": s["cost"]}


def _they_are(state: str) -> dict:
    """'the player to your left breaks a tie': a condition on the player ('they') the vote asks."""
    return {"op": "is", "subject": {"op": "ref", "name": "each", "kind": "player"}, "state": state}


def _ignore(s: dict) -> dict:
    """'any player may spend a medicine card to ignore a bitten result on the exposure die': a face that
    does something (bitten, wound, frostbite) can be ignored; a blank does nothing to ignore."""
    if s["face"] == "blank":
        raise BuildError("T002", "T002.ignore-blank", s["_start"])
    cost = [dict(c, pos=c.get("pos") or s["_words"].get("spend")) for c in s["cost"]]
    return {"op": "ignore_roll", "face": s["face"], "cost": cost}


def _per(s: dict) -> dict:
    return {"op": "lose_morale", "amount": {"op": "per", "amount": s["amount"], "n": s["n"],
                                            "selector": {**s["what"], "quantity": {"mode": "all"}, "pos": s["n"].pos},
                                            "round": s["round"]}}


FORMS: tuple[Form, ...] = (
    # ---- zombies ---------------------------------------------------------------------------------
    F("step", "kill {count:zombies} {at:where}", op("kill_zombies"), "kill 3 zombies here."),
    F("step", "kill {count:zombies} {at:where} instead of {instead_of:num}", op("kill_zombies"),
      "when this survivor attacks:\n  kill 2 zombies here instead of 1."),
    F("step", "add {count:zombies} to {at:location}", op("add_zombies"), "add 5 zombies to the colony."),
    F("step", "remove {count:zombies} from {at:location}", op("remove_zombies"),
      "remove all zombies from the grocery store."),
    F("step", "remove {count:zombies} sharing a location with {target:survivor}",
      lambda s: {"op": "remove_zombies", "count": s["count"],
                 "at": {"op": "location_of", "target": s["target"], "pos": s["_words"]["sharing"]}},
      "remove all zombies sharing a location with the chosen survivor."),
    F("step", "kill {count:zombies} sharing a location with {target:survivor}",
      lambda s: {"op": "kill_zombies", "count": s["count"],
                 "at": {"op": "location_of", "target": s["target"], "pos": s["_words"]["sharing"]}},
      "kill all zombies sharing a location with the chosen survivor."),
    F("step", "move {count:zombies} from {from:location} to {to:location}", op("move_zombies"),
      "move 4 zombies from any location to the colony."),
    # ---- tokens ----------------------------------------------------------------------------------
    F("step", "(add|place|put) {count:tokens.noise} (to|at|on) {to:location}", op("add_tokens", token="noise"),
      "add 2 noise tokens here.", tags=("payable",)),
    F("step", "(add|place|put) {count:tokens.noise} {to:here}", op("add_tokens", token="noise"), tags=("payable",)),
    F("step", "(add|place|put) {count:tokens.barricade} (to|at|on) {to:location}",
      op("add_tokens", token="barricade"), "place 4 barricades at the hospital."),
    F("step", "(add|place|put) {count:tokens.barricade} {to:here}", op("add_tokens", token="barricade"),
      "place a barricade here."),
    F("step", "(add|place|put) {count:tokens.barricade} {to:here} instead of {instead_of:num}",
      op("add_tokens", token="barricade"), "when this survivor barricades:\n  place 2 barricades here instead of 1."),
    F("step", "(add|place|put) {count:tokens.helpless} (to|at) {to:location}", op("add_tokens", token="helpless"),
      "add 1 helpless survivor to the colony.", prefer=1),
    F("step", "(add|put) {count:tokens.food} (to|in) {to:zone}", op("add_tokens", token="food"),
      "add 3 food to the supply."),
    F("step", "(add|put) {count:tokens.bullet} (to|in) {to:zone}", op("add_tokens", token="bullet"),
      "add 1 bullet to the bullet supply."),
    F("step", "(add|place|put) {count:tokens.despair} on {to:survivor}", op("add_tokens", token="despair"),
      "place a despair token on a survivor you control."),
    F("step", "remove {count:tokens.noise} from {from:location}", op("remove_tokens", token="noise")),
    F("step", "remove {count:tokens.barricade} from {from:location}", op("remove_tokens", token="barricade"),
      "remove all barricades from the colony."),
    F("step", "remove {count:tokens.helpless} from {from:location}", op("remove_tokens", token="helpless"),
      "remove 1 helpless survivor from the colony.", prefer=1),
    F("step", "remove {count:tokens.food} from {from:zone}", op("remove_tokens", token="food"),
      "remove 1 food from the supply.", tags=("payable",)),
    F("step", "remove {count:tokens.bullet} from {from:zone}", op("remove_tokens", token="bullet"), tags=("payable",)),
    F("step", "remove {count:tokens.despair} from {from:survivor}", op("remove_tokens", token="despair"),
      "remove a despair token from a survivor here."),
    F("step", "fill {at:location} with noise tokens", op("fill_noise"), "fill the police station with noise tokens."),
    # ---- morale ----------------------------------------------------------------------------------
    F("step", "gain {amount:count} morale", op("gain_morale"), "gain 1 morale."),
    F("step", "lose {amount:count} morale", op("lose_morale"), "lose 1 morale.", tags=("payable",)),
    F("step", "raise morale by {amount:num}", op("gain_morale"), "raise morale by 1."),
    F("step", "lower morale by {amount:num}", op("lose_morale"), "lower morale by 1.", tags=("payable",)),
    F("step", "lose {amount:num} morale for every {n:num} {what:bare} , rounding {round:rounding}", _per,
      "lose 1 morale for every 2 helpless survivors at the colony, rounding up.", tags=("per",)),
    # ---- wounds ----------------------------------------------------------------------------------
    F("step", "(place|add|put) {count:wounds.wound} (on|to) {target:survivor}", op("wound", kind="wound"),
      "place a wound on the chosen survivor.", tags=("payable",)),
    F("step", "(place|add|put) {count:wounds.frostbite} (on|to) {target:survivor}", op("wound", kind="frostbite"),
      "add a frostbite wound to the moved survivor.", tags=("payable",)),
    F("step", "(place|add|put) {count:wounds.wound} on {target:this_card}",
      op("wound", kind="wound"), "place a wound on this card."),
    F("subject", "{target:survivor} receives {count:wounds.wound}", op("wound", kind="wound"),
      "each survivor at the colony receives 1 wound."),
    F("subject", "{target:survivor} receives {count:wounds.frostbite}", op("wound", kind="frostbite")),
    F("step", "heal {count:wounds.wound} on {target:survivor}", op("heal", kind="wound"),
      "heal 1 wound on a survivor you control."),
    F("step", "heal {count:wounds.wound} of any kind on {target:survivor}", op("heal", kind="any"),
      "heal 1 wound of any kind on a survivor here."),
    F("step", "heal {count:wounds.frostbite} on {target:survivor}", op("heal", kind="frostbite")),
    F("step", "remove {count:wounds.wound} from {target:survivor}", op("heal", kind="wound"),
      "remove a wound from the chosen survivor."),
    F("step", "remove {count:wounds.wound} of any kind from {target:survivor}", op("heal", kind="any"),
      "remove a wound of any kind from this survivor."),
    F("step", "remove {count:wounds.frostbite} from {target:survivor}", op("heal", kind="frostbite")),
    # ---- survivors -------------------------------------------------------------------------------
    F("step", "kill {target:survivor}", op("kill_survivor"), 'kill "Sparky".', tags=("payable",)),
    F("step", "place {target:survivor} at {at:location}", _place_survivor,
      "place the moved survivor at the colony."),
    F("step", "move {target:survivor} to {to:location}", op("move_survivor"),
      "move the chosen survivor to the hospital."),
    F("step", "roll a die", op("roll", die="d6", outcomes=[]), "roll a die."),
    F("step", "roll for exposure on {target:survivor}", op("exposure", times=1),
      "roll for exposure on the moved survivor."),
    F("step", "roll for exposure on {target:survivor} {times:times}", op("exposure"),
      "roll for exposure on the moved survivor 3 times."),
    F("step", "add {survivor:survivor} to {to:following}", op("add_survivor"),
      'add "Sophie Robinson" to your following.'),
    F("step", "make {survivor:survivor} your group leader", op("make_leader"),
      'make "Gray Beard" your group leader.'),
    F("step", "spread the bite from {from:survivor}", op("spread_bite"), "spread the bite from the chosen survivor."),
    F("step", "remove {target:survivor_or_card} from the game", op("remove_from_game"),
      'remove "Sophie Robinson" from the game.', tags=("payable",)),
    F("subject", "{who:survivor} attacks", op("perform", action="attack"), "this survivor attacks."),
    F("subject", "{who:survivor} attacks {target:survivor}", op("perform", action="attack"),
      "choose a survivor another player controls sharing a location with this survivor.\nthis survivor attacks the chosen survivor."),
    F("subject", "{who:survivor} barricades", op("perform", action="barricade"), "this survivor barricades."),
    # ---- cards -----------------------------------------------------------------------------------
    F("step", "draw {cards:cards} from {from:zone}",
      lambda s: {"op": "draw_cards", "count": s["cards"]["count"], "from": s["from"], "to": dict(YOUR_HAND)},
      "draw 2 cards from the grocery store deck.", tags=("plain_cards",)),
    F("step", "take {cards:cards} from {from:zone}", _take_to_hand, "take 2 fuel cards from the gas station deck.",
      tags=("no_zone_filter",)),
    F("step", "search {from:zone} for {cards:cards}", _take_to_hand, "search the gas station deck for 2 fuel cards.",
      tags=("no_zone_filter",)),
    F("step", "take {cards:card}", _take_named, "take the last 2 cards removed from the game.", tags=("pile_top",)),
    F("step", "(place|put) {cards:card} (in|into) {to:zone}", _put_cards,
      "place a random card in your hand in the waste pile.", tags=("payable",)),
    F("step", "give {cards:card} to {to:player}", op("give_cards"), "give a card in your hand to another player.", tags=("payable",)),
    F("step", "give {cards:cards} to {to:player}", _give, "give 2 cards to you.", prefer=1, tags=("payable",)),
    F("step", "discard {cards:cards} from {from:zone}", _discard, "discard a random card from your hand.", tags=("payable",)),
    F("step", "discard {cards:card_one}", lambda s: {"op": "move_cards", "cards": s["cards"],
                                                     "to": {"op": "zone", "zone": "waste_pile"}},
      "choose a card in your hand.\ndiscard the chosen card.", tags=("payable",)),
    F("step", "(lose|remove) {count:tokens.food}", lambda s: {"op": "remove_tokens", "token": "food",
                                                              "count": s["count"], "from": {"op": "zone", "zone": "supply"}},
      "lose 2 food.", tags=("payable",)),
    F("subject", "this is not a move", _refuse("T002", "T002.not-a-move", "hint.not-a-move"), "", prefer=-1),
    F("subject", "this does not count as a move", _refuse("T002", "T002.not-a-move", "hint.not-a-move"), "", prefer=-1),
    F("step", "look at {what:card}", _look, "look at a random card in the hand of a player."),
    F("step", "look at {what:zone}", _look, "look at the hand of another player."),
    F("step", "show {what:card} to {by:player}", _look, "draw 2 cards from the school deck.\nshow the drawn cards to each other player."),
    F("step", "show {what:zone} to {by:player}", _look),
    F("step", "equip {card:card} to {to:survivor}", op("equip"), "equip a weapon in your hand to a survivor you control."),
    F("step", "reveal {cards:cards} from {from:zone}",
      lambda s: {"op": "reveal_cards", "count": s["cards"]["count"], "from": s["from"]},
      "reveal 1 card from the relic deck.", tags=("plain_cards",)),
    # ---- zones: the verbs of dsl/lexicon.py's ZONE_VERBS that have forms of their own (count, look at, choose,
    # take and put into are the forms above and below; each asks ZONE_VERBS through allow())
    F("step", "arrange {cards:card} in any order", _arrange, "arrange the top 3 cards of the crisis deck in any order."),
    F("step", "(place|put) {cards:card} on top of {to:zone}", _put_at("top"),
      "choose a card in your hand.\nput the chosen card on top of the police station deck."),
    F("step", "(place|put) {cards:card} at the bottom of {to:zone}", _put_at("bottom"),
      "choose a card in the top 3 cards of the crossroads deck.\nput the chosen card at the bottom of the crossroads deck."),
    F("step", "shuffle {zone:zone}", _shuffle, "shuffle the survivor deck."),
    F("step", "bring {what:survivor} back into play", _bring_back, "bring a dead survivor back into play."),
    F("step", "bring {what:card} back into {to:zone}", _bring_back,
      "bring the last card removed from the game back into your hand."),
    # ---- choosing --------------------------------------------------------------------------------
    F("step", "choose {selector:thing}", _choose, "choose a survivor you control."),
    # ---- dice ------------------------------------------------------------------------------------
    F("step", "(increase|raise) {die:dice} by {amount:num}", op("change_die"),
      "increase an unused action die you control by 1.", tags=("payable",)),
    F("step", "(decrease|lower) {die:dice} by {amount:num}",
      lambda s: {"op": "change_die", "die": s["die"], "amount": -s["amount"]},
      "lower an unused action die another player controls by 1.", tags=("payable",)),
    F("step", "turn {die:dice} to any face", op("set_die"), "turn an unused action die you control to any face."),
    F("step", "turn {die:dice} to {value:num}", op("set_die"), "turn an unused action die you control to 6."),
    F("step", "reroll {dice:dice}", op("reroll_dice"), "reroll an unused action die you control."),
    F("step", "move {count:unused_dice} to the used pool", op("spend_dice"),
      "move 1 unused action die to the used pool."),
    # ---- the round's steps -----------------------------------------------------------------------
    F("step", "skip the crisis this round", op("skip_crisis"), "skip the crisis this round."),
    F("subject", "the crisis has no effect this round", op("skip_crisis")),
    F("step", "put the crisis back on top of the crisis deck", op("return_crisis", where="top"),
      "put the crisis back on top of the crisis deck."),
    F("step", "put the crisis at the bottom of the crisis deck", op("return_crisis", where="bottom")),
    F("step", "start an exile vote against {target:player}", op("exile_vote"),
      "start an exile vote against another player at the colony."),
    F("step", "end the game", op("end_game"), "end the game."),
    F("subject", "the main objective fails", op("fail_objective"), "the main objective fails."),
    F("subject", "the main objective has failed", op("fail_objective"), "the main objective has failed."),
    F("step", "do not roll for exposure", op("skip_exposure"), "do not roll for exposure."),
    F("step", "do not raise the action die", op("skip_die_raise"), "do not raise the action die."),
    F("step", "do not lose morale", op("keep_morale"), 'kill "Sparky". do not lose morale.', tags=("fold",)),
    F("subject", "nothing happens", op("nothing"), "nothing happens."),
    F("subject", "manual {key:manual_key}", op("manual"), "manual one-liner."),
    # ---- Warring Colonies and Winter Tricks -------------------------------------------------------
    F("step", "gain {amount:num} combat strength", op("combat_strength"), "gain 3 combat strength."),
    F("step", "end the colony warfare", op("end_warfare"), "end the colony warfare."),
    F("step", "skip the colony warfare {at:where}", op("skip_warfare"), "skip the colony warfare here."),
    F("step", "take {count:num} damage", lambda s: {"op": "damage", "target": {"op": "you"}, "count": s["count"]},
      "take 4 damage."),
)

# ---- standing rules (a subject, then what holds for it) -----------------------------------------------

def _forbid(**extra: Any) -> Callable[[dict], dict]:
    def build(s: dict) -> dict:
        node = {"op": "forbid", "who": s["who"], "actions": s.get("actions", extra.get("actions"))}
        node.update({k: v for k, v in s.items() if k not in ("who", "actions")})
        node.update({k: v for k, v in extra.items() if k != "actions"})
        return node
    return build


def _exempt(when: list | None = None, **extra: Any) -> Callable[[dict], dict]:
    def build(s: dict) -> dict:
        node = {"op": "exempt", "who": s["who"], "from": "exposure", **extra}
        if when is not None or "when" in s:
            node["when"] = s.get("when", when)
        node.update({k: v for k, v in s.items() if k not in ("who", "when")})
        return node
    return build


def _number_forms(stat: str, n: "L.Number") -> tuple[Form, ...]:
    """The three directions of a number a standing rule changes (dsl/lexicon.py NUMBERS): 'N additional',
    'N fewer', 'N … instead of M'."""
    noun = "(" + "|".join(dict.fromkeys(n.noun)) + ")" if n.noun[0] != n.noun[1] else n.noun[0]
    after = f" {n.after}" if n.after else ""
    head = f"{{who:{n.who}}} {n.verb}"
    verb = n.verb.strip("()").split("|")[-1]
    return (
        F("subject", f"{head} {{value:num}} additional {noun}{after}", _modify(stat),
          f"{n.example} {verb} 1 additional {n.noun[0]}{after}."),
        F("subject", f"{head} {{value:num}} fewer {noun}{after}", _modify(stat, sign=-1),
          f"{n.example} {verb} 1 fewer {n.noun[0]}{after}."),
        F("subject", f"{head} {{value:num}} {noun}{after} instead of {{instead_of:num}}", _modify(stat, mode="set"),
          f"{n.example} {verb} 3 {n.noun[1]}{after} instead of 2."),
    )


def _modify(stat: str, mode: str = "add", sign: int = 1, **extra: Any) -> Callable[[dict], dict]:
    def build(s: dict) -> dict:
        node = {"op": "modify", "stat": stat, "who": s["who"], "value": sign * s["value"], "mode": mode, **extra}
        if "instead_of" in s:
            node["instead_of"] = s["instead_of"]
        return node
    return build


def _goal(kind: str, s: dict) -> dict:
    cond = s["cond"]
    if cond.get("op") in ("all", "any"):          # a joined condition is placed where the rule starts
        cond = {**cond, "pos": s["_start"]}
    return {"op": "extra_goal", "kind": kind, "cond": cond}


RULES: tuple[Form, ...] = (
    F("subject", "{who:survivor} cannot {actions:actions}", _forbid(), "the chosen survivor cannot attack or search or move."),
    F("subject", "{who:survivor} cannot {actions:actions} unless {unless:happened}", _forbid(),
      "this survivor cannot move unless you play a fuel card."),
    F("subject", "{who:survivor} cannot move away from {from:location}", _forbid(actions=["move"]),
      '"Alexis Grey" cannot move away from the library.'),
    F("subject", "{who:survivor} cannot move to {to:location}", _forbid(actions=["move"]),
      '"Alexis Grey" cannot move to the library.'),
    F("subject", "{who:player} cannot play {cards:card_kinds}", _forbid(actions=["play_card"]),
      "you cannot play food cards."),
    F("subject", "{who:player} cannot play {card:card}", _forbid(actions=["play_card"]),
      "choose a card in your hand.\nuntil the end of this round:\n  you cannot play the chosen card."),
    F("subject", "{who:player} cannot add cards to the crisis", _forbid(actions=["add_to_crisis"]),
      "you cannot add cards to the crisis."),
    F("subject", "{who:survivor} does not roll for exposure", _exempt(), "this survivor does not roll for exposure."),
    F("subject", "{who:survivor} does not roll for exposure when {when:actions_ing}", _exempt(),
      "this survivor does not roll for exposure when attacking."),
    F("subject", "{who:survivor} does not roll for exposure when moving from {origin:location} to {destination:location}",
      _exempt(when=["move"]), "each survivor does not roll for exposure when moving from the colony to the hospital."),
    F("subject", "{who:survivor} does not roll for exposure when attacking zombies at entrance {entrance:num} of {at:location}",
      _exempt(when=["attack"]),
      "each survivor does not roll for exposure when attacking zombies at entrance 1 of the colony."),
    F("subject", "{who:survivor} is ignored when a bite spreads",
      lambda s: {"op": "exempt", "who": s["who"], "from": "bite_spread"}, "this survivor is ignored when a bite spreads."),
    F("subject", "{who:survivor} looks at and keeps {value:num} additional (card|cards)", _modify("search_keep"),
      "this survivor looks at and keeps 1 additional card."),
    F("subject", "{who:survivor} needs {value:num} wounds to die", _modify("wounds_to_kill", mode="set"),
      "this survivor needs 4 wounds to die."),
    F("subject", "your vote counts as {value:num} votes",
      lambda s: _modify("vote_weight", mode="set")({**s, "who": {"op": "you"}}), "your vote counts as 2 votes."),
    F("subject", "the vote of {who:player} counts as {value:num} votes",
      _modify("vote_weight", mode="set"), "the vote of the first player counts as 2 votes."),
    F("subject", "the vote of {who:player} counts as {value:num} votes except in exile votes",
      _modify("vote_weight", mode="set", **{"except": "exile_vote"}),
      "the vote of the first player counts as 2 votes except in exile votes."),
    F("subject", "your vote counts as {value:num} votes except in exile votes",
      lambda s: _modify("vote_weight", mode="set", **{"except": "exile_vote"})({**s, "who": {"op": "you"}}),
      "your vote counts as 2 votes except in exile votes."),
    F("subject", "{who:colony} loses 1 morale for every {value:num} cards in the waste pile instead of {instead_of:num}",
      _modify("waste_limit", mode="set"), "the colony loses 1 morale for every 15 cards in the waste pile instead of 10."),
    F("subject", "{who:card} can be used {value:num} times per round", _modify("uses_per_round", mode="set"),
      "choose a weapon equipped to this survivor.\nuntil the end of this round:\n  the chosen card can be used 2 times per round."),
    F("subject", "{who:survivor} has the abilities of {from:survivor}", op("copy_abilities"),
      "this survivor has the abilities of each other survivor sharing a location with it."),
    F("subject", "the colony also wins if {cond:cond}", lambda s: _goal("win", s),
      "the colony also wins if there are 5 or more food tokens in the supply."),
    F("subject", "the main objective also requires that {cond:cond}", lambda s: _goal("require", s),
      "the main objective also requires that there are no zombies at the hospital."),
    F("subject", "any player may {cost:costs} to ignore a {face:face} result on the exposure die", _ignore,
      "any player may spend a medicine card to ignore a bitten result on the exposure die."),
    *(form for stat, number in L.NUMBERS.items() for form in _number_forms(stat, number)),
)
FORMS = FORMS + RULES

# ---- headers: what opens a block (the block is filled in by the binder) -------------------------------

def _each_may(s: dict) -> dict:
    players = s["players"]
    if players.get("op") == "select_of" and players["quantity"].get("mode") == "one":   # "the player who …"
        players = {**players, "quantity": {"mode": "each"}}
    return {"op": "for_each", "bind": "each", "selector": players,
            "body": [{"op": "optional", "cost": s.get("cost", []), "body": [],
                      "player": {"op": "ref", "name": "each", "kind": "player"}}], "_open": ("body", 0, "body")}


def _pot(first: bool, face_up: bool, per: bool) -> Callable[[dict], dict]:
    """A pot's header: who stakes first, whether stakes are seen, and each player's limit (a number, or a
    number for each thing they have: 'up to 1 item card for each survivor they control at the colony')."""
    def build(s: dict) -> dict:
        count = {"op": "per", "amount": s["n"], "n": 1, "round": "down", "selector": _mode(s["selector"], "each")} \
            if per else {"op": "up_to", "n": s["n"]}
        node = {"op": "pot", "count": count, "filters": s["filters"]}
        if first:
            node["start"] = "first"
        if face_up:
            node["stakes"] = "face_up"
        return node
    return build


def _pot_headers() -> tuple[Form, ...]:
    """The pot's headers, one for each way of its three axes: from the first player or from you, stakes
    face down (the default) or face up, a fixed limit or one for each thing a player has."""
    out = []
    for first in (False, True):
        for face_up in (False, True):
            for per in (False, True):
                head = "starting with the first player , " if first else ""
                words = head + "each player may stake up to {n:num} {filters:card_kinds}" + \
                    (" face up" if face_up else "") + (" for each {selector:bare}" if per else "")
                example = ("starting with the first player, " if first else "") + "each player may stake up to " + \
                    ("1 item card" if per else "2 food cards") + (" face up" if face_up else "") + \
                    (" for each survivor they control at the colony" if per else "") + ":"
                out.append(F("header", words, _pot(first, face_up, per), example))
    return tuple(out)


POT_HEADERS = _pot_headers()


def _each_chooses(s: dict) -> dict:
    """'the first player chooses one:': each player named chooses an option for themselves, in turn."""
    if s["players"].get("op") == "you":                 # "you choose one:" is "choose one:"
        return {"op": "choose", "chooser": "you"}
    return {"op": "each_player", "players": s["players"],
            "body": [{"op": "choose", "chooser": "you", "options": []}], "_open": ("body", 0, "options")}


def _trigger(s: dict) -> dict:
    """'when …', 'after …', 'before …': every event happens, so 'when' and 'after' wait for any; 'before'
    waits for the moment the engine stops at just before the event, which only some events have."""
    event = s["event"]
    if s["timing"] == "before" and not L.EVENTS[event["kind"]].before:
        raise BuildError("T002", "T002.no-before", s["_start"], width=len("before"), event=s["_text"].get("event", ""))
    return {"op": "trigger", "timing": s["timing"], "event": event}


def _replace(s: dict) -> dict:
    """'instead of …': a rule stands in for an event, where the engine lets one (a wound, a frostbite
    wound, a bite); any other event would happen all the same, so the sentence is refused."""
    event = s["event"]
    if not L.EVENTS[event["kind"]].instead:
        raise BuildError("T002", "T002.no-instead", s["_start"], width=len("instead of"),
                         event=s["_text"].get("event", ""))
    return {"op": "replace", "event": event}


HEADERS: tuple[Form, ...] = (
    F("header", "choose one", op("choose", chooser="you"), "choose one:"),
    F("header", "{players:player} (chooses|choose) one", _each_chooses, "the first player chooses one:"),
    F("header", "vote", op("vote"), "vote:"),
    F("header", "{voters:player} (votes|vote)", lambda s: {"op": "vote", "_voters": s["voters"]},
      "each player who controls a survivor at the colony votes:"),
    F("header", "{voters:player} (votes|vote) , and the {breaker:player_state} breaks a tie",
      lambda s: {"op": "vote", "_voters": s["voters"], "breaker": _they_are(s["breaker"])},
      "each player votes, and the player to your left breaks a tie:"),
    F("header", "vote , and the {breaker:player_state} breaks a tie",
      lambda s: {"op": "vote", "breaker": _they_are(s["breaker"])}, "vote, and the player whose turn it is breaks a tie:"),
    F("header", "roll a die", op("roll", die="d6"), "roll a die:"),
    F("header", "once per {per:period}", op("limit"), "once per round:"),
    F("header", "{timing:timing} {event:event}", _trigger, "when you move a survivor:"),
    F("header", "instead of {event:event_ing}", _replace, "instead of this survivor being bitten:"),
    F("header", "at the {edge:edge} of {of:phase}", op("phase"), "at the start of your turn:"),
    F("header", "at the {edge:edge} of the next round", op("delayed"), "at the end of the next round:"),
    F("header", "for the rest of the {duration:span}", op("lasting"), "for the rest of the game:"),
    F("header", "until the end of this {duration:span}", op("lasting"), "until the end of this round:"),
    F("header", "until the end of the next round", op("lasting", duration="next_round"),
      "until the end of the next round:"),
    F("header", "for this action", op("lasting", duration="action"), "for this action:"),
    F("header", "for each {selector:bare}", lambda s: {"op": "for_each", "bind": "each",
                                                       "selector": _mode(s["selector"], "each")},
      "for each survivor at the colony:", tags=("before",)),
    F("header", "for each of {selector:survivor_or_card}", op("for_each", bind="each"),
      "draw 2 cards from the school deck.\nfor each of the drawn cards:"),
    F("header", "{times:times}", op("repeat"), "4 times:"),
    F("header", "any number of times", op("repeat"), "any number of times:"),
    F("header", "attach {card:this_card} to {to:survivor}", op("attach"), 'attach this card to "Gray Beard":'),
    F("header", "during their turn , each player may", op("turn_action", cost=[]),
      "during their turn, each player may:"),
    F("header", "during their turn , each player may {cost:costs}", op("turn_action"),
      "during their turn, each player may spend a card:"),
    F("header", "{players:player} may", _each_may, 'the player who controls "Forest Plum" may:'),
    F("header", "{players:player} may {cost:costs}", _each_may, "each player may spend a food card:"),
    F("header", "the players may together {cost:costs}", _together, "the players may together spend 3 fuel cards:"),
    F("header", "(one|a single) player may", op("offer", cost=[]), "one player may:"),
    F("header", "(one|a single) player may {cost:costs}", op("offer"), "one player may spend 2 food:"),
    *POT_HEADERS,
    F("subject", "the player who staked the most takes the pot", op("take_pot", taker="most"),
      "the player who staked the most takes the pot."),
    F("subject", "the player who rolls the highest die takes the pot", op("take_pot", taker="highest_roll"),
      "the player who rolls the highest die takes the pot."),
    F("subject", "you take the pot", op("take_pot", taker="you"), "you take the pot."),
    F("step", "stake up to {n:num} {filters:card_kinds}", _refuse("T002", "T002.pot-taker", "expected.pot-block"),
      prefer=-1),
    F("header", "{cost:costs}", op("pay"), "spend 5 food:"),
)

# ---- costs ------------------------------------------------------------------------------------------

COSTS: tuple[Form, ...] = (
    F("cost", "spend {count:tokens.food}", op("spend_tokens", token="food"), "spend 5 food:"),
    F("cost", "spend {count:tokens.bullet}", op("spend_tokens", token="bullet"), "spend 1 bullet:"),
    F("cost", "spend {cards:cards}", lambda s: {"op": "spend_cards", **s["cards"]}, "spend 3 fuel cards:"),
    F("cost", "spend {cards:cards} and {more:cards}", _spend_both, "spend a fuel card and a food card:"),
    F("cost", "spend {count:count} action (die|dice)", op("spend_die", min=1), "spend 2 action dice:"),
    F("cost", "spend {count:count} unused action (die|dice)", _refuse("T006", "T006.spend-unused", at="unused")),
    F("cost", "spend {count:count} action (die|dice) of {min:num} or more", op("spend_die"),
      "spend an action die of 4 or more:"),
    F("cost", "discard {cards:cards}", lambda s: {"op": "spend_cards", **s["cards"]}, "discard 2 cards:"),
)

# ---- conditions ---------------------------------------------------------------------------------------


def _has_cards(s: dict) -> dict:
    """'the waste pile has 10 or more cards': the cards in a zone, counted."""
    allow(s, "zone", "count")
    return {"op": "exists", "min": s["n"], "selector": {"op": "select_of", "kind": "card",
                                                        "quantity": {"mode": "at_least", "n": s["n"]},
                                                        "filters": [{"op": "in_zone", "zone": s["zone"]}]}}


def _exists(s: dict) -> dict:
    quantity = s["what"].get("quantity", {})
    least = quantity.get("n", 1) if quantity.get("mode") == "at_least" else 1
    return {"op": "exists", "selector": s["what"], "min": least}


def _none(s: dict) -> dict:
    return {"op": "not", "item": {"op": "exists", "selector": _mode(s["what"], "one"), "min": 1}}


def _mode(selector: dict, mode: str) -> dict:
    """A description without a count (``bare``) with the count its form gives."""
    return {**selector, "quantity": {"mode": mode}}


def _is(state: str) -> Callable[[dict], dict]:
    def build(s: dict) -> dict:
        node = {"op": "is", "subject": s["subject"], "state": state}
        if "where" in s:
            node["where"] = s["where"]
        return node
    return build


#: a condition form's negative is made from it (dsl/form_kit.py ``negatives``): its verb negated, or the
#: surface it declares (``negative=``), building {"op": "not", "item": <its node>}; one that has none says why
ALREADY_NEGATIVE = NoNegative("it says 'no' already: its positive is the form above it")

TESTS: tuple[Form, ...] = negatives((
    F("test", "there (is|are) {what:exists}", _exists, "there is a survivor you control at the colony",
      negative=NoNegative("'there is no THING' (the next forms) says it: 'there is not a survivor' is not how a "
                          "rule says none")),
    F("test", "{subject:survivor} (has|have) {wounds:wound_count}", _has_wounds,
      "a survivor you control has 2 or more wounds"),
    F("test", "you have {what:card_described}", _you_have(False), "you have 2 or more food cards in your hand"),
    F("test", "you have no {what:bare}", _you_have(True), "you have no cards in your hand", negative=ALREADY_NEGATIVE),
    F("test", "you have {what:survivor_described}",
      lambda s: _refuse("T002", "T002.you-have", "hint.you-control", thing=s["_text"].get("what", ""))(s), prefer=-1,
      negative=NoNegative("a refusal: a survivor is controlled, not had ('you do not control …')")),
    F("test", "{zone:zone} has {n:num} or more cards", _has_cards, "the waste pile has 10 or more cards"),
    F("test", "there (is|are) no {what:bare}", _none, "there are no zombies at the hospital", negative=ALREADY_NEGATIVE),
    F("test", "{player:player} (control|controls) {what:survivor}", op("controls"), 'you control "Sparky"'),
    F("test", "{subject:survivor} is {state:state}", lambda s: {"op": "is", "subject": s["subject"], **s["state"]},
      '"Sparky" is exiled'),
    F("test", "{subject:survivor} is at {where:location}", _is("at"), '"Brian Lee" is at the colony'),
    F("test", "{subject:place_ref} is {where:location}", _is("at"), "its origin is the colony"),
    F("test", "{subject:player} (is|are) the {state:player_state}",
      lambda s: {"op": "is", "subject": s["subject"], "state": s["state"]}, "they are the first player"),
    F("test", "{a:survivor} shares a location with {b:survivor}", op("shares_location"),
      "the moved survivor shares a location with an exiled survivor"),
    F("test", "you played {card:card}", lambda s: {"op": "event_happened", "event": {
        "op": "event", "kind": "play_card", "actor": {"op": "you"}, "subject": s["card"], "filters": []}},
      "you played a fuel card"),
    F("test", "you played no {card:bare}", lambda s: {"op": "not", "item": {"op": "event_happened", "event": {
        "op": "event", "kind": "play_card", "actor": {"op": "you"}, "subject": {**s["card"], "quantity": {"mode": "one"}},
        "filters": []}}}, "you played no fuel card", negative=ALREADY_NEGATIVE),
    F("test", "the enemy colony leader plays {name:tactic}", lambda s: {"op": "tactic_played", "who": "enemy",
                                                                        "name": s["name"]},
      'the enemy colony leader plays "ON GUARD"'),
    F("test", "every {where:location_noun_phrase} was searched since this card",
      lambda s: {"op": "searched", "where": {**s["where"], "pos": s["_words"]["every"]}},
      "every non-colony location was searched since this card",
      negative="not every {where:location_noun_phrase} was searched since this card"),
    F("test", "each entrance of {where:location} has a barricade", op("barricaded", min=1),
      "each entrance of the colony has a barricade", negative="not every entrance of {where:location} has a barricade"),
    F("test", "each entrance of {where:location} has {min:num} or more barricades", op("barricaded"),
      "each entrance of the colony has 2 or more barricades",
      negative="not every entrance of {where:location} has {min:num} or more barricades"),
    F("test", "the result is {face:face}", op("rolled"), "the result is blank"),
    F("test", "{where:location} was searched since this card", op("searched"),
      "the school was searched since this card"),
    F("test", "{left:expr} {cmp:cmp} {right:expr}", op("compare"), "morale < 4",
      negative=NoNegative("a comparison has its opposite instead: '<' and '>=', '=' and '!='")),
))

EXPRS: tuple[Form, ...] = (
    F("expr", "{value:num}", op("number"), "4"),
    F("expr", "morale", op("morale", colony="yours"), "morale"),
    F("expr", "the number of {selector:bare}", _count, "the number of zombies at the colony"),
    F("expr", "the {stat:printed_stat} of {of:survivor}", op("stat_of"), "the influence of the moved survivor"),
    F("expr", "the number of empty survivor spaces at {at:location}", op("empty_spaces"),
      "the number of empty survivor spaces at the hospital"),
    F("expr", "the round", op("round"), "the round"),
    F("expr", "the round number", op("round_number"), "the round number"),
    F("expr", "{amount:num} for each player who started the game", op("per_player"),
      "3 for each player who started the game"),
    F("expr", "{amount:num} for each non-exiled player", op("per_player", who="not_exiled"),
      "2 for each non-exiled player"),
    F("expr", "{amount:num} for every player who started the game", op("per_player"),
      "2 for every player who started the game"),
    F("expr", "the number of players who started the game", op("per_player", amount=1),
      "the number of players who started the game"),
)


FORMS = FORMS + HEADERS + COSTS + TESTS + EXPRS + EVENTS
