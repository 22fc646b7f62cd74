"""The compiler's passes, run in order on one card file, then across all cards.

load → shape → parse → resolve → typecheck → structure → lower → validate

Each pass is a function of its own module; this module strings them together and
turns their located errors into diagnostics. A card with errors yields no tree.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from dow.dsl import EffectSyntaxError, Origin, parse, parse_condition
from dow.dsl.ast import Pos

from . import checks
from .referents import Referent, Referents, Scope
from .statements import Statements
from .readings import KeptReadings
from .cardstore import Packed, pack
from .cards import EFFECT_TYPES, KINDS, LANGS, all_fields
from .diagnostics import Diagnostic, did_you_mean
from .loader import LoadError, Node, decode, load_text
from .lower import Lowering, complete_options
from .messages import M, Msg, from_parser
from .errors import BindError
from .shape import Shape

PASSES = ("load", "shape", "parse", "resolve", "typecheck", "structure", "lower", "validate", "cross-card")


@dataclass
class CardResult:
    """What compiling one file gave: the card (or None), its diagnostics, names it refers to."""

    display: str
    card: dict | None = None
    diags: list[Diagnostic] = field(default_factory=list)
    names: list[tuple[str, str, Pos]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    packed: Packed | None = None     # the card once packed for keeping (project.compile_paths), card is then None
    text_diags: list[Diagnostic] = field(default_factory=list)   # its L004 warnings, kept while it is a card
    source: bytes = b""              # the lines, compressed, once packed (diagnostics across cards quote them)
    digest: str = ""                 # the sha256 of the file's bytes as they were read (the build's manifest)
    facts: Any = None                # what compile_paths' ``facts`` read from the loaded file (the site's)

    @property
    def compiled(self) -> bool:
        """Whether the file gave a card (as a tree or packed)."""
        return self.card is not None or self.packed is not None

    def pack(self) -> None:
        """Keep the card as compressed JSON (compiler/cardstore.py), dropping its tree, and the file's
        lines compressed: what a project holds of each file until every file is compiled."""
        if self.card is not None:
            self.packed = pack(self.card)
            self.card = None
        if self.lines:
            self.source = zlib.compress("\n".join(self.lines).encode("utf-8", "surrogatepass"), 1)
            self.lines = []

    def summary(self) -> tuple[str, str, tuple[str, ...]]:
        """The compiled card's id, kind and names: what the checks across cards read."""
        if self.packed is not None:
            return self.packed.id, self.packed.kind, self.packed.names
        card = self.card or {}
        return card["id"], card["kind"], tuple(card["name"].values())

    def drop(self) -> None:
        """The card fails a check across cards: it gives no card."""
        self.card = self.packed = None

    def diag(self, code: str, message: Msg, pos: Pos | None, expected: Msg | str = "", hint: Msg | str = "",
             width: int = 1, severity: str = "error") -> None:
        """Add a diagnostic at a position of this file."""
        line, col = (pos.line, pos.col) if pos else (0, 0)
        if self.source and not self.lines:
            self.lines = zlib.decompress(self.source).decode("utf-8", "surrogatepass").split("\n")
        src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        self.diags.append(Diagnostic(code, message, self.display, line, col, severity, expected, hint, src, width))

    def from_error(self, err) -> None:
        """A BindError or EffectSyntaxError as a diagnostic (the parser's message references become Msgs)."""
        self.diag(err.code, from_parser(err.message), err.pos, from_parser(err.expected), from_parser(err.hint),
                  err.width)


def compile_file(path: Path, display: str, kept: KeptReadings | None = None,
                 facts: Callable[[Node | None, Path], Any] | None = None) -> CardResult:
    """Compile one card file through every per-card pass (with ``kept``, the clause readings kept on disk
    between runs: compiler/readings.py; with ``facts``, ``result.facts`` is ``facts(root, path)`` of the
    file as loaded, before any pass, so that a caller needing more of it need not load it again)."""
    result = CardResult(display)
    try:
        data = path.read_bytes()
        result.digest = hashlib.sha256(data).hexdigest()
        text = decode(data, display)
        result.lines = text.split("\n")
        root = load_text(text, display)
    except LoadError as err:
        result.diags.append(err.diag)
        return result
    except OSError as err:
        result.diag("U001", M("U001.cannot-read", reason=err.strerror), None)
        return result
    if facts is not None:
        result.facts = facts(root, path)
    compile_root(root, result, kept)
    _within_file(result)
    return result


