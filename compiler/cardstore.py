"""Compiled cards kept small: each card, once compiled and validated, packed and compressed.

A compiled card as Python dicts and lists takes about five times its JSON text (130 KiB for a
dense card), so a project of 10,000 cards held as trees would need over a gigabyte. ``Cards``
keeps each one pickled and zlib-compressed (about 2.5 KiB; pickle rather than JSON because it
packs in half the time and gives back the very types, tuples included, and key order; the blobs
are made and read by this process only, never stored) with the few fields the checks across cards
read (id, kind, names), and decodes a card only when a reader asks for it: ``build.cards`` is
still a sequence of card dicts for every reader (the site, the status table, the tests), and the
bundle writer (``project.write_outputs``) streams it one card at a time. A decoded card is a fresh
dict each time, equal to the compiled one, keys in the same order.
"""
from __future__ import annotations

import pickle
import zlib
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

#: zlib's fastest level: packing costs about 2% of a card's compile and makes it 5 times smaller
LEVEL = 1


class Packed(NamedTuple):
    """One compiled card: its id, kind and names in every language, the card, pickled and compressed, and
    how many scenario tests it carries (``dow check`` counts them without decoding the card)."""

    id: str
    kind: str
    names: tuple[str, ...]
    blob: bytes
    scenarios: int = 0


def pack(card: dict) -> Packed:
    """A compiled card packed for keeping (decoding gives back an equal card, keys in the same order)."""
    name = card.get("name")
    names = tuple(name.values()) if isinstance(name, dict) else ()
    return Packed(card["id"], card["kind"], names, zlib.compress(pickle.dumps(card, pickle.HIGHEST_PROTOCOL), LEVEL),
                  len(card.get("tests") or []))


def unpack(packed: Packed) -> dict:
    """The card dict back from its packed form."""
    return pickle.loads(zlib.decompress(packed.blob))


class Cards(Sequence):
    """Compiled cards, held packed and decoded on access; a read-only sequence of card dicts."""

    def __init__(self, items: list[Packed] | None = None) -> None:
        self._items: list[Packed] = list(items or [])

    def append(self, card: dict | Packed) -> None:
        """Add a compiled card (a dict is packed here)."""
        self._items.append(card if isinstance(card, Packed) else pack(card))

    def sort_by_id(self) -> None:
        """Order the cards by id, as the bundle lists them."""
        self._items.sort(key=lambda p: p.id)

    def packed(self) -> list[Packed]:
        """The packed cards, in order (for readers of id, kind and names only)."""
        return list(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [unpack(p) for p in self._items[index]]
        return unpack(self._items[index])

    def __iter__(self) -> Iterator[dict]:
        for p in self._items:
            yield unpack(p)

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Cards):
            return list(self) == list(other)
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    def __repr__(self) -> str:
        return f"Cards({len(self)} cards)"
