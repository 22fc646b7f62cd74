"""``dow test [CARD|PATH…]``: run the scenario tests that card files carry, on the reference engine.

The cards are compiled as ``dow check`` and ``dow build`` compile them (``project.compile_paths``,
all of content/, since a scenario's table names other cards: survivors, locations, items), the
bundle is made by ``project.bundle_of``, and each scenario of the chosen cards runs through
``runtime.engine.scenario.run_scenario`` (docs/scenarios.md). Each outcome keeps the position of
its scenario in the card file (the ``- name:`` line of the test, from the loader's nodes), so a
failure is reported where the author wrote it.

A scenario *fails* when what it expects does not hold (the engine's own strings say what was
expected and what happened); it is *malformed* when the engine refuses it as written
(``ScenarioError``); it *crashed* when the engine raised anything else on it. A chosen card that
does not compile fails with its diagnostics. Nothing here ends in a traceback.
"""
from __future__ import annotations

import json
import os
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from dow.compiler.diagnostics import Diagnostic, Diagnostics
from dow.compiler.messages import M, Msg
from dow.compiler.project import CONTENT, card_files, display_path

PASSED, FAILED, MALFORMED, CRASHED = "passed", "failed", "malformed", "crashed"


class NoSuchCard(LookupError):
    """A card id, name or path on the command line that matches no card file: a usage error."""

    def __init__(self, message: Msg):
        super().__init__(message)
        self.message = message


@dataclass
class Outcome:
    """One scenario run: where it is written, and what came of it."""

    card: str
    file: str
    line: int
    col: int
    name: str
    status: str
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """Whether the scenario held."""
        return self.status == PASSED

    def to_json(self) -> dict:
        """The JSON form: card id, file, line, col, name, passed, status and the problems."""
        return {"card": self.card, "file": self.file, "line": self.line, "col": self.col, "name": self.name,
                "passed": self.passed, "status": self.status, "problems": list(self.problems)}


@dataclass
class ScenarioRun:
    """What ``dow test`` found: the scenarios' outcomes, the chosen cards that did not compile."""

    outcomes: list[Outcome] = field(default_factory=list)
    #: chosen card files that gave no card: display path -> their error diagnostics
    not_compiled: dict[str, list[Diagnostic]] = field(default_factory=dict)
    cards: int = 0                 # chosen cards that compiled and carry scenarios (they ran)
    others_broken: int = 0         # other files of the project with errors (left out of the bundle)

    @property
    def failed(self) -> list[Outcome]:
        """The scenarios that did not pass."""
        return [o for o in self.outcomes if not o.passed]

    @property
    def ok(self) -> bool:
        """Whether every scenario passed and every chosen card compiled."""
        return not self.failed and not self.not_compiled


# ---- choosing the cards -----------------------------------------------------------------------

def choose(queries: list[str], root: Path) -> list[Path] | None:
    """The card files the command line names (None: every card). Each query is a card file or a folder
    of them (as ``dow check`` takes them), else a card id, file name or card name (as ``dow explain``
    finds one; a file name several cards share chooses them all). Raises ``NoSuchCard`` for a query that
    matches nothing."""
    from dow.render.explain import card_matches, find_card
    if not queries:
        return None
    chosen: dict[Path, None] = {}
    for query in queries:
        path = Path(query)
        if path.exists():      # a card file, or the card files of a folder
            found = card_files([path])
            if not found:
                raise NoSuchCard(M("test.no-card-files", path=query))
        else:                  # every card of that id or file name (sparky: the survivor and the crossroads
            found = card_matches(query, root / CONTENT)      # card), else the card of that name
            card = None if found else find_card(query, root / CONTENT, root)
            if card is not None:
                found = [card]
            if not found:
                raise NoSuchCard(M("test.no-card", query=query))
        chosen.update((p.resolve(), None) for p in found)
    return list(chosen)


# ---- running them -----------------------------------------------------------------------------

def run(root: Path, chosen: list[Path] | None = None) -> ScenarioRun:
    """Compile the project (and any chosen file outside content/), then run the scenarios of the chosen
    cards (every card when ``chosen`` is None)."""
    from dow.compiler.project import bundle_of, compile_paths
    content = root / CONTENT
    every = {p.resolve() for p in card_files([content])}
    outside = [p for p in chosen or [] if p not in every]
    build = compile_paths([content, *outside], root)
    bundle = bundle_of(build.cards, build.rulesets)
    files = sorted(every) if chosen is None else chosen
    shown = {display_path(p, root): p for p in files}
    by_file = {card["file"]: card for card in bundle["cards"]}
    errors: dict[str, list[Diagnostic]] = {}
    for diag in build.diagnostics.errors:
        errors.setdefault(diag.file, []).append(diag)
    result = ScenarioRun(others_broken=len(set(errors) - set(shown)))
    for display, path in sorted(shown.items()):
        card = by_file.get(display)
        if card is None:
            result.not_compiled[display] = errors.get(display, [])
            continue
        tests = card.get("tests") or []
        result.cards += bool(tests)
        places = positions(path, display, len(tests))
        for test, (line, col) in zip(tests, places):
            result.outcomes.append(run_one(bundle, card, test, display, line, col))
    return result


