"""The modest bot of the base game (``--agents bot``), and the table-reading base of the Warring Colonies
bots and the Lone Wolf's (engine/colony_bot.py, engine/colony_lonewolf.py). Apart from engine/sim.py, which
seats it, so that the bots built on it need not import the module that seats them. Standard library only.
"""
from __future__ import annotations

from ..decisions import OPTION, HeuristicAgent, RandomAgent, check_seat
from .choices import cheapest
from .game import ACTION, Game


class BaseBot(HeuristicAgent):
    """A modest bot for the base game, reading the table it sits at (no lookahead, no cheating on hidden cards
    beyond its own hand): it feeds the colony, puts matching cards on the crisis, kills zombies, searches,
    barricades the colony, never attacks survivors or calls exile votes, and ends its turn otherwise."""

    def __init__(self, seed: int = 0):
        self.random = RandomAgent(seed)
        self.game: Game = None  # type: ignore[assignment]  # None until observe(); answer() then falls back

    #: the games it plays (``decisions.check_seat``); ColoniesBot and LoneWolfBot play Warring Colonies
    plays: tuple[str, ...] = ("base",)

    def observe(self, game: Game) -> None:
        """Sit at a table: the bot reads the public state and its own hand from it (SeatError at a game it does
        not play)."""
        check_seat(self, game)
        self.game = game

    def score(self, act: tuple) -> int:
        """Higher is better; 0 or less means 'rather end the turn'."""
        g = self.game
        s, kind = g.state, act[0]
        card_type = (lambda c: g.host.card_def(c).get("item_type"))
        if kind == "play":
            t = card_type(act[1])
            return 90 if t == "food" else 20 if t in ("outsider",) else 0
        if kind == "crisis":
            prevent = set(g.host.card_def(s.crisis).get("prevent") or []) if s.crisis else set()
            return 80 if card_type(act[1]) in prevent else -1
        if kind == "attack":
            if act[2] != "zombie":
                return -1
            v = s.survivors[act[1]]
            return 70 if v.location == "colony" else 40
        if kind == "search":
            return 60
        if kind == "barricade":
            return 50 if s.survivors[act[1]].location == "colony" else 10
        if kind == "equip":
            return 45 if card_type(act[1]) == "weapon" else 25
        if kind == "clean_waste":
            return 35 if len(s.waste) >= 7 else 0
        if kind == "food":
            return 0
        if kind in ("ability", "item"):
            return 30
        if kind == "move":
            here = s.survivors[act[1]].location
            to = s.locations[act[2]]
            if here == "colony" and not to.colony and to.deck and s.survivors[act[1]].wounds == 0:
                return 15
            return -1
        return -1

    def answer(self, d):
        if self.game is not None and d.kind == OPTION and d.prompt == ACTION:
            scored = [(self.score(a), a) for a in d.choices if a[0] != "end"]
            best = max((sc for sc, _ in scored), default=0)
            if best <= 0:
                return ("end",)
            return self.random.rng.choice([a for sc, a in scored if sc == best])
        if d.kind == "vote":
            return "no" if "no" in d.choices else d.choices[0]
        if self.game is not None and d.prompt == "spend" and d.kind == "targets":
            return cheapest(self.game, d)             # the cheapest cards that pay (Food 1 before Food 3)
        if d.kind == "may":
            return d.prompt != "make noise" or self.random.rng.random() < 0.3
        return super().answer(d)
