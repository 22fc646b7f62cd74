"""Each bot at the seat it plays, or a sentence saying which bot plays it (embedding trial 3, findings 1-4).

A bot that reads the table reads it as one player: one HeuristicBot or SearchBot answering for every seat
answered one player's plans for another (a SearchBot then made the engine play a card from the wrong hand:
`list.remove(x): x not in list`). The colony bots play a colony's seat and LoneWolfBot the Lone Wolf's.
A bot shown no game answers every kind of decision without reading a table, LoneWolfBot included. play_game's `agents` names bots;
an agent object goes in `seated`.
"""
from __future__ import annotations

import pytest

from dow.runtime.agents import (BaseBot, ColoniesBot, ColoniesHeuristicBot, HeuristicBot, LoneWolfBot, RandomAgent,
                                SearchBot, SeatError)
from dow.runtime.decisions import AMOUNT, MAY, OPTION, TARGETS, VOTE, Decision
from dow.runtime.engine.game import Game
from dow.runtime.engine.sim import play_game

DECISIONS = [Decision(OPTION, "p1", (0, 1, 2), prompt="option"), Decision(MAY, "p1", prompt="may"),
             Decision(AMOUNT, "p1", min=0, max=3, prompt="amount"), Decision(VOTE, "p1", ("yes", "no"), prompt="vote"),
             Decision(TARGETS, "p1", ("s:a", "s:b", "s:c"), 1, 2, prompt="targets")]


@pytest.mark.parametrize("bot", [BaseBot, HeuristicBot, SearchBot, ColoniesBot, ColoniesHeuristicBot, LoneWolfBot])
def test_a_bot_shown_no_game_answers_every_kind_of_decision_without_a_table(bot):
    for decision in DECISIONS:
        decision.check(bot(1).answer(decision))         # a fitting answer (ValueError otherwise), no table read


@pytest.mark.parametrize("bot", [HeuristicBot, SearchBot])
def test_a_table_reading_bot_refuses_a_second_seat_by_name(bundle, bot):
    game = Game(bundle, seed=7, players=2)
    one = bot(1, playouts=2) if bot is SearchBot else bot(1)
    one.observe(game)
    with pytest.raises(SeatError, match=r"plays one seat \(p\d\), not p\d too: give each seat a bot of its own"):
        game.run(one)
    game = Game(bundle, seed=7, players=2)
    seats = {p: (bot(i, playouts=2) if bot is SearchBot else bot(i)) for i, p in enumerate(("p1", "p2"))}
    for seated in seats.values():
        seated.observe(game)
    assert game.run(seats)["rounds"] >= 1                    # one bot a seat plays the game out


def test_the_colony_bots_and_the_lone_wolf_bot_keep_to_their_seats(bundle):
    for colony_bot in (ColoniesBot, ColoniesHeuristicBot):
        with pytest.raises(SeatError, match="plays a colony's seat, not the Lone Wolf's"):
            play_game(bundle, seed=7, players=5, agents="bot", variants=["warring-colonies"],
                      seated={"p5": colony_bot(1)})
    with pytest.raises(SeatError, match="LoneWolfBot plays the Lone Wolf's seat, not p1's"):
        play_game(bundle, seed=7, players=5, agents="bot", variants=["warring-colonies"], seated={"p1": LoneWolfBot(1)})
    _, _, result = play_game(bundle, seed=7, players=5, agents="bot", variants=["warring-colonies"],
                             seated={"p5": LoneWolfBot(3)})
    assert result["rounds"] >= 1


def test_play_game_says_where_an_agent_object_goes(bundle):
    with pytest.raises(TypeError, match=r"not an agent \(RandomAgent\): put an agent of your own in seated"):
        play_game(bundle, seed=7, players=2, agents=RandomAgent(1))   # type: ignore[arg-type]
