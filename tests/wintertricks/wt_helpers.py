"""Helpers for Winter Tricks scenario tests: a game with a hand-set table and scripted answers.

Scenario tests build a game, put chosen cards where the scenario needs them (taken from
the resource deck, so card counts stay conserved) and answer decisions by prompt.
"""
from __future__ import annotations

from typing import Any

from dow.runtime.decisions import KEEP, MAY, Decision
from dow.runtime.games import winter_tricks as wt


class ByPrompt:
    """Answers decisions by prompt (and optionally player); records every decision asked.

    ``rules`` maps a prompt (or (player, prompt)) to an answer or to a function of the decision.
    Anything not listed gets a plain answer: no to 'may', the minimum of a 'keep', the first choice.
    """

    def __init__(self, rules: dict | None = None):
        self.rules = rules or {}
        self.asked: list[Decision] = []

    def answer(self, d: Decision) -> Any:
        self.asked.append(d)
        for key in ((d.player, d.prompt), d.prompt):
            if key in self.rules:
                rule = self.rules[key]
                return rule(d) if callable(rule) else rule
        if d.kind == MAY:
            return False
        if d.kind == KEEP:
            return tuple(d.choices[: d.min])
        if d.kind == "amount":
            return d.min
        if d.kind in ("option", "vote"):
            return d.choices[0]
        return tuple(d.choices[:1])


def table(bundle: dict, players: int, rules: dict | None = None, seed: int = 7) -> tuple[wt.Game, ByPrompt]:
    """A game after set-up, with empty hands, and its prompt agent."""
    agent = ByPrompt(rules)
    game = wt.new_game(bundle, seed, players, agents=agent)
    game.setup()
    return game, agent


def put(game: wt.Game, where: str, player: str | None, *cards: str) -> None:
    """Move resource cards (by id, e.g. 'fuel-7') from wherever they are to a hand, colony or pile."""
    for card in cards:
        for pile in [game.deck, game.expedition_deck, game.discard, *game.hands.values(), *game.colony.values()]:
            if card in pile:
                pile.remove(card)
                break
        else:
            raise AssertionError(f"{card} not found")
        target = {"hand": lambda: game.hands[player], "colony": lambda: game.colony[player],
                  "expedition_deck": lambda: game.expedition_deck, "deck": lambda: game.deck}[where]()
        target.append(card)


def start_event(game: wt.Game, event: str, relic_resource: str) -> None:
    """Put an event and a relic of ``relic_resource`` in force without dealing hands."""
    game.event_no += 1
    game.event = event
    relic = next(r for r, d in game.relic_cards.items() if d["resource"] == relic_resource)
    if game.relic is not None:
        game.relic_deck.insert(0, game.relic)
    game.relic_deck.remove(relic)
    game.relic = relic
    game.expedition_used = {p: False for p in game.players}
    game.event_damage = {p: 0 for p in game.players}
    game.shield = {p: 0 for p in game.players}


def events_of(game: wt.Game, name: str) -> list[dict]:
    return [line for line in game.log.lines if line["event"] == name]


LONG_NIGHT = "winter-tricks.winter-event.example-long-night"      # 2 fuel or 5 damage (example card)
DRY_SPELL = "winter-tricks.winter-event.example-dry-spell"        # 1 water + 1 food or 4 damage
WHITEOUT = "winter-tricks.winter-event.example-whiteout"          # 1 fuel + any 2 or 6 damage
