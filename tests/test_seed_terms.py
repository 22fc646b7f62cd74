"""The game's own words in each language come from its rulebook: where seed 002 (the Vietnamese
summary of Warring Colonies) names a term of the game, every Vietnamese text of the project uses that
word, never a synonym of its own. The walk covers every Vietnamese catalogue (card text templates,
the log, the site, messages, docs), the glossary, the rules chapters, every card file's Vietnamese
text, and the log of a game of each kind told in Vietnamese."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: term -> (the rulebook's word, the line of seed 002 that prints it, the words the project must not use for it)
VI_TERMS = {
    "zombie": ("zombie", 251, ("thây ma",)),
    "card": ("thẻ", 11, ("lá bài",)),
    "search": ("tìm kiếm", None, ("lục soát",)),
    "attract": ("thu hút", None, ("dụ thây ma", "dụ zombie")),
    "ability": ("khả năng", 59, ("năng lực", "kỹ năng")),
    # the project's own choice, one word for one thing: a tool card is 'dụng cụ' (the glossary), never 'công cụ'
    "tool": ("dụng cụ", None, ("lá công cụ", "thẻ công cụ")),
}


def _vi_sources() -> list[Path]:
    from dow.i18n.catalogues import GLOSSARY_FILE, language_files
    files = language_files("vi", ROOT) + sorted((ROOT / "content" / "rules" / "vi").glob("*.md"))
    files += [ROOT / GLOSSARY_FILE, ROOT / "content" / "glossary.yaml"]
    files += sorted((ROOT / "content").rglob("*.yaml")) + sorted((ROOT / "docs" / "vi").glob("*.md"))
    return files


def test_every_vietnamese_text_uses_the_rulebooks_words():
    found = []
    for path in _vi_sources():
        text = path.read_text(encoding="utf-8").casefold()
        for term, (word, _, avoid) in VI_TERMS.items():
            for other in avoid:
                for m in re.finditer(rf"(?<!\w){re.escape(other)}(?!\w)", text):
                    line = text.count("\n", 0, m.start()) + 1
                    found.append(f"{path.relative_to(ROOT)}:{line}: '{other}' where seed 002 says '{word}' ({term})")
    assert not found, f"{len(found)} places:\n" + "\n".join(found[:30])


@pytest.mark.parametrize("term", sorted(t for t, v in VI_TERMS.items() if v[1]))
def test_the_cited_line_of_seed_002_prints_the_word(term):
    seeds = next((p for p in (ROOT.parent / "shared" / "seeds", Path("/work/shared/seeds")) if p.is_dir()), None)
    if seeds is None:
        pytest.skip("the rulebooks are not beside the project")
    word, line, _ = VI_TERMS[term]
    (path,) = seeds.glob("002_*.txt")
    assert word in path.read_text(encoding="utf-8").splitlines()[line - 1].casefold()


def test_a_game_told_in_vietnamese_uses_the_rulebooks_words(bundle):
    from dow.render.playlog import Teller
    from dow.runtime.engine.sim import play_game
    lines = []
    for variants, players in (((), 4), (("warring-colonies",), 5)):
        game, _, _ = play_game(bundle, 3, players, "bot", variants=list(variants))
        lines += Teller(bundle, "vi", game.state.cards).lines(game.log.public())
    assert len(lines) > 100
    text = "\n".join(lines).casefold()
    bad = [other for _, _, avoid in VI_TERMS.values() for other in avoid if other in text]
    assert not bad, bad
