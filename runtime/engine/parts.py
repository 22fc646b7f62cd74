"""The typed base of the reference engine's mixins, for the type checker.

``Game`` is put together from mixins (``PlayerChoices``, ``TurnActions``, ``EffectRules``), each of which
uses attributes that ``Game.__init__`` sets and methods that another mixin defines. ``GameParts`` declares
them, so that each mixin type-checks on its own. The declarations are annotations only: at run time this is
an empty class and changes nothing. Warring Colonies adds no mixin: ``ColoniesGame`` holds its steps as
parts, each an object built with the game (``ColonyPhase``, ``ColonyWarfare``, ``MovementStep``, ``LoneWolf``).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pragma: no cover
    from ..decisions import PickWatcher
    from ..interpreter import Interpreter
    from ..replay import EventLog
    from .common import CardIndex, Gen
    from .host import GameHost
    from .state import State


class GameParts:
    """What the base game's mixins share: Game's attributes and the methods one mixin calls on another."""

    # set by Game.__init__ (engine/game.py)
    state: State
    host: GameHost
    interp: Interpreter
    log: EventLog
    rng: random.Random
    rules: dict[str, Any]
    defs: dict[str, dict[str, Any]]
    bundle: dict[str, Any]
    options: dict[str, Any]
    seed: int
    n: int
    check: bool
    violations: list[str]
    pick_watchers: list[PickWatcher]
    decisions: list[Any]
    last_location: dict[str, str]
    rule_scope: tuple[Any, ...] | None
    action_no: int
    total_cards: int
    drawer: str | None
    exiled_deck: list[str]
    requested: set[str]
    handed: set[str]
    free_used: set[Any]
    _ability_info: dict[int, tuple[Any, ...]]
    bundle_index: CardIndex
    turn_actions: dict[str, set[str]]
    #: how the engine keeps the rule it is handing to the host through the rule's handler (EffectRules.hand_over)
    placing: tuple[Any, ...] | None = None

    # defined by one mixin, called by another (the defining module says what each does)
    run_effect: Callable[..., Gen]                 # EffectRules (PlayerChoices wraps it)
    settle: Callable[..., Gen]                     # EffectRules
    fire: Callable[..., Gen]                       # EffectRules
    holds: Callable[..., bool]                     # EffectRules
    match: Callable[..., dict[str, Any] | None]    # EffectRules
    register: Callable[..., None]                  # EffectRules
    rehome_rules: Callable[..., None]              # EffectRules
    used_weapon: Callable[..., None]               # EffectRules
    exile_vote: Callable[..., Gen]                 # TurnActions
    exposure: Callable[..., Gen]                   # TurnActions
    strike: Callable[..., Gen]                     # TurnActions
    move: Callable[..., Gen]                       # TurnActions
    spread: Callable[..., Gen]                     # TurnActions
    request: Callable[..., Gen]                    # TurnActions
    asked_in_request: Callable[..., list[Any]]     # TurnActions
    passive: Callable[..., bool]                   # TurnActions
    acted: Callable[..., None]                     # TurnActions
    end_turn: Callable[..., Gen]                   # TurnActions
    exiled_food: Callable[..., Gen]                # PlayerChoices
    first_player_breaks: Callable[..., Gen]        # PlayerChoices
    tie_breaker: Callable[..., str]                # PlayerChoices
    lowest_influence: Callable[..., list[str]]     # PlayerChoices
    pick_entrance: Callable[..., Gen]              # PlayerChoices
    settle_item: Callable[..., Gen]                # PlayerChoices
    zombie_entrances: Callable[..., list[int]]     # PlayerChoices
    printed_goals_met: Callable[..., bool]         # Game
    roll_noise: Callable[..., None]                # Game
    skip_marked_crisis: Callable[..., bool]        # Game
    rule_reading: Callable[..., str]               # Game
    side_home: Callable[..., str]                  # Game
    player_side: Callable[..., str]                # Game
