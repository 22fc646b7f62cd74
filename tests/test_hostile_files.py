"""Hostile card files: each gets a located diagnostic, quickly, and runs no code.

A card file is untrusted input (anyone can open a pull request with one). Whatever
its bytes, compiling it must end in well under a second or two with located
diagnostics and no card, and no YAML feature may ever run code, build huge values
or recurse without bound. Byte-level cases go through ``compile_file`` on a file in
``tmp_path``; text-level cases through ``compile_text``.
"""
from __future__ import annotations

import os
import subprocess
import uuid
from pathlib import Path

import pytest

from dow.compiler.checks import strip_positions

from dow.compiler.diagnostics import CODES
from dow.compiler.pipeline import CardResult, compile_file, compile_text

from conftest import card_yaml
from workbound import bounded

DISPLAY = "content/base/survivors/test-card.yaml"
#: the line and column where card_yaml's effect text starts (the smoke test pins this too)
EFFECT_LINE, EFFECT_COL = 11, 7

GOOD = card_yaml("gain 1 morale.")
GOOD_BYTES = GOOD.encode("utf-8")


# ---- helpers -------------------------------------------------------------------------------------

def _line_count(text: str) -> int:
    """Lines an editor shows, counting the empty line after a final line break."""
    return len((text + "x").splitlines())


def compile_t(text: str) -> CardResult:
    """compile_text, its work bounded (tests/workbound.py)."""
    return bounded(compile_text, len(text), text, DISPLAY)


def compile_b(tmp_path: Path, data: bytes) -> CardResult:
    """Write bytes to a card file in tmp_path and compile_file it, its work bounded."""
    path = tmp_path / "test-card.yaml"
    path.write_bytes(data)
    return bounded(compile_file, len(data), path, DISPLAY)


def assert_located(result: CardResult, n_lines: int | None = None) -> None:
    """Every diagnostic has a stable code, this file, and a 1-based position in the file."""
    for d in result.diags:
        assert d.code in CODES, d
        assert d.file == DISPLAY, d
        assert d.line >= 1 and d.col >= 1, f"diagnostic without a position: {d}"
        if n_lines is not None:
            assert d.line <= n_lines, f"line {d.line} is past the file's {n_lines} lines: {d}"


def assert_refused(result: CardResult, code: str, line: int | None = None, col: int | None = None,
                   n_lines: int | None = None):
    """The card is refused with an error of ``code`` (at line/col when given); returns that diagnostic."""
    assert result.card is None, "a hostile file must not yield a card"
    assert_located(result, n_lines)
    errors = [d for d in result.diags if d.severity == "error"]
    assert errors, f"no error reported: {result.diags}"
    matching = [d for d in errors if d.code == code]
    assert matching, f"expected {code}, got {[(d.code, d.line, d.col, d.message) for d in result.diags]}"
    diag = matching[0]
    if line is not None:
        assert diag.line == line, f"expected line {line}: {diag.render()}"
    if col is not None:
        assert diag.col == col, f"expected column {col}: {diag.render()}"
    return diag


def assert_compiles(result: CardResult) -> dict:
    """No diagnostics at all and a card."""
    assert result.diags == [], "\n".join(d.render() for d in result.diags)
    assert result.card is not None
    return result.card


_pos_free = strip_positions


def test_the_baseline_card_compiles():
    """The card every hostile case starts from is itself fine."""
    assert_compiles(compile_t(GOOD))


# ---- YAML bombs: anchors and aliases --------------------------------------------------------------

BILLION_LAUGHS = "\n".join(
    ['lol0: &lol0 "lol"']
    + [f"lol{i}: &lol{i} [{', '.join([f'*lol{i - 1}'] * 10)}]" for i in range(1, 10)]
) + "\n"


def test_billion_laughs_is_refused_at_the_first_anchor():
    result = compile_t(BILLION_LAUGHS)
    assert_refused(result, "Y003", line=1, col=7, n_lines=_line_count(BILLION_LAUGHS))


