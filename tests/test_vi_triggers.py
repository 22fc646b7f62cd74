"""A trigger and a goal read in Vietnamese as whole sentences, for every kind of condition.

A crossroads card's trigger ('when' an event, 'if' a condition) and a main objective's goal are printed
on the card page one sentence after the other. In Vietnamese the bare frame "nếu …" made a fragment
with a full stop ("Nếu tinh thần của thuộc địa người chơi dưới 4.", issue 32); the frames now say who
is concerned: "Thẻ được kích hoạt khi …", "Thẻ (chỉ) được kích hoạt nếu …", "Mục tiêu hoàn thành nếu …".
Walked: every condition kind of the effect language (each node of that kind in the compiled content)
framed as a trigger's 'if', after a 'when', and as a goal's 'if'; every card's own triggers and goals;
and the trigger text authored in every card file."""
from __future__ import annotations

import re

import pytest

from dow.compiler.catalogue import BY_OP
from dow.render.text import card_texts, names_in

CONDITIONS = sorted(op for op, spec in BY_OP.items() if spec.group == "condition")
WHOLE = re.compile(r"^(?:Thẻ (?:chỉ )?được kích hoạt (?:khi|nếu)|Mục tiêu (?:chỉ )?hoàn thành (?:khi|nếu)"
                   r"|Lựa chọn này chỉ được chọn khi) \S.*\.$", re.S)


def _nodes(value, found: dict):
    if isinstance(value, dict):
        if value.get("op") in CONDITIONS:
            found.setdefault(value["op"], []).append(value)
        for child in value.values():
            _nodes(child, found)
    elif isinstance(value, list):
        for child in value:
            _nodes(child, found)
    return found


@pytest.fixture(scope="module")
def conditions(bundle):
    return _nodes([bundle["cards"], bundle.get("rulesets")], {})


@pytest.fixture(scope="module")
def event(bundle):
    """A trigger's 'when' from the content (an event), to frame an 'if' after it."""
    return next(card["trigger"]["when"] for card in bundle["cards"] if "when" in (card.get("trigger") or {}))


def _program(tree):
    return {"source": "", "tree": tree}


def test_the_walk_meets_every_condition_kind(conditions):
    assert len(CONDITIONS) >= 13
    assert set(conditions) == set(CONDITIONS), set(CONDITIONS) - set(conditions)


@pytest.mark.parametrize("op", CONDITIONS)
def test_every_condition_kind_reads_as_a_whole_trigger_and_goal(bundle, conditions, event, op):
    names = names_in(bundle["cards"], "vi")
    for node in conditions.get(op, [])[:5]:
        card = {"id": "test.crossroads.frame", "kind": "crossroads",
                "trigger": {"if": _program(node)},
                "goals": [{"if": _program(node)}, {"when": event, "if": _program(node)}]}
        texts = card_texts(card, "vi", names=names)
        assert texts["trigger.if"].startswith("Thẻ được kích hoạt nếu "), texts["trigger.if"]
        assert texts["goals.0.if"].startswith("Mục tiêu hoàn thành nếu "), texts["goals.0.if"]
        assert texts["goals.1.if"].startswith("Mục tiêu chỉ hoàn thành nếu "), texts["goals.1.if"]
        assert list(texts).index("goals.1.when") < list(texts).index("goals.1.if")   # said as printed
        for path, text in texts.items():
            assert WHOLE.match(text), (op, path, text)
        with_when = card_texts({**card, "trigger": {"when": event, "if": _program(node)}}, "vi", names=names)
        assert with_when["trigger.if"].startswith("Thẻ chỉ được kích hoạt nếu "), with_when["trigger.if"]
        for lang in ("en", "pt"):       # the other languages' frames take the same values
            assert card_texts(card, lang, names=names_in(bundle["cards"], lang))["trigger.if"]


def test_every_cards_trigger_and_goal_reads_as_a_whole_sentence(bundle):
    names = names_in(bundle["cards"], "vi")
    framed = [(card["id"], path, text) for card in bundle["cards"]
              for path, text in card_texts(card, "vi", names=names).items()
              if path.split(".")[0] in ("trigger", "goals") and path.rsplit(".", 1)[-1] in ("if", "when")]
    assert len(framed) > 90
    bad = [f for f in framed if not WHOLE.match(f[2])]
    assert bad == [], bad[:10]


def test_every_authored_vietnamese_trigger_is_a_statement(bundle):
    """The card file's own words for a trigger state what happens ("Bạn có một người sống sót ở thuộc
    địa."), never a bare "Nếu …." or "Khi …." clause."""
    texts = [(card["id"], card["trigger"]["text"]["vi"]) for card in bundle["cards"]
             if isinstance((card.get("trigger") or {}).get("text"), dict) and card["trigger"]["text"].get("vi")]
    assert len(texts) > 60
    bad = [(cid, text) for cid, text in texts if re.match(r"(?:Nếu|Khi)\b", text) or not text.rstrip().endswith(".")]
    assert bad == [], bad
