"""Compile throughput against the cheapest honest floor, one core against one core, in CPU time.

    python benchmarks/bench_compile.py [--n 10000] [--corpus DIR] [--pairs 5] [--no-text-memory]

1. Generates the synthetic corpus (benchmarks/corpus.py) in a temp folder, or
   uses ``--corpus DIR`` (a folder holding pyproject.toml and content/).
2. Floor: every card file loaded with PyYAML's C loader
   (``yaml.load(f, Loader=yaml.CSafeLoader)``) and every effect-language field
   (effect, condition and event texts) parsed by a plain Lark LALR parser of the
   same grammar: no positions propagated, no tree transformer, nothing kept
   (``plain_parser()``), the text prepared as the compiler prepares it. That is
   the least any compiler of these files must do. File discovery (``card_files``)
   is in both measurements. The earlier floor (the parse-tree parser that
   propagates positions, ``dow.dsl.parser._lark()``) is measured beside it for
   comparison with older figures.
3. Compile: ``dow.compiler.project.compile_paths([content], root, jobs=1)``, the
   call behind ``dow check`` and ``dow build``, held to this one process: one core
   against one core.
   Floor and compile run in turn (A B A B ...) ``--pairs`` times; each run is
   measured in CPU seconds (user + system, benchmarks/cputime.py) and the report
   quotes the median of the per-pair ratios. The as-shipped compile with worker
   processes is reported in CPU seconds of all its processes, not as a ratio.
   Before them, one untimed warm-up compile runs with a per-pass stopwatch
   (thin wrappers around the pass functions, in CPU seconds of this process)
   and a GC-pause counter.
4. Peak memory: ``ru_maxrss`` of a child process running ``dow --root DIR check``
   on the whole corpus (from ``os.wait4``), beside the same for a one-card check
   (interpreter, imports, parser and schema validator). ``--tracemalloc`` adds the
   in-process tracemalloc peak of one compile.
5. cProfile of one compile: top functions by cumulative and by own time, and
   own time summed per package/module.

Reports only; asserts nothing about time. Target: compile <= 1.5 x floor.
"""
from __future__ import annotations

import argparse
import cProfile
import functools
import gc
import inspect
import json
import os
import platform
import pstats
import shutil
import subprocess
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus  # noqa: E402  (benchmarks/corpus.py)
import cputime  # noqa: E402  (benchmarks/cputime.py)

from dow.compiler import checks, pipeline, project  # noqa: E402
from dow.compiler.cards import EFFECT_TYPES, KINDS, all_fields  # noqa: E402
from dow.compiler.lower import Lowering  # noqa: E402
from dow.compiler.shape import Shape  # noqa: E402
from dow.dsl import parser as dsl_parser  # noqa: E402

TARGET = 1.5


# ---- the floor ------------------------------------------------------------------------------
def _effect_texts(data, spec: dict, out: list) -> None:
    """(kind, text) of every effect-language field of a loaded card, walking the kind's field spec."""
    if not isinstance(data, dict):
        return
    for key, value in data.items():
        kind = spec.get(key)
        if kind in EFFECT_TYPES:
            if isinstance(value, str):
                out.append((kind, value))
        elif isinstance(kind, tuple) and kind[0] == "list" and isinstance(kind[1], dict) and isinstance(value, list):
            for item in value:
                _effect_texts(item, kind[1], out)
        elif isinstance(kind, tuple) and kind[0] == "object":
            _effect_texts(value, kind[1], out)


def grammar_parse():
    """parse(kind, text): the compiler's Lark parser on a field's text, prepared as dow.compiler.pipeline does.

    Effect and event texts are parsed from the grammar's ``start`` rule (an event is stripped of its
    full stop first); condition fields from its ``condition`` rule when the grammar has one.
    """
    return _parse_with(dsl_parser._lark())


