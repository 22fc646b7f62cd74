"""The compiled validator agrees with jsonschema on the bundle schema (a differential test)."""
import copy
import random
import re

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
    """Both refuse the same broken cards, saying the same thing at the same places."""
    rng = random.Random(7)
    checked = 0
    for card in cards:
        for broken in mutations(card, rng):
            fast, errors = FAST(broken), list(REFERENCE.iter_errors(broken))
            assert bool(fast) == bool(errors), broken
            assert_same_located(fast, errors, card["id"])
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
    """Values that break a slot holding ``value``, each with the kind of violation it aims at."""
    other_type = {str: [7, None, True], bool: ["yes", 1], int: ["7", 1.5, True, None], float: ["7"],
                  list: [{}, "x"], dict: [[], "x"], type(None): [0]}
    out = [(bad, "wrong type") for bad in other_type.get(type(value), [])]                # type
    if isinstance(value, str):                                                           # enum, const, pattern
        out += [(bad, "bad enum") for bad in (value + "~", "", " " + value, "sha256:" + "0" * 63)]
    if isinstance(value, int) and not isinstance(value, bool):                           # minimum, maximum, const
        out += [(bad, "out-of-range number") for bad in (value + 1, value - 1, -1, 0, 1001, 10 ** 9)]
    if isinstance(value, list):                                                          # minItems, maxItems, items
        out += [(bad, "wrong nested shape") for bad in ([], value + value[:1] if value else [None], value[:1])]
    if isinstance(value, dict):
        out.append(({}, "missing required"))                                             # minProperties, required
        out.append(({**value, "unexpected": 1}, "unknown field"))                        # additionalProperties
        out += [({k: v for k, v in value.items() if k != drop}, "missing required") for drop in value]
        for tag in TAGS:                                                # the if/then dispatch, anyOf
            if isinstance(value.get(tag), str):
                out += [({**value, tag: other}, "wrong nested shape")
                        for other in tags[tag] if other != value[tag]][:6]
    return out


#: the kinds of violation the plants aim at (issue 34: the two checkers agree on each)
AIMS = ("wrong type", "missing required", "unknown field", "bad enum", "out-of-range number", "wrong nested shape")

#: what the compiled checker's message says, by the jsonschema keyword it stands for (anyOf first: its
#: message quotes the nearest form's problem; the others are read from the message's start or its verb)
SAYS = [("anyOf", re.compile(r"^\S.* matches none of the allowed forms")),
        ("required", re.compile(r"^'[^']*' is a required property$")),
        ("additionalProperties", re.compile(r"^additional property '[^']*' is not allowed$")),
        ("minProperties", re.compile(r"^expected at least \d+ entries, found \d+$")),
        ("minItems", re.compile(r"^needs at least \d+ items, found \d+$")),
        ("maxItems", re.compile(r"^has at most \d+ items, found \d+$")),
        ("type", re.compile(r"^expected .+, found ")),
        ("enum", re.compile(r" is not one of ")),
        ("const", re.compile(r" was expected, found ")),
        ("pattern", re.compile(r" does not match ")),
        ("minimum", re.compile(r" is less than the minimum of ")),
        ("maximum", re.compile(r" is more than the maximum of "))]


def located(messages: list[str]) -> set[tuple[str, str]]:
    """The compiled checker's messages as (JSON pointer, keyword) pairs; a message of no known form fails."""
    out = set()
    for message in messages:
        match = re.match(r"^at (/[^:]*|): (.*)$", message, re.S)
        assert match, f"not a located message: {message!r}"
        where, what = match.group(1) or "/", match.group(2)
        kind = next((k for k, rx in SAYS if rx.search(what)), None)
        assert kind is not None, f"a message of no known form: {message!r}"
        out.add((where, kind))
    return out


def reference_located(errors) -> set[tuple[str, str]]:
    """jsonschema's errors as (JSON pointer, keyword) pairs."""
    return {("/" + "/".join(map(str, e.absolute_path)) if len(e.absolute_path) else "/", e.validator)
            for e in errors}


def assert_same_located(fast: list[str], errors, where=None) -> set[tuple[str, str]]:
    """The compiled checker says what jsonschema says, at the same places: the same (pointer, keyword)
    pairs. One difference is JSON Schema's own: an object that lost its tag ("op", "kind") matches every
    ``if {tag: const X}`` vacuously, so jsonschema also reports every form's ``then`` below it, where the
    compiled checker (dispatching on the tag) reports only the missing tag; those are allowed, at or
    below an object both refuse for its missing tag. Returns the agreed pairs."""
    mine, theirs = located(fast), reference_located(errors)
    assert mine <= theirs, (where, sorted(mine - theirs), sorted(theirs))
    untagged = [at for at, kind in mine if kind == "required"
                and any(m.startswith(f"at {at if at != '/' else ''}: '{tag}' is a required") for m in fast
                        for tag in TAGS)]
    extra = [(at, kind) for at, kind in theirs - mine
             if not any(at == u or at.startswith(u.rstrip("/") + "/") for u in untagged)]
    assert not extra, (where, extra, sorted(mine))
    return mine


