"""The two published JSON Schemas, generated from the catalogue and the card kinds.

* ``card_source_schema()``: what a card file may hold (for yaml-language-server and
  other editors).
* ``bundle_schema()``: build/bundle.json for engines: every effect node an object
  tagged by ``op``, ``additionalProperties: false``, a position on every node.

The bundle schema is closed for its own ``ir_version`` (major.minor, in its ``$id``): it says
exactly what this compiler writes, so a stray or misspelt field is caught where it is made. A
consumer of an older minor version validates a newer bundle against the newer schema (cited by
its ``$id``), and tolerates what docs/bundle.md lists. Both schemas are committed under
``schemas/`` (tests/test_schemas_committed.py keeps them equal to these functions), so editors
find the card-file schema on a fresh clone.
"""
from __future__ import annotations

from dow.runtime.bundle import IR_VERSION
from dow.runtime.limits import MIN_SIGNED, integer

from .cards import COMMON, COMMON_REQUIRED, KINDS, LANGS
from .ruleset import COLONIES_SCHEMA, RULESET_SCHEMA
from .catalogue import CATALOGUE, GROUPS

SCHEMA_DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE_ID = "https://dow.invalid/schemas/"
#: the bundle schema's version in its $id: the major.minor of the ir_version it describes
SCHEMA_VERSION = ".".join(IR_VERSION.split(".")[:2])
STATEMENT_GROUPS = ("effect", "control", "cost", "rule")
TARGET_GROUPS = ("selector", "location")

LOCALIZED = {"type": "object", "properties": {lang: {"type": "string"} for lang in LANGS},
             "required": list(LANGS), "additionalProperties": False}
POS = {"type": "object", "description": "Where the node was written: card id, file, 1-based line and column.",
       "properties": {"card": {"type": "string"}, "file": {"type": "string"},
                      "line": {"type": "integer", "minimum": 1}, "col": {"type": "integer", "minimum": 1}},
       "required": ["card", "file", "line", "col"], "additionalProperties": False}
QUANTITY = {"type": "object", "properties": {
    "mode": {"enum": ["one", "each", "all", "count", "up_to", "at_least", "all_but", "any", "no", "top"]},
    "n": integer()}, "required": ["mode"], "additionalProperties": False}


def _ref(name: str) -> dict:
    return {"$ref": f"#/$defs/{name}"}


def _dispatch(ops: list[str]) -> dict:
    """An object whose 'op' picks exactly one node definition (precise errors, no oneOf search)."""
    return {"type": "object", "required": ["op"], "properties": {"op": {"enum": ops}},
            "allOf": [{"if": {"properties": {"op": {"const": op}}}, "then": _ref(f"op.{op}")} for op in ops]}


def _ops(*groups: str) -> list[str]:
    return [spec.op for spec in CATALOGUE if spec.group in groups]


def _field(kind: str) -> dict:
    """The schema of one catalogue field type."""
    if kind.startswith("enum:"):
        return {"enum": kind[5:].split("|")}
    table = {
        "int": integer(),
        "signed": integer(MIN_SIGNED),
        "str": {"type": "string"},
        "count": {"anyOf": [integer(), _ref("count")]},
        "target": _ref("target"),
        "location": _ref("location"),
        "block": {"type": "array", "items": _ref("statement")},
        "cond": _ref("condition"),
        "conds": {"type": "array", "items": _ref("condition"), "minItems": 1},
        "expr": _ref("expression"),
        "event": _ref("op.event"),
        "localized": LOCALIZED,
        "options": {"type": "array", "items": _ref("op.option")},
        "outcomes": {"type": "array", "items": _ref("op.outcome")},
        "filters": {"type": "array", "items": _ref("filter")},
        "list": {"type": "array", "items": {"type": "string"}},
        "quantity": QUANTITY,
    }
    return table[kind]


