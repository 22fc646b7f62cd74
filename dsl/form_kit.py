"""The pieces every table of forms is made of: a form (its role, template, build and example), ``F`` to
write one, and ``op`` for a node with constant fields (dsl/forms.py and dsl/event_forms.py use them).

A condition form (role ``test``) has a negative: the same sentence saying the opposite, which builds
``{"op": "not", "item": <the positive's node>}``. ``negatives`` makes it from the positive form: its
surface is the positive's with its verb negated ("controls" -> "does not control", "is" -> "is not",
"was" -> "was not", "played" -> "did not play" …, the table ``NEGATED_VERBS``), or the one the form
declares (``negative="not every entrance of {where:location} has a barricade"``); a form that has no
sensible negative says why (``negative=NoNegative("…")``).
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable


@dataclass(frozen=True)
class NoNegative:
    """Why a condition form has no negative of its own (it is one already, it refuses, it has an opposite)."""

    reason: str


@dataclass(frozen=True)
class Form:
    """One way of writing a node: its role, template, what it builds, and an example."""

    role: str
    template: str
    build: dict | Callable[..., Any]
    example: str = ""
    prefer: int = 0                    # when a sentence reads two ways, the reading with the higher wins
    tags: tuple[str, ...] = field(default=())
    #: a condition's negative: None (its verb negated), a template, or why it has none
    negative: str | NoNegative | None = None
    #: the positive form a negative was made from
    positive: "Form | None" = None


def F(role: str, template: str, build: dict | Callable[..., Any], example: str = "", prefer: int = 0,
      tags: tuple[str, ...] = (), negative: str | NoNegative | None = None) -> Form:
    """A form (a short constructor for the table below)."""
    return Form(role, template, build, example, prefer, tags, negative)


def op(name: str, **constants: Any) -> dict:
    """A node of kind ``name`` with constant fields; the slots fill the rest."""
    return {"op": name, **constants}


# ---- negation: an axis of the condition forms ---------------------------------------------------------

#: a verb of a condition and its negative
NEGATED_VERBS = {
    "is": "is not", "are": "are not", "was": "was not", "were": "were not",
    "has": "does not have", "have": "do not have",
    "controls": "does not control", "control": "do not control",
    "shares": "does not share", "share": "do not share",
    "plays": "does not play", "play": "do not play", "played": "did not play",
}

#: the pieces of a template: a slot, a choice of words, 'or more' (one word of the lexer), a word
PIECE = re.compile(r"\{[^}]*\}|\([^)]*\)|or more|\S+")


def negated_template(template: str) -> str | None:
    """The template with its verb negated: the first word (or choice of words) that is a verb of
    NEGATED_VERBS; None when it has none."""
    pieces = PIECE.findall(template)
    for i, piece in enumerate(pieces):
        words = piece[1:-1].split("|") if piece.startswith("(") else [piece]
        if not piece.startswith("{") and all(w in NEGATED_VERBS for w in words):
            said = [NEGATED_VERBS[w] for w in words]
            pieces[i] = "(" + "|".join(said) + ")" if piece.startswith("(") else said[0]
            return " ".join(pieces)
    return None


def _pattern(template: str) -> re.Pattern:
    """A regular expression that reads an example of a template: its slots and choices as groups."""
    out, choices = [], 0
    for piece in PIECE.findall(template):
        if piece.startswith("{="):                 # a number the form spells
            out.append(re.escape(piece[2:-1].split(":")[0]))
        elif piece.startswith("{"):
            out.append(f"(?P<{piece[1:-1].split(':')[0]}>.+?)")
        elif piece.startswith("("):
            out.append(f"(?P<_c{choices}>" + "|".join(re.escape(w) for w in piece[1:-1].split("|")) + ")")
            choices += 1
        else:
            out.append(re.escape(piece))
    return re.compile("^" + r"\s*".join(out) + "$")


def negated_example(form: Form, template: str) -> str:
    """The positive's example said by the negative template: its slots as written, each choice the one
    the example took (by its place in the choice); '' when the example does not read as the template."""
    match = _pattern(form.template).match(form.example)
    if match is None:
        return ""
    positive_choices = [p[1:-1].split("|") for p in PIECE.findall(form.template) if p.startswith("(")]
    taken = [positive_choices[k].index(match.group(f"_c{k}")) for k in range(len(positive_choices))]
    out, choices = [], 0
    for piece in PIECE.findall(template):
        if piece.startswith("{="):
            out.append(piece[2:-1].split(":")[0])
        elif piece.startswith("{"):
            out.append(match.group(piece[1:-1].split(":")[0]))
        elif piece.startswith("("):
            words = piece[1:-1].split("|")
            out.append(words[taken[choices]] if choices < len(taken) else words[0])
            choices += 1
        else:
            out.append(piece)
    return " ".join(out).replace(" ,", ",")


def not_of(build: dict | Callable[..., Any]) -> Callable[[dict], dict]:
    """The build of a negative: the positive's node, under a ``not``."""
    def negative(s: dict) -> dict:
        if callable(build):
            item = build(s)
        else:
            item = {**copy.deepcopy(build), **{k: v for k, v in s.items() if k not in ("_words", "_start", "_text")}}
        return {"op": "not", "item": item}
    return negative


def negatives(forms: tuple[Form, ...]) -> tuple[Form, ...]:
    """Each condition form followed by its negative (when it has one)."""
    out: list[Form] = []
    for form in forms:
        out.append(form)
        if form.role != "test" or isinstance(form.negative, NoNegative):
            continue
        template = form.negative or negated_template(form.template)
        if template is None:
            continue                  # no verb to negate and nothing declared: tests/lang/test_negation.py names it
        out.append(replace(form, template=template, build=not_of(form.build),
                           example=negated_example(form, template), negative=NoNegative("a negative"),
                           positive=form))
    return tuple(out)
