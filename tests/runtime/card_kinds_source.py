"""The runtime's table of card kinds (runtime/card_kinds.py), derived from compiler/cards.py.

The runtime never imports the compiler, so it carries its own copy of what each card kind
holds; ``tests/runtime/test_bundle_check.py`` fails when the copy drifts. Regenerate it with
``python tests/runtime/card_kinds_source.py > runtime/card_kinds.py``.
"""
from __future__ import annotations

import json
import pprint

from dow.compiler.cards import COMMON, COMMON_REQUIRED, KINDS
from dow.compiler.ruleset import COLONIES_SCHEMA, RULESET_SCHEMA


def field_type(kind):
    """A compiler field type in the runtime's plain form (lists, no tuples)."""
    if isinstance(kind, tuple):
        shape, inner = kind
        if isinstance(inner, dict):
            return [shape, {k: field_type(v) for k, v in inner.items()}]
        return [shape, field_type(inner)]
    if kind.startswith("enum:"):
        return ["enum", kind[5:].split("|")]
    return "localized" if kind == "name" else kind


def table() -> tuple[dict, dict]:
    """(common fields, {kind: [required fields, own fields]}) as the runtime keeps them."""
    common = {k: field_type(v) for k, v in COMMON.items()} | {"file": "str"}
    kinds = {k.name: [sorted(set(COMMON_REQUIRED) | set(k.required) | {"file"}),
                      {f: field_type(v) for f, v in k.fields.items()}] for k in KINDS.values()}
    return common, kinds


def source() -> str:
    """The text of runtime/card_kinds.py."""
    common, kinds = table()
    lines = ['"""What each card kind holds in a bundle: generated from compiler/cards.py (the runtime never',
             'imports the compiler). Regenerate: python tests/runtime/card_kinds_source.py > runtime/card_kinds.py',
             'A field type is a name (str, int, int?, bool, localized, effect, cond, event, any) or',
             '[list, type], [object, {field: type}], [map, {field: type}], [enum, [values]]."""', "",
             "COMMON = {"]
    lines += [f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in common.items()]
    lines += ["}", "", "#: kind: [required fields, the kind's own fields]", "KINDS = {"]
    for name, (required, fields) in kinds.items():
        lines.append(f"    {json.dumps(name)}: [{json.dumps(required)}, {{")
        lines += [f"        {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in fields.items()]
        lines.append("    }],")
    lines += ["}", "", "#: the rulesets' JSON Schemas (compiler/ruleset.py): 'warring-colonies', and every other set",
              f"COLONIES_RULESET = {pprint.pformat(COLONIES_SCHEMA, width=116, sort_dicts=False)}",
              f"RULESET = {pprint.pformat(RULESET_SCHEMA, width=116, sort_dicts=False)}"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(source(), end="")
