"""The rules chapters and the glossary in the translator's workflow (PO export, import, status, sync).

**Rules chapters** (``content/rules/<lang>/<chapter>.md``): the unit of translation is a *block*,
keyed by its anchor. Every chapter gives each heading an anchor (``## Setup {#base-setup}``) and each
paragraph an attribute line (``{: #base-setup-board }``), the same anchors in the same order in every
language (tests/test_rules_chapters.py). A block is one anchored Markdown block (the text between
blank lines; a fenced code block is never cut) together with the unanchored blocks that follow it (a
list under its lead-in paragraph, a table under its heading). Its PO message context is
``rules/<chapter>|<anchor>``: it survives edits elsewhere in the chapter, reordering and new
paragraphs, and names the place a reader links to. A translation must keep its block's anchors.

**Glossary** (``content/glossary.yaml``): each entry's ``term`` and ``definition``, context
``glossary|<id>.term`` and ``glossary|<id>.definition``.

As for the catalogues, the hash of the English each translation was made from is kept in one file,
``content/sync.yaml``; a changed English makes the translation stale (exported fuzzy with the previous
English from git history as ``#| msgid``, not counted as covered).
"""
from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

from .common import DONE, MISSING, SOURCE, STALE, TARGETS, UNSYNCED, file_history, file_texts, source_hash

ANCHOR = re.compile(r"\{:?\s*#([a-z0-9-]+)\s*\}")
FENCE = re.compile(r"^\s*(```|~~~)")
SYNC = "sync.yaml"
#: the key of the text a chapter may have before its first anchor
START = "start"


class RulesImportError(ValueError):
    """A translation of a rules block that would break the chapter (an anchor lost or added)."""


@dataclass(frozen=True)
class Unit:
    """One block of a rules chapter, or one field of a glossary entry, in every language."""

    context: str
    texts: dict
    where: tuple          # (file of the English, line)

    def state(self, lang: str, sync: dict) -> str:
        """missing, stale, unsynced or done, as for a card field (i18n/workflow.py)."""
        text = self.texts.get(lang)
        if not isinstance(text, str) or not text.strip() or text.strip() == "TODO":
            return MISSING
        digest = sync.get(self.context, {}).get(lang)
        if digest is None:
            return UNSYNCED
        return DONE if digest == source_hash(self.texts[SOURCE]) else STALE


