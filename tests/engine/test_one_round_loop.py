"""One round loop, and each rule of the engine's Python in one place (issue 33, "One round loop").

Every game class of the reference engine plays its whole game by ``Game.play`` and each round by
``Game.play_round``, over the steps its ruleset lists; a variant plugs in parts (the steps its ruleset
names, a side's numbers, the Lone Wolf's turn), never a second copy of a rule. The structural tests
below fail when a subclass brings a copy back; the games below play the rules that used to be copied
(a death's morale cost, written four times before, once in a copy no test reached; the crisis; the
food and waste steps; the movement prompt) on the base game and on Warring Colonies.

Seed 004 (the base game, English), Killing Survivors: "When a survivor is killed, ... decrease morale
by 1"; line 158: "If a helpless survivor is killed ... remove a helpless survivor token and reduce morale
by 1". Seed 000 (Warring Colonies, Portuguese) keeps a morale per colony ("o moral de uma colônia",
Condições de vitória e derrota): a colony's survivor killed costs that colony's morale.
"""
from __future__ import annotations

import inspect

import pytest

from dow.runtime.engine import colonies as colonies_module
from dow.runtime.engine.colonies import ColoniesGame
from dow.runtime.engine.colony_lonewolf import LoneWolf
from dow.runtime.engine.colony_movement import MovementStep
from dow.runtime.engine.colony_phase import ColonyPhase
from dow.runtime.engine.colony_warfare import ColonyWarfare
from dow.runtime.engine.colony_table import DEN, ColoniesHost
from dow.runtime.engine.game import Game
from dow.runtime.engine.host import GameHost
from dow.runtime.engine.scenario import Scenario

from colonies_helpers import Answers, events, table


def _game_classes() -> list[type]:
    """Game and every subclass of it the engine defines (ColoniesGame, and any variant added later)."""
    import importlib
    import pkgutil

    import dow.runtime.engine as engine
    for info in pkgutil.iter_modules(engine.__path__):
        importlib.import_module(f"dow.runtime.engine.{info.name}")
    found, todo = [], [Game]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def _definers(cls: type, name: str) -> list[str]:
    """The classes of ``cls``'s MRO that define ``name`` themselves."""
    return [k.__qualname__ for k in cls.__mro__ if name in vars(k)]


# ---- the structure: one loop, one copy of each rule -------------------------------------------------------
@pytest.mark.parametrize("name", ["play", "play_round", "round_steps"])
def test_every_game_is_played_by_the_one_loop(name):
    """No game class overrides the game's loop or the round's: a variant changes its round by the steps its
    ruleset lists (``round_rules_data``) and the parts it plugs in (``round_step``, ``after_step``)."""
    classes = _game_classes()
    assert ColoniesGame in classes
    for cls in classes:
        assert _definers(cls, name) == ["Game"], f"{cls.__qualname__} plays its own {name}"


@pytest.mark.parametrize("name", ["step_resolve_crisis", "step_pay_food", "step_check_waste", "step_move_round_tracker",
                                  "frostbite"])
def test_each_colony_phase_rule_is_written_once(name):
    for cls in _game_classes():
        assert _definers(cls, name) == ["Game"], f"{cls.__qualname__}: {name} defined by {_definers(cls, name)}"


@pytest.mark.parametrize("name", ["kill", "kill_helpless", "death_costs_morale"])
def test_a_death_and_its_morale_cost_are_written_once(name):
    assert _definers(ColoniesHost, name) == ["GameHost"]


def test_the_movement_prompt_is_written_once():
    """The Lone Wolf's turn and a pair of turns ask "movement" through the same method."""
    asking = [name for cls in (ColoniesGame, LoneWolf) for name, f in vars(cls).items()
              if callable(f) and '"movement"' in inspect.getsource(f)]
    assert asking == []
    source = inspect.getsource(colonies_module)
    assert 'prompt="movement"' not in source
    assert not any("movement_choice" in vars(k) for k in ColoniesGame.__mro__)
    assert "movement_choice" in vars(MovementStep)         # the part the game holds (game.movement_step)


