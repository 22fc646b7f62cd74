"""A minor ir_version only adds to the bundle format, and every addition gets a new minor version.

schemas/released.json records, for each released major.minor, the words of its bundle schema: every
field name, every `const` and every `enum` value (node kinds, card kinds, dice, places, ...). The
schema of the current version must say exactly the words recorded for it, so a compiler change
that adds a node kind or a field without raising the minor version fails here (a consumer holding
that version's schema would reject the new bundles: docs/bundle.md, "Versions and the closed
schema"); and each version's words include the previous minor's, since a minor never removes.
"""
from __future__ import annotations

import json

from dow.compiler.schemas import SCHEMA_VERSION, bundle_schema
from conftest import ROOT

RELEASED = ROOT / "schemas" / "released.json"


def words(schema) -> set[str]:
    """The schema's vocabulary: field names, const and enum values, wherever they stand."""
    found: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            found.update(f"field:{k}" for k in node.get("properties", {}))
            if "const" in node:
                found.add(f"value:{node['const']}")
            found.update(f"value:{v}" for v in node.get("enum", ()) or ())
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)
    walk(schema)
    return found


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(x) for x in version.split("."))


def test_the_current_schema_says_what_its_version_recorded(update_goldens):
    released = json.loads(RELEASED.read_text(encoding="utf-8"))
    now = sorted(words(bundle_schema()))
    if update_goldens and SCHEMA_VERSION not in released:
        released[SCHEMA_VERSION] = now
        RELEASED.write_text(json.dumps(released, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert SCHEMA_VERSION in released, (
        f"ir_version {SCHEMA_VERSION} has no record in schemas/released.json: record it with --update-goldens")
    recorded = set(released[SCHEMA_VERSION])
    added, removed = sorted(set(now) - recorded), sorted(recorded - set(now))
    assert not added and not removed, (
        f"the bundle schema changed under ir_version {SCHEMA_VERSION} (added {added[:5]}, removed {removed[:5]}): "
        "raise the minor version (runtime/bundle.py IR_VERSION), say what changed in docs/bundle.md, and "
        "record the new version with --update-goldens")


def test_a_minor_version_only_adds_words():
    released = json.loads(RELEASED.read_text(encoding="utf-8"))
    versions = sorted(released, key=_key)
    for old, new in zip(versions, versions[1:]):
        if _key(old)[0] == _key(new)[0]:
            lost = sorted(set(released[old]) - set(released[new]))
            assert not lost, f"ir_version {new} removed what {old} had: {lost[:5]}"
