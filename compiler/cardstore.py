"""Compiled cards kept small: each card, once compiled and validated, as compressed JSON.

A compiled card as Python dicts and lists takes about five times its JSON text (130 KiB for a
dense card), so a project of 10,000 cards held as trees would need over a gigabyte. ``Cards``
keeps each one as zlib-compressed JSON (about 2 KiB) with the few fields the checks across cards
read (id, kind, names), and decodes a card only when a reader asks for it: ``build.cards`` is
still a sequence of card dicts for every reader (the site, the status table, the tests), and the
bundle writer (``project.write_outputs``) streams it one card at a time. A decoded card is a fresh
dict each time, equal to the compiled one, keys in the same order.
"""
from __future__ import annotations

import json
import zlib
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

#: zlib's fastest level: compressing costs about a tenth of a card's compile, and packs 6-10 times
LEVEL = 1


class Packed(NamedTuple):
    """One compiled card: its id, kind and names in every language, and its JSON, compressed."""

    id: str
    kind: str
    names: tuple[str, ...]
    blob: bytes


def pack(card: dict) -> Packed:
    """A compiled card packed for keeping (insertion order of keys kept, so decoding gives it back)."""
    text = json.dumps(card, ensure_ascii=False, separators=(",", ":"))
    name = card.get("name")
    names = tuple(name.values()) if isinstance(name, dict) else ()
    return Packed(card["id"], card["kind"], names, zlib.compress(text.encode("utf-8"), LEVEL))


def unpack(packed: Packed) -> dict:
    """The card dict back from its packed form."""
    return json.loads(zlib.decompress(packed.blob))


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
