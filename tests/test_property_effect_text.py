"""Property tests: no effect text, however mangled, crashes the compiler.

Whatever is written in an ``effect: |`` block, compiling the card must only ever
produce diagnostics: never an exception, and every diagnostic carries a stable code
(``CODES``), this file's name and a 1-based position inside the file. Texts come from
three sources:

(a) sentences assembled at random from fragments of the cheat sheet
    (docs/helper-cheatsheet.md): verbs, numbers, nouns, places, conditions, block
    headers, options, die outcomes, indentation levels;
(b) valid cheat-sheet statements, mutated: words deleted, duplicated, swapped;
    punctuation, unicode and huge or negative numbers inserted; indentation changed;
(c) arbitrary text (and, separately, text without the control characters YAML itself
    forbids, so that random text reaches the effect-language passes too).

A few deterministic tests pin down cases the properties found or must not miss.

Set DOW_FUZZ_EXAMPLES to run more examples per property (default 300).
"""
from __future__ import annotations

import os
import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dow.compiler.diagnostics import CODES
from dow.compiler.pipeline import compile_text

from conftest import card_yaml
from workbound import bounded

DISPLAY = "content/base/survivors/test-card.yaml"
EXAMPLES = int(os.environ.get("DOW_FUZZ_EXAMPLES", "300"))

FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ---- the property ---------------------------------------------------------------------------------

def _line_count(text: str) -> int:
    """Lines an editor shows, counting the empty line after a final line break."""
    return len((text + "x").splitlines())


def check_compiles_to_diagnostics(effect: str, **card) -> None:
    """Compile a card holding ``effect``: it must not raise, and every diagnostic is located."""
    check_card_text(card_yaml(effect, **card))


def check_card_text(text: str):
    """Compile a whole card file's text: it must not raise, and every diagnostic is located."""
    result = bounded(compile_text, len(text), text, DISPLAY)   # an exception here is a compiler bug
    n_lines = _line_count(text)
    for d in result.diags:
        where = f"{d.code} {d.line}:{d.col} {d.message!r}"
        assert d.code in CODES, f"unknown code: {where}"
        assert d.severity in ("error", "warning"), where
        assert d.file == DISPLAY, where
        assert isinstance(d.line, int) and isinstance(d.col, int), where
        assert d.line >= 1, f"diagnostic without a line: {where}"
        assert d.col >= 1, f"diagnostic without a column: {where}"
        assert d.line <= n_lines, f"line past the end of the {n_lines}-line file: {where}"
    errors = [d for d in result.diags if d.severity == "error"]
    if result.card is None:
        assert errors, "the card was dropped without an error saying why"
    else:
        assert not errors, "a card with errors still yielded a tree"
    return result


# ---- cheat-sheet statements that compile (or at least should) -----------------------------------

