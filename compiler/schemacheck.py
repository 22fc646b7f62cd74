"""A compiled validator for the bundle schema, for the compiler's own validate pass.

The published schema is checked by the jsonschema package in tests and on every
bundle ``dow build`` writes. Per card, in the compiler's hot path, jsonschema took
about 4 ms a card (and grew to seconds on large effects), so the validate pass
compiles the same schema once into nested Python closures instead. It covers
exactly the keywords ``schemas.py`` emits: type, properties, required,
additionalProperties, enum, const, $ref, allOf with if/then dispatch on "op",
anyOf, items, minItems, minimum, pattern. A differential test
(tests/passes/test_schemacheck.py) keeps it in agreement with jsonschema.
"""
from __future__ import annotations

import re
from typing import Callable

Check = Callable[[object, str, list], None]

_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
}
KNOWN = {"type", "properties", "required", "additionalProperties", "enum", "const", "$ref", "allOf", "anyOf",
         "items", "minItems", "minimum", "pattern", "description", "$schema", "$id", "$defs", "title", "if", "then"}


class SchemaCompiler:
    """Compiles schema fragments into check functions; $refs resolve lazily, once."""

    def __init__(self, root: dict):
        self.root = root
        self.cache: dict[str, Check] = {}
        self.compiling: set[str] = set()

    def ref(self, pointer: str) -> Check:
        """The check for a '#/$defs/name' reference, compiled once. A reference met again while its
        own definition is being compiled (a statement inside a statement) goes through the cache
        when it runs; any other is the compiled check itself, with no indirection per call."""
        if pointer in self.cache:
            return self.cache[pointer]
        if pointer in self.compiling:
            cache = self.cache
            return lambda value, path, errors: cache[pointer](value, path, errors)
        self.compiling.add(pointer)
        target = self.root
        for part in pointer.lstrip("#/").split("/"):
            target = target[part]
        self.cache[pointer] = check = self.compile(target)
        self.compiling.discard(pointer)
        return check

    def compile(self, schema: dict) -> Check:
        """A check function for one schema fragment."""
        unknown = set(schema) - KNOWN
        if unknown:
            raise ValueError(f"schemacheck does not support {sorted(unknown)}")
        scalar = _scalar(schema)
        if scalar is not None:
            return scalar
        checks: list[Check] = []
        if "$ref" in schema:
            checks.append(self.ref(schema["$ref"]))
        is_object = schema.get("type") == "object" and ("properties" in schema or "required" in schema)
        if "type" in schema and not is_object:
            checks.append(_type(schema["type"]))
        if "const" in schema:
            checks.append(_const(schema["const"]))
        if "enum" in schema:
            checks.append(_enum(schema["enum"]))
        if "minimum" in schema:
            checks.append(_minimum(schema["minimum"]))
        if "pattern" in schema:
            checks.append(_pattern(schema["pattern"]))
        if "properties" in schema or "required" in schema or "additionalProperties" in schema:
            checks.append(self.object(schema, typed=is_object))
        if "items" in schema or "minItems" in schema:
            checks.append(self.array(schema))
        if "anyOf" in schema:
            checks.append(self.any_of(schema["anyOf"]))
        if "allOf" in schema:
            checks.extend(self.all_of(schema["allOf"]))
        return _all(checks)

    def object(self, schema: dict, typed: bool = False) -> Check:
        """properties / required / additionalProperties; with ``typed``, also the "type": "object" test."""
        props = {k: self.compile(v) for k, v in schema.get("properties", {}).items()}
        required = list(schema.get("required", ()))
        extra = schema.get("additionalProperties", True)
        extra_check = self.compile(extra) if isinstance(extra, dict) else None

        def check(value, path, errors):
            if not isinstance(value, dict):
                if typed:
                    errors.append(f"at {path}: {_short(value)} is not of type object")
                return
            for key in required:
                if key not in value:
                    errors.append(f"at {path or '/'}: '{key}' is a required property")
            for key, child in value.items():
                sub = props.get(key)
                if sub is not None:
                    sub(child, f"{path}/{key}", errors)
                elif extra is False:
                    errors.append(f"at {path or '/'}: additional property '{key}' is not allowed")
                elif extra_check is not None:
                    extra_check(child, f"{path}/{key}", errors)
        return check

    def array(self, schema: dict) -> Check:
        items = self.compile(schema["items"]) if "items" in schema else None
        min_items = schema.get("minItems", 0)

        def check(value, path, errors):
            if not isinstance(value, list):
                return
            if len(value) < min_items:
                errors.append(f"at {path}: needs at least {min_items} items")
            if items is not None:
                for i, child in enumerate(value):
                    items(child, f"{path}/{i}", errors)
        return check

    def any_of(self, options: list) -> Check:
        compiled = [self.compile(o) for o in options]

        def check(value, path, errors):
            for option in compiled:
                trial: list = []
                option(value, path, trial)
                if not trial:
                    return
            errors.append(f"at {path}: {_short(value)} matches none of the allowed forms")
        return check

    def all_of(self, parts: list) -> list[Check]:
        """allOf: plain parts, and 'if op is X then …' parts collected into one dispatch on 'op'."""
        dispatch: dict[object, Check] = {}
        plain: list[Check] = []
        for part in parts:
            cond = part.get("if", {}).get("properties", {})
            if set(part) <= {"if", "then"} and len(cond) == 1 and "const" in next(iter(cond.values())):
                (key, rule), = cond.items()
                dispatch[(key, rule["const"])] = self.compile(part["then"])
            else:
                plain.append(self.compile(part))
        if dispatch:
            keys = {k for k, _ in dispatch}

            def by_tag(value, path, errors):
                if isinstance(value, dict):
                    for key in keys:
                        sub = dispatch.get((key, value.get(key)))
                        if sub is not None:
                            sub(value, path, errors)
            plain.append(by_tag)
        return plain


