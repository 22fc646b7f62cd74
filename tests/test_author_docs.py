"""The author guide in Portuguese and Vietnamese keeps step with the English one.

The translations are written by hand, so nothing regenerates them; these tests catch the drift
instead: every command and example must be the one the English guide shows (comments in them
may be translated), the sections must match, and every link must lead to a file.
"""
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
COMMENT = re.compile(r"\s+#\s.*$", re.M)  # a '#' after a space, then a space: a shell or YAML comment
LINK = re.compile(r"\]\(([^)#]+)(?:#[^)]*)?\)")


def code_blocks(text: str) -> list[str]:
    """The fenced blocks of a Markdown text, comments taken out."""
    return [COMMENT.sub("", block) for block in FENCE.findall(text)]


def guide(lang: str = "") -> str:
    return (DOCS / lang / "authoring.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_translated_guide_shows_the_same_commands_and_examples(lang):
    english, translated = code_blocks(guide()), code_blocks(guide(lang))
    assert len(english) >= 8
    assert translated == english, f"docs/{lang}/authoring.md: a command or example differs from docs/authoring.md"


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_translated_guide_has_the_same_sections_none_left_in_english(lang):
    english = re.findall(r"^##? .*$", guide(), re.M)
    translated = re.findall(r"^##? .*$", guide(lang), re.M)
    assert len(translated) == len(english)
    assert [re.match(r"#+ \d*", h).group() for h in translated] == [re.match(r"#+ \d*", h).group() for h in english]
    assert not set(translated) & set(english)


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_every_link_of_a_translated_guide_leads_to_a_file(lang):
    links = LINK.findall(guide(lang))
    assert {"card-files.md", "effect-language.md"} <= {Path(link).name for link in links}
    for link in links:
        assert (DOCS / lang / link).resolve().is_file(), f"docs/{lang}/authoring.md links to a missing {link}"


def test_vietnamese_guide_is_written_with_its_diacritics():
    words = re.findall(r"[^\W\d_]+", FENCE.sub("", guide("vi")))
    marked = [w for w in words if re.search(r"[^a-zA-Z]", w)]
    assert len(marked) / len(words) > 0.4  # Vietnamese without its marks would be near 0
    assert {"được", "thẻ", "không", "dịch"} <= set(words)
