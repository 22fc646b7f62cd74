"""The content files beside the cards, checked by ``dow check`` and ``dow build`` (and so by ``dow serve``,
which keeps the last good site while one of them is wrong).

* ``content/glossary.yaml``: a list of terms (``id``, ``term`` and ``definition`` in pt, en and vi,
  ``see`` naming a rules chapter and one of its anchors, ``avoid`` and ``keep`` word lists per language);
* ``content/sets.yaml``: per set, per card kind, the official count (a whole number, or null);
* ``content/sync.yaml``: per rules block or glossary text, the hash of the English each translation
  was made from;
* ``content/<set>/known-names*.yaml``: ``names``, the card names known but not transcribed;
* ``content/rules/<lang>/<chapter>.md``: UTF-8 Markdown whose code fences close, every heading with an
  anchor, and in pt and vi the English chapter's anchors in the same order.

(The rulesets, ``content/<set>/ruleset.yaml``, are checked by compiler/ruleset.py.)

A YAML file that does not read gives the loader's located Y001–Y007; a file of the wrong shape gives
S014 at the line and column of the value that is wrong.
"""
from __future__ import annotations

import re
from pathlib import Path

from .diagnostics import Diagnostic
from .messages import M

LANG_TEXTS = {"type": "object", "required": ["pt", "en", "vi"], "additionalProperties": False,
              "properties": {lang: {"type": "string", "minLength": 1} for lang in ("pt", "en", "vi")}}
WORD_LISTS = {"type": "object", "additionalProperties": False,
              "properties": {lang: {"type": "array", "items": {"type": "string"}} for lang in ("pt", "en", "vi")}}
