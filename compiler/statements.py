"""Bind an effect text: the structural AST (dsl/parser.py) into effect-tree nodes.

Each clause, header, condition, event and die range is read by the phrase grammar
(``dow.dsl.clauses.parse_words``) and built into a node (dsl/build.py); this module puts the
nodes together as the text's blocks say: a header's block becomes its body (or its options, or its
outcomes), "you may" wraps what it governs, "otherwise" becomes the else branch. Two rules join a
sentence to the one before it, and only these: "do not lose morale." waives the morale of the kill
just before, and "if nobody does:" is what happens when nobody took the "one player may …" just
before. References ("it", "the chosen survivor") are then resolved in reading order by
compiler/referents.py.

Errors are collected per statement, so a text with three mistakes reports three.
"""
from __future__ import annotations

from dow.dsl import ast as A
from dow.dsl.build import Build, Verb
from dow.dsl.errors import BuildError, Said
from dow.dsl.clauses import parse_words
from dow.dsl.parser import EffectSyntaxError

from .messages import M
from .errors import BindError
from .readings import At, KeptReadings

#: what each fallback follows (the message naming it)
FALLBACKS = {"nobody does": "after.offer", "you do not": "after.you-may", "they do not": "after.each-may",
             "you cannot": "after.cost", "the vote is tied": "after.vote"}
#: header nodes and where their block goes
BLOCK_FIELD = {"choose": "options", "vote": "options", "roll": "outcomes"}
#: nodes whose block is a body
BODY_OPS = ("limit", "trigger", "replace", "phase", "delayed", "lasting", "for_each", "repeat", "attach",
            "turn_action", "together", "offer", "pay", "pot", "optional", "while")
COST_OPS = ("spend_die", "spend_tokens", "spend_cards")


def _as_bind_error(err: BuildError) -> BindError:
    hint = M(err.hint[0], **err.hint[1]) if err.hint else ""
    params = {k: M(v.msg_id) if isinstance(v, Said) else v for k, v in err.params.items()}
    return BindError(err.code, M(err.msg_id, **params), A.Pos(*err.pos), hint=hint, width=err.width)


