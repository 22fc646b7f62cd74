"""A game's structured log, told in Portuguese, English or Vietnamese.

The runtime logs events as data (``{event, params, src}``); this module renders them
for people: card and location names in the chosen language, survivors by their
proper names, players by number, one sentence per event in the project's own words.
The sentences are the catalogues render/catalogues/log/<lang>.yaml. An event without
a sentence there is told as "something happened" (never by its name) and recorded in
``Teller.untold``: tests/test_playlog.py plays every game and fails on it.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

CATALOGUES = Path(__file__).resolve().parent / "catalogues" / "log"


@functools.lru_cache(maxsize=None)
def catalogue(lang: str) -> dict:
    """The log's sentences and words in one language (render/catalogues/log/<lang>.yaml)."""
    from ruamel.yaml import YAML
    return YAML(typ="safe").load((CATALOGUES / f"{lang}.yaml").read_text(encoding="utf-8"))


#: events that repeat another line (the interpreter's own record of an action the engine also tells)
QUIET = {"manual", "pay", "change_morale", "attach", "drew_cards", "use_limit", "kill_survivor"}


#: English says the article of a number as the number sounds: "an 8", "an 11", "an 18" (a word's article
#: is render/text.py's an())
AN_NUMBER = re.compile(r"\b([Aa]) (8\d*|11|18)\b")


def _contract(text: str, lang: str) -> str:
    """A filled-in sentence with the language's contractions (pt "a o combate" -> "ao combate"), the
    same table the rules text uses (render/catalogues/text/<lang>.yaml), and English's "an 8"."""
    from dow.render.text import load_language
    for pattern, replacement in load_language(lang).contractions if lang in ("pt", "en", "vi") else ():
        text = pattern.sub(replacement, text)
    return AN_NUMBER.sub(r"\1n \2", text) if lang == "en" else text


