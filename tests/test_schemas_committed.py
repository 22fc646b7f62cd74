"""The published schemas are committed under schemas/ (editors load the card-file schema from
there on a fresh clone) and must be exactly what the catalogue produces."""
from __future__ import annotations

import json
import re

import jsonschema
import pytest

from dow.compiler.schemas import SCHEMA_VERSION, bundle_schema, card_source_schema
from dow.runtime.agent_process import schema as agent_protocol_schema
from dow.runtime.bundle import IR_VERSION
from conftest import CONTENT, ROOT

SCHEMAS = {"card-source.schema.json": card_source_schema, "bundle.schema.json": bundle_schema,
           "agent-protocol.schema.json": agent_protocol_schema}


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_committed_schema_is_what_the_catalogue_produces(name, update_goldens):
    path = ROOT / "schemas" / name
    produced = json.dumps(SCHEMAS[name](), indent=2) + "\n"
    if update_goldens:
        path.write_text(produced, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == produced, (
        f"schemas/{name} differs from the catalogue: rerun with --update-goldens")


def test_the_runtime_ships_the_committed_bundle_schema(update_goldens):
    """load_bundle checks bundles against runtime/bundle.schema.json (the runtime never imports the
    compiler): it is the committed schema, byte for byte."""
    shipped = ROOT / "runtime" / "bundle.schema.json"
    produced = json.dumps(bundle_schema(), indent=2) + "\n"
    if update_goldens:
        shipped.write_text(produced, encoding="utf-8")
    assert shipped.read_text(encoding="utf-8") == produced, (
        "runtime/bundle.schema.json differs from the catalogue's bundle schema: rerun with --update-goldens")


def test_bundle_schema_id_names_its_ir_version():
    major_minor = ".".join(IR_VERSION.split(".")[:2])
    assert SCHEMA_VERSION == major_minor
    assert bundle_schema()["$id"].endswith(f"/{major_minor}/bundle.schema.json")


def test_every_card_file_points_its_editor_at_the_committed_schema():
    wrong = []
    for path in sorted(CONTENT.glob("*/*/*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[:1]
        if first and first[0].startswith("# yaml-language-server:"):
            target = re.sub(r"^# yaml-language-server: \$schema=", "", first[0])
            if not (path.parent / target).resolve() == (ROOT / "schemas" / "card-source.schema.json"):
                wrong.append(f"{path.relative_to(ROOT)}: {target}")
    assert not wrong, wrong[:5]


def test_card_fields_have_descriptions_for_editor_hovers():
    survivor = next(s["then"] for s in card_source_schema()["allOf"] if s["if"]["properties"]["kind"]["const"] == "survivor")
    missing = [k for k, v in survivor["properties"].items() if not v.get("description")]
    assert not missing


def test_scenarios_are_checked_by_the_card_file_schema():
    schema = card_source_schema()
    card = {"kind": "crisis", "id": "base.crisis.x", "set": "base", "name": "X",
            "status": {"implementation": "full", "data": "example"}, "prevent": ["food"],
            "text": {"pt": "t", "en": "t", "vi": "t"}, "effect": "lose 1 morale.\n",
            "tests": [{"name": "fails", "given": {}, "do": "fail", "expect": {"morale": 5}}]}
    jsonschema.validate(card, schema)
    card["tests"][0]["exepct"] = card["tests"][0].pop("expect")     # a misspelt key: the editor flags it
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(card, schema)
    card["tests"][0]["expect"] = card["tests"][0].pop("exepct")
    card["tests"][0]["rolls"] = ["six"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(card, schema)


def test_every_card_file_is_valid_for_the_editor():
    """What yaml-language-server checks as an author types: each card file against the committed schema."""
    from ruamel.yaml import YAML
    schema = json.loads((ROOT / "schemas" / "card-source.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    yaml = YAML(typ="safe", pure=True)
    bad = [f"{p.relative_to(ROOT)}: {next(iter(validator.iter_errors(data))).message[:120]}"
           for p in sorted(CONTENT.glob("*/*/*.yaml"))
           if not validator.is_valid(data := yaml.load(p.read_text(encoding="utf-8")))]
    assert not bad, bad[:5]
