"""The stand-ins, for the website: what the engine plays with where a published value is not known.

Each ruleset (content/<set>/ruleset.yaml) lists under ``stand_ins`` the values the project does not
know (the morale printed on an objective, the combat die's faces, the Lone Wolf's missions …) and the
engine plays with instead, so that games and simulations run. The website shows them on the
transcription page, each with a label in the page's language and its value as data, so a reader never
takes a stand-in for a published fact. ``rows`` gives them per ruleset; every key has a label in the
site catalogues, ``stand_ins`` in site/catalogues/site/<lang>.yaml (a test checks no key is left
without one).
"""
from __future__ import annotations

from typing import Any

#: the rulesets shown, in this order
SETS = ("base", "warring-colonies")


def value_text(value: Any, words: dict | None = None, lang: str = "en", names: dict | None = None) -> str:
    """A stand-in's value as compact text in the page's language: the ruleset's keys and goal kinds
    from the site catalogue (``stand_in_values``), places and card kinds from the rules text's
    glossary, cards by their names (``names``: card file stem -> name). Without ``words``, the data
    as the ruleset writes it."""
    say = _Sayer(words, lang, names or {})
    return say.value(value)


class _Sayer:
    """Stand-in values told in one language (or as data, without a catalogue)."""

    def __init__(self, words: dict | None, lang: str, names: dict):
        self.words, self.lang, self.names = words, lang, names

    def word(self, token: Any) -> str:
        """One key or token: the catalogue's word, the glossary's place or card kind, else a card's name."""
        token = str(token)
        if self.words is None:
            return token
        for table in ("keys", "goals", "faces"):
            if token in (self.words.get(table) or {}):
                return str(self.words[table][token])
        from dow.render.text import load_language
        glossary = load_language(self.lang).glossary if self.lang in ("pt", "en", "vi", "qps") else {}
        for key in (f"location.{token.replace('-', '_')}", f"card_type.{token}"):
            if key in glossary:
                forms = glossary[key].get(self.lang, glossary[key]["en"])
                return forms if isinstance(forms, str) else forms.get("other") or forms.get("one")
        return self.names.get(token, token)

    def card(self, token: str) -> str:
        """A card counted in a deck: its name in the page's language (a card's name before a card kind's word:
        the medicine card, not the kind medicine), as data without a catalogue."""
        return self.names.get(token, self.word(token)) if self.words is not None else token

    def value(self, value: Any) -> str:
        """A value of any shape."""
        if isinstance(value, dict):
            if "name" in value and "goal" in value:          # a stand-in card: its goal (and set-up)
                goal = " + ".join(f"{self.word(g['kind'])} {g['count']}" for g in value["goal"])
                setup = ", ".join(f"{self.word(k)} {v}" for k, v in (value.get("setup") or {}).items())
                if self.words is None:
                    return f"{value['name']}: {goal}" + (f" (setup: {setup})" if setup else "")
                return self.words["card"].format(goal=goal) + (self.words["setup"].format(setup=setup) if setup else "")
            if value and all(isinstance(v, int) for v in value.values()) and all(k in self.names for k in value):
                return ", ".join(f"{self.card(c)} ×{n}" for c, n in value.items())   # a place's cards counted
            if value and all(isinstance(v, dict) for v in value.values()):   # per place, its cards counted
                return "; ".join(f"{_capital(self.word(k))}: " + ", ".join(f"{self.card(c)} ×{n}" for c, n in v.items())
                                 for k, v in value.items())
            return ", ".join(f"{self.word(k)} {self.value(v)}" for k, v in value.items())
        if isinstance(value, list):
            if value and all(isinstance(v, dict) and "face" in v for v in value):   # die faces, counted
                counts: dict[str, int] = {}
                for v in value:
                    key = f"{self.word(v['face'])} {v['value']}"
                    counts[key] = counts.get(key, 0) + 1
                return ", ".join(f"{k} ×{n}" for k, n in counts.items())
            sep = "; " if any(isinstance(v, dict) for v in value) else ", "
            return sep.join(self.value(v) for v in value)
        return self.word(value) if isinstance(value, str) else str(value)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def rows(rulesets: dict[str, dict]) -> list[tuple[str, list[tuple[str, Any]]]]:
    """[(set, [(key, value), …]), …] for every ruleset with stand-ins, in SETS order."""
    out = []
    for name in SETS + tuple(sorted(set(rulesets) - set(SETS))):
        stand = (rulesets.get(name) or {}).get("stand_ins") or {}
        if stand:
            out.append((name, list(stand.items())))
    return out


#: stand-ins every card of a kind is played with (the base main objectives' printed morale and round track),
#: unless a stand-in of the card's own replaces it (REPLACES)
KIND_KEYS = {"main-objective": ("morale", "rounds")}
#: a per-card stand-in that takes the place of a kind-wide one for its card
REPLACES = {"objective_rounds": "rounds"}


def card_rows(card: dict, rulesets: dict[str, dict]) -> list[tuple[str, Any]]:
    """[(key, value), …]: the stand-ins one card is played with, for its page: those its kind shares
    (KIND_KEYS), those given for it by name (a stand-in keyed by card: Kill Them's set-up zombies, a
    location's item deck, the Cemetery's spaces) and those named after it. The set's ruleset decides."""
    stand = (rulesets.get(card.get("set", "")) or {}).get("stand_ins") or {}
    slug = card["id"].rsplit(".", 1)[-1]
    named_after = (slug, slug.replace("-", "_"))
    own = [(key, value if key in named_after else value[slug]) for key, value in stand.items()
           if key in named_after or (isinstance(value, dict) and slug in value)]
    replaced = {REPLACES[key] for key, _ in own if key in REPLACES}
    shared = [(key, stand[key]) for key in KIND_KEYS.get(card.get("kind", ""), ())
              if key in stand and key not in replaced]
    return shared + own
