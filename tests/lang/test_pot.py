"""The pot: each player stakes up to N cards face down, and one player takes every staked card."""
from __future__ import annotations

from pathlib import Path

import pytest

from dow.compiler.pipeline import compile_file
from dow.runtime.engine.scenario import run_scenario
from helpers import error, tree

CARD = Path(__file__).parent / "heldout" / "heldout-card-game.yaml"


def test_a_pot_compiles_to_its_stake_and_its_taker():
    node = tree("each player may stake up to 2 food cards:\n  the player who staked the most takes the pot.")[0]
    assert (node["op"], node["count"], node["taker"]) == ("pot", {"op": "up_to", "n": 2}, "most")
    assert node["filters"] == [{"op": "card_type", "type": "food"}]
    assert tree("each player may stake up to 3 cards:\n  you take the pot.")[0]["taker"] == "you"


def test_a_pot_says_how_many_and_who_takes_it():
    assert error("each player may stake 2 food cards:\n  you take the pot.").code == "P001"      # 'up to N'
    assert error("each player may stake up to 2 zombies:\n  you take the pot.").code == "P001"   # cards only
    assert error("each player may stake up to 2 food cards:\n  gain 1 morale.").code == "T002"   # who takes it


@pytest.fixture(scope="module")
def card():
    return compile_file(CARD, CARD.as_posix()).card


def _play(bundle, card, hands, answers):
    test = {"name": "pot", "given": {"survivors": {"brian-lee": {"at": "colony"}}, "hand": hands},
            "do": "option 1", "answers": answers, "expect": {}}
    return run_scenario(dict(bundle, cards=[*bundle["cards"], card]), card, test)


def test_a_stake_stops_at_its_limit(bundle, card):
    """'up to 2': with 3 food cards a player may stake 2 but not 3; with 1 card, 1 but not 2."""
    assert _play(bundle, card, {"p1": ["food-1", "food-1", "food-3"], "p2": []}, [2, ["c:1", "c:2"]]) == []
    with pytest.raises(ValueError, match="from 0 to 2"):
        _play(bundle, card, {"p1": ["food-1", "food-1", "food-3"], "p2": []}, [3])
    with pytest.raises(ValueError, match="from 0 to 1"):
        _play(bundle, card, {"p1": ["food-1"], "p2": []}, [2])


def test_a_pot_written_as_a_sentence_shows_its_block():
    assert error("each player may stake up to 2 food cards.").code == "T002"


@pytest.mark.parametrize("first", [False, True])
@pytest.mark.parametrize("face_up", [False, True])
@pytest.mark.parametrize("per", [False, True])
def test_every_way_of_the_pots_axes_compiles_to_its_own_fields(first, face_up, per):
    """Who stakes first, whether stakes are seen, and a limit fixed or for each thing a player has: each of
    the eight headers says its three values, and no two compile alike."""
    text = ("starting with the first player, " if first else "") + "each player may stake up to " + \
        ("1 item card" if per else "2 item cards") + (" face up" if face_up else "") + \
        (" for each survivor they control at the colony" if per else "") + \
        ":\n  the player who rolls the highest die takes the pot."
    node = tree(text)[0]
    assert (node.get("start") == "first", node.get("stakes") == "face_up", node["count"]["op"] == "per") == \
        (first, face_up, per)
    assert node["taker"] == "highest_roll"


def _gamble(bundle, at_colony: int, stake: int):
    card = next(c for c in bundle["cards"] if c["id"] == "base.crossroads.gambling")
    mine = {"brian-lee": {"at": "colony"}, "alexis-grey": {"at": "colony" if at_colony > 1 else "school"}}
    test = {"name": "gamble", "given": {"survivors": mine, "hand": {"p1": ["junk", "fuel", "food-1"]}},
            "do": "option 1", "answers": [stake, ["junk", "fuel"][:stake]], "expect": {}}
    return run_scenario(bundle, card, test)


def test_a_limit_for_each_thing_is_counted_for_the_staking_player(bundle):
    """'up to 1 item card for each survivor they control at the colony': two survivors there, two cards;
    one there (the other at the school), one."""
    assert _gamble(bundle, 2, 2) == []
    with pytest.raises(ValueError, match="from 0 to 1"):
        _gamble(bundle, 1, 2)
