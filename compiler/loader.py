"""Load card files into position-carrying nodes, safely.

The loader reads ruamel.yaml's parser *events* (the C parser from ruamel.yaml.clib
when installed, the pure-Python one otherwise) and composes its own small node tree.
Working at the event level keeps every line and column, and lets hostile input be
refused before anything is built: anchors and aliases (YAML bombs), custom tags,
deep nesting, invalid UTF-8 and oversized files each get a located diagnostic.
No constructor runs, so no YAML tag can ever run code.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ruamel.yaml.events as ev
from ruamel.yaml.error import MarkedYAMLError, YAMLError

try:  # the C event parser; same events, same marks, much faster
    from ruamel.yaml import CParser as _Parser  # type: ignore[attr-defined]
    if _Parser is None:
        raise ImportError
except ImportError:  # pragma: no cover - exercised only without ruamel.yaml.clib
    from ruamel.yaml.parser import Parser as _PyParser
    from ruamel.yaml.reader import Reader
    from ruamel.yaml.scanner import Scanner

    class _Parser:  # type: ignore[no-redef]
        """The pure-Python parser behind the same get_event() interface."""

        def __init__(self, text: str):
            self.loader = type("L", (), {})()
            self.loader.reader = Reader(text, self.loader)
            self.loader.scanner = Scanner(self.loader)
            self._parser = _PyParser(self.loader)

        def get_event(self):
            return self._parser.get_event()

from .diagnostics import Diagnostic
from .messages import M

MAX_BYTES = 256 * 1024
MAX_DEPTH = 24
SAFE_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "seq", "map")}
_INT = re.compile(r"[-+]?[0-9]+\Z")
_BREAKS = re.compile("\r\n|\r|\x85|\u2028|\u2029")
#: what YAML 1.2 calls printable, inverted: tab and newline are allowed, other controls are not
_NON_PRINTABLE = re.compile("[^\t\n\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_FLOAT = re.compile(r"[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?\Z")
#: the rest of the YAML 1.2 core schema, as editors (yaml-language-server) read it: 0o17, 0x10, .inf, .nan
_OCT_HEX = re.compile(r"0o[0-7]+\Z|0x[0-9a-fA-F]+\Z")
_INF = re.compile(r"[-+]?\.(inf|Inf|INF)\Z")
_NAN = re.compile(r"\.(nan|NaN|NAN)\Z")


@dataclass(slots=True)
class Node:
    """A YAML value with its 1-based position; ``kind`` is 'map', 'seq' or 'scalar'."""

    kind: str
    value: Any
    line: int
    col: int
    end_line: int = 0
    style: str | None = None
    #: for literal blocks: the 1-based line and column of the text's first character
    text_line: int = 0
    text_col: int = 0
    key_pos: dict[str, tuple[int, int]] = field(default_factory=dict)

    def get(self, key: str) -> "Node | None":
        """The child node under ``key`` of a mapping, or None."""
        return self.value.get(key) if self.kind == "map" else None

    def plain(self) -> Any:
        """The value as plain Python data, positions dropped."""
        if self.kind == "map":
            return {k: v.plain() for k, v in self.value.items()}
        if self.kind == "seq":
            return [v.plain() for v in self.value]
        return self.value


class LoadError(Exception):
    """A located refusal to load a file."""

    def __init__(self, diag: Diagnostic):
        super().__init__(diag.message)
        self.diag = diag


def _resolve_plain(text: str) -> Any:
    """YAML 1.2 core-schema resolution of an unquoted scalar."""
    if text in ("", "~", "null", "Null", "NULL"):
        return None
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    if _INT.match(text):
        return int(text)
    if _OCT_HEX.match(text):
        return int(text, 0)
    if _FLOAT.match(text):
        return float(text)
    if _INF.match(text):
        return float("-inf" if text.startswith("-") else "inf")
    if _NAN.match(text):
        return float("nan")
    return text


class _Composer:
    """Builds Nodes from parser events, refusing what card files must not hold."""

    def __init__(self, text: str, path: str):
        self.lines = text.split("\n")
        self.path = path
        self.events = _Parser(text)

    def fail(self, code: str, message: str, mark, hint: str = "") -> None:
        """Raise a located load error at a parser mark."""
        line, col = mark.line + 1, mark.column + 1
        src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        raise LoadError(Diagnostic(code, message, self.path, line, col, hint=hint, source_line=src))

    def compose(self) -> Node | None:
        """The document's root node (None for an empty file)."""
        self.events.get_event()  # stream start
        event = self.events.get_event()
        if isinstance(event, ev.StreamEndEvent):
            return None
        root = self.node(self.events.get_event(), depth=0)
        self.events.get_event()  # document end
        event = self.events.get_event()
        if not isinstance(event, ev.StreamEndEvent):
            self.fail("Y002", M("Y002.two-documents"), event.start_mark, hint=M("hint.one-document"))
        return root

    def check_event(self, event) -> None:
        """Refuse aliases, anchors and non-standard tags."""
        if isinstance(event, ev.AliasEvent) or getattr(event, "anchor", None):
            self.fail("Y003", M("Y003.anchor"), event.start_mark, hint=M("hint.write-out"))
        tag = getattr(event, "tag", None)
        if tag and tag not in SAFE_TAGS and not (tag == "!" and isinstance(event, ev.ScalarEvent)):
            self.fail("Y004", M("Y004.tag", tag=tag), event.start_mark, hint=M("hint.remove-tag"))

    def node(self, event, depth: int) -> Node:
        """Compose one node starting at ``event``."""
        self.check_event(event)
        if depth > MAX_DEPTH:
            self.fail("Y005", M("Y005.too-deep", limit=MAX_DEPTH), event.start_mark)
        line, col = event.start_mark.line + 1, event.start_mark.column + 1
        if isinstance(event, ev.ScalarEvent):
            return self.scalar(event, line, col)
        if isinstance(event, ev.SequenceStartEvent):
            items = []
            while not isinstance(nxt := self.events.get_event(), ev.SequenceEndEvent):
                items.append(self.node(nxt, depth + 1))
            return Node("seq", items, line, col, nxt.end_mark.line + 1)
        if isinstance(event, ev.MappingStartEvent):
            return self.mapping(line, col, depth)
        self.fail("Y002", M("Y002.event", event=type(event).__name__), event.start_mark)
        raise AssertionError  # unreachable

    def mapping(self, line: int, col: int, depth: int) -> Node:
        """Compose a mapping; keys must be unique strings."""
        out: dict[str, Node] = {}
        node = Node("map", out, line, col)
        while not isinstance(key_event := self.events.get_event(), ev.MappingEndEvent):
            key = self.node(key_event, depth + 1)
            if key.kind != "scalar":
                self.fail("Y002", M("Y002.key-not-word"), key_event.start_mark)
            name = str(key.value)
            if name in out:
                self.fail("Y007", M("Y007.twice", key=name), key_event.start_mark,
                          hint=M("hint.first-key", key=name, line=node.key_pos[name][0]))
            node.key_pos[name] = (key.line, key.col)
            out[name] = self.node(self.events.get_event(), depth + 1)
        node.end_line = key_event.end_mark.line + 1
        return node

    def scalar(self, event, line: int, col: int) -> Node:
        """Compose a scalar; literal blocks also get the position of their first text character."""
        style = event.style or None
        implicit_plain = event.implicit[0] and not style
        value = _resolve_plain(event.value) if implicit_plain and event.tag is None else event.value
        if style == '"' and (bad := _NON_PRINTABLE.search(event.value)):   # made by an escape such as \e or \x00
            self.fail("Y002", M("Y002.escaped-character", char=f"U+{ord(bad.group()):04X}"), event.start_mark,
                      hint=M("hint.printable-only"))
        node = Node("scalar", value, line, col, event.end_mark.line + 1, style)
        node.text_line, node.text_col = line, col + (1 if style in ("'", '"') else 0)
        if style in ("|", ">"):
            node.text_line, node.text_col = self.block_start(line)
        return node

    def block_start(self, indicator_line: int) -> tuple[int, int]:
        """Where a block scalar's text starts: the line after its indicator (YAML keeps leading blank
        lines in the text), at the indentation of its first non-blank line."""
        for number in range(indicator_line + 1, len(self.lines) + 1):
            text = self.lines[number - 1]
            if text.strip():
                return indicator_line + 1, len(text) - len(text.lstrip(" ")) + 1
        return indicator_line + 1, 1


