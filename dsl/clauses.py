"""Parse the words of one clause with the phrase grammar (Lark, Earley) into an effect-tree node.

dsl/parser.py cuts an effect text into statements whose clauses are runs of words (``A.Word``);
``parse_words`` reads one run from a start symbol (``clause``, ``header``, ``cost``, ``cond``,
``event``, ``voters``, ``range``) and returns what dsl/build.py makes of it: an effect-tree node
whose references ("it", "the chosen survivor") are still unresolved placeholders (the compiler's
referent pass resolves them in reading order).

Earley, not LALR, because the words of a rule text attach in more than one way until the end of
the clause says which ("place a survivor you control at any location": "at any location" is
where it goes, since "place" needs a place). A clause the grammar reads two ways that build
different trees is refused, unless one reading's forms are preferred (``Form.prefer``); a word the
grammar cannot place is refused at that word, naming what could come there. Lark exceptions
become ``EffectSyntaxError`` here and nowhere else.
"""
from __future__ import annotations

import functools
import re
from typing import Iterable

from lark import Lark, Token
from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer

from . import ast as A
from .grammar import DISPATCHED, dispatched_starts, grammar_text, start_rule
from .parser import EffectSyntaxError, Say

STARTS = ("clause", "header", "cost", "costs", "cond", "event", "event_ing", "voters", "range")
#: what each regex terminal is called for a reader (the literal words are shown as themselves)
TERMINAL_WORDS = {"INT": "a number", "NAME": 'a card name in "quotes"', "OR_MORE": "'or more'",
                  "CMP": "'<', '>=' …"}


class _Words(Lexer):
    """Lark's lexer for a run of words already cut by the structural parser: each word is the terminal
    of its text (the words are the grammar's literals), numbers are INT, quoted names NAME."""

    def __init__(self, conf):
        pass

    def lex(self, words: Iterable[A.Word]):  # type: ignore[override]
        by_text = _terminals()
        after_manual = False
        for w in words:
            if after_manual and w.kind == "word":       # "manual KEY.": the key is the author's own word
                yield Token("KEY", w.text, 0, w.pos.line, w.pos.col, w.pos.line, w.pos.col + w.width, 0)
            else:
                yield _token(w, by_text)
            after_manual = w.kind == "word" and w.lower == "manual"


def _token(w: A.Word, by_text: dict[str, str]) -> Token:
    if w.kind == "int":
        kind = "INT"
    elif w.kind == "name":
        kind = "NAME"
    elif w.kind == "or_more":
        kind = "OR_MORE"
    elif w.kind == "cmp":
        kind = "CMP"
    else:
        kind = by_text.get(w.lower, "UNKNOWN")
    text = w.text if w.kind in ("name", "int", "cmp") else w.lower
    return Token(kind, text, 0, w.pos.line, w.pos.col, w.pos.line, w.pos.col + w.width, 0)


@functools.cache
def _lark() -> Lark:
    return Lark(grammar_text(), parser="earley", lexer=_Words, ambiguity="explicit", keep_all_tokens=True,
                propagate_positions=True, start=list(STARTS) + list(dispatched_starts()))


@functools.cache
def _terminals() -> dict[str, str]:
    """Each literal word of the grammar -> its terminal's name."""
    return {t.pattern.value: t.name for t in _lark().terminals if t.pattern.type == "str"}


def vocabulary() -> frozenset[str]:
    """Every word of the language (the grammar's literals)."""
    return frozenset(_terminals())


def parse_words(words: tuple[A.Word, ...], start: str):
    """The Lark tree of a run of words from a start symbol; raises EffectSyntaxError at the word that
    cannot come where it stands."""
    if not words:
        raise ValueError("a clause has words")
    lark = _lark()
    chosen = start
    if start in DISPATCHED:                 # the rule of the clause's first word, when there is one
        first = _token(words[0], _terminals()).type
        if start_rule(start, first) in _starts():
            chosen = start_rule(start, first)
        else:                               # no clause of this kind starts with that word: say so at once
            raise _located(_first_word_error(start, words), words) from None
    try:
        return lark.parse(list(words), start=chosen)
    except UnexpectedInput as err:
        err._dow_start = chosen
        at_first = isinstance(err, UnexpectedToken) and (err.token.line, err.token.column) == \
            (words[0].pos.line, words[0].pos.col)
        if chosen != start and at_first:    # what could start the clause: from the whole rule
            try:
                lark.parse(list(words), start=start)
            except UnexpectedInput as err2:
                err2._dow_start = start
                raise _located(err2, words) from None
        raise _located(err, words) from None


class _AtFirst(UnexpectedToken):
    """What a parse that stops at the first word of a clause of ``start`` knows, kept: it is the same for
    every word that cannot start one (the Earley items at the start of the rule)."""

    def __init__(self, token: Token, kept: UnexpectedToken):
        self.token, self.expected, self.considered_rules = token, kept.expected, kept.considered_rules
        self.line, self.column, self._dow_start = token.line, token.column, None
        self.state, self.interactive_parser, self.pos_in_stream = None, None, 0


