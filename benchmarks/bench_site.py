"""Website build time and card page size (reports only; asserts nothing about time).

    python benchmarks/bench_site.py [--n 2000]

1. The real content: compile + the three-language site, in one process (best of 2).
2. A generated corpus of N cards (benchmarks/corpus.py) with the real rules chapters and docs.
3. The size of every card page's HTML (median and largest), against the 30 KB target.
Targets: real content <= 15 s, 2,000 cards <= 60 s, a card page <= 30 KB.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from dow.compiler.project import bundle_of, compile_paths, write_outputs  # noqa: E402
from dow.compiler.site import build_site  # noqa: E402


def timed_build(root: Path) -> tuple[float, Path]:
    """Compile and build the site of a project; returns (seconds, site folder)."""
    started = time.perf_counter()
    build = compile_paths([root / "content"], root)
    assert build.ok, build.diagnostics.render()[:2000]
    write_outputs(build, root, root / "build")
    site = build_site(bundle_of(build.cards, build.rulesets), root, root / "build" / "site", say=lambda m: None)
    return time.perf_counter() - started, site


def page_sizes(site: Path) -> list[int]:
    """Sizes of every card page (not the index pages)."""
    return [p.stat().st_size for p in site.glob("*/cards/*/index.html")]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000)
    args = ap.parse_args()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    print(f"commit {commit}, python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as tmp:
        real = Path(tmp) / "real"
        real.mkdir()
        (real / "pyproject.toml").write_text("")
        shutil.copytree(ROOT / "content", real / "content")
        shutil.copytree(ROOT / "docs", real / "docs")
        runs = [timed_build(real) for _ in range(2)]
        best, site = min(runs, key=lambda r: r[0])
        sizes = page_sizes(site)
        print(f"real content ({len(sizes) // 3} cards x 3 languages): best {best:.2f} s of "
              f"{', '.join(f'{r[0]:.2f}' for r in runs)}  (target <= 15 s)")
        print(f"card pages: median {statistics.median(sizes) / 1024:.1f} KB, largest {max(sizes) / 1024:.1f} KB "
              f"(target <= 30 KB)")
        import corpus
        gen = Path(tmp) / "generated"
        corpus.generate(gen, n=args.n, seed=0)
        shutil.copytree(ROOT / "content" / "rules", gen / "content" / "rules")
        shutil.copy(ROOT / "content" / "glossary.yaml", gen / "content" / "glossary.yaml")
        shutil.copytree(ROOT / "docs", gen / "docs")
        seconds, site = timed_build(gen)
        sizes = page_sizes(site)
        print(f"generated corpus ({args.n} cards x 3 languages): {seconds:.2f} s  (target <= 60 s); "
              f"card pages median {statistics.median(sizes) / 1024:.1f} KB, largest {max(sizes) / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
