"""The invariant check still catches every kind of broken invariant: its quick question
(``invariants_hold``, asked after every step) answers no whenever the worded report
(``invariant_report``) finds something, and a game's ``verify`` then records what it found.

Each planting breaks one invariant of the report, in a copy of a real game's state taken at several
points of seeded games (base game and Warring Colonies); the clean states must pass both ways."""
from __future__ import annotations

import copy
from typing import Callable

import pytest

from dow.runtime.decisions import RandomAgent
from dow.runtime.engine.sim import new_game
from dow.runtime.engine.state import State, check_invariants, invariant_report, invariants_hold


def _loc(s: State, need: Callable = lambda loc: True):
    return next((loc for loc in s.locations.values() if loc.zombies and need(loc)), None)


def _in_play(s: State):
    return next((v for v in s.survivors.values() if v.place == "play"), None)


def _in_deck(s: State):
    return next((v for v in s.survivors.values() if v.place == "deck"), None)


def _with_hand(s: State):
    return next((p for p in s.players if p.hand), None)


def _set(obj, name, value):
    setattr(obj, name, value)
    return True


def _overfull(s):
    loc = _loc(s)
    if loc is None:
        return False
    loc.zombies[0] = loc.entrance_spaces + 1 - loc.barricades[0]
    return True


def _negative_barricade(s):
    loc = _loc(s)
    return loc is not None and _set(loc, "barricades", [-1, *loc.barricades[1:]])


def _extra_barricade(s):            # an entrance list longer than the other, its extra entry negative
    loc = _loc(s)
    return loc is not None and _set(loc, "barricades", [*loc.barricades, -1])


def _dead_twice(s):
    if not s.dead:
        return False
    s.dead.append(s.dead[0])
    return True


def _living_dead(s):
    v = _in_play(s)
    return v is not None and (s.dead.append(v.id) or True)


def _deck_but_not_in_deck(s):
    v = _in_deck(s)
    return v is not None and (s.survivor_deck.remove(v.id) or True)


def _out_of_group(s):
    v = _in_play(s)
    if v is None:
        return False
    s.player(v.controller).survivors.remove(v.id)
    return True


def _group_lists_deck_survivor(s):
    v = _in_deck(s)
    return v is not None and (s.players[0].survivors.append(v.id) or True)


def _card_twice(s):
    p = _with_hand(s)
    return p is not None and (s.waste.append(p.hand[0]) or True)


def _card_lost(s):
    p = _with_hand(s)
    return p is not None and (p.hand.pop() and True)


def _card_swapped(s):              # as many places as cards, but one card in two and another in none
    p = _with_hand(s)
    if p is None or len(p.hand) < 2:
        return False
    p.hand[1] = p.hand[0]
    return True


