"""Winter Tricks' numbers: players, hands, what a trick collects, the frostbite and infirmary rules, and
example values where the rulebook (seed 003) gives none. The game (winter_tricks.py) and its bot
(winter_tricks_bot.py) both read them here, so that neither imports the other for them.
"""
from __future__ import annotations

from typing import Any

NAME = "winter-tricks"
PLAYERS = range(2, 6)
SET = "winter-tricks"
EVENTS_PER_GAME = 3
HAND_SIZE = {2: 10, 3: 9, 4: 8, 5: 7}
#: cards the trick winner moves to their colony: (fewest, most)
COLLECT = {2: (1, 1), 3: (1, 2), 4: (1, 2), 5: (2, 3)}
FROSTBITE_PER_CARD = 2
HIBERNATION = 4
INFIRMARY_TYPES = 3
MAX_PURCHASES = 2
RESOURCES = ("fuel", "water", "food", "tools")

#: example values for numbers the rulebook does not give (not the published game)
EXAMPLE: dict[str, Any] = {
    "resource_values": list(range(1, 11)),       # each resource: one card of each value
    "relic_copies": 1,
    "equipment_copies": {"harpoon": 1, "tarp": 3, "chest": 3},
    "equipment_price": 2,                        # any resource cards from the colony
}
