"""Grammar, catalogue, schema, binder and docs must not drift apart."""
import re
from pathlib import Path

import pytest

from dow.compiler import checks
from dow.compiler.bind import Binder
from dow.compiler.catalogue import BY_OP, CATALOGUE
from dow.compiler.cards import KINDS
from dow.compiler.docs import (CARD_FILES, card_file_texts, card_files_doc, diagnostics_doc, doc_texts,
                              effect_language)
from dow.compiler.schemas import bundle_schema
from dow.compiler.scope import Scope
from dow.compiler.vocab import ADJECTIVES, NOUNS
from dow.dsl import parse

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_SCOPE = {"self": "survivor", "this_card": "card", "origin": "location", "destination": "location",
                 "moved": "survivor", "chosen": "survivor"}


def test_every_catalogue_op_has_a_schema_definition_and_no_more():
    defs = {k[3:] for k in bundle_schema()["$defs"] if k.startswith("op.")}
    assert defs == set(BY_OP)


@pytest.mark.parametrize("spec", CATALOGUE, ids=lambda s: s.op)
def test_every_catalogue_example_compiles_to_its_op(spec):
    assert spec.examples, f"{spec.op} has no example"
    for example in spec.examples:
        binder = Binder(Scope(dict(EXAMPLE_SCOPE)))
        tree = binder.effect(parse(example + "\n"))
        assert binder.errors == [], f"{spec.op}: {example!r}: {[e.message for e in binder.errors]}"
        assert checks.typecheck(tree) == [] and checks.structure(tree) == []
        ops = {n["op"] for n in checks.walk(tree)}
        assert spec.op in ops, f"{spec.op}: example {example!r} compiles to {sorted(ops)}"


def test_every_op_the_binder_writes_is_in_the_catalogue():
    sources = "".join((ROOT / "compiler" / f).read_text() for f in ("resolve.py", "bind.py", "scope.py", "phrases.py"))
    written = set(re.findall(r'"op": "([a-z_]+)"', sources))
    assert written - set(BY_OP) == set()


@pytest.mark.parametrize("word", sorted({w for k in NOUNS for w in k.split()} | set(ADJECTIVES)))
def test_every_vocabulary_word_reads_as_a_word_inside_a_clause(word):
    clause = parse(f"kill {word}.\n").stmts[0].clauses[0]
    assert [w.text for w in clause.words] == ["kill", word]
    assert all(w.kind == "word" for w in clause.words)


def test_generated_docs_are_up_to_date():
    assert (ROOT / "docs" / "effect-language.md").read_text(encoding="utf-8") == effect_language(), \
        "run 'dow docs' and commit the result"
    assert (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8") == \
        diagnostics_doc(ROOT / "tests" / "golden" / "diagnostics"), "run 'dow docs' and commit the result"
    assert (ROOT / "docs" / "card-files.md").read_text(encoding="utf-8") == card_files_doc()


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_every_catalogue_op_has_a_translated_doc_line_and_no_more(lang):
    texts = doc_texts(lang)
    assert set(texts["docs"]) == set(BY_OP), f"compiler/templates/docs/{lang}.yaml: docs keys differ from the catalogue"
    assert all(isinstance(line, str) and line.strip() and "\n" not in line for line in texts["docs"].values())
    assert set(texts["groups"]) >= {s.group for s in CATALOGUE}


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_translated_effect_language_docs_are_up_to_date(lang):
    assert (ROOT / "docs" / lang / "effect-language.md").read_text(encoding="utf-8") == effect_language(lang), \
        "run 'dow docs' and commit the result"


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_every_card_kind_has_a_translated_line_and_every_word_is_translated(lang):
    texts = card_file_texts(lang)
    assert set(texts["kinds"]) == set(KINDS), \
        f"compiler/templates/docs/{lang}.yaml: card_files.kinds differs from the kinds in compiler/cards.py"
    assert set(texts) == set(CARD_FILES) | {"kinds"}
    assert set(texts["types"]) == set(CARD_FILES["types"])
    assert all(line.strip() and "\n" not in line for line in texts["kinds"].values())


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_translated_card_files_docs_are_up_to_date(lang):
    text = (ROOT / "docs" / lang / "card-files.md").read_text(encoding="utf-8")
    assert text == card_files_doc(lang), "run 'dow docs' and commit the result"
    assert "## Fields of every card" not in text and "| field | type |" not in text
