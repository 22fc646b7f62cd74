"""The type-check pass: effects aimed at the right kind of thing."""
from helpers import error, tree


def test_survivor_effects_need_survivors():
    err = error("place a wound on the grocery store.")
    assert (err.code, err.expected) == ("T001", "a survivor")
    assert error("roll for exposure on the colony.").code == "T001"


def test_locations_need_locations():
    assert error("kill 3 zombies at this survivor.").code == "T001"


def test_tokens_go_where_they_belong():
    assert error("add 2 noise tokens to this survivor.").code == "T001"
    assert tree("place a despair token on this survivor.")[0]["to"]["kind"] == "survivor"
