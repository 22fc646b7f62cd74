"""The location item decks a game is dealt: the ruleset's themed stand-in decks, or every kind in turn.

The rulebook sorts the item cards into one deck of 20 per location (seed 004, Game Components and Setup)
but the per-location contents are not transcribed. The base ruleset lists a **stand-in** deck for each
location under ``stand_ins.location_decks`` (item slug: count), themed on what such a place holds (food at
the grocery store, weapons at the police station, medicine at the hospital, fuel at the gas station, books
at the library and the school). A location the ruleset does not list, or a bundle without the list, gets
the older fallback: every item kind in turn. Standard library only.
"""
from __future__ import annotations

from typing import Callable

from .common import slug


def location_deck(stand: dict, loc_card: str, index: int, kinds: list[str], size: int,
                  instance: Callable[[str], str]) -> list[str]:
    """The (unshuffled) item deck of the ``index``-th searchable location, card ``loc_card``: the
    ruleset's themed stand-in deck for it if the bundle has every kind it names, else ``size`` cards
    cycling through ``kinds``."""
    themed = (stand.get("location_decks") or {}).get(slug(loc_card))
    if themed:
        by_slug = {slug(k): k for k in kinds}
        if all(name in by_slug for name in themed):
            return [instance(by_slug[name]) for name, count in sorted(themed.items()) for _ in range(count)]
    return [instance(kinds[(index * 7 + k) % len(kinds)]) for k in range(size)]
