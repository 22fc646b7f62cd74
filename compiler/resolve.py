"""The name pass: read every clause against the vocabulary and build effect nodes.

Input: the AST of one effect text and a ``Scope``. Output: effect-tree nodes
(plain dicts tagged by ``op``, positions as [line, col]) or ``BindError``s. Each
action verb has one reader in ``VERBS``; subjects ("this survivor cannot move"),
conditions, events and block headers have theirs below.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from dow.dsl import ast as A

from .diagnostics import did_you_mean
from .messages import M
from .phrases import BindError, P, Phrase, Reader, absorb, restated, used, wanted

if TYPE_CHECKING:  # the readers are called by the Binder, which imports this module
    from .bind import Binder

# ---- effects, one reader per verb ---------------------------------------------------


def _count_and_noun(r: Reader, what: str) -> tuple[object, Phrase]:
    """'3 zombies', 'all zombies', 'a wound': the count, then the phrase it counts."""
    start = r.i
    ph = r.noun_phrase(allow_at=False, what=what)
    if not ph.ref and ph.mode not in ("named", "ref", "this", "that", "you", "here"):
        used(ph)  # its count and noun go into the verb's node; a thing already named or chosen needs a node
    if ph.mode in ("count", "one", "all", "up_to", "all_but", "that_many", "each", "any", "the", "your", "at_least"):
        count = {"count": ph.n, "one": 1, "any": 1, "the": 1, "your": 1, "at_least": ph.n}.get(ph.mode)
        if ph.mode == "all" or (ph.mode == "the" and ph.kind == "zombie" and r.words[start].lower == "all"):
            count = {"op": "all_count", "pos": P(ph.pos)}
        elif ph.mode in ("up_to", "all_but"):
            count = {"op": ph.mode, "n": ph.n, "pos": P(ph.pos)}
        elif ph.mode == "that_many":
            count = r.result_ref(ph.first)
        elif ph.mode == "each":
            count = 1
        return count, ph
    return 1, ph


def _place_phrase(r: Reader, b: "Binder", preps: tuple[str, ...], what: str) -> dict:
    """A destination or source: 'here', or one of ``preps`` and a location or target."""
    if r.accept("here") or r.accept("there"):
        return {"op": "here", "pos": P(r.words[r.i - 1].pos)}
    for prep in preps:
        if r.accept(prep):
            return b.scope.location(r.noun_phrase(allow_at=True, what=what))
    w = r.peek()
    if w is None:
        raise r.error_end(what)
    raise BindError("T002", M("T002.expected-found", what=wanted(what), found=w.text), w.pos,
                    expected=" or ".join(f"'{p} …'" for p in preps) + " or 'here'", width=w.width)


def _zombies_at(r: Reader, b: "Binder", ph: Phrase, preps: tuple[str, ...]) -> dict:
    """Where zombies are: a filter already read ('sharing a location with X'), or a place phrase."""
    for f in ph.filters:
        if f["op"] == "sharing_location":
            return {"op": "location_of", "target": f["with"], "pos": f["pos"]}
        if f["op"] == "at":
            return f["location"]
    return _place_phrase(r, b, preps, "a location")


def verb_kill(r: Reader, b: "Binder", w: A.Word) -> dict:
    """kill 3 zombies here | kill all zombies at LOC | kill SURVIVOR."""
    save = r.i
    count, ph = _count_and_noun(r, "zombies or a survivor")
    if ph.kind == "zombie":
        at = _zombies_at(r, b, ph, ("at", "from", "in"))
        return _instead_of(r, b, {"op": "kill_zombies", "count": count, "at": at, "pos": P(w.pos)})
    r.i = save
    ph = r.noun_phrase(allow_at=True, what="zombies or a survivor")
    return {"op": "kill_survivor", "target": b.scope.target(ph), "pos": P(w.pos)}


# "kill 2 zombies here instead of 1" in a trigger on the action that already did the 1 (seed 004's weapons
# and tools): which action each verb's "instead of" speaks of, and the kind of thing it counts
INSTEAD_OF = {"kill_zombies": (("attack", "kill_zombie"), "when this survivor attacks:"),
              "add_tokens": (("barricade",), "when this survivor barricades:")}


def _instead_of(r: Reader, b: "Binder", node: dict) -> dict:
    """An optional 'instead of N' after a kill or a barricade: the action the trigger answers did N, this
    makes it the node's count in all (the handler does the difference)."""
    at = r.peek()
    if not r.accept("instead", "of"):
        return node
    n = r.number()
    if n is None:
        raise BindError("T003", M("T003.number-after-instead"), r.here_pos(), expected=M("expected.number"))
    events, example = INSTEAD_OF[node["op"]]
    token_ok = node["op"] != "add_tokens" or node["token"] == "barricade"
    if not token_ok or b.scope.event_kind not in events:
        raise BindError("T002", M("T002.instead-of-action", words=" ".join(x.text for x in r.words[:r.i])),
                        at.pos, expected=M("expected.words", words=f"'{example} … instead of {n}'"),
                        width=at.width)
    if not isinstance(node["count"], int) or node["count"] <= n:
        raise BindError("T003", M("T003.instead-of-more", n=n), at.pos, expected=M("expected.number"),
                        width=at.width)
    node["instead_of"] = n
    return node


