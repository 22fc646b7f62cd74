"""Rules across turns and rounds: an extra action every player may take on their own turn (turn_action),
a reaction any player may pay for to ignore an exposure die's result (ignore_roll), a block that happens
once in the next round (delayed), and the conditions they read (searched, rolled)."""
from __future__ import annotations

import copy

import pytest

from dow.compiler.lower import Lowering
from dow.runtime.engine.scenario import run_scenario
from helpers import error, tree

NURSE = """for the rest of the game:
  as long as "Brian Lee" is at the colony:
    during their turn, each player may spend a card:
      heal 1 wound on a survivor they control at the colony.
"""
ACTION = "card_action base.crossroads.janet-taylor 1"


def test_an_extra_turn_action_compiles_to_its_cost_and_block_for_the_player_whose_turn_it_is():
    rule = tree(NURSE)[0]["body"][0]["body"][0]
    assert rule["op"] == "turn_action"
    assert [c["op"] for c in rule["cost"]] == ["spend_cards"]
    assert rule["body"][0]["op"] == "heal"
    assert {"op": "controlled_by", "player": "them"} in [
        {k: v for k, v in f.items() if k != "pos"} for f in rule["body"][0]["target"]["filters"]]
    free = tree("during their turn, each player may:\n  gain 1 morale.")[0]
    assert (free["op"], free["cost"]) == ("turn_action", [])


def test_an_extra_turn_action_needs_each_player():
    assert error("during their turn, you gain:\n  gain 1 morale.").code == "P001"


def test_a_reaction_to_the_exposure_die_compiles_to_its_face_and_cost():
    node = tree("any player may spend a medicine card to ignore a bitten result on the exposure die.")[0]
    assert (node["op"], node["face"]) == ("ignore_roll", "bitten")
    assert node["cost"][0]["filters"][0]["type"] == "medicine"
    assert tree("any player may spend 1 food to ignore a wound result on the exposure die.")[0]["face"] == "wound"


def test_a_reaction_says_which_result_it_ignores():
    assert error("any player may spend a medicine card to cancel a bite.").code == "N001"   # no word 'cancel'
    assert error("any player may spend a medicine card to ignore a blank result on the exposure die.").code == "T002"
    assert error("any player may spend a medicine card to ignore a bitten result.").code == "P002"


def test_the_result_of_an_exposure_roll_is_a_condition_after_the_roll_only():
    nodes = tree("roll for exposure on this survivor.\nif the result is blank: gain 1 morale.", {"self": "survivor"})
    assert nodes[1]["cond"] == {"op": "rolled", "face": "blank"}
    negated = tree("roll for exposure on this survivor.\nif the result is not bitten: gain 1 morale.",
                   {"self": "survivor"})[1]["cond"]
    assert (negated["op"], negated["item"]["face"]) == ("not", "bitten")
    assert error("if the result is blank: gain 1 morale.").code == "N007"          # no roll before it
    assert error("roll for exposure on this survivor.\nif the result is purple: gain 1 morale.",
                 {"self": "survivor"}).code == "N001"


def test_a_block_for_the_next_round_and_what_was_searched_since_the_card():
    node = tree("at the end of the next round:\n  if every non-colony location was searched since this card: "
                "gain 1 morale.")[0]
    assert (node["op"], node["edge"]) == ("delayed", "end")
    cond = node["body"][0]["cond"]
    assert cond["op"] == "searched" and cond["where"]["kind"] == "location"
    assert tree("at the start of the next round:\n  gain 1 morale.")[0]["edge"] == "start"
    school = tree("at the end of the next round:\n  if the school was searched since this card: gain 1 morale."
                  )[0]["body"][0]["cond"]["where"]
    assert (school["op"], school["id"]) == ("location", "school")


def test_since_this_card_belongs_to_a_block_that_happens_later():
    assert error("if every non-colony location was searched since this card: gain 1 morale.").code == "T002"
    assert error("at the end of the next round:\n  if every survivor was searched since this card: "
                 "gain 1 morale.").code == "P001"                               # a place is searched
    assert error("at the end of the next round:\n  if every non-colony location was searched: "
                 "gain 1 morale.").code == "P002"                                                # since when?


# ---- on the reference engine ------------------------------------------------------------------
@pytest.fixture(scope="module")
def nurse_card(bundle):
    """Janet Taylor's card with the same rule about a survivor the engine has (Brian Lee): Janet's own
    survivor card is not in the reference data, so no table holds her."""
    card = copy.deepcopy(next(c for c in bundle["cards"] if c["id"] == "base.crossroads.janet-taylor"))
    card["options"][0]["effect"]["tree"] = Lowering(card["id"], "test.yaml", {}).nodes(tree(NURSE))
    return card


def _nurse(bundle, card, given, do, expect):
    test = {"name": "nurse", "given": given, "do": do, "expect": expect}
    return run_scenario(dict(bundle, cards=[*bundle["cards"], card]), card, test)


TABLE = {"survivors": {"brian-lee": {"at": "colony"}, "sparky": {"player": "p2", "at": "colony", "wounds": 2}},
         "hand": {"p2": ["junk"]}}


def test_the_extra_action_is_legal_for_another_player_on_their_turn_and_heals_their_survivor(bundle, nurse_card):
    assert _nurse(bundle, nurse_card, TABLE, ["option 1", "turn p2"], {"legal": [ACTION]}) == []
    assert _nurse(bundle, nurse_card, TABLE, ["option 1", "turn p2", f"action {ACTION}"],
                  {"survivors": {"sparky": {"wounds": 1}}, "hand": {"p2": 0}, "waste": 1}) == []


