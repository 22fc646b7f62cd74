"""Continuous rules and replacements."""
from helpers import error, tree


def test_instead_of_a_number():
    node, = tree("this survivor gives 2 combat strength instead of 1.")
    assert node == {"op": "modify", "stat": "combat_strength", "who": {"op": "ref", "name": "self", "kind": "survivor"},
                    "value": 2, "mode": "set", "instead_of": 1}


def test_cannot_unless():
    node, = tree("this survivor cannot move unless you play a fuel card.")
    assert node["actions"] == ["move"] and node["unless"]["op"] == "event_happened"


def test_votes_count_double():
    assert tree("your vote counts as 2 votes.")[0]["who"] == {"op": "you"}


def test_do_not_roll_for_exposure():
    assert tree("do not roll for exposure.") == [{"op": "skip_exposure"}]
    assert tree("this survivor does not roll for exposure when attacking.")[0]["when"] == ["attack"]


def test_replacement():
    node, = tree("instead of this survivor receiving a frostbite wound: place a wound on this survivor.")
    assert node["event"]["kind"] == "receive_frostbite" and node["body"][0]["kind"] == "wound"


def test_lasting_rules():
    assert tree("for the rest of the game: this survivor cannot search.")[0]["duration"] == "game"
    assert tree("until the end of the next round: this survivor cannot move.")[0]["duration"] == "next_round"


def test_as_long_as():
    node, = tree("as long as there are 2 or more helpless survivors at the colony: your vote counts as 2 votes.")
    assert node["op"] == "while" and node["body"][0]["stat"] == "vote_weight"


def test_bites_and_spreads():
    node, = tree("instead of this survivor being bitten: place a wound on this survivor.")
    assert node["event"]["kind"] == "bitten"
    assert tree("this survivor is ignored when a bite spreads.")[0]["from"] == "bite_spread"
    assert tree("spread the bite from this survivor.")[0]["op"] == "spread_bite"


def test_fewer_action_dice_and_food_costs():
    assert tree("each player rolls 1 fewer action die.")[0]["value"] == -1
    node, = tree("the colony pays 1 additional food.")
    assert node["stat"] == "food_cost" and node["who"] == {"op": "location", "id": "colony"}


def test_wounds_of_any_kind():
    assert tree("heal 1 wound of any kind on this survivor.")[0]["kind"] == "any"
    assert tree("remove a wound of any kind from this survivor.")[0]["kind"] == "any"


def test_a_rule_never_drops_words_it_cannot_read():
    from helpers import error
    err = error("the chosen survivor cannot move for the rest of this turn.", {"chosen": "survivor"})
    assert err.code == "P001" and "block around it" in str(err.hint)
    assert tree("this survivor cannot move or use its ability.")[0]["actions"] == ["move", "use_ability"]


def test_a_rule_can_bar_one_card_a_back_reference_names():
    """Voyeur: "it cannot be played before next round" bars the card taken, not its kind."""
    node = tree("until the end of this round:\n  you cannot play the chosen card.", {"chosen": "card"})[0]["body"][0]
    assert node["op"] == "forbid" and node["card"] == {"op": "ref", "name": "chosen", "kind": "card"}
    assert "cards" not in node
    assert error("until the end of this round:\n  you cannot play the chosen survivor.",
                 {"chosen": "survivor"}).code == "P001"
