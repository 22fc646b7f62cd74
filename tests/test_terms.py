"""One word per game term: the Portuguese and Vietnamese texts use the glossary's term, never an
avoided variant.

content/glossary.yaml names, per term, the variants the project does not use (``avoid:``), as the
rulebooks of each language decide (seeds 001 and 000 in Portuguese, 002 in Vietnamese). Every text a
reader sees in that language is scanned: card fields, rules chapters, the glossary itself, the text
templates, the translated docs, the site's, the messages' and the game log's catalogues. A variant is
allowed only inside a glossary term (``thủ lĩnh`` inside ``thủ lĩnh nhóm``) or a phrase the glossary
keeps (``keep:``, e.g. ``limpar o lixo``, the rulebook's name of the action).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
GLOSSARY = YAML(typ="safe").load((CONTENT / "glossary.yaml").read_text(encoding="utf-8"))


def avoided(lang: str) -> dict[str, str]:
    """{variant: the chosen term} for a language."""
    return {variant: entry["term"][lang] for entry in GLOSSARY for variant in (entry.get("avoid") or {}).get(lang, ())}


def terms(lang: str) -> list[str]:
    """The glossary's terms in a language and the phrases it keeps (a variant inside them is no variant)."""
    return [str(entry["term"][lang]) for entry in GLOSSARY] + [
        str(phrase) for entry in GLOSSARY for phrase in (entry.get("keep") or {}).get(lang, ())]


def texts_in(value, lang: str):
    """Every text of one language in a YAML value: values under a ``lang`` key, recursively."""
    if isinstance(value, dict):
        for key, child in value.items():
            if key == lang and isinstance(child, str):
                yield child
            elif key == lang and isinstance(child, dict):  # glossary forms {one, other}
                yield from (v for v in child.values() if isinstance(v, str))
            else:
                yield from texts_in(child, lang)
    elif isinstance(value, list):
        for child in value:
            yield from texts_in(child, lang)


def sources(lang: str) -> list[tuple[str, str]]:
    """(where, text) for every text of the project in one language that a reader sees."""
    yaml = YAML(typ="safe")
    out = []
    for path in sorted(CONTENT.rglob("*.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"))
        if path.name == "glossary.yaml":  # its avoided variants and kept phrases are not texts
            data = [{k: v for k, v in entry.items() if k not in ("avoid", "keep")} for entry in data]
        out += [(path.relative_to(ROOT).as_posix(), text) for text in texts_in(data, lang)]
    for path in sorted((CONTENT / "rules" / lang).glob("*.md")) + sorted((ROOT / "docs" / lang).glob("*.md")):
        out.append((path.relative_to(ROOT).as_posix(), _without_code(path.read_text(encoding="utf-8"))))
    from dow.i18n.catalogues import GLOSSARY_FILE, language_files
    for path in language_files(lang, ROOT):
        out.append((path.relative_to(ROOT).as_posix(), "\n".join(_strings(yaml.load(path.read_text(encoding="utf-8"))))))
    glossary = yaml.load((ROOT / GLOSSARY_FILE).read_text(encoding="utf-8"))
    glossary.pop("card_type.trash", None)  # the item kind trash, pt 'lixo': another term than the waste pile
    out += [("render/catalogues/text/glossary.yaml", text) for text in texts_in(glossary, lang)]
    return out


def _without_code(markdown: str) -> str:
    """Markdown without its code (fenced blocks, `spans`): a guide may name an avoided word as code; a
    link is its text, as the reader reads it ('một cuộc [trận chiến](#wc-warfare)')."""
    text = re.sub(r"`[^`\n]*`", "", re.sub(r"(?ms)^```.*?^```", "", markdown))
    return re.sub(r"\[([^\]]*)\]\([^)\n]*\)", r"\1", text)


def vi_sources() -> list[tuple[str, str]]:
    """(where, text) for every Vietnamese text of the project."""
    return sources("vi")


def _strings(value):
    if isinstance(value, dict):
        for child in value.values():
            yield from _strings(child)
    elif isinstance(value, list):
        for child in value:
            yield from _strings(child)
    elif isinstance(value, str):
        yield value


def _flagged(text: str, variants: dict[str, str], allowed: list[str]) -> list[str]:
    """The variants in a text that no allowed term covers."""
    covered = [m.span() for term in allowed for m in re.finditer(_pattern(term), text)]
    hits = []
    for variant, chosen in variants.items():
        for m in re.finditer(_pattern(variant), text):
            if not any(a <= m.start() and m.end() <= b for a, b in covered):
                hits.append((m.span(), f"'{m.group(0)}' (use '{chosen}')"))
    # a variant inside a longer variant found at the same place is one slip ('thủ lĩnh' in 'thủ lĩnh thuộc địa')
    return [said for (a, b), said in hits
            if not any(c <= a and b <= d and (c, d) != (a, b) for (c, d), _ in hits)]


