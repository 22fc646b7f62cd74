"""The structure of a bundle, checked when it is loaded (standard library only).

The content hash proves a bundle was not changed by accident, not that it was built by the
compiler: anyone can edit a bundle and recompute the hash. So ``load_bundle`` checks what the
engine relies on before a game starts: every card has the fields of its kind with the right
types (``card_kinds.py``, a copy of the compiler's table), ids are unique, every statement
is a node kind this runtime has a handler for (``handlers.HANDLERS``), numbers are in range,
and the rulesets' numbers make a game that can be set up. A problem is a ``BundleError``
naming the card and, for effect nodes, the source position.
"""
from __future__ import annotations

from typing import Any, cast

from .card_kinds import COLONIES_RULESET, COMMON, KINDS, RULESET
from .limits import MAX_DEPTH, MAX_NUMBER

#: lists of statements inside a statement node (catalogue fields of type "block")
BLOCK_FIELDS = ("body", "cost", "else", "otherwise", "steps", "then", "tied")
#: (node kind, field) pairs whose numbers may be negative (catalogue fields of type "signed")
SIGNED = {("change_die", "amount"), ("combat_strength", "amount"), ("modify", "instead_of"), ("modify", "value"),
          ("number", "value")}
LANGS = ("pt", "en", "vi")


class StructureError(Exception):
    """One problem in a bundle's structure (load_bundle turns it into a BundleError)."""


def check_structure(data: Any) -> None:
    """Raise StructureError for the first thing in ``data`` a game could trip over."""
    if not isinstance(data, dict):
        raise StructureError(f"a bundle is a JSON object, not {_type(data)}")
    for key, kind in (("ir_version", str), ("content_hash", str), ("cards", list)):
        if not isinstance(data.get(key), kind):
            raise StructureError(f"the bundle has no {key!r} (or it is not a {kind.__name__})")
    rulesets = data.get("rulesets", {})
    if not isinstance(rulesets, dict):
        raise StructureError("the bundle's 'rulesets' is not an object")
    seen: dict[str, int] = {}
    for index, card in enumerate(data["cards"]):
        card_id = _card(card, index)
        if card_id in seen:
            raise StructureError(f"card {card_id!r} appears twice (cards {seen[card_id]} and {index})")
        seen[card_id] = index
    survivors = sum(1 for card in data["cards"] if card["kind"] == "survivor")
    for name, rules in rulesets.items():
        check_ruleset(name, rules, survivors)


def _card(card: Any, index: int) -> str:
    """Check one card; returns its id."""
    if not isinstance(card, dict):
        raise StructureError(f"card {index} is {_type(card)}, not an object")
    card_id, kind = card.get("id"), card.get("kind")
    if not isinstance(card_id, str) or not card_id:
        raise StructureError(f"card {index} has no id")
    if not isinstance(kind, str) or kind not in KINDS:
        raise StructureError(f"card {card_id!r} has {'no kind' if kind is None else f'an unknown kind {kind!r}'}"
                             f" (the kinds are {', '.join(KINDS)})")
    required, own = KINDS[kind]
    fields: dict[str, Any] = {**COMMON, **cast("dict[str, Any]", own)}   # a generated table of mixed shapes
    missing = [f for f in required if f not in card]
    if missing:
        raise StructureError(f"card {card_id!r} has no {missing[0]!r}")
    where = _Where(card_id, str(card.get("file", "?")))
    for key, value in card.items():
        if key not in fields:
            raise StructureError(f"card {card_id!r} has a field {key!r} that a {kind} card does not have")
        _value(value, fields[key], where, key, 1)
    return card_id


class _Where:
    """The card being checked, for messages."""

    def __init__(self, card: str, file: str):
        self.card, self.file = card, file

    def fail(self, field: str, problem: str, node: Any = None) -> StructureError:
        """A StructureError naming the card, the field and, for an effect node, its position."""
        pos = node.get("pos") if isinstance(node, dict) else None
        at = (f"{self.file}:{pos.get('line', '?')}:{pos.get('col', '?')}: " if isinstance(pos, dict) else "")
        return StructureError(f"{at}card {self.card!r}, {field}: {problem}")


