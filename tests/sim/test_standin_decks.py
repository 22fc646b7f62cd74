"""The stand-ins that decide how long games last: themed location decks and the round track an objective's text gives."""
from __future__ import annotations

from collections import Counter

import pytest

from dow.runtime.engine import Game
from dow.runtime.engine.common import slug
from dow.runtime.engine.decks import location_deck


def deck_kinds(game: Game, lid: str) -> Counter:
    """What kinds a location's item deck holds, by item slug."""
    return Counter(slug(game.state.cards[c]) for c in game.state.locations[lid].deck)


def test_each_location_is_dealt_its_themed_stand_in_deck_of_the_rulebooks_size(bundle):
    rules = bundle["rulesets"]["base"]
    game = Game(bundle, seed=1, players=4)
    size = rules["setup"]["item_deck_size"]
    for lid, loc in game.state.locations.items():
        if loc.colony:
            continue
        assert len(loc.deck) == size                                  # 20 per location (Game Components)
        assert deck_kinds(game, lid) == Counter(rules["stand_ins"]["location_decks"][slug(loc.card)])


def test_the_crisis_kinds_are_found_where_the_theme_puts_them(bundle):
    game = Game(bundle, seed=2, players=4)
    fuel = {lid: deck_kinds(game, lid)["fuel"] for lid in game.state.locations if not game.state.locations[lid].colony}
    medicine = {lid: deck_kinds(game, lid)["medicine"] for lid in fuel}
    assert max(fuel, key=fuel.get) == "gas_station" and max(medicine, key=medicine.get) == "hospital"


def test_a_location_without_a_themed_deck_gets_every_kind_in_turn():
    made = []
    deck = location_deck({"location_decks": {"school": {"fuel": 2}}}, "base.location.library", 0,
                         ["base.item.fuel", "base.item.junk"], 5, lambda c: made.append(c) or c)
    assert deck == ["base.item.fuel", "base.item.junk"] * 2 + ["base.item.fuel"]


def test_a_themed_deck_naming_an_item_the_bundle_lacks_falls_back_to_every_kind():
    deck = location_deck({"location_decks": {"school": {"crowbar": 3}}}, "base.location.school", 1,
                         ["base.item.fuel", "base.item.junk"], 3, lambda c: c)
    assert len(deck) == 3 and set(deck) == {"base.item.fuel", "base.item.junk"}


@pytest.mark.parametrize("objective,rounds", [("eight-weeks-of-darkness", 8), ("winter-has-come", 8),
                                              ("too-many-mouths", 5), ("kill-them", 7)])
def test_the_round_track_comes_from_the_objectives_own_text_where_it_gives_one(bundle, objective, rounds):
    game = Game(bundle, seed=0, players=4, objective=f"base.main-objective.{objective}")
    assert game.state.round == rounds            # Kill Them's text gives none: the stand-in 7


def test_the_heuristic_bot_looks_for_the_crisis_kind_where_the_stand_in_deck_holds_it(bundle):
    from dow.runtime.engine.bots.base import HeuristicBot
    from dow.runtime.engine.bots.view import View
    game = Game(bundle, seed=3, players=4)
    bot = HeuristicBot(0)
    bot.observe(game)
    bot.view = View(game, "p1")
    ctx = {"prevent": {"fuel"}, "crisis_short": 3, "matching": 0, "short_food": 0, "food_cards": 1}
    assert bot.lacking(ctx) == {"fuel"}
    towns = [lid for lid, loc in game.state.locations.items() if not loc.colony]
    assert max(towns, key=lambda lid: bot.serves(lid, {"fuel"})) == "gas_station"
    assert bot.lacking(dict(ctx, matching=3)) == set()          # the hand fills the crisis: nothing to look for


@pytest.mark.parametrize("result,kind", [
    ({"winners": [], "betrayers": ["p2"], "ending": "morale"}, "nobody"),
    ({"winners": ["p1", "p3"], "betrayers": ["p2"], "ending": "objective"}, "colony"),
    ({"winners": ["p2"], "betrayers": ["p2"], "ending": "morale"}, "betrayer"),
    ({"winners": ["p2", "p4"], "betrayers": ["p2"], "ending": "morale"}, "betrayer"),
    ({"winners": ["p1"], "betrayers": [], "ending": "morale"}, "exiled"),   # an exiled player's stand-in goal
])
def test_who_won_a_base_game_is_told_apart_from_exiled_players_wins(result, kind):
    from dow.runtime.engine.sim import winner_kind
    assert winner_kind(result) == kind


@pytest.mark.parametrize("objective,each", [("kill-them", 2), ("eight-weeks-of-darkness", 0)])
def test_an_objectives_stand_in_set_up_zombies_are_at_each_non_colony_location(bundle, objective, each):
    """content/base/ruleset.yaml objective_zombies (docs/runtime.md): Kill Them's set-up places 2 zombies at each
    non-colony location, so its goal ('3 or fewer zombies at all non-colony locations combined', reference data)
    is not met before a zombie is killed; an objective without the stand-in starts the town empty."""
    game = Game(bundle, seed=0, players=4, objective=f"base.main-objective.{objective}")
    outside = [loc for loc in game.state.locations.values() if not loc.colony]
    assert [sum(loc.zombies) for loc in outside] == [each] * len(outside)
    assert sum(sum(loc.zombies) for loc in game.state.locations.values() if loc.colony) == 0
    if each:
        assert sum(sum(loc.zombies) for loc in outside) > 3      # the goal's edge: not met at the start
