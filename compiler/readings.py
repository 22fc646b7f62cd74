"""Clause readings kept between runs: what the phrase grammar made of a clause's words, on disk.

Reading a clause (``dow.dsl.clauses.parse_words``, Lark's Earley parser, then dsl/build.py) is most of
what a check of an unchanged project costs: some 12 ms a clause, against a few tens of microseconds for
everything else a card takes. ``Statements.read`` keeps each reading for the rest of the process; this
module keeps it for the next ``dow check`` or ``dow build`` too, in the toolchain's cache folder
(compiler/cachedir.py), never in the project.

One small JSON file per reading, named by a hash of the clause's start symbol and its words exactly as
written (kind and text of each); it holds those words again, and a file whose words are not the clause's
is not used. The folder is named by a hash of everything a reading depends on besides the words
(``language_stamp``: every file of the effect language, dsl/, the grammar skeleton and the lexicon tables
with it; compiler/statements.py and this module; Lark's version and Python's): a changed form, word or
parser misses, and the clause is read again. A reading is kept with its positions counted in words (the
first word is 0), as ``Statements.read`` keeps it, and put back on the words of the clause that asks for
it, so it comes back as the parse of those words would give it. A reading that holds anything but plain
data, the words' positions counted in words and the few objects the builder makes (``Verb``), is not
kept; nor is a clause the grammar refuses (its error is found again). A file that cannot be read, is not
JSON or holds anything else is ignored (and written again); one that cannot be written is skipped: the
readings are the same either way. ``DOW_CACHE_DIR=off`` turns it off.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import sys
from pathlib import Path

from dow.dsl import ast as A
from dow.dsl.build import Verb

from .cachedir import cache_dir

#: the layout of a kept file and of its reading; a file of another layout is ignored
KEPT_FORMAT = 1
#: where the effect language's sources are: every file there is part of the stamp
DSL_DIR = Path(A.__file__).parent


@dataclasses.dataclass(frozen=True, slots=True)
class At:
    """A position in a kept reading: the start of the clause's word ``index`` (0 for the first)."""

    index: int


@functools.cache
def language_stamp() -> str | None:
    """sha256 of everything a clause's reading depends on besides its words: every file of dsl/ (the
    grammar skeleton, the forms, the lexicon tables, the builder), compiler/statements.py (how a reading
    is placed) and this module, Lark's and Python's versions; None when one of them cannot be read."""
    import lark
    digest = hashlib.sha256()
    for part in (str(KEPT_FORMAT), sys.version, lark.__version__):
        digest.update(part.encode() + b"\0")
    try:
        sources = sorted(p for p in DSL_DIR.iterdir() if p.suffix in (".py", ".lark"))
        for path in [*sources, Path(__file__).with_name("statements.py"), Path(__file__)]:
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    except OSError:
        return None
    return digest.hexdigest()


def readings_folder(root: Path) -> Path | None:
    """Where a project's kept clause readings live: ``<cache folder>/clauses/<project>/<language stamp>``
    (the cache folder: ``$DOW_CACHE_DIR``, ``$XDG_CACHE_HOME/dow`` or ``~/.cache/dow``). None when it is off."""
    folder, stamp = cache_dir(), language_stamp()
    if folder is None or stamp is None:
        return None
    project = hashlib.sha256(str(Path(root).resolve()).encode()).hexdigest()[:16]
    return folder / "clauses" / project / stamp[:24]


def _words(words: tuple[A.Word, ...]) -> list[list[str]]:
    return [[w.kind, w.text] for w in words]