VALID = [
    "kill 3 zombies here.", "kill all zombies at the hospital.", "kill the chosen survivor.",
    'kill "Rod Miller".', "add 5 zombies to the colony.", "add 1 zombie to each non-colony location.",
    "remove all zombies from the grocery store.", "move 4 zombies from any location to the colony.",
    "add 2 noise tokens here.", "place 4 barricades at the hospital.", "add 3 food to the supply.",
    "add 3 bullets to the bullet supply.", "add 2 helpless survivors to the colony.",
    "remove 1 food from the supply.", "remove all barricades from the colony.",
    "fill the police station with noise tokens.", "gain 1 morale.", "lose 1 morale.", "raise morale by 1.",
    "gain 3 combat strength.", "choose a survivor you control.\nplace a wound on the chosen survivor.",
    "place 2 wounds on her.", "place a despair token on a survivor you control.",
    "heal 1 wound on a survivor you control.", "do not roll for exposure.",
    'add "Sophie Robinson" to your following.', 'remove "Sophie Robinson" from the game.',
    "draw 2 cards from the grocery store deck.", "take 2 fuel cards from the gas station deck.",
    "take up to 4 fuel cards from the removed pile.", "search the gas station deck for 2 fuel cards.",
    "remove a random card in your hand from the game.", "give a card in your hand to another player.",
    "look at the hand of another player.", "increase an unused action die you control by 1.",
    "reroll an unused action die you control.", "start an exile vote against a player.",
    "end the colony warfare.", "skip the colony warfare here.", "end the game.",
    "if morale < 4: gain 1 morale.\notherwise: lose 1 morale.",
    'if "Sparky" is not exiled and you control "Sparky":\n  kill 8 zombies at the colony.',
    "choose one:\n  - gain 1 morale.\n  - only if morale < 4:\n      lose 1 morale.",
    "vote:\n  - gain 1 morale.\n  - lose 1 morale.",
    "roll a die:\n  on 4 or more: gain 1 morale.\n  on 1 to 3: lose 1 morale.",
    "roll a die. remove that many zombies from the colony.",
    "you may kill 1 zombie here.", "you may: gain 1 morale.", "you may spend 2 action dice: gain 1 morale.",
    "spend 5 food: gain 1 morale.", "spend an action die of 4 or more: kill 3 zombies here.",
    "spend 3 fuel cards: gain 1 morale.", "spend 1 bullet: add 1 food to the supply.",
    "once per round:\n  gain 1 morale.",
    "spend an action die of 4 or more:\n  kill 3 zombies here. do not roll for exposure.\n"
    "  add 2 noise tokens here.",
    "for each survivor at the colony: roll for exposure on it.",
    "for the rest of the game:\n  this survivor cannot move unless you play a fuel card.",
    "as long as there are 2 or more helpless survivors at the colony:\n  the colony pays 1 additional food.",
    "instead of this survivor receiving a frostbite wound: place a wound on this survivor.",
    "until the end of the next round:\n  this survivor gives 2 combat strength instead of 1.",
    "once per round:\n  spend an action die of 4 or more:\n    kill 3 zombies here.",
    "you may: manual one-liner.",
]


# ---- (a) sentences from cheat-sheet fragments ----------------------------------------------------

VERBS = ["kill", "add", "remove", "move", "place", "gain", "lose", "raise morale by", "heal", "fill",
         "roll for exposure on", "do not roll for exposure", "draw", "take", "take up to", "search",
         "give", "look at", "choose", "increase", "reroll", "start an exile vote against", "end", "skip",
         "spend", "manual", "attach", "receives", "pays", "cannot", "does not", "needs", "gives", "counts as",
         "roll a die", "remove that many", "looks at and keeps"]
NUMBERS = ["1", "2", "3", "4", "5", "8", "a", "an", "all", "up to 4", "that many", "each", "twice",
           "3 times", "0", "1 additional", "2 or more", "4 or more", "1 to 3", "6"]
NOUNS = ["zombies", "zombie", "noise tokens", "barricades", "food", "bullets", "bullet", "helpless survivors",
         "morale", "combat strength", "a wound", "wounds", "frostbite wound", "despair token", "cards",
         "fuel cards", "fuel card", "action dice", "action die", "unused action die", "the chosen survivor",
         "the moved survivor", "the searching survivor", "this survivor", "this card", "that survivor",
         "it", "him", "her", "them", '"Rod Miller"', '"Sparky"', '"Sophie Robinson"', '"ON GUARD"',
         "a survivor you control", "a random card in your hand", "the hand of another player",
         "the colony warfare", "the game", "votes", "exile vote", "influence", "group leader",
         "non-exiled survivor", "enemy colony leader", "card", "survivor", "player", "the number of zombies"]
PLACES = ["here", "at the hospital", "to the colony", "from the grocery store", "at the police station",
          "to each non-colony location", "from any location", "to the supply", "to the bullet supply",
          "from the supply", "at its destination", "from the gas station deck", "in the waste pile",
          "to your following", "from the game", "at the colony", "at the library", "at the school",
          "at the cemetery", "at the enemy colony", "from the removed pile", "to another player",
          "on the chosen survivor", "on her", "on a survivor you control", "against a player",
          "you control", "in your hand", "when searching", "when moving", "when attacking",
          "instead of 1", "by 1", "with noise tokens", "for exposure"]
CONDITIONS = ["morale < 4", "morale >= 2", "the number of zombies at the colony >= 3",
              'the influence of "X" > 40', 'you control "Sparky"', '"Sparky" is not exiled',
              '"Brian Lee" is at the colony', '"Sophie Robinson" is in the survivor deck',
              '"Olivia Brown" is in play', "there are 2 or more helpless survivors at the colony",
              "the moved survivor shares a location with an exiled survivor",
              "this survivor is your group leader", "you played a fuel card",
              'the enemy colony leader plays "ON GUARD"', "morale = 0", "morale != 3", "(morale < 4)"]
