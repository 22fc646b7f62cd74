"""Fault tests of `dow i18n import`: a PO file is checked whole before anything is written, and then every
file it changes is written, or none.

Each case exports a PO file from a copy of the project (`dow i18n export`), tampers with it as a
translator or a tool might, and imports it through the command line. A refused file gives located
one-line diagnostics (``FILE.po:LINE: …``), exit code 2 (never 70, the code of a bug), no traceback, and
leaves every file of the project byte for byte as it was. Where the fault is one gettext's own
``msgfmt -c`` rejects, the test checks that msgfmt rejects it too, so dow refuses what gettext refuses."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from dow.i18n import workflow as i18n
from dow.cli.main import main
from dow.compiler.project import card_files

from conftest import git_project, msgfmt_check

CARD = "content/base/crossroads/abandoned.yaml"
LOG = "render/catalogues/log/pt.yaml"
SITE = "site/catalogues/site/pt.yaml"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return git_project(tmp_path)


def snapshot(root: Path) -> dict:
    """Every file of the project but git's, with its bytes."""
    return {p: p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file() and ".git" not in p.parts}


def export(root: Path, lang: str) -> str:
    return i18n.export_po(card_files([root / "content"]), lang, root)


def line_of(po: str, needle: str) -> int:
    """The PO line (from 1) where ``needle`` starts."""
    return po[:po.index(needle)].count("\n") + 1


def run_import(root: Path, po_path: Path, lang: str, capsys) -> tuple[int, str, str]:
    code = main(["--root", str(root), "i18n", "import", str(po_path), "--lang", lang])
    out = capsys.readouterr()
    return code, out.out, out.err


def refused(root: Path, tmp_path: Path, po: str, lang: str, capsys, line: int | None, words: str) -> str:
    """Import ``po``: refused with a diagnostic at ``line`` naming ``words``, nothing written."""
    before = snapshot(root)
    path = tmp_path / ("vi.po" if "Language: vi" in po or "Bị bỏ rơi" in po else "pt.po")
    path.write_text(po, encoding="utf-8")
    code, out, err = run_import(root, path, lang, capsys)
    assert code == 2, (code, err)
    assert "Traceback" not in err + out and "internal error" not in err
    assert (f"{path}:{line}: " if line else f"{path}:") in err, err
    assert words in err, err
    assert "nothing imported" in err
    assert snapshot(root) == before
    assert not [p for p in root.rglob(".*.dow-*")]    # no temporary file left behind
    return err


def test_a_vietnamese_file_without_its_language_header_is_not_taken_for_portuguese(project, tmp_path, capsys):
    """It once rewrote 211 card files and the site catalogue with Vietnamese, then exited 70."""
    po = export(project, "vi")
    po = re.sub(r'^"Language: vi\\n"\n', "", po, flags=re.M)
    assert "Language:" not in po
    err = refused(project, tmp_path, po, "pt", capsys, None, "the texts are Tiếng Việt (vi), not Português (pt)")
    assert err.count("\n") == 1     # one line
    line = int(re.search(r"vi\.po:(\d+): ", err).group(1))   # the first entry written in Vietnamese
    entry = po.split("\n")[line - 1:]
    assert entry[0].startswith("msgctxt ")
    assert re.search(r"[ăđơư\u1ea0-\u1ef9]", "\n".join(entry[:entry.index("")]))


def test_a_portuguese_file_is_not_taken_for_vietnamese(project, tmp_path, capsys):
    po = export(project, "pt").replace('"Language: pt\\n"\n', "")
    assert "Language:" not in po
    err = refused(project, tmp_path, po, "vi", capsys, None, "the texts are Português (pt), not Tiếng Việt (vi)")
    line = int(re.search(r"pt\.po:(\d+): ", err).group(1))   # the first entry written in Portuguese
    entry = po.split("\n")[line - 1:]
    assert entry[0].startswith("msgctxt ")
    assert re.search(r"ç|ão|\b(não|você|uma|para|com)\b", "\n".join(entry[:entry.index("")]))


