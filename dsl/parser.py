"""Parse effect text into the AST, with positions in the card file.

Lark errors become the project's own ``EffectSyntaxError`` at exactly one boundary
(``parse``); nothing else in the project sees a Lark exception.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.parsers.lalr_analysis import Shift
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import DedentError, Indenter

from . import ast as A

GRAMMAR_PATH = Path(__file__).with_name("effects.lark")
MAX_TEXT = 20_000
MAX_DEPTH = 40
MAX_DIGITS = 6  # no count in the game comes near a million

#: what a terminal is called in an error message
#: terminals that have a description in the message catalogues (``token.<NAME>``); any other
#: terminal is a keyword and is shown as its own word
TOKEN_NAMES = ("WORD", "INT", "NAME", "COMMA", "_DOT", "COLON", "_NL", "_INDENT", "_DEDENT", "CMP", "AND", "OR",
               "IF", "OTHERWISE", "MAY", "_THEN", "DASH", "ON", "LPAR", "RPAR", "_ONLY_IF", "AS_LONG_AS", "OR_MORE",
               "$END")


@dataclass(frozen=True)
class Say:
    """A message by id and parameters. The parser keeps no sentences: the compiler's catalogues
    (compiler/catalogues/messages) word each id in every language when a diagnostic is printed."""

    id: str
    params: tuple = ()

    @classmethod
    def of(cls, msg_id: str, **params) -> "Say":
        """A message reference with named parameters."""
        return cls(msg_id, tuple(params.items()))


class _Indent(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR"]
    CLOSE_PAREN_types = ["RPAR"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


@functools.cache
def _lark() -> Lark:
    """The LALR parser that builds parse trees (kept for tools and the benchmark floor)."""
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                postlex=_Indent(), propagate_positions=True, maybe_placeholders=False, cache=True,
                start=["start", "condition"])


@functools.cache
def _builder() -> tuple[Lark, "_ToAst"]:
    """The LALR parser with the AST builder inlined: it reduces straight to AST nodes."""
    transformer = _ToAst()
    parser = Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                  postlex=_Indent(), maybe_placeholders=False, cache=True, start=["start", "condition"],
                  transformer=transformer)
    return parser, transformer


class _Fallback(Exception):
    """The fast parse met something it leaves to Lark (an error of any kind): parse again the slow way."""


class _Fast:
    """The same LALR parse as ``_builder()``, driven by one tight loop over Lark's own tables.

    Lark's per-token path goes through a lexer thread, the contextual lexer's generator, the
    indentation post-lexer's generator and a parser-state object; here the three are one loop
    over the same per-state scanners, the same indentation rule and the same parse table and
    rule callbacks (so the AST is the same, node for node). It handles well-formed text only:
    at anything else (no terminal matches, a token the state does not accept, a bad dedent) it
    gives up and the caller parses again with Lark itself, which raises the error it always has.
    """

    def __init__(self, lark: Lark):
        frontend = lark.parser
        inner = frontend.parser.parser
        self.table = inner.parse_table
        self.states = self.table.states
        self.callbacks = {rule: _inlined(rule, cb) if rule.origin.name.startswith("_") else cb
                          for rule, cb in inner.callbacks.items()}
        self.contextual = frontend.lexer.lexer
        self.scanners: dict = {}
        postlex = lark.options.postlex
        self.nl, self.indent, self.dedent = postlex.NL_type, postlex.INDENT_type, postlex.DEDENT_type
        self.opens, self.closes = set(postlex.OPEN_PAREN_types), set(postlex.CLOSE_PAREN_types)
        self.tab_len = postlex.tab_len

    def scanner(self, state):
        """(compiled patterns, ignored types, token callbacks) of the contextual lexer in ``state``."""
        try:
            return self.scanners[state]
        except KeyError:
            lexer = self.contextual.lexers[state]
            scanner = lexer.scanner  # builds lexer.callback too
            self.scanners[state] = entry = (tuple(scanner._mres), lexer.ignore_types, lexer.callback)
            return entry

    def parse(self, text: str, start: str):
        """The rule callbacks' value for ``text`` from rule ``start``; raises _Fallback where Lark would fail."""
        states, callbacks = self.states, self.callbacks
        stack = [self.table.start_states[start]]
        values: list = []
        end_state = self.table.end_states[start]
        levels, parens = [0], 0
        nl, opens, closes, tab_len = self.nl, self.opens, self.closes, self.tab_len
        new = Token._future_new
        pos, line, line_start, size = 0, 1, 0, len(text)
        last = None

        def feed(tok, is_end=False):
            kind = tok.type
            while True:
                action = states[stack[-1]].get(kind)
                if action is None:
                    raise _Fallback
                act, arg = action
                if act is Shift:
                    if is_end:
                        raise _Fallback
                    stack.append(arg)
                    values.append(callbacks[kind](tok) if kind in callbacks else tok)
                    return None
                n = len(arg.expansion)
                if n:
                    children = values[-n:]
                    del stack[-n:]
                    del values[-n:]
                else:
                    children = []
                value = callbacks[arg](children)
                stack.append(states[stack[-1]][arg.origin.name][1])
                values.append(value)
                if is_end and stack[-1] == end_state:
                    return value

        while pos < size:
            patterns, ignored, token_callbacks = self.scanner(stack[-1])
            for pattern in patterns:
                m = pattern.match(text, pos)
                if m:
                    break
            else:
                raise _Fallback
            value, kind = m.group(0), m.lastgroup
            col = pos - line_start + 1
            start_pos, start_line = pos, line
            pos += len(value)
            if "\n" in value:
                line += value.count("\n")
                line_start = start_pos + value.rindex("\n") + 1
            if kind in ignored and kind not in token_callbacks:
                continue
            tok = new(kind, value, start_pos, start_line, col, line, pos - line_start + 1, pos)
            if kind in token_callbacks:
                tok = token_callbacks[kind](tok)
                kind = tok.type
            if kind in ignored:
                continue
            last = tok
            if kind == nl:
                if parens > 0:
                    continue
                feed(tok)
                indent_str = value.rsplit("\n", 1)[1]
                indent = indent_str.count(" ") + indent_str.count("\t") * tab_len
                if indent > levels[-1]:
                    levels.append(indent)
                    feed(Token.new_borrow_pos(self.indent, indent_str, tok))
                else:
                    while indent < levels[-1]:
                        levels.pop()
                        feed(Token.new_borrow_pos(self.dedent, indent_str, tok))
                    if indent != levels[-1]:
                        raise _Fallback
                continue
            feed(tok)
            if kind in opens:
                parens += 1
            elif kind in closes:
                parens -= 1
                if parens < 0:
                    raise _Fallback
        while len(levels) > 1:
            levels.pop()
            last = Token.new_borrow_pos(self.dedent, "", last) if last else new(self.dedent, "", 0, 0, 0, 0, 0, 0)
            feed(last)
        end = Token.new_borrow_pos("$END", "", last) if last else new("$END", "", 0, 1, 1)
        return feed(end, True)


