"""Every sentence of the game log's catalogues (render/catalogues/log/<lang>.yaml), filled in with
every kind of value a sentence can receive, reads as that language: the class of slips where a
template writes an article or a preposition that its value already carries ("A o Lobo Solitário",
"da o Lobo", "do local o covil", "da jogador 7") or a bare symbol for a word ("1 × despair").

Each template (every case, every plural form, every alternative) is filled with each kind of value
in every one of its slots: a player, each colony side and the Lone Wolf, each board of Warring
Colonies, every location of the base game, a survivor, a kind of token, and counts of 1 and 2; the
sentence is then told as `dow play` tells it (Teller.fill: the values by name, the contractions, the
capitals)."""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
import yaml

from dow.render.playlog import Teller, catalogue

ROOT = Path(__file__).resolve().parent.parent
TABLES = ("events", "colony_events", "winter_tricks")


def _bundle() -> dict:
    """The real cards' names, as the log's teller reads them (locations, survivors, tokens)."""
    cards = []
    for path in sorted((ROOT / "content").glob("*/locations/*.yaml")) + sorted((ROOT / "content").glob("base/survivors/*.yaml"))[:2]:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        cards.append({"id": data["id"], "kind": data["kind"], "name": data["name"]})
    return {"cards": cards}


BUNDLE = _bundle()
LOCATIONS = [c["id"].rsplit(".", 1)[-1].replace("-", "_") for c in BUNDLE["cards"] if c["kind"] == "location"]
SURVIVOR = next(c["id"] for c in BUNDLE["cards"] if c["kind"] == "survivor")
#: every kind of value a slot can hold, as the runtime's log writes it; a colony slot (`colony`,
#: `colonies`) holds a side (or the Lone Wolf's seat), every other slot a thing of the table
SIDES = {"colony A": "a", "colony B": "b", "Lone Wolf": "w", "Lone Wolf's seat": "p7"}
KINDS = {"player": "p3", "colony board": "colony_a", "den": "den", "survivor": SURVIVOR, "token": "despair",
         "bullets": "bullets:b", "Lone Wolf's bullets": "bullets:p7", "one": 1, "two": 2,
         **{f"location {loc}": loc for loc in LOCATIONS}}
assert len(LOCATIONS) >= 8
#: slots that hold a number (or a die's face), never a thing: filled with counts only
NUMBERS = {"count", "amount", "needed", "morale", "value", "n", "strength", "face", "track", "tokens", "surplus",
           "rounds", "option", "number", "looked", "kept", "food", "entrance", "available", "yes", "no", "votes",
           "round", "points", "difference", "budget", "damage", "prevents", "enemies", "roll", "winner"}

#: what a sentence of each language must never contain
SLIPS = {
    "pt": re.compile(r"\b(?:[Ee]m|[Dd]e|[Pp]or) (?:o|a|os|as)\b|\b[Aa] (?:o|os)\b|\b(?:[Oo]|[Aa]|[Dd]o|[Dd]a|[Nn]o|[Nn]a|[Aa]o|à|À) (?:o|a|os|as)\b"
                r"|\b(?:local|lugar) (?:o|a|os|as)\b|\b(?:da|na|à|pela) (?:jogador|Lobo|covil|posto|mercado|hospital|cemitério)\b"
                r"|\b(?:do|no|ao|pelo) (?:colônia|delegacia|escola|biblioteca)\b|\b1 vezes\b|×"),
    "en": re.compile(r"\b(the|a|an) (the|a|an)\b|×", re.I),
    "vi": re.compile(r"chọn lựa chọn|×|\bcủa của\b"),
}


def _leaves(entry, case: dict):
    """(case values, template) for every sentence of a catalogue entry."""
    if isinstance(entry, str):
        yield case, entry
    elif isinstance(entry, list):
        for item in entry:
            yield from _leaves(item, case)
    elif isinstance(entry, dict) and "case" in entry:
        for key, value in entry.items():
            if key != "case":
                yield from _leaves(value, {**case, entry["case"]: None if key == "other" else key})
    elif isinstance(entry, dict):
        by = entry.get("by", "count")
        for form, count in (("one", 1), ("other", 2)):
            if form in entry:
                yield from _leaves(entry[form], {**case, by: count})


