"""The kinds of things: every slot of a form takes one kind of thing, so an effect aimed at the wrong kind
is refused at the word where the wrong thing starts, saying what kind was expected there."""
from helpers import error, tree


def test_survivor_effects_need_survivors():
    err = error("place a wound on the grocery store.")
    assert err.code == "P001" and "a survivor" in str(err.expected)
    assert error("roll for exposure on the colony.").code == "P001"


def test_locations_need_locations():
    assert error("kill 3 zombies at this survivor.").code == "P001"


def test_tokens_go_where_they_belong():
    assert error("add 2 noise tokens to this survivor.").code == "P001"
    assert tree("place a despair token on this survivor.")[0]["to"]["kind"] == "survivor"
