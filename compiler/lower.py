"""The lowering pass: bound nodes to the published effect tree.

Positions become ``{card, file, line, col}``, ``manual`` nodes get their localized
instruction and reason from the card's ``manual:`` section, internal keys go.
"""
from __future__ import annotations

from dow.dsl.ast import Pos

from .cards import LANGS
from .diagnostics import did_you_mean
from .messages import M
from .errors import BindError


class Lowering:
    """Lowers the trees of one card."""

    def __init__(self, card_id: str, file: str, manual: dict):
        self.card_id, self.file, self.manual = card_id, file, manual or {}
        self.errors: list[BindError] = []

    def nodes(self, value):
        """Lower a node, a list of nodes, or a plain value."""
        if isinstance(value, list):
            return [self.nodes(v) for v in value]
        if not isinstance(value, dict):
            return value
        out = {}
        for key, child in value.items():
            if key.startswith("_"):
                continue
            if key == "pos" and isinstance(child, list):
                out["pos"] = {"card": self.card_id, "file": self.file, "line": child[0], "col": child[1]}
            else:
                out[key] = self.nodes(child)
        if out.get("op") == "manual":
            self.fill_manual(out, value)
        return out

    def fill_manual(self, out: dict, original: dict) -> None:
        """Take the instruction and reason of a manual step from the card's manual section."""
        key = out["key"]
        pos = original.get("_key_pos") or Pos(*original["pos"])
        entry = self.manual.get(key)
        if entry is None:
            self.errors.append(BindError("N003", M("N003.no-manual-entry", key=key), pos,
                                         expected=M("expected.words", words=f"'manual:\\n  {key}:\\n    why: …\\n    pt: …"
                                                                             f"\\n    en: …\\n    vi: …'"),
                                         hint=did_you_mean(key, self.manual), width=len(key)))
            out["instruction"] = {lang: "" for lang in LANGS}
            return
        out["instruction"] = {lang: str(entry.get(lang, "")) for lang in LANGS}
        out["why"] = str(entry.get("why", ""))
        if not out["why"].strip():
            self.errors.append(BindError("S010", M("S010.no-why", key=key), pos,
                                         expected=M("expected.why-entry"), hint=M("hint.say-why"),
                                         width=len(key)))


def complete_options(card: dict) -> None:
    """Every option of a card carries an effect: one printed with none is "nothing happens" (an empty
    tree), and it is offered like the others (seed 004: the player "must then choose 1 of the options")."""
    for option in card.get("options") or []:
        if isinstance(option, dict):
            option.setdefault("effect", {"source": "", "tree": []})
