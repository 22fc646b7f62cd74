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
