"""Every word counts: the ledger proves each word of a clause ends up in the tree (N008).

Architecture: "the parse of a clause consumes each token into exactly one node, or the
clause is an error at that token". These tests show the proof on the case that was found
(a filter dropped), on readers that forget their words (a fake verb), and on generated
clauses (hypothesis): a clause either keeps every filter it was written with, or fails
with a located error.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from dow.compiler import resolve
from dow.compiler.phrases import P

from helpers import bind, error, tree


def _filters(text: str) -> list[str]:
    node, = tree(text)
    return [f["op"] for f in node["target"]["filters"]]


def test_a_survivor_other_than_x_sharing_a_location_with_x_keeps_both_filters_in_either_order():
    a = 'kill a survivor other than "Thomas Heart" sharing a location with "Thomas Heart".'
    b = 'kill a survivor sharing a location with "Thomas Heart" other than "Thomas Heart".'
    assert _filters(a) == ["other_than", "sharing_location"]
    assert _filters(b) == ["sharing_location", "other_than"]


def test_a_filter_the_verb_cannot_take_is_a_located_error_not_a_silent_drop():
    err = error("kill 2 zombies with the lowest influence here.")
    assert err.code == "N008" and str(err.message.params["words"]) == "with the lowest influence"
    assert (err.pos.col, err.width) == (16, len("with the lowest influence"))


def test_spending_a_used_die_is_refused_but_an_unused_one_is_what_spending_means():
    node, = tree("spend an unused action die:\n  gain 1 morale.")
    assert node["cost"] == [{"op": "spend_die", "count": 1, "min": 1}]
    assert error("spend a used action die:\n  gain 1 morale.").code == "N008"


@pytest.fixture
def fake_verb(monkeypatch):
    """Install a verb 'zap' whose reader is given by the test."""
    def install(reader):
        monkeypatch.setitem(resolve.VERBS, "zap", reader)
        from dow.compiler import bind as bind_module
        monkeypatch.setitem(bind_module.VERBS, "zap", reader)
    return install


def test_a_reader_that_builds_a_node_and_forgets_it_fails_loudly(fake_verb):
    def zap(r, b, w):  # reads "a survivor you control" and keeps only the noun
        ph = r.noun_phrase(allow_at=False)
        b.scope.target(ph)  # builds the selector with its filter, then drops it
        return {"op": "gain_morale", "amount": 1, "pos": P(w.pos)}
    fake_verb(zap)
    err = error("zap a survivor you control.")
    assert err.code == "N008" and "you control" in str(err.message.params["words"])


def test_a_reader_that_looks_at_words_without_reading_them_fails_loudly():
    from dow.compiler import ledger
    from dow.compiler.phrases import Reader
    from dow.compiler.scope import Scope
    from dow.dsl import parse

    clause = parse("the round 3.\n").stmts[0].clauses[0]
    with ledger.keeping() as book:  # as a reader of a number would: it looks at "3" but never reads it
        r = Reader(clause, Scope())
        r.accept("the", "round")
        node = {"op": "round", "pos": P(clause.pos)}
    (what, pos, width, words), = book.check([node])
    assert (what, words, pos.col) == ("unread", "3", 11)


def test_a_word_read_by_two_readers_into_two_nodes_is_counted_twice(fake_verb):
    from dow.compiler.phrases import Reader

    def zap(r, b, w):
        again = Reader(r.words, b.scope)  # a second reading of the same words, both kept
        again.take()
        first = b.scope.target(r.noun_phrase(allow_at=False))
        second = b.scope.target(again.noun_phrase(allow_at=False))
        return {"op": "seq", "items": [first, second], "pos": P(w.pos)}
    fake_verb(zap)
    _, errors = bind('zap "Thomas Heart".')
    assert [e.message.id for e in errors] == ["N008.twice"]


def test_a_second_reading_after_a_step_back_replaces_the_first():
    node, = tree("kill the chosen survivor.", {"chosen": "survivor"})
    assert node == {"op": "kill_survivor", "target": {"op": "ref", "name": "chosen", "kind": "survivor"}}


# ---- generated clauses ------------------------------------------------------------------
# Each filter below is valid after "a survivor" in any order; a generated clause must compile and
# keep every filter it was written with (the first bug found: a filter read onto the name or the
# place before it, and dropped with it).
#: a filter phrase after "a survivor", and the filter it must compile to
FILTERS = {
    "you control": "controlled_by",
    'other than "Thomas Heart"': "other_than",
    'sharing a location with "Thomas Heart"': "sharing_location",
    "with the lowest influence": "extreme",
    "with the highest influence": "extreme",
    "in play": "state",
    "at the colony": "at",
    "at random": "state",
    "at the colony with the lowest influence": ["at", "extreme"],
}
def _list(value) -> list:
    return value if isinstance(value, list) else [value]


ADJECTIVES = {"": None, "non-exiled": "state", "helpless": "state", "exiled": "state"}


@settings(max_examples=150, deadline=None)
@given(adjective=st.sampled_from(sorted(ADJECTIVES)),
       filters=st.lists(st.sampled_from(sorted(FILTERS)), max_size=4, unique=True),
       verb=st.sampled_from(["kill {}.", "place a wound on {}.", "move {} to the hospital."]))
def test_a_generated_clause_keeps_every_filter(adjective, filters, verb):
    phrase = " ".join(x for x in ["a", adjective, "survivor", *filters] if x)
    text = verb.format(phrase)
    result, errors = bind(text)
    assert not errors, (text, [f"{e.code} {e.message}" for e in errors])
    node, = result
    target = node["target"]
    got = sorted(f["op"] for f in target["filters"])
    want = sorted([op for f in filters for op in _list(FILTERS[f])] + ([ADJECTIVES[adjective]] if adjective else []))
    assert got == want, text
