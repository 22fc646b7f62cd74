"""What a crossroads option is worth to the colony, read from its effect tree.

A crossroads card is read aloud, so its options are public: a bot may weigh them. The weight is a
static reading of each option's statements (morale, survivors, wounds, zombies, helpless survivors,
food, cards), not a lookahead: a crossroads choice is asked about once a turn, and a copy of the game
per option would cost more than the rest of the bot together. What the reading cannot see (a roll, a
condition, a choice inside the option) counts at half its weight, as an even chance.
"""
from __future__ import annotations

from typing import Any

from ...cards import crossroads_options

#: the colony's gain per unit of each statement (a lost morale is the game's clock: it weighs most)
WEIGHTS: dict[str, float] = {
    "gain_morale": 3.0, "lose_morale": -3.0, "kill_survivor": -4.0, "wound": -1.5, "heal": 1.0,
    "add_zombies": -0.6, "kill_zombies": 0.6, "remove_zombies": 0.6, "draw_cards": 0.5, "take_cards": 0.5,
    "add_survivor": 2.0, "remove_from_game": -2.0, "spend_cards": -0.5, "skip_crisis": 2.0, "exposure": -1.0,
    "extra_goal": 2.0,
}
#: tokens added to a place: what each one is worth to the colony
TOKENS: dict[str, float] = {"helpless": -1.0, "food": 1.0, "barricade": 0.5, "noise": -0.3}
#: statements whose bodies hold the effect only sometimes (a roll's outcome, a condition, a "you may")
UNSURE = ("if", "roll", "optional", "while", "choose", "vote", "select", "for_each", "repeat")


def _count(node: dict[str, Any], field: str) -> float:
    """A statement's printed count; a count that is computed at play ("that many", "all") counts as 2."""
    value = node.get(field, 1)
    return float(value) if isinstance(value, (int, float)) else 2.0


def _value(node: dict[str, Any]) -> float:
    """One statement's worth to the colony, its nested statements included."""
    op = node.get("op", "")
    worth = 0.0
    if op in ("gain_morale", "lose_morale"):
        worth = WEIGHTS[op] * _count(node, "amount")
    elif op == "kill_survivor":
        worth = WEIGHTS[op] if node.get("morale") != "kept" else WEIGHTS[op] / 2
    elif op in ("add_tokens", "remove_tokens"):
        sign = 1.0 if op == "add_tokens" else -1.0
        worth = sign * TOKENS.get(str(node.get("token")), 0.0) * _count(node, "count")
    elif op == "extra_goal":      # another way to win helps the colony; another requirement holds it back
        worth = WEIGHTS[op] if node.get("kind") == "win" else -WEIGHTS[op]
    elif op == "spend_tokens":
        worth = -TOKENS.get(str(node.get("token")), 0.0) * _count(node, "count")
    elif op in WEIGHTS:
        worth = WEIGHTS[op] * _count(node, "count")
    branches = [node[key] for key in ("body", "then", "else", "otherwise") if key in node]
    nested = sum(_tree_value(b) for b in branches)
    alternatives = node.get("outcomes") or node.get("options")     # one of them happens: their mean
    if isinstance(alternatives, list) and alternatives:
        nested += sum(_tree_value(a) for a in alternatives) / len(alternatives)
    return worth + (nested / 2 if op in UNSURE else nested)


def _tree_value(tree: Any) -> float:
    """The worth of a statement list (or of a list of outcome/option nodes)."""
    if isinstance(tree, dict):
        return _value(tree)
    if isinstance(tree, list):
        return sum(_tree_value(n) for n in tree if isinstance(n, (dict, list)))
    return 0.0


def option_values(card: dict[str, Any]) -> list[float]:
    """Each option's worth to the colony, in card order (0 = the first printed)."""
    return [_tree_value(((o.get("effect") or {}).get("tree")) or []) for o in crossroads_options(card)]


def best_option(card: dict[str, Any], choices: tuple[Any, ...], betrayer: bool = False) -> Any:
    """Of the offered option indices, the one best for the colony (worst, for a betrayer); ties keep the
    printed order."""
    values = option_values(card)
    sign = -1.0 if betrayer else 1.0
    ranked = [c for c in choices if isinstance(c, int) and 0 <= c < len(values)]
    if not ranked:
        return None
    return max(ranked, key=lambda c: (sign * values[c], -c))
