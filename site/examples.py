"""A card's scenario tests, told as worked examples for its page on the website.

Each scenario (docs/scenarios.md) becomes a title and three lists of sentences in the page's
language: the table before, what happens, and what is true after, with survivors, cards, places and
players by their names. Every word comes from the ``examples`` section of the site catalogue
(site/catalogues/site/<lang>.yaml); a scenario key or step the catalogue does not tell raises
UntoldScenario, so a new scenario form cannot reach a page as raw data.
"""
from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from dow.render.playlog import _contract, place_with_article


class UntoldScenario(KeyError):
    """A scenario key, step or event the examples catalogue has no sentence for."""


def _words(lang: str) -> dict:
    from .words import site_words
    return site_words(lang)["examples"]


class Teller:
    """Scenario values told in one language."""

    def __init__(self, names: dict[str, str], lang: str):
        self.names, self.lang, self.w = names, lang, _words(lang)

    # ---- values
    def say(self, template, n: Any = None, *args, **fields) -> str:
        """A catalogue template filled in; a {one, other} pair chosen by the count n."""
        if isinstance(template, dict):
            template = template["one"] if n == 1 and "one" in template else template["other"]
        return _contract(template.format(*args, n=n, **fields), self.lang)

    def entry(self, section: str, key: str):
        table = self.w[section]
        if key not in table:
            raise UntoldScenario(f"examples.{section}.{key}")
        return table[key]

    def name(self, value: Any) -> str:
        """A card, place or player by its name in this language."""
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        text = str(value).removeprefix("card:")
        if text.isdigit():
            return text
        if re.fullmatch(r"d:p\d+:\d+", text):  # an action die, by player and position
            _, player, index = text.split(":")
            return self.say(self.w["die_of"], n=int(index) + 1, player=self.name(player))
        if re.fullmatch(r"p\d+", text):
            return self.say(self.w["player"], n=text[1:])
        if text in ("a", "b"):
            return self.say(self.w["colony"], n=text.upper())
        if "." in text and text.split(".")[0] in ("base", "warring-colonies", "winter-tricks"):
            text = text.rsplit(".", 1)[-1]
        for key in (text, text.replace("_", "-"), text.replace("-", "_")):
            if key in self.names:
                return self.names[key]
        card, _, number = text.rpartition("-")  # a Winter Tricks resource card: fuel-3
        if number.isdigit() and card in self.names:
            return self.say(self.w["card_number"], n=number, name=self.names[card])
        if text in self.w["words"]:
            return self.w["words"][text]
        # a card this project does not hold (a test project with a few cards): its file name, read
        # as the proper name it stands for; the full site's leak test fails on any left over
        return " ".join(part.capitalize() for part in re.split(r"[-_]", text))

    def cards(self, values) -> str:
        values = values if isinstance(values, list) else [values]
        if not values:
            return self.w["nothing"]
        names = [self.name(v) for v in values]
        return ", ".join(names[:-1]) + self.w["list_and"] + names[-1] if len(names) > 1 else names[0]

    def value(self, v: Any) -> str:
        if isinstance(v, bool):
            return self.w["yes" if v else "no"]
        if isinstance(v, list):
            return ", ".join(self.value(x) for x in v) or self.w["nothing"]
        if isinstance(v, dict) and len(v) == 1:     # {p2: [ashley-ross]}: the answer of the player asked
            (who, answer), = v.items()
            return self.say(self.w["answer_of"], player=self.name(who), value=self.value(answer))
        if isinstance(v, int):
            return str(v)
        if v in ("yes", "no"):
            return self.w[v]
        return self.name(v)

    # ---- the table
    def facts(self, table: dict) -> list[str]:
        out = []
        for key, v in (table or {}).items():
            out += [_capital(line) for line in self.fact(key, v)]
        return out

    def fact(self, key: str, v: Any) -> list[str]:
        f = self.w["facts"]
        if key == "survivors":
            return [s for name, facts in v.items() for s in self.survivor(name, facts or {})]
        if key in ("zombies", "noise", "barricades", "helpless") and isinstance(v, dict):
            return [self.say(f[f"{key}_at"], n=n, place=self.name(p)) for p, n in v.items()]
        if key == "storage" and isinstance(v, list):          # given: the cards, told by kind and count
            v = {k: v.count(k) for k in dict.fromkeys(v)}
        if key == "storage" and isinstance(v, dict):          # expect: the cards in storage by kind
            return [self.say(f["storage_kind"], n=n, name=self.name(k)) for k, n in v.items()]
        if key == "deck_top":                                # the top cards of a deck, top first
            decks = f["deck_names"]
            return [self.say(f["deck_top"], deck=(decks[d] if d in decks else decks["item"].format(place=self.name(d))),
                             cards=self.cards(c)) for d, c in v.items()]
        if key in ("item_deck",):
            return [self.say(f["item_deck_cards"], place=self.name(p), cards=self.cards(c)) if isinstance(c, list)
                    else self.say(f["item_deck_at"], n=c, place=self.name(p)) for p, c in v.items()]
        if key in ("hand", "colony", "crisis_added", "equipment", "dice", "damage"):
            return [self.per_player(key, p, c) for p, c in v.items()]
        if key in ("bullets", "colony_morale", "colony_food", "combat"):
            return [self.say(f[key], n=n, colony=self.name(c)) for c, n in v.items()]
        if key == "winner":
            return [self.say(f[key], colony=self.name(v))]
        if key == "colony_leader":
            return [self.say(f[key], player=self.name(p), colony=self.name(c)) for c, p in v.items()]
        if key in ("triggered", "completed", "over"):
            return [f[key] if v else f[f"not_{key}"]]
        if key in ("log", "not_log"):
            return [self.say(f[key], what=self.event(e)) for e in v]
        if key in ("legal", "illegal"):
            return [self.say(f[key], what=_capital(self.action(str(a).split()))) for a in v]
        if key == "event" and not isinstance(v, dict):
            return [self.say(f["event_card"], name=self.name(v))]
        if key == "event":
            return [self.say(f["event"], what=self.happening(v))]
        if key == "bind":
            return [self.say(f["bind"], what=", ".join(self.say(self.entry("binds", k), name=self.name(x),
                                                                  place=self.name(x)) for k, x in v.items()))]
        if key == "ending":
            return [self.say(f["ending"], what=self.entry("endings", v))]
        if key in ("winners",):
            return [self.say(f["winners"], players=self.cards(v)) if v else f["no_winners"]]
        if key in ("exiled", "betrayer", "expedition_used"):
            return [self.say(f[key], players=self.name(p)) for p in (v if isinstance(v, list) else [v])]
        if key in ("first", "leader", "trick_winner"):
            return [self.say(f[key], player=self.name(v))]
        if key == "relic":
            return [self.say(f[key], name=self.name(f"relic:{v}"))]
        if key in ("crisis", "objective"):
            return [self.say(f[key], name=self.name(v))]
        if key == "colonies":
            return [f["colonies"]] if v else []
        if isinstance(v, list):
            return [self.say(self.entry("facts", f"{key}_cards"), cards=self.cards(v))]
        if key == "deck" and isinstance(v, int):
            return [self.say(f["deck_count"], n=v)]
        return [self.say(self.entry("facts", key), n=v)]

    def per_player(self, key: str, player: str, v: Any) -> str:
        f, who = self.w["facts"], self.name(player)
        if key == "dice":
            return self.say(f["dice"], player=who, cards=self.cards(v)) if v else self.say(f["no_dice"], player=who)
        if key == "damage":
            return self.say(f["damage"], n=v, player=who)
        if key == "equipment":
            return self.say(f["equipment"], player=who, cards=self.cards(v)) if v else self.say(f["no_equipment"], player=who)
        if key == "crisis_added":
            return self.say(f["crisis_added"], player=who, cards=self.cards(v))
        kind = "hand" if key == "hand" else "colony"
        if isinstance(v, list):
            return self.say(f[f"{kind}_cards"], player=who, cards=self.cards(v))
        return self.say(f[f"{kind}_count"], n=v, player=who)

    def survivor(self, name: str, facts: dict) -> list[str]:
        s, who = self.w["survivor"], self.name(name)
        out = [] if facts else [self.say(s["place"]["play"], name=who)]
        for key, v in facts.items():
            if key == "at":
                out.append(self.say(s["at"], name=who, place=self.name(v)))
            elif key == "player":
                out.append(self.say(s["player"], name=who, player=self.name(v)))
            elif key in ("wounds", "frostbite"):
                out.append(self.say(s[key], n=v, name=who))
            elif key == "equipped":
                out.append(self.say(s["equipped"], name=who, cards=self.cards(v)))
            elif key == "leader":
                out.append(self.say(s["leader"], name=who))
            elif key == "place":
                if v not in s["place"]:
                    raise UntoldScenario(f"survivor.place.{v}")
                out.append(self.say(s["place"][v], name=who))
            else:
                raise UntoldScenario(f"survivor.{key}")
        return out

    def event(self, kind: str) -> str:
        return self.entry("events", str(kind))

    def happening(self, event: dict) -> str:
        parts = [self.event(event.get("kind", "other"))]
        for k, x in event.items():
            if k != "kind":
                parts.append(self.say(self.entry("binds", k), name=self.name(x), place=self.name(x)))
        return ", ".join(parts)

    # ---- the steps
    def steps(self, do: Any) -> list[str]:
        steps = [str(step) for step in (do if isinstance(do, list) else [do])]
        # 'goal' then the round's main-objective check: the check is that goal's check, so it is told once
        steps = [step for i, step in enumerate(steps)
                 if not (step == "goal" and steps[i + 1:i + 2] == ["colony check_main_objective"])]
        return [_capital(self.step(step.split())) + "." for step in steps]

    def step(self, words: list[str]) -> str:
        head, args = words[0], words[1:]
        if head == "action":
            return self.action(args)
        s = self.w["steps"]
        if head == "colony":
            return self.say(s["colony"], None, self.entry("round_steps", args[0]))
        if head == "wound":
            n = int(args[1]) if len(args) > 1 and args[1].isdigit() else 1
            template = s["frostbite" if "frostbite" in args else "wound"]
            return self.say(template, n, self.name(args[0]))
        template = self.entry("steps", head)
        if head == "goal":
            return template
        if head in ("option",):
            return self.say(template, None, args[0])
        if head == "ability":
            return self.say(template, None, args[0], self.name(args[1]) if len(args) > 1 else self.own)
        if head in ("play",):
            return self.say(template, None, self.name(args[0]) if args else self.own)
        if head == "equip":
            return self.say(template, None, self.name(args[1]) if len(args) > 1 else self.own, self.name(args[0]))
        if head in ("turn", "effect", "infirmary"):
            return self.say(template, None, self.name(args[0] if args else "p1"))
        return self.say(template, None, *[self.name(a) for a in args])

    def action(self, words: list[str]) -> str:
        head, args = words[0], words[1:]
        template = self.entry("actions", head)
        if head == "ability" and len(args) > 1 and args[1].isdigit():   # the engine counts abilities from 0,
            args = [args[0], str(int(args[1]) + 1), *args[2:]]          # the card page from 1 ("Ability 1")
        told = [a if a.isdigit() else self.name(a) for a in args]
        return self.say(template, None, *told)

    own = ""