def test_the_extra_action_is_not_legal_while_the_survivor_is_away_or_without_a_card(bundle, nurse_card):
    away = copy.deepcopy(TABLE)
    away["survivors"]["brian-lee"]["at"] = "school"
    assert _nurse(bundle, nurse_card, away, ["option 1", "turn p2"], {"illegal": [ACTION]}) == []
    empty = {**copy.deepcopy(TABLE), "hand": {}}
    assert _nurse(bundle, nurse_card, empty, ["option 1", "turn p2"], {"illegal": [ACTION]}) == []
    assert _nurse(bundle, nurse_card, TABLE, ["turn p2"], {"illegal": [ACTION]}) == []     # before the card


def test_the_extra_action_lasts_for_the_rest_of_the_game_and_may_be_taken_again(bundle, nurse_card):
    two = {**copy.deepcopy(TABLE), "hand": {"p2": ["junk", "junk"]}}
    assert _nurse(bundle, nurse_card, two, ["option 1", "new_round", "new_round", "turn p2", f"action {ACTION}",
                                            f"action {ACTION}"],
                  {"survivors": {"sparky": {"wounds": 0}}, "hand": {"p2": 0}}) == []


def test_a_block_for_the_start_of_the_next_round_waits_for_it(bundle):
    card = copy.deepcopy(next(c for c in bundle["cards"] if c["id"] == "base.crossroads.missing-child"))
    card["options"][0]["effect"]["tree"] = Lowering(card["id"], "test.yaml", {}).nodes(
        tree("at the start of the next round:\n  gain 1 morale."))
    table = {"survivors": {"brian-lee": {"at": "colony"}}, "helpless": 1}
    run = dict(bundle, cards=[*bundle["cards"], card])
    assert run_scenario(run, card, {"name": "x", "given": table, "expect": {"morale": 6},
                                    "do": ["option 1", "colony start_round", "colony end_round"]}) == []
    assert run_scenario(run, card, {"name": "x", "given": table, "expect": {"morale": 7},
                                    "do": ["option 1", "new_round", "colony start_round", "new_round",
                                           "colony start_round"]}) == []


def test_a_block_for_the_next_round_waits_for_the_round_not_the_colony_phase(bundle):
    """'at the start of the next round' is the round's edge: the colony phase's own start (a step of the
    same round, seed 004 II. Colony Phase) is not it, nor its end the round's end."""
    card = copy.deepcopy(next(c for c in bundle["cards"] if c["id"] == "base.crossroads.missing-child"))
    card["options"][0]["effect"]["tree"] = Lowering(card["id"], "test.yaml", {}).nodes(
        tree("at the start of the next round:\n  gain 1 morale.\nat the end of the next round:\n  lose 2 morale."))
    table = {"survivors": {"brian-lee": {"at": "colony"}}, "helpless": 1}
    run = dict(bundle, cards=[*bundle["cards"], card])
    assert run_scenario(run, card, {"name": "x", "given": table, "expect": {"morale": 6},
                                    "do": ["option 1", "new_round", "colony start_colony",
                                           "colony end_colony"]}) == []
    assert run_scenario(run, card, {"name": "x", "given": table, "expect": {"morale": 5},
                                    "do": ["option 1", "new_round", "colony start_round", "colony start_colony",
                                           "colony end_colony", "colony end_round"]}) == []


def test_a_search_counts_since_the_card_even_for_a_next_round_block_kept_inside_another_rule(bundle):
    card = copy.deepcopy(next(c for c in bundle["cards"] if c["id"] == "base.crossroads.missing-child"))
    card["options"][0]["effect"]["tree"] = Lowering(card["id"], "test.yaml", {}).nodes(tree(
        "for the rest of the game:\n  at the end of the next round:\n"
        "    if the school was searched since this card: gain 1 morale.\n    otherwise: lose 1 morale."))
    table = {"survivors": {"brian-lee": {"at": "school"}}, "dice": {"p1": [6]}, "item_deck": {"school": ["junk"]}}
    run = dict(bundle, cards=[*bundle["cards"], card])
    searched = ["option 1", "action search brian-lee 6", "new_round", "colony end_round"]
    assert run_scenario(run, card, {"name": "x", "given": table, "do": searched, "expect": {"morale": 7}}) == []
    assert run_scenario(run, card, {"name": "x", "given": table, "expect": {"morale": 5},
                                    "do": ["option 1", "new_round", "colony end_round"]}) == []


@pytest.mark.parametrize("first, declines, pays", [("p1", "p1", "p2"), ("p2", "p2", "p1")])
def test_the_players_are_asked_to_ignore_a_bite_in_turn_from_the_first_player(bundle, first, declines, pays):
    """Both players hold a medicine: the first player is asked first and declines, then the next pays."""
    card = next(c for c in bundle["cards"] if c["id"] == "base.crossroads.olivia-brown")
    table = {"first": first, "survivors": {"olivia-brown": {"at": "colony"}, "sparky": {"player": "p2", "at": "colony"},
                                           "brian-lee": {"player": "p2", "at": "school"}},
             "hand": {"p1": ["medicine"], "p2": ["medicine"]}}
    test = {"name": "x", "given": table, "do": ["option 1", "colony start_round", "exposure brian-lee"],
            "answers": [True, False, True], "rolls": [1, 12],
            "expect": {"hand": {declines: 1, pays: 0}, "survivors": {"brian-lee": {"at": "school"}},
                       "log": ["ignored"]}}
    assert run_scenario(bundle, card, test) == []