def verb_add(r: Reader, b: "Binder", w: A.Word) -> dict:
    """add/place/put: zombies, tokens, wounds, survivors, cards; put the crisis back into its deck."""
    from .families import return_crisis
    if w.lower == "put" and (node := return_crisis(r, w)) is not None:
        return node
    save = r.i
    count, ph = _count_and_noun(r, "what to add")
    if ph.kind == "zombie":
        return {"op": "add_zombies", "count": count, "at": _place_phrase(r, b, ("to", "at", "in"), "a location"),
                "pos": P(w.pos)}
    if ph.kind == "token" and ph.sub in ("wound", "frostbite"):
        target = _target_after(r, b, ("on", "to"), "a survivor")
        return {"op": "wound", "target": target, "count": count, "kind": ph.sub, "pos": P(w.pos)}
    if ph.kind == "token" or (ph.kind == "survivor" and ph.sub == "helpless" and ph.mode != "named"):
        token = ph.sub
        dest = _token_place(r, b, token)
        return _instead_of(r, b, {"op": "add_tokens", "token": token, "count": count, "to": dest, "pos": P(w.pos)})
    r.i = save
    ph = r.noun_phrase(allow_at=False, what="what to add")
    if ph.kind == "zone" and ph.top is not None:   # "put the last 2 cards removed from the game in your hand"
        cards = b.scope.target(ph)
        dest = _target_after(r, b, ("in", "into", "to", "on"), "a pile, deck or hand")
        return {"op": "move_cards", "cards": cards, "to": dest, "pos": P(w.pos)}
    if ph.kind == "survivor" or (ph.kind == "" and (ph.mode in ("named", "ref") or ph.ref or ph.mode in ("this", "that"))):
        if ph.kind == "survivor" and not ph.ref and ph.mode not in ("named", "ref", "this", "that") and \
                r.at("from", "the", "survivor", "deck"):   # "add a random survivor from the survivor deck to …"
            frm = r.peek()
            r.i += 4
            ph.filters.append({"op": "in_zone", "zone": {"op": "zone", "zone": "survivor_deck", "pos": P(frm.pos)},
                               "pos": restated(frm.pos)})
            if not (r.at("to") and _following_ahead(r)):
                raise BindError("T002", M("T002.deck-survivor-joins"), r.here_pos(),
                                expected="'to your following'", width=r.peek().width if r.peek() else 1)
        target = b.scope.target(ph)
        if r.at("to") and _following_ahead(r):
            r.i += 1
            zone = b.scope.zone(r.noun_phrase(allow_at=False, what="whose following"))
            return {"op": "add_survivor", "survivor": target, "to": zone, "pos": P(w.pos)}
        return {"op": "place_survivor", "target": target,
                "at": _place_phrase(r, b, ("at", "in", "to", "on"), "a location"), "pos": P(w.pos)}
    if ph.kind == "card":
        cards = b.scope.target(ph)
        dest = _target_after(r, b, ("in", "into", "to", "on", "under"), "a pile, deck or hand")
        if dest.get("op") == "location" and dest.get("id") == "storage":   # "in the storage": the cards kept there
            dest = {"op": "zone", "zone": "storage", "pos": dest["pos"]}
        mine = dest.get("owner") is None or dest["owner"].get("op") == "you"  # another's hand: the cards move
        if dest.get("op") == "zone" and dest.get("zone") == "hand" and cards["op"] == "select_of" and mine and \
                not any(f["op"] == "equipped_to" for f in cards["filters"]):
            return absorb({"op": "take_cards", "count": count, "filters": ph.filters,
                           "from": _source_of(ph, b, w), "to": dest, "pos": P(w.pos)}, cards)
        return {"op": "move_cards", "cards": cards, "to": dest, "pos": P(w.pos)}
    raise BindError("T001", M("T001.cannot-add", verb=w.text, thing=ph.describe()), ph.pos,
                    expected=M("expected.addable"), width=ph.first.width)


