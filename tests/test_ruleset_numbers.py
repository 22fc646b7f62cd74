"""The numbers the engine plays by (content/base/ruleset.yaml) are the numbers the rules chapters
state, in every language: a rule changed in the ruleset and not in the chapters (or in one
translation and not the others) fails here, naming the number, the paragraph and the language.

Each rule below names a ruleset value, the paragraph of content/rules/<lang>/base-game.md that
states it (by its block anchor, the same in pt, en and vi) and, per language, the words around the
number, with ``{n}`` where the number stands."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
RULESET = ROOT / "content" / "base" / "ruleset.yaml"
CHAPTERS = ROOT / "content" / "rules"

#: (ruleset key path, block anchor, {lang: the words around the number})
RULES = [
    (("wounds_to_kill",), "base-killing-survivors-causes",
     {"en": "when it has {n} or more wound tokens", "pt": "quando ele tem {n} ou mais fichas de ferimento",
      "vi": "có từ {n} thẻ vết thương trở lên"}),
    (("clean_waste",), "base-clean-waste-action",
     {"en": "take the top {n} cards of the waste pile", "pt": "as {n} cartas do topo do lixão",
      "vi": "loại {n} thẻ trên cùng của đống rác"}),
    (("attract",), "base-attract-action",
     {"en": "Take {n} zombies from any location", "pt": "Pegue {n} zumbis de qualquer local",
      "vi": "Lấy {n} zombie từ bất kỳ địa điểm nào"}),
    (("zombies", "noise_adds_on_or_below"), "base-noise-roll",
     {"en": "On a result of {n} or lower", "pt": "Com resultado {n} ou menor", "vi": "Nếu ra {n} hoặc thấp hơn"}),
    (("setup", "starting_items"), "base-setup-items",
     {"en": "deal {n} to each player", "pt": "dê {n} a cada jogador", "vi": "chia cho mỗi người chơi {n} thẻ"}),
]


def _value(path: tuple[str, ...]) -> int:
    value = yaml.safe_load(RULESET.read_text(encoding="utf-8"))
    for key in path:
        value = value[key]
    assert isinstance(value, int), f"{RULESET.name}: {'.'.join(path)} is not a number"
    return value


def paragraph(lang: str, anchor: str) -> str:
    """The block a chapter marks with ``{: #anchor }``: the lines after the previous blank line."""
    lines = (CHAPTERS / lang / "base-game.md").read_text(encoding="utf-8").split("\n")
    mark = f"{{: #{anchor} }}"
    at = next((i for i, line in enumerate(lines) if line.strip() == mark), None)
    assert at is not None, f"content/rules/{lang}/base-game.md has no block {mark}"
    start = at
    while start > 0 and lines[start - 1].strip():
        start -= 1
    return " ".join(lines[start:at])


def stated(words: str, text: str) -> list[int]:
    """The numbers ``text`` states where ``words`` has ``{n}``."""
    head, _, tail = words.partition("{n}")
    pattern = re.escape(head) + r"(\d+)" + re.escape(tail)
    return [int(n) for n in re.findall(pattern, text)]


@pytest.mark.parametrize("lang", ["en", "pt", "vi"])
@pytest.mark.parametrize("path, anchor, words", RULES, ids=[".".join(r[0]) for r in RULES])
def test_the_chapter_states_the_rulesets_number(path, anchor, words, lang):
    want = _value(path)
    text = paragraph(lang, anchor)
    found = stated(words[lang], text)
    assert found, f"content/rules/{lang}/base-game.md #{anchor} no longer says {words[lang]!r}: {text[:200]}"
    assert found == [want], (f"content/rules/{lang}/base-game.md #{anchor} says {found}, "
                             f"{RULESET.relative_to(ROOT)} {'.'.join(path)} is {want}")


def test_a_changed_number_is_caught():
    """The check reads the number, not the words alone: the paragraph with another number fails."""
    text = paragraph("pt", "base-killing-survivors-causes")
    assert stated(RULES[0][2]["pt"], text) == [3]
    assert stated(RULES[0][2]["pt"], text.replace("tem 3 ou mais", "tem 4 ou mais")) == [4]
