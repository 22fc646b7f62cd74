"""The catalogues in the translator's workflow: the site's, the game log's, the messages' and the
rules text's words, and the terms of the glossary, as PO entries beside the card texts.

Each catalogue lives beside the layer that reads it, one ``<lang>.yaml`` per language (``FOLDERS``):
render/catalogues/text (rules text, and its glossary.yaml), render/catalogues/log (game-log
sentences), render/catalogues/docs (the translated reference), site/catalogues/site (the website's
words), compiler/catalogues/messages (diagnostics and the command line's messages).

Each English string of a catalogue is one entry: message context ``templates/<catalogue>|<key path>``,
the English as msgid, the translation at the same key as msgstr. The context names the catalogue, not
its folder: the catalogues once lived together under compiler/templates/, and the contexts kept that
name so that PO files exported before they moved still import. Like a card field, a catalogue
translation records the hash of the English it was made from, here in one file, i18n/sync.yaml
(``dow i18n sync`` stamps the present ones, keyed by message context); when the English changes
the entry is stale: exported fuzzy, with the previous English (``#| msgid``, found in the project's
git history by its hash, across the move) so the translator sees what changed.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from .common import DONE, MISSING, SOURCE, STALE, TARGETS, UNSYNCED, _in_place, _position, file_history, source_hash

#: the toolchain's folder, the one holding compiler/, render/, site/ and i18n/ (the package's own by
#: default; a test hands in a copy)
TOOLCHAIN = Path(__file__).resolve().parent.parent
#: the catalogues a reader sees, with an English file of their own (and "docs", the author
#: references, whose English is in render/docs.py)
CATALOGUES = ("site", "log", "messages", "text")
#: where each catalogue's <lang>.yaml files are, under the toolchain's folder: beside the layer that reads it
FOLDERS = {"site": "site/catalogues/site", "log": "render/catalogues/log", "messages": "compiler/catalogues/messages",
           "text": "render/catalogues/text", "docs": "render/catalogues/docs"}
#: the glossary, a catalogue of its own (every language in one file, beside the rules text that uses it)
GLOSSARY = "text/glossary"
GLOSSARY_FILE = "render/catalogues/text/glossary.yaml"
#: the hashes of the English each translation was made from
SYNC = "i18n/sync.yaml"


def catalogue_file(base: Path, catalogue: str, lang: str) -> Path:
    """The file that holds a catalogue's text in one language (the glossary: every language's)."""
    return base / (GLOSSARY_FILE if catalogue == GLOSSARY else f"{FOLDERS[catalogue]}/{lang}.yaml")


def language_files(lang: str, base: Path = TOOLCHAIN) -> list[Path]:
    """Every catalogue's file in one language, where the catalogue has one (the docs catalogue has no
    English file: its English is in render/docs.py), in the order of ``FOLDERS``; the glossary,
    every language in one file, is ``base / GLOSSARY_FILE``."""
    return [path for name in FOLDERS if (path := catalogue_file(base, name, lang)).is_file()]


@dataclass(frozen=True)
class Entry:
    """One string of a catalogue, in English and in the target languages."""

    catalogue: str
    path: tuple
    texts: dict

    @property
    def context(self) -> str:
        """The PO message context: the catalogue and the key path."""
        return f"templates/{self.catalogue}|{'.'.join(map(str, self.path))}"

    @property
    def digest(self) -> str:
        """The hash of the English (of both forms, for a sentence with a singular and a plural)."""
        english = self.texts[SOURCE]
        return source_hash(english if isinstance(english, str) else "\x00".join(english))

    def state(self, lang: str, sync: dict) -> str:
        """missing, stale, unsynced or done, as for a card field (i18n/workflow.py)."""
        text = self.texts.get(lang)
        forms = [text] if not isinstance(text, tuple) else list(text)
        if not forms or not all(isinstance(f, str) and f.strip() for f in forms):
            return MISSING
        digest = sync.get(self.context, {}).get(lang)
        if digest is None:
            return UNSYNCED
        return DONE if digest == self.digest else STALE


def _load(path: Path):
    from ruamel.yaml import YAML
    return YAML(typ="safe").load(path.read_text(encoding="utf-8")) if path.is_file() else None


def _at(value, path: tuple):
    for key in path:
        if isinstance(value, dict) and key in value:
            value = value[key]
        elif isinstance(value, list) and isinstance(key, int) and key < len(value):
            value = value[key]
        else:
            return None
    return value


#: keys that steer the grammar (which value counts, which case, a word's gender, the order in which a
#: language wraps a noun's filters: names of filter kinds, each language its own order), not words to translate
CONTROL = {"by", "case", "gender", "filter_order"}
#: CLDR plural categories: a language without them (Vietnamese) says one sentence for every count
PLURALS = {"zero", "one", "two", "few", "many", "other"}


def _form(value, path: tuple):
    """The translation at an English key path: the sentence itself where the language has no plural
    forms for it, the general form where it has forms and the English has one word."""
    found = _at(value, path)
    parent = _at(value, path[:-1]) if path else None
    if found is None and path and path[-1] in PLURALS and isinstance(parent, str):
        return parent
    if found is None and isinstance(parent, dict) and isinstance(parent.get("other"), str):
        return parent["other"]   # a form the English needs and this language does not: its general one is used
    if isinstance(found, dict) and isinstance(found.get("other"), str):
        return found["other"]
    return found


@functools.lru_cache(maxsize=None)
def plural_categories(lang: str) -> tuple[str, ...]:
    """The CLDR category of each gettext plural form of a language, in msgstr[i] order (pt: one,
    many, other; vi: other alone), as babel numbers them."""
    from babel import Locale
    from babel.messages.catalog import Catalog
    count = Catalog(locale=lang).num_plurals
    tags = [t for t in ("zero", "one", "two", "few", "many", "other") if t in Locale.parse(lang).plural_form.tags
            or t == "other"]
    return tuple(tags) if len(tags) == count else ("other",) * count


def _plural(value) -> bool:
    """A sentence in a singular and a plural form ({one, other}, maybe with a 'by' naming the count)."""
    return isinstance(value, dict) and {"one", "other"} <= set(value) and set(value) <= PLURALS | CONTROL


def _forms(value, lang: str):
    """A language's forms of a plural sentence, in its msgstr order; a plain sentence serves every form."""
    if isinstance(value, str):
        return (value,) * len(plural_categories(lang))
    if not isinstance(value, dict) or not isinstance(value.get("other"), str):
        return None
    return tuple(value.get(c) if isinstance(value.get(c), str) else value["other"] for c in plural_categories(lang))


