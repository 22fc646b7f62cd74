"""Dice: rolls with thresholds, 'that many', exposure rolls."""
from helpers import error, tree


def test_outcome_ranges():
    node, = tree("roll a die:\n  on 5 or more: gain 1 morale.\n  on 2 to 4: lose 1 morale.\n  on 1: lose 2 morale.")
    assert [(o["min"], o["max"]) for o in node["outcomes"]] == [(5, 6), (2, 4), (1, 1)]


def test_or_less():
    node, = tree("roll a die:\n  on 3 or less: lose 1 morale.")
    assert (node["outcomes"][0]["min"], node["outcomes"][0]["max"]) == (1, 3)


def test_that_many_is_the_result():
    roll, remove = tree("roll a die. remove that many zombies from the colony.")
    assert roll["op"] == "roll" and remove["count"] == {"op": "result"}
    assert tree("roll a die. roll for exposure on this survivor that many times.")[1]["times"] == {"op": "result"}


def test_exposure_rolls():
    assert tree("roll for exposure on this survivor twice.")[0]["times"] == 2


def test_impossible_and_overlapping_ranges():
    assert error("roll a die:\n  on 7 or more: gain 1 morale.").code == "S004"
    assert error("roll a die:\n  on 1 to 4: gain 1 morale.\n  on 3 to 6: lose 1 morale.").code == "S004"
    assert error("roll a die:\n  gain 1 morale.").code == "S004"
