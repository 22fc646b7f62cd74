"""A valid ruleset is kept in build/.cache/rulesets.pickle (compiler/ruleset.py) and read from there
while its file is the same: an edited ruleset is read and checked again, even at the same size, and a
broken one is never kept, so its located error comes every time."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dow.compiler import ruleset

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def proj(tmp_path: Path) -> Path:
    for game in ("base", "warring-colonies"):
        (tmp_path / "content" / game).mkdir(parents=True)
        shutil.copy(ROOT / "content" / game / "ruleset.yaml", tmp_path / "content" / game / "ruleset.yaml")
    return tmp_path


def load(root: Path):
    return ruleset.load_rulesets(root / "content", root)


def test_the_cached_rulesets_are_the_checked_ones(proj: Path):
    fresh, problems = load(proj)
    assert problems == [] and set(fresh) == {"base", "warring-colonies"}
    assert (proj / ruleset.CACHE).is_file()
    cached, problems = load(proj)
    assert problems == [] and cached == fresh
    cached["base"]["wounds_to_kill"] = 99                                    # a copy: the cache is not touched
    assert load(proj)[0] == fresh


def test_an_edit_of_the_same_size_is_read_again(proj: Path):
    before, _ = load(proj)
    path = proj / "content/base/ruleset.yaml"
    source = path.read_text(encoding="utf-8")
    assert "wounds_to_kill: 3" in source
    path.write_text(source.replace("wounds_to_kill: 3", "wounds_to_kill: 4"), encoding="utf-8")
    after, problems = load(proj)
    assert problems == [] and after["base"]["wounds_to_kill"] == 4 and before["base"]["wounds_to_kill"] == 3


def test_a_broken_ruleset_is_reported_every_time(proj: Path):
    load(proj)
    path = proj / "content/base/ruleset.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("wounds_to_kill: 3", "wounds_to_kill: -1"),
                    encoding="utf-8")
    for _ in range(2):
        found, problems = load(proj)
        assert "base" not in found and "warring-colonies" in found
        assert [(p.code, p.file.endswith("base/ruleset.yaml")) for p in problems] == [("S005", True)]
        assert problems[0].line > 1


def test_an_unreadable_cache_changes_nothing(proj: Path):
    fresh, _ = load(proj)
    (proj / ruleset.CACHE).write_bytes(b"not a pickle")
    assert load(proj) == (fresh, [])
    (proj / ruleset.CACHE).unlink()
    (proj / ruleset.CACHE).mkdir()                                           # cannot be written either
    assert load(proj) == (fresh, [])
