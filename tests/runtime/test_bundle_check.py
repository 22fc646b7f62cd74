"""load_bundle refuses every bundle a game could trip over, with a BundleError that says why.

A tampered bundle whose content hash was recomputed passes the hash check; its structure is
checked against the runtime's own copy of the card kinds (runtime/card_kinds.py, kept equal
to compiler/cards.py here) and the HANDLERS table.
"""
from __future__ import annotations

import copy
import json

import pytest

from dow.runtime import bundle_check
from dow.runtime.bundle import BundleError, content_hash, load_bundle
from dow.runtime.handlers import HANDLERS

from card_kinds_source import source


def _write(tmp_path, data) -> str:
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _tampered(bundle, change, tmp_path) -> str:
    """A copy of the bundle changed by ``change``, its content hash recomputed (so only the structure check
    can refuse it)."""
    data = copy.deepcopy(bundle)
    change(data)
    data["content_hash"] = content_hash(data["cards"], data.get("rulesets"))
    return _write(tmp_path, data)


def _first(value, op):
    """The first node of kind ``op`` in a value."""
    if isinstance(value, dict):
        if value.get("op") == op:
            return value
        value = list(value.values())
    if isinstance(value, list):
        for item in value:
            found = _first(item, op)
            if found is not None:
                return found
    return None


def _card(data, kind):
    return next(c for c in data["cards"] if c["kind"] == kind)


def test_the_runtime_table_of_card_kinds_is_the_compilers():
    with open(bundle_check.__file__.replace("bundle_check.py", "card_kinds.py"), encoding="utf-8") as f:
        assert f.read() == source(), "regenerate: python tests/runtime/card_kinds_source.py > runtime/card_kinds.py"


def test_block_and_signed_fields_are_the_catalogues():
    from dow.compiler.catalogue import CATALOGUE
    blocks = {name for spec in CATALOGUE for name, kind in spec.fields.items() if kind.rstrip("?") == "block"}
    signed = {(spec.op, name) for spec in CATALOGUE for name, kind in spec.fields.items()
              if kind.rstrip("?") == "signed"}
    assert set(bundle_check.BLOCK_FIELDS) == blocks
    assert bundle_check.SIGNED == signed


def test_the_built_bundle_loads(bundle, tmp_path):
    assert load_bundle(_write(tmp_path, bundle))["cards"] == bundle["cards"]


def _lose_50(d):
    _first(d["cards"], "lose_morale")["amount"] = -50


def _unknown_kind(d):
    _first(_card(d, "crisis")["effect"]["tree"], "lose_morale")["op"] = "explode"


def _statement_as_condition(d):
    card = next(c for c in d["cards"] if c["kind"] == "crossroads" and c["trigger"].get("if"))
    card["trigger"]["if"]["tree"] = {"op": "place_survivor", "pos": {"card": "x", "file": "f", "line": 1, "col": 1}}


def _statement_as_target(d):
    _first(d["cards"], "select_of")["op"] = "gain_morale"


TAMPERED = {
    "a statement as a condition": (_statement_as_condition, "the statement 'place_survivor' stands where"),
    "a statement as a target": (_statement_as_target, "the statement 'gain_morale' stands where"),
    "lose -50 morale": (_lose_50, "-50 is out of range"),
    "1000 survivors dealt": (lambda d: d["rulesets"]["base"]["setup"].update(survivors_dealt=1000),
                             "1000 survivors dealt to each player"),
    "a duplicated card": (lambda d: d["cards"].append(copy.deepcopy(d["cards"][0])), "appears twice"),
    "a card without kind": (lambda d: d["cards"][0].pop("kind"), "has no kind"),
    "a survivor without abilities": (lambda d: _card(d, "survivor").pop("abilities"), "has no 'abilities'"),
    "a survivor's influence as text": (lambda d: _card(d, "survivor").update(influence="9"), "influence"),
    "an ability that is a number": (lambda d: _card(d, "survivor")["abilities"].__setitem__(0, 7),
                                    "abilities[0]: expected an object, found 7"),
    "an unknown field": (lambda d: d["cards"][0].update(extra=1), "field 'extra'"),
    "an unknown node kind": (_unknown_kind, "unknown node kind 'explode'"),
    "a ruleset without players": (lambda d: d["rulesets"]["base"].pop("players"), "'players' is missing"),
    "players upside down": (lambda d: d["rulesets"]["base"]["players"].reverse(), "not a range of players"),
    "more kept than dealt": (lambda d: d["rulesets"]["base"]["setup"].update(survivors_kept=9), "more than"),
    "zero wounds to kill": (lambda d: d["rulesets"]["base"].update(wounds_to_kill=0), "out of range (1 to"),
    # maps keyed by ids (additionalProperties): every value is checked, and an empty deck is refused
    "a round track of 0": (lambda d: d["rulesets"]["base"]["stand_ins"]["objective_rounds"].update(x=0),
                           "objective_rounds.x: 0 is out of range"),
    "an empty location deck": (lambda d: d["rulesets"]["base"]["stand_ins"]["location_decks"].update(school={}),
                               "location_decks.school: expected at least 1"),
}


