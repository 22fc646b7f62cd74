"""Tampered bundles, derived from the schema: load_bundle refuses each with a located BundleError.

The content hash only proves a bundle was not changed by accident: anyone can edit a bundle and
recompute it. So every bundle here has its hash recomputed the way load_bundle verifies it, and
only the load check can refuse it. The bundles are derived systematically: the real bundle is
walked beside the bundle schema (schemas/bundle.schema.json), and for every constraint the
schema states at a place the real bundle has a value (type, enum, const, minimum, maximum,
pattern, required, additionalProperties, minItems, maxItems, minProperties) one bundle breaks it
there. jsonschema confirms each one breaks the schema (so the test cannot fool itself), and
load_bundle must raise BundleError, never another exception, naming the card (or the ruleset).
Then the references the schema cannot state (a survivor named by a crossroads card, an item in a
location deck, the crisis cards a game deals, ...) and the number limits at their edge, through
dow check, dow build and load_bundle alike.
"""
from __future__ import annotations

import copy
import json
import re
import shutil
from pathlib import Path
from typing import Any, Iterator

import jsonschema
import pytest

from dow.runtime.bundle import BundleError, content_hash, load_bundle, parse_bundle
from dow.runtime.limits import MAX_NUMBER, MIN_SIGNED
from dow.runtime.schema_check import SchemaCompiler

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "bundle.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
#: the keywords that state a constraint (the others describe, or route to other schemas)
CONSTRAINTS = ("type", "enum", "const", "minimum", "maximum", "pattern", "required", "additionalProperties",
               "minItems", "maxItems", "minProperties")
