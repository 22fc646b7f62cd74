"""Grammar, catalogue, schema, binder and docs must not drift apart."""
import re
from pathlib import Path

import pytest

from dow.compiler import checks
from dow.compiler.catalogue import BY_OP, CATALOGUE
from dow.compiler.language import bind_text
from dow.compiler.cards import KINDS
from dow.render.docs import (CARD_FILES, card_file_texts, card_files_doc, diagnostics_doc, doc_texts,
                              effect_language)
from dow.compiler.schemas import bundle_schema
from dow.dsl import parse
from dow.dsl.build import slot_names
from dow.dsl.clauses import vocabulary
from dow.dsl.forms import FORMS
from dow.dsl.grammar import grammar_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_SCOPE = {"self": "survivor", "this_card": "card", "origin": "location", "destination": "location",
                 "moved": "survivor", "chosen": "survivor"}


def test_every_catalogue_op_has_a_schema_definition_and_no_more():
    defs = {k[3:] for k in bundle_schema()["$defs"] if k.startswith("op.")}
    assert defs == set(BY_OP)


@pytest.mark.parametrize("spec", CATALOGUE, ids=lambda s: s.op)
def test_every_catalogue_example_compiles_to_its_op(spec):
    assert spec.examples, f"NODE KIND {spec.op}: add an example of effect text in compiler/catalogue.py CATALOGUE"
    for example in spec.examples:
        tree, errors = bind_text(example + "\n", dict(EXAMPLE_SCOPE))
        assert errors == [], (f"NODE KIND {spec.op}: its example {example!r} does not compile "
                              f"({[str(e.message) for e in errors]}): add a form that writes it in dsl/forms.py "
                              "(new words of an axis go in dsl/lexicon.py)")
        ops = {n["op"] for n in checks.walk(tree)}
        assert spec.op in ops, f"{spec.op}: example {example!r} compiles to {sorted(ops)}"


#: ops a form builds that are folded into the sentence before them by the binder, never a node of a tree
FOLDED = {"keep_morale", "fallback", "nothing", "take_pot", "_costs"}


def _built_ops(form) -> set[str]:
    if isinstance(form.build, dict):
        return {form.build["op"]}
    source = __import__("inspect").getsource(form.build) if form.build.__name__ == "<lambda>" else ""
    return set(re.findall(r'"op": "([a-z_]+)"', source))


def test_every_op_a_form_writes_is_in_the_catalogue():
    written = set().union(*(_built_ops(f) for f in FORMS))
    forms_source = (ROOT / "dsl" / "forms.py").read_text() + (ROOT / "dsl" / "build.py").read_text()
    written |= set(re.findall(r'"op": "([a-z_]+)"', forms_source))
    assert written - set(BY_OP) - FOLDED - {"?ref", "?they"} == set()


def test_every_form_example_compiles():
    """Each form's example is a sentence the form reads (its words, every one of them, in the grammar)."""
    for n, form in enumerate(FORMS):
        if not form.example or form.role in ("expr",):
            continue
        kind = {"test": "cond", "event": "event", "event_ing": "event"}.get(form.role, "effect")
        if form.role == "test" and form.example.startswith("they "):
            kind = "voters"
        text = form.example if form.role not in ("header", "cost") else form.example + "\n  gain 1 morale."
        if form.role == "header" and (form.template.startswith(("choose one", "vote", "{voters")) or "choose) one" in form.template):
            text = form.example + "\n  - gain 1 morale.\n  - lose 1 morale."
        if form.role == "header" and form.template.startswith("roll a die"):
            text = form.example + "\n  on 1 to 3: gain 1 morale."
        if form.role == "header" and "stake" in form.template:
            text = form.example + "\n  you take the pot."
        if form.role == "event_ing":
            text = "instead of " + form.example + ":\n  gain 1 morale."
            kind = "effect"
        tree, errors = bind_text(text + ("\n" if kind == "effect" else ""), dict(EXAMPLE_SCOPE), kind=kind)
        if form.role == "event_ing":       # an event nothing in the game can replace is refused after 'instead of'
            errors = [e for e in errors if getattr(e.message, "id", "") != "T002.no-instead"]
        assert errors == [], f"form {n} {form.template!r}: {form.example!r}: {[str(e.message) for e in errors]}"


def test_every_slot_type_is_a_rule_of_the_grammar():
    rules = set(re.findall(r"^\??(\w+):", grammar_text(), re.M))
    assert slot_names() - rules == set()