class _Kids(list):
    """The children of a rule the grammar inlines (``atom+``, ``stmt*``): Lark builds a Tree for each
    only for its parent to take its ``children``; a list that is its own children does the same."""

    __slots__ = ()

    @property
    def children(self) -> list:
        """The list itself."""
        return self


def _inlined(rule, callback):
    """An inlined rule's callback that keeps the same children as Lark's (its child filter) in a _Kids."""
    from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders
    if isinstance(callback, functools.partial):  # no filter: a Tree of all the children
        return _Kids
    if not isinstance(callback, ChildFilterLALR_NoPlaceholders):
        return callback
    include = tuple(callback.to_include)

    def build(children):
        out = _Kids()
        for i, expand in include:
            if expand:
                out += children[i].children
            else:
                out.append(children[i])
        return out

    return build


@functools.cache
def _fast() -> _Fast:
    """The fast driver over the AST builder's tables."""
    return _Fast(_builder()[0])


@dataclass(frozen=True)
class Origin:
    """Where an effect text starts in its file: 1-based line and column of its first character."""

    line: int = 1
    col: int = 1

    def pos(self, line: int, col: int) -> A.Pos:
        """Map a 1-based position in the effect text to the card file."""
        return A.Pos(self.line + line - 1, self.col + col - 1)