def compile_text(text: str, display: str) -> CardResult:
    """Compile card text (for tests and tools)."""
    result = CardResult(display)
    try:
        text = decode(text.encode("utf-8", errors="surrogateescape"), display)
        result.lines = text.split("\n")
        root = load_text(text, display)
    except LoadError as err:
        result.diags.append(err.diag)
        return result
    compile_root(root, result)
    _within_file(result)
    return result


def compile_root(root: Node | None, result: CardResult, kept: KeptReadings | None = None) -> None:
    """The passes after loading: shape, then each effect field, then lowering and validation."""
    shape = Shape(result.display, result.lines)
    ok = shape.card(root)
    result.diags.extend(shape.diags)
    if not ok:
        return
    kind = KINDS[root.value["kind"].value]
    card_id = str(root.value["id"].value)
    manual = root.get("manual").plain() if root.get("manual") is not None else {}
    scope = CardScope(kind.binds)
    lowering = Lowering(card_id, result.display, manual)
    compiled = _fields(root, all_fields(kind), scope, result, lowering, kept)
    complete_options(compiled)
    for err in lowering.errors:
        result.from_error(err)
    for err in checks.honest_status(root, compiled):  # S011, S012: the status says what the card is
        result.from_error(err)
    result.names = scope.names
    if any(d.severity == "error" for d in result.diags):
        return
    compiled["name"] = _localized_name(compiled["name"])
    compiled["file"] = result.display
    if _numbers_in_range(compiled, result):
        return
    errors = validate_card(compiled)
    for message in errors:
        scenario = _scenario_at(root, message)
        if scenario is not None:        # the author's scenario, as the shape pass did not foresee: S013, at it
            result.diag("S013", M("S013.schema", problem=message), Pos(scenario.line, scenario.col),
                        hint=M("hint.scenario-keys"))
            continue
        result.diag("V001", M("V001.card-schema", problem=message), Pos(root.line, root.col),
                    hint=M("hint.compiler-bug-file"))
    if not errors:
        result.card = compiled


def _scenario_at(root: Node, problem: str) -> Node | None:
    """The scenario a card-schema problem ('at /tests/2/given: …') is about: the author wrote it as it is
    (the compiler copies scenarios unchanged), so it is a mistake in the card, not a compiler bug."""
    match = re.match(r"at /tests/(\d+)", problem)
    tests = root.get("tests")
    if match is None or tests is None or tests.kind != "seq" or int(match.group(1)) >= len(tests.value):
        return None
    return tests.value[int(match.group(1))]


def _numbers_in_range(value, result: CardResult) -> bool:
    """Report each number written in an effect that the runtime's limits refuse (runtime/limits.py: the
    bundle schema and load_bundle hold every number to them), at the node it is in; whether there was one."""
    from dow.runtime.bundle_check import SIGNED
    from dow.runtime.limits import MAX_NUMBER, MIN_SIGNED
    return _numbers_walk(value, result, "", SIGNED, MAX_NUMBER, MIN_SIGNED)


def _numbers_walk(value, result: CardResult, op: str, SIGNED, MAX_NUMBER: int, MIN_SIGNED: int) -> bool:
    """``_numbers_in_range`` below one value (the limits passed down: an import in every call of the walk
    was a twentieth of a compile)."""
    found = False
    if isinstance(value, dict):
        pos = value.get("pos")
        here = value.get("op", op)
        for key, item in value.items():
            if isinstance(item, int) and not isinstance(item, bool) and isinstance(pos, dict) and key != "pos":
                low = MIN_SIGNED if (here, key) in SIGNED else 0
                if not low <= item <= MAX_NUMBER:
                    result.diag("S005", M("S005.out-of-range", key=f"{here}.{key}", value=item, low=low,
                                          high=MAX_NUMBER), Pos(pos.get("line", 1), pos.get("col", 1)),
                                expected=M("expected.range", low=low, high=MAX_NUMBER))
                    found = True
            elif isinstance(item, (dict, list)):
                found = _numbers_walk(item, result, here, SIGNED, MAX_NUMBER, MIN_SIGNED) or found
    elif isinstance(value, list):
        for item in value:
            found = _numbers_walk(item, result, op, SIGNED, MAX_NUMBER, MIN_SIGNED) or found
    return found


def _data(node: Node):
    """A field's plain data without translation bookkeeping: a localized text's 'sync' hashes stay in the
    card file, out of the bundle (dropped here, while the data is made, not by a second walk of the card)."""
    kind = node.kind
    if kind == "map":
        value = node.value
        drop = "sync" in value and "en" in value
        return {k: _data(v) for k, v in value.items() if not (drop and k == "sync")}
    if kind == "seq":
        return [_data(v) for v in node.value]
    return node.value