class Teller:
    """Renders log lines in one language, with names from the bundle."""

    def __init__(self, bundle: dict, lang: str = "en", instances: dict | None = None):
        self.lang = lang
        self.instances = instances or {}           # a game's card instances ("c:17") -> card ids
        self.names: dict[str, str] = {}
        self.cat = catalogue(lang)
        for card in bundle.get("cards", []):
            name = card.get("name", {})
            text = name.get(lang) or name.get("en") if isinstance(name, dict) else str(name)
            self.names[card["id"]] = text
            short = card["id"].rsplit(".", 1)[-1]
            if card.get("kind") == "survivor":
                self.names["s:" + short] = text
            if card.get("kind") == "location":   # in a sentence: as the language writes a place mid-sentence
                self.names[card["id"]] = self.names[short.replace("-", "_")] = self.place(card)
            if card.get("kind") in ("relic", "equipment", "resource"):
                self.names[f"{card['kind']}:{short}"] = text
        self.words = self.cat["words"]
        self.kinds = {card["id"]: card.get("kind") for card in bundle.get("cards", [])}   # a cause's kind of card
        from .grammar import learn
        self.genders = learn(bundle.get("cards", []), lang)   # the genders the sentences agree with (render/grammar.py)
        self.untold: set[str] = set()
        self.winter_tricks = False  # lines() sets it for a Winter Tricks game's log
        self.goals = {card["id"]: " ".join(g["text"].get(lang) or g["text"].get("en", "") for g in card.get("goals") or ()
                                           if isinstance(g.get("text"), dict))
                      for card in bundle.get("cards", []) if card.get("kind") == "main-objective"}
        self.sides: dict[str, str] = {}   # Warring Colonies: each player's colony ("a", "b") or the Lone Wolf ("w")
        for ruleset in (bundle.get("rulesets") or {}).values():   # stand-in cards of a ruleset, by their names
            for value in (ruleset.get("stand_ins") or {}).values():
                for item in value if isinstance(value, list) else ():
                    if isinstance(item, dict) and "id" in item and "name" in item:   # the catalogue's name in
                        self.names[item["id"]] = self.cat["stand_in_names"].get(item["id"], item["name"])   # each language

    def place(self, card: dict) -> str:
        """A location as this language names it mid-sentence, with its article where nouns carry one."""
        return place_with_article(card, self.lang)

    def told(self, raw: dict) -> dict:
        """An event's values as this language tells them, by name."""
        params = {k: self.colony(v) if k == "colony" and isinstance(v, str) else
                  ", ".join(self.colony(c) for c in v) if k == "colonies" and isinstance(v, list) else self.name(v)
                  for k, v in raw.items()}
        if isinstance(raw.get("token"), str):             # a token by its glossary term, in the count's number
            params["token"] = self.token(raw["token"], raw.get("count"))
        return params

    def token(self, token: str, count: Any) -> str:
        """A kind of token ("despair") as the glossary names it in this language, singular for a count of 1."""
        from .text import load_language
        term = load_language(self.lang).glossary.get(f"token.{token}", {}).get(self.lang)
        if isinstance(term, dict):
            return str(term.get("one") if count == 1 and "one" in term else term.get("other"))
        return term if isinstance(term, str) else self.name(token)

    def name(self, value: Any) -> str:
        if isinstance(value, bool):
            return self.words["hit" if value else "miss"]
        if isinstance(value, list):
            if value and value[0] in ("attack", "search", "move", "barricade", "attract", "clean_waste", "ability",
                                      "item", "equip", "play", "food", "request", "handoff", "exile", "end"):
                return " ".join(self.name(v) for v in value if not (isinstance(v, int) and value[0] != "food"))
            names = [self.name(v) for v in value]
            return self.listed(names) if names else self.words["nobody"]
        if isinstance(value, dict) and self.lang in value:          # a localized text
            return value[self.lang]
        if isinstance(value, dict) and value and set(value) <= {"a", "b", "w"}:   # per side: {a: 4, b: 3, w: 4}
            return self.listed([self.cat["per_side"].format(side=self.colony(k), value=self.name(v))
                                for k, v in value.items()])
        if isinstance(value, dict):   # per player: {p1: 2, p2: 15}
            return self.listed([self.cat["per"].format(who=self.name(k), value=self.name(v)) for k, v in value.items()])
        if isinstance(value, str):
            if value.startswith("supply:"):     # whose supply: the colony's, or in Warring Colonies a side's
                side = self.sides.get(value.split(":", 1)[1])
                return self.cat["supply"]["side"].format(c=self.colony(side)) if side else self.cat["supply"]["colony"]
            if re.fullmatch(r"d:p\d+:\d+", value):  # an action die, by player and position
                _, player, index = value.split(":")
                return self.cat["die"].format(n=int(index) + 1, player=self.name(player))
            if re.fullmatch(r"p\d+", value):
                return self.cat["player"].format(n=value[1:])
            if value in ("colony_a", "colony_b", "den"):
                return self.colony(value)
            if value.startswith("bullets:"):   # a colony's bullets (a player's: their colony's, or the Lone Wolf's)
                whose = value.split(":", 1)[1]
                return self.cat["colony"]["bullets"].format(c=self.colony(self.sides.get(whose, whose)))
            if value.startswith("stand-in.") and value not in self.names:
                _, kind, n = value.split(".", 2)
                return self.cat["stand_in"].format(kind=self.cat["stand_in_kind"][kind], n=n.rsplit("-", 1)[-1])
            value = self.instances.get(value, value)
            if value in self.names:
                return self.names[value]
            if value in self.words.get("zones", {}):
                return self.words["zones"][value]
            place = self.glossary_place(value)
            if place:
                return place
            piece = re.fullmatch(r"(relic-)?([a-z]+)-(\d+)", value)  # Winter Tricks: fuel-3, tarp-1, relic-water-1
            if piece:
                relic, short, number = piece.groups()
                if relic and f"relic:{short}" in self.names:
                    return self.names[f"relic:{short}"]
                if f"equipment:{short}" in self.names:
                    return self.names[f"equipment:{short}"]
                if f"resource:{short}" in self.names:
                    return self.cat["card_number"].format(name=self.names[f"resource:{short}"], n=number)
            return self.words.get(value) or value
        return str(value)

    def listed(self, items: list[str]) -> str:
        """Items as the language lists them: "a, b and c"."""
        return ", ".join(items[:-1]) + self.cat["and"] + items[-1] if len(items) > 1 else "".join(items)

    def glossary_place(self, value: str) -> str | None:
        """A place or zone of the table the catalogue's zones do not name ("storage"), by the glossary's
        term for it (``location.<value>``, else ``zone.<value>``), with its article where the language's
        nouns carry one (pt "o depósito"); None if the glossary has neither."""
        from .text import load_language
        glossary = load_language(self.lang).glossary if self.lang in ("pt", "en", "vi") else {}
        for key in (f"location.{value}", f"zone.{value}"):
            term = (glossary.get(key) or {}).get(self.lang)
            word = term if isinstance(term, str) else (term or {}).get("other") if isinstance(term, dict) else None
            if isinstance(word, str):
                articles = self.cat.get("articles")
                gender = term.get("gender", "m") if isinstance(term, dict) else "m"
                return f"{articles[gender]} {word}" if articles else word
        return None

    def colony(self, which: str) -> str:
        """A colony by its side ("a", "b", "both") or board ("colony_a", "den"), in the teller's language."""
        key = {"a": "a", "colony_a": "a", "b": "b", "colony_b": "b", "both": "both", "den": "den",
               "w": "lone_wolf"}.get(which)
        if key is None:
            return self.name(which)
        return self.cat["colony"][key]

    def lines(self, lines: list[dict]) -> list[str]:
        """Every line worth telling, as a player would write the game down (told_lines)."""
        return [text for _, _, text in self.told_lines(lines)]

    def told_lines(self, lines: list[dict]) -> list[tuple[str, dict, str]]:
        """(event, values, sentence) of every line worth telling, in the order a player would tell them:
        bookkeeping that repeats another line is left out (QUIET); a decision is told only when it adds
        something to what follows it (``action`` before its own result is left out, and one with no result
        is followed by a line saying nothing came of it); the set-up's shuffles are one line; a bite that
        cannot spread says why; stand-in cards are said once, after the set-up, and so is why a die decides who
        draws Warring Colonies' one crossroads card (each roll is then told by its colony). The engine logs each fact
        once (a survivor who joins, a warfare the tactics end, an action the host refuses: the host
        protocol's ``Told`` and ``Refused``), so no line here is left out for repeating another."""
        self.winter_tricks = any((line.get("src") or {}).get("game") == "winter-tricks" for line in lines[:1])
        self.sides = _sides(lines)
        public = [line for line in lines if line["event"] not in QUIET]
        out: list[tuple[str, dict, str]] = []
        where: dict[str, str] = {}                # where each survivor died (a bite spreads there)
        stand_ins = any("stand-in." in repr(line.get("params")) for line in public)
        shared = any(line["event"] == "crossroads_draw_roll" for line in public)
        setup_seen = False
        for i, line in enumerate(public):
            event, params = line["event"], line.get("params") or {}
            after = public[i + 1] if i + 1 < len(public) else None
            nxt = after["event"] if after else None
            before = public[i - 1]["event"] if i else None
            if event == "shuffle" and not setup_seen:      # the set-up's shuffles (one a hand dealt): one line
                if before != "shuffle":
                    out.append((event, params, self.fill(self.cat["events"]["decks_shuffled"], [], {})))
                continue
            if event == "action":
                kind = (params.get("action") or [None])[0]
                if kind in RESULTS and nxt in RESULTS[kind]:
                    continue                               # the result tells it: "plays Food 1"
                out.append((event, params, self.line(line)))
                if kind not in ("end", "request", "exile") and (nxt is None or nxt in NOTHING_AFTER):
                    out.append(("no_effect", {}, self.fill(self.cat["events"]["no_effect"], [], {})))
                continue
            if event == "move_cards" and params.get("zone") == "storage" and before == "took_offer":
                continue                                   # Winter Has Come's offer says what it puts away
            if event == "took" and nxt == "take_cards":
                continue                                   # the line after says the same, and where from
            if event == "killed" and params.get("survivor"):
                where[params["survivor"]] = params.get("location", "")
            if event == "spread_bite" and nxt != "bite_spread":
                told = self.told({"location": where.get(params.get("survivor", ""), "colony")})
                out.append(("bite_stops", params, self.fill(self.cat["events"]["bite_stops"], [], told)))
                continue
            if event == "spread_bite":
                continue                                   # "the bite spreads to …" follows
            if event == "combat_result" and params.get("difference") == 0 and nxt != "combat_won":
                out.append((event, params, self.line(line)))     # a tie: the log says nobody wins, and on whose word
                told = self.told({"location": params.get("location", "")})
                out.append(("warfare_tied", params, self.fill(self.cat["colony_events"]["warfare_tied"], [], told)))
                continue
            text = self.line(line)
            if out and out[-1][2] == text and event == "shuffle":
                continue
            out.append((event, params, text))
            if event == "setup" and not setup_seen:
                setup_seen = True
                goal = self.goals.get(str(params.get("objective")))
                if goal:                               # what the main objective asks, in the card's words
                    out.append(("objective_goal", params, self.fill(self.cat["events"]["objective_goal"], [], {"goal": goal})))
                if stand_ins:
                    out.append(("stand_ins", {}, self.fill(self.cat["events"]["stand_ins"], [], {})))
                if shared:                             # Warring Colonies' one crossroads card: why a die decides
                    out.append(("crossroads_shared", {}, self.fill(self.cat["colony_events"]["crossroads_shared"], [], {})))
        return self.again(out)

    def again(self, out: list[tuple[str, dict, str]]) -> list[tuple[str, dict, str]]:
        """The same thing done twice in a row (two searches, two cards to the crisis) reads as the table says
        it: "… again.", "… a third time." (the catalogue's ``again``), never the same line twice."""
        told: list[tuple[str, dict, str]] = []
        run = 1
        for i, (event, params, text) in enumerate(out):
            run = run + 1 if i and text == out[i - 1][2] else 1
            if run > 1 and text[-1:] in ".!":
                words = self.cat["again"]
                word = words.get(run, words["other"])
                if "[sentence]" in word:     # vi: said in front ("Một lần nữa, …"; render/grammar.py)
                    from .grammar import said_again
                    text = said_again(text, word, [*self.names.values(), self.cat["colony"]["lone_wolf"]], run)
                else:
                    text = f"{text[:-1]} {word.format(n=run)}{text[-1]}"
            told.append((event, params, text))
        return told

    def line(self, line: dict) -> str:
        """One event as a sentence in the teller's language."""
        event, raw = line["event"], dict(line.get("params") or {})
        args: list[str] = []
        if event == "action" and isinstance(raw.get("action"), list):  # [kind, its values...]
            kind, *values = raw.pop("action")
            raw["kind"] = kind
            args = [str(v) if isinstance(v, int) else self.name(v) for v in values]
        src_card = (line.get("src") or {}).get("card")
        if event == "killed" and raw.get("cause") == "effect" and src_card == EXPOSURE_DIE:
            raw["cause"] = "bite"            # the exposure die kills by its bite face: "dies (bitten)"
        elif event == "killed" and raw.get("cause") == "effect" and src_card in self.names:
            raw["cause"] = src_card          # "dies (Crash)": the card that killed, not "a card"
        if event in ("took_offer", "nobody_did") and src_card:
            raw["card"] = src_card           # what was asked, by the card that asked it
        if src_card and "card" not in raw and (event == "skip_exposure" or (
                event == "add_tokens" and raw.get("token") == "barricade" and not raw.get("survivor"))):
            # why: the card (or the survivor's ability) that builds a barricade or spares a move its exposure
            # roll ("Por causa do Combustível, …", "Pela habilidade de Thomas Heart, …")
            raw["card"], raw["card_kind"] = src_card, self.kinds.get(src_card, "other")
        if event == "crossroads_draw_roll" and isinstance(raw.get("roll"), int):
            raw["colony"] = "a" if raw["roll"] % 2 else "b"    # odd: colony A (runtime/engine/colonies.py colony_die)
        if event == "turns" and isinstance(raw.get("players"), dict) and {"a", "b"} <= set(raw["players"]):
            raw["a"], raw["b"] = raw["players"]["a"], raw["players"]["b"]
        if event == "combat_strength" and raw.get("player") in self.sides:
            raw["colony"] = self.sides[raw["player"]]     # a tactic adds to its colony's strength
        if isinstance(raw.get("from"), int) and isinstance(raw.get("to"), int) and "direction" not in raw:
            # a number that changes ("morale goes from 6 to 4"): a catalogue may say it by its direction
            # (vi "giảm từ 6 xuống 4", "tăng từ 7 lên 8") with {case: direction, down, up, other}
            raw["direction"] = "down" if raw["to"] < raw["from"] else "up" if raw["to"] > raw["from"] else "same"
        params = self.told(raw)
        if self.winter_tricks or (line.get("src") or {}).get("game") == "winter-tricks":
            tables = (self.cat["winter_tricks"], self.cat["events"])
        else:
            events, colony_events = self.cat["events"], self.cat["colony_events"]
            told_by_colony = "colony" in raw or "colonies" in raw or event not in events
            tables = (colony_events, events) if told_by_colony or "leaders" in raw else (events,)
        for table in tables:
            entry = table.get(event)
            for template in entry if isinstance(entry, list) else [entry]:  # a list: the first that fits
                template = _pick(template, raw)
                if template is not None:
                    try:
                        return self.fill(template, args, params)
                    except (KeyError, IndexError):
                        continue
        self.untold.add(event)
        return self.cat["untold"]

    def fill(self, template: str, args: list, params: dict) -> str:
        """One sentence: the template filled in with the values as told, its words agreeing with them
        (render/grammar.py, pt "{survivor:posto|posta}"), the language's contractions
        (pt "em o" -> "no"), a capital at the start of each sentence."""
        from .grammar import fill
        text = _contract(fill(template, self.lang, *args, genders=self.genders, **params), self.lang)
        # each sentence starts with a capital, also one after another in the same line
        # ("Ngã tư! Người chơi 2 đọc …", where the template starts it with the player)
        text = re.sub(r"([.!?] )(\w)", lambda m: m.group(1) + m.group(2).upper(), text)
        return text[:1].upper() + text[1:]


