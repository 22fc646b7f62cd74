"""The rules chapters, the glossary and the diagnostics' about lines in the translator's PO round trip:
one entry per anchored block of a chapter, stale entries fuzzy with the previous English, coverage
that counts them as not done, and an export and import that change no byte."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from dow.i18n import workflow as i18n
from dow.i18n import rules as i18n_rules
from dow.compiler.project import card_files

from conftest import git_project, msgfmt_check

ROOT = Path(__file__).resolve().parent.parent
OLD = ("Winning is individual: when the game ends, only the players whose secret objective is fulfilled win.")
NEW = ("Winning is individual: at the end of the game, only the players whose secret objective is fulfilled win.")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return git_project(tmp_path)


def snapshot(root: Path) -> dict:
    return {p: p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file() and ".git" not in p.parts}


def catalog(po: str):
    import io

    from babel.messages.pofile import read_po
    return {m.context: m for m in read_po(io.BytesIO(po.encode("utf-8"))) if m.id}


def translated(po: str, context: str, text: str) -> str:
    """The PO with one entry translated by hand (its fuzzy mark taken off, as a translator does)."""
    import io

    from babel.messages.pofile import read_po, write_po
    cat = read_po(io.BytesIO(po.encode("utf-8")))
    for message in cat:
        if message.context == context:
            message.string = text
            message.flags.discard("fuzzy")
    buf = io.BytesIO()
    write_po(buf, cat, width=i18n.NO_WRAP, include_previous=True)
    return buf.getvalue().decode("utf-8")


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_export_then_import_changes_no_byte_of_any_file(project, lang):
    before = snapshot(project)
    files = card_files([project / "content"])
    po = i18n.export_po(files, lang, project)
    entries = catalog(po)
    assert "rules/base-game|base-overview-winning" in entries and "rules/winter-tricks|winter-tricks" in entries
    assert "glossary|colony.term" in entries and "glossary|colony.definition" in entries
    assert "templates/docs|diagnostics.about.S003" in entries
    assert entries["templates/docs|diagnostics.about.S003"].id == "a cost nobody can pay"
    assert i18n.import_po(po, files, lang, [], project) == []
    assert snapshot(project) == before


def test_a_block_is_one_anchored_paragraph_with_what_follows_it_unanchored():
    text = ("# Title {#t}\n\nLead-in.\n{: #t-lead }\n\n- one\n- two\n\n```\ncode\n\nstill code\n```\n\n"
            "## Next {#t-next}\n")
    units = i18n_rules.units_of(text)
    assert list(units) == ["t", "t-lead", "t-next"]
    assert text[slice(*units["t-lead"])] == "Lead-in.\n{: #t-lead }\n\n- one\n- two\n\n```\ncode\n\nstill code\n```"


def test_a_changed_paragraph_is_stale_fuzzy_with_the_previous_english_and_not_covered(project, capsys):
    chapter = project / "content" / "rules" / "en" / "base-game.md"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace(OLD, NEW), encoding="utf-8")
    rows = i18n.status([], None, project)
    assert rows[("rules/base-game", "vi")][i18n.STALE] == 1
    assert rows[("rules/base-game", "pt")][i18n.STALE] == 1
    assert "rules/base-game          vi" in i18n.render_status(rows) and " 99%" in i18n.render_status(rows)
    po = i18n.export_po([], "vi", project)
    entry = catalog(po)["rules/base-game|base-overview-winning"]
    assert NEW in entry.id and "Chiến thắng mang tính cá nhân" in entry.string
    # the previous English, one string a line as gettext lays it out (babel's reader skips such lines);
    # an anchor is Markdown, not a format (babel's reader flags any braces again, the file does not)
    head = po[:po.index('msgctxt "rules/base-game|base-overview-winning"')].rsplit("\n\n", 1)[1]
    assert "#, fuzzy\n" in head
    assert f'#| msgid ""\n#| "{OLD} Many' in head and '\\n"\n#| "{: #base-overview-winning }"' in head
    done = msgfmt_check(po, project)
    assert done.returncode == 0, done.stderr
    out = subprocess.run(["msgattrib", "--only-fuzzy", "--no-wrap", str(project / "check.po")], capture_output=True, text=True)
    assert OLD in out.stdout
    # the other blocks of the chapter stay current: the key is the anchor, not the position
    others = [u for u in i18n_rules.units(project) if u.context.startswith("rules/base-game|")]
    sync = i18n_rules.load_sync(project)
    assert [u.context for u in others if u.state("vi", sync) != i18n.DONE] == ["rules/base-game|base-overview-winning"]


def test_a_translated_block_goes_back_in_place_and_is_stamped(project):
    vi = project / "content" / "rules" / "vi" / "base-game.md"
    before = vi.read_text(encoding="utf-8")
    po = i18n.export_po([], "vi", project)
    old = "Chiến thắng mang tính cá nhân:"
    entry = catalog(po)["rules/base-game|base-overview-winning"]
    po = translated(po, entry.context, entry.string.replace(old, "Thắng thua là chuyện của từng người:"))
    changed = i18n.import_po(po, [], "vi", [], project)
    assert vi in changed   # its hash was already the current English's: content/sync.yaml is left as it was
    assert i18n_rules.load_sync(project)[entry.context]["vi"] == i18n.source_hash(entry.id)
    after = vi.read_text(encoding="utf-8")
    assert after == before.replace(old, "Thắng thua là chuyện của từng người:", 1)
    assert i18n.import_po(i18n.export_po([], "vi", project), [], "vi", [], project) == []


def test_a_translation_that_loses_its_anchor_is_refused_and_nothing_is_written(project):
    before = snapshot(project)
    po = i18n.export_po([], "pt", project)
    entry = catalog(po)["rules/base-game|base-overview-winning"]
    po = translated(po, entry.context, entry.string.replace("{: #base-overview-winning }", "").strip())
    assert po.count("{: #base-overview-winning }") == 1   # the msgid keeps it, the msgstr lost it
    with pytest.raises(i18n.PoFileError, match="base-overview-winning"):
        i18n.import_po(po, [], "pt", [], project)
    assert snapshot(project) == before


def test_a_changed_glossary_definition_is_stale_and_its_translation_goes_back_on_its_line(project):
    path = project / "content" / "glossary.yaml"
    english = "The shared shelter where survivors live, pay food and hold off zombies at the entrances."
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(english, "The shared shelter where the survivors live and pay food."), encoding="utf-8")
    po = i18n.export_po([], "pt", project)
    assert "fuzzy" in catalog(po)["glossary|colony.definition"].flags
    assert f'#| msgid "{english}"\nmsgctxt "glossary|colony.definition"' in po
    po = translated(po, "glossary|colony.definition",
                    "O abrigo comum onde os sobreviventes vivem e pagam comida.")
    changed = i18n.import_po(po, [], "pt", [], project)
    assert path in changed
    lines = [(a, b) for a, b in zip(text.replace(english, "The shared shelter where the survivors live and pay food.")
                                    .split("\n"), path.read_text(encoding="utf-8").split("\n")) if a != b]
    assert lines == [('    pt: "A base compartilhada onde os sobreviventes se abrigam, pagam comida e enfrentam zumbis '
                      'nas entradas."', '    pt: "O abrigo comum onde os sobreviventes vivem e pagam comida."')]
    sync = i18n_rules.load_sync(project)
    unit = next(u for u in i18n_rules.units(project) if u.context == "glossary|colony.definition")
    assert unit.state("pt", sync) == i18n.DONE and unit.state("vi", sync) == i18n.STALE


def test_every_rules_block_and_glossary_text_is_current():
    rows = i18n_rules.status_rows(ROOT)
    assert {name for name, _ in rows} >= {"glossary", "rules/base-game", "rules/warring-colonies"}
    for key, row in rows.items():
        assert row[i18n.MISSING] == row[i18n.STALE] == row[i18n.UNSYNCED] == 0, (key, row)


def test_a_block_translated_from_an_older_english_is_marked_on_the_site(project):
    """A stale rules block carries the site's note after it, in the page's language; current and unstamped
    blocks carry none, and the English page never does."""
    chapter = i18n_rules.chapters(project)[0]
    english_file = project / "content" / "rules" / "en" / f"{chapter}.md"
    english = english_file.read_text(encoding="utf-8")
    spans = i18n_rules.units_of(english)
    key = [k for k in spans if k != i18n_rules.START][1]
    start, end = spans[key]
    english_file.write_text(english[:end] + " One more English sentence." + english[end:], encoding="utf-8")
    sync = i18n_rules.load_sync(project)
    note = "NOTE-STALE"
    for lang in i18n.TARGETS:
        text = (project / "content" / "rules" / lang / f"{chapter}.md").read_text(encoding="utf-8")
        marked = i18n_rules.mark_stale(project, chapter, lang, text, note, sync)
        assert marked.count(note) == 1
        block_end = i18n_rules.units_of(text)[key][1]
        assert marked[:block_end] == text[:block_end] and marked[block_end:].startswith(f'\n\n<p class="stale"><em>{note}')
        unstamped = {c: v for c, v in sync.items() if c != f"rules/{chapter}|{key}"}
        assert note not in i18n_rules.mark_stale(project, chapter, lang, text, note, unstamped)
    assert i18n_rules.mark_stale(project, chapter, "en", english, note, sync) == english
