"""Every scenario runs on the reference engine: the ones card files carry and the rule scenarios."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from dow.runtime.engine.scenario import run_scenario

RULES = Path(__file__).parent / "rules"
ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"


def _rule_cases():
    for path in sorted(RULES.glob("*.yaml")):
        for test in yaml.safe_load(path.read_text(encoding="utf-8")):
            yield pytest.param(test, id=f"{path.stem}: {test['name']}")


@pytest.mark.parametrize("test", list(_rule_cases()))
def test_rule_scenario(bundle, test):
    assert test.get("cites", "").startswith("seed "), "a rule scenario cites the seed paragraph it checks"
    assert run_scenario(bundle, None, test) == []


def _card_files_with_scenarios():
    """(card id, file) of every card file that carries scenarios, found without compiling: one test per card,
    so that 'pytest -k car-crash' runs that card's scenarios (dow test car-crash does the same)."""
    from dow.compiler.cards import folder_kind
    from dow.compiler.project import card_files
    for path in card_files([CONTENT]):
        if "\ntests:" in path.read_text(encoding="utf-8"):
            set_name, folder = path.relative_to(CONTENT).parts[:2]
            yield pytest.param(f"{set_name}.{folder_kind(folder).name}.{path.stem}", path,
                               id=f"{set_name}.{folder_kind(folder).name}.{path.stem}")


CARDS_WITH_SCENARIOS = list(_card_files_with_scenarios())


@pytest.mark.parametrize("card_id, path", CARDS_WITH_SCENARIOS)
def test_card_scenarios(bundle, card_id, path):
    """Every scenario a card file carries under 'tests:' holds on the reference engine; a failure is told
    at its file:line:col, as dow test tells it."""
    from dow.cli.cardtests import positions, run_one
    card = _card(bundle, card_id)
    display = path.relative_to(ROOT).as_posix()
    tests = card.get("tests") or []
    assert tests, f"{display}: 'tests:' holds no scenario"
    outcomes = [run_one(bundle, card, test, display, line, col)
                for test, (line, col) in zip(tests, positions(path, display, len(tests)))]
    failures = [f"{o.file}:{o.line}:{o.col}: {o.name}: {p}" for o in outcomes for p in o.problems]
    assert failures == []


def test_every_card_that_carries_scenarios_has_its_test(bundle):
    """The test ids above come from the card files; the compiled cards say the same."""
    carried = sorted(c["id"] for c in bundle["cards"] if c.get("tests"))
    assert carried == sorted(p.values[0] for p in CARDS_WITH_SCENARIOS)


def _card(bundle, card_id):
    return next(c for c in bundle["cards"] if c["id"] == card_id)


def test_winter_tricks_card_scenarios_run_on_the_winter_tricks_engine(bundle):
    """A winter-tricks card's scenario plays on runtime/games/winter_tricks.py: a trick there is decided
    by the relic, which the Dead of Winter engine knows nothing about."""
    from dow.runtime.engine.scenario import WinterScenario, is_winter_tricks
    relic = _card(bundle, "winter-tricks.relic.food")
    test = {"name": "food trumps", "given": {"relic": "food", "hand": {"p1": ["fuel-10"], "p2": ["food-2"]}},
            "do": "trick", "answers": [["fuel-10"], ["food-2"], False, ["food-2"]],
            "expect": {"trick_winner": "p2", "colony": {"p2": ["food-2"]}}}
    assert is_winter_tricks(relic, test)
    assert run_scenario(bundle, relic, test) == []
    wrong = dict(test, expect={"trick_winner": "p1"})
    assert run_scenario(bundle, relic, wrong) == ["trick winner: expected 'p1', got 'p2'"]
    sc = WinterScenario(bundle, relic, test)
    assert sc.game.relic_resource() == "food" and "fuel-10" not in sc.game.deck


def test_winter_tricks_scenario_keys_are_checked(bundle):
    from dow.runtime.engine.scenario import ScenarioError
    card = _card(bundle, "winter-tricks.resource.fuel")
    with pytest.raises(ScenarioError, match="given.zombies"):
        run_scenario(bundle, card, {"name": "x", "given": {"zombies": {"colony": 1}}, "do": "trick"})
    with pytest.raises(ScenarioError, match="fuel-3"):     # a card can be in one place only
        run_scenario(bundle, card, {"name": "x", "given": {"hand": {"p1": ["fuel-3"], "p2": ["fuel-3"]}},
                                    "do": "trick"})
    leftover = {"name": "x", "given": {"relic": "food", "hand": {"p1": ["fuel-1"], "p2": ["fuel-2"]}},
                "do": "trick", "answers": [["fuel-1"], ["fuel-2"], False, ["fuel-2"], True]}
    assert run_scenario(bundle, card, leftover) == ["1 scripted answer(s) were never asked for: [True]"]
    event = _card(bundle, "winter-tricks.winter-event.example-long-night")
    result = run_scenario(bundle, event, {"name": "x", "given": {"colony": {"p1": ["fuel-1"], "p2": ["tools-3"]}},
                                          "do": "resolve", "expect": {"damage": {"p1": 5, "p2": 5},
                                                                      "equipment": {"p1": 0}, "market": 7}})
    assert result == []


