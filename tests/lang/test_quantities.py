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
    assert error("gain morale.").code == "P001"   # a count is expected there


def test_instead_of_counts_what_the_action_does_in_all():
    """Seed 004's weapons and tools ("kill 2 zombies instead of 1"): in a trigger on the attack, the count is
    the attack's total, and the node says how many the action did already."""
    node = tree("when this survivor attacks:\n  kill 2 zombies here instead of 1.")[0]["body"][0]
    assert node == {"op": "kill_zombies", "count": 2, "at": {"op": "here"}, "instead_of": 1}
    node = tree("when this survivor barricades:\n  place 2 barricades here instead of 1.")[0]["body"][0]
    assert node["op"] == "add_tokens" and node["token"] == "barricade" and node["instead_of"] == 1


def test_instead_of_needs_the_action_it_speaks_of():
    assert error("kill 2 zombies here instead of 1.").code == "T002"            # no attack to answer
    assert error("when this survivor moves:\n  kill 2 zombies here instead of 1.").code == "T002"
    assert error("when this survivor attacks:\n  add 2 noise tokens here instead of 1.").code == "P001"
    assert error("when this survivor attacks:\n  kill 1 zombie here instead of 1.").code == "T003"  # not more
    assert error("when this survivor attacks:\n  kill 2 zombies here instead of.").code == "P002"