def plain_parser():
    """parse(kind, text) with the cheapest parser of the same grammar: LALR, contextual lexer, the same
    indentation post-lexer, and nothing else (no positions, no transformer)."""
    from lark import Lark
    return _parse_with(Lark(dsl_parser.GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                            postlex=dsl_parser._Indent(), maybe_placeholders=False, start=["start", "condition"]))


def _parse_with(lark):
    """parse(kind, text) on a Lark parser, the text prepared as the compiler prepares it."""
    starts = list(getattr(lark.options, "start", None) or ["start"])

    def parse(kind: str, text: str):
        if kind == "cond" and "condition" in starts:
            source, start = text, "condition"
        elif kind == "effect":
            source, start = text, "start"
        else:
            source, start = text.strip().rstrip(".") + "\n", "start"
        if not source.endswith("\n"):
            source += "\n"
        return lark.parse(source, start=start) if len(starts) > 1 else lark.parse(source)

    return parse


def floor(content: Path, parse=None) -> dict:
    """PyYAML C load of every card file + a Lark parse of every effect field (the plain parser by default)."""
    parse = parse or plain_parser()
    files = project.card_files([content])
    texts = 0
    for path in files:
        with open(path, "rb") as f:
            data = yaml.load(f, Loader=yaml.CSafeLoader)
        fields: list = []
        _effect_texts(data, all_fields(KINDS[data["kind"]]), fields)
        for kind, text in fields:
            parse(kind, text)
        texts += len(fields)
    return {"files": len(files), "texts": texts}


def floor_split(content: Path) -> tuple[float, float]:
    """CPU seconds spent in the floor's YAML loading and in its parsing (one run)."""
    parse = plain_parser()
    load = parsing = 0.0
    for path in project.card_files([content]):
        t0 = time.process_time()
        with open(path, "rb") as f:
            data = yaml.load(f, Loader=yaml.CSafeLoader)
        t1 = time.process_time()
        fields: list = []
        _effect_texts(data, all_fields(KINDS[data["kind"]]), fields)
        for kind, text in fields:
            parse(kind, text)
        t2 = time.process_time()
        load += t1 - t0
        parsing += t2 - t1
    return load, parsing


def full_compile(root: Path, one_process: bool = False) -> project.Build:
    """``compile_paths([content], root)`` as shipped, or held to this one process (jobs=1, DOW_JOBS=1)."""
    if not one_process:
        return project.compile_paths([root / "content"], root)
    saved = os.environ.get("DOW_JOBS")
    os.environ["DOW_JOBS"] = "1"
    try:
        if "jobs" in inspect.signature(project.compile_paths).parameters:
            return project.compile_paths([root / "content"], root, jobs=1)
        return project.compile_paths([root / "content"], root)
    finally:
        if saved is None:
            del os.environ["DOW_JOBS"]
        else:
            os.environ["DOW_JOBS"] = saved


def workers(n_files: int) -> int:
    """How many processes compile_paths uses for ``n_files`` files (1 for a compiler without workers)."""
    if "jobs" not in inspect.signature(project.compile_paths).parameters:
        return 1
    jobs = int(os.environ.get("DOW_JOBS", "0")) or os.cpu_count() or 1
    return jobs if jobs > 1 and n_files >= getattr(project, "PARALLEL_FROM", 0) else 1


