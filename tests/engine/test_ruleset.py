"""The base game's numbers are data in content: checked like cards, carried in the bundle, played by the engine."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dow.compiler.project import compile_paths
from dow.runtime.bundle import content_hash
from dow.runtime.engine import Game, GameError, variant

ROOT = Path(__file__).resolve().parents[2]


def test_the_bundle_carries_the_base_ruleset_and_its_hash_covers_it(bundle):
    rules = bundle["rulesets"]["base"]
    assert rules["setup"]["survivors_dealt"] == 4 and rules["wounds_to_kill"] == 3
    assert bundle["content_hash"] == content_hash(bundle["cards"], bundle["rulesets"])
    assert content_hash(bundle["cards"], bundle["rulesets"]) != content_hash(bundle["cards"], None)


def test_a_variant_changes_what_the_engine_plays(bundle):
    rules = variant(bundle["rulesets"]["base"], **{"setup.starting_items": 3, "stand_ins.morale": 9})
    game = Game(bundle, seed=2, players=3, rules=rules, objective="base.main-objective.kill-them")
    assert game.state.morale == 9                  # the objective's printed morale is not transcribed: the stand-in
    assert all(len(p.hand) == 3 for p in game.state.players)
    with pytest.raises(KeyError, match="no 'setup.nothing'"):
        variant(rules, **{"setup.nothing": 1})


def test_a_bundle_without_a_ruleset_is_refused_clearly(bundle):
    with pytest.raises(GameError, match="no base ruleset"):
        Game({**bundle, "rulesets": {}}, seed=1)


def test_a_broken_ruleset_is_a_located_error_and_no_bundle(tmp_path):
    shutil.copytree(ROOT / "content", tmp_path / "content")
    (tmp_path / "pyproject.toml").write_text("")
    path = tmp_path / "content" / "base" / "ruleset.yaml"
    text = path.read_text(encoding="utf-8").replace("wounds_to_kill: 3", "wounds_to_kill: three")
    path.write_text(text + "surprise: 1\n", encoding="utf-8")
    build = compile_paths([tmp_path / "content"], tmp_path)
    assert not build.ok
    errors = [d for d in build.diagnostics.errors if d.file.endswith("ruleset.yaml")]
    line = next(i for i, s in enumerate(text.splitlines(), 1) if s.startswith("wounds_to_kill"))
    assert any(d.code == "S005" and d.line == line and "wounds_to_kill" in d.message for d in errors)
    assert any(d.code == "S009" and "surprise" in d.message for d in errors)
    assert "base" not in build.rulesets


def test_the_real_content_builds_a_bundle_that_keeps_its_published_schema():
    from dow.compiler.project import schema_errors
    build = compile_paths([ROOT / "content"], ROOT)
    assert build.ok
    assert set(build.rulesets) >= {"base", "warring-colonies"}
    assert schema_errors(build) == []


def test_the_round_of_each_game_is_its_ruleset_list(bundle):
    """seed 004, Round Structure, and seed 000, Nova sequência da rodada: a round is the ruleset's list of
    steps, one loop plays it; the Lone Wolf's turn is a part of the round only when a Lone Wolf plays."""
    from dow.runtime.engine.colonies import ColoniesGame
    base, wc = bundle["rulesets"]["base"], bundle["rulesets"]["warring-colonies"]
    game = Game(bundle, seed=1, players=4)
    colony_phase = ["start_colony"] + base["round"]["colony"] + ["end_colony"]   # its start and end: card rules
    assert game.round_steps() == ["start_round"] + base["round"]["player_turns"] + colony_phase + ["end_round"]
    four, five = ColoniesGame(bundle, seed=1, players=4), ColoniesGame(bundle, seed=1, players=5)
    plain = ["start_round"] + wc["round"]["player_turns"] + ["start_colony"] + wc["round"]["colony"] + \
        ["end_colony", "end_round"]
    assert four.round_steps() == plain and "lone_wolf_turn" not in plain
    steps = five.round_steps()
    assert steps[steps.index("roll_action_dice") + 1] == "lone_wolf_turn"
    assert [s for s in steps if s != "lone_wolf_turn"] == plain
    for g in (game, four, five):
        assert all(callable(g.round_step(s)) for s in g.round_steps())
    # the Lone Wolf is a part attached only when one plays: its turn is the part's step, not the game's
    assert four.lone_wolf is None and five.lone_wolf is not None
    assert five.round_step("lone_wolf_turn").__self__ is five.lone_wolf
    assert not any("wolf" in name for name in dir(ColoniesGame))


def test_a_round_plays_the_steps_in_the_ruleset_order(bundle):
    """Reordering the ruleset's colony phase reorders what the engine does: the round is data."""
    rules = variant(bundle["rulesets"]["base"], **{"round.colony": ["check_waste", "pay_food", "resolve_crisis",
                                                                    "add_zombies", "check_main_objective",
                                                                    "move_round_tracker", "pass_first_player"]})
    game = Game(bundle, seed=4, players=2, rules=rules)
    played = []
    for name in game.round_steps():
        original = getattr(game, "step_" + name)

        def step(original=original, name=name):
            played.append(name)
            yield from original()
        setattr(game, "step_" + name, step)
    game.run()
    assert played[played.index("check_waste") + 1] == "pay_food"
