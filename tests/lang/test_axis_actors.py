"""The actor axis, walked whole: every player phrase as the subject of a step, of 'may' (one step, or a
block) and of 'chooses one', compiled and played on the reference engine. Each player the phrase names
acts for themselves, in seat order from the player resolving the card (play passes to the left, seed 004):
they are the ones asked, and what they draw goes to their own hand.

The table: four players; p4 is exiled; p3 holds the first player token; it is p2's turn; p2 holds the
most cards; p1, p3 and p4 control a survivor at the colony, p2 one at the school."""
from __future__ import annotations

import itertools

import pytest

from dow.runtime.decisions import MAY, OPTION
from dow.runtime.engine.scenario import Scenario
from helpers import lowered

SEATS = ("p1", "p2", "p3", "p4")
#: the subject as written, and the players it names, in seat order from p1
ACTORS = {
    "you": ["p1"],
    "each player": ["p1", "p2", "p3", "p4"],
    "each player who controls a survivor at the colony": ["p1", "p3", "p4"],
    "each non-exiled player": ["p1", "p2", "p3"],
    "each exiled player": ["p4"],
    "each other player": ["p2", "p3", "p4"],
    "each player other than you": ["p2", "p3", "p4"],
    "the first player": ["p3"],
    "the player to your left": ["p2"],
    "the player to your right": ["p4"],
    "the active player": ["p2"],
    "the player whose turn it is": ["p2"],
    'the player who controls "Mike Cho"': ["p3"],
    "the player with the most cards in their hand": ["p2"],
}
STEP = "draw 1 card from the school deck."
#: how the subject acts: the sentence, and whether each player named is asked first (and by what)
SHAPES = {
    "does": ("{who} {third}", None),
    "may do": ("{who} may {step}", MAY),
    "may do a block": ("{who} may:\n  {step}", MAY),
    "chooses": ("{who} {chooses} one:\n  - {step}\n  - nothing happens.", OPTION),
}
TABLE = {"players": 4, "first": "p3", "exiled": ["p4"],
         "survivors": {"sparky": {"player": "p1", "at": "colony"}, "brian-lee": {"player": "p2", "at": "school"},
                       "mike-cho": {"player": "p3", "at": "colony"}, "jenny-clark": {"player": "p4", "at": "colony"}},
         "hand": {"p1": ["junk"], "p2": ["junk", "junk", "junk"], "p3": [], "p4": []},
         "item_deck": {"school": ["junk"] * 8}}


def _text(who: str, shape: str) -> str:
    template, _ = SHAPES[shape]
    if who == "you":
        text = template.format(who="you", third=STEP, step=STEP, chooses="choose")
        return (STEP if shape == "does" else text) + "\n"
    return template.format(who=who, third="draws" + STEP[4:], step=STEP, chooses="chooses") + "\n"


@pytest.mark.parametrize("who,shape", list(itertools.product(ACTORS, SHAPES)))
def test_every_player_phrase_acts_and_chooses_for_itself_in_seat_order(bundle, who, shape):
    sc = Scenario(bundle, None, {"name": "actors", "given": TABLE, "do": "round"})
    g = sc.game
    g.state.active = 1                                     # p2's turn
    hands = {p.id: len(p.hand) for p in g.state.players}
    asked: list[str] = []
    gen = g.run_effect(lowered(_text(who, shape)), {"player": "p1"})
    try:
        d = next(gen)
        while True:
            assert d.kind == SHAPES[shape][1], (d.kind, d.player)
            asked.append(d.player)
            d = gen.send(d.check(True if d.kind == MAY else d.choices[0]))
    except StopIteration:
        pass
    expected = ACTORS[who]
    assert asked == (expected if SHAPES[shape][1] else [])
    drew = [p.id for p in g.state.players if len(p.hand) > hands[p.id]]
    assert drew == sorted(expected), _text(who, shape)
