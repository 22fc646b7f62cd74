"""The pieces every table of forms is made of: a form (its role, template, build and example), ``F`` to
write one, and ``op`` for a node with constant fields (dsl/forms.py and dsl/event_forms.py use them)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class Form:
    """One way of writing a node: its role, template, what it builds, and an example."""

    role: str
    template: str
    build: dict | Callable[..., Any]
    example: str = ""
    prefer: int = 0                    # when a sentence reads two ways, the reading with the higher wins
    tags: tuple[str, ...] = field(default=())


def F(role: str, template: str, build: dict | Callable[..., Any], example: str = "", prefer: int = 0,
      tags: tuple[str, ...] = ()) -> Form:
    """A form (a short constructor for the table below)."""
    return Form(role, template, build, example, prefer, tags)


def op(name: str, **constants: Any) -> dict:
    """A node of kind ``name`` with constant fields; the slots fill the rest."""
    return {"op": name, **constants}
