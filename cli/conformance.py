"""``dow conformance export``: every card scenario and rule scenario as a JSON trace.

The traces (docs/conformance.md) are run once on the reference runtime here, which records what
any runtime of the bundle must do; ``python -m dow.runtime.conformance`` then checks a candidate
runtime against them. The folder written holds ``manifest.json``, the ``bundle.json`` the traces
were made from (its hash is in every trace) and one file per trace under ``traces/``.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

from ruamel.yaml import YAML

from dow.runtime.conformance import PROTOCOL, TRACE_FORMAT
from dow.runtime.conformance_reference import make_trace
from dow.runtime.engine.scenario import ScenarioError

#: the rule scenarios, relative to the project root (docs/scenarios.md)
RULES = Path("tests") / "engine" / "rules"


def scenarios(bundle: dict[str, Any], root: Path) -> Iterator[tuple[str, dict[str, Any] | None, dict[str, Any],
                                                                    dict[str, Any]]]:
    """(trace id, card, scenario, source) for every card scenario, then every rule scenario."""
    for card in bundle["cards"]:
        for n, test in enumerate(card.get("tests") or [], 1):
            yield f"{card['id']}.{n}", card, test, {"card": card["id"], "file": card.get("file"), "scenario": n}
    yaml = YAML(typ="safe", pure=True)
    for path in sorted((root / RULES).glob("*.yaml")):
        for n, test in enumerate(yaml.load(path.read_text(encoding="utf-8")) or [], 1):
            yield (f"rules.{path.stem}.{n}", None, test,
                   {"file": path.relative_to(root).as_posix(), "scenario": n, "cites": test.get("cites")})


def export(bundle: dict[str, Any], root: Path, out: Path, say=print) -> int:
    """Write the suite into ``out``; returns how many traces were written."""
    (out / "traces").mkdir(parents=True, exist_ok=True)
    for old in (out / "traces").glob("*.json"):
        old.unlink()
    (out / "bundle.json").write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
    entries, events = [], {}
    for trace_id, card, test, source in scenarios(bundle, root):
        try:
            trace = make_trace(bundle, card, test, source, trace_id)
        except ScenarioError as err:
            raise ValueError(f"{trace_id}: {err}") from None
        name = f"traces/{trace_id}.json"
        (out / name).write_text(json.dumps(trace, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        entries.append({"id": trace_id, "file": name, "game": trace["game"],
                        "unscripted_random": trace["unscripted_random"]})
        for line in trace["expect"]["events"]:
            events.setdefault(line["event"], set()).update(line["params"])
    manifest = {"format": TRACE_FORMAT, "protocol": PROTOCOL, "bundle": "bundle.json",
                "bundle_hash": bundle["content_hash"], "ir_version": bundle["ir_version"],
                "events": {event: sorted(keys) for event, keys in sorted(events.items())}, "traces": entries}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    say(f"wrote {len(entries)} traces to {out}")
    return len(entries)