def load_text(text: str, path: str) -> Node | None:
    """Compose YAML text into Nodes; raises LoadError with a located diagnostic."""
    try:
        return _Composer(text, path).compose()
    except LoadError:
        raise
    except (MarkedYAMLError, YAMLError) as err:
        mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
        line = mark.line + 1 if mark else 0
        col = mark.column + 1 if mark else 0
        lines = text.splitlines()
        last = max((n for n, text_line in enumerate(lines, 1) if text_line.strip()), default=0)
        if last and line > last:    # the end of the text (an unclosed bracket): said at the end of the last
            line, col = last, len(lines[last - 1]) + 1     # line written, not past it or on a blank line
        src = lines[line - 1] if 0 < line <= len(lines) else ""
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise LoadError(Diagnostic("Y002", M("Y002.not-yaml", problem=problem), path, line, col,
                                   source_line=src)) from None
    except (ValueError, TypeError, RecursionError) as err:  # defensive: parser internals
        raise LoadError(Diagnostic("Y002", M("Y002.not-yaml", problem=err), path)) from None


def decode(data: bytes, path: str) -> str:
    """Bytes to text, refusing oversized files and invalid UTF-8 with a located error."""
    if len(data) > MAX_BYTES:
        raise LoadError(Diagnostic("Y006", M("Y006.too-large", size=len(data), limit=MAX_BYTES),
                                   path, 1, 1, hint=M("hint.one-card-per-file")))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        before = data[: err.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1:].decode("utf-8", errors="replace")) + 1  # in characters
        line_bytes = data[before.rfind(b"\n") + 1:].split(b"\n", 1)[0]
        shown = line_bytes.decode("utf-8", errors="replace").rstrip("\r")
        raise LoadError(Diagnostic("Y001", M("Y001.bad-byte", byte=f"0x{data[err.start]:02x}"), path, line, col,
                                   hint=M("hint.save-utf8"), source_line=shown)) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    # one line break everywhere, so YAML marks, effect-text lines and diagnostics agree
    text = _BREAKS.sub("\n", text)
    bad = _NON_PRINTABLE.search(text)
    if bad:
        before = text[: bad.start()]
        line = before.count("\n") + 1
        col = bad.start() - (before.rfind("\n") + 1) + 1
        shown = text.split("\n")[line - 1]
        code = "Y001" if bad.group() == "\x00" else "Y002"
        char = f"U+{ord(bad.group()):04X}"
        message = M("Y001.bad-character", char=char) if code == "Y001" else M("Y002.bad-character", char=char)
        raise LoadError(Diagnostic(code, message,
                                   path, line, col, hint=M("hint.printable-only"),
                                   source_line="".join(c if c.isprintable() else "?" for c in shown)))
    return text


def load_file(path: Path, display: str | None = None) -> tuple[Node | None, str]:
    """Load one card file; returns (root node, text). Raises LoadError."""
    display = display or str(path)
    text = decode(path.read_bytes(), display)
    return load_text(text, display), text