def _all(checks: list[Check]) -> Check:
    if len(checks) == 1:
        return checks[0]

    def check(value, path, errors):
        for c in checks:
            c(value, path, errors)
    return check


def _type(kind) -> Check:
    kinds = kind if isinstance(kind, list) else [kind]
    tests = [_TYPES[k] for k in kinds]
    if len(tests) == 1:
        test = tests[0]

        def one(value, path, errors):
            if not test(value):
                errors.append(f"at {path}: {_short(value)} is not of type {kinds[0]}")
        return one

    def check(value, path, errors):
        if not any(t(value) for t in tests):
            errors.append(f"at {path}: {_short(value)} is not of type {' or '.join(kinds)}")
    return check


_SCALAR_KEYS = {"type", "minimum", "description", "title"}


def _scalar(schema: dict) -> Check | None:
    """One check for the commonest leaf, {"type": "string"|"integer"|..., "minimum": n}, or None."""
    kind = schema.get("type")
    if not isinstance(kind, str) or kind in ("object", "array") or not set(schema) <= _SCALAR_KEYS:
        return None
    test, low = _TYPES[kind], schema.get("minimum")
    if low is None:
        return _type(kind)

    def check(value, path, errors):
        if not test(value):
            errors.append(f"at {path}: {_short(value)} is not of type {kind}")
        elif isinstance(value, (int, float)) and not isinstance(value, bool) and value < low:
            errors.append(f"at {path}: {value} is less than the minimum of {low}")
    return check


def _const(const) -> Check:
    def check(value, path, errors):
        if value != const:
            errors.append(f"at {path}: {const!r} was expected")
    return check


def _enum(options) -> Check:
    allowed = list(options)
    if all(isinstance(o, str) for o in allowed):
        # strings only: a set lookup; a value of another type is never equal to a string
        members = frozenset(allowed)

        def fast(value, path, errors):
            if not (isinstance(value, str) and value in members):
                errors.append(f"at {path}: {_short(value)} is not one of {allowed[:8]}")
        return fast

    def check(value, path, errors):
        if value not in allowed:
            errors.append(f"at {path}: {_short(value)} is not one of {allowed[:8]}")
    return check


def _minimum(low) -> Check:
    def check(value, path, errors):
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value < low:
            errors.append(f"at {path}: {value} is less than the minimum of {low}")
    return check


def _pattern(pattern: str) -> Check:
    rx = re.compile(pattern)

    def check(value, path, errors):
        if isinstance(value, str) and not rx.search(value):
            errors.append(f"at {path}: {value!r} does not match {pattern!r}")
    return check


def _short(value) -> str:
    text = repr(value)
    return text if len(text) < 60 else text[:57] + "..."


def compile_schema(schema: dict, pointer: str) -> Callable[[object], list[str]]:
    """A function returning the errors of a document against ``schema`` at ``pointer`` ('#/$defs/card')."""
    check = SchemaCompiler(schema).ref(pointer)

    def validate(value) -> list[str]:
        errors: list[str] = []
        check(value, "", errors)
        return errors
    return validate
