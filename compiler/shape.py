"""The shape pass: a card file's fields against its kind, and its localized texts.

Reports unknown fields (S009, with "did you mean"), missing or mistyped fields
(S005), ids that do not match their file (S006), localized fields lacking a
language or text (L001, L002), and scenario tests not written as scenarios are
(S013: their keys, the keys and simple values of their tables, their steps). Each
report points at the YAML key or value.
"""
from __future__ import annotations

import dataclasses
from pathlib import PurePosixPath

from dow.runtime.limits import MAX_NUMBER

from .cards import COMMON_REQUIRED, KINDS, LANGS, all_fields
from .diagnostics import WARNING, Diagnostic, did_you_mean
from .loader import Node
from .messages import M, Msg


class Shape:
    """Checks one card file's node tree; diagnostics collect in ``diags``."""

    def __init__(self, display: str, lines: list[str]):
        self.display = display
        self.lines = lines
        self.diags: list[Diagnostic] = []
        self.set_name = ""          # the card's set: a Winter Tricks card's scenarios run on that game

    def report(self, code: str, message: Msg, line: int, col: int, expected: Msg | str = "", hint: Msg | str = "",
               width: int = 1) -> None:
        """Add a located diagnostic."""
        src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        self.diags.append(Diagnostic(code, message, self.display, line, col, expected=expected, hint=hint,
                                     source_line=src, width=width))

    def card(self, root: Node | None) -> bool:
        """Check a whole card; returns whether it is shaped well enough to compile further."""
        if root is None or root.kind != "map":
            line, col = (root.line, root.col) if root else (1, 1)
            self.report("Y009", M("Y009.not-a-mapping"), line, col, hint=M("hint.dow-new-kind"))
            return False
        kind_node = root.get("kind")
        kind_name = kind_node.value if kind_node is not None and kind_node.kind == "scalar" else None
        if kind_name not in KINDS:
            line, col = (kind_node.line, kind_node.col) if kind_node else (root.line, root.col)
            self.report("S005", M("S005.unknown-kind", kind=kind_name) if kind_node else M("S005.no-kind"),
                        line, col, expected=M("expected.words", words=", ".join(KINDS)),
                        hint=did_you_mean(str(kind_name), KINDS))
            return False
        kind = KINDS[kind_name]
        set_node = root.get("set")
        self.set_name = str(set_node.value) if set_node is not None and set_node.kind == "scalar" else ""
        before = len(self.diags)
        self.fields(root, all_fields(kind), COMMON_REQUIRED + kind.required, M("where.card"))
        self.check_id(root, kind_name)
        trigger = root.get("trigger")
        status = root.get("status")
        declared = {k: v.value for k, v in status.value.items()} if status is not None and status.kind == "map" else {}
        if (kind_name == "crossroads" and trigger is not None and trigger.kind == "map"
                and "when" not in trigger.value and "if" not in trigger.value
                and declared.get("data") != "needs transcription" and declared.get("implementation") == "full"):
            line, col = root.key_pos["trigger"]
            self.report("S008", M("S008.never-triggers"), line, col, expected=M("expected.when-if"),
                        hint=M("hint.trigger-unknown"))
            self.diags[-1] = dataclasses.replace(self.diags[-1], severity=WARNING)
        for field in ("tie_breaker", "tie"):          # a tie is a vote's: without 'vote:' nobody votes
            if kind_name == "crossroads" and field in root.value and "vote" not in root.value:
                line, col = root.key_pos[field]
                self.report("S008", M("S008.tie-without-vote", field=field), line, col,
                            expected=M("expected.words", words="vote: …"))
        options = root.get("options")
        if kind_name == "crossroads" and options is not None and options.kind == "seq" and not options.value:
            self.report("S008", M("S008.no-options"), options.line, options.col, expected=M("expected.option-entries"))
        return not any(d.severity == "error" and d.code.startswith("S") for d in self.diags[before:])

    def check_id(self, root: Node, kind_name: str) -> None:
        """The id is '<set>.<kind>.<file name>' and the file sits in content/<set>/<kind folder>/."""
        id_node, set_node = root.get("id"), root.get("set")
        if id_node is None or set_node is None or not isinstance(id_node.value, str):
            return
        stem = PurePosixPath(self.display).stem
        want = f"{set_node.value}.{kind_name}.{stem}"
        if id_node.value != want:
            self.report("S006", M("S006.id-mismatch", id=id_node.value, want=want),
                        id_node.line, id_node.col, expected=M("expected.words", words=want),
                        hint=M("hint.id-form"),
                        width=len(str(id_node.value)))

    def fields(self, node: Node, spec: dict, required: tuple, where: Msg) -> None:
        """Check a mapping against a field spec; ``where`` names the mapping ("a card", "a 'x' entry")."""
        for key, child in node.value.items():
            line, col = node.key_pos.get(key, (node.line, node.col))
            if key not in spec:
                self.report("S009", M("S009.not-a-field", key=key, where=where), line, col,
                            expected=M("expected.words", words=", ".join(spec)), hint=did_you_mean(key, spec),
                            width=len(key))
                continue
            self.value(child, spec[key], key)
        for key in required:
            if key not in node.value:
                self.report("S005", M("S005.no-field", key=key), node.line, node.col,
                            expected=M("expected.words", words=f"'{key}:'"), hint=M("hint.dow-new-complete"))

    def value(self, node: Node, kind, key: str) -> None:
        """Check one field value against its type."""
        if kind == ("list", "scenario"):
            self.scenarios(node)
            return
        if isinstance(kind, tuple):
            shape, inner = kind
            if shape == "list":
                if not self.expect(node, "seq", key, M("expected.list")):
                    return
                for item in node.value:
                    if isinstance(inner, dict):
                        if self.expect(item, "map", key, M("expected.mapping")):
                            self.fields(item, inner, (), M("where.entry", key=key))
                    else:
                        self.value(item, inner, key)
            elif shape == "object":
                if self.expect(node, "map", key, M("expected.mapping")):
                    self.fields(node, inner, (), M("where.field", key=key))
            elif shape == "map":
                if self.expect(node, "map", key, M("expected.mapping")):
                    for sub, child in node.value.items():
                        if self.expect(child, "map", sub, M("expected.mapping")):
                            self.fields(child, inner, (), M("where.field", key=f"{key}: {sub}"))
                            self.localized(child, f"{key}: {sub}", require=False, extras=("why", "sync"))
            return
        if kind == "localized":
            if self.expect(node, "map", key, M("expected.localized")):
                self.localized(node, key)
        elif kind == "name":
            if node.kind == "map":
                self.localized(node, key)
            else:
                self.scalar(node, str, key, M("expected.name"))
        elif kind in ("int", "int?"):
            if not (kind == "int?" and node.kind == "scalar" and node.value is None):
                self.scalar(node, int, key, M("expected.whole-number-or-null") if kind == "int?"
                            else M("expected.whole-number"))
        elif kind == "bool":
            self.scalar(node, bool, key, M("expected.bool"))
        elif kind.startswith("enum:"):
            choices = kind[5:].split("|")
            if node.kind != "scalar" or node.value not in choices:
                self.report("S005", M("S005.one-of", key=key, choices=", ".join(choices)), node.line, node.col,
                            expected=M("expected.words", words=", ".join(choices)),
                            hint=did_you_mean(str(node.value), choices))
        elif kind in ("str", "effect", "cond", "event", "voters"):
            self.scalar(node, str, key, M("expected.text"))
        # "any": anything goes

    # ---- scenario tests (docs/scenarios.md): every mistake is S013, at the scenario's own line -------------

    def mistake(self, message: Msg, node: Node, expected: Msg | str = "", hint: Msg | str = "",
                at: tuple[int, int] | None = None, width: int = 1) -> None:
        """An S013 at a node (or at ``at``, a key's position)."""
        line, col = at or (node.line, node.col)
        self.report("S013", message, line, col, expected=expected, hint=hint or M("hint.scenario-keys"), width=width)

    def scenarios(self, node: Node) -> None:
        """The 'tests:' field: a list of scenarios."""
        if node.kind != "seq":
            self.mistake(M("S013.not-a-list"), node, expected=M("expected.list"))
            return
        for item in node.value:
            self.scenario(item)

    def scenario(self, node: Node) -> None:
        """One scenario: its keys and their values, the keys of its tables, its steps."""
        from .cards import SCENARIO_FIELDS, SCENARIO_REQUIRED
        if node.kind != "map":
            self.mistake(M("S013.not-a-mapping"), node, expected=M("expected.mapping"))
            return
        for key, child in node.value.items():
            at = node.key_pos.get(key, (node.line, node.col))
            if key not in SCENARIO_FIELDS:
                self.mistake(M("S013.unknown-key", key=key), node, at=at, width=len(key),
                             expected=M("expected.words", words=", ".join(SCENARIO_FIELDS)),
                             hint=did_you_mean(key, SCENARIO_FIELDS) or M("hint.scenario-keys"))
            elif key == "name":
                if child.kind != "scalar" or not isinstance(child.value, str) or not child.value.strip():
                    self.mistake(M("S013.must-be", key=key, what=M("expected.text")), child, expected=M("expected.text"))
            elif key in ("given", "expect"):
                if child.kind != "map":
                    self.mistake(M("S013.must-be", key=key, what=M("expected.mapping")), child,
                                 expected=M("expected.mapping"))
                else:
                    self.table(child, key)
            elif key == "do":
                self.steps(child)
            elif key == "answers":
                if child.kind != "seq":
                    self.mistake(M("S013.must-be", key=key, what=M("expected.list")), child, expected=M("expected.list"))
            elif key == "rolls":
                if child.kind != "seq":
                    self.mistake(M("S013.must-be", key=key, what=M("expected.list")), child, expected=M("expected.list"))
                    continue
                for roll in child.value:
                    if not _whole(roll, 1):
                        self.mistake(M("S013.must-be", key="rolls", what=M("expected.die")), roll,
                                     expected=M("expected.die"))
            elif key == "seed" and not _whole(child, 0):
                self.mistake(M("S013.must-be", key=key, what=M("expected.whole-number")), child,
                             expected=M("expected.whole-number"))
        for need in SCENARIO_REQUIRED:
            if need not in node.value:
                self.mistake(M("S013.needs", key=need), node, expected=M("expected.words", words=f"'{need}:'"))

    def table(self, node: Node, which: str) -> None:
        """The keys of 'given' or 'expect', and the values whose kind is plain (counts, tracks, lists)."""
        from dow.runtime.engine.scenario import EXPECT_KEYS, GIVEN_KEYS, WT_EXPECT_KEYS, WT_GIVEN_KEYS
        winter = self.set_name == "winter-tricks"
        known = (WT_GIVEN_KEYS if winter else GIVEN_KEYS) if which == "given" else \
            (WT_EXPECT_KEYS if winter else EXPECT_KEYS)
        kinds = {} if winter else (GIVEN_VALUES if which == "given" else EXPECT_VALUES)
        for key, child in node.value.items():
            at = node.key_pos.get(key, (node.line, node.col))
            if key not in known:
                self.mistake(M("S013.unknown-given", key=key) if which == "given" else M("S013.unknown-expect", key=key), node,
                             at=at, width=len(str(key)), expected=M("expected.words", words=", ".join(sorted(known))),
                             hint=did_you_mean(str(key), known) or M("hint.scenario-keys"))
                continue
            want = kinds.get(key)
            if want is not None and not _fits(child, want):
                what = _EXPECTED[want]
                self.mistake(M("S013.must-be", key=f"{which}: {key}", what=what), child, expected=what)

    def steps(self, node: Node) -> None:
        """'do': one step, or a list of at least one; each starts with a step the runner takes."""
        from dow.runtime.engine.scenario import STEPS, WT_STEPS
        known = WT_STEPS if self.set_name == "winter-tricks" else STEPS
        if node.kind == "seq" and not node.value:      # 'do: []': an author's slip
            self.mistake(M("S013.no-steps"), node, expected=M("expected.words", words="'do: colony start_round'"))
            return
        for step in node.value if node.kind == "seq" else [node]:
            if step.kind != "scalar" or not isinstance(step.value, str) or not step.value.strip():
                self.mistake(M("S013.must-be", key="do", what=M("expected.steps")), step, expected=M("expected.steps"))
                continue
            verb = step.value.split()[0]
            if verb not in known:
                self.mistake(M("S013.unknown-step", step=verb), step, width=len(verb),
                             expected=M("expected.words", words=", ".join(sorted(known))),
                             hint=did_you_mean(verb, known) or M("hint.scenario-keys"))

    def scalar(self, node: Node, typ: type, key: str, what: Msg) -> None:
        """A scalar of the given Python type (bool is not an int here)."""
        ok = node.kind == "scalar" and isinstance(node.value, typ) and not (typ is int and isinstance(node.value, bool))
        if not ok:
            self.report("S005", M("S005.must-be", key=key, what=what), node.line, node.col, expected=what)
        elif typ is int and node.value < 0:     # no number printed on a card is negative
            self.report("S005", M("S005.negative", key=key, value=node.value), node.line, node.col,
                        expected=M("expected.zero-or-more"), width=len(str(node.value)))
        elif typ is int and node.value > MAX_NUMBER:   # the limit the runtime holds a bundle to (runtime/limits.py)
            self.report("S005", M("S005.too-large", key=key, value=node.value, limit=MAX_NUMBER), node.line, node.col,
                        expected=M("expected.zero-to-limit", limit=MAX_NUMBER), width=len(str(node.value)))

    def expect(self, node: Node, shape: str, key: str, what: Msg) -> bool:
        """Whether a node is a map/seq; reports if not."""
        if node.kind != shape:
            self.report("S005", M("S005.must-be", key=key, what=what), node.line, node.col, expected=what)
            return False
        return True

    def localized(self, node: Node, key: str, require: bool = True, extras: tuple = ("sync",)) -> None:
        """A localized field: pt, en and vi, each a non-empty text; ``extras`` are the other keys it may have
        (a manual step also says 'why')."""
        for lang in LANGS:
            child = node.get(lang)
            if child is None:
                if require:
                    self.report("L001", M("L001.no-text", key=key, lang=lang), node.line, node.col,
                                expected=M("expected.words", words=", ".join(LANGS)), hint=M("hint.add-lang", lang=lang))
                continue
            if child.kind != "scalar" or not isinstance(child.value, str) or not child.value.strip():
                self.report("L002", M("L002.empty", key=key, lang=lang), child.line, child.col,
                            expected=M("expected.a-text"), hint=M("hint.write-text"))
            elif child.value.strip() == "TODO":
                self.report("L003", M("L003.todo", key=key, lang=lang), child.line, child.col,
                            expected=M("expected.text-in-lang"), hint=M("hint.todo"),
                            width=4)
                self.diags[-1] = dataclasses.replace(self.diags[-1], severity=WARNING)
        sync = node.get("sync")
        if sync is not None:
            if sync.kind != "map" or any(k not in LANGS or not isinstance(v.value, str) for k, v in sync.value.items()):
                self.report("S005", M("S005.sync", key=key), sync.line, sync.col,
                            expected=M("expected.words", words="{pt: 1a2b3c4d, vi: 1a2b3c4d}"), hint=M("hint.sync"))
        for extra in node.value:
            if extra not in LANGS and extra not in extras:
                line, col = node.key_pos.get(extra, (node.line, node.col))
                self.report("L001", M("L001.not-a-lang", key=extra), line, col,
                            expected=M("expected.words", words=", ".join(LANGS)), hint=did_you_mean(extra, LANGS))