def test_a_file_whose_language_header_names_another_language(project, tmp_path, capsys):
    po = export(project, "vi")
    refused(project, tmp_path, po, "pt", capsys, line_of(po, '"Language: vi'), "not 'pt'")


SYNTAX = {
    # name: (what is done to the pt file, the text the diagnostic's line starts with, words of the message)
    "unterminated string": (lambda po: po.replace('msgstr "Abandono"\n', 'msgstr "Abandono\n', 1),
                            'msgstr "Abandono', "not closed"),
    "unknown escape": (lambda po: po.replace('msgstr "Abandono"', r'msgstr "Aban\qdonado"', 1),
                       'msgstr "Aban', "not an escape gettext knows"),
    "msgid without msgstr": (lambda po: po.replace('msgid "Abandoned"\nmsgstr "Abandono"\n', 'msgid "Abandoned"\n', 1),
                             'msgctxt "base.crossroads.abandoned|name"', "without a msgstr"),
    "plural missing a form": (lambda po: po.replace('msgstr[2] "{name} tem {n} ferimentos."\n', "", 1),
                              'msgctxt "templates/site|examples.survivor.wounds"', "nplurals=3"),
    "plural forms out of order": (lambda po: po.replace('msgstr[2] "{name} tem {n} ferimentos."',
                                                        'msgstr[3] "{name} tem {n} ferimentos."', 1),
                                  'msgstr[3]', "out of order"),
    "duplicate entry": (lambda po: po.replace('msgctxt "base.crossroads.abandoned|name"',
                                              'msgctxt "base.crossroads.abandoned|name"\nmsgid "Abandoned"\n'
                                              'msgstr "Largado"\n\nmsgctxt "base.crossroads.abandoned|name"', 1),
                        'msgctxt "base.crossroads.abandoned|name"\nmsgid "Abandoned"\nmsgstr "Abandono"',
                        "given twice"),
    "text after a string": (lambda po: po.replace('msgstr "Abandono"', 'msgstr "Abandono" x', 1),
                            'msgstr "Abandono" x', "after the closing quote"),
    "newline at the end where the English has none": (
        lambda po: po.replace('msgstr "Abandono"', 'msgstr "Abandono\\n"', 1), 'msgstr "Abandono\\n"', "newline"),
}


@pytest.mark.parametrize("name", list(SYNTAX))
def test_a_po_file_gettext_rejects_is_refused_at_its_line(name, project, tmp_path, capsys):
    """What msgfmt -c rejects; babel read the unclosed string with its last character cut off."""
    tamper, at, words = SYNTAX[name]
    po = tamper(export(project, "pt"))
    assert msgfmt_check(po, tmp_path).returncode != 0, "msgfmt accepts this: not a syntax fault"
    refused(project, tmp_path, po, "pt", capsys, line_of(po, at), words)


def lose_anchor(po: str) -> str:
    """The PO with the translation of one rules block missing its anchor line."""
    start = po.index('msgctxt "rules/base-game|base-overview-winning"')
    at = po.index("msgstr", start)
    end = po.index("\n\n", at)
    translation = po[at:end]
    assert '"{: #base-overview-winning }"' in translation
    return po[:at] + translation.replace('\\n"\n"{: #base-overview-winning }"', '"') + po[end:]