def _mid_sentence(text: str, teller: "Teller") -> str:
    """A sentence set after a colon: its first letter in lower case, unless it starts with a name."""
    if any(name and text.startswith(name) for name in teller.names.values()):
        return text
    return text[:1].lower() + text[1:]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def worked_examples(card: dict, names: dict[str, str], lang: str) -> list[dict]:
    """The card's scenarios as {title, given, do, expect, answers, rolls}: sentences in one language."""
    teller = Teller(names, lang)
    teller.own = names.get(card["id"].rsplit(".", 1)[-1], "")
    w, out = teller.w, []
    for number, test in enumerate(card.get("tests") or [], 1):
        try:
            do = teller.steps(test.get("do", []))
            title = teller.say(w["title"], n=number, what=w["then"].join(s.rstrip(".") if k == 0 else _mid_sentence(s.rstrip("."), teller)
                                                              for k, s in enumerate(do)))
            out.append({"title": title, "given": teller.facts(test.get("given")), "do": do,
                        "expect": teller.facts(test.get("expect")),
                        "answers": teller.say(w["answers"], value=teller.value(test["answers"])) if test.get("answers") else "",
                        "rolls": teller.say(w["rolls"], value=teller.value(test["rolls"])) if test.get("rolls") else ""})
        except UntoldScenario as error:
            raise UntoldScenario(f"{card['id']}, scenario {number} ({test.get('name', '')}): "
                                 f"no sentence for {error.args[0]}") from None
    return _distinct_titles(out, w, teller)


