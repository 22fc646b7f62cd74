"""Read the words of one clause: numbers, noun phrases, places, back-references.

A ``Reader`` walks a clause's words with a cursor. ``noun_phrase`` reads
"each non-exiled survivor you control at the colony" into a ``Phrase``; the
``Phrase`` then becomes a selector, a location, a count or a token kind for the
verb that asked for it. Every failure is a ``BindError`` pointing at a word.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from dow.dsl.ast import Clause, Pos, Word

from . import ledger
from .diagnostics import did_you_mean
from .messages import M, Msg
from .vocab import (ADJECTIVES, BACKREFS, DETERMINERS, LOCATIONS, NOUNS, PRONOUNS, singular)

#: words that end a noun phrase and start a phrase of the verb
PREPOSITIONS = {"at", "on", "to", "from", "in", "into", "onto", "with", "for", "of", "by", "as", "than",
                "instead", "unless", "when", "without", "under", "among", "until", "during", "per", "against"}
MAX_NOUN_WORDS = max(len(k.split()) for k in NOUNS)
KNOWN_NOUN_WORDS = {w for k in NOUNS for w in k.split()} | set(ADJECTIVES) | set(BACKREFS)


class BindError(Exception):
    """A located name or type error raised while reading a clause."""

    def __init__(self, code: str, message: Msg, pos: Pos, expected: Msg | str = "", hint: Msg | str = "",
                 width: int = 1):
        super().__init__(message)
        self.code, self.message, self.pos = code, message, pos
        self.expected, self.hint, self.width = wanted(expected), hint, width


_QUOTED = re.compile(r"'[^']*'(?:(?:, | or | and/or )'[^']*')*")


def wanted(what: Msg | str) -> Msg | str:
    """What a reader wanted, as a message. The readers describe it in short English phrases
    (``what="who or what"``); the catalogues hold those by their English text, gettext style,
    as ``what:<text>`` (tests/test_messages.py finds every such phrase in the code). A phrase
    made only of quoted effect-language words (``"'combat strength'"``) stays as it is."""
    if not what or isinstance(what, Msg):
        return what
    if _QUOTED.fullmatch(what):
        return M("expected.words", words=what)
    return M("what:" + what)


def restated(pos: Pos) -> list[int]:
    """The position of a node that restates words another node carries (the filter 'is a tool card'
    that the noun 'tool card' implies): the ledger does not count it as consuming them."""
    return [pos.line, pos.col]


def absorb(node: dict, *dropped: "dict | Phrase") -> dict:
    """Say that ``node`` carries the words of nodes read and then left out of the tree (a phrase's
    selector whose filters a verb keeps on its own node); the ledger then counts those words as
    ``node``'s. Returns ``node``."""
    book = ledger.current()
    if book is not None:
        for d in dropped:
            if isinstance(d, Phrase) and d.at is not None:
                book.absorb(node["pos"], d.at)
            elif isinstance(d, dict) and isinstance(d.get("pos"), list):
                book.absorb(node["pos"], d["pos"])
    return node


def used(ph: "Phrase") -> "Phrase":
    """Say that a phrase's words are carried by the values a verb takes from it (its count, its
    noun: '3 zombies', 'a wound'), not by a node of their own. Its filters still need a node."""
    book = ledger.current()
    if book is not None and ph.at is not None:
        book.used(ph.at)
    return ph


def P(pos: Pos) -> list[int]:
    """The internal position form carried by nodes until lowering: [line, col].

    Each one is a new list, written in the ledger of the text being bound (if any): the
    ledger proves from these that every word of a clause ends up in the tree."""
    out = [pos.line, pos.col]
    book = ledger.current()
    if book is not None:
        book.made(out)
    return out


