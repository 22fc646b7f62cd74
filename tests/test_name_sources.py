"""A card's name in a language is the rulebook's where a rulebook prints one (issue: the game's own
names): every `name_sources` entry cites a seed and a line, and that line of that seed prints the
name; and every name a seed's list of base crossroads prints is some card's Portuguese name."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
#: the rulebooks sit beside the project (../shared/seeds); a clone elsewhere on this machine finds them
#: where the project's own folder keeps them
SEEDS = next((p for p in (ROOT.parent / "shared" / "seeds", Path("/work/shared/seeds")) if p.is_dir()), ROOT / "missing")
CITE = re.compile(r"^seed (\d{3}), line (\d+)\b")


def _cards():
    for path in sorted((ROOT / "content").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "kind" in data and "name" in data:
            yield path, data


def _seed_lines(number: str) -> list[str]:
    (path,) = SEEDS.glob(f"{number}_*.txt")
    return path.read_text(encoding="utf-8").splitlines()


CITED = [(p.relative_to(ROOT).as_posix(), lang, cite, d["name"][lang])
         for p, d in _cards() for lang, cite in (d.get("name_sources") or {}).items()]


def test_the_official_names_are_cited():
    assert len(CITED) >= 30
    for path, lang, cite, name in CITED:
        assert CITE.match(cite), f"{path}: name_sources.{lang} must start 'seed NNN, line N': {cite!r}"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not beside the project")
@pytest.mark.parametrize("path,lang,cite,name", CITED, ids=[f"{c[0]}:{c[1]}" for c in CITED])
def test_the_cited_line_prints_the_name(path, lang, cite, name):
    m = CITE.match(cite)
    assert m, f"{path}: name_sources.{lang} must start 'seed NNN, line N': {cite!r}"
    lines = _seed_lines(m.group(1))
    line = int(m.group(2))
    assert 1 <= line <= len(lines), f"{path}: seed {m.group(1)} has {len(lines)} lines"
    near = " ".join(lines[line - 1:line + 1]).casefold()
    assert name.casefold() in near, f"{path}: line {line} of seed {m.group(1)} does not print {name!r}"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not beside the project")
def test_every_crossroads_name_the_warring_colonies_rulebook_lists_is_a_card_name():
    line = _seed_lines("000")[298 - 1]   # the base game's crossroads (line 311 lists The Long Night's)
    listed = [n.strip() for n in line.split("Cartas de Encruzilhada:", 1)[1].split(",")]
    assert len(listed) == 35
    pt_names = {d["name"]["pt"] if isinstance(d["name"], dict) else d["name"]
                for p, d in _cards() if d["kind"] in ("crossroads", "survivor")}
    missing = [n for n in listed if n not in pt_names]
    assert not missing, f"names the rulebook prints that no card uses: {missing}"


#: a card name a Portuguese rulebook prints only in another sense, which is not the card's name there
#: (a test fails when it becomes the card's: the word is then cited like any other)
OTHER_SENSE_PT = {
    "base.secret-objective.hunger": "seed 001 prints 'fome' only as the hunger token ('ficha de fome')",
    "base.secret-objective.leader": "seed 001 prints 'líder' only as the group leader ('líder do grupo')",
    "base.secret-objective.loner": "seeds 000 and 001 print 'Solitário' only in 'Lobo Solitário'",
}
PT_SEEDS = ("001", "000", "003")


def _printed_in(name: str, numbers=PT_SEEDS) -> tuple[str, int] | None:
    """The first seed and line that print ``name`` as a whole word (any case), or None."""
    word = re.compile(r"(?<!\w)" + re.escape(name.casefold()) + r"(?!\w)")
    for number in numbers:
        for index, line in enumerate(_seed_lines(number), 1):
            if word.search(line.casefold()):
                return number, index
    return None


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not beside the project")
def test_a_portuguese_name_a_rulebook_prints_is_cited_not_called_the_projects():
    """Every card whose Portuguese name is not its English one and that a Portuguese rulebook (seeds 001,
    000, 003) prints cites that rulebook: the site says "nome oficial" beside it, never "tradução do
    projeto" (site/build.py name_origin)."""
    uncited, stale = [], []
    for path, card in _cards():
        name = card["name"]
        if not isinstance(name, dict) or name.get("pt") in (None, name.get("en")):
            continue
        printed = _printed_in(name["pt"])
        cited = (card.get("name_sources") or {}).get("pt")
        if card["id"] in OTHER_SENSE_PT:
            if cited:
                stale.append(f"{card['id']}: cited now, drop it from OTHER_SENSE_PT")
            continue
        if printed and not cited:
            uncited.append(f"{path.relative_to(ROOT)}: {name['pt']!r} is printed in seed {printed[0]}, "
                           f"line {printed[1]}; cite it in name_sources.pt")
    assert not uncited and not stale, "\n".join(uncited + stale)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not beside the project")