def _following_ahead(r: Reader) -> bool:
    return any(r.text(k) == "following" for k in range(1, 4))


def _source_of(ph: Phrase, b: "Binder", w: A.Word) -> dict:
    for f in ph.filters:
        if f["op"] == "in_zone":
            return f["zone"]
    return {"op": "zone", "zone": "item_deck", "pos": P(w.pos)}


def _token_place(r: Reader, b: "Binder", token: str) -> dict:
    """Where tokens go: a location for noise and barricades, a supply for food and bullets."""
    if r.done() and token in ("food", "bullet"):
        return {"op": "zone", "zone": "supply" if token == "food" else "bullet_supply", "pos": P(r.end_pos)}
    if r.done() and token == "helpless":
        return {"op": "location", "id": "colony", "pos": P(r.end_pos)}
    return _place_phrase(r, b, ("to", "at", "on", "in", "into"), "where the tokens go")


def _target_after(r: Reader, b: "Binder", preps: tuple[str, ...], what: str) -> dict:
    """A target introduced by one of ``preps``."""
    for prep in preps:
        if r.accept(prep):
            return b.scope.target(r.noun_phrase(allow_at=True, what=what))
    if r.accept("here"):
        return {"op": "here", "pos": P(r.words[r.i - 1].pos)}
    raise r.error_end(what) if r.done() else BindError(
        "T002", M("T002.expected-after", what=wanted(what), preps=" or ".join(repr(p) for p in preps),
                  found=r.peek().text),
        r.peek().pos, expected=" or ".join(f"'{p} …'" for p in preps), width=r.peek().width)


def verb_remove(r: Reader, b: "Binder", w: A.Word) -> dict:
    """remove zombies, tokens, wounds, survivors or cards (from the game)."""
    save = r.i
    count, ph = _count_and_noun(r, "what to remove")
    if ph.kind == "zombie":
        return {"op": "remove_zombies", "count": count, "at": _zombies_at(r, b, ph, ("from", "at")),
                "pos": P(w.pos)}
    if ph.kind == "token" and ph.sub in ("wound", "frostbite"):
        kind = "any" if r.accept("of", "any", "kind") else ph.sub
        target = _target_after(r, b, ("from", "on"), "a survivor")
        return {"op": "heal", "target": target, "count": count, "kind": kind, "pos": P(w.pos)}
    if ph.kind == "token" or (ph.kind == "survivor" and ph.sub == "helpless" and not r.at("from", "the", "game")):
        dest = _token_from(r, b, ph.sub)
        return {"op": "remove_tokens", "token": ph.sub, "count": count, "from": dest, "pos": P(w.pos)}
    r.i = save
    ph = r.noun_phrase(allow_at=True, what="what to remove")
    target = b.scope.target(ph)
    if r.accept("from", "the", "game") or r.accept("from", "play"):
        return {"op": "remove_from_game", "target": target, "pos": P(w.pos)}
    if ph.kind == "card":
        dest = _target_after(r, b, ("to", "into", "in"), "a pile")
        return {"op": "move_cards", "cards": target, "to": dest, "pos": P(w.pos)}
    raise r.error_end("'from the game'") if r.done() else BindError(
        "T002", M("T002.expected-from-game", found=r.peek().text), r.peek().pos,
        expected="'from the game'", width=r.peek().width)


def _token_from(r: Reader, b: "Binder", token: str) -> dict:
    if r.done() and token in ("food", "bullet"):
        return {"op": "zone", "zone": "supply" if token == "food" else "bullet_supply", "pos": P(r.end_pos)}
    return _place_phrase(r, b, ("from", "at", "in"), "where the tokens are")


