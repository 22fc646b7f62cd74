"""Small holes in the command line (issue: reliability, item 9), each refused with one located line.

- ``dow play --save PATH`` onto a device (or a pipe) is refused before the game is played, and the
  device is still a device afterwards (the save writes a temporary file beside its target and renames
  it, which would put a regular file in the device's place); a regular file is replaced whole.
- ``dow check`` and ``dow replay`` on a pipe (FIFO) are refused at once instead of waiting for a writer
  for ever (run as subprocesses under a timeout; a hang fails the test).
- ``dow check`` of a path that is not a card file nor a folder of them (/etc/passwd, /dev/null, an
  empty folder) is refused, non-zero, instead of "checked 0 card files".
- ``dow explain ""`` and ``dow test ""`` are refused instead of choosing a card (every card's name
  holds the empty string; an empty path is '.').
- ``dow build --out DIR`` in a project with no build/schemas: the site's schema download links lead to
  the schemas, written beside the site in DIR.
"""
from __future__ import annotations

import html
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from build_faults_kit import ROOT, make_project

from dow.cli.main import main

TIMEOUT = 60      # seconds: a command that waits on a pipe is stopped and the test fails


def _dow(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """dow as a subprocess (stdin closed), stopped after TIMEOUT seconds: a hang is a failure."""
    try:
        return subprocess.run([sys.executable, "-m", "dow", "--root", str(ROOT), *args], cwd=cwd,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"dow {' '.join(args)} did not end within {TIMEOUT} s (it waits on the pipe)")


def _refused(code: int, err: str, *words: str) -> None:
    """Non-zero, not a bug (70), no traceback, one line naming what was refused."""
    assert code not in (0, 70), (code, err)
    assert code == 2, (code, err)
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines and lines[-1].startswith(("dow: ", "dow test: error: ")), err
    assert len([line for line in lines if line.startswith("dow")]) == 1, err
    for word in words:
        assert word in err, f"{word!r} not said in: {err}"


@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "card.yaml"
    os.mkfifo(path)
    return path


@pytest.fixture
def device(tmp_path) -> Path:
    """A character device of our own (the null device's numbers), so the real /dev/null is never at risk."""
    path = tmp_path / "null"
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return path


# ---- pipes -------------------------------------------------------------------------------------

def test_check_refuses_a_pipe_at_once(fifo):
    run = _dow("check", str(fifo))
    _refused(run.returncode, run.stderr, str(fifo), "not a regular file")


def test_check_of_a_folder_skips_a_pipe_among_its_card_files(tmp_path):
    folder = tmp_path / "content" / "base" / "crossroads"
    folder.mkdir(parents=True)
    (folder / "car-crash.yaml").write_bytes((ROOT / "content/base/crossroads/car-crash.yaml").read_bytes())
    os.mkfifo(folder / "stuck.yaml")
    run = _dow("check", str(tmp_path / "content"))
    assert run.returncode in (0, 1) and "Traceback" not in run.stderr, run.stderr
    assert "checked 1 card file" in run.stdout


def test_replay_refuses_a_pipe_at_once(fifo):
    run = _dow("replay", str(fifo))
    _refused(run.returncode, run.stderr, str(fifo), "not a regular file")


def test_test_refuses_a_pipe_at_once(fifo):
    run = _dow("test", str(fifo))
    _refused(run.returncode, run.stderr, str(fifo))


# ---- paths that are not card files -------------------------------------------------------------

@pytest.mark.parametrize("path", ["/etc/passwd", "/dev/null", "device", "folder without cards", "a .txt file"])
def test_check_refuses_what_is_not_a_card_file_or_a_folder_of_them(capsys, tmp_path, device, path):
    if path == "device":
        path = str(device)
    elif path == "folder without cards":
        (tmp_path / "empty").mkdir()
        path = str(tmp_path / "empty")
    elif path == "a .txt file":
        (tmp_path / "notes.txt").write_text("id: base.crossroads.x\n")
        path = str(tmp_path / "notes.txt")
    code = main(["--root", str(ROOT), "check", path])
    out, err = capsys.readouterr()
    _refused(code, err, path)
    assert "checked 0" not in out


def test_check_of_a_card_file_still_checks_it(capsys):
    code = main(["--root", str(ROOT), "check", str(ROOT / "content/base/crossroads/car-crash.yaml")])
    out, err = capsys.readouterr()
    assert code == 0 and "checked 1 card file" in out, out + err


# ---- empty card names --------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["", "   "])
def test_explain_refuses_an_empty_card(capsys, name):
    code = main(["--root", str(ROOT), "explain", name])
    out, err = capsys.readouterr()
    _refused(code, err, "empty card name")
    assert out == ""          # no card explained


def test_test_refuses_an_empty_card():
    run = _dow("test", "")
    _refused(run.returncode, run.stderr, "empty card name")
    assert "passed" not in run.stdout


# ---- dow play --save ---------------------------------------------------------------------------

def test_play_save_refuses_a_device_and_leaves_it_a_device(capsys, device):
    code = main(["--root", str(ROOT), "play", "--quiet", "--save", str(device)])
    out, err = capsys.readouterr()
    _refused(code, err, str(device), "not a regular file")
    assert stat.S_ISCHR(device.stat().st_mode), "the device was replaced"
    assert not [p for p in device.parent.iterdir() if p.name.endswith(".tmp")]


def test_play_save_refuses_a_pipe(capsys, fifo):
    code = main(["--root", str(ROOT), "play", "--quiet", "--save", str(fifo)])
    out, err = capsys.readouterr()
    _refused(code, err, str(fifo), "not a regular file")
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_play_save_over_a_file_replaces_it_whole(capsys, tmp_path):
    target = tmp_path / "game.json"
    target.write_text("an older replay\n")
    inode = target.stat().st_ino
    code = main(["--root", str(ROOT), "play", "--quiet", "--players", "2", "--save", str(target)])
    out, err = capsys.readouterr()
    assert code in (0, 1) and "Traceback" not in err, err
    text = target.read_text(encoding="utf-8")
    assert text.startswith("{") and text.endswith("}\n")
    assert target.stat().st_ino != inode                # renamed into place, not written over in place
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# ---- dow build --out DIR: the schema download links --------------------------------------------

def test_build_out_elsewhere_gives_schema_links_that_lead_to_the_schemas(tmp_path, capfd):
    project = make_project(tmp_path / "p")
    assert not (project / "build").exists()
    out = tmp_path / "elsewhere"
    code = main(["--root", str(project), "build", "--out", str(out)])
    _, err = capfd.readouterr()
    assert code == 0 and "Traceback" not in err, err
    for lang in ("pt", "en", "vi"):
        page = out / "site" / lang / "downloads" / "index.html"
        links = [html.unescape(h) for h in re.findall(r'href="([^"#?]+\.schema\.json)"', page.read_text("utf-8"))]
        assert {Path(h).name for h in links} == {"bundle.schema.json", "card-source.schema.json"}, links
        for link in links:
            target = (page.parent / link).resolve()
            assert target.is_file(), f"{lang}: {link} leads nowhere"
            assert target.read_bytes() == (out / "schemas" / target.name).read_bytes()
    assert not (project / "build").exists()             # nothing written into the project's own build/
