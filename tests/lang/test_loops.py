"""Loops over sets: 'for each …' and implicit 'each' targets."""
from helpers import tree


def test_for_each_binds_it():
    node, = tree("for each survivor at the colony: roll for exposure on it.")
    assert node["selector"]["quantity"] == {"mode": "each"}
    assert node["body"][0]["target"] == {"op": "ref", "name": "each", "kind": "survivor"}


def test_each_as_a_subject():
    node, = tree("each survivor at the colony receives 1 wound.")
    assert node["op"] == "wound" and node["target"]["quantity"] == {"mode": "each"}
