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
from .messages import M
from .errors import BindError

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
    # where cards go and come from: a pile or deck (the handlers read these as zones: "your hand" is one)
    ("draw_cards", "to"): {"zone"}, ("take_cards", "to"): {"zone"}, ("reveal_cards", "from"): {"zone"},
    ("shuffle", "zone"): {"zone"}, ("in_zone", "zone"): {"zone"}, ("arrange", "cards"): {"zone"},
    # cards on survivors (seed 004, Play a Card: an item that says equip is placed beside a survivor)
    ("equip", "card"): {"card"}, ("equip", "to"): SURVIVOR, ("equipped_to", "survivor"): SURVIVOR,
    ("forbid", "card"): {"card"}, ("on", "thing"): {"survivor", "card"},
    # players: who decides, votes, takes damage, owns, is compared
    ("each_player", "players"): {"player"}, ("optional", "player"): {"player"}, ("vote", "players"): {"player"},
    ("damage", "target"): {"player"}, ("owned_by", "player"): {"player"}, ("controls_fewer", "than"): {"player"},
    ("zone", "owner"): {"player", "location"},
    # survivors: who is controlled, stands somewhere, acts, spreads a bite
    ("controller_of", "what"): {"survivor", "card"}, ("location_of", "target"): SURVIVOR,
    ("perform", "who"): SURVIVOR, ("spread_bite", "from"): SURVIVOR, ("set_die", "die"): {"die"},
}
#: target fields the checks leave alone on purpose, each with its reason. Every target field of a node kind
#: is in EXPECT or here, so a new node kind decides which (tests/test_node_kind_pieces.py asks for it)
ANY_KIND: dict[tuple[str, str], str] = {
    ("count_of", "selector"): "a selector says its own kind: the kind is what is counted",
    ("exists", "selector"): "a selector says its own kind: the kind is what is looked for",
    ("for_each", "selector"): "a selector says its own kind: the kind is what is walked",
    ("select", "selector"): "a selector says its own kind: the kind is what is chosen",
    ("per", "selector"): "a selector says its own kind: the kind is what is counted",
    ("event", "actor"): "a trigger's actor is whoever does the thing: a survivor, a player, the round, the warfare",
    ("event", "subject"): "a trigger's subject is whatever the thing is done to, of any kind",
    ("other_than", "target"): "anything but the given one: of the kind of what it filters",
    ("add_tokens", "to"): "checked by token (TOKEN_HOME): noise on a location, food in a supply, despair on a survivor",
    ("remove_tokens", "from"): "checked by token (TOKEN_HOME), as add_tokens' 'to'",
    ("sharing_location", "with"): "anything that stands at a location may be shared with (survivors, zombies)",
    ("perform", "target"): "what an attack aims at depends on the game (zombies; survivors in colony warfare)",
    ("bring_back", "what"): "what is out of play: a dead survivor or a removed card, named by its own kind",
    ("bring_back", "to"): "where it comes back: the colony, a location or a pile, by what is brought back",
}
#: (op, field, kind) accepted besides EXPECT without being named in its messages: a card that keeps
#: wounds (a vehicle's wear) takes a wound, but "place a wound on …" is taught as "on a survivor"
ALSO_ACCEPTED = {("wound", "target", "card")}
#: kinds of things that have words in the message catalogues (``kind.<name>``)
NAMES = ("survivor", "location", "zone", "player", "card", "die", "zombie")


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


def typecheck(nodes: list[dict], walked: list[dict] | None = None) -> list[BindError]:
    """T001 for every field aimed at the wrong kind of thing (``walked``: ``list(walk(nodes))`` if the
    caller has it already)."""
    errors = []
    for node in walk(nodes) if walked is None else walked:
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
            if got == "zone" and "top" in value and expected == {"card"}:   # "the top 2 cards of …": cards
                continue
            if (node["op"], name, got) in ALSO_ACCEPTED:
                continue
            if expected and got and got not in expected:
                want = _either([_kind(k) for k in sorted(expected)])
                errors.append(BindError("T001", M("T001.needs", want=want, got=_kind(got)),
                                        _pos(value), expected=want,
                                        hint=_type_hint(node["op"], name, got)))
    return errors


def _kind(kind: str):
    """A kind of thing as words: 'a survivor', 'cards' (a kind with no message stays as it is)."""
    return M("kind." + kind) if kind in NAMES else kind


def _either(items: list):
    """'a or b or c', in the language the message is printed in."""
    return items[0] if len(items) == 1 else M("word.or", a=items[0], b=_either(items[1:]))


def _type_hint(op: str, field: str, got: str):
    if op == "wound" and got == "location":
        return M("hint.wounds-on-survivors")
    if got == "survivor" and field in ("at", "to", "from"):
        return M("hint.where-survivor-is")
    return ""


