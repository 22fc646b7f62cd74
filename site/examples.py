"""A card's scenario tests, told as worked examples for its page on the website.

Each scenario (docs/scenarios.md) becomes a title and three lists of sentences in the page's
language: the table before, what happens, and what is true after, with survivors, cards, places and
players by their names. Every word comes from the ``examples`` section of the site catalogue
(site/catalogues/site/<lang>.yaml); a scenario key or step the catalogue does not tell raises
UntoldScenario, so a new scenario form cannot reach a page as raw data.
"""
from __future__ import annotations

import functools
import re
from typing import Any

from dow.render.grammar import fill
from dow.render.playlog import _contract, place_with_article


class UntoldScenario(KeyError):
    """A scenario key, step or event the examples catalogue has no sentence for."""


def _words(lang: str) -> dict:
    from .words import site_words
    return site_words(lang)["examples"]


class Teller:
    """Scenario values told in one language."""

    def __init__(self, names: dict[str, str], lang: str, genders: dict[str, str] | None = None):
        self.names, self.lang, self.w = names, lang, _words(lang)
        self.genders = genders or {}      # the names' genders (render/grammar.py learn), for agreeing words

    # ---- values
    def say(self, template, n: Any = None, *args, **fields) -> str:
        """A catalogue template filled in; a {one, other} pair chosen by the count n."""
        if isinstance(template, dict):
            template = template["zero"] if n == 0 and "zero" in template else \
                template["one"] if n == 1 and "one" in template else template["other"]
        return _contract(fill(template, self.lang, *args, genders=self.genders, n=n, **fields), self.lang)   # agreeing words: render/grammar.py

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

    def listed(self, names: list[str]) -> str:
        if not names:
            return self.w["nothing"]
        return ", ".join(names[:-1]) + self.w["list_and"] + names[-1] if len(names) > 1 else names[0]

    def die_value(self, n: Any) -> str:
        """An action die by the number it shows, as the language says it ("a 5", "an 8", "um 5")."""
        return _contract(self.w["die_value"].format(n=n), self.lang)     # en: "an 8" (render/playlog.py)

    def absent(self, test: dict) -> list[str]:
        """What the scenario shows does not happen (its ``not_log``), in the game's words."""
        table = self.w["absent"]
        return [_capital(table[e] if e in table else self.say(table["other"], what=self.event(e)))
                for e in (test.get("expect") or {}).get("not_log", []) if e not in self.UNTOLD_ABSENT]

    #: what a scenario checks does not happen that a reader has no use for: that the engine left nothing
    #: for the players to do by hand is the engine's business, not a fact of the table
    UNTOLD_ABSENT = {"manual_step"}

    #: counts a table states only when they are not 0 (an empty place is not news), or when the example is
    #: about them becoming 0 (then by the template's "zero" form: "there are no more zombies at the school")
    ZERO_UNTOLD = {"food", "starvation", "waste", "removed", "helpless", "discard", "market", "deck", "relic_deck",
                   "expedition_deck", "zombies", "noise", "barricades", "item_deck", "hand", "colony", "damage",
                   "bullets", "colony_food", "storage", "wounds", "frostbite", "crisis_added"}

    def untold_zero(self, key: str, n: Any, *path: str) -> bool:
        """A count of 0 the table leaves out: not told unless the table before had more (then said as 'no more')."""
        if key not in self.ZERO_UNTOLD or not _is_zero(n):
            return False
        before: Any = self.before
        for part in (key, *path) if key not in ("wounds", "frostbite") else (*path, key):
            before = before.get(part) if isinstance(before, dict) else None
        return before is None or _is_zero(before)

    before: dict = {}

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
    def facts(self, table: dict, before: dict | None = None) -> list[str]:
        """The table's facts; with ``before`` (the table before the steps), a count that became 0 is told
        as 'no more', and a count that was 0 before and still is, not at all."""
        self.before = before or {}
        out = []
        for key, v in (table or {}).items():
            if not isinstance(v, dict) and self.untold_zero(key, v):
                continue
            if key == "over" and v and "ending" in table:     # "the game ends: …" says it once
                continue
            out += [_capital(line) for line in self.fact(key, v)]
        return out

    def fact(self, key: str, v: Any) -> list[str]:
        f = self.w["facts"]
        if key == "survivors":
            return [s for name, facts in v.items() for s in self.survivor(name, facts or {})]
        if key in ("zombies", "noise", "barricades", "helpless") and isinstance(v, dict):
            return [self.at_entrances(f, key, p, n) if isinstance(n, list) else self.say(f[f"{key}_at"], n=n, place=self.name(p))
                    for p, n in v.items() if not self.untold_zero(key, n, p)]
        if key == "storage" and isinstance(v, list):          # given: the cards, told by kind and count
            v = {k: v.count(k) for k in dict.fromkeys(v)}
        if key == "storage" and isinstance(v, dict):          # expect: the cards in storage by kind
            return [self.say(f["storage_kind"], n=n, name=self.name(k)) for k, n in v.items()
                    if not self.untold_zero("storage", n, k)]
        if key == "deck_top":                                # the top cards of a deck, top first
            decks = f["deck_names"]
            return [self.say(f["deck_top"], deck=(decks[d] if d in decks else decks["item"].format(place=self.name(d))),
                             cards=self.cards(c)) for d, c in v.items()]
        if key in ("item_deck",):
            return [self.say(f["item_deck_cards"], place=self.name(p), cards=self.cards(c)) if isinstance(c, list)
                    else self.say(f["item_deck_at"], n=c, place=self.name(p)) for p, c in v.items()
                    if not self.untold_zero("item_deck", c, p)]
        if key in ("hand", "colony", "crisis_added", "equipment", "dice", "damage"):
            return [self.per_player(key, p, c) for p, c in v.items()
                    if key in ("dice", "equipment") or not self.untold_zero(key, c, p)]
        if key in ("bullets", "colony_morale", "colony_food", "combat"):
            return [self.say(f[key], n=n, colony=self.name(c)) for c, n in v.items() if not self.untold_zero(key, n, c)]
        if key == "winner":
            return [self.say(f[key], colony=self.name(v))]
        if key == "colony_leader":
            return [self.say(f[key], player=self.name(p), colony=self.name(c)) for c, p in v.items()]
        if key in ("triggered", "completed", "over"):
            return [self.say(f[key] if v else f[f"not_{key}"], card=self.own)]
        if key in ("log", "not_log"):
            return [self.say(f[key], what=self.event(e)) for e in v]
        if key in ("legal", "illegal"):       # what a player can or cannot do now, as that player's action
            table = self.w["can" if key == "legal" else "cannot"]
            return [self.action(str(a).split(), table) + "." for a in v]
        if key == "event" and not isinstance(v, dict):
            return [self.say(f["event_card"], name=self.name(v))]
        if key == "event":
            return [self.say(f["event"], what=self.happening(v))]
        if key == "bind" and set(v) == {"moved", "origin", "destination"}:     # a move under way: one sentence
            return [self.say(f["moved_trip"], name=self.name(v["moved"]), origin=self.name(v["origin"]),
                             destination=self.name(v["destination"]))]
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

    def at_entrances(self, f: dict, key: str, place: str, counts: list) -> str:
        """Zombies or barricades per entrance ([0, 1, 0, 0, 0, 0]): how many at the place and at which
        entrances, counted from 1 as the board numbers them."""
        total = sum(counts)
        fact = self.say(f[f"{key}_at"], n=total, place=self.name(place)).rstrip(".")
        held = [(i, n) for i, n in enumerate(counts, 1) if n]
        if not held:
            return fact + "."
        if all(n == 1 for _, n in held):
            return self.say(f["entrances"], n=len(held), fact=fact, list=self.listed([str(i) for i, _ in held]))
        return self.say(f["entrances_counted"], fact=fact,
                        list=self.listed([self.say(f["entrance_count"], n=n, e=i) for i, n in held]))

    def per_player(self, key: str, player: str, v: Any) -> str:
        f, who = self.w["facts"], self.name(player)
        if key == "dice":
            dice = [self.die_value(d) if isinstance(d, int) and not isinstance(d, bool) else self.name(d)
                    for d in (v if isinstance(v, list) else [v])]
            return self.say(f["dice"], n=len(dice), player=who, cards=self.listed(dice)) if v else \
                self.say(f["no_dice"], player=who)
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
        if facts.get("place") == "play" and set(facts) - {"place"}:
            facts = {k: v for k, v in facts.items() if k != "place"}    # where it is, whose it is: in play, said
        if not facts or facts == {"place": "play"}:
            # still in play after the steps, as the table before had it: nothing happened to it, nothing to tell
            was = ((getattr(self, "before", None) or {}).get("survivors") or {})
            if name in was and (was[name] or {}).get("place", "play") == "play":
                return []
            return [self.say(s["place"]["play"], name=who)]
        out = []
        if "player" in facts and "at" in facts:      # who it belongs to and where it is, in one sentence
            out.append(self.say(s["seated"], name=who, player=self.name(facts["player"]), place=self.name(facts["at"])))
            facts = {k: v for k, v in facts.items() if k not in ("player", "at")}
        for key, v in facts.items():
            if key == "at":
                out.append(self.say(s["at"], name=who, place=self.name(v)))
            elif key == "player":
                out.append(self.say(s["player"], name=who, player=self.name(v)))
            elif key in ("wounds", "frostbite"):
                if not self.untold_zero(key, v, "survivors", name):
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
        if head == "trigger":
            return self.say(template, card=self.own)
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

    def action(self, words: list[str], table: dict | None = None) -> str:
        head, args = words[0], words[1:]
        template = self.entry("actions", head) if table is None else table.get(head)
        if template is None:
            raise UntoldScenario(f"examples.{'can' if table is self.w.get('can') else 'cannot'}.{head}")
        if head == "ability" and len(args) > 1 and args[1].isdigit():   # the engine counts abilities from 0,
            args = [args[0], str(int(args[1]) + 1), *args[2:]]          # the card page from 1 ("Ability 1")
        told = [a if a.isdigit() else self.name(a) for a in args]
        die = self.DIE_ARG.get(head)
        if die is not None and die < len(told) and told[die].isdigit():    # the action die, as the number it shows
            told[die] = self.die_value(int(told[die]))
        return self.say(template, None, *told)

    #: which value of a turn action is the action die it spends ("attack brian-lee zombie 3": the 3)
    DIE_ARG = {"attack": 2, "search": 1, "barricade": 1, "clean_waste": 0, "attract": 1, "food": 0}

    own = ""


