"""Rulesets: a set's game numbers, read from the bundle (content/<set>/ruleset.yaml).

The engine plays by ``bundle["rulesets"]["base"]``: the round structure, the set-up
values and the stand-ins the project uses where a published value is not known (see
the comments in content/base/ruleset.yaml). A variant is a ruleset with some values
changed: ``variant(rules, **{"setup.starting_items": 4})``.
"""
from __future__ import annotations

import copy


def variant(rules: dict, **changes) -> dict:
    """A copy of a ruleset with values changed; keys are dotted paths ('setup.starting_items')."""
    out = copy.deepcopy(rules)
    for key, value in changes.items():
        *path, last = key.split(".")
        target = out
        for part in path:
            if part not in target:
                raise KeyError(f"the ruleset has no '{key}'")
            target = target[part]
        if last not in target:
            raise KeyError(f"the ruleset has no '{key}'")
        target[last] = value
    return out
