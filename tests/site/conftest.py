"""Fixtures shared by the site's tests."""
from __future__ import annotations

import pytest

from dow.site.examples import example_names, worked_examples


@pytest.fixture(scope="session")
def told(bundle):
    """(card, scenario number, example) for every scenario of every card, per language: told once for every
    test file that reads the worked examples."""
    out = {}
    for lang in ("pt", "en", "vi"):
        names = example_names(bundle["cards"], lang)
        out[lang] = [(card, n, example) for card in bundle["cards"] if card.get("tests")
                     for n, example in enumerate(worked_examples(card, names, lang, bundle), 1)]
    return out
