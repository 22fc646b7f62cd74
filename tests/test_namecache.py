"""Checking one card reads the other cards' names through a cache (compiler/namecache.py): the
result is the same as reading every file, an edited or removed card is read again, and a broken
cache changes nothing."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dow.compiler import namecache, project

ROOT = Path(__file__).resolve().parents[1]
CARD = Path("content/base/crossroads/christmas.yaml")            # quotes "Forest Plum"
SURVIVOR = Path("content/base/survivors/forest-plum.yaml")


@pytest.fixture()
def proj(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "content", tmp_path / "content")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def codes(root: Path) -> list[str]:
    build = project.compile_paths([root / CARD], root, jobs=1)
    return [d.code for d in build.diagnostics.errors]


def rename(root: Path, new: str) -> None:
    path = root / SURVIVOR
    path.write_text(path.read_text(encoding="utf-8").replace("Forest Plum", new, 3), encoding="utf-8")


def test_the_cache_gives_the_names_reading_every_file_gives(proj: Path):
    assert codes(proj) == []
    assert (proj / namecache.CACHE).is_file()
    cached = namecache.other_names(proj, [proj / CARD])
    (proj / namecache.CACHE).unlink()
    fresh = namecache.other_names(proj, [proj / CARD])
    assert cached == fresh
    assert "Forest Plum" in fresh["survivor"]
    assert "Christmas" not in fresh.get("crossroads", set())     # the card being compiled is left out


def test_an_edited_card_is_read_again(proj: Path):
    assert codes(proj) == []                                      # fills the cache
    rename(proj, "Forest Plumb")
    assert "Forest Plum" not in namecache.other_names(proj, [proj / CARD])["survivor"]
    assert codes(proj), "a quote of a name no card has any more must be an error"


def test_a_removed_card_drops_out(proj: Path):
    assert codes(proj) == []
    (proj / SURVIVOR).unlink()
    assert "Forest Plum" not in namecache.other_names(proj, [proj / CARD]).get("survivor", set())


@pytest.mark.parametrize("junk", ["", "{", "[]", '{"version": 1, "files": []}', '{"version": 99, "files": {}}',
                                  '{"version": 1, "files": {"x": 5}}'])
def test_a_broken_cache_is_ignored(proj: Path, junk: str):
    cache = proj / namecache.CACHE
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(junk, encoding="utf-8")
    assert codes(proj) == []
    assert "Forest Plum" in namecache.other_names(proj, [proj / CARD])["survivor"]


def test_a_cache_that_cannot_be_written_is_skipped(proj: Path):
    (proj / "build").write_text("a file where the build folder would be", encoding="utf-8")
    assert codes(proj) == []
