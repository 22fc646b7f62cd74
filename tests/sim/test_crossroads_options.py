"""The heuristic bot weighs a crossroads card's options from the card as printed (public), instead of
always taking the first one: better for the colony when loyal, worse when a betrayer turns."""
from __future__ import annotations

from dow.runtime.decisions import OPTION, VOTE, Decision
from dow.runtime.engine.bots.options import best_option, option_values
from dow.runtime.engine.sim import play_game

from test_heuristic import seated


def card(bundle, slug):
    return next(c for c in bundle["cards"] if c["id"] == f"base.crossroads.{slug}")


def test_an_option_that_loses_morale_weighs_less_than_one_that_does_not(bundle):
    # Helpless: option 1 kills the helpless survivors (each death costs morale), option 2 keeps them
    helpless = option_values(card(bundle, "helpless"))
    assert helpless[0] < helpless[1]
    # Airplane: option 1 gains morale (at a shared cost), option 2 is nothing
    deputy = option_values(card(bundle, "airplane"))
    assert deputy[0] > deputy[1]
    # The Deputy: option 1's weapons come with one more requirement of the main objective, which the
    # colony weighs as a loss (no zombies at three places, for the rest of the game)
    assert option_values(card(bundle, "the-deputy"))[0] < 0


def test_the_best_option_is_among_those_offered_and_ties_keep_the_printed_order(bundle):
    deputy = card(bundle, "airplane")
    assert best_option(deputy, (0, 1)) == 0
    assert best_option(deputy, (1,)) == 1                        # only what is offered
    assert best_option(deputy, (0, 1), betrayer=True) == 1       # a betrayer turning picks the worse
    voyeur = card(bundle, "voyeur")
    values = option_values(voyeur)
    assert values[0] == values[1] and best_option(voyeur, (0, 1)) == 0


def test_the_bot_votes_and_chooses_by_the_options_worth(bundle):
    game, seats, d = seated(bundle)
    me = d.player
    bot = seats[me]
    game.state.player(me).betrayer = False
    src = {"crossroads": "base.crossroads.helpless"}
    assert bot.answer(Decision(VOTE, me, (0, 1), prompt="vote", src=src)) == 1
    src = {"crossroads": "base.crossroads.airplane"}
    assert bot.answer(Decision(OPTION, me, (0, 1), prompt="choose", src=src)) == 0


def test_heuristic_games_take_other_options_than_the_first(bundle):
    taken = []
    for seed in range(20):
        game, _, _ = play_game(bundle, seed, 4, agents="heuristic")
        taken += [ln["params"]["option"] for ln in game.log.lines
                  if ln["event"] == "crossroads_resolved" and ln["params"]["option"]]
    assert taken, "no crossroads card resolved in 20 games"
    assert any(o != 1 for o in taken), "every crossroads card resolved with its first option"