class StoryTeller:
    """A scenario as it played (site/stories.py), told: the table as the engine set it up, each step with
    the questions asked during it (the decision of the player asked) and the game log's lines (the dice
    in the game's words), then the table afterwards."""

    #: log events a worked example does not repeat: the decision told just before says them
    SAID = {"chose"}
    #: log events a decision of the same step tells better (the die by its number, not "1 die")
    TOLD_BY_ASK = {"die to spend": {"spend_dice"}}

    def __init__(self, teller: "Teller", bundle: dict, card: dict, played):
        self.t, self.card, self.played, self.w = teller, card, played, teller.w
        # the game log's sentences (render/catalogues/log/): the pseudo-locale accents the English ones
        self.log = _log_teller(bundle, _log_lang(teller.lang))
        self.accent = None
        if teller.lang not in ("pt", "en", "vi"):
            from dow.compiler.messages import pseudo
            self.accent = pseudo
        self.cards = _cards_by_id(bundle)

    def tell(self, test: dict) -> dict:
        t, given = self.t, test.get("given") or {}
        table = dict(given)
        if self.played.before and "survivors" in given:
            table["survivors"] = {name: self.seated(name, facts or {}) for name, facts in given["survivors"].items()}
            moving = (given.get("bind") or {}).get("moved")
            if isinstance(moving, str) and moving in table["survivors"]:   # on the way: where from and to says it
                table["survivors"][moving] = {k: v for k, v in table["survivors"][moving].items() if k != "at"}
        self.log.instances = self.played.instances
        raw = [str(step) for step in (test["do"] if isinstance(test.get("do"), list) else [test.get("do")])]
        do: list[str] = []
        moments: list[str] = []
        key = ""
        not_set_off = False          # the crossroads card the story told as not set off (not told again after)
        told_events: set[str] = set()
        decisions: set[str] = set()
        # the card read out at any step ('trigger' then the search that sets it off): the reading tells the trigger
        read_out = {item["event"] for happened in self.played.steps for kind, item in happened if kind == "log"}
        for i, (step, happened) in enumerate(zip(raw, self.played.steps)):
            happened = self.arrange(happened)
            events = [item["event"] for kind, item in happened if kind == "log"]
            # 'goal' then the round's main-objective check: the check is that goal's check, told once
            told_step = not (step == "goal" and raw[i + 1:i + 2] == ["colony check_main_objective"])
            # a step whose own lines tell it: the card read out ('Crossroads! player 2 reads …'), the turn
            # that begins ('It is player 2's turn'), the game's end told by its result
            if step == "trigger" and "crossroads" in read_out or step.startswith("turn") and events[:1] == ["turn"] \
                    or step == "finish" and ({"result", "game_over", "game_end"} & (told_events | set(events))):
                told_step = False
            if step == "trigger" and not events and isinstance(want_triggered := (test.get("expect") or {}).get("triggered"), bool) \
                    and not want_triggered:
                # the card is not set off: the story tells it as the table sees it (it goes back unread), once
                told_step = False
                unset = _capital(t.say(self.w["facts"]["not_triggered"], card=self.own()))
                if unset not in do:
                    do.append(unset)
                    moments.append(unset)
                    key = key or unset.rstrip(".")
                    not_set_off = True
            if re.fullmatch(r"wound \S+ 0", step):     # a step that does nothing (the table is looked at as it is)
                told_step = False
            told_events.update(events)
            if told_step:
                sentence = _capital(self.step(step.split())) + "."
                if sentence in do:        # the same action once more (three cleanings of the waste): said so
                    sentence = self.again(sentence)
                do.append(sentence)
                moments.append(do[-1])
            skip_action = step.startswith("action ")
            told_by_ask = {e for kind, item in happened if kind == "ask" for e in self.TOLD_BY_ASK.get(item.prompt, ())}
            if step.startswith("exposure ") and told_step and any(
                    kind == "log" and item["event"] == "exposure" for kind, item in happened[:1]):
                do.pop()               # "Brian Lee rolls the exposure die: wound" says the step too
            for kind, item in happened:
                if kind == "told":
                    line = item
                elif kind == "ask":
                    if item.kind == "may" and item.answer is True and step.split()[:1] == ["ability"] or \
                            step.split()[:2] == ["action", "ability"] and item.kind == "may" and item.answer is True:
                        continue       # 'Annaleigh Chan uses ability 1' told by the step: the player's yes is that
                    line = self.ask(item)
                    decisions.add(line)
                else:
                    if skip_action and item["event"] == "action":
                        skip_action = False
                        continue
                    if item["event"] in told_by_ask:
                        continue
                    line = self.line(item)
                if line and do and line == do[-1]:      # the log may say one thing twice in a row
                    continue
                if line and do and _starts(do[-1], line):     # the step or decision just told says it already
                    continue
                if line and do and _starts(line, do[-1]) and do[-1] in moments:   # the line says more: it alone
                    moments.remove(do.pop())
                if line in do:                          # the same thing happening again in a later moment
                    line = self.again(line)
                if line:
                    do.append(line)
                    moments.append(line)
                    if not key and step.startswith("exposure") and kind == "log" and item["event"] == "exposure":
                        key = line.rstrip(".")
        want = test.get("expect") or {}
        if not key and raw[:1] == ["trigger"] and isinstance(want.get("triggered"), bool):
            # the decision the card asks for once read out, else that it is not read out
            decided = [line for line in do if line in decisions]
            key = decided[0].rstrip(".") if want["triggered"] and decided else \
                _capital(self.t.say(self.w["facts"]["triggered" if want["triggered"] else "not_triggered"], card=self.own())).rstrip(".")
        if not key and not do and (want.get("illegal") or want.get("legal")):
            key = t.facts({k: want[k] for k in ("illegal", "legal") if want.get(k)})[0].rstrip(".")
        if not key and do and raw[:1] == ["trigger"] and len(raw) > 1:
            # a crossroads card held for its trigger: the decision it asked for, else what set it off
            decided = [line for line in do if line in decisions]
            key = decided[0].rstrip(".") if decided and "crossroads" in read_out else _capital(self.step(raw[1].split()))
        if not key and do:
            # the first step that is not only the set-up of a later one (equipping the card before using it)
            told_steps = [self.step(r.split()) for r in raw if not (r.startswith("equip") and len(raw) > 1)]
            key = _capital(told_steps[0]) if told_steps else do[0].rstrip(".")
        # what the story already told is not told again as the table after (the game's end, the card read out)
        said = {key for key, events in self.EXPECT_TOLD.items() if events & told_events} | ({"triggered"} if not_set_off else set())
        given_told = self.context(given) + t.facts(_without(table, ("event", "bind", "colonies"))) + _event_facts(t, test)
        after = t.facts(_without(test.get("expect"), ("log", "not_log", *said)), given)
        expect = [fact for fact in after if fact not in given_told]       # what stays as it was is told once, before
        if after and not expect:
            expect = [self.w["facts"]["unchanged"]]
        expect += t.absent(test)
        return {"given": given_told, "do": do,
                "expect": expect, "key": key, "moments": moments + [f for f in expect if f != self.w["facts"]["unchanged"]] + given_told}   # 'the table stays as it was' is no title

    #: facts of the table after that the story has told when it played these events
    EXPECT_TOLD = {"over": {"game_over", "game_end", "result"}, "ending": {"game_over", "game_end"},
                   "completed": {"objective_completed", "game_over"}, "winners": {"result", "game_end"},
                   "winner": {"objective_completed"}, "triggered": {"crossroads"}}

    def again(self, sentence: str) -> str:
        """A sentence told once more, saying so before what it shows ('rolls for exposure again: blank'), or
        in front of it where the language says so there (vi "Một lần nữa, [sentence]": render/grammar.py)."""
        if "[sentence]" in self.w["again"]:
            from dow.render.grammar import said_again
            return said_again(sentence, self.w["again"], [*self.t.names.values(), *self.log.names.values()])
        head, colon, tail = sentence.partition(": ")
        if colon:
            return head + self.w["again"] + colon + tail
        return sentence[:-1] + self.w["again"] + sentence[-1:]

    def own(self) -> str:
        """The card this page is about, by its name."""
        return self.t.own or self.t.name(self.card["id"])

    def context(self, given: dict) -> list[str]:
        """What a reader needs to know about the table that the scenario leaves to its defaults: which colony
        each player plays for (Warring Colonies), how many players there are and where the round track
        stands when the card is a main objective (whose goal counts per player or waits for the track)."""
        f, played, out = self.w["facts"], self.played, []
        if played.teams:
            by_team: dict[str, list[str]] = {}
            for player, team in played.teams.items():
                by_team.setdefault(team, []).append(self.t.name(player))
            out += [_capital(self.t.say(f["team"], n=len(players), players=self.t.listed(players), colony=self.t.name(team)))
                    for team, players in sorted(by_team.items())]
        elif self.card.get("kind") == "main-objective" and played.players and "players" not in given:
            out.append(_capital(self.t.say(f["players"], n=played.players)))
        return out

    def arrange(self, happened: list) -> list:
        """A step's lines and decisions in the order a reader follows them, each fact once: a wound before the
        death it causes, a spreading bite before the choice it asks for, a decision the next log line tells
        in full (the harpoon used, the equipment bought) left to that line, the kills of one attack counted
        together, a death by a card's effect by its cause, the damage left after a prevention."""
        items = list(happened)
        out: list = []
        story = self.w["story"]
        place = None        # where the colonies' combat is fought (a biohazard brings its zombies there)
        i = 0
        while i < len(items):
            kind, item = items[i]
            nxt = items[i + 1] if i + 1 < len(items) else (None, None)
            params = item.get("params") or {} if kind == "log" else {}
            if kind == "log" and item["event"] in ("warfare", "combat_result") and params.get("location"):
                place = params["location"]
            if kind == "log" and item["event"] == "saw" and nxt[0] == "log" and nxt[1]["event"] == "look_at":
                things = [self.log.name(c) for c in params.get("things") or []]      # who sees which cards, at once
                out.append(("told", _capital(self.t.say(story["sees"], len(things), cards=self.t.listed(things),
                                                        player=self.log.name((nxt[1].get("params") or {}).get("player"))))))
                i += 2
                continue
            if kind == "ask" and item.prompt in ("zombie to kill", "zombie to move"):
                run = [item]
                while i + len(run) < len(items) and items[i + len(run)][0] == "ask" and \
                        items[i + len(run)][1].prompt == item.prompt and items[i + len(run)][1].player == item.player:
                    run.append(items[i + len(run)][1])
                if len(run) > 1:       # the zombies picked one by one, told as how many from which entrance
                    picks = [a.answer for a in run]
                    counted = [self.t.say(self.w["facts"]["entrance_count"], n=picks.count(e), e=e) for e in dict.fromkeys(picks)]
                    told = ("told", _capital(self.t.say(story["zombie_picks"], player=self.log.name(item.player),
                                                        list=self.t.listed(counted))))
                    if out and out[-1][0] == "log" and out[-1][1]["event"] == "kill_zombies":
                        out.insert(len(out) - 1, told)       # the picks, then the zombies they kill
                    else:
                        out.append(told)
                    i += len(run)
                    continue
            if kind == "log" and item["event"] == "replaced" and nxt[0] == "log" and nxt[1]["event"] == "wound" \
                    and (nxt[1].get("params") or {}).get("survivor") == params.get("survivor"):
                # 'what would happen to Sparky is replaced by a card's effect. Sparky takes 1 wound': said as one
                src = str((item.get("src") or {}).get("card") or self.card["id"])
                if (self.cards.get(src) or {}).get("kind") == "die":     # the roll it replaces, not what replaces it
                    src = self.card["id"]
                ability = (self.cards.get(src) or {}).get("kind") == "survivor"
                out.append(("told", _capital(self.t.say(story["replaced_ability" if ability else "replaced_card"],
                                                        nxt[1]["params"].get("count") or 1, card=self.log.name(src),
                                                        survivor=self.log.name(params.get("survivor"))))))
                i += 2
                continue
            if kind == "log" and item["event"] == "combat_die" and params.get("face") == "biohazard" \
                    and isinstance(params.get("value"), int) and params["value"] > 0 and place:
                out += [(kind, item), ("told", _capital(self.t.say(story["biohazard"], params["value"],
                                                                   place=self.t.name(place))))]
                i += 1
                continue
            prompt = next((p for p in ("pay for", "defend with") if kind == "ask" and item.prompt.startswith(p + " ")),
                          item.prompt if kind == "ask" else "")
            if kind == "ask" and prompt in self.ASK_TOLD_EITHER_WAY and any(
                    k == "log" and e["event"] in self.ASK_TOLD_EITHER_WAY[prompt] for k, e in items[i + 1:i + 3]):
                i += 1
                continue
            if kind == "ask" and item.prompt in ("take", "keep") and not item.answer and out and out[-1][0] == "ask" \
                    and out[-1][1].kind == "amount" and out[-1][1].answer == 0 and out[-1][1].player == item.player:
                i += 1      # none kept: the 0 chosen just before says it ('keeps nothing' is no sentence)
                continue
            if kind == "log" and item["event"] == "declined" and any(
                    k == "ask" and a.kind == "may" and a.answer is False and a.player == params.get("player") for k, a in out[-2:]):
                i += 1      # 'player 1 does not use the Flashlight' said what was declined
                continue
            if kind == "log" and item["event"] == "searched" and any(
                    k == "ask" and a.prompt == "keep" and a.player == params.get("player") for k, a in out):
                i += 1      # the decisions of the search (the noise made, the card kept) told it, in their order
                continue
            if kind == "ask" and item.prompt == "make noise" and any(
                    k == "ask" and a.prompt == "make noise" and a.player == item.player for k, a in out):
                # the search's second question: noise once more ('decides not to make noise again')
                out.append(("told", self.again(self.ask(item))))
                i += 1
                continue
            if kind == "log" and item["event"] == "played" and out and out[-1][0] == "ask" and out[-1][1].prompt == "lead" \
                    and out[-1][1].player == params.get("player"):
                i += 1      # 'player 1 leads the trick with Water 10' said which card was played
                continue
            if prompt in self.ASK_TOLD_BY_LOG and item.answer not in (False, "pass"):
                later = [e for k, e in items[i + 1:i + 4] if k == "log"]
                if any(e["event"] in self.ASK_TOLD_BY_LOG[prompt] for e in later):
                    i += 1
                    continue
            if kind == "ask" and item.prompt == "bite spreads" and nxt[0] == "log" and nxt[1]["event"] == "bite_spread":
                out += [nxt, (kind, item)]
                i += 2
                continue
            if kind == "log" and item["event"] == "killed":
                who = (item.get("params") or {}).get("survivor")
                wound = next((j for j in range(i + 1, len(items)) if items[j][0] == "log" and items[j][1]["event"] == "wound"
                              and (items[j][1].get("params") or {}).get("survivor") == who), None)
                if wound is not None:      # the wound that kills, told before the death
                    out.append(items.pop(wound))
                params = dict(item.get("params") or {})
                if params.get("cause") == "effect":
                    bitten = any(k == "log" and e["event"] == "exposure" and (e.get("params") or {}).get("survivor") == who
                                 and (e.get("params") or {}).get("face") == "bitten" for k, e in out)
                    params["cause"] = "bite" if bitten else None
                item = {**item, "params": params}
            if kind == "log" and item["event"] == "zombie_killed" and nxt[0] == "log" and nxt[1]["event"] == "kill_zombies" \
                    and (nxt[1].get("params") or {}).get("location") == (item.get("params") or {}).get("location"):
                params = item.get("params") or {}
                out.append(("told", _capital(self.t.say(self.w["story"]["zombies_killed"], 1 + int(nxt[1]["params"].get("count") or 0),
                                                       survivor=self.log.name(params.get("survivor")),
                                                       place=self.log.name(params.get("location"))))))
                i += 2
                continue
            if kind == "log" and item["event"] == "damage_prevented" and any(
                    k == "log" and e["event"] == "hibernation" and (e.get("params") or {}).get("player") == item["params"].get("player")
                    for k, e in out):
                i += 1      # the hibernation told it; the damage line after it tells the damage left
                continue
            if kind == "log" and item["event"] == "crisis_result" and item.get("params"):
                out.append((kind, item))
                out += self.wrong_cards(item["params"])
                i += 1
                continue
            if kind == "log" and item["event"] == "objective_completed" and nxt[0] == "log" and nxt[1]["event"] == "game_over" \
                    and not (item.get("params") or {}).get("colony"):
                i += 1      # 'the game ends: objective completed' says it
                continue
            if kind == "log" and item["event"] == "make_leader" and out and out[-1][0] == "log" \
                    and out[-1][1]["event"] == "group_leader" \
                    and (out[-1][1].get("params") or {}).get("survivor") == params.get("survivor"):
                i += 1      # 'Gray Beard becomes the leader of player 1's group' said it
                continue
            if kind == "log" and item["event"] == "took" and any(
                    k == "ask" and a.prompt == "take" and a.player == params.get("player") for k, a in out[-3:]):
                i += 1      # 'player 1 keeps Pistol, Medicine and Fuel' said which cards, and whose they are now
                continue
            if kind == "log" and item["event"] == "morale" and out and out[-1][0] == "log" and out[-1][1]["event"] == "morale":
                # morale lost twice in a row (a death, then the crisis): one move of the track, from where it was
                first = out.pop()[1]
                item = {**item, "params": {**item.get("params", {}), "from": first["params"].get("from")}}
            out.append((kind, item))
            i += 1
        return out

    def wrong_cards(self, result: dict) -> list:
        """Why a crisis got fewer points than the cards put in: each card of another kind takes a point away."""
        crisis = self.cards.get(str(result.get("card"))) or {}
        wanted = [str(k) for k in crisis.get("prevent") or []]
        # a card counts by its item type, as the engine counts it (an Adrenaline Shot is medicine), not by its name
        wrong = [str(c) for c in result.get("revealed") or []
                 if wanted and (self.cards.get(str(c)) or {}).get("item_type", str(c).rsplit(".", 1)[-1]) not in wanted]
        if not wrong:
            return []
        return [("told", _capital(self.t.say(self.w["story"]["wrong_cards"], len(wrong),
                                             cards=self.t.listed([self.log.name(c) for c in wrong]),
                                             wanted=self.t.listed([self.kind_word(k) for k in wanted]))))]

    def kind_word(self, kind: str) -> str:
        """A kind of item a crisis asks for, by the glossary's word for it ("dụng cụ", "medicine"): not a card's
        name, which a kind with no card of its own name (tool) does not have ("không phải Tool")."""
        return _type_word(self.log.lang, kind) or self.t.name(kind)

    #: decisions the log line that follows tells in full (who used or bought what, paying with what)
    ASK_TOLD_BY_LOG = {"use harpoon": {"equipment_used"}, "buy": {"bought"}, "pay for": {"bought"}, "defend with": {"defended"},
                       "ignore result": {"ignored"}, "play": {"played"}, "collect": {"collected"}}
    #: decisions the log line that follows tells whichever the answer ('plays Water 2' is not played on the
    #: Expedition, 'plays Water 2 on the Expedition' is)
    ASK_TOLD_EITHER_WAY = {"expedition": {"played"}}

    def seated(self, name: str, facts: dict) -> dict:
        """A survivor of the given table with where the scenario seated it and whose it is, when the
        scenario leaves them to their defaults (its first player, the colony)."""
        before = self.played.before.get(name.replace("_", "-")) or self.played.before.get(name) or {}
        if before.get("place", "play") != "play" or facts.get("place") not in (None, "play"):
            return facts
        out = {"player": before.get("player", "p1"), "at": before.get("at", "colony")}
        out.update({k: v for k, v in facts.items() if k != "place"})
        return out

    def step(self, words: list[str]) -> str:
        """A step; a card's option told with its text; a Warring Colonies objective check, as the round track
        reaching 0 (when both colonies check it)."""
        if words == ["goal"] and self.played.teams:
            return self.w["steps"]["goal_colonies"]
        if words[0] == "option" and len(words) > 1 and words[1].isdigit():
            text = self.option_text(self.card, int(words[1]) - 1)
            if text:
                return self.t.say(self.w["steps"]["option_text"], n=words[1], text=text)
        return self.t.step(words)

    def option_text(self, card: dict | None, index: int) -> str:
        options = (card or {}).get("options") or []
        if 0 <= index < len(options):
            text = options[index].get("text") or {}
            told = (text.get(self.t.lang) if isinstance(text, dict) else str(text)) or ""
            return told.strip().rstrip(".")
        return ""

    #: events a count of 0 leaves without anything to tell (a crisis's 0 points or a bet of 0 are told)
    NOTHING_AT_0 = {"damage", "wound", "took", "kill_zombies", "add_tokens", "take_pot"}

    def line(self, line: dict) -> str:
        from dow.render.playlog import QUIET
        if line["event"] in QUIET or line["event"] in self.SAID:
            return ""
        params = line.get("params") or {}
        story = self.w["story"]
        if line["event"] in self.NOTHING_AT_0 and any(params.get(k) == 0 for k in ("count", "amount")):
            return ""          # 'takes 0 cards', 'suffers 0 damage': nothing happened, nothing to tell
        if line["event"] == "killed" and "cause" in params and params["cause"] is None:    # by this card's effect
            src = (line.get("src") or {}).get("card")      # the card whose effect killed, else the page's card
            return _capital(self.t.say(story["killed_by_card"], survivor=self.log.name(params.get("survivor")),
                                       card=self.log.name(src) if src else self.own()))
        if line["event"] == "move_cards" and params.get("zone") in story["cards_to"] and not params.get("position"):
            return _capital(self.t.say(story["cards_to"][params["zone"]], len(params.get("cards") or []),
                                       cards=self.t.listed([self.log.name(self.played.instances.get(c, c)) for c in params.get("cards") or []])))
        if any(v is None for v in params.values()):     # a value the engine did not have (no crisis revealed)
            return ""
        if line["event"] == "roll" and isinstance(params.get("result"), int):    # a die, as the number it shows
            return _capital(self.t.say(self.w["roll"], params["result"]))
        dice = params.get("dice")
        if line["event"] in self.w["dice_rolled"] and isinstance(dice, list) and all(isinstance(d, int) for d in dice):
            return _capital(self.t.say(self.w["dice_rolled"][line["event"]], len(dice), player=self.log.name(params.get("player")),
                                       dice=self.t.listed([self.t.die_value(d) for d in dice])))
        before = set(self.log.untold)
        told = self.log.line(line)
        if self.log.untold != before:      # an event the log cannot tell yet: left out, never as its name
            self.log.untold = before
            return ""
        return self.accent(told) if self.accent else told

    def ask(self, a) -> str:
        """One decision, told as the decision of the player asked."""
        asks, kinds = self.w["asks"], self.w["ask_kinds"]
        prompt = a.prompt
        if re.fullmatch(r"exile p\d+", prompt):        # a vote to exile that player
            prompt = "exile"
        for prefix in ("defend with ", "pay for "):
            if prompt.startswith(prefix):
                prompt = prefix.strip()
        if prompt == "action":      # a turn's action: the log's line that follows tells it
            return ""
        if prompt in ("choose", "vote", "break the tie") and a.src.get("crossroads"):
            card = self.cards.get(a.src["crossroads"])
            text = self.option_text(card, a.answer) if isinstance(a.answer, int) else ""
            template = asks[f"{prompt}_text" if text else prompt]
            return self.fill(template, a, n=a.answer + 1 if isinstance(a.answer, int) else a.answer, text=text)
        fields = {}
        if a.kind == "may" and prompt == "you may" and a.src.get("card"):    # "you may …" of a card: by the card's name
            kind = (self.cards.get(a.src["card"]) or {}).get("kind")    # an item used, a survivor's ability, a card's offer
            prompt = {"item": "may_card", "equipment": "may_card", "survivor": "may_ability"}.get(str(kind), "may_other")
            fields = {"card": self.log.name(a.src["card"])}
        cards = self.counted_cards(a) if isinstance(a.answer, int) and not isinstance(a.answer, bool) else None
        if cards is not None:                # a number of cards: told as so many cards (of a kind), never a bare number
            prompt, fields = f"{prompt}_cards", {"value": cards}
        template = asks.get(prompt, kinds.get(a.kind))
        if template is None:
            raise UntoldScenario(f"asks.{prompt}")
        if isinstance(template, dict) and "case" not in template:
            case = str(a.answer).lower() if not isinstance(a.answer, (list, tuple)) else (
                a.answer[0] if a.answer and isinstance(a.answer[0], str) else "other")
            template = template.get(case, template.get("other"))
            if template is None:
                raise UntoldScenario(f"asks.{prompt}.{case}")
        return self.fill(template, a, **fields)

    #: effects that count cards: a number chosen for them ("up to 4", a stake, a share of a cost) is that many cards
    CARD_OPS = frozenset({"draw_cards", "take_cards", "spend_cards", "pot", "discard_cards", "give_cards", "lose_cards"})
    #: effects that count action dice (a share of "spend 3 action dice" together)
    DICE_OPS = frozenset({"spend_die"})

    def counted_cards(self, a) -> str | None:
        """The cards or action dice a number answers ("how many", "stake", "together"), as the language counts
        them ("2 cartas de combustível", "no fuel cards", "1 action die"): the effect is found in the asking
        card's program by the question's source (the effect's, or its count's, place in the card file); None
        for a number of anything else."""
        src = a.src or {}
        card = self.cards.get(str(src.get("card"))) if src.get("line") else None
        if card is None:
            return None
        where = (src.get("line"), src.get("col"))

        def at(node) -> bool:
            pos = node.get("pos") if isinstance(node, dict) else None
            return isinstance(pos, dict) and (pos.get("line"), pos.get("col")) == where

        def find(node):
            if isinstance(node, dict):
                if node.get("op") in self.CARD_OPS | self.DICE_OPS and (at(node) or at(node.get("count"))):
                    return node
                node = list(node.values())
            if isinstance(node, list):
                for item in node:
                    found = find(item)
                    if found is not None:
                        return found
            return None
        node = find({k: v for k, v in card.items() if k not in ("tests", "name", "text")})
        if node is None:
            return None
        types = [f["type"] for f in node.get("filters") or () if isinstance(f, dict) and f.get("op") == "card_type"]
        kind = _type_word(self.log.lang, types[0]) if types else None
        phrases = self.w["counted"]["dice" if node["op"] in self.DICE_OPS else "cards_of" if kind else "cards"]
        n = a.answer
        return self.t.say(phrases["zero"] if n == 0 else phrases["one"] if n == 1 else phrases["other"], n, type=kind or "")

    def fill(self, template: str, a, **fields) -> str:
        value = a.answer
        extra: dict[str, str] = {}
        if a.kind == "amount" and isinstance(value, int) and not isinstance(value, bool):
            extra = {"die": self.t.die_value(value)}       # "face": the number an action die is turned to
        if a.prompt == "die to spend" and isinstance(value, int):
            told = self.t.die_value(value)
        elif a.prompt == "movement" and isinstance(value, (list, tuple)) and len(value) == 3:
            extra = {"survivor": self.log.name(value[1]), "place": self.log.name(value[2])}
            told = ""
        elif isinstance(value, (list, tuple)):
            told = self.t.listed([self.log.name(v) for v in value])
        elif isinstance(value, bool):
            told = ""
        elif isinstance(value, int):
            told = str(value + 1) if a.prompt == "choose" else str(value)
        else:
            told = self.log.name(value)
        n = fields.pop("n", told)
        told = fields.pop("value", told)
        text = self.t.say(template, n, player=self.log.name(a.player), value=told, **extra, **fields)
        return _capital(text)