class Statements:
    """Turns AST statements into effect nodes; collects one error per broken statement."""

    def __init__(self, kept: KeptReadings | None = None):
        self.errors: list[Exception] = []
        #: the readings kept on disk between runs (compiler/readings.py), if any
        self.kept = kept

    # ---- reading one run of words ----------------------------------------------------------------
    def read(self, clause: A.Clause, start: str):
        """The node the phrase grammar builds from a clause's words (the same words read the same way
        wherever they stand: a clause read once is kept, its positions counted in words, for the rest of
        the process and, with ``kept``, on disk for the next run: compiler/readings.py)."""
        key = (start, tuple((w.kind, w.text if w.kind in ("name", "int") else w.lower) for w in clause.words))
        kept = _READ.get(key)
        if kept is not None and self.kept is not None and self.kept.get(start, clause.words) is None \
                and not _holds_place(kept, clause):
            self.kept.keep(start, clause.words, kept)     # read earlier in this process: on disk too (and used)
        if kept is None:
            kept = self.kept.get(start, clause.words) if self.kept is not None else None
            if kept is None:
                try:
                    tree = parse_words(clause.words, start)
                    node = Build(clause.words).transform(tree)
                except BuildError as err:
                    raise _as_bind_error(err) from None
                _fill_pos(node, [clause.pos.line, clause.pos.col])
                kept = _relative(node, {(w.pos.line, w.pos.col): i for i, w in enumerate(clause.words)})
                if self.kept is not None and not _holds_place(kept, clause):
                    self.kept.keep(start, clause.words, kept)
            if len(_READ) >= _READ_MAX:
                _READ.clear()
            _READ[key] = kept
        return _placed(kept, clause.words)

    # ---- blocks ---------------------------------------------------------------------------------------
    def block(self, block: A.Block, expect: str = "") -> list[dict]:
        """Bind statements in order; ``expect`` is 'options' or 'outcomes' inside those headers."""
        out: list[dict] = []
        for stmt in block.stmts:
            try:
                self._placement(stmt, expect)
                for node in self.stmt(stmt):
                    self._fold(out, node, stmt)
            except (BindError, EffectSyntaxError) as err:
                self.errors.append(err)
        return out

    def _placement(self, stmt, expect: str) -> None:
        if isinstance(stmt, A.Option) and expect != "options":
            raise BindError("S001", M("S001.option-outside"), stmt.pos, hint=M("hint.open-choice"))
        if isinstance(stmt, A.Outcome) and expect != "outcomes":
            raise BindError("S004", M("S004.outcome-outside"), stmt.pos, hint=M("hint.open-roll"))
        if expect and not isinstance(stmt, (A.Option, A.Outcome)):
            if expect == "options":
                raise BindError("S001", M("S001.only-options"), stmt.pos, expected=M("expected.option"))
            raise BindError("S004", M("S004.only-outcomes"), stmt.pos, expected=M("expected.outcome"))

    def _fold(self, out: list[dict], node: dict, stmt) -> None:
        """Add a node to a block, joining the two kinds of sentence that belong to the one before."""
        if node["op"] == "keep_morale":
            if not out or out[-1]["op"] != "kill_survivor":
                raise BindError("T002", M("T002.keep-morale-after-kill"), stmt.pos, hint=M("hint.keep-morale"))
            out[-1]["morale"] = "kept"
            return
        if node["op"] in ("nobody_does", "fallback"):
            self._fallback(out, node, stmt)
            return
        if node["op"] == "nothing":
            return
        out.append(node)

    def _fallback(self, out: list[dict], node: dict, stmt) -> None:
        """What happens when a cost is not paid, said right after it: 'if nobody does:' after an offer or
        a cost the players share, 'if you do not:' after 'you may', 'if they do not:' after 'each player
        may', 'if you cannot:' after a cost you must pay."""
        said = node.get("said", "nobody does")
        last = out[-1] if out else {}
        target, key = None, ""
        if said == "nobody does" and last.get("op") in ("offer", "together"):
            target, key = last, "otherwise"
        elif said == "you do not" and last.get("op") == "optional" and "player" not in last:
            target, key = last, "else"
        elif said == "they do not" and last.get("op") == "for_each" and last["body"] and \
                last["body"][0].get("op") == "optional" and "player" in last["body"][0]:
            target, key = last["body"][0], "else"
        elif said == "you cannot" and last.get("op") == "pay":
            target, key = last, "else"
        elif said == "the vote is tied" and last.get("op") == "vote":
            target, key = last, "tied"
        if target is None or key in target:
            raise BindError("T002", M("T002.fallback-after", said=f"if {said}", after=M(FALLBACKS[said])),
                            stmt.pos)
        target[key] = node["body"]

    # ---- statements -------------------------------------------------------------------------------
    def stmt(self, stmt) -> list[dict]:
        """Bind one statement into nodes."""
        if isinstance(stmt, A.Sentence):
            return self.sentence(stmt)
        said = " ".join(w.lower for w in stmt.cond.words) if isinstance(stmt, A.If) else ""
        if said in FALLBACKS:                      # "if nobody does:" after "one player may …:", …
            if stmt.otherwise is not None:
                raise BindError("T002", M("T002.nobody-does-otherwise"), stmt.otherwise.pos)
            return [{"op": "fallback", "said": said, "body": self.block(stmt.then), "pos": _p(stmt.pos)}]
        if isinstance(stmt, A.If):
            return [self.if_(stmt)]
        if isinstance(stmt, A.While):
            return [{"op": "while", "cond": self.cond(stmt.cond), "body": self.block(stmt.body), "pos": _p(stmt.pos)}]
        if isinstance(stmt, A.May):
            cost = [self.read(c, "costs") for c in stmt.cost]
            return [{"op": "optional", "cost": _flat(cost), "body": self.block(stmt.body), "pos": _p(stmt.pos)}]
        if isinstance(stmt, A.Header):
            return [self.header(stmt)]
        if isinstance(stmt, A.Option):
            node = {"op": "option", "body": self.block(stmt.body), "pos": _p(stmt.pos)}
            if stmt.requires is not None:
                node["requires"] = self.cond(stmt.requires)
            return [node]
        if isinstance(stmt, A.Outcome):
            lo, hi = self.read(stmt.range, "range")
            return [{"op": "outcome", "min": lo, "max": hi, "body": self.block(stmt.body), "pos": _p(stmt.pos)}]
        raise AssertionError(f"unknown statement {type(stmt).__name__}")

    def sentence(self, s: A.Sentence) -> list[dict]:
        """A sentence: its clauses in order; 'you may …' makes them one optional step."""
        nodes = [self.read(c, "clause") for c in s.clauses]
        nodes = [n for n in nodes if n["op"] != "nothing"]
        if not s.may:
            return nodes
        return [{"op": "optional", "cost": [], "body": nodes, "pos": _p(s.pos)}]

    def if_(self, stmt: A.If) -> dict:
        node = {"op": "if", "cond": self.cond(stmt.cond), "then": self.block(stmt.then), "pos": _p(stmt.pos)}
        if isinstance(stmt.otherwise, A.If):
            node["else"] = [self.if_(stmt.otherwise)]
        elif isinstance(stmt.otherwise, A.Block):
            node["else"] = self.block(stmt.otherwise)
        return node

    def cond(self, clause: A.Clause) -> dict:
        """A condition."""
        return self.read(clause, "cond")

    def header(self, stmt: A.Header) -> dict:
        """A header and its block."""
        if len(stmt.clauses) != 1:
            raise BindError("P001", M("P001.header-one-clause"), stmt.clauses[1].pos,
                            expected=M("expected.one-clause"))
        try:
            node = self.read(stmt.clauses[0], "header")
        except EffectSyntaxError as err:
            try:                         # a step written as the head of a block: say so
                self.read(stmt.clauses[0], "clause")
            except (EffectSyntaxError, BindError):
                raise err from None
            first = stmt.clauses[0].words[0]
            raise BindError("T002", M("T002.not-a-cost", word=first.text), first.pos,
                            hint=M("hint.sentence-not-header", word=first.lower), width=first.width) from None
        op = node["op"]
        if op == "pot":                       # its block is one sentence: who takes the pot
            body = self.block(stmt.body)
            if len(body) != 1 or body[0]["op"] != "take_pot":
                raise BindError("T002", M("T002.pot-taker"), stmt.body.pos, expected=M("expected.pot-taker"))
            node["taker"] = body[0]["taker"]
            return node
        if op in BLOCK_FIELD:
            node[BLOCK_FIELD[op]] = self.block(stmt.body, BLOCK_FIELD[op])
        elif "_open" in node:                 # "each player may …:" — the block goes inside its optional step
            path = node["_open"]
            body = self.block(stmt.body, "options" if path[-1] == "options" else "")
            inner = node
            path = node.pop("_open")
            for key in path[:-1]:
                inner = inner[key]
            inner[path[-1]] = body
        else:
            node["body"] = self.block(stmt.body)
        if op == "vote" and "_voters" in node:
            node["players"] = node.pop("_voters")
        return node


