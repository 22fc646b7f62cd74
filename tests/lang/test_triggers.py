"""Triggers: when / after / before an event; start and end of turns and rounds."""
from helpers import error, tree


def test_when_you_move_gives_the_moved_survivor_and_its_destination():
    node, = tree("when you move a survivor:\n  place the moved survivor at its destination.", {})
    assert node["event"]["kind"] == "move"
    assert node["body"][0]["at"] == {"op": "ref", "name": "destination", "kind": "location"}


def test_after_a_search_at_a_location():
    node, = tree("after a survivor you control searches at the library: gain 1 morale.")
    assert node["timing"] == "after" and node["event"]["kind"] == "search"
    assert node["event"]["filters"][0]["location"] == {"op": "location", "id": "library"}


def test_entering_play_and_kills_and_cards():
    assert tree("when this survivor enters play: add 3 bullets to the bullet supply.")[0]["event"]["kind"] == "enter_play"
    assert tree("when you kill a zombie: gain 1 morale.")[0]["event"]["kind"] == "kill_zombie"
    assert tree("when you play a card: gain 1 morale.")[0]["event"]["kind"] == "play_card"


def test_start_and_end_of_turns_and_rounds():
    assert tree("at the start of your turn: gain 1 morale.")[0] == {
        "op": "phase", "edge": "start", "of": "your_turn", "body": [{"op": "gain_morale", "amount": 1}]}
    assert tree("at the end of each round: gain 1 morale.")[0]["of"] == "round"


def test_unknown_events():
    err = error("when you fly to the hospital: gain 1 morale.")
    assert err.code == "N001"   # no word 'fly'


def test_before_a_warfare_starts_here():
    node, = tree("before a colony warfare starts here:\n  you may: skip the colony warfare here.")
    assert node["timing"] == "before" and node["event"]["kind"] == "warfare_start"
    assert node["event"]["filters"] == [{"op": "at", "location": {"op": "here"}}]


def test_after_rolling_action_dice():
    node, = tree("after you roll your action dice: you may increase up to 2 unused action dice you control by 1.")
    assert node["event"]["kind"] == "roll_action_dice"
    assert node["body"][0]["body"][0]["die"]["quantity"] == {"mode": "up_to", "n": 2}


def test_the_played_card():
    node, = tree("when you play a card: put the played card in your hand.")
    assert node["body"][0] == {"op": "move_cards", "cards": {"op": "ref", "name": "played", "kind": "card"},
                               "to": {"op": "zone", "zone": "hand", "owner": {"op": "you"}}}