def _localized_name(name) -> dict:
    """A proper name written once is the same in every language."""
    return dict(name) if isinstance(name, dict) else {lang: name for lang in LANGS}


def _fields(node: Node, spec: dict, scope: "CardScope", result: CardResult, lowering: Lowering,
            kept: KeptReadings | None = None) -> dict:
    """Plain data of a mapping, with every effect-language field compiled."""
    out = {}
    for key, child in node.value.items():
        kind = spec.get(key)
        if kind in EFFECT_TYPES:
            before = len(result.diags)
            out[key] = _program(child, kind, scope, result, lowering, kept)
            _unquote_positions(child, result, before)
        elif isinstance(kind, tuple) and kind[0] == "list" and isinstance(kind[1], dict):
            out[key] = [_fields(item, kind[1], scope, result, lowering, kept) for item in child.value]
        elif isinstance(kind, tuple) and kind[0] == "object":
            out[key] = _fields(child, kind[1], scope, result, lowering, kept)
        else:
            out[key] = _data(child)
    return out


class CardScope:
    """What every effect text of one card can refer to: the card's own ("this survivor", "this card"),
    and, once its trigger's event is read, what that event carries ("the moved survivor"). Names of
    cards used anywhere in the card are collected for the check across cards (N003)."""

    def __init__(self, binds):
        self.binds = tuple(binds)
        self.events: list[tuple[str, str]] = []
        self.names: list[tuple[str, str, Pos]] = []

    def scope(self, they: bool = False) -> Scope:
        """A fresh scope for one effect text."""
        out = Scope()
        for name, kind in (*self.binds, *self.events):
            out.add(Referent(name, kind, _PARTICIPLE.get(name), False, None, fixed=True))
        if they:
            out.they = {"op": "ref", "name": "each", "kind": "player"}
        return out


_PARTICIPLE = {"rolled": "rolled"}


def _program(node: Node, kind: str, scope: CardScope, result: CardResult, lowering: Lowering,
             kept: KeptReadings | None = None) -> dict:
    """Parse, bind, resolve, check and lower one effect, condition or event text."""
    text = node.value if isinstance(node.value, str) else ""
    if node.style not in ("|", None, "'", '"') or (node.style != "|" and node.end_line > node.line):
        result.diag("Y008", M("Y008.not-literal"), Pos(node.line, node.col), expected=M("expected.literal-block"),
                    hint=M("hint.folded-loses-lines"))
        return {"source": text, "tree": []}
    origin = Origin(node.text_line, node.text_col)
    try:
        if kind == "effect":
            block = parse(text, origin)
        elif kind in ("cond", "voters"):
            block = parse_condition(text, origin)
        else:
            block = parse(text.strip().rstrip(".") + "\n", origin)
    except EffectSyntaxError as err:
        result.from_error(err)
        return {"source": text, "tree": []}
    binder = Statements(kept)
    tree = _bind(binder, block, kind, result)
    errors = list(binder.errors)
    if not errors and tree is not None:
        refs = Referents()
        here = scope.scope(they=kind == "voters")
        try:
            if kind == "effect":
                refs.block(tree, here)
            else:
                tree = refs.value(tree, here, kind, kind)
        except BindError as err:
            refs.errors.append(err)
        refs.finish()
        errors += refs.errors
        if kind == "event" and not refs.errors:
            from dow.dsl.lexicon import EVENTS
            scope.events = list(EVENTS[tree["kind"]].carries)
    for err in errors:
        result.from_error(err)
    if tree is None:
        return {"source": text, "tree": []}
    if errors:
        return {"source": text, "tree": tree}
    roots = tree if isinstance(tree, list) else [tree]
    walked = list(checks.walk(roots))       # once for the three passes below (none of them changes the tree)
    scope.names.extend(_names(walked))
    for err in checks.typecheck(roots, walked):
        result.from_error(err)
    for err in checks.structure(roots, walked):
        result.from_error(err)
    return {"source": text, "tree": lowering.nodes(tree)}


def _names(walked: list[dict]) -> list[tuple[str, str, Pos]]:
    """The card names a tree uses (its nodes, ``checks.walk``), with their kinds and where: checked across
    cards (N003)."""
    out = []
    for node in walked:
        if node.get("op") == "named":
            out.append((node["card"], node.get("kind") or "survivor", Pos(*node["pos"])))
        elif node.get("op") == "card_named":
            out.append((node["name"], "item", Pos(*node["pos"])))
    return out


