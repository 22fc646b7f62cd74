"""The translator's workflow: coverage, staleness, and PO files in and out.

English is the source language. A translated field records, per language, a
short hash of the English text it was translated from:

    text:
      en: Kill 3 zombies here.
      pt: Mate 3 zumbis aqui.
      vi: Giết 3 con thây ma tại đây.
      sync: {pt: 5d41402a, vi: 5d41402a}

When the English text changes the hash no longer matches and the translation is
reported stale, never silently kept as current. ``dow i18n export --lang vi``
writes a PO file (message context = card id and field, the English source,
the file position as reference); ``dow i18n import FILE`` writes the translations
back into the YAML files with ruamel.yaml's round-trip mode, so comments and key
order stay, and stamps the new hashes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from dow.compiler.cards import LANGS
from dow.compiler.loader import LoadError, Node, load_file

from .common import (DONE, MISSING, SOURCE, STALE, TARGETS, UNSYNCED, Flow, _in_place, _position,  # noqa: F401
                     _yaml, file_history, file_texts, source_hash, write_all)


#: a line width no exported line reaches (see export)
NO_WRAP = 1_000_000


#: Vietnamese letters made with a mark that are letters of their own, after their base (a < ă < â < b,
#: d < đ < e, o < ô < ơ < p, u < ư < v); the tones and Portuguese accents only break ties
_VI_LETTERS = {"\u0306": "\x7f1", "\u0302": "\x7f2", "\u031b": "\x7f3"}


def collation_key(text: str, lang: str) -> tuple:
    """A key that sorts names as a reader of the language expects: case and accents only break ties,
    and in Vietnamese ă, â, đ, ê, ô, ơ, ư come after their base letter (a plain sort puts 'Đạo' after
    'Tuyệt')."""
    import unicodedata
    folded = unicodedata.normalize("NFD", str(text).lower())
    if lang == "vi":
        folded = folded.replace("đ", "d\x7f")
    primary = "".join(_VI_LETTERS.get(c, "") if lang == "vi" and c in _VI_LETTERS else
                      "" if unicodedata.combining(c) else c for c in folded)
    return primary, folded, str(text)


def by_name(cards: list, lang: str) -> list:
    """Cards sorted by their name in one language, as collation_key orders names."""
    return sorted(cards, key=lambda c: collation_key(c["name"][lang] if isinstance(c["name"], dict) else c["name"], lang))


@dataclass(frozen=True)
class Field:
    """One localized field of a card file."""

    file: Path
    card_id: str
    card_set: str
    path: tuple
    line: int
    texts: dict
    sync: dict

    @property
    def context(self) -> str:
        """The PO message context: card id and field path."""
        return f"{self.card_id}|{'.'.join(str(p) for p in self.path)}"

    def state(self, lang: str) -> str:
        """missing, stale, unsynced (no hash recorded yet) or done."""
        text = str(self.texts.get(lang, "") or "").strip()
        if not text or text == "TODO":
            return MISSING
        if lang not in self.sync:
            return UNSYNCED
        return DONE if self.sync[lang] == source_hash(str(self.texts.get(SOURCE, ""))) else STALE


def fields_of(path: Path) -> list[Field]:
    """Every localized field of a card file (mappings with an 'en' text), in file order."""
    try:
        root, _ = load_file(path)
    except LoadError:
        return []
    return fields_in(root, path)


def fields_in(root: Node | None, path: Path) -> list[Field]:
    """``fields_of`` a card file already loaded (``root``, its node as ``load_file`` gives it)."""
    if root is None or root.kind != "map":
        return []
    card_id = str(root.value.get("id").value) if root.get("id") else path.stem
    card_set = str(root.value.get("set").value) if root.get("set") else "?"
    out: list[Field] = []
    _walk(root, (), path, card_id, card_set, out)
    return out


def _walk(node: Node, path: tuple, file: Path, card_id: str, card_set: str, out: list) -> None:
    if node.kind == "map":
        if SOURCE in node.value and any(lang in node.value for lang in TARGETS):
            texts = {k: v.value for k, v in node.value.items() if k in LANGS}
            sync_node = node.get("sync")
            sync = sync_node.plain() if sync_node is not None and sync_node.kind == "map" else {}
            out.append(Field(file, card_id, card_set, path, node.line, texts, sync))
            return
        for key, child in node.value.items():
            if key != "manual" or path:
                _walk(child, path + (key,), file, card_id, card_set, out)
            else:  # manual entries: {why, pt, en, vi}
                for name, entry in child.value.items() if child.kind == "map" else ():
                    _walk(entry, path + (key, name), file, card_id, card_set, out)
    elif node.kind == "seq":
        for i, child in enumerate(node.value):
            _walk(child, path + (i,), file, card_id, card_set, out)


def status(files: list[Path], base: Path | None = None, root: Path | None = None) -> dict:
    """{(set, lang): {missing, stale, unsynced, done}} over every localized field, with ``base``
    (the catalogues, catalogue_base) a row per catalogue, ``templates/<catalogue>``, and with ``root``
    a row per rules chapter (``rules/<chapter>``) and one for the glossary."""
    table: dict = {}
    for path in files:
        for field in fields_of(path):
            for lang in TARGETS:
                row = table.setdefault((field.card_set, lang), {MISSING: 0, STALE: 0, UNSYNCED: 0, DONE: 0})
                row[field.state(lang)] += 1
    if base is not None:
        from .catalogues import entries, load_sync
        sync = load_sync(base)
        for entry in entries(base):
            for lang in TARGETS:
                row = table.setdefault((f"templates/{entry.catalogue}", lang), {MISSING: 0, STALE: 0, UNSYNCED: 0, DONE: 0})
                row[entry.state(lang, sync)] += 1
    if root is not None:
        from .rules import status_rows
        table.update(status_rows(root))
    return table


def render_status(table: dict) -> str:
    """The status table as text."""
    lines = [f"{'set':<24} {'lang':<5} {'done':>6} {'unsynced':>9} {'stale':>6} {'missing':>8} {'coverage':>9}"]
    for (card_set, lang), row in sorted(table.items()):
        total = sum(row.values()) or 1
        covered = row[DONE] + row[UNSYNCED]
        lines.append(f"{card_set:<24} {lang:<5} {row[DONE]:>6} {row[UNSYNCED]:>9} {row[STALE]:>6} "
                     f"{row[MISSING]:>8} {covered / total:>8.0%}")
    lines.append("done: translated from the current English; unsynced: translated, hash not recorded yet "
                 "(dow i18n sync); stale: the English changed since; missing: no text or TODO")
    return "\n".join(lines)


def catalogue_base(root: Path) -> Path | None:
    """The project's folder when it is the toolchain's too, holding the catalogues beside their layers
    (site/catalogues/site, render/catalogues/…: i18n/catalogues.py), else None: a project of cards
    alone translates its cards."""
    from .catalogues import catalogue_file
    return root if catalogue_file(root, "site", SOURCE).is_file() else None


def export_po(files: list[Path], lang: str, root: Path) -> str:
    """A PO catalog of every localized field for one language, and of every catalogue string when the
    project holds the catalogues. A stale entry is fuzzy and carries the English it was translated
    from (``#| msgid``) where the history still has it."""
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po
    import datetime
    newest = max((p.stat().st_mtime for p in files), default=0)
    stamp = datetime.datetime.fromtimestamp(int(newest), datetime.timezone.utc)
    catalog = Catalog(locale=lang, project="dow", domain="content", creation_date=stamp, revision_date=stamp,
                      fuzzy=False, last_translator="dow translators", language_team=f"dow {lang}")
    for path in files:
        for field in fields_of(path):
            state = field.state(lang)
            translated = "" if state == MISSING else str(field.texts.get(lang, ""))
            rel = _rel(field.file, root)
            catalog.add(str(field.texts.get(SOURCE, "")), translated, locations=[(rel, field.line)],
                        context=field.context, flags=["fuzzy"] if state in (STALE, UNSYNCED) else [],
                        auto_comments=[f"{state}: card {field.card_id}, field {'.'.join(map(str, field.path))}"],
                        previous_id=_previous_field_source(field, lang, root) if state == STALE else None)
    base = catalogue_base(root)
    if base is not None:
        from .catalogues import add_to_catalog
        add_to_catalog(catalog, lang, base)
    from . import rules as i18n_rules
    i18n_rules.add_to_catalog(catalog, lang, root)
    for message in catalog:             # dow's texts use {name} placeholders only: babel takes "95% i" for a
        message.flags.discard("python-format")     # %i directive, and msgfmt -c then checks it in the translation
        if str(message.context or "").startswith(("rules/", "glossary|")):   # '{: #anchor }' is Markdown, no format
            message.flags.discard("python-brace-format")
    buf = io.BytesIO()
    # no wrapping: babel wraps the ``#| msgid`` comment at 76 columns when width is 0, cutting its quoted
    # string across lines that msgfmt refuses; a width no line reaches keeps every string whole
    write_po(buf, catalog, width=NO_WRAP, omit_header=False, sort_output=False, include_previous=True)
    return _previous_lines(buf.getvalue().decode("utf-8"))


_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')


def _previous_lines(po: str) -> str:
    """A previous English of several lines laid out as gettext writes it, one string a line (babel puts
    them on one ``#| msgid "" "…" "…"`` line, which gettext reads but an editor shows as one blob)."""
    def split(match: re.Match) -> str:
        parts = _QUOTED.findall(match.group(1))
        return "\n".join(["#| msgid " + parts[0]] + [f"#| {part}" for part in parts[1:]])
    return re.sub(r'^#\| msgid ((?:"(?:[^"\\]|\\.)*" ?){2,})$', split, po, flags=re.M)


def _previous_field_source(field: Field, lang: str, root: Path, depth: int = 40) -> str | None:
    """The English a stale card translation was made from (its sync hash), from git history; None
    where the history does not have it."""
    digest = field.sync.get(lang)
    try:
        for value in file_history(root, _rel(field.file, root), depth):
            for key in field.path:
                value = value[key] if isinstance(value, (dict, list)) else None
            text = value.get(SOURCE) if isinstance(value, dict) else None
            if isinstance(text, str) and source_hash(text) == digest:
                return text.strip()
    except Exception:  # no git, or an old revision that no longer parses: no previous text, nothing lost
        return None
    return None


def _rel(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


class PoLanguageError(ValueError):
    """A PO file in another language than the one asked for (its Language header, or its texts, say which);
    ``line`` is the PO line that shows it."""

    def __init__(self, message: str, line: int = 1):
        super().__init__(message)
        self.line = line


class PoFileError(ValueError):
    """A PO file refused before anything is written; ``problems`` are (PO line, what is wrong)."""

    def __init__(self, problems: list):
        self.problems = list(problems)
        line, text = self.problems[0]
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(f"line {line}: {text}{more}: nothing imported")


def import_po(po_text: str, files: list[Path], lang: str | None = None,
              older: list | None = None, root: Path | None = None, skipped: list | None = None) -> list[Path]:
    """Write a PO catalog's translations back into the card files, the catalogues, the rules chapters
    and the glossary, all of them or none; returns the files changed.

    The whole file is checked first (``plan_import``): gettext's syntax as msgfmt -c reads it, its
    language (the Language header and the texts themselves), the plural forms, and that every entry
    names a text of this project once. A problem refuses the file whole (PoFileError, PoLanguageError).
    Then every changed file is replaced (``write_all``): a failure part way puts back the files already
    replaced. A translation made from an older English text is not written; it is added to ``older`` as
    (file, context), and to ``skipped`` as (PO line, context, why), as is every other entry not written."""
    texts = plan_import(po_text, files, lang, older, root, skipped)
    write_all(texts)
    return list(texts)


def _known(files: list[Path], root: Path | None) -> dict:
    """{context: the English (a (singular, plural) pair for a plural sentence)} of every text a PO entry
    may translate: card fields, and with ``root`` the catalogues, the rules blocks and the glossary."""
    known: dict = {}
    for path in files:
        for field in fields_of(path):
            known[field.context] = str(field.texts.get(SOURCE, ""))
    base = catalogue_base(root) if root is not None else None
    if base is not None:
        from .catalogues import entries
        for entry in entries(base):
            known[entry.context] = entry.texts[SOURCE]
    if root is not None:
        from .rules import units
        for unit in units(root):
            known[unit.context] = unit.texts[SOURCE]
    return known


def _header_line(po_text: str, name: str) -> int:
    for number, line in enumerate(po_text.split("\n"), 1):
        if line.startswith(f'"{name}:'):
            return number
    return 1


def plan_import(po_text: str, files: list[Path], lang: str | None = None, older: list | None = None,
                root: Path | None = None, skipped: list | None = None) -> dict:
    """Check a PO file whole and make the new text of every file it changes, writing nothing:
    {path: new text}, only files whose text changes. Raises PoFileError or PoLanguageError."""
    from . import po_check
    from .catalogues import plural_categories
    po = po_check.parse(po_text)
    header = po.header.get("language", "").replace("-", "_").split("_")[0].lower()
    problems: list = []
    count, target = po_check.nplurals(po.header), lang or header
    if any(e.plural for e in po.entries) and target in TARGETS and count is not None \
            and count != len(plural_categories(target)):     # said once, for the header, not for every entry
        problems.append((_header_line(po_text, "Plural-Forms"),
                         f"Plural-Forms says nplurals={count}; {po_check._language(target)} has "
                         f"{len(plural_categories(target))} ({', '.join(plural_categories(target))})"))
        po.problems = [p for p in po.problems if "and Plural-Forms says" not in p[1]]
    if po.problems:
        raise PoFileError(sorted(problems + po.problems))
    if lang and header and header != lang:
        raise PoLanguageError(f"the PO file is in '{header}' (its Language header), not '{lang}': nothing imported",
                              _header_line(po_text, "Language"))
    lang = lang or header
    if not lang:
        raise PoFileError([(1, "the file has no Language header: say which language it is with --lang")])
    if lang not in TARGETS:
        raise PoLanguageError(f"'{lang}' is not a language dow translates into ({', '.join(TARGETS)}): "
                              "nothing imported", _header_line(po_text, "Language"))
    wrong = po_check.wrong_language(po.entries, lang)
    if wrong:
        raise PoLanguageError(f"{wrong[1]}: nothing imported", wrong[0])
    if problems:
        raise PoFileError(problems)
    known = _known(files, root)
    from .rules import ANCHOR
    for entry in po.entries:
        if entry.context is None:
            problems.append((entry.line, "a message without msgctxt: dow cannot tell where its text goes"))
            continue
        if root is None and entry.context.startswith(("templates/", "rules/", "glossary|")):
            continue     # card files alone are imported (no project root): the rest is not this call's
        if entry.context not in known:
            problems.append((entry.line, f"'{entry.context}' is no text of this project (no such card field, "
                             "catalogue key, rules block or glossary entry): remove the entry, or export again"))
            continue
        english = known[entry.context]
        if isinstance(english, tuple) != entry.plural:
            problems.append((entry.line, f"'{entry.context}' is " + ("a sentence with a singular and a plural: its "
                             "entry needs msgid_plural and msgstr[0] …" if isinstance(english, tuple) else
                             "one sentence: its entry has msgstr, no msgid_plural")))
            continue
        if (entry.context.startswith("rules/") and not entry.fuzzy and entry.msgstr[0]
                and ANCHOR.findall(entry.msgstr[0]) != ANCHOR.findall(entry.msgid or "")):
            problems.append((entry.str_lines[0], f"{entry.context}: the translation must keep the block's anchors "
                             f"({', '.join('#' + a for a in ANCHOR.findall(entry.msgid or ''))})"))
    if problems:
        raise PoFileError(sorted(problems))

    skips: list = []
    wanted: dict = {}
    by_context = {e.context: e for e in po.entries}
    for entry in po.entries:
        if not any(entry.msgstr):
            continue
        if entry.fuzzy:
            skips.append((entry.line, entry.context, "marked fuzzy: not imported until a reviewer takes the mark off"))
        elif not entry.translated:
            empty = ", ".join(f"msgstr[{i}]" for i, form in enumerate(entry.msgstr) if not form)
            skips.append((entry.line, entry.context, f"{empty} empty: not imported until every form is written"))
        elif entry.plural:
            wanted[entry.context] = ((entry.msgid, entry.msgid_plural), tuple(entry.msgstr))
        else:
            wanted[entry.context] = (entry.msgid, entry.msgstr[0])
    stale: list = []
    texts: dict = {}
    for path in files:
        fields = [f for f in fields_of(path) if f.context in wanted and isinstance(wanted[f.context][1], str)]
        updates = []
        for field in fields:
            source, text = wanted[field.context]
            if source.strip() != str(field.texts.get(SOURCE, "")).strip():
                stale.append((field.file, field.context))
                continue
            if text == field.texts.get(lang) and field.state(lang) == DONE:
                continue
            updates.append((field.path, text, source_hash(source)))
        if updates:
            original = path.read_text(encoding="utf-8")
            texts[path] = _fields_text(original, lang, updates)
    base = catalogue_base(root) if root is not None else None
    if base is not None:
        from .catalogues import import_entries
        import_entries({c: w for c, w in wanted.items() if c.startswith("templates/")}, lang, base, stale, texts)
    if root is not None:
        from . import rules as i18n_rules
        i18n_rules.import_entries({c: w for c, w in wanted.items() if c.startswith(("rules/", "glossary|"))},
                                  lang, root, stale, texts)
    for file, context in stale:
        skips.append((by_context[context].line, context, "translated from an older English text, not imported "
                      "(export again and translate the current text)"))
    if older is not None:
        older.extend(stale)
    if skipped is not None:
        skipped.extend(sorted(skips))
    return {path: text for path, text in texts.items()
            if not path.is_file() or path.read_text(encoding="utf-8") != text}


def sync(files: list[Path], lang: str) -> list[Path]:
    """Record the current English hash for every present translation (a reviewer's 'these are current')."""
    changed = []
    for path in files:
        updates = [(f.path, str(f.texts[lang]), source_hash(str(f.texts.get(SOURCE, ""))))
                   for f in fields_of(path) if f.state(lang) in (UNSYNCED, STALE)]
        if updates and _write_fields(path, lang, updates):
            changed.append(path)
    return changed


def _write_fields(path: Path, lang: str, updates: list) -> bool:
    """Set texts and sync hashes at field paths (see _fields_text); the file replaced whole, atomically."""
    original = path.read_text(encoding="utf-8")
    text = _fields_text(original, lang, updates)
    if text == original:
        return False
    write_all({path: text})
    return True


def _fields_text(original: str, lang: str, updates: list) -> str:
    """A card file's text with texts and sync hashes set at field paths. Only the lines of the changed
    values are rewritten (a round-trip dump would re-flow the file's other lines: a test's flow list, a
    long line); the whole round-trip dump, which keeps comments and order, where that cannot be done."""
    from ruamel.yaml.comments import CommentedMap

    yaml = _yaml()
    data = yaml.load(original)
    edits: list = []
    for field_path, text, digest in updates:
        node = data
        for key in field_path:
            node = node[key]
        edits.append(_position(node, lang, text) if lang in node else None)
        node[lang] = text
        stamp = CommentedMap()
        stamp.fa.set_flow_style()
        old = dict(node.get("sync") or {})
        old[lang] = digest
        for target in TARGETS:  # always pt then vi
            if target in old:
                stamp[target] = old[target]
        edits.append(_position(node, "sync", Flow(stamp)) if isinstance(node.get("sync"), dict) else None)
        node["sync"] = stamp
    import io
    buf = io.StringIO()
    yaml.dump(data, buf)
    return _in_place(original, edits, buf.getvalue(), plain=True)

