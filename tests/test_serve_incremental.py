"""dow serve's per-card rebuild (site/update.py): a changed card's pages, rebuilt alone, are
the pages a full build of the same content writes; a card with errors leaves the site as it was."""
import hashlib
import shutil
from pathlib import Path

import pytest

from dow.site.serve import rebuild, rebuild_cards
from dow.site.update import MAX_CARDS

ROOT = Path(__file__).resolve().parents[1]
CARD = Path("content") / "base" / "survivors" / "annaleigh-chan.yaml"
#: its page in each language (site/addresses.py)
PAGE = {"pt": "cartas/sobreviventes/annaleigh-chan/", "en": "cards/survivors/annaleigh-chan/",
        "vi": "the-bai/nguoi-song-sot/annaleigh-chan/"}


def _project(folder: Path) -> Path:
    folder.mkdir()
    (folder / "pyproject.toml").write_text("")
    for name in ("content", "docs", "stats"):
        shutil.copytree(ROOT / name, folder / name)
    return folder


def _site(root: Path) -> dict[str, str]:
    """Every file of the built site by path, as a hash of its bytes."""
    site = root / "build" / "site"
    return {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A project built as `dow serve` builds it, with what a per-card rebuild needs."""
    root = _project(tmp_path_factory.mktemp("serve") / "project")
    lines: list[str] = []
    updater = rebuild(root, say=lines.append)
    assert updater is not None, "\n".join(lines)
    return root, updater


def test_a_card_with_errors_leaves_the_site_and_says_where(served):
    root, updater = served
    card = root / CARD
    good = card.read_text(encoding="utf-8")
    before = _site(root)
    card.write_text(good.replace("    effect: |\n      once per round:\n",
                                 "    effect: |\n      once per round\n"), encoding="utf-8")
    lines: list[str] = []
    try:
        assert rebuild_cards(updater, {card}, say=lines.append) is False
    finally:
        card.write_text(good, encoding="utf-8")
    said = "\n".join(lines)
    assert f"{CARD.as_posix()}:2" in said, said        # the file and the line of the effect
    assert "error" in said.lower()
    assert _site(root) == before


def test_what_a_card_rebuild_cannot_keep_exact_is_left_to_a_full_build(served):
    root, updater = served
    before = _site(root)
    lines: list[str] = []
    assert rebuild_cards(updater, {root / "content" / "glossary.yaml"}, say=lines.append) is None
    new_card = root / CARD.parent / "annaleigh-chan-again.yaml"
    new_card.write_text((root / CARD).read_text(encoding="utf-8"), encoding="utf-8")
    try:
        assert rebuild_cards(updater, {new_card}, say=lines.append) is None
    finally:
        new_card.unlink()
    card, good = root / CARD, (root / CARD).read_text(encoding="utf-8")
    card.write_text(good.replace("name: Annaleigh Chan\n", "name: {pt: Annaleigh Chan, en: Annaleigh Chan, "
                                 "vi: Luật sư Chan}\n"), encoding="utf-8")  # her Vietnamese page would move
    try:
        assert rebuild_cards(updater, {card}, say=lines.append) is None
    finally:
        card.write_text(good, encoding="utf-8")
    many = sorted((root / "content" / "base" / "survivors").glob("*.yaml"))[:MAX_CARDS + 1]
    assert len(many) == MAX_CARDS + 1
    assert rebuild_cards(updater, set(many), say=lines.append) is None
    assert _site(root) == before and lines == []


def test_a_changed_card_rebuilt_alone_equals_a_full_build(served, tmp_path):
    root, updater = served
    card = root / CARD
    text = card.read_text(encoding="utf-8")
    # a Portuguese name of its own (the card list; the same address, site/addresses.py, so no page moves)
    changed = (text.replace("name: Annaleigh Chan\n",
                            "name: {pt: ANNALEIGH CHAN, en: Annaleigh Chan, vi: Annaleigh Chan}\n")
               .replace("influence: 38", "influence: 41")   # a fact: the page, its search entries
               .replace("en: Once per round, look at", "en: Once each round, look at"))  # pt/vi now lag behind
    assert changed.count("ANNALEIGH CHAN") == 1 and "influence: 41" in changed and "Once each" in changed
    card.write_text(changed, encoding="utf-8")
    before = _site(root)
    lines: list[str] = []
    assert rebuild_cards(updater, {card}, say=lines.append) is True, "\n".join(lines)
    assert any(line.startswith("rebuilt in") and "annaleigh-chan" in line for line in lines), lines
    after = _site(root)
    rewritten = {p for p in after if before.get(p) != after[p]}
    for lang in ("pt", "en", "vi"):
        assert f"{lang}/{PAGE[lang]}index.html" in rewritten
        assert f"{lang}/search/search_index.json" in rewritten
    assert "pt/cartas/index.html" in rewritten       # the card list shows the new name and influence
    assert "en/glossary/index.html" not in rewritten  # where nothing changed, nothing is written again

    full = _project(tmp_path / "full")
    (full / CARD).write_text(changed, encoding="utf-8")
    assert rebuild(full, say=lambda line: None) is not None
    expected = _site(full)
    assert sorted(after) == sorted(expected)
    assert [p for p in expected if after[p] != expected[p]] == []
    # every other card page that now shows her Portuguese name was rebuilt (not only her own page)
    site = full / "build" / "site"
    naming = {p for p in expected if p.startswith("pt/cartas/") and p.endswith(".html")
              and "annaleigh-chan" not in p and "ANNALEIGH CHAN" in (site / p).read_text(encoding="utf-8")}
    assert naming <= rewritten
    assert (root / "build" / "bundle.json").read_bytes() == (full / "build" / "bundle.json").read_bytes()