def _cases(lang: str):
    cat = catalogue(lang)
    for table in TABLES:
        for event, entry in (cat.get(table) or {}).items():
            for case, template in _leaves(entry, {}):
                yield table, event, case, template


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_every_log_sentence_with_every_kind_of_value_reads_as_the_language(lang):
    teller, slip = Teller(BUNDLE, lang), SLIPS[lang]
    found, filled = {}, 0
    for table, event, case, template in _cases(lang):
        slots = [f for _, f, _, _ in string.Formatter().parse(template) if f is not None]
        named = sorted({s for s in slots if s and not s.isdigit()} - set(case))
        positional = sorted({int(s) for s in slots if s.isdigit()})
        for i, (kind, value) in enumerate(KINDS.items()):
            side = list(SIDES.values())[i % len(SIDES)]
            number = value if isinstance(value, int) else 1 + i % 2
            raw = {**{s: side if s == "colony" else [side, "b"] if s == "colonies" else number if s in NUMBERS else value
                      for s in named},
                   **{k: v for k, v in case.items() if v is not None}}
            for s in case:                       # a count the case chose, or the case's own value
                raw.setdefault(s, case[s] if case[s] is not None else 2)
            args = [teller.name(value) if not isinstance(value, int) else str(value) for _ in positional]
            text = teller.fill(template, args, teller.told(raw))
            filled += 1
            if slip.search(re.sub(r"\b(colônia|colony|Colony|thuộc địa) ([AB])\b", r"\1 X", text)):   # the side's letter is no article
                found.setdefault(f"{table}.{event}", (kind, text))
    assert filled > 3000
    assert not found, f"{len(found)} {lang} sentences slip:\n" + "\n".join(f"  {k} [{v[0]}]: {v[1]}" for k, v in list(found.items())[:25])


def _strings(value, path=""):
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in ("one",) or isinstance(v, str):
                yield from _strings(v, f"{path}.{k}" if path else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(v, f"{path}[{i}]")


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_every_sentence_of_the_worked_examples_with_every_kind_of_value_reads_as_the_language(lang):
    """The same walk over the site's worked examples (site/catalogues/site/<lang>.yaml `examples`,
    told by site/examples.py): a player, a colony, every location, a survivor, counts."""
    from dow.site.examples import Teller as ExampleTeller, _contract, example_names
    from dow.site.build import site_words
    cards = [{"id": c["id"], "kind": c["kind"], "name": c["name"]} for c in BUNDLE["cards"]]
    teller = ExampleTeller(example_names(cards, lang), lang)
    values = {"player": "p3", "colony A": "a", "colony B": "b", "survivor": SURVIVOR.rsplit(".", 1)[-1],
              **{f"location {loc}": loc for loc in LOCATIONS}}
    found, filled = {}, 0
    for path, template in _strings(site_words(lang)["examples"]):
        slots = {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}
        if not slots:
            continue
        positional = sorted(int(s) for s in slots if s.isdigit())
        for kind, value in values.items():
            told = teller.name(value)
            fields = {s: (1 if s == "n" else told) for s in slots if not s.isdigit()}
            text = _contract(template.format(*[told] * (max(positional) + 1 if positional else 0), **fields), lang)
            filled += 1
            if SLIPS[lang].search(re.sub(r"\b(colônia|colony|Colony|thuộc địa) ([AB])\b", r"\1 X", text)):
                found.setdefault(path, (kind, text))
    assert filled > 500
    assert not found, f"{len(found)} {lang} sentences slip:\n" + "\n".join(f"  {k} [{v[0]}]: {v[1]}" for k, v in list(found.items())[:25])


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_values_a_log_line_lists_read_as_the_language_lists_them(lang):
    """Issue 32's unexplained values, for every template that can hold them: a value per colony or per player
    is a list of the language ("4 para a colônia A, 3 para a colônia B e 4 para o Lobo Solitário"), not
    "4 (a colônia A), 3 (a colônia B)" or "o jogador 1: 9, o jogador 2: 0"; a supply and a colony's bullets name
    whose they are once the players' colonies are known; a stand-in is named by its kind and number, with no
    marker on the line (the log says once, after the set-up, what stand-ins are); no sentence gives the sand
    timer as a count of actions."""
    teller, cat = Teller(BUNDLE, lang), catalogue(lang)
    lists = [teller.name({"a": 4, "b": 3, "w": 4}), teller.name({"a": "p1", "b": "p3"}), teller.name({"p1": 9, "p2": 0, "p3": 4})]
    for text in lists:
        assert "(" not in text and ": " not in text and cat["and"] in text, text
    teller.sides = {"p1": "a", "p4": "b", "p7": "w"}
    for player, side in teller.sides.items():
        for value in (f"supply:{player}", f"bullets:{player}"):
            assert teller.colony(side) in teller.name(value), (value, teller.name(value))
    stand_in = teller.name("stand-in.crisis.5")
    assert "5" in stand_in and not re.search(r"stand-in|substitut|thay thế", stand_in), stand_in
    for table in TABLES:
        for event, entry in cat[table].items():
            for _, template in _leaves(entry, {}):
                if event != "stand_ins":
                    assert not re.search(r"stand-in|substitut|thay thế", template), (table, event, template)
                assert "{budget}" not in template, (table, event, template)
