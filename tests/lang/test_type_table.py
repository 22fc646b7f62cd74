"""The type rule walked whole: every target field of every node kind, against every kind of thing.

compiler/checks.py says for each (op, field) which kinds of thing it accepts (EXPECT) or why the checks
leave it alone (ANY_KIND). This walks every pair of the table with every kind the language has words for
(and the kinds selectors name besides), so a survivor where a location belongs, or a player where a card
belongs, is a T001 at its place for every statement, not only for the ones a test happened to try.
"""
from __future__ import annotations

import pytest

from dow.compiler.catalogue import BY_OP, CATALOGUE
from dow.compiler.checks import ALSO_ACCEPTED, ANY_KIND, EXPECT, NAMES, typecheck

#: every kind of thing a target can name: the named ones and those selectors carry
KINDS = sorted({*NAMES, "token", "round", "warfare"})


def _thing(kind: str) -> dict:
    """A node naming a thing of ``kind``, as the binder writes one."""
    if kind == "location":
        return {"op": "location", "name": "school", "pos": [3, 7]}
    if kind == "player":
        return {"op": "you", "pos": [3, 7]}
    if kind == "zone":
        return {"op": "zone", "zone": "waste_pile", "pos": [3, 7]}
    return {"op": "select_of", "kind": kind, "pos": [3, 7]}


#: fields of kind ``location`` take a location, whatever the op
LOCATION_FIELDS = sorted((s.op, f) for s in CATALOGUE for f, k in s.fields.items() if k.rstrip("?") == "location")


def _accepts(op: str, field: str) -> set[str]:
    return {"location"} if (op, field) in LOCATION_FIELDS else EXPECT[(op, field)]


def _pairs() -> list[tuple[str, str, str]]:
    return [(op, field, kind) for (op, field) in sorted({*EXPECT, *LOCATION_FIELDS}) for kind in KINDS]


def test_every_target_field_is_typed_or_left_alone_with_a_reason():
    for spec in CATALOGUE:
        for field, kind in spec.fields.items():
            if kind.rstrip("?") != "target":
                continue
            key = (spec.op, field)
            assert (key in EXPECT) != (key in ANY_KIND), f"{key}: in EXPECT or in ANY_KIND, once"
            if key in ANY_KIND:
                assert len(ANY_KIND[key]) > 20, f"{key}: ANY_KIND says why the checks leave it alone"
    assert set(EXPECT) <= {(s.op, f) for s in CATALOGUE for f in s.fields}, "EXPECT names no field that is gone"


@pytest.mark.parametrize("op,field,kind", _pairs(), ids=lambda v: str(v))
def test_a_thing_of_each_kind_in_each_typed_field(op, field, kind):
    assert op in BY_OP
    node = {"op": op, field: _thing(kind), "pos": [3, 1]}
    errors = typecheck([node])
    accepted = kind in _accepts(op, field) or (op, field, kind) in ALSO_ACCEPTED
    if accepted:
        assert errors == [], f"{op}.{field} refuses {kind}: {errors}"
    else:
        assert [e.code for e in errors] == ["T001"], f"{op}.{field} takes {kind} unchecked"
        assert (errors[0].pos.line, errors[0].pos.col) == (3, 7), "the error stands where the thing is named"