HEADERS = ["if {c}:", "otherwise:", "otherwise if {c}:", "choose one:", "vote:", "roll a die:", "you may:",
           "you may spend 2 action dice:", "spend 5 food:", "spend an action die of 4 or more:",
           "spend 3 fuel cards:", "spend 1 bullet:", "once per round:", "when you move a survivor:",
           "after a survivor you control searches at the library:", "before you spend food:",
           "when this survivor enters play:", "at the start of your turn:", "at the end of each round:",
           "for the rest of the game:", "until the end of the next round:",
           "for each survivor at the colony:", "as long as {c}:", "unless {c}:",
           "instead of this survivor receiving a frostbite wound:",
           "attach this card to the moved survivor:"]
OPTIONS = ["- ", "- only if {c}: ", "-"]
OUTCOMES = ["on 4 or more:", "on 1 to 3:", "on 6:", "on 1:", "on 2 or less:"]
JOINERS = [". ", ", then ", " and ", " or ", ", ", " "]
ENDINGS = ["."] * 8 + ["", ":", ". ", "..", ","]
INDENTS = ["", "  ", "    ", "      ", "        ", " ", "   ", "\t"]

fragment = st.sampled_from
condition = st.lists(fragment(CONDITIONS), min_size=1, max_size=3).flatmap(
    lambda cs: st.lists(fragment([" and ", " or "]), min_size=len(cs) - 1, max_size=len(cs) - 1).map(
        lambda ops: cs[0] + "".join(op + c for op, c in zip(ops, cs[1:]))))


@st.composite
def clause(draw) -> str:
    """A verb with, perhaps, a number, a noun and a place."""
    parts = [draw(fragment(VERBS))]
    if draw(st.booleans()):
        parts.append(draw(fragment(NUMBERS)))
    if draw(st.integers(0, 4)):
        parts.append(draw(fragment(NOUNS)))
    if draw(st.booleans()):
        parts.append(draw(fragment(PLACES)))
    if draw(st.integers(0, 5)) == 0:
        parts.insert(0, "you may")
    return " ".join(parts)


@st.composite
def sentence(draw) -> str:
    """One or more clauses joined, with an ending; now and then a whole cheat-sheet statement."""
    if draw(st.integers(0, 3)) == 0:
        return draw(fragment([v for v in VALID if "\n" not in v and not v.endswith(":")]))
    clauses = draw(st.lists(clause(), min_size=1, max_size=3))
    out = clauses[0]
    for more in clauses[1:]:
        out += draw(fragment(JOINERS)) + more
    return out + draw(fragment(ENDINGS))


@st.composite
def line(draw, kind: str | None = None) -> tuple[str, bool]:
    """A sentence, block header, option or die outcome; and whether it opens an indented block."""
    kind = kind or draw(st.sampled_from(["sentence", "sentence", "header", "option", "outcome"]))
    inline = draw(st.booleans())
    if kind == "sentence":
        return draw(sentence()), False
    if kind == "header":
        body = draw(fragment(HEADERS)).replace("{c}", draw(condition))
    elif kind == "option":
        body = draw(fragment(OPTIONS)).replace("{c}", draw(condition))
        if inline:
            return body + draw(sentence()), False
        body += draw(fragment(HEADERS)).replace("{c}", draw(condition))
    else:
        body = draw(fragment(OUTCOMES))
    if inline:
        return body + " " + draw(sentence()), False
    return body, True


@st.composite
def fragment_text(draw) -> str:
    """Lines whose indentation mostly follows the blocks they open: the effect language's own shape."""
    out, depth, follows = [], 0, None
    unit = draw(st.sampled_from(["  "] * 6 + ["    "] * 2 + ["\t", " ", "   "]))
    for _ in range(draw(st.integers(1, 12))):
        body, opens = draw(line(follows))
        indent = unit * depth if draw(st.integers(0, 9)) else draw(fragment(INDENTS))
        out.append((indent if out else "") + body)
        follows = None
        if opens and draw(st.integers(0, 9)):
            depth += 1
            if body.endswith(("choose one:", "vote:")):
                follows = "option"
            elif body.endswith("roll a die:"):
                follows = "outcome"
        else:
            depth = draw(st.integers(0, depth))
    return "\n".join(out)


