"""Generated rules text: plurals per language, the internals lint, template drift, goldens of every card."""
from __future__ import annotations

import shutil
from pathlib import Path

import jinja2
import pytest
import yaml
from babel import Locale

from dow.compiler.catalogue import BY_OP, CATALOGUE
from dow.compiler.checks import walk
from dow.render.text import LANGS, TEXT_DIR, card_texts, disagreements, lint, load_language, names_in, programs, render

from helpers import bind

GOLDEN = Path(__file__).resolve().parent / "golden" / "text"
HERE = {"op": "here"}
CLDR = ("zero", "one", "two", "few", "many")


# ---- plurals -----------------------------------------------------------------------------

def kill(n):
    """kill N zombies here."""
    return {"op": "kill_zombies", "count": n, "at": HERE}


def noise(n):
    """add N noise tokens here."""
    return [{"op": "add_tokens", "token": "noise", "count": n, "to": HERE}]


def morale(n):
    """lose N morale."""
    return {"op": "lose_morale", "amount": n}


PLURALS = {
    "en": {kill: ["Kill 0 zombies here.", "Kill 1 zombie here.", "Kill 2 zombies here.", "Kill 1000000 zombies here."],
           noise: ["Add 0 noise tokens here.", "Add 1 noise token here.", "Add 2 noise tokens here.",
                   "Add 1000000 noise tokens here."],
           morale: ["Lose 0 morale.", "Lose 1 morale.", "Lose 2 morale.", "Lose 1000000 morale."]},
    # pt: CLDR puts 0 with 1 ("one"), and 1000000 in "many", which falls back to "other"
    "pt": {kill: ["Mate 0 zumbi aqui.", "Mate 1 zumbi aqui.", "Mate 2 zumbis aqui.", "Mate 1000000 zumbis aqui."],
           noise: ["Adicione 0 ficha de barulho aqui.", "Adicione 1 ficha de barulho aqui.",
                   "Adicione 2 fichas de barulho aqui.", "Adicione 1000000 fichas de barulho aqui."],
           morale: ["Perca 0 de moral.", "Perca 1 de moral.", "Perca 2 de moral.", "Perca 1000000 de moral."]},
    # vi: no plural; a classifier between the number and the noun where the noun takes one
    "vi": {kill: ["Giết 0 con zombie tại đây.", "Giết 1 con zombie tại đây.", "Giết 2 con zombie tại đây.",
                  "Giết 1000000 con zombie tại đây."],
           noise: ["Đặt 0 thẻ tiếng ồn tại đây.", "Đặt 1 thẻ tiếng ồn tại đây.", "Đặt 2 thẻ tiếng ồn tại đây.",
                   "Đặt 1000000 thẻ tiếng ồn tại đây."],
           morale: ["Mất 0 tinh thần.", "Mất 1 tinh thần.", "Mất 2 tinh thần.", "Mất 1000000 tinh thần."]},
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("make", [kill, noise, morale], ids=["kill", "noise", "morale"])
def test_plural_edge_cases(lang, make):
    assert [render(make(n), lang) for n in (0, 1, 2, 1000000)] == PLURALS[lang][make]


def test_babel_categories_the_templates_rely_on():
    pt, en = Locale.parse("pt").plural_form, Locale.parse("en").plural_form
    assert [pt(n) for n in (0, 1, 2)] == ["one", "one", "other"]
    assert [en(n) for n in (0, 1, 2)] == ["other", "one", "other"]


def test_an_exact_count_beats_the_category():
    moved = {"op": "ref", "name": "moved", "kind": "survivor"}
    exposure = [{"op": "exposure", "target": moved, "times": n} for n in (0, 1, 2, 3)]
    assert [render(e, "en") for e in exposure] == [
        "Roll for exposure on the moved survivor 0 times.", "Roll for exposure on the moved survivor.",
        "Roll for exposure on the moved survivor twice.", "Roll for exposure on the moved survivor 3 times."]
    assert [render(e, "pt") for e in exposure] == [  # 0 is "one" in pt, but "=1" is only 1
        "Role exposição 0 vez para o sobrevivente movido.", "Role exposição para o sobrevivente movido.",
        "Role exposição 2 vezes para o sobrevivente movido.", "Role exposição 3 vezes para o sobrevivente movido."]


# ---- word order, agreement, the example card -----------------------------------------------

ENFORCER = """spend an action die of 4 or more:
  kill 3 zombies here. do not roll for exposure.
  add 2 noise tokens here.
"""


def test_the_enforcer_reads_like_a_card():
    tree = compiled(ENFORCER)
    assert render(tree, "en") == ("Spend an action die of 4 or more: kill 3 zombies here. Do not roll for exposure. "
                                  "Add 2 noise tokens here.")
    assert render(tree, "pt") == ("Gaste um dado de ação de 4 ou mais: mate 3 zumbis aqui. Não role exposição. "
                                  "Adicione 2 fichas de barulho aqui.")
    assert render(tree, "vi") == ("Dùng một xúc xắc hành động từ 4 trở lên: giết 3 con zombie tại đây. "
                                  "Không tung xúc xắc phơi nhiễm. Đặt 2 thẻ tiếng ồn tại đây.")


def test_portuguese_agreement_and_contractions():
    tree = compiled("remove all barricades from the colony.\nremove all zombies from the hospital.\n"
                    "place a random card in your hand in the waste pile.\n")
    assert render(tree, "pt") == ("Remova todas as barricadas da colônia. Remova todos os zumbis do hospital. "
                                  "Coloque uma carta aleatória na sua mão no lixão.")


def test_the_glossary_picks_thuoc_dia_for_colony():
    assert render(compiled("add 5 zombies to the colony.\n"), "vi") == "Thêm 5 con zombie vào thuộc địa."
    assert load_language("vi").glossary["location.colony"]["vi"] == "thuộc địa"


# ---- the internals lint ------------------------------------------------------------------

@pytest.mark.parametrize("text, found", [
    ("Kill 3 zombies at the grocery_store.", "snake_case word"),
    ("Add base.survivor.sparky to your following.", "card id"),
    ("Kill {count} zombies here.", "brace or template placeholder"),
    ("Kill None zombies here.", "Python value"),
    ("Kill ['all'] zombies here.", "bracket"),
    ("Kill 3 zombies at {'op': 'here'}.", "dict repr"),
])
def test_lint_finds_internals(text, found):
    assert any(found in problem for problem in lint(text, "en")), lint(text, "en")


def test_lint_finds_english_in_portuguese_and_vietnamese():
    assert lint("Mate 3 zombies aqui.", "pt") == ["English word in pt text: 'zombies'"]
    assert lint("Giết 3 con zombie tại colony.", "vi") == ["English word in vi text: 'colony'"]
    assert lint("Diga uma frase para The Enforcer.", "pt", names=["The Enforcer"]) == []


def test_lint_catches_a_template_that_leaks(tmp_path):
    shutil.copytree(TEXT_DIR, tmp_path, dirs_exist_ok=True)
    en = tmp_path / "en.yaml"
    en.write_text(en.read_text(encoding="utf-8").replace(
        "kill_zombies: {other: \"kill {{", "kill_zombies: {other: \"snake_case {{ count }} {{ at.value }} kill {{"),
        encoding="utf-8")
    text = render(kill(3), "en", templates=tmp_path)
    problems = lint(text, "en")
    assert any("snake_case" in p for p in problems) and any("dict repr" in p for p in problems), (text, problems)


# ---- drift: the templates against the catalogue --------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_node_kind_has_a_message_with_an_other_form(lang):
    messages = load_language(lang).messages
    missing = [f"NODE KIND {op}: add its rules-text message (an 'other' form) under messages: in "
               f"render/catalogues/text/{lang}.yaml" for op in sorted(set(BY_OP) - set(messages))]
    assert not missing, "\n" + "\n".join(missing)
    assert sorted(set(messages) - set(BY_OP)) == [], "messages for no node kind"
    assert [op for op, forms in messages.items() if "other" not in forms] == []


def test_every_glossary_term_is_in_all_three_languages_with_an_other_form():
    for key, entry in load_language("en").glossary.items():
        assert set(entry) == set(LANGS), key
        for lang in LANGS:
            forms = entry[lang]
            assert isinstance(forms, str) or "other" in forms, (key, lang)


def test_vietnamese_has_no_plural_forms():
    """vi text must not depend on Babel's plural rule for vi (it changed between CLDR versions)."""
    vi = load_language("vi")
    glossary = vi.glossary
    keys = set(form_keys({"messages": vi.messages, "phrases": vi.phrases})) | {k for e in glossary.values() if isinstance(e["vi"], dict) for k in e["vi"]}
    assert keys & set(CLDR) == set() and not any(k.startswith("=") for k in keys)


SCOPE = {"self": "survivor", "this_card": "card", "origin": "location", "destination": "location",
         "moved": "survivor", "searching": "survivor", "chosen": "survivor"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_example_renders_clean(lang):
    """Each node kind's own examples (which reach kinds no card uses yet) render without internals."""
    seen = set()
    for spec in CATALOGUE:
        for example in spec.examples:
            tree, errors = bind(example, SCOPE)
            if errors:
                continue
            seen |= {node["op"] for node in walk(tree)}
            try:
                text = render(tree, lang)
            except jinja2.TemplateError as err:      # a message naming a field the node does not give
                pytest.fail(f"NODE KIND {spec.op}: its example {example!r} does not render in "
                            f"render/catalogues/text/{lang}.yaml: {err} (the message's fields are the node's; "
                            f"a field named like a Python word is written with a trailing underscore, 'from_')")
            assert lint(text, lang) == [], (example, text)
    assert sorted(set(BY_OP) - seen) == [], "\n" + "\n".join(
        f"NODE KIND {op}: none of its examples compiles: add a form that writes it in dsl/forms.py"
        for op in sorted(set(BY_OP) - seen))


# ---- every card of content/ --------------------------------------------------------------

def test_goldens_hold_every_cards_text(bundle, update_goldens):
    expected = {card["id"]: golden_of(card, bundle["cards"]) for card in bundle["cards"]}
    if update_goldens:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for stale in set(p.stem for p in GOLDEN.glob("*.yaml")) - set(expected):
            (GOLDEN / f"{stale}.yaml").unlink()
        for card_id, data in expected.items():
            (GOLDEN / f"{card_id}.yaml").write_text(dump(data), encoding="utf-8")
    assert sorted(p.stem for p in GOLDEN.glob("*.yaml")) == sorted(expected), "run pytest --update-goldens"
    for card_id, data in expected.items():
        assert yaml.safe_load((GOLDEN / f"{card_id}.yaml").read_text(encoding="utf-8")) == data, card_id


@pytest.mark.parametrize("lang", LANGS)
def test_no_card_shows_internals(bundle, lang):
    names = card_names(bundle["cards"])
    problems = {(card["id"], path): lint(text, lang, names)
                for card in bundle["cards"]
                for path, text in card_texts(card, lang, names=names_in(bundle["cards"], lang)).items()}
    assert {where: p for where, p in problems.items() if p} == {}


def test_portuguese_card_text_has_no_uncontracted_article(bundle):
    """Portuguese fuses 'de'/'em'/'a' with a following article or demonstrative ('na mão desse jogador',
    never 'de esse'); the templates write them whole and the contractions fuse them, so any pair left
    over is a contraction the table lacks."""
    import re
    pair = re.compile(r"\b(de|em|a) (o|a|os|as|este|esta|esse|essa|estes|esses|aquele|aquela)\b|\bem (um|uma)\b")
    names = names_in(bundle["cards"], "pt")
    left = {f"{card['id']} {path}: {m.group(0)}" for card in bundle["cards"]
            for path, text in card_texts(card, "pt", names=names).items() for m in pair.finditer(text)}
    assert left == set()


def test_disagreements_report_numbers_and_names():
    card = {"id": "base.survivor.test", "abilities": [
        {"text": {"pt": "Mate 3 zumbis.", "en": "Kill 2 zombies.", "vi": "Giết 3 con zombie."},
         "effect": {"source": "kill 3 zombies here.\n", "tree": [kill(3)]}},
        {"text": {"pt": "x", "en": "Kill him.", "vi": "x"},
         "effect": {"source": 'kill "Rod Miller".\n',
                    "tree": [{"op": "kill_survivor", "target": {"op": "named", "card": "Rod Miller", "kind": "survivor"}}]}},
    ]}
    assert disagreements(card, "pt") == ["abilities.1: the authored text does not mention Rod Miller"]
    assert disagreements(card, "en") == ["abilities.0: numbers differ: authored 2, generated 3",
                                         "abilities.1: the authored text does not mention Rod Miller"]



def test_a_named_card_is_looked_for_in_the_authored_text_as_the_readers_language_spells_it():
    """pt writes Junk as "Sucata": an authored pt text that says "Sucata" mentions the card, one that says
    "Junk" (English left in) does not; without the names the English spelling is looked for."""
    def card(pt: str) -> dict:
        return {"id": "base.survivor.test", "abilities": [
            {"text": {"pt": pt, "en": "Kill Junk.", "vi": "x"},
             "effect": {"source": 'kill "Junk".\n',
                        "tree": [{"op": "kill_survivor", "target": {"op": "named", "card": "Junk", "kind": "survivor"}}]}}]}
    names = {"Junk": "Sucata"}
    assert disagreements(card("Mate a Sucata."), "pt", names) == []
    assert disagreements(card("Mate o Junk."), "pt", names) == ["abilities.0: the authored text does not mention Sucata"]
    assert disagreements(card("Mate o Junk."), "pt") == []


# ---- helpers -------------------------------------------------------------------------------

def compiled(text: str) -> list:
    """The tree of an effect text on a survivor card."""
    tree, errors = bind(text, SCOPE)
    assert errors == [], errors
    return tree


def golden_of(card: dict, cards: list[dict]) -> dict:
    """What a card's golden file holds: its generated text in each language, cards named as the site names them."""
    return {"card": card["id"], **{lang: card_texts(card, lang, names=names_in(cards, lang)) for lang in LANGS}}


def dump(data: dict) -> str:
    """A golden file's text: one line per program, unicode kept."""
    head = "# generated by tests/test_text.py; rewrite with: pytest tests/test_text.py --update-goldens\n"
    return head + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=4096)


def card_names(cards: list) -> set[str]:
    """Every card name in every language, and every name a tree quotes: proper names the lint skips."""
    names = set()
    for card in cards:
        names |= {card["name"][lang] for lang in LANGS} if isinstance(card["name"], dict) else {card["name"]}
        for _, _, tree in programs(card):
            names |= {n.get("card") or n.get("name") for n in walk(tree) if n["op"] in ("named", "tactic_played")}
    return names


def form_keys(data: dict):
    """The form keys of a language file: of each message, and of each phrase that has forms."""
    for forms in data["messages"].values():
        yield from forms
    for table in data["phrases"].values():
        for entry in table.values() if isinstance(table, dict) else ():
            yield from entry if isinstance(entry, dict) else ()


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_every_cards_authored_text_agrees_with_its_program(bundle, lang):
    """dow check's L004 (on by default) finds no card whose printed words and program disagree: a number
    in one and not the other is a card that plays differently from what it says."""
    from dow.render.text import disagreements
    from dow.render.text import names_in
    names = names_in(bundle["cards"], lang)
    assert [f"{card['id']}: {line}" for card in bundle["cards"] for line in disagreements(card, lang, names)] == []


def test_a_card_named_by_itself_is_written_with_its_name_in_the_readers_language(bundle):
    """'kill "Junk"' names one card: pt and vi readers see the card's name as their card pages print it,
    as the '"Junk" cards' filter already does; a name the bundle does not hold stays as written."""
    card = {"id": "base.item.test", "abilities": [{"effect": {"source": 'kill "Junk".\n', "tree": [
        {"op": "kill_survivor", "target": {"op": "named", "card": "Junk", "kind": "survivor"}}]}}]}
    junk = next(c for c in bundle["cards"] if c["id"] == "base.item.junk")["name"]
    assert junk["pt"] != junk["en"]
    for lang in LANGS:
        text = card_texts(card, lang, names=names_in(bundle["cards"], lang))["abilities.0.effect"]
        assert junk[lang] in text and (lang == "en" or "Junk" not in text), (lang, text)
    assert "Junk" in card_texts(card, "pt")["abilities.0.effect"]
