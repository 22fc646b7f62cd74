"""Each card kind's flow for an engine that embeds the runtime: what to check, what to run.

The interpreter runs effect trees; a card is more than its trees. A crossroads card is read
when its trigger holds and offers its options as one choice; a crisis is prevented or not by
the cards added to it; an ability runs with the survivor who uses it bound as ``self``. These
helpers build those runs from the bundle alone, so an engine does not copy the reference
engine's code (docs/embedding.md walks through them). Standard library only.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .interpreter import Env, Execution, Interpreter

Card = dict[str, Any]


def find_card(bundle: dict[str, Any], card_id: str) -> Card:
    """The card of the bundle with that id; KeyError names the id if there is none."""
    for card in bundle.get("cards", []):
        if card["id"] == card_id:
            found: Card = card
            return found
    raise KeyError(f"no card {card_id!r} in the bundle")


def _tree(field: dict[str, Any] | None, default: Any = None) -> Any:
    return (field or {}).get("tree", default)


def _card_pos(card: Card) -> dict[str, Any]:
    """A position for a node the helpers build: the card's file, line 1."""
    return {"card": card["id"], "file": card.get("file", ""), "line": 1, "col": 1}


# ---- crossroads ------------------------------------------------------------------------------
def trigger_event(card: Card) -> dict[str, Any] | None:
    """The crossroads trigger's event pattern (an ``event`` node), or None when the card has none.

    Matching it against what just happened is the engine's part: the pattern names the event kind
    and its filters (docs/bundle.md), and a match binds names (``moved``, ``destination`` …) that the
    condition and the options then read through ``Env.bindings``."""
    event: dict[str, Any] | None = _tree((card.get("trigger") or {}).get("when"))
    return event


def trigger_holds(interp: Interpreter, card: Card, env: Env) -> bool:
    """Whether the crossroads trigger's condition (``trigger.if``) holds now for ``env.player``;
    True for a card without one. Bind what the event matched in ``env.bindings`` first."""
    cond = _tree((card.get("trigger") or {}).get("if"))
    return True if cond is None else interp.check(cond, env)


def crossroads_options(card: Card) -> list[Card]:
    """The card's options in card order: each ``{text, effect?, requires?}`` as in the bundle.
    An option that does nothing has an empty effect (or, in older bundles, none)."""
    return list(card.get("options") or [])


def crossroads_program(card: Card, src: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """A crossroads card as one statement list: its set-up (``setup``, when it has one), then its options
    offered as one ``choose`` node, or as a ``vote`` when the card calls one (``vote``: who votes), or
    chosen by the player the card names (``chooser``). A vote's ``tie_breaker`` (a condition on "they")
    names who breaks a tie, and ``tie`` what happens on a tie instead of an option.

    Every option of the card is an option of the node, in card order, so an ``option`` (or ``vote``)
    decision's choices are indices into ``card["options"]`` (0 = the first option printed). An
    option's ``requires`` goes with it: an option that cannot be met (or whose leading cost cannot be
    paid) is left out of the choices. A card with one option still asks nothing: the choice is made.

    ``src`` is the position the built nodes carry (it becomes their decisions' and log lines' ``src``):
    by default the card's file at line 1; ``{}`` builds nodes without one (the reference engine's logs)."""
    at = {"pos": _card_pos(card) if src is None else src}
    if not at["pos"]:
        at = {}
    program: list[dict[str, Any]] = list(_tree((card.get("setup") or {}).get("effect"), []))
    options = [{"op": "option", **at, "body": _tree(o.get("effect"), []),
                **({"requires": _tree(o["requires"])} if o.get("requires") else {})}
               for o in crossroads_options(card)]
    if not options:
        return program
    if card.get("vote"):
        node: dict[str, Any] = {"op": "vote", "voters": _tree(card["vote"]), "options": options, **at}
        if card.get("tie_breaker"):                     # who breaks a tie, if not the first player
            node["breaker"] = _tree(card["tie_breaker"])
        if card.get("tie"):                             # what a tie does instead of an option
            node["tied"] = _tree(card["tie"], [])
    else:
        node = {"op": "choose", "chooser": "you", "options": options, **at}
        if card.get("chooser"):
            node["by"] = _tree(card["chooser"])
    return program + [node]


def resolve_crossroads(interp: Interpreter, card: Card, env: Env) -> Execution:
    """Run a triggered crossroads card for ``env.player``: an Execution to drive (advance/answer).
    Bind ``this_card`` (your id of the physical card) and what the trigger matched in ``env``."""
    return interp.execute(crossroads_program(card), env)


# ---- crises ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class CrisisResult:
    """How a crisis came out: the points the added cards made, the points needed, and the outcome."""

    points: int
    needed: int
    prevented: bool
    bonus: bool          # prevented by ``bonus_over`` points or more: the colony gains 1 morale


def crisis_result(card: Card, added_types: list[str], players: int, bonus_over: int = 2) -> CrisisResult:
    """Count a crisis: each added card of a type in ``prevent`` is +1, any other card -1; it is prevented
    when the points reach the number of players (not exiled), with a bonus at ``bonus_over`` more
    (``rulesets.base.crisis.bonus_over`` in the bundle; seed 004, Resolve Crisis)."""
    prevent = set(card.get("prevent") or [])
    points = sum(1 if kind in prevent else -1 for kind in added_types)
    return CrisisResult(points, players, points >= players, points >= players + bonus_over)


def fail_crisis(interp: Interpreter, card: Card, env: Env) -> Execution:
    """Run what happens when the crisis is not prevented (its ``effect``), resolved by ``env.player``
    (the reference engine: the first player)."""
    return interp.execute(_tree(card.get("effect"), []), env)


# ---- abilities -------------------------------------------------------------------------------
def abilities(card: Card) -> list[Card]:
    """A survivor's or an item's abilities, in card order: ``{where | use, text, effect}``."""
    return list(card.get("abilities") or [])


def use_ability(interp: Interpreter, card: Card, index: int, env: Env) -> Execution:
    """Run ability ``index`` (0 = the first) of a survivor or an item card.

    Bind ``self`` to the survivor who uses it (a survivor's own id, ``s:<name>`` in the reference
    engine) and, for an item, ``this_card`` to your id of the physical card. Checking ``where``
    (the survivor's location) and ``use`` (equip, waste, event) is the engine's part; a
    ``limit`` node inside the effect asks the host through ``use_limit``."""
    ability = abilities(card)[index]
    return interp.execute(_tree(ability.get("effect"), []), env)


def run_card_effect(interp: Interpreter, card: Card, field: str, env: Env) -> Execution:
    """Run one effect field of a card by name (``effect``, ``setup``, or a dotted path), for the kinds
    without a flow of their own (tactics, Lone Wolf missions, Winter Tricks events, set-up effects); a
    set-up's ``effect`` is found inside it. A card without that field is a ValueError naming the fields
    it has, never a run that does nothing."""
    value: Any = card
    for part in field.split("."):                    # "effect", "setup", "setup.effect"
        value = value.get(part) if isinstance(value, dict) else None
    if isinstance(value, dict) and "tree" not in value and isinstance(value.get("effect"), dict):
        value = value["effect"]                      # a set-up: {effect: {source, tree}, text, morale, …}
    if not isinstance(value, dict) or not isinstance(value.get("tree"), list):
        fields = sorted(k for k, v in card.items() if isinstance(v, dict) and ("tree" in v or "effect" in v))
        raise ValueError(f"card {card.get('id')!r} has no effect field {field!r} (its effect fields: "
                         f"{', '.join(fields) or 'none'})")
    return interp.execute(value["tree"], env)