# ---- per-pass stopwatch ----------------------------------------------------------------------
@contextmanager
def stopwatch():
    """Wrap the compiler's pass functions with timers; yields {pass: [seconds, calls]}."""
    acc: dict[str, list] = {}
    patches = []

    def wrap(owner, attr, label):
        original = getattr(owner, attr, None)
        if original is None:  # the compiler changed shape; time what exists
            return
        acc.setdefault(label, [0.0, 0])
        depth = [0]

        @functools.wraps(original)
        def timed(*args, **kwargs):
            if depth[0]:  # recursive call: already being timed
                return original(*args, **kwargs)
            depth[0] += 1
            t0 = time.process_time()   # CPU seconds of this process: the machine's load does not inflate them
            try:
                return original(*args, **kwargs)
            finally:
                cell = acc[label]
                cell[0] += time.process_time() - t0
                cell[1] += 1
                depth[0] -= 1

        patches.append((owner, attr, original, attr in vars(owner)))
        setattr(owner, attr, timed)

    wrap(project, "card_files", "discover files (card_files)")
    wrap(project, "display_path", "display paths (display_path: Path.resolve)")
    wrap(pipeline, "decode", "read: utf-8 decode (decode)")
    wrap(pipeline, "load_text", "load: YAML events -> nodes (load_text)")
    wrap(Shape, "card", "shape (Shape.card)")
    if hasattr(dsl_parser, "_builder"):  # the parser that reduces straight to AST nodes
        wrap(dsl_parser._builder()[0], "parse", "parse: Lark LALR + inline AST builder (_builder().parse)")
    if hasattr(dsl_parser, "_fast"):  # its fast driver (well-formed text; errors go to the Lark parse above)
        wrap(dsl_parser._fast(), "parse", "parse: fast LALR driver + AST builder (_fast().parse)")
    wrap(dsl_parser._lark(), "parse", "parse: Lark LALR, parse tree (_lark().parse)")
    wrap(dsl_parser._ToAst, "transform", "parse: tree -> AST (_ToAst.transform)")
    wrap(pipeline, "_bind", "resolve/bind (pipeline._bind)")
    wrap(checks, "typecheck", "typecheck (checks.typecheck)")
    wrap(checks, "structure", "structure (checks.structure)")
    wrap(Lowering, "nodes", "lower (Lowering.nodes)")
    wrap(pipeline, "validate_card", "validate: bundle schema (validate_card)")
    wrap(checks, "accounting", "word ledger's proof (checks.accounting)")
    wrap(checks, "honest_status", "status honesty (checks.honest_status)")
    if hasattr(pipeline, "pack"):
        wrap(pipeline, "pack", "pack the compiled card (cardstore.pack)")
    wrap(pipeline, "cross_card", "cross-card (cross_card)")
    wrap(project, "known_names", "known names (known_names)")
    try:
        yield acc
    finally:
        for owner, attr, original, own in reversed(patches):
            if own:
                setattr(owner, attr, original)
            else:
                delattr(owner, attr)  # an instance was patched: back to the class attribute


@contextmanager
def gc_pauses():
    """Total seconds spent in garbage collections while inside; yields [seconds, collections]."""
    acc = [0.0, 0]
    start = [0.0]

    def callback(phase, info):
        if phase == "start":
            start[0] = time.process_time()
        else:
            acc[0] += time.process_time() - start[0]
            acc[1] += 1

    gc.callbacks.append(callback)
    try:
        yield acc
    finally:
        gc.callbacks.remove(callback)


# ---- memory ------------------------------------------------------------------------------------
#: runs ``argv[1:]`` and reports its peak RSS. This small go-between is needed because on Linux a child's
#: ru_maxrss starts at the high-water mark of the process that spawned it (exec keeps the old mm's peak),
#: so a child spawned straight from this (large) benchmark process would report this process's peak.
REPORTER = r"""
import json, os, subprocess, sys, time
t0 = time.perf_counter()
proc = subprocess.Popen(sys.argv[1:])
_, status, usage = os.wait4(proc.pid, 0)
print(json.dumps({"maxrss_kib": usage.ru_maxrss, "wall": time.perf_counter() - t0,
                  "code": os.waitstatus_to_exitcode(status)}), file=sys.stderr)
"""


def child_maxrss(cmd: list[str], cwd: Path) -> tuple[int, float, int, str]:
    """(peak RSS in KiB, wall seconds, exit code, last output line) of one run of ``cmd``."""
    proc = subprocess.run([sys.executable, "-c", REPORTER, *cmd], cwd=cwd, capture_output=True, text=True)
    report = json.loads(proc.stderr.strip().splitlines()[-1])
    last = (proc.stdout.strip().splitlines() or [""])[-1]
    return report["maxrss_kib"], report["wall"], report["code"], last