CONTENT = {
    "a card that does not exist": (
        lambda po: po.replace('msgctxt "base.crossroads.abandoned|name"', 'msgctxt "base.crossroads.no-such-card|name"', 1),
        'msgctxt "base.crossroads.no-such-card|name"', "no text of this project"),
    "a catalogue key that does not exist": (
        lambda po: po.replace('msgctxt "templates/log|card_number"', 'msgctxt "templates/log|no-such-key"', 1),
        'msgctxt "templates/log|no-such-key"', "no text of this project"),
    "a placeholder the English does not have": (
        lambda po: po.replace('msgstr "jogador {n}"', 'msgstr "jogador {numero}"', 1), 'msgstr "jogador {numero}"',
        "{numero}"),
    "a plural sentence answered with one string": (
        lambda po: po.replace('msgid_plural "{name} has {n} wounds."\nmsgstr[0] "{name} tem {n} ferimento."\n'
                              'msgstr[1] "{name} tem {n} ferimentos."\nmsgstr[2] "{name} tem {n} ferimentos."',
                              'msgstr "{name} tem {n} ferimentos."', 1),
        'msgctxt "templates/site|examples.survivor.wounds"', "singular and a plural"),
    "Plural-Forms with another count": (
        lambda po: po.replace('"Plural-Forms: nplurals=3;', '"Plural-Forms: nplurals=2;', 1), '"Plural-Forms:',
        "Português (pt) has 3"),
    "a rules block that loses its anchor": (lambda po: lose_anchor(po), None, "anchors"),
    "a message without msgctxt": (lambda po: po.replace('msgctxt "base.crossroads.abandoned|name"\n', "", 1),
                                  'msgid "Abandoned"', "without msgctxt"),
}


@pytest.mark.parametrize("name", list(CONTENT))
def test_an_entry_that_names_no_text_or_breaks_one_is_refused_at_its_line(name, project, tmp_path, capsys):
    tamper, at, words = CONTENT[name]
    po = export(project, "pt")
    tampered = tamper(po)
    assert tampered != po
    if at is None:    # the anchor case: the line of the translation that lost it
        block = tampered.index('msgctxt "rules/base-game|base-overview-winning"')
        at_line = tampered[:tampered.index("msgstr", block)].count("\n") + 1
    else:
        at_line = line_of(tampered, at)
    refused(project, tmp_path, tampered, "pt", capsys, at_line, words)


def test_a_file_that_is_not_utf8_is_refused(project, tmp_path, capsys):
    before = snapshot(project)
    path = tmp_path / "pt.po"
    path.write_bytes(export(project, "pt").encode("utf-8").replace("Abandono".encode(), b"Abandonad\xff", 1))
    code, out, err = run_import(project, path, "pt", capsys)
    assert code == 2 and "not UTF-8" in err and "nothing imported" in err and "Traceback" not in err
    assert snapshot(project) == before


def changed_lines(before: dict, root: Path) -> dict:
    """{file: [(old line, new line)]} of every file whose bytes changed."""
    out = {}
    for path, data in before.items():
        new = path.read_bytes()
        if new != data:
            old_lines, new_lines = data.decode().split("\n"), new.decode().split("\n")
            assert len(old_lines) == len(new_lines), path
            out[path.relative_to(root).as_posix()] = [(a, b) for a, b in zip(old_lines, new_lines) if a != b]
    return out


def test_a_translator_edit_of_a_log_sentence_and_a_card_goes_in_whole_and_touches_only_its_lines(project, tmp_path,
                                                                                                 capsys):
    """The log's take_cards is a list (a plural sentence, then a sentence): editing its second item crashed
    with exit 70 after the card files of the same PO had been written. The card file also holds a test
    whose flow list (answers: [{p1: 3}, {p2: 5}]) a round-trip dump rewrote."""
    po = export(project, "pt")
    po = po.replace('msgstr "Abandono"', 'msgstr "Abandonada"', 1)
    po = po.replace('msgstr "{player} pega as cartas encontradas em {zone}."',
                    'msgstr "{player} pega todas as cartas encontradas em {zone}."', 1)
    before = snapshot(project)
    path = tmp_path / "pt.po"
    path.write_text(po, encoding="utf-8")
    code, out, err = run_import(project, path, "pt", capsys)
    assert code == 0, err
    assert "Traceback" not in err
    assert f"changed {CARD}" in out and f"changed {LOG}" in out
    lines = changed_lines(before, project)
    assert set(lines) == {CARD, LOG}
    assert lines[CARD] == [("name: {pt: Abandono, en: Abandoned, vi: Bị bỏ rơi, sync: {pt: b3b39116, vi: b3b39116}}",
                            "name: {pt: Abandonada, en: Abandoned, vi: Bị bỏ rơi, sync: {pt: b3b39116, vi: b3b39116}}")]
    assert len(lines[LOG]) == 1 and "pega todas as cartas encontradas" in lines[LOG][0][1]
    assert "answers: [{p1: 3}, {p2: 5}]" in (project / CARD).read_text(encoding="utf-8")
    again = snapshot(project)
    assert run_import(project, path, "pt", capsys)[0] == 0
    assert snapshot(project) == again     # a second import changes nothing


