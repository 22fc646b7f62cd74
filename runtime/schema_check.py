"""A compiled validator for the bundle schema, standard library only.

``load_bundle`` checks every bundle against the schema of its own version (``bundle.schema.json``,
shipped beside this module, the same file as ``schemas/bundle.schema.json``), and the compiler's
validate pass checks every card it compiles against the same schema with the same code. The
jsonschema package took about 4 ms a card (seconds on large effects), so the schema is compiled
once into nested Python closures instead. It covers exactly the keywords ``compiler/schemas.py``
emits: type, properties, required, additionalProperties, minProperties, enum, const, $ref, allOf
with if/then dispatch on a tag ("op", "kind"), anyOf, items, minItems, maxItems, minimum, maximum,
pattern. A differential test (tests/passes/test_schemacheck.py) keeps it in agreement with
jsonschema; an error is ``at <JSON pointer>: <what was expected>``.
"""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any, Callable

Check = Callable[[Any, str, list[str]], None]

_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
}
_NAMES = {"object": "an object", "array": "a list", "string": "text", "integer": "a whole number",
          "boolean": "true or false", "null": "null", "number": "a number"}
KNOWN = {"type", "properties", "required", "additionalProperties", "minProperties", "enum", "const", "$ref",
         "allOf", "anyOf", "items", "minItems", "maxItems", "minimum", "maximum", "pattern", "description",
         "$schema", "$id", "$defs", "title", "if", "then"}
#: the bundle schema this runtime reads (its ir_version's major.minor is in its $id)
SCHEMA_FILE = Path(__file__).with_name("bundle.schema.json")


class SchemaCompiler:
    """Compiles schema fragments into check functions; $refs resolve lazily, once."""

    def __init__(self, root: dict[str, Any]):
        self.root = root
        self.cache: dict[str, Check] = {}
        self.compiling: set[str] = set()

    def ref(self, pointer: str) -> Check:
        """The check for a '#/$defs/name' reference (or '#', the whole schema), compiled once. A reference
        met again while its own definition is being compiled (a statement inside a statement) goes
        through the cache when it runs; any other is the compiled check itself."""
        if pointer in self.cache:
            return self.cache[pointer]
        if pointer in self.compiling:
            found = self.cache
            return lambda value, path, errors: found[pointer](value, path, errors)
        self.compiling.add(pointer)
        target: Any = self.root
        for part in [p for p in pointer.lstrip("#").split("/") if p]:
            target = target[part]
        self.cache[pointer] = check = self.compile(target)
        self.compiling.discard(pointer)
        return check

    def compile(self, schema: dict[str, Any]) -> Check:
        """A check function for one schema fragment."""
        unknown = set(schema) - KNOWN
        if unknown:
            raise ValueError(f"schema_check does not support {sorted(unknown)}")
        scalar = _scalar(schema)
        if scalar is not None:
            return scalar
        checks: list[Check] = []
        if "$ref" in schema:
            checks.append(self.ref(schema["$ref"]))
        is_object = schema.get("type") == "object" and ("properties" in schema or "required" in schema
                                                        or "additionalProperties" in schema)
        if "type" in schema and not is_object:
            checks.append(_type(schema["type"]))
        if "const" in schema:
            checks.append(_const(schema["const"]))
        if "enum" in schema:
            checks.append(_enum(schema["enum"]))
        if "minimum" in schema or "maximum" in schema:
            checks.append(_range(schema.get("minimum"), schema.get("maximum")))
        if "pattern" in schema:
            checks.append(_pattern(schema["pattern"]))
        if is_object or "properties" in schema or "required" in schema or "additionalProperties" in schema \
                or "minProperties" in schema:
            checks.append(self.object(schema, typed=is_object))
        if "items" in schema or "minItems" in schema or "maxItems" in schema:
            checks.append(self.array(schema))
        if "anyOf" in schema:
            checks.append(self.any_of(schema["anyOf"]))
        if "allOf" in schema:
            checks.extend(self.all_of(schema["allOf"]))
        return _all(checks)

    def object(self, schema: dict[str, Any], typed: bool = False) -> Check:
        """properties / required / additionalProperties / minProperties; with ``typed``, the type test too."""
        props = {k: self.compile(v) for k, v in schema.get("properties", {}).items()}
        required = list(schema.get("required", ()))
        extra = schema.get("additionalProperties", True)
        extra_check = self.compile(extra) if isinstance(extra, dict) else None
        least = int(schema.get("minProperties", 0))

        def check(value: Any, path: str, errors: list[str]) -> None:
            if not isinstance(value, dict):
                if typed:
                    errors.append(f"at {path or '/'}: expected an object, found {_short(value)}")
                return
            for key in required:
                if key not in value:
                    errors.append(f"at {path or '/'}: '{key}' is a required property")
            if len(value) < least:
                errors.append(f"at {path or '/'}: expected at least {least} entries, found {len(value)}")
            for key, child in value.items():
                sub = props.get(key)
                if sub is not None:
                    sub(child, f"{path}/{key}", errors)
                elif extra is False:
                    errors.append(f"at {path or '/'}: additional property '{key}' is not allowed")
                elif extra_check is not None:
                    extra_check(child, f"{path}/{key}", errors)
        return check

    def array(self, schema: dict[str, Any]) -> Check:
        """items / minItems / maxItems."""
        items = self.compile(schema["items"]) if "items" in schema else None
        least, most = int(schema.get("minItems", 0)), schema.get("maxItems")

        def check(value: Any, path: str, errors: list[str]) -> None:
            if not isinstance(value, list):
                return
            if len(value) < least:
                errors.append(f"at {path}: needs at least {least} items, found {len(value)}")
            if most is not None and len(value) > most:
                errors.append(f"at {path}: has at most {most} items, found {len(value)}")
            if items is not None:
                for i, child in enumerate(value):
                    items(child, f"{path}/{i}", errors)
        return check

    def any_of(self, options: list[dict[str, Any]]) -> Check:
        """anyOf: the first form that fits; none fitting is one error naming the nearest form's problem."""
        compiled = [self.compile(o) for o in options]

        def check(value: Any, path: str, errors: list[str]) -> None:
            nearest: list[str] = []
            for option in compiled:
                trial: list[str] = []
                option(value, path, trial)
                if not trial:
                    return
                if not nearest or len(trial) < len(nearest):
                    nearest = trial
            why = nearest[0].split(": ", 1)[-1] if nearest else ""
            errors.append(f"at {path}: {_short(value)} matches none of the allowed forms"
                          + (f" (the nearest: {why})" if why else ""))
        return check

    def all_of(self, parts: list[dict[str, Any]]) -> list[Check]:
        """allOf: plain parts, and 'if tag is X then …' parts collected into one dispatch on the tag."""
        dispatch: dict[tuple[str, Any], Check] = {}
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

            def by_tag(value: Any, path: str, errors: list[str]) -> None:
                if isinstance(value, dict):
                    for key in keys:
                        tag = value.get(key)
                        sub = dispatch.get((key, tag)) if isinstance(tag, str) else None
                        if sub is not None:
                            sub(value, path, errors)
            plain.append(by_tag)
        return plain


