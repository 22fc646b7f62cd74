"""The site's languages build in forked processes: same pages as one by one, and failures surface."""
import json
import os
import shutil
from pathlib import Path

import pytest

from dow.compiler.project import bundle_of, compile_paths, write_outputs
from dow.site.build import SiteBuildError, _in_processes, build_site

ROOT = Path(__file__).resolve().parent.parent
CARDS = ("base/crossroads/car-crash.yaml", "base/survivors/sparky.yaml", "base/crises/fuel-shortage.yaml")


def test_every_item_runs_in_its_own_process_and_its_result_comes_back():
    assert _in_processes(lambda n: (n * 2, os.getpid()), [1, 2, 3]).keys() == {1, 2, 3}
    results = _in_processes(lambda n: (n * 2, os.getpid()), [1, 2, 3])
    assert [results[n][0] for n in (1, 2, 3)] == [2, 4, 6]
    assert len({pid for _, pid in results.values()} | {os.getpid()}) == 4


def test_a_failing_item_raises_with_the_workers_traceback():
    def work(lang):
        if lang == "vi":
            raise ValueError("no such template")
        return lang
    with pytest.raises(SiteBuildError, match=r"(?s)vi: Traceback.*ValueError: no such template"):
        _in_processes(work, ["pt", "en", "vi"])


def test_a_worker_that_dies_is_a_failure_too():
    with pytest.raises(SiteBuildError, match="pt: the worker process ended without a result"):
        _in_processes(lambda lang: os._exit(3), ["pt"])


def test_the_site_built_in_processes_is_the_site_built_one_language_at_a_time(tmp_path):
    (tmp_path / "pyproject.toml").write_text("")
    for card in CARDS:
        (tmp_path / "content" / card).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "content" / card, tmp_path / "content" / card)
    shutil.copy(ROOT / "content" / "glossary.yaml", tmp_path / "content" / "glossary.yaml")
    build = compile_paths([tmp_path / "content"], tmp_path)
    assert build.ok, build.diagnostics.render()
    write_outputs(build, tmp_path, tmp_path / "build")
    bundle = bundle_of(build.cards, build.rulesets)
    sites = {}
    for jobs in (1, 3):
        timings: dict = {}
        out = build_site(bundle, tmp_path, tmp_path / f"site-{jobs}", say=lambda m: None, jobs=jobs, timings=timings)
        assert set(timings) == {"pt", "en", "vi"} and all(t["mkdocs"] > 0 for t in timings.values())
        sites[jobs] = {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    assert len(sites[1]) > 50 and Path("pt/cartas/encruzilhadas/acidente-de-carro/index.html") in sites[1]
    assert sites[1].keys() == sites[3].keys()
    for path in sites[1]:
        if path.name == "search_index.json":
            assert _without_statistics(sites[1][path]) == _without_statistics(sites[3][path])
        elif "statistics" not in path.parts:  # bot games that differ from one process to the next
            assert sites[1][path] == sites[3][path], path


def _without_statistics(index: bytes) -> dict:
    data = json.loads(index)
    data["docs"] = [d for d in data["docs"] if not d["location"].startswith("statistics/")]
    return data