class EffectSyntaxError(Exception):
    """A located syntax error: code, message, file position, what was expected, a hint (``Say`` values)."""

    def __init__(self, code: str, message: Say, pos: A.Pos, expected: Say | str = "", hint: Say | str = "",
                 width: int = 1):
        super().__init__(message.id)
        self.code, self.message, self.pos = code, message, pos
        self.expected, self.hint, self.width = expected, hint, width


_WORD_KIND = {"WORD": "word", "INT": "int", "NAME": "name", "COMMA": "comma", "AND": "and", "OR": "or",
              "OR_MORE": "or_more", "CMP": "cmp", "LPAR": "lpar", "RPAR": "rpar"}


class _ToAst(Transformer):
    """Build AST nodes while parsing (Lark calls these as rules reduce; no parse tree is built).

    A node's position is its first token's: a keyword ('if', 'you may', '-', 'on',
    'otherwise') or its first word. ``origin`` maps effect-text positions into the card
    file and is set before each parse (one parse at a time per process).
    """

    def __init__(self):
        super().__init__()
        self.o = Origin()

    def _tok(self, tok: Token) -> A.Pos:
        return self.o.pos(tok.line, tok.column)

    def _word(self, tok: Token) -> A.Word:
        if tok.type == "INT" and len(tok.value) > MAX_DIGITS:
            raise _TooLarge(self._tok(tok), len(tok.value))
        text = " ".join(tok.value.split()) if tok.type == "OR_MORE" else tok.value
        return A.Word(text, _WORD_KIND[tok.type], self._tok(tok))

    def start(self, stmts):
        flat = _flatten(stmts)
        return A.Block(tuple(flat), flat[0].pos if flat else self.o.pos(1, 1))

    def condition(self, items):
        return items[0]

    def clause(self, toks):
        words = tuple(self._word(t) for t in toks)
        return A.Clause(words, words[0].pos)

    def cond(self, toks):
        return self.clause(toks)

    def clauses(self, items):
        return A.Sentence(tuple(items), items[0].pos)

    def may_inline(self, items):
        may, sentence = items
        return A.Sentence(sentence.clauses, self._tok(may), may=True)

    def simple_line(self, sentences):
        return sentences  # flattened by the enclosing block

    def suite(self, stmts):
        flat = _flatten(stmts)
        return A.Block(tuple(flat), flat[0].pos)

    def compound(self, items):
        header, body, *rest = items
        other = rest[0] if rest else None
        kind, value, pos = header
        if kind == "if":
            return A.If(value, body, other, pos)
        _no_otherwise(other, kind)
        if kind == "while":
            return A.While(value, body, pos)
        if kind == "may":
            return A.May(value, body, pos)
        return A.Header(value, body, None, pos)

    def if_h(self, items):
        return ("if", items[1], self._tok(items[0]))

    def while_h(self, items):
        return ("while", items[1], self._tok(items[0]))

    def may_h(self, items):
        return ("may", items[1].clauses if len(items) > 1 else (), self._tok(items[0]))

    def clause_h(self, items):
        return ("clause", items[0].clauses, items[0].pos)

    def otherwise_if(self, items):
        otherwise, _if, cond, body, *rest = items
        return A.If(cond, body, rest[0] if rest else None, self._tok(otherwise))

    def otherwise_else(self, items):
        return items[1]

    def option(self, items):
        dash, *rest = items
        requires = rest[0] if len(rest) == 2 else None
        body = rest[-1]
        if not isinstance(body, A.Block):
            body = A.Block((body,), body.pos)
        return A.Option(requires, body, self._tok(dash))

    def outcome(self, items):
        on, clause, body = items
        return A.Outcome(clause, body, self._tok(on))



def _flatten(stmts) -> list:
    out = []
    for s in stmts:
        out.extend(s if isinstance(s, list) else [s])
    return out


def _merge(items, cls) -> tuple:
    out = []
    for item in items:
        if isinstance(item, Token):
            continue
        out.extend(item.items if isinstance(item, cls) else [item])
    return tuple(out)


