"""Rules chapters: the same anchors, in the same order, in every language; links resolve."""
import re
from pathlib import Path

import pytest

from dow.compiler.cards import LANGS

RULES = Path(__file__).resolve().parent.parent / "content" / "rules"
CHAPTERS = sorted(p.stem for p in (RULES / "en").glob("*.md"))
IDS = re.compile(r"\{:?\s*#([a-z0-9-]+)\s*\}")
LINKS = re.compile(r"\]\(([a-z0-9-]*\.md)?#([a-z0-9-]+)\)")


def ids(lang: str, chapter: str) -> list[str]:
    return IDS.findall((RULES / lang / f"{chapter}.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_language_has_the_same_anchors_in_the_same_order(chapter):
    english = ids("en", chapter)
    assert len(english) == len(set(english)) > 5
    for lang in LANGS:
        assert ids(lang, chapter) == english, lang


@pytest.mark.parametrize("lang", LANGS)
def test_every_link_to_an_anchor_resolves(lang):
    known = {chapter: set(ids(lang, chapter)) for chapter in CHAPTERS}
    for chapter in CHAPTERS:
        text = (RULES / lang / f"{chapter}.md").read_text(encoding="utf-8")
        for target, anchor in LINKS.findall(text):
            page = target[:-3] if target else chapter
            assert anchor in known.get(page, set()), f"{lang}/{chapter}.md links to {target}#{anchor}"
        assert "http://" not in text and "https://" not in text, f"{lang}/{chapter}.md links to another host"
