"""The language's own located errors, raised while words are built into nodes (dsl/build.py, dsl/forms.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Said:
    """A message of the catalogues given as a parameter of another (a zone's reason for refusing a verb,
    ``zone-verb.<zone>.<verb>``): the compiler renders it in the language of the message around it."""

    msg_id: str


class BuildError(Exception):
    """A located error found while building a node: a count that disagrees with its noun, a filter said
    twice, two readings of the same words, a sentence the language says another way. ``msg_id`` and
    ``params`` name a message of the catalogues; ``hint`` (an id and its params) may add one."""

    def __init__(self, code: str, msg_id: str, pos, width: int = 1, hint: tuple[str, dict] | None = None,
                 **params: Any):
        super().__init__(msg_id)
        self.code, self.msg_id, self.pos, self.width, self.params = code, msg_id, tuple(pos), width, params
        self.hint = hint
