"""The base game's numbers, as data: set-up, round structure, and the stand-ins.

Every value cites the rulebook paragraph it comes from (seed 004, English base
rules; seed 001 is the Portuguese edition). Where the published value is not
known to this project (item deck contents, the values printed on a main
objective card, the number of spaces at a location), the engine plays with a
**stand-in**: listed under ``stand_ins``, never shown as the published game's,
so simulations run end to end while the gap stays visible. A variant is this
dictionary with some values changed (``ruleset(**changes)``).
"""
from __future__ import annotations

import copy

BASE = {
    "game": "base",
    "players": [2, 5],                       # 5 player reference sheets (seed 004, Game Components)
    "setup": {
        "secret_objectives_per_player": 2,   # "set aside 2 (facedown) per player" (seed 004, Setup)
        "betrayals_added": 1,                # "add 1 of them" (seed 004, Setup)
        "starting_items": 5,                 # "deal 5 to each player" (seed 004, Setup)
        "survivors_dealt": 4,                # "Deal 4 survivor cards" (seed 004, Setup)
        "survivors_kept": 2,                 # "chooses 2 to keep" (seed 004, Setup)
        "item_deck_size": 20,                # "20 … Item Deck Cards" per location (seed 004, Game Components)
    },
    "round": {
        "player_turns": ["reveal_crisis", "roll_action_dice", "player_turns"],      # seed 004, I. Player Turns Phase
        "colony": ["pay_food", "check_waste", "resolve_crisis", "add_zombies",
                   "check_main_objective", "move_round_tracker", "pass_first_player"],  # seed 004, II. Colony Phase
    },
    "dice": {"base": 1, "per_survivor": 1},  # "1 action die, plus 1 additional … for each survivor" (seed 004, Roll Action Dice)
    "food": {"survivors_per_food": 2},       # "1 food token … for every 2 survivors in the colony (rounded up)" (Pay Food)
    "waste": {"cards_per_morale": 10},       # "For every 10 cards (rounded down), decrease morale by 1" (Check Waste)
    "crisis": {"bonus_over": 2},             # "exceeds the number of players by 2 or more the colony gains 1 morale"
    "zombies": {"colony_per_survivors": 2, "location_per_survivor": 1,
                "noise_adds_on_or_below": 3},  # seed 004, Add Zombies
    "wounds_to_kill": 3,                     # "When a survivor has 3 or more wound tokens it is killed"
    "clean_waste": 3,                        # "remove the top 3 cards of the waste pile" (Clean Waste)
    "attract": 2,                            # "move 2 zombies" (Attract)
    "morale_track": [0, 10],
    # not a rule of the game: a bound on actions in one turn so that no agent can stall a simulation
    "actions_per_turn_cap": 200,
    "stand_ins": {
        "_note": "values the reference engine plays with where the published one is not known to this project; "
                 "they are not the published game's",
        "morale": 5,                         # the main objective card prints it; not transcribed
        "rounds": 7,                         # likewise
        "entrance_spaces": 3,                # zombie spaces per entrance
        "noise_spaces": 4,                   # noise spaces per location
        "survivor_spaces": {"colony": 30, "other": 4},
        "starting_item_kinds": ["food-1", "food-3", "medicine", "fuel", "junk"],
        "secret_goal": "main_objective",     # a non-betrayer wins if the main objective is completed,
                                             # a betrayer if morale reaches 0 (secret goals not transcribed)
    },
}


def ruleset(base: dict | None = None, **changes) -> dict:
    """A copy of a ruleset with top-level or dotted ('setup.starting_items') values changed."""
    rules = copy.deepcopy(base or BASE)
    for key, value in changes.items():
        where, *path = key.split("__") if "__" in key else key.split(".")
        target = rules
        parts = [where, *path]
        for part in parts[:-1]:
            target = target[part]
        target[parts[-1]] = value
    return rules