def _value(value: Any, kind: Any, where: _Where, field: str, depth: int) -> None:
    """Check a card field's value against its type in card_kinds."""
    if depth > MAX_DEPTH:
        raise where.fail(field, "nested too deeply")
    if isinstance(kind, dict):                           # an entry of a list of objects (abilities, options …)
        _object(value, kind, where, field, depth)
        return
    if isinstance(kind, list):
        shape, inner = kind
        if shape == "enum":
            if value not in inner:
                raise where.fail(field, f"{_short(value)} is not one of {', '.join(inner)}")
        elif shape == "list":
            _expect(isinstance(value, list), where, field, "a list", value)
            for i, item in enumerate(value):
                _value(item, inner, where, f"{field}[{i}]", depth + 1)
        elif shape == "object":
            _object(value, inner, where, field, depth)
        else:                                            # map: any keys, each an object of ``inner``
            _expect(isinstance(value, dict), where, field, "an object", value)
            for key, item in value.items():
                _object(item, inner, where, f"{field}.{key}", depth + 1)
        return
    if kind in ("effect", "cond", "event"):
        _program(value, kind, where, field)
    elif kind in ("int", "int?"):
        if not (value is None and kind == "int?"):
            _number(value, where, field, signed=False)
    elif kind == "str":
        _expect(isinstance(value, str), where, field, "text", value)
    elif kind == "bool":
        _expect(isinstance(value, bool), where, field, "true or false", value)
    elif kind == "localized":
        _expect(isinstance(value, dict) and all(isinstance(value.get(lang), str) for lang in LANGS)
                and set(value) <= set(LANGS), where, field, "a text in pt, en and vi", value)


def _object(value: Any, fields: dict[str, Any], where: _Where, field: str, depth: int) -> None:
    _expect(isinstance(value, dict), where, field, "an object", value)
    for key, item in value.items():
        if key not in fields:
            raise where.fail(field, f"has a field {key!r} it cannot have")
        _value(item, fields[key], where, f"{field}.{key}", depth + 1)


def _program(value: Any, kind: str, where: _Where, field: str) -> None:
    """An effect, condition or event field: {source, tree}; statements must have a handler."""
    _expect(isinstance(value, dict) and isinstance(value.get("source"), str) and "tree" in value
            and set(value) == {"source", "tree"}, where, field, "a compiled program {source, tree}", value)
    tree = value["tree"]
    if kind == "effect":
        _expect(isinstance(tree, list), where, field, "a list of statements", tree)
        _statements(tree, where, field, 1)
    else:
        _expect(isinstance(tree, dict), where, field, "a node", tree)
        if tree:
            _inner(tree, where, field, 1)


def _statements(nodes: list[Any], where: _Where, field: str, depth: int) -> None:
    from .handlers import HANDLERS      # read when checking, so node kinds added to the table count
    for node in nodes:
        _expect(isinstance(node, dict), where, field, "a statement node", node)
        op = node.get("op")
        if not isinstance(op, str) or op not in HANDLERS:
            raise where.fail(field, f"unknown node kind {_short(op)}: this runtime has no handler for it "
                                    f"(rebuild the bundle with a matching compiler, or upgrade the runtime)", node)
        _node(node, where, field, depth)


def _node(node: dict[str, Any], where: _Where, field: str, depth: int) -> None:
    """Any effect-tree node: a kind, a position, numbers in range, blocks of statements."""
    if depth > MAX_DEPTH:
        raise where.fail(field, "nested too deeply", node)
    op = node.get("op")
    _expect(isinstance(op, str) and op != "", where, field, "a node with a kind ('op')", node)
    pos = node.get("pos")
    if pos is not None and not (isinstance(pos, dict) and all(_whole(pos.get(k)) and pos[k] >= 1
                                                                 for k in ("line", "col"))):
        raise where.fail(field, f"the {op!r} node's position is not a line and column")
    for key, value in node.items():
        if key == "pos":
            continue
        if key in BLOCK_FIELDS and isinstance(value, list):
            _statements(value, where, field, depth + 1)
        elif isinstance(value, bool) or isinstance(value, (str, type(None))):
            continue
        elif isinstance(value, int):
            _number(value, where, f"{field} ({op}.{key})", signed=(op, key) in SIGNED, node=node)
        elif isinstance(value, float):
            raise where.fail(field, f"{op}.{key} is {value}, not a whole number", node)
        else:
            _inner(value, where, field, depth + 1)