def test_billion_laughs_inside_a_card_is_refused_at_its_anchor():
    bomb = "notes: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"n{i}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8))
    text = card_yaml("gain 1 morale.", extra=bomb)
    result = compile_t(text)
    assert_refused(result, "Y003", line=12, col=8, n_lines=_line_count(text))


def test_billion_laughs_in_flow_style_is_refused():
    text = "{a: &a [x, x, x, x, x, x, x, x, x], b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]," \
           " c: [*b, *b, *b, *b, *b, *b, *b, *b, *b]}\n"
    assert_refused(compile_t(text), "Y003", line=1, col=5)


def test_billion_laughs_as_a_file_is_refused(tmp_path):
    data = BILLION_LAUGHS.encode()
    assert_refused(compile_b(tmp_path, data), "Y003", line=1, col=7)


def test_a_merge_key_with_an_alias_is_refused():
    text = GOOD.replace("status:", "base: &base {implementation: full, data: known}\nstatus:") \
        + "other:\n  <<: *base\n"
    assert_refused(compile_t(text), "Y003", line=5, col=7, n_lines=_line_count(text))


def test_an_alias_to_nothing_is_refused():
    text = GOOD + "notes: *nowhere\n"
    assert_refused(compile_t(text), "Y003", line=12, col=8)


# ---- tags: no YAML tag can run code ----------------------------------------------------------------

@pytest.fixture
def no_code_runs(monkeypatch):
    """Fail loudly if anything tries to run a shell command while compiling."""
    calls = []

    def refuse(*args, **kwargs):
        calls.append(args)
        raise AssertionError(f"the compiler tried to run code: {args!r}")

    monkeypatch.setattr(os, "system", refuse)
    monkeypatch.setattr(subprocess, "Popen", refuse)
    return calls


def _marker(tmp_path: Path) -> Path:
    return tmp_path / f"pwned-dow-{uuid.uuid4().hex}"


def test_the_os_system_payload_is_real(tmp_path):
    """Control: an unsafe YAML loader really does run this payload (so the tests below mean something)."""
    yaml = pytest.importorskip("yaml")
    marker = _marker(tmp_path)
    yaml.unsafe_load(f'!!python/object/apply:os.system ["touch {marker}"]\n')
    assert marker.exists()


@pytest.mark.parametrize("where", ["document", "field", "effect", "key"])
def test_python_object_apply_tag_runs_nothing(tmp_path, no_code_runs, where):
    marker = _marker(tmp_path)
    payload = f'!!python/object/apply:os.system ["touch {marker}"]'
    text, line, col = {
        "document": (payload + "\n", 1, 1),
        "field": (GOOD + f"notes: {payload}\n", 12, 8),
        "effect": (GOOD.replace("    effect: |\n      gain 1 morale.\n", f"    effect: {payload}\n"), 10, 13),
        "key": (GOOD + f"? {payload}\n: x\n", 12, 3),
    }[where]
    result = compile_t(text)
    assert_refused(result, "Y004", line=line, col=col, n_lines=_line_count(text))
    assert not marker.exists(), "a YAML tag ran a shell command"
    assert no_code_runs == []
    result = compile_b(tmp_path, text.encode())
    assert_refused(result, "Y004", line=line, col=col)
    assert not marker.exists(), "a YAML tag ran a shell command"


@pytest.mark.parametrize("tagged", [
    "notes: !include other.yaml",
    "notes: !!python/name:os.system",
    "notes: !!python/object/new:os.system [echo]",
    "notes: !!python/module:os",
    "notes: !custom {a: 1}",
    "notes: !!binary aGVsbG8=",
    "notes: !!set {a, b}",
    "notes: !<tag:example.com,2000:x> hi",
    "notes: !!omap [a: 1]",
    "notes: !ruby/object:Gem::Installer i",
])
def test_custom_tags_are_refused_at_the_tag(tagged, no_code_runs):
    text = GOOD + tagged + "\n"
    result = compile_t(text)
    assert_refused(result, "Y004", line=12, col=8, n_lines=_line_count(text))
    assert no_code_runs == []


