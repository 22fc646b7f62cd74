"""The pipeline end to end on one card: compiles, lowers, validates."""
from dow.compiler.pipeline import compile_text

from conftest import card_yaml


def test_a_survivor_ability_compiles_to_a_pay_node():
    res = compile_text(card_yaml("""
        spend an action die of 4 or more:
          kill 3 zombies here. do not roll for exposure.
    """), "content/base/survivors/test-card.yaml")
    assert res.diags == []
    tree = res.card["abilities"][0]["effect"]["tree"]
    assert [n["op"] for n in tree] == ["pay"]
    assert tree[0]["cost"][0] == {"op": "spend_die", "count": 1, "min": 4,
                                  "pos": {"card": "base.survivor.test-card",
                                          "file": "content/base/survivors/test-card.yaml", "line": 11, "col": 7}}
    assert [n["op"] for n in tree[0]["body"]] == ["kill_zombies", "skip_exposure"]
