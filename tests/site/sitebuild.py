"""The site built from a copy of the project's content and docs, for the site tests."""
from __future__ import annotations

import shutil
from pathlib import Path

from dow.compiler.project import bundle_of, compile_paths, write_outputs
from dow.site.build import build_site

ROOT = Path(__file__).resolve().parents[2]


def build_copy(root: Path, extra: dict[str, str] | None = None) -> tuple[Path, dict]:
    """Copy content/, docs/ and stats/ into ``root`` (plus ``extra`` files, by path under root), compile and
    build the site there; (the site folder, the bundle)."""
    (root / "pyproject.toml").write_text("")
    shutil.copytree(ROOT / "content", root / "content")
    shutil.copytree(ROOT / "docs", root / "docs")
    shutil.copytree(ROOT / "stats", root / "stats")   # the card statistics of `dow stats`, as the site shows them
    for path, text in (extra or {}).items():
        (root / path).write_text(text, encoding="utf-8")
    build = compile_paths([root / "content"], root)
    assert build.ok, build.diagnostics.render()
    write_outputs(build, root, root / "build")
    bundle = bundle_of(build.cards, build.rulesets)
    return build_site(bundle, root, root / "build" / "site", say=lambda m: None), bundle


_ADDRESSES: dict = {}


def card_page(out: Path, lang: str, card_id: str, cards: list[dict]) -> Path:
    """The built page of a card (at its readable address, site/addresses.py) among ``cards``."""
    from dow.compiler.cards import LANGS
    from dow.site.addresses import Addresses
    key = (id(cards), len(cards))
    if key not in _ADDRESSES:
        _ADDRESSES[key] = Addresses(cards, LANGS)
    return out / lang / _ADDRESSES[key].of(card_id, lang) / "index.html"
