"""Negation and grouping of conditions, walked over the whole condition table (dsl/forms.py TESTS).

Negation is an axis of the table: every condition form has a negative (its verb negated, or the surface
it declares) that builds {"op": "not", "item": <the positive's tree>}, or says why it has none. These
tests take every form of the table, not a list of examples: its example and its negative compile, the
trees are each other's negation, the runtime answers the negative as the logical not of the positive on
games in progress, every pair of forms groups with parentheses as written, and the English rules text
of a grouped condition shows its grouping (and reads back as the same tree where the text is effect text).
"""
from __future__ import annotations

import itertools

import pytest

from dow.compiler import checks
from dow.compiler.language import bind_text
from dow.render.text import render
from dow.dsl.form_kit import F, NoNegative, negatives, op
from dow.dsl.forms import FORMS, TESTS
from dow.runtime.interpreter import EffectError, Env, Interpreter

from helpers import lowered, strip

SCOPE = {"self": "survivor", "this_card": "card", "origin": "location", "destination": "location",
         "moved": "survivor", "chosen": "survivor"}


def missing_negatives(forms) -> list[str]:
    """The templates of the condition forms that have neither a negative nor a reason for none."""
    made = {id(f.positive) for f in forms if f.positive is not None}
    return [f.template for f in forms if f.role == "test" and f.positive is None
            and not isinstance(f.negative, NoNegative) and id(f) not in made]


def pairs() -> list[tuple]:
    """(positive, negative) for every condition form that has a negative."""
    return [(f.positive, f) for f in TESTS if f.positive is not None]


def examples() -> list[str]:
    """Every condition form's example, the negatives' included."""
    return [f.example for f in TESTS if f.example]


def cond(text: str) -> dict:
    tree, errors = bind_text(text, dict(SCOPE), kind="voters")
    assert errors == [], f"{text!r}: {[str(e.message) for e in errors]}"
    return strip(tree)


# ---- the table ----------------------------------------------------------------------------------------

def test_every_condition_form_has_a_negative_or_says_why():
    assert missing_negatives(FORMS) == []
    for form in TESTS:
        if isinstance(form.negative, NoNegative) and form.positive is None:
            assert form.negative.reason.strip(), form.template


def test_a_form_added_without_a_negative_or_a_reason_is_named():
    table = negatives((F("test", "{subject:survivor} frobnicates", op("frob"), '"Sparky" frobnicates'),
                       F("test", "{subject:survivor} (has|have) {wounds:wound_count}", op("x"), "")))
    assert missing_negatives(table) == ["{subject:survivor} frobnicates"]
    said = negatives((F("test", "{subject:survivor} frobnicates", op("frob"), negative=NoNegative("why")),))
    assert missing_negatives(said) == []


def test_the_negatives_authors_write_are_in_the_table():
    surfaces = {f.template for f in TESTS if f.positive is not None}
    for words in ("(do not control|does not control)", "(does not have|do not have)", "does not share",
                  "is not {state:state}", "is not at", "was not searched", "did not play", "the result is not",
                  "does not play", "not every entrance", "(is not|are not) the", "does not have {n:num} or more"):
        assert any(words in s for s in surfaces), words


@pytest.mark.parametrize("positive,negative", pairs(), ids=lambda f: f.template)
def test_the_negative_compiles_to_not_of_the_positive(positive, negative):
    assert negative.example, f"{negative.template!r} has no example"
    assert cond(negative.example) == {"op": "not", "item": cond(positive.example)}


def test_the_negatives_that_were_forms_of_their_own_build_the_same_trees():
    assert cond('you do not have 2 or more food cards in your hand') == {"op": "not", "item": {
        "op": "exists", "min": 2, "selector": {"op": "select_of", "kind": "card", "quantity": {"mode": "at_least", "n": 2},
                                               "filters": [{"op": "card_type", "type": "food"},
                                                           {"op": "in_zone", "zone": {"op": "zone", "zone": "hand",
                                                                                      "owner": {"op": "you"}}}]}}}
    assert cond('"Sparky" is not exiled') == {"op": "not", "item": {
        "op": "is", "subject": {"op": "named", "card": "Sparky", "kind": "survivor"}, "state": "exiled"}}
    assert cond("the result is not bitten") == {"op": "not", "item": {"op": "rolled", "face": "bitten"}}