def node_defs() -> dict:
    """One definition per catalogue entry, plus the group dispatchers."""
    defs: dict = {"pos": POS, "localized": LOCALIZED}
    for spec in CATALOGUE:
        props = {"op": {"const": spec.op}, "pos": _ref("pos")}
        required = ["op", "pos"]
        for name, kind in spec.fields.items():
            optional = kind.endswith("?")
            kind = kind[:-1] if optional else kind
            props[name] = _field(kind)
            if not optional:
                required.append(name)
        if spec.op == "manual":
            props["instruction"] = _ref("localized")
        defs[f"op.{spec.op}"] = {"type": "object", "description": spec.doc, "properties": props,
                                 "required": required, "additionalProperties": False}
    defs["statement"] = _dispatch(_ops(*STATEMENT_GROUPS))
    defs["condition"] = _dispatch(_ops("condition"))
    defs["expression"] = _dispatch(_ops("expression"))
    defs["filter"] = _dispatch(_ops("filter"))
    defs["count"] = _dispatch(_ops("count") + ["result"])
    defs["location"] = _dispatch(_ops("location") + ["select_of", "ref", "named"])
    defs["target"] = _dispatch(_ops(*TARGET_GROUPS))
    return defs


def _card_field(kind, mode: str) -> dict:
    """A card field's schema; ``mode`` is 'source' (card files) or 'bundle' (compiled)."""
    if isinstance(kind, tuple):
        shape, inner = kind
        if shape == "list":
            return {"type": "array", "items": _card_field(inner, mode) if isinstance(inner, (str, tuple))
                    else _card_object(inner, mode)}
        if shape == "object":
            return _card_object(inner, mode)
        if shape == "map":
            return {"type": "object", "additionalProperties": _card_object(inner, mode)}
    if kind in ("effect", "cond", "event", "voters"):
        if mode == "source":
            return {"type": "string", "description": f"{kind} text in the dow effect language"}
        tree = {"effect": {"type": "array", "items": _ref("statement")}, "cond": _ref("condition"),
                "voters": _ref("condition"), "event": _ref("op.event")}[kind]
        return {"type": "object", "properties": {"source": {"type": "string"}, "tree": tree},
                "required": ["source", "tree"], "additionalProperties": False}
    if kind == "localized":
        return _ref("localized")
    if kind == "name":
        return _ref("localized") if mode == "bundle" else {"anyOf": [{"type": "string"}, _ref("localized")]}
    if kind == "int?":
        return integer(nullable=True)
    if kind == "int":
        return integer()
    if kind == "bool":
        return {"type": "boolean"}
    if kind == "any":
        return {}
    if kind.startswith("enum:"):
        return {"enum": kind[5:].split("|")}
    return {"type": "string"}


def _described(name: str, kind, mode: str) -> dict:
    """A card field's schema with its description (what an editor shows on hover)."""
    schema = SCENARIOS if name == "tests" else _card_field(kind, mode)
    doc = FIELD_DOCS.get(name)
    return {**schema, "description": doc} if doc else schema


def _card_object(fields: dict, mode: str) -> dict:
    return {"type": "object", "properties": {k: _described(k, v, mode) for k, v in fields.items()},
            "additionalProperties": False}


def _card_schemas(mode: str) -> list[dict]:
    out = []
    for kind in KINDS.values():
        fields = {**COMMON, **kind.fields}
        props = {k: _described(k, v, mode) for k, v in fields.items()}
        props["kind"] = {"const": kind.name, "description": FIELD_DOCS["kind"]}
        required = list(COMMON_REQUIRED) + list(kind.required)
        if mode == "bundle":
            props["file"] = {"type": "string"}
            required.append("file")
        out.append({"if": {"properties": {"kind": {"const": kind.name}}, "required": ["kind"]},
                    "then": {"type": "object", "properties": props, "required": required,
                             "additionalProperties": False, "description": kind.doc}})
    return out


