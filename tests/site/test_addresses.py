"""Card page addresses (site/addresses.py): readable slugs in each language, one page per address in every
folder, whatever names the cards have, chosen the same way on every build."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dow.compiler.cards import LANGS
from dow.compiler.messages import PSEUDO
from dow.site.addresses import AddressError, Addresses, relative, slug

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("text, expected", [
    ("Abandono", "abandono"), ("Ngã tư", "nga-tu"), ("Đạo quân tử thần", "dao-quan-tu-than"),
    ("Relíquias", "reliquias"), ("Missões do Lobo Solitário", "missoes-do-lobo-solitario"),
    ("Kinh hoàng trong đêm", "kinh-hoang-trong-dem"), ("Người lạ", "nguoi-la"), ("Ação!", "acao"),
    ("  Car   Crash (2) ", "car-crash-2"), ("Mr. Fluffy's", "mr-fluffys"), ("Lover’s Quarrel", "lovers-quarrel"), ("'quoted'", "quoted"), ("⟦çâŕđš⟧", "cards"),
    ("Straße", "strasse"), ("", ""), ("???", ""),
])
def test_a_slug_is_lowercase_ascii_without_accents_or_tones(text, expected):
    assert slug(text) == expected


def _card(card_id: str, kind: str, names: dict, card_set: str = "base") -> dict:
    return {"id": card_id, "kind": kind, "set": card_set, "name": {lang: names.get(lang, names["en"]) for lang in LANGS}}


def test_cards_whose_names_make_one_slug_get_the_set_then_a_number():
    cards = [_card("warring-colonies.item.food-b", "item", {"en": "Food", "pt": "Comida", "vi": "Thức ăn"}, "warring-colonies"),
             _card("base.item.food-a", "item", {"en": "Food", "pt": "Comida", "vi": "Thức ăn"}),
             _card("base.item.food-c", "item", {"en": "FOOD!", "pt": "Comída", "vi": "Thúc ăn"}),
             _card("base.crossroads.food", "crossroads", {"en": "Food", "pt": "Comida", "vi": "Thức ăn"}),
             _card("base.item.index", "item", {"en": "Index", "pt": "Índice", "vi": "Index"}),
             _card("warring-colonies.item.food-d", "item", {"en": "Food", "pt": "Comida", "vi": "Thuc an"}, "warring-colonies")]
    addresses = Addresses(cards, LANGS)
    got = {(c["id"], lang): addresses.of(c["id"], lang) for c in cards for lang in LANGS}
    assert got[("base.item.food-a", "pt")] == "cartas/itens/comida/"          # the base game's card keeps the name
    assert got[("base.item.food-c", "pt")] == "cartas/itens/comida-jogo-basico/"   # its set's name after it
    assert got[("warring-colonies.item.food-b", "pt")] == "cartas/itens/comida-colonias-em-guerra/"
    assert got[("warring-colonies.item.food-d", "pt")] == "cartas/itens/comida-2/"   # then a number
    assert got[("base.crossroads.food", "pt")] == "cartas/encruzilhadas/comida/"    # another folder: no clash
    assert got[("base.item.food-a", "vi")] == "the-bai/vat-pham/thuc-an/"
    assert got[("base.item.index", "vi")] == "the-bai/vat-pham/index-tro-choi-goc/"   # never the folder's own page
    for lang in LANGS:
        mine = [got[(c["id"], lang)] for c in cards]
        assert len(set(mine)) == len(mine)
    # the same cards in another order: the same addresses
    again = Addresses(list(reversed(cards)), LANGS)
    assert all(again.of(card_id, lang) == address for (card_id, lang), address in got.items())


def test_every_card_of_the_project_has_one_readable_address_in_every_language():
    """All cards of content/, in pt, en, vi and the pseudo-locale: unique within the language, ASCII words."""
    from dow.compiler.project import bundle_of, compile_paths
    build = compile_paths([ROOT / "content"], ROOT)
    assert build.ok
    cards = bundle_of(build.cards, build.rulesets)["cards"]
    assert len(cards) > 200
    addresses = Addresses(cards, (*LANGS, PSEUDO))
    for lang in (*LANGS, PSEUDO):
        mine = [addresses.of(c["id"], lang) for c in cards]
        assert len(set(mine)) == len(mine), lang
        assert all(re.fullmatch(r"[a-z0-9-]+/[a-z0-9-]+/[a-z0-9-]+/", a) for a in mine), lang
        assert len({a.split("/")[1] for a in mine}) == len({c["kind"] for c in cards})   # one folder per kind
        folders = {a.rsplit("/", 2)[0] for a in mine}
        assert all(f"{f}/index/" not in mine for f in folders)


def test_two_kinds_given_one_folder_word_is_said_with_the_catalogue(monkeypatch):
    from dow.site import addresses as module
    words = json.loads(json.dumps(module.site_words("en")))
    words["addresses"]["kinds"]["crisis"] = "Survivors"
    monkeypatch.setattr(module, "site_words", lambda lang: words)
    cards = [_card("base.crisis.x", "crisis", {"en": "X"}), _card("base.survivor.y", "survivor", {"en": "Y"})]
    with pytest.raises(AddressError, match=r"site/catalogues/site/en.yaml: addresses: the kinds crisis and survivor"):
        Addresses(cards, ["en"])


def test_links_between_addresses_are_relative():
    assert relative("statistics/", "cartas/itens/comida/") == "../cartas/itens/comida/"
    assert relative("", "cartas/") == "cartas/"
    assert relative("cards/base.item.food/", "cartas/itens/comida/") == "../../cartas/itens/comida/"
    assert relative("cartas/itens/comida/", "") == "../../../"
    assert relative("cartas/itens/comida/", "cartas/itens/comida/") == "./"
    addresses = Addresses([_card("base.item.food", "item", {"en": "Food", "pt": "Comida"})], LANGS)
    assert addresses.md_link("base.item.food", "pt", "cartas/index.md") == "itens/comida.md"
    assert addresses.md_link("base.item.food", "pt", "statistics.md") == "cartas/itens/comida.md"
    assert addresses.moved("pt") == {"cards/base.item.food/": "cartas/itens/comida/", "cards/": "cartas/"}
    assert addresses.moved("en") == {"cards/base.item.food/": "cards/items/food/"}
    assert addresses.same_page("pt")["cartas/itens/comida/"] == {
        "pt": "/pt/cartas/itens/comida/", "en": "/en/cards/items/food/", "vi": "/vi/the-bai/vat-pham/food/"}


def test_a_name_the_card_is_also_called_leads_to_its_page():
    """A card's other spelling (also_called, "Grey Beard") is searched and its address sends the reader on."""
    from dow.site.addresses import Addresses
    from dow.site.build import card_search_entries
    from dow.site.words import site_words
    card = {"id": "base.crossroads.grey-beard", "kind": "crossroads", "set": "base",
            "name": {"pt": "Gray Beard", "en": "Gray Beard", "vi": "Gray Beard"}, "also_called": ["Grey Beard"],
            "status": {"data": "known"}}
    addresses = Addresses([card], ("pt", "en"))
    assert addresses.of(card["id"], "pt") == "cartas/encruzilhadas/gray-beard/"
    assert addresses.moved("pt")["cartas/encruzilhadas/grey-beard/"] == "cartas/encruzilhadas/gray-beard/"
    entry = card_search_entries(card, [], site_words("pt"), "pt", "cartas/encruzilhadas/gray-beard/")[0]
    assert "Grey Beard" in entry["text"]