@pytest.mark.parametrize("name", TAMPERED)
def test_a_tampered_bundle_with_a_recomputed_hash_is_refused(bundle, tmp_path, name):
    change, words = TAMPERED[name]
    with pytest.raises(BundleError, match="not a bundle this runtime can play") as err:
        load_bundle(_tampered(bundle, change, tmp_path))
    assert words in str(err.value)


def test_an_unknown_node_kind_is_named_with_its_card_and_position(bundle, tmp_path):
    with pytest.raises(BundleError) as err:
        load_bundle(_tampered(bundle, _unknown_kind, tmp_path))
    crisis = _card(bundle, "crisis")
    pos = _first(crisis["effect"]["tree"], "lose_morale")["pos"]
    assert f"{crisis['file']}:{pos['line']}:{pos['col']}: card {crisis['id']!r}" in str(err.value)


def test_a_node_kind_added_to_handlers_still_needs_the_schema(bundle, tmp_path, monkeypatch):
    """The handler check reads HANDLERS when it runs; a node kind a host added there passes it, and the
    bundle schema of this version (which never wrote it) is what refuses it, naming where it stands."""
    monkeypatch.setitem(HANDLERS, "explode", HANDLERS["lose_morale"])
    with pytest.raises(BundleError, match=r"card 'base\.crisis\.[a-z-]+'.*'explode' is not one of") as err:
        load_bundle(_tampered(bundle, _unknown_kind, tmp_path))
    assert "unknown node kind" not in str(err.value)


def test_signed_numbers_may_be_negative_others_not_and_all_are_bounded(bundle, tmp_path):
    def change_die(value):
        def change(d):
            pos = {"card": "x", "file": "f", "line": 1, "col": 1}
            d["cards"][0]["effect"]["tree"] = [{"op": "change_die", "die": {"op": "you", "pos": pos}, "amount": value,
                                                "pos": pos}]
        return change
    d = copy.deepcopy(bundle)
    d["cards"] = [c for c in d["cards"] if c["kind"] == "crisis"][:1]
    d["rulesets"] = {}
    assert load_bundle(_tampered(d, change_die(-2), tmp_path))
    assert load_bundle(_tampered(d, change_die(-bundle_check.MAX_NUMBER), tmp_path))
    with pytest.raises(BundleError, match="out of range"):
        load_bundle(_tampered(d, change_die(-bundle_check.MAX_NUMBER - 1), tmp_path))
    with pytest.raises(BundleError, match="out of range"):
        load_bundle(_tampered(d, change_die(bundle_check.MAX_NUMBER + 1), tmp_path))


BROKEN_FILES = {
    "empty": (b"", "not valid JSON"),
    "truncated": (b'{"ir_version": "1.1.0", "cards": [', "not valid JSON"),
    "not UTF-8": (b'{"a": "\xff"}', "not UTF-8"),
    "a list": (b"[]", "a JSON object, not a list"),
    "a number": (b"7", "a JSON object, not a number"),
    "deeply nested": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "no cards": (b'{"ir_version": "1.1.0", "content_hash": "x"}', "no 'cards'"),
    "a newer format": (b'{"ir_version": "2.0.0", "cards": []}', "ir_version 1.x"),
}


@pytest.mark.parametrize("name", BROKEN_FILES)
def test_a_broken_file_is_a_bundle_error(tmp_path, name):
    data, words = BROKEN_FILES[name]
    path = tmp_path / "bundle.json"
    path.write_bytes(data)
    with pytest.raises(BundleError, match=words):
        load_bundle(path)


def test_a_missing_file_is_a_bundle_error(tmp_path):
    with pytest.raises(BundleError, match="cannot read the bundle"):
        load_bundle(tmp_path / "nothing.json")
