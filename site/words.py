"""The website's own words (site/catalogues/site/<lang>.yaml), read once per language.

Apart from site/build.py so that what tells a page's parts (site/examples.py, site/stats.py …) reads the
words without importing the whole build.
"""
from __future__ import annotations

import functools
from pathlib import Path

SITE_WORDS = Path(__file__).resolve().parent / "catalogues" / "site"


@functools.lru_cache(maxsize=None)
def site_words(lang: str) -> dict:
    """The website's own words in one language (site/catalogues/site/<lang>.yaml); in the pseudo-locale,
    the English words accented and bracketed, so a word that skips this catalogue shows up plain."""
    from ruamel.yaml import YAML

    from dow.compiler.messages import PSEUDO, pseudo
    if lang == PSEUDO:
        return _map_strings(site_words("en"), pseudo)
    return YAML(typ="safe").load((SITE_WORDS / f"{lang}.yaml").read_text(encoding="utf-8"))


def _map_strings(value, fn):
    if isinstance(value, dict):
        return {k: _map_strings(v, fn) for k, v in value.items()}
    if isinstance(value, list):
        return [_map_strings(v, fn) for v in value]
    return fn(value) if isinstance(value, str) else value