def verb_morale(r: Reader, b: "Binder", w: A.Word) -> dict:
    """gain 1 morale | lose 2 morale | gain 3 combat strength."""
    amount = r.count(default=None)
    if amount is None:
        raise BindError("T003", M("T003.needs-number", word=w.text, example=f"{w.lower} 1 morale"), r.here_pos(),
                        expected=M("expected.number"))
    noun = r.match_noun()
    if noun and noun[0] == "stat" and noun[1] == "morale":
        r.i += noun[2]
        if isinstance(amount, int) and r.accept("for", "every"):  # "… for every 2 helpless survivors …"
            n = r.number()
            if n is None or n < 1:
                raise BindError("T003", M("T003.for-every-number"), r.here_pos(),
                                expected="a number, as in 'for every 2 helpless survivors'")
            r.i -= 1  # the number belongs to the phrase ("2 helpless survivors")
            ph = r.noun_phrase(allow_at=True, what="what to count")
            selector = b.scope.select(ph)
            selector["quantity"] = {"mode": "all"}
            r.accept(",")
            rounding = "down" if (r.accept("rounding", "down") or r.accept("rounded", "down")) else "up"
            r.accept("rounding", "up") or r.accept("rounded", "up")
            amount = {"op": "per", "amount": amount, "n": n, "selector": selector, "round": rounding, "pos": P(w.pos)}
        return {"op": "gain_morale" if w.lower in ("gain", "raise") else "lose_morale", "amount": amount,
                "pos": P(w.pos)}
    if noun and noun[1] == "combat_strength":
        r.i += noun[2]
        sign = -1 if w.lower == "lose" else 1
        return {"op": "combat_strength", "amount": sign * amount if isinstance(amount, int) else amount,
                "pos": P(w.pos)}
    bad = r.peek()
    if bad is None:
        raise r.error_end("'morale' or 'combat strength'")
    raise BindError("T002", M("T002.morale-or-strength", verb=w.lower, found=bad.text), bad.pos,
                    expected="'morale' or 'combat strength'",
                    hint=M("hint.food-is-the-colonys") if bad.lower == "food" else did_you_mean(bad.lower, ["morale"]),
                    width=bad.width)


def verb_raise(r: Reader, b: "Binder", w: A.Word) -> dict:
    """raise morale by 1 | increase an unused action die you control by 1."""
    if r.accept("morale"):
        r.expect("by")
        return {"op": "gain_morale", "amount": r.count(default=1), "pos": P(w.pos)}
    ph = r.noun_phrase(allow_at=True, what="a die or morale")
    r.expect("by")
    n = r.number()
    if n is None:
        raise BindError("T003", M("T003.number-after-by"), r.here_pos(), expected=M("expected.number"))
    sign = -1 if w.lower in ("decrease", "lower") else 1
    return {"op": "change_die", "die": b.scope.target(ph), "amount": sign * n, "pos": P(w.pos)}


def verb_roll(r: Reader, b: "Binder", w: A.Word) -> dict:
    """roll for exposure on X [N times] | roll a die."""
    if r.accept("for", "exposure"):
        target = _target_after(r, b, ("on", "for"), "a survivor") if not r.done() and not r.at("twice") and \
            not (r.peek().kind == "int") else b.default_subject(w)
        times = r.times()
        return {"op": "exposure", "target": target, "times": times, "pos": P(w.pos)}
    ph = r.noun_phrase(allow_at=False, what="'a die' or 'for exposure'")
    if ph.kind != "die":
        raise BindError("T001", M("T001.roll-a-die", thing=ph.describe()), ph.pos, expected="'a die'")
    if ph.n in (None, 1) and not ph.filters:  # one die: the roll node says it ('roll 2 dice' stays unaccounted)
        used(ph)
    b.scope.result = True
    return {"op": "roll", "die": ph.sub if ph.sub in ("exposure", "combat") else "d6", "outcomes": [],
            "pos": P(w.pos)}