def run_one(bundle: dict, card: dict, test: dict, display: str, line: int, col: int) -> Outcome:
    """One scenario through the engine; whatever the engine raises becomes the outcome, not a traceback."""
    from dow.runtime.engine.scenario import ScenarioError, run_scenario
    name = str(test.get("name", "?"))
    outcome = Outcome(card["id"], display, line, col, name, PASSED)
    try:
        problems = run_scenario(bundle, card, test)
    except ScenarioError as err:
        outcome.status, outcome.problems = MALFORMED, [_unprefixed(str(err), card["id"], name)]
        return outcome
    except Exception as err:  # noqa: BLE001 - an engine that stops on a scenario is that scenario's failure
        if os.environ.get("DOW_DEBUG"):
            traceback.print_exc(file=sys.stderr)
        outcome.status, outcome.problems = CRASHED, [f"{type(err).__name__}: {err}"]
        return outcome
    if problems:
        outcome.status, outcome.problems = FAILED, [str(p) for p in problems]
    return outcome


def _unprefixed(text: str, card_id: str, name: str) -> str:
    """A ScenarioError's text without the 'card: scenario: ' it starts with (the report names both)."""
    prefix = f"{card_id}: {name}: "
    return text[len(prefix):] if text.startswith(prefix) else text


def positions(path: Path, display: str, count: int) -> list[tuple[int, int]]:
    """The line and column of each scenario under ``tests:`` (the mapping of its ``- name:`` item)."""
    from dow.compiler.loader import LoadError, load_file
    try:
        node, _ = load_file(path, display)
    except (LoadError, OSError):        # it compiled a moment ago; a file changed since has no positions
        node = None
    tests = node.get("tests") if node is not None else None
    items = tests.value if tests is not None and tests.kind == "seq" else []
    places = [(item.line, item.col) for item in items]
    return (places + [(0, 0)] * count)[:count]


# ---- telling what happened --------------------------------------------------------------------

def render(result: ScenarioRun, lang: str | None = None) -> tuple[str, str]:
    """The text report: (what goes to stdout, what goes to stderr). stdout has one line per scenario
    (and per chosen card that does not compile), then each failure located at its scenario, then the
    count; stderr has the diagnostics of the cards that do not compile and a note on other broken files."""
    passed, failed = M("test.pass").render(lang), M("test.fail").render(lang)
    width = max(len(passed), len(failed))
    lines = []
    for o in result.outcomes:
        lines.append(f"{(passed if o.passed else failed):<{width}}  {o.card} · {o.name}")
    for display, diags in result.not_compiled.items():
        errors = M("ui.errors", n=len(diags))
        lines.append(f"{failed:<{width}}  {M('test.not-compiled', file=display, errors=errors).render(lang)}")
    if result.failed:
        lines.append("")
    for o in result.failed:
        lines.append(_located(o, lang))
    if not result.outcomes and not result.not_compiled:
        lines.append(M("test.none").render(lang))
    else:
        lines += ["", summary(result).render(lang)]
    err = []
    broken = [d for diags in result.not_compiled.values() for d in diags]
    if broken:
        err.append(Diagnostics(broken).render(lang))
    if result.others_broken:
        err.append(M("test.others-broken", n=result.others_broken).render(lang))
    return "\n".join(lines), "\n".join(err)


def _located(o: Outcome, lang: str | None) -> str:
    """A failed scenario at its place in the card file: what it is, then the engine's words indented."""
    where = f"{o.file}:{o.line}:{o.col}"
    if o.status == MALFORMED:
        head, hint = M("test.malformed", name=o.name, card=o.card), M("hint.scenario-docs")
    elif o.status == CRASHED:
        head, hint = M("test.crashed", name=o.name, card=o.card), M("hint.engine-stopped")
    else:
        head, hint = M("test.does-not-hold", name=o.name, card=o.card), None
    out = [f"{where}: {head.render(lang)}", *(f"  {p}" for p in o.problems)]
    if hint is not None:
        out.append(f"  {M('ui.hint', text=hint).render(lang)}")
    return "\n".join(out)


def summary(result: ScenarioRun) -> Msg:
    """'5 scenarios in 2 cards: 4 passed, 1 failed' (and how many cards do not compile)."""
    parts = dict(scenarios=M("test.scenarios", n=len(result.outcomes)), cards=M("test.cards", n=result.cards),
                 passed=M("test.count-passed", n=len(result.outcomes) - len(result.failed)),
                 failed=M("test.count-failed", n=len(result.failed)))
    if result.not_compiled:
        return M("test.summary-not-compiled", **parts, broken=M("test.count-not-compiled", n=len(result.not_compiled)))
    return M("test.summary", **parts)


def to_json(result: ScenarioRun, lang: str | None = None) -> str:
    """The JSON document of ``dow test --format json``."""
    doc = {"ok": result.ok,
           "scenarios": [o.to_json() for o in result.outcomes],
           "not_compiled": [{"file": display, "diagnostics": [d.to_json(lang) for d in diags]}
                            for display, diags in result.not_compiled.items()],
           "summary": {"cards": result.cards, "scenarios": len(result.outcomes),
                       "passed": len(result.outcomes) - len(result.failed), "failed": len(result.failed),
                       "not_compiled": len(result.not_compiled), "other_files_with_errors": result.others_broken,
                       "text": summary(result).render(lang)}}
    return json.dumps(doc, ensure_ascii=False, indent=1)


def carried(cards) -> tuple[int, int]:
    """(cards that carry scenarios, scenarios they carry) among compiled cards (a build's ``Cards``)."""
    counts = [p.scenarios for p in cards.packed()] if hasattr(cards, "packed") else \
        [len(c.get("tests") or []) for c in cards]
    return sum(1 for n in counts if n), sum(counts)
