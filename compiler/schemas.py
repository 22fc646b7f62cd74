"""The two published JSON Schemas, generated from the catalogue and the card kinds.

* ``card_source_schema()``: what a card file may hold (for yaml-language-server and
  other editors).
* ``bundle_schema()``: build/bundle.json for engines: every effect node an object
  tagged by ``op``, ``additionalProperties: false``, a position on every node.
"""
from __future__ import annotations

from .cards import COMMON, COMMON_REQUIRED, KINDS, LANGS
from .ruleset import COLONIES_SCHEMA, RULESET_SCHEMA
from .catalogue import CATALOGUE, GROUPS

SCHEMA_DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE_ID = "https://dow.invalid/schemas/"
STATEMENT_GROUPS = ("effect", "control", "cost", "rule")
TARGET_GROUPS = ("selector", "location")

LOCALIZED = {"type": "object", "properties": {lang: {"type": "string"} for lang in LANGS},
             "required": list(LANGS), "additionalProperties": False}
POS = {"type": "object", "description": "Where the node was written: card id, file, 1-based line and column.",
       "properties": {"card": {"type": "string"}, "file": {"type": "string"},
                      "line": {"type": "integer", "minimum": 1}, "col": {"type": "integer", "minimum": 1}},
       "required": ["card", "file", "line", "col"], "additionalProperties": False}
QUANTITY = {"type": "object", "properties": {
    "mode": {"enum": ["one", "each", "all", "count", "up_to", "at_least", "all_but", "any", "no"]},
    "n": {"type": "integer", "minimum": 0}}, "required": ["mode"], "additionalProperties": False}


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
        "int": {"type": "integer", "minimum": 0},
        "signed": {"type": "integer"},
        "str": {"type": "string"},
        "count": {"anyOf": [{"type": "integer", "minimum": 0}, _ref("count")]},
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
        return {"type": ["integer", "null"], "minimum": 0}
    if kind == "int":
        return {"type": "integer", "minimum": 0}
    if kind == "bool":
        return {"type": "boolean"}
    if kind == "any":
        return {}
    if kind.startswith("enum:"):
        return {"enum": kind[5:].split("|")}
    return {"type": "string"}


def _card_object(fields: dict, mode: str) -> dict:
    return {"type": "object", "properties": {k: _card_field(v, mode) for k, v in fields.items()},
            "additionalProperties": False}


def _card_schemas(mode: str) -> list[dict]:
    out = []
    for kind in KINDS.values():
        fields = {**COMMON, **kind.fields}
        props = {k: _card_field(v, mode) for k, v in fields.items()}
        props["kind"] = {"const": kind.name}
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
            "title": "dow card file", "type": "object", "required": ["kind"],
            "properties": {"kind": {"enum": list(KINDS)}}, "allOf": _card_schemas("source"),
            "$defs": {"localized": SOURCE_LOCALIZED}}


def bundle_schema() -> dict:
    """The schema of build/bundle.json."""
    defs = node_defs()
    defs["card"] = {"type": "object", "required": ["kind"], "properties": {"kind": {"enum": list(KINDS)}},
                    "allOf": _card_schemas("bundle")}
    return {"$schema": SCHEMA_DRAFT, "$id": BASE_ID + "bundle.schema.json", "title": "dow bundle",
            "type": "object",
            "properties": {"ir_version": {"type": "string", "pattern": r"^\d+\.\d+\.\d+$"},
                           "content_hash": {"type": "string", "pattern": "^sha256:[0-9a-f]{64}$"},
                           "languages": {"type": "array", "items": {"enum": list(LANGS)}},
                           "cards": {"type": "array", "items": _ref("card")},
                           "rulesets": {"type": "object", "additionalProperties": RULESET_SCHEMA,
                                        "properties": {"warring-colonies": COLONIES_SCHEMA},
                                        "description": "each set's game numbers (content/<set>/ruleset.yaml)"}},
            "required": ["ir_version", "content_hash", "languages", "cards"], "additionalProperties": False,
            "$defs": defs}


assert set(GROUPS) >= {spec.group for spec in CATALOGUE}
