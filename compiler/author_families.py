"""Sentences a new author writes in the rulebook's own words, read into the language's families.

Each reader here either accepts a rulebook phrasing with one reading ("a survivor you control has 2
or more wounds", "you have no cards in your hand") or refuses a sentence the language cannot say with
an error that names the sentence it can ("this is not a move": write 'place … at …').
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from dow.dsl import ast as A

from .messages import M, Msg
from .phrases import BindError, P, Phrase, Reader, restated

if TYPE_CHECKING:  # pragma: no cover
    from .bind import Binder

_CMP = {(True, False): "ge", (False, True): "le", (True, True): "eq"}


def has_wounds(b: "Binder", r: Reader, subject_ph: Phrase, pos: list) -> dict | None:
    """'a survivor you control has 2 or more wounds', 'the moved survivor has no wounds': a condition on
    the wounds a survivor has (a frostbite wound is a wound, seed 004). None (cursor unmoved) otherwise."""
    if subject_ph.kind != "survivor" or not (r.at("has") or r.at("have")):
        return None
    has = r.peek()
    r.i += 1
    wounds = r.wounds_count(has)
    if wounds is None:
        r.i -= 1
        return None
    r.leftover("has", "nothing more")
    one = subject_ph.ref or subject_ph.mode in ("ref", "named", "this", "that", "you")
    if not one:
        if subject_ph.mode in ("each", "all"):
            raise BindError("T002", M("T002.has-wounds-each"), subject_ph.pos,
                            expected="'a survivor you control has 2 or more wounds'",
                            hint=M("hint.has-wounds-each"), width=subject_ph.first.width)
        subject_ph.filters.append(wounds)   # "a survivor you control has …": there is one with them
        selector = b.scope.select(subject_ph)
        return {"op": "exists", "selector": selector, "min": subject_ph.n or 1, "pos": pos}
    subject = b.scope.target(subject_ph)
    tokens = {"op": "select_of", "kind": "token", "quantity": {"mode": "all"},
              "filters": [{"op": "token_type", "type": "wound", "pos": restated(has.pos)},
                          {"op": "on", "thing": subject, "pos": restated(has.pos)}], "pos": restated(has.pos)}
    count = {"op": "count_of", "selector": tokens, "pos": restated(has.pos)}
    lo, hi = wounds["min"], wounds.get("max")
    tests = []
    if hi is None or lo > 0:
        tests.append((lo, "ge" if hi is None or hi != lo else "eq"))
    if hi is not None and hi != lo:
        tests.append((hi, "le"))
    elif hi == 0:
        tests = [(0, "eq")]
    nodes = [{"op": "compare", "left": count, "cmp": cmp, "right": {"op": "number", "value": n,
                                                                     "pos": restated(has.pos)},
              "pos": restated(has.pos)} for n, cmp in tests]
    node = nodes[0] if len(nodes) == 1 else {"op": "all", "items": nodes, "pos": restated(has.pos)}
    node["pos"] = P(has.pos)
    return node


def you_have(b: "Binder", r: Reader, pos: list) -> dict | None:
    """'you have no cards in your hand', 'you have 2 or more food cards in your hand': the same as 'there
    are … in your hand'. Only cards in a hand (or a following) are had; a survivor is controlled."""
    if not (r.at("you", "have") or r.at("you", "do", "not", "have") or r.at("you", "don't", "have")):
        return None
    start = r.peek()
    negate = r.accept("you", "do", "not", "have") or r.accept("you", "don't", "have")
    if not negate:
        r.i += 2
    if r.accept("no"):
        negate = not negate
    ph = r.noun_phrase(allow_at=True, what="cards in your hand")
    if ph.kind != "card" or not any(f["op"] == "in_zone" for f in ph.filters):
        hint = M("hint.you-control") if ph.kind == "survivor" else M("hint.you-have-hand")
        words = r.words[r.words.index(start) + 2:r.i]
        raise BindError("T002", M("T002.you-have", thing=" ".join(x.text for x in words)), start.pos,
                        expected="'you have no cards in your hand'", hint=hint,
                        width=ph.pos.col + len(ph.first.text) - start.pos.col)
    r.leftover("you have", "nothing more")
    node = {"op": "exists", "selector": b.scope.select(ph), "min": ph.n or 1, "pos": pos}
    return {"op": "not", "item": node, "pos": pos} if negate else node


# ---- errors that teach: a sentence the language does not take, and the one it does --------------------

NOT_A_MOVE = (("this", "is", "not", "a", "move"), ("this", "does", "not", "count", "as", "a", "move"),
              ("this", "doesn't", "count", "as", "a", "move"))


