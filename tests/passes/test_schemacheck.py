"""The compiled validator agrees with jsonschema on the bundle schema (a differential test)."""
import copy
import random

import jsonschema
import pytest

from dow.compiler.pipeline import compile_file
from dow.compiler.schemacheck import compile_schema
from dow.compiler.schemas import bundle_schema
from dow.compiler.project import card_files

from conftest import CONTENT

SCHEMA = bundle_schema()
CARD = {"$schema": SCHEMA["$schema"], "$ref": "#/$defs/card", "$defs": SCHEMA["$defs"]}
REFERENCE = jsonschema.validators.validator_for(CARD)(CARD)
FAST = compile_schema(SCHEMA, "#/$defs/card")


def real_cards():
    out = []
    for path in card_files([CONTENT]):
        res = compile_file(path, path.name)
        assert res.card is not None, path
        out.append(res.card)
    return out


def mutations(card, rng):
    """Copies of a card with one thing broken: a key dropped or added, a value of the wrong type."""
    nodes = []

    def walk(value):
        if isinstance(value, dict):
            if value:                       # an empty mapping has no key to break
                nodes.append(value)
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    for _ in range(12):
        broken = copy.deepcopy(card)
        nodes.clear()
        walk(broken)
        target = rng.choice(nodes)
        key = rng.choice(sorted(target))
        how = rng.randrange(4)
        if how == 0:
            del target[key]
        elif how == 1:
            target["unexpected"] = 1
        elif how == 2:
            target[key] = -7 if isinstance(target[key], str) else "text"
        else:
            target[key] = None
        yield broken


@pytest.fixture(scope="module")
def cards():
    return real_cards()


def test_every_real_card_is_valid_for_both(cards):
    for card in cards:
        assert list(REFERENCE.iter_errors(card)) == [] and FAST(card) == []


def test_both_agree_on_broken_cards(cards):
    rng = random.Random(7)
    checked = 0
    for card in cards:
        for broken in mutations(card, rng):
            assert bool(FAST(broken)) == (not REFERENCE.is_valid(broken)), broken
            checked += 1
    assert checked >= 12 * len(cards)


# ---- planted errors of every keyword kind, on the functions `dow build` runs ---------------------------
# `dow build` checks what it writes once, with the compiled checker only: each card as it is compiled
# (pipeline.validate_card), the rest of the bundle (top level, rulesets) before writing
# (project.schema_errors -> pipeline.validate_bundle). The jsonschema package is not run on a build, so
# these tests are what makes a bundle the checker passes and jsonschema refuses impossible to write:
# every value of the real content is broken in turn by a plant aimed at each keyword kind, and the two
# must agree on every plant; then every keyword the schema uses must have been what refused some plant.
from dow.compiler.pipeline import validate_bundle, validate_card  # noqa: E402
from dow.compiler.project import bundle_of, compile_paths, schema_errors  # noqa: E402
from dow.runtime.schema_check import KNOWN  # noqa: E402

WHOLE = jsonschema.validators.validator_for(SCHEMA)(SCHEMA)
#: what a schema says rather than checks
ANNOTATIONS = {"description", "title", "$schema", "$id", "$defs"}
#: keywords that hold other schemas: an error under them is reported by the keyword inside
STRUCTURAL = {"properties", "items", "$ref", "allOf", "if", "then"}
#: jsonschema resolves a $ref in place: no error's schema path names it (every card is reached by one)
UNNAMED = {"$ref"}
#: strings that stand in for a tag of another form ("op", "kind") in a plant
TAGS = ("op", "kind")


def keywords_used(schema) -> set[str]:
    """Every keyword the schema uses (a property named like a keyword under "properties" is not one)."""
    found: set[str] = set()

    def walk(node, naming=False):
        if isinstance(node, dict):
            for key, value in node.items():
                if not naming:
                    found.add(key)
                walk(value, naming=(key in ("properties", "$defs") and not naming))
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(schema)
    return found


def slots(doc):
    """(parent, key) of every value in a document, depth first."""
    out = []

    def walk(node):
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            out.append((node, key))
            walk(value)
    walk(doc)
    return out