def tag_values(doc) -> dict[str, list[str]]:
    seen: dict[str, set[str]] = {tag: set() for tag in TAGS}
    for parent, key in slots(doc):
        if key in TAGS and isinstance(parent, dict) and isinstance(parent[key], str):
            seen[key].add(parent[key])
    return {tag: sorted(values) for tag, values in seen.items()}


def refusals(errors) -> tuple[set[str], set[str]]:
    """The keywords jsonschema refused a document by (anyOf's inner ones too), and those on the way."""
    kinds, paths = set(), set()

    def walk(errors):
        for error in errors:
            kinds.add(error.validator)
            paths.update(p for p in error.schema_path if isinstance(p, str))
            walk(error.context or ())
    walk(errors)
    return kinds, paths


def walk_plants(doc, full, built, reference, tags, sample=None, rng=None, agreed=None):
    """Break each slot of ``doc`` with each plant (or ``sample`` plants at random), restore it, and
    assert both checkers say the same at the same places (``full``: every error of the compiled checker;
    ``built``: the function the build runs, which keeps the first five); returns the keywords that
    refused, those on the way, and the number of plants. ``agreed`` counts, by aim, the plants both refused
    with the same located messages."""
    kinds, paths, count = set(), set(), 0
    everything = [(parent, key, bad, aim) for parent, key in slots(doc) for bad, aim in plants(parent[key], tags)]
    if sample is not None and len(everything) > sample:
        everything = rng.sample(everything, sample)
    for parent, key, bad, aim in everything:
        good = parent[key]
        parent[key] = bad
        try:
            fast_errors = full(doc)
            assert built(doc) == fast_errors[:5]
            errors = list(reference.iter_errors(doc))
            assert bool(fast_errors) == bool(errors), (key, bad, fast_errors, errors)
            same = assert_same_located(fast_errors, errors, (key, bad))
            ref_kinds, ref_paths = refusals(errors)
            kinds |= ref_kinds
            paths |= ref_paths
            count += 1
            if agreed is not None and same:
                agreed[aim] = agreed.get(aim, 0) + 1
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


WHOLE_FAST = compile_schema(SCHEMA, "#")


def test_planted_errors_of_every_keyword_kind_are_refused_by_both(build, cards):
    """Every slot of the top level and the rulesets with every plant; a sample of plants in every real
    card; both say the same at the same places (the build's functions, validate_bundle and validate_card,
    say the first five of them); then every keyword kind the schema uses must have refused some plant,
    and each kind of violation (wrong type, missing required, unknown field, bad enum, out-of-range
    number, wrong nested shape) must have been refused by both with the same located messages."""
    rng = random.Random(11)
    rest = bundle_of([], copy.deepcopy(build.rulesets))
    tags = tag_values(cards)
    agreed: dict[str, int] = {}
    kinds, paths, count = walk_plants(rest, WHOLE_FAST, validate_bundle, WHOLE, tags, agreed=agreed)
    assert count > 1000
    for card in cards:
        card = copy.deepcopy(card)
        more_kinds, more_paths, more = walk_plants(card, FAST, validate_card, REFERENCE, tags, sample=12, rng=rng,
                                                   agreed=agreed)
        kinds |= more_kinds
        paths |= more_paths
        count += more
    used = keywords_used(SCHEMA) - ANNOTATIONS
    assert used <= KNOWN                 # the compiled checker refuses a schema with any other keyword
    assert used - STRUCTURAL <= kinds, f"no plant was refused by {sorted(used - STRUCTURAL - kinds)}"
    under = used & STRUCTURAL - UNNAMED
    assert under <= paths, f"no plant was refused under {sorted(under - paths)}"
    assert all(agreed.get(aim, 0) >= 20 for aim in AIMS), agreed


# ---- the generated corpus: every card valid for both ------------------------------------------------
def _corpus_module():
    import importlib.util
    from conftest import ROOT
    spec = importlib.util.spec_from_file_location("dow_bench_corpus", ROOT / "benchmarks" / "corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_card_of_the_2000_card_corpus_is_valid_for_both(tmp_path):
    """The benchmarks' 2,000 generated cards (benchmarks/corpus.py, seed 0), compiled as `dow build`
    compiles them (each checked by the compiled checker as it is compiled), written as the build writes
    them, and every written card checked again by both: none refused by either. The clause readings are
    kept under a fixed project key, as `dow check` keeps them, so that a second run parses nothing."""
    import json
    from conftest import ROOT
    from dow.compiler.project import bundle_chunks
    from dow.compiler.readings import readings_folder
    _corpus_module().generate(tmp_path, n=2000, seed=0)
    made = compile_paths([tmp_path / "content"], tmp_path,
                         readings=readings_folder(ROOT / "benchmarks" / "corpus-2000"))
    assert made.ok, made.diagnostics.render()
    assert len(made.cards) == 2000
    written = json.loads("".join(bundle_chunks(made.cards, made.rulesets)))
    assert validate_bundle({**written, "cards": []}) == [] and WHOLE.is_valid({**written, "cards": []})
    for card in written["cards"]:
        assert FAST(card) == [] and REFERENCE.is_valid(card), card["id"]
