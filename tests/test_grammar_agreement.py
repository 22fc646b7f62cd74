"""Portuguese sentences agree with the names filled into them (render/grammar.py): "Bev Russell é
posta", "Pistola foi usada", "Maria Lopez é a líder do grupo", never the masculine form said of a
woman or of a feminine noun.

Walks the class three ways: every card that a sentence can name has its gender (a survivor's sex,
another physical card's grammatical gender); every pt template of the game log and of the worked
examples that says a participle of a named value marks it as agreeing; and every such template,
filled with every survivor and every gendered card name, gives each name its own form."""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
import yaml

from dow.render.grammar import AGREEING as MARK, FORM, card_gender, choose, fill, learn

ROOT = Path(__file__).resolve().parent.parent
#: card kinds a log or an example sentence names as the subject of a participle ("é equipada")
GENDERED_KINDS = ("survivor", "item", "equipment", "resource", "relic", "expedition", "tactic", "die")


def _cards() -> list[dict]:
    cards = []
    for path in sorted((ROOT / "content").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "kind" in data and "name" in data:
            cards.append(data)
    return cards


CARDS = _cards()
NAMES = {}          # pt name -> gender
for _card in CARDS:
    if _card["kind"] in GENDERED_KINDS and card_gender(_card, "pt"):
        _name = _card["name"]
        NAMES[_name["pt"] if isinstance(_name, dict) else _name] = card_gender(_card, "pt")
GENDERS = learn(CARDS, "pt")   # what a teller of this bundle keeps


def _templates(value, where=""):
    """Every string of a catalogue, with where it is."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _templates(inner, f"{where}.{key}" if where else str(key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _templates(inner, f"{where}[{i}]")
    elif isinstance(value, str):
        yield where, value


def _catalogue_templates():
    log = yaml.safe_load((ROOT / "render/catalogues/log/pt.yaml").read_text(encoding="utf-8"))
    site = yaml.safe_load((ROOT / "site/catalogues/site/pt.yaml").read_text(encoding="utf-8"))
    for where, text in _templates(log):
        yield f"log:{where}", text
    for where, text in _templates(site.get("examples") or {}):
        yield f"examples:{where}", text


TEMPLATES = list(_catalogue_templates())
#: a named value's field ("{survivor}", "{card}", "{name}", "{0}") as a sentence's subject, followed by a verb of state and a
#: participle or "o líder" that should agree with it
NAMED = r"\{(survivor|card|cards|name|players|0|1)\}"
SAID_OF = re.compile(r"(?:^|[.:;!?] )" + NAMED + r" (?:não )?(?:é|foi|está|fica|passa a ser)( (?:o|a) líder| [a-zà-ú]+(?:ado|ido|osto|orto|ada|ida|osta|orta)\b)")


def test_every_card_a_sentence_names_has_a_gender():
    missing = [c["id"] for c in CARDS if c["kind"] in GENDERED_KINDS and card_gender(c, "pt") is None
               and not (c["kind"] == "survivor" and c.get("sex") == "unknown")]
    assert not missing, f"cards without sex (survivors) or gender.pt: {missing}"
    survivors = [c for c in CARDS if c["kind"] == "survivor"]
    assert all(c.get("sex") in ("female", "male", "unknown") and c.get("sex_source") for c in survivors)
    assert {"f", "m"} <= set(NAMES.values()), "both genders among the names"


def test_a_participle_said_of_a_name_agrees_with_it():
    """The class: a pt sentence that says a participle of a named value writes it as agreeing forms."""
    fixed = [f"{where}: {text!r}" for where, text in TEMPLATES if SAID_OF.search(text)]
    assert not fixed, "participles that do not agree with the name they are said of " \
                      "(write '[survivor: posto|posta]'):\n" + "\n".join(fixed)


AGREEING = [(where, text) for where, text in TEMPLATES if MARK.search(text)]


def test_the_catalogues_have_agreeing_sentences():
    assert len(AGREEING) >= 10


@pytest.mark.parametrize("where,text", AGREEING, ids=[w for w, _ in AGREEING])
def test_every_agreeing_sentence_with_every_name_of_each_gender(where, text):
    fields = {name for _, name, _, _ in string.Formatter().parse(text) if name} | {m.group(1) for m in MARK.finditer(text)}
    positional = [int(name) for name in fields if name.isdigit()]
    for value, gender in NAMES.items():
        args = [value] * (max(positional) + 1 if positional else 0)
        told = fill(text, "pt", *args, genders=GENDERS, **{name: value for name in fields if not name.isdigit()})
        assert value in told and "[" not in told, f"{where} with {value!r}: {told!r}"
        for mark in MARK.finditer(text):
            forms = mark.group(2).split("|")
            index = FORM[gender] if FORM[gender] < len(forms) else FORM[gender] - 2
            rest = told.replace(forms[index], "", 1)
            assert rest != told, f"{where} with {value!r} ({gender}): {told!r} lacks {forms[index]!r}"
            for other in forms:
                if other != forms[index] and other not in forms[index]:
                    assert not re.search(r"(?<!\w)" + re.escape(other) + r"(?!\w)", rest), \
                        f"{where} with {value!r} ({gender}): {told!r} says {other!r}"


@pytest.mark.parametrize("value,gender", [("a colônia A", "f"), ("o jogador 2", "m"), ("Pistola e Lanterna", "f-pl"),
                                          ("Pistola e Arpão", "m-pl"), ("Bev Russell", "f"), ("Honiahaka", "m")])
def test_values_told_with_an_article_or_as_a_list(value, gender):
    assert choose("m|f|mp|fp", value, "pt", GENDERS) == ["m", "f", "mp", "fp"][FORM[gender]]


@pytest.mark.parametrize("where,text", AGREEING, ids=[w for w, _ in AGREEING])
def test_the_forms_come_masculine_then_feminine(where, text):
    """A mark's forms are in the order render/grammar.py reads them: masculine, feminine (then the plurals):
    each word that differs is an -o word then an -a word ("posto|posta", "o líder|a líder")."""
    for mark in MARK.finditer(text):
        forms = mark.group(2).split("|")
        assert len(forms) in (2, 4), f"{where}: {mark.group(0)} has {len(forms)} forms"
        pairs = [(forms[0], forms[1])] + ([(forms[2], forms[3])] if len(forms) == 4 else [])
        for masculine, feminine in pairs:
            differ = [(m, f) for m, f in zip(masculine.split(), feminine.split()) if m != f]
            assert differ, f"{where}: {mark.group(0)} has the same masculine and feminine form"
            for m, f in differ:
                assert re.fullmatch(r"\w*os?", m) and re.fullmatch(r"\w*as?", f), \
                    f"{where}: {mark.group(0)}: {m!r} | {f!r} is not masculine | feminine"


def test_a_mark_names_a_field_of_its_sentence():
    """A mark agrees with a value the sentence is given (its name is one of the sentence's fields)."""
    for where, text in AGREEING:
        fields = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        for mark in MARK.finditer(text):
            assert mark.group(1) in fields, f"{where}: {mark.group(0)} names no field of {text!r}"


def _glossary_places() -> list[str]:
    glossary = yaml.safe_load((ROOT / "render/catalogues/text/glossary.yaml").read_text(encoding="utf-8"))
    return sorted({key.split(".", 1)[1] for key in glossary if key.startswith(("location.", "zone."))})


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_every_place_and_zone_of_the_table_is_told_in_the_language(lang):
    """A place or zone the runtime logs by its id ("storage", "waste_pile", "school") is told in the
    language's words, never as the id or the English word ("1 zumbi é posto no depósito", not "em
    storage")."""
    from dow.render.playlog import Teller
    bundle = {"cards": [c for c in CARDS if c["kind"] == "location"]}
    teller, english = Teller(bundle, lang), Teller(bundle, "en")
    places = _glossary_places()
    assert {"storage", "waste_pile", "school", "den"} <= set(places)
    for place in places:
        told = teller.name(place)
        assert told != place and "_" not in told, f"{lang}: {place!r} told as {told!r}"
        if english.name(place).lower() not in told.lower():
            continue
        # the same word in both languages is fine only where the language's glossary says so
        glossary = yaml.safe_load((ROOT / "render/catalogues/text/glossary.yaml").read_text(encoding="utf-8"))
        terms = [glossary.get(f"{kind}.{place}", {}).get(lang) for kind in ("location", "zone")]
        words = [t if isinstance(t, str) else (t or {}).get("other") for t in terms]
        assert any(w and w.lower() in told.lower() for w in words), f"{lang}: {place!r} told in English: {told!r}"


@pytest.mark.parametrize("sentence, form, n, said", [
    ("Người chơi 7 thêm Nhiên liệu vào khủng hoảng, ngửa lên.", "Một lần nữa, [sentence]", 2,
     "Một lần nữa, người chơi 7 thêm Nhiên liệu vào khủng hoảng, ngửa lên."),
    ("Brian Lee tấn công một zombie bằng xúc xắc 3.", "Một lần nữa, [sentence]", 2,
     "Một lần nữa, Brian Lee tấn công một zombie bằng xúc xắc 3."),
    ("Lone Wolf rút một thẻ.", "Lần thứ {n}, [sentence]", 5, "Lần thứ 5, Lone Wolf rút một thẻ."),
    ("1 người sống sót bất lực đến thuộc địa.", "Lần thứ ba, [sentence]", 3,
     "Lần thứ ba, 1 người sống sót bất lực đến thuộc địa."),
    ("Brianna tung xúc xắc.", "Một lần nữa, [sentence]", 2, "Một lần nữa, brianna tung xúc xắc."),  # not the name 'Brian'
])
def test_a_sentence_said_again_in_front_keeps_a_names_capital(sentence, form, n, said):
    from dow.render.grammar import said_again
    assert said_again(sentence, form, ["Brian Lee", "Lone Wolf", "Brian"], n) == said