#: clauses already read, by their words: the node with each position as the index of its word
_READ: dict = {}
_READ_MAX = 20_000


#: the keys of a node whose value is a position [line, col] of a word; "_words" holds a table of them
#: (where each of a form's own words stands), and a ``Verb`` its position too
_POS_KEYS = ("pos", "_start")


def _relative(value, index: dict):
    """A node with each position of a word (``index``: (line, col) -> the word's index) as ``At(index)``."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in _POS_KEYS and isinstance(v, list) and tuple(v) in index:
                out[k] = At(index[tuple(v)])
            elif k == "_words" and isinstance(v, dict):
                out[k] = {w: At(index[tuple(p)]) if isinstance(p, list) and tuple(p) in index else _relative(p, index)
                          for w, p in v.items()}
            else:
                out[k] = _relative(v, index)
        return out
    if isinstance(value, list):
        return [_relative(v, index) for v in value]
    if type(value) is Verb and tuple(value.pos) in index:
        return Verb(value.text, value.base, At(index[tuple(value.pos)]))  # type: ignore[arg-type]
    return value


def _placed(value, words):
    """A kept node with its positions back on the words of this clause."""
    if isinstance(value, dict):
        return {k: _placed(v, words) for k, v in value.items()}
    if isinstance(value, list):
        return [_placed(v, words) for v in value]
    if type(value) is At:
        pos = words[value.index].pos
        return [pos.line, pos.col]
    if type(value) is Verb and type(value.pos) is At:
        pos = words[value.pos.index].pos
        return Verb(value.text, value.base, (pos.line, pos.col))
    return value


def _holds_place(value, clause: A.Clause) -> bool:
    """Whether a kept node still holds a position of this clause as [line, col] (somewhere ``_relative`` does
    not look): a node that would carry it to the same words elsewhere, so not one to keep on disk."""
    return _holds(value, {(w.pos.line, w.pos.col) for w in clause.words} | {(clause.pos.line, clause.pos.col)})


def _holds(value, places: set) -> bool:
    if isinstance(value, (list, tuple)):
        if len(value) == 2 and all(type(v) is int for v in value) and tuple(value) in places:
            return True
        return any(_holds(v, places) for v in value)
    if isinstance(value, dict):
        return any(_holds(v, places) for v in value.values())
    if type(value) is Verb:
        return _holds(value.pos, places)
    return False


def _fill_pos(value, pos: list[int]) -> None:
    """Every node a form made without words of its own ("your hand" in "take 2 cards from …") is
    placed where the nearest node around it was written; numbers become plain numbers."""
    if isinstance(value, dict):
        if "op" in value and not value.get("pos"):
            value["pos"] = list(pos)
        here = value.get("pos") or pos
        for k, v in value.items():
            if type(v) is not int and isinstance(v, int) and not isinstance(v, bool):
                value[k] = int(v)
            elif not k.startswith("_") and isinstance(v, (dict, list)):
                _fill_pos(v, here)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            if type(v) is not int and isinstance(v, int) and not isinstance(v, bool):
                value[i] = int(v)
            else:
                _fill_pos(v, pos)


def _p(pos: A.Pos) -> list[int]:
    return [pos.line, pos.col]


def _flat(costs: list) -> list[dict]:
    out = []
    for c in costs:
        out.extend(c if isinstance(c, list) else [c])
    return out