def test_the_colonies_steps_are_parts_the_game_holds_not_classes_it_inherits():
    """ColoniesGame inherits from Game only; its colony phase, colony warfare and movement step are objects
    built with the game (issue 33), so no step's method is found through the class hierarchy."""
    assert ColoniesGame.__bases__ == (Game,)
    for part in (ColonyPhase, ColonyWarfare, MovementStep, LoneWolf):
        assert not issubclass(ColoniesGame, part)
        assert not [name for name in vars(part) if name.startswith("step_") and name in vars(ColoniesGame)]


@pytest.mark.parametrize("players", [4, 5])
def test_each_colonies_step_is_played_by_the_one_part_that_has_it(bundle, players):
    """The round's step table finds each step of the round once: in the part that plays it (no two parts play
    the same step), else in the game; the colony phase's zombies and objective check are the part's, not the
    base game's steps of the same name. With 5 players the Lone Wolf's turn is its part's."""
    g = ColoniesGame(bundle, seed=1, players=players)
    parts = {"colony_phase": g.colony_phase, "warfare": g.warfare, "movement_step": g.movement_step,
             "lone_wolf": g.lone_wolf}
    played_by = {}
    for step in g.round_steps():
        having = [name for name, part in parts.items() if part is not None and hasattr(part, "step_" + step)]
        assert len(having) <= 1, f"{step} is played by {having}"
        run = g.step_method(step)
        owner = run.__self__
        assert owner is (parts[having[0]] if having else g), step
        played_by[step] = having[0] if having else "game"
    assert played_by["add_zombies"] == played_by["check_main_objective"] == "colony_phase"
    assert played_by["colony_warfare"] == "warfare" and played_by["pay_food"] == "game"
    assert (played_by.get("lone_wolf_turn") == "lone_wolf") == (players == 5)


# ---- a death's morale cost, played --------------------------------------------------------------------------
def _base(bundle, **given):
    sc = Scenario(bundle, None, {"name": "death", "given": {"players": 3, "morale": 6,
                                                             "survivors": {"brian-lee": {"player": "p1"},
                                                                           "sparky": {"player": "p3"}},
                                                             **given}})
    return sc.game


def test_base_a_killed_survivor_costs_the_colony_one_morale(bundle):
    g = _base(bundle)
    g.host.kill("s:brian-lee", {"rule": "test"}, cause="effect")
    assert g.state.morale == 5
    assert g.state.survivors["s:brian-lee"].place == "removed"


def test_base_a_survivor_killed_by_wounds_costs_one_morale(bundle):
    g = _base(bundle)
    g.host.do_wound("s:brian-lee", "wound", 3, {"rule": "test"})
    assert (g.state.morale, g.state.survivors["s:brian-lee"].place) == (5, "removed")


def test_base_a_killed_helpless_survivor_costs_one_morale(bundle):
    g = _base(bundle, helpless=2)
    g.host.kill_helpless("colony", {"rule": "test"})
    assert (g.state.morale, g.state.locations["colony"].helpless) == (5, 1)


def test_base_an_exiled_players_survivor_costs_no_morale(bundle):
    g = _base(bundle, exiled=["p3"], survivors={"brian-lee": {"player": "p1"}, "sparky": {"player": "p3",
                                                                                         "at": "school"}})
    g.host.kill("s:sparky", {"rule": "test"}, cause="effect")
    assert g.state.morale == 6


def test_base_do_not_lose_morale_keeps_it(bundle):
    g = _base(bundle)
    g.host.do_kill_survivor("s:brian-lee", {"rule": "test"}, morale="kept")
    assert g.state.morale == 6
    g.host.do_kill_survivor("s:sparky", {"rule": "test"})
    assert g.state.morale == 5


