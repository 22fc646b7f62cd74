"""The stand-ins shown on the website: every one labelled in each language, values shown as data."""
from __future__ import annotations

from dow.compiler.standins import LABELS, rows, value_text


def test_every_stand_in_of_the_real_rulesets_has_a_label_in_each_language(bundle):
    shown = rows(bundle["rulesets"])
    assert [name for name, _ in shown][:2] == ["base", "warring-colonies"]
    for name, items in shown:
        assert name in LABELS
        for key, _ in items:
            assert key in LABELS, f"stand_ins.{key} of {name} has no label in compiler/standins.py"
            assert set(LABELS[key]) == {"pt", "en", "vi"} and all(LABELS[key].values())


def test_values_are_compact_data():
    die = [{"face": "plus", "value": 1}, {"face": "plus", "value": 1}, {"face": "target", "value": 2}]
    assert value_text(die) == "plus 1 ×2, target 2 ×1"
    assert value_text({"colony": 30, "other": 4}) == "colony 30, other 4"
    card = {"id": "stand-in.mission.x", "name": "X (stand-in)", "goal": [{"kind": "den_food", "count": 2}],
            "setup": {"den_food": 1}}
    assert value_text([card, card]) == "X (stand-in): den_food 2 (setup: den_food 1); X (stand-in): den_food 2 (setup: den_food 1)"
    assert value_text(["food-1", "junk"]) == "food-1, junk" and value_text(3) == "3"
