"""Which conformance traces catch a broken handler or host action: mutation testing of the trace suite.

A conformance trace (docs/conformance.md) proves a runtime only as far as its outcome depends on what
the runtime does. This tool measures that, from the reference runtime itself: it plants one mutation
in each statement handler of ``runtime/handlers.py`` (``HANDLERS``) and in each host action the
reference hosts perform (``runtime/host.py`` ``ACTIONS``, ``apply`` of the reference engine and of
Winter Tricks) and in the answers to each decision kind (``runtime/decisions.py`` ``KINDS``), plays
the traces that exercise it through the reference adapter's own run
(``conformance_reference.answer_run``, in this process) with the mutation in place, and counts the
traces whose answer no longer conforms (``conformance.compare``): the traces that *catch* it.

A mutation is only active while its handler or action runs, and the reference runtime is
deterministic, so a trace that never exercises it answers as before: only the exercising traces
are played again. The table it writes is the section "What the traces catch" of docs/conformance.md;
tests/test_conformance_mutants.py plays it again and fails when the committed table differs, or
when something is caught by no trace without a reason given in ``JUSTIFIED``.

    python tests/conformance_mutants.py                # print the table and the time taken
    python tests/conformance_mutants.py --write        # write it into docs/conformance.md
"""
from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "conformance.md"
BEGIN = "<!-- mutants: begin (written by tests/conformance_mutants.py --write) -->"
END = "<!-- mutants: end -->"
#: a trace that takes longer than this under a mutation is stopped, and counts as caught (it would hang)
TRACE_SECONDS = 30

# ---- the mutations ---------------------------------------------------------------------------------
#: the numeric parameter a mutation makes one smaller (in size: -3 becomes -2), per parameter name
NUMBERS = ("count", "amount", "value")
#: the list parameters whose order a mutation reverses, or whose last item it drops
LISTS = ("cards", "things")

#: statement handlers whose mutation is not "does nothing": what is planted instead
HANDLER_KINDS: dict[str, str] = {
    **dict.fromkeys(("kill_zombies", "add_zombies", "remove_zombies", "move_zombies", "add_tokens",
                     "remove_tokens", "gain_morale", "lose_morale", "wound", "heal", "draw_cards", "damage",
                     "spend_dice", "change_die", "set_die", "combat_strength", "reveal_cards"), "off by one"),
    **dict.fromkeys(("arrange", "move_cards"), "reversed"),
    **dict.fromkeys(("take_cards", "give_cards", "bring_back"), "one item fewer"),
}
#: host actions whose mutation is not "does nothing"
ACTION_KINDS: dict[str, str] = {
    **dict.fromkeys(("kill_zombies", "add_zombies", "remove_zombies", "move_zombies", "add_tokens", "remove_tokens",
                     "change_morale", "wound", "heal", "draw_cards", "damage", "spend_dice", "change_die",
                     "set_die", "combat_strength", "reveal_cards"), "off by one"),
    **dict.fromkeys(("arrange", "shuffle"), "reversed"),
    # no card of the content puts several cards at a position in a deck: the order of cards moved shows only
    # in a pile's order, so the host's bug planted is a card left out
    **dict.fromkeys(("take_cards", "give_cards", "look_at", "bring_back", "take_pot", "move_cards"), "one item fewer"),
    "use_limit": "no limit",
}

#: host actions no trace can catch, with the reason: an equivalent mutation (the reference host does nothing any
#: runtime could be seen to do wrong); the test accepts 0 for these and only these. None today: a statement no
#: card of the content says is traced from the conformance fixture (tests/conformance/fixture), and a handler
#: or decision kind is never excused (tests/test_conformance_mutants.py)
JUSTIFIED: dict[str, str] = {}


#: the mutation planted in the answers to each kind of decision: the runtime hands its engine another answer
#: than the player gave (when the question has another one)
DECISION_KINDS: dict[str, str] = {
    "may": "the other answer", "option": "the next choice", "vote": "the next choice",
    "targets": "another choice", "keep": "another choice", "amount": "one fewer (or more)", "order": "reversed",
}