def plants(value, tags: dict[str, list[str]]):
    """Values that break a slot holding ``value``, each aimed at a keyword kind."""
    other_type = {str: [7, None, True], bool: ["yes", 1], int: ["7", 1.5, True, None], float: ["7"],
                  list: [{}, "x"], dict: [[], "x"], type(None): [0]}
    out = list(other_type.get(type(value), []))                         # type
    if isinstance(value, str):
        out += [value + "~", "", " " + value, "sha256:" + "0" * 63]     # enum, const, pattern
    if isinstance(value, int) and not isinstance(value, bool):
        out += [value + 1, value - 1, -1, 0, 1001, 10 ** 9]             # minimum, maximum, const
    if isinstance(value, list):
        out += [[], value + value[:1] if value else [None], value[:1]]  # minItems, maxItems, items
    if isinstance(value, dict):
        out.append({})                                                  # minProperties, required
        out.append({**value, "unexpected": 1})                          # additionalProperties
        out += [{k: v for k, v in value.items() if k != drop} for drop in value]   # required
        for tag in TAGS:                                                # the if/then dispatch, anyOf
            if isinstance(value.get(tag), str):
                out += [{**value, tag: other} for other in tags[tag] if other != value[tag]][:6]
    return out


def tag_values(doc) -> dict[str, list[str]]:
    seen: dict[str, set[str]] = {tag: set() for tag in TAGS}
    for parent, key in slots(doc):
        if key in TAGS and isinstance(parent, dict) and isinstance(parent[key], str):
            seen[key].add(parent[key])
    return {tag: sorted(values) for tag, values in seen.items()}


def refusals(validator, doc) -> tuple[set[str], set[str]]:
    """The keywords jsonschema refuses a document by (anyOf's inner ones too), and those on the way."""
    kinds, paths = set(), set()

    def walk(errors):
        for error in errors:
            kinds.add(error.validator)
            paths.update(p for p in error.schema_path if isinstance(p, str))
            walk(error.context or ())
    walk(validator.iter_errors(doc))
    return kinds, paths


def walk_plants(doc, fast, reference, tags, sample=None, rng=None):
    """Break each slot of ``doc`` with each plant (or ``sample`` plants at random), restore it, and
    assert both checkers agree; returns the keywords that refused and the number of plants."""
    kinds, paths, count = set(), set(), 0
    everything = [(parent, key, bad) for parent, key in slots(doc) for bad in plants(parent[key], tags)]
    if sample is not None and len(everything) > sample:
        everything = rng.sample(everything, sample)
    for parent, key, bad in everything:
        good = parent[key]
        parent[key] = bad
        try:
            fast_errors = fast(doc)
            ref_kinds, ref_paths = refusals(reference, doc)
            assert bool(fast_errors) == bool(ref_kinds), (key, bad, fast_errors, ref_kinds)
            kinds |= ref_kinds
            paths |= ref_paths
            count += 1
        finally:
            parent[key] = good
    return kinds, paths, count


@pytest.fixture(scope="module")
def build():
    from conftest import ROOT
    made = compile_paths([CONTENT], ROOT)
    assert made.ok
    return made


def test_the_rest_of_the_bundle_is_valid_for_both_and_checked_by_the_build(build):
    rest = bundle_of([], copy.deepcopy(build.rulesets))
    assert set(rest["rulesets"]) >= {"base", "warring-colonies"}
    assert validate_bundle(rest) == [] and WHOLE.is_valid(rest)
    assert schema_errors(build) == []
    rest["rulesets"]["base"]["wounds_to_kill"] = "three"
    assert validate_bundle(rest) and not WHOLE.is_valid(rest)


def test_the_whole_written_bundle_is_valid_for_both(build):
    """The bundle as `dow build` writes it (cards decoded from their packed form), both ways."""
    import json
    from dow.compiler.project import bundle_chunks
    written = json.loads("".join(bundle_chunks(build.cards, build.rulesets)))
    assert validate_bundle(written) == [] and WHOLE.is_valid(written)
    assert written["cards"] and all(validate_card(card) == [] for card in written["cards"])


def test_planted_errors_of_every_keyword_kind_are_refused_by_both(build, cards):
    """Every slot of the top level and the rulesets with every plant; a sample of plants in every real
    card; then every keyword kind the schema uses must have refused some plant."""
    rng = random.Random(11)
    rest = bundle_of([], copy.deepcopy(build.rulesets))
    tags = tag_values(cards)
    kinds, paths, count = walk_plants(rest, validate_bundle, WHOLE, tags)
    assert count > 1000
    for card in cards:
        card = copy.deepcopy(card)
        more_kinds, more_paths, more = walk_plants(card, validate_card, REFERENCE, tags, sample=12, rng=rng)
        kinds |= more_kinds
        paths |= more_paths
        count += more
    used = keywords_used(SCHEMA) - ANNOTATIONS
    assert used <= KNOWN                 # the compiled checker refuses a schema with any other keyword
    assert used - STRUCTURAL <= kinds, f"no plant was refused by {sorted(used - STRUCTURAL - kinds)}"
    under = used & STRUCTURAL - UNNAMED
    assert under <= paths, f"no plant was refused under {sorted(under - paths)}"
