"""The reference runtime behind the conformance protocol: ``python -m dow.runtime.conformance_reference``.

It reads one JSON request per line on standard input and answers each on standard output
(docs/conformance.md): ``hello``, then a ``run`` per trace (the scenario is played on the
reference engine with the trace's set-up, steps, decisions and rolls), then ``bye``. Another
runtime writes the same loop around its own interpreter.
"""
from __future__ import annotations

import json
import random
import sys
from typing import Any, TextIO

from .bundle import load_bundle
from .conformance import _INSTANCE, PROTOCOL, TRACE_FORMAT

NAME = "dow reference runtime"


# ---- running a scenario on the reference runtime, observed -----------------------------------
def reference_run(bundle: dict[str, Any], card: dict[str, Any] | None, test: dict[str, Any],
                  legal: list[str] | None = None) -> dict[str, Any]:
    """Run one scenario on the reference engine and return what a trace expects of any runtime. ``legal``:
    the turn actions asked about afterwards (by default those of the scenario's ``expect``: ``legal`` and
    ``illegal``); the answer's ``legal`` says which of them the active player may take."""
    from .engine.scenario import Scenario, WinterScenario, is_winter_tricks
    winter = is_winter_tricks(card, test)
    sc: Any = WinterScenario(bundle, card, test) if winter else Scenario(bundle, card, test)
    asked: list[dict[str, Any]] = []
    answer = sc.agent.answer

    def observed(decision: Any) -> Any:
        asked.append({"kind": decision.kind, "player": decision.player, "prompt": decision.prompt})
        return answer(decision)
    sc.agent.answer = observed
    cards: dict[str, str] = {} if winter else sc.game.state.cards
    before = _normal(winter_digest(sc.game) if winter else digest(sc.game.state), cards)
    start = random.Random(test.get("seed", 0)).getstate()
    steps = test.get("do")
    for step in steps if isinstance(steps, list) else [steps]:
        sc.do(step)
        if not winter:
            sc.game.verify(f"after '{step}'")
    failures = sc.check()
    after = _normal(winter_digest(sc.game) if winter else digest(sc.game.state), cards)
    asked_legal = legal_questions(test) if legal is None else legal
    return {"events": [_line(line, cards) for line in sc.game.log.lines], "decisions": asked, "before": before,
            "digest": after, "legal": {} if winter else sc.legal(asked_legal),
            "unscripted_random": sc.game.rng.getstate() != start, "failures": failures,
            "unused_decisions": len(sc.agent.answers) - sc.agent.used,
            "unused_rolls": len(getattr(sc.game.rng, "rolls", []))}


def legal_questions(test: dict[str, Any]) -> list[str]:
    """The turn actions a scenario's ``expect`` asks about (``legal``, then ``illegal``), written out."""
    want = test.get("expect") or {}
    return [str(act) for key in ("legal", "illegal") for act in (want.get(key) or [])]


def _line(line: dict[str, Any], cards: dict[str, str]) -> dict[str, Any]:
    out = {"event": line["event"], "params": _normal(line["params"], cards)}
    if line.get("private_to"):
        out["private_to"] = line["private_to"]
    return out