#: caches of the bundle being told, by its content hash (an object's id can be reused by the next bundle
#: `dow serve` compiles): emptied when another bundle comes
_LOG_TELLERS: dict[tuple[str, str], Any] = {}
_CARDS: dict[str, dict] = {}


def _bundle_key(bundle: dict) -> str:
    return str(bundle.get("content_hash") or id(bundle))


def _type_word(lang: str, kind: str) -> str | None:
    """The glossary's word for an item type in ``lang`` ("dụng cụ", "medicine"; a plural entry's ``other``), or
    None where the glossary has none."""
    from dow.render.text import load_language
    term = (load_language(lang).glossary.get(f"card_type.{kind}") or {}).get(lang)
    word = term if isinstance(term, str) else term.get("other") if isinstance(term, dict) else None
    return word if isinstance(word, str) else None


def _log_lang(lang: str) -> str:
    """The language of the game log's sentences a teller in ``lang`` uses: its own, or English for the
    pseudo-locale (which accents the English ones)."""
    return lang if lang in ("pt", "en", "vi") else "en"


def _log_teller(bundle: dict, lang: str):
    from dow.render.playlog import Teller as LogTeller
    key = (_bundle_key(bundle), lang)
    if _LOG_TELLERS and next(iter(_LOG_TELLERS))[0] != key[0]:
        _LOG_TELLERS.clear()
    if key not in _LOG_TELLERS:
        _LOG_TELLERS[key] = LogTeller(bundle, lang)
    return _LOG_TELLERS[key]


