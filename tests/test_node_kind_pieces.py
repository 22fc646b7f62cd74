"""Every piece a node kind needs, walked from the catalogue: one test per op of compiler/catalogue.py's
CATALOGUE that lists, for that op, every piece still missing and the file it goes in.

A new node kind starts as one CATALOGUE entry (docs/contributing.md, "Adding a node kind"); this file
then fails with one line per missing piece, "NODE KIND op: add ... in FILE", in the order of the guide.
It only reads the catalogue at collection time, so a half-added node kind never stops the collection.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest

from dow.compiler.catalogue import CATALOGUE, RUNTIME, STATEMENT_GROUPS
from dow.compiler.checks import ANY_KIND, EXPECT
from dow.compiler.schemas import SCHEMA_VERSION
from dow.i18n.catalogues import DONE, TARGETS, entries, load_sync
from dow.render.docs import doc_texts
from dow.render.text import LANGS, TEXT_DIR, load_language
from dow.render.playlog import QUIET, catalogue as log_catalogue
from dow.runtime.handlers import HANDLERS
from dow.runtime.host import ACTIONS
from conftest import ROOT

#: the generated reference, one per language (`dow docs`)
REFERENCE = {"en": "docs/effect-language.md", "pt": "docs/pt/effect-language.md", "vi": "docs/vi/effect-language.md"}
#: the bundle schemas (`pytest tests/test_schemas_committed.py --update-goldens`)
SCHEMAS = ("schemas/bundle.schema.json", "runtime/bundle.schema.json")
#: where the runtime reads the nodes that are not statements (conditions, selectors, counts …)
READERS = ("runtime/interpreter.py", "runtime/handlers.py", "runtime/engine/effects.py")
#: the game-log tables a sentence may stand in (render/catalogues/log/<lang>.yaml)
LOG_TABLES = ("events", "colony_events", "winter_tricks")
#: where the reference engine's hosts do the host actions (``do_<action>``)
ENGINE_HOSTS = ("runtime/engine", "runtime/games")
#: where a test-only card plays a statement no card of the content uses (docs/conformance.md, "The fixture")
FIXTURE = "tests/conformance/fixture/base/crossroads"


@lru_cache(maxsize=None)
def _text(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def _dsl_source() -> str:
    return "".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "dsl").glob("*.py")))


@lru_cache(maxsize=None)
def _docs_lines(lang: str) -> dict:
    return doc_texts(lang).get("docs") or {}


@lru_cache(maxsize=None)
def _unsynced() -> dict[str, list[str]]:
    """{catalogue key: [languages whose translation is there but not recorded in sync.yaml]}"""
    sync = load_sync()
    out: dict[str, list[str]] = {}
    for entry in entries():
        if entry.catalogue not in ("text", "docs"):
            continue
        for lang in TARGETS:
            if entry.state(lang, sync) != DONE and entry.texts.get(lang):
                out.setdefault(entry.context, []).append(lang)
    return out


@lru_cache(maxsize=None)
def _released_words() -> set[str]:
    released = json.loads(_text("schemas/released.json"))
    return set(released.get(SCHEMA_VERSION, ()))


@lru_cache(maxsize=None)
def _engine_source() -> str:
    return "".join(p.read_text(encoding="utf-8") for folder in ENGINE_HOSTS for p in sorted((ROOT / folder).glob("*.py")))


@lru_cache(maxsize=None)
def _told(lang: str) -> frozenset[str]:
    cat = log_catalogue(lang)
    return frozenset(e for table in LOG_TABLES for e in (cat.get(table) or {}))


def _ops(tree, out: set[str]) -> set[str]:
    if isinstance(tree, dict):
        if isinstance(tree.get("op"), str):
            out.add(tree["op"])
        for value in tree.values():
            _ops(value, out)
    elif isinstance(tree, list):
        for value in tree:
            _ops(value, out)
    return out


@lru_cache(maxsize=None)
def _played() -> tuple[frozenset[str], str]:
    """(the ops in the effects of every card that carries a scenario, in the content or the conformance
    fixture; what stopped the look, if the content or the fixture does not compile)."""
    from dow.cli.conformance import fixture_bundle
    from dow.compiler.project import bundle_of, compile_paths
    try:
        build = compile_paths([ROOT / "content"], ROOT)
        if not build.ok:
            return frozenset(), "the content does not compile (run 'dow check')"
        bundle = bundle_of(build.cards, build.rulesets)
        fixture, _ = fixture_bundle(bundle, ROOT)
    except ValueError as err:
        return frozenset(), str(err).splitlines()[0]
    from dow.runtime.cards import crossroads_program
    ops: set[str] = set()
    for card in (fixture or bundle)["cards"]:
        if card.get("tests"):
            _ops({k: v for k, v in card.items() if k != "tests"}, ops)
            if card["kind"] == "crossroads":     # the runtime's own nodes around its options (choose, vote)
                _ops(crossroads_program(card, {}), ops)
    return frozenset(ops), ""


def _quoted(op: str, source: str) -> bool:
    return re.search(rf'["\']{re.escape(op)}["\']', source) is not None


def missing_pieces(spec) -> list[str]:
    """What the node kind `spec` still lacks, one sentence per piece, each with its file."""
    op, statement = spec.op, spec.group in STATEMENT_GROUPS
    out = []
    if statement and op not in RUNTIME:
        out.append("add its RUNTIME entry (role acts/control/rule, the host actions it asks for, the events it "
                   "logs, the game that runs it) in compiler/catalogue.py RUNTIME; a host action it names then "
                   "brings its own pieces to this list (ACTIONS, the reference engine, docs/embedding.md, log sentences)")
    if not _quoted(op, _dsl_source()) and not re.search(rf"def {op}\(self", _dsl_source()):  # parts: the parser's
        out.append("add a form that writes it (F(role, template, op(...), example)) in dsl/forms.py")
    typed = [f for f, kind in spec.fields.items() if kind.rstrip("?") == "target"]
    for field in typed:
        if (op, field) not in EXPECT and (op, field) not in ANY_KIND:
            out.append(f"add the kind of thing its target field {field!r} names (EXPECT[({op!r}, {field!r})], or "
                       f"ANY_KIND if any kind may fill it) in compiler/checks.py")
    if statement and op not in HANDLERS:
        out.append("add its handler in runtime/handlers.py HANDLERS (the host actions it asks for in "
                   "runtime/host.py ACTIONS)")
    runs = RUNTIME.get(op)
    for action in runs.actions if runs else ():
        if action not in ACTIONS:
            out.append(f"add the host action {action!r} with its parameters in runtime/host.py ACTIONS")
        if not re.search(rf"def do_{action}\(|action == \"{action}\"", _engine_source()):
            out.append(f"do the host action {action!r} in the reference engine: 'def do_{action}(self, …, src)' "
                       "in runtime/engine/host.py or the part of it that holds its kind (host_cards.py: cards and "
                       "decks, host_rules.py: rules in force), or in the host of the game that runs it")
        embedding = _text("docs/embedding.md")
        if f"| `{action}` |" not in embedding:
            out.append(f"list the host action {action!r} in docs/embedding.md: run 'dow docs'")
    for event in (runs.actions + runs.events) if runs else ():
        for lang in LANGS:
            if event not in QUIET and event not in _told(lang):
                out.append(f"add the game-log sentence of the event {event!r} (every host action is logged under "
                           f"its own name) in render/catalogues/log/{lang}.yaml, under events:")
    if statement:
        played, stopped = _played()
        if op not in played:
            out.append("add a scenario that plays it (docs/scenarios.md): under 'tests:' of a card of content/ "
                       "whose effect uses it, or, while no card does, in a test-only card "
                       f"{FIXTURE}/fixture-{op.replace('_', '-')}.yaml (copy the layout of the fixture cards "
                       "there)" + (f"; could not look: {stopped}" if stopped else ""))
    if not statement and spec.group != "part" and not any(_quoted(op, _text(f)) for f in READERS):
        out.append(f"read it in the runtime's queries, in one of {', '.join(READERS)}")
    for lang in LANGS:
        if op not in load_language(lang).messages:
            out.append(f"add its rules-text message (an 'other' form) under messages: in "
                       f"{(TEXT_DIR / f'{lang}.yaml').relative_to(ROOT)}")
    for lang in TARGETS:
        if op not in _docs_lines(lang):
            out.append(f"add its translated one-line doc under docs: in render/catalogues/docs/{lang}.yaml")
    sync, how = load_sync(), "run 'dow i18n sync --lang pt' and '--lang vi' (after the translations) and keep only your keys"
    mine = [k for k in sync if k == f"templates/docs|docs.{op}" or k.startswith(f"templates/text|messages.{op}.")]
    for key, name in ((f"templates/docs|docs.{op}", "its docs line"), (f"templates/text|messages.{op}.", "its message")):
        if not any(k.startswith(key) for k in mine):
            out.append(f"record the translation of {name} ({key.split('|')[1].rstrip('.')}) in "
                       f"i18n/sync.yaml: {how}")
    for key, langs in sorted(_unsynced().items()):
        if key == f"templates/docs|docs.{op}" or key.startswith(f"templates/text|messages.{op}."):
            out.append(f"record the translation of {key.split('|')[1]} ({', '.join(langs)}) in "
                       f"i18n/sync.yaml: {how}")
    for lang, path in REFERENCE.items():
        if f"#### `{op}`" not in _text(path):
            out.append(f"write its section of the reference in {path}: run 'dow docs' (after the docs lines above)")
    for path in SCHEMAS:
        if f'"op.{op}"' not in _text(path):
            out.append(f"add it to {path}: run 'pytest tests/test_schemas_committed.py --update-goldens'")
    if f"value:{op}" not in _released_words():
        out.append(f"raise the minor version (runtime/bundle.py IR_VERSION, now {SCHEMA_VERSION}), say what it "
                   "added in docs/bundle.md, and record it in schemas/released.json: run "
                   "'pytest tests/test_schema_versions.py --update-goldens', then the schemas and 'dow docs' again")
    return [f"NODE KIND {op}: {line}" for line in out]


@pytest.mark.parametrize("spec", CATALOGUE, ids=lambda s: s.op)
def test_every_node_kind_has_every_piece(spec):
    missing = missing_pieces(spec)
    assert not missing, "\n" + "\n".join(missing)


def test_every_catalogue_op_is_one_entry():
    ops = [s.op for s in CATALOGUE]
    assert len(ops) == len(set(ops)), f"compiler/catalogue.py CATALOGUE names an op twice: " \
        f"{sorted({o for o in ops if ops.count(o) > 1})}"
