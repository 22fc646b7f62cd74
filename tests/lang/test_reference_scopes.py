"""A reference made in a block is there for the block's next sentence, in every block the language has.

'roll a die. kill that many zombies here.' and 'choose a survivor you control. place a wound on the chosen
survivor.' are whole on their own: what names the thing and what refers to it are one after the other. So
wherever a sentence can go, the pair can go and compiles. The walk takes every example of every node kind
of the catalogue, and at every place a sentence stands in it (a line of a block, or after the colon of a
header written on one line) puts a plain sentence ('lose 1 morale.') and then each pair. Where the plain
sentence compiles, each pair must compile too; a place that takes no plain sentence (a rule's block, a cost)
is left out. An `otherwise:` branch once lost its references after every sentence: a die rolled there was
'no die rolled before it' one sentence later.

The other way round, a branch that happens instead of another sees nothing the other named: 'the chosen
survivor' in `otherwise:` of a choice made only in the `if` branch is refused.
"""
from __future__ import annotations

import re

import pytest

from dow.compiler.catalogue import CATALOGUE
from dow.compiler.language import bind_text

PLAIN = "lose 1 morale."
PAIRS = ("roll a die. kill that many zombies here.",
         "choose a survivor you control. place a wound on the chosen survivor.")
SCOPE = {"self": "survivor", "this_card": "card"}


def _errors(text: str) -> list[str]:
    _, errors = bind_text(text if text.endswith("\n") else text + "\n", dict(SCOPE))
    return [f"{e.code} {e.message}" for e in errors]


def _places(example: str):
    """(label, text with {s} where a sentence goes) for every place a sentence stands in the example."""
    lines = example.split("\n")
    for i, line in enumerate(lines):
        indent = line[:len(line) - len(line.lstrip())]
        body = line.strip()
        if not body or body.startswith("-"):
            continue
        if i > 0 and indent and body.endswith(".") and not body.endswith(":"):      # a line of a block
            yield f"line {i + 1}", "\n".join(lines[:i] + [indent + "{s}"] + lines[i:])
        header = re.match(r"(.*?:) (\S.*\.)$", body)                                 # 'if X: sentence.'
        if header and not header.group(1).startswith(("- ", "only if")):
            yield f"after the colon of line {i + 1}", "\n".join(
                lines[:i] + [indent + header.group(1) + " {s} " + header.group(2)] + lines[i + 1:])


def _cases():
    seen = set()
    for spec in CATALOGUE:
        for example in spec.examples:
            if "\n" not in example and ": " not in example:
                continue
            for label, text in _places(example):
                if text in seen or _errors(text.replace("{s}", PLAIN)):   # no sentence stands here (a rule's
                    continue                                              # block, a cost): not a place
                seen.add(text)
                yield pytest.param(text, id=f"{spec.op}: {example[:30]} @ {label}")


CASES = list(_cases())


def test_the_walk_reaches_every_kind_of_block():
    """The catalogue's examples put a sentence in the blocks of the language's control and rule nodes."""
    kinds = {p.id.split(":")[0] for p in CASES}
    assert {"if", "optional", "for_each", "pay", "vote", "repeat", "trigger", "together", "offer", "limit"} <= kinds, kinds
    assert len(CASES) >= 40


@pytest.mark.parametrize("text", CASES)
def test_a_reference_made_in_a_block_serves_its_next_sentence(text):
    for pair in PAIRS:
        assert _errors(text.replace("{s}", pair)) == [], (pair, text.replace("{s}", pair))


@pytest.mark.parametrize("branches", [
    "if morale < 4:\n  choose a survivor you control.\n  gain 1 morale.\notherwise:\n  place a wound on the chosen survivor.\n",
    "the players may together remove 2 medicine cards from the game:\n  choose a survivor you control.\n"
    "  gain 1 morale.\nif nobody does:\n  place a wound on the chosen survivor.\n",
])
def test_a_branch_that_happens_instead_sees_nothing_the_other_named(branches):
    errors = _errors(branches)
    assert errors and errors[0].startswith("N005"), errors
    last = "\n  place a wound on the chosen survivor."
    assert _errors(branches.replace(last, "\n  choose a survivor you control." + last)) == []
