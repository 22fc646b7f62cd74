"""The theme's own words (Material's search box, copy buttons, the table of contents, the heading
links) in the reader's language: site/overrides/partials/languages/{pt,vi}.html give every word the
theme has, none left in English (the built pages are read in tests/site/test_leaks.py)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OURS = ROOT / "site" / "overrides" / "partials" / "languages"
#: the search engine's settings, not words a reader sees (the theme's English file serves every language)
SETTINGS = {"search.config.lang", "search.config.pipeline", "search.config.separator", "language", "direction"}


def _words(path: Path) -> dict[str, str]:
    return dict(re.findall(r'^\s*"([^"]+)": "(.*)",?$', path.read_text(encoding="utf-8"), re.M))


def _theme_file(lang: str) -> Path:
    import material
    return Path(material.__file__).parent / "templates" / "partials" / "languages" / f"{lang}.html"


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_every_word_of_the_theme_is_translated(lang):
    english, ours = _words(_theme_file("en")), _words(OURS / f"{lang}.html")
    assert len(english) > 40
    missing = sorted(set(english) - set(ours) - SETTINGS)
    assert not missing, f"{lang}: the theme has words the site does not translate: {missing}"
    same = sorted(k for k in english.keys() - SETTINGS if ours.get(k) == english[k])
    assert not same, f"{lang}: still in English: {[(k, ours[k]) for k in same]}"
    assert ours["language"] == lang