def _cards_by_id(bundle: dict) -> dict:
    key = _bundle_key(bundle)
    if key not in _CARDS:
        _CARDS.clear()
        _CARDS[key] = {c["id"]: c for c in bundle.get("cards", [])}
    return _CARDS[key]


def _mid_sentence(text: str, teller: "Teller") -> str:
    """A sentence set after a colon: its first letter in lower case, unless it starts with a name."""
    if any(name and text.startswith(name) for name in teller.names.values()):
        return text
    return text[:1].lower() + text[1:]


def _words_of(text: str) -> list[str]:
    import unicodedata
    text = unicodedata.normalize("NFKD", text.lower())
    return re.findall(r"\w+", "".join(c for c in text if not unicodedata.combining(c)))


def _starts(longer: str, shorter: str) -> bool:
    """Whether ``longer`` says ``shorter`` and perhaps more: its words begin with all of the other's
    ('player 1 stakes 1 card face up' after 'player 1 stakes 1')."""
    a, b = _words_of(longer), _words_of(shorter)
    return bool(b) and a[:len(b)] == b


def _is_zero(n: Any) -> bool:
    """0, an empty list, or counts per entrance that add up to 0."""
    if isinstance(n, bool):
        return False
    if isinstance(n, int):
        return n == 0
    if isinstance(n, (list, dict)):
        return not n or isinstance(n, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in n) and sum(n) == 0
    return False


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def worked_examples(card: dict, names: dict[str, str], lang: str, bundle: dict | None = None) -> list[dict]:
    """The card's scenarios as {title, given, do, expect}: sentences in one language. With the bundle, each
    scenario is played on the reference engine (site/stories.py) and told as it played: each question as
    the decision of the player asked, the dice in the game's words, what the game's log tells."""
    teller = Teller(names, lang, _log_teller(bundle, _log_lang(lang)).genders if bundle is not None else None)
    teller.own = names.get(card["id"].rsplit(".", 1)[-1], "")
    out = []
    for number, test in enumerate(card.get("tests") or [], 1):
        try:
            told = None
            if bundle is not None:
                from .stories import story
                played = story(bundle, card, number)
                if played is not None:
                    told = StoryTeller(teller, bundle, card, played).tell(test)
            if told is None:
                told = _data_only(teller, test)
            told["title"] = _title(teller, card, test, told)
            out.append(told)
        except UntoldScenario as error:
            raise UntoldScenario(f"{card['id']}, scenario {number} ({test.get('name', '')}): "
                                 f"no sentence for {error.args[0]}") from None
    return _distinct_titles(out, teller)


