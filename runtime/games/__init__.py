"""Whole games that run on the runtime: a game module drives set-up, turns and scoring and
hands card effects to the interpreter through its own host.

Each module keeps one contract, which the CLI and the tests rely on:
``NAME``, ``PLAYERS``, ``new_game(bundle, seed, players, agents=None) -> Game``,
``Game.run() -> {winners, rounds, scores, card_uses}``, ``Game.log``, ``Game.decisions``,
``Game.check_invariants()`` and ``simulate(bundle, games, seed, players)``.
Standard library only.
"""
