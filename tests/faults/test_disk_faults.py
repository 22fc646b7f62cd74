"""A full disk, a read-only disk and a forbidden folder during ``dow build`` (issue: reliability, item 4).

Each case injects, at one of the build's write points, the error the kernel gives there: ENOSPC when
the data is written (the file opens; write() fails, naming no file), EROFS and EACCES when the file or
its folder is made (naming it). The injection wraps ``open`` (and ``io.open``, which pathlib and
``os.fdopen`` use), ``os.open`` (``tempfile.mkstemp``) and ``os.mkdir`` for paths that match the
write point only, so everything else the build does is real; the site's worker processes are forked
and inherit it. (The tests run as root, which a chmod does not stop, hence injection; a tmpfs filled
to the brim gives the same one line: see the report of this change.)

Every case: an older build's outputs (bundle, schemas, site) are in place and a card has changed
since, so a build that got further would change them; the failing build exits 2, not 70, with one
line on stderr that names the file and the reason, no traceback; the old outputs are byte-identical
and no temporary file is left beside them; then the same build with the disk mended succeeds and
writes the new card.
"""
from __future__ import annotations

import builtins
import errno
import io
import os
import re
import shutil
from pathlib import Path

import pytest

from build_faults_kit import CAR_CRASH, build, card_name, make_project, snapshot

ERRNOS = {"ENOSPC": errno.ENOSPC, "EROFS": errno.EROFS, "EACCES": errno.EACCES}

#: where the build writes: (a pattern of the path written, what the message must name)
POINTS = {
    "bundle": (r"/build/\.bundle\.json\.\w+\.tmp$", "build/bundle.json"),
    "bundle-schema": (r"/build/schemas/\.bundle\.schema\.json\.\w+\.tmp$", "build/schemas/bundle.schema.json"),
    "card-schema": (r"/build/schemas/\.card-source\.schema\.json\.\w+\.tmp$",
                    "build/schemas/card-source.schema.json"),
    "site-card-page": (r"/build/site-src/pt/docs/cartas/encruzilhadas/acidente-de-carro\.md$",
                       "build/site-src/pt/docs/cartas/encruzilhadas/acidente-de-carro.md"),
    "site-downloads-schema": (r"/build/site-src/vi/docs/downloads/bundle\.schema\.json$",
                              "build/site-src/vi/docs/downloads/bundle.schema.json"),
    "site-mkdocs-page": (r"/build/\.site\.new-\d+/pt/glossary/index\.html$", "build/site/pt"),
    "site-root-index": (r"/build/\.site\.new-\d+/index\.html$", "build/site/index.html"),
}


class _Full:
    """A file on a full disk: it opened, and every write fails."""

    def __init__(self, real, number: int):
        self._real, self._number = real, number

    def _fail(self, *args, **kwargs):
        raise OSError(self._number, os.strerror(self._number))

    write = writelines = _fail

    def fileno(self):               # shutil's sendfile copy gives up and falls back on write()
        raise io.UnsupportedOperation("fileno")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._real.close()

    def __getattr__(self, name):
        return getattr(self._real, name)