def _pattern(words: str) -> re.Pattern:
    """A phrase, case-insensitive, whole words, any whitespace between words (Markdown wraps lines)."""
    return re.compile(r"(?<!\w)" + r"\s+".join(re.escape(w) for w in words.split()) + r"(?!\w)", re.IGNORECASE)


def test_vietnamese_texts_use_one_term_per_concept():
    variants, allowed = avoided("vi"), terms("vi")
    assert {"khu định cư", "thủ lĩnh thuộc địa", "sức chiến đấu"} <= set(variants)
    problems = [f"{where}: {hit}" for where, text in vi_sources() for hit in _flagged(text, variants, allowed)]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang, chosen", [("pt", {"busca", "lixo"}), ("vi", {"yếu thế", "rào chắn", "lương thực"})])
def test_every_reader_text_uses_the_rulebooks_term(lang, chosen):
    """Seeds 001/000 write 'explorar' and 'lixão', seed 002 'bất lực', 'chướng ngại vật', 'thức ăn': the
    other words for those terms appear nowhere a reader of that language looks."""
    variants, allowed = avoided(lang), terms(lang)
    assert chosen <= set(variants)
    problems = [f"{where}: {hit}" for where, text in sources(lang) for hit in _flagged(text, variants, allowed)]
    assert problems == [], "\n".join(problems)


def test_in_warring_colonies_a_bare_thu_linh_is_the_colony_leader_and_is_flagged():
    """'thủ lĩnh' alone is the group leader's word ('thủ lĩnh nhóm') and the Winter Tricks Leader;
    in Warring Colonies texts the colony leader is 'lãnh đạo'."""
    wc = [(w, t) for w, t in vi_sources() if "warring-colonies" in w]
    assert wc
    problems = [f"{where}: {hit}" for where, text in wc
                for hit in _flagged(text, {"thủ lĩnh": "lãnh đạo thuộc địa"}, ["thủ lĩnh nhóm"])]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("text, hits", [
    ("Mỗi người sống sót ở khu định cư nhận 1 vết thương.", 1),
    ("Thủ lĩnh thuộc địa tung xúc xắc chiến đấu.", 1),
    ("Cộng 2 vào sức mạnh chiến đấu.", 0),
    ("Cộng 2 vào sức chiến đấu của thuộc địa.", 1),
    ("Cộng 2 vào SỨC CHIẾN ĐẤU.", 1),              # any case
    ("trong mỗi cuộc chiến tranh giữa các\nthuộc địa", 1),  # wrapped over two lines
])
def test_the_lint_finds_planted_variants(text, hits):
    assert len(_flagged(text, avoided("vi"), terms("vi"))) == hits


@pytest.mark.parametrize("text, hits", [
    ("Um sobrevivente seu faz uma busca na escola.", 1),
    ("Ponha a carta no lixo.", 1),
    ("Ponha a carta no lixão.", 0),
    ("Gaste 1 dado para limpar o lixo.", 0),           # the action's name (seed 001 'Limpeza do Lixo')
    ("Na verificação do\nlixo, conte as cartas.", 0),  # the step's name, wrapped
    ("Lixo: ponha 1 ficha de comida no estoque.", 0),  # an item's trash ability
])
def test_the_lint_finds_planted_portuguese_variants(text, hits):
    assert len(_flagged(text, avoided("pt"), terms("pt"))) == hits


#: the English names of the games, as the English rulebooks print them, and the Portuguese ones (seed 000, line
#: 1: "Dead of Winter: Colônias em Guerra"; seed 001, line 3: "Dead of Winter: Um Jogo de Encruzilhadas";
#: the Winter Tricks chapter's title); a Portuguese reader's text names them in Portuguese
ENGLISH_NAMES = {"Warring Colonies": "Colônias em Guerra", "A Crossroads Game": "Um Jogo de Encruzilhadas",
                 "Winter Tricks": "Truques de Inverno", "Lone Wolf": "Lobo Solitário", "snowmobile": "moto de neve"}


def test_portuguese_texts_name_the_games_in_portuguese():
    """No Portuguese text a reader meets (card texts, rules chapters, guides, glossary, every catalogue: the
    site's, the log's, the card text templates', the docs') carries a game's English name; the card pages show
    the English card names only under 'other names', which the English name fields fill, not these texts.
    ``name_sources`` (the authors' note of where a Portuguese name was printed) is for authors, in English."""
    problems = [f"{where}: '{english}' (write '{pt}')" for where, text in sources("pt")
                for english, pt in ENGLISH_NAMES.items() if re.search(rf"(?<!\w){english}(?!\w)", text)
                and not _only_name_sources(where, text)]
    assert problems == [], "\n".join(problems)


def _only_name_sources(where: str, text: str) -> bool:
    """A card file's ``name_sources`` note: where the Portuguese name is printed, written for authors."""
    if not where.startswith("content/") or where.endswith("glossary.yaml"):
        return False
    data = YAML(typ="safe").load((ROOT / where).read_text(encoding="utf-8"))
    return text in ((data or {}).get("name_sources") or {}).values()
