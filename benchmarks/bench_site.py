"""Website build time and card page size (reports only; asserts nothing about time).

    python benchmarks/bench_site.py [--n 2000] [--jobs J] [--profile K]

1. The real content: compile + the three-language site (best of 2).
2. A generated corpus of N cards (benchmarks/corpus.py) with the real rules chapters and docs.
3. The size of every card page's HTML (median and largest), against the 30 KB target, and of the
   generated site's search indexes.
Every build prints its wall time, the CPU seconds it used (this process and its workers: a
steadier figure than wall time when other programs share the machine), and each language's
stages. --jobs is the number of site worker processes (default: one per core; 1 builds the
languages one after another). --profile K also runs cProfile over a one-process build of K
generated cards and sums the time by stage.
Targets: real content <= 15 s, 2,000 cards <= 60 s, a card page <= 30 KB.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import resource
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


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (compile and site workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed_build(root: Path, jobs: int | None = None) -> tuple[float, Path]:
    """Compile and build the site of a project; prints the stages; returns (seconds, site folder)."""
    started, cpu = time.perf_counter(), cpu_seconds()
    build = compile_paths([root / "content"], root)
    assert build.ok, build.diagnostics.render()[:2000]
    write_outputs(build, root, root / "build")
    compiled = time.perf_counter()
    stages: dict = {}
    site = build_site(bundle_of(build.cards, build.rulesets), root, root / "build" / "site", say=lambda m: None, jobs=jobs,
                      timings=stages)
    seconds = time.perf_counter() - started
    print(f"  {seconds:.2f} s wall ({compiled - started:.2f} s compile, {seconds - compiled + started:.2f} s site), "
          f"{cpu_seconds() - cpu:.2f} s CPU")
    for lang, parts in stages.items():
        print(f"    {lang}: " + ", ".join(f"{name} {value:.2f} s" for name, value in parts.items()))
    return seconds, site


#: where a profiled one-process site build spends its time: (label, function, label it is taken out of)
STAGES = (
    ("rules text (text.card_texts)", "card_texts", "our pages: Markdown, card HTML (site.write_pages)"),
    ("our pages: Markdown, card HTML (site.write_pages)", "write_pages", None),
    ("MkDocs: Markdown to HTML (Page.render; not card pages)", "render", None),
    ("MkDocs: search index, page parse (on_page_context)", "on_page_context", "MkDocs: theme templates, writing (_build_page)"),
    ("MkDocs: theme templates, writing (_build_page)", "_build_page", None),
    ("MkDocs: everything else", "build", None),
)


def profile(root: Path) -> None:
    """cProfile of a one-process site build, summed by stage."""
    build = compile_paths([root / "content"], root)
    write_outputs(build, root, root / "build")
    bundle = bundle_of(build.cards, build.rulesets)
    profiler = cProfile.Profile()
    profiler.runcall(build_site, bundle, root, root / "build" / "site", say=lambda m: None, jobs=1)
    stats = pstats.Stats(profiler).stats
    total = next(ct for (file, _, name), (_, _, _, ct, _) in stats.items() if name == "build_site")
    cumulative = {}
    for (file, _, name), (_, _, _, ct, _) in stats.items():
        key = {"card_texts": "text.py", "write_pages": "site.py", "render": "mkdocs/structure/pages.py",
               "on_page_context": "material/plugins/search", "_build_page": "mkdocs/commands/build.py",
               "build": "mkdocs/commands/build.py"}.get(name)
        if key and key in file:
            cumulative[name] = cumulative.get(name, 0) + ct
    shares = {label: cumulative.get(fn, 0.0) for label, fn, _ in STAGES}
    for label, _, parent in STAGES:
        if parent:
            shares[parent] -= shares[label]
    mkdocs = shares.pop("MkDocs: everything else")
    shares["MkDocs: everything else"] = mkdocs - sum(v for k, v in shares.items() if k.startswith("MkDocs"))
    print(f"  profiled one-process site build: {total:.2f} s under the profiler")
    for label, seconds in shares.items():
        print(f"    {label:55} {seconds:7.2f} s  {100 * seconds / total:5.1f}%")
    print(f"    {'the rest (root page, clearing old output)':55} {total - sum(shares.values()):7.2f} s")


def index_sizes(site: Path) -> str:
    """The size of each language's search index (every visitor who searches downloads it)."""
    return ", ".join(f"{p.parent.parent.name} {p.stat().st_size / 2**20:.1f} MB"
                     for p in sorted(site.glob("*/search/search_index.json")))


def page_sizes(site: Path) -> list[int]:
    """Sizes of every card page (not the index pages)."""
    return [p.stat().st_size for p in site.glob("*/cards/*/index.html")]


def project(tmp: str, name: str, n: int | None = None) -> Path:
    """A project folder: the real content (n=None) or n generated cards with the real rules and docs."""
    root = Path(tmp) / name
    if n is None:
        root.mkdir()
        (root / "pyproject.toml").write_text("")
        shutil.copytree(ROOT / "content", root / "content")
    else:
        import corpus
        corpus.generate(root, n=n, seed=0)
        shutil.copytree(ROOT / "content" / "rules", root / "content" / "rules")
        shutil.copy(ROOT / "content" / "glossary.yaml", root / "content" / "glossary.yaml")
    shutil.copytree(ROOT / "docs", root / "docs")
    return root


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--profile", type=int, default=0, metavar="K")
    args = ap.parse_args()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    print(f"commit {commit}, python {sys.version.split()[0]}, site jobs {args.jobs or 'one per core'}")
    with tempfile.TemporaryDirectory() as tmp:
        real = project(tmp, "real")
        runs = [timed_build(real, args.jobs) for _ in range(2)]
        best, site = min(runs, key=lambda r: r[0])
        sizes = page_sizes(site)
        print(f"real content ({len(sizes) // 3} cards x 3 languages): best {best:.2f} s of "
              f"{', '.join(f'{r[0]:.2f}' for r in runs)}  (target <= 15 s)")
        print(f"card pages: median {statistics.median(sizes) / 1024:.1f} KB, largest {max(sizes) / 1024:.1f} KB "
              f"(target <= 30 KB)")
        seconds, site = timed_build(project(tmp, "generated", args.n), args.jobs)
        sizes = page_sizes(site)
        print(f"generated corpus ({args.n} cards x 3 languages): {seconds:.2f} s  (target <= 60 s); "
              f"card pages median {statistics.median(sizes) / 1024:.1f} KB, largest {max(sizes) / 1024:.1f} KB")
        print(f"search indexes: {index_sizes(site)}")
        if args.profile:
            profile(project(tmp, "profiled", args.profile))
    return 0


if __name__ == "__main__":
    sys.exit(main())
