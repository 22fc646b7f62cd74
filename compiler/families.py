"""Bind the sentences of the families a card's rules have beyond one player's own effects.

Votes of some players, costs the players pay together, an option that does nothing, the crisis deck
(its reveal as an event, its top cards arranged), and which actions a card may have a survivor take.
``Binder`` (compiler/bind.py) calls these; each returns the node it binds or raises a located
``BindError``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from dow.dsl import ast as A

from .messages import M
from .phrases import BindError, P, Reader, absorb

if TYPE_CHECKING:  # pragma: no cover
    from .bind import Binder

#: the actions a card can have a survivor take (the runtime runs these; the others it cannot yet)
PERFORMABLE = ("attack", "barricade")


def nothing_happens(s: A.Sentence) -> bool:
    """'nothing happens.': an option that does nothing (an empty block; the option is still offered)."""
    return not s.may and len(s.clauses) == 1 and [w.lower for w in s.clauses[0].words] == ["nothing", "happens"]


def check_performable(action: str, w: A.Word) -> None:
    """A card may have a survivor attack or barricade; searching, cleaning waste and attracting for a
    card are refused rather than compiled to a step the engine could not take."""
    if action not in PERFORMABLE:
        raise BindError("T002", M("T002.cannot-perform", word=w.text), w.pos,
                        expected=M("expected.words", words="'attacks', 'barricades'"), width=w.width)


def vote_among(b: "Binder", h: A.Header, r: Reader, pos: list) -> dict:
    """'each player who controls a survivor at the colony votes:': a vote of those players only."""
    r.accept("each", "player", "who", "controls")
    words = r.words[r.i:-1]
    if not words:
        raise r.error_end("what the voters control, such as 'a survivor at the colony'")
    inner = Reader(A.Clause(words, words[0].pos), b.scope)
    what = b.scope.target(inner.noun_phrase(allow_at=True, what="what the voters control"))
    inner.leftover("controls", "nothing more before 'votes'")
    them = {"op": "ref", "name": "each", "kind": "player", "pos": pos}
    return {"op": "vote", "voters": {"op": "controls", "player": them, "what": what, "pos": pos},
            "options": b.options(h, "vote"), "pos": pos}


def together(b: "Binder", h: A.Header, r: Reader, pos: list) -> dict:
    """'the players may together spend 3 fuel cards: …': a cost the players pay between them."""
    r.accept("the", "players", "may", "together") or r.accept("together", "the", "players", "may")
    if r.done():
        raise r.error_end("a cost, such as 'spend 3 fuel cards'")
    cost = b.cost(A.Clause(r.words[r.i:], r.here_pos()))
    if cost["op"] != "spend_cards":
        raise BindError("T002", M("T002.not-a-cost", word=r.words[r.i].text), r.here_pos(),
                        expected="'spend 3 fuel cards'", width=r.words[r.i].width)
    return {"op": "together", "cost": [cost], "body": b.sub(h.body), "pos": pos}


def pot(b: "Binder", h: A.Header, r: Reader, pos: list) -> dict:
    """'each player may stake up to 2 food cards:' with the sentence that says who takes the pot, 'the
    player who staked the most takes the pot.' (or 'you take the pot.'): each non-exiled player, in turn
    from you, puts face down up to that many of those cards from their hand; then the taker gets them all."""
    from .resolve import _count_and_noun
    r.accept("each", "player", "may", "stake")
    if r.done():
        raise r.error_end("what each player may stake, such as 'up to 2 food cards'")
    at = r.peek()
    count, ph = _count_and_noun(r, "cards")
    if ph.kind != "card" or not (isinstance(count, dict) and count.get("op") == "up_to"):
        raise BindError("T002", M("T002.stake-what"), at.pos, expected="'each player may stake up to 2 food cards:'",
                        width=at.width)
    r.leftover("stake", "nothing more before ':'")
    stmts = h.body.stmts
    clause = stmts[0].clauses[0] if len(stmts) == 1 and isinstance(stmts[0], A.Sentence) and \
        len(stmts[0].clauses) == 1 and not stmts[0].may else None
    if clause is None:
        raise BindError("T002", M("T002.pot-taker"), h.body.pos, expected=M("expected.pot-taker"))
    t = Reader(clause, b.scope)
    if t.accept("the", "player", "who", "staked", "the", "most", "takes", "the", "pot"):
        taker = "most"
    elif t.accept("you", "take", "the", "pot"):
        taker = "you"
    else:
        first = clause.words[0]
        raise BindError("T002", M("T002.pot-taker"), first.pos, expected=M("expected.pot-taker"),
                        width=clause.words[-1].pos.col + len(clause.words[-1].text) - first.pos.col
                        if clause.words[-1].pos.line == first.pos.line else first.width)
    t.leftover("pot", "nothing more")
    return {"op": "pot", "count": count, "filters": ph.filters, "taker": taker, "pos": pos,
            "_taker": {"op": "_taker", "pos": P(clause.pos)}}


def arrange(b: "Binder", c: A.Clause) -> dict:
    """'arrange the top 3 cards of the crisis deck in any order.': look at them, put them back as you like."""
    r = Reader(c, b.scope)
    r.take()
    ph = r.noun_phrase(allow_at=False, what="'the top N cards of' a deck")
    cards = b.scope.target(ph)
    if cards.get("op") != "zone" or "top" not in cards:
        raise BindError("T002", M("T002.top-cards"), ph.pos, expected="'the top 3 cards of the crisis deck'")
    r.expect("in", "any", "order", what="'in any order'")
    r.leftover("arrange", "nothing more")
    return {"op": "arrange", "cards": cards, "pos": P(c.pos)}


def crisis_revealed(r: Reader, start: A.Word) -> dict:
    """'a crisis is revealed' (a trigger's event): the reveal of each round's crisis step."""
    r.accept("a", "crisis", "is", "revealed")
    r.leftover("revealed", "nothing more")
    return {"op": "event", "kind": "reveal_crisis", "actor": {"op": "zone", "zone": "crisis_deck",
            "pos": P(start.pos)}, "filters": [], "pos": P(start.pos)}


#: who a player is at the table: "they are the first player", "they are the player whose turn it is"
PLAYER_STATES = {("the", "first", "player"): "first", ("the", "player", "whose", "turn", "it", "is"): "active",
                 # the seats beside yours (play passes to the left, seed 004): "they are the player to your left"
                 ("the", "player", "to", "your", "left"): "left", ("the", "player", "to", "your", "right"): "right"}


def player_state(r: Reader, take: bool = False) -> str | None:
    """The player state the next words name (consumed with ``take``), or None."""
    for words, state in PLAYER_STATES.items():
        if r.at(*words):
            if take:
                r.accept(*words)
            return state
    return None


# ---- the crisis step -------------------------------------------------------------------------
def skip_crisis(r: Reader, w: A.Word) -> dict | None:
    """'skip the crisis this round.' / 'skip this round's crisis.': the revealed crisis has no effect at
    this round's resolve crisis step; None when the words after 'skip' do not name the crisis."""
    if not (r.accept("the", "crisis") or r.accept("this", "round's", "crisis")):
        return None
    r.accept("step")
    r.accept("this", "round")
    return {"op": "skip_crisis", "pos": P(w.pos)}


def crisis_has_no_effect(r: Reader, subject: dict, pos: list) -> dict | None:
    """'the crisis has no effect this round.' (a subject clause on the crisis)."""
    if subject.get("op") != "zone" or subject.get("zone") != "crisis" or not r.accept("no", "effect"):
        return None
    r.expect("this", "round", what="'this round'")
    return {"op": "skip_crisis", "pos": pos}


def return_crisis(r: Reader, w: A.Word) -> dict | None:
    """'put the crisis back on top of the crisis deck.' / '… at the bottom of the crisis deck.': the revealed
    crisis goes back into its deck; None when the words after 'put' do not name the crisis."""
    if not r.at("the", "crisis") or r.at("the", "crisis", "deck"):
        return None
    r.accept("the", "crisis")
    r.accept("back")
    if r.accept("on", "top", "of") or r.accept("on", "the", "top", "of"):
        where = "top"
    elif r.accept("at", "the", "bottom", "of") or r.accept("on", "the", "bottom", "of"):
        where = "bottom"
    else:
        w2 = r.peek()
        want = "'on top of the crisis deck' or 'at the bottom of the crisis deck'"
        if w2 is None:
            raise r.error_end(want)
        raise BindError("T002", M("T002.expected-found", what=want, found=w2.text), w2.pos, expected=want,
                        width=w2.width)
    r.expect("the", "crisis", "deck", what="'the crisis deck'")
    return {"op": "return_crisis", "where": where, "pos": P(w.pos)}


# ---- "do not lose morale" ----------------------------------------------------------------------
#: the mark 'do not lose morale.' leaves until the block folds it into the kill before it
KEEP_MORALE = "keep_morale"


def fold_keep_morale(out: list[dict], new: list[dict]) -> None:
    """Append ``new`` to ``out``, folding each 'do not lose morale' into the kill right before it: a
    survivor's death costs 1 morale (seed 004, Killing Survivors) unless the card that kills says not."""
    for node in new:
        if node.get("op") != KEEP_MORALE:
            out.append(node)
            continue
        kill = out[-1] if out else None
        if kill is None or kill.get("op") != "kill_survivor":
            raise BindError("T002", M("T002.keep-morale-after-kill"), A.Pos(*node["pos"]), width=2,
                            expected="'kill \"Rod Miller\". do not lose morale.'",
                            hint=M("hint.keep-morale"))
        kill["morale"] = "kept"
        absorb(kill, node)


# ---- one entrance of a location ------------------------------------------------------------------
def attack_at_entrance(b: "Binder", r: Reader, node: dict) -> None:
    """'… when attacking zombies at entrance 1 of the colony': an exemption for attacks on the zombies of one
    entrance only (its ``at`` and ``entrance``; entrances are numbered from 1 as on the board)."""
    r.accept("zombies") or r.accept("a", "zombie")
    r.expect("at", "entrance", what="'at entrance N of' a location")
    w = r.peek()
    if w is None or w.kind != "int":
        raise r.error_end("an entrance number") if w is None else BindError(
            "T002", M("T002.expected-found", what=M("expected.number"), found=w.text), w.pos,
            expected=M("expected.number"), width=w.width)
    r.take()
    r.expect("of", what="'of' and a location")
    node["entrance"] = int(w.text)
    node["at"] = b.scope.location(r.noun_phrase(allow_at=False, what="a location"))


# ---- storage, the colony phase, an offer to the players, a failed objective -------------------------------
#: how an offer to several players starts: any one player, asked in turn from the first player
OFFER_WORDS = (("one", "player", "may"), ("a", "single", "player", "may"))
#: the sentence after an offer that says what happens when nobody took it
NOBODY_WORDS = (("nobody", "does"), ("no", "player", "does"), ("no", "one", "does"))


def offer_start(r: Reader) -> tuple[str, ...] | None:
    """The words that open an offer ('one player may', 'a single player may') if the reader is at them."""
    return next((words for words in OFFER_WORDS if r.at(*words)), None)


def offer(b: "Binder", r: Reader, pos: list, body: "A.Block | None", rest: "A.Clause | None" = None) -> dict:
    """'one player may [COST]:' with a block, or 'one player may put a fuel card in their hand in the storage.':
    the non-exiled players are asked in turn from the first player; the first who agrees pays and does it,
    as 'they' (the block's 'their hand' is that player's). 'if nobody does:' after it is its ``otherwise``."""
    words = offer_start(r)
    assert words is not None
    r.accept(*words)
    inner = b.scope.child()
    inner.bind("each", "player")
    outer, b.scope = b.scope, inner
    try:
        cost: list[dict] = []
        stmts: list[dict] = []
        if body is not None and not r.done():               # "one player may spend 2 food:" then a block
            cost = [b.cost(A.Clause(r.words[r.i:], r.here_pos()))]
        elif body is None:                                  # "one player may put a fuel card … in the storage."
            if r.done():
                raise r.error_end("what the player may do, such as 'put a fuel card in their hand in the storage'")
            node = b.clause(A.Clause(r.words[r.i:], r.here_pos()))
            from .resolve import COST_OPS
            (cost if node["op"] in COST_OPS else stmts).append(node)
        r.i = len(r.words)
    finally:
        b.scope = outer
    if body is not None:
        stmts = b.sub(body, scope=inner)
    return {"op": "offer", "cost": cost, "body": stmts, "pos": pos}


def nobody_does(stmt) -> bool:
    """Whether a statement is 'if nobody does: …' (the otherwise of the offer before it)."""
    if not isinstance(stmt, A.If) or not isinstance(stmt.cond, A.Test):
        return False
    said = tuple(w.lower for w in stmt.cond.clause.words)
    return said in NOBODY_WORDS


def fold_nobody_does(b: "Binder", out: list[dict], stmt) -> None:
    """Fold 'if nobody does: …' into the offer right before it, as what happens when no player took it."""
    first = stmt.cond.clause.words[0]
    prev = out[-1] if out else None
    if prev is None or prev.get("op") != "offer" or "otherwise" in prev:
        raise BindError("T002", M("T002.nobody-does-after-offer"), first.pos, width=first.width,
                        expected=M("expected.offer-then-nobody"))
    if stmt.otherwise is not None:
        raise BindError("T002", M("T002.nobody-does-otherwise"), stmt.pos, expected=M("expected.offer-then-nobody"))
    r = Reader(stmt.cond.clause, b.scope)
    said = P(first.pos)
    r.i = len(r.words)                                      # the words were read whole
    prev["otherwise"] = b.sub(stmt.then)
    absorb(prev, {"pos": said})


def objective_fails(r: Reader, subject: dict, pos: list) -> dict | None:
    """'the main objective fails.' / 'the main objective has failed.': the game ends and the colony has lost;
    None when the subject is not the main objective or the words after it say something else."""
    kinds = [f.get("type") for f in subject.get("filters", []) if f.get("op") == "card_type"]
    if subject.get("op") != "select_of" or subject.get("kind") != "card" or kinds != ["main_objective"]:
        return None
    if not (r.accept("fails") or r.accept("has", "failed") or r.accept("is", "failed")):
        return None
    return absorb({"op": "fail_objective", "pos": pos}, subject)


#: "3 for each player who started the game", "the number of players who started the game"
STARTED_WORDS = ("player", "who", "started", "the", "game")


def per_player(r: Reader, pos: list) -> dict | None:
    """A number counted per player who started the game, or None when the words are not one."""
    w = r.peek()
    if w is not None and w.kind == "int" and (r.at(w.text, "for", "each", *STARTED_WORDS)
                                              or r.at(w.text, "for", "every", *STARTED_WORDS)):
        r.i += 2 + 1 + len(STARTED_WORDS)
        return {"op": "per_player", "amount": int(w.text), "pos": pos}
    if r.at("number", "of", "players", "who", "started", "the", "game"):
        r.i += 7
        return {"op": "per_player", "amount": 1, "pos": pos}
    if w is not None and w.kind == "int" and (r.at(w.text, "for", "each", *NOT_EXILED_WORDS)
                                              or r.at(w.text, "for", "every", *NOT_EXILED_WORDS)):
        r.i += 3 + len(NOT_EXILED_WORDS)        # "2 for each non-exiled player": the players still at the table
        return {"op": "per_player", "amount": int(w.text), "who": "not_exiled", "pos": pos}
    return None


#: "2 for each non-exiled player"
NOT_EXILED_WORDS = ("non-exiled", "player")


def is_barricaded(r: Reader) -> bool:
    """'each entrance of the colony has …', 'every colony entrance has …'."""
    return any(r.at(q, "entrance", "of") or r.at(q, "colony", "entrance") for q in ("each", "every"))


def barricaded(b: "Binder", r: Reader, pos: list) -> dict:
    """'each entrance of the colony has a barricade' (or '… has 2 or more barricades'): every entrance of the
    location holds that many barricades or more (Stockpile's 'at least 1 barricade at each colony entrance')."""
    r.take()
    if r.accept("colony", "entrance"):
        where = {"op": "location", "id": "colony", "pos": pos}
    else:
        r.expect("entrance", what="'entrance of'")
        r.expect("of", what="'entrance of'")
        where = b.scope.location(r.noun_phrase(allow_at=False, what="a location"))
    if not (r.accept("has") or r.accept("have")):
        raise r.error_end("'has a barricade' or 'has 2 or more barricades'") if r.peek() is None else \
            BindError("T002", M("T002.entrance-has"), r.here_pos(), expected="'has a barricade'")
    ph = r.noun_phrase(allow_at=False, what="barricades")
    if ph.kind != "token" or ph.sub != "barricade" or ph.mode not in ("one", "count", "at_least"):
        raise BindError("T002", M("T002.entrance-has"), ph.pos, expected="'a barricade', '2 or more barricades'",
                        width=ph.first.width)
    r.leftover("has", "nothing more")
    return absorb({"op": "barricaded", "where": where, "min": ph.n or 1, "pos": pos}, ph)