def _within_file(result: CardResult) -> None:
    """No diagnostic points past the end of the file, or past the end of its line."""
    for i, d in enumerate(result.diags):
        if not result.lines or d.file != result.display or not d.line:
            continue
        line = min(d.line, len(result.lines))
        src = result.lines[line - 1]
        col = min(d.col, len(src) + 1)
        if (line, col) != (d.line, d.col):
            result.diags[i] = dataclasses.replace(d, line=line, col=col, source_line=src)


def _unquote_positions(node: Node, result: CardResult, start: int) -> None:
    """Text lines of a one-line double-quoted effect ("a.\\nb.") are on the same file line: move the
    diagnostics from the lines the parser counted onto that line, just after each \\n escape."""
    if node.style != '"' or "\n" not in node.value or node.end_line > node.line:
        return
    raw = result.lines[node.line - 1] if 0 < node.line <= len(result.lines) else ""
    starts = [node.text_col - 1]                     # where each text line starts in the file line (0-based)
    for match in re.finditer(r"\\n", raw[node.text_col - 1:]):
        starts.append(node.text_col - 1 + match.end())
    for i in range(start, len(result.diags)):
        d = result.diags[i]
        k = d.line - node.text_line
        if d.file != result.display or not 0 < k < len(starts):
            continue
        col = min(starts[k] + (d.col - node.text_col) + 1, len(raw) + 1)
        result.diags[i] = dataclasses.replace(d, line=node.line, col=col, source_line=raw)


def _bind(binder: Statements, block, kind: str, result: CardResult):
    """Bind an effect block, or the single clause of a condition or event."""
    if kind == "effect":
        return binder.block(block)
    if kind in ("cond", "voters"):
        try:
            return binder.cond(block)
        except (BindError, EffectSyntaxError) as err:
            binder.errors.append(err)
            return None
    stmts = block.stmts
    if len(stmts) != 1 or not (hasattr(stmts[0], "clauses") and len(stmts[0].clauses) == 1):
        pos = stmts[1].pos if len(stmts) > 1 else block.pos
        result.diag("P001", M("P001.event-one-clause"), pos, expected=M("expected.one-clause"))
        return None
    try:
        return binder.read(stmts[0].clauses[0], "event")
    except (BindError, EffectSyntaxError) as err:
        binder.errors.append(err)
        return None


@functools.cache
def _schema_check(pointer: str):
    """The bundle schema at ``pointer`` ('#/$defs/card', '#'), compiled once per process by the runtime's
    compiled checker (see schemacheck), one compiler for both: the card definition is compiled once."""
    return _compiled_bundle_schema().ref(pointer)


@functools.cache
def _compiled_bundle_schema():
    from .schemacheck import SchemaCompiler
    from .schemas import bundle_schema
    return SchemaCompiler(bundle_schema())


def validate_card(card: dict) -> list[str]:
    """Schema errors of a compiled card, as short located messages."""
    errors: list[str] = []
    _schema_check("#/$defs/card")(card, "", errors)
    return errors[:5]


def validate_bundle(bundle: dict) -> list[str]:
    """Schema errors of a whole bundle document (its cards too, if it holds any), as short located
    messages: the same compiled checker as ``validate_card`` and ``load_bundle``."""
    errors: list[str] = []
    _schema_check("#")(bundle, "", errors)
    return errors[:5]


def cross_card(results: list[CardResult], known_names: set[str], others: dict | None = None) -> None:
    """Checks across cards: duplicate ids (S007) and card names that resolve to no card (N003).
    ``others`` gives the names, by kind, of cards not compiled in this run (a check of one file)."""
    seen: dict[str, CardResult] = {}
    by_kind: dict[str, set[str]] = {kind: set(names) for kind, names in (others or {}).items()}
    for res in results:
        if not res.compiled:
            continue
        card_id, kind, names = res.summary()
        by_kind.setdefault(kind, set()).update(names)
        if card_id in seen:
            res.diag("S007", M("S007.duplicate-id", id=card_id, other=seen[card_id].display), Pos(1, 1),
                     hint=M("hint.own-id"))
            res.drop()
            continue
        seen.setdefault(card_id, res)
    for res in results:
        for name, kind, pos in res.names:
            names = by_kind.get(kind, set())
            if name not in names and name not in known_names:
                res.diag("N003", M("N003.no-card-named", kind=kind, name=name), pos,
                         expected=M("expected.card-name", kind=kind),
                         hint=did_you_mean(name, names | known_names, cutoff=0.6) or M("hint.known-names"),
                         width=len(name) + 2)
                res.drop()
            elif name in names and name in known_names:      # the card was written: the list entry is stale
                res.diag("N003", M("N003.known-name-has-card", kind=kind, name=name), pos,
                         hint=M("hint.known-name-stale", name=name), width=len(name) + 2, severity="warning")
