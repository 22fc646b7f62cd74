"""The parser's fast driver gives the AST Lark's own parse gives, and leaves every error to Lark.

``dow.dsl.parser.parse`` first runs one tight loop over Lark's tables (``_fast()``); on anything but
well-formed text it parses again through Lark, which raises the located error. So the two must agree
node for node (positions included) on every text of the project, and errors must read as before.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from dow.compiler.cards import EFFECT_TYPES, KINDS, all_fields
from dow.compiler.loader import load_file
from dow.compiler.project import card_files
from dow.dsl import parser as P

ROOT = Path(__file__).resolve().parents[1]


def _texts(data, spec: dict, out: list) -> None:
    """(kind, text) of every effect-language field of a card's plain data."""
    for key, value in (data or {}).items() if isinstance(data, dict) else ():
        kind = spec.get(key)
        if kind in EFFECT_TYPES and isinstance(value, str):
            out.append((kind, value))
        elif isinstance(kind, tuple) and kind[0] == "list" and isinstance(kind[1], dict) and isinstance(value, list):
            for item in value:
                _texts(item, kind[1], out)
        elif isinstance(kind, tuple) and kind[0] == "object":
            _texts(value, kind[1], out)


def _content_texts() -> list[tuple[str, str]]:
    out: list = []
    for path in card_files([ROOT / "content"]):
        node, _ = load_file(path)
        data = node.plain() if node is not None else {}
        if isinstance(data, dict) and data.get("kind") in KINDS:
            _texts(data, all_fields(KINDS[data["kind"]]), out)
    return out


def _source(kind: str, text: str) -> tuple[str, str]:
    """The text and start rule as the compiler's pipeline prepares them."""
    if kind == "effect":
        source, start = text, "start"
    elif kind in ("cond", "voters"):
        source, start = text, "condition"
    else:
        source, start = text.strip().rstrip(".") + "\n", "start"
    return (source if source.endswith("\n") else source + "\n"), start


def test_fast_driver_builds_the_same_ast_as_lark_on_every_content_text():
    texts = _content_texts()
    assert len(texts) > 100  # the project's cards, not an empty folder
    lark, builder = P._builder()
    fast = P._fast()
    for kind, text in texts:
        source, start = _source(kind, text)
        builder.o = P.Origin(7, 3)  # positions shifted into a card file, as the pipeline does
        expected = lark.parse(source, start=start)
        assert fast.parse(source, start) == expected, text


@pytest.mark.parametrize("text", [
    "kill 2 zombies here:\n  gain 1 morale.\n    lose 1 morale.\n",   # an indented line under no block
    "if morale < 3:\n",                                                # ends where a block must come
    "gain 1 morale; lose 1 morale.\n",                                 # a character the language has not
    "if morale < 3:\n    gain 1 morale.\n  lose 1 morale.\n",          # a dedent to no open block
])
def test_fast_driver_gives_up_on_bad_text_and_parse_still_reports_the_located_error(text):
    with pytest.raises(P._Fallback):
        P._fast().parse(text, "start")
    with pytest.raises(P.EffectSyntaxError) as err:
        P.parse(text, P.Origin(10, 5))
    assert err.value.code in ("P001", "P002", "P003", "P004")
    assert err.value.pos.line >= 10  # located in the card file, not in the effect text


def test_fast_driver_leaves_a_number_too_large_to_the_same_error():
    with pytest.raises(P.EffectSyntaxError) as err:
        P.parse("gain 1234567 morale.\n", P.Origin(4, 7))
    assert (err.value.code, err.value.pos.line, err.value.pos.col, err.value.width) == ("P001", 4, 12, 7)