def _inner(value: Any, where: _Where, field: str, depth: int) -> None:
    """Values inside a node: nested nodes, lists of them, plain data."""
    if depth > MAX_DEPTH:
        raise where.fail(field, "nested too deeply")
    if isinstance(value, dict):
        if "op" in value:
            from .handlers import HANDLERS
            if isinstance(value["op"], str) and value["op"] in HANDLERS:   # a statement where a value belongs
                raise where.fail(field, f"the statement {value['op']!r} stands where a condition, a count or "
                                        f"a target belongs", value)
            _node(value, where, field, depth)
        else:
            for item in value.values():
                _inner(item, where, field, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _inner(item, where, field, depth + 1)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        _number(value, where, field, signed=False)


def _number(value: Any, where: _Where, field: str, signed: bool, node: Any = None) -> None:
    if not _whole(value):
        raise where.fail(field, f"{_short(value)} is not a whole number", node)
    low = -MAX_NUMBER if signed else 0
    if not low <= value <= MAX_NUMBER:
        raise where.fail(field, f"{value} is out of range ({low} to {MAX_NUMBER})", node)


def check_ruleset(name: str, rules: Any, survivors: int) -> None:
    """A set's ruleset: the shape the compiler checked (card_kinds.RULESET), numbers in range, and
    set-up values a game can be dealt from (no more survivors dealt than the bundle has)."""
    _schema(rules, COLONIES_RULESET if name == "warring-colonies" else RULESET, f"rulesets.{name}", 1)
    low, high = rules["players"]
    if not 1 <= low <= high:
        raise StructureError(f"rulesets.{name}.players: {low} to {high} players is not a range of players")
    low, high = rules["morale_track"]
    if not low < high:
        raise StructureError(f"rulesets.{name}.morale_track: {low} to {high} is not a range of morale")
    setup = rules["setup"]
    for dealt, kept in (("survivors_dealt", "survivors_kept"), ("survivors_dealt_small", "survivors_kept_small")):
        if dealt in setup and setup[kept] > setup[dealt]:
            raise StructureError(f"rulesets.{name}.setup: {kept} ({setup[kept]}) is more than {dealt} "
                                 f"({setup[dealt]})")
        if dealt in setup and survivors and setup[dealt] > survivors:
            raise StructureError(f"rulesets.{name}.setup.{dealt}: {setup[dealt]} survivors dealt to each player, "
                                 f"but the bundle has {survivors} survivor cards")


def _schema(value: Any, schema: dict[str, Any], path: str, depth: int) -> None:
    """The few JSON Schema keywords the ruleset schemas use, checked with the standard library."""
    if depth > MAX_DEPTH:
        raise StructureError(f"{path}: nested too deeply")
    kind = schema.get("type")
    if kind == "object":
        if not isinstance(value, dict):
            raise StructureError(f"{path}: expected an object, found {_short(value)}")
        missing = [k for k in schema.get("required", ()) if k not in value]
        if missing:
            raise StructureError(f"{path}: {missing[0]!r} is missing")
        if len(value) < schema.get("minProperties", 0):
            raise StructureError(f"{path}: expected at least {schema['minProperties']} entries, found {_short(value)}")
        extra = schema.get("additionalProperties")      # a map keyed by ids (a schema for every value), or closed
        for key, item in value.items():
            field = schema.get("properties", {}).get(key, extra if isinstance(extra, dict) else None)
            if field is None:
                raise StructureError(f"{path}: unknown field {key!r}")
            _schema(item, field, f"{path}.{key}", depth + 1)
    elif kind == "array":
        if not isinstance(value, list) or not schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", 10**9):
            raise StructureError(f"{path}: expected a list of the right length, found {_short(value)}")
        for i, item in enumerate(value):
            _schema(item, schema.get("items", {}), f"{path}[{i}]", depth + 1)
    elif kind == "integer":
        if not _whole(value) or not schema.get("minimum", 0) <= value <= MAX_NUMBER:
            raise StructureError(f"{path}: {_short(value)} is out of range ({schema.get('minimum', 0)} to "
                                 f"{MAX_NUMBER})")
    elif kind == "string" and not isinstance(value, str):
        raise StructureError(f"{path}: expected text, found {_short(value)}")
    elif kind == "boolean" and not isinstance(value, bool):
        raise StructureError(f"{path}: expected true or false, found {_short(value)}")
    if "enum" in schema and value not in schema["enum"]:
        raise StructureError(f"{path}: {_short(value)} is not one of {', '.join(map(str, schema['enum']))}")
    if "const" in schema and value != schema["const"]:
        raise StructureError(f"{path}: {_short(value)} must be {schema['const']!r}")


def _expect(ok: bool, where: _Where, field: str, what: str, value: Any) -> None:
    if not ok:
        raise where.fail(field, f"expected {what}, found {_short(value)}", value)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _type(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true or false", type(None): "null"}.get(
        type(value), "a number")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


#: the kinds of card a game set up from a ruleset deals before its first round ends
DEALT = ("survivor", "crisis", "main-objective")


def check_references(cards: list[dict[str, Any]], rulesets: dict[str, Any]) -> None:
    """Every card a card or a ruleset names is in the bundle: a survivor named in an effect, condition or
    event ('"Sophie Robinson" is in play'), the items of a location's stand-in deck and the starting
    items, the main objectives a stand-in is keyed by, the secret objectives a set-up leaves out; and a
    bundle with a ruleset has the cards a game deals from it (survivors, crisis cards, main objectives)."""
    names: dict[str, set[str]] = {}
    slugs: dict[str, set[str]] = {}
    ids = {card["id"] for card in cards}
    for card in cards:
        name: Any = card.get("name")
        names.setdefault(card["kind"], set()).update(name.values() if isinstance(name, dict) else [str(name)])
        slugs.setdefault(card["kind"], set()).add(card["id"].rsplit(".", 1)[-1])
    for set_name in rulesets:
        for kind in DEALT:
            if not slugs.get(kind):
                raise StructureError(f"rulesets.{set_name}: a game of this ruleset deals {kind} cards, but the "
                                     f"bundle has none")
    for card in cards:
        where = _Where(card["id"], str(card.get("file", "?")))
        for key, value in card.items():
            _named(value, names, where, key, 0)
    for set_name, rules in rulesets.items():
        at = f"rulesets.{set_name}"
        stand = rules.get("stand_ins") or {}
        for item in stand.get("starting_item_kinds") or ():
            _known(item, slugs, "item", f"{at}.stand_ins.starting_item_kinds", "a starting item")
        for key in ("objective_rounds", "objective_zombies"):
            for objective in stand.get(key) or {}:
                _known(objective, slugs, "main-objective", f"{at}.stand_ins.{key}", "a main objective")
        for place, deck in (stand.get("location_decks") or {}).items():
            _known(place, slugs, "location", f"{at}.stand_ins.location_decks", "a location")
            for item in deck:
                _known(item, slugs, "item", f"{at}.stand_ins.location_decks.{place}", "an item in its deck")
        for card_id in (rules.get("setup") or {}).get("secret_objectives_excluded") or ():
            if card_id not in ids:
                raise StructureError(f"{at}.setup.secret_objectives_excluded: {card_id!r} is not a card of the "
                                     f"bundle (expected the id of a secret objective)")


def _known(slug: str, slugs: dict[str, set[str]], kind: str, path: str, what: str) -> None:
    if slug not in slugs.get(kind, set()):
        raise StructureError(f"{path}: {slug!r} names {what}, but the bundle has no {kind} card "
                             f"'<set>.{kind}.{slug}'")


def _named(value: Any, names: dict[str, set[str]], where: _Where, field: str, depth: int) -> None:
    """Every 'named' node under ``value`` names a card of its kind the bundle has."""
    if depth > MAX_DEPTH:
        return                                    # check_structure already refused it
    if isinstance(value, dict):
        if value.get("op") == "named":
            kind, card = value.get("kind", "survivor"), value.get("card")
            if kind in KINDS and card not in names.get(kind, set()):
                raise where.fail(field, f"names the {kind} {_short(card)}, but the bundle has no {kind} card "
                                        f"of that name", value)
        for item in value.values():
            _named(item, names, where, field, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _named(item, names, where, field, depth + 1)