class _OtherwiseMisplaced(Exception):
    def __init__(self, kind: str, pos: A.Pos):
        super().__init__(kind)
        self.kind, self.pos = kind, pos


class _TooLarge(Exception):
    def __init__(self, pos: A.Pos, digits: int):
        super().__init__(pos)
        self.pos, self.digits = pos, digits


def _no_otherwise(other, kind) -> None:
    if other is not None:
        raise _OtherwiseMisplaced(kind, other.pos)


def _depth(text: str) -> int:
    """The deepest indentation level, counted cheaply before parsing."""
    levels = {len(line) - len(line.lstrip(" \t")) for line in text.splitlines() if line.strip()}
    return len(levels)


def parse_condition(text: str, origin: Origin = Origin()) -> A.Cond:
    """Parse a condition field; raises EffectSyntaxError with a position in the card file."""
    return parse(text, origin, start="condition")


def parse(text: str, origin: Origin = Origin(), start: str = "start"):
    """Parse effect text (a Block; or a Cond with start='condition'); raises EffectSyntaxError."""
    if len(text) > MAX_TEXT:
        raise EffectSyntaxError("P001", Say.of("P001.too-long", length=len(text), limit=MAX_TEXT),
                                origin.pos(1, 1), hint=Say.of("hint.split-effect"))
    if _depth(text) > MAX_DEPTH or text.count("(") > MAX_DEPTH:
        raise EffectSyntaxError("P004", Say.of("P004.too-deep", limit=MAX_DEPTH), origin.pos(1, 1))
    source = text if text.endswith("\n") else text + "\n"
    _parentheses(source, origin)
    parser, builder = _builder()
    builder.o = origin
    try:
        return _fast().parse(source, start)
    except Exception:  # noqa: BLE001 - whatever it was, Lark's own parse below says it, located
        pass
    try:
        block = parser.parse(source, start=start)
    except UnexpectedInput as err:
        raise _located(err, origin, source) from None
    except DedentError:
        line = _dedent_line(source)
        text = source.splitlines()[line - 1]
        raise EffectSyntaxError("P004", Say.of("P004.no-block"),
                                origin.pos(line, len(text) - len(text.lstrip(" \t")) + 1),
                                hint=Say.of("hint.line-up")) from None
    except _OtherwiseMisplaced as err:
        raise EffectSyntaxError("P001", Say.of("P001.otherwise", block=err.kind),
                                err.pos, hint=Say.of("hint.otherwise-under-if")) from None
    except _TooLarge as err:
        raise EffectSyntaxError("P001", Say.of("P001.too-many-digits", digits=err.digits),
                                err.pos, expected=Say.of("expected.digits", limit=MAX_DIGITS),
                                width=err.digits) from None
    return block


def _parentheses(source: str, origin: Origin) -> None:
    """Parentheses (which group conditions) open and close on one line, in pairs: the first that does
    not is refused where it stands (a quoted name or a comment may hold any)."""
    for number, line in enumerate(source.split("\n"), 1):
        opened: list[int] = []
        in_name = False
        for col, char in enumerate(line, 1):
            if char == '"':
                in_name = not in_name
            elif in_name:
                continue
            elif char == "#":
                break
            elif char == "(":
                opened.append(col)
            elif char == ")":
                if not opened:
                    raise EffectSyntaxError("P001", Say.of("P001.paren-unopened"), origin.pos(number, col),
                                            hint=Say.of("hint.parentheses"))
                opened.pop()
        if opened:
            raise EffectSyntaxError("P001", Say.of("P001.paren-unclosed"), origin.pos(number, opened[-1]),
                                    hint=Say.of("hint.parentheses"))


def _dedent_line(source: str) -> int:
    """Best guess of the line of a dedent error: the first line whose indent is new on the way out."""
    seen = [0]
    for number, line in enumerate(source.splitlines(), 1):
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" \t"))
        if indent > seen[-1]:
            seen.append(indent)
        elif indent not in seen:
            return number
        else:
            while seen[-1] > indent:
                seen.pop()
    return 1