SOURCE_LOCALIZED = {**LOCALIZED, "properties": {**LOCALIZED["properties"], "sync": {
    "type": "object", "description": "per language: the hash of the English text it was translated from",
    "properties": {lang: {"type": "string"} for lang in LANGS}, "additionalProperties": False}}}


def card_source_schema() -> dict:
    """The schema of one card file."""
    return {"$schema": SCHEMA_DRAFT, "$id": BASE_ID + "card-source.schema.json",
            "title": "dow card file",
            "description": "One card of the dow project: its facts, its texts in pt, en and vi, its effects "
                           "in the effect language, and its scenario tests (docs/card-files.md).",
            "type": "object", "required": ["kind"],
            "properties": {"kind": {"enum": list(KINDS), "description": FIELD_DOCS["kind"]}},
            "allOf": _card_schemas("source"),
            "$defs": {"localized": SOURCE_LOCALIZED}}


def bundle_schema() -> dict:
    """The schema of build/bundle.json."""
    defs = node_defs()
    defs["card"] = {"type": "object", "required": ["kind"], "properties": {"kind": {"enum": list(KINDS)}},
                    "allOf": _card_schemas("bundle")}
    return {"$schema": SCHEMA_DRAFT, "$id": f"{BASE_ID}{SCHEMA_VERSION}/bundle.schema.json",
            "title": f"dow bundle, ir_version {SCHEMA_VERSION}.x",
            "description": f"A compiled dow bundle of ir_version {SCHEMA_VERSION}.x, closed: a bundle of a later "
                           "minor version is checked against its own schema (docs/bundle.md).",
            "type": "object",
            "properties": {"ir_version": {"type": "string",
                                          "pattern": "^" + SCHEMA_VERSION.replace(".", r"\.") + r"\.\d+$"},
                           "content_hash": {"type": "string", "pattern": "^sha256:[0-9a-f]{64}$"},
                           "languages": {"type": "array", "items": {"enum": list(LANGS)}},
                           "cards": {"type": "array", "items": _ref("card")},
                           "rulesets": {"type": "object", "additionalProperties": RULESET_SCHEMA,
                                        "properties": {"warring-colonies": COLONIES_SCHEMA},
                                        "description": "each set's game numbers (content/<set>/ruleset.yaml)"}},
            "required": ["ir_version", "content_hash", "languages", "cards"], "additionalProperties": False,
            "$defs": defs}


