"""Every worked example of every card page, in Portuguese, English and Vietnamese, reads as a short story
of a table (site/examples.py, site/stories.py): the scenario is played on the reference engine and
told as it played, so no example shows a bare list of numbers (the old "The dice roll, in order: 12",
"The players answer, in order: 1, 2, 2"), an internal notion ("the game log never tells …"), a title
longer than a line or with a generated tail ("… — afterwards: …"), an exposure roll by the number of
its face, or (in pt and vi) an English word. The examples are made as the site build makes them, from
the real content, in seconds; tests/site/test_leaks.py reads the built pages."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from leaks import english_only, leaks, proper_names
from dow.site.examples import TITLE_MAX, every_face, face_label
from dow.site.stories import story

LANGS = ("pt", "en", "vi")

#: a list of bare numbers, "1, 2, 2", "[0, 1, 0]", that no word follows ("option 2, 3 food" counts food;
#: a card named "1, 2, 3 Barricades" is taken out first)
BARE_LIST = re.compile(r"(?<![\w.])\d+(?:, \d+)+(?: (?:e|and|và) \d+)?(?!\d)(?! ?[^\W\d_])|\[[\d, ]*\]")
#: numbers told after a colon and nothing else: "in order: 12.", "a die is rolled: 4", "dice: 4 and 5."
BARE_AFTER_COLON = re.compile(r": \d+(?:(?:, | e | and | và )\d+)*\.?$")
#: a tally by player, "player 1: 2, player 2: 3" (Winter Tricks damage), says whose each number is
TALLY = re.compile(r"(?:jogador|player|người chơi) \d+: \d+")
#: entrances by number, "at entrances 1, 2 and 4", as the board numbers them
ENTRANCES = re.compile(r"(?:entradas?|entrances?|lối vào) \d+(?:(?:, | e | and | và )\d+)*")
#: the phrases of the examples as they were told before they were stories, and the generated title tails
INTERNAL = {
    "pt": ["registro da partida", "em ordem:", "Os jogadores respondem", "Os dados rolam", "— depois:", "— na mesa:"],
    "en": ["game tells", "game never tells", "in order:", "The players answer", "The dice roll", "— afterwards:",
           "— on the table:"],
    "vi": ["Nhật ký ván chơi", "theo thứ tự:", "Người chơi trả lời", "Xúc xắc ra,", "— sau đó:", "— trên bàn:"],
}
#: how a sentence names the exposure die, and the word before a face's number
EXPOSURE = {"pt": "dado de exposição", "en": "(?:exposure die|for exposure)", "vi": "xúc xắc phơi nhiễm"}
FACE_WORD = {"pt": "face", "en": "face", "vi": "mặt"}


def _text(example: dict) -> str:
    return " ".join([example["title"], *example["given"], *example["do"], *example["expect"]])


def _without_names(text: str, bundle: dict) -> str:
    for card in bundle["cards"]:
        for name in sorted({v for v in (card.get("name") or {}).values() if isinstance(v, str)}, key=len, reverse=True):
            text = text.replace(name, "NAME")
    return text


def test_every_scenario_is_played_and_told_in_each_language(bundle, told):
    scenarios = [(card, n) for card in bundle["cards"] for n in range(1, len(card.get("tests") or []) + 1)]
    assert len(scenarios) > 800
    unplayed = [f"{card['id']} {n}" for card, n in scenarios if story(bundle, card, n) is None]
    assert not unplayed, f"scenarios the engine could not play for their page: {unplayed[:10]}"
    for lang in LANGS:
        assert len(told[lang]) == len(scenarios)
        assert all(example["given"] or example["do"] for _, _, example in told[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_no_example_shows_a_bare_list_of_numbers(bundle, told, lang):
    found = []
    for card, n, example in told[lang]:
        for sentence in [*example["given"], *example["do"], *example["expect"], example["title"]]:
            text = ENTRANCES.sub("ENTRANCES", TALLY.sub("TALLY", _without_names(sentence, bundle)))
            hits = BARE_LIST.findall(text) + BARE_AFTER_COLON.findall(text + " ")
            if hits:
                found.append(f"{card['id']} {n}: {sentence}")
    assert not found, f"{len(found)} {lang} sentences with bare numbers: {found[:8]}"
    if lang == "en":     # a die by its number, with the article the number is said with: "an 8", "a 5"
        from dow.render.playlog import AN_NUMBER
        wrong = [s for _, _, e in told[lang] for s in e["do"] + e["given"] + e["expect"] if AN_NUMBER.search(s)]
        assert not wrong, wrong[:5]


@pytest.mark.parametrize("lang", LANGS)
def test_no_example_uses_an_internal_phrase(told, lang):
    found = [f"{card['id']} {n}: {phrase}" for card, n, example in told[lang] for phrase in INTERNAL[lang]
             if phrase.lower() in _text(example).lower()]
    assert not found, found[:8]


@pytest.mark.parametrize("lang", LANGS)
def test_each_title_is_one_numbered_line_a_reader_would_write(told, lang):
    bad = []
    for card, n, example in told[lang]:
        title = example["title"]
        if len(title) > TITLE_MAX or "\n" in title or " — " in title or not title.startswith(f"{n}. "):
            bad.append(f"{card['id']} {n}: {title!r}")
    assert not bad, f"{len(bad)} {lang} titles: {bad[:6]}"


@pytest.mark.parametrize("lang", LANGS)
def test_examples_of_a_card_titled_alike_tell_the_same_moments(told, lang):
    """Titles that read alike (but for their number) are allowed only where the two stories have no
    sentence of their own to tell them apart (they differ in how often a line comes, not in what)."""
    by_card: dict[str, list[dict]] = {}
    for card, _, example in told[lang]:
        by_card.setdefault(card["id"], []).append(example)
    alike = []
    for card_id, examples in by_card.items():
        titles = Counter(e["title"].split(". ", 1)[1] for e in examples)
        for title, count in titles.items():
            if count > 1:
                group = [e for e in examples if e["title"].split(". ", 1)[1] == title]
                told_sets = {frozenset([*e["given"], *e["do"], *e["expect"]]) for e in group}
                if len(told_sets) > 1 and any(len(s - set().union(*(o for o in told_sets if o is not s))) for s in told_sets):
                    alike.append(f"{card_id}: {title}")
    assert not alike, alike[:6]


@pytest.mark.parametrize("lang", LANGS)
def test_an_exposure_roll_names_its_face_as_the_die_page_does(bundle, told, lang):
    """"Brian Lee rolls the exposure die: wound" — by a face's name, the name the die's page heads that
    face with (face_label), never "7" or "Face 2"."""
    die = next(c for c in bundle["cards"] if c["id"] == "base.die.exposure-die")
    faces = {f["name"][lang].lower() for f in die["faces"]}
    for index, face in enumerate(die["faces"]):
        assert face_label(die, ["faces", str(index), "effect"], lang).startswith(face["name"][lang])
    # the page has a section for each face, the blank one (no effect) too, headed by the face's name
    from dow.render.text import card_texts
    from dow.site.build import _programs
    sections = _programs(die, card_texts(die, lang), lang)
    assert [s["label"].split(" (")[0] for s in sections] == [f["name"][lang] for f in die["faces"]]
    assert all(s["authored"] for s in sections)
    assert every_face(die, [], lang) == []      # a die none of whose faces is played keeps its page of facts
    rolls, wrong = 0, []
    for card, n, example in told[lang]:
        for sentence in [*example["do"], example["title"]]:
            if re.search(EXPOSURE[lang], sentence) and re.search(rf"\b{FACE_WORD[lang]} \d+|: \d", sentence, re.I):
                wrong.append(f"{card['id']} {n}: {sentence}")
            m = re.search(rf"{EXPOSURE[lang]}: ([^.;]+)", sentence)
            if m:
                rolls += 1
                if m.group(1).strip().lower() not in faces:
                    wrong.append(f"{card['id']} {n}: {sentence}")
    assert rolls > 100 and not wrong, (rolls, wrong[:6])


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_no_example_shows_an_english_or_engine_word(bundle, told, lang):
    """The leak finder of the built pages (tests/site/leaks.py: English words, snake_case, card ids,
    placeholders, pt's uncontracted 'em o', vi's capitalized places), on every example's text."""
    english, names = english_only(lang, set()), proper_names(bundle)
    ids = {c["id"].rsplit(".", 1)[-1] for c in bundle["cards"] if "-" in c["id"].rsplit(".", 1)[-1]}
    found = {}
    for card, n, example in told[lang]:
        page = "<article>" + "".join(f"<p>{s}</p>" for s in [example["title"], *example["given"], *example["do"],
                                                              *example["expect"]]) + "</article>"
        hits = leaks(page, english, names, ids, lang)
        if hits:
            found[f"{card['id']} {n}"] = sorted(set(hits))[:4]
    assert not found, f"{len(found)} {lang} examples leak: {dict(list(found.items())[:8])}"


@pytest.mark.parametrize("lang", LANGS)
def test_a_players_answer_is_told_as_their_decision(bundle, told, lang):
    """The abandoned car: each player picks which unused die goes to the used pool; the example says the
    die each one gave up ("Player 1 moves a 3 to the used pool"), and a crossroads vote with the text of
    the option voted for."""
    examples = {(card["id"], n): e for card, n, e in told[lang]}
    spend = " ".join(examples[("base.crossroads.abandoned", 2)]["do"])
    die = {"pt": "um 3", "en": "a 3", "vi": "xúc xắc 3"}[lang]
    assert die in spend and ({"pt": "um 5", "en": "a 5", "vi": "xúc xắc 5"}[lang]) in spend, spend
    card = next(c for c in bundle["cards"] if c["id"] == "base.crossroads.abandoned")
    vote = " ".join(examples[("base.crossroads.abandoned", 3)]["do"])
    assert card["options"][1]["text"][lang].rstrip(".") in vote, vote
