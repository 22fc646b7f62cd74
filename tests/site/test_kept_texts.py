"""The site's rules texts kept between builds (site/build.py, kept_texts): every card's text in every
language is the text render/text.py makes, whether it was made now or read back; a changed card, a
renamed card or a damaged file makes it again, and nothing is kept with the cache turned off."""
import copy
import json

import pytest

from dow.compiler.cards import LANGS
from dow.render.text import card_texts, names_in
from dow.site.build import SiteData, kept_texts_file

from conftest import ROOT


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DOW_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def direct(cards, lang):
    names = names_in(cards, lang)
    return {c["id"]: card_texts(c, lang, names=names) for c in cards}


class Counting:
    """SiteData whose texts() counts the cards it renders."""

    def __init__(self, bundle):
        self.data, self.made = SiteData(bundle, ROOT), []
        real = self.data.texts
        self.data.texts = lambda card, lang: self.made.append(card["id"]) or real(card, lang)


def test_every_card_every_language_cold_then_kept(bundle, cache):
    for lang in LANGS:
        expected = direct(bundle["cards"], lang)
        cold = Counting(bundle)
        assert cold.data.all_texts(lang) == expected
        assert len(cold.made) == len(bundle["cards"]) > 100          # made, then kept
        path = kept_texts_file(ROOT, lang, names_in(bundle["cards"], lang))
        assert path.is_file() and path.is_relative_to(cache)
        warm = Counting(bundle)
        got = warm.data.all_texts(lang)
        assert warm.made == [] and got == expected
        assert [list(t) for t in got.values()] == [list(t) for t in expected.values()]   # programs in order


def test_a_changed_card_is_made_again_alone(bundle, cache):
    Counting(bundle).data.all_texts("pt")
    changed = copy.deepcopy(bundle)
    card = next(c for c in changed["cards"] if direct([c], "pt")[c["id"]])
    card["text_marker_for_test"] = 1            # any change to the compiled card changes its key
    again = Counting(changed)
    assert again.data.all_texts("pt") == direct(changed["cards"], "pt")
    assert again.made == [card["id"]]


def test_a_renamed_card_makes_the_language_again(bundle, cache):
    Counting(bundle).data.all_texts("en")
    renamed = copy.deepcopy(bundle)
    renamed["cards"][0]["name"]["en"] += " Renamed"
    again = Counting(renamed)
    assert again.data.all_texts("en") == direct(renamed["cards"], "en")
    assert len(again.made) == len(bundle["cards"])
    old = kept_texts_file(ROOT, "en", names_in(bundle["cards"], "en"))
    assert not old.exists() and kept_texts_file(ROOT, "en", names_in(renamed["cards"], "en")).is_file()


@pytest.mark.parametrize("damage", ["", "not json", json.dumps({"format": 1, "texts": []}),
                                    json.dumps({"format": 0, "texts": {}}), "tampered"])
def test_a_damaged_file_is_ignored_and_written_again(bundle, cache, damage):
    Counting(bundle).data.all_texts("vi")
    path = kept_texts_file(ROOT, "vi", names_in(bundle["cards"], "vi"))
    if damage == "tampered":                      # a kept entry that is not a text table
        data = json.loads(path.read_text(encoding="utf-8"))
        key = next(iter(data["texts"]))
        data["texts"][key] = ["not", "texts"]
        damage = json.dumps(data)
    path.write_text(damage, encoding="utf-8")
    again = Counting(bundle)
    assert again.data.all_texts("vi") == direct(bundle["cards"], "vi")
    assert again.made
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == 1     # written again
    warm = Counting(bundle)
    warm.data.all_texts("vi")
    assert warm.made == []


def test_nothing_kept_with_the_cache_off(bundle, monkeypatch, tmp_path):
    monkeypatch.setenv("DOW_CACHE_DIR", "off")
    assert kept_texts_file(ROOT, "pt", {}) is None
    first, second = Counting(bundle), Counting(bundle)
    assert first.data.all_texts("pt") == second.data.all_texts("pt") == direct(bundle["cards"], "pt")
    assert len(first.made) == len(second.made) == len(bundle["cards"])