def other_answer(d: Any, value: Any) -> Any:
    """Another answer to the decision than ``value``, where the question allows one; else ``value``."""
    choices = list(d.choices)
    if d.kind == "may":
        return not value
    if d.kind in ("option", "vote"):
        return choices[(choices.index(value) + 1) % len(choices)] if value in choices and len(choices) > 1 else value
    if d.kind == "amount":
        return value - 1 if value > d.min else value + 1 if value < d.max else value
    if d.kind == "order":
        return tuple(reversed(value))
    picked = list(value)                       # targets, keep: the last one picked swapped for one not picked
    rest = [c for c in choices if c not in picked]
    if picked and rest:
        return tuple(picked[:-1] + rest[:1])
    return value


def _smaller(n: Any) -> Any:
    if not isinstance(n, int) or isinstance(n, bool) or n == 0:
        return n
    return n - 1 if n > 0 else n + 1


def mutate_params(kind: str, params: dict[str, Any]) -> dict[str, Any] | None:
    """The parameters with the mutation of that kind planted; ``None``: the action is not done at all."""
    out = dict(params)
    if kind == "off by one":
        for key in NUMBERS:
            if key in out:
                out[key] = _smaller(out[key])
                return out
        return None
    if kind in ("reversed", "one item fewer"):
        for key in LISTS:
            if isinstance(out.get(key), list):
                out[key] = out[key][::-1] if kind == "reversed" else out[key][:-1]
                return out
        return None
    return None


@dataclass
class Target:
    """One thing a mutation is planted in: a statement handler, a host action or a decision kind's answers."""
    what: str                     # "handler", "action" or "decision"
    name: str
    kind: str                     # "does nothing", "off by one", "reversed", "one item fewer", "no limit"
    exercised: list[str] = field(default_factory=list)
    caught: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"{self.what} {self.name}"


@contextlib.contextmanager
def planted(target: Target) -> Iterator[None]:
    """The reference runtime with the target's mutation in place (undone on leaving)."""
    from dow.runtime import handlers
    if target.what == "handler":
        original = handlers.HANDLERS[target.name]
        handlers.HANDLERS[target.name] = _mutant_handler(original, target.kind)
        try:
            yield
        finally:
            handlers.HANDLERS[target.name] = original
        return
    if target.what == "decision":
        with _answers_changed(target.name):
            yield
        return
    hosts = _host_classes()
    originals = [cls.__dict__["apply"] for cls in hosts]
    for cls, apply in zip(hosts, originals):
        setattr(cls, "apply", _mutant_apply(apply, target.name, target.kind))
    try:
        yield
    finally:
        for cls, apply in zip(hosts, originals):
            setattr(cls, "apply", apply)


@contextlib.contextmanager
def _answers_changed(kind: str) -> Iterator[None]:
    """The scripted players' answers to decisions of that kind changed (the scenarios' agent, which takes
    names, and the plain scripted agent of the Winter Tricks scenarios)."""
    from dow.runtime.decisions import ScriptedAgent
    from dow.runtime.engine.scenario import ScenarioAgent
    plain, named = ScriptedAgent.answer, ScenarioAgent.answer

    def plain_answer(self: Any, d: Any) -> Any:
        value = plain(self, d)
        return other_answer(d, value) if type(self) is ScriptedAgent and d.kind == kind else value

    def named_answer(self: Any, d: Any) -> Any:
        value = named(self, d)
        return other_answer(d, value) if d.kind == kind else value
    setattr(ScriptedAgent, "answer", plain_answer)
    setattr(ScenarioAgent, "answer", named_answer)
    try:
        yield
    finally:
        setattr(ScriptedAgent, "answer", plain)
        setattr(ScenarioAgent, "answer", named)


def _mutant_handler(original: Callable[..., Any], kind: str) -> Callable[..., Any]:
    if kind == "does nothing":
        def nothing(ip: Any, node: Any, env: Any) -> Any:
            return
            yield
        return nothing

    def changed(ip: Any, node: Any, env: Any) -> Any:
        real = ip.act                         # the node's own actions get mutated parameters

        def act(action: str, params: dict[str, Any], at: Any, e: Any, private: bool = False) -> Any:
            if at is node:
                params = mutate_params(kind, params)
                if params is None:
                    return None
            return real(action, params, at, e, private)
        ip.act = act
        try:
            return (yield from original(ip, node, env))
        finally:
            ip.act = real
    return changed


def _mutant_apply(original: Callable[..., Any], name: str, kind: str) -> Callable[..., Any]:
    def apply(self: Any, action: str, params: dict[str, Any], src: dict[str, Any]) -> Any:
        if action != name:
            return original(self, action, params, src)
        if kind == "no limit":
            return True
        changed = mutate_params(kind, params)
        return None if changed is None else original(self, action, changed, src)
    return apply


