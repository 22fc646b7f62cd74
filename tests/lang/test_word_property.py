"""Every word of an effect counts: dropping, doubling or swapping any one word of a sentence either changes
the compiled tree or is refused. A word the language would silently drop (a doubled adjective, a filler, a
filter that contradicts another) is the class of bug this walks, over two sets of sentences:

* the example of every form of the language (dsl/forms.py), and
* every effect, condition and event text of every card in content/, in its card's scope.

The only words an author may leave out or add without changing a sentence are the second spellings the
lexicon lists (``dsl.lexicon.SPELLINGS``: "5 food tokens" is "5 food")."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dow.compiler.cards import KINDS
from dow.compiler.language import bind_text
from dow.dsl import lexicon as L
from dow.dsl.forms import FORMS

ROOT = Path(__file__).resolve().parents[2]
TOKEN = re.compile(r'"[^"]*"|<=|>=|!=|[\w\'-]+|[^\s\w]')
MARKS = re.compile(r"[.,:;-]")
EXAMPLE_SCOPE = {"self": "survivor", "this_card": "card", "origin": "location", "destination": "location",
                 "moved": "survivor", "chosen": "survivor"}
#: the kind of text each card field holds
FIELD_KIND = {"effect": "effect", "if": "cond", "requires": "cond", "vote": "voters", "chooser": "voters",
              "tie_breaker": "voters", "when": "event", "tie": "effect"}


def _join(tokens: list[str]) -> str:
    out = ""
    for t in tokens:
        out += ("" if not out or re.fullmatch(r"[.,:;]", t) else " ") + t
    return out


def mutants(line: str):
    """(how, word, the line changed) for every word of a line: dropped, doubled, swapped with the next."""
    tokens = TOKEN.findall(line)
    words = [i for i, t in enumerate(tokens) if not MARKS.fullmatch(t)]
    for i in words:
        yield "drop", tokens[i], _join(tokens[:i] + tokens[i + 1:])
        yield "double", tokens[i], _join(tokens[:i + 1] + tokens[i:])
        if i + 1 in words:
            yield "swap", f"{tokens[i]} {tokens[i + 1]}", _join(tokens[:i] + [tokens[i + 1], tokens[i]] + tokens[i + 2:])


def _tree(text: str, kind: str, scope: dict) -> str | None:
    tree, errors = bind_text(text, dict(scope), kind=kind)
    return None if errors else json.dumps(_bare(tree), sort_keys=True)


def _bare(value):
    if isinstance(value, dict):
        return {k: _bare(v) for k, v in value.items() if k != "pos" and not k.startswith("_")}
    if isinstance(value, list):
        return [_bare(v) for v in value]
    return value


def _respelled(before: str, after: str) -> bool:
    """Whether two lines differ only by a second spelling the lexicon lists."""
    return any(before.replace(a, b) == after or after.replace(a, b) == before for a, b in L.SPELLINGS.items())


def silent(text: str, kind: str, scope: dict) -> list[tuple]:
    """Every one-word change of every line of a text that compiles to the same tree as the text."""
    same = _tree(text, kind, scope)
    assert same is not None, f"{text!r} must compile"
    lines = text.split("\n")
    found = []
    for n, line in enumerate(lines):
        indent = line[:len(line) - len(line.lstrip())]
        for how, word, changed in mutants(line.strip()):
            if _respelled(line.strip(), changed):
                continue
            text2 = "\n".join([*lines[:n], indent + changed, *lines[n + 1:]])
            if _tree(text2, kind, scope) == same:
                found.append((how, word, line.strip(), changed))
    return found


# ---- the forms' examples ------------------------------------------------------------------------------

def _example(form) -> tuple[str, str, str]:
    """A form's example as a text that compiles: (the example, what follows it, the text's kind)."""
    kind = {"test": "cond", "event": "event"}.get(form.role, "effect")
    if form.role == "test" and form.example.startswith("they "):
        kind = "voters"
    after = ""
    if form.role in ("header", "cost"):
        after = "\n  gain 1 morale."
        if (form.template.startswith(("choose one", "vote", "{voters")) or "choose) one" in form.template):
            after = "\n  - gain 1 morale.\n  - lose 1 morale."
        elif form.template.startswith("roll a die"):
            after = "\n  on 1 to 3: gain 1 morale."
        elif "stake" in form.template:
            after = "\n  you take the pot."
    return form.example, after + ("\n" if kind == "effect" else ""), kind


EXAMPLES = [n for n, f in enumerate(FORMS) if f.example and f.role not in ("expr", "event_ing")]


@pytest.mark.parametrize("n", EXAMPLES, ids=lambda n: f"form{n}")
def test_every_word_of_every_form_example_changes_the_tree_or_is_refused(n):
    example, after, kind = _example(FORMS[n])
    *before, last = example.split("\n")
    lead = "".join(line + "\n" for line in before)
    same = _tree(lead + last + after, kind, EXAMPLE_SCOPE)
    assert same is not None, example
    found = []
    for how, word, changed in mutants(last):
        if not _respelled(last, changed) and _tree(lead + changed + after, kind, EXAMPLE_SCOPE) == same:
            found.append((how, word, changed))
    assert found == [], f"{FORMS[n].template!r}: these read as {last!r} does"


# ---- every card's texts ---------------------------------------------------------------------------------

CARDS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "content").rglob("*.yaml")
               if p.parent.name in {k.folder for k in KINDS.values()})


def _texts(card: dict):
    """(kind, text) of every program of a compiled card."""
    def walk(value, field=""):
        if isinstance(value, dict):
            if set(value) == {"source", "tree"}:
                if value["tree"] or value["source"].strip():
                    yield FIELD_KIND[field], value["source"]
                return
            for key, inner in value.items():
                yield from walk(inner, key)
        elif isinstance(value, list):
            for inner in value:
                yield from walk(inner, field)
    yield from walk(card)


def _scope(card: dict) -> dict:
    """What a card's texts may name: its kind's names and what its trigger's event carries."""
    scope = dict(KINDS[card["kind"]].binds)
    when = (card.get("trigger") or {}).get("when") or {}
    if when.get("tree"):
        scope.update(L.EVENTS[when["tree"]["kind"]].carries)
    return scope


@pytest.mark.parametrize("path", CARDS)
def test_every_word_of_every_card_text_changes_the_tree_or_is_refused(path):
    from dow.compiler.pipeline import compile_file
    result = compile_file(ROOT / path, path)
    assert result.card is not None, path
    scope = _scope(result.card)
    found = [f for kind, text in dict.fromkeys(_texts(result.card)) for f in silent(text, kind, scope)]
    assert found == [], f"{path}: these one-word changes compile to the same tree"
