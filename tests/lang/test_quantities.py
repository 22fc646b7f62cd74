"""Quantities: numbers, a/an, all, up to, all but, that many."""
from helpers import error, tree


def test_numbers_and_articles():
    assert tree("kill 3 zombies here.")[0]["count"] == 3
    assert tree("place a wound on this survivor.")[0]["count"] == 1
    assert tree("add 2 noise tokens here.")[0] == {"op": "add_tokens", "token": "noise", "count": 2,
                                                   "to": {"op": "here"}}


def test_all_up_to_all_but():
    assert tree("kill all zombies here.")[0]["count"] == {"op": "all_count"}
    assert tree("take up to 4 fuel cards from the removed pile.")[0]["count"] == {"op": "up_to", "n": 4}
    assert tree("remove all but 1 zombie from the colony.")[0]["count"] == {"op": "all_but", "n": 1}


def test_morale():
    assert tree("lose 1 morale.") == [{"op": "lose_morale", "amount": 1}]
    assert tree("raise morale by 2.") == [{"op": "gain_morale", "amount": 2}]


def test_a_count_is_needed():
    assert error("gain morale.").code == "T003"
