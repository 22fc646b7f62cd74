"""Rulesets: a set's game numbers as data (content/<set>/ruleset.yaml), checked and put in the bundle.

The reference engine reads the round structure, the set-up values and its stand-ins from
``bundle["rulesets"][set]``; this module loads those files with positions, checks them
against ``RULESET_SCHEMA`` (located diagnostics, like cards) and returns them as plain data.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic
from .loader import LoadError, Node, load_file

_INT = {"type": "integer", "minimum": 0}
_PAIR = {"type": "array", "items": _INT, "minItems": 2, "maxItems": 2}
STEPS = ["reveal_crisis", "roll_action_dice", "player_turns", "pay_food", "check_waste", "resolve_crisis",
         "add_zombies", "check_main_objective", "move_round_tracker", "pass_first_player"]


def _obj(props: dict, required: list | None = None) -> dict:
    return {"type": "object", "properties": props, "required": list(required or props),
            "additionalProperties": False}


RULESET_SCHEMA = _obj({
    "game": {"type": "string"},
    "players": _PAIR,
    "setup": _obj({k: _INT for k in ("secret_objectives_per_player", "betrayals_added", "starting_items",
                                      "survivors_dealt", "survivors_kept", "item_deck_size")}),
    "round": _obj({"player_turns": {"type": "array", "items": {"enum": STEPS}},
                   "colony": {"type": "array", "items": {"enum": STEPS}}}),
    "dice": _obj({"base": _INT, "per_survivor": _INT}),
    "food": _obj({"survivors_per_food": {"type": "integer", "minimum": 1}}),
    "waste": _obj({"cards_per_morale": {"type": "integer", "minimum": 1}}),
    "crisis": _obj({"bonus_over": _INT}),
    "zombies": _obj({"colony_per_survivors": {"type": "integer", "minimum": 1}, "location_per_survivor": _INT,
                     "noise_adds_on_or_below": _INT}),
    "wounds_to_kill": {"type": "integer", "minimum": 1},
    "clean_waste": _INT,
    "attract": _INT,
    "morale_track": _PAIR,
    "actions_per_turn_cap": {"type": "integer", "minimum": 1},
    "stand_ins": _obj({"morale": _INT, "rounds": {"type": "integer", "minimum": 1},
                       "entrance_spaces": {"type": "integer", "minimum": 1}, "noise_spaces": _INT,
                       "survivor_spaces": _obj({"colony": _INT, "other": _INT}),
                       "starting_item_kinds": {"type": "array", "items": {"type": "string"}},
                       "secret_goal": {"enum": ["main_objective"]}}),
})


def _position(node: Node, path: list) -> tuple[int, int]:
    """Where in the file a schema error's path points (as deep as the file goes)."""
    line, col = node.line, node.col
    for step in path:
        if node.kind == "map" and step in node.value:
            line, col = node.key_pos.get(step, (node.line, node.col))
            node = node.value[step]
        elif node.kind == "seq" and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
            line, col = node.line, node.col
        else:
            break
    return line, col


def load_rulesets(content: Path, root: Path) -> tuple[dict[str, Any], list[Diagnostic]]:
    """Every content/<set>/ruleset.yaml, checked: {set: data} and the diagnostics."""
    from jsonschema import Draft202012Validator
    validator = Draft202012Validator(RULESET_SCHEMA)
    found, diags = {}, []
    for path in sorted(content.glob("*/ruleset.yaml")):
        display = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        try:
            node, text = load_file(path, display)
        except LoadError as err:
            diags.append(err.diag)
            continue
        if node is None:
            diags.append(Diagnostic("Y001", "the ruleset file could not be read as YAML", display, 1, 1))
            continue
        lines = text.splitlines()
        data = node.plain()
        errors = sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
        for err in errors:
            line, col = _position(node, list(err.absolute_path))
            where = ".".join(map(str, err.absolute_path)) or "the file"
            code = "S009" if err.validator == "additionalProperties" else "S005"
            diags.append(Diagnostic(code, f"ruleset {where}: {err.message}", display, line, col,
                                    expected="see compiler/ruleset.py RULESET_SCHEMA",
                                    source_line=lines[line - 1] if 0 < line <= len(lines) else ""))
        if not errors:
            found[path.parent.name] = data
    return found, diags
