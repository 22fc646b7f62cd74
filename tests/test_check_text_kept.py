"""``dow check``'s text comparison (L004) is kept between checks, card by card (render/text.py,
``kept_text_warnings``): a check that reads the kept warnings reports exactly what a check that compares
every text again reports, in every output form and language; a changed card or catalogue word is
compared again, never read from what was kept; a kept file that is damaged is ignored without a
traceback; and the bundle a build writes is the same whatever the cache holds."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from conftest import card_yaml
from dow.cli.main import main
from dow.render import text

ROOT = Path(__file__).resolve().parents[1]
REAL = ["base/survivors/forest-plum.yaml", "base/crossroads/christmas.yaml",
        "warring-colonies/survivors/the-enforcer.yaml"]
#: a card whose authored text says 2 where its effect gains 1 (three L004 warnings, one per language)
DISAGREES = card_yaml("gain 1 morale.").replace(
    "text: {pt: t, en: t, vi: t}", "text: {pt: Ganhe 2 de moral., en: Gain 2 morale., vi: Được 2 tinh thần.}")
#: a card whose texts agree with its effect in every language (no L004)
AGREES = card_yaml("gain 2 morale.").replace("id: base.survivor.test-card", "id: base.survivor.agrees").replace(
    "name: Test Card", "name: Agrees").replace(
    "text: {pt: t, en: t, vi: t}", "text: {pt: Ganhe 2 de moral., en: Gain 2 morale., vi: Được 2 tinh thần.}")


@pytest.fixture()
def project(tmp_path: Path, monkeypatch) -> Path:
    root = tmp_path / "project"
    (root / "content/base/survivors").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    for rel in REAL:
        (root / "content" / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / "content" / rel, root / "content" / rel)
    (root / "content/base/survivors/test-card.yaml").write_text(DISAGREES, encoding="utf-8")
    (root / "content/base/survivors/agrees.yaml").write_text(AGREES, encoding="utf-8")
    monkeypatch.setenv("DOW_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("DOW_JOBS", "1")
    text.renderer_stamp.cache_clear()
    text.load_language.cache_clear()
    yield root
    text.renderer_stamp.cache_clear()
    text.load_language.cache_clear()


def check(root: Path, capsys, *extra: str) -> tuple[int, str, str]:
    code = main(["--root", str(root), "check", *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def outputs(root: Path, capsys) -> list:
    """What a check says, as text in English and Portuguese and as JSON."""
    return [check(root, capsys), check(root, capsys, "--lang", "pt"), check(root, capsys, "--format", "json")]


def kept_files(root: Path) -> dict[str, bytes]:
    folder = text.kept_folder(root)
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder and folder.is_dir() else {}


def test_a_check_from_kept_warnings_says_what_a_fresh_comparison_says(project: Path, capsys, monkeypatch):
    monkeypatch.setenv("DOW_CACHE_DIR", "off")
    fresh = outputs(project, capsys)                   # nothing kept: every text compared
    assert fresh[0][0] == 0 and fresh[0][2].count("warning L004") == 3 and "numbers differ" in fresh[0][2]
    assert sum(d["code"] == "L004" for d in json.loads(fresh[2][1])) == 3
    monkeypatch.setenv("DOW_CACHE_DIR", str(project.parent / "cache"))
    assert outputs(project, capsys) == fresh           # cold: compared and kept
    kept = kept_files(project)
    assert len(kept) == 5                              # one file per card
    compared = []
    real = text._card_lines
    monkeypatch.setattr(text, "_card_lines", lambda card: compared.append(card["id"]) or real(card))
    assert outputs(project, capsys) == fresh           # warm: read, not compared
    assert compared == [] and kept_files(project) == kept


def test_a_changed_card_is_compared_again(project: Path, capsys):
    code, _, err = check(project, capsys)
    assert err.count("warning L004") == 3
    card = project / "content/base/survivors/test-card.yaml"
    card.write_text(DISAGREES.replace("gain 1 morale.", "gain 2 morale."), encoding="utf-8")   # now it agrees
    code, _, err = check(project, capsys)
    assert code == 0 and "L004" not in err
    card.write_text(DISAGREES.replace("gain 1 morale.", "gain 3 morale."), encoding="utf-8")
    _, _, err = check(project, capsys, str(card))      # a one-card check, too
    assert err.count("warning L004") == 3 and "generated 3" in err


def test_a_changed_catalogue_word_is_compared_again(project: Path, capsys, monkeypatch, tmp_path: Path):
    _, _, err = check(project, capsys)
    assert "Agrees" not in err and "agrees.yaml" not in err    # its texts agree
    words = tmp_path / "text"
    shutil.copytree(text.TEXT_DIR, words)
    glossary = words / "glossary.yaml"
    said = glossary.read_text(encoding="utf-8")
    assert "{en: morale," in said
    glossary.write_text(said.replace("{en: morale,", "{en: morale (at most 7),"), encoding="utf-8")
    monkeypatch.setattr(text, "TEXT_DIR", words)
    text.renderer_stamp.cache_clear()
    text.load_language.cache_clear()
    _, _, err = check(project, capsys)
    assert "content/base/survivors/agrees.yaml:1:1: warning L004: [en]" in err and "generated 2, 7" in err
    assert "[pt]" not in err.split("agrees.yaml")[1].split("\n")[0]


def test_a_damaged_kept_file_is_ignored_and_written_again(project: Path, capsys):
    fresh = outputs(project, capsys)
    folder = text.kept_folder(project)
    damage = [b"", b"\x80\x81 not json", b"[1, 2]", b'{"format": 1, "card": "x", "warnings": []}',
              b'{"format": 1, "card": "%s", "warnings": [["en", {"msg_id": "no.such.message", "params": {}}]]}']
    files = sorted(folder.iterdir())
    for path, bad in zip(files, damage):
        path.write_bytes(bad.replace(b"%s", path.stem.encode()))
    assert outputs(project, capsys) == fresh           # no traceback, the same warnings
    for path in files:
        assert json.loads(path.read_bytes())["card"] == path.stem    # compared again and kept again


def test_the_bundle_is_the_same_whatever_the_cache_holds(project: Path, capsys, tmp_path: Path):
    assert main(["--root", str(project), "build", "--force", "--no-site", "--out", str(tmp_path / "cold")]) == 0
    check(project, capsys)                             # the kept warnings written
    check(project, capsys)                             # and read
    assert main(["--root", str(project), "build", "--force", "--no-site", "--out", str(tmp_path / "warm")]) == 0
    capsys.readouterr()
    assert (tmp_path / "cold/bundle.json").read_bytes() == (tmp_path / "warm/bundle.json").read_bytes()


def test_a_whole_check_drops_what_the_project_no_longer_has(project: Path, capsys):
    check(project, capsys)
    before = set(kept_files(project))
    card = project / "content/base/survivors/test-card.yaml"
    card.write_text(DISAGREES.replace("gain 1 morale.", "gain 2 morale."), encoding="utf-8")
    check(project, capsys, str(card))                  # one card: nothing dropped
    after_one = set(kept_files(project))
    assert before < after_one and len(after_one) == 6
    for path in text.kept_folder(project).iterdir():   # as a later check finds them (the prune allows 1 s)
        os.utime(path, (path.stat().st_atime - 60, path.stat().st_mtime - 60))
    check(project, capsys)                             # the whole project: the old card's file dropped
    assert len(set(kept_files(project))) == 5 and set(kept_files(project)) < after_one
