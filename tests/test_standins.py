"""The stand-ins shown on the website: every one labelled in each language, values shown as data."""
from __future__ import annotations

import pytest

from dow.site.build import site_words
from dow.site.standins import rows, value_text


def test_every_stand_in_of_the_real_rulesets_has_a_label_in_each_language(bundle):
    shown = rows(bundle["rulesets"])
    assert [name for name, _ in shown][:2] == ["base", "warring-colonies"]
    for lang in ("pt", "en", "vi"):
        labels = site_words(lang)["stand_ins"]
        for name, items in shown:
            assert labels.get(name), f"{lang}: ruleset {name} has no label under stand_ins in templates/site"
            for key, _ in items:
                assert isinstance(labels.get(key), str) and labels[key].strip(), \
                    f"stand_ins.{key} of {name} has no {lang} label in site/catalogues/site/{lang}.yaml"


def test_values_are_compact_data():
    die = [{"face": "plus", "value": 1}, {"face": "plus", "value": 1}, {"face": "target", "value": 2}]
    assert value_text(die) == "plus 1 ×2, target 2 ×1"
    assert value_text({"colony": 30, "other": 4}) == "colony 30, other 4"
    card = {"id": "stand-in.mission.x", "name": "X (stand-in)", "goal": [{"kind": "den_food", "count": 2}],
            "setup": {"den_food": 1}}
    assert value_text([card, card]) == "X (stand-in): den_food 2 (setup: den_food 1); X (stand-in): den_food 2 (setup: den_food 1)"
    assert value_text(["food-1", "junk"]) == "food-1, junk" and value_text(3) == "3"
    decks = {"grocery-store": {"food-1": 6, "junk": 2}, "hospital": {"medicine": 7}}
    assert value_text(decks) == "Grocery-store: food-1 ×6, junk ×2; Hospital: medicine ×7"


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_a_readers_stand_in_values_are_in_their_language(bundle, lang):
    """The transcription page tells the stand-ins' values in the reader's words: no ruleset key, goal
    kind, die face, location id or card file name is left as the data writes it."""
    import re
    names = {c["id"].rsplit(".", 1)[-1]: c["name"][lang] for c in bundle["cards"]}
    words = site_words(lang)["stand_in_values"]
    for _, items in rows(bundle["rulesets"]):
        for key, value in items:
            text = value_text(value, words, lang, names)
            assert not re.findall(r"\b[a-z]+(?:[_-][a-z0-9]+)+\b", text), (key, text)     # no snake_case, no ids
            assert "stand-in" not in text and "(setup" not in text, (key, text)
    die = [{"face": "plus", "value": 1}, {"face": "biohazard", "value": 2}]
    assert value_text(die, words, lang, names) == f"{words['faces']['plus']} 1 ×1, {words['faces']['biohazard']} 2 ×1"
    assert value_text(["police_station"], words, lang, names) != "police_station"
    if lang == "vi":   # a deck per place: the place as the glossary writes it, a label, each card counted
        decks = {"grocery-store": {"food-1": 6}, "hospital": {"food-3": 7}}
        assert value_text(decks, words, lang, names) == \
            f"Cửa hàng tạp hóa: {names['food-1']} ×6; Bệnh viện: {names['food-3']} ×7"


def test_a_card_page_names_the_stand_ins_its_card_is_played_with(bundle):
    """A card's own stand-ins (site/standins.py card_rows), from its set's ruleset: the base objectives'
    morale and round track (an objective whose own text gives its rounds shows that instead), Kill Them's
    set-up zombies, a location's item deck; a card with none shows none."""
    from dow.site.standins import card_rows
    cards = {c["id"]: c for c in bundle["cards"]}
    stand = bundle["rulesets"]["base"]["stand_ins"]
    kill = dict(card_rows(cards["base.main-objective.kill-them"], bundle["rulesets"]))
    assert kill == {"morale": stand["morale"], "rounds": stand["rounds"], "objective_zombies": stand["objective_zombies"]["kill-them"]}
    mouths = dict(card_rows(cards["base.main-objective.too-many-mouths"], bundle["rulesets"]))
    assert "rounds" not in mouths and mouths["objective_rounds"] == stand["objective_rounds"]["too-many-mouths"]
    assert dict(card_rows(cards["base.location.hospital"], bundle["rulesets"])) == {
        "location_decks": stand["location_decks"]["hospital"]}
    assert card_rows(cards["base.survivor.sparky"], bundle["rulesets"]) == []

