"""The reference host's optional ``find_named`` hook (docs/embedding.md): a named card's thing found
from an index of the survivors' names instead of a scan asking every thing for its name.

``NameIndex`` is a mixin of ``GameHost`` (engine/host.py); the state and the queries (``self.s``,
``things``, ``attr``) come from it.
"""
from __future__ import annotations

from typing import Any, Callable


class NameIndex:
    """Survivors by name, built the first time a name is asked and again when the state's survivors change."""

    s: Any
    things: Callable[[str], list[str]]
    attr: Callable[[str, str], Any]
    #: (the survivors' dict it was built from, its size then, name -> survivor ids in state order)
    _names: tuple[dict[str, Any], int, dict[str, list[str]]] | None = None

    def find_named(self, kind: str, name: str, anywhere: bool = False) -> str | None:
        """The survivor with this name in play (``anywhere``: or out of it), as a scan of ``things`` would find
        it, from an index of the survivors' names (they never change; survivors only join the state at set-up)."""
        if kind != "survivor":
            return next((t for t in self.things(kind) + (self.things("any_" + kind) if anywhere else [])
                         if self.attr(t, "name") == name), None)
        s = self.s
        kept = self._names
        if kept is None or kept[0] is not s.survivors or kept[1] != len(s.survivors):   # a new or grown state
            index: dict[str, list[str]] = {}
            for sid, v in s.survivors.items():
                index.setdefault(v.name, []).append(sid)
            kept = self._names = (s.survivors, len(s.survivors), index)
        ids = kept[2].get(name, ())
        found = next((sid for sid in ids if s.survivors[sid].place == "play"), None)
        return found if found is not None or not anywhere or not ids else ids[0]
