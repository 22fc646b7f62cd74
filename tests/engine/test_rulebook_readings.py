"""Where the rulebooks disagree, the ruleset plays one reading and a switch plays the other
(docs/runtime.md, "Where the rulebooks disagree"). Each switch is played here on both readings:

* the base game, seed 004 (English) against seed 001 (Portuguese): `readings.crisis_target`,
  `readings.event_items`, `readings.handoff_to` in content/base/ruleset.yaml;
* the Lone Wolf's set-up, seed 000 (Portuguese Warring Colonies) against seed 002 (its Vietnamese
  summary): `lone_wolf.survivors_dealt`, `lone_wolf.objectives_dealt`, `lone_wolf.missions_in_hand` in
  content/warring-colonies/ruleset.yaml.

The base scenarios are the rule scenarios' own format (docs/scenarios.md), run on a bundle whose ruleset
has the switch turned."""
from __future__ import annotations

import pytest

from dow.runtime.decisions import RandomAgent
from dow.runtime.engine.colonies import ColoniesGame
from dow.runtime.engine.ruleset import variant
from dow.runtime.engine.scenario import run_scenario


def with_rules(bundle: dict, name: str, **changes) -> dict:
    """The bundle with one ruleset changed (dotted keys, as ``variant`` takes them)."""
    return {**bundle, "rulesets": {**bundle["rulesets"], name: variant(bundle["rulesets"][name], **changes)}}


def test_the_rulesets_play_seed_004_and_seed_000_unless_switched(bundle):
    """The readings played by default are those of the full rulebooks (docs/runtime.md gives the reason)."""
    assert bundle["rulesets"]["base"]["readings"] == {"crisis_target": "all_players", "event_items": "waste",
                                                      "handoff_to": "any_survivor"}
    lw = bundle["rulesets"]["warring-colonies"]["lone_wolf"]
    assert (lw["survivors_dealt"], lw["survivors_kept"], lw["objectives_dealt"], lw["missions_in_hand"]) == (5, 3, 1, 3)


# ---- the crisis target: seed 004 line 126 "the number of players"; seed 001 line 104 "não exilados" ----------
CRISIS = {"name": "two points against a crisis with 3 players, one of them exiled",
          "cites": "seed 004 line 126 / seed 001 line 104",
          "given": {"players": 3, "exiled": ["p3"], "survivors": {"brian-lee": {}},
                    "crisis": "despair", "crisis_added": {"p1": ["medicine"], "p2": ["medicine"]}},
          "do": "colony resolve_crisis"}


def test_crisis_target_all_players_counts_the_exiled_player(bundle):
    """seed 004 line 126: "lower than the number of players then immediately resolve the crisis": 2 < 3."""
    test = {**CRISIS, "expect": {"morale": 4}}
    assert run_scenario(bundle, None, test) == []


def test_crisis_target_non_exiled_players_leaves_the_exiled_player_out(bundle):
    """seed 001 line 104: "Se o total for menor que o número de jogadores não exilados, a crise acontece": 2 = 2."""
    test = {**CRISIS, "expect": {"morale": 6}}
    switched = with_rules(bundle, "base", **{"readings.crisis_target": "non_exiled_players"})
    assert run_scenario(switched, None, test) == []
    assert run_scenario(bundle, None, test) != []            # the switch is what makes the difference


# ---- event items: seed 004 line 77 (the waste pile); seed 001 line 79 ("removidas do jogo") ------------------
EVENT = {"name": "an event item card played",
         "cites": "seed 004 line 77 / seed 001 line 79",
         "given": {"survivors": {"brian-lee": {}}, "deck": ["alexis-grey"], "hand": {"p1": ["outsider-1"]}},
         "do": "action play card:outsider-1"}


def test_event_items_waste_puts_a_played_event_on_the_waste_pile(bundle):
    """seed 004 line 77: "To play a card, place it on top of the waste pile"."""
    test = {**EVENT, "expect": {"waste": 1, "removed": 0,
                                "survivors": {"alexis-grey": {"place": "play"}}}}
    assert run_scenario(bundle, None, test) == []


def test_event_items_removed_takes_a_played_event_out_of_the_game(bundle):
    """seed 001 line 79: "Coloque a carta no topo do lixão (exceto cartas de item de evento, que são removidas
    do jogo)"; a card that is not an event still goes to the waste pile."""
    switched = with_rules(bundle, "base", **{"readings.event_items": "removed"})
    test = {**EVENT, "expect": {"waste": 0, "removed": 1,
                                "survivors": {"alexis-grey": {"place": "play"}}}}
    assert run_scenario(switched, None, test) == []
    assert run_scenario(bundle, None, test) != []
    food = {"name": "a food card played", "cites": "seed 001 line 79",
            "given": {"survivors": {"brian-lee": {}}, "hand": {"p1": ["food-1"]}},
            "do": "action play card:food-1", "expect": {"waste": 1, "removed": 0}}
    assert run_scenario(switched, None, food) == []


# ---- hand-off: seed 004 line 92 ("another survivor"); seed 001 line 84 ("outro sobrevivente seu") ------------
HANDOFF = {"name": "a hand-off where the player's own survivor and another player's stand",
           "cites": "seed 004 line 92 / seed 001 line 84",
           "given": {"survivors": {"brian-lee": {"equipped": ["pistol"]}, "olivia-brown": {},
                                   "sparky": {"player": "p2"}}},
           "do": "colony check_waste"}


def test_handoff_to_any_survivor_may_give_to_another_players_survivor(bundle):
    """seed 004 line 92: "hand that item off to another survivor at the same location"."""
    test = {**HANDOFF, "expect": {"legal": ["handoff card:pistol olivia-brown", "handoff card:pistol sparky"]}}
    assert run_scenario(bundle, None, test) == []


