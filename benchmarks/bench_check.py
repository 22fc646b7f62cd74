"""Issue 34's figures: whole ``dow check`` and ``dow build`` processes against the floor, in CPU time.

    python benchmarks/bench_check.py --corpus DIR [--pairs 3] [--only check,cold,nocompare,build,one]
                                     [--pythonpath PKG]

DIR is a project from ``python benchmarks/corpus.py --n 2000 --out DIR --verify 0``. Every figure is
the CPU time (user + system, ``os.wait4``: the child and the workers it reaped) of a whole process,
one core (``DOW_JOBS=1``), paired in turn with the floor (A B A B ...) and quoted as the median of the
per-pair ratios; the machine is shared, so CPU time, not wall time. The floor is a whole process too:
``benchmarks/bench_compile.floor`` (PyYAML's C loader on every card file and a plain Lark LALR parse of
every effect text), with the interpreter's start-up and imports, as ``dow check`` has them.

* ``check``: ``dow check`` as shipped (text comparison on), its caches warm (run once before);
* ``cold``: the same with the kept text comparison (``check-text/`` in the toolchain's cache folder, a temp
  folder of the benchmark's own, ``DOW_CACHE_DIR``) removed before each run (the clause readings kept in
  ``clauses/``, compiler/readings.py, stay as the runs before left them);
* ``nocompare``: ``dow check --no-compare-text``;
* ``build``: ``dow build --force --out TMP`` (compile, bundle, site), against the floor;
* ``one``: ``dow check`` of one card of DIR against one card of the real content (ratio of the two);
Each line also gives the peak RSS (``ru_maxrss``) of the measured processes.

``--pythonpath PKG`` measures another copy of the code (a folder holding ``dow/<package>``, first on
``PYTHONPATH``), as the README's before figures were. The bench process itself imports nothing of dow,
so a child's ``ru_maxrss`` is its own. Reports only; asserts nothing about time.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
REAL_CARD = ROOT / "content" / "warring-colonies" / "survivors" / "the-enforcer.yaml"

FLOOR = ("import sys; from pathlib import Path; sys.path.insert(0, {here!r}); import bench_compile; "
         "print(bench_compile.floor(Path({content!r})))")


def run(cmd: list[str], env: dict) -> tuple[float, int, int, str]:
    """(CPU seconds, peak RSS KiB, exit code, last output line) of a whole child process (run from the temp
    folder, so that ``python -m dow`` finds the code on the path, not the folder it was started in)."""
    proc = subprocess.Popen(cmd, cwd=tempfile.gettempdir(), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = proc.stdout.read() if proc.stdout else b""
    _, status, usage = os.wait4(proc.pid, 0)
    if proc.stdout:
        proc.stdout.close()
    lines = out.decode("utf-8", "replace").strip().splitlines() or [""]
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss, os.waitstatus_to_exitcode(status), lines[-1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, required=True)
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--only", default="check,nocompare,cold,build,one",
                    help="comma-separated: check, cold, nocompare, build, one (default: all)")
    ap.add_argument("--pythonpath", default=None, help="measure the code in this folder (dow/<package>)")
    ap.add_argument("--no-warm", action="store_true", help="no untimed check first (the caches are already warm)")
    args = ap.parse_args(argv)
    corpus = args.corpus.resolve()
    env = dict(os.environ, DOW_JOBS="1")
    if args.pythonpath:
        env["PYTHONPATH"] = args.pythonpath
    py = sys.executable
    dow = [py, "-m", "dow"]
    floor = [py, "-c", FLOOR.format(here=str(HERE), content=str(corpus / "content"))]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    print(f"# bench_check: corpus {corpus}, {args.pairs} pairs, code {args.pythonpath or f'worktree at {commit}'}, "
          f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} UTC")
    wanted = args.only.split(",")
    env["DOW_CACHE_DIR"] = str(Path(tempfile.mkdtemp(prefix="bench-check-cache-")))   # the toolchain's cache, ours alone
    cache = Path(env["DOW_CACHE_DIR"]) / "check-text"

    def clear_cache():
        shutil.rmtree(cache, ignore_errors=True)

    cases = {
        "check": ("dow check (text comparison on, cache warm)", dow + ["--root", str(corpus), "check"], None),
        "cold": ("dow check (text comparison on, check cache removed)", dow + ["--root", str(corpus), "check"], clear_cache),
        "nocompare": ("dow check --no-compare-text", dow + ["--root", str(corpus), "check", "--no-compare-text"], None),
    }
    out_dir = Path(tempfile.mkdtemp(prefix="bench-check-build-"))
    cases["build"] = ("dow build --force --out TMP", dow + ["--root", str(corpus), "build", "--force", "--out", str(out_dir)], None)
    for key in [k for k in ("check", "cold", "nocompare", "build") if k in wanted]:
        label, cmd, before = cases[key]
        if key == "check" and not args.no_warm:
            run(cmd, env)          # untimed: fills the caches, as the check before this one did
        ratios, mine, floors, rss = [], [], [], []
        for _ in range(args.pairs):
            f_cpu, f_rss, f_code, f_last = run(floor, env)
            if before:
                before()
            c_cpu, c_rss, c_code, c_last = run(cmd, env)
            ratios.append(c_cpu / f_cpu)
            mine.append(c_cpu)
            floors.append(f_cpu)
            rss.append(c_rss)
            print(f"  pair: floor {f_cpu:.2f} s ({f_rss // 1024} MiB) | {key} {c_cpu:.2f} s ({c_rss // 1024} MiB, "
                  f"exit {c_code}: {c_last[:70]}) -> {c_cpu / f_cpu:.2f}x", flush=True)
        print(f"{label}: {statistics.median(mine):.2f} s CPU against a floor of {statistics.median(floors):.2f} s; "
              f"ratio median {statistics.median(ratios):.2f}x (pairs {', '.join(f'{r:.2f}' for r in ratios)}); "
              f"peak RSS {max(rss) // 1024} MiB", flush=True)
    shutil.rmtree(out_dir, ignore_errors=True)
    if "one" in wanted:
        card = sorted((corpus / "content").rglob("*.yaml"))[0]
        if card.name == "known-names.yaml":
            card = sorted((corpus / "content" / "base" / "survivors").glob("*.yaml"))[0]
        big = dow + ["--root", str(corpus), "check", str(card)]
        real = dow + ["--root", str(ROOT), "check", str(REAL_CARD)]
        run(big, env), run(real, env)   # untimed: the names cache, the text cache
        ratios, a, b = [], [], []
        for _ in range(max(args.pairs, 5)):
            x, y = run(big, env)[0], run(real, env)[0]
            a.append(x), b.append(y), ratios.append(x / y)
        print(f"one-card dow check: {statistics.median(a):.3f} s CPU in the corpus against {statistics.median(b):.3f} s "
              f"in the real content; ratio median {statistics.median(ratios):.2f}x "
              f"(pairs {', '.join(f'{r:.2f}' for r in ratios)})", flush=True)
    shutil.rmtree(env["DOW_CACHE_DIR"], ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