def _english(value, path: tuple = ()):
    """(path, English) of every string to translate: a plural sentence once, as (singular, plural)."""
    if _plural(value):
        yield path, (value["one"], value["other"])
    elif isinstance(value, dict):
        for key, child in value.items():
            if key not in CONTROL:
                yield from _english(child, path + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _english(child, path + (i,))
    elif isinstance(value, str):
        yield path, value


#: the golden diagnostics, whose ``about`` line says in English what each example of the diagnostics
#: reference shows (translated under diagnostics.about in render/catalogues/docs/{pt,vi}.yaml)
GOLDEN_DIAGNOSTICS = Path(__file__).resolve().parent.parent / "tests" / "golden" / "diagnostics"


def about_texts() -> dict:
    """{code: English about line} of each diagnostic code with a golden example."""
    from dow.compiler.diagnostics import CODES
    out = {}
    for code in CODES:
        case = _load(GOLDEN_DIAGNOSTICS / f"{code}.yaml")
        if isinstance(case, dict) and str(case.get("about", "")).strip():
            out[code] = str(case["about"])
    return out


def docs_english() -> dict:
    """The English of the generated author references (render/docs.py keeps it beside the code it
    documents, the golden diagnostics their about lines; render/catalogues/docs/{pt,vi}.yaml hold the same keys)."""
    from dow.render.docs import DIAGNOSTICS_INTRO, card_file_texts, doc_texts
    return {**doc_texts("en"), "card_files": card_file_texts("en"),
            "diagnostics": {**DIAGNOSTICS_INTRO, "about": about_texts()}}


def entries(base: Path = TOOLCHAIN) -> list[Entry]:
    """Every English string of the catalogues, with its translations, in file order."""
    out = []
    for name in CATALOGUES + ("docs",):
        files = {lang: _load(catalogue_file(base, name, lang)) for lang in (SOURCE,) + TARGETS}
        if name == "docs" and catalogue_file(base, name, TARGETS[0]).is_file():
            files[SOURCE] = docs_english()
        if files[SOURCE] is None:
            continue
        for path, english in _english(files[SOURCE]):
            out.append(Entry(name, path, {SOURCE: english, **{
                lang: _forms(_at(files[lang], path), lang) if isinstance(english, tuple) else _form(files[lang], path)
                for lang in TARGETS}}))
    glossary = _load(catalogue_file(base, GLOSSARY, SOURCE)) or {}
    for key, forms in glossary.items():  # {en: word, pt: word or {one, other, gender}, vi: word}
        english = forms.get(SOURCE) if isinstance(forms, dict) else None
        for sub, text in _english(english) if english is not None else ():
            texts = {SOURCE: text}
            for lang in TARGETS:
                if isinstance(text, tuple):
                    texts[lang] = _forms(_at(forms.get(lang), sub), lang)
                else:
                    texts[lang] = _form(forms.get(lang), sub) if sub else _form({"w": forms.get(lang)}, ("w",))
            out.append(Entry(GLOSSARY, (key,) + sub, texts))
    return out


def load_sync(base: Path = TOOLCHAIN) -> dict:
    """{context: {lang: hash}} of the catalogue translations (i18n/sync.yaml)."""
    return _load(base / SYNC) or {}


def write_sync(sync: dict, base: Path = TOOLCHAIN) -> None:
    """Write i18n/sync.yaml, one line per entry, sorted, so a change is one line of a diff."""
    from .common import write_all
    write_all({base / SYNC: sync_text(sync)})


def sync_text(sync: dict) -> str:
    """The text of i18n/sync.yaml for these hashes."""
    import json
    lines = ["# The English each catalogue translation was made from, as a hash (i18n/catalogues.py).",
             "# Written by `dow i18n sync` and `dow i18n import`; do not edit by hand."]
    for context in sorted(sync):
        stamps = ", ".join(f'{lang}: "{sync[context][lang]}"' for lang in TARGETS if lang in sync[context])
        lines.append(f"{json.dumps(context, ensure_ascii=False)}: {{{stamps}}}")
    return "\n".join(lines) + "\n"


def sync_all(lang: str, base: Path = TOOLCHAIN) -> int:
    """Record the current English hash for every present catalogue translation; returns how many changed."""
    sync, changed = load_sync(base), 0
    for entry in entries(base):
        if entry.state(lang, sync) in (UNSYNCED, STALE):
            sync.setdefault(entry.context, {})[lang] = entry.digest
            changed += 1
    if changed:
        write_sync(sync, base)
    return changed


def _english_at(data, entry: Entry):
    """An entry's English in one revision of its file, in the shape of entry.texts[SOURCE]."""
    path = entry.path if entry.catalogue != GLOSSARY else entry.path[:1] + (SOURCE,) + entry.path[1:]
    value = _at(data, path)
    if isinstance(entry.texts[SOURCE], tuple):
        return (value["one"], value["other"]) if _plural(value) else None
    return value if isinstance(value, str) else None


def _same(a, b) -> bool:
    """Two English texts (or form tuples) alike but for outer white space."""
    if isinstance(a, tuple) or isinstance(b, tuple):
        return isinstance(a, tuple) and isinstance(b, tuple) and [x.strip() for x in a] == [y.strip() for y in b]
    return str(a).strip() == str(b).strip()


def previous_source(base: Path, entry: Entry, digest: str, depth: int = 40):
    """The English an entry was translated from (its hash is ``digest``), from git history; None
    where there is no history or it does not go back so far. The history follows a file across a
    move (the catalogues were under compiler/templates/ before they moved beside their layers)."""
    root = base
    if entry.catalogue == "docs" and entry.path[:2] == ("diagnostics", "about"):   # a golden case's about line
        try:
            rel = (GOLDEN_DIAGNOSTICS / f"{entry.path[2]}.yaml").resolve().relative_to(Path(__file__).resolve().parent.parent)
            for version in file_history(Path(__file__).resolve().parent.parent, rel.as_posix(), depth):
                old = version.get("about") if isinstance(version, dict) else None
                if isinstance(old, str) and source_hash(old) == digest:
                    return old
        except Exception:  # no git, or a revision that no longer parses
            return None
        return None
    if entry.catalogue == "docs":   # its English is render/docs.py's: no YAML history to read
        return None
    try:
        rel = catalogue_file(base, entry.catalogue, SOURCE).resolve().relative_to(root.resolve()).as_posix()
        for version in file_history(root, rel, depth):
            old = _english_at(version, entry)
            if old is not None and Entry(entry.catalogue, entry.path, {SOURCE: old}).digest == digest:
                return old
    except Exception:  # no git, a file outside the history, an old revision that no longer parses
        return None
    return None


def add_to_catalog(catalog, lang: str, base: Path = TOOLCHAIN) -> None:
    """Add every catalogue string to a babel Catalog for one language (a plural sentence as a
    gettext plural entry, msgstr[i] in the language's plural order)."""
    sync = load_sync(base)
    for entry in entries(base):
        state = entry.state(lang, sync)
        english = entry.texts[SOURCE]
        if state == MISSING:
            translated = ("",) * len(plural_categories(lang)) if isinstance(english, tuple) else ""
        else:
            translated = entry.texts[lang]
        previous = previous_source(base, entry, sync[entry.context][lang]) if state == STALE else None
        catalog.add(english, translated, context=entry.context, flags=["fuzzy"] if state == STALE else [],
                    auto_comments=[f"{state}: catalogue {entry.catalogue}, key {'.'.join(map(str, entry.path))}"],
                    previous_id=previous if previous is not None and not _same(previous, english) else None)


def import_entries(wanted: dict, lang: str, base: Path = TOOLCHAIN, older: list | None = None,
                   stage: dict | None = None) -> list[Path]:
    """Write PO translations ({context: (English, text)}) back into the catalogues; returns the files
    changed. A translation of an older English is not written and is reported in ``older``. With
    ``stage``, nothing is written: the new text of each file is put in it ({path: text})."""
    from .common import _yaml
    sync = load_sync(base)
    by_file: dict[Path, list] = {}
    stamped = False
    for entry in entries(base):
        if entry.context not in wanted:
            continue
        source, text = wanted[entry.context]
        if not _same(source, entry.texts[SOURCE]):
            if older is not None:
                older.append((catalogue_file(base, entry.catalogue, lang), entry.context))
            continue
        if isinstance(entry.texts[SOURCE], tuple) != isinstance(text, tuple):
            continue   # a plural entry answered by a single string (or the reverse): not this entry's shape
        if text == entry.texts.get(lang) and entry.state(lang, sync) == DONE:
            continue
        sync.setdefault(entry.context, {})[lang] = entry.digest
        stamped = True
        if text != entry.texts.get(lang):
            path = catalogue_file(base, entry.catalogue, lang)
            by_file.setdefault(path, []).append((entry, text))
    changed: list = []
    texts: dict = {}
    for path, items in by_file.items():
        yaml = _yaml()
        original = path.read_text(encoding="utf-8")
        data = yaml.load(original)
        edits: list = []
        for entry, text in items:
            keys = entry.path if entry.catalogue != GLOSSARY else (entry.path[0], lang) + entry.path[1:]
            node = data
            for key in keys[:-1]:
                if isinstance(node, dict) and key not in node:
                    edits.append(None)   # a key the file lacks: written whole, below
                node = node[key] if not isinstance(node, dict) else node.setdefault(key, {})
            edits += [_position(container, key, value) for container, key, value in _put(node, keys[-1], text, lang)]
        import io
        buf = io.StringIO()
        yaml.dump(data, buf)
        texts[path] = _in_place(original, edits, buf.getvalue())
        changed.append(path)
    if stamped:
        texts[base / SYNC] = sync_text(sync)
    if stage is not None:
        stage.update(texts)
    else:
        from .common import write_all
        write_all(texts)
    return changed


def _put(node, key, text, lang: str) -> list:
    """Set a translation at node[key]: a word with forms keeps them (its general form is set), a
    plural sentence sets each of the language's forms (one string where the language has one).
    Returns what it set, as (container, key, value) with the container as it was before."""
    here = node.get(key) if isinstance(node, dict) else node[key]
    done = []
    if isinstance(text, tuple):
        forms = dict(zip(plural_categories(lang), text))
        if isinstance(here, dict):
            for category, form in forms.items():
                if category in here or form != forms.get("other"):
                    done.append((here, category, form))
        else:
            done.append((node, key, forms.get("other", text[-1])))
    elif isinstance(here, dict) and not isinstance(text, dict):
        done.append((here, "other", text))
    else:
        done.append((node, key, text))
    positions = [(container, k, value, k in container if isinstance(container, dict) else True) for container, k, value in done]
    for container, k, value, _ in positions:
        container[k] = value
    return [(container if existed else None, k, value) for container, k, value, existed in positions]