def not_a_move(c: A.Clause) -> None:
    """'this is not a move.' after 'move …': the language says it with 'place … at …' (seed 004: placing a
    survivor is not a move, no exposure roll)."""
    words = tuple(w.lower for w in c.words)
    if words in NOT_A_MOVE:
        last = c.words[-1]
        raise BindError("T002", M("T002.not-a-move"), c.words[0].pos,
                        expected="'place the chosen survivor at the colony.'", hint=M("hint.not-a-move"),
                        width=last.pos.col + len(last.text) - c.words[0].pos.col)


_ACTS = ("give", "draw", "place", "put", "discard", "take", "lose", "gain", "add", "remove", "kill", "choose", "move",
         "spend", "heal", "look", "search", "show")


def subject_hint(r: Reader, verb: str, w: A.Word, subject: dict) -> "Msg | None":
    """A hint for a subject clause whose verb the language does not take after a subject: the sentence the
    language has for it, when there is one."""
    player = subject.get("kind") == "player" or subject.get("op") == "you"
    if verb not in _ACTS and verb.endswith("s") and (verb[:-1] in _ACTS or verb[:-2] in _ACTS):
        verb = verb[:-1] if verb[:-1] in _ACTS else verb[:-2]      # "places", "draws", "discards"
    if verb == "lose" and r.peek() is not None and r.text(1) == "food":
        return M("hint.food-is-the-colonys")
    if player and verb == "roll" and (r.at("a", "die") or r.at("a", "d6") or r.at("the", "die")):
        return M("hint.each-player-rolls-a-die")
    if player and verb in ("gain", "lose"):
        return M("hint.morale-is-the-colonys")
    if player and verb in _ACTS:
        return M("hint.each-player-acts")
    if verb == "may":
        return M("hint.each-player-may")
    if verb == "with":
        return M("hint.player-with-most")
    if verb == "have":
        return M("hint.has-condition")
    return None


def refuse_subject_verb(r: Reader, verb: str, w: A.Word, subject: dict) -> None:
    """A subject verb the language takes only in one form ('gives 2 combat strength', 'rolls 1 additional
    action die'), written in another: say what the language has instead of "expected 'combat strength'"."""
    save = r.i
    if verb in ("give", "add"):
        r.count(default=None)
        strength = r.at("combat", "strength")
        r.i = save
        if strength:
            return
    elif verb == "roll":
        if not (r.at("a", "die") or r.at("a", "d6") or r.at("the", "die") or r.at("dice") or r.at("a", "dice")):
            return
    else:
        return
    raise BindError("N001", M("N001.not-subject-verb", word=w.text), w.pos,
                    expected=M("expected.subject-verb-forms", verb=verb,
                               forms="'gives 2 combat strength'" if verb in ("give", "add")
                               else "'rolls 1 additional action die'"),
                    hint=subject_hint(r, verb, w, subject) or M("hint.each-player-acts"), width=w.width)


def condition_hint(r: Reader, w: A.Word, subject_ph: Phrase) -> "Msg | str":
    """A hint for a condition whose verb is not one the language tests."""
    if w.lower in ("has", "have"):
        if subject_ph.kind == "zone":
            return M("hint.zone-has")       # "the waste pile has 10 or more cards"
        if subject_ph.kind == "player":
            return M("hint.you-have-hand")
        return M("hint.has-condition")
    return ""


# ---- each player acts: "each player draws 1 card from the grocery store deck." ---------------------------

#: actions a player takes in an "each player …" sentence (gaining or losing morale is the colony's, not theirs)
ACTING_VERBS = ("give", "draw", "place", "put", "discard", "take", "remove", "kill", "choose", "move", "spend",
                "heal", "look", "search", "show", "add", "reveal", "reroll", "roll")
_acting = [0]


def acting() -> bool:
    """Whether a block is being read in which 'they' act themselves ('to their left' is their seat's)."""
    return _acting[0] > 0


def _base(word: str) -> str:
    """'draws' -> 'draw', 'gives' -> 'give', 'discards' -> 'discard' (the verbs of ACTING_VERBS)."""
    for cut in (0, 1, 2):
        stem = word[:-cut] if cut else word
        if stem in ACTING_VERBS and (cut == 0 or word.endswith("s")):
            return stem
    return word


def _modify_form(r: Reader, verb: str) -> bool:
    """Whether the words after a subject's verb are one of the rule forms a subject clause already reads
    ('rolls 1 additional action die', 'removes 5 cards from the waste pile instead of 3')."""
    rest = [r.text(k) for k in range(0, 8)]
    if verb in ("give", "add"):
        return "combat" in rest[:3]
    if verb == "roll":          # only "rolls for exposure on …" is a player's act ("rolls a die" compares nothing)
        return rest[:2] != ["for", "exposure"]
    if verb == "remove":
        return "waste" in rest and "instead" in [r.text(k) for k in range(0, 12)]
    if verb == "look":
        return "when" in [r.text(k) for k in range(0, 10)]
    return False


