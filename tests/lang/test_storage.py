"""Storage, the colony phase, an offer to the players, a failed objective and per-player counts.

The families Winter Has Come and We Need More Samples are written in: cards put in storage and
counted there, 'at the start of each colony phase:', 'one player may …' with 'if nobody does:', 'the main
objective fails.', '3 for each player who started the game', 'the round number', and each zombie killed as
an event. The compile half reads the sentences; the engine half plays them on the reference engine.
"""
from __future__ import annotations

import pytest

from dow.compiler.language import bind_text
from dow.compiler.lower import Lowering
from dow.runtime.engine.scenario import Scenario
from helpers import error, tree

STORED = {"op": "in_zone", "zone": {"op": "zone", "zone": "storage"}}


# ---- the sentences -------------------------------------------------------------------------------------
def test_cards_in_storage_have_one_reading_at_or_in():
    """'the fuel cards in storage' and 'at the storage' are the same cards: the storage pile."""
    for words in ("in storage", "in the storage", "at the storage"):
        cond = tree(f"if the number of fuel cards {words} >= 8: end the game.")[0]["cond"]
        assert cond["left"]["selector"]["filters"] == [{"op": "card_type", "type": "fuel"}, STORED], words


def test_zombies_in_storage_are_the_zombies_at_the_storage():
    at = tree("if the number of zombies at the storage >= 6: end the game.")
    assert tree("if the number of zombies in storage >= 6: end the game.") == at
    assert at[0]["cond"]["left"]["selector"]["filters"] == [{"op": "at", "location": {"op": "location",
                                                                                        "id": "storage"}}]


def test_a_card_put_in_storage_moves_to_the_storage_pile():
    node = tree("put a fuel card in your hand in the storage.")[0]
    assert node["op"] == "move_cards" and node["to"] == {"op": "zone", "zone": "storage"}
    assert node["cards"]["filters"][0] == {"op": "card_type", "type": "fuel"}
    assert tree("put a fuel card in your hand in storage.") == [node]


def test_the_colony_phase_has_a_start_and_an_end():
    for words, edge in (("at the start of each colony phase", "start"), ("at the end of the colony phase", "end")):
        node = tree(f"{words}:\n  gain 1 morale.")[0]
        assert (node["op"], node["edge"], node["of"]) == ("phase", edge, "colony_phase")
    assert error("at the start of each colony:\n  gain 1 morale.").code == "P002"   # 'phase' is missing


OFFER = ("one player may:\n  put a fuel card in their hand in the storage.\n"
         "if nobody does:\n  the main objective fails.")


def test_an_offer_and_what_happens_when_nobody_takes_it():
    node = tree(OFFER)[0]
    assert node["op"] == "offer" and node["cost"] == []
    hand = node["body"][0]["cards"]["filters"][1]["zone"]
    assert hand["owner"] == {"op": "ref", "name": "each", "kind": "player"}       # 'their hand': who took it
    assert node["otherwise"] == [{"op": "fail_objective"}]
    one_line = tree("a single player may put a fuel card in their hand in the storage.\n"
                    "if nobody does: the main objective fails.")
    assert one_line == [node]
    paid = tree("a single player may spend 2 food:\n  gain 1 morale.")[0]
    assert paid["cost"] == [{"op": "spend_tokens", "token": "food", "count": 2}] and "otherwise" not in paid


def test_if_nobody_does_follows_an_offer_and_only_once():
    assert error("gain 1 morale.\nif nobody does:\n  lose 1 morale.").code == "T002"
    assert error("if nobody does: lose 1 morale.").code == "T002"
    assert error(OFFER + "\nif nobody does:\n  lose 1 morale.").code == "T002"
    assert error("one player may:\n  gain 1 morale.\nif nobody does:\n  lose 1 morale.\n"
                 "otherwise:\n  gain 2 morale.").code == "T002"
    assert error("one player may.").code == "P002"                                   # may what?


def test_only_the_main_objective_fails():
    assert tree("the main objective fails.") == [{"op": "fail_objective"}]
    assert tree("the main objective has failed.") == [{"op": "fail_objective"}]
    assert error('"Sparky" fails.').code == "P001"


def test_numbers_per_player_who_started_the_game_and_the_round_number():
    cond = tree("if the number of zombies in storage >= 3 for each player who started the game: "
                "end the game.")[0]["cond"]
    assert cond["right"] == {"op": "per_player", "amount": 3}
    every = tree("if the number of zombies in storage >= 2 for every player who started the game: end the game.")
    assert every[0]["cond"]["right"] == {"op": "per_player", "amount": 2}
    assert tree("if the number of players who started the game > 4: gain 1 morale.")[0]["cond"]["left"] == \
        {"op": "per_player", "amount": 1}
    assert tree("if the round number = 8: gain 1 morale.")[0]["cond"]["left"] == {"op": "round_number"}
    assert error("if the round number of the game = 8: gain 1 morale.").code == "P001"


# ---- on the reference engine -------------------------------------------------------------------------------
def _nodes(text: str) -> list[dict]:
    nodes, errors = bind_text(text if text.endswith("\n") else text + "\n", {})
    assert errors == []
    return Lowering("base.main-objective.test", "test.yaml", {}).nodes(nodes)


