"""Whole games: golden replays, simulations with invariants, hidden information, the CLI."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dow.cli.main import main
from dow.runtime.bundle import BundleError
from dow.runtime.decisions import Decision
from dow.runtime.engine.game import Game
from dow.runtime.engine.sim import play_game, replay_game, simulate
from dow.runtime.replay import Replay

GOLDEN = Path(__file__).parent.parent / "golden" / "games"
#: the golden games: (seed, players, agents), stored as replay files with their log hash
GAMES = [(11, 4, "bot"), (12, 3, "bot"), (13, 5, "bot"), (14, 2, "random"), (15, 4, "random"), (16, 5, "random")]


@pytest.mark.parametrize("seed,players,agents", GAMES)
def test_golden_game_replays_identically(bundle, update_goldens, seed, players, agents):
    path = GOLDEN / f"game-{seed}-{players}p-{agents}.json"
    if update_goldens:
        game, replay, result = play_game(bundle, seed, players, agents)
        assert result["violations"] == []
        path.write_text(replay.to_json() + "\n", encoding="utf-8")
    assert path.exists(), f"{path.name} is missing: run pytest --update-goldens"
    replay = Replay.from_json(path.read_text(encoding="utf-8"))
    game, same = replay_game(bundle, replay)
    assert same, f"{path.name}: the replayed log differs (run pytest --update-goldens after a content change)"
    assert game.violations == []
    assert game.done and game.state.over


#: Warring Colonies golden games, one per player count (odd counts with the Lone Wolf): (seed, players, agents)
WC_GAMES = [(31, 4, "bot"), (36, 5, "bot"), (32, 6, "bot"), (37, 7, "bot"), (33, 8, "bot"), (38, 9, "bot"),
            (34, 10, "bot"), (39, 11, "bot"), (35, 6, "random"), (40, 7, "random")]


@pytest.mark.parametrize("seed,players,agents", WC_GAMES)
def test_golden_warring_colonies_game_replays_identically(bundle, update_goldens, seed, players, agents):
    path = GOLDEN / f"wc-game-{seed}-{players}p-{agents}.json"
    if update_goldens:
        game, replay, result = play_game(bundle, seed, players, agents, variants=["warring-colonies"])
        assert result["violations"] == []
        path.write_text(replay.to_json() + "\n", encoding="utf-8")
    assert path.exists(), f"{path.name} is missing: run pytest --update-goldens"
    replay = Replay.from_json(path.read_text(encoding="utf-8"))
    assert replay.setup["variants"] == ["warring-colonies"] and replay.setup["players"] == players
    game, same = replay_game(bundle, replay)
    assert same, f"{path.name}: the replayed log differs (run pytest --update-goldens after a content change)"
    assert game.violations == [] and game.done and game.state.over


def test_a_replay_refuses_another_bundle(bundle):
    _, replay, _ = play_game(bundle, 3, 4)
    replay.bundle_hash = "sha256:" + "0" * 64
    with pytest.raises(BundleError):
        replay_game(bundle, replay)


def test_same_seed_same_answers_same_log(bundle):
    a, _, _ = play_game(bundle, 21, 4, "random")
    b, _, _ = play_game(bundle, 21, 4, "random")
    c, _, _ = play_game(bundle, 22, 4, "random")
    assert a.log.digest() == b.log.digest() != c.log.digest()


@pytest.mark.parametrize("agents", ["random", "bot"])
def test_simulated_games_keep_every_invariant(bundle, agents):
    summary = simulate(bundle, 40, seed=100, players=4, agents=agents)
    assert summary["crashes"] == [] and summary["violations"] == []
    assert sum(summary["endings"].values()) == 40
    assert set(summary["endings"]) <= {"morale", "rounds", "objective", "card", "failed"}


def test_the_game_can_be_driven_step_by_step(bundle):
    game = Game(bundle, seed=5, players=3)
    decision = game.advance()
    asked = 0
    while decision is not None:
        assert isinstance(decision, Decision)
        json.dumps(decision.to_json())                   # a UI or a server can receive it as JSON
        assert game.advance() is decision                # asking again without an answer changes nothing
        with pytest.raises(ValueError):
            game.advance(object())                       # a wrong answer is refused
        decision = game.advance(decision.choices[0] if decision.kind in ("option", "vote") else
                                True if decision.kind == "may" else
                                decision.min if decision.kind == "amount" else
                                tuple(decision.choices[:decision.min]))
        asked += 1
    assert asked > 10 and game.result["ending"]


def test_hidden_information_stays_private(bundle):
    game, _, _ = play_game(bundle, 8, 4, "bot")
    secrets = {game.state.cards[p.secret] for p in game.state.players}
    public = json.dumps(game.log.public())
    assert not any(s in public for s in secrets)
    private = [line for line in game.log.lines if "private_to" in line]
    assert {line["event"] for line in private} >= {"secret_objective", "crossroads_card"}
    for p in game.state.players:
        seen = game.log.seen_by(p.id)
        assert all(line.get("private_to") in (None, p.id) for line in seen)


def test_players_out_of_range_are_refused(bundle):
    from dow.runtime.engine.game import GameError
    with pytest.raises(GameError, match="2 to 5 players"):
        Game(bundle, players=6)


def test_cli_play_replay_simulate(tmp_path, capsys, monkeypatch):
    root = Path(__file__).parent.parent.parent
    monkeypatch.chdir(root)
    saved = tmp_path / "game.json"
    assert main(["play", "--seed", "4", "--lang", "vi", "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "Đến lượt của người chơi 1." in out or "Đến lượt của người chơi 2." in out
    assert "Ván chơi kết thúc" in out
    assert main(["replay", str(saved), "--quiet"]) == 0
    assert "identical" in capsys.readouterr().err
    data = json.loads(saved.read_text())
    data["decisions"] = data["decisions"][:-1] + ["end"]
    saved.write_text(json.dumps(data))
    assert main(["replay", str(saved), "--quiet"]) != 0
    assert main(["simulate", "--games", "5", "--seed", "2", "--format", "json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]   # JSON Lines: games, then summary
    summary = lines[-1]
    assert [x["type"] for x in lines] == ["game"] * 5 + ["summary"]
    assert summary["games"] == 5 and summary["crashes"] == [] and summary["violations"] == []


def test_cards_taken_into_a_hand_are_counted_in_public_and_named_in_private(bundle):
    from dow.runtime.engine.scenario import Scenario
    card = next(c for c in bundle["cards"] if c["id"] == "base.crossroads.fuel-tanker")
    option = next(i for i, o in enumerate(card["options"], 1) if "fuel cards" in o["effect"]["source"])
    sc = Scenario(bundle, card, {"name": "hidden", "do": f"option {option}", "answers": [2, ["fuel", "fuel"]],
                                 "given": {"survivors": {"brian-lee": {}}, "crossroads": []}})
    sc.game.state.removed += [sc.card_instance("fuel") for _ in range(3)]
    sc.game.total_cards = len(sc.game.state.cards)
    sc.do(f"option {option}")
    taken = [line for line in sc.game.log.lines if line["event"] == "take_cards"]
    public = [line for line in taken if "private_to" not in line]
    private = [line for line in taken if line.get("private_to") == "p1"]
    assert public and "cards" not in public[0]["params"] and public[0]["params"]["count"] == 2
    assert private and len(private[0]["params"]["cards"]) == 2
    assert sc.game.log.public() == [line for line in sc.game.log.lines if "private_to" not in line]


def test_cli_plays_and_replays_the_second_game(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(Path(__file__).parent.parent.parent)
    saved = tmp_path / "wt.json"
    assert main(["play", "--game", "winter-tricks", "--players", "3", "--seed", "4", "--save", str(saved),
                 "--quiet"]) == 0
    assert json.loads(saved.read_text())["setup"] == {"game": "winter-tricks", "players": 3}
    assert main(["replay", str(saved), "--quiet"]) == 0
    assert "identical" in capsys.readouterr().err
    assert main(["play", "--game", "winter-tricks", "--players", "7"]) == 2