#: an action's own result, which tells it ("plays Food 1" after "chooses to play Food 1")
RESULTS = {"play": {"played"}, "crisis": {"crisis_card", "crisis_card_shown"}, "move": {"moved"},
           "search": {"searched"}, "equip": {"equipped"}, "attack": {"zombie_killed", "attack_survivor"},
           "exile": {"exile_vote"}, "barricade": {"barricade_built"}, "clean_waste": {"waste_cleaned"},
           "attract": {"attracted"}, "food": {"die_raised"}, "handoff": {"handed"}}
#: lines that start something else: an action followed by one of them came to nothing
NOTHING_AFTER = {"action", "turn", "turns", "timer_started", "round", "colony_phase", "food_paid", "lone_wolf_turn",
                 "movement_pass", "crossroads_drawn", "took_offer", "nobody_did", "round_track", "warfare"}
EXPOSURE_DIE = "base.die.exposure-die"


def _sides(lines: list[dict]) -> dict[str, str]:
    """Warring Colonies: each player's colony, from the lines that name it (the simultaneous turns, the
    colony leaders, the Lone Wolf's seat); empty for a game with one colony."""
    sides: dict[str, str] = {}
    for line in lines:
        params = line.get("params") or {}
        if line["event"] == "turns" and isinstance(params.get("players"), dict):
            sides.update({p: side for side, p in params["players"].items() if isinstance(p, str)})
        elif line["event"] == "setup" and isinstance(params.get("leaders"), dict):
            sides.update({p: side for side, p in params["leaders"].items() if isinstance(p, str)})
        elif line["event"] in ("lone_wolf", "lone_wolf_turn") and isinstance(params.get("player"), str):
            sides[params["player"]] = "w"
    return sides


