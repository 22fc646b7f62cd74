"""What the reference engine's log tells happens after what caused it: a line a rule brings follows the
line of that rule's own roll, so a reader never pins it on an earlier one. Walked over whole seeded games
of the base game and of Warring Colonies (with and without the Lone Wolf), bots and random players.

* seed 004, II. Colony Phase, 4. Add Zombies: "One at a time remove each noise token at a location and roll
  an action die for each. Add a zombie to that location on each roll of 3 or lower"; Adding Zombies: the
  zombie may break a barricade or overrun the entrance, killing a survivor. Each of those lines (their
  ``src`` is the noise rule) belongs to the location whose roll was told just before it, never to the
  previous location's roll (issue 33: "Noise die rolled at the grocery store: 1. / Entrance 1 of the
  school is overrun!" told the school's zombie after the grocery store's roll, before the school's)."""
from __future__ import annotations

import pytest

from dow.runtime.engine.colonies import ColoniesBot, ColoniesGame
from dow.runtime.engine.colony_lonewolf import LoneWolfBot
from dow.runtime.engine.sim import play_game


def noise_told_in_order(lines: list[dict]) -> int:
    """How many noise-brought lines with a location there are; each must follow its own location's roll."""
    seen, last = 0, None
    for i, line in enumerate(lines):
        if line["event"] == "noise_roll":
            last = line["params"]["location"]
            continue
        if line["event"] in ("round", "turn", "turns", "lone_wolf_turn"):
            last = None
        where = (line.get("params") or {}).get("location")
        if (line.get("src") or {}).get("rule") == "noise" and where is not None:
            assert where == last, f"line {i} {line} follows the noise roll at {last}, not at {where}"
            seen += 1
    return seen


def test_noise_brings_its_zombie_after_its_own_roll_in_base_games(bundle):
    seen = 0
    for seed in range(12):
        for players, agents in ((4, "bot"), (3, "random")):
            game, _, result = play_game(bundle, seed, players, agents)
            assert result["violations"] == []
            seen += noise_told_in_order(game.log.lines)
    assert seen >= 3            # the walk met zombies that noise brought (overruns, barricades broken)


@pytest.mark.parametrize("players", [4, 5])
def test_noise_brings_its_zombie_after_its_own_roll_in_warring_colonies(bundle, players):
    seen = 0
    for seed in range(10):
        g = ColoniesGame(bundle, seed=seed, players=players, check=True)
        seats = {}
        for i, p in enumerate(g.state.players):
            agent = LoneWolfBot(seed * 1000 + i) if p.id == g.state.wolf else ColoniesBot(seed * 1000 + i)
            agent.observe(g)
            seats[p.id] = agent
        assert g.run(seats)["violations"] == []
        seen += noise_told_in_order(g.log.lines)
    assert seen >= 3            # the walk met zombies that noise brought
