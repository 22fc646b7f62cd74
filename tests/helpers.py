"""Small helpers for language tests: bind effect text in a scope, get its tree or its errors."""
from __future__ import annotations

from dow.compiler import checks
from dow.compiler.language import bind_text

SURVIVOR_SCOPE = {"self": "survivor"}
MOVE_SCOPE = {"this_card": "card", "origin": "location", "destination": "location", "moved": "survivor"}


strip = checks.strip_positions


def bind(text: str, scope: dict | None = None) -> tuple[list, list]:
    """(tree without positions, errors) for an effect text; all passes after parsing run."""
    tree, errors = bind_text(text, dict(SURVIVOR_SCOPE if scope is None else scope))
    return strip(tree or []), errors


def tree(text: str, scope: dict | None = None) -> list:
    """The tree of a text that must compile."""
    result, errors = bind(text, scope)
    assert errors == [], [f"{e.code} {e.message}" for e in errors]
    return result


def error(text: str, scope: dict | None = None):
    """The first error of a text that must not compile."""
    _, errors = bind(text, scope)
    assert errors, f"expected an error for {text!r}"
    return errors[0]


def ops(nodes) -> list[str]:
    """Every op in a tree, parents first."""
    return [n["op"] for n in checks.walk(nodes)]


def lowered(text: str, scope: dict | None = None, card: str = "base.survivor.test") -> list[dict]:
    """The published tree of an effect text that must compile (positions as in a bundle)."""
    from dow.compiler.lower import Lowering
    nodes, errors = bind_text(text if text.endswith("\n") else text + "\n", dict(scope or {}))
    assert errors == [], [f"{e.code} {e.message}" for e in errors]
    return Lowering(card, "test.yaml", {}).nodes(nodes)


def play_effect(game, nodes: list[dict], player: str = "p1") -> None:
    """Run an effect tree on a game to its end: every "may" taken, every amount the most it can be, every
    other choice the heuristic bot's (the axis matrices play each sentence this way)."""
    from dow.runtime.decisions import AMOUNT, MAY, HeuristicAgent
    agent = HeuristicAgent()
    gen = game.run_effect(nodes, {"player": player})
    try:
        d = next(gen)
        while True:
            pick = True if d.kind == MAY else d.max if d.kind == AMOUNT else agent.answer(d)
            d = gen.send(d.check(pick))
    except StopIteration:
        pass