def _pick(template, raw: dict):
    """The sentence of a catalogue entry for these values: a {case: value name, ...} entry by that
    value (else its ``other``), a {one, other, by} entry by the count in ``by`` (default ``count``)."""
    if isinstance(template, dict) and "case" in template:
        template = template.get(str(raw.get(template["case"])), template.get("other"))
        return _pick(template, raw)
    if isinstance(template, dict):
        count = raw.get(template.get("by", "count"))
        return template["one"] if count == 1 and "one" in template else template["other"]
    return template


#: languages that write a place of the board in running text as the common noun it is, lower case
#: mid-sentence (Vietnamese, as seed 002 writes "các thuộc địa", "địa điểm"); the card's name is its
#: title, capitalized. Portuguese writes it the same way with its article ("o posto de gasolina",
#: place_with_article), where the card's name is the glossary's term.
COMMON_NOUN_PLACES = frozenset({"vi"})


def place_name(card: dict, lang: str) -> str:
    """How a sentence names a location card in one language: its glossary term where the language
    writes places as common nouns (the sentence's first letter is capitalized by whoever starts it),
    else the card's name."""
    name = card.get("name", {})
    title = (name.get(lang) or name.get("en")) if isinstance(name, dict) else str(name)
    if lang not in COMMON_NOUN_PLACES:
        return title
    from dow.render.text import load_language
    key = "location." + card["id"].rsplit(".", 1)[-1].replace("-", "_")
    term = load_language(lang).glossary.get(key, {}).get(lang)
    term = term if isinstance(term, str) else (term or {}).get("other") if isinstance(term, dict) else None
    # the term and the name must be the same words (a place the glossary names otherwise keeps its title)
    return term if isinstance(term, str) and term.lower() == str(title).lower() else title


def place_with_article(card: dict, lang: str) -> str:
    """A location as a sentence names it mid-sentence, with its article in a language whose nouns carry
    one (the log catalogue's ``articles``, pt: "a delegacia", "o posto de gasolina", by the gender of
    the glossary's term), so that the contractions fuse it with a template's bare preposition ("na
    delegacia", "do posto de gasolina"); else as place_name says."""
    name = place_name(card, lang)
    articles = catalogue(lang).get("articles") if lang in ("pt", "en", "vi") else None
    if not articles:
        return name
    from dow.render.text import load_language
    key = "location." + card["id"].rsplit(".", 1)[-1].replace("-", "_")
    term = load_language(lang).glossary.get(key, {}).get(lang)
    word = term if isinstance(term, str) else (term or {}).get("other") if isinstance(term, dict) else None
    gender = term.get("gender", "m") if isinstance(term, dict) else "m"
    if isinstance(word, str) and word.lower() == name.lower():
        name = word                                     # a common noun mid-sentence: "a delegacia"
    return f"{articles[gender]} {name}"
