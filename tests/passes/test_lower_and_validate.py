"""The lower and validate passes: published positions, manual instructions, the bundle schema."""
from dow.compiler.lower import Lowering
from dow.compiler.pipeline import compile_text, validate_card

from conftest import card_yaml


def test_lowering_publishes_positions_and_drops_internals():
    low = Lowering("base.survivor.x", "content/x.yaml", {})
    out = low.nodes([{"op": "gain_morale", "amount": 1, "pos": [4, 9], "_note": 1}])
    assert out == [{"op": "gain_morale", "amount": 1,
                    "pos": {"card": "base.survivor.x", "file": "content/x.yaml", "line": 4, "col": 9}}]


def test_every_compiled_card_validates_and_a_broken_tree_does_not():
    res = compile_text(card_yaml("gain 1 morale."), "content/base/survivors/test-card.yaml")
    assert validate_card(res.card) == []
    broken = dict(res.card)
    broken["abilities"] = [dict(res.card["abilities"][0])]
    broken["abilities"][0]["effect"] = {"source": "x", "tree": [{"op": "gain_morale", "amount": -1, "pos": {}}]}
    errors = validate_card(broken)
    assert errors and any("amount" in e or "pos" in e or "minimum" in e for e in errors)
