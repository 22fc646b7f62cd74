"""The search bot: it sees only what its player sees (its copies of the game are dealt again wherever the
player cannot see), it is deterministic for a seed, and it answers through the engine's decisions."""
from __future__ import annotations

import copy
import random

from test_heuristic import hide_and_scramble

from dow.runtime.engine.bots.search import SearchBot, determinize
from dow.runtime.engine.bots.view import View
from dow.runtime.engine.common import ACTION
from dow.runtime.engine.sim import agents_for, new_game
from dow.runtime.replay import Recorder


def hidden(game, me: str) -> tuple:
    """Everything player ``me`` cannot see, as plain data (instances named by card id)."""
    s = game.state
    name = s.cards.get
    return (tuple(tuple(map(name, p.hand)) for p in s.players if p.id != me),
            tuple(tuple(map(name, l.deck)) for l in s.locations.values()),
            tuple((name(c), w) for c, w in s.crisis_added),
            tuple((name(p.secret), p.betrayer) for p in s.players if p.id != me), tuple(map(name, s.secret_box)),
            tuple(map(name, s.crossroads)), tuple(map(name, s.crisis_deck)), tuple(s.survivor_deck),
            tuple(tuple(p.unused) for p in s.players if p.id != me), game.rng.random())


def a_loyal_search_decision(bundle, seed: int, skip: int):
    """A game played by heuristic bots up to a loyal player's turn action (the ``skip``-th), and a search bot
    sitting in that seat."""
    game = new_game(bundle, seed, 4)
    seats = agents_for("heuristic", seed, 4)
    for agent in seats.values():
        agent.observe(game)
    decision, seen = game.advance(), 0
    while decision is not None:
        if decision.prompt == ACTION and not game.state.player(decision.player).betrayer and len(decision.choices) > 3:
            seen += 1
            if seen > skip:
                break
        decision = game.advance(seats[decision.player].answer(decision))
    assert decision is not None, "the game ended before the decision the test needs"
    bot = SearchBot(seed, playouts=2, width=3)
    bot.observe(game)
    return game, decision, bot


def test_a_determinized_copy_does_not_depend_on_what_the_player_cannot_see(bundle):
    """Two copies that differ only in hidden cards (other hands, decks, crisis cards, secrets, deck order)
    come out of the determinization the same: nothing hidden reaches the search."""
    game, decision, bot = a_loyal_search_decision(bundle, 7, 4)
    me = decision.player
    bot.view = View(game, me)                                   # made on its first decision otherwise
    first, second = bot.rebuilt(), bot.rebuilt()
    hide_and_scramble(second, me, random.Random(99))
    assert hidden(first, me)[:4] != hidden(second, me)[:4]        # the scramble did change hidden cards
    determinize(first, me, random.Random(5))
    determinize(second, me, random.Random(5))
    assert hidden(first, me) == hidden(second, me)
    assert all(line.get("private_to") in (None, me) for line in first.log.lines)   # no other player's lines
    mine = first.state.player(me)
    real = game.state.player(me)
    assert (mine.hand, mine.unused, mine.secret) == (real.hand, real.unused, real.secret)   # what it sees is kept


def test_the_search_bots_decision_is_the_same_whatever_it_cannot_see(bundle):
    for seed, skip in ((3, 2), (11, 5)):
        game, decision, bot = a_loyal_search_decision(bundle, seed, skip)
        before = copy.deepcopy(bot, {id(game): game}).answer(decision)
        hide_and_scramble(game, decision.player, random.Random(seed))
        after = copy.deepcopy(bot, {id(game): game}).answer(decision)
        assert before == after and before in decision.choices
        assert bot.played == 0                                   # the copies searched, not the bot itself


def test_the_search_bot_searches_and_is_deterministic_for_a_seed(bundle):
    digests, searched = [], []
    for _ in range(2):
        game = new_game(bundle, 5, 3)
        seats = {p: SearchBot(5 * 1000 + i, playouts=1, width=3) for i, p in enumerate(("p1", "p2", "p3"))}
        for agent in seats.values():
            agent.observe(game)
        game.run(Recorder(seats))
        digests.append(game.log.digest())
        searched.append(sum(a.searched for a in seats.values()))
    assert digests[0] == digests[1]
    assert searched[0] == searched[1] > 0


def test_a_search_seat_in_warring_colonies_plays_as_the_heuristic_colony_bot(bundle):
    from dow.runtime.engine.bots.colonies import ColoniesHeuristicBot
    game = new_game(bundle, 1, 4, variants=("warring-colonies",))
    seats = agents_for("search:heuristic", 1, 4, colonies=True, game=game)
    assert all(isinstance(a, ColoniesHeuristicBot) for a in seats.values())


def test_a_forked_playout_scores_as_a_rebuilt_copy_does_and_plays_to_the_games_end(bundle):
    """The cheap copy (a forked process) and the rebuilt one (the game replayed from its seed) are the same
    game: the same determinization and candidate give the same score; the real game is left untouched."""
    from dow.runtime.engine.bots import search
    game, decision, bot = a_loyal_search_decision(bundle, 7, 3)
    bot.view = View(game, decision.player)
    bot.horizon = None                                           # to the game's end
    before = game.log.digest()
    act = next(a for a in decision.choices if a[0] != "end")
    for seed in (1, 2, 3):
        fork = search.forked(lambda: bot.played_out(game, act, seed))
        rebuilt = bot.determinized(seed)
        assert fork is not None and rebuilt is not None
        assert fork == bot.playout(rebuilt, act, random.Random(seed))
        assert rebuilt.done and rebuilt.result is not None            # played to the game's end, not a horizon
        assert 0 <= fork <= search.LASTED or fork == 1.0
    assert game.log.digest() == before and game.pending is decision


def test_a_child_that_fails_gives_no_score():
    from dow.runtime.engine.bots.search import forked
    assert forked(lambda: 1 / 0) is None
    assert forked(lambda: 0.5) == 0.5


def a_loyal_crossroads_choice(bundle):
    """A game played by heuristic bots up to a loyal player's choice of a crossroads option, and a search bot in
    that seat."""
    for seed in range(40):
        game = new_game(bundle, seed, 4)
        seats = agents_for("heuristic", seed, 4)
        for agent in seats.values():
            agent.observe(game)
        decision = game.advance()
        while decision is not None:
            if decision.prompt in ("choose", "vote") and decision.src.get("crossroads") and \
                    not game.state.player(decision.player).betrayer and len(decision.choices) >= 2:
                bot = SearchBot(seed)
                bot.observe(game)
                return game, decision, bot
            decision = game.advance(seats[decision.player].answer(decision))
    raise AssertionError("no loyal crossroads choice in these games")


def test_a_crossroads_choice_is_searched_from_the_heuristics_reading_of_the_card(bundle):
    """The options are played forward as turn actions are: the heuristic's reading first, kept unless another
    option's playouts are ahead by the margin."""
    import copy as copying
    from dow.runtime.engine.bots.base import HeuristicBot
    game, decision, bot = a_loyal_crossroads_choice(bundle)
    reading = copying.deepcopy(HeuristicBot(0), {id(game): game})
    reading.observe(game)
    first = reading.answer(decision)
    other = next(c for c in decision.choices if c != first)
    for lead, want in ((0.0, first), (bot.ahead * 4, other)):
        trial = copying.deepcopy(bot, {id(game): game})
        asked: list = []

        def fake(act, seeds, asked=asked, lead=lead):
            asked.append(act)
            return [0.5 + (lead if act == other else 0.0)] * len(seeds)
        trial.evaluate = fake
        assert trial.answer(decision) == want
        assert asked[0] == first and other in asked