_WRONG = [7, "eight", True, None, [], {}]
_JSON_TYPES = {"integer": lambda v: isinstance(v, int) and not isinstance(v, bool), "string": lambda v: isinstance(v, str),
               "boolean": lambda v: isinstance(v, bool), "null": lambda v: v is None, "array": lambda v: isinstance(v, list),
               "object": lambda v: isinstance(v, dict), "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)}


def _resolve(pointer: str) -> Any:
    node: Any = SCHEMA
    for part in [p for p in pointer.lstrip("#").split("/") if p]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def _fits(schema: dict, value: Any) -> bool:
    props = schema.get("properties", {})
    if set(schema) <= {"properties", "required"} and len(props) == 1:      # the dispatch on a tag: {op: {const}}
        (key, rule), = props.items()
        if set(rule) == {"const"}:
            return isinstance(value, dict) and key in value and value[key] == rule["const"]
    if id(schema) not in _COMPILED:
        _COMPILED[id(schema)] = SchemaCompiler(SCHEMA).compile(schema)
    errors: list[str] = []
    _COMPILED[id(schema)](value, "", errors)
    return not errors


#: the forms an anyOf or an if offers, compiled (the runtime's validator picks the form a value takes;
#: whether a tampered bundle breaks the schema is jsonschema's to say)
_COMPILED: dict[int, Any] = {}


def walk(value: Any, pointer: str, path: tuple) -> Iterator[tuple[str, str, Any, tuple, dict]]:
    """(schema pointer, keyword, argument, instance path, schema) for every constraint the schema states
    on ``value`` and everything in it, following $ref, the if/then dispatch on a tag and the anyOf form
    the value takes."""
    schema = _resolve(pointer)
    if not isinstance(schema, dict):
        return
    if "$ref" in schema:
        yield from walk(value, schema["$ref"], path)
    for i, part in enumerate(schema.get("allOf", ())):
        if "if" in part:
            if _fits(part["if"], value):
                yield from walk(value, f"{pointer}/allOf/{i}/then", path)
        else:
            yield from walk(value, f"{pointer}/allOf/{i}", path)
    for i, option in enumerate(schema.get("anyOf", ())):
        if _fits(option, value):
            yield from walk(value, f"{pointer}/anyOf/{i}", path)
            break
    for keyword in CONSTRAINTS:
        if keyword not in schema:
            continue
        if keyword == "required":
            for key in schema["required"]:
                if isinstance(value, dict) and key in value:
                    yield pointer, "required", key, path, schema
        elif keyword == "additionalProperties":
            if schema[keyword] is False and isinstance(value, dict):
                yield pointer, keyword, False, path, schema
        else:
            yield pointer, keyword, schema[keyword], path, schema
    if isinstance(value, dict):
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties")
        for key, item in value.items():
            if key in props:
                yield from walk(item, f"{pointer}/properties/{key}", path + (key,))
            elif isinstance(extra, dict):
                yield from walk(item, f"{pointer}/additionalProperties", path + (key,))
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        for i, item in enumerate(value):
            yield from walk(item, f"{pointer}/items", path + (i,))


def _broken(keyword: str, argument: Any, value: Any, schema: dict) -> Any:
    """A value that breaks one constraint (the containing object for required and additionalProperties)."""
    if keyword == "type":
        kinds = argument if isinstance(argument, list) else [argument]
        return next(w for w in _WRONG if not any(_JSON_TYPES[k](w) for k in kinds))
    if keyword == "enum":
        return "not-" + "-".join(map(str, argument[:1])) if all(isinstance(a, str) for a in argument) else {"x": 1}
    if keyword == "const":
        return argument + 1 if isinstance(argument, int) and not isinstance(argument, bool) else f"{argument}-other"
    if keyword == "minimum":
        return argument - 1
    if keyword == "maximum":
        return argument + 1
    if keyword == "pattern":
        return "1.5" if "\\d" in argument else "not matching"
    if keyword == "required":
        return {k: v for k, v in value.items() if k != argument}
    if keyword == "additionalProperties":
        return {**value, "tampered_field": 1}
    if keyword == "minItems":
        return value[:argument - 1]
    if keyword == "maxItems":
        return value + value[-1:] * (argument + 1 - len(value))
    return {}                                              # minProperties


def _at(doc: Any, path: tuple) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _set(doc: Any, path: tuple, value: Any) -> None:
    _at(doc, path[:-1])[path[-1]] = value


def _rehash(doc: dict) -> str:
    """The bundle's text with its hash recomputed the way load_bundle verifies it (a bundle without a
    hash, or whose cards are not a list, is left as it is)."""
    if "content_hash" in doc and isinstance(doc.get("cards"), list):
        doc["content_hash"] = content_hash(doc["cards"], doc.get("rulesets"))
    return json.dumps(doc, ensure_ascii=False)


def derived(bundle: dict) -> list[tuple[str, tuple, dict, str]]:
    """(constraint, instance path, tampered bundle, what the refusal must name), one for each distinct
    constraint the schema states (its pointer and keyword) at the first place the bundle has it. A card's
    constraint is tampered in a bundle of that card alone, a ruleset's in the rulesets without cards, the
    top level's in the whole bundle, so that the first thing wrong is the tampered one."""
    seen: set[tuple[str, str, str]] = set()
    out = []
    for pointer, keyword, argument, path, schema in walk(bundle, "#", ()):
        key = (pointer, keyword, str(argument) if keyword == "required" else "")
        if key in seen or (keyword == "minItems" and argument == 0) or (keyword == "minimum" and argument is None):
            continue
        value = _at(bundle, path)
        if keyword in ("minimum", "maximum") and not (isinstance(value, int) and not isinstance(value, bool)):
            continue                                       # a number's bound, at a value of another type (null)
        seen.add(key)
        if path[:1] == ("cards",) and len(path) >= 2:
            card = bundle["cards"][path[1]]
            doc = {**bundle, "cards": [copy.deepcopy(card)], "rulesets": {}}
            local = ("cards", 0) + path[2:]
            without_id = path[2:] == ("id",) or (path[2:] == () and (keyword == "type" or argument == "id"))
            names = "card 0" if without_id else card["id"]     # a card without its id is named by its place
        elif path[:1] == ("rulesets",):
            doc, local, names = {**bundle, "cards": [], "rulesets": copy.deepcopy(bundle["rulesets"])}, path, "rulesets"
        else:                                              # the top level: a bundle of one card is enough
            doc, local, names = {**copy.deepcopy(bundle), "cards": [copy.deepcopy(bundle["cards"][0])],
                                 "rulesets": {}}, path, ""
        target = _at(doc, local)
        candidates = [_broken(keyword, argument, target, schema)]
        if keyword == "type":                              # a wrong type that no other form (anyOf) takes either
            kinds = argument if isinstance(argument, list) else [argument]
            candidates = [w for w in _WRONG if not any(_JSON_TYPES[k](w) for k in kinds)]
        for broken in candidates:
            if local:
                _set(doc, local, broken)
            else:
                doc = broken
            if len(candidates) == 1 or not VALIDATOR.is_valid(doc):
                break
        if keyword == "pattern" and path == ("content_hash",):
            out.append((f"{pointer} {keyword}", path, doc, ""))     # the hash itself: refused as not matching
            continue
        out.append((f"{pointer} {keyword} {key[2]}".strip(), path, doc, names))
    return out


@pytest.fixture(scope="module")
def tampered(bundle):
    return derived(bundle)


def test_every_constraint_the_schema_states_is_walked(tampered):
    """The walk reaches every kind of constraint, on cards, rulesets and the top level alike, and the
    count is what docs/reliability.md quotes (at least: content only grows)."""
    keywords = {name.split(" ")[1] for name, *_ in tampered}
    assert keywords == set(CONSTRAINTS)
    assert {path[0] for _, path, _, _ in tampered if path} == {"cards", "rulesets", "ir_version", "content_hash",
                                                               "languages"}
    assert len(tampered) > 1500


def test_each_derived_bundle_breaks_the_schema_and_load_bundle_refuses_it_located(tampered):
    accepted, crashed, unlocated, not_broken = [], [], [], []
    for name, path, doc, names in tampered:
        if path and path[0] == "content_hash":
            text = json.dumps(doc)                     # its hash as tampered
        else:
            text = _rehash(doc) if isinstance(doc, dict) and "cards" in doc else json.dumps(doc)
        if VALIDATOR.is_valid(json.loads(text)):
            not_broken.append(name)
            continue
        try:
            parse_bundle(text, "the bundle")
        except BundleError as err:
            if names and names not in str(err):
                unlocated.append(f"{name}: {err}")
            continue
        except Exception as err:                       # noqa: BLE001 - the point: nothing but a BundleError
            crashed.append(f"{name}: {type(err).__name__}: {err}")
            continue
        accepted.append(name)
    assert not not_broken, f"{len(not_broken)} tampered bundles still fit the schema: {not_broken[:5]}"
    assert not crashed, f"{len(crashed)} ended in another exception: {crashed[:5]}"
    assert not accepted, f"{len(accepted)} accepted: {accepted[:5]}"
    assert not unlocated, f"{len(unlocated)} refused without naming the card: {unlocated[:5]}"


def test_the_issue_examples_are_refused_with_their_place(bundle):
    doc = copy.deepcopy(bundle)
    doc["ir_version"] = "1.5"
    with pytest.raises(BundleError, match=r"ir_version '1\.5' is not a semantic version"):
        parse_bundle(_rehash(doc))
    doc = copy.deepcopy(bundle)
    card = next(c for c in doc["cards"] if '"count": 2' in json.dumps(c))
    card_text = json.dumps(card).replace('"count": 2', '"count": "eight"', 1)
    doc["cards"][doc["cards"].index(card)] = json.loads(card_text)
    with pytest.raises(BundleError) as err:
        parse_bundle(_rehash(doc))
    said = str(err.value)
    assert f"card {card['id']!r}" in said and "/count: 'eight'" in said and "expected a whole number" in said
    assert re.search(r"\.yaml:\d+:\d+\)", said)       # the file position of the node it is in


def _without(bundle: dict, card_id: str) -> dict:
    doc = copy.deepcopy(bundle)
    doc["cards"] = [c for c in doc["cards"] if c["id"] != card_id]
    return doc


def _named_survivor(bundle: dict) -> tuple[str, str]:
    """A crossroads card that names a survivor in its trigger, and that survivor's card."""
    for card in bundle["cards"]:
        if card["kind"] == "crossroads":
            found = re.search(r'"op": "named", "card": "([^"]+)", "kind": "survivor"', json.dumps(card))
            if found:
                survivor = next(c for c in bundle["cards"] if c["kind"] == "survivor" and c["name"]["en"] == found[1])
                return card["id"], survivor["id"]
    raise AssertionError("no crossroads card names a survivor")


def _dangling(bundle: dict) -> dict[str, tuple[dict, str]]:
    crossroads, survivor = _named_survivor(bundle)
    base = bundle["rulesets"]["base"]["stand_ins"]
    place, item = next((place, item) for place, deck in base["location_decks"].items() for item in deck
                       if item not in base["starting_item_kinds"])
    item_id = next(c["id"] for c in bundle["cards"] if c["kind"] == "item" and c["id"].endswith("." + item))

    def edit(change) -> dict:
        doc = copy.deepcopy(bundle)
        change(doc)
        return doc
    return {
        "a deleted survivor named by a crossroads card": (_without(bundle, survivor),
                                                          f"card {crossroads!r}"),
        "a deleted item still in a location deck": (_without(bundle, item_id), f"location_decks.{place}: {item!r}"),
        "no crisis cards at all": (edit(lambda d: d.update(cards=[c for c in d["cards"] if c["kind"] != "crisis"])),
                                   "deals crisis cards, but the bundle has none"),
        "an unknown card in a location deck": (
            edit(lambda d: d["rulesets"]["base"]["stand_ins"]["location_decks"][place].update({"no-such-item": 1})),
            "'no-such-item' names an item in its deck"),
        "an unknown location with a deck": (
            edit(lambda d: d["rulesets"]["base"]["stand_ins"]["location_decks"].update({"no-such-place": {item: 1}})),
            "'no-such-place' names a location"),
        "an unknown starting item": (
            edit(lambda d: d["rulesets"]["base"]["stand_ins"]["starting_item_kinds"].append("no-such-item")),
            "starting_item_kinds: 'no-such-item'"),
        "a round track for an unknown objective": (
            edit(lambda d: d["rulesets"]["base"]["stand_ins"]["objective_rounds"].update({"no-such-goal": 3})),
            "objective_rounds: 'no-such-goal' names a main objective"),
        "an unknown secret objective left out": (
            edit(lambda d: d["rulesets"]["warring-colonies"]["setup"]["secret_objectives_excluded"].append("x.y.z")),
            "secret_objectives_excluded: 'x.y.z' is not a card"),
        "no survivors at all": (edit(lambda d: d.update(cards=[c for c in d["cards"] if c["kind"] != "survivor"])),
                                "deals survivor cards, but the bundle has none"),
        "no main objectives at all": (
            edit(lambda d: d.update(cards=[c for c in d["cards"] if c["kind"] != "main-objective"])),
            "deals main-objective cards, but the bundle has none"),
    }


def test_dangling_references_are_refused_at_load(bundle):
    cases = _dangling(bundle)
    for name, (doc, words) in cases.items():
        with pytest.raises(BundleError) as err:
            parse_bundle(_rehash(doc))
        assert words in str(err.value), f"{name}: {err.value}"
    assert len(cases) == 10


def test_the_real_bundle_still_loads(bundle, tmp_path):
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle), encoding="utf-8")
    assert load_bundle(path)["cards"] == bundle["cards"]


