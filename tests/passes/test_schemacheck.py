"""The compiled validator agrees with jsonschema on the bundle schema (a differential test)."""
import copy
import random

import jsonschema
import pytest

from dow.compiler.pipeline import compile_file
from dow.compiler.schemacheck import compile_schema
from dow.compiler.schemas import bundle_schema
from dow.compiler.project import card_files

from conftest import CONTENT

SCHEMA = bundle_schema()
CARD = {"$schema": SCHEMA["$schema"], "$ref": "#/$defs/card", "$defs": SCHEMA["$defs"]}
REFERENCE = jsonschema.validators.validator_for(CARD)(CARD)
FAST = compile_schema(SCHEMA, "#/$defs/card")


def real_cards():
    out = []
    for path in card_files([CONTENT]):
        res = compile_file(path, path.name)
        assert res.card is not None, path
        out.append(res.card)
    return out


def mutations(card, rng):
    """Copies of a card with one thing broken: a key dropped or added, a value of the wrong type."""
    nodes = []

    def walk(value):
        if isinstance(value, dict):
            if value:  # an empty mapping (a scenario's survivor with no facts) has no key to break
                nodes.append(value)
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    for _ in range(12):
        broken = copy.deepcopy(card)
        nodes.clear()
        walk(broken)
        target = rng.choice(nodes)
        key = rng.choice(sorted(target))
        how = rng.randrange(4)
        if how == 0:
            del target[key]
        elif how == 1:
            target["unexpected"] = 1
        elif how == 2:
            target[key] = -7 if isinstance(target[key], str) else "text"
        else:
            target[key] = None
        yield broken


@pytest.fixture(scope="module")
def cards():
    return real_cards()


def test_every_real_card_is_valid_for_both(cards):
    for card in cards:
        assert list(REFERENCE.iter_errors(card)) == [] and FAST(card) == []


def test_both_agree_on_broken_cards(cards):
    rng = random.Random(7)
    checked = 0
    for card in cards:
        for broken in mutations(card, rng):
            assert bool(FAST(broken)) == (not REFERENCE.is_valid(broken)), broken
            checked += 1
    assert checked >= 12 * len(cards)