def _distinct_titles(examples: list[dict], w: dict, teller: "Teller") -> list[dict]:
    """Examples whose steps read alike get titles that say what sets each apart: the first outcome
    ("afterwards: …") no other of them has, else the first fact of its table ("on the table: …"),
    else its answers or rolls, else two such facts together."""
    groups: dict[str, list[dict]] = {}
    for example in examples:
        groups.setdefault(example["title"].split(":", 1)[-1], []).append(example)
    for group in groups.values():
        if len(group) < 2:
            continue
        for number, example in enumerate(group):
            others = [e for i, e in enumerate(group) if i != number]
            options = [(w["title_result"], f) for f in example["expect"] if not any(f in o["expect"] for o in others)]
            options += [(w["title_given"], f) for f in example["given"] if not any(f in o["given"] for o in others)]
            options += [(w["title_result"], f) for f in (example["answers"], example["rolls"])
                        if f and not any(f in (o["answers"], o["rolls"]) for o in others)]
            options += [(w["title_given"], f"{a.rstrip('.')}; {_mid_sentence(b.rstrip('.'), teller)}")
                        for a, b in combinations(example["given"], 2)
                        if not any(a in o["given"] and b in o["given"] for o in others)]
            if options:
                template, fact = options[0]
                example["title"] = teller.say(template, title=example["title"], fact=_mid_sentence(fact.rstrip("."), teller))
    return examples


def example_names(cards: list[dict], lang: str) -> dict[str, str]:
    """Names a scenario may use (file names of cards, location ids) in one language."""
    names = {}
    for card in cards:
        short = card["id"].rsplit(".", 1)[-1]
        name = card.get("name", {})
        text = name.get(lang) if isinstance(name, dict) else str(name)
        names.setdefault(short, text)
        names[f"{card.get('kind')}:{short}"] = text
        if card.get("kind") == "resource":  # a resource card and its relic share a file name
            names[short] = text
        if card.get("kind") == "location":
            place = place_with_article(card, lang)
            names[short.replace("-", "_")] = names[f"location:{short}"] = place
            if names[short] == text:
                names[short] = place
    return names
