"""Card kinds: the fields each kind of card file has, and which fields hold effect text.

``KINDS`` drives the card-source JSON Schema (for editors), ``dow new``
scaffolding, and which fields the compiler parses as effect language. A field
type is one of:

  str, int, int?, bool, localized, name (a proper name: one string, or localized),
  enum:a|b, list:<type>, object (nested fields, given as a dict),
  effect (effect text), cond (a condition), event (an event pattern)
"""
from __future__ import annotations

from dataclasses import dataclass, field

LANGS = ("pt", "en", "vi")
SETS = ("base", "warring-colonies", "winter-tricks")
IMPLEMENTATION = ("full", "partial", "manual")
DATA = ("known", "needs transcription", "example")  # example: made up to run the engine, not the published game
WHERE = ("anywhere", "colony", "non-colony", "enemy-colony", "police-station", "grocery-store", "school",
         "library", "hospital", "gas-station", "cemetery")
ITEM_TYPES = ("weapon", "book", "tool", "medicine", "fuel", "food", "outsider", "trash", "unknown")
RESOURCES = ("fuel", "water", "food", "tools")  # Winter Tricks resources
DECKS = ("starting", "police-station", "grocery-store", "school", "library", "hospital", "gas-station", "random",
         "unknown")


@dataclass(frozen=True)
class Kind:
    """A kind of card file: its folder name, its own fields and which are required."""

    name: str
    folder: str
    doc: str
    fields: dict
    required: tuple[str, ...] = ()
    binds: tuple[tuple[str, str], ...] = ()  # back-references its effect text may use
    scaffold: dict = field(default_factory=dict)


ABILITY = {"where": f"enum:{'|'.join(WHERE)}", "text": "localized", "effect": "effect"}
OPTION = {"requires": "cond", "text": "localized", "effect": "effect"}
GOAL = {"text": "localized", "when": "event", "if": "cond", "ends_game": "bool"}

KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("survivor", "survivors", "A survivor card: numbers and abilities.",
         {"occupation": "localized", "sex": "enum:female|male|unknown", "sex_source": "str",
          "influence": "int?", "attack": "int?", "search": "int?", "abilities": ("list", ABILITY)},
         ("occupation", "abilities"), (("self", "survivor"),),
         {"occupation": {"pt": "TODO", "en": "TODO", "vi": "TODO"}, "influence": None, "attack": None,
          "search": None, "abilities": [{"where": "anywhere", "text": {"pt": "TODO", "en": "TODO", "vi": "TODO"},
                                         "effect": "gain 1 morale.\n"}]}),
    Kind("crossroads", "crossroads", "A crossroads card: when it triggers and its options.",
         {"number": "int?", "trigger": ("object", {"when": "event", "if": "cond", "text": "localized"}),
          "setup": ("object", {"text": "localized", "effect": "effect"}), "vote": "voters", "chooser": "voters",
          "tie_breaker": "voters", "tie": "effect", "options": ("list", OPTION)},
         ("trigger", "options"), (("this_card", "card"),),
         {"number": None, "trigger": {"when": "you move a survivor", "text": {"pt": "TODO", "en": "TODO", "vi": "TODO"}},
          "options": [{"text": {"pt": "TODO", "en": "TODO", "vi": "TODO"}, "effect": "gain 1 morale.\n"},
                      {"text": {"pt": "TODO", "en": "TODO", "vi": "TODO"}, "effect": "lose 1 morale.\n"}]}),
    Kind("crisis", "crises", "A crisis card: what prevents it and what happens if it is not prevented.",
         {"prevent": ("list", f"enum:{'|'.join(ITEM_TYPES)}"), "text": "localized", "effect": "effect"},
         ("prevent", "text", "effect"), (("this_card", "card"),),
         {"prevent": ["food"], "text": {"pt": "TODO", "en": "TODO", "vi": "TODO"}, "effect": "lose 2 morale.\n"}),
    Kind("main-objective", "main-objectives", "A main objective: set-up values, goals, alternative wins.",
         {"setup": ("object", {"morale": "int?", "rounds": "int?", "text": "localized", "effect": "effect"}),
          "goals": ("list", GOAL)},
         ("setup", "goals"), (),
         {"setup": {"morale": None, "rounds": None, "text": {"pt": "TODO", "en": "TODO", "vi": "TODO"}},
          "goals": [{"text": {"pt": "TODO", "en": "TODO", "vi": "TODO"}}]}),
    Kind("secret-objective", "secret-objectives", "A secret objective: normal, betrayal, exiled or Lone Wolf.",
         {"objective": "enum:normal|betrayal|exiled|lone-wolf", "text": "localized", "if": "cond",
          "setup": "effect"},
         ("objective", "text"), (),
         {"objective": "normal", "text": {"pt": "TODO", "en": "TODO", "vi": "TODO"}}),
    Kind("item", "items", "An item card kind: type, decks it belongs to, equip and waste-pile abilities.",
         {"item_type": f"enum:{'|'.join(ITEM_TYPES)}", "decks": ("list", f"enum:{'|'.join(DECKS)}"),
          "copies": "int?",
          "abilities": ("list", {"use": "enum:equip|waste|event", "text": "localized", "effect": "effect"})},
         ("item_type", "decks", "abilities"), (("this_card", "card"), ("self", "survivor")),
         {"item_type": "tool", "decks": ["unknown"], "copies": None,
          "abilities": [{"use": "equip", "text": {"pt": "TODO", "en": "TODO", "vi": "TODO"}, "effect": "gain 1 morale.\n"}]}),
    Kind("tactic", "tactics", "A Warring Colonies tactic card, played by a colony leader before a warfare.",
         {"text": "localized", "effect": "effect"}, ("text", "effect"), (("this_card", "card"),),
         {"text": {"pt": "TODO", "en": "TODO", "vi": "TODO"}, "effect": "gain 1 combat strength.\n"}),
    Kind("lone-wolf-mission", "lone-wolf-missions", "A Lone Wolf mission card.",
         {"text": "localized", "if": "cond", "effect": "effect"}, ("text",), (("this_card", "card"),),
         {"text": {"pt": "TODO", "en": "TODO", "vi": "TODO"}}),
    Kind("die", "dice", "A die: its faces, how many of each, and what each face does.",
         {"sides": "int", "faces": ("list", {"face": "str", "name": "localized", "count": "int?",
                                              "text": "localized", "effect": "effect"})},
         ("sides", "faces"), (("rolled", "survivor"),),
         {"sides": 6, "faces": [{"face": "one", "name": {"pt": "TODO", "en": "TODO", "vi": "TODO"}, "count": 1}]}),
    Kind("location", "locations", "A location of the town or a colony board.",
         {"number": "int?", "survivor_spaces": "int?", "entrances": "int?", "item_deck": "bool",
          "text": "localized", "setup": "effect"},
         ("item_deck",), (),
         {"number": None, "survivor_spaces": None, "entrances": None, "item_deck": True}),
)}


