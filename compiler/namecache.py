"""The names of the cards not being compiled, kept between runs.

Checking one card still resolves the names of every other card in ``content/`` (a crossroads
card quotes survivors by name). Reading those names means loading every other card file, which
made ``dow check`` of one card cost as much as the size of the project. This cache keeps, per
card file, its size, modification time, kind and names in ``build/.cache/names.json``; a file
whose size or time changed is read again, a file that is gone drops out. A cache that cannot be
read is ignored and one that cannot be written is skipped: the names are then read from the
files, as before, and the result is the same.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

VERSION = 1
CACHE = Path("build") / ".cache" / "names.json"


def _read_names(path: Path) -> tuple[str, list[str]] | None:
    """(kind, names in every language) of one card file, or None if it is not a readable card."""
    from .loader import LoadError, load_file
    try:
        node, _ = load_file(path)
    except LoadError:
        return None
    if node is None or node.kind != "map" or node.get("kind") is None or node.get("name") is None:
        return None
    name = node.get("name").plain()
    names = [name.get(lang) for lang in ("pt", "en", "vi")] if isinstance(name, dict) else [name]
    return str(node.get("kind").value), sorted({n for n in names if isinstance(n, str)})


def _load(cache: Path) -> dict:
    try:
        data = json.loads(cache.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("files"), dict):
        return {}
    return data["files"]


def _save(cache: Path, files: dict) -> None:
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"version": VERSION, "files": files}, sort_keys=True), encoding="utf-8")
        os.replace(tmp, cache)
    except OSError:
        pass


def _card_entries(content: Path):
    """(path, stat) of every card file under content/ (any depth, in a kind folder), with os.scandir:
    no Path objects and no symlink resolution per file, so listing 10,000 files stays cheap."""
    from .cards import folder_kind
    for folder, _dirs, names in os.walk(content):
        if folder_kind(os.path.basename(folder)) is None:
            continue
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.endswith(".yaml") and entry.is_file():
                    yield entry.path, entry.stat()


def other_names(root: Path, compiled: list[Path]) -> dict[str, set[str]]:
    """The names, by kind, of every card file in root/content except those being compiled (the
    compiled ones are told apart by device and inode, so a relative or linked path is the same file)."""
    content = root / "content"
    if not content.is_dir():
        return {}
    skip = set()
    for path in compiled:
        try:
            st = path.stat()
        except OSError:
            continue
        skip.add((st.st_dev, st.st_ino))
    cache = root / CACHE
    old = _load(cache)
    new: dict[str, list] = {}
    found_by_kind: dict[str, list] = {}
    changed = False                 # a file read again, new or unreadable: the cache is written again
    for key, st in _card_entries(content):
        entry = old.get(key)
        if (st.st_dev, st.st_ino) in skip:
            if entry is not None:
                new[key] = entry        # kept for the next check of another card
            continue
        stamp = [st.st_size, st.st_mtime_ns]
        if isinstance(entry, list) and len(entry) == 3 and entry[0] == stamp:
            new[key] = entry            # the same list: nothing to compare or write when nothing changed
        else:
            changed = True
            found = _read_names(Path(key))
            if found is None:
                continue
            entry = new[key] = [stamp, *found]
        found_by_kind.setdefault(entry[1], []).append(entry[2])
    if changed or len(new) != len(old):
        _save(cache, new)
    return {kind: set().union(*lists) for kind, lists in found_by_kind.items()}
