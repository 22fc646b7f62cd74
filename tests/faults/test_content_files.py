"""Fault tests of the content files beside the cards: every kind of content file (the glossary, the sets'
counts, the translations' sync hashes, the known names, the two rulesets, an English and a translated
rules chapter) × {a syntax error, the wrong shape}.

For each case: `dow check` names the file, line and column with a code documented in
docs/diagnostics.md and exits 1; `dow build` refuses with the same located line and exits 1 (a YAML
error in the glossary once passed `dow check` and made `dow build` exit 70 with no location); and the
rebuild `dow serve` runs on a change keeps the last good site (it once stopped the server, which then
could not start again). No case ends in a traceback or exit code 70."""
from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest

from dow.cli.main import main
from dow.compiler.diagnostics import CODES
from dow.site.serve import rebuild, rebuild_cards

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
#: a card file, so that `dow check FILE` is quick: the content files are checked with any card
ONE_CARD = "content/base/crossroads/car-crash.yaml"


def edit(old: str, new: str):
    """A change of the first ``old`` into ``new`` (the case is void if ``old`` is not there)."""
    def change(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, 1)
    return change


#: (kind, fault, file, change, code, the text of the line the diagnostic points at)
CASES = [
    ("glossary", "syntax", "content/glossary.yaml",
     edit("  term: {pt: colônia, en: colony, vi: thuộc địa}\n", "  term: {pt: colônia, en: colony, vi: thuộc địa\n"),
     "Y002", None),
    ("glossary", "shape", "content/glossary.yaml",
     edit("  term: {pt: colônia, en: colony, vi: thuộc địa}\n", "  term: colony\n"), "S014", "  term: colony"),
    ("sets", "syntax", "content/sets.yaml", edit("  crossroads: 80\n", "  crossroads: [80\n"), "Y002", None),
    ("sets", "shape", "content/sets.yaml", edit("  crossroads: 80\n", "  crossroads: eighty\n"), "S014",
     "  crossroads: eighty"),
    ("sync", "syntax", "content/sync.yaml",
     edit('"glossary|action-die.term": {pt: "3d3f1533", vi: "3d3f1533"}', '"glossary|action-die.term": {pt: "3d3f1533, vi: "3d3f1533"}'),
     "Y002", None),
    ("sync", "shape", "content/sync.yaml",
     edit('"glossary|action-die.term": {pt: "3d3f1533", vi: "3d3f1533"}', '"glossary|action-die.term": [3d3f1533]'),
     "S014", '"glossary|action-die.term": [3d3f1533]'),
    ("known names", "syntax", "content/base/known-names.yaml", edit("names: []", "names: ["), "Y002", None),
    ("known names", "shape", "content/base/known-names.yaml", edit("names: []", "names: 3"), "S014", "names: 3"),
    ("ruleset", "syntax", "content/base/ruleset.yaml", edit("  starting_items: 5 ", "  starting_items: [5 "), "Y002", None),
    ("ruleset", "shape", "content/base/ruleset.yaml", edit("  starting_items: 5 ", "  starting_items: five "), "S005",
     "  starting_items: five "),
    ("colonies ruleset", "syntax", "content/warring-colonies/ruleset.yaml",
     edit("players: [4, 11] ", "players: [4, 11 "), "Y002", None),
    ("colonies ruleset", "shape", "content/warring-colonies/ruleset.yaml",
     edit("players: [4, 11] ", "players: four "), "S005", "players: four "),
    ("rules chapter", "syntax", "content/rules/en/variants.md",
     lambda text: text.rstrip("\n") + "\n\n```text\nan example never closed\n", "S014", "```text"),
    ("rules chapter", "shape", "content/rules/en/base-game.md",
     edit("## Overview {#base-overview}\n", "## Overview\n"), "S014", "## Overview"),
    ("translated rules chapter", "syntax", "content/rules/pt/lone-wolf.md",
     lambda text: text.replace("Lobo Solitário", "Lobo Solit\udcffrio", 1), "Y001", None),
    ("translated rules chapter", "shape", "content/rules/pt/lone-wolf.md",
     edit("## Quando usar {#lw-about}", "## Quando usar {#lw-when}"), "S014", "## Quando usar {#lw-when}"),
]
IDS = [f"{kind}-{fault}".replace(" ", "-") for kind, fault, *_ in CASES]


