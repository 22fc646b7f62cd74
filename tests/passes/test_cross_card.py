"""Checks across cards: duplicate ids (S007), card names (N003), known names."""
from pathlib import Path

from dow.compiler.project import compile_paths

from conftest import card_yaml


def project(tmp_path: Path, files: dict) -> Path:
    (tmp_path / "pyproject.toml").write_text("")
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_unknown_card_names_suggest_close_ones(tmp_path):
    root = project(tmp_path, {
        "content/base/survivors/test-card.yaml": card_yaml('kill "Test Crad".'),
    })
    build = compile_paths([root / "content"], root)
    diag, = build.diagnostics.sorted()
    assert diag.code == "N003" and diag.hint == "did you mean 'Test Card'?" and not build.cards


def test_known_names_resolve(tmp_path):
    root = project(tmp_path, {
        "content/base/survivors/test-card.yaml": card_yaml('kill "Rod Miller".'),
        "content/base/known-names.yaml": "names:\n  - Rod Miller\n",
    })
    build = compile_paths([root / "content"], root)
    assert build.ok and len(build.cards) == 1


def test_duplicate_ids(tmp_path):
    text = card_yaml("gain 1 morale.")
    root = project(tmp_path, {"content/base/survivors/test-card.yaml": text,
                              "content/warring-colonies/survivors/test-card.yaml": text})
    build = compile_paths([root / "content"], root)
    diag, = build.diagnostics.sorted()
    assert diag.code == "S007" and diag.file == "content/warring-colonies/survivors/test-card.yaml"
    assert "content/base/survivors/test-card.yaml" in diag.message


def test_a_name_must_be_a_card_of_the_right_kind(tmp_path):
    crossroads = ("id: base.crossroads.sparky\nkind: crossroads\nset: base\nname: {pt: Sparky, en: Sparky, vi: Sparky}\n"
                  "status: {implementation: full, data: known}\n"
                  "trigger: {if: morale < 4, text: {pt: a, en: a, vi: a}}\n"
                  "options:\n  - text: {pt: a, en: a, vi: a}\n")
    root = project(tmp_path, {"content/base/survivors/test-card.yaml": card_yaml('kill "Sparky".'),
                              "content/base/crossroads/sparky.yaml": crossroads})
    build = compile_paths([root / "content"], root)
    diag, = build.diagnostics.sorted()
    assert diag.code == "N003" and diag.message == 'no survivor card is named "Sparky"'


def test_known_names_may_be_split_into_several_files(tmp_path):
    root = project(tmp_path, {
        "content/base/survivors/test-card.yaml": card_yaml('kill "Rod Miller". kill "Edward White".'),
        "content/base/known-names.yaml": "names:\n  - Rod Miller\n",
        "content/base/known-names-crossroads.yaml": "names:\n  - Edward White\n",
    })
    assert compile_paths([root / "content"], root).ok


def test_checking_one_file_resolves_names_of_the_other_cards(tmp_path):
    sparky = card_yaml("gain 1 morale.").replace("base.survivor.test-card", "base.survivor.sparky") \
        .replace("name: Test Card", "name: Sparky")
    root = project(tmp_path, {"content/base/survivors/sparky.yaml": sparky,
                              "content/base/survivors/test-card.yaml": card_yaml('kill "Sparky".')})
    build = compile_paths([root / "content/base/survivors/test-card.yaml"], root)
    assert build.ok and build.files == 1