#: (name, planting, words the report uses for it): each planting breaks one invariant
PLANTINGS: list[tuple[str, Callable[[State], bool], str]] = [
    ("storage zombies", lambda s: _set(s, "storage_zombies", -1), "negative zombies in storage"),
    ("food", lambda s: _set(s, "food", -1), "negative food"),
    ("starvation", lambda s: _set(s, "starvation", -2), "negative food"),
    ("noise below 0", lambda s: _set(next(iter(s.locations.values())), "noise", -1), "negative tokens"),
    ("helpless below 0", lambda s: _set(next(iter(s.locations.values())), "helpless", -1), "negative tokens"),
    ("noise over its spaces", lambda s: _set(next(iter(s.locations.values())), "noise",
                                             next(iter(s.locations.values())).noise_spaces + 1), "noise tokens in"),
    ("entrance overfull", _overfull, "an entrance holds"),
    ("negative barricade", _negative_barricade, "negative tokens"),
    ("entrances of two lengths", _extra_barricade, "negative tokens"),
    ("dead twice", _dead_twice, "among the dead"),
    ("living among the dead", _living_dead, "among the dead"),
    ("deck survivor not in the deck", _deck_but_not_in_deck, "not in exactly one place"),
    ("nowhere", lambda s: _in_play(s) is not None and _set(_in_play(s), "place", "limbo"), "not in exactly one place"),
    ("in play at no location", lambda s: _in_play(s) is not None and _set(_in_play(s), "location", "nowhere"),
     "without a location"),
    ("frostbite over wounds", lambda s: _in_play(s) is not None and _set(_in_play(s), "frostbite", 1)
     and _set(_in_play(s), "wounds", 0), "impossible wounds"),
    ("negative wounds", lambda s: _set(next(iter(s.survivors.values())), "wounds", -1), "impossible wounds"),
    ("controlled outside its group", _out_of_group, "not in their group"),
    ("group lists a survivor not in play", _group_lists_deck_survivor, "which it does not control"),
    ("die off 1..6", lambda s: s.players[0].unused.append(7) or True, "action die off"),
    ("card in two places", _card_twice, "cards in two places"),
    ("card lost", _card_lost, "in its zones"),
    ("card in two places, another lost", _card_swapped, "cards in two places"),
]
BASE_ONLY = [("morale off its track", lambda s: _set(s, "morale", 99), "off its track")]
COLONIES_ONLY = [
    ("colony morale off its track", lambda s: s.colony_morale.__setitem__("a", 99) or True, "colony a: morale"),
    ("negative bullets", lambda s: s.bullets.__setitem__("a", -1) or True, "bullets"),
]

GAMES = [(2, 4, ()), (9, 5, ()), (4, 11, ("warring-colonies",)), (6, 7, ("warring-colonies",))]


def moments(bundle, seed, players, variants, every=12, steps=600):
    """A seeded game (random agents) at every ``every``-th of its first ``steps`` decisions."""
    game = new_game(bundle, seed, players, True, variants=variants)
    agent = RandomAgent(seed)
    decision = game.advance()
    for i in range(steps):
        if decision is None:
            return
        if i % every == 0:
            yield game
        decision = game.advance(agent.answer(decision))


@pytest.mark.parametrize("seed,players,variants", GAMES)
def test_every_planted_violation_is_caught(bundle, seed, players, variants):
    colonies = "warring-colonies" in variants
    plantings = PLANTINGS + (COLONIES_ONLY if colonies else BASE_ONLY)
    planted = {name: 0 for name, _, _ in plantings}
    clean = 0
    for game in moments(bundle, seed, players, variants):
        kept = game.state
        assert game.violations == []
        if not colonies:                     # both ways give one answer (mid set-up, dealt survivors are nowhere)
            report = invariant_report(kept, game.total_cards, game.rules)
            assert invariants_hold(kept, game.total_cards, game.rules) == (report == [])
            if report:
                continue
        else:
            game.verify("clean")
            if game.violations:              # mid set-up: not a state the game checks
                game.violations = []
                continue
        clean += 1
        for name, plant, words in plantings:
            broken = copy.deepcopy(kept)
            if not plant(broken):
                continue                     # nothing to break that way at this moment
            planted[name] += 1
            game.state = broken
            try:
                game.verify("planted")
            finally:
                game.state = kept
            found, game.violations = game.violations, []
            assert any(words in v for v in found), (name, found)
            assert all(v.startswith("planted: ") for v in found)
            if not colonies:                 # the quick question says no, and the report is the whole answer
                assert not invariants_hold(broken, game.total_cards, game.rules), name
                assert check_invariants(broken, game.total_cards, game.rules) == \
                    invariant_report(broken, game.total_cards, game.rules)
                assert found == [f"planted: {v}" for v in invariant_report(broken, game.total_cards, game.rules)]
        game.verify("clean again")
        assert game.violations == []
    assert clean >= 3
    # every planting but those that need the dead ran at least once in this game
    assert all(n for name, n in planted.items() if name != "dead twice"), planted