def verb_move(r: Reader, b: "Binder", w: A.Word) -> dict:
    """move a survivor to LOC | move 4 zombies from LOC to LOC."""
    save = r.i
    count, ph = _count_and_noun(r, "what to move")
    if ph.kind == "zombie":
        src = _place_phrase(r, b, ("from",), "where the zombies come from")
        dst = _place_phrase(r, b, ("to",), "where the zombies go")
        return {"op": "move_zombies", "count": count, "from": src, "to": dst, "pos": P(w.pos)}
    if ph.kind == "die":  # "move 1 action die from your unused pool to your used pool"
        if r.accept("from"):
            r.accept("your") or r.accept("the")
            r.expect("unused", what="'unused pool'")
            r.accept("pool") or r.accept("dice")
        r.expect("to")
        r.accept("your") or r.accept("the")
        r.expect("used", what="'used pool'")
        r.accept("pool") or r.accept("dice")
        return absorb({"op": "spend_dice", "count": count, "pos": P(w.pos)}, *_unused(ph))
    r.i = save  # a survivor may be described by where it is: "move a survivor at the colony to the hospital"
    ph = r.noun_phrase(allow_at=True, what="what to move")
    return {"op": "move_survivor", "target": b.scope.target(ph),
            "to": _place_phrase(r, b, ("to", "into"), "where to move"), "pos": P(w.pos)}


def _unused(ph: Phrase) -> list[dict]:
    """The 'unused' of 'an unused action die': dice are spent from the unused pool, so the spending
    node says it already (any other filter stays unaccounted, and the ledger reports it)."""
    return [f for f in ph.filters if f == {"op": "state", "is": "unused", "pos": f["pos"]}]


def verb_draw(r: Reader, b: "Binder", w: A.Word) -> dict:
    """draw 2 cards from the grocery store deck."""
    count, ph = _count_and_noun(r, "cards")
    src = _target_after(r, b, ("from",), "a deck")
    b.scope.bind("drawn", "card")          # "add it to your following": 'it' is what was drawn
    return {"op": "draw_cards", "count": count, "from": src, "to": {"op": "zone", "zone": "hand", "pos": P(w.pos)},
            "pos": P(w.pos)}


def verb_take(r: Reader, b: "Binder", w: A.Word) -> dict:
    """take 2 fuel cards from the gas station deck | take up to 4 fuel cards from the removed pile | take 4 damage."""
    save = r.i
    amount = r.count(default=None)
    noun = r.match_noun() if amount is not None else None
    if noun and noun[:2] == ("stat", "damage"):
        r.i += noun[2]
        return {"op": "damage", "target": {"op": "you", "pos": P(w.pos)}, "count": amount, "pos": P(w.pos)}
    r.i = save
    if r.at("the", "last") or r.at("the", "top"):   # "take the last 2 cards removed from the game": those cards
        cards = b.scope.target(r.noun_phrase(allow_at=False, what="cards"))
        r.accept("to", "your", "hand") or r.accept("into", "your", "hand")
        return {"op": "move_cards", "cards": cards, "to": {"op": "zone", "zone": "hand", "owner": {"op": "you",
                "pos": P(w.pos)}, "pos": P(w.pos)}, "pos": P(w.pos)}
    count, ph = _count_and_noun(r, "cards")
    src = _target_after(r, b, ("from",), "a deck or pile")
    if not r.accept("to", "your", "hand") and r.at("to"):  # the cards go to the taker's hand, always
        raise BindError("T002", M("T002.does-not-take", verb="take", word="to"), r.here_pos(),
                        expected="'to your hand'", hint=M("hint.take-to-hand"), width=2)
    return {"op": "take_cards", "count": count, "filters": ph.filters, "from": src,
            "to": {"op": "zone", "zone": "hand", "pos": P(w.pos)}, "pos": P(w.pos)}


def verb_reveal(r: Reader, b: "Binder", w: A.Word) -> dict:
    """reveal 1 card from the relic deck."""
    count, ph = _count_and_noun(r, "cards")
    src = _target_after(r, b, ("from",), "a deck")
    return {"op": "reveal_cards", "count": count, "from": src, "pos": P(w.pos)}


def verb_search(r: Reader, b: "Binder", w: A.Word) -> dict:
    """search the gas station deck for 2 fuel cards."""
    src = b.scope.target(r.noun_phrase(allow_at=False, what="a deck"))
    r.expect("for")
    count, ph = _count_and_noun(r, "cards")
    return {"op": "take_cards", "count": count, "filters": ph.filters, "from": src,
            "to": {"op": "zone", "zone": "hand", "pos": P(w.pos)}, "pos": P(w.pos)}