@functools.lru_cache(maxsize=None)
def _at_first(start: str) -> UnexpectedToken:
    try:
        _lark().parse([A.Word("\u2400", "word", A.Pos(1, 1))], start=start)
    except UnexpectedToken as err:
        return err
    raise AssertionError(f"a word that is no word parsed as a {start}")


def _first_word_error(start: str, words: tuple[A.Word, ...]) -> UnexpectedToken:
    tok = _token(words[0], _terminals())
    return _AtFirst(tok, _at_first(start))


@functools.cache
def _verbs() -> frozenset[str]:
    from .grammar import verbs
    return frozenset(verbs())


@functools.cache
def _starts() -> frozenset[str]:
    return frozenset(dispatched_starts())


#: what the rule being read at a word is called for a reader (its message id in the catalogues)
CATEGORIES = {
    "count": "cat.count", "num": "cat.number", "quant": "cat.count", "times": "cat.times", "zombies": "cat.count",
    "survivor": "cat.survivor", "survivor_ref": "cat.survivor", "survivor_described": "cat.survivor",
    "inner_survivor": "cat.survivor", "survivor_noun": "cat.survivor",
    "card": "cat.card", "card_ref": "cat.card", "card_described": "cat.card", "card_noun": "cat.card",
    "cards": "cat.card", "card_kinds": "cat.card",
    "player": "cat.player", "player_described": "cat.player", "player_simple": "cat.player",
    "player_noun": "cat.player",
    "location": "cat.place", "place_ref": "cat.place", "location_select": "cat.place", "where": "cat.where",
    "place_name": "cat.place", "location_noun": "cat.place", "here": "cat.where",
    "zone": "cat.zone", "shared_zone": "cat.zone", "following": "cat.zone",
    "participle": "cat.participle", "pronoun": "cat.survivor",
    "dice": "cat.die", "die_noun": "cat.die", "unused_dice": "cat.die",
    "actions": "cat.action", "action": "cat.action", "actions_ing": "cat.action-ing",
    "action_ing": "cat.action-ing", "period": "cat.period", "span": "cat.period", "phase": "cat.phase",
    "face": "cat.face", "state": "cat.state", "printed_stat": "cat.stat", "cmp": "cat.cmp",
    "manual_key": "cat.manual-key", "rounding": "cat.rounding", "edge": "cat.edge", "timing": "cat.timing",
    "survivor_adj": "cat.survivor", "card_adj": "cat.card", "location_adj": "cat.place", "die_adj": "cat.die",
    "player_adj": "cat.player", "extreme_adj": "cat.survivor", "survivor_extreme": "cat.survivor",
    "token_noun": "cat.token", "noise_noun": "cat.token", "barricade_noun": "cat.token", "food_noun": "cat.token",
    "bullet_noun": "cat.token", "despair_noun": "cat.token", "helpless_noun": "cat.token", "wound_noun": "cat.token",
    "frostbite_noun": "cat.token", "zombie_noun": "cat.zombie", "zombie_select": "cat.zombie",
    "token_select": "cat.token", "bare": "cat.thing", "thing": "cat.thing", "exists": "cat.thing",
    "plural_things": "cat.thing", "card_one": "cat.card", "survivor_or_card": "cat.thing", "agent": "cat.thing",
}


#: words that open a block: written inside a sentence, they belong on a line of their own, around it
BLOCK_OPENERS = (("for", "the", "rest", "of"), ("until", "the", "end", "of"), ("once", "per"), ("as", "long", "as"),
                 ("at", "the", "start", "of"), ("at", "the", "end", "of"), ("for", "this", "action"))


