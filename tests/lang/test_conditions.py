"""Conditions: if / otherwise if / otherwise, over counts, comparisons and game facts."""
from helpers import error, tree


def test_if_otherwise_if_otherwise_nests_as_else_branches():
    node, = tree("if morale < 4: gain 1 morale.\notherwise if morale > 6: lose 1 morale.\notherwise: lose 2 morale.")
    assert node["cond"] == {"op": "compare", "left": {"op": "morale", "colony": "yours"}, "cmp": "lt",
                            "right": {"op": "number", "value": 4}}
    inner, = node["else"]
    assert inner["cond"]["cmp"] == "gt" and inner["else"] == [{"op": "lose_morale", "amount": 2}]


def test_counts_compare_against_numbers():
    node, = tree("if the number of zombies at the colony >= 3: lose 1 morale.")
    assert node["cond"]["left"] == {"op": "count_of", "selector": {
        "op": "select_of", "kind": "zombie", "quantity": {"mode": "all"},
        "filters": [{"op": "at", "location": {"op": "location", "id": "colony"}}]}}


def test_game_facts_join_with_and_and_or():
    node, = tree('if "Sparky" is not exiled and you control "Sparky" or morale = 1: gain 1 morale.')
    cond = node["cond"]
    assert cond["op"] == "any" and cond["items"][0]["op"] == "all"
    assert cond["items"][0]["items"][0] == {"op": "not", "item": {
        "op": "is", "subject": {"op": "named", "card": "Sparky", "kind": "survivor"}, "state": "exiled"}}


def test_there_are_n_or_more():
    node, = tree("if there are 2 or more helpless survivors at the colony: lose 1 morale.")
    assert node["cond"]["op"] == "exists" and node["cond"]["min"] == 2


def test_a_place_is_not_a_number():
    e = error("if the colony > 3: gain 1 morale.")            # 'the colony' is no number: refused at 'colony'
    assert e.code == "P001"


def test_locations_and_states():
    node, = tree('if "Brian Lee" is at the colony and this survivor is your group leader: gain 1 morale.')
    first, second = node["cond"]["items"]
    assert first["state"] == "at" and first["where"] == {"op": "location", "id": "colony"}
    assert second["state"] == "group_leader"


def test_locations_a_colony_controls_are_counted():
    node, = tree("if the number of non-colony locations your colony controls > "
                 "the number of non-colony locations the enemy colony controls: gain 1 morale.")
    left, right = node["cond"]["left"]["selector"], node["cond"]["right"]["selector"]
    assert left["quantity"] == {"mode": "all"}
    assert left["filters"][1] == {"op": "controlled_by", "player": "you"}
    assert right["filters"][1] == {"op": "controlled_by", "player": "enemy"}


def test_condition_fields_accept_comparisons():
    from dow.compiler.language import bind_text
    node, errors = bind_text("morale < 4", kind="cond")
    assert errors == [] and node["op"] == "compare" and node["cmp"] == "lt"


def test_negated_plays_and_token_presence():
    node, = tree("if you did not play a fuel card: gain 1 morale.")
    assert node["cond"]["op"] == "not" and node["cond"]["item"]["op"] == "event_happened"
    assert tree("if you played no fuel card: gain 1 morale.")[0]["cond"]["op"] == "not"
    node, = tree("if there is a barricade at the colony: gain 1 morale.")
    assert node["cond"]["selector"]["filters"][1] == {"op": "at", "location": {"op": "location", "id": "colony"}}


def test_a_place_is_a_place():
    node, = tree("if its origin is the colony: gain 1 morale.", {"origin": "location", "moved": "survivor"})
    assert node["cond"]["where"] == {"op": "location", "id": "colony"}


def test_token_kinds_are_kept_in_descriptions():
    node, = tree("if there is a barricade at the colony: gain 1 morale.")
    assert node["cond"]["selector"]["filters"][0] == {"op": "token_type", "type": "barricade"}


def test_they_control_in_a_players_loop():
    node, = tree('for each player:\n  if they control "Sparky": gain 1 morale.')
    assert node["body"][0]["cond"]["player"] == {"op": "ref", "name": "each", "kind": "player"}


def test_a_played_card_condition_reads_every_word():
    from helpers import error
    assert tree("if you played a fuel card: gain 1 morale.")[0]["cond"]["op"] == "event_happened"
    assert error("if you played a fuel card for the move: gain 1 morale.").code == "P001"   # adds nothing
    assert error("if you played a fuel card yesterday: gain 1 morale.").code == "N001"


def test_room_at_a_location_is_a_number():
    """Rod Miller: "if there is not enough room at the hospital" reads the empty survivor spaces there."""
    node = tree("if the number of empty survivor spaces at the hospital < 3:\n  lose 1 morale.")[0]
    assert node["cond"]["left"] == {"op": "empty_spaces", "at": {"op": "location", "id": "hospital"}}
