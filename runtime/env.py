"""What the interpreter (runtime/interpreter.py), its handlers (runtime/handlers.py) and its compiled
conditions (runtime/conditions.py) share: the environment an effect runs with, the comparisons, and how a
selector's filters are ordered and read. Apart from the interpreter so that the handlers and conditions, which
the interpreter dispatches to, need not import it back. Standard library only.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any

COMPARE = {"lt": operator.lt, "le": operator.le, "gt": operator.gt, "ge": operator.ge, "eq": operator.eq,
           "ne": operator.ne}


@dataclass
class Env:
    """What an effect runs with: the resolving player, the card, bound names, the last die result."""

    player: str
    card: str = ""
    bindings: dict[str, Any] = field(default_factory=dict)
    result: int | None = None
    face: str | None = None       # the face of the last exposure roll in this block ("the result is blank")

    def child(self, **bound: Any) -> "Env":
        """A copy with more bindings (bindings made inside a block stay inside it)."""
        return Env(self.player, self.card, {**self.bindings, **bound}, self.result, self.face)


def zone_first(filters: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A selector's filters in the order they are applied: a zone filter first (the zone is listed once and
    leaves a handful of cards to test against the others, where every card of the game would be tested
    first), then the rest as written, and an 'extreme' filter last: it ranks the things that pass every
    other filter ("the survivor with the lowest influence other than Forest Plum" is the lowest of the
    others, whatever Forest Plum's influence)."""
    return sorted(filters, key=lambda f: (f["op"] == "extreme", f["op"] != "in_zone"))


def every_one(selector: dict[str, Any]) -> bool:
    """Whether a selector in a condition means every one of them ("each non-exiled player controls …")."""
    return selector.get("op") == "select_of" and selector["quantity"]["mode"] == "each"