def _data_only(teller: "Teller", test: dict) -> dict:
    """A scenario told from its data alone (a scenario the engine cannot play here): the steps, the table
    before and after; its answers and rolls are the engine's to read and are not told as numbers."""
    do = teller.steps(test.get("do", []))
    given = teller.facts(_without(test.get("given"), ("event", "bind"))) + _event_facts(teller, test)
    expect = teller.facts(_without(test.get("expect"), ("log", "not_log"))) + teller.absent(test)
    return {"given": given, "do": do, "expect": expect, "key": do[0].rstrip(".") if do else "",
            "moments": expect + given}


def _without(table: dict | None, keys: tuple) -> dict:
    return {k: v for k, v in (table or {}).items() if k not in keys}


def _event_facts(teller: "Teller", test: dict) -> list[str]:
    given = test.get("given") or {}
    return [_capital(line) for key in ("event", "bind") if key in given for line in teller.fact(key, given[key])]


#: a title longer than this is told by its first step alone
TITLE_MAX = 90


def _title(teller: "Teller", card: dict, test: dict, told: dict) -> str:
    """A one-line title: in English the scenario's own name (its author's words for what it shows), in the
    other languages (and for an English name too long for a line) the scenario's decisive moment as told."""
    w = teller.w
    name = str(test.get("name") or "")
    if teller.lang == "en" and name and len(name) <= TITLE_MAX - 4:
        return _capital(name)
    what = _headline(teller, told.get("key") or (told["do"][0].rstrip(".") if told["do"] else ""))
    return _capital(_shorten(what, TITLE_MAX - 4))