# ---- the limits, at their edge, through dow check, dow build and load_bundle alike ------------------

def _project(tmp_path: Path, name: str, files: dict[str, str]) -> Path:
    root = tmp_path / name
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def _dow(root: Path, *args: str) -> int:
    from dow.cli import main as cli
    return cli.main(["--root", str(root), *args])


def _card_file(rel: str, edit) -> str:
    return edit((ROOT / "content" / rel).read_text(encoding="utf-8"))


CRISIS = "base/crises/illness.yaml"
SURVIVOR = "base/survivors/sparky.yaml"
#: limit name -> (card file, its text with the number n in place)
LIMITS = {
    "a card's number (a survivor's influence)": (SURVIVOR, MAX_NUMBER,
                                                  lambda n: lambda t: re.sub(r"(?m)^influence: \d+$", f"influence: {n}", t)),
    "a number in an effect (lose N morale)": (CRISIS, MAX_NUMBER,
                                              lambda n: lambda t: t.replace("lose 1 morale.", f"lose {n} morale.")),
    "a signed number in an effect (lower a die by N)": (
        CRISIS, -MIN_SIGNED,
        lambda n: lambda t: t.replace("lose 1 morale.", f"lower an unused action die you control by {n}.")),
}


@pytest.mark.parametrize("name", LIMITS)
def test_a_card_limit_passes_at_its_edge_and_is_refused_one_past_it(tmp_path, capsys, name):
    rel, edge, text = LIMITS[name]
    for n, ok in ((edge, True), (edge + 1, False)):
        root = _project(tmp_path, f"n{n}", {f"content/{rel}": _card_file(rel, text(n))})
        assert str(n) in (root / "content" / rel).read_text(encoding="utf-8")
        checked = _dow(root, "check")
        built = _dow(root, "build", "--no-site", "--out", str(root / "build"))
        said = capsys.readouterr()
        assert "Traceback" not in said.err + said.out
        if ok:
            assert (checked, built) == (0, 0), said.out + said.err
            loaded = load_bundle(root / "build" / "bundle.json")
            assert str(n) in json.dumps(loaded["cards"])
        else:
            assert checked == 1 and built == 1, said.out + said.err
            assert re.search(rf"must be (at most|from -?\d+ to) {MAX_NUMBER}, not -?{n}:", said.out + said.err), said.out
            assert not (root / "build" / "bundle.json").exists()
    # load_bundle alike: the bundle built at the edge, one past it by hand (its hash recomputed)
    built = json.loads((tmp_path / f"n{edge}" / "build" / "bundle.json").read_text(encoding="utf-8"))
    text_ = json.dumps(built)
    for old in (f"\"influence\": {edge}", f"\"amount\": {edge}", f"\"amount\": -{edge}"):
        text_ = text_.replace(old, old.replace(str(edge), str(edge + 1)))
    assert text_ != json.dumps(built)
    with pytest.raises(BundleError, match=f"{edge + 1}"):
        parse_bundle(_rehash(json.loads(text_)))