class Disk:
    """The kernel's error for writes to a path that matches ``pattern`` (inside the project ``root``):
    ENOSPC on write, the others when the file or folder is made."""

    def __init__(self, monkeypatch, name: str, pattern: str, root: Path):
        self.number, self.root = ERRNOS[name], root.as_posix()
        self.hits = 0
        real_open, real_os_open, real_mkdir = builtins.open, os.open, os.mkdir

        def hit(path) -> bool:
            if isinstance(path, int):
                try:
                    path = os.readlink(f"/proc/self/fd/{path}")
                except OSError:
                    return False
            text = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else ""
            found = text.startswith(self.root) and re.search(pattern, text) is not None
            if found:
                self.hits += 1
            return found

        def fake_open(file, mode="r", *args, **kwargs):
            writing = any(c in mode for c in "wax+")
            if writing and hit(file):
                if self.number != errno.ENOSPC:
                    raise OSError(self.number, os.strerror(self.number), os.fsdecode(file))
                return _Full(real_open(file, mode, *args, **kwargs), self.number)
            return real_open(file, mode, *args, **kwargs)

        def fake_os_open(path, flags, *args, **kwargs):
            if self.number != errno.ENOSPC and flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR) and hit(path):
                raise OSError(self.number, os.strerror(self.number), os.fsdecode(path))
            return real_os_open(path, flags, *args, **kwargs)

        def fake_mkdir(path, *args, **kwargs):
            if self.number != errno.ENOSPC and hit(path):
                raise OSError(self.number, os.strerror(self.number), os.fsdecode(path))
            return real_mkdir(path, *args, **kwargs)
        monkeypatch.setattr(builtins, "open", fake_open)
        monkeypatch.setattr(io, "open", fake_open)
        monkeypatch.setattr(os, "open", fake_os_open)
        monkeypatch.setattr(os, "mkdir", fake_mkdir)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The small project built once, site and all."""
    root = make_project(tmp_path_factory.mktemp("disk"))
    from dow.cli.main import main
    assert main(["--root", str(root), "build"]) == 0
    return root


@pytest.fixture
def project(built, tmp_path) -> Path:
    """A copy of the built project whose car crash card has changed since its build."""
    root = tmp_path / "p"
    shutil.copytree(built, root, symlinks=True)
    card = root / CAR_CRASH
    card.write_text(card.read_text(encoding="utf-8").replace("en: Car Crash,", "en: Car Smash,"), encoding="utf-8")
    return root


def _one_located_line(code: int, out: str, err: str, number: int, names: str) -> None:
    assert "Traceback" not in out + err, err
    assert code not in (0, 70), (code, err)
    assert code == 2, (code, err)
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, f"one line expected, got:\n{err}"
    assert lines[0].startswith("dow: cannot write "), lines[0]
    assert names in lines[0], f"the message does not say which file: {lines[0]}"
    assert lines[0].endswith(os.strerror(number)), lines[0]
    assert ".tmp" not in lines[0] and ".site.new-" not in lines[0], f"a temporary name shown: {lines[0]}"


@pytest.mark.parametrize("name", ERRNOS)
@pytest.mark.parametrize("point", POINTS)
def test_a_write_that_fails_is_one_located_line_and_the_old_outputs_stand(capfd, monkeypatch, project, point, name):
    out_dir = project / "build"
    before = snapshot(out_dir)
    assert before["bundle.json"] and any(k.startswith("site/en/") for k in before)
    pattern, names = POINTS[point]
    disk = Disk(monkeypatch, name, pattern, project)
    code, out, err = build(capfd, project)
    monkeypatch.undo()
    assert disk.hits or point.startswith("site-"), "the write point was never reached"   # (site: in a worker)
    _one_located_line(code, out, err, ERRNOS[name], names)
    after = snapshot(out_dir)
    assert after.keys() == before.keys(), f"files left or lost: {sorted(after.keys() ^ before.keys())}"
    assert after == before, [k for k in before if after[k] != before[k]]
    code, out, err = build(capfd, project)              # the disk mended: the same build goes through
    assert code == 0 and "Traceback" not in err, err
    assert card_name(out_dir / "bundle.json", "base.crossroads.car-crash") == "Car Smash"
    assert not [p for p in out_dir.rglob("*") if p.name.endswith(".tmp") or ".new-" in p.name or ".old-" in p.name]


@pytest.mark.parametrize("name", ERRNOS)
def test_a_bundle_only_build_on_a_full_disk_keeps_the_old_bundle(capfd, monkeypatch, project, name):
    before = snapshot(project / "build")
    Disk(monkeypatch, name, POINTS["bundle"][0], project)
    code, out, err = build(capfd, project, "--no-site")
    monkeypatch.undo()
    _one_located_line(code, out, err, ERRNOS[name], "build/bundle.json")
    assert snapshot(project / "build") == before


@pytest.mark.parametrize("name", ERRNOS)
def test_a_manifest_that_cannot_be_written_leaves_the_folder_to_be_built_again(capfd, monkeypatch, project, name):
    """The manifest is the last write: the outputs are new and whole, and without it the next build
    does not take the folder as up to date."""
    Disk(monkeypatch, name, r"/build/\.\.manifest\.json\.\w+\.tmp$", project)
    code, out, err = build(capfd, project, "--no-site")
    monkeypatch.undo()
    _one_located_line(code, out, err, ERRNOS[name], "build/.manifest.json")
    assert card_name(project / "build" / "bundle.json", "base.crossroads.car-crash") == "Car Smash"
    code, out, err = build(capfd, project, "--no-site")
    assert code == 0 and "is up to date" not in out, out + err


def test_a_killed_builds_temporary_files_are_cleared_and_no_others(capfd, project):
    """Files a build killed while writing left beside the outputs go at the next build; a file of the
    same look that is not the build's own (DIR of --out may be any folder) stays."""
    out_dir = project / "build"
    left = [out_dir / ".bundle.json.k1ll3d.tmp", out_dir / "schemas" / ".bundle.schema.json.k1ll3d.tmp",
            out_dir / "..manifest.json.k1ll3d.tmp"]
    for path in left:
        path.write_text("half")
    mine = out_dir / ".notes.tmp"
    mine.write_text("the user's")
    code, out, err = build(capfd, project, "--no-site")
    assert code == 0, err
    assert not [p for p in left if p.exists()]
    assert mine.read_text() == "the user's"