def _table(bundle, **given) -> Scenario:
    given.setdefault("survivors", {"brian-lee": {"at": "colony"}})
    return Scenario(bundle, None, {"name": "storage", "given": given, "do": "round"})


def _drive(gen, answers=()) -> list:
    """Run to the end answering in order; the decisions asked, as (player, prompt)."""
    answers, asked = list(answers), []
    try:
        d = next(gen)
        while True:
            asked.append((d.player, d.prompt))
            d = gen.send(d.check(answers.pop(0)))
    except StopIteration:
        pass
    assert answers == [], "answers left over"
    return asked


def test_the_offer_goes_round_from_the_first_player_and_stops_at_the_first_who_agrees(bundle):
    sc = _table(bundle, players=4, first="p3", hand={"p1": ["fuel"], "p2": ["fuel"], "p3": ["fuel"],
                                                     "p4": ["fuel"]})
    g = sc.game
    asked = _drive(g.run_effect(_nodes(OFFER), {"player": "p1"}), [False, True])
    assert [p for p, _ in asked] == ["p3", "p4"]               # p3 first, then p4 agrees; p1 and p2 never asked
    assert len(g.state.storage) == 1 and len(g.state.player("p4").hand) == 0
    assert len(g.state.player("p3").hand) == 1 and not g.state.over


def test_the_offer_skips_the_exiled_and_those_without_a_fuel_card_and_nobody_fails_it(bundle):
    sc = _table(bundle, players=4, hand={"p1": ["junk"], "p2": ["fuel"], "p3": ["fuel"], "p4": ["fuel"]},
                exiled=["p3"])
    g = sc.game
    asked = _drive(g.run_effect(_nodes(OFFER), {"player": "p1"}), [False, False])
    assert [p for p, _ in asked] == ["p2", "p4"]
    assert g.state.over and g.state.ending == "failed" and g.state.storage == []
    result = g.finish()
    assert result["ending"] == "failed" and result["winners"] == []


def test_cards_in_storage_are_counted_on_both_sides_of_the_goal(bundle):
    goal = "if the number of fuel cards in storage >= 8: gain 1 morale."
    for n, gained in ((7, 0), (8, 1)):
        sc = _table(bundle, storage=["fuel"] * n + ["junk"], morale=5)
        _drive(sc.game.run_effect(_nodes(goal), {"player": "p1"}))
        assert sc.game.state.morale == 5 + gained, n


@pytest.mark.parametrize("players", [2, 3])
def test_three_for_each_player_who_started_the_game(bundle, players):
    goal = "if the number of zombies in storage >= 3 for each player who started the game: gain 1 morale."
    for n, gained in ((3 * players - 1, 0), (3 * players, 1)):
        sc = _table(bundle, players=players, zombies={"storage": n}, morale=5)
        _drive(sc.game.run_effect(_nodes(goal), {"player": "p1"}))
        assert sc.game.state.morale == 5 + gained, (players, n)


def test_the_round_number_counts_from_the_first_round(bundle):
    for number, gained in ((7, 0), (8, 1)):
        sc = _table(bundle, round_number=number, round=1, morale=5)
        _drive(sc.game.run_effect(_nodes("if the round number = 8: gain 1 morale."), {"player": "p1"}))
        assert sc.game.state.morale == 5 + gained


def test_the_colony_phase_rules_act_before_its_first_step_and_after_its_last(bundle):
    sc = _table(bundle, food=4, morale=5)
    g = sc.game
    _drive(g.run_effect(_nodes("for the rest of the game:\n  at the start of each colony phase:\n"
                               "    add 3 food to the supply.\n  at the end of each colony phase:\n"
                               "    gain 1 morale."), {"player": "p1"}))
    steps = g.round_steps()
    first, last = g.round_rules_data()["colony"][0], g.round_rules_data()["colony"][-1]
    assert steps.index("start_colony") + 1 == steps.index(first)
    assert steps.index("end_colony") - 1 == steps.index(last)
    _drive(g.step_start_colony())
    assert g.state.food == 7 and g.state.morale == 5
    _drive(g.step_end_colony())
    assert g.state.morale == 6


def test_each_zombie_killed_is_an_event_and_a_removed_one_is_not(bundle):
    sc = _table(bundle, zombies={"colony": 3, "school": 1}, morale=3)
    g = sc.game
    _drive(g.run_effect(_nodes("for the rest of the game:\n  when a zombie is killed:\n    gain 1 morale."),
                        {"player": "p1"}))
    asked = _drive(g.run_effect(_nodes("kill 3 zombies at the colony."), {"player": "p1"}), [(0, 1, 2)])
    assert asked == [("p1", "order effects")]      # three deaths at once: the first player orders them
    assert g.state.morale == 6
    _drive(g.run_effect(_nodes("remove 1 zombie from the school."), {"player": "p1"}))
    assert g.state.morale == 6 and g.state.locations["school"].zombie_count() == 0


def test_zombies_added_to_storage_are_kept_there(bundle):
    sc = _table(bundle, zombies={"storage": 2})
    g = sc.game
    _drive(g.run_effect(_nodes("add 2 zombies to the storage."), {"player": "p1"}))
    assert g.state.storage_zombies == 4 and g.state.locations["colony"].zombie_count() == 0
    g.verify("storage")
    assert g.violations == []