def test_a_tag_directive_is_refused():
    text = "%TAG !e! tag:example.com,2000:app/\n---\n" + GOOD + "notes: !e!foo bar\n"
    assert_refused(compile_t(text), "Y004", line=14, col=8, n_lines=_line_count(text))


# ---- deep nesting --------------------------------------------------------------------------------

DEEP = 1000
NESTINGS = {
    "flow lists": "[" * DEEP + "]" * DEEP + "\n",
    "flow mappings": "{a: " * DEEP + "1" + "}" * DEEP + "\n",
    "flow mixed": "{a: [" * (DEEP // 2) + "]}" * (DEEP // 2) + "\n",
    "block lists": "".join("  " * i + "-\n" for i in range(DEEP)),
    "block lists, compact": "- " * DEEP + "x\n",
    "block mappings": "".join("  " * i + f"k{i}:\n" for i in range(DEEP)),
    "block mixed": "".join("  " * i + ("-\n" if i % 2 else "k:\n") for i in range(DEEP)),
    "inside a card": GOOD + "notes:\n" + "".join("  " * (i + 1) + "-\n" for i in range(DEEP)),
    "flow lists, 100,000 deep": "[" * 100_000 + "]" * 100_000 + "\n",
}


@pytest.mark.parametrize("name", list(NESTINGS))
def test_deep_nesting_is_refused(name):
    text = NESTINGS[name]
    result = compile_t(text)
    # text gets the same size limit as a file: indented nesting 1,000 deep is also too large
    code = "Y006" if len(text.encode()) > 256 * 1024 else "Y005"
    assert_refused(result, code, n_lines=_line_count(text))


@pytest.mark.parametrize("name", list(NESTINGS))
def test_deep_nesting_as_a_file_is_refused(tmp_path, name):
    data = NESTINGS[name].encode()
    # indented block nesting 1,000 deep is also over the size limit; either refusal is right
    code = "Y006" if len(data) > 256 * 1024 else "Y005"
    assert_refused(compile_b(tmp_path, data), code, n_lines=_line_count(NESTINGS[name]))


def test_nesting_is_refused_where_it_gets_too_deep():
    text = "".join("  " * i + f"k{i}:\n" for i in range(60))  # deep, but well under the size limit
    diag = assert_refused(compile_t(text), "Y005")
    assert 20 <= diag.line <= 30  # near the 24-level limit, not at the end of the file


# ---- invalid UTF-8, NUL and other forbidden characters -------------------------------------------

@pytest.mark.parametrize("bad", [
    b"\xff",              # never valid
    b"\x80",              # a lone continuation byte
    b"\xc0\xaf",          # an overlong '/'
    b"\xed\xa0\x80",      # an encoded surrogate
    b"\xe2\x82",          # a truncated sequence, followed by ASCII
    b"\xf8\x88\x80\x80\x80",  # a five-byte form
])
def test_invalid_utf8_in_the_middle_is_located_at_the_bad_byte(tmp_path, bad):
    data = GOOD_BYTES.replace(b"name: Test Card", b"name: Test " + bad + b" Card")
    assert_refused(compile_b(tmp_path, data), "Y001", line=4, col=12)


def test_invalid_utf8_in_effect_text_is_located(tmp_path):
    data = GOOD_BYTES.replace(b"gain 1 morale.", b"gain 1 mor\xc0\xafale.")
    assert_refused(compile_b(tmp_path, data), "Y001", line=EFFECT_LINE, col=EFFECT_COL + len("gain 1 mor"))


def test_invalid_utf8_at_the_end_of_the_file_is_located(tmp_path):
    data = GOOD_BYTES + b"notes: \xe2\x82"
    assert_refused(compile_b(tmp_path, data), "Y001", line=12, col=8)


def test_invalid_utf8_after_multibyte_characters_is_located_in_characters(tmp_path):
    """The column counts characters, like every other diagnostic (and the caret under source_line)."""
    prefix = "name: Người "  # 12 characters, 15 bytes
    data = GOOD_BYTES.replace(b"name: Test Card", prefix.encode() + b"\xff")
    assert_refused(compile_b(tmp_path, data), "Y001", line=4, col=len(prefix) + 1)


def test_a_nul_byte_is_refused(tmp_path):
    data = GOOD_BYTES.replace(b"name: Test Card", b"name: Test\x00Card")
    assert_refused(compile_b(tmp_path, data), "Y001", line=4)


def test_a_nul_byte_is_located_at_its_column(tmp_path):
    data = GOOD_BYTES.replace(b"name: Test Card", b"name: Test\x00Card")
    assert_refused(compile_b(tmp_path, data), "Y001", line=4, col=len("name: Test") + 1)


def test_a_nul_byte_in_effect_text_is_refused(tmp_path):
    data = GOOD_BYTES.replace(b"gain 1 morale.", b"gain 1\x00 morale.")
    assert_refused(compile_b(tmp_path, data), "Y001", line=EFFECT_LINE)


@pytest.mark.parametrize("char", ["\x01", "\x07", "\x1b", "\x7f", "\ufffe"])
def test_control_characters_are_located(tmp_path, char):
    """Characters YAML forbids are refused at their position, like the NUL."""
    data = GOOD.replace("name: Test Card", f"name: Test{char}Card").encode()
    result = compile_b(tmp_path, data)
    assert result.card is None
    assert result.diags, "no diagnostic"
    assert_located(result)
    diag = result.diags[0]
    assert diag.code in ("Y001", "Y002")
    assert (diag.line, diag.col) == (4, len("name: Test") + 1), diag.render()


# ---- size limits --------------------------------------------------------------------------------

def test_a_huge_file_is_refused(tmp_path):
    data = GOOD_BYTES + b"notes: " + b"x" * (300 * 1024) + b"\n"
    assert len(data) > 256 * 1024
    assert_refused(compile_b(tmp_path, data), "Y006", line=1, col=1)


def test_a_huge_file_of_nothing_but_newlines_is_refused(tmp_path):
    data = b"\n" * (256 * 1024 + 1)
    assert_refused(compile_b(tmp_path, data), "Y006", line=1, col=1)


def test_a_huge_effect_text_is_refused_at_its_start():
    effect = "gain 1 morale.\n" * 2000
    assert len(effect) > 20_000
    text = card_yaml(effect)
    assert_refused(compile_t(text), "P001", line=EFFECT_LINE, col=EFFECT_COL, n_lines=_line_count(text))


def test_a_huge_one_line_effect_text_is_refused_at_its_start():
    text = card_yaml("gain 1 morale. " * 1500)
    assert_refused(compile_t(text), "P001", line=EFFECT_LINE, col=EFFECT_COL)


def test_a_huge_effect_text_as_a_file_is_refused(tmp_path):
    data = card_yaml("kill 3 zombies here.\n" * 1100).encode()
    assert_refused(compile_b(tmp_path, data), "P001", line=EFFECT_LINE, col=EFFECT_COL)


def test_a_file_just_under_every_limit_compiles_with_bounded_work(tmp_path):
    """The largest card file the limits allow must not be a slowness bomb either (work, not time, is bounded)."""
    effect = "\n".join(["gain 1 morale."] * 1300)  # ~19,500 characters: under the effect limit
    assert len(effect) < 20_000
    body = "".join(f"        {line}\n" for line in effect.splitlines())
    ability = "  - where: anywhere\n    text: {pt: t, en: t, vi: t}\n    effect: |\n" + body
    data = GOOD.replace("abilities:\n", "abilities:\n" + ability * 8).encode()
    assert 200 * 1024 < len(data) <= 256 * 1024
    assert_compiles(compile_b(tmp_path, data))


# ---- effect text nesting -------------------------------------------------------------------------

def test_an_effect_nested_100_blocks_deep_is_refused():
    effect = "".join("  " * i + "once per round:\n" for i in range(100)) + "  " * 100 + "gain 1 morale."
    text = card_yaml(effect)
    assert_refused(compile_t(text), "P004", line=EFFECT_LINE, col=EFFECT_COL, n_lines=_line_count(text))


def test_an_effect_of_100_nested_choices_is_refused():
    effect = "choose one:\n" + "".join("  " * (i + 1) + "- choose one:\n" for i in range(100)) \
        + "  " * 101 + "- gain 1 morale."
    assert len(effect) < 20_000
    text = card_yaml(effect)
    assert_refused(compile_t(text), "P004", n_lines=_line_count(text))


def test_an_effect_with_100_nested_parentheses_is_refused():
    text = card_yaml("if " + "(" * 100 + "morale < 4" + ")" * 100 + ": gain 1 morale.")
    assert_refused(compile_t(text), "P004", line=EFFECT_LINE, col=EFFECT_COL)


def test_an_effect_nested_near_the_limit_compiles():
    effect = "".join("  " * i + "once per round:\n" for i in range(30)) + "  " * 30 + "gain 1 morale."
    assert_compiles(compile_t(card_yaml(effect)))


# ---- documents, keys and the shape of the file ---------------------------------------------------

def test_two_yaml_documents_are_refused_at_the_second():
    text = GOOD + "---\nid: base.survivor.other\n"
    assert_refused(compile_t(text), "Y002", line=12, col=1, n_lines=_line_count(text))


def test_a_second_empty_document_is_refused():
    text = GOOD + "...\n---\n"
    assert_refused(compile_t(text), "Y002", line=13, col=1, n_lines=_line_count(text))


def test_two_yaml_documents_as_a_file_are_refused(tmp_path):
    data = b"---\n" + GOOD_BYTES + b"---\n" + GOOD_BYTES
    assert_refused(compile_b(tmp_path, data), "Y002", line=13, col=1)


def test_one_document_with_markers_compiles():
    assert_compiles(compile_t("---\n" + GOOD + "...\n"))


def test_a_duplicate_top_level_key_is_refused_at_the_second():
    text = GOOD + "id: base.survivor.test-card\n"
    diag = assert_refused(compile_t(text), "Y007", line=12, col=1, n_lines=_line_count(text))
    assert "line 1" in diag.hint


def test_a_duplicate_nested_key_is_refused_at_the_second():
    text = GOOD.replace("    effect: |\n", "    where: colony\n    effect: |\n")
    assert_refused(compile_t(text), "Y007", line=10, col=5, n_lines=_line_count(text))


def test_a_duplicate_key_quoted_differently_is_refused():
    text = GOOD + '"kind": survivor\n'
    assert_refused(compile_t(text), "Y007", line=12, col=1)


def test_a_duplicate_key_in_a_flow_mapping_is_refused():
    text = GOOD.replace("occupation: {pt: Teste,", "occupation: {pt: Teste, pt: Outro,")
    assert_refused(compile_t(text), "Y007", line=6, col=25)


def test_a_duplicate_key_as_a_file_is_refused(tmp_path):
    data = GOOD_BYTES + b"kind: crisis\n"
    assert_refused(compile_b(tmp_path, data), "Y007", line=12, col=1)


def test_a_bom_file_compiles_like_the_plain_file(tmp_path):
    plain = assert_compiles(compile_b(tmp_path, GOOD_BYTES))
    with_bom = assert_compiles(compile_b(tmp_path, b"\xef\xbb\xbf" + GOOD_BYTES))
    assert with_bom == plain


def test_a_bom_text_compiles():
    assert_compiles(compile_t("\ufeff" + GOOD))


def test_positions_in_a_bom_file_are_not_shifted(tmp_path):
    data = card_yaml("kill 3 zombis here.").encode()
    plain = compile_b(tmp_path, data)
    with_bom = compile_b(tmp_path, b"\xef\xbb\xbf" + data)
    assert plain.diags and plain.card is None
    assert [(d.code, d.line, d.col) for d in with_bom.diags] == [(d.code, d.line, d.col) for d in plain.diags]


def test_crlf_line_endings_compile_like_lf(tmp_path):
    effect = "once per round:\n  kill 3 zombies here.\n  gain 1 morale."
    lf = assert_compiles(compile_t(card_yaml(effect)))
    crlf_text = card_yaml(effect).replace("\n", "\r\n")
    assert assert_compiles(compile_t(crlf_text)) == lf
    assert assert_compiles(compile_b(tmp_path, crlf_text.encode())) == lf


def test_crlf_diagnostics_sit_where_lf_ones_do(tmp_path):
    text = card_yaml("gain 1 morale.\nkill 3 zombis here.")
    lf = compile_t(text)
    crlf = compile_b(tmp_path, text.replace("\n", "\r\n").encode())
    assert lf.diags
    assert [(d.code, d.line, d.col, d.source_line) for d in crlf.diags] == \
        [(d.code, d.line, d.col, d.source_line) for d in lf.diags]


def test_tab_indented_effect_blocks_compile_like_space_indented_ones():
    spaces = assert_compiles(compile_t(card_yaml("once per round:\n  gain 1 morale.\n  lose 1 morale.")))
    tabs = assert_compiles(compile_t(card_yaml("once per round:\n\tgain 1 morale.\n\tlose 1 morale.")))
    assert _pos_free(tabs["abilities"][0]["effect"]["tree"]) == _pos_free(spaces["abilities"][0]["effect"]["tree"])


def test_inconsistent_tabs_in_effect_indentation_are_located_at_the_tab_line():
    text = card_yaml("once per round:\n  gain 1 morale.\n\tlose 1 morale.")
    assert_refused(compile_t(text), "P004", line=EFFECT_LINE + 2, n_lines=_line_count(text))


def test_an_unexpected_indent_is_located_at_the_indented_line():
    text = card_yaml("gain 1 morale.\n  lose 1 morale.")
    assert_refused(compile_t(text), "P004", line=EFFECT_LINE + 1, n_lines=_line_count(text))


def test_a_tab_in_yaml_indentation_is_a_located_yaml_error():
    text = GOOD.replace("  - where: anywhere", "\t- where: anywhere")
    assert_refused(compile_t(text), "Y002", n_lines=_line_count(text))


@pytest.mark.parametrize("data", [b"", b"\n\n\n", b"   \n", b"# only a comment\n", b"\xef\xbb\xbf"])
def test_an_empty_file_is_refused(tmp_path, data):
    assert_refused(compile_b(tmp_path, data), "Y009", line=1, col=1)


@pytest.mark.parametrize("data", [b"---\n", b"---\n...\n", b"--- null\n", b"~\n"])
def test_an_empty_document_is_refused(tmp_path, data):
    assert_refused(compile_b(tmp_path, data), "Y009", n_lines=_line_count(data.decode()))


def test_an_empty_text_is_refused():
    assert_refused(compile_t(""), "Y009", line=1, col=1)


@pytest.mark.parametrize("text,line,col", [
    ("- id: base.survivor.test-card\n- kind: survivor\n", 1, 1),
    ("[id, kind]\n", 1, 1),
    ("\n\n- a\n", 3, 1),
    ("just a line of text\n", 1, 1),
    ("42\n", 1, 1),
    ("null\n", 1, 1),
])
def test_a_file_that_is_not_a_mapping_is_refused(tmp_path, text, line, col):
    assert_refused(compile_t(text), "Y009", line=line, col=col, n_lines=_line_count(text))
    assert_refused(compile_b(tmp_path, text.encode()), "Y009", line=line, col=col)


def test_a_list_of_cards_is_refused(tmp_path):
    indented = "".join(("- " if i == 0 else "  ") + line + "\n" for i, line in enumerate(GOOD.splitlines()))
    assert_refused(compile_b(tmp_path, indented.encode()), "Y009", line=1, col=1)


def test_a_mapping_key_that_is_not_a_word_is_refused():
    text = GOOD + "? [a, b]\n: c\n"
    assert_refused(compile_t(text), "Y002", line=12, col=3)


def test_a_missing_file_is_a_usage_error_not_a_crash(tmp_path):
    result = compile_file(tmp_path / "nope.yaml", DISPLAY)
    assert result.card is None
    assert [d.code for d in result.diags] == ["U001"]


# ---- plain author mistakes get their own code at the field, never V001 ---------------------------

CROSSROADS = """id: base.crossroads.test-card
kind: crossroads
set: base
name: {pt: X, en: X, vi: X}
status: {implementation: full, data: known}
number: NUMBER
trigger: {when: you move a survivor, text: {pt: t, en: t, vi: t}}
options:
  - text: {pt: t, en: t, vi: t}
    effect: |
      gain 1 morale.
"""


@pytest.mark.parametrize("number, refused", [(-1, True), (0, False), (1, False)])
def test_a_negative_number_on_a_card_is_s005_at_the_field_and_zero_is_fine(number, refused):
    result = bounded(compile_text, 400, CROSSROADS.replace("NUMBER", str(number)), "content/base/crossroads/test-card.yaml")
    if not refused:
        assert result.card is not None, [d.render() for d in result.diags]
        return
    assert result.card is None and [d.code for d in result.diags] == ["S005"]
    assert (result.diags[0].line, result.diags[0].col) == (6, 9) and "0 or more" in result.diags[0].render()


@pytest.mark.parametrize("field", ["influence", "search", "attack"])
def test_a_negative_survivor_number_is_s005_at_the_field(field):
    result = compile_t(GOOD.replace("occupation:", f"{field}: -2\noccupation:"))
    diag = assert_refused(result, "S005", line=6, col=len(field) + 3)
    assert "V001" not in [d.code for d in result.diags] and f"'{field}' must be 0 or more" in diag.render()


def test_an_unknown_key_under_a_text_mapping_is_l001_at_the_key():
    result = compile_t(GOOD.replace("text: {pt: t, en: t, vi: t}", "text: {pt: t, en: t, vi: t, why: x}"))
    assert_refused(result, "L001", line=9, col=33)
    assert "V001" not in [d.code for d in result.diags]


@pytest.mark.parametrize("escape", ["\\e[2J", "\\x00", "\\x07", "\\r", "\\u0085", "\\x1b]0;title\\x07"])
def test_control_characters_made_by_yaml_escapes_are_refused(escape):
    result = compile_t(GOOD.replace("name: Test Card", f'name: "Test{escape}Card"'))
    diag = assert_refused(result, "Y002", line=4, col=7)
    assert "escape" in diag.render()


def test_a_quoted_escape_that_makes_a_tab_or_a_line_break_is_still_text():
    result = compile_t(GOOD.replace("name: Test Card", 'name: "Test\\tCard"'))
    assert not [d for d in result.diags if d.code == "Y002"]


def test_a_one_line_quoted_effect_puts_its_diagnostic_on_its_own_line_under_the_word():
    text = GOOD.replace("    effect: |\n      gain 1 morale.", '    effect: "lose 2 morale.\\nlose 2 moral."')
    for tail in ("", "\n"):            # the effect on the file's last line, or not
        source = text.rstrip("\n") + tail
        diag = assert_refused(compile_t(source), "N001", n_lines=_line_count(source))
        line = source.split("\n")[diag.line - 1]
        assert diag.line == 10 and line[diag.col - 1:].startswith("moral."), diag.render()


def test_explain_never_writes_control_characters(tmp_path):
    from dow.render.explain import explain
    content = tmp_path / "content"
    (content / "base" / "survivors").mkdir(parents=True)
    (content / "base" / "survivors" / "test-card.yaml").write_text(
        GOOD.replace("name: Test Card", 'name: "Test\\e[2JCard"'), encoding="utf-8")
    text, code = explain("test-card", content, tmp_path, "en")
    assert code == 1 and "\x1b" not in text and "\x00" not in text
    text, code = explain("\x1b[2J", content, tmp_path, "en")
    assert code == 2 and "\x1b" not in text
