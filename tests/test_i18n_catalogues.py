"""The PO round trip for translators covers every catalogue a reader sees, marks what changed, and is
valid gettext (checked with Debian's msgfmt -c)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dow.i18n import workflow as i18n
from dow.cli.main import main
from dow.i18n.catalogues import CATALOGUES
from dow.compiler.project import card_files

from conftest import CONTENT, copy_catalogues, git, git_project, msgfmt_check

ROOT = Path(__file__).resolve().parent.parent
CARD = "content/base/crossroads/car-crash.yaml"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return git_project(tmp_path)


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_the_export_covers_cards_and_every_catalogue_and_msgfmt_accepts_it(lang, tmp_path):
    po = i18n.export_po(card_files([CONTENT]), lang, ROOT)
    for catalogue in CATALOGUES + ("text/glossary", "docs"):
        assert f'msgctxt "templates/{catalogue}|' in po, catalogue
    assert 'msgctxt "templates/site|ui.home"' in po and 'msgctxt "base.crossroads.car-crash|trigger.text"' in po
    assert f"Language: {lang}" in po
    assert "phrases.filter_order" not in po   # each language's order of filter kinds: grammar, no words
    done = msgfmt_check(po, tmp_path)
    assert done.returncode == 0, done.stderr


def test_a_changed_english_text_is_exported_fuzzy_with_the_previous_english(project, tmp_path):
    """The translator sees what changed: '#| msgid' holds the English the translation was made from."""
    site = project / "site" / "catalogues" / "site" / "en.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("  home: Home\n", "  home: Front page\n"), encoding="utf-8")
    card = project / CARD
    card.write_text(card.read_text(encoding="utf-8").replace("en: You move a non-exiled survivor",
                                                              "en: You move any non-exiled survivor"), encoding="utf-8")
    git(project, "commit", "-qam", "English changed")
    po = i18n.export_po(card_files([project / "content"]), "pt", project)
    entry = po.split('msgctxt "templates/site|ui.home"')[0].rsplit("\n\n", 1)[1]
    assert "#, fuzzy" in entry and '#| msgid "Home"' in entry
    entry = po.split('msgctxt "base.crossroads.car-crash|trigger.text"')[0].rsplit("\n\n", 1)[1]
    assert "#, fuzzy" in entry and '#| msgid "You move a non-exiled survivor' in entry
    assert 'msgid "Front page"' in po
    status = i18n.status(card_files([project / "content"]), i18n.catalogue_base(project))
    assert status[("templates/site", "pt")][i18n.STALE] == 1   # stale counts as not done
    done = msgfmt_check(po, tmp_path)
    assert done.returncode == 0, done.stderr


def test_a_catalogue_translation_goes_back_into_its_file_and_a_second_import_changes_nothing(project, tmp_path,
                                                                                                 capsys):
    files = card_files([project / "content"])
    po = i18n.export_po(files, "pt", project)
    assert 'msgstr "Início"' in po
    po_path = tmp_path / "pt.po"
    po_path.write_text(po.replace('msgstr "Início"', 'msgstr "Página inicial"', 1), encoding="utf-8")
    catalogue = project / "site" / "catalogues" / "site" / "pt.yaml"
    before = catalogue.read_text(encoding="utf-8")
    assert main(["--root", str(project), "i18n", "import", str(po_path), "--lang", "pt"]) == 0
    after = catalogue.read_text(encoding="utf-8")
    assert "  home: \"Página inicial\"\n" in after          # only that value, on its own line
    assert after.splitlines()[0] == before.splitlines()[0]      # comments kept
    assert [a for a, b in zip(before.splitlines(), after.splitlines()) if a != b] == ["  home: Início"]
    snapshot = {p: p.read_bytes() for p in project.rglob("*.yaml") if ".git" not in p.parts}
    assert main(["--root", str(project), "i18n", "import", str(po_path), "--lang", "pt"]) == 0
    assert {p: p.read_bytes() for p in snapshot} == snapshot


@pytest.mark.parametrize("bad, where", [
    ('msgid "a"\nmsgstr "b"\nthis is not a PO line\n', "broken.po:3: "),
    (b"\xff\xfe not utf-8", "byte 0"),
])
def test_a_broken_po_file_is_refused_whole_with_a_located_error(project, tmp_path, capsys, bad, where):
    path = tmp_path / "broken.po"
    path.write_bytes(bad if isinstance(bad, bytes) else bad.encode("utf-8"))
    snapshot = {p: p.read_bytes() for p in project.rglob("*.yaml")}
    assert main(["--root", str(project), "i18n", "import", str(path), "--lang", "pt"]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and where in err and "nothing imported" in err and "Traceback" not in err
    assert {p: p.read_bytes() for p in snapshot} == snapshot


def test_a_plural_sentence_is_one_gettext_plural_entry_and_its_forms_go_back(project, tmp_path):
    """{one, other} in the catalogue is msgid/msgid_plural in the PO; pt has three gettext forms (one,
    many, other), vi one; an imported form lands on its own key."""
    files = card_files([project / "content"])
    pt = i18n.export_po(files, "pt", project)
    block = pt.split('msgctxt "templates/site|examples.survivor.wounds"\n')[1].split("\n\n")[0]
    assert block.startswith('msgid "{name} has {n} wound."\nmsgid_plural "{name} has {n} wounds."\nmsgstr[0] ')
    assert "msgstr[2]" in block
    vi = i18n.export_po(files, "vi", project)
    block = vi.split('msgctxt "templates/site|examples.survivor.wounds"\n')[1].split("\n\n")[0]
    assert "msgstr[0]" in block and "msgstr[1]" not in block
    po_path = tmp_path / "pt.po"
    po_path.write_text(pt.replace('msgstr[2] "{name} tem {n} ferimentos."', 'msgstr[2] "{name} está com {n} ferimentos."'),
                       encoding="utf-8")
    assert main(["--root", str(project), "i18n", "import", str(po_path), "--lang", "pt"]) == 0
    text = (project / "site" / "catalogues" / "site" / "pt.yaml").read_text(encoding="utf-8")
    assert 'other: "{name} está com {n} ferimentos."' in text and 'one: "{name} tem {n} ferimento."' in text


def test_an_import_into_a_hand_aligned_catalogue_changes_only_the_lines_of_its_values(tmp_path):
    """The rules text's glossary and templates are aligned by hand, in flow mappings: a translation
    written back rewrites its own value and no other line (a whole round-trip dump would re-wrap them)."""
    from dow.i18n.catalogues import entries, import_entries
    base = copy_catalogues(tmp_path)
    found = {e.context: e for e in entries(base)}
    survivor, word = found["templates/text/glossary|kind.survivor"], found["templates/text|phrases.words.and"]
    wanted = {survivor.context: (survivor.texts["en"], ("sobrevivente!", "sobreviventes!", "sobreviventes!")),
              word.context: (word.texts["en"], "e!")}
    before = {p: p.read_text(encoding="utf-8").splitlines() for p in base.rglob("*.yaml")}
    assert sorted(p.relative_to(base).as_posix() for p in import_entries(wanted, "pt", base)) == \
        ["render/catalogues/text/glossary.yaml", "render/catalogues/text/pt.yaml"]
    changed = {p.relative_to(base).as_posix(): [(a, b) for a, b in zip(old, p.read_text(encoding="utf-8").splitlines())
                                                if a != b] for p, old in before.items() if p.name != "sync.yaml"}
    assert {name: len(diff) for name, diff in changed.items() if diff} == {"render/catalogues/text/glossary.yaml": 1, "render/catalogues/text/pt.yaml": 1}
    assert 'pt: {one: "sobrevivente!", other: "sobreviventes!"}' in changed["render/catalogues/text/glossary.yaml"][0][1]
    assert {p: len(p.read_text(encoding="utf-8").splitlines()) for p in before if p.name != "sync.yaml"} == \
        {p: len(lines) for p, lines in before.items() if p.name != "sync.yaml"}


def test_a_block_text_of_the_author_references_goes_back_as_a_block_and_nothing_else_moves(tmp_path):
    """render/catalogues/docs/pt.yaml (the effect language reference; its English is in render/docs.py) holds
    long block texts: one translated back replaces its own block, every other line stays."""
    from dow.i18n.catalogues import entries, import_entries
    from ruamel.yaml import YAML
    base = copy_catalogues(tmp_path)
    crossroads = next(e for e in entries(base) if e.context == "templates/docs|reference.crossroads")
    new = "## Cartas de encruzilhada\n\nUm texto novo,\nem duas linhas.\n"
    path = base / "render" / "catalogues" / "docs" / "pt.yaml"
    before = path.read_text(encoding="utf-8")
    assert import_entries({crossroads.context: (crossroads.texts["en"], new)}, "pt", base) == [path]
    after = path.read_text(encoding="utf-8")
    assert YAML(typ="safe").load(after)["reference"]["crossroads"] == new
    head, rest = before.split("\n  crossroads: |-\n")
    tail = rest[rest.index("\n  trees: "):]
    assert after.startswith(head + "\n  crossroads: |") and after.endswith(tail)       # every other line stays
    assert len(after.splitlines()) == len(head.splitlines()) + 1 + 4 + len(tail.splitlines()) - 1


def test_a_stale_entry_finds_the_english_it_was_translated_from_in_the_history_before_its_catalogue_moved(tmp_path):
    """The catalogues moved from compiler/templates/ to the layers that read them. A translation made
    before the move, of an English text changed before the move too, is still exported fuzzy with the
    English it was made from: the history is followed across the move (i18n/common.py file_texts)."""
    root = tmp_path / "project"
    root.mkdir()
    (root / "pyproject.toml").write_text("")
    shutil.copytree(CONTENT, root / "content")
    copy_catalogues(root)
    old = root / "compiler" / "templates" / "site"
    old.parent.mkdir(parents=True)
    (root / "site" / "catalogues" / "site").rename(old)      # the catalogue where it was before the move
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "translated")
    en = old / "en.yaml"
    en.write_text(en.read_text(encoding="utf-8").replace("  home: Home\n", "  home: Front page\n"), encoding="utf-8")
    git(root, "commit", "-qam", "English changed")
    git(root, "mv", "compiler/templates/site", "site/catalogues/site")
    git(root, "commit", "-qm", "moved beside the site")
    po = i18n.export_po(card_files([root / "content"]), "pt", root)
    entry = po.split('msgctxt "templates/site|ui.home"')[0].rsplit("\n\n", 1)[1]
    assert "#, fuzzy" in entry and '#| msgid "Home"' in entry
    assert 'msgid "Front page"' in po.split('msgctxt "templates/site|ui.home"')[1].split("\n\n")[0]