@dataclass
class Phrase:
    """A noun phrase, read: quantity, noun kind, filters, or a reference."""

    first: Word
    mode: str = "one"          # one each all count up_to at_least all_but that_many the this that your ref named here no any
    n: int | None = None
    kind: str = ""              # survivor zombie location player card die token zone stat …
    sub: str = ""               # token kind, card type, zone name, location id, stat name
    filters: list[dict] = field(default_factory=list)
    ref: str = ""               # back-reference name for refs
    name: str = ""              # quoted card name
    owner: dict | None = None   # "your hand" → you
    adjs: list[str] = field(default_factory=list)
    last: Word | None = None
    top: int | None = None      # "the top 8 cards of DECK": only that many from the top
    place: dict | None = None   # a location the phrase is tied to: "the location of X", "the item deck here"
    at: list | None = None      # the phrase's own position in the ledger (see ``absorb``)

    @property
    def pos(self) -> Pos:
        """Where the phrase starts."""
        return self.first.pos

    def describe(self) -> str:
        """What the phrase names, for messages."""
        return self.kind or "thing"


class Reader:
    """A cursor over a clause's words."""

    def __init__(self, clause: Clause | tuple[Word, ...], scope: Any):
        self.words: tuple[Word, ...] = clause.words if isinstance(clause, Clause) else tuple(clause)
        self.lower = [w.lower for w in self.words]  # read once: at() and text() run millions of times
        self._i = 0
        self.scope = scope
        self.end_pos = self.words[-1].pos if self.words else Pos(0, 0)
        self.book = ledger.current()
        if self.book is not None:
            self.book.reader(self)

    @property
    def i(self) -> int:
        """The cursor: the index of the next word to read."""
        return self._i

    @i.setter
    def i(self, value: int) -> None:
        if self.book is not None:
            self.book.moved = self  # the reader that read last makes the next node
            if value < self._i:
                self.book.step_back(self, value)  # a second reading replaces the first
        self._i = value

    # ---- cursor --------------------------------------------------------------
    def peek(self, k: int = 0) -> Word | None:
        """The word k places ahead, or None."""
        j = self._i + k
        return self.words[j] if j < len(self.words) else None

    def text(self, k: int = 0) -> str:
        """The lower-case text of the word k places ahead ('' past the end)."""
        j = self._i + k
        return self.lower[j] if j < len(self.lower) else ""

    def at(self, *texts: str) -> bool:
        """Whether the next words are exactly ``texts`` (lower case)."""
        return tuple(self.lower[self._i:self._i + len(texts)]) == texts

    def accept(self, *texts: str) -> bool:
        """Consume ``texts`` if they come next."""
        if self.at(*texts):
            self.i += len(texts)
            return True
        return False

    def take(self) -> Word:
        """Consume one word."""
        w = self.peek()
        if w is None:
            raise self.error_end("more words")
        self.i += 1
        return w

    def done(self) -> bool:
        """Whether every word has been read."""
        return self.i >= len(self.words)

    def here_pos(self) -> Pos:
        """The position of the next word (or of the clause's end)."""
        w = self.peek()
        return w.pos if w else self.end_pos

    def expect(self, *texts: str, what: str = "") -> None:
        """Consume ``texts`` or fail saying what was expected."""
        if not self.accept(*texts):
            w = self.peek()
            want = wanted(what or "'" + " ".join(texts) + "'")
            if w is None:
                raise self.error_end(want)
            raise BindError("T002", M("T002.expected-found", what=want, found=w.text), w.pos, expected=want,
                            width=w.width)

    def error_end(self, what: Msg | str) -> BindError:
        """The clause ended while ``what`` was still needed."""
        last = self.words[-1] if self.words else None
        pos = Pos(last.pos.line, last.pos.col + len(last.text)) if last else self.end_pos
        return BindError("T003", M("T003.clause-ends", what=wanted(what)), pos, expected=what)

    def leftover(self, verb: str, takes: str) -> None:
        """Fail if words remain after a verb has read everything it takes."""
        w = self.peek()
        if w is None:
            return
        from .resolve import VERBS  # the table of actions, for the full-stop hint
        hint = ""
        if w.lower in VERBS:
            hint = M("hint.forgot-full-stop", word=w.text)
        elif w.kind == "and" and self.peek(1) is not None and self.peek(1).lower in VERBS:
            hint = M("hint.and-joins-actions", word=self.peek(1).text)  # "lose 1 morale and remove …"
        raise BindError("T002", M("T002.does-not-take", verb=verb, word=w.text), w.pos,
                        expected=takes, hint=hint, width=w.width)

    # ---- numbers -------------------------------------------------------------
    def number(self) -> int | None:
        """A plain number, if one comes next."""
        w = self.peek()
        if w is not None and w.kind == "int":
            self.i += 1
            return int(w.text)
        return None

    def count(self, default: Any = 1) -> Any:
        """A count: 3, a/an (1), all, up to 3, that many, twice; or ``default``."""
        w = self.peek()
        if w is None:
            return default
        if w.kind == "int":
            self.i += 1
            return int(w.text)
        if self.accept("that", "many"):
            return self.result_ref(w)
        if self.accept("up", "to"):
            n = self.number()
            if n is None:
                raise BindError("T002", M("T002.up-to-number"), self.here_pos(), expected=M("expected.number"))
            return {"op": "up_to", "n": n, "pos": P(w.pos)}
        if self.accept("all", "but"):
            n = self.number()
            if n is None:
                raise BindError("T002", M("T002.all-but-number"), self.here_pos(), expected=M("expected.number"))
            return {"op": "all_but", "n": n, "pos": P(w.pos)}
        if self.at("all") and self.text(1) != "but":
            self.i += 1
            self.accept("of")
            self.accept("the")
            return {"op": "all_count", "pos": P(w.pos)}
        if w.lower in ("a", "an", "one"):
            self.i += 1
            return 1
        return default

    def result_ref(self, w: Word) -> dict:
        """'that many' / 'the result': the last die rolled."""
        if not self.scope.has_result():
            raise BindError("N007", M("N007.no-die"), w.pos, hint=M("hint.roll-first"),
                            width=9)
        return {"op": "result", "pos": P(w.pos)}

    def times(self) -> Any:
        """'3 times', 'twice', 'that many times'; 1 if absent."""
        if self.accept("twice"):
            return 2
        if self.accept("once"):
            return 1
        w = self.peek()
        if w is None:
            return 1
        if w.kind == "int" and self.text(1) == "times":
            self.i += 2
            return int(w.text)
        if self.at("that", "many", "times"):
            self.i += 3
            return self.result_ref(w)
        return 1

    # ---- noun phrases ----------------------------------------------------------
    def match_noun(self) -> tuple[str, str, int] | None:
        """The longest noun at the cursor: (kind, sub, number of words)."""
        for size in range(MAX_NOUN_WORDS, 0, -1):
            ws = [self.text(k) for k in range(size)]
            if "" in ws:
                continue
            ws[-1] = singular(ws[-1])
            key = " ".join(ws)
            if key in NOUNS:
                kind, sub = NOUNS[key]
                return kind, sub, size
        return None

    def noun_phrase(self, allow_at: bool = True, what: str = "a noun phrase") -> Phrase:
        """Read a noun phrase: determiner, adjectives, noun, then filters."""
        w = self.peek()
        if w is None:
            raise self.error_end(what)
        ph = Phrase(first=w, at=P(w.pos))  # the ledger wants a node of the tree to start where the phrase does
        if w.kind == "name" and self.text(1) not in ("card", "cards"):   # '"Junk" cards' is a kind of card
            self.i += 1
            ph.mode, ph.name, ph.kind = "named", w.text.strip('"'), ""
            return ph  # a named card is one thing: a filter after it belongs to the phrase before it
        if w.lower in PRONOUNS:
            self.i += 1
            what, name = self.scope.pronoun(w)
            if what == "named":
                ph.mode, ph.name = "named", name
            else:
                ph.mode, ph.ref = "ref", name
                ph.kind = self.scope.kind_of(ph.ref)
            return ph  # 'it' is one thing already chosen: a filter after it belongs to the phrase before it
        if w.lower in ("here", "there"):
            self.i += 1
            ph.mode, ph.kind = "here", "location"
            return ph
        if w.lower == "you":
            self.i += 1
            ph.mode, ph.kind = "you", "player"
            return ph
        if self.at("the", "top") and (self.text(2) in ("card", "cards") or self.peek(2) is not None
                                      and self.peek(2).kind == "int"):
            return self.top_of(ph, allow_at)
        if self.at("the", "last") and (self.text(2) in ("card", "cards", "removed") or self.peek(2) is not None
                                       and self.peek(2).kind == "int"):
            return self.last_removed(ph)
        self.determiner(ph)
        self.adjectives_and_noun(ph, what)
        return self.post_filters(ph, allow_at)

    def top_of(self, ph: Phrase, allow_at: bool) -> Phrase:
        """'the top card of DECK', 'the top 8 cards of DECK': the deck, limited to its top cards."""
        self.i += 2
        n = self.number() or 1
        if not (self.accept("cards") or self.accept("card")):
            raise BindError("T002", M("T002.top-cards"), self.here_pos(), expected="'cards'")
        self.expect("of")
        deck = self.noun_phrase(allow_at=allow_at, what="a deck or pile")
        if deck.kind != "zone":
            raise BindError("T001", M("T001.top-of", thing=deck.describe()), deck.pos,
                            expected="a deck, such as 'the police station deck'", width=deck.first.width)
        deck.top, deck.first = n, ph.first
        return used(deck)  # the deck's node starts at 'the top': it carries the deck's words

    def last_removed(self, ph: Phrase) -> Phrase:
        """'the last 2 cards removed from the game' / 'the last 2 removed cards': the removed pile's top cards,
        the ones removed most recently."""
        self.i += 2
        n = self.number() or 1
        before = self.accept("removed")
        if not (self.accept("cards") or self.accept("card")):
            raise BindError("T002", M("T002.last-removed"), self.here_pos(),
                            expected="'the last 2 cards removed from the game'")
        if not before:
            self.expect("removed", "from", "the", "game", what="'removed from the game'")
        ph.kind, ph.sub, ph.mode, ph.top = "zone", "removed", "the", n
        return ph

    def determiner(self, ph: Phrase) -> None:
        """Read the quantity or determiner at the start of a phrase."""
        w = self.peek()
        if w.kind == "int":
            self.i += 1
            ph.mode, ph.n = "count", int(w.text)
            if self.peek() is not None and self.peek().kind == "or_more":
                more = self.take().lower.split()[-1]
                ph.mode = "at_least" if more in ("more", "higher", "greater") else "at_most"
            return
        if self.accept("at", "least"):
            ph.mode, ph.n = "at_least", self.number() or 1
            return
        if self.at("up", "to") or self.at("all", "but") or self.at("that", "many"):
            c = self.count()
            ph.mode = c["op"] if isinstance(c, dict) else "count"
            if ph.mode == "result":
                ph.mode = "that_many"
            ph.n = c.get("n") if isinstance(c, dict) else c
            if ph.mode == "all_count":
                ph.mode = "all"
            return
        det = DETERMINERS.get(w.lower)
        if det:
            self.i += 1
            ph.mode = det
            if det == "all":
                self.accept("of")
                if self.accept("the"):
                    pass
            if det == "your":
                ph.owner = {"op": "you", "pos": P(w.pos)}
            elif det == "its" and self.scope.bindings.get("each") == "player":  # "their hand" in a players loop
                ph.owner = {"op": "ref", "name": "each", "kind": "player", "pos": P(w.pos)}

    def adjectives_and_noun(self, ph: Phrase, what: str) -> None:
        """Read adjectives, then the noun (the longest known one)."""
        while True:
            w = self.peek()
            if w is None:
                raise self.error_end(what)
            if w.kind == "name" and self.text(1) in ("card", "cards"):   # '"Junk" cards': cards of that name
                self.i += 1
                name = w.text.strip('"')
                self.scope.names.append((name, "item", w.pos))             # checked across cards (N003)
                ph.filters.append({"op": "card_named", "name": name, "pos": P(w.pos)})
                continue
            noun = self.match_noun()
            if noun:
                kind, sub, size = noun
                ph.kind, ph.sub = kind, sub
                ph.last = self.words[self.i + size - 1]
                self.i += size
                if kind == "survivor" and sub:
                    ph.filters.append({"op": "state", "is": sub, "pos": restated(w.pos)})
                if kind == "card" and sub:
                    ph.filters.append({"op": "card_type", "type": sub, "pos": restated(w.pos)})
                if kind == "player" and sub:  # "the enemy active player", "a colony leader"
                    ph.filters.append({"op": "state", "is": sub, "pos": restated(w.pos)})
                if kind == "token" and sub:
                    ph.filters.append({"op": "token_type", "type": sub, "pos": restated(w.pos)})
                if kind == "card" and sub and size == 1 and self.text() in ("card", "cards"):
                    ph.last = self.take()  # "a tool card": the noun is 'tool'; 'card' says it again
                elif kind != "card" and self.text() in ("card", "cards"):
                    raise self.not_a_card_kind(w, size, kind)
                return
            lower = w.lower
            if lower == "wounded" and ph.mode not in ("the", "that", "this") and self.survivor_after():
                self.i += 1  # "a wounded survivor": one with 1 or more wounds ("the wounded survivor" is the one just hurt)
                ph.adjs.append(lower)
                ph.filters.append({"op": "wounds", "min": 1, "pos": P(w.pos)})
                continue
            if lower in BACKREFS and lower not in ADJECTIVES and ph.mode not in ("the", "that", "this"):
                raise BindError("N002", M("N002.backref-needs-the", word=w.text), w.pos, expected=what,
                                hint=M("hint.backref-is-one-thing", word=lower), width=w.width)
            if lower in BACKREFS and ph.mode in ("the", "that", "this"):
                self.i += 1
                ph.ref = BACKREFS[lower]
                ph.adjs.append(lower)
                continue
            if lower in ADJECTIVES:
                self.i += 1
                op, value = ADJECTIVES[lower]
                ph.adjs.append(lower)
                if op == "extreme":
                    ph.filters.append({"op": "extreme", "stat": "influence", "mode": value, "pos": P(w.pos)})
                elif op == "controlled_by":
                    ph.filters.append({"op": "controlled_by", "player": value, "pos": P(w.pos)})
                else:
                    ph.filters.append({"op": "state", "is": value, "pos": P(w.pos)})
                continue
            if w.kind != "word":
                raise BindError("N002", M("N002.expected-found", what=wanted(what), found=w.text), w.pos,
                                expected=what, width=w.width)
            raise self.unknown_noun(w, what)

    def unknown_noun(self, w: Word, what: str) -> BindError:
        """N002 for an unknown word, suggesting a known noun of one or more words ('grocery stor')."""
        for size in range(MAX_NOUN_WORDS, 1, -1):
            words = [self.peek(k) for k in range(size)]
            if None in words or any(x.kind != "word" or x.pos.line != w.pos.line for x in words):
                continue
            phrase = " ".join(x.lower for x in words)
            hint = did_you_mean(phrase, [k for k in NOUNS if len(k.split()) == size], cutoff=0.85)
            if hint:
                last = words[-1]
                return BindError("N002", M("N002.unknown-name", words=" ".join(x.text for x in words)), w.pos,
                                 expected=what, hint=hint,
                                 width=last.pos.col + len(last.text) - w.pos.col)
        hint = did_you_mean(w.lower, KNOWN_NOUN_WORDS | set(DETERMINERS))
        if not hint and self.noun_after():  # 'a male survivor': a word where a describing word goes
            hint = M("hint.describing-words", words=", ".join(f"'{a}'" for a in ADJECTIVES))
        return BindError("N002", M("N002.unknown-word", word=w.text), w.pos,
                         expected=what, hint=hint or M("hint.see-nouns"),
                         width=w.width)

    def noun_after(self) -> bool:
        """Whether a noun of a thing (not a number such as 'morale') starts right after the next word."""
        self._i += 1
        try:
            noun = self.match_noun()
            return noun is not None and noun[0] in ("survivor", "card", "zombie", "location", "player", "die", "token")
        finally:
            self._i -= 1

    def survivor_after(self) -> bool:
        """Whether the noun right after the next word is a survivor ('a wounded survivor')."""
        self._i += 1
        try:
            noun = self.match_noun()
            return noun is not None and noun[0] == "survivor"
        finally:
            self._i -= 1

    def wounds_count(self, w: Word) -> dict | None:
        """After 'with' or 'has': '2 or more wounds', '1 or fewer wounds', 'no wounds', 'a wound', '2 wounds'
        as a wounds filter (a frostbite wound is a wound, seed 004); None, the cursor unmoved, if no wounds follow."""
        save = self.i
        first = self.peek()
        lo, hi = 0, None
        if first is None:
            return None
        if first.lower == "no":
            self.i += 1
            hi = 0
        elif first.lower in ("a", "an", "any"):
            self.i += 1
            lo = 1
        elif first.kind == "int":
            self.i += 1
            n = int(first.text)
            more = self.peek()
            if more is not None and more.kind == "or_more":
                self.i += 1
                if more.lower.split()[-1] in ("more", "higher", "greater"):
                    lo = n
                else:
                    hi = n
            else:
                lo = hi = n
        else:
            return None
        if self.text() not in ("wound", "wounds"):
            self.i = save
            return None
        self.i += 1
        node: dict = {"op": "wounds", "min": lo, "pos": P(w.pos)}
        if hi is not None:
            node["max"] = hi
        return node

    def _most(self, w: Word) -> dict | None:
        """'with the most cards in their hand', 'with the fewest cards', 'who controls the most survivors',
        'with the fewest survivors': the players whose count is the highest (lowest) of all the players'
        (a tie is broken by the first player); None, the cursor unmoved, for any other words."""
        for lead in (("with", "the"), ("who", "controls", "the"), ("who", "control", "the"), ("that", "controls", "the"),
                     ("who", "has", "the"), ("with", "a"), ()):
            if lead and self.at(*lead) and self.text(len(lead)) in ("most", "fewest", "least"):
                break
        else:
            return None
        k = len(lead)
        what = singular(self.text(k + 1))
        if what not in ("card", "survivor"):
            return None
        if what == "card" and lead[0] in ("who", "that") and lead[1].startswith("control"):
            return None                          # cards are held, not controlled
        mode = "most" if self.text(k) == "most" else "fewest"
        self.i += k + 2
        if what == "card":
            self.accept("in", "their", "hand") or self.accept("in", "hand") or self.accept("in", "his", "or", "her", "hand")
        return {"op": "most", "what": "hand" if what == "card" else "survivors", "mode": mode, "pos": P(w.pos)}

    def _wounds_after_with(self, w: Word) -> dict | None:
        """'with 2 or more wounds' after a survivor noun; None (the cursor unmoved) for another 'with'."""
        self.i += 1
        found = self.wounds_count(w)
        if found is None:
            self.i -= 1
        return found

    def not_a_card_kind(self, w: Word, size: int, kind: str) -> BindError:
        """'a crisis card': a known word that is no kind of card; say what the word means and which kinds exist."""
        words = self.words[self.i - size:self.i + 1]
        kinds = sorted({k if k.endswith(" card") else k + " card" for k, (kind, sub) in NOUNS.items()
                        if kind == "card" and sub and (" " not in k or k.endswith(" card"))})
        thing = M("kind." + kind) if kind in ("survivor", "location", "zone", "player", "die", "zombie") else kind
        return BindError("N002", M("N002.not-a-card-kind", words=" ".join(x.text for x in words),
                                   word=" ".join(x.text for x in words[:-1]), thing=thing),
                         w.pos, expected=M("expected.card-kind"),
                         hint=M("hint.card-kinds", kinds=", ".join(f"'{k}'" for k in kinds)),
                         width=words[-1].pos.col + len(words[-1].text) - w.pos.col)

    def post_filters(self, ph: Phrase, allow_at: bool) -> Phrase:
        """Read filters after the noun: 'you control', 'at the colony', 'with the lowest influence' …"""
        if ph.kind == "location" and ph.sub and ph.mode in ("the", "this", "that", "your", "its"):
            return ph  # one place ('the colony'): a filter after it belongs to the phrase before it
        while not self.done():
            w = self.peek()
            if self.accept("you", "control") or self.accept("that", "you", "control"):
                ph.filters.append({"op": "controlled_by", "player": "you", "pos": P(w.pos)})
            elif self.accept("they", "control") or self.accept("that", "they", "control"):
                ph.filters.append({"op": "controlled_by", "player": "them", "pos": P(w.pos)})
            elif self.accept("your", "colony", "controls"):
                ph.filters.append({"op": "controlled_by", "player": "you", "pos": P(w.pos)})
            elif self.accept("the", "enemy", "colony", "controls"):
                ph.filters.append({"op": "controlled_by", "player": "enemy", "pos": P(w.pos)})
            elif self.accept("the", "player", "controls") or self.accept("you", "controls"):
                ph.filters.append({"op": "controlled_by", "player": "you", "pos": P(w.pos)})
            elif (self.accept("another", "player", "controls") or self.accept("other", "players", "control")):
                ph.filters.append({"op": "controlled_by", "player": "other", "pos": P(w.pos)})
            elif (self.at("sharing", "a", "location", "only", "with") or self.at("sharing", "a", "location", "with")
                  or self.accept("that", "shares", "a", "location", "with")
                  or self.accept("who", "shares", "a", "location", "with")):
                self.accept("sharing", "a", "location")
                alone = self.accept("only")   # "sharing a location only with X": the two are alone there
                self.accept("with")
                other = self.noun_phrase(allow_at=False, what="what it shares a location with")
                shared = {"op": "sharing_location", "with": self.scope.target(other), "pos": P(w.pos)}
                ph.filters.append({**shared, "only": "alone"} if alone else shared)
            elif self.at("with", "the", "lowest") or self.at("with", "the", "highest"):
                self.i += 2
                mode = self.take().lower
                stat = self.take()
                if stat.lower not in ("influence", "attack", "search"):
                    raise BindError("N002", M("N002.not-a-stat", word=stat.text), stat.pos,
                                    expected=M("expected.stat"),
                                    hint=did_you_mean(stat.lower, ("influence", "attack", "search")),
                                    width=stat.width)
                ph.filters.append({"op": "extreme", "stat": stat.lower, "mode": mode, "pos": P(w.pos)})
            elif self.accept("in", "play"):
                ph.filters.append({"op": "state", "is": "in_play", "pos": P(w.pos)})
            elif self.at("in") and ph.kind == "token" and ph.sub in ("food", "bullet") and \
                    not any(f["op"] == "in_zone" for f in ph.filters):
                self.i += 1  # "5 or more food tokens in the supply"
                zone = self.noun_phrase(allow_at=False, what="a supply")
                ph.filters.append({"op": "in_zone", "zone": self.scope.zone(zone), "pos": P(w.pos)})
            elif (self.at("in") and ph.kind == "card" and not ph.ref and ph.mode not in ("ref", "that", "this")
                  and not any(f["op"] == "in_zone" for f in ph.filters)):
                self.i += 1
                zone = self.noun_phrase(allow_at=False, what="a pile, deck or hand")
                ph.filters.append({"op": "in_zone", "zone": self.scope.zone(zone), "pos": P(w.pos)})
            elif (self.at("in") and ph.kind == "survivor" and not ph.ref and ph.mode not in ("ref", "that", "this")
                  and any(self.text(k) == "following" for k in range(1, 5))
                  and not any(f["op"] == "in_zone" for f in ph.filters)):
                self.i += 1  # "a survivor in your following": not the group leader (seed 004, Setup)
                zone = self.noun_phrase(allow_at=False, what="a following")
                ph.filters.append({"op": "in_zone", "zone": self.scope.zone(zone), "pos": P(w.pos)})
            elif self.accept("at", "random"):
                ph.filters.append({"op": "state", "is": "random", "pos": P(w.pos)})
            elif ph.kind == "player" and (most := self._most(w)) is not None:
                ph.filters.append(most)          # "the player with the most cards in their hand"
            elif ph.kind == "player" and self.text(2) != "fewer" and (
                    self.accept("who", "controls") or self.accept("that", "controls") or self.accept("controlling")):
                other = self.noun_phrase(allow_at=False, what="what the player controls")
                ph.filters.append({"op": "controller_of", "what": self.scope.target(other), "pos": P(w.pos)})
            elif ph.kind == "card" and self.accept("equipped", "to"):
                other = self.noun_phrase(allow_at=False, what="a survivor")
                ph.filters.append({"op": "equipped_to", "survivor": self.scope.target(other), "pos": P(w.pos)})
            elif ph.kind == "player" and (self.at("who", "controls", "fewer") or self.at("that", "controls", "fewer")):
                self.i += 3  # "a player who controls fewer survivors than you"
                what = self.take()
                if singular(what.lower) != "survivor":
                    raise BindError("N002", M("N002.compare-players", word=what.text),
                                    what.pos, expected="'survivors'", width=what.width)
                self.expect("than")
                other = self.noun_phrase(allow_at=False, what="another player")
                ph.filters.append({"op": "controls_fewer", "kind": "survivor", "than": self.scope.target(other),
                                   "pos": P(w.pos)})
            elif allow_at and ph.kind == "token" and self.at("on") and not any(f["op"] == "on" for f in ph.filters):
                self.i += 1  # "the number of wounds on this card"
                other = self.noun_phrase(allow_at=False, what="what the tokens are on")
                ph.filters.append({"op": "on", "thing": self.scope.target(other), "pos": P(w.pos)})
            elif ph.kind == "player" and (self.at("to", "your") or self.at("on", "your")) and \
                    self.text(2) in ("left", "right"):      # "the player to your left" (seed 004: play passes left)
                self.i += 3
                ph.filters.append({"op": "seat", "side": self.lower[self.i - 1], "pos": P(w.pos)})
            elif ph.kind == "survivor" and self.at("with") and not ph.ref and (
                    (wounds := self._wounds_after_with(w)) is not None):
                ph.filters.append(wounds)        # "a survivor with 2 or more wounds"
            elif ph.kind == "player" and self.at("to", "their") and self.text(2) in ("left", "right") and \
                    _their_seat():       # "each player gives … to the player to their left": their seat's
                self.i += 3
                ph.filters.append({"op": "seat", "side": self.lower[self.i - 1], "pos": P(w.pos)})
            elif self.accept("other", "than"):
                other = self.noun_phrase(allow_at=False, what="what to leave out")
                ph.filters.append({"op": "other_than", "target": self.scope.target(other), "pos": P(w.pos)})
            elif allow_at and ph.kind == "zombie" and (self.at("in", "storage") or self.at("in", "the", "storage")):
                self.i += 1  # "the number of zombies in storage": the zombies kept at the storage
                loc = self.noun_phrase(allow_at=False, what="a location")
                ph.filters.append({"op": "at", "location": self.scope.location(loc), "pos": P(w.pos)})
            elif allow_at and self.at("at") and ph.kind not in ("location", "zone") and ph.mode != "named":
                self.i += 1
                loc = self.noun_phrase(allow_at=False, what="a location")
                if ph.kind == "card" and loc.kind == "location" and loc.sub == "storage":
                    # "the fuel cards at the storage": the cards kept in storage (one reading with "in storage")
                    ph.filters.append({"op": "in_zone", "zone": self.scope.zone(loc), "pos": P(w.pos)})
                    continue
                ph.filters.append({"op": "at", "location": self.scope.location(loc), "pos": P(w.pos)})
            elif allow_at and self.at("here") and ph.kind in ("survivor", "zombie"):
                self.i += 1
                ph.filters.append({"op": "at", "location": {"op": "here", "pos": P(w.pos)}, "pos": P(w.pos)})
            elif self.at("of") and ph.kind == "location" and not ph.sub and ph.mode == "the":
                self.i += 1  # "the location of the chosen survivor"
                ph.mode = "location_of"
                ph.place = self.scope.target(self.noun_phrase(allow_at=False, what="whose location"))
            elif ph.kind == "zone" and ph.sub == "item_deck" and (self.at("here") or self.at("of")):
                # "the item deck here", "the item deck of the chosen location": that location's deck
                here = self.take()
                ph.place = {"op": "here", "pos": P(here.pos)} if here.lower == "here" else \
                    self.scope.location(self.noun_phrase(allow_at=False, what="a location"))
            elif self.at("of") and (ph.kind in ("zone", "stat", "number") or ph.sub == "secret_objective"):
                self.i += 1
                ph.owner = self.scope.target(self.noun_phrase(allow_at=True, what="whose it is"))
            else:
                break
        return ph


def _their_seat() -> bool:
    """Whether 'their left' is the acting player's seat (inside 'each player …', see author_families)."""
    from .author_families import acting
    return acting()


def location_words() -> list[str]:
    """Every location name as written in effect text."""
    return list(LOCATIONS.values())
