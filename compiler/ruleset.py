"""Rulesets: a set's game numbers as data (content/<set>/ruleset.yaml), checked and put in the bundle.

The reference engine reads the round structure, the set-up values and its stand-ins from
``bundle["rulesets"][set]``; this module loads those files with positions, checks them
against ``RULESET_SCHEMA`` (located diagnostics, like cards) and returns them as plain data.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from dow.runtime.limits import integer

from .diagnostics import Diagnostic
from .messages import M
from .loader import LoadError, Node, load_file

_INT = integer()
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
    "food": _obj({"survivors_per_food": integer(1)}),
    "waste": _obj({"cards_per_morale": integer(1)}),
    "crisis": _obj({"bonus_over": _INT}),
    "zombies": _obj({"colony_per_survivors": integer(1), "location_per_survivor": _INT,
                     "noise_adds_on_or_below": _INT}),
    "wounds_to_kill": integer(1),
    "clean_waste": _INT,
    "attract": _INT,
    "morale_track": _PAIR,
    "actions_per_turn_cap": integer(1),
    "stand_ins": _obj({"morale": _INT, "rounds": integer(1),
                       "entrance_spaces": integer(1), "noise_spaces": _INT,
                       "survivor_spaces": _obj({"colony": _INT, "other": _INT}),
                       "starting_item_kinds": {"type": "array", "items": {"type": "string"}},
                       "secret_goal": {"enum": ["main_objective"]},
                       "exiled_objectives": {"type": "array", "minItems": 1, "items": _obj(
                           {"id": {"type": "string", "pattern": "^stand-in\\."}, "name": {"type": "string"},
                            "goal": {"type": "array", "minItems": 1, "items": _obj(
                                {"kind": {"enum": ["survivors_in_play", "cards_in_hand"]}, "count": _INT})}})},
                       # the round track a main objective's own text gives (objective slug: rounds), and the
                       # themed stand-in item deck of each location (location slug: {item slug: count})
                       "objective_rounds": {"type": "object", "additionalProperties": integer(1)},
                       # the zombies a main objective's set-up places at each non-colony location (slug: count)
                       "objective_zombies": {"type": "object", "additionalProperties": integer(1)},
                       "location_decks": {"type": "object", "additionalProperties": {
                           "type": "object", "minProperties": 1, "additionalProperties": integer(1)}}},
                      ["morale", "rounds", "entrance_spaces", "noise_spaces", "survivor_spaces", "starting_item_kinds",
                       "secret_goal", "exiled_objectives"]),
    # where seed 004 (English) and seed 001 (Portuguese) disagree, the reading played (docs/runtime.md)
    "readings": _obj({"crisis_target": {"enum": ["all_players", "non_exiled_players"]},
                      "event_items": {"enum": ["waste", "removed"]},
                      "handoff_to": {"enum": ["any_survivor", "own_survivor"]}}),
}, ["game", "players", "setup", "round", "dice", "food", "waste", "crisis", "zombies", "wounds_to_kill", "clean_waste",
    "attract", "morale_track", "actions_per_turn_cap", "stand_ins"])


#: the steps a Warring Colonies round can name (each is ColoniesGame.step_<name>)
WC_STEPS = ["reveal_crisis", "roll_action_dice", "pair_turns", "lone_wolf_turn", "pay_food", "colony_warfare",
            "check_waste", "resolve_crisis", "add_bullets", "add_zombies", "check_main_objective",
            "move_round_tracker", "elect_colony_leader"]
_FACE = _obj({"face": {"enum": ["plus", "target", "biohazard"]}, "value": _INT})
_WOLF_GOAL = _obj({"kind": {"enum": ["entrances_of_both_colonies", "survivors_away", "den_food", "cards_in_hand",
                                     "equipped", "followers", "territory", "missions_completed", "morale_at_least"]},
                   "count": _INT})
_WOLF_CARD = _obj({"id": {"type": "string", "pattern": "^stand-in\\."}, "name": {"type": "string"},
                   "setup": _obj({"den_food": _INT}),
                   "goal": {"type": "array", "items": _WOLF_GOAL, "minItems": 1}}, required=["id", "name", "goal"])
"""A stand-in Lone Wolf mission or secret objective: its id starts with "stand-in." (never a published card)."""
COLONIES_SCHEMA = _obj({
    "game": {"const": "warring-colonies"},
    "players": _PAIR,
    "teams": {"const": 2},
    "setup": _obj({**{k: _INT for k in ("starting_items", "survivors_dealt", "survivors_kept", "survivors_dealt_small",
                                         "survivors_kept_small", "small_game_up_to", "tactics_per_colony")},
                   "secret_objectives_excluded": {"type": "array", "items": {"type": "string"}}}),
    "warfare": _obj({"per_survivor": _INT, "per_armed_survivor": _INT, "bullet_strength": _INT,
                     "order": {"type": "array", "items": {"enum": ["lower_morale_colony", "other_colony",
                                                                    "locations_by_number"]}},
                     "undefended_morale_per_enemy": _INT}),
    "round": _obj({"player_turns": {"type": "array", "items": {"enum": WC_STEPS}},
                   "colony": {"type": "array", "items": {"enum": WC_STEPS}}}),
    "lone_wolf": _obj({**{k: _INT for k in ("survivors_dealt", "survivors_kept", "morale", "morale_max",
                                            "waste_cards_per_morale", "missions_in_hand", "mission_swaps_per_round")},
                       "objectives_dealt": {"type": "integer", "minimum": 1},
                       "round": _obj({"after": {"enum": WC_STEPS},
                                      "steps": {"type": "array", "items": {"enum": ["lone_wolf_turn"]}}})}),
    "eleven_players": _obj({"players": _INT, "starting_items": _INT}),
    "bullets_per_round": _INT,
    "random_items": _obj({"per_location": integer(1)}),
    "card_scope": _obj({"kinds": {"type": "array", "items": {"type": "string"}},
                        "friendly_only": {"type": "array", "items": {"type": "string"}}}),
    "morale_track": _PAIR,
    "readings": _obj({"both_on_guard_ends": {"enum": ["this_combat", "all_combats"]},
                      "tie": {"enum": ["no_winner"]}, "crisis_fails": {"enum": ["each_colony"]},
                      "morale_zero": {"enum": ["game_ends_at_objective_check"]},
                      "lone_wolf_seat": {"enum": ["last"]}, "lone_wolf_crossroads_drawer": {"enum": ["right"]},
                      "lone_wolf_leaves": {"enum": ["end_of_step"]}, "missions_checked": {"enum": ["own_turn"]},
                      "lone_wolf_not_enemy": {"type": "boolean"}}),
    "stand_ins": _obj({"unknown_tactics": _INT, "crisis_needed_per_player": _INT,
                       "timer": _obj({"actions": integer(1),
                                      "quick_actions": integer(1)}),
                       "crisis_deck": _obj({"cards": _INT, "morale_lost": _INT,
                                            "prevent": {"type": "array", "items": {"type": "string"}, "minItems": 1}}),
                       "combat_die": {"type": "array", "items": _FACE, "minItems": 1},
                       "location_order": {"type": "array", "items": {"type": "string"}},
                       "cemetery": _obj({"entrances": integer(1), "survivor_spaces": _INT}),
                       "den": _obj({"survivor_spaces": integer(1)}),
                       "mission_morale": _INT,
                       "lone_wolf_missions": {"type": "array", "items": _WOLF_CARD, "minItems": 1},
                       "lone_wolf_objectives": {"type": "array", "items": _WOLF_CARD, "minItems": 1}}),
})
"""The Warring Colonies ruleset (content/warring-colonies/ruleset.yaml): a file whose ``game`` is
warring-colonies is checked against this schema, every other one against RULESET_SCHEMA."""


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


CACHE = Path("build") / ".cache" / "rulesets.pickle"


def _cache_key() -> str:
    """What a cached ruleset was checked against: the schemas (a changed schema checks every file again)."""
    import hashlib
    import json
    return hashlib.sha256(json.dumps([RULESET_SCHEMA, COLONIES_SCHEMA], sort_keys=True).encode()).hexdigest()


def _cache_read(cache: Path, key: str) -> dict:
    """{path: (sha256 of the file, data)} of the rulesets found valid last time; {} if unreadable or stale."""
    import pickle
    try:
        with open(cache, "rb") as fh:
            stored = pickle.load(fh)
    except Exception:
        return {}
    return stored["files"] if isinstance(stored, dict) and stored.get("key") == key else {}


def _cache_write(cache: Path, key: str, files: dict) -> None:
    import os
    import pickle
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
        with open(tmp, "wb") as fh:
            pickle.dump({"key": key, "files": files}, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, cache)
    except OSError:
        pass


def load_rulesets(content: Path, root: Path) -> tuple[dict[str, Any], list[Diagnostic]]:
    """Every content/<set>/ruleset.yaml, checked: {set: data} and the diagnostics.

    A ruleset found valid is kept in ``build/.cache/rulesets.pickle`` with a hash of its file's
    bytes and read from there while the file is the same (and the schemas): reading the
    files with positions and importing jsonschema to check them was a fifth of a one-card
    ``dow check``. A file with problems is never kept, so its diagnostics are made every time."""
    import copy
    import hashlib
    key = _cache_key()
    cache_path = root / CACHE
    cached = _cache_read(cache_path, key)
    kept: dict = {}
    found, diags = {}, []
    validators: dict = {}
    for path in sorted(content.glob("*/ruleset.yaml")):
        try:
            stamp: str | None = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            stamp = None
        hit = cached.get(str(path))
        if stamp is not None and hit is not None and hit[0] == stamp:
            found[path.parent.name] = copy.deepcopy(hit[1])
            kept[str(path)] = hit
            continue
        if not validators:
            from jsonschema import Draft202012Validator
            validators = {"warring-colonies": Draft202012Validator(COLONIES_SCHEMA),
                          None: Draft202012Validator(RULESET_SCHEMA)}
        base_validator = validators[None]
        display = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        try:
            node, text = load_file(path, display)
        except LoadError as err:
            diags.append(err.diag)
            continue
        if node is None:
            diags.append(Diagnostic("Y001", M("Y001.ruleset-unreadable"), display, 1, 1))
            continue
        lines = text.splitlines()
        data = node.plain()
        validator = validators.get(data.get("game") if isinstance(data, dict) else None, base_validator)
        errors = sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
        for err in errors:
            line, col = _position(node, list(err.absolute_path))
            where = ".".join(map(str, err.absolute_path)) or M("word.the-file")
            code = "S009" if err.validator == "additionalProperties" else "S005"
            message = (M("S009.ruleset", where=where, problem=err.message) if code == "S009"
                       else M("S005.ruleset", where=where, problem=err.message))
            diags.append(Diagnostic(code, message, display, line, col, expected=M("expected.ruleset-schema"),
                                    source_line=lines[line - 1] if 0 < line <= len(lines) else ""))
        if not errors:
            found[path.parent.name] = data
            if stamp is not None:
                kept[str(path)] = (stamp, copy.deepcopy(data))
    if kept != cached:
        _cache_write(cache_path, key, kept)
    return found, diags
