"""Whole-process start-up: a no-op ``dow build`` and ``dow check`` of one card.

    python benchmarks/bench_noop.py [--runs 10] [--card PATH] [--out DIR] [--project DIR]

1. ``dow build`` once on the real content (so the bundle and manifest are current),
   then ``dow build`` and ``dow check CARD`` in turn, ``--runs`` times each, as child
   processes; every no-op build must print "up to date". Each run is measured in CPU
   seconds of the child (user + system, ``os.wait4``; benchmarks/cputime.py): on a
   shared machine wall time swings several-fold, CPU time does not. Median, min and
   max CPU, and the median wall time beside it. Targets: 0.3 s and 0.5 s.
2. ``CARD`` defaults to content/warring-colonies/survivors/the-enforcer.yaml. With
   ``--project DIR`` (a corpus from ``corpus.py``, e.g. 10,000 cards) the one-card check runs
   in that project instead (``dow --root DIR check CARD``, CARD its first card file unless
   given): a check of one card must not cost in proportion to the project. It is run once
   first, untimed, as after any edit: that run fills the cache of the other cards' names.
3. The same two commands again with a warm bytecode cache in a temp folder
   (``PYTHONPYCACHEPREFIX``, ``PYTHONDONTWRITEBYTECODE`` unset), to show what
   compiling the project's .py files on every start costs when no .pyc is written.
4. ``python -c pass`` and ``python -c "import dow.cli.main"``, for scale.
5. ``python -X importtime -c "import dow.compiler.pipeline"``: the top imports by
   cumulative time (as the environment is, and with the warm bytecode cache).
6. Where a ``dow check`` of one card spends its time, measured inside fresh
   processes: imports, the Lark parser (from Lark's cache), the schema
   validator, the compile itself.

``dow build`` writes build/ (git-ignored) the first time if it is stale; pass
``--out DIR`` to build into another folder instead. Reports only; asserts nothing
about time (it exits 1 only if a no-op build does not say "up to date").
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import dow_command, provenance  # noqa: E402
import cputime  # noqa: E402

TARGET_NOOP = 0.3
TARGET_CHECK = 0.5

#: runs inside a fresh interpreter; prints one line per phase: "<seconds> <label>"
PHASES = r'''
import sys, time
t0 = time.perf_counter()
from pathlib import Path
card, root = Path(sys.argv[1]), Path(sys.argv[2])
import dow.cli.main
t1 = time.perf_counter(); print(f"{t1 - t0:.4f} import dow.cli.main (argparse, project, diagnostics)")
from dow.compiler import project, pipeline
t2 = time.perf_counter(); print(f"{t2 - t1:.4f} import dow.compiler.pipeline (lark, ruamel.yaml, passes)")
from dow.dsl import parser
which = "_builder" if hasattr(parser, "_builder") else "_lark"  # the parser the compiler uses
getattr(parser, which)()
t3 = time.perf_counter(); print(f"{t3 - t2:.4f} build the Lark parser (dow.dsl.parser.{which}, from Lark's cache)")
try:
    pipeline._schema_check("#/$defs/card")
except AttributeError:
    try:
        pipeline._card_validator()   # before the card and the bundle checks shared one compiled schema
    except AttributeError:
        pass
t4 = time.perf_counter(); print(f"{t4 - t3:.4f} build the schema validator (bundle_schema, compiled once)")
build = project.compile_paths([card], root)
t5 = time.perf_counter(); print(f"{t5 - t4:.4f} compile the card (compile_paths)")
'''


def timed_runs(cmd: list[str], runs: int, env: dict, expect: str | None = None) -> tuple[list[float], str]:
    """CPU seconds (user + system) of ``runs`` runs of a command; the last run's output.
    Raises if a run fails or ``expect`` is missing from its output."""
    times, out = [], ""
    for _ in range(runs):
        sample = cputime.child(cmd, cwd=ROOT, env=env)
        code, out = sample.result
        times.append(sample.cpu)
        if code != 0 or (expect and expect not in out):
            raise RuntimeError(f"{' '.join(cmd)} exited {code}:\n{out[-2000:]}")
    return times, out.strip()


def in_turn(cmds: list[list[str]], runs: int, env: dict, expect: list[str | None]) -> list[list[float]]:
    """CPU seconds of several commands run in turn (A B A B ...), ``runs`` times each."""
    out: list[list[float]] = [[] for _ in cmds]
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            out[i].extend(timed_runs(cmd, 1, env, expect[i])[0])
    return out


def summary(label: str, times: list[float], target: float | None = None) -> str:
    """A report line: median, min and max CPU seconds, against the target if there is one."""
    med, best = statistics.median(times), min(times)
    line = f"  {label:58} CPU median {med:.3f} s  min {best:.3f} s  max {max(times):.3f} s"
    if target is not None:
        line += f"  (target {target} s: " + ("met" if med <= target else f"missed by {med - target:.3f} s, "
                                                                       f"{med / target:.1f}x") + ")"
    return line


def importtime(env: dict, module: str, top: int) -> list[tuple[int, int, str]]:
    """(cumulative us, self us, name) of the imports of ``module``, slowest first."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {module}"], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        self_us, cum_us, name = (part.strip() for part in line[len("import time:"):].split("|", 2))
        rows.append((int(cum_us), int(self_us), name.rstrip()))
    return sorted(rows, reverse=True)[:top]