def test_the_condition_the_generator_writes_compiles():
    assert cond('you do not control "Ashley Ross"') == {"op": "not", "item": {
        "op": "controls", "player": {"op": "you"}, "what": {"op": "named", "card": "Ashley Ross", "kind": "survivor"}}}
    grouped = cond('the round < 2 and ("Annaleigh Chan" is in play or you control "Talia Jenkins")')
    assert [i["op"] for i in grouped["items"]] == ["compare", "any"] and grouped["op"] == "all"


# ---- the runtime: the negative is the logical not of the positive ----------------------------------

def _compiled(text: str) -> dict:
    """The published condition of a form's example: inside a players' loop when it speaks of 'they', after
    the moment a card sets when it counts 'since this card'."""
    effect = f"if {text}: gain 1 morale."
    if text.startswith("they "):
        effect = "for each player:\n  " + effect
    if text.startswith("the result is"):          # the result of a roll before it (unanswered alone: both fail)
        effect = "roll for exposure on this survivor.\n" + effect
    if "since this card" in text:
        effect = "at the end of the next round:\n  " + effect
    found = [n for n in checks.walk(lowered(effect, SCOPE)) if n.get("op") == "if"]
    return found[0]["cond"]


def _answer(ip, tree, env):
    try:
        return ("value", ip.cond(tree, env))
    except EffectError as err:
        return ("error", str(err))


def tables(bundle):
    """Games in progress, seeded: base with 4 players (two seeds) and Warring Colonies with 6, a few dozen
    decisions in (as tests/runtime/test_compiled_conditions.py plays them; 80 so that the tables differ enough)."""
    from dow.runtime.decisions import RandomAgent
    from dow.runtime.engine.sim import new_game
    for seed, players, variants in ((1, 4, ()), (2, 4, ()), (3, 6, ("warring-colonies",))):
        game = new_game(bundle, seed, players, check=False, variants=variants)
        agent = RandomAgent(seed)
        decision = game.advance()
        for _ in range(80):
            if decision is None:
                break
            decision = game.advance(agent.answer(decision))
        yield game


def test_the_runtime_answers_the_negative_as_not_the_positive(bundle):
    answered, truths = 0, set()
    compiled = [(p, _compiled(p.example), _compiled(n.example)) for p, n in pairs()]
    for game in tables(bundle):
        survivors, locations = game.host.things("survivor"), game.host.things("location")
        bindings = {"self": survivors[0], "chosen": survivors[-1], "moved": survivors[-1], "origin": locations[0],
                    "destination": locations[-1], "this_card": "", "each": "p2"}
        for seat in ("p1", "p2"):
            for form, yes, no in compiled:
                ip = Interpreter(bundle, game.host, game.interp.rng)
                pos, neg = _answer(ip, yes, Env(seat, "", dict(bindings))), _answer(ip, no, Env(seat, "", dict(bindings)))
                if pos[0] == "value":
                    assert neg == ("value", not pos[1]), form.template
                    answered += 1
                    truths.add((form.template, pos[1]))
                else:
                    assert neg == pos, form.template          # what cannot be answered fails alike
    assert answered >= 0.6 * 6 * len(compiled)
    assert len({t for t, v in truths if (t, not v) in truths}) >= 3     # some forms are true here, false there


# ---- grouping: every pair of forms, both nestings -----------------------------------------------------

def _join(kind: str, items: list[dict]) -> dict:
    flat: list[dict] = []
    for item in items:
        flat.extend(item["items"] if item["op"] == kind else [item])
    return {"op": kind, "items": flat}


