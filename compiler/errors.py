"""The compiler's located error for what the language refuses after parsing (names, kinds, references,
structure): a stable code, a catalogue message, the position in the card file, what was expected and a
hint. The pipeline turns each into a diagnostic (compiler/diagnostics.py)."""
from __future__ import annotations


from dow.dsl.ast import Pos

from .messages import QUOTED, M, Msg


class BindError(Exception):
    """A located error in an effect text found after parsing."""

    def __init__(self, code: str, message: Msg, pos: Pos, expected: Msg | str = "", hint: Msg | str = "",
                 width: int = 1):
        super().__init__(message)
        self.code, self.message, self.pos = code, message, pos
        self.expected, self.hint, self.width = wanted(expected), hint, width


def wanted(what: Msg | str) -> Msg | str:
    """What was expected, as a message: a phrase made only of quoted effect-language words stays as it
    is; other words are a catalogue phrase (``what:<text>``, gettext style)."""
    if not what or isinstance(what, Msg):
        return what
    if QUOTED.fullmatch(what):
        return M("expected.words", words=what)
    return M("what:" + what)