def test_a_ruleset_limit_passes_at_its_edge_and_is_refused_one_past_it(tmp_path, capsys):
    """A ruleset's number (wounds_to_kill), through the whole content: check, build and load at 1000;
    check and build refuse 1001, and load_bundle refuses the edge bundle edited to 1001."""
    for n, ok in ((MAX_NUMBER, True), (MAX_NUMBER + 1, False)):
        root = tmp_path / f"r{n}"
        shutil.copytree(ROOT / "content", root / "content")
        ruleset = root / "content" / "base" / "ruleset.yaml"
        ruleset.write_text(re.sub(r"(?m)^wounds_to_kill: \d+", f"wounds_to_kill: {n}", ruleset.read_text("utf-8")),
                           encoding="utf-8")
        assert f"wounds_to_kill: {n}" in ruleset.read_text(encoding="utf-8")
        checked = _dow(root, "check")
        built = _dow(root, "build", "--no-site", "--out", str(root / "build"))
        said = capsys.readouterr()
        assert "Traceback" not in said.err + said.out
        if ok:
            assert (checked, built) == (0, 0), said.out[-2000:] + said.err[-2000:]
            assert load_bundle(root / "build" / "bundle.json")["rulesets"]["base"]["wounds_to_kill"] == n
        else:
            assert checked == 1 and built == 1
            assert f"wounds_to_kill: {n} is greater than the maximum of {MAX_NUMBER}" in said.out + said.err
    doc = json.loads((tmp_path / f"r{MAX_NUMBER}" / "build" / "bundle.json").read_text(encoding="utf-8"))
    doc["rulesets"]["base"]["wounds_to_kill"] = MAX_NUMBER + 1
    with pytest.raises(BundleError, match=r"rulesets\.base\.wounds_to_kill: 1001 is out of range \(1 to 1000\)"):
        parse_bundle(_rehash(doc))


