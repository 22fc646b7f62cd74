"""A build stopped at any moment leaves nothing the next build takes for finished; two builds at once
do not collide; Ctrl-C stops without a traceback.

One small project (three cards) is built once for reference; then builds are killed (SIGKILL, the
whole process group) at seeded moments, the site stage included, and after each kill the build
folder holds either a complete site or none, and is never called up to date unless the build
finished. Two builds started while a third holds the folder's lock both wait; then one builds and
the other finds the folder up to date.
"""
from __future__ import annotations

import fcntl
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dow.compiler.project import MANIFEST, up_to_date
from dow.runtime.bundle import load_bundle

ROOT = Path(__file__).resolve().parent.parent
CARDS = ("base/crossroads/car-crash.yaml", "base/survivors/sparky.yaml", "base/crises/fuel-shortage.yaml")
SEED = 16


def _project(tmp: Path) -> Path:
    (tmp / "pyproject.toml").write_text("")
    for card in CARDS:
        (tmp / "content" / card).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "content" / card, tmp / "content" / card)
    shutil.copy(ROOT / "content" / "glossary.yaml", tmp / "content" / "glossary.yaml")
    return tmp


def _start(root: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "dow", "--root", str(root), "build", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def _wait_for_site_stage(root: Path, proc: subprocess.Popen) -> None:
    """Until the build has started writing its new site (or has ended)."""
    while proc.poll() is None and not list((root / "build").glob(".site.new-*")):
        time.sleep(0.01)


def _stop(proc: subprocess.Popen, sig: int) -> tuple[str, str]:
    if proc.poll() is None:
        os.killpg(proc.pid, sig)
    return proc.communicate(timeout=120)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The small project, built once: (root, the site's files, seconds the build took)."""
    root = _project(tmp_path_factory.mktemp("killed"))
    started = time.monotonic()
    proc = _start(root)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    return root, _files(root / "build" / "site"), time.monotonic() - started


def test_a_killed_build_is_never_taken_for_a_finished_one(built):
    root, site, seconds = built
    rng = random.Random(SEED)
    moments = [("compile", rng.uniform(0, 0.5)), ("site", rng.uniform(0, seconds / 3)),
               ("site", rng.uniform(seconds / 3, seconds / 2))]
    for stage, delay in moments:
        started = time.time_ns()
        proc = _start(root, "--force")
        if stage == "site":
            _wait_for_site_stage(root, proc)
        time.sleep(delay)
        _stop(proc, signal.SIGKILL)
        folder = root / "build" / "site"
        assert not folder.exists() or _files(folder) == site, f"a half-written site after a kill in the {stage} stage"
        if up_to_date(root, root / "build", site=True):
            # a build killed once it is writing its site is up to date only if it got to its end: the site
            # in place is the one it wrote and its manifest came after it, as the last write. (Whether the
            # process had exited is no test: it may be killed between its last write and its exit.)
            written = (root / "build" / MANIFEST).stat().st_mtime_ns
            times = [p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()]
            assert stage == "compile" or started <= min(times) <= max(times) <= written, \
                f"killed in the site stage at {delay:.2f} s, yet up to date with a site or manifest it did not finish"
            assert load_bundle(root / "build" / "bundle.json") and _files(folder) == site
    proc = _start(root)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert _files(root / "build" / "site") == site
    assert not [p.name for p in (root / "build").iterdir() if ".new-" in p.name or ".old-" in p.name]
    assert up_to_date(root, root / "build", site=True)


def test_two_builds_at_once_one_waits_for_the_other(built, tmp_path):
    root, site, _ = built
    card = root / "content" / CARDS[0]
    card.write_text(card.read_text(encoding="utf-8") + "# saved again\n", encoding="utf-8")   # an input changed
    logs = [tmp_path / "first.out", tmp_path / "second.out"]
    with open(root / "build" / ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)            # a build is running: both new ones must wait for it
        procs = [subprocess.Popen([sys.executable, "-m", "dow", "--root", str(root), "build"],
                                  stdout=open(log, "w"), stderr=subprocess.STDOUT, text=True) for log in logs]
        while not all("waiting for it to finish" in log.read_text() for log in logs):
            assert all(p.poll() is None for p in procs), [log.read_text() for log in logs]
            time.sleep(0.05)
        fcntl.flock(lock, fcntl.LOCK_UN)
    for proc in procs:
        assert proc.wait(timeout=300) == 0
    texts = [log.read_text() for log in logs]
    assert not any("Traceback" in text for text in texts)
    assert sum("is up to date" in text for text in texts) == 1     # the one that waited longer had nothing to do
    assert _files(root / "build" / "site") == site and up_to_date(root, root / "build", site=True)


def test_a_missing_or_changed_output_is_rebuilt(built):
    root, site, _ = built
    out = root / "build"
    proc = _start(root)
    proc.communicate(timeout=300)
    assert up_to_date(root, out, site=True)
    shutil.rmtree(out / "site" / "en")
    assert not up_to_date(root, out, site=True)
    assert up_to_date(root, out, site=False)     # the bundle alone is still what the inputs make
    with open(out / "bundle.json", "a", encoding="utf-8") as f:
        f.write(" ")
    assert not up_to_date(root, out, site=False)


def test_ctrl_c_stops_cleanly_and_leaves_no_partial_files(built):
    root, _, seconds = built
    before = _files(root / "build" / "site")
    proc = _start(root, "--force")
    _wait_for_site_stage(root, proc)
    time.sleep(random.Random(SEED + 1).uniform(0, seconds / 4))
    out, err = _stop(proc, signal.SIGINT)
    if proc.returncode != 0:           # it was stopped (it may have finished first on a fast machine)
        assert proc.returncode == 130 and "Traceback" not in err and "stopped" in err, err
        assert not [p.name for p in (root / "build").iterdir() if ".new-" in p.name]
        assert _files(root / "build" / "site") == before      # the old site, whole: the new one was not swapped in
        assert not up_to_date(root, root / "build", site=True)
