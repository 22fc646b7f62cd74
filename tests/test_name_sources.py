"""A card's name in a language is the rulebook's where a rulebook prints one (issue: the game's own
names): every `name_sources` entry cites a seed and a line, and that line of that seed prints the
name; and every name a seed's list of base crossroads prints is some card's Portuguese name."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
#: the rulebooks sit beside the project (../shared/seeds); a clone elsewhere on this machine finds them
#: where the project's own folder keeps them
SEEDS = next((p for p in (ROOT.parent / "shared" / "seeds", Path("/work/shared/seeds")) if p.is_dir()), ROOT / "missing")
CITE = re.compile(r"^seed (\d{3}), line (\d+)\b")


def _cards():
    for path in sorted((ROOT / "content").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "kind" in data and "name" in data:
            yield path, data


def _seed_lines(number: str) -> list[str]:
    (path,) = SEEDS.glob(f"{number}_*.txt")
    return path.read_text(encoding="utf-8").splitlines()


CITED = [(p.relative_to(ROOT).as_posix(), lang, cite, d["name"][lang])
         for p, d in _cards() for lang, cite in (d.get("name_sources") or {}).items()]


def test_the_official_names_are_cited():
    assert len(CITED) >= 30
    for path, lang, cite, name in CITED:
        assert CITE.match(cite), f"{path}: name_sources.{lang} must start 'seed NNN, line N': {cite!r}"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not beside the project")
@pytest.mark.parametrize("path,lang,cite,name", CITED, ids=[f"{c[0]}:{c[1]}" for c in CITED])
def test_the_cited_line_prints_the_name(path, lang, cite, name):
    m = CITE.match(cite)
    assert m, f"{path}: name_sources.{lang} must start 'seed NNN, line N': {cite!r}"
    lines = _seed_lines(m.group(1))
    line = int(m.group(2))
    assert 1 <= line <= len(lines), f"{path}: seed {m.group(1)} has {len(lines)} lines"
    near = " ".join(lines[line - 1:line + 1]).casefold()
    assert name.casefold() in near, f"{path}: line {line} of seed {m.group(1)} does not print {name!r}"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not beside the project")
def test_every_crossroads_name_the_warring_colonies_rulebook_lists_is_a_card_name():
    line = _seed_lines("000")[298 - 1]   # the base game's crossroads (line 311 lists The Long Night's)
    listed = [n.strip() for n in line.split("Cartas de Encruzilhada:", 1)[1].split(",")]
    assert len(listed) == 35
    pt_names = {d["name"]["pt"] if isinstance(d["name"], dict) else d["name"]
                for p, d in _cards() if d["kind"] in ("crossroads", "survivor")}
    missing = [n for n in listed if n not in pt_names]
    assert not missing, f"names the rulebook prints that no card uses: {missing}"
