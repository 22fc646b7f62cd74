"""The type-check and structure passes over bound effect nodes.

* ``typecheck``: every target field names the right kind of thing (T001): a wound
  goes on a survivor, zombies are killed at a location, a supply takes food.
* ``structure``: choices with too few options (S001), options that can never be
  chosen (S002), costs nobody can pay (S003), die outcomes that cannot happen or
  overlap (S004).

Both take nodes with internal [line, col] positions and return ``BindError``s.
"""
from __future__ import annotations

from typing import Iterator

from dow.dsl.ast import Pos

from .catalogue import BY_OP
from .phrases import BindError

DIE_FACES = {"d6": 6, "exposure": 12, "combat": 12}
SURVIVOR = {"survivor"}
LOCATION = {"location"}
TOKEN_HOME = {"noise": LOCATION, "barricade": LOCATION, "helpless": LOCATION, "food": {"zone"},
              "bullet": {"zone"}, "despair": SURVIVOR}

#: (op, field) -> kinds of thing the field accepts
EXPECT: dict[tuple[str, str], set[str]] = {
    ("wound", "target"): SURVIVOR, ("heal", "target"): SURVIVOR, ("kill_survivor", "target"): SURVIVOR,
    ("exposure", "target"): SURVIVOR, ("place_survivor", "target"): SURVIVOR,
    ("move_survivor", "target"): SURVIVOR, ("add_survivor", "survivor"): SURVIVOR,
    ("add_survivor", "to"): {"zone"}, ("give_cards", "to"): {"player"}, ("give_cards", "cards"): {"card"},
    ("draw_cards", "from"): {"zone"}, ("take_cards", "from"): {"zone"}, ("move_cards", "to"): {"zone", "player"},
    ("move_cards", "cards"): {"card"}, ("change_die", "die"): {"die"}, ("reroll_dice", "dice"): {"die"},
    ("exile_vote", "target"): {"player"}, ("controls", "what"): SURVIVOR, ("controls", "player"): {"player"},
    ("shares_location", "a"): SURVIVOR, ("shares_location", "b"): SURVIVOR, ("attach", "to"): SURVIVOR,
    ("attach", "card"): {"card"}, ("forbid", "who"): {"survivor", "player"},
    ("exempt", "who"): {"survivor", "player"}, ("modify", "who"): {"survivor", "player", "location", "card"},
    ("look_at", "what"): {"zone", "card", "player"}, ("look_at", "by"): {"player"},
    ("copy_abilities", "who"): SURVIVOR, ("copy_abilities", "from"): SURVIVOR, ("make_leader", "survivor"): SURVIVOR, ("remove_from_game", "target"): {"survivor", "card"},
    ("is", "subject"): {"survivor", "card", "player", "location"}, ("stat_of", "of"): SURVIVOR,
}
#: (op, field, kind) accepted besides EXPECT without being named in its messages: a card that keeps
#: wounds (a vehicle's wear) takes a wound, but "place a wound on …" is taught as "on a survivor"
ALSO_ACCEPTED = {("wound", "target", "card")}
NAMES = {"survivor": "a survivor", "location": "a location", "zone": "a hand, deck, pile or supply",
         "player": "a player", "card": "cards", "die": "action dice", "zombie": "zombies"}


def kind_of(node: dict) -> str:
    """What kind of thing a target or location node names."""
    op = node.get("op")
    if op in ("location", "here", "location_of"):
        return "location"
    if op == "you":
        return "player"
    if op == "zone":
        return "zone"
    return node.get("kind", "")


def walk(nodes) -> Iterator[dict]:
    """Every node in a tree, parents first, in written order."""
    stack = [nodes]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if "op" in node:
                yield node
            stack.extend(reversed([v for v in node.values() if isinstance(v, (dict, list))]))
        elif isinstance(node, list):
            stack.extend(reversed(node))


def _pos(node: dict) -> Pos:
    line, col = node.get("pos", [0, 0])
    return Pos(line, col)


