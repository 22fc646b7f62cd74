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
#: the conformance fixture: card files written for the traces only, saying the statements no card of the
#: content says yet (docs/conformance.md, "The fixture"); never part of the content's bundle
FIXTURE = Path("tests") / "conformance" / "fixture"
#: the bundle the fixture's traces are made from: the content's, with the fixture's cards added
FIXTURE_BUNDLE = "fixture-bundle.json"


def scenarios(bundle: dict[str, Any], root: Path) -> Iterator[tuple[str, dict[str, Any] | None, dict[str, Any],
                                                                    dict[str, Any]]]:
    """(trace id, card, scenario, source) for every card scenario, then every rule scenario."""
    yield from card_scenarios(bundle)
    yaml = YAML(typ="safe", pure=True)
    for path in sorted((root / RULES).glob("*.yaml")):
        for n, test in enumerate(yaml.load(path.read_text(encoding="utf-8")) or [], 1):
            yield (f"rules.{path.stem}.{n}", None, test,
                   {"file": path.relative_to(root).as_posix(), "scenario": n, "cites": test.get("cites")})


def card_scenarios(bundle: dict[str, Any], only: set[str] | None = None
                   ) -> Iterator[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]]:
    """(trace id, card, scenario, source) for every scenario of the bundle's cards (of those ``only`` names)."""
    for card in bundle["cards"]:
        if only is not None and card["id"] not in only:
            continue
        for n, test in enumerate(card.get("tests") or [], 1):
            source = {"card": card["id"], "file": card.get("file"), "scenario": n,
                      **({"fixture": True} if only is not None else {})}
            yield f"{card['id']}.{n}", card, test, source


def fixture_bundle(bundle: dict[str, Any], root: Path) -> tuple[dict[str, Any] | None, set[str]]:
    """The bundle of the fixture's traces (the content's cards and rulesets, and the fixture's cards) and the
    fixture's card ids; ``None`` when the project has no fixture (an installed toolchain run elsewhere). A
    fixture card that does not compile is a ValueError naming its file, line and what is wrong."""
    from dow.compiler.project import bundle_of, compile_paths
    folder = root / FIXTURE
    if not folder.is_dir():
        return None, set()
    build = compile_paths([folder], root)
    if not build.ok:
        raise ValueError(f"the conformance fixture ({FIXTURE.as_posix()}) does not compile:\n"
                         + build.diagnostics.render())
    cards = list(build.cards)
    taken = {c["id"] for c in bundle["cards"]} & {c["id"] for c in cards}
    if taken:
        raise ValueError(f"the conformance fixture ({FIXTURE.as_posix()}) reuses the content's card ids: "
                         + ", ".join(sorted(taken)))
    return bundle_of([*bundle["cards"], *cards], bundle["rulesets"]), {c["id"] for c in cards}


def every_scenario(bundle: dict[str, Any], root: Path) -> Iterator[tuple[str, str, dict[str, Any],
                                                                         dict[str, Any] | None, dict[str, Any],
                                                                         dict[str, Any]]]:
    """(trace id, bundle file, bundle, card, scenario, source) of every trace: the card and rule scenarios on
    the content's bundle (``bundle.json``), then the fixture's on its own (``fixture-bundle.json``)."""
    for trace_id, card, test, source in scenarios(bundle, root):
        yield trace_id, "bundle.json", bundle, card, test, source
    fixture, ids = fixture_bundle(bundle, root)
    if fixture is not None:
        for trace_id, card, test, source in card_scenarios(fixture, ids):
            yield trace_id, FIXTURE_BUNDLE, fixture, card, test, source


def export(bundle: dict[str, Any], root: Path, out: Path, say=print) -> int:
    """Write the suite into ``out``; returns how many traces were written."""
    (out / "traces").mkdir(parents=True, exist_ok=True)
    for old in (out / "traces").glob("*.json"):
        old.unlink()
    (out / "bundle.json").write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
    (out / FIXTURE_BUNDLE).unlink(missing_ok=True)
    entries, events = [], {}
    for trace_id, file, made_from, card, test, source in every_scenario(bundle, root):
        if file != "bundle.json" and not (out / file).exists():
            (out / file).write_text(json.dumps(made_from, ensure_ascii=False), encoding="utf-8")
        try:
            trace = make_trace(made_from, card, test, source, trace_id)
        except ScenarioError as err:
            raise ValueError(f"{trace_id}: {err}") from None
        name = f"traces/{trace_id}.json"
        (out / name).write_text(json.dumps(trace, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        entries.append({"id": trace_id, "file": name, "game": trace["game"],
                        "unscripted_random": trace["unscripted_random"],
                        **({"bundle": file} if file != "bundle.json" else {})})
        for line in trace["expect"]["events"]:
            events.setdefault(line["event"], set()).update(line["params"])
    manifest = {"format": TRACE_FORMAT, "protocol": PROTOCOL, "bundle": "bundle.json",
                "bundle_hash": bundle["content_hash"], "ir_version": bundle["ir_version"],
                "events": {event: sorted(keys) for event, keys in sorted(events.items())}, "traces": entries}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    say(f"wrote {len(entries)} traces to {out}")
    return len(entries)