FIELD_DOCS = {
    "id": "The card's id: <set>.<kind>.<file name>, unique in the project.",
    "kind": "The kind of card; it decides which fields the file has.",
    "set": "The game or expansion the card belongs to.",
    "name": "The card's name: one string (a proper name, the same in every language) or {pt, en, vi}.",
    "status": "How far the card is transcribed and implemented.",
    "implementation": "full: every effect runs; partial: some parts are manual steps; manual: none runs.",
    "data": "known: facts from the published card; needs transcription: facts missing; "
            "example: made up to run the engine, not the published game.",
    "why": "Why the status or the manual step is what it is.",
    "source": "Where the card's facts come from.",
    "name_sources": "Per language, the rulebook that prints the card's name in that language (\"seed 000, line 298\"); "
                    "a language without one has the project's own translation, and the site says so.",
    "notes": "Notes for authors; never shown to readers.",
    "text": "The text a reader sees, in the project's own words, in pt, en and vi.",
    "manual": "Per effect: the manual step a player carries out where the effect language cannot say it.",
    "tests": "Scenario tests: a table (given), what happens (do, answers, rolls) and what must hold "
             "afterwards (expect); docs/scenarios.md.",
    "occupation": "The survivor's occupation, in pt, en and vi.",
    "sex": "The survivor's sex as the card and the reference give it (female, male; unknown where no source "
           "says): the gender every language's sentences agree with (pt \"Bev Russell é posta\").",
    "also_called": "Other spellings of the card's name a reader may know or search for (a printing's variant, "
                   "\"Grey Beard\"): the search finds the card by them and their addresses lead to its page.",
    "sex_source": "Where the survivor's sex is read: a pronoun in the reference data or a rulebook.",
    "gender": "Per language, the grammatical gender of the card's name where the language has one (pt: f or m, f-pl or m-pl for a plural name, "
              "\"a Pistola\", \"o Arpão\"); a survivor's follows its sex. Without it the language's default.",
    "influence": "The influence printed on the card (null: not known).",
    "attack": "The attack value printed on the card (null: not known).",
    "search": "The search value printed on the card (null: not known).",
    "abilities": "The card's abilities, each with its text and its effect.",
    "where": "Where the survivor must be to use the ability.",
    "effect": "What happens, in the dow effect language (docs/effect-language.md).",
    "number": "The number printed on the card (null: not known).",
    "trigger": "When the crossroads card is read: the event, an optional condition, and the text.",
    "when": "The event, in the effect language.",
    "if": "A condition, in the effect language.",
    "options": "The card's options, in card order; each with an optional requirement, its text and its effect.",
    "requires": "What must hold (crossroads option) or be handed over (Winter Tricks event).",
    "prevent": "The item types that prevent the crisis.",
    "setup": "What is done at set-up.",
    "morale": "The starting morale printed on the objective (null: not known).",
    "rounds": "The number of rounds printed on the objective (null: not known).",
    "goals": "The objective's goals and alternative wins.",
    "ends_game": "Whether reaching this goal ends the game.",
    "objective": "The kind of secret objective.",
    "item_type": "The item's type.",
    "decks": "The item decks the card belongs to.",
    "copies": "How many copies of the card the game has (null: not known).",
    "use": "When the ability is used.",
    "sides": "How many sides the die has.",
    "faces": "The die's faces: what each shows, how many of it, what it does.",
    "face": "The face's id.",
    "count": "How many.",
    "survivor_spaces": "Survivor spaces at the location (null: not known).",
    "entrances": "Entrances of the location (null: not known).",
    "item_deck": "Whether the location has an item deck.",
    "resource": "The resource.",
    "values": "The values printed on the resource cards.",
    "price": "The equipment's price (null: not known).",
}

_STEP = {"type": "string", "description": "One step: 'option 1', 'trigger', 'ability 1', 'play', 'fail', "
                                          "'action attack brian-lee zombie 3', 'colony pay_food', ..."}
#: a card's scenario tests (docs/scenarios.md): the keys are checked, their tables are the engine's
SCENARIOS = {"type": "array", "items": {
    "type": "object", "required": ["name", "given", "do", "expect"], "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "description": "What the scenario shows, in one line."},
        "given": {"type": "object", "description": "The table before: survivors, zombies, supply, hands, "
                                                   "tracks ... (docs/scenarios.md, given)."},
        "do": {"anyOf": [_STEP, {"type": "array", "items": _STEP, "minItems": 1}],
               "description": "One step or a list of steps (docs/scenarios.md, do)."},
        "answers": {"type": "array", "description": "The players' answers, in the order they are asked: "
                    "true/false, an option number (1 = the first), \"yes\"/\"no\" for a vote, a list of names; "
                    "{p2: …} is p2's answer, and fails unless p2 is the player asked."},
        "rolls": {"type": "array", "items": {"type": "integer", "minimum": 1},
                  "description": "The dice, in the order they are rolled (a d6: 1-6; the exposure die: 1-12)."},
        "cites": {"description": "The rulebook paragraph the scenario checks."},
        "seed": {"type": "integer", "description": "The seed of the random generator, where the scenario "
                                                   "shuffles."},
        "expect": {"type": "object", "description": "What must hold afterwards (docs/scenarios.md, expect)."}}}}

assert set(GROUPS) >= {spec.group for spec in CATALOGUE}
