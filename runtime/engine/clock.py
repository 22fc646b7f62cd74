"""The clock of Warring Colonies' simultaneous actions, as an action budget the host controls.

The rulebook times the simultaneous actions with a 2-minute sand timer: the first of the two active
players to finish turns it, and the other has 2 minutes for the actions they still want; in the quick
game one 2-minute timer, started once both players have moved, covers every action of both (seed 000,
Ações simultâneas; Partida rápida). An engine has no sand: ``ActionClock`` counts actions instead, so
bots and replays get the same budget every time. A host with a real clock (a UI) sets ``game.clock``
to any object with the same four methods (``start``, ``may_act``, ``acted``, ``finished``) and a
``budget`` attribute, and answers ``may_act`` from the time left.
"""
from __future__ import annotations


class ActionClock:
    """``budget`` actions once the timer runs (None: no timer at all). ``shared`` (the quick game): the
    timer runs from the start of the step and every action of either player spends it; otherwise it starts
    when the first player finishes and only the other player's actions spend it."""

    def __init__(self, budget: int | None, shared: bool = False):
        self.budget, self.shared = budget, shared
        self.running = False
        self.left: int | None = None

    def start(self, players: list[str]) -> None:
        """The simultaneous actions begin (both players have moved)."""
        self.running = self.shared and self.budget is not None
        self.left = self.budget if self.running else None

    def may_act(self, player: str) -> bool:
        """Whether ``player`` still has time for another action (an action begun is finished)."""
        return not self.running or (self.left or 0) > 0      # running: left is a number

    def acted(self, player: str) -> None:
        if self.running:
            self.left = (self.left or 0) - 1

    def finished(self, player: str) -> bool:
        """``player`` declared their actions done; True if that turned the timer."""
        if self.running or self.shared or self.budget is None:
            return False
        self.running, self.left = True, self.budget
        return True
