"""Shared by the build fault tests (tests/faults/test_build_race.py, test_disk_faults.py): a small
project of three cards, a build run through ``dow``'s own ``main``, and the build folder's files."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from dow.cli.main import main

ROOT = Path(__file__).resolve().parent.parent.parent
CARDS = ("base/crossroads/car-crash.yaml", "base/survivors/sparky.yaml", "base/crises/fuel-shortage.yaml")
CAR_CRASH = "content/base/crossroads/car-crash.yaml"


def make_project(folder: Path) -> Path:
    """Three cards of the real content and the glossary, in a project folder of their own."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pyproject.toml").write_text("")
    for card in CARDS:
        (folder / "content" / card).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "content" / card, folder / "content" / card)
    shutil.copy(ROOT / "content" / "glossary.yaml", folder / "content" / "glossary.yaml")
    return folder


def build(capfd, root: Path, *args: str) -> tuple[int, str, str]:
    """``dow --root ROOT build ARGS`` in this process: the exit code, what it printed on stdout and stderr
    (the file descriptors, so the site's worker processes are heard too)."""
    code = main(["--root", str(root), "build", *args])
    out, err = capfd.readouterr()
    return code, out, err


def card_name(bundle: Path, card_id: str, lang: str = "en") -> str:
    """A card's name in the bundle as written."""
    cards = json.loads(bundle.read_text(encoding="utf-8"))["cards"]
    return next(c["name"][lang] for c in cards if c["id"] == card_id)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every output file of a build folder, by path, as bytes (the lock and the manifest aside: they are
    the build's own bookkeeping, and a build that stopped part way forgets its manifest on purpose)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name not in (".lock", ".manifest.json")
            and not p.relative_to(folder).as_posix().startswith(("site-src/", "pseudo-root/"))}