#: Winter Tricks (a second, smaller game on the same runtime; rules in content/rules/*/winter-tricks.md)
_LOC_TODO = {"pt": "TODO", "en": "TODO", "vi": "TODO"}
REQUIREMENT = {"resource": f"enum:{'|'.join(RESOURCES)}|any", "count": "int?"}
for _kind in (
    Kind("winter-event", "events", "A Winter Tricks event: what a colony hands over to defend itself, and what "
         "happens to a colony that does not.",
         {"requires": ("list", REQUIREMENT), "text": "localized", "effect": "effect"},
         ("requires", "text"), (("this_card", "card"),),
         {"requires": [{"resource": "any", "count": None}], "text": _LOC_TODO}),
    Kind("relic", "relics", "A Winter Tricks relic: the resource that trumps the led one during an event.",
         {"resource": f"enum:{'|'.join(RESOURCES)}", "copies": "int?", "text": "localized"},
         ("resource",), (),
         {"resource": "fuel", "copies": None}),
    Kind("resource", "resources", "A Winter Tricks resource card kind: its resource and the values printed on it.",
         {"resource": f"enum:{'|'.join(RESOURCES)}", "values": ("list", "int"), "text": "localized"},
         ("resource",), (),
         {"resource": "fuel"}),
    Kind("equipment", "equipment", "Winter Tricks equipment: bought with leftover resources, kept face up.",
         {"price": "int?", "copies": "int?", "use": "enum:before-first-trick|unknown", "text": "localized",
          "effect": "effect"},
         ("text",), (("this_card", "card"),),
         {"price": None, "copies": None, "use": "unknown", "text": _LOC_TODO}),
    Kind("expedition", "expedition", "The Winter Tricks expedition card: played beside a card in a trick, it pays "
         "off when the event is resolved.",
         {"text": "localized", "effect": "effect"}, ("text", "effect"), (("this_card", "card"),),
         {"text": _LOC_TODO, "effect": "take up to 2 cards from the expedition deck.\n"}),
):
    KINDS[_kind.name] = _kind

#: fields every card file has
COMMON = {"id": "str", "kind": "str", "set": f"enum:{'|'.join(SETS)}", "name": "name",
          "status": ("object", {"implementation": f"enum:{'|'.join(IMPLEMENTATION)}",
                                "data": f"enum:{'|'.join(DATA)}", "why": "str"}),
          "source": "str", "name_sources": ("object", {"pt": "str", "en": "str", "vi": "str"}),
          "gender": ("object", {"pt": "enum:f|m|f-pl|m-pl"}),
          "also_called": ("list", "str"),
          "notes": "str", "text": "localized",
          "manual": ("map", {"why": "str", "pt": "str", "en": "str", "vi": "str",
                             "sync": ("object", {"pt": "str", "vi": "str"})}),
          "tests": ("list", "scenario")}
COMMON_REQUIRED = ("id", "kind", "set", "name", "status")
#: a scenario test's keys (docs/scenarios.md); the runner reads its tables, the shape pass its keys
SCENARIO_FIELDS = {"name": "str", "cites": "any", "given": "any", "do": "any", "answers": "any", "rolls": "any",
                   "expect": "any", "seed": "int"}
SCENARIO_REQUIRED = ("name", "given", "do", "expect")
EFFECT_TYPES = ("effect", "cond", "event", "voters")  # voters: a condition on a player ("they")


def all_fields(kind: Kind) -> dict:
    """Common fields and the kind's own, in file order."""
    return {**COMMON, **kind.fields}


def folder_kind(folder: str) -> Kind | None:
    """The kind whose files live in a folder named ``folder``."""
    for kind in KINDS.values():
        if kind.folder == folder:
            return kind
    return None
