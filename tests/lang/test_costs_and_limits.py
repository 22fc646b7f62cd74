"""Costs (action dice of N or more, food, bullets, cards) and limits (once per …)."""
from helpers import error, tree


def test_action_die_minimum():
    node, = tree("spend an action die of 4 or more: kill 3 zombies here.")
    assert node["cost"] == [{"op": "spend_die", "count": 1, "min": 4}]


def test_tokens_and_cards():
    assert tree("spend 5 food: gain 1 morale.")[0]["cost"] == [{"op": "spend_tokens", "token": "food", "count": 5}]
    assert tree("spend 3 fuel cards: gain 1 morale.")[0]["cost"][0]["filters"] == [{"op": "card_type", "type": "fuel"}]


def test_once_per():
    assert [tree(f"once per {p}: gain 1 morale.")[0]["per"] for p in ("turn", "round", "game")] == \
        ["turn", "round", "game"]
    assert error("once per week: gain 1 morale.").code == "N001"   # no word 'week'


def test_costs_nobody_can_pay():
    assert error("spend an action die of 7 or more: gain 1 morale.").code == "S003"
    assert error("spend 0 food: gain 1 morale.").code == "S003"


def test_a_header_that_is_not_a_cost():
    assert error("gain 1 morale: lose 1 morale.").code == "T002"