def _all(checks: list[Check]) -> Check:
    if len(checks) == 1:
        return checks[0]

    def check(value: Any, path: str, errors: list[str]) -> None:
        for c in checks:
            c(value, path, errors)
    return check


def _type(kind: str | list[str]) -> Check:
    kinds = kind if isinstance(kind, list) else [kind]
    tests = [_TYPES[k] for k in kinds]
    words = " or ".join(_NAMES[k] for k in kinds)

    def check(value: Any, path: str, errors: list[str]) -> None:
        if not any(t(value) for t in tests):
            errors.append(f"at {path}: expected {words}, found {_short(value)}")
    return check


_SCALAR_KEYS = {"type", "minimum", "maximum", "description", "title"}


def _scalar(schema: dict[str, Any]) -> Check | None:
    """One check for the commonest leaf, {"type": "string"|"integer"|..., "minimum": n, "maximum": m}, or None."""
    kind = schema.get("type")
    if not isinstance(kind, str) or kind in ("object", "array") or not set(schema) <= _SCALAR_KEYS:
        return None
    if "minimum" not in schema and "maximum" not in schema:
        return _type(kind)
    of_type, in_range = _type(kind), _range(schema.get("minimum"), schema.get("maximum"))

    def check(value: Any, path: str, errors: list[str]) -> None:
        before = len(errors)
        of_type(value, path, errors)
        if len(errors) == before:
            in_range(value, path, errors)
    return check


def _range(low: Any, high: Any) -> Check:
    def check(value: Any, path: str, errors: list[str]) -> None:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if low is not None and value < low:
                errors.append(f"at {path}: {_short(value)} is less than the minimum of {low}")
            elif high is not None and value > high:
                errors.append(f"at {path}: {_short(value)} is more than the maximum of {high}")
    return check


def _const(const: Any) -> Check:
    def check(value: Any, path: str, errors: list[str]) -> None:
        if value != const or isinstance(value, bool) != isinstance(const, bool):
            errors.append(f"at {path}: {const!r} was expected, found {_short(value)}")
    return check


def _enum(options: list[Any]) -> Check:
    allowed = list(options)
    shown = ", ".join(map(str, allowed[:8])) + (", …" if len(allowed) > 8 else "")
    if all(isinstance(o, str) for o in allowed):
        members = frozenset(allowed)       # strings only: a value of another type is never equal to one

        def fast(value: Any, path: str, errors: list[str]) -> None:
            if not (isinstance(value, str) and value in members):
                errors.append(f"at {path}: {_short(value)} is not one of {shown}")
        return fast

    def check(value: Any, path: str, errors: list[str]) -> None:
        if value not in allowed:
            errors.append(f"at {path}: {_short(value)} is not one of {shown}")
    return check


def _pattern(pattern: str) -> Check:
    rx = re.compile(pattern)

    def check(value: Any, path: str, errors: list[str]) -> None:
        if isinstance(value, str) and not rx.search(value):
            errors.append(f"at {path}: {value!r} does not match {pattern!r}")
    return check


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 60 else text[:57] + "..."


def compile_schema(schema: dict[str, Any], pointer: str) -> Callable[[Any], list[str]]:
    """A function returning the errors of a document against ``schema`` at ``pointer`` ('#/$defs/card', '#')."""
    check = SchemaCompiler(schema).ref(pointer)

    def validate(value: Any) -> list[str]:
        errors: list[str] = []
        check(value, "", errors)
        return errors
    return validate


@cache
def bundle_validator(pointer: str = "#") -> Callable[[Any], list[str]]:
    """The shipped bundle schema at ``pointer``, compiled once per process."""
    schema: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return compile_schema(schema, pointer)