def typecheck(nodes: list[dict]) -> list[BindError]:
    """T001 for every field aimed at the wrong kind of thing."""
    errors = []
    for node in walk(nodes):
        spec = BY_OP.get(node["op"])
        if spec is None:
            continue
        for name, kind in spec.fields.items():
            value = node.get(name)
            if not isinstance(value, dict):
                continue
            expected = EXPECT.get((node["op"], name))
            if kind.rstrip("?") == "location":
                expected = LOCATION
            if node["op"] in ("add_tokens", "remove_tokens") and name in ("to", "from"):
                expected = TOKEN_HOME.get(node["token"])
            got = kind_of(value)
            if (node["op"], name, got) in ALSO_ACCEPTED:
                continue
            if expected and got and got not in expected:
                want = " or ".join(NAMES.get(k, k) for k in sorted(expected))
                errors.append(BindError("T001", f"this needs {want}, but it names {NAMES.get(got, got)}",
                                        _pos(value), expected=want,
                                        hint=_type_hint(node["op"], name, got)))
    return errors


def _type_hint(op: str, field: str, got: str) -> str:
    if op == "wound" and got == "location":
        return "wounds go on survivors: 'place a wound on a survivor at the grocery store'"
    if got == "survivor" and field in ("at", "to", "from"):
        return "to mean where a survivor is, write 'at the location of the chosen survivor' or use 'here'"
    return ""


def structure(nodes: list[dict]) -> list[BindError]:
    """Choices, options, costs and die outcomes that cannot work."""
    errors: list[BindError] = []
    for node in walk(nodes):
        op = node["op"]
        if op in ("choose", "vote"):
            errors.extend(_options(node))
        elif op == "roll":
            errors.extend(_outcomes(node))
        elif op == "spend_die":
            if not 1 <= node["min"] <= 6:
                errors.append(BindError("S003", f"no action die shows {node['min']} or more; action dice have 6 faces",
                                        _pos(node), expected="a minimum from 1 to 6"))
            if node["count"] == 0:
                errors.append(BindError("S003", "spending 0 dice is not a cost", _pos(node)))
        elif op in ("spend_tokens", "spend_cards") and node["count"] == 0:
            errors.append(BindError("S003", "spending nothing is not a cost", _pos(node)))
    return errors


def _options(node: dict) -> list[BindError]:
    options = node["options"]
    if len(options) < 2:
        return [BindError("S001", f"a {'choice' if node['op'] == 'choose' else 'vote'} needs at least two options, "
                          f"this one has {len(options)}", _pos(node), expected="two or more lines starting with '-'")]
    errors = []
    seen = []
    for option in options:
        if _always_false(option.get("requires")):
            errors.append(BindError("S002", "this option can never be chosen: its requirement is never met",
                                    _pos(option)))
        shape = strip_positions(option["body"])
        if shape in seen:
            errors.append(BindError("S002", "this option is the same as an earlier one", _pos(option),
                                    hint="merge the two options or make them differ"))
        seen.append(shape)
    return errors


def _outcomes(node: dict) -> list[BindError]:
    faces = DIE_FACES[node["die"]]
    errors = []
    covered: dict[int, dict] = {}
    for outcome in node["outcomes"]:
        lo, hi = outcome["min"], outcome["max"]
        if lo < 1 or hi > faces or lo > hi:
            errors.append(BindError("S004", f"a {faces}-sided die never shows {lo}" + (f" to {hi}" if hi != lo else ""),
                                    _pos(outcome), expected=f"results from 1 to {faces}"))
            continue
        for value in range(lo, hi + 1):
            if value in covered:
                errors.append(BindError("S004", f"the result {value} already has an outcome (line "
                                        f"{covered[value]['pos'][0]})", _pos(outcome),
                                        hint="die ranges must not overlap"))
                break
            covered[value] = outcome
    return errors


def _always_false(cond) -> bool:
    """A comparison of two plain numbers that is false."""
    if not isinstance(cond, dict) or cond.get("op") != "compare":
        return False
    left, right = cond["left"], cond["right"]
    if left.get("op") != "number" or right.get("op") != "number":
        return False
    a, b = left["value"], right["value"]
    return not {"lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b, "eq": a == b, "ne": a != b}[cond["cmp"]]


def strip_positions(value):
    """A tree without its positions (to compare what two trees say, wherever they were written)."""
    if isinstance(value, dict):
        return {k: strip_positions(v) for k, v in value.items() if k != "pos"}
    if isinstance(value, list):
        return [strip_positions(v) for v in value]
    return value