def _blocks(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of each Markdown block: lines between blank lines, a fence kept whole."""
    spans, start, fenced, offset, end = [], None, False, 0, 0
    for line in text.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
        if line.strip() or fenced:
            start = offset if start is None else start
            end = offset + len(line)
        elif start is not None:
            spans.append((start, end))
            start = None
        offset += len(line) + 1
    if start is not None:
        spans.append((start, end))
    return spans


def units_of(text: str) -> dict[str, tuple[int, int]]:
    """{anchor: (start, end)} of a chapter's translation units, in order."""
    units: dict[str, list[int]] = {}
    key = None
    for start, end in _blocks(text):
        anchors = ANCHOR.findall(text[start:end])
        if anchors and anchors[0] not in units:
            key = anchors[0]
            units[key] = [start, end]
        elif key is None:
            key = START
            units[key] = [start, end]
        else:
            units[key][1] = end
    return {k: (a, b) for k, (a, b) in units.items()}


def _chapter_texts(root: Path, chapter: str) -> dict:
    folder = root / "content" / "rules"
    out = {}
    for lang in (SOURCE,) + TARGETS:
        path = folder / lang / f"{chapter}.md"
        out[lang] = path.read_text(encoding="utf-8") if path.is_file() else ""
    return out


def chapters(root: Path) -> list[str]:
    """The chapters with an English text."""
    return sorted(p.stem for p in (root / "content" / "rules" / SOURCE).glob("*.md"))


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def units(root: Path) -> list[Unit]:
    """Every rules block and glossary field, with its translations, in file order."""
    out = []
    for chapter in chapters(root):
        texts = _chapter_texts(root, chapter)
        spans = {lang: units_of(texts[lang]) for lang in texts}
        rel = f"content/rules/{SOURCE}/{chapter}.md"
        for key, (start, end) in spans[SOURCE].items():
            found = {lang: texts[lang][slice(*spans[lang][key])] for lang in TARGETS if key in spans[lang]}
            out.append(Unit(f"rules/{chapter}|{key}", {SOURCE: texts[SOURCE][start:end], **found},
                            (rel, _line(texts[SOURCE], start))))
    out += glossary_units(root)
    return out


def _glossary(root: Path):
    from ruamel.yaml import YAML
    path = root / "content" / "glossary.yaml"
    return YAML(typ="safe").load(path.read_text(encoding="utf-8")) if path.is_file() else None


def glossary_units(root: Path) -> list[Unit]:
    """The term and the definition of every glossary entry."""
    out = []
    for entry in _glossary(root) or []:
        for field in ("term", "definition"):
            value = entry.get(field) if isinstance(entry, dict) else None
            if isinstance(value, dict) and isinstance(value.get(SOURCE), str):
                out.append(Unit(f"glossary|{entry['id']}.{field}", {k: v for k, v in value.items() if k != "sync"},
                                ("content/glossary.yaml", 0)))
    return out


def load_sync(root: Path) -> dict:
    """{context: {lang: hash}} of the rules and glossary translations (content/sync.yaml)."""
    from ruamel.yaml import YAML
    path = root / "content" / SYNC
    return (YAML(typ="safe").load(path.read_text(encoding="utf-8")) or {}) if path.is_file() else {}


def write_sync(root: Path, sync: dict) -> None:
    """content/sync.yaml, one sorted line per block, so a change is one line of a diff."""
    from .common import write_all
    write_all({root / "content" / SYNC: sync_text(sync)})


def sync_text(sync: dict) -> str:
    """The text of content/sync.yaml for these hashes."""
    lines = ["# The English each translation of the rules chapters and the glossary was made from, as a hash",
             "# (compiler/i18n_rules.py). Written by `dow i18n sync` and `dow i18n import`; do not edit by hand."]
    for context in sorted(sync):
        stamps = ", ".join(f'{lang}: "{sync[context][lang]}"' for lang in TARGETS if lang in sync[context])
        lines.append(f"{json.dumps(context, ensure_ascii=False)}: {{{stamps}}}")
    return "\n".join(lines) + "\n"


def mark_stale(root: Path, chapter: str, lang: str, text: str, note: str, sync: dict | None = None) -> str:
    """A chapter's translation as the site shows it: after each block translated from an older English, a
    note saying so (``note``, the site's words). Blocks not yet stamped (unsynced) are not marked."""
    if lang == SOURCE:
        return text
    sync = load_sync(root) if sync is None else sync
    english = _chapter_texts(root, chapter)[SOURCE]
    source = units_of(english)
    out, last = [], 0
    for key, (start, end) in units_of(text).items():
        digest = sync.get(f"rules/{chapter}|{key}", {}).get(lang)
        if key in source and digest is not None and digest != source_hash(english[slice(*source[key])]):
            out += [text[last:end], f'\n\n<p class="stale"><em>{note}</em></p>']
            last = end
    return "".join(out) + text[last:]


def status_rows(root: Path) -> dict:
    """{(row, lang): counts}: a row per chapter (``rules/<chapter>``) and one for the glossary."""
    sync, table = load_sync(root), {}
    for unit in units(root):
        row_name = unit.context.split("|")[0]
        for lang in TARGETS:
            row = table.setdefault((row_name, lang), {MISSING: 0, STALE: 0, UNSYNCED: 0, DONE: 0})
            row[unit.state(lang, sync)] += 1
    return table


def sync_all(root: Path, lang: str) -> int:
    """Record the current English hash of every present translation; returns how many changed."""
    sync, changed = load_sync(root), 0
    for unit in units(root):
        if unit.state(lang, sync) in (UNSYNCED, STALE):
            sync.setdefault(unit.context, {})[lang] = source_hash(unit.texts[SOURCE])
            changed += 1
    if changed:
        write_sync(root, sync)
    return changed


def previous_source(root: Path, unit: Unit, digest: str, depth: int = 40) -> str | None:
    """The English a stale translation was made from, from git history; None where it is not found."""
    try:
        if unit.context.startswith("glossary|"):
            ident, field = unit.context.split("|", 1)[1].rsplit(".", 1)
            for version in file_history(root, "content/glossary.yaml", depth):
                for entry in version or []:
                    old = (entry.get(field) or {}).get(SOURCE) if entry.get("id") == ident else None
                    if isinstance(old, str) and source_hash(old) == digest:
                        return old
            return None
        chapter, key = unit.context.split("/", 1)[1].split("|", 1)
        for text in file_texts(root, f"content/rules/{SOURCE}/{chapter}.md", depth):
            span = units_of(text).get(key)
            if span and source_hash(text[slice(*span)]) == digest:
                return text[slice(*span)]
    except Exception:  # no git, or a revision that no longer reads: no previous text, nothing lost
        return None
    return None


def add_to_catalog(catalog, lang: str, root: Path) -> None:
    """Add every rules block and glossary field to a babel Catalog for one language."""
    sync = load_sync(root)
    for unit in units(root):
        state = unit.state(lang, sync)
        previous = previous_source(root, unit, sync[unit.context][lang]) if state == STALE else None
        catalog.add(unit.texts[SOURCE], "" if state == MISSING else unit.texts[lang], context=unit.context,
                    locations=[unit.where] if unit.where[1] else [], flags=["fuzzy"] if state == STALE else [],
                    auto_comments=[f"{state}: {unit.context.replace('|', ', block ' if unit.context.startswith('rules/') else ', ')}"],
                    previous_id=previous if previous is not None and previous.strip() != unit.texts[SOURCE].strip() else None)


def check_entries(wanted: dict) -> None:
    """Refuse, before anything is written, a rules translation that loses or adds an anchor."""
    for context, (source, text) in wanted.items():
        if context.startswith("rules/") and isinstance(text, str) and ANCHOR.findall(text) != ANCHOR.findall(source):
            raise RulesImportError(f"{context}: the translation must keep the block's anchors "
                                   f"({', '.join('#' + a for a in ANCHOR.findall(source))}): nothing imported")


def import_entries(wanted: dict, lang: str, root: Path, older: list | None = None,
                   stage: dict | None = None) -> list[Path]:
    """Write PO translations ({context: (English, text)}) back into the chapters and the glossary;
    returns the files changed. A translation of an older English is not written, and is reported.
    With ``stage``, nothing is written: the new text of each file is put in it ({path: text})."""
    sync, stamped, changed = load_sync(root), False, []
    edits: dict[str, dict] = {}
    for unit in units(root):
        if unit.context not in wanted or not isinstance(wanted[unit.context][1], str):
            continue
        source, text = wanted[unit.context]
        if source.strip() != unit.texts[SOURCE].strip():
            if older is not None:
                older.append((Path(unit.where[0]), unit.context))
            continue
        if text == unit.texts.get(lang) and unit.state(lang, sync) == DONE:
            continue
        sync.setdefault(unit.context, {})[lang] = source_hash(unit.texts[SOURCE])
        stamped = True
        if text != unit.texts.get(lang):
            name, key = unit.context.split("|", 1)
            edits.setdefault(name, {})[key] = text
    texts: dict = {}
    for name, items in edits.items():
        path, text = _glossary_text(root, lang, items) if name == "glossary" else _chapter_text(root, name[6:], lang, items)
        texts[path] = text
        changed.append(path)
    if stamped:
        texts[root / "content" / SYNC] = sync_text(sync)
        changed.append(root / "content" / SYNC)
    if stage is not None:
        stage.update(texts)
    else:
        from .common import write_all
        write_all(texts)
    return changed


def _chapter_text(root: Path, chapter: str, lang: str, items: dict) -> tuple[Path, str]:
    """Replace blocks of a chapter in place; a block the language lacks goes where the English has it."""
    path = root / "content" / "rules" / lang / f"{chapter}.md"
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    spans = units_of(text)
    english = list(units_of(_chapter_texts(root, chapter)[SOURCE]))
    for key in sorted(items, key=lambda k: spans.get(k, (-1,))[0], reverse=True):
        if key in spans:
            start, end = spans[key]
            text = text[:start] + items[key] + text[end:]
        else:   # a new block: after the block that precedes it in English, or at the end
            before = [k for k in english[:english.index(key)] if k in spans] if key in english else []
            at = spans[before[-1]][1] if before else len(text.rstrip("\n"))
            text = text[:at] + "\n\n" + items[key] + text[at:]
            spans = units_of(text)
    return path, text


def _glossary_text(root: Path, lang: str, items: dict) -> tuple[Path, str]:
    """Set glossary terms and definitions, rewriting only the lines of the changed values."""
    from .common import _in_place, _position, _yaml
    path = root / "content" / "glossary.yaml"
    yaml = _yaml()
    original = path.read_text(encoding="utf-8")
    data = yaml.load(original)
    by_id = {str(entry.get("id")): entry for entry in data}
    positions = []
    for key, text in items.items():
        ident, field = key.rsplit(".", 1)
        container = by_id[ident][field]
        existed = lang in container
        container[lang] = text
        positions.append(_position(container, lang, text) if existed else None)
    buf = io.StringIO()
    yaml.dump(data, buf)
    return path, _in_place(original, positions, buf.getvalue())