def _triples(forms: list):
    """Every pair of forms {a, b} once (a before b in the table), with a third c that runs through the forms
    as the pairs do, and which of the two nestings the pair is written in: each in turn, so both nestings
    and every pair are read (each text is a whole Earley parse: every pair in both nestings and both orders
    would take minutes)."""
    for i, (a, b) in enumerate(itertools.combinations(forms, 2)):
        yield a, b, forms[i % len(forms)], ("and_or", "or_and")[i % 2]


def _grouped(kind: str, a, b, c):
    return _join("all", [a, _join("any", [b, c])]) if kind == "and_or" else _join("any", [_join("all", [a, b]), c])


def test_every_pair_of_forms_groups_as_written():
    trees = {text: cond(text) for text in examples()}
    for a, b, c, kind in _triples(examples()):
        text = f"{a} and ({b} or {c})" if kind == "and_or" else f"({a} and {b}) or {c}"
        assert cond(text) == _grouped(kind, trees[a], trees[b], trees[c]), text


def test_and_binds_tighter_than_or_without_parentheses():
    a, b, c = "morale < 4", '"Sparky" is exiled', "you played a fuel card"
    assert cond(f"{a} and {b} or {c}") == cond(f"({a} and {b}) or {c}")
    assert cond(f"{a} or {b} and {c}") == cond(f"{a} or ({b} and {c})")
    assert cond(f"(({a}))") == cond(a)


def _said(tree: dict, lang: str = "en") -> str:
    text = render(tree, lang)
    return text[0].lower() + text[1:].rstrip(".")


def test_the_rules_text_shows_the_grouping():
    trees = [cond(t) for t in examples()]
    for a, b, c, _ in _triples(trees):
        grouped = _grouped("and_or", a, b, c)
        if len(grouped["items"]) != 2 or len(grouped["items"][1]["items"]) != 2:
            continue                          # a part that is itself a join of the same kind flattens
        for lang, conj in (("en", ("and", "or")), ("pt", ("e", "ou")), ("vi", ("và", "hoặc"))):
            said = render(grouped, lang).rstrip(".")
            first, second, third = (_said(x, lang) for x in (a, b, c))
            assert said.lower() == f"{first} {conj[0]} ({second} {conj[1]} {third})".lower(), said
        assert "(" not in render(_grouped("or_and", a, b, c), "en")    # 'and' binds tighter: no brackets needed


def test_the_english_text_of_grouped_conditions_reads_back_as_the_same_tree():
    """Where a form's English rules text is effect text (no names in quotes, no comparison in words), the
    text of its groupings with the others reads back as the same tree."""
    trees = {t: cond(t) for t in examples()}
    readable = []
    for text, tree in trees.items():
        tree2, errors = bind_text(_said(tree), dict(SCOPE), kind="voters")
        if not errors and strip(tree2) == tree:
            readable.append(text)
    assert len(readable) >= 15, readable
    for a, b, c, kind in _triples(readable):
        grouped = _grouped(kind, trees[a], trees[b], trees[c])
        said = _said(grouped)
        back, errors = bind_text(said, dict(SCOPE), kind="voters")
        assert errors == [] and strip(back) == grouped, said


# ---- parentheses written wrong: a located error, saying what they are for ----------------------------

@pytest.mark.parametrize("text,message,col", [
    ("if (morale < 2: gain 1 morale.", "P001.paren-unclosed", 4),
    ("if morale < 2): gain 1 morale.", "P001.paren-unopened", 14),
    ('if ("Sparky" is exiled or morale < 2\n  and morale > 1): gain 1 morale.', "P001.paren-unclosed", 4),
    ("kill (2) zombies.", "P001.token-cannot-come-here", 6),
])
def test_parentheses_out_of_place_are_refused_where_they_stand(text, message, col):
    from helpers import error
    err = error(text)
    assert (err.code, err.message.id, err.pos.col) == ("P001", message, col)
    assert err.hint.id == "hint.parentheses"


def test_a_character_of_no_meaning_names_the_parentheses_as_condition_grouping():
    from helpers import error
    from dow.compiler.messages import M
    err = error("kill 2 zombies @ here.")
    assert err.code == "P003" and "( ) around conditions" in str(M(err.hint.id))