fragment_texts = fragment_text()


@FUZZ
@given(fragment_texts)
@example("if morale < 4: gain 1 morale.\notherwise: lose 1 morale.")
@example("choose one:\n  - gain 1 morale.\n  - only if morale < 4:\n      lose 1 morale.")
@example("roll a die:\n  on 4 or more: gain 1 morale.\n  on 1 to 3: lose 1 morale.")
@example("- gain 1 morale.")
@example("on 4 or more: gain 1 morale.")
@example("otherwise: lose 1 morale.")
@example("you may:")
def test_sentences_from_cheat_sheet_fragments_only_give_located_diagnostics(effect):
    check_compiles_to_diagnostics(effect)


# ---- (b) valid statements, mutated ---------------------------------------------------------------

PUNCTUATION = list('.:,-"()<>=!')
UNICODE = ["Đ", "ç", "—", "😀", "👩‍🚀", "“", "”", "’", "\u00a0", "\u200b", "\u2028", "\u0301", "ℕ", "٣", "𝟙",
           "ﬁ", "İ", "ß", "\ufeff", "\x85", "\r", "\t", "\\", "#", "&", "*", "!", "%", "@", "|", ">",
           "{", "}", "[", "]", "'", "`", "~", "+", ";", "?", "$", "^", "_"]
NUMBERS_WILD = st.one_of(
    st.integers(), st.integers(min_value=10 ** 18, max_value=10 ** 400),
    st.integers(max_value=-1), st.sampled_from([0, -1, 2 ** 31, 2 ** 63, 2 ** 64, 10 ** 4300 - 1]),
).map(str)
TOKEN = re.compile(r"\s+|[^\s]+")


@st.composite
def mutation(draw, tokens: list[str]) -> list[str]:
    """Apply one random edit to a list of word and whitespace tokens."""
    words = [i for i, t in enumerate(tokens) if not t.isspace()]
    op = draw(st.sampled_from(["delete", "duplicate", "swap", "punct", "unicode", "number", "indent",
                               "join", "split", "case", "newline"]))
    out = list(tokens)
    at = draw(st.integers(0, len(out)))
    if op == "delete" and words:
        del out[draw(st.sampled_from(words))]
    elif op == "duplicate" and words:
        i = draw(st.sampled_from(words))
        out[i:i] = [out[i], " "]
    elif op == "swap" and len(words) > 1:
        i, j = draw(st.sampled_from(words)), draw(st.sampled_from(words))
        out[i], out[j] = out[j], out[i]
    elif op == "punct":
        out.insert(at, draw(st.text(st.sampled_from(PUNCTUATION), min_size=1, max_size=3)))
    elif op == "unicode":
        out.insert(at, draw(st.sampled_from(UNICODE)))
    elif op == "number":
        out.insert(at, draw(NUMBERS_WILD))
    elif op == "indent":
        lines = "".join(out).split("\n")
        k = draw(st.integers(0, len(lines) - 1))
        lines[k] = draw(st.sampled_from(["", " ", "  ", "   ", "    ", "\t", " \t", "\t  ", "        "])) \
            + (lines[k].lstrip() if draw(st.booleans()) else lines[k])
        return TOKEN.findall("\n".join(lines))
    elif op == "join" and any("\n" in t for t in out):
        out[next(i for i, t in enumerate(out) if "\n" in t)] = " "
    elif op == "split":
        out.insert(at, "\n" + draw(st.sampled_from(["", "  ", "    "])))
    elif op == "case" and words:
        i = draw(st.sampled_from(words))
        out[i] = out[i].upper() if draw(st.booleans()) else out[i].title()
    elif op == "newline":
        out.insert(at, draw(st.sampled_from(["\n", "\n\n", "\r\n", "\r"])))
    return out


@st.composite
def mutated_statement(draw) -> str:
    """A valid cheat-sheet statement with one to six random edits."""
    tokens = TOKEN.findall(draw(st.sampled_from(VALID)))
    for _ in range(draw(st.integers(1, 6))):
        tokens = draw(mutation(tokens))
    return "".join(tokens)


