"""Every word a reader sees comes from a catalogue: no Python module of the toolchain (compiler/, render/,
i18n/, site/, cli/) keeps reader words in a language table ({"pt": …, "en": …, "vi": …} with prose values). Such tables escape the
PO export, the pseudo-locale and the term checks; their words belong in a catalogue beside the layer
that reads them (render/catalogues/, site/catalogues/, compiler/catalogues/)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the toolchain's folders: where reader words are made (the runtime logs data, never words)
FOLDERS = ("compiler", "render", "i18n", "site", "cli")
LANGS = {"pt", "en", "vi"}
#: tables that may stay, with the reason: (module, name the table is assigned to)
ALLOWED = {
    # each language's own name in itself, for the language selector: the same in every catalogue
    ("compiler/messages.py", "LANG_NAMES"): "endonyms",
}


def _strings(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _is_prose(text: str) -> bool:
    """Reader words: letters beyond a schema type name or a TODO placeholder."""
    return any(c.isalpha() for c in text) and text.strip() not in {"TODO", "str", "int", "bool", "localized"}


def language_tables(source: str) -> list[tuple[int, str, str]]:
    """(line, assigned name or '', first prose value) of every language table in a module's source."""
    tree = ast.parse(source)
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for inner in ast.walk(node.value) if node.value is not None else ():
                names.setdefault(id(inner), next((t.id for t in targets if isinstance(t, ast.Name)), ""))
    found = []
    for node in ast.walk(tree):
        pairs = []
        if isinstance(node, ast.Dict):
            pairs = [(k.value, v) for k, v in zip(node.keys, node.values)
                     if isinstance(k, ast.Constant) and k.value in LANGS]
        elif isinstance(node, ast.Call):
            pairs = [(k.arg, k.value) for k in node.keywords if k.arg in LANGS]
        if len(pairs) < 2:
            continue
        prose = [s for _, v in pairs for s in _strings(v) if _is_prose(s)]
        if prose:
            found.append((node.lineno, names.get(id(node), ""), prose[0]))
    return sorted(found)


def test_the_scan_finds_a_planted_table():
    source = 'LABELS = {"title": {"pt": "Cartas", "en": "Cards", "vi": "Thẻ"}}\nx = dict(pt="Sim", en="Yes")\n'
    assert [(line, name) for line, name, _ in language_tables(source)] == [(1, "LABELS"), (2, "x")]
    assert language_tables('T = {"pt": "TODO", "en": "TODO", "vi": "TODO"}\nS = {"pt": "str", "vi": "str"}\n') == []


@pytest.mark.parametrize("module", sorted(p.relative_to(ROOT).as_posix() for folder in FOLDERS
                                           for p in (ROOT / folder).rglob("*.py")))
def test_no_module_holds_reader_words_in_a_language_table(module):
    found = [(line, name, text) for line, name, text in language_tables((ROOT / module).read_text("utf-8"))
             if (module, name) not in ALLOWED]
    assert not found, (f"{module} holds reader words in a language table (line, name, a value): "
                       f"{found[:3]}; move them into the catalogue of its layer (<layer>/catalogues/)")