def _expected(err) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What could have come where the parse stopped: (category message ids, literal words), from the
    Earley items the parser was in (their rule names the kind of phrase it was reading)."""
    by_name = {v: k for k, v in _terminals().items()}
    cats: list[str] = []
    words: set[str] = set()
    items = getattr(err, "considered_rules", None) or ()
    for item in items:
        origin = str(item.rule.origin.name)
        cat = CATEGORIES.get(origin)
        if cat is None and origin.startswith("v_"):
            cat = "cat.action-word"
        if cat is not None:
            if cat not in cats:
                cats.append(cat)
            continue
        sym = item.expect
        name = str(getattr(sym, "name", sym))
        if name in by_name:
            words.add(f"'{by_name[name]}'")
        elif name in TERMINAL_WORDS:
            words.add(TERMINAL_WORDS[name])
    order = {c: i for i, c in enumerate(dict.fromkeys(CATEGORIES.values()))}
    cats.sort(key=lambda c: order.get(c, len(order)))       # the same order on every run
    if not items:                       # the end of the words: Lark gives the terminals only
        for name in getattr(err, "expected", ()) or ():
            if name in by_name:
                words.add(f"'{by_name[name]}'")
    return tuple(cats), tuple(sorted(words))


def _forms_followed(err) -> list[int]:
    out = []
    for item in getattr(err, "considered_rules", None) or ():
        origin = str(item.rule.origin.name)
        if origin.startswith("form_") and item.ptr > 0 and int(origin[5:]) not in out:
            out.append(int(origin[5:]))
    return sorted(out)


def _located(err: UnexpectedInput, words: tuple[A.Word, ...]) -> EffectSyntaxError:
    cats, literal = _expected(err)
    expected = _say_expected(cats, literal)
    hint = _form_hint(err)
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        last = words[-1]
        return EffectSyntaxError("P002", Say.of("P002.clause-ends-early", words=" ".join(w.text for w in words)),
                                 A.Pos(last.pos.line, last.pos.col + last.width), expected=expected, hint=hint,
                                 width=1)
    tok = err.token
    where = next((w for w in words if w.pos.line == tok.line and w.pos.col == tok.column), words[0])
    close = _did_you_mean(where.lower, literal, anywhere=tok.type == "UNKNOWN")
    rest = [w.lower for w in words[words.index(where):]]
    if words[0].kind == "int":                         # "3 zombies are killed here.", "4 times kill …"
        hint = Say.of("hint.count-first")
    elif where is not words[0] and _complete(words[:words.index(where)], err):
        hint = Say.of("hint.complete-before", words=" ".join(w.text for w in words[:words.index(where)]))
    if tok.type != "UNKNOWN" and where is not words[0] and where.lower in _verbs():   # two steps, no full stop
        hint = Say.of("hint.forgot-full-stop", word=where.text)
    if any(rest[:len(h)] == list(h) for h in BLOCK_OPENERS):    # "… cannot move for the rest of this turn."
        hint = Say.of("hint.opens-a-block", words=" ".join(w.text for w in words[words.index(where):]))
    if tok.type == "UNKNOWN":
        return EffectSyntaxError("N001", Say.of("N001.unknown-word", word=where.text), where.pos,
                                 expected=expected, hint=close or hint, width=where.width)
    return EffectSyntaxError("P001", Say.of("P001.word-cannot-come-here", text=repr(where.text)), where.pos,
                             expected=expected, hint=hint or close, width=where.width)


def _complete(prefix: tuple[A.Word, ...], err) -> bool:
    """Whether the words before the one refused are a whole clause of the rule being read."""
    start = getattr(err, "_dow_start", None)
    if start is None:
        return False
    try:
        _lark().parse(list(prefix), start=start)
        return True
    except UnexpectedInput:
        return False


def _say_expected(cats: tuple[str, ...], literal: tuple[str, ...]) -> Say | str:
    most = 10 if len(cats) < 3 else 4          # many kinds of phrase expected: their names say it best
    shown = literal if len(literal) <= most else literal[:most] + ("…",)
    parts = [Say.of(c) for c in cats[:4]]
    if shown:
        parts.append(", ".join(shown))
    if not parts:
        return ""
    return Say.of("expected.these", parts=tuple(parts))


def _form_hint(err) -> Say | str:
    """The form(s) the clause was following, written out: 'kill <count> zombies <where>'."""
    from .forms import FORMS
    from .grammar import form_parts
    forms = _forms_followed(err)
    if not forms:
        return ""
    followed = {id(FORMS[n]) for n in forms}      # a negative is named by its positive, when both are followed
    forms = [n for n in forms if FORMS[n].positive is None or id(FORMS[n].positive) not in followed]
    shown = []
    for n in forms[:2]:
        out = []
        for what, value in form_parts(FORMS[n]):
            if what == "slot":
                name, kind = value.split(":")
                out.append(name[1:] if name.startswith("=") else f"<{kind.split('.')[0]}>")
            elif what == "choice":
                out.append(value.split("|")[0])
            else:
                out.append(value)
        shown.append(" ".join(out))
    return Say.of("hint.the-form", forms=" | ".join(shown))


def _did_you_mean(word: str, expected: tuple[str, ...], anywhere: bool = False) -> Say | str:
    import difflib
    candidates = [e.strip("'") for e in expected if e.startswith("'")]
    close = difflib.get_close_matches(word, candidates, n=1, cutoff=0.7) or \
        (difflib.get_close_matches(word, sorted(vocabulary()), n=1, cutoff=0.85) if anywhere else [])
    return Say.of("hint.did-you-mean-word", word=close[0]) if close and close[0] != word else ""


#: a word as the structural parser cuts a one-line clause (words_of)
_WORD = re.compile(r'(?P<or_more>or\s+(?:more|less|fewer|higher|lower|greater)\b)|(?P<name>"[^"\n]*")'
                   r"|(?P<int>[0-9]+)|(?P<cmp><=|>=|!=|<|>|=)|(?P<comma>,)|(?P<word>[^\W\d_][\w'’-]*)",
                   re.IGNORECASE)


def words_of(text: str, line: int = 1, col: int = 1) -> tuple[A.Word, ...]:
    """The words of a one-line clause as the structural parser cuts them (for tools and tests)."""
    out = []
    for m in _WORD.finditer(text):
        kind = m.lastgroup
        if kind == "word" and m.group(0).lower() in ("and", "or"):
            kind = m.group(0).lower()
        out.append(A.Word(" ".join(m.group(0).split()) if kind == "or_more" else m.group(0), kind,
                          A.Pos(line, col + m.start())))
    return tuple(out)
