"""Back-references are typed: a reference bound by a trigger or a choice has a kind, and a use of
the wrong kind is a compile error (N005) that lists what can be referred to there, by kind."""
from helpers import error, tree

PLAY_SCOPE = {"this_card": "card", "played": "card"}


def test_the_played_survivor_after_a_card_is_played_is_an_error_naming_the_played_card():
    err = error("kill the played survivor.", PLAY_SCOPE)
    assert err.code == "N005" and err.message.id == "N005.wrong-kind"
    assert {k: str(v) for k, v in err.message.params.items()} == {"words": "the played survivor",
                                                                   "ref": "the played", "kind": "card"}
    assert [str(k) for k in err.hint.params["known"]] == ["'this card' (card)", "'the played card' (card)",
                                                         "'you' (player)"]
    assert err.hint.render("pt") == ("aqui é possível referir-se a: 'this card' (carta), 'the played card' (carta), "
                                     "'you' (jogador)")
    assert (err.pos.col, err.width) == (6, len("the played survivor"))


def test_a_chosen_location_is_not_a_chosen_survivor():
    err = error("kill the chosen survivor.", {"chosen": "location"})
    assert err.code == "N005" and str(err.message.params["kind"]) == "location"
    assert "'the chosen location' (location)" in [str(k) for k in err.hint.params["known"]]


def test_the_right_kind_compiles_and_discarding_the_played_card_puts_it_in_the_waste_pile():
    node, = tree("discard the played card.", PLAY_SCOPE)
    assert node == {"op": "move_cards", "cards": {"op": "ref", "name": "played", "kind": "card"},
                    "to": {"op": "zone", "zone": "waste_pile"}}
    node, = tree("kill the moved survivor.", {"moved": "survivor"})
    assert node["target"] == {"op": "ref", "name": "moved", "kind": "survivor"}