def _colonies(bundle, **given):
    sc = Scenario(bundle, None, {"name": "death", "given": {
        "colonies": True, "players": 4, "colony_morale": {"a": 6, "b": 5},
        "survivors": {"brian-lee": {"player": "p1", "at": "colony"},
                      "sparky": {"player": "p3", "at": "enemy_colony"},
                      "forest-plum": {"player": "p4", "at": "colony"}}, **given}})
    return sc.game


def test_colonies_a_killed_survivor_costs_its_own_colony_one_morale(bundle):
    g = _colonies(bundle)
    g.host.kill("s:brian-lee", {"rule": "test"}, cause="effect")
    assert g.state.colony_morale == {"a": 5, "b": 5}
    assert events(g, "morale")[-1] == {"colony": "a", "from": 6, "to": 5}


def test_colonies_a_survivor_killed_at_the_enemy_colony_costs_its_own_colony(bundle):
    """Sparky (colony B) dies at colony A's entrance: colony B loses the morale, not A."""
    g = _colonies(bundle)
    assert g.state.survivors["s:sparky"].location == "colony_a"
    g.host.kill("s:sparky", {"rule": "test"}, cause="effect")
    assert g.state.colony_morale == {"a": 6, "b": 4}


def test_colonies_a_killed_helpless_survivor_costs_that_colony_one_morale(bundle):
    g = _colonies(bundle, helpless={"enemy_colony": 2})        # from p1's side: colony B
    g.host.kill_helpless("colony_b", {"rule": "test"})
    assert g.state.colony_morale == {"a": 6, "b": 4}
    assert g.state.locations["colony_b"].helpless == 1


def test_colonies_do_not_lose_morale_keeps_it(bundle):
    g = _colonies(bundle)
    g.host.do_kill_survivor("s:forest-plum", {"rule": "test"}, morale="kept")
    assert g.state.colony_morale == {"a": 6, "b": 5}


def test_colonies_a_lone_wolf_survivor_costs_the_den_one_morale(bundle):
    g = table(bundle, {"sparky": ("p5", DEN), "brian-lee": ("p1", "colony_a")}, players=5, wolf_morale=4)
    g.host.kill("s:sparky", {"rule": "test"}, cause="effect")
    assert g.state.colony_morale == {"a": 4, "b": 4, "w": 3}


def test_the_death_cost_is_the_hosts_one_number(bundle):
    """Both hosts read the cost from one place: changed there, it changes for both games."""
    assert GameHost.death_morale == 1 and "death_morale" not in vars(ColoniesHost)


# ---- the joint crisis through the one resolution ------------------------------------------------------------
def test_colonies_a_failed_joint_crisis_happens_to_each_colony_from_its_leader(bundle):
    g = table(bundle, {"brian-lee": ("p1", "colony_a"), "sparky": ("p3", "colony_b")}, morale=(5, 5))
    s = g.state
    s.crisis = s.crisis_deck.pop(0)
    lost = g.wc["stand_ins"]["crisis_deck"]["morale_lost"]
    g.drive(g.step_resolve_crisis(), Answers(g, {}))
    result = events(g, "crisis_result")[-1]
    assert (result["points"], result["needed"], result["stand_in"]) == (0, 4, True)
    assert s.colony_morale == {"a": 5 - lost, "b": 5 - lost}


@pytest.mark.parametrize("game", ["base", "colonies"])
def test_a_death_is_an_event_and_a_bites_spread_point_in_every_game(bundle, game):
    """Seed 004, Killing Survivors and the exposure die's bite: a death is something that happens ("when …
    dies" rules wait for it) and a bite spreads from where the survivor died. Warring Colonies plays the
    base game's survivors (seed 000), so its deaths are the same events; its host sent none before."""
    g = _base(bundle) if game == "base" else _colonies(bundle)
    where = g.state.survivors["s:brian-lee"].location
    g.host.kill("s:brian-lee", {"rule": "test"}, cause="effect")
    died = [e for e in g.host.action_events if e.get("kind") == "die"]
    assert [(e["survivor"], e["location"], e["cause"]) for e in died] == [("s:brian-lee", where, "effect")]
    assert g.last_location["s:brian-lee"] == where
