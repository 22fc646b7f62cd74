"""The held-out cards: crossroads written from docs/effect-language.md alone, each from a family the
rulebook describes (votes with given voters, a cost the players pay together, arranging the top of a
deck, skipping the crisis step, set-up before the options, repeats, the removed pile's order, a choice
made by another player, die outcomes on a search, a choice each player makes). They are not content:
each must compile with no diagnostic at all, and its scenarios hold on the reference engine beside
the real cards."""
from __future__ import annotations

from pathlib import Path

import pytest

from dow.compiler.pipeline import compile_file
from dow.runtime.engine.scenario import run_scenario

HELDOUT = sorted((Path(__file__).parent / "heldout").glob("*.yaml"))


def _compiled(path: Path):
    result = compile_file(path, path.as_posix())
    return result


def test_there_are_ten_held_out_cards():
    assert len(HELDOUT) >= 10


@pytest.mark.parametrize("path", HELDOUT, ids=[p.stem for p in HELDOUT])
def test_held_out_card_compiles_and_its_scenarios_hold(bundle, path):
    result = _compiled(path)
    assert [f"{d.code} {d.message}" for d in result.diags] == []
    card = result.card
    assert card is not None and card.get("tests"), "each held-out card carries a scenario"
    from dow.compiler.project import bundle_of  # noqa: F401  (the card is checked against the real bundle)
    with_card = dict(bundle, cards=[*bundle["cards"], card])
    problems = [p for test in card["tests"] for p in run_scenario(with_card, card, test)]
    assert problems == []
