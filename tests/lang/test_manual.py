"""The manual node: a localized instruction for table judgement, with a reason."""
from dow.compiler.pipeline import compile_text

from conftest import card_yaml


def test_manual_takes_its_instruction_from_the_card():
    extra = "manual:\n  talk:\n    why: table talk\n    pt: Falem.\n    en: Talk.\n    vi: Nói.\n"
    res = compile_text(card_yaml("manual talk.", extra=extra, implementation="partial"), "content/base/survivors/test-card.yaml")
    node = res.card["abilities"][0]["effect"]["tree"][0]
    assert node["instruction"] == {"pt": "Falem.", "en": "Talk.", "vi": "Nói."} and node["why"] == "table talk"


def test_a_manual_step_without_an_entry():
    res = compile_text(card_yaml("manual talk.", implementation="partial"), "content/base/survivors/test-card.yaml")
    assert [d.code for d in res.diags] == ["N003"] and res.card is None
