"""The load pass: YAML events to position-carrying nodes."""
import pytest

from dow.compiler.loader import LoadError, decode, load_text


def test_positions_of_keys_values_and_literal_blocks():
    root = load_text("a: 1\nb: |\n  kill 3 zombies.\n  lose 1 morale.\nc: 'x'\n", "f.yaml")
    assert root.key_pos["b"] == (2, 1)
    b = root.get("b")
    assert (b.line, b.col, b.style) == (2, 4, "|") and (b.text_line, b.text_col) == (3, 3)
    assert root.get("c").text_col == 5 and root.get("a").value == 1


def test_core_schema_scalars():
    root = load_text("a: null\nb: true\nc: 12\nd: '12'\ne: 1.5\nf: no\n", "f.yaml")
    assert root.plain() == {"a": None, "b": True, "c": 12, "d": "12", "e": 1.5, "f": "no"}


def test_refusals_carry_codes_and_positions():
    with pytest.raises(LoadError) as err:
        load_text("a: &x 1\nb: *x\n", "f.yaml")
    assert (err.value.diag.code, err.value.diag.line) == ("Y003", 1)
    with pytest.raises(LoadError) as err:
        load_text("a: 1\na: 2\n", "f.yaml")
    assert (err.value.diag.code, err.value.diag.line) == ("Y007", 2)


def test_decode_locates_bad_bytes():
    with pytest.raises(LoadError) as err:
        decode(b"a: 1\nb: x\xffy\n", "f.yaml")
    assert (err.value.diag.code, err.value.diag.line, err.value.diag.col) == ("Y001", 2, 5)
    assert decode("\ufeffa: 1\n".encode(), "f.yaml") == "a: 1\n"
