"""The host protocol's table (docs/embedding.md, written by `dow docs` from runtime/host.py) states the
fields of the nodes a host is handed and the values of the parameters it is given, and these statements
follow the bundle schema the runtime ships: a field or a value added to the language without a word in
host.py fails here (the embedding trial's finding 9: event and cost node fields, wound and heal kinds,
use_limit's key and per, the supply of a one-colony game, who lowers morale for a death)."""
from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT
from dow.runtime.handlers import COSTS
from dow.runtime.host import ACTIONS, Host

SCHEMA = json.loads((ROOT / "runtime" / "bundle.schema.json").read_text(encoding="utf-8"))["$defs"]


def named(text: str) -> set[str]:
    """The words a docstring or an ACTIONS entry puts in code (``x`` or plain words after 'kind (')."""
    return set(re.findall(r"``([^`]+)``", text))


def test_happened_names_every_field_of_the_event_node():
    fields = set(SCHEMA["op.event"]["properties"])
    assert fields <= named(Host.happened.__doc__), fields - named(Host.happened.__doc__)
    # the event filters the bundle's events carry are named too
    assert {"at", "origin", "destination", "without", "in_zone"} <= named(Host.happened.__doc__)


@pytest.mark.parametrize("cost", COSTS)
def test_can_pay_names_every_cost_node_and_its_fields(cost):
    doc = named(Host.can_pay.__doc__)
    assert cost in doc
    fields = set(SCHEMA[f"op.{cost}"]["properties"])
    assert fields <= doc, f"{cost}: {sorted(fields - doc)} not in Host.can_pay's docstring"
    for field, spec in SCHEMA[f"op.{cost}"]["properties"].items():
        assert set(spec.get("enum", ())) <= doc, f"{cost}.{field}: its values are not all named"


@pytest.mark.parametrize("action", ["wound", "heal"])
def test_wound_and_heal_list_every_kind(action):
    kinds = SCHEMA[f"op.{action}"]["properties"]["kind"]["enum"]
    said = re.search(r"kind \(([^)]*)\)", ACTIONS[action]).group(1)
    assert set(re.findall(r"[a-z_]+", said)) >= set(kinds) and set(re.findall(r"\b(?:any|wound|frostbite)\b", said)) \
        <= set(kinds)


def test_use_limit_says_its_key_is_opaque_and_lists_every_per():
    text = ACTIONS["use_limit"]
    assert "opaque" in text
    assert set(SCHEMA["op.limit"]["properties"]["per"]["enum"]) <= set(re.findall(r"[a-z]+", text.split("per is")[1]))


def test_kill_survivor_says_who_lowers_morale():
    assert "kept" in SCHEMA["op.kill_survivor"]["properties"]["morale"]["enum"]
    assert "host" in ACTIONS["kill_survivor"] and "morale -1" in ACTIONS["kill_survivor"]


def test_tokens_says_what_supply_names_in_a_one_colony_game():
    assert "every ``supply:pN`` names the same supply" in " ".join(Host.tokens.__doc__.split())


def test_the_embedding_doc_carries_these_facts():
    """The generated table is current (tests/test_drift.py checks it whole): its cells hold these words."""
    doc = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
    assert "every `supply:pN` names the same supply" in doc
    assert "kind (any, wound or frostbite: any removes either kind)" in doc
    assert "key is an opaque string" in doc
