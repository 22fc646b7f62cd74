"""Website build time and card page size (reports only; asserts nothing about time).

    python benchmarks/bench_site.py [--n 2000] [--jobs J] [--profile K] [--serve R]

1. The real content: compile + the three-language site (best of 2).
2. A generated corpus of N cards (benchmarks/corpus.py) with the real rules chapters and docs.
3. The size of every card page's HTML (median and largest), against the 30 KB target, and of the
   generated site's search indexes.
Every build prints its wall time, the CPU seconds it used (this process and its workers: a
steadier figure than wall time when other programs share the machine), and each language's
stages. --jobs is the number of site worker processes (default: one per core; 1 builds the
languages one after another). --profile K also runs cProfile over a one-process build of K
generated cards and sums the time by stage. --serve R (default 5) times `dow serve`'s per-card
rebuild on both built projects: R rebuilds of one card whose English text is changed back and forth
(site/update.py, the same entry point as the serve loop), CPU and wall each, and once what
comes after the pages (the bundle files and the statistics page).
Targets: real content <= 15 s, 2,000 cards <= 30 s CPU, a card page <= 30 KB, a per-card rebuild <= 2 s.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import re
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
from dow.site.build import SiteData, build_site  # noqa: E402


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (compile and site workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed_build(root: Path, jobs: int | None = None, keep: dict | None = None) -> tuple[float, Path]:
    """Compile and build the site of a project; prints the stages; returns (seconds, site folder).
    ``keep`` receives the compiled build and the SiteData (for the per-card rebuilds)."""
    started, cpu = time.perf_counter(), cpu_seconds()
    build = compile_paths([root / "content"], root)
    assert build.ok, build.diagnostics.render()[:2000]
    write_outputs(build, root, root / "build")
    compiled = time.perf_counter()
    stages: dict = {}
    bundle = bundle_of(build.cards, build.rulesets)
    data = SiteData(bundle, root)
    site = build_site(bundle, root, root / "build" / "site", say=lambda m: None, jobs=jobs,
                      timings=stages, data=data)
    if keep is not None:
        keep.update(build=build, data=data)
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


#: an English text of a card file on a line of its own (a plain or a double-quoted scalar; not a
#: name, which sits in a flow mapping): the per-card rebuild edits it
_EN_LINE = re.compile(r"^(\s+en: )(\"?)([^'\"{\[|>\s].*?)(\2)$", re.M)


def serve_rebuilds(root: Path, kept: dict, rounds: int) -> None:
    """Time dow serve's per-card rebuild: the site kept in memory, then one card changed ``rounds`` times."""
    from dow.site.update import SiteUpdater
    wall, cpu = time.perf_counter(), time.process_time()
    updater = SiteUpdater(root, kept["build"], kept["data"])
    print(f"  serve: ready for per-card rebuilds in {time.perf_counter() - wall:.2f} s wall, "
          f"{time.process_time() - cpu:.2f} s CPU (once, after each full build)")
    card = next(p for p in sorted((root / "content").rglob("*.yaml")) if _EN_LINE.search(p.read_text(encoding="utf-8"))
                and any(c.get("file") == p.relative_to(root).as_posix() for c in kept["build"].cards))
    original = card.read_text(encoding="utf-8")
    print(f"  serve: the edit: {card.relative_to(root)}, the line '{_EN_LINE.search(original).group(0).strip()}'"
          " gains ' (edited)' and loses it again")
    edited = _EN_LINE.sub(lambda m: m.group(1) + m.group(2) + m.group(3) + " (edited)" + m.group(4), original, count=1)
    times = []
    for n in range(rounds):
        card.write_text(edited if n % 2 == 0 else original, encoding="utf-8")
        wall, cpu = time.perf_counter(), time.process_time()
        assert updater.update({card}, say=print) is True
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
    print(f"  serve: {card.relative_to(root)} changed {rounds} times: " +
          ", ".join(f"{w:.2f} s wall / {c:.2f} s CPU" for w, c in times))
    print(f"  serve: per-card rebuild median {statistics.median(w for w, _ in times):.2f} s wall, "
          f"{statistics.median(c for _, c in times):.2f} s CPU  (target <= 2 s)")
    wall, cpu = time.perf_counter(), time.process_time()
    updater.finish()
    print("  serve: then the bundle files and the statistics page (its bot games played again unless kept for "
          "this bundle): "
          f"{time.perf_counter() - wall:.2f} s wall, "
          f"{time.process_time() - cpu:.2f} s CPU")


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


def real_content(tmp: str, args, kept: dict) -> None:
    """The real content: two builds, the page sizes, the per-card rebuilds."""
    real = project(tmp, "real")
    runs = []
    for note in ("the statistics page's bot games played", "the same bundle: its bot games' figures kept "
                 "(build/.cache/site-stats.pickle)"):
        print(f"  real content, {note}:")
        runs.append(timed_build(real, args.jobs, kept))
    best, site = min(runs, key=lambda r: r[0])
    sizes = page_sizes(site)
    print(f"real content ({len(sizes) // 3} cards x 3 languages): best {best:.2f} s of "
          f"{', '.join(f'{r[0]:.2f}' for r in runs)}  (target <= 15 s)")
    print(f"card pages: median {statistics.median(sizes) / 1024:.1f} KB, largest {max(sizes) / 1024:.1f} KB "
          f"(target <= 30 KB)")
    if args.serve:
        serve_rebuilds(real, kept, args.serve)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--profile", type=int, default=0, metavar="K")
    ap.add_argument("--serve", type=int, default=5, metavar="R", help="per-card rebuilds to time (0: none)")
    ap.add_argument("--no-real", action="store_true", help="the generated corpus only (and its per-card rebuilds)")
    args = ap.parse_args()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    print(f"commit {commit}, python {sys.version.split()[0]}, site jobs {args.jobs or 'one per core'}")
    with tempfile.TemporaryDirectory() as tmp:
        kept: dict = {}
        if not args.no_real:
            real_content(tmp, args, kept)
        generated = project(tmp, "generated", args.n)
        seconds, site = timed_build(generated, args.jobs, kept)
        sizes = page_sizes(site)
        print(f"generated corpus ({args.n} cards x 3 languages): {seconds:.2f} s wall  (target: <= 30 s CPU, printed above); "
              f"card pages median {statistics.median(sizes) / 1024:.1f} KB, largest {max(sizes) / 1024:.1f} KB")
        print(f"search indexes: {index_sizes(site)}")
        if args.serve:
            serve_rebuilds(generated, kept, args.serve)
        if args.profile:
            profile(project(tmp, "profiled", args.profile))
    return 0


if __name__ == "__main__":
    sys.exit(main())