class KeptReadings:
    """The readings kept in one folder (``readings_folder``): ``get`` one, ``keep`` one. Worker processes
    receive it by value (it is its folder)."""

    def __init__(self, folder: Path):
        self.folder = folder

    def _path(self, start: str, words: list[list[str]]) -> Path:
        said = json.dumps([start, words], ensure_ascii=False, separators=(",", ":"))
        return self.folder / f"{hashlib.sha256(said.encode()).hexdigest()}.json"

    def get(self, start: str, words: tuple[A.Word, ...]):
        """The reading kept for these words from ``start`` (positions as ``At``), or None."""
        said = _words(words)
        path = self._path(start, said)
        try:
            data = json.loads(path.read_bytes())
            if not isinstance(data, dict) or data.get("format") != KEPT_FORMAT or data.get("start") != start \
                    or data.get("words") != said:
                return None
            reading = decode(data["reading"], len(words))
        except Exception:   # missing, unreadable, truncated, not JSON, not a reading: read the clause again
            return None
        try:
            os.utime(path)      # used now: kept at the next prune
        except OSError:         # a cache folder we may read but not write: the reading is good all the same
            pass
        return reading

    def keep(self, start: str, words: tuple[A.Word, ...], reading) -> None:
        """Keep a reading (positions as ``At``), when it is plain enough to come back as it is."""
        encoded = encode(reading)
        if encoded is None or not same(decode(encoded, len(words)), reading):
            return
        said = _words(words)
        path = self._path(start, said)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"format": KEPT_FORMAT, "start": start, "words": said, "reading": encoded},
                                      ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
            os.replace(tmp, path)       # atomic: a concurrent run reads the old file or the new one
        except (OSError, ValueError):
            pass


def prune(folder: Path | None, since: float) -> None:
    """After a check of the whole project: drop the kept readings it did not use (not read or written since
    ``since``, a ``time.time()``) and the folders of other language stamps, so the cache holds one
    project's worth of the language as it is."""
    from .cachedir import prune_stamped
    prune_stamped(folder, since)


# ---- a reading as JSON ---------------------------------------------------------------------------------
# Plain data stays as it is (a dict's keys are strings); what JSON has no form of is written as an object
# of one key that no node has (they all start with "@"): a tuple {"@tuple": [...]}, a position
# {"@at": n}, a ``Verb`` {"@verb": [text, base, pos]}. A dict with a key starting with "@" is not kept.

def encode(value):
    """A reading as JSON data, or None when it holds something that would not come back as it is."""
    kind = type(value)
    if value is None or kind in (str, bool, int):
        return value
    if kind is float:
        return value if value == value and value not in (float("inf"), float("-inf")) else None
    if kind is list:
        items = [encode(v) for v in value]
        return None if any(i is None and v is not None for i, v in zip(items, value)) else items
    if kind is tuple:
        items = encode(list(value))
        return None if items is None else {"@tuple": items}
    if kind is dict:
        out = {}
        for k, v in value.items():
            if type(k) is not str or k.startswith("@"):
                return None
            item = encode(v)
            if item is None and v is not None:
                return None
            out[k] = item
        return out
    if kind is At:
        return {"@at": value.index}
    if kind is Verb:
        pos = encode(value.pos)
        if type(value.text) is not str or type(value.base) is not str or pos is None:
            return None
        return {"@verb": [value.text, value.base, pos]}
    return None


def decode(data, words: int):
    """The reading ``encode`` wrote (``words``: how many words the clause has); ValueError if it is not one."""
    if data is None or type(data) in (str, bool, int, float):
        return data
    if type(data) is list:
        return [decode(v, words) for v in data]
    if type(data) is not dict:
        raise ValueError(f"not a reading: {data!r}")
    if len(data) == 1:
        (key, inner), = data.items()
        if key == "@tuple" and type(inner) is list:
            return tuple(decode(v, words) for v in inner)
        if key == "@at" and type(inner) is int and 0 <= inner < words:
            return At(inner)
        if key == "@verb" and type(inner) is list and len(inner) == 3 and all(type(t) is str for t in inner[:2]):
            return Verb(inner[0], inner[1], decode(inner[2], words))
    if any(k.startswith("@") for k in data):
        raise ValueError(f"not a reading: {data!r}")
    return {k: decode(v, words) for k, v in data.items()}


def same(a, b) -> bool:
    """Whether two readings are the same, types included (1 is not True, a tuple is not a list)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if type(a) is Verb:
        return a.text == b.text and a.base == b.base and same(a.pos, b.pos)
    return bool(a == b)
