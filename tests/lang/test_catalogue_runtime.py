"""The runtime half of the catalogue: every statement node kind has a handler, asks the host only for
actions the host protocol lists, logs only events with a pt/en/vi sentence, and changes the game.

The runtime never imports the compiler, so this toolchain-side test holds runtime/handlers.py's
HANDLERS and runtime/host.py's ACTIONS against compiler/catalogue.py's RUNTIME table; then it runs
every example of every node kind on the reference engine and fails on one that changes nothing.
"""
from __future__ import annotations

import copy
import dataclasses
import re
from pathlib import Path

import pytest

from dow.compiler import checks
from dow.compiler.language import bind_text
from dow.compiler.catalogue import BY_OP, CATALOGUE, RUNTIME, STATEMENT_GROUPS
from dow.compiler.lower import Lowering
from dow.render.playlog import QUIET, catalogue
from dow.dsl import parse
from dow.runtime.decisions import HeuristicAgent
from dow.runtime.engine.scenario import Scenario
from dow.runtime.handlers import HANDLERS
from dow.runtime.host import ACTIONS

ROOT = Path(__file__).resolve().parents[2]
STATEMENTS = {s.op for s in CATALOGUE if s.group in STATEMENT_GROUPS}
SCOPE = {"self": "survivor", "this_card": "card", "origin": "location", "destination": "location",
         "moved": "survivor", "chosen": "survivor"}
#: a table every example can act on: survivors at two places, zombies, barricades, tokens, cards, dice
TABLE = {"players": 2, "food": 6, "helpless": 2, "morale": 5, "round": 3,
         "survivors": {"brian-lee": {"at": "colony", "wounds": 1}, "sparky": {"at": "school", "wounds": 1},
                       "olivia-brown": {"player": "p2", "at": "colony"},
                       "andrew-evans": {"player": "p2", "at": "school"}},
         "deck": ["sophie-robinson"], "dead": ["jenny-clark"],
         "item_deck": {"grocery_store": ["junk", "junk", "fuel"], "gas_station": ["fuel", "fuel", "junk"]},
         "zombies": {"colony": 2, "school": 2, "grocery_store": 1, "hospital": 1}, "barricades": {"colony": 1},
         "noise": {"school": 1}, "hand": {"p1": ["fuel", "fuel", "fuel", "junk", "pistol"], "p2": ["junk"]},
         "waste": ["fuel", "junk"], "dice": {"p1": [2, 4, 5, 6]}}
BINDINGS = {"self": "s:brian-lee", "moved": "s:sparky", "chosen": "s:sparky", "origin": "school",
            "destination": "colony"}


def test_every_statement_node_kind_has_a_handler_and_a_runtime_entry():
    lines = [f"NODE KIND {op}: add its handler in runtime/handlers.py HANDLERS" for op in sorted(STATEMENTS - set(HANDLERS))]
    lines += [f"NODE KIND {op}: add its RUNTIME entry in compiler/catalogue.py RUNTIME"
              for op in sorted(STATEMENTS - set(RUNTIME))]
    lines += [f"runtime/handlers.py HANDLERS has {op!r}, which is no statement node kind of compiler/catalogue.py "
              "CATALOGUE" for op in sorted(set(HANDLERS) - STATEMENTS)]
    lines += [f"compiler/catalogue.py RUNTIME has {op!r}, which is no statement node kind of its CATALOGUE"
              for op in sorted(set(RUNTIME) - STATEMENTS)]
    assert not lines, "\n" + "\n".join(lines)


def test_the_host_actions_are_the_ones_the_catalogue_declares():
    declared = {a for r in RUNTIME.values() for a in r.actions}
    assert declared - set(ACTIONS) == set(), "a node kind asks for an action runtime/host.py ACTIONS does not list"
    assert set(ACTIONS) - declared == set(), "runtime/host.py ACTIONS lists an action no node kind asks for"