def _headline(teller: "Teller", line: str) -> str:
    """A told line as a title says what the example shows, not how the story told it: never as told once
    more (vi "Một lần nữa, người chơi 1 …": a title is no second telling), never the crossroads card's
    read-out ("Ngã tư! Người chơi 2 đọc Máy bay cho người chơi 1" says a card is drawn: the title is the card
    set off, "Máy bay được kích hoạt"), its first sentence alone ("Sự kiện 1 đã xong", not the damage so
    far), and no exclamation ("Trận chiến … tại thuộc địa A!" is a heading, not a shout)."""
    again = teller.w.get("again", "")
    if "[sentence]" in again:
        head = again.split("[sentence]")[0]
        if head and line.startswith(head):
            line = _capital(line[len(head):])
    if _read_out(teller.lang).fullmatch(line.rstrip(".")):
        line = teller.say(teller.w["facts"]["triggered"], card=teller.own) if teller.own else line
    sentences = _sentences(line)
    line = sentences[0] if sentences else line
    return line.rstrip("!").rstrip(".").strip()


@functools.lru_cache(maxsize=None)
def _read_out(lang: str) -> re.Pattern:
    """The game log's sentence of a crossroads card read out to a player, as a pattern of a told line."""
    from dow.render.playlog import catalogue
    template = str(catalogue(_log_lang(lang))["events"]["crossroads"]).rstrip(".")
    parts = re.split(r"\{\w+\}", template)
    return re.compile(".+?".join(re.escape(part) for part in parts), re.IGNORECASE)