def test_handoff_to_own_survivor_keeps_the_item_in_the_players_group(bundle):
    """seed 001 line 84: "Transfira um item equipado de um sobrevivente seu para outro sobrevivente seu"."""
    switched = with_rules(bundle, "base", **{"readings.handoff_to": "own_survivor"})
    test = {**HANDOFF, "expect": {"legal": ["handoff card:pistol olivia-brown"],
                                  "illegal": ["handoff card:pistol sparky"]}}
    assert run_scenario(switched, None, test) == []
    assert run_scenario(bundle, None, test) != []


def test_handoff_moves_the_item_to_the_players_own_survivor_under_either_reading(bundle):
    switched = with_rules(bundle, "base", **{"readings.handoff_to": "own_survivor"})
    test = {**HANDOFF, "do": "action handoff card:pistol olivia-brown",
            "expect": {"equipped": {"olivia-brown": ["pistol"], "brian-lee": []}}}
    assert run_scenario(switched, None, test) == []


# ---- the Lone Wolf's set-up: seed 000 lines 701-703 against seed 002 lines 315-319 ----------------------------
class Recorder(RandomAgent):
    """A seeded random agent that keeps every decision it is asked."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.asked: list = []

    def answer(self, d):
        self.asked.append(d)
        return super().answer(d)


def set_up_five(bundle: dict, seed: int = 3) -> tuple[ColoniesGame, Recorder]:
    g = ColoniesGame(bundle, seed=seed, players=5, check=True)
    agent = Recorder(seed)
    g.drive(g.setup_players(), agent)
    return g, agent


def wolf_asked(g, agent, prompt):
    return [d for d in agent.asked if d.player == g.state.wolf and d.prompt == prompt]


def test_lone_wolf_survivors_seed_000_deals_5_and_keeps_3(bundle):
    """seed 000 line 703: "o Lobo Solitário sempre recebe 5 e fica com 3 à sua escolha"."""
    g, agent = set_up_five(bundle)
    keep, = wolf_asked(g, agent, "keep survivors")
    assert (len(keep.choices), keep.min, keep.max) == (5, 3, 3)
    assert len(g.state.player(g.state.wolf).survivors) == 3 and g.violations == []


def test_lone_wolf_survivors_seed_002_deals_3(bundle):
    """seed 002 line 315: "Người chơi Lone Wolf nhận 3 người sống sót ngẫu nhiên (thay vì 2)" (3 random
    survivors): with ``lone_wolf.survivors_dealt: 3`` the 3 dealt are the 3 kept."""
    g, agent = set_up_five(with_rules(bundle, "warring-colonies", **{"lone_wolf.survivors_dealt": 3}))
    keep, = wolf_asked(g, agent, "keep survivors")
    assert (len(keep.choices), keep.min, keep.max) == (3, 3, 3)
    assert sorted(g.state.player(g.state.wolf).survivors) == sorted(keep.choices) and g.violations == []


def test_lone_wolf_objective_seed_000_draws_one(bundle):
    """seed 000 line 701: "O Lobo Solitário sorteia um dos 8 objetivos secretos do Lobo Solitário": one
    drawn, nothing to choose."""
    g, agent = set_up_five(bundle)
    assert wolf_asked(g, agent, "lone wolf objective") == []
    assert g.lone_wolf.objective in {o["id"] for o in g.wc["stand_ins"]["lone_wolf_objectives"]}


def test_lone_wolf_objective_seed_002_deals_3_and_keeps_1(bundle):
    """seed 002 line 317: "Người chơi Lone Wolf nhận 3 thẻ mục tiêu bí mật Lone Wolf và chọn 1 thẻ để giữ"
    (3 dealt, 1 kept): the Lone Wolf chooses, and the kept card's set-up (food in the den) is the one done."""
    g, agent = set_up_five(with_rules(bundle, "warring-colonies", **{"lone_wolf.objectives_dealt": 3}))
    asked, = wolf_asked(g, agent, "lone wolf objective")
    assert len(asked.choices) == len(set(asked.choices)) == 3
    assert g.lone_wolf.objective in asked.choices
    kept = g.lone_wolf.card("lone_wolf_objectives", g.lone_wolf.objective)
    assert g.state.colony_food["w"] == (kept.get("setup") or {}).get("den_food", 0)
    assert g.violations == []


@pytest.mark.parametrize("seed", range(6))
def test_lone_wolf_objective_kept_sets_the_den_food_whichever_is_kept(bundle, seed):
    g, _ = set_up_five(with_rules(bundle, "warring-colonies", **{"lone_wolf.objectives_dealt": 3}), seed)
    kept = g.lone_wolf.card("lone_wolf_objectives", g.lone_wolf.objective)
    assert g.state.colony_food["w"] == (kept.get("setup") or {}).get("den_food", 0)


def test_lone_wolf_missions_seed_000_starts_with_3(bundle):
    """seed 000 (Cartas de Missão): the Lone Wolf "começa com 3 cartas de missão"."""
    g, _ = set_up_five(bundle)
    assert len(g.lone_wolf.missions_hand) == 3


def test_lone_wolf_missions_seed_002_starts_with_5(bundle):
    """seed 002 line 319: "Người chơi Lone Wolf nhận 5 thẻ nhiệm vụ Lone Wolf ngẫu nhiên và đặt úp xuống"."""
    g, _ = set_up_five(with_rules(bundle, "warring-colonies", **{"lone_wolf.missions_in_hand": 5}))
    assert len(g.lone_wolf.missions_hand) == 5 and g.violations == []