def _host_classes() -> list[type]:
    """The reference hosts whose ``apply`` the interpreter calls: the engine's and Winter Tricks'."""
    from dow.runtime.engine.host import GameHost
    from dow.runtime.games.winter_tricks import WinterHost
    found = [GameHost, WinterHost]
    stack = list(found)
    while stack:                              # a subclass with an apply of its own is mutated too
        for sub in stack.pop().__subclasses__():
            stack.append(sub)
            if "apply" in sub.__dict__:
                found.append(sub)
    return found


def _watched(handler: Callable[..., Any], key: str, seen: set[str]) -> Callable[..., Any]:
    def watched(ip: Any, node: Any, env: Any) -> Any:
        seen.add(key)
        return (yield from handler(ip, node, env))
    return watched


# ---- the traces, played in this process -------------------------------------------------------------
@contextlib.contextmanager
def _time_limit(seconds: int) -> Iterator[None]:
    def stop(signum: int, frame: Any) -> None:
        raise TimeoutError(f"more than {seconds} s")
    if threading.current_thread() is not threading.main_thread():     # an alarm is the main thread's only
        yield
        return
    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


class Suite:
    """The traces of the project's scenarios (its cards', its rules' and its conformance fixture's), and what
    each exercises on the reference runtime."""

    def __init__(self, bundle: dict[str, Any], root: Path = ROOT) -> None:
        from dow.cli.conformance import every_scenario
        from dow.runtime.conformance_reference import make_trace
        self.bundle = bundle
        self.bundles: dict[str, dict[str, Any]] = {}      # file name -> bundle: the content's, the fixture's
        self.files: dict[str, str] = {}                    # trace id -> the bundle file it is made from
        self.traces: list[dict[str, Any]] = []
        self.uses: dict[str, set[str]] = {}        # trace id -> "handler X" / "action Y" it runs
        for trace_id, file, made_from, card, test, source in every_scenario(bundle, root):
            self.bundles.setdefault(file, made_from)
            self.files[trace_id] = file
            with self._watch() as seen:
                trace = make_trace(made_from, card, test, source, trace_id)
            self.traces.append(trace)
            self.uses[trace_id] = seen

    @contextlib.contextmanager
    def _watch(self) -> Iterator[set[str]]:
        from dow.runtime import handlers
        seen: set[str] = set()
        handlers_before = dict(handlers.HANDLERS)
        for op, handler in handlers_before.items():
            handlers.HANDLERS[op] = _watched(handler, f"handler {op}", seen)
        hosts = _host_classes()
        applies = [cls.__dict__["apply"] for cls in hosts]
        for cls, apply in zip(hosts, applies):
            def watched_apply(self: Any, action: str, params: dict[str, Any], src: dict[str, Any],
                              _apply: Callable[..., Any] = apply) -> Any:
                seen.add(f"action {action}")
                return _apply(self, action, params, src)
            setattr(cls, "apply", watched_apply)
        try:
            yield seen
        finally:
            handlers.HANDLERS.update(handlers_before)
            for cls, apply in zip(hosts, applies):
                setattr(cls, "apply", apply)

    def failing(self) -> list[tuple[str, list[str]]]:
        """The traces the reference runtime, unmutated, does not pass in this process (none, or the
        measurement means nothing)."""
        return [(t["id"], problems) for t in self.traces if (problems := self.play(t))]

    def play(self, trace: dict[str, Any]) -> list[str]:
        """The trace played by the reference adapter in this process: what does not conform."""
        from dow.runtime.conformance import compare, run_request
        from dow.runtime.conformance_reference import answer_run
        try:
            with _time_limit(TRACE_SECONDS):
                answer = answer_run(run_request(trace, self.files[trace["id"]]), self.bundles)
        except Exception as err:       # the adapter answers an error for this: the trace does not conform
            answer = {"type": "error", "id": trace["id"], "message": f"{type(err).__name__}: {err}"}
        return compare(trace, answer)


def targets() -> list[Target]:
    """Every statement handler, host action and decision kind, with the mutation planted in it."""
    from dow.runtime.decisions import KINDS
    from dow.runtime.handlers import HANDLERS
    from dow.runtime.host import ACTIONS
    return ([Target("handler", op, HANDLER_KINDS.get(op, "does nothing")) for op in sorted(HANDLERS)]
            + [Target("action", name, ACTION_KINDS.get(name, "does nothing")) for name in sorted(ACTIONS)]
            + [Target("decision", kind, DECISION_KINDS[kind]) for kind in KINDS])