def _sentences(text: str) -> list[str]:
    """A told line's sentences ('Event 1 is over. Damage so far: …' is two), each without its full stop; a
    card's text quoted in it («…», “…”) is not cut."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += 1 if ch in "«“" else -1 if ch in "»”" else 0
        if ch in ".!?" and depth <= 0 and text[i + 1:i + 2] == " " and text[i + 2:i + 3].isalpha():
            out.append(text[start:i + 1])
            start = i + 2
    out.append(text[start:])
    return [part.strip().rstrip(".") for part in out if part.strip().rstrip(".")]


def _shorten(text: str, most: int, cut_words: bool = True) -> str:
    """The text, or its first sentence, or the part before its colon ('Player 1 chooses option 2: «…»'), when
    that fits in ``most`` characters; else nothing, or (``cut_words``) its words that fit, never a part of a word."""
    if len(text) <= most:
        return text
    first = _sentences(text)[0] if _sentences(text) else text
    if len(first) <= most:
        return first
    head = first.split(": ", 1)[0]
    if ": " in first and 12 <= len(head) <= most:
        return head
    return text[:most - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…" if cut_words and most > 12 else ""


def _distinct_titles(examples: list[dict], teller: "Teller") -> list[dict]:
    """Examples of one card whose titles read alike take a moment of their story that sets them apart (a
    decision, a roll, a line of the log, else a fact of the table after or before that no other of them
    has), joined to the title if it fits the line; each title is then numbered."""
    for _ in range(3):     # examples still alike after a moment was added are told apart again
        groups: dict[str, list[dict]] = {}
        for example in examples:
            groups.setdefault(example["title"], []).append(example)
        if all(len(group) < 2 for group in groups.values()):
            break
        for title, group in groups.items():
            if len(group) > 1:
                _tell_apart(title, group, teller)
    for number, example in enumerate(examples, 1):
        example["title"] = teller.say(teller.w["title"], n=number, what=example["title"])
        example.pop("moments", None)
        example.pop("key", None)
    return examples


def _tell_apart(title: str, group: list[dict], teller: "Teller") -> None:
    """Each example of a group titled alike takes, as its title, a moment of its own story (a decision, a
    roll, a line of the log, else a fact of the table after or before) that no other of them has, whole
    and on one line; an example with no such moment keeps the shared title (its number tells it apart)."""
    most = TITLE_MAX - 4
    options = []
    for number, example in enumerate(group):
        others = [e for i, e in enumerate(group) if i != number]
        moments = example.get("moments", [])
        # a moment of its own: one no other example tells as often (another round played: once more)
        own = [m.rstrip(".") for m in dict.fromkeys(moments)
               if all(moments.count(m) > o.get("moments", []).count(m) for o in others)]
        options.append([c for c in dict.fromkeys(_shorten(_headline(teller, m), most, cut_words=False) for m in own)
                        if c and c != title])
    chosen: set[str] = set()
    for example, candidates in zip(group, options):
        pick = next((c for c in candidates if c not in chosen), None)
        if pick:
            chosen.add(pick)
            example["title"] = _capital(pick)


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


def face_label(card: dict, parts: list[str], lang: str) -> str:
    """The heading of a die's face on its card page: the face's name, as the worked examples and the game
    log name what the die shows ("Wound (3 of the 12 faces)"), never its position in the card file."""
    if card.get("kind") != "die" or parts[:1] != ["faces"] or len(parts) < 2 or not parts[1].isdigit():
        return ""
    faces = card.get("faces") or []
    face = faces[int(parts[1])] if int(parts[1]) < len(faces) else {}
    name = face.get("name") or {}
    name = name.get(lang) if isinstance(name, dict) else name
    if not name:
        return ""
    from .words import site_words
    words = site_words(lang)["sections"]
    count, sides = face.get("count"), card.get("sides")
    if isinstance(count, int) and isinstance(sides, int):
        return words["face_counted"].format(name=name, n=count, sides=sides)
    return str(name)


def every_face(card: dict, programs: list[dict], lang: str) -> list[dict]:
    """A die's page sections, one per face in the die's order: a face without an effect (the exposure
    die's blank, 'Nothing happens') gets its section too, so that every face an example names ("rolls
    for exposure: blank") has its heading on the page; other cards' sections as they are."""
    if card.get("kind") != "die" or not card.get("faces") or not programs:   # a die no face of which is played
        return programs                                                      # keeps its page of facts
    by_label = {p["label"]: p for p in programs}
    out = []
    for index, face in enumerate(card["faces"]):
        label = face_label(card, ["faces", str(index), "effect"], lang)
        text = face.get("text") or {}
        out.append(by_label.pop(label, None) or {"label": label, "authored": text.get(lang, "") if isinstance(text, dict) else "",
                                                 "generated": "", "stale": False, "differs": False})
    return out + [p for p in programs if p["label"] in by_label]
