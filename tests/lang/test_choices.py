"""Choices between options; an option you cannot meet cannot be chosen."""
from helpers import error, tree


def test_choose_one_lists_options():
    node, = tree("choose one:\n  - gain 1 morale.\n  - lose 1 morale.")
    assert node["op"] == "choose" and [o["body"][0]["op"] for o in node["options"]] == ["gain_morale", "lose_morale"]


def test_only_if_is_an_options_requirement():
    node, = tree("choose one:\n  - only if morale < 4:\n      gain 1 morale.\n  - lose 1 morale.")
    assert node["options"][0]["requires"]["op"] == "compare"
    assert "requires" not in node["options"][1]


def test_an_option_can_carry_a_cost():
    node, = tree("choose one:\n  - spend 5 food: gain 1 morale.\n  - lose 1 morale.")
    assert node["options"][0]["body"][0]["op"] == "pay"


def test_one_option_is_not_a_choice():
    assert error("choose one:\n  - gain 1 morale.").code == "S001"


def test_an_option_outside_a_choice_is_an_error():
    assert error("- gain 1 morale.").code == "S001"


def test_options_that_can_never_be_chosen_and_duplicates():
    assert error("choose one:\n  - only if 1 > 2: gain 1 morale.\n  - lose 1 morale.").code == "S002"
    assert error("choose one:\n  - gain 1 morale.\n  - gain 1 morale.").code == "S002"
