"""Every scenario runs on the reference engine: the ones card files carry and the rule scenarios."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from dow.runtime.engine.scenario import run_scenario

RULES = Path(__file__).parent / "rules"


def _rule_cases():
    for path in sorted(RULES.glob("*.yaml")):
        for test in yaml.safe_load(path.read_text(encoding="utf-8")):
            yield pytest.param(test, id=f"{path.stem}: {test['name']}")


@pytest.mark.parametrize("test", list(_rule_cases()))
def test_rule_scenario(bundle, test):
    assert test.get("cites", "").startswith("seed "), "a rule scenario cites the seed paragraph it checks"
    assert run_scenario(bundle, None, test) == []


def test_every_card_scenario_runs(bundle):
    """Every scenario a card file carries under 'tests:' holds on the reference engine."""
    failures = []
    for card in bundle["cards"]:
        for test in card.get("tests") or []:
            try:
                problems = run_scenario(bundle, card, test)
            except Exception as exc:          # a broken scenario is a failure with its card and name
                problems = [f"{type(exc).__name__}: {exc}"]
            failures += [f"{card['id']} · {test.get('name')}: {p}" for p in problems]
    assert failures == []
