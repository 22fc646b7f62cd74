"""The resolve (name) pass: words against the vocabulary, with did-you-mean."""
from helpers import error, tree


def test_actions_nouns_and_places_resolve():
    node, = tree("kill 3 zombies at the grocery store.")
    assert node == {"op": "kill_zombies", "count": 3, "at": {"op": "location", "id": "grocery_store"}}


def test_unknown_words_suggest_known_ones():
    err = error("kil 3 zombies here.")
    assert (err.code, err.hint) == ("N001", "did you mean 'kill'?")
    err = error("kill 3 zombies at the grocery stor.")
    assert err.code == "N001" and err.hint == "did you mean 'store'?"


def test_a_missing_full_stop_is_suggested():
    err = error("kill 3 zombies here gain 1 morale.")
    assert err.code == "P001" and "full stop" in err.hint