@pytest.mark.parametrize("event", sorted({e for r in RUNTIME.values() for e in (*r.actions, *r.events)}))
def test_every_event_a_node_kind_logs_has_a_sentence_in_each_language(event):
    if event in QUIET:      # a line that repeats another: the log leaves it out (render/playlog.py)
        return
    for lang in ("pt", "en", "vi"):
        cat = catalogue(lang)       # the Teller looks in the base events, then the variant's, then Winter Tricks'
        sentence = cat["events"].get(event) or cat["colony_events"].get(event) or cat["winter_tricks"].get(event)
        assert sentence, f"render/catalogues/log/{lang}.yaml has no sentence for the event {event!r}"
        assert all(text.strip() for text in _leaves(sentence))


def _leaves(entry) -> list[str]:
    """The sentences of a log catalogue entry: a string, forms by count or by case, or a list of them."""
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, list):
        return [t for v in entry for t in _leaves(v)]
    return [t for key, v in entry.items() if key not in ("by", "case") for t in _leaves(v)]


@pytest.mark.parametrize("op", sorted(set(BY_OP) - STATEMENTS - {"option", "outcome"}))
def test_every_query_node_kind_is_read_by_the_interpreter(op):
    """Conditions, expressions, selectors, filters, locations, counts and events are read, not run: the
    interpreter (or the reference engine, for event patterns) names each."""
    sources = "".join((ROOT / "runtime" / f).read_text(encoding="utf-8")
                      for f in ("interpreter.py", "handlers.py", "engine/effects.py"))
    assert re.search(rf'["\']{op}["\']', sources), f"the runtime never reads a {op!r} node"


def _compile(example: str) -> list[dict]:
    tree, errors = bind_text(example + "\n", dict(SCOPE))
    assert errors == [], f"{example!r} does not compile: {[str(e.message) for e in errors]}"
    return Lowering("base.survivor.test", "test.yaml", {"manual-one-liner": {
        "why": "a test", "pt": "passo", "en": "step", "vi": "bước"}}).nodes(tree)


#: attributes that only keep what can be read again from the state (filled lazily, by a lookup): a change of
#: theirs is no change of the game. "_names": the host's index of survivor names (engine/host_names.py),
#: filled by the first card that names a survivor; "_by_op": the host's rules by op (engine/host.py)
CACHES = ("_names", "_by_op")


def _simple(obj) -> dict:
    """An object's plain-data attributes (numbers, flags, names, containers of them), for before/after;
    caches (CACHES) are left out."""
    out = {}
    for key, value in vars(obj).items():
        if isinstance(value, (bool, int, str, set, dict, list, tuple)) and key not in ("log", "lines", *CACHES):
            try:
                out[key] = copy.deepcopy(value)
            except Exception:                  # noqa: BLE001  (something that is not plain data)
                continue
    return out


def _snapshot(game) -> tuple:
    """What a node can change: the state, the host's rules and flags (skip exposure …), the game's counters."""
    state = dataclasses.asdict(game.state) if dataclasses.is_dataclass(getattr(game, "state", None)) else {}
    return state, len(getattr(game.host, "rules", [])), _simple(game.host), _simple(game)


def _table(bundle, op: str, example: str):
    """The game an example runs on, its resolving player and bindings."""
    game_of = "warring-colonies" if "bullet" in example else RUNTIME[op].game
    if game_of == "winter-tricks":
        from dow.runtime.engine.scenario import WinterScenario
        sc = WinterScenario(bundle, None, {"name": op, "given": {"players": 3}, "do": "event"})
        return sc.game, "p1", {}
    if game_of == "warring-colonies":
        sc = Scenario(bundle, None, {"name": op, "given": {"colonies": True, "players": 4, "bullets": {"a": 2, "b": 2},
                                                            "survivors": {"brian-lee": {"at": "colony"}}}, "do": "round"})
        sc.game.host.in_warfare = True         # a colony warfare under way (combat strength counts there)
        sc.game.host.strength = {"a": 0, "b": 0}
        return sc.game, "p1", {"self": "s:brian-lee"}
    sc = Scenario(bundle, None, {"name": op, "given": copy.deepcopy(TABLE), "do": "round"})
    removed = sc.card_instance("fuel")         # one fuel card in the removed pile (Fuel Tanker's kind of take)
    sc.game.state.removed.append(removed)
    crises = [c["id"] for c in bundle["cards"] if c["kind"] == "crisis" and c["set"] == "base"][:4]
    sc.game.state.crisis_deck = [sc.card_instance(c) for c in crises[:3]]   # a crisis deck to look through
    sc.game.state.crisis = sc.card_instance(crises[3])                      # and this round's crisis, revealed
    return sc.game, "p1", dict(BINDINGS)