def test_every_word_of_the_vocabulary_is_a_word_of_a_clause():
    """The words the grammar holds are single words as the structural parser cuts them."""
    for word in sorted(vocabulary()):
        if word in (",", "<", "<=", ">", ">=", "=", "!=", "(", ")"):   # punctuation (parentheses: conditions only)
            continue
        clause = parse(f"kill {word}.\n").stmts[0].clauses[0]
        assert [w.text for w in clause.words] == ["kill", word], word


def test_generated_docs_are_up_to_date():
    assert (ROOT / "docs" / "effect-language.md").read_text(encoding="utf-8") == effect_language(), \
        "run 'dow docs' and commit the result"
    assert (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8") == \
        diagnostics_doc(ROOT / "tests" / "golden" / "diagnostics"), "run 'dow docs' and commit the result"
    assert (ROOT / "docs" / "card-files.md").read_text(encoding="utf-8") == card_files_doc()


@pytest.mark.parametrize("page,sections", [("embedding.md", ("host protocol", "host actions", "decision answers")),
                                           ("runtime.md", ("decision answers",))])
def test_generated_sections_of_hand_written_docs_are_up_to_date(page, sections):
    """The host protocol, its actions and the decisions' answers are written from runtime/host.py and
    runtime/decisions.py into the pages that explain them; a change to the code without 'dow docs' fails."""
    from dow.render.docs import with_generated_sections
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    for name in sections:
        assert f"<!-- begin {name}: generated by `dow docs`" in text and f"<!-- end {name} -->" in text, name
    assert text == with_generated_sections(text, page), "run 'dow docs' and commit the result"


def test_a_generated_section_without_its_end_mark_is_refused():
    from dow.render.docs import with_generated_sections
    broken = "x\n<!-- begin host protocol: generated by `dow docs` from runtime/host.py; do not edit by hand -->\ny\n"
    with pytest.raises(ValueError, match="page.md: the generated section 'host protocol' has no end mark"):
        with_generated_sections(broken, "page.md")


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_every_catalogue_op_has_a_translated_doc_line_and_no_more(lang):
    texts = doc_texts(lang)
    lines = [f"NODE KIND {op}: add its translated one-line doc under docs: in render/catalogues/docs/{lang}.yaml"
             for op in sorted(set(BY_OP) - set(texts["docs"]))]
    lines += [f"render/catalogues/docs/{lang}.yaml: docs: has {op!r}, which compiler/catalogue.py CATALOGUE does not"
              for op in sorted(set(texts["docs"]) - set(BY_OP))]
    assert not lines, "\n" + "\n".join(lines)
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
        f"render/catalogues/docs/{lang}.yaml: card_files.kinds differs from the kinds in compiler/cards.py"
    assert set(texts) == set(CARD_FILES) | {"kinds"}
    assert set(texts["types"]) == set(CARD_FILES["types"])
    assert all(line.strip() and "\n" not in line for line in texts["kinds"].values())


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_translated_card_files_docs_are_up_to_date(lang):
    text = (ROOT / "docs" / lang / "card-files.md").read_text(encoding="utf-8")
    assert text == card_files_doc(lang), "run 'dow docs' and commit the result"
    assert "## Fields of every card" not in text and "| field | type |" not in text


FENCE = re.compile(r"^```([a-z]*)\n(.*?)^```", re.S | re.M)


def test_every_example_of_the_reference_prose_compiles():
    """The sentences the reference shows between its generated lists are sentences the language reads."""
    from dow.render.langdoc import REFERENCE
    blocks = [(key, code) for key, text in REFERENCE.items() if isinstance(text, str)
              for lang, code in FENCE.findall(text) if not lang]
    assert len(blocks) >= 6
    for key, code in blocks:
        tree, errors = bind_text(code, {"self": "survivor", "this_card": "card"})
        assert errors == [], f"REFERENCE[{key!r}]: {code!r}: {[str(e.message) for e in errors]}"


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_the_translated_reference_has_the_english_keys_and_shows_the_same_examples(lang):
    from dow.render.langdoc import REFERENCE

    def paths(value, at=()):
        if isinstance(value, dict):
            return {p for k, v in value.items() for p in paths(v, at + (k,))}
        return {at}
    translated = doc_texts(lang)["reference"]
    assert paths(translated) == paths(REFERENCE), f"render/catalogues/docs/{lang}.yaml: reference keys differ"
    assert FENCE.findall(effect_language(lang)) == FENCE.findall(effect_language("en"))
