"""compiler/jsontext.py writes bundle.json's cards as json.dumps(indent=1, sort_keys=True,
ensure_ascii=False) does, faster: the same text for every real card and for every kind of value JSON
has (tests/test_cardstore.py compares the whole streamed bundle as well)."""
import json
import random

import pytest

from dow.compiler.jsontext import dumps_indent1
from dow.compiler.project import compile_paths

from conftest import CONTENT, ROOT


def stdlib(value, margin=""):
    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True).replace("\n", "\n" + margin)


def test_every_real_card_and_the_rulesets():
    build = compile_paths([CONTENT], ROOT, jobs=1)
    assert build.ok and len(build.cards) > 100
    for card in build.cards:
        assert dumps_indent1(card) == stdlib(card), card["id"]
        assert dumps_indent1(card, "  ") == stdlib(card, "  "), card["id"]
    assert build.rulesets and dumps_indent1(build.rulesets) == stdlib(build.rulesets)


STRINGS = ["", "plain", 'quote " and \\ backslash', "new\nline\ttab\r\b\f", "\x00\x01\x1f\x7f",
           "ação ữ 中文 😀", "\u2028\u2029", "\ud800 lone surrogate", "</script>", "{[,]}: \"\"", " "]
SCALARS = [0, -1, 10**30, -(10**30), True, False, None, 1.5, -0.0, 1e16, 1e-7, float("inf"), float("nan"),
           *STRINGS]


def _random_value(rng, depth=0):
    pick = rng.random()
    if depth > 4 or pick < 0.4:
        return rng.choice(SCALARS)
    if pick < 0.55:
        return rng.choice([[], {}, ()])
    if pick < 0.75:
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(1, 5))]
    if pick < 0.8:
        return tuple(_random_value(rng, depth + 1) for _ in range(rng.randrange(1, 4)))
    return {rng.choice(STRINGS) + str(rng.randrange(3)): _random_value(rng, depth + 1) for _ in range(rng.randrange(1, 5))}


@pytest.mark.parametrize("value", [*SCALARS, [], {}, (), [[]], {"a": {}}, {"b": 1, "a": [1, "x", None, {}]},
                                   (1, (2, [3])), {"z": True, "é": False, "A": 2.5, "": ""}])
def test_each_kind_of_value(value):
    assert dumps_indent1(value) == stdlib(value)
    assert dumps_indent1(value, "  ") == stdlib(value, "  ")


def test_random_values_of_every_kind():
    rng = random.Random(34)
    for _ in range(3000):
        value = _random_value(rng)
        assert dumps_indent1(value) == stdlib(value), value
        assert dumps_indent1(value, "  ") == stdlib(value, "  "), value


class Sub(dict):
    pass


@pytest.mark.parametrize("value", [{1: "int key", 2: "b"}, {True: 1, False: 2}, [{2.5: "x"}], Sub(b=1, a=[2]),
                                   {"n": Sub(z=0)}])
def test_keys_that_are_not_strings_and_dict_subclasses(value):
    assert dumps_indent1(value) == stdlib(value)


@pytest.mark.parametrize("value", [{"a": object()}, [1, {2, 3}], {"a": b"bytes"}, {(1, 2): 3}])
def test_what_json_cannot_hold_fails_as_json_dumps_fails(value):
    with pytest.raises(TypeError) as ours:
        dumps_indent1(value)
    with pytest.raises(TypeError) as theirs:
        stdlib(value)
    assert str(ours.value) == str(theirs.value)


def test_a_cycle_fails_as_json_dumps_fails():
    value: list = [1]
    value.append({"back": value})
    with pytest.raises(ValueError, match="Circular reference"):
        dumps_indent1(value)