def measure(suite: Suite, only: list[Target] | None = None) -> list[Target]:
    """Plant each mutation and play the traces that exercise it; fills ``exercised`` and ``caught``."""
    chosen = only if only is not None else targets()
    for target in chosen:
        target.exercised = [t["id"] for t in suite.traces if target.key in suite.uses[t["id"]]
                            or target.what == "decision" and any(d["kind"] == target.name
                                                                 for d in t["expect"]["decisions"])]
        exercised = set(target.exercised)
        with planted(target):
            target.caught = [t["id"] for t in suite.traces if t["id"] in exercised and suite.play(t)]
    return chosen


# ---- the table -----------------------------------------------------------------------------------------
def _examples(ids: list[str], n: int = 2) -> str:
    return ", ".join(f"`{i}`" for i in ids[:n]) + (" …" if len(ids) > n else "")


def table(measured: list[Target], traces: int) -> str:
    """The section of docs/conformance.md, from a measurement."""
    lines = [BEGIN, "",
             f"Measured on the {traces} traces of the project's scenarios. **exercise**: the traces whose run calls "
             "the handler, performs the action or asks a decision of the kind; **catch**: those that no longer "
             "conform with the mutation planted (a different event log, decisions asked, digest or unused count, "
             "or an error).", "",
             "| what | mutation | exercise | catch | a trace that catches it |", "|---|---|---:|---:|---|"]
    for t in measured:
        why = JUSTIFIED.get(t.key)
        example = _examples(t.caught) if t.caught else (f"none: {why}" if why else "**none**")
        lines.append(f"| {t.what} `{t.name}` | {t.kind} | {len(t.exercised)} | {len(t.caught)} | {example} |")
    lines += ["", END]
    return "\n".join(lines)


def uncaught(measured: list[Target]) -> list[str]:
    """What no trace catches and no reason excuses."""
    return [t.key for t in measured if not t.caught and t.key not in JUSTIFIED]


def _span(current: str, doc: Path) -> tuple[int, int]:
    """Where the table is in the document, its markers included."""
    start, end = current.find(BEGIN), current.find(END)
    if start < 0 or end < start:
        raise SystemExit(f"{doc}: the markers of the table are missing; put these two lines where it goes:\n"
                         f"{BEGIN}\n{END}")
    return start, end + len(END)


def write_doc(text: str, doc: Path = DOC) -> None:
    """Put the table between its markers in docs/conformance.md."""
    current = doc.read_text(encoding="utf-8")
    start, end = _span(current, doc)
    doc.write_text(current[:start] + text + current[end:], encoding="utf-8")


def committed_table(doc: Path = DOC) -> str:
    """The table as docs/conformance.md holds it, its markers included."""
    current = doc.read_text(encoding="utf-8")
    start, end = _span(current, doc)
    return current[start:end]


def build_bundle(root: Path = ROOT) -> dict[str, Any]:
    from dow.compiler.project import bundle_of, compile_paths
    build = compile_paths([root / "content"], root)
    if not build.ok:
        raise SystemExit("content/ has errors; run 'dow check' first")
    return bundle_of(build.cards, build.rulesets)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="write the table into docs/conformance.md")
    parser.add_argument("--only", nargs="*", help="measure these targets only ('handler arrange', 'action shuffle')")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.only or ()) - {t.key for t in targets()})
    if unknown:
        print(f"no such handler or action: {', '.join(unknown)} (say 'handler OP' or 'action NAME')", file=sys.stderr)
        return 2
    if args.write and args.only:
        print("--write needs the whole measurement (no --only)", file=sys.stderr)
        return 2
    chosen = [t for t in targets() if not args.only or t.key in args.only]
    started = time.perf_counter()
    suite = Suite(build_bundle())
    ready = time.perf_counter()
    measured = measure(suite, chosen)
    done = time.perf_counter()
    text = table(measured, len(suite.traces))
    print(text)
    print(f"\n{len(suite.traces)} traces exported and watched in {ready - started:.1f} s; "
          f"{len(measured)} mutations, {sum(len(t.exercised) for t in measured)} trace runs in {done - ready:.1f} s",
          file=sys.stderr)
    missing = uncaught(measured)
    if missing:
        print("caught by no trace: " + ", ".join(missing), file=sys.stderr)
    if args.write:
        write_doc(text)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