def _run(game, tree: list[dict], player: str, bound: dict) -> None:
    from dow.runtime.interpreter import Env
    agent = HeuristicAgent()
    if hasattr(game, "run_effect") and hasattr(game, "settle"):
        card = next(iter(game.state.cards))
        gen = game.run_effect(tree, {"player": player, "card": "base.survivor.test", "this_card": card, **bound})
        try:
            d = next(gen)
            while True:
                d = gen.send(d.check(agent.answer(d)))
        except StopIteration:
            pass
    else:                                      # Winter Tricks: the interpreter straight on its host
        game.interp.execute(tree, Env(player, "", bound)).run(agent)


def _exposure_actions(bundle) -> set[str]:
    """What an exposure roll may ask for: the actions of the exposure die's faces (a wound, a kill …)."""
    faces = [f for c in bundle["cards"] if c["kind"] == "die" for f in c.get("faces", [])]
    ops = {n["op"] for f in faces for n in checks.walk((f.get("effect") or {}).get("tree", []))}
    return {a for o in ops if o in RUNTIME for a in RUNTIME[o].actions}


def _examples():
    """Every example of a statement that acts or keeps a rule, and of one with no RUNTIME entry yet (its test
    then says so: the collection never stops on a half-added node kind)."""
    for spec in CATALOGUE:
        runs = RUNTIME.get(spec.op)
        if spec.op in STATEMENTS and (runs is None or runs.role in ("acts", "rule")):
            for example in spec.examples:
                yield pytest.param(spec.op, example, id=f"{spec.op}: {example[:40]}")


@pytest.mark.parametrize("op, example", list(_examples()))
def test_no_node_kind_compiles_to_a_step_that_changes_nothing(bundle, op, example):
    """Every example of a node that acts or keeps a rule, run on its reference game, changes the game (its
    state, the host's rules or flags) or has the engine tell something of its own (a survivor looks at
    cards), and asks the host only for the actions its catalogue entry declares."""
    assert op in RUNTIME, f"NODE KIND {op}: add its RUNTIME entry in compiler/catalogue.py RUNTIME"
    assert op in HANDLERS, f"NODE KIND {op}: add its handler in runtime/handlers.py HANDLERS"
    if op == "manual":
        example = "manual manual-one-liner."
    tree = _compile(example)
    game, player, bound = _table(bundle, op, example)
    asked: list[str] = []
    apply = game.host.apply
    game.host.apply = lambda action, params, src: (asked.append(action), apply(action, params, src))[1]
    log = getattr(game, "log", None)
    lines = list(getattr(log, "lines", []) or [])
    before = _snapshot(game)
    _run(game, tree, player, bound)
    ops = {n["op"] for n in checks.walk(tree)}
    allowed = {a for o in ops if o in RUNTIME for a in RUNTIME[o].actions} | _exposure_actions(bundle)
    assert set(asked) <= allowed, f"{op}: asked the host for {sorted(set(asked) - allowed)}, not declared"
    told = [line["event"] for line in (getattr(log, "lines", []) or [])[len(lines):]]
    own = [e for e in told if e not in set(asked) | {"roll", "chose", "vote", "exposure"} | QUIET]
    if op == "manual":                        # a manual step changes nothing by itself: it tells the table
        assert "manual_step" in told
        return
    assert _snapshot(game) != before or own, (f"{op}: {example!r} ran on the reference engine and changed nothing: write a catalogue example "
                                             f"that acts on this test's TABLE (tests/lang/test_catalogue_runtime.py), which holds {TABLE}")


def test_a_name_looked_up_is_no_change_of_the_game(bundle):
    """Naming a survivor fills the host's name index; the "changes nothing" test above must not take that for
    a change (an example that names a survivor and does nothing passed it before)."""
    game, _, _ = _table(bundle, "move_survivor", "")
    before = _snapshot(game)
    assert game.host.find_named("survivor", "Sparky") is not None
    assert game.host._names is not None        # the lookup did fill the cache the snapshot leaves out
    assert _snapshot(game) == before
