"""Bind the sentences of rules that reach across turns and rounds.

An extra action every player may take on their own turn while a rule holds ("during their turn, each
player may spend a card: …"), a reaction to an exposure die's face that any player may pay for ("any
player may spend a medicine card to ignore a bitten result on the exposure die."), a block that happens
once, at the start or the end of the next round ("at the end of the next round:"), and the two conditions
these blocks read: what was searched since the card ("every non-colony location was searched since this
card") and the face an exposure roll just showed ("the result is blank"). ``Binder`` (compiler/bind.py)
calls these; each returns the node it binds or raises a located ``BindError``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from dow.dsl import ast as A

from .messages import M
from .phrases import BindError, P, Reader

if TYPE_CHECKING:  # pragma: no cover
    from .bind import Binder

#: the faces of the exposure die a result can be ignored on (a blank does nothing to ignore)
IGNORABLE = {"bitten": "bitten", "bite": "bitten", "wound": "wound", "frostbite": "frostbite"}
#: the faces "the result is …" can name
FACES = {"blank": "blank", "wound": "wound", "frostbite": "frostbite", "bitten": "bitten", "a": ""}


def is_turn_action(r: Reader) -> bool:
    """'during their turn, each player may …': an extra action (read before 'during' as a duration)."""
    return r.at("during", "their", "turn")


def turn_action(b: "Binder", h: A.Header, r: Reader, pos: list) -> dict:
    """'during their turn, each player may spend a card:' and the block the player whose turn it is gets
    for the cost ("they": that player), as often as they pay it."""
    r.expect("during", "their", "turn")
    w = r.peek()
    if w is not None and w.kind == "comma":
        r.take()
    r.expect("each", "player", "may", what="'each player may'")
    cost, inner = b.cost_of_each(r)
    r.i = len(r.words)                      # the cost's own reader read the rest
    return {"op": "turn_action", "cost": cost, "body": b.sub(h.body, scope=inner), "pos": pos}


def is_ignore_roll(c: A.Clause) -> bool:
    return [w.lower for w in c.words[:3]] == ["any", "player", "may"]


def ignore_roll(b: "Binder", c: A.Clause) -> dict:
    """'any player may spend a medicine card to ignore a bitten result on the exposure die.'"""
    words = [w.lower for w in c.words]
    first = c.words[0]
    if "to" not in words or words[words.index("to") + 1:words.index("to") + 2] != ["ignore"]:
        raise BindError("T002", M("T002.ignore-what"), first.pos,
                        expected="'any player may spend a medicine card to ignore a bitten result on the exposure die'",
                        width=first.width)
    cut = words.index("to")
    r = Reader(c, b.scope)
    r.expect("any", "player", "may")
    cost = [b.cost(A.Clause(c.words[3:cut], c.words[3].pos))] if cut > 3 else []
    r.i = cut
    r.expect("to", "ignore")
    r.accept("a") or r.accept("an") or r.accept("the")
    face = r.take()
    if face.lower not in IGNORABLE:
        raise BindError("T002", M("T002.ignore-what"), face.pos,
                        expected=M("expected.words", words="bitten, wound, frostbite"), width=face.width)
    r.accept("result")
    r.expect("on", "the", "exposure", "die", what="'on the exposure die'")
    r.leftover("ignore", "nothing more")
    return {"op": "ignore_roll", "face": IGNORABLE[face.lower], "cost": cost, "pos": P(c.pos)}


def is_delayed(r: Reader) -> bool:
    return r.at("at", "the", "start", "of", "the", "next", "round") or r.at("at", "the", "end", "of", "the", "next",
                                                                          "round")


def delayed(b: "Binder", h: A.Header, r: Reader, pos: list) -> dict:
    """'at the end of the next round:' once, then never again; 'since this card' inside it counts from now."""
    r.expect("at", "the")
    edge = r.take().lower
    r.expect("of", "the", "next", "round")
    r.leftover("at the end of the next round", "nothing more before ':'")
    outer = b.later
    b.later = True
    try:
        body = b.sub(h.body)
    finally:
        b.later = outer
    return {"op": "delayed", "edge": edge, "body": body, "pos": pos}


def is_searched(r: Reader) -> bool:
    """'… was searched …', '… were searched …', '… has been searched …'."""
    words = list(r.lower)
    return any(a in ("was", "were", "been") and b == "searched" for a, b in zip(words, words[1:]))


def searched(b: "Binder", r: Reader, pos: list) -> dict:
    """'every non-colony location was searched since this card', 'the school was searched since this card'."""
    ph = r.noun_phrase(allow_at=False, what="the locations, such as 'every non-colony location'")
    if ph.kind != "location":
        raise BindError("T001", M("T001.searched-where", thing=ph.describe()), ph.pos,
                        expected="'every non-colony location', 'the school'", width=ph.first.width)
    where = b.scope.location(ph)
    if not (r.accept("was") or r.accept("were") or r.accept("has", "been") or r.accept("have", "been")):
        r.expect("was", what="'was searched'")
    r.expect("searched")
    at = r.here_pos()
    r.expect("since", "this", "card", what="'since this card'")
    if not b.later:
        raise BindError("T002", M("T002.since-later"), at, expected="'at the end of the next round:'")
    r.leftover("searched", "nothing more")
    return {"op": "searched", "where": where, "pos": pos}


def is_rolled(r: Reader) -> bool:
    return r.at("the", "result", "is") or r.at("the", "result", "was")


def rolled(b: "Binder", r: Reader, pos: list) -> dict:
    """'the result is blank': the face of the exposure roll just before, in the same block."""
    first = r.peek()
    r.take()
    r.take()
    r.take()
    negate = r.accept("not")
    w = r.take() if not r.done() else None
    if w is not None and w.lower == "a":
        w = r.take() if not r.done() else None
    if w is None or w.lower not in FACES or not FACES[w.lower]:
        bad = w or first
        raise BindError("T002", M("T002.result-face"), bad.pos,
                        expected=M("expected.words", words="blank, wound, frostbite, bitten"), width=bad.width)
    if not b.scope.face:
        raise BindError("N007", M("N007.result-no-exposure"), first.pos, width=first.width)
    r.accept("result")
    r.leftover("the result is", "nothing more")
    node = {"op": "rolled", "face": FACES[w.lower], "pos": pos}
    return {"op": "not", "item": node, "pos": pos} if negate else node
