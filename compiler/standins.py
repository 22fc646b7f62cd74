"""The stand-ins, for the website: what the engine plays with where a published value is not known.

Each ruleset (content/<set>/ruleset.yaml) lists under ``stand_ins`` the values the project does not
know (the morale printed on an objective, the combat die's faces, the Lone Wolf's missions …) and the
engine plays with instead, so that games and simulations run. The website shows them on the
transcription page, each with a label in the page's language and its value as data, so a reader never
takes a stand-in for a published fact. ``rows`` gives them per ruleset; every key has a label in the
site catalogues, ``stand_ins`` in compiler/templates/site/<lang>.yaml (a test checks no key is left
without one).
"""
from __future__ import annotations

from typing import Any

#: the rulesets shown, in this order
SETS = ("base", "warring-colonies")


def value_text(value: Any) -> str:
    """A stand-in's value as compact data text (shown as code: it is data, not a sentence)."""
    if isinstance(value, dict):
        if "name" in value and "goal" in value:          # a stand-in card: its name and goal
            goal = " + ".join(f"{g['kind']} {g['count']}" for g in value["goal"])
            setup = ", ".join(f"{k} {v}" for k, v in (value.get("setup") or {}).items())
            return f"{value['name']}: {goal}" + (f" (setup: {setup})" if setup else "")
        return ", ".join(f"{k} {value_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        if value and all(isinstance(v, dict) and "face" in v for v in value):   # die faces, counted
            counts: dict[str, int] = {}
            for v in value:
                key = f"{v['face']} {v['value']}"
                counts[key] = counts.get(key, 0) + 1
            return ", ".join(f"{k} ×{n}" for k, n in counts.items())
        sep = "; " if any(isinstance(v, dict) for v in value) else ", "
        return sep.join(value_text(v) for v in value)
    return str(value)


def rows(rulesets: dict[str, dict]) -> list[tuple[str, list[tuple[str, Any]]]]:
    """[(set, [(key, value), …]), …] for every ruleset with stand-ins, in SETS order."""
    out = []
    for name in SETS + tuple(sorted(set(rulesets) - set(SETS))):
        stand = (rulesets.get(name) or {}).get("stand_ins") or {}
        if stand:
            out.append((name, list(stand.items())))
    return out