def structure(nodes: list[dict], walked: list[dict] | None = None) -> list[BindError]:
    """Choices, options, costs and die outcomes that cannot work (``walked`` as for ``typecheck``)."""
    errors: list[BindError] = []
    for node in walk(nodes) if walked is None else walked:
        op = node["op"]
        if op in ("choose", "vote"):
            errors.extend(_options(node))
        elif op == "roll":
            errors.extend(_outcomes(node))
        elif op == "spend_die":
            if not 1 <= node["min"] <= 6:
                errors.append(BindError("S003", M("S003.no-die-shows", min=node["min"]), _pos(node),
                                        expected=M("expected.die-min-range")))
            if node["count"] == 0:
                errors.append(BindError("S003", M("S003.zero-dice"), _pos(node)))
        elif op in ("spend_tokens", "spend_cards") and node["count"] == 0:
            errors.append(BindError("S003", M("S003.nothing"), _pos(node)))
    return errors


def _options(node: dict) -> list[BindError]:
    options = node["options"]
    if len(options) < 2:
        message = (M("S001.choice-options", n=len(options)) if node["op"] == "choose"
                   else M("S001.vote-options", n=len(options)))
        return [BindError("S001", message, _pos(node), expected=M("expected.two-options"))]
    errors = []
    seen = []
    for option in options:
        if _always_false(option.get("requires")):
            errors.append(BindError("S002", M("S002.never-met"),
                                    _pos(option)))
        shape = strip_positions(option["body"])
        if shape in seen:
            errors.append(BindError("S002", M("S002.same-option"), _pos(option), hint=M("hint.merge-options")))
        seen.append(shape)
    return errors


def _outcomes(node: dict) -> list[BindError]:
    faces = DIE_FACES[node["die"]]
    errors = []
    covered: dict[int, dict] = {}
    for outcome in node["outcomes"]:
        lo, hi = outcome["min"], outcome["max"]
        if lo < 1 or hi > faces or lo > hi:
            message = (M("S004.never-shows-range", faces=faces, lo=lo, hi=hi) if hi != lo
                       else M("S004.never-shows", faces=faces, lo=lo))
            errors.append(BindError("S004", message, _pos(outcome), expected=M("expected.results", faces=faces)))
            continue
        for value in range(lo, hi + 1):
            if value in covered:
                errors.append(BindError("S004", M("S004.overlap", value=value, line=covered[value]["pos"][0]),
                                        _pos(outcome), hint=M("hint.no-overlap")))
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
        return {k: strip_positions(v) for k, v in value.items() if k != "pos" and not k.startswith("_")}
    if isinstance(value, list):
        return [strip_positions(v) for v in value]
    return value


#: card fields that are not facts of the printed card: a null there says nothing about the data
NOT_FACTS = {"notes", "why", "tests", "manual", "source", "status"}


def honest_status(root, compiled: dict) -> list[BindError]:
    """S011: 'implementation: full' with a manual step; S012: 'data: known' with a fact left null."""
    status = root.get("status")
    if status is None or status.kind != "map":
        return []
    errors = []
    impl, data = status.get("implementation"), status.get("data")
    if impl is not None and impl.value == "full":
        for path, effect in _effects(compiled):
            if _manual_step(effect.get("tree", [])):
                errors.append(BindError("S011", M("S011.full-but-manual", field=path), Pos(impl.line, impl.col),
                                        hint=M("hint.mark-partial"), width=len("full")))
                break
    if data is not None and data.value == "known":
        for path, (line, col) in _nulls(root):
            errors.append(BindError("S012", M("S012.known-but-null", field=path), Pos(line, col),
                                    hint=M("hint.mark-needs-transcription"), width=max(len(path.split(".")[-1]), 1)))
    return errors


def _effects(value, path: str = ""):
    if isinstance(value, dict):
        if "tree" in value and "source" in value:
            yield path, value
            return
        for k, v in value.items():
            yield from _effects(v, f"{path}.{k}" if path else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _effects(v, f"{path}.{i}")


def _manual_step(tree) -> bool:
    return any(node.get("op") == "manual" for node in walk(tree))


def _nulls(node, path: str = ""):
    """Every fact of a card source left empty (null), with its dotted path."""
    if node.kind == "map":
        for key, child in node.value.items():
            if not path and key in NOT_FACTS:
                continue
            where = f"{path}.{key}" if path else key
            if child.kind == "scalar" and child.value is None:  # point at the key: the value is not there
                yield where, node.key_pos.get(key, (child.line, child.col))
            else:
                yield from _nulls(child, where)
    elif node.kind == "seq":
        for i, child in enumerate(node.value):
            if child.kind == "scalar" and child.value is None:
                yield f"{path}.{i}", (child.line, child.col)
            else:
                yield from _nulls(child, f"{path}.{i}")