# ---- profile report ------------------------------------------------------------------------------
def _where(filename: str) -> str:
    """A short name for a profiled function's file."""
    if filename.startswith("~") or filename.startswith("<built-in"):
        return "builtins"
    if "site-packages/" in filename:
        return filename.split("site-packages/", 1)[1]
    main = str(Path(__file__).resolve().parents[1]) + "/"
    if filename.startswith(main):
        return filename[len(main):]
    if filename.startswith("<"):
        return filename
    return "stdlib/" + Path(filename).name


def _group(filename: str) -> str:
    """Own time is summed per group: third-party package, or the project module."""
    where = _where(filename)
    if where.startswith("<attrs generated"):
        return "jsonschema (attrs-generated __init__)"
    if where in ("builtins",) or where.startswith("stdlib/"):
        return "builtins + stdlib"
    if where.startswith(("compiler/", "dsl/", "runtime/")):
        return "dow " + where
    return where.split("/", 1)[0]


def profile_report(stats: pstats.Stats, total: float, top: int) -> str:
    rows = []
    for (filename, line, name), (cc, nc, tt, ct, _callers) in stats.stats.items():
        rows.append((filename, line, name, cc, nc, tt, ct))
    out = []

    def table(title, key):
        out.append(f"\n{title}")
        out.append(f"  {'calls':>12} {'own s':>8} {'own %':>6} {'cum s':>8} {'cum %':>6}  function")
        for filename, line, name, cc, nc, tt, ct in sorted(rows, key=key, reverse=True)[:top]:
            calls = f"{nc}/{cc}" if nc != cc else str(nc)
            out.append(f"  {calls:>12} {tt:8.2f} {100 * tt / total:5.1f}% {ct:8.2f} {100 * ct / total:5.1f}%  "
                       f"{_where(filename)}:{line}({name})")

    table(f"top {top} by cumulative time", key=lambda r: r[6])
    table(f"top {top} by own (total) time", key=lambda r: r[5])
    groups: dict[str, float] = {}
    for filename, _line, _name, _cc, _nc, tt, _ct in rows:
        groups[_group(filename)] = groups.get(_group(filename), 0.0) + tt
    out.append("\nown time by package / module")
    for group, tt in sorted(groups.items(), key=lambda kv: kv[1], reverse=True)[:14]:
        out.append(f"  {tt:8.2f} s {100 * tt / total:5.1f}%  {group}")
    return "\n".join(out)


