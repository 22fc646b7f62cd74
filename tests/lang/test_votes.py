"""Votes with outcomes, and exile votes."""
from helpers import tree


def test_vote_outcomes():
    node, = tree("vote:\n  - gain 1 morale.\n  - add 5 zombies to the colony.")
    assert node["op"] == "vote" and len(node["options"]) == 2


def test_exile_vote():
    node, = tree("start an exile vote against a player.")
    assert node["op"] == "exile_vote" and node["target"]["kind"] == "player"
