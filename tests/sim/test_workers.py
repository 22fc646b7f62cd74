"""Simulation at scale: the same seeds give the same summary serially, on worker processes and on a Dask
cluster; ``dow simulate --workers/--cluster/--format json`` as users call it."""
from __future__ import annotations

import json
import sys

import pytest

from dow.cli.main import main
from dow.runtime.engine.sim import parse_agents, simulate
from dow.runtime.engine.workers import TIMING, Progress, chunks, cores, duration, worker_count


def same(summary: dict) -> dict:
    """A summary without the keys that depend on the machine."""
    return {k: v for k, v in summary.items() if k not in TIMING}


def test_worker_processes_give_the_serial_summary(bundle):
    serial = simulate(bundle, 6, seed=40, players=4)
    parallel = simulate(bundle, 6, seed=40, players=4, workers=2)
    assert same(parallel) == same(serial)
    assert serial["games"] == 6 and sum(serial["endings"].values()) == 6


def test_worker_processes_give_the_serial_summary_for_warring_colonies(bundle):
    args = dict(players=5, variants=["warring-colonies"], agents="heuristic:bot")
    assert same(simulate(bundle, 3, seed=9, workers=2, **args)) == same(simulate(bundle, 3, seed=9, **args))


def test_a_local_dask_cluster_gives_the_serial_summary(bundle):
    pytest.importorskip("distributed", reason="the cluster extra (in the test extra) is not installed")
    from dow.cli.cluster import dask_runner
    records = []
    on_cluster = simulate(bundle, 4, seed=70, players=3, runner=dask_runner("local", 2), on_game=records.append)
    assert same(on_cluster) == same(simulate(bundle, 4, seed=70, players=3))
    assert sorted(r["seed"] for r in records) == [70, 71, 72, 73]


def test_without_the_cluster_extra_the_message_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)     # import fails as if not installed
    assert main(["simulate", "--games", "1", "--cluster", "local"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'dow-toolchain[cluster]'" in err and "Traceback" not in err


def test_an_unreachable_scheduler_is_a_clear_error(capsys):
    pytest.importorskip("distributed")
    assert main(["simulate", "--games", "1", "--cluster", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err and "Traceback" not in err


def test_json_streams_one_line_per_game_then_the_summary(capsys):
    assert main(["simulate", "--games", "4", "--seed", "3", "--workers", "2", "--format", "json",
                 "--agents", "heuristic:random"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    games, summary = lines[:-1], lines[-1]
    assert [g["type"] for g in games] == ["game"] * 4 and summary["type"] == "summary"
    assert sorted(g["seed"] for g in games) == [3, 4, 5, 6]
    assert all(g["winner"] in summary["wins"] and g["ending"] in summary["endings"] for g in games)
    assert sum(summary["endings"].values()) == 4


@pytest.mark.parametrize("value,expected", [("1", 1), ("3", 3), ("0", cores()), ("auto", cores()), (0, cores())])
def test_workers_zero_or_auto_means_every_core(value, expected):
    assert worker_count(value) == expected


@pytest.mark.parametrize("value", ["-1", "two", "1.5"])
def test_a_bad_workers_value_is_a_usage_error(value, capsys):
    assert main(["simulate", "--games", "1", "--workers", value]) == 2
    assert "--workers" in capsys.readouterr().err


def test_chunks_cover_every_seed_once_in_order():
    for n, workers in [(1, 4), (7, 2), (1000, 2), (100, 64)]:
        parts = chunks(range(n), workers)
        assert [s for part in parts for s in part] == list(range(n))
        assert max(len(p) for p in parts) <= 16


def test_progress_shows_the_rate_and_the_time_left():
    now = [0.0]
    bar = Progress(stream=None, width=10, clock=lambda: now[0])
    now[0] = 10.0
    assert bar.line(50, 100) == "[#####.....] 50/100  5.0 games/s  about 10 s left"
    assert bar.line(100, 100).endswith("done")
    assert (duration(59), duration(60), duration(185), duration(3720)) == ("59 s", "1 min 00 s", "3 min 05 s",
                                                                           "1 h 02 min")


def test_progress_is_drawn_on_stderr_only_when_asked_off_a_terminal(capsys):
    assert main(["simulate", "--games", "2", "--progress"]) == 0
    err = capsys.readouterr().err
    assert "2/2" in err and "games/s" in err
    assert main(["simulate", "--games", "2"]) == 0                  # stderr is not a terminal under pytest
    assert "games/s" not in capsys.readouterr().err


@pytest.mark.parametrize("spec,sides", [("bot", ("bot", "bot")), ("heuristic:random", ("heuristic", "random"))])
def test_agents_specs(spec, sides):
    assert parse_agents(spec) == sides


@pytest.mark.parametrize("spec", ["robot", "bot:bot:bot", "heuristic:"])
def test_an_unknown_agents_spec_is_a_usage_error(spec, capsys):
    assert main(["simulate", "--games", "1", "--agents", spec]) == 2
    assert "unknown agents" in capsys.readouterr().err
