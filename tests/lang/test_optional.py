"""'You may': optional effects, with or without a cost."""
from helpers import tree


def test_you_may_wraps_the_sentence():
    assert tree("you may kill 1 zombie here.") == [{"op": "optional", "cost": [], "body": [
        {"op": "kill_zombies", "count": 1, "at": {"op": "here"}}]}]


def test_you_may_with_a_cost():
    node, = tree("you may spend 2 action dice: gain 1 morale.")
    assert node["cost"] == [{"op": "spend_die", "count": 2, "min": 1}]
    assert node["body"] == [{"op": "gain_morale", "amount": 1}]


def test_you_may_block():
    node, = tree("you may:\n  remove this survivor from the game.\n  gain 1 morale.")
    assert [n["op"] for n in node["body"]] == ["remove_from_game", "gain_morale"]
