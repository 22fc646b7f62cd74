"""Crossroads cards call the families their reference facts give them (reference/base/crossroads.csv,
column setup_rule): a vote with its voters, a set-up before the options, another player as chooser,
and every printed option offered."""
from __future__ import annotations

import pytest

#: card numbers whose setup_rule says "Vote: …", "Before the options, …" or names the chooser
VOTES = {14: "colony", 15: "colony", 23: "colony", 31: "colony", 33: "colony", 43: "colony", 45: "location_of",
         53: "colony", 54: "colony",
         32: "colony", 44: "colony", 48: "colony", 52: "colony", 72: "colony"}   # the reference data gives each a vote
SETUPS = (17, 23, 27, 34, 66, 73, 75)
CHOOSERS = (62,)


def _base_crossroads(bundle) -> dict[int, dict]:
    return {c["number"]: c for c in bundle["cards"] if c["kind"] == "crossroads" and c["set"] == "base"
            and c.get("number") is not None}


def _ops(tree) -> list:
    if isinstance(tree, dict):
        return [tree.get("op"), *(o for v in tree.values() for o in _ops(v))]
    if isinstance(tree, list):
        return [o for v in tree for o in _ops(v)]
    return []


@pytest.mark.parametrize("number, where", sorted(VOTES.items()))
def test_every_vote_card_compiles_to_a_vote_of_players_with_a_survivor_there(bundle, number, where):
    card = _base_crossroads(bundle)[number]
    voters = card["vote"]["tree"]
    assert voters["op"] == "controls"
    assert (voters["player"]["op"], voters["player"]["name"]) == ("ref", "each")      # "they": each voter
    assert where in _ops(voters) or any(f.get("location", {}).get("id") == where
                                        for f in voters["what"].get("filters", []))


@pytest.mark.parametrize("number", SETUPS)
def test_every_set_up_card_runs_its_set_up_before_the_options(bundle, number):
    card = _base_crossroads(bundle)[number]
    assert card["setup"]["effect"]["tree"], f"#{number} has an empty set-up"
    assert all(card["setup"]["text"][lang] for lang in ("pt", "en", "vi"))


@pytest.mark.parametrize("number", CHOOSERS)
def test_the_card_that_names_its_chooser_has_one(bundle, number):
    assert _base_crossroads(bundle)[number]["chooser"]["tree"]["op"] == "controls"


def test_no_other_base_crossroads_card_calls_a_vote(bundle):
    assert {n for n, c in _base_crossroads(bundle).items() if c.get("vote")} == set(VOTES)


def test_every_printed_option_is_in_the_bundle_with_an_effect(bundle):
    for card in _base_crossroads(bundle).values():
        assert all("effect" in o and isinstance(o["effect"]["tree"], list) for o in card.get("options", [])), card["id"]
