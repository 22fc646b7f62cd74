"""A game depends on the bundle's content only, never on the order of a JSON object's keys.

`dow build` writes build/bundle.json with its keys sorted; an engine developer loads that file, the CLI and
the tests play the bundle the compiler holds in memory, and a server may pass it through any JSON library.
Every golden game is replayed on each of these forms of the same bundle, and on copies whose every object
has its keys shuffled (recursively, seeded): the log must be the same line for line."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from dow.compiler.project import bundle_chunks
from dow.runtime.bundle import load_bundle
from dow.runtime.engine.sim import replay_game
from dow.runtime.games import winter_tricks
from dow.runtime.replay import Replay

GOLDEN = Path(__file__).parent.parent / "golden" / "games"
GOLDEN_GAMES = sorted(GOLDEN.glob("*.json"))


def shuffled(value: Any, rng: random.Random) -> Any:
    """``value`` with every object's keys in a random order, at every depth; lists keep their order (it is
    content: a deck, a card's options)."""
    if isinstance(value, dict):
        items = list(value.items())
        rng.shuffle(items)
        return {key: shuffled(item, rng) for key, item in items}
    if isinstance(value, list):
        return [shuffled(item, rng) for item in value]
    return value


def key_orders(value: Any) -> list[list[str]]:
    """Every object's key order, depth first (to prove a shuffle changed something)."""
    if isinstance(value, dict):
        return [list(value)] + [o for item in value.values() for o in key_orders(item)]
    if isinstance(value, list):
        return [o for item in value for o in key_orders(item)]
    return []


@pytest.fixture(scope="module")
def forms(bundle, tmp_path_factory) -> dict[str, dict]:
    """The same bundle as the compiler holds it, as `dow build` writes and `load_bundle` reads it, passed
    through JSON again, and three times with its keys shuffled."""
    path = tmp_path_factory.mktemp("build") / "bundle.json"
    path.write_text("".join(bundle_chunks(bundle["cards"], bundle["rulesets"])), encoding="utf-8")
    from_file = load_bundle(path)
    out = {"memory": bundle, "file": from_file, "reserialized": json.loads(json.dumps(from_file))}
    for seed in range(3):
        out[f"shuffled-{seed}"] = shuffled(bundle, random.Random(seed))
    return out


def test_the_forms_are_one_content_in_different_key_orders(forms):
    assert len(GOLDEN_GAMES) >= 16, "the golden games are missing"
    hashes = {name: b["content_hash"] for name, b in forms.items()}
    assert set(hashes.values()) == {forms["memory"]["content_hash"]}
    for name in ("file", "shuffled-0", "shuffled-1", "shuffled-2"):
        assert forms[name] == forms["memory"]                                      # same content …
        assert key_orders(forms[name]) != key_orders(forms["memory"]), name         # … another order


@pytest.mark.parametrize("path", GOLDEN_GAMES, ids=[p.stem for p in GOLDEN_GAMES])
def test_every_golden_game_plays_the_same_on_every_form_of_the_bundle(forms, path):
    logs = {}
    for name, form in forms.items():
        game, same = replay_game(form, Replay.from_json(path.read_text(encoding="utf-8")))
        assert same, f"{path.name} on the {name} bundle: the log differs from the recorded one"
        logs[name] = game.log.lines
    assert all(lines == logs["memory"] for lines in logs.values())


@pytest.mark.parametrize("seed", [1, 2])
def test_the_second_game_plays_the_same_on_every_form_of_the_bundle(forms, seed):
    logs = []
    for form in forms.values():
        game = winter_tricks.new_game(form, seed, 4)
        game.run()
        logs.append(game.log.lines)
    assert all(lines == logs[0] for lines in logs)


@pytest.mark.parametrize("order", ["sorted", "shuffled"])
def test_every_card_scenario_means_the_same_whatever_the_key_order(bundle, order):
    """A scenario is a YAML mapping, which has no order: the survivors are put in play by name (a group leader
    marked `leader: true`), hands and decks by player and place, so every card scenario passes the same from
    build/bundle.json (keys sorted) and from a copy with every object's keys shuffled as from memory."""
    from dow.cli.cardtests import run_one
    form = json.loads(json.dumps(bundle, sort_keys=True)) if order == "sorted" else shuffled(bundle, random.Random(7))
    failed, played = [], 0
    for card in form["cards"]:
        for i, test in enumerate(card.get("tests") or []):
            played += 1
            if not run_one(form, card, test, card["id"], 1, 1).passed:
                failed.append(f"{card['id']} #{i + 1}")
    assert played > 800
    assert failed == []