#: what a scenario's 'given' and 'expect' take where the value's kind is plain (docs/scenarios.md); the others
#: (survivors, hands, logs of events …) are read by the runner, which names what it cannot use
GIVEN_VALUES = {"players": "count1", "food": "count", "starvation": "count", "morale": "count", "round": "count",
                "round_number": "count1", "survivors": "map", "zombies": "map", "noise": "map", "barricades": "map",
                "hand": "map", "dice": "map", "item_deck": "map", "crisis_added": "map", "bind": "map", "event": "map",
                "bullets": "map", "colony_morale": "map", "colony_food": "map", "deck": "list", "dead": "list",
                "exiled": "list", "betrayer": "list", "crossroads": "list", "storage": "list", "crisis_deck": "list",
                "colonies": "bool", "crisis": "text", "objective": "text", "first": "text",
                "helpless": "count-or-map", "waste": "count-or-list"}
EXPECT_VALUES = {"food": "count", "starvation": "count", "morale": "count", "triggered": "bool", "completed": "bool",
                 "over": "bool", "log": "list", "not_log": "list", "legal": "list", "illegal": "list",
                 "survivors": "map", "waste": "count", "removed": "count"}
_EXPECTED = {"count": M("expected.zero-or-more"), "count1": M("expected.one-or-more"), "map": M("expected.mapping"),
             "list": M("expected.list"), "bool": M("expected.bool"), "text": M("expected.text"),
             "count-or-map": M("expected.count-or-mapping"), "count-or-list": M("expected.count-or-list")}


def _whole(node: Node, least: int) -> bool:
    """A whole number (not true/false) of at least ``least``."""
    value = node.value
    return node.kind == "scalar" and isinstance(value, int) and not isinstance(value, bool) and value >= least


def _fits(node: Node, want: str) -> bool:
    """Whether a table value is of the plain kind ``want``."""
    if want in ("count", "count1"):
        return _whole(node, 1 if want == "count1" else 0)
    if want == "map":
        return node.kind == "map"
    if want == "list":
        return node.kind == "seq"
    if want == "bool":
        return node.kind == "scalar" and isinstance(node.value, bool)
    if want == "text":
        return node.kind == "scalar" and isinstance(node.value, str) and bool(node.value.strip())
    if want == "count-or-map":
        return node.kind == "map" or _whole(node, 0)
    return node.kind == "seq" or _whole(node, 0)             # count-or-list
