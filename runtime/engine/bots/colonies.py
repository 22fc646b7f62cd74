"""The heuristic bot of a Warring Colonies seat: the colonies bot's table-reading answers for now."""
from __future__ import annotations

from ..colony_bot import ColoniesBot


class ColoniesHeuristicBot(ColoniesBot):
    """A Warring Colonies seat played by the colonies bot (its heuristic play is still to come)."""