def test_the_valid_statements_are_valid_or_at_least_located():
    """The unmutated statements: checked once each (several do compile)."""
    for statement in VALID:
        check_compiles_to_diagnostics(statement)


@FUZZ
@given(mutated_statement())
@example("kill -3 zombies here.")
@example("kill 99999999999999999999999999999999999999 zombies here.")
@example("kill 3 zombies here😀.")
@example("kill “Rod Miller”.")
@example("kill 3 zombies here.\n\tgain 1 morale.")
@example("choose one:\n  - gain 1 morale.\n - lose 1 morale.")
@example("roll a die:\n  on 7 or more: gain 1 morale.\n  on 0 to -1: lose 1 morale.")
@example("once per round:\ngain 1 morale.")
@example("if morale < 4 < 5: gain 1 morale.")
@example('kill "".')
@example("kill (3) zombies here.")
def test_mutated_statements_only_give_located_diagnostics(effect):
    check_compiles_to_diagnostics(effect)


@pytest.mark.parametrize("blank", ["\n", "\n\n\n", "\r\n", "      \n"])
def test_blank_lines_opening_a_literal_block_keep_positions(blank):
    """Blank lines before the first line of an ``effect: |`` block are part of the text: positions count them."""
    text = card_yaml("kill 3 zombis here.").replace("    effect: |\n", "    effect: |\n" + blank)
    result = check_card_text(text)
    line = 11 + blank.count("\n")
    assert [(d.code, d.line, d.col) for d in result.diags] == [("N001", line, 7 + len("kill 3 "))]


def test_a_number_too_long_for_python_int_is_a_located_diagnostic():
    """Python refuses int() of more than 4,300 digits; the compiler must say so, not raise."""
    check_compiles_to_diagnostics("gain " + "9" * 5000 + " morale.")


def test_a_huge_number_is_a_located_diagnostic_or_compiles():
    check_compiles_to_diagnostics("kill " + "9" * 4000 + " zombies here.")


# ---- (c) arbitrary text ----------------------------------------------------------------------

@FUZZ
@given(st.text())
@example("")
@example("\n")
@example(":")
@example("-")
@example(".")
@example("\ufeff")
@example("\u2028gain 1 morale.")
@example("gain 1 morale.\x85lose 1 morale.")
@example("\r")
@example("#")
@example("|")
@example("'")
@example('"')
@example("&a")
@example("*a")
@example("!!python/name:os.system")
def test_arbitrary_text_only_gives_located_diagnostics(effect):
    check_compiles_to_diagnostics(effect)


#: characters YAML allows in a file (no C0/C1 controls but tab, line breaks and NEL; no U+FFFE/U+FFFF)
yaml_printable = st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\ufffe\uffff") | \
    st.sampled_from(["\t", "\n", "\r", "\x85"])


@FUZZ
@given(st.text(yaml_printable))
def test_arbitrary_yaml_printable_text_only_gives_located_diagnostics(effect):
    """As above, without the control characters YAML itself forbids, so the effect language is reached."""
    check_compiles_to_diagnostics(effect)


@pytest.mark.parametrize("char", ["\x00", "\x01", "\x08", "\x1b", "\x1f", "\x7f", "\x9f", "\ufffe"])
def test_a_control_character_in_effect_text_is_a_located_diagnostic(char):
    check_compiles_to_diagnostics(f"gain 1{char} morale.")


@FUZZ
@given(st.lists(st.sampled_from(list(" \n\t.:,-\"()<>=!ab0123456789")
                                + ["if ", "or ", "and ", "on ", "you may ", "otherwise", ", then ", "  ", "\n  "]),
                max_size=80).map("".join))
def test_punctuation_heavy_text_only_gives_located_diagnostics(effect):
    """Arbitrary text over the effect language's own symbols and keywords, where the grammar is tested hardest."""
    check_compiles_to_diagnostics(effect)


@FUZZ
@given(st.lists(st.one_of(fragment_texts, mutated_statement(), st.text(yaml_printable, max_size=40)),
                min_size=1, max_size=4))
def test_mixed_texts_only_give_located_diagnostics(parts):
    """Valid, mutated and arbitrary pieces in one effect text."""
    check_compiles_to_diagnostics("\n".join(parts))