def _normal(value: Any, cards: dict[str, str]) -> Any:
    """Plain JSON, with the reference engine's card instances ("c:17") named by their bundle card id."""
    if isinstance(value, dict):
        return {str(k): _normal(v, cards) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        items = [_normal(v, cards) for v in value]
        return sorted(items, key=json.dumps) if isinstance(value, set) else items
    if isinstance(value, str) and _INSTANCE.match(value):
        return cards.get(value, value)
    return value


def digest(state: Any) -> dict[str, Any]:
    """The table afterwards, in the terms of docs/conformance.md (Dead of Winter and Warring Colonies)."""
    out: dict[str, Any] = {
        "morale": state.morale, "food": state.food, "starvation": state.starvation, "round": state.round,
        "zombies": {lid: sum(loc.zombies) for lid, loc in state.locations.items()},
        "barricades": {lid: sum(loc.barricades) for lid, loc in state.locations.items()},
        "noise": {lid: loc.noise for lid, loc in state.locations.items()},
        "helpless": {lid: loc.helpless for lid, loc in state.locations.items()},
        "survivors": {sid: {"location": v.location, "controller": v.controller, "wounds": v.wounds,
                            "frostbite": v.frostbite, "place": v.place, "equipped": list(v.equipped)}
                      for sid, v in state.survivors.items() if v.place != "deck"},
        "hands": {p.id: sorted(state.cards[c] for c in p.hand) for p in state.players},
        "dice": {p.id: list(p.unused) for p in state.players},
        "waste": len(state.waste), "removed": len(state.removed),
        "exiled": sorted(p.id for p in state.players if p.exiled), "over": state.over, "ending": state.ending,
        "attached": {sid: sorted(cards) for sid, cards in sorted(state.attached.items())
                     if cards and sid in state.survivors and state.survivors[sid].place == "play"}}
    for extra in ("colony_morale", "bullets", "colony_food"):      # a Warring Colonies table
        if hasattr(state, extra):
            out[extra] = dict(getattr(state, extra))
    return out


def winter_digest(game: Any) -> dict[str, Any]:
    """The table afterwards in Winter Tricks: damage, hands and colonies (cards by name), the Leader."""
    return {"damage": dict(game.damage), "leader": game.leader,
            "hands": {p: sorted(map(str, cards)) for p, cards in game.hands.items()},
            "colony": {p: sorted(map(str, cards)) for p, cards in game.colony.items()}}


def make_trace(bundle: dict[str, Any], card: dict[str, Any] | None, test: dict[str, Any], source: dict[str, Any],
               trace_id: str) -> dict[str, Any]:
    """One trace: the scenario as set-up, steps, decisions and rolls, and the reference's result."""
    ran = reference_run(bundle, card, test)
    if ran["failures"]:
        raise ValueError(f"{trace_id}: the reference runtime fails its own scenario: {ran['failures']}")
    winter = bool(card and card.get("set") == "winter-tricks")
    given = test.get("given") or {}
    game = "winter-tricks" if winter else "warring-colonies" if given.get("colonies") else "dead-of-winter"
    return {"format": TRACE_FORMAT, "id": trace_id, "name": test.get("name", ""), "source": source,
            "bundle_hash": bundle["content_hash"], "ir_version": bundle["ir_version"], "game": game,
            "card": card["id"] if card else None, "seed": test.get("seed", 0), "setup": given,
            "steps": test["do"] if isinstance(test["do"], list) else [test["do"]],
            "decisions": list(test.get("answers") or []), "rolls": list(test.get("rolls") or []),
            "unscripted_random": ran["unscripted_random"], "table": ran["before"],
            "expect": {"events": ran["events"], "decisions": ran["decisions"], "digest": ran["digest"],
                       "unused_decisions": ran["unused_decisions"], "unused_rolls": ran["unused_rolls"],
                       **({"legal": ran["legal"]} if ran["legal"] else {}),
                       "checks": test.get("expect") or {}}}


def answer_run(request: dict[str, Any], bundles: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Play one trace's scenario and report its events, decisions asked and digest."""
    path = request["bundle"]
    if path not in bundles:
        bundles[path] = load_bundle(path)
    bundle = bundles[path]
    card = next((c for c in bundle["cards"] if c["id"] == request["card"]), None) if request.get("card") else None
    test = {"name": request["id"], "given": request.get("setup") or {}, "do": request["steps"],
            "seed": request.get("seed", 0)}
    for key, field in (("answers", "decisions"), ("rolls", "rolls")):   # as the scenario was written
        if request.get(field):
            test[key] = request[field]
    ran = reference_run(bundle, card, test, legal=list(request.get("legal") or []))
    return {"type": "result", "id": request["id"], "events": ran["events"], "decisions": ran["decisions"],
            "digest": ran["digest"], "unused_decisions": ran["unused_decisions"], "unused_rolls": ran["unused_rolls"],
            "legal": ran["legal"]}


def serve(stdin: TextIO, stdout: TextIO) -> None:
    """Answer requests until ``bye`` or the end of input."""
    bundles: dict[str, dict[str, Any]] = {}
    for line in stdin:
        request = json.loads(line)
        if request["type"] == "bye":
            break
        if request["type"] == "hello":
            reply: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL, "runtime": NAME}
        else:
            try:
                reply = answer_run(request, bundles)
            except Exception as err:      # a failure is an answer about this trace; the next may pass
                reply = {"type": "error", "id": request.get("id"), "message": f"{type(err).__name__}: {err}"}
        stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        stdout.flush()


if __name__ == "__main__":
    serve(sys.stdin, sys.stdout)
