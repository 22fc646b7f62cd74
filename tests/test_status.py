"""dow status: counts per set and kind, placeholders for untranscribed cards, JSON, and the site page."""
import json
from pathlib import Path

from dow.site import status
from dow.cli.main import main
from dow.i18n.workflow import source_hash

from conftest import card_yaml


def _card(root: Path, name: str, effect: str, impl: str = "full", data: str = "known", extra: str = "",
          synced: bool = True) -> None:
    text = card_yaml(effect, extra=extra).replace("base.survivor.test-card", f"base.survivor.{name}")
    text = text.replace("name: Test Card", f"name: {name}")
    text = text.replace("{implementation: full, data: known}", f"{{implementation: {impl}, data: {data}}}")
    if synced:  # stamp every translation as made from the current English
        text = text.replace("{pt: Teste, en: Test, vi: Thử}",
                            f"{{pt: Teste, en: Test, vi: Thử, sync: {{pt: {source_hash('Test')}, vi: {source_hash('Test')}}}}}")
        text = text.replace("{pt: t, en: t, vi: t}", f"{{pt: t, en: t, vi: t, sync: {{pt: {source_hash('t')}, "
                                                     f"vi: {source_hash('t')}}}}}")
    path = root / "content" / "base" / "survivors" / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "sets.yaml").write_text("base:\n  survivor: 5\n  crisis: 2\n", encoding="utf-8")
    _card(tmp_path, "alpha", "gain 1 morale.", extra="tests:\n  - {name: gains morale, given: {}, do: ability 1, expect: {morale: 7}}\n")
    _card(tmp_path, "beta", "manual step.", impl="partial", extra=(
        "manual:\n  step:\n    why: w\n    pt: p\n    en: e\n    vi: v\n"), synced=False)
    _card(tmp_path, "gamma", "lose 1 morale.", data="needs transcription", extra="tests: []\n")
    return tmp_path


def _rows(capsys, root: Path) -> dict:
    assert main(["--root", str(root), "status", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    return data, {(r["set"], r["kind"]): r for r in data["rows"]}


def test_status_counts_each_column(tmp_path, capsys):
    data, rows = _rows(capsys, _project(tmp_path))
    survivors = rows[("base", "survivor")]
    assert survivors["official"] == 5 and survivors["known"] == 2
    # one file marked so, and two placeholders: 5 official, 3 files
    assert survivors["needs_transcription"] == 3
    assert survivors["placeholders"] == ["base.survivor.untranscribed-4", "base.survivor.untranscribed-5"]
    assert (survivors["full"], survivors["partial"], survivors["manual"]) == (2, 1, 0)
    assert survivors["tested"] == 1          # only a non-empty tests: counts
    assert survivors["translated"] == 2      # beta's translations carry no hashes: not current
    assert (survivors["effects"], survivors["automated"]) == (3, 2)
    crises = rows[("base", "crisis")]
    assert crises["known"] == 0 and crises["needs_transcription"] == 2
    assert crises["placeholders"] == ["base.crisis.untranscribed-1", "base.crisis.untranscribed-2"]
    assert data["totals"]["needs_transcription"] == 5
    assert abs(data["percentages"]["effects_automated"] - 2 / 3) < 1e-9


def test_status_text_table(tmp_path, capsys):
    root = _project(tmp_path)
    assert main(["--root", str(root), "status"]) == 0
    out = capsys.readouterr().out
    head, survivor = out.splitlines()[0], next(line for line in out.splitlines() if line.startswith("base  "))
    assert head.split()[:4] == ["set", "kind", "official", "known"]
    assert survivor.split() == ["base", "survivor", "5", "2", "3", "2", "1", "0", "1", "2", "3", "2"]
    assert "2 of 3 (66.7%)" in out


def test_status_exits_1_when_content_is_broken(tmp_path, capsys):
    root = _project(tmp_path)
    _card(root, "delta", "kil 3 zombies.")
    assert main(["--root", str(root), "status"]) == 1
    assert "N001" in capsys.readouterr().err


def test_a_new_card_file_replaces_a_placeholder(tmp_path, capsys):
    root = _project(tmp_path)
    _card(root, "delta", "gain 1 morale.")
    _, rows = _rows(capsys, root)
    assert rows[("base", "survivor")]["placeholders"] == ["base.survivor.untranscribed-5"]


def test_real_content_counts_warring_colonies_placeholders(bundle, root):
    rows = {(r.set, r.kind): r for r in status.table(root, bundle["cards"])}
    official = status.official_counts(root)["warring-colonies"]
    for kind, count in official.items():
        row = rows[("warring-colonies", kind)]
        # every official card is either a file or a placeholder, never both, never neither
        assert row.counts["known"] + row.counts["needs_transcription"] == count, kind
        files = sum(1 for c in bundle["cards"] if c["set"] == "warring-colonies" and c["kind"] == kind)
        assert len(row.placeholders) == count - files, kind


def test_site_transcription_page_shows_the_status_table(bundle, root, tmp_path):
    from dow.site.build import SiteData, _env, _page, site_words
    from dow.site.standins import rows, value_text
    data = SiteData(bundle, root)
    out = tmp_path / "transcription.md"
    _page(_env(), "transcription.md.j2", out, counts=data.counts, status=data.status(), lang="en",
          columns=site_words("en")["status_columns"], ui={"transcription": {"en": "Still to transcribe"}},
          set_names={"warring-colonies": "Warring Colonies"}, kinds={"crossroads": "crossroads cards"}, _abbr={},
          stand_ins=rows(bundle["rulesets"]), S=site_words("en")["stand_ins"], value_text=value_text)
    text = out.read_text(encoding="utf-8")
    row = next(r for r in data.status() if (r.set, r.kind) == ("warring-colonies", "crossroads"))
    cells = [c.strip() for c in next(line for line in text.splitlines()
                                       if line.startswith("| Warring Colonies | crossroads cards |")).split("|")[1:-1]]
    assert cells[2:5] == [str(row.counts["official"]), str(row.counts["known"]), str(row.counts["needs_transcription"])]
    # the cards still to transcribe are counted in a sentence, not listed by placeholder ids
    assert f"crossroads cards: {len(row.placeholders)} of {row.counts['official']} cards have no file yet" in text
    assert row.placeholders[-1] not in text
    assert "## What the engine plays with while facts are missing {#stand-ins}" in text     # the stand-ins
    assert "| Combat die faces | plus 1 ×2," in text