GLOSSARY_SCHEMA = {
    "type": "array",
    "items": {"type": "object", "required": ["id", "term", "definition"], "additionalProperties": False,
              "properties": {"id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
                             "term": LANG_TEXTS, "definition": LANG_TEXTS,
                             "see": {"type": "string", "pattern": r"^[a-z0-9-]+\.md(#[a-z0-9-]+)?$"},
                             "avoid": WORD_LISTS, "keep": WORD_LISTS,
                             # false: an everyday word of the game (card, deck), listed for its one
                             # spelling, that the site does not explain with a tooltip on every page
                             "tooltip": {"type": "boolean"}}},
}
SETS_SCHEMA = {
    "type": "object",
    "additionalProperties": {"type": "object", "additionalProperties": {
        "anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}},
}
SYNC_SCHEMA = {
    "type": "object",
    "propertyNames": {"pattern": r"^(rules/[a-z0-9-]+|glossary)\|."},
    "additionalProperties": {"type": "object", "additionalProperties": False,
                             "properties": {lang: {"type": "string", "pattern": "^[0-9a-f]{8}$"}
                                            for lang in ("pt", "vi")}},
}
KNOWN_NAMES_SCHEMA = {
    "type": "object", "required": ["names"], "additionalProperties": False,
    "properties": {"names": {"type": "array", "items": {"type": "string", "minLength": 1}}},
}

ANCHOR = re.compile(r"\{:?\s*#([a-z0-9-]+)\s*\}")
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^#{1,6}\s")


def yaml_files(content: Path) -> list[tuple[Path, dict]]:
    """Every YAML content file beside the cards and rulesets, with its schema."""
    found = [(content / "glossary.yaml", GLOSSARY_SCHEMA), (content / "sets.yaml", SETS_SCHEMA),
             (content / "sync.yaml", SYNC_SCHEMA)]
    found += [(path, KNOWN_NAMES_SCHEMA) for path in sorted(content.glob("*/known-names*.yaml"))]
    return [(path, schema) for path, schema in found if path.is_file()]


def chapter_files(content: Path) -> list[Path]:
    """Every rules chapter, in every language."""
    return sorted((content / "rules").glob("*/*.md"))


def _display(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()



def _stamp(content: Path) -> str | None:
    """One hash of every content file checked here and of this module's schemas; None if one cannot be read."""
    import hashlib
    import json
    digest = hashlib.sha256(json.dumps([GLOSSARY_SCHEMA, SETS_SCHEMA, SYNC_SCHEMA, KNOWN_NAMES_SCHEMA],
                                       sort_keys=True).encode())
    digest.update(Path(__file__).read_bytes())
    try:
        for path in [p for p, _ in yaml_files(content)] + chapter_files(content):
            digest.update(path.relative_to(content).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    except OSError:
        return None
    return digest.hexdigest()


def _cache_file(root: Path) -> Path | None:
    """The stamp of the project's content files last found clean, in the toolchain's cache folder (the text
    cache's: ``$DOW_CACHE_DIR``, ``$XDG_CACHE_HOME/dow`` or ``~/.cache/dow``), never in the project, whose
    build/ a ``dow build --out DIR`` must not touch."""
    import hashlib

    from .cachedir import cache_dir
    folder = cache_dir()
    if folder is None:
        return None
    return folder / "contentfiles" / (hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:16] + ".sha256")


def check(root: Path) -> list[Diagnostic]:
    """The located diagnostics of every content file beside the cards (none when all are well). Files
    found clean are remembered by a hash of their bytes (in the toolchain's cache folder), so an
    unchanged project is not read twice: reading and validating them was a tenth of a one-card check."""
    stamp = _stamp(root / "content")
    cache = _cache_file(root)
    try:
        if stamp is not None and cache is not None and cache.read_text(encoding="utf-8") == stamp:
            return []
    except (OSError, UnicodeDecodeError):
        pass
    diags = _check(root)
    if not diags and stamp is not None and cache is not None:
        import os
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
            tmp.write_text(stamp, encoding="utf-8")
            os.replace(tmp, cache)
        except OSError:
            pass
    return diags


def _check(root: Path) -> list[Diagnostic]:
    content = root / "content"
    diags: list[Diagnostic] = []
    see: list = []
    for path, schema in yaml_files(content):
        diags += _check_yaml(path, schema, _display(path, root), see)
    anchors = {}
    for path in chapter_files(content):
        found = _check_chapter(path, _display(path, root), diags)
        if found is not None:
            anchors[(path.parent.name, path.name)] = found
    english = {name: found for (lang, name), found in anchors.items() if lang == "en"}
    for (lang, name), found in sorted(anchors.items()):
        if lang != "en":
            diags += _compare_anchors(content / "rules" / lang / name, _display(content / "rules" / lang / name, root),
                                      found, english.get(name))
    for display, line, col, source, target in see if english else ():   # a chapter and one of its anchors
        # (a project without rules chapters, cards and a glossary alone, links to none)
        chapter, _, anchor = target.partition("#")
        if chapter not in english or (anchor and anchor not in {a for a, _ in english[chapter]}):
            diags.append(Diagnostic("S014", M("S014.see", see=target), display, line, col, source_line=source))
    return diags


def _check_yaml(path: Path, schema: dict, display: str, see: list) -> list[Diagnostic]:
    from jsonschema import Draft202012Validator

    from .loader import LoadError, load_file
    from .ruleset import _position
    try:
        node, text = load_file(path, display)
    except LoadError as err:
        return [err.diag]
    lines = text.splitlines()
    data = node.plain() if node is not None else None
    if data is None:     # an empty file: what the site reads as nothing
        return []
    out = []
    for err in sorted(Draft202012Validator(schema).iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        line, col = _position(node, list(err.absolute_path))
        where = ".".join(map(str, err.absolute_path)) or M("word.the-file")
        out.append(Diagnostic("S014", M("S014.shape", where=where, problem=err.message), display, line, col,
                              source_line=lines[line - 1] if 0 < line <= len(lines) else ""))
    if out or schema is not GLOSSARY_SCHEMA:
        return out
    first: dict = {}
    for item in node.value:           # ids are unique; 'see' is checked against the chapters
        ident = item.value["id"]
        if ident.value in first:
            out.append(Diagnostic("S014", M("S014.twice", id=ident.value, line=first[ident.value]), display,
                                  ident.line, ident.col, source_line=lines[ident.line - 1]))
        first.setdefault(ident.value, ident.line)
        if "see" in item.value:
            value = item.value["see"]
            see.append((display, value.line, value.col, lines[value.line - 1], value.value))
    return out


def _check_chapter(path: Path, display: str, diags: list) -> list | None:
    """A chapter's [(anchor, line)]; None when it cannot be read (its diagnostic added)."""
    from .loader import LoadError, decode
    try:
        text = decode(path.read_bytes(), display)
    except LoadError as err:
        diags.append(err.diag)
        return None
    lines = text.split("\n")
    opened = None
    anchors = []
    for number, line in enumerate(lines, 1):
        if FENCE.match(line):
            opened = None if opened else number
            continue
        if opened:
            continue
        anchors += [(a, number) for a in ANCHOR.findall(line)]
        if HEADING.match(line) and not ANCHOR.search(line):
            diags.append(Diagnostic("S014", M("S014.heading-anchor"), display, number, 1, source_line=line))
    if opened:
        diags.append(Diagnostic("S014", M("S014.fence"), display, opened, 1, source_line=lines[opened - 1]))
    return anchors


def _compare_anchors(path: Path, display: str, found: list, english: list | None) -> list[Diagnostic]:
    """A translated chapter has the English chapter's anchors, in the same order."""
    if english is None:
        return [Diagnostic("S014", M("S014.no-english", name=path.name), display, 1, 1)]
    for i, (anchor, line) in enumerate(found):
        if i >= len(english) or english[i][0] != anchor:
            wanted = english[i][0] if i < len(english) else None
            message = M("S014.anchor-order", found=anchor, wanted=wanted) if wanted else M("S014.anchor-extra", found=anchor)
            source = path.read_text(encoding="utf-8").split("\n")[line - 1]
            return [Diagnostic("S014", message, display, line, source.find("#" + anchor) + 1, source_line=source)]
    if len(found) < len(english):
        last = found[-1][1] if found else 1
        return [Diagnostic("S014", M("S014.anchor-missing", wanted=english[len(found)][0]), display, last, 1)]
    return []
