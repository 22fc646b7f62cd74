"""The parse pass: effect text to AST, positions mapped into the card file."""
import pytest

from dow.compiler.messages import from_parser
from dow.dsl import EffectSyntaxError, Origin, parse
from dow.dsl import ast as A


def test_blocks_headers_options_and_outcomes():
    block = parse("choose one:\n  - gain 1 morale.\n  - roll a die:\n      on 4 or more: lose 1 morale.\n")
    header, = block.stmts
    assert isinstance(header, A.Header) and [type(s) for s in header.body.stmts] == [A.Option, A.Option]
    inner = header.body.stmts[1].body.stmts[0]
    assert isinstance(inner.body.stmts[0], A.Outcome)


def test_positions_are_file_positions():
    block = parse("gain 1 morale.\n  \nlose 2 morale.\n", Origin(20, 7))
    second = block.stmts[1].clauses[0]
    assert second.pos == A.Pos(22, 7) and second.words[1].pos == A.Pos(22, 12)


def test_multi_word_keywords_are_single_tokens():
    clause = parse("there are 2 or more zombies here.\n").stmts[0].clauses[0]
    assert [w.kind for w in clause.words][2:4] == ["int", "or_more"]


def test_syntax_errors_are_located_and_explained():
    with pytest.raises(EffectSyntaxError) as err:
        parse("if morale < 4 gain 1 morale.\n", Origin(5, 7))
    # the parser names its messages; the compiler's catalogues word them
    assert (err.value.code, err.value.pos) == ("P001", A.Pos(5, 34)) and "':'" in from_parser(err.value.hint)
    with pytest.raises(EffectSyntaxError) as err:
        parse("gain 1 morale; lose 1 morale.\n")
    assert err.value.code == "P003"


def test_otherwise_only_follows_if():
    with pytest.raises(EffectSyntaxError) as err:
        parse("once per round: gain 1 morale.\notherwise: lose 1 morale.\n")
    assert err.value.code == "P001"