def test_entries_not_written_are_reported_at_their_line(project, tmp_path, capsys):
    """A plural with a form left empty, a fuzzy entry, a translation of an older English: once dropped
    without a word, now each named with its PO line; the rest of the file goes in."""
    po = export(project, "pt")
    po = po.replace('msgstr[1] "{name} tem {n} ferimentos."', 'msgstr[1] ""', 1)
    po = po.replace('#. done: catalogue log, key card_number\n', '#. done: catalogue log, key card_number\n#, fuzzy\n', 1)
    po = po.replace('msgstr "o estoque"', 'msgstr "a reserva"', 1)
    po = po.replace('msgid "Abandoned"\nmsgstr "Abandono"', 'msgid "Abandoned!"\nmsgstr "Abandonada"', 1)
    po = po.replace('msgstr "jogador {n}"', 'msgstr "o jogador {n}"', 1)      # this one goes in
    assert msgfmt_check(po, tmp_path).returncode == 0
    before = snapshot(project)
    path = tmp_path / "pt.po"
    path.write_text(po, encoding="utf-8")
    code, out, err = run_import(project, path, "pt", capsys)
    assert code == 0 and "Traceback" not in err
    wounds, supply, card = (line_of(po, f'msgctxt "{c}"') for c in (
        "templates/site|examples.survivor.wounds", "templates/log|card_number", "base.crossroads.abandoned|name"))
    assert f"{path}:{wounds}: templates/site|examples.survivor.wounds: msgstr[1] empty" in err
    assert f"{path}:{supply}: templates/log|card_number: marked fuzzy" in err
    assert f"{path}:{card}: base.crossroads.abandoned|name: translated from an older English" in err
    assert "3 entries skipped" in out
    assert set(changed_lines(before, project)) == {SITE}
    assert "o jogador {n}" in (project / SITE).read_text(encoding="utf-8")
    assert "a reserva" not in (project / LOG).read_text(encoding="utf-8")
    assert "{name} tem {n} ferimentos." in (project / SITE).read_text(encoding="utf-8")
    assert "Abandono" in (project / CARD).read_text(encoding="utf-8")


def test_a_write_that_fails_part_way_puts_back_every_file_already_replaced(project, tmp_path, capsys, monkeypatch):
    """Three files change; the second replacement fails (a full disk, a file made read-only): the first is
    put back, the third never written, and the command says so without a traceback."""
    po = export(project, "pt")
    po = po.replace('msgstr "Abandono"', 'msgstr "Abandonada"', 1)
    po = po.replace('msgstr "Acidente de Carro"', 'msgstr "Batida de Carro"', 1)
    po = po.replace('msgstr "jogador {n}"', 'msgstr "o jogador {n}"', 1)
    path = tmp_path / "pt.po"
    path.write_text(po, encoding="utf-8")
    assert len(i18n.plan_import(po, card_files([project / "content"]), "pt", None, project)) == 3
    before = snapshot(project)
    real, calls = os.replace, []

    def failing(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(28, "No space left on device", str(dst))
        return real(src, dst)

    monkeypatch.setattr(os, "replace", failing)
    code, out, err = run_import(project, path, "pt", capsys)
    monkeypatch.setattr(os, "replace", real)
    assert code == 2 and "Traceback" not in err and "nothing imported" in err and "No space left" in err
    assert len(calls) >= 3       # two tries, then the first file put back
    assert snapshot(project) == before
    assert not [p for p in project.rglob(".*.dow-*")]
    assert run_import(project, path, "pt", capsys)[0] == 0      # the same file goes in once the disk has room
    assert "Abandonada" in (project / CARD).read_text(encoding="utf-8")
