"""Every choice the rules give a player is asked (issue 33): whole games of every game and variant, with
agents that record each question, and a watcher on the engine's remaining picks for a player
(``decisions.picked_for_player``): a pick among more than one option the engine made without asking fails."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from dow.runtime.decisions import Decision
from dow.runtime.engine.sim import agents_for, new_game

#: (variants, players, agents kind, seeds): the base game, Warring Colonies (the Lone Wolf with an odd count),
#: its quick game, and the Random Items module on both (its item cards are not transcribed: test-only copies of
#: Junk stand in for them, as in test_colonies_variants.py)
PLAYS = [((), 4, "bot", range(1, 4)), ((), 5, "random", range(1, 4)), ((), 4, "heuristic", range(1, 3)),
         (("random-items",), 4, "random", range(1, 3)), (("warring-colonies", "random-items"), 6, "bot", range(1, 2)),
         (("warring-colonies",), 4, "bot", range(1, 3)), (("warring-colonies",), 6, "random", range(1, 3)),
         (("warring-colonies",), 5, "bot", range(1, 3)), (("warring-colonies",), 7, "random", range(1, 3)),
         (("warring-colonies", "quick"), 4, "bot", range(1, 3)), (("warring-colonies",), 6, "heuristic", range(1, 2))]


def _with_random_items(bundle: dict, n: int) -> dict:
    """A bundle copy holding ``n`` test-only Warring Colonies item cards (copies of Junk: none is transcribed)."""
    out = copy.deepcopy(bundle)
    junk = next(c for c in out["cards"] if c["id"] == "base.item.junk")
    out["cards"] += [{**junk, "id": f"warring-colonies.item.test-only-{k}", "set": "warring-colonies"}
                     for k in range(n)]
    return out


class Asked:
    """Wraps the seats' agents: every question asked, by prompt."""

    def __init__(self, seats: dict[str, Any]):
        self.seats, self.prompts = seats, {}

    def answer(self, d: Decision) -> Any:
        self.prompts[d.prompt] = self.prompts.get(d.prompt, 0) + 1
        return self.seats[d.player].answer(d)


@pytest.fixture
def picks() -> list[tuple]:
    """The engine's picks for a player among several options in the games a test plays (_play gives
    each game a watcher that adds to it: the game's pick_watchers)."""
    return []


def _play(bundle, variants, players, kind, seed, picks: list[tuple]) -> Asked:
    if "random-items" in variants:
        bundle = _with_random_items(bundle, 40)
    game = new_game(bundle, seed, players, variants=variants)
    game.pick_watchers.append(lambda *pick: picks.append(pick))
    seats = agents_for(kind, seed, players, colonies="warring-colonies" in variants, game=game)
    for agent in seats.values():
        if hasattr(agent, "observe"):
            agent.observe(game)
    asked = Asked(seats)
    game.run(asked)
    assert game.state.over and game.violations == []
    return asked


@pytest.mark.parametrize("variants,players,kind,seeds", PLAYS,
                         ids=[("-".join(p[0]) or "base") + f"-{p[1]}p-{p[2]}" for p in PLAYS])
def test_the_engine_picks_nothing_for_a_player(bundle, picks, variants, players, kind, seeds):
    prompts: dict[str, int] = {}
    for seed in seeds:
        for prompt, n in _play(bundle, variants, players, kind, seed, picks).prompts.items():
            prompts[prompt] = prompts.get(prompt, 0) + n
    assert "action" in prompts or "colony action" in prompts or len(prompts) > 3, prompts   # the games asked
    by_prompt: dict[str, list] = {}
    for player, prompt, options, picked in picks:
        by_prompt.setdefault(prompt, []).append((player, options, picked))
    assert not by_prompt, "the engine picked for a player: " + "; ".join(
        f"{prompt} ×{len(found)} (e.g. {found[0][0]} among {list(found[0][1])}: {found[0][2]!r})"
        for prompt, found in sorted(by_prompt.items()))


def test_winter_tricks_asks_its_players(bundle, picks):
    from dow.runtime.games.winter_tricks import new_game as wt_game
    from dow.runtime.games.winter_tricks_bot import agents_for as wt_agents
    for seed in (1, 2):
        seats = wt_agents("heuristic:random", seed, 4)
        asked = Asked(seats)
        game = wt_game(bundle, seed, 4, {p: _Relay(asked) for p in seats})
        game.run()
        assert asked.prompts and not game.check_invariants()
    assert picks == []


class _Relay:
    """A seat's agent that hands the question to the recorder (which asks the seat's own bot)."""

    def __init__(self, asked: Asked):
        self.asked = asked

    def observe(self, game: Any) -> None:
        for agent in self.asked.seats.values():
            if hasattr(agent, "observe"):
                agent.observe(game)

    def answer(self, d: Decision) -> Any:
        return self.asked.answer(d)


def test_the_bots_spend_the_cheapest_card_that_pays(bundle):
    """Which cards pay a cost is asked ("spend"); the bots give the cheapest (Food 1, not Food 3)."""
    from dow.runtime.engine.bots.base import HeuristicBot
    from dow.runtime.engine.sim import BaseBot
    game = new_game(bundle, 1, 4)
    by_def = {}
    for inst, cid in game.state.cards.items():
        by_def.setdefault(cid, inst)
    food1, food3 = by_def["base.item.food-1"], by_def["base.item.food-3"]
    ask = Decision("targets", "p1", (food3, food1), 1, 1, prompt="spend")
    for bot in (BaseBot(0), HeuristicBot(0)):
        bot.observe(game)
        assert bot.answer(ask) == (food1,), type(bot).__name__


