"""Sequences: sentences in order; ', then' joins the steps of one sentence."""
from helpers import tree


def test_sentences_run_in_written_order():
    assert [n["op"] for n in tree("gain 1 morale. lose 2 morale.\nkill 1 zombie here.")] == \
        ["gain_morale", "lose_morale", "kill_zombies"]


def test_then_joins_steps_of_one_sentence():
    nodes = tree("kill all zombies here, then kill this survivor.")
    assert [n["op"] for n in nodes] == ["kill_zombies", "kill_survivor"]
    assert nodes[1]["target"] == {"op": "ref", "name": "self", "kind": "survivor"}


def test_a_final_full_stop_is_optional():
    assert tree("gain 1 morale") == tree("gain 1 morale.")


def test_comments_are_ignored():
    assert tree("gain 1 morale. # the colony cheers\n") == [{"op": "gain_morale", "amount": 1}]


def test_comment_lines_inside_blocks():
    assert tree("if morale < 4:\n  # the colony rallies\n  gain 1 morale.\n") == tree("if morale < 4: gain 1 morale.")