def verb_give(r: Reader, b: "Binder", w: A.Word) -> dict:
    """give CARDS to PLAYER."""
    cards = b.scope.target(r.noun_phrase(allow_at=True, what="cards"))
    if cards.get("op") == "select_of" and cards.get("kind") == "card" and \
            not any(f["op"] in ("in_zone", "equipped_to") for f in cards["filters"]):
        # "give 2 cards to …": a player gives what they hold, so the cards come from the giver's hand
        mine = restated(w.pos)
        cards["filters"].append({"op": "in_zone", "zone": {"op": "zone", "zone": "hand", "owner": {"op": "you", "pos": mine},
                                                           "pos": mine}, "pos": mine})
    return {"op": "give_cards", "cards": cards, "to": _target_after(r, b, ("to",), "a player"), "pos": P(w.pos)}


def verb_show(r: Reader, b: "Binder", w: A.Word) -> dict:
    """show CARDS to PLAYERS: they look at them."""
    what = b.scope.target(r.noun_phrase(allow_at=True, what="what to show"))
    return {"op": "look_at", "what": what, "by": _target_after(r, b, ("to",), "the players who see it"),
            "pos": P(w.pos)}


def verb_look(r: Reader, b: "Binder", w: A.Word) -> dict:
    """look at the hand of another player."""
    r.expect("at")
    return {"op": "look_at", "what": b.scope.target(r.noun_phrase(allow_at=True, what="what to look at")),
            "pos": P(w.pos)}


def verb_choose(r: Reader, b: "Binder", w: A.Word) -> dict:
    """choose a survivor you control (then: 'the chosen survivor')."""
    ph = r.noun_phrase(allow_at=True, what="what to choose")
    sel = b.scope.target(ph)
    if sel.get("op") == "zone":     # a deck is chosen where it is used; 'the chosen deck' would name nothing
        raise BindError("T001", M("T001.choose-a-deck"), ph.pos, expected="'draw 2 cards from an item deck.'",
                        hint=M("hint.deck-chosen-where-used"), width=ph.first.width)
    kind = ph.kind or "survivor"
    b.scope.bind("chosen", kind)
    chooser = "them" if b.scope.bindings.get("each") == "player" else "you"
    return {"op": "select", "bind": "chosen", "chooser": chooser, "selector": sel, "pos": P(w.pos)}


def verb_spend(r: Reader, b: "Binder", w: A.Word) -> dict:
    """spend an action die of 4 or more | spend 5 food | spend 3 fuel cards."""
    save = r.i
    count, ph = _count_and_noun(r, "what to spend")
    if w.lower == "discard" and ph.kind == "card" and r.at("from"):
        r.i = save
        return _discard_from(r, b, w)
    if w.lower == "discard" and ph.kind in ("card", "") and (ph.ref or ph.mode in ("ref", "this", "that")):
        # "discard the played card", "discard it": that card goes to the waste pile
        cards = b.scope.target(ph)
        return {"op": "move_cards", "cards": cards, "to": {"op": "zone", "zone": "waste_pile", "pos": P(w.pos)},
                "pos": P(w.pos)}
    if ph.kind == "die":
        minimum = 1
        if r.accept("of"):
            n = r.number()
            if n is None:
                raise BindError("T003", M("T003.lowest-after-of"), r.here_pos(), expected=M("expected.die-minimum"))
            more = r.peek()
            if more is None or more.kind != "or_more":
                raise BindError("T002", M("T002.die-minimum"), r.here_pos(),
                                expected="'or more'")
            r.take()
            minimum = n
        return absorb({"op": "spend_die", "count": count, "min": minimum, "pos": P(w.pos)}, *_unused(ph))
    if ph.kind == "token" and ph.sub in ("food", "bullet"):
        return {"op": "spend_tokens", "token": ph.sub, "count": count, "pos": P(w.pos)}
    if ph.kind == "card":
        return {"op": "spend_cards", "count": count, "filters": ph.filters, "pos": P(w.pos)}
    raise BindError("T001", M("T001.spend", thing=ph.describe()), ph.pos,
                    expected=M("expected.spendable"), width=ph.first.width)


