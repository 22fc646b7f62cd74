"""Loops over sets: 'for each …' and implicit 'each' targets."""
from helpers import tree


def test_for_each_binds_it():
    node, = tree("for each survivor at the colony: roll for exposure on it.")
    assert node["selector"]["quantity"] == {"mode": "each"}
    assert node["body"][0]["target"] == {"op": "ref", "name": "each", "kind": "survivor"}


def test_each_as_a_subject():
    node, = tree("each survivor at the colony receives 1 wound.")
    assert node["op"] == "wound" and node["target"]["quantity"] == {"mode": "each"}


def test_for_each_player_lets_each_player_choose_their_own():
    node, = tree("for each player:\n  choose a survivor they control at the colony.\n"
                 "  roll for exposure on the chosen survivor.")
    select = node["body"][0]
    assert select["chooser"] == "them"
    assert select["selector"]["filters"][0] == {"op": "controlled_by", "player": "them"}
