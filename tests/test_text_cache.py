"""The text catalogues and their compiled Jinja templates are kept on disk between runs
(render/text.py, ``_TextCache``): a cached language says exactly what a freshly read one says, a
changed catalogue is read again, and a broken or switched-off cache changes nothing."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dow.render import text
from dow.compiler.project import compile_paths

ROOT = Path(__file__).resolve().parents[1]
CARDS = [ROOT / "content/base/survivors/forest-plum.yaml", ROOT / "content/base/crossroads/christmas.yaml",
         ROOT / "content/warring-colonies/survivors/the-enforcer.yaml"]


@pytest.fixture(scope="module")
def cards() -> list[dict]:
    build = compile_paths(CARDS, ROOT, jobs=1)
    assert not build.diagnostics.errors
    return list(build.cards)


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("DOW_CACHE_DIR", str(folder))
    text.load_language.cache_clear()
    yield folder
    text.load_language.cache_clear()


def texts(cards: list[dict], templates: Path | None = None) -> dict:
    out = {}
    for lang in text.LANGS:
        for card in cards:
            out[lang, card["id"]] = text.card_texts(card, lang, templates)
        text.load_language(lang, str(templates) if templates else None).cache.save()   # what the exit does
    return out


def test_a_cached_language_says_what_a_fresh_one_says(cards, cache: Path):
    fresh = texts(cards)
    files = sorted(p.name for p in cache.iterdir())
    assert [f.split("-")[1] for f in files] == ["en", "pt", "vi"]
    text.load_language.cache_clear()
    for lang in text.LANGS:
        language = text.load_language(lang)
        assert language.cache.data is not None and language.cache.codes     # read from disk, templates too
    assert texts(cards) == fresh
    for lang in text.LANGS:                                                  # no template was compiled again
        assert text.load_language(lang).cache.new == {}


def test_a_changed_catalogue_is_read_again(cards, cache: Path, tmp_path: Path):
    folder = tmp_path / "templates"
    shutil.copytree(text.TEXT_DIR, folder)
    before = texts(cards, folder)
    en = folder / "en.yaml"
    en.write_text(en.read_text(encoding="utf-8").replace("nothing happens", "all is quiet"), encoding="utf-8")
    text.load_language.cache_clear()
    after = texts(cards, folder)
    assert len(list(cache.glob("text-en-*"))) == 2                           # another file, not the old one
    assert text.load_language("en", str(folder)).phrases["words"]["nothing"] == "all is quiet"
    assert {k: v for k, v in after.items() if k[0] != "en"} == {k: v for k, v in before.items() if k[0] != "en"}


def test_a_broken_cache_is_ignored(cards, cache: Path):
    fresh = texts(cards)
    for path in cache.iterdir():
        path.write_bytes(path.read_bytes()[:100])
    text.load_language.cache_clear()
    assert text.load_language("en").cache.codes == {}                         # nothing usable was read
    assert texts(cards) == fresh
    assert all(path.stat().st_size > 1000 for path in cache.iterdir())       # written again, whole
    text.load_language.cache_clear()
    assert text.load_language("en").cache.codes


def test_the_cache_can_be_switched_off(cards, cache: Path, monkeypatch):
    fresh = texts(cards)
    shutil.rmtree(cache)
    monkeypatch.setenv("DOW_CACHE_DIR", "off")
    text.load_language.cache_clear()
    assert texts(cards) == fresh
    assert not cache.exists()


def test_the_cached_plural_rule_is_the_locales(cache: Path):
    """The plural category comes from the CLDR rule kept in the cache: the same as Babel's for every count."""
    from babel import Locale
    texts([])
    text.load_language.cache_clear()
    for lang in text.LANGS:
        language = text.load_language(lang)
        assert language.cache.data is not None
        babel_rule = Locale.parse(lang).plural_form
        counts = [*range(0, 2001), 10**6, 2 * 10**6]
        assert [language.category(n) for n in counts] == [babel_rule(n) for n in counts]
    assert text.load_language("pt").category(0) == "one" and text.load_language("en").category(0) == "other"
    assert text.load_language("pt").category(10**6) == "many" and text.load_language("en").category(1) == "one"
