"""Selecting targets and referring back to them."""
from helpers import MOVE_SCOPE, error, tree


def test_a_survivor_you_control():
    node, = tree("place a wound on a survivor you control.")
    assert node["target"]["filters"] == [{"op": "controlled_by", "player": "you"}]


def test_an_enemy_survivor_and_sharing_a_location():
    node, = tree("place a wound on an enemy survivor sharing a location with this survivor.")
    assert node["target"]["filters"] == [
        {"op": "controlled_by", "player": "enemy"},
        {"op": "sharing_location", "with": {"op": "ref", "name": "self", "kind": "survivor"}}]


def test_the_lowest_influence_survivor():
    node, = tree("kill the survivor with the lowest influence at the colony.")
    assert {"op": "extreme", "stat": "influence", "mode": "lowest"} in node["target"]["filters"]
    node, = tree("kill the lowest-influence survivor at the colony.")
    assert {"op": "extreme", "stat": "influence", "mode": "lowest"} in node["target"]["filters"]


def test_any_location_and_each():
    node, = tree("add 1 zombie to each non-colony location.")
    assert node["at"]["quantity"] == {"mode": "each"}
    node, = tree("kill 1 zombie at any location.")
    assert node["at"]["kind"] == "location"


def test_the_chosen_survivor_refers_to_a_choice():
    select, kill = tree("choose a survivor you control. kill the chosen survivor.")
    assert select["bind"] == "chosen" and kill["target"] == {"op": "ref", "name": "chosen", "kind": "survivor"}


def test_the_moved_survivor_needs_a_move_trigger():
    assert tree("place a wound on the moved survivor.", MOVE_SCOPE)[0]["target"]["name"] == "moved"
    err = error("place a wound on the moved survivor.")
    assert err.code == "N005" and "this survivor" in err.hint


def test_pronouns_refer_to_the_most_recent():
    nodes = tree('add "Sparky" to your following. place 2 wounds on him.')
    assert nodes[1]["target"] == {"op": "named", "card": "Sparky", "kind": "survivor"}
    nodes = tree('add "Sparky" to your following. choose a survivor you control. kill it.')
    assert nodes[2]["target"] == {"op": "ref", "name": "chosen", "kind": "survivor"}


def test_a_pronoun_with_nothing_before_it():
    assert error("place a wound on it.", {}).code == "N005"


def test_other_than_the_enemy_active_player():
    node, = tree("look at the hand of an enemy player other than the enemy active player.")
    owner = node["what"]["owner"]
    assert owner["filters"][0] == {"op": "controlled_by", "player": "enemy"}
    assert owner["filters"][1]["op"] == "other_than"


def test_lowest_of_an_unknown_number_is_an_error():
    from helpers import error
    err = error("kill the survivor with the lowest infuence at the colony.")
    assert err.code == "N001" and err.hint == "did you mean 'influence'?"