def _discard_from(r: Reader, b: "Binder", w: A.Word) -> dict:
    """'discard a random card from your hand' (seed 004's word): the same as 'place a random card in your
    hand in the waste pile', the cards chosen when the effect resolves (not a cost: as many as there are)."""
    ph = r.noun_phrase(allow_at=False, what="cards")
    frm = r.take()
    start = r.i
    hand = r.noun_phrase(allow_at=False, what="a hand, such as 'your hand'")
    zone = b.scope.zone(hand)
    if zone.get("zone") != "hand":
        last = r.words[r.i - 1]
        raise BindError("T001", M("T001.discard-from-hand", thing=" ".join(x.text for x in r.words[start:r.i])),
                        hand.pos, expected="'from your hand'", hint=M("hint.discard-from-hand"),
                        width=last.pos.col + len(last.text) - hand.pos.col)
    ph.filters.append({"op": "in_zone", "zone": zone, "pos": P(frm.pos)})
    return {"op": "move_cards", "cards": b.scope.target(ph),
            "to": {"op": "zone", "zone": "waste_pile", "pos": P(w.pos)}, "pos": P(w.pos)}


def verb_heal(r: Reader, b: "Binder", w: A.Word) -> dict:
    """heal 1 wound on a survivor."""
    count, ph = _count_and_noun(r, "wounds")
    kind = ph.sub if ph.sub in ("wound", "frostbite") else "any"
    if r.accept("of", "any", "kind"):
        kind = "any"
    return {"op": "heal", "target": _target_after(r, b, ("on", "from"), "a survivor"), "count": count,
            "kind": kind, "pos": P(w.pos)}


def verb_turn(r: Reader, b: "Binder", w: A.Word) -> dict:
    """turn an unused action die you control to 6 | turn … to any face (its owner chooses)."""
    ph = r.noun_phrase(allow_at=True, what="an action die")
    if ph.kind != "die":
        raise BindError("T001", M("T001.turn-die", thing=ph.describe()), ph.pos,
                        expected="an action die", width=ph.first.width)
    r.expect("to")
    node = {"op": "set_die", "die": b.scope.target(ph), "pos": P(w.pos)}
    if r.accept("any", "face") or r.accept("a", "face", "of", "your", "choice") or r.accept("any", "result"):
        return node
    n = r.number()
    if n is None or not 1 <= n <= 6:
        raise BindError("T002", M("T002.die-face"), r.here_pos(),
                        expected="a number from 1 to 6, or 'any face'")
    node["value"] = n
    return node


def verb_make(r: Reader, b: "Binder", w: A.Word) -> dict:
    """make SURVIVOR your group leader."""
    ph = r.noun_phrase(allow_at=False, what="a survivor")
    r.expect("your", "group", "leader", what="'your group leader'")
    return {"op": "make_leader", "survivor": b.scope.target(ph), "pos": P(w.pos)}


def verb_reroll(r: Reader, b: "Binder", w: A.Word) -> dict:
    """reroll an unused action die you control."""
    return {"op": "reroll_dice", "dice": b.scope.target(r.noun_phrase(allow_at=True, what="dice")), "pos": P(w.pos)}


def verb_start(r: Reader, b: "Binder", w: A.Word) -> dict:
    """start an exile vote against PLAYER."""
    ph = r.noun_phrase(allow_at=False, what="'an exile vote'")
    if ph.kind != "vote":
        raise BindError("T001", M("T001.exile-vote"), ph.pos, expected="'an exile vote'")
    used(ph)
    return {"op": "exile_vote", "target": _target_after(r, b, ("against", "on"), "a player"), "pos": P(w.pos)}


def verb_end(r: Reader, b: "Binder", w: A.Word) -> dict:
    """end the colony warfare | end the game."""
    ph = used(r.noun_phrase(allow_at=False, what="'the colony warfare' or 'the game'"))  # its kind is checked
    if ph.kind == "warfare":
        return {"op": "end_warfare", "pos": P(w.pos)}
    if ph.kind == "zone" and ph.sub == "removed":
        return {"op": "end_game", "pos": P(w.pos)}
    raise BindError("T001", M("T001.end", thing=ph.describe()), ph.pos,
                    expected="'the colony warfare' or 'the game'")


def verb_skip(r: Reader, b: "Binder", w: A.Word) -> dict:
    """skip the colony warfare here | skip the crisis this round."""
    from .families import skip_crisis
    if (node := skip_crisis(r, w)) is not None:
        return node
    ph = r.noun_phrase(allow_at=False, what="'the colony warfare'")
    if ph.kind != "warfare":
        raise BindError("T001", M("T001.skip"), ph.pos, expected="'the colony warfare'")
    used(ph)
    return {"op": "skip_warfare", "at": _place_phrase(r, b, ("at",), "where"), "pos": P(w.pos)}