def phases(env: dict, card: Path, runs: int, root: Path = ROOT) -> list[tuple[str, float]]:
    """Median seconds of each start-up phase of a one-card check, over ``runs`` fresh processes."""
    samples: dict[str, list[float]] = {}
    for _ in range(runs):
        proc = subprocess.run([sys.executable, "-c", PHASES, str(card), str(root)], cwd=ROOT, env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr[-2000:])
        for line in proc.stdout.splitlines():
            secs, label = line.split(" ", 1)
            samples.setdefault(label, []).append(float(secs))
    return [(label, statistics.median(v)) for label, v in samples.items()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="whole-process timings of a no-op dow build and a one-card dow check")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--card", type=Path, default=ROOT / "content/warring-colonies/survivors/the-enforcer.yaml")
    ap.add_argument("--out", type=Path, default=None, help="build folder (default: the project's build/)")
    ap.add_argument("--top", type=int, default=10, help="rows of the import-time table (default 10)")
    ap.add_argument("--project", type=Path, default=None,
                    help="check one card of this project (a generated corpus) instead of the real content")
    args = ap.parse_args(argv)

    dow = dow_command()
    card = args.card.resolve()
    if not card.is_file():
        card = sorted((ROOT / "content").glob("*/*/*.yaml"))[0]
    out_args = ["--out", str(args.out.resolve())] if args.out else []
    env = dict(os.environ)
    print(f"machine: {platform.node()}, nproc {os.cpu_count()}, Python {platform.python_version()} "
          f"({sys.executable})")
    print(f"code: {provenance(ROOT)}")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"PYTHONDONTWRITEBYTECODE={env.get('PYTHONDONTWRITEBYTECODE', '')!r}; project bytecode cache present: "
          f"{any((ROOT / d / '__pycache__').is_dir() for d in ('compiler', 'dsl', 'runtime'))}")
    n_cards = len(list((ROOT / "content").glob("*/*/*.yaml")))

    first = subprocess.run([*dow, "build", *out_args], cwd=ROOT, env=env, capture_output=True, text=True)
    print(f"\n$ dow build {' '.join(out_args)}   (once, to make the bundle current; {n_cards} card files)")
    print("  " + ((first.stdout + first.stderr).strip().splitlines() or ["(no output)"])[-1])
    if first.returncode != 0:
        print("the real content does not build; the no-op rebuild cannot be timed", file=sys.stderr)
        print((first.stdout + first.stderr)[-3000:], file=sys.stderr)
        return 1

    check_root = ROOT
    if args.project:
        check_root = args.project.resolve()
        if not card.is_relative_to(check_root):
            card = sorted((check_root / "content").glob("*/*/*.yaml"))[0]
        n_other = sum(1 for _ in (check_root / "content").rglob("*.yaml"))
        check_cmd = [*dow, "--root", str(check_root), "check", str(card)]
        warm = subprocess.run(check_cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        print(f"\none-card check in {check_root} ({n_other} YAML files); untimed first run (fills the names "
              f"cache): exit {warm.returncode}, {(warm.stdout + warm.stderr).strip().splitlines()[-1:]}")
    else:
        check_cmd = [*dow, "check", str(card.relative_to(ROOT) if card.is_relative_to(ROOT) else card)]
    results = {}
    print(f"\nwhole-process CPU time (user + system), {args.runs} runs each, in turn:")
    try:
        noop, chk = in_turn([[*dow, "build", *out_args], check_cmd], args.runs, env, ["up to date", None])
        results["noop"] = noop
        print(summary("dow build (no-op, prints 'up to date')", noop, TARGET_NOOP))
        results["check"] = chk
        print(summary(f"dow check {check_cmd[-1]}", chk, TARGET_CHECK))
        base, _ = timed_runs([sys.executable, "-c", "pass"], args.runs, env)
        print(summary("python -c pass (interpreter start, for scale)", base))
        imp, _ = timed_runs([sys.executable, "-c", "import dow.cli.main"], args.runs, env)
        print(summary('python -c "import dow.cli.main"', imp))
    except RuntimeError as err:
        print(f"FAILED: {err}", file=sys.stderr)
        return 1

    with tempfile.TemporaryDirectory(prefix="dow-pycache-") as cache:
        warm = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        warm["PYTHONPYCACHEPREFIX"] = cache
        timed_runs([*dow, "build", *out_args], 1, warm)  # fills the cache
        timed_runs(check_cmd, 1, warm)
        print(f"\nthe same with a warm bytecode cache (PYTHONPYCACHEPREFIX=<temp>, PYTHONDONTWRITEBYTECODE unset):")
        noop_w, _ = timed_runs([*dow, "build", *out_args], args.runs, warm, expect="up to date")
        print(summary("dow build (no-op)", noop_w, TARGET_NOOP))
        chk_w, _ = timed_runs(check_cmd, args.runs, warm)
        print(summary(f"dow check {check_cmd[-1]}", chk_w, TARGET_CHECK))

        for label, e in (("as the environment is", env), ("warm bytecode cache", warm)):
            importtime(e, "dow.compiler.pipeline", args.top)  # warm the page cache first
            rows = importtime(e, "dow.compiler.pipeline", args.top)
            print(f"\npython -X importtime -c \"import dow.compiler.pipeline\" ({label}): top {args.top} by cumulative")
            print(f"  {'cumulative':>11} {'self':>9}  module")
            for cum, self_us, name in rows:
                print(f"  {cum / 1000:8.1f} ms {self_us / 1000:6.1f} ms  {name}")

        for label, e in (("as the environment is", env), ("warm bytecode cache", warm)):
            print(f"\nwhere a one-card check spends its time, inside a fresh process ({label}; "
                  f"median of 5; excludes interpreter start):")
            for phase, secs in phases(e, card, 5, check_root):
                print(f"  {secs:6.3f} s  {phase}")
    print(f"\nload average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
