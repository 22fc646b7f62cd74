"""The search bot's value of a position (engine/bots/value.py) and its playouts to a horizon."""
from __future__ import annotations

import random

from test_search_bot import a_loyal_search_decision

from dow.runtime.engine.bots import value
from dow.runtime.engine.bots.view import View
from dow.runtime.engine.sim import new_game


def test_the_committed_weights_fit_the_features(bundle):
    game = new_game(bundle, 3, 4)
    assert len(value.WEIGHTS) == len(value.NAMES) == len(value.features(game))
    assert any(value.WEIGHTS)                                    # fitted, not the zero placeholder


def test_more_morale_and_fewer_rounds_to_go_raise_the_colonys_chance(bundle):
    """On a Kill Them table (seed 3's objective): the rounds left count against the colony there, as in most
    objectives; the test below shows one where they count for it."""
    game = new_game(bundle, 3, 4, objective="base.main-objective.kill-them")
    s = game.state
    s.morale, s.round = 5, 4
    middle = value.colony_chance(game)
    assert 0 < middle < 1
    s.morale = 6
    assert value.colony_chance(game) > middle
    s.morale = 4
    assert value.colony_chance(game) < middle
    s.morale, s.round = 5, 3
    assert value.colony_chance(game) > middle
    s.round = 5
    assert value.colony_chance(game) < middle


def test_each_main_objective_weighs_the_rounds_left_its_own_way(bundle):
    """The round track running out is the colony's win in Too Many Mouths (survive 5 rounds) and the end of its
    time in Find a Cure (medicine to store): fewer rounds left raise the colony's chance in the first and lower
    it in the second, on the same table."""
    chances = {}
    for objective in ("base.main-objective.too-many-mouths", "base.main-objective.find-a-cure"):
        game = new_game(bundle, 3, 4, objective=objective)
        assert value.objective_features(game)[0] in value.OBJECTIVE_WEIGHTS
        game.state.morale = 5
        chances[objective] = []
        for rounds in (2, 4):
            game.state.round = rounds
            chances[objective].append(value.colony_chance(game))
    few, many = chances["base.main-objective.too-many-mouths"]
    assert few > many
    few, many = chances["base.main-objective.find-a-cure"]
    assert few < many


def test_an_objective_the_fit_never_met_is_valued_by_the_shared_weights(bundle, monkeypatch):
    game = new_game(bundle, 3, 4)
    objective = value.objective_features(game)[0]
    shared = sum(w * x for w, x in zip(value.WEIGHTS, value.features(game)))
    monkeypatch.delitem(value.OBJECTIVE_WEIGHTS, objective)
    assert abs(value.colony_chance(game) - 1 / (1 + 2.718281828459045 ** -shared)) < 1e-9


def test_the_fit_finds_the_sign_and_size_of_a_known_effect():
    rng = random.Random(1)
    rows, labels = [], []
    for _ in range(3000):
        x = rng.uniform(-3, 3)
        p = 1 / (1 + 2.718281828 ** -(0.5 + 1.5 * x))
        rows.append([1.0, x, rng.uniform(-1, 1)])               # the third feature is noise
        labels.append(int(rng.random() < p))
    w = value.fit(rows, labels, l2=0.01)
    assert abs(w[0] - 0.5) < 0.25 and abs(w[1] - 1.5) < 0.3 and abs(w[2]) < 0.25
    assert value.log_loss(w, rows, labels) < value.log_loss([0.0, 0.0, 0.0], rows, labels)


def test_a_playout_stops_at_its_horizon_and_scores_the_estimate(bundle):
    """With a horizon of one round the copy stops at the next round's first decision (its colony phase played)
    and scores the estimated chance; with none it plays to the game's end."""
    game, decision, bot = a_loyal_search_decision(bundle, 7, 3)
    bot.view = View(game, decision.player)
    start = game.state.rounds_played
    act = next(a for a in decision.choices if a[0] != "end")
    bot.horizon = 1
    copy = bot.determinized(1)
    score = bot.playout(copy, act, random.Random(1))
    if copy.result is None:
        assert copy.state.rounds_played == start + 1 and copy.pending is not None
        assert score == value.colony_chance(copy)
    else:                                                       # the game ended within the round
        assert copy.state.rounds_played == start and score in (0.0, 1.0)
    bot.horizon = 2
    further = bot.determinized(1)
    bot.playout(further, act, random.Random(1))
    assert further.result is not None or further.state.rounds_played == start + 2
    bot.horizon = None
    whole = bot.determinized(1)
    bot.playout(whole, act, random.Random(1))
    assert whole.result is not None


def test_another_candidate_replaces_the_heuristics_choice_only_when_it_is_ahead_by_the_margin(bundle):
    """The search's margin, on both sides: a candidate ahead by less than ``ahead`` leaves the heuristic's first
    choice; ahead by more, it is played."""
    import copy as copying
    for seed, skip in ((3, 2), (11, 5), (7, 3)):
        game, decision, bot = a_loyal_search_decision(bundle, seed, skip)
        picks = {}
        for lead in (bot.ahead * 0.5, bot.ahead * 2):
            trial = copying.deepcopy(bot, {id(game): game})
            asked: list[tuple] = []

            def fake(act, seeds, asked=asked, lead=lead):
                asked.append(act)
                return [0.5 + (lead if act == ("end",) else 0.0)] * len(seeds)   # ending the turn, the last, leads
            trial.evaluate = fake
            picks[lead] = (trial.answer(decision), list(asked))
        (small, asked_small), (large, asked_large) = picks.values()
        if not asked_small:
            continue                                            # nothing to weigh at this decision
        assert small == asked_small[0] != ("end",)              # the heuristic's first candidate kept
        assert large == ("end",) and asked_large == asked_small
        break
    else:
        raise AssertionError("no decision of these games was searched")
