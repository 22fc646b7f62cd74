"""AST of the effect language: frozen, slotted dataclasses with file positions.

The parser gives the shape of the text (statements, blocks, conditions); each
clause keeps its words as ``Word`` tokens, which the compiler's name pass reads
against the node catalogue.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True, slots=True)
class Pos:
    """A 1-based position in the card file (not in the effect text)."""

    line: int
    col: int


@dataclass(frozen=True, slots=True)
class Word:
    """One token of a clause; ``kind`` is word, int, name, comma, and, or, or_more."""

    text: str
    kind: str
    pos: Pos

    def __post_init__(self):
        if self.kind not in WORD_KINDS:
            raise ValueError(f"unknown word kind {self.kind!r}")

    @property
    def lower(self) -> str:
        """The word in lower case (names keep their case)."""
        return self.text if self.kind == "name" else self.text.lower()

    @property
    def width(self) -> int:
        """How many columns the word takes in the source."""
        return max(len(self.text), 1)


WORD_KINDS = frozenset({"word", "int", "name", "comma", "and", "or", "or_more", "cmp", "lpar", "rpar"})


@dataclass(frozen=True, slots=True)
class Clause:
    """A run of words: an action with its phrases, or a subject and what it does."""

    words: tuple[Word, ...]
    pos: Pos

    def __post_init__(self):
        if not self.words:
            raise ValueError("a clause has at least one word")

    @property
    def text(self) -> str:
        """The clause as written (words joined by spaces)."""
        return " ".join(w.text for w in self.words)


@dataclass(frozen=True, slots=True)
class Sentence:
    """Clauses joined by ", then"; ``may`` marks a "you may" sentence."""

    clauses: tuple[Clause, ...]
    pos: Pos
    may: bool = False


@dataclass(frozen=True, slots=True)
class Test:
    """A condition written as a clause ("you control a survivor at the colony")."""

    clause: Clause

    @property
    def pos(self) -> Pos:
        """Where the test starts."""
        return self.clause.pos


@dataclass(frozen=True, slots=True)
class Compare:
    """``left CMP right``: a comparison of two measures."""

    left: Test
    op: str
    right: Test
    pos: Pos


@dataclass(frozen=True, slots=True)
class AllOf:
    """Every condition holds ("and")."""

    items: tuple["Cond", ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class AnyOf:
    """At least one condition holds ("or")."""

    items: tuple["Cond", ...]
    pos: Pos


Cond = Union[Test, Compare, AllOf, AnyOf]


@dataclass(frozen=True, slots=True)
class Block:
    """A sequence of statements."""

    stmts: tuple["Stmt", ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class If:
    """``if COND: then`` with an optional ``otherwise`` (a Block or another If)."""

    cond: Cond
    then: Block
    otherwise: Union[Block, "If", None]
    pos: Pos


@dataclass(frozen=True, slots=True)
class While:
    """``as long as COND:`` a continuous rule that holds while the condition does."""

    cond: Cond
    body: Block
    pos: Pos


@dataclass(frozen=True, slots=True)
class May:
    """``you may [COST]:`` an optional block; the clauses, if any, are its cost."""

    cost: tuple[Clause, ...]
    body: Block
    pos: Pos


@dataclass(frozen=True, slots=True)
class Header:
    """``CLAUSES: body``: a header clause (a cost, a trigger, a limit, a roll, a choice) and its block."""

    clauses: tuple[Clause, ...]
    body: Block
    otherwise: Union[Block, If, None]
    pos: Pos


@dataclass(frozen=True, slots=True)
class Option:
    """``- body``: one option of a choice or vote, with an optional ``only if`` requirement."""

    requires: Cond | None
    body: Block
    pos: Pos


@dataclass(frozen=True, slots=True)
class Outcome:
    """``on RANGE: body``: what happens for a range of die results."""

    range: Clause
    body: Block
    pos: Pos


Stmt = Union[Sentence, If, While, May, Header, Option, Outcome]

NODE_CLASSES = (Word, Clause, Sentence, Test, Compare, AllOf, AnyOf, Block, If, While, May, Header, Option, Outcome)