def test_helpless_per_location_and_colony_leader_keys(bundle):
    """given/expect 'helpless' per location (read from p1's side on a colonies table), 'colony_leader',
    the 'exile_vote' and 'movement' steps, and 'at: colony' read from the survivor's side."""
    from dow.runtime.engine.scenario import Scenario, ScenarioError
    sc = Scenario(bundle, None, {"name": "x", "given": {"colonies": True, "helpless": {"colony": 2, "enemy_colony": 1}}})
    assert (sc.game.state.locations["colony_a"].helpless, sc.game.state.locations["colony_b"].helpless) == (2, 1)
    base = {"name": "x", "given": {"helpless": {"colony": 3}}, "do": "wound brian-lee 0",
            "expect": {"helpless": {"colony": 3}}}
    assert run_scenario(bundle, None, {**base, "given": {**base["given"], "survivors": {"brian-lee": {}}}}) == []
    with pytest.raises(ScenarioError, match="not a location"):
        Scenario(bundle, None, {"name": "x", "given": {"helpless": {"attic": 1}}})
    survivors = {"brian-lee": {"player": "p1"}, "sparky": {"player": "p2"}, "olivia-brown": {"player": "p3"},
                 "maria-lopez": {"player": "p4"}}
    vote = {"name": "x", "given": {"colonies": True, "survivors": survivors}, "do": "colony elect_colony_leader",
            "answers": [["p2"], ["p1"], ["p2"], ["p4"], ["p3"], ["p4"]], "expect": {"colony_leader": {"a": "p2", "b": "p4"}}}
    assert run_scenario(bundle, None, vote) == []          # 1 vote each: each colony leader breaks the tie
    assert run_scenario(bundle, None, {**vote, "expect": {"colony_leader": {"a": "p1"}}}) == [
        "colony leaders: expected {'a': 'p1'}, got {'a': 'p2'}"]
    exile = {"name": "x", "given": {"players": 3, "survivors": {"brian-lee": {"player": "p1"}, "sparky": {"player": "p2"},
                                                               "olivia-brown": {"player": "p3"}}},
             "do": "exile_vote p2", "answers": ["yes", "no", "yes", ["school"]], "rolls": [1],
             "expect": {"exiled": ["p2"], "survivors": {"sparky": {"at": "school"}}}}
    assert run_scenario(bundle, None, exile) == []
    with pytest.raises(ScenarioError, match="exile_vote p2"):
        run_scenario(bundle, None, {**exile, "do": "exile_vote"})
    move = {"name": "x", "given": {"colonies": True, "survivors": {"brian-lee": {"player": "p1"},
                                                                   "olivia-brown": {"player": "p3"}}},
            "do": "movement", "answers": [["move", "brian-lee", "colony_b"], 1, ["move", "olivia-brown", "school"],
                                          "pass", "pass"], "rolls": [1, 1],
            "expect": {"survivors": {"olivia-brown": {"at": "school"}, "brian-lee": {"at": "enemy_colony"}}}}
    assert run_scenario(bundle, None, move) == []


def test_an_answer_scripted_for_one_player_fails_when_another_is_asked(bundle):
    """{p2: …} in answers is p2's answer (docs/scenarios.md): Toxic Waste asks each player for their own
    survivor, so giving p1 both answers is caught, as a choice taken from its player would be."""
    card = _card(bundle, "base.crossroads.toxic-waste")
    test = dict(next(t for t in card["tests"] if t["name"].startswith("each player chooses")))
    assert run_scenario(bundle, card, test) == []
    test["answers"] = [{"p1": ["alexis-grey"]}, {"p1": ["ashley-ross"]}]
    assert run_scenario(bundle, card, test) == ["answer 2 was scripted for p1, but p2 was asked ('survivor')"]


def test_deck_top_is_checked_and_the_crisis_deck_can_be_given(bundle):
    """'deck_top' compares the top cards of a deck in order (it was accepted and never checked); 'crisis_deck'
    sets the crisis deck, top first (docs/scenarios.md)."""
    from dow.compiler.pipeline import compile_text
    from conftest import card_yaml
    card = compile_text(card_yaml("arrange the top 2 cards of the crisis deck in any order."),
                        "content/base/survivors/test-card.yaml").card
    test = {"name": "x", "given": {"survivors": {"brian-lee": {}}, "crisis_deck": ["despair", "illness", "zombie-surge"]},
            "do": "ability 1 brian-lee", "answers": [["illness", "despair"]],
            "expect": {"deck_top": {"crisis": ["illness", "despair", "zombie-surge"]}}}
    assert run_scenario(bundle, card, test) == []
    wrong = {**test, "expect": {"deck_top": {"crisis": ["despair", "illness"]}}}
    assert run_scenario(bundle, card, wrong) == [
        "top of the crisis deck: expected ['despair', 'illness'], got ['illness', 'despair']"]
