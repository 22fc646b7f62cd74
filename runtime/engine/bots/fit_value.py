"""Fit the search bot's value of a position (engine/bots/value.py) on heuristic games:
``python -m dow.runtime.engine.bots.fit_value --games 6000 --seed 100000`` prints the weights to paste into
``WEIGHTS`` and ``OBJECTIVE_WEIGHTS`` with their held-out loss. Apart from value.py because it plays games
(engine/sim.py), which the search bot that reads the weights is seated by. Standard library only.
"""
from __future__ import annotations

import math

from ..sim import agents_for, new_game
from .value import NAMES, OBJECTIVE_NAMES, design, features, fit, log_loss, objective_features


def positions(bundle: dict, seed: int, players: int = 4) -> tuple[list[tuple[str, list[float]]], int]:
    """One heuristic game's positions at the start of each of its rounds (the main objective and the features),
    and whether the colony won."""
    game = new_game(bundle, seed, players, check=False)
    seats = agents_for("heuristic", seed, players)
    for agent in seats.values():
        agent.observe(game)
    rows, seen = [], 0
    decision = game.advance()
    while decision is not None:
        if game.state.rounds_played != seen:                 # the first decision of a round
            seen = game.state.rounds_played
            objective, own = objective_features(game)
            rows.append((objective, features(game) + own))
        decision = game.advance(seats[decision.player].answer(decision))
    return rows, int(game.state.ending == "objective")


def main() -> None:
    """Fit the weights on heuristic games and print them (to paste into ``WEIGHTS`` and ``OBJECTIVE_WEIGHTS``)
    with their held-out loss."""
    import argparse
    from pathlib import Path

    from ...bundle import load_bundle      # the bundle `dow build` wrote: the engine never compiles
    ap = argparse.ArgumentParser(description="fit the search bot's value of a base-game position")
    ap.add_argument("--games", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--bundle", type=Path, default=Path("build/bundle.json"))
    args = ap.parse_args()
    bundle = load_bundle(args.bundle)
    train: tuple[list, list] = ([], [])
    test: tuple[list, list] = ([], [])
    for seed in range(args.seed, args.seed + args.games):
        rows, won = positions(bundle, seed)
        into = test if seed % 5 == 0 else train               # one game in five held out
        into[0].extend(rows)
        into[1].extend([won] * len(rows))
    objectives = sorted({o for o, _ in train[0]})
    w = fit(design(train[0], objectives), train[1])
    base = sum(train[1]) / len(train[1])
    prior = [math.log(base / (1 - base))] + [0.0] * (len(w) - 1)
    held = design(test[0], objectives)
    print(f"positions: {len(train[0])} fitted, {len(test[0])} held out; held-out log loss "
          f"{log_loss(w, held, test[1]):.4f} (the base rate alone: {log_loss(prior, held, test[1]):.4f})")
    shared, k = w[:len(NAMES)], len(OBJECTIVE_NAMES)
    print("WEIGHTS: tuple[float, ...] = (" + ", ".join(f"{x:.4f}" for x in shared) + ")")
    print("OBJECTIVE_WEIGHTS: dict[str, tuple[float, ...]] = {")
    for i, o in enumerate(objectives):
        own = w[len(NAMES) + i * k: len(NAMES) + (i + 1) * k]
        print(f'    "{o}": (' + ", ".join(f"{x:.4f}" for x in own) + "),")
    print("}")
    for name, x in zip(NAMES, shared):
        print(f"  {name:16} {x:+.4f}")


if __name__ == "__main__":
    main()
