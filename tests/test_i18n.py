"""The translator's workflow: status, stale detection, PO export and import."""
import shutil
from pathlib import Path

from dow.i18n import workflow as i18n
from dow.cli.main import main
from dow.compiler.project import card_files, compile_paths

from conftest import CONTENT

CARD = "content/base/crossroads/car-crash.yaml"


def copy_project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("")
    shutil.copytree(CONTENT, tmp_path / "content")
    return tmp_path


def states(root: Path, lang: str) -> dict:
    return {f.context: f.state(lang) for f in i18n.fields_of(root / CARD)}


def test_every_translation_in_content_and_the_catalogues_is_current():
    table = i18n.status(card_files([CONTENT]), i18n.catalogue_base(CONTENT.parent))
    assert any(key[0].startswith("templates/") for key in table)
    for (card_set, lang), row in table.items():
        assert row[i18n.MISSING] == row[i18n.STALE] == row[i18n.UNSYNCED] == 0, (card_set, lang, row)


def test_editing_the_english_makes_translations_stale(tmp_path):
    root = copy_project(tmp_path)
    path = root / CARD
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("en: You move a non-exiled survivor", "en: You move any non-exiled survivor"),
                    encoding="utf-8")
    got = states(root, "vi")
    assert got["base.crossroads.car-crash|trigger.text"] == i18n.STALE
    assert list(got.values()).count(i18n.STALE) == 1


def test_a_po_round_trip_changes_nothing(tmp_path):
    root = copy_project(tmp_path)
    before = {p: p.read_bytes() for p in card_files([root / "content"])}
    po = i18n.export_po(list(before), "vi", root)
    assert 'msgctxt "base.crossroads.car-crash|trigger.text"' in po and "#: content/base/crossroads/car-crash.yaml:" in po
    assert i18n.import_po(po, list(before)) == []
    assert {p: p.read_bytes() for p in before} == before


def test_import_writes_the_translation_and_its_hash_and_keeps_comments(tmp_path):
    root = copy_project(tmp_path)
    path = root / CARD
    path.write_text("# a comment the translator must not lose\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    po = i18n.export_po([path], "vi", root)
    old = "Bạn di chuyển một người sống sót không bị trục xuất"
    po = po.replace(f'msgstr "{old}', 'msgstr "Khi bạn di chuyển một người sống sót không bị trục xuất', 1)
    assert i18n.import_po(po, [path]) == [path]
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# a comment the translator must not lose\n")
    assert "vi: Khi bạn di chuyển" in text
    assert states(root, "vi")["base.crossroads.car-crash|trigger.text"] == i18n.DONE
    assert compile_paths([root / "content"], root).ok


def test_a_stale_translation_is_exported_fuzzy_and_not_imported_as_current(tmp_path):
    root = copy_project(tmp_path)
    path = root / CARD
    path.write_text(path.read_text(encoding="utf-8").replace("en: You move a non-exiled survivor",
                                                              "en: You move any non-exiled survivor"), encoding="utf-8")
    po = i18n.export_po([path], "vi", root)
    entry = po[po.index('msgctxt "base.crossroads.car-crash|trigger.text"') - 60:]
    assert "#, fuzzy" in entry.split("msgctxt")[0]
    assert i18n.import_po(po, [path]) == []  # fuzzy entries are not taken as done


def test_status_command(tmp_path, capsys):
    root = copy_project(tmp_path)
    assert main(["--root", str(root), "i18n", "status"]) == 0
    out = capsys.readouterr().out
    assert "warring-colonies         vi" in out and "rules/base-game          vi" in out and "glossary" in out
    assert main(["--root", str(root), "i18n", "export"]) == 2


def test_import_refuses_a_po_in_another_language(tmp_path, capsys):
    """`dow i18n import vi.po --lang pt` once overwrote every Portuguese text with Vietnamese."""
    root = copy_project(tmp_path)
    before = {p: p.read_bytes() for p in card_files([root / "content"])}
    po = tmp_path / "vi.po"
    po.write_text(i18n.export_po(list(before), "vi", root), encoding="utf-8")
    assert main(["--root", str(root), "i18n", "import", str(po), "--lang", "pt"]) == 2
    assert "not 'pt'" in capsys.readouterr().err
    assert {p: p.read_bytes() for p in before} == before
    assert main(["--root", str(root), "i18n", "import", str(po), "--lang", "vi"]) == 0


def test_a_translation_of_an_older_english_text_is_reported_not_skipped_silently(tmp_path, capsys):
    root = copy_project(tmp_path)
    path = root / CARD
    po = tmp_path / "vi.po"
    po.write_text(i18n.export_po([path], "vi", root).replace(
        'msgstr "Bạn di chuyển', 'msgstr "Khi bạn di chuyển', 1), encoding="utf-8")
    path.write_text(path.read_text(encoding="utf-8").replace("en: You move a non-exiled survivor",
                                                              "en: You move any non-exiled survivor"), encoding="utf-8")
    assert main(["--root", str(root), "i18n", "import", str(po), "--lang", "vi"]) == 0
    err = capsys.readouterr().err
    assert "base.crossroads.car-crash|trigger.text" in err and "older English" in err
    assert "Khi bạn di chuyển" not in path.read_text(encoding="utf-8")


def test_names_sort_as_a_reader_of_the_language_expects():
    vi = ["Tuyệt vọng", "Đạo quân tử thần", "Dịch bệnh", "Kinh hoàng", "Ăn mày", "An toàn", "Ơn", "Ong"]
    assert sorted(vi, key=lambda n: i18n.collation_key(n, "vi")) == \
        ["An toàn", "Ăn mày", "Dịch bệnh", "Đạo quân tử thần", "Kinh hoàng", "Ong", "Ơn", "Tuyệt vọng"]
    pt = ["Zumbi", "Ônibus", "Água", "Abrigo", "Ovo"]   # Portuguese accents only break ties
    assert sorted(pt, key=lambda n: i18n.collation_key(n, "pt")) == ["Abrigo", "Água", "Ônibus", "Ovo", "Zumbi"]