# ---- what the load check cannot judge: a located EffectError, not a bare error mid-game ----------------

def test_a_bare_error_of_the_host_while_a_node_runs_is_a_located_effect_error(bundle):
    """A bundle can fit the schema and every reference and still hold something a host cannot play (a
    zone owned by a survivor where the engine looks a player up). The error the host raises deep inside
    (KeyError, TypeError, ValueError, IndexError, AttributeError) reaches the engine as an EffectError
    naming the card, its line and the nodes being run, whatever host runs the card."""
    import random

    from dow.runtime.decisions import RandomAgent
    from dow.runtime.interpreter import EffectError, Env, Interpreter
    from dow.runtime.minimal_host import MinimalHost

    crisis = next(c for c in bundle["cards"] if c["kind"] == "crisis" and "lose_morale" in json.dumps(c["effect"]))
    line = next(n for n in crisis["effect"]["tree"] if n["op"] == "lose_morale")["pos"]["line"]
    for bare in (KeyError("no player 's:annaleigh-chan'"), TypeError("'NoneType' object is not subscriptable"),
                 ValueError("too many values"), IndexError("list index out of range"), AttributeError("x")):
        class Failing(MinimalHost):
            def apply(self, action, params, src):
                if action == "change_morale":
                    raise bare
                return super().apply(action, params, src)
        ip = Interpreter(bundle, Failing(), random.Random(1))
        with pytest.raises(EffectError) as err:
            ip.execute(crisis["effect"]["tree"], Env("p1", crisis["id"])).run(RandomAgent(1))
        said = str(err.value)
        assert said.startswith(f"{crisis['id']}:{line}: {type(bare).__name__}") and "(in lose_morale)" in said
        assert err.value.card == crisis["id"] and err.value.__cause__ is bare


def test_a_deliberate_refusal_inside_a_node_is_not_turned_into_an_effect_error(bundle):
    """A subclass of those errors is a refusal someone meant (a replay that does not fit: DecisionMismatch)
    and passes through as it is."""
    import random

    from dow.runtime.decisions import RandomAgent
    from dow.runtime.interpreter import Env, Interpreter
    from dow.runtime.minimal_host import MinimalHost
    from dow.runtime.replay import DecisionMismatch

    crisis = next(c for c in bundle["cards"] if c["kind"] == "crisis" and "lose_morale" in json.dumps(c["effect"]))

    class Refusing(MinimalHost):
        def apply(self, action, params, src):
            if action == "change_morale":
                raise DecisionMismatch(3, "decision 3: another answer")
            return super().apply(action, params, src)
    with pytest.raises(DecisionMismatch):
        Interpreter(bundle, Refusing(), random.Random(1)).execute(
            crisis["effect"]["tree"], Env("p1", crisis["id"])).run(RandomAgent(1))