def each_player(b: "Binder", r: Reader, subject: dict, verb_word: A.Word, pos: list) -> dict | None:
    """'each player VERB …', 'the player to your left VERB …': each player the subject names, in turn from
    you, does the sentence themselves: what they draw goes to their hand, what they choose is their choice,
    'they'/'their' name them. None (the cursor unmoved) if the subject is no players or the verb no action."""
    from .resolve import VERBS
    if subject.get("op") != "select_of" or subject.get("kind") != "player":
        return None
    verb = _base(verb_word.lower)
    if verb not in ACTING_VERBS or verb not in VERBS:
        return None
    save = r.i
    r.i += 1
    if _modify_form(r, verb):
        r.i = save
        return None
    you_words = []
    for k in range(r.i, len(r.words)):
        word = r.words[k]
        after = r.words[k + 1].lower if k + 1 < len(r.words) else ""
        if word.lower in ("your", "yours") or (word.lower == "you" and after in ("control", "controls", "may", "have",
                                                                                  "do", "did", "play", "played")):
            raise BindError("N005", M("N005.you-in-each-player", word=word.text), word.pos,
                            expected="'they', 'their'", hint=M("hint.you-in-each-player"), width=word.width)
        if word.lower == "you":
            you_words.append([word.pos.line, word.pos.col])   # "… gives 2 cards to you": the resolving player
    ties = any(f.get("op") == "most" for f in subject.get("filters", []))
    if subject["quantity"].get("mode") == "one" and not ties:   # "the player to your left draws …": whoever
        subject["quantity"] = {"mode": "each"}                    # that is (a tie for the most: one of them)
    inner = b.scope.child()
    inner.bind("each", "player")
    inner.bind("resolver", "player")
    outer, b.scope, r.scope = b.scope, inner, inner
    _acting[0] += 1
    try:
        node = VERBS[verb](r, b, A.Word(verb, verb_word.kind, verb_word.pos))   # "discards" reads as "discard"
        r.leftover(verb_word.text, M("expected.words", words=_takes(verb)))
    finally:
        _acting[0] -= 1
        b.scope, r.scope = outer, outer
    _you_is_the_resolver(node, you_words)
    return {"op": "each_player", "players": subject, "body": [node], "pos": pos}


def _you_is_the_resolver(node, at: list) -> None:
    """In an 'each player …' sentence the acting player is each of them, so a 'you' written there (the word,
    not an action's own taker) names the player resolving the card: the back-reference ``resolver``."""
    if isinstance(node, dict):
        for key, value in list(node.items()):
            if isinstance(value, dict) and value.get("op") == "you" and value.get("pos") in at:
                node[key] = {"op": "ref", "name": "resolver", "kind": "player", "pos": value["pos"]}
            else:
                _you_is_the_resolver(value, at)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            if isinstance(value, dict) and value.get("op") == "you" and value.get("pos") in at:
                node[i] = {"op": "ref", "name": "resolver", "kind": "player", "pos": value["pos"]}
            else:
                _you_is_the_resolver(value, at)


def _takes(verb: str) -> str:
    from .resolve import verb_takes
    return verb_takes(verb)


# ---- equip: "equip it to a survivor you control." ------------------------------------------------------
def verb_equip(r: Reader, b: "Binder", w: A.Word) -> dict:
    """equip CARD to a SURVIVOR you control (an item found or in a hand)."""
    ph = r.noun_phrase(allow_at=True, what="an item card")
    card = b.scope.target(ph)
    if card.get("kind") not in ("card", None) or card.get("op") not in ("ref", "select_of", "named"):
        raise BindError("T001", M("T001.equip-a-card"), ph.pos, expected="'equip it to a survivor you control.'",
                        width=ph.first.width)
    if card.get("op") == "select_of" and not any(f["op"] == "in_zone" for f in card["filters"]):
        mine = restated(w.pos)            # "equip a weapon to …": an item the player holds
        card["filters"].append({"op": "in_zone", "zone": {"op": "zone", "zone": "hand", "owner": {"op": "you", "pos": mine},
                                                          "pos": mine}, "pos": mine})
    r.expect("to", what="'to' and a survivor")
    sph = r.noun_phrase(allow_at=True, what="a survivor you control")
    to = b.scope.target(sph)
    if to.get("kind") != "survivor":
        raise BindError("T001", M("T001.equip-to-survivor"), sph.pos, expected="'a survivor you control'",
                        width=sph.first.width)
    return {"op": "equip", "card": card, "to": to, "pos": P(w.pos)}
