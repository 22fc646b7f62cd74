"""A card saved while a build reads the content is built by the next build (issue: reliability, item 2).

The build's manifest records the content hash of every input as the build read it, not the sizes and
modification times the inputs had once it had finished: so a file saved after the build read it (the
old text went into the bundle) leaves the manifest disagreeing with the folder, and the next build
compiles again. The race is made deterministic: the compiler's decoding of the bytes it has just read
is hooked to save the file right then (or the bundle's writing, for a save after every card is read).
Each case checks the build after the race rebuilds, writes the new text, and the one after that is up
to date again (up to date is still a thing that happens), never with a traceback or exit 70.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from build_faults_kit import CAR_CRASH, build, card_name, make_project

import dow.compiler.pipeline as pipeline
import dow.compiler.project as project

OLD, NEW = "en: Car Crash,", "en: Car Smash,"       # the same length: the file's size does not change
CARD_ID = "base.crossroads.car-crash"


@pytest.fixture
def root(tmp_path) -> Path:
    root = make_project(tmp_path)
    assert OLD in (root / CAR_CRASH).read_text(encoding="utf-8")
    return root


def _save(path: Path, keep_time: bool) -> None:
    """An author saving the card: the new name; with ``keep_time``, within the same clock tick as the
    old content (its size and modification time unchanged: only its content says it changed)."""
    st = path.stat()
    path.write_text(path.read_text(encoding="utf-8").replace(OLD, NEW), encoding="utf-8")
    if keep_time:
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def _clean(code: int, out: str, err: str) -> None:
    assert code == 0, err
    assert "Traceback" not in out + err and "internal error" not in err


def _after_the_race(capfd, root: Path) -> None:
    """The build after the race compiles again and writes the new name; the next one is up to date."""
    code, out, err = build(capfd, root, "--no-site")
    _clean(code, out, err)
    assert "is up to date" not in out, "a card saved during the last build was taken as built"
    assert card_name(root / "build" / "bundle.json", CARD_ID) == "Car Smash"
    code, out, err = build(capfd, root, "--no-site")
    _clean(code, out, err)
    assert "is up to date" in out
    assert card_name(root / "build" / "bundle.json", CARD_ID) == "Car Smash"


@pytest.mark.parametrize("keep_time", [False, True], ids=["new-mtime", "same-size-and-mtime"])
def test_a_card_saved_just_after_the_compiler_read_it_is_built_next_time(capfd, root, monkeypatch, keep_time):
    decode = pipeline.decode
    saved = []

    def read_then_saved(data: bytes, display: str):
        if display == CAR_CRASH and not saved:      # the old bytes are read: the author saves now
            _save(root / CAR_CRASH, keep_time)
            saved.append(display)
        return decode(data, display)
    monkeypatch.setattr(pipeline, "decode", read_then_saved)
    code, out, err = build(capfd, root, "--no-site")
    _clean(code, out, err)
    assert saved, "the hook never ran: the race was not made"
    assert card_name(root / "build" / "bundle.json", CARD_ID) == "Car Crash"     # the build read the old file
    monkeypatch.setattr(pipeline, "decode", decode)
    _after_the_race(capfd, root)


def test_a_card_saved_while_the_bundle_is_written_is_built_next_time(capfd, root, monkeypatch):
    stage = project.stage_outputs

    def saved_meanwhile(*args, **kwargs):
        _save(root / CAR_CRASH, keep_time=False)
        return stage(*args, **kwargs)
    monkeypatch.setattr(project, "stage_outputs", saved_meanwhile)
    code, out, err = build(capfd, root, "--no-site")
    _clean(code, out, err)
    assert card_name(root / "build" / "bundle.json", CARD_ID) == "Car Crash"
    monkeypatch.setattr(project, "stage_outputs", stage)
    _after_the_race(capfd, root)


@pytest.mark.parametrize("what", ["glossary", "new card file"])
def test_another_input_saved_during_the_build_is_seen_next_time(capfd, root, monkeypatch, what):
    """Not only card files: the glossary (read for the site) and a card file added while the build runs."""
    stage = project.stage_outputs
    glossary = root / "content" / "glossary.yaml"
    added = root / "content" / "base" / "crossroads" / "car-crash-2.yaml"

    def changed_meanwhile(*args, **kwargs):
        if what == "glossary":
            st = glossary.stat()
            glossary.write_bytes(glossary.read_bytes().replace(b"a", b"e", 1))
            os.utime(glossary, ns=(st.st_atime_ns, st.st_mtime_ns))
        else:
            text = (root / CAR_CRASH).read_text(encoding="utf-8")
            added.write_text(text.replace("base.crossroads.car-crash", "base.crossroads.car-crash-2")
                             .replace(OLD, NEW), encoding="utf-8")
        return stage(*args, **kwargs)
    monkeypatch.setattr(project, "stage_outputs", changed_meanwhile)
    code, out, err = build(capfd, root, "--no-site")
    _clean(code, out, err)
    monkeypatch.setattr(project, "stage_outputs", stage)
    code, out, err = build(capfd, root, "--no-site")
    _clean(code, out, err)
    assert "is up to date" not in out, f"the {what} changed during the last build, yet it was taken as built"
    if what == "new card file":
        assert card_name(root / "build" / "bundle.json", "base.crossroads.car-crash-2") == "Car Smash"
    code, out, err = build(capfd, root, "--no-site")
    assert code == 0 and "is up to date" in out


def test_an_unchanged_project_is_up_to_date_and_a_content_edit_is_not(capfd, root):
    """The check is by content: the same bytes written again (a new mtime) stay up to date; one byte
    changed with the old size and mtime does not."""
    _clean(*build(capfd, root, "--no-site"))
    card = root / CAR_CRASH
    card.write_bytes(card.read_bytes())                       # touched: same content
    code, out, err = build(capfd, root, "--no-site")
    _clean(code, out, err)
    assert "is up to date" in out
    _save(card, keep_time=True)
    code, out, err = build(capfd, root, "--no-site")
    _clean(code, out, err)
    assert "is up to date" not in out
    assert card_name(root / "build" / "bundle.json", CARD_ID) == "Car Smash"
