"""What the reference engine's log tells happens after what caused it: a line a rule brings follows the
line of that rule's own roll, so a reader never pins it on an earlier one. Walked over whole seeded games
of the base game and of Warring Colonies (with and without the Lone Wolf), bots and random players.

* seed 004, II. Colony Phase, 4. Add Zombies: "One at a time remove each noise token at a location and roll
  an action die for each. Add a zombie to that location on each roll of 3 or lower"; Adding Zombies: the
  zombie may break a barricade or overrun the entrance, killing a survivor. Each of those lines (their
  ``src`` is the noise rule) belongs to the location whose roll was told just before it, never to the
  previous location's roll (issue 33: "Noise die rolled at the grocery store: 1. / Entrance 1 of the
  school is overrun!" told the school's zombie after the grocery store's roll, before the school's).
* seed 000, Guerra entre as colônias 3, Acrescentar 2 fichas de munição, Andar para um local cheio and the
  cards that trade bullets: every change of a colony's bullet supply is a line of the log with its amount
  (``pay`` for a card's cost, ``sent_home`` with ``bullets``, ``add_tokens``/``remove_tokens`` on
  ``bullets:<side>``, ``bullet_bids``, ``bullets_added``), so the supplies the log states add up."""
from __future__ import annotations

import pytest

from dow.runtime.engine.colonies import ColoniesBot, ColoniesGame
from dow.runtime.engine.colony_lonewolf import LoneWolfBot
from dow.runtime.engine.sim import play_game


def colonies_game(bundle: dict, seed: int, players: int) -> ColoniesGame:
    """A whole seeded Warring Colonies game played by the bots (the Lone Wolf's own with an odd count)."""
    g = ColoniesGame(bundle, seed=seed, players=players, check=True)
    seats = {}
    for i, p in enumerate(g.state.players):
        agent = LoneWolfBot(seed * 1000 + i) if p.id == g.state.wolf else ColoniesBot(seed * 1000 + i)
        agent.observe(g)
        seats[p.id] = agent
    assert g.run(seats)["violations"] == []
    return g


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
        g = colonies_game(bundle, seed, players)
        seen += noise_told_in_order(g.log.lines)
    assert seen >= 3            # the walk met zombies that noise brought


def bullets_told(g: ColoniesGame) -> int:
    """Recount each colony's bullet supply from the log's lines alone, checking it against every line that
    states the supplies: set-up, the bids (what a leader may bid is what the supply holds), the colony
    phase's 2 bullets. Returns how many supplies it checked."""
    teams = g.state.teams
    have: dict[str, int] = {}
    checked = 0
    for line in g.log.lines:
        ev, p = line["event"], line.get("params") or {}
        if ev == "setup" and isinstance(p.get("bullets"), dict):
            have = dict(p["bullets"])
        elif ev in ("add_tokens", "remove_tokens") and p.get("token") == "bullet":
            side = p["place"].split(":", 1)[1]
            assert p["place"].startswith("bullets:") and side in ("a", "b", "w"), line
            if side in have:
                have[side] = have[side] + p["count"] if ev == "add_tokens" else max(0, have[side] - p["count"])
        elif ev == "pay" and p["cost"].get("op") == "spend_tokens" and p["cost"].get("token") == "bullet":
            have[teams[p["player"]]] -= p["cost"]["count"]
        elif ev == "sent_home" and isinstance(p.get("bullets"), int):
            have[teams[p["by"]]] -= p["bullets"]
        elif ev == "bullet_bids":
            for side, bid in p["bids"].items():
                assert 0 <= bid <= have[side], (line, have)
                have[side] -= bid
        elif ev == "bullets_added":
            assert p["bullets"] == {side: n + g.wc["bullets_per_round"] for side, n in have.items()}, (line, have)
            have = dict(p["bullets"])
            checked += 1
    assert have == {side: g.state.bullets[side] for side in have}
    return checked


@pytest.mark.parametrize("players", [4, 5, 6])
def test_every_change_of_a_colonys_bullets_is_a_line_of_the_log(bundle, players):
    """seed 000, Guerra entre as colônias 3 (the bid bullets are discarded, the others go back to the
    supply), Acrescentar 2 fichas de munição, Andar para um local cheio (1 or 2 bullets to send an enemy
    home) and the cards that spend or add bullets (Scott Wheeler, Atticus Sanders): the engine logs every
    change of a bullet supply with its amount, so the supplies the log states add up (issue 33: "bid 5,
    leaving 1, then +2 makes 2" was a bullet Scott Wheeler traded for food, a ``pay`` line, before the bid)."""
    checked = 0
    for seed in range(8):
        g = colonies_game(bundle, seed, players)
        checked += bullets_told(g)
    assert checked >= 8
