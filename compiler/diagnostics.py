"""Diagnostics: located, coded messages that teach, collected per run and sorted.

Every diagnostic carries a stable code (see ``CODES``), a position ``file:line:col``
(1-based), the source line with a caret, what was expected, and a "did you mean"
where a name is close to a known one.

Its words are not fixed here: the message, what was expected and the hint are ``Msg``
values (an id and parameters, see ``messages.py``), rendered in the language asked for
when the diagnostic is printed.
"""
from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field, asdict
from typing import Iterable

from .messages import M, Msg, MessageError, catalogue, render as say

#: Stable codes and what each means. The letter says which pass speaks: Y load, P parse,
#: N names, T types, S structure, V schema, L localization, B bundle, U usage. The words are
#: ``title.<code>`` in compiler/catalogues/messages/en.yaml (and pt.yaml, vi.yaml): add a code there.
CODES: dict[str, str] = {key.split(".", 1)[1]: str(text) for key, text in catalogue("en").items()
                         if key.startswith("title.")}

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One located message: code, severity, where, what, what was expected, a hint.

    ``message`` is a ``Msg`` whose id starts with the code; ``expected`` and ``hint`` are
    ``Msg`` values or ''. Plain text is refused, so no English sentence slips past the
    catalogues.
    """

    code: str
    message: Msg
    file: str = ""
    line: int = 0
    col: int = 0
    severity: str = ERROR
    expected: str = ""
    hint: str = ""
    source_line: str = ""
    width: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.message, Msg) or self.message.id.split(".")[0] != self.code:
            raise MessageError(f"{self.code}: the message must be a Msg with an id starting "
                               f"'{self.code}.', got {self.message!r}")
        for part in (self.expected, self.hint):
            if part and not isinstance(part, Msg):
                raise MessageError(f"{self.code}: plain text where a message id is needed: {part!r}")

    @property
    def msg_id(self) -> str:
        """The message's id in the catalogues."""
        return self.message.id

    @property
    def params(self) -> dict:
        """The values that fill the message."""
        return self.message.params

    def sort_key(self) -> tuple:
        """Order by file, then position, then code."""
        return (self.file, self.line, self.col, self.code, self.message)

    def render(self, lang: str | None = None) -> str:
        """The human form in a language: header line, source line with a caret, expected and hint."""
        where = f"{self.file}:{self.line}:{self.col}" if self.line else self.file
        out = [f"{where}: {say(M('ui.' + self.severity), lang)} {self.code}: {self.message.render(lang)}"]
        if self.source_line:
            out.append(f"    {self.source_line}")
            caret_col = max(self.col - 1, 0)
            pad = "".join("\t" if c == "\t" else " " for c in self.source_line[:caret_col])
            out.append(f"    {pad}{'^' * max(self.width, 1)}")
        if self.expected:
            out.append(f"  {M('ui.expected', text=self.expected).render(lang)}")
        if self.hint:
            out.append(f"  {M('ui.hint', text=self.hint).render(lang)}")
        return "\n".join(out)

    def to_json(self, lang: str | None = None) -> dict:
        """The machine form, for `--format json`: the message's id and parameters beside its text."""
        out = asdict(self)
        out.update(message=self.message.render(lang), expected=say(self.expected, lang), hint=say(self.hint, lang))
        return {"code": self.code, "msg_id": self.msg_id, "params": self.message.to_json()["params"], **out}


@dataclass
class Diagnostics:
    """All diagnostics of one run; sorted on output."""

    items: list[Diagnostic] = field(default_factory=list)

    def add(self, diag: Diagnostic) -> None:
        """Collect one diagnostic."""
        self.items.append(diag)

    def extend(self, diags: Iterable[Diagnostic]) -> None:
        """Collect many diagnostics."""
        self.items.extend(diags)

    @property
    def errors(self) -> list[Diagnostic]:
        """Only the errors."""
        return [d for d in self.items if d.severity == ERROR]

    def sorted(self) -> list[Diagnostic]:
        """Every diagnostic, in file and position order, without duplicates."""
        return sorted(set(self.items), key=Diagnostic.sort_key)

    def render(self, lang: str | None = None) -> str:
        """Every diagnostic in human form, followed by a count line."""
        items = self.sorted()
        errors = sum(d.severity == ERROR for d in items)
        warnings = len(items) - errors
        body = "\n".join(d.render(lang) for d in items)
        summary = M("ui.summary", errors=M("ui.errors", n=errors), warnings=M("ui.warnings", n=warnings)).render(lang)
        return f"{body}\n{summary}" if body else summary

    def to_json(self, lang: str | None = None) -> str:
        """Every diagnostic as a JSON document for tools."""
        return json.dumps([d.to_json(lang) for d in self.sorted()], ensure_ascii=False, indent=2)


def did_you_mean(word: str, known: Iterable[str], cutoff: float = 0.72) -> Msg | str:
    """A "did you mean 'x'?" hint for the known name closest to ``word``, or ''.

    The suggestion is the author's own vocabulary and stays as it is in every language."""
    by_lower = {k.lower(): k for k in known}
    by_lower.pop(word.lower(), None)  # never suggest the word the author wrote: that word is the problem
    if len(word) <= 5:  # a short word is close to many: 'male' is not a misspelt 'morale'
        cutoff = max(cutoff, 0.85)
    matches = difflib.get_close_matches(word.lower(), sorted(by_lower), n=1, cutoff=cutoff)
    return M("hint.did-you-mean", name=by_lower[matches[0]]) if matches else ""