def test_the_other_sense_words_are_still_printed():
    """The exemptions above name words the rulebooks do print (else the exemption is stale)."""
    names = {card["id"]: card["name"]["pt"] for _, card in _cards() if isinstance(card["name"], dict)}
    for card_id in OTHER_SENSE_PT:
        assert card_id in names and _printed_in(names[card_id]), card_id


def test_a_card_text_names_a_card_by_its_name_in_that_language():
    """A card's text in pt or vi names a card (itself or another) by that language's name, never by the
    English one where the language has its own ("Capitão Extermínio", not "The Enforcer")."""
    cards = [card for _, card in _cards()]
    english = {}
    for card in cards:
        name = card["name"]
        if isinstance(name, dict):
            for lang in ("pt", "vi"):
                if name.get(lang) and name.get("en") and name["en"] not in name[lang]:
                    english.setdefault(lang, {})[name["en"]] = name[lang]
    wrong = []

    def texts(value, lang, where):
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == lang and isinstance(inner, str):
                    yield where, inner
                elif key not in ("pt", "en", "vi", "sync", "tests", "effect", "name"):
                    yield from texts(inner, lang, f"{where}.{key}")
        elif isinstance(value, list):
            for i, inner in enumerate(value):
                yield from texts(inner, lang, f"{where}[{i}]")

    for card in cards:
        for lang, table in english.items():
            for where, text in texts({k: v for k, v in card.items() if k not in ("name", "tests", "name_sources", "source", "sex_source", "notes")}, lang, card["id"]):
                for en_name, own in table.items():
                    if re.search(r"(?<!\w)" + re.escape(en_name) + r"(?!\w)", text):
                        wrong.append(f"{where} ({lang}): {en_name!r} where the {lang} name is {own!r}")
    assert not wrong, "\n".join(wrong)


def _one_letter_apart(a: str, b: str) -> bool:
    return len(a) == len(b) and a != b and sum(x != y for x, y in zip(a, b)) == 1


def test_a_person_has_one_spelling():
    """A crossroads card named after a survivor spells the name as the survivor card does ("Gray Beard" on
    both, reference/base/survivors.csv; the other printing's "Grey Beard" is the card's also_called, which
    the search finds)."""
    cards = [card for _, card in _cards()]
    people = {c["name"] if isinstance(c["name"], str) else c["name"]["en"] for c in cards if c["kind"] == "survivor"}
    apart = []
    for card in cards:
        names = card["name"].values() if isinstance(card["name"], dict) else [card["name"]]
        for name in names:
            close = [p for p in people if isinstance(name, str) and _one_letter_apart(name, p)]
            if close:
                apart.append(f"{card['id']}: {name!r} is spelled {close[0]!r} on the survivor card")
    assert not apart, "\n".join(apart)
    grey = next(c for c in cards if c["id"] == "base.crossroads.grey-beard")
    assert grey["name"] == "Gray Beard" and "Grey Beard" in grey["also_called"]
