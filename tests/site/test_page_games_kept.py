"""The statistics page's bot games are played once for what they depend on (compiler/stats.page_statistics):
the figures are kept in the toolchain's cache folder (stats.cache_path) by the bundle's content hash and a hash of the code
that plays them, so neither `dow build` nor a card saved under `dow serve` plays them again while both
are the same, and a change to either plays them again.

The game players (the engine's ``simulate`` and Winter Tricks' ``simulate``) are wrapped to count their
calls; the page plays 3 games of each instead of 100 here, to keep the test short."""
import copy
import hashlib
import shutil
from pathlib import Path

import pytest

from dow.site import stats
from dow.cli.main import main
from dow.site.build import SiteData
from dow.runtime.engine import sim
from dow.runtime.engine.workers import TIMING
from dow.runtime.games import winter_tricks

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def played(monkeypatch):
    """The games each call of a game player asked for, by game ('base', 'warring-colonies', 'winter-tricks')."""
    calls: list[str] = []
    real_sim, real_wt = sim.simulate, winter_tricks.simulate

    def sim_counted(bundle, games, *args, **kwargs):
        calls.append("warring-colonies" if kwargs.get("variants") else "base")
        return real_sim(bundle, games, *args, **kwargs)

    def wt_counted(bundle, games, *args, **kwargs):
        calls.append("winter-tricks")
        return real_wt(bundle, games, *args, **kwargs)
    monkeypatch.setattr(sim, "simulate", sim_counted)
    monkeypatch.setattr(winter_tricks, "simulate", wt_counted)
    monkeypatch.setattr(stats, "GAMES", 3)
    return calls


@pytest.fixture
def root(tmp_path):
    (tmp_path / "pyproject.toml").write_text("")
    return tmp_path


def _figures(data: SiteData) -> dict:
    """The page's figures without the timing keys (how long the games took, which the page does not show)."""
    out = {k: v for k, v in data.stats.items() if k not in (*TIMING, "card_stats")}
    for name in ("winter_tricks", "warring_colonies"):
        out[name] = {k: v for k, v in out[name].items() if k not in TIMING}
    return out


ALL = ["base", "winter-tricks", "warring-colonies"]


def test_unchanged_inputs_play_no_game_and_give_the_figures_a_new_run_gives(bundle, root, played):
    first = _figures(SiteData(bundle, root))
    assert sorted(played) == sorted(ALL)
    assert stats.cache_path(root).is_file()
    assert first["games"] == 3 and "error" not in first["warring_colonies"] and "error" not in first["winter_tricks"]
    played.clear()
    again = SiteData(copy.deepcopy(bundle), root)          # a new build: a new SiteData of the same bundle
    assert _figures(again) == first
    assert played == []
    fresh = _figures(SiteData(bundle, root / "elsewhere"))   # no kept figures there: played again, the same
    assert sorted(played) == sorted(ALL)
    assert fresh == first


def test_a_changed_bundle_plays_them_again_and_the_last_bundles_stay_kept(bundle, root, played):
    SiteData(bundle, root).stats
    other = copy.deepcopy(bundle)
    other["rulesets"]["base"]["stand_ins"]["morale"] -= 1
    other["content_hash"] = "sha256:" + hashlib.sha256(b"another bundle").hexdigest()
    played.clear()
    changed = _figures(SiteData(other, root))
    assert sorted(played) == sorted(ALL)
    played.clear()
    SiteData(bundle, root).stats                        # a card saved, then changed back under dow serve
    SiteData(other, root).stats
    assert played == []
    assert changed != _figures(SiteData(bundle, root))   # the stand-in morale changes how the games go


def test_a_changed_bot_or_engine_source_plays_them_again(bundle, root, played, monkeypatch, tmp_path_factory):
    code = tmp_path_factory.mktemp("code")
    shutil.copytree(ROOT / "runtime", code / "runtime", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(stats, "SOURCES", (code / "runtime", Path(stats.__file__)))
    SiteData(bundle, root).stats
    played.clear()
    SiteData(bundle, root).stats
    assert played == []
    bot = code / "runtime" / "engine" / "bots" / "base.py"
    bot.write_text(bot.read_text(encoding="utf-8") + "\n# a changed bot\n", encoding="utf-8")
    SiteData(bundle, root).stats
    assert sorted(played) == sorted(ALL)
    played.clear()
    engine = code / "runtime" / "engine" / "game.py"
    engine.write_text(engine.read_text(encoding="utf-8") + "\n# a changed engine\n", encoding="utf-8")
    SiteData(bundle, root).stats
    assert sorted(played) == sorted(ALL)


def test_more_games_or_a_broken_cache_file_play_them_again(bundle, root, played, monkeypatch):
    SiteData(bundle, root).stats
    played.clear()
    monkeypatch.setattr(stats, "GAMES", 4)
    assert _figures(SiteData(bundle, root))["games"] == 4
    assert sorted(played) == sorted(ALL)
    played.clear()
    stats.cache_path(root).write_bytes(b"not a pickle")
    assert _figures(SiteData(bundle, root))["games"] == 4
    assert sorted(played) == sorted(ALL)


def _site(root: Path) -> dict[str, str]:
    site = root / "build" / "site"
    return {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*")) if p.is_file()}


def test_a_second_dow_build_plays_no_game_and_writes_the_same_site(tmp_path, played, monkeypatch):
    root = tmp_path / "project"
    root.mkdir()
    (root / "pyproject.toml").write_text("")
    for name in ("content", "docs", "stats"):
        shutil.copytree(ROOT / name, root / name)
    monkeypatch.setenv("DOW_JOBS", "1")
    assert main(["--root", str(root), "build"]) == 0
    assert sorted(played) == sorted(ALL)
    first = _site(root)
    played.clear()
    assert main(["--root", str(root), "build", "--force"]) == 0
    assert played == []
    assert _site(root) == first
