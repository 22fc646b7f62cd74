"""'the last N <kind> cards removed from the game': the N cards of that kind nearest the top of the removed
pile (the most recently removed), whatever lies between them, played on the engine."""
from __future__ import annotations

from dow.runtime.engine.scenario import Scenario, slug
from helpers import lowered


def test_the_last_cards_of_a_kind_removed_are_the_most_recent_of_that_kind(bundle):
    sc = Scenario(bundle, None, {"name": "x", "given": {"survivors": {"brian-lee": {}}}, "do": "round"})
    g = sc.game
    s = g.state
    s.removed = [sc.card_instance(c) for c in ("fuel", "junk", "fuel", "medicine", "fuel", "junk")]  # top last
    oldest_fuel = s.removed[0]
    for _ in g.run_effect(lowered("put the last 2 fuel cards removed from the game in the waste pile.\n"),
                          {"player": "p1"}):
        raise AssertionError("nobody is asked: the cards are named")
    assert [slug(s.cards[c]) for c in s.waste] and len(s.waste) == 2
    assert {slug(s.cards[c]) for c in s.waste} == {"fuel"} and oldest_fuel not in s.waste
    assert [slug(s.cards[c]) for c in s.removed] == ["fuel", "junk", "medicine", "junk"]