def test_a_turn_action_asks_which_die_pays_and_spends_that_one(bundle):
    """An attack, a search, a barricade, an attract or a clean-up that more than one die could pay asks which;
    the action logged and the dice left are the answer's."""
    seen: list[tuple] = []
    for seed in (3, 4):
        game = new_game(bundle, seed, 4)
        seats = agents_for("bot", seed, 4, game=game)
        for agent in seats.values():
            agent.observe(game)

        class Highest:            # the bots' turns, paying with the highest die that could
            def answer(self, d: Decision) -> Any:
                if d.prompt != "die to spend":
                    return seats[d.player].answer(d)
                seen.append((d.player, d.choices, len(game.log.lines), game))
                return max(d.choices)
        game.run(Highest())
    assert len(seen) > 5, "few turn actions were paid with a choice of dice"
    for player, choices, at, game in seen:
        assert len(choices) > 1 and list(choices) == sorted(choices)      # the lowest first: the bots' answer
        action = next(ln for ln in game.log.lines[at:] if ln["event"] == "action")
        assert action["params"]["player"] == player and action["params"]["action"][-1] == max(choices)


def test_a_tie_for_the_first_colony_leader_is_rolled_for_not_given_to_the_earlier_seat(bundle):
    """Warring Colonies set-up (seed 000, Preparação 15): the player whose group leader has the most influence
    takes the colony leader token; group leaders of equal influence (the Warring Colonies survivors' influence
    is not transcribed) are settled by a die among the tied players, logged (the rulebook's own way with its
    ties, "jogue um dado em caso de empate"), the earlier seat no longer taking it."""
    class Stop(Exception):
        pass
    game = new_game(bundle, 2, 5, variants=("warring-colonies",))
    seats = agents_for("bot", 2, 5, colonies=True, game=game)
    for agent in seats.values():
        agent.observe(game)

    class UntilTheTurns:
        def answer(self, d: Decision) -> Any:
            if d.prompt in ("action", "movement"):
                raise Stop
            return seats[d.player].answer(d)
    with pytest.raises(Stop):
        game.run(UntilTheTurns())
    s = game.state
    ties = [ln["params"] for ln in game.log.lines if ln["event"] == "leader_tie_roll"]
    assert ties, "seed 2 of the 5-player game ties colony a's group leaders"
    for tie in ties:
        influence = {p: s.survivors[s.player(p).leader].influence for p in tie["players"]}
        members = [p.id for p in s.team_players(tie["colony"])]
        top = max(s.survivors[s.player(p).leader].influence for p in members)
        assert len(set(influence.values())) == 1 and top in influence.values() and len(tie["players"]) > 1
        assert tie["leader"] == tie["players"][(tie["roll"] - 1) % len(tie["players"])] == s.leaders[tie["colony"]]


def test_a_zombie_at_a_held_entrance_asks_which_tied_survivor_it_wounds(bundle):
    """Warring Colonies (seed 000, Aparecimento de zumbis): a zombie arriving at a full entrance that enemy
    survivors hold wounds the one with the lowest influence and sends it home; when several tie, their
    colony's leader chooses which (not the first by name)."""
    from dow.runtime.engine.colony_table import COLONIES
    from dow.runtime.engine.scenario import Scenario
    given = {"colonies": True, "survivors": {"brian-lee": {"player": "p1", "at": "colony"},
                                             "olivia-brown": {"player": "p3", "at": "enemy_colony"},
                                             "alexis-grey": {"player": "p4", "at": "enemy_colony"}}}
    sc = Scenario(bundle, None, {"name": "held", "given": given, "do": "finish", "cites": "seed 000"})
    g = sc.game
    s, h = g.state, g.host
    home_a = COLONIES["a"]
    enemies = sorted(sid for sid in s.entrance)
    assert len(enemies) == 2 and {s.entrance[sid] for sid in enemies} == {0}
    for sid in enemies:
        s.survivors[sid].influence = 40                    # tied on the lowest influence
    board = s.locations[home_a]
    board.zombies[0] = board.entrance_spaces - len(enemies)   # entrance 1 full: zombies and the two enemies
    for i in range(1, board.entrances):
        board.zombies[i] = 0
    assert h.held_tied(home_a, 0) == enemies and h.held_chooser(enemies) == s.leaders["b"]
    gen = g.colony_phase.step_add_zombies()
    d = next(gen)
    assert (d.prompt, d.player, set(d.choices)) == ("zombie wounds", s.leaders["b"], set(enemies))
    victim = enemies[1]
    try:
        d = gen.send(d.check([victim]))
        while True:
            d = gen.send(d.check(d.choices[0] if d.kind == "option" else tuple(d.choices[: d.min])))
    except StopIteration:
        pass
    wounded = [ln["params"]["survivor"] for ln in g.log.lines if ln["event"] == "zombie_at_held_entrance"]
    assert wounded[0] == victim and s.survivors[victim].wounds == 1 and s.survivors[enemies[0]].wounds == 0