def _expected(names) -> Say:
    """What the parser would have accepted: terminal names, worded by the compiler (``token.<NAME>``)."""
    return Say.of("expected.tokens", tokens=tuple(sorted(n for n in set(names) if not n.startswith("__"))))


def _indent_hint(source: str, line: int) -> Say:
    """An indented line under a line that opens no block: under an option ('- gain 1 morale.') the
    author meant an option of several sentences, which puts the '-' on a line of its own."""
    lines = source.split("\n")[:line - 1]
    before = next((x for x in reversed(lines) if x.strip() and not x.strip().startswith("#")), "")
    if before.lstrip().startswith("-"):
        pad = before[:len(before) - len(before.lstrip())]
        first = before.lstrip()[1:].strip()
        this = lines_at(source, line).strip()
        return Say.of("hint.option-sentences", dash=f"{pad}-", first=f"{pad}  {first}", next=f"{pad}  {this}")
    return Say.of("hint.indent-only-blocks")


def lines_at(source: str, line: int) -> str:
    """The text of a 1-based line of the source ('' past its end)."""
    rows = source.split("\n")
    return rows[line - 1] if 0 < line <= len(rows) else ""


def _located(err: UnexpectedInput, origin: Origin, source: str) -> EffectSyntaxError:
    """Turn a Lark error into the project's located syntax error."""
    line = getattr(err, "line", 1) or 1
    col = getattr(err, "column", 1) or 1
    if isinstance(err, UnexpectedCharacters):
        char = source[err.pos_in_stream] if err.pos_in_stream < len(source) else "?"
        return EffectSyntaxError("P003", Say.of("P003.character", char=repr(char)),
                                 origin.pos(line, col), hint=_char_hint(char))
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        last = source.rstrip().splitlines() or [""]
        expected = getattr(err, "expected", None) or getattr(err, "accepts", None) or []
        return EffectSyntaxError("P002", Say.of("P002.ends-early"),
                                 origin.pos(len(last), max(len(last[-1]), 1)), expected=_expected(expected),
                                 hint=Say.of("hint.colon-needs-block"))
    tok = err.token
    expected = _expected(err.accepts or err.expected)
    if tok.type == "_INDENT":
        line = tok.end_line or line  # the indent token starts at the previous line's break
        text = source.split("\n")[line - 1] if line - 1 < len(source.split("\n")) else ""
        return EffectSyntaxError("P004", Say.of("P004.indented"),
                                 origin.pos(line, len(text) - len(text.lstrip(" \t")) + 1), expected=expected,
                                 hint=_indent_hint(source, line))
    if tok.type == "_DEDENT" or tok.type == "_NL":
        return EffectSyntaxError("P001", Say.of("P001.line-ends-early"), origin.pos(line, col),
                                 expected=expected, hint=_hint_for(err))
    text = tok.value
    if tok.type in ("WORD", "INT", "NAME"):
        message = Say.of("P001.cannot-come-here", token=tok.type, text=text)
    elif tok.type in TOKEN_NAMES:
        message = Say.of("P001.token-cannot-come-here", token=tok.type)
    else:
        message = Say.of("P001.word-cannot-come-here", text=repr(text))
    return EffectSyntaxError("P001", message,
                             origin.pos(line, col), expected=expected, hint=_hint_for(err),
                             width=len(text.split("\n")[0]) or 1)


def _char_hint(char: str) -> Say:
    if char in "“”":
        return Say.of("hint.straight-quotes")
    if char in ";":
        return Say.of("hint.full-stop")
    if char in "+":
        return Say.of("hint.no-sign")
    if char in "{}[]":
        return Say.of("hint.no-brackets")
    return Say.of("hint.effect-characters")


def _hint_for(err: UnexpectedToken) -> Say | str:
    accepts = set(err.accepts or err.expected or ())
    if "COLON" in accepts and err.token.type in ("_NL", "_DOT"):
        return Say.of("hint.block-ends-with-colon")
    if err.token.type == "OTHERWISE":
        return Say.of("hint.otherwise-own-line")
    if err.token.type == "COLON":
        return Say.of("hint.one-block-per-line")
    if err.token.type in ("LPAR", "RPAR"):
        return Say.of("hint.parentheses")
    return ""