# ---- main -----------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="compile throughput against a PyYAML + Lark floor")
    ap.add_argument("--n", type=int, default=10_000, help="cards to generate (default 10000)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--corpus", type=Path, default=None, help="use this project folder instead of generating one")
    ap.add_argument("--pairs", type=int, default=5, help="floor/compile pairs run in turn (default 5)")
    ap.add_argument("--top", type=int, default=15, help="rows of each profile table (default 15)")
    ap.add_argument("--no-profile", action="store_true")
    ap.add_argument("--profile-files", type=int, default=0, metavar="K",
                    help="profile a compile of about K evenly spread files instead of all (default: all)")
    ap.add_argument("--no-memory", action="store_true")
    ap.add_argument("--no-text-memory", action="store_true",
                    help="measure the memory of the compile alone (--no-compare-text), not of the default check too "
                         "(the text comparison costs about twice the compile's CPU)")
    ap.add_argument("--tracemalloc", action="store_true", help="also measure the tracemalloc peak of one compile")
    ap.add_argument("--keep", action="store_true", help="keep the generated corpus")
    ap.add_argument("--no-extra", action="store_true",
                    help="skip the old floor and the as-shipped compile and its memory run (for a loaded machine: the pairs only)")
    args = ap.parse_args(argv)

    print(f"machine: {platform.node()}, nproc {os.cpu_count()}, {platform.machine()}, "
          f"Python {platform.python_version()} ({sys.executable})")
    print(f"code: {corpus.provenance()}")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    generated = args.corpus is None
    if generated:
        root = Path(tempfile.mkdtemp(prefix="dow-bench-"))
        t0 = time.perf_counter()
        summary = corpus.generate(root, args.n, args.seed)
        print(f"corpus: {summary['files']} generated cards ({summary['bytes'] / 1e6:.1f} MB), effect lines per card "
              f"{summary['effect_lines_min']}-{summary['effect_lines_max']} (mean {summary['effect_lines_mean']:.1f}), "
              f"in {root} ({time.perf_counter() - t0:.1f} s)")
    else:
        root = args.corpus.resolve()
        print(f"corpus: {root}")
    content = root / "content"

    try:
        n_workers = workers(len(project.card_files([content])))
        # warm-up (parser and validator built, files in the page cache), in this one process so that the
        # per-pass stopwatch and the GC-pause counter see every pass
        floor(content)
        gc.collect()
        t0 = time.process_time()
        with stopwatch() as passes, gc_pauses() as pauses:
            build = full_compile(root, one_process=True)
        warm = time.process_time() - t0
        errors = len(build.diagnostics.errors)
        print(f"compile result: {build.files} files, {len(build.cards)} cards, {errors} errors, "
              f"{len(build.diagnostics.items) - errors} warnings")
        if errors:
            print(build.diagnostics.render()[-2000:])
        del build

        plain, positions = plain_parser(), grammar_parse()
        run_floor = lambda: cputime.in_process(lambda: floor(content, plain))          # noqa: E731
        run_compile = lambda: cputime.in_process(lambda: full_compile(root, one_process=True).files)  # noqa: E731
        floor_s, compile_s, ratios = cputime.paired(run_floor, run_compile, args.pairs,
                                                    ("floor (PyYAML CSafeLoader + plain LALR parse)",
                                                     "compile, one process (jobs=1)"))
        old = cputime.Series("old floor (parse-tree parser with positions, dow.dsl.parser._lark)",
                             [cputime.in_process(lambda: floor(content, positions))
                              for _ in range(0 if args.no_extra else 2)])
        shipped = None
        if n_workers > 1 and not args.no_extra:
            shipped = cputime.Series(f"compile as shipped ({n_workers} worker processes; CPU of all of them)",
                                     [cputime.in_process(lambda: full_compile(root).files) for _ in range(2)])
        gc.collect()
        load_s, parse_s = floor_split(content)

        info = floor_s.samples[0].result
        n = info["files"]
        compile_ratios = [1 / r for r in ratios]
        print(f"\nCPU seconds, floor and compile in turn, {args.pairs} pairs (load {cputime.load()}):")
        print(f"  {floor_s.line(n)}")
        print(f"      {info['texts']} effect texts; YAML {load_s:.2f} s + parse {parse_s:.2f} s CPU")
        print(f"  {compile_s.line(n)}")
        print(f"      compile / floor {cputime.ratio_line(compile_ratios, TARGET)}")
        if old.samples:
            print(f"  {old.line(n)}")
            print(f"      compile / old floor: {compile_s.cpu / old.cpu:.2f}x (medians)")
        if shipped is not None:
            print(f"  {shipped.line(n)}")
        ratios_out = {"compile/floor": round(statistics.median(compile_ratios), 2)}
        if old.samples:
            ratios_out["compile/old floor"] = round(compile_s.cpu / old.cpu, 2)
        best_floor = floor_s.cpu
        best = {"compile, one process (jobs=1)": compile_s.cpu}
        modes = [("floor", None), ("compile, one process (jobs=1)", None)]

        print(f"\nper-pass stopwatch (the one-process warm-up compile, {warm:.2f} s CPU incl. wrapper overhead):")
        accounted = sum(secs for secs, _ in passes.values())
        for label, (secs, calls) in sorted(passes.items(), key=lambda kv: kv[1][0], reverse=True):
            if calls:
                print(f"  {secs:8.2f} s {100 * secs / warm:5.1f}%  {calls:>7} calls  {label}")
        print(f"  {warm - accounted:8.2f} s {100 * (warm - accounted) / warm:5.1f}%  {'':>13}  everything else "
              f"(file reads, _fields/plain(), scopes, dsl.parse checks, result lists, sorting)")
        print(f"  GC: {pauses[0]:.2f} s in {pauses[1]} collections during that compile "
              f"({100 * pauses[0] / warm:.1f}%; a pause falls inside whichever pass triggered it)")

        if not args.no_memory:
            dow = corpus.dow_command()
            one = sorted(content.glob("*/*/*.yaml"))[0]
            print(f"\npeak memory: ru_maxrss of `dow` child processes (os.wait4, via a small go-between process)")
            base_rss, base_wall, _, _ = child_maxrss([*dow, "--root", str(root), "check", str(one)], root)
            print(f"  dow check ONE-CARD-FILE: {base_rss / 1024:.0f} MiB ({base_wall:.2f} s): interpreter, imports, "
                  f"parser, schema validator")
            runs = [("one process (DOW_JOBS=1), the compile alone (--no-compare-text)", ["env", "DOW_JOBS=1"],
                     ["--no-compare-text"]),
                    ("one process (DOW_JOBS=1), with the text comparison (the default)", ["env", "DOW_JOBS=1"], [])]
            if args.no_text_memory:
                del runs[1:]
            if n_workers > 1 and not args.no_extra:
                runs.insert(0, (f"as shipped, {n_workers} workers; the largest single process", [], []))
            for label, prefix, flags in runs:
                rss, wall, code, last = child_maxrss([*prefix, *dow, "--root", str(root), "check", *flags], root)
                print(f"  dow check (all {n} cards), {label}: {rss / 1024:.0f} MiB, {wall:.2f} s wall, exit {code} "
                      f"({last}); ~{(rss - base_rss) / n:.1f} KiB per card over the one-card run")
        if args.tracemalloc:
            import tracemalloc
            gc.collect()
            tracemalloc.start()
            build = full_compile(root, one_process=True)
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            del build
            print(f"  tracemalloc peak of one in-process compile: {peak / 2**20:.0f} MiB (Python allocations only)")

        if not args.no_profile:
            gc.collect()
            prof = cProfile.Profile()
            profile_files = sorted(content.glob("*/*/*.yaml"))[::max(1, n // args.profile_files)] \
                if args.profile_files else None
            saved = os.environ.get("DOW_JOBS")
            os.environ["DOW_JOBS"] = "1"  # the profiler sees this process only
            t0 = time.perf_counter()
            prof.enable()
            build = project.compile_paths(profile_files, root) if profile_files else full_compile(root, True)
            prof.disable()
            wall = time.perf_counter() - t0
            if saved is None:
                del os.environ["DOW_JOBS"]
            else:
                os.environ["DOW_JOBS"] = saved
            del build
            stats = pstats.Stats(prof)
            total = max(ct for (_cc, _nc, _tt, ct, _callers) in stats.stats.values())
            print(f"\ncProfile of one one-process compile of {len(profile_files) if profile_files else n} files "
                  f"({wall:.2f} s wall under the profiler; shares are of the profiled compile, {total:.2f} s)")
            print(profile_report(stats, total, args.top))
        print(f"\ncode at the end: {corpus.provenance()}")
        print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(json.dumps({"files": n, "floor_s": round(best_floor, 3),
                          **{label: round(best[label], 3) for label, _ in modes[1:]},
                          "ratios": ratios_out, "target": TARGET, "unit": "CPU seconds, medians"}))
    finally:
        if generated and not args.keep:
            shutil.rmtree(root, ignore_errors=True)
        elif generated:
            print(f"corpus kept in {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