def verb_fill(r: Reader, b: "Binder", w: A.Word) -> dict:
    """fill the police station with noise tokens."""
    loc = b.scope.location(r.noun_phrase(allow_at=False, what="a location"))
    r.expect("with")
    ph = r.noun_phrase(allow_at=False, what="'noise tokens'")
    if ph.sub != "noise":
        raise BindError("T001", M("T001.fill"), ph.pos, expected="'noise tokens'")
    used(ph)
    return {"op": "fill_noise", "at": loc, "pos": P(w.pos)}


def verb_do(r: Reader, b: "Binder", w: A.Word) -> dict:
    """do not roll for exposure."""
    r.expect("not")
    if r.accept("roll", "for", "exposure"):
        return {"op": "skip_exposure", "pos": P(w.pos)}
    if r.accept("raise", "the", "action", "die") or r.accept("increase", "the", "action", "die"):
        return {"op": "skip_die_raise", "pos": P(w.pos)}
    if r.accept("lose", "morale"):   # a mark, never in the tree: the block folds it into the kill before it
        from .families import KEEP_MORALE  # (families.fold_keep_morale) or refuses it there
        r.accept("for", "it") or r.accept("for", "this", "death") or r.accept("for", "that", "death")
        return {"op": KEEP_MORALE, "pos": P(w.pos)}
    from .bind import ACTION_WORDS  # the actions a rule can forbid ("the chosen survivor cannot move")
    nxt = r.peek()
    if nxt is not None and nxt.lower in VERBS and nxt.lower not in ACTION_WORDS:  # "do not lose morale": an effect
        hint = M("hint.do-not-effect", word=nxt.text)
    else:
        hint = M("hint.cannot-move")
    raise BindError("T002", M("T002.do-not"), r.here_pos(), expected="'roll for exposure'", hint=hint)


def verb_spread(r: Reader, b: "Binder", w: A.Word) -> dict:
    """spread the bite from SURVIVOR."""
    r.expect("the", "bite", what="'the bite'")
    return {"op": "spread_bite", "from": _target_after(r, b, ("from",), "a survivor"), "pos": P(w.pos)}


def verb_manual(r: Reader, b: "Binder", w: A.Word) -> dict:
    """manual KEY: a step for the table, its instruction under ``manual: KEY:`` in the card file."""
    key = r.take()
    return {"op": "manual", "key": key.text, "instruction": {}, "why": "", "pos": P(w.pos), "_key_pos": key.pos}


VERBS: dict[str, Callable] = {
    "kill": verb_kill, "add": verb_add, "place": verb_add, "put": verb_add, "remove": verb_remove,
    "gain": verb_morale, "lose": verb_morale, "raise": verb_raise, "increase": verb_raise,
    "decrease": verb_raise, "lower": verb_raise, "roll": verb_roll, "move": verb_move, "draw": verb_draw,
    "take": verb_take, "search": verb_search, "give": verb_give, "look": verb_look, "choose": verb_choose,
    "spend": verb_spend, "discard": verb_spend, "heal": verb_heal, "reroll": verb_reroll, "start": verb_start,
    "end": verb_end, "skip": verb_skip, "fill": verb_fill, "do": verb_do, "manual": verb_manual,
    "spread": verb_spread, "reveal": verb_reveal, "turn": verb_turn, "make": verb_make,
    "show": verb_show,
}
COST_OPS = {"spend_die", "spend_tokens", "spend_cards"}
#: header words that open blocks; listed so "did you mean" knows them too
HEADER_WORDS = ("choose one", "vote", "roll a die", "once per", "when", "after", "before", "at the start of",
                "at the end of", "for the rest of", "until the end of", "for each", "instead of", "attach",
                "any number of times")


def verb_takes(verb: str) -> str:
    """A short reminder of what a verb takes, from its reader's docstring."""
    return (VERBS[verb].__doc__ or "").strip().rstrip(".")


def _author_verbs() -> None:
    """Actions read in compiler/author_families.py: 'equip'."""
    from .author_families import verb_equip
    VERBS["equip"] = verb_equip


_author_verbs()