def write(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8", errors="surrogateescape"))


def located(text: str, rel: str, code: str, pointed: str | None, changed: str) -> str:
    """The diagnostic line of ``rel`` with ``code``; it points at the line that holds ``pointed``."""
    found = re.findall(rf"^{re.escape(rel)}:(\d+):(\d+): error {code}: .*$", text, flags=re.M)
    assert found, text
    if pointed is not None:
        lines = changed.split("\n")
        assert any(lines[int(line) - 1].startswith(pointed) for line, _ in found), (found, pointed)
    return re.search(rf"^{re.escape(rel)}:\d+:\d+: error {code}: .*$", text, flags=re.M).group()


def _project(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "pyproject.toml").write_text("")
    for name in ("content", "docs", "stats"):
        shutil.copytree(ROOT / name, folder / name)
    return folder


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    return _project(tmp_path_factory.mktemp("content-files") / "project")


@pytest.fixture
def broken(request, project):
    """The project with one case's fault written in, put back afterwards."""
    kind, fault, rel, change, code, pointed = request.param
    path = project / rel
    good = path.read_bytes()
    changed = change(good.decode("utf-8"))
    write(path, changed)
    yield project, rel, code, pointed, changed
    path.write_bytes(good)


def test_every_kind_of_content_file_is_walked():
    """Every YAML file under content/ that is not a card file is walked, and rules chapters in English and
    in a translation; each kind twice (a syntax error, the wrong shape): 8 kinds, 16 cases."""
    from dow.compiler.project import card_files
    content = ROOT / "content"
    cards = set(card_files([content]))
    others = {p.relative_to(ROOT).as_posix() for p in content.rglob("*.yaml") if p not in cards}
    walked = {rel for _, _, rel, *_ in CASES}
    assert others and others <= walked, others - walked
    assert {"content/rules/en/variants.md", "content/rules/pt/lone-wolf.md"} <= walked
    assert len(CASES) == 16 and {f for _, f, *_ in CASES} == {"syntax", "shape"}
    assert all(sorted(f for k, f, *_ in CASES if k == kind) == ["shape", "syntax"] for kind, *_ in CASES)


@pytest.mark.parametrize("broken", CASES, ids=IDS, indirect=True)
def test_check_and_build_name_the_place_and_exit_1(broken, capsys):
    root, rel, code, pointed, changed = broken
    assert code in CODES and f"\n## {code}: " in DOCS          # a code the reference documents
    assert main(["--root", str(root), "check", str(root / ONE_CARD)]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err and "internal error" not in out.err
    line = located(out.out + out.err, rel, code, pointed, changed)
    bundle = root / "build" / "bundle.json"
    before = bundle.read_bytes() if bundle.is_file() else None
    assert main(["--root", str(root), "build", "--no-site"]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err and "internal error" not in out.err
    assert line in out.out + out.err             # the same located line as dow check
    assert (bundle.read_bytes() if bundle.is_file() else None) == before


def _site(root: Path) -> dict[str, str]:
    site = root / "build" / "site"
    return {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A project built as `dow serve` builds it."""
    root = _project(tmp_path_factory.mktemp("serve") / "project")
    lines: list[str] = []
    updater = rebuild(root, say=lines.append)
    assert updater is not None, "\n".join(lines)
    return root, updater


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_serve_keeps_the_last_good_site_and_says_where(case, served):
    """What `dow serve` does on a saved file: the per-card rebuild hands a content file to a full rebuild,
    which refuses it; the site stays as it was, the server goes on, and the same call on a project that
    starts broken (a server started again) does not stop either."""
    kind, fault, rel, change, code, pointed = case
    root, updater = served
    before = _site(root)
    path = root / rel
    good = path.read_bytes()
    changed = change(good.decode("utf-8"))
    write(path, changed)
    lines: list[str] = []
    try:
        assert rebuild_cards(updater, {path}, say=lines.append) is None    # not a card: a full rebuild
        assert rebuild(root, say=lines.append) is None
    finally:
        path.write_bytes(good)
    said = "\n".join(lines)
    located(said, rel, code, pointed, changed)
    assert "Traceback" not in said
    assert _site(root) == before


def test_serve_keeps_the_last_good_site_when_the_site_build_itself_fails(served, monkeypatch):
    """Whatever stops a site build part way (a template bug, a full disk), the server keeps what it had."""
    from dow.site import build as site
    root, _ = served
    before = _site(root)

    def broken_build(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(site, "build_site", broken_build)
    lines: list[str] = []
    assert rebuild(root, say=lines.append) is None
    assert any("serving the last good site" in line and "No space left" in line for line in lines), lines
    assert _site(root) == before
