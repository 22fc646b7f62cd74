"""What the reference engine's modules share: the generator type, rule ops, ids, errors."""
from __future__ import annotations

from typing import Any, Generator

from ..decisions import Decision

Gen = Generator[Decision, Any, Any]
RULE_OPS = {"trigger", "phase", "lasting", "while", "forbid", "exempt", "modify", "replace", "attach",
            "extra_goal", "copy_abilities", "turn_action", "ignore_roll", "delayed"}
# Events a round's own steps raise, never a player's turn (seed 004: the crisis is revealed and the action
# dice rolled before the turns; the round track and, in Warring Colonies, the colony warfare belong to
# the colony phase). A "when …" such an effect hands over waits for the next such event, not the turn.
ROUND_EVENTS = frozenset({"reveal_crisis", "roll_action_dice", "round_track_zero", "warfare_start", "win_warfare"})
ACTION = "action"       # the prompt of a turn's "which action next" decision


def slug(card_id: str) -> str:
    return card_id.rsplit(".", 1)[-1]


def loc_id(card_id: str) -> str:
    return slug(card_id).replace("-", "_")


class GameError(Exception):
    """The game cannot go on: the bundle lacks what the rules need, or an answer broke a rule.

    ``str(err)`` is the English sentence; ``key`` and ``params`` let a front end tell it in its reader's
    language (the dow command line looks ``game.<key>`` up in its message catalogues)."""

    def __init__(self, text: str, key: str = "", **params: object) -> None:
        super().__init__(text)
        self.key, self.params = key, params


def _walk(nodes):
    for n in nodes if isinstance(nodes, list) else [nodes]:
        if isinstance(n, dict):
            yield n
            for v in n.values():
                if isinstance(v, (list, dict)):
                    yield from _walk(v)
