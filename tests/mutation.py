"""Which changes to the runtime's code the tests notice: operator mutation testing of runtime modules.

Each *mutant* is the module with one small change planted by the standard library's ``ast``: a comparison
flipped (``<`` and ``<=``, ``>`` and ``>=``, ``==`` and ``!=``, ``in`` and ``not in``, ``is`` and ``is not``),
an integer constant made one larger or one smaller, ``and`` and ``or`` swapped, ``min`` and ``max`` swapped,
the condition of an ``if`` (statement or expression) negated, or one statement dropped (an expression,
an assignment, a ``raise``, a ``break`` or ``continue``). Only code inside functions and methods is
mutated: the mutated function's code object replaces the live one (``__code__``), so every module that
imported the function, the class or the module sees the mutant, and nothing is written to disk.

Every mutant runs in a forked copy of this process, which already holds the compiled content, with a
time limit; a mutant that runs past it counts as killed (it would hang). The tests it faces, cheapest first,
are only those that run one of the lines it changes:

1. the scenarios: the rule scenarios (tests/engine/rules/*.yaml) and the card scenarios (what ``dow test``
   runs) that run its lines, in process, stopping at the first that fails;
2. when they all still pass, the test items of the module's own test files (``TESTS``) that run its lines,
   by node id, through ``pytest.main`` in the forked process, stopping at the first failure; the content is
   compiled once, before forking.

Which scenario runs each line is traced (``sys.settrace``) in one unmutated run before the mutants; which
test item runs each line in one unmutated pytest run of ``TESTS`` with a plugin that follows each item
(``LineMap``: a line run while a fixture shared beyond one test is set up counts for every test using the
fixture; a line run while collecting, for every test), kept in build/mutation/ or $DOW_CACHE_DIR/mutation/
by the hash of the module, its tests, their conftest.py files and runtime/, and traced again when one
changes. ``--every-test`` faces each mutant with every scenario and every test of the files instead.
A mutant on a line that neither the scenarios nor those tests ever run is told *not reached* without
being run. What survives, reached or not, is a change no test notices: either a
test is missing, or the mutant is *equivalent* (it behaves as the original does), which ``JUSTIFIED``
says with the reason (``UNTESTED``: a survivor that is no equivalent, with what a test of it needs). It prints
the counts per module and every survivor with its reason; the section "What the tests notice" of
docs/runtime.md reports the last measurement. The exit code is 1 when a survivor has no reason.

    python tests/mutation.py                               # every module of MODULES (hours on 2 busy cores)
    python tests/mutation.py --module runtime/interpreter.py   # one module (repeatable); colony_warfare.py: 16 min
    python tests/mutation.py --list --module runtime/engine/colony_warfare.py  # the mutants, none run
    python tests/mutation.py --module runtime/interpreter.py --line 214 --tests tests/runtime/test_counts.py
    python tests/mutation.py --module runtime/handlers.py --line 1-400     # some lines: a cut run goes on
"""
from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import hashlib
import importlib
import json
import os
import select
import signal
import sys
import threading
import time
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent

#: the modules mutated by default (a path in the project), with the test files each faces after the scenarios:
#: the tests that exercise that module, chosen among the quick ones (a few seconds each)
_QUICK_RUNTIME = ["tests/runtime/test_corpus_constructs.py", "tests/runtime/test_crisis_family.py",
                  "tests/runtime/test_list_answers.py", "tests/runtime/test_decision_answers.py",
                  "tests/runtime/test_check_errors.py", "tests/runtime/test_crossroads_flow.py",
                  "tests/runtime/test_cards.py"]
_QUICK_ENGINE = ["tests/engine/test_decisions.py", "tests/engine/test_every_choice_asked.py",
                 "tests/engine/test_log_causes.py", "tests/engine/test_rulebook_readings.py",
                 "tests/engine/test_rules_in_force_ask_nothing.py"]
TESTS: dict[str, list[str]] = {
    "runtime/interpreter.py": ["tests/runtime/test_counts.py", "tests/runtime/test_effect_errors.py",
                               "tests/runtime/test_execution.py", "tests/runtime/test_interpreter.py",
                               "tests/runtime/test_host_protocol.py", "tests/runtime/test_compiled_conditions.py",
                               *_QUICK_RUNTIME, *_QUICK_ENGINE],
    "runtime/env.py": ["tests/runtime/test_interpreter.py", "tests/runtime/test_compiled_conditions.py"],
    "runtime/conditions.py": ["tests/runtime/test_compiled_conditions.py", "tests/lang/test_conditions.py"],
    "runtime/handlers.py": ["tests/runtime/test_interpreter.py", "tests/runtime/test_bundle_check.py",
                            "tests/runtime/test_handlers_choose.py", "tests/runtime/test_handlers_amounts.py",
                            "tests/runtime/test_counts.py", *_QUICK_RUNTIME, *_QUICK_ENGINE],
    "runtime/engine/colony_warfare.py": ["tests/engine/test_colony_warfare_steps.py", "tests/engine/test_colonies.py",
                                         "tests/engine/test_colonies_round.py", "tests/engine/test_lone_wolf.py"],
    "runtime/engine/actions.py": ["tests/engine/test_decisions.py", "tests/engine/test_lone_wolf.py",
                                  "tests/engine/test_every_choice_asked.py", "tests/engine/test_one_round_loop.py",
                                  "tests/engine/test_rulebook_readings.py", "tests/engine/test_log_causes.py"],
}
MODULES = list(TESTS)

#: survivors that are equivalent mutants, keyed "module: function: mutation", with the reason
CW = "runtime/engine/colony_warfare.py: ColonyWarfare."
_ONE_PICKED = ("equivalent: the answer to a question of exactly 1 target is 1 item, so its first and its last "
               "are the same")
_UNBOUNDED = ("equivalent: where nothing bounds 'all' (no number of things there is given), the count only has to "
              "be more than a table ever holds, which 10**5 to 11**6 all are")
_N_ALWAYS = ("equivalent: the modes that read N (count, up to, all but, top) always carry it (dsl/build.py writes "
             "it with them); the others (one, each, all, at least, any, no) never read it")
_INFLUENCE = ("equivalent: 'highest' and 'lowest' rank influence only (dsl/build.py), which every survivor has, so "
              "the default for a thing without it is never used")
_ONE_FILTER = ("equivalent: the list holds one item: a selector says at most one place ('at …'), one holder ('on …') "
               "and one supply, so its first is its last")
JUSTIFIED: dict[str, str] = {
    CW + "warfare_sites: `<` → `<=` in `ma < mb`":
        "equivalent: on equal morale the die decides when both colonies are contested, and when at most one is, "
        "the colonies come before every other location whichever is first, so the order of the contested ones "
        "is the same",
    CW + "step_colony_warfare: dropped `h.deferred = []`":
        "equivalent: a player whose last survivor's replacement was deferred has a survivor again after it, "
        "and `replace_last` replaces only a player with none; a player left with none again in a later "
        "warfare is deferred again, and replaced at the same point",
    CW + "combat: `0` → `-1` in `pick = (yield Decision(TARGETS, leader, tuple(s.tactics[tea…`": _ONE_PICKED,
    CW + "combat: `0` → `-1` in `victim = (yield Decision(TARGETS, s.leaders[team], foes, 1,…`": _ONE_PICKED,
    CW + "combat: `0` → `-1` in `hurt = (yield Decision(TARGETS, s.leaders[loser], mine, 1, …`": _ONE_PICKED,
    CW + "combat: `>` → `>=` in `diff > 0`": "equivalent: a difference of 0 returned just above",
    CW + 'combat: `0` → `-1` in `winner = "a" if diff > 0 else "b"`':
        "equivalent: the difference is a whole number other than 0 here, so `> -1` is `> 0`",
    'runtime/interpreter.py: Interpreter.count: `0` → `-1` in `return max((available or 0) - value["n"], 0)`':
        "equivalent: `available or -1` differs only when nothing is there (None or 0), and then all but N "
        "is below 0 either way, which the floor makes 0",
    "runtime/interpreter.py: Interpreter.count: `10` → `11` in `return available if available is not None else 10**6`":
        _UNBOUNDED,
    "runtime/interpreter.py: Interpreter.count: `10` → `9` in `return available if available is not None else 10**6`":
        _UNBOUNDED,
    "runtime/interpreter.py: Interpreter.count: `6` → `7` in `return available if available is not None else 10**6`":
        _UNBOUNDED,
    "runtime/interpreter.py: Interpreter.count: `6` → `5` in `return available if available is not None else 10**6`":
        _UNBOUNDED,
    'runtime/interpreter.py: Interpreter._targets: `1` → `2` in `mode, n = quantity["mode"], quantity.get("n", 1)`':
        _N_ALWAYS,
    'runtime/interpreter.py: Interpreter._targets: `1` → `0` in `mode, n = quantity["mode"], quantity.get("n", 1)`':
        _N_ALWAYS,
    "runtime/interpreter.py: Interpreter.candidates: dropped `kind = sel['kind']`":
        "equivalent: nothing in `candidates` reads `kind` after it (a leftover assignment)",
    'runtime/interpreter.py: Interpreter.passes: `1` → `2` in `return sum(1 for s in self.host.things(f["kind"]) if attr(s…`':
        "equivalent: every player's number of survivors is doubled alike, and 'the most' or 'the fewest' only "
        "compares them",
    'runtime/interpreter.py: Interpreter.extreme: `0` → `1` in `values = {t: self.host.attr(t, f["stat"]) or 0 for t in poo…`':
        _INFLUENCE,
    'runtime/interpreter.py: Interpreter.extreme: `0` → `-1` in `values = {t: self.host.attr(t, f["stat"]) or 0 for t in poo…`':
        _INFLUENCE,
    'runtime/interpreter.py: Interpreter.helpless_tokens: `0` → `-1` in `locations = self.places(places[0]["location"], env) if plac…`':
        _ONE_FILTER,
    'runtime/interpreter.py: Interpreter.measure: `0` → `-1` in `things = self.run_now(self.targets(holders[0], env))`':
        _ONE_FILTER,
    'runtime/interpreter.py: Interpreter.measure: `0` → `-1` in `owner = self.zone_owner(supplies[0], env) or env.player`':
        _ONE_FILTER,
    'runtime/interpreter.py: Interpreter.measure: `0` → `-1` in `prefix = "bullets" if supplies[0]["zone"] == "bullet_supply…`':
        _ONE_FILTER,
    'runtime/interpreter.py: Interpreter.measure: `0` → `-1` in `locations = self.places(places[0]["location"], env) if plac…`':
        _ONE_FILTER,
    'runtime/interpreter.py: _exposure_faces: `0` → `-1` in `slots.extend([(face["face"], tree)] * (face.get("count") or…`':
        "equivalent: a list repeated -1 times is empty, as it is 0 times",
    "runtime/interpreter.py: Interpreter._targets: `and` → `or` in `op == 'zone' and 'top' in node`":
        "equivalent for what the language writes: only a zone node has `top`, and a zone node comes to `_targets` "
        "only as 'the top N cards of …', with it",
    "runtime/interpreter.py: path_to: `and` → `or` in `isinstance(root, dict) and 'op' in root`":
        "equivalent: inside a tree, every dictionary that holds a node is a node (the only others are the "
        "positions, which hold none), and a list never holds the text 'op'; so the nodes above the target are "
        "the same",
    # runtime/handlers.py, lines 1-600
    "runtime/handlers.py: h_draw_cards: `0` → `-1` in `location = decks[0] if decks else None`":
        "equivalent: the decks are one deck here, either the only one that holds cards or the one the player "
        "named (a question of exactly 1 target)",
    'runtime/handlers.py: _whose: `0` → `-1` in `return {**zone, "owner": {"op": "ref", "name": "_whose"}}, …`':
        "equivalent: only an owner chosen as 'a player' (quantity one) comes here, so one player is picked",
    'runtime/handlers.py: h_select: `0` → `-1` in `env.bindings[node["bind"]] = picked[0] if len(picked) == 1 …`':
        "equivalent: taken only when exactly one thing is picked",
    # runtime/handlers.py, lines 601-939
    'runtime/handlers.py: h_choose: `0` → `-1` in `src=node.get("pos", {})))[0]`': _ONE_PICKED,
    'runtime/handlers.py: h_choose: `0` → `-1` in `who = meeting[0] if meeting else env.player`':
        "equivalent: this branch is taken when at most one player meets the chooser, so the first and the last "
        "of them are the same",
    'runtime/handlers.py: h_choose: `0` → `-1` in `pick = allowed[0] if len(allowed) == 1 else \\`':
        "equivalent: taken only when exactly one option is allowed",
    'runtime/handlers.py: h_vote: `0` → `-1` in `pick = tied[0]`':
        "equivalent: taken only when exactly one option has the most votes",
    'runtime/handlers.py: h_pot: `0` → `-1` in `taker = rolling[0]`':
        "equivalent: the rolls go on while more than one player is tied for the highest die, so one is left",
    'runtime/handlers.py: h_together: `0` → `-1` in `caps = [{p: max((k for k in range(need, 0, -1) if ip.host.c…`':
        "equivalent: the range only gains 0 at its end; `max` takes the largest share the player can pay, and "
        "when only 0 is left, 0 is the default it gives anyway",
    "runtime/conditions.py: CompiledConditions._candidates: `and` → `or` in `kind == 'survivor' and "
    "any((f['op'] == 'state' and f['is'] …`":
        "equivalent: the flag only spares a call; `Interpreter.helpless_tokens` tests the same (a survivor "
        "selector with a helpless filter) and returns nothing otherwise, without asking the host",
}
#: survivors that are not equivalent, that no test has yet, with what a test needs (reported, not excused)
_OUT_OF_PLAY = ("the scenarios' engine answers 'a random survivor from the survivor deck', 'a dead survivor' and 'the "
                "cards in the survivor deck' on its own; a test on a host that lists survivors out of play "
                "(``zone_members``) that the selection starts from that zone")
_CONDITIONS = ("a condition the content's scenarios never decide on this point (a location named inside a 'controls' "
               "count, 'each non-exiled player controls …', searches since a moment, entrance barricades of a "
               "host that answers none): a test of that condition with both outcomes")
_TOGETHER_COUNT = ("a 'together' cost whose count is no number (no scenario has one): a test that the players "
                   "then reach exactly one thing between them")
_PUT_AWAY = ("'one player may' whose block gives or puts away a number of cards of the player's hand (or one, or no "
             "selection at all): a test that a player holding fewer than the block names is not asked, one holding "
             "exactly that many is, and a block of other steps asks everyone")
_EACH_TURN = ("'each player …' resolved by a player other than the first seat: a test that the players act in turn from "
              "the resolving player (p2, p3, p1), not in the host's order")
_SINCE = ("a rule keeping 'at the end of the next round:' that counts searches 'since this card' at a location "
          "already searched: a test that only the searches made after count, and that a rule without a delayed block "
          "is handed no `since`")
_ATTACH = ("a host that binds `this_card` and one that does not: a test that the attach action names the physical card "
           "(or the card's own id) and the survivor: no scenario notices the action missing")
UNTESTED: dict[str, str] = {
    "runtime/interpreter.py: Interpreter.base_pool: `==` → `!=` in `f['zone'].get('op') == 'zone'`":
        _OUT_OF_PLAY,
    "runtime/interpreter.py: Interpreter.base_pool: `==` → `!=` in `kind == 'survivor'`":
        _OUT_OF_PLAY,
    "runtime/interpreter.py: Interpreter.base_pool: `in` → `not in` in `zone.get('zone') in OUT_OF_PLAY`":
        _OUT_OF_PLAY,
    "runtime/interpreter.py: Interpreter.base_pool: `==` → `!=` in `kind == 'card'`":
        _OUT_OF_PLAY,
    'runtime/interpreter.py: Interpreter.base_pool: dropped `pool = scope(kind, sel, env, pool)`':
        "a test host with `scope` (a card read from one side, Warring Colonies) whose answer narrows the pool",
    "runtime/interpreter.py: Interpreter.passes: dropped `owner = attr(thing, 'controller')`":
        "'an enemy location' and 'a friendly location' (Warring Colonies): a location is on the side of whoever "
        "controls it; a test of a location controlled by the other colony",
    "runtime/interpreter.py: Interpreter.passes: `<=` → `<` in `n <= f['max']`":
        "a wounds filter with a most ('exactly 1 wound'): a test with a survivor at that most",
    'runtime/interpreter.py: Interpreter.zone: `0` → `-1` in `location = places[0] if places else None`':
        "probably equivalent (a deck's place is one location), not yet shown: a test of a location deck named by a "
        "description of several places",
    'runtime/interpreter.py: Interpreter.zone_owner: `0` → `-1` in `return found[0] if found else None`':
        "probably equivalent (a pile has one owner), not yet shown: a test of a hand named by a description of "
        "several players",
    'runtime/interpreter.py: Interpreter.cond_node: `1` → `2` in `"op": "location", "id": place}}, *sel["filters"][i + 1:]]},…`':
        _CONDITIONS,
    'runtime/interpreter.py: Interpreter.cond_node: `1` → `0` in `"op": "location", "id": place}}, *sel["filters"][i + 1:]]},…`':
        _CONDITIONS,
    "runtime/interpreter.py: Interpreter.cond_node: negated `if every_one(node['player'])`":
        _CONDITIONS,
    'runtime/interpreter.py: Interpreter.cond_node: `0` → `1` in `return all((self.host.attr(loc, "searches") or 0) > since.g…`':
        _CONDITIONS,
    'runtime/interpreter.py: Interpreter.cond_node: `0` → `-1` in `return all((self.host.attr(loc, "searches") or 0) > since.g…`':
        _CONDITIONS,
    'runtime/interpreter.py: Interpreter.cond_node: `0` → `1` in `return all(min(self.host.attr(loc, "entrance_barricades") o…`':
        _CONDITIONS,
    'runtime/interpreter.py: Interpreter.cond_node: `0` → `-1` in `return all(min(self.host.attr(loc, "entrance_barricades") o…`':
        _CONDITIONS,
    "runtime/interpreter.py: Interpreter.measure: `in` → `not in` in `kind in ('zombie', 'token')`":
        "counting 'zombies at entrance 2 of the colony': a test of a count by entrance",
    'runtime/interpreter.py: Interpreter.measure: `or` → `and` in `self.zone_owner(supplies[0], env) or env.player`':
        "'food tokens in the supply' with no owner said: the resolving player's supply; a test of that count",
    'runtime/interpreter.py: Interpreter.expr: `0` → `-1` in `return sum(self.host.attr(loc, "empty_survivor_spaces") or …`':
        "a location whose host answers no number of empty survivor spaces counts 0: a test with such a host",
    # runtime/handlers.py, lines 601-939
    'runtime/handlers.py: h_together: `1` → `2` in `needs = [cost["count"] if isinstance(cost["count"], int) el…`':
        _TOGETHER_COUNT,
    'runtime/handlers.py: h_together: `1` → `0` in `needs = [cost["count"] if isinstance(cost["count"], int) el…`':
        _TOGETHER_COUNT,
    'runtime/handlers.py: h_together: `0` → `-1` in `share[player] = yield Decision(AMOUNT, player, min=0, max=m…`':
        "a test that each player's question of 'together' takes 0 (a refusal) as its least answer and no less",
    "runtime/handlers.py: can_put_away: `or` → `and` in `cards is None or cards['op'] != 'select_of'`": _PUT_AWAY,
    "runtime/handlers.py: can_put_away: `or` → `and` in `cards.get('quantity') or {}`": _PUT_AWAY,
    "runtime/handlers.py: can_put_away: negated `… if quantity.get('mode') in ('count', 'one') else …`": _PUT_AWAY,
    "runtime/handlers.py: can_put_away: `in` → `not in` in `quantity.get('mode') in ('count', 'one')`": _PUT_AWAY,
    'runtime/handlers.py: can_put_away: `1` → `2` in `need = quantity.get("n", 1) if quantity.get("mode") in ("co…`':
        _PUT_AWAY,
    'runtime/handlers.py: can_put_away: `1` → `0` in `need = quantity.get("n", 1) if quantity.get("mode") in ("co…`':
        _PUT_AWAY,
    "runtime/handlers.py: h_each_player: negated `… if p in turn else …`": _EACH_TURN,
    "runtime/handlers.py: h_each_player: `in` → `not in` in `p in turn`": _EACH_TURN,
    "runtime/handlers.py: _holds_delayed: negated `if node.get('op') == 'delayed'`": _SINCE,
    "runtime/handlers.py: _holds_delayed: `==` → `!=` in `node.get('op') == 'delayed'`": _SINCE,
    "runtime/handlers.py: h_attach: negated `if named.get('op') == 'ref' and named.get('name') not in env.b…`": _ATTACH,
    "runtime/handlers.py: h_attach: `and` → `or` in `named.get('op') == 'ref' and named.get('name') not in env.b…`":
        _ATTACH,
    "runtime/handlers.py: h_attach: `==` → `!=` in `named.get('op') == 'ref'`": _ATTACH,
    "runtime/handlers.py: h_attach: `not in` → `in` in `named.get('name') not in env.bindings`": _ATTACH,
    "runtime/handlers.py: h_attach: `or` → `and` in `(yield from ip.targets(named, env)) or [env.card]`": _ATTACH,
    "runtime/handlers.py: h_attach: dropped `ip.act('attach', {'card': card, 'survivor': survivor}, node…`": _ATTACH,
}

#: stage time limits: a multiple of the unmutated run's time, and a floor (seconds); the tests' floor is higher,
#: for pytest's start on a busy machine (a mutant stopped by the limit counts as killed)
SLOWER, FLOOR, TEST_FLOOR = 4, 10, 60


# ---- the mutations ---------------------------------------------------------------------------------
FLIPS: dict[type, type] = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
                           ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
                           ast.Is: ast.IsNot, ast.IsNot: ast.Is}
SYMBOL: dict[type, str] = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
          ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not"}
DROPPED = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Raise, ast.Break, ast.Continue)


@dataclass
class Mutant:
    """One planted change: where, in which function, and what it does."""
    module: str                    # the project path, runtime/interpreter.py
    index: int                     # its number among the module's mutation sites, in the order of the source
    function: str                  # the qualified name of the outermost function holding it
    line: int
    col: int
    what: str                      # "`<` → `<=` in `a < b`"
    status: str = ""               # killed, survived, not reached, timeout, not planted
    by: str = ""                   # the scenario or test that killed it; why it could not be planted
    end: int = 0                   # the last line of the code it changes (an if's condition only)

    @property
    def key(self) -> str:
        return f"{self.module}: {self.function}: {self.what}"

    @property
    def lines(self) -> range:
        """The lines of the code it changes: a test that runs any of them runs the change."""
        return range(self.line, max(self.end, self.line) + 1)


def _short(node: ast.AST, width: int = 60) -> str:
    text = " ".join(ast.unparse(node).split())
    return text if len(text) <= width else text[:width - 1] + "…"


class Planter(ast.NodeTransformer):
    """Walks a module's syntax tree in source order, numbering each mutation site inside a function; plants
    the site numbered ``target`` (none when -1) and records every site seen."""

    def __init__(self, module: str, target: int = -1):
        self.module, self.target = module, target
        self.lines = source_of(module).splitlines()
        self.sites: list[Mutant] = []
        self.scope: list[str] = []         # class and function names, outermost first
        self.function: str | None = None   # the outermost function's qualified name, when inside one

    # -- scopes
    def visit_Module(self, node: ast.Module) -> ast.AST:
        node.body = self._body(node.body)
        return node

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        if self.function is not None:      # a class inside a function is part of that function
            return self.generic_visit(node)
        self.scope.append(node.name)
        node.body = self._body(node.body)
        self.scope.pop()
        return node

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        if self.function is not None:
            node.body = self._body(node.body)
            return self.generic_visit_but_body(node)
        self.function = ".".join([*self.scope, node.name])
        node.body = self._body(node.body)
        self.function = None
        return node

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function

    def generic_visit_but_body(self, node: ast.AST) -> ast.AST:
        for name in ("args", "returns"):
            value = getattr(node, name, None)
            if isinstance(value, ast.AST):
                self.visit(value)
        return node

    def _site(self, node: ast.AST, what: str) -> bool:
        """Record a site; whether it is the one to plant."""
        assert self.function is not None
        changed = node.test if isinstance(node, (ast.If, ast.IfExp)) else node   # not the branches
        self.sites.append(Mutant(self.module, len(self.sites), self.function, getattr(node, "lineno"),
                                 getattr(node, "col_offset"), what,
                                 end=getattr(changed, "end_lineno", None) or getattr(node, "lineno")))
        return len(self.sites) - 1 == self.target

    # -- statements: dropped, or an if's condition negated
    def _body(self, body: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for i, stmt in enumerate(body):
            docstring = i == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
                and isinstance(stmt.value.value, str)
            if self.function is not None and isinstance(stmt, DROPPED) and not docstring:
                if self._site(stmt, f"dropped `{_short(stmt)}`"):
                    out.append(ast.copy_location(ast.Pass(), stmt))
                    continue
            if self.function is None and not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.append(stmt)           # module and class level code is not mutated
                continue
            out.append(self.visit(stmt))
        return out or [ast.Pass()]

    def visit_If(self, node: ast.If) -> ast.AST:
        if self._site(node, f"negated `if {_short(node.test)}`"):
            node.test = ast.copy_location(ast.UnaryOp(ast.Not(), node.test), node.test)
        else:
            node.test = self.visit(node.test)
        node.body, node.orelse = self._body(node.body), self._body(node.orelse) if node.orelse else []
        return node

    def _blocks(self, node: ast.AST) -> ast.AST:
        for name, value in ast.iter_fields(node):
            if name in ("body", "orelse", "finalbody") and isinstance(value, list) and value \
                    and isinstance(value[0], ast.stmt):
                setattr(node, name, self._body(value))
            elif name == "handlers":
                for h in value:
                    h.body = self._body(h.body)
            elif isinstance(value, ast.AST):
                setattr(node, name, self.visit(value))
            elif isinstance(value, list):
                setattr(node, name, [self.visit(v) if isinstance(v, ast.AST) else v for v in value])
        return node

    visit_For = visit_While = visit_With = visit_Try = visit_AsyncFor = visit_AsyncWith = _blocks

    def visit_Match(self, node: ast.Match) -> ast.AST:
        node.subject = self.visit(node.subject)
        for case in node.cases:
            case.body = self._body(case.body)
        return node

    # -- expressions
    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        if self._site(node, f"negated `… if {_short(node.test)} else …`"):
            node.test = ast.UnaryOp(ast.Not(), node.test)
            ast.copy_location(node.test, node.test.operand)
            return node
        return self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        for i, op in enumerate(node.ops):
            if type(op) in FLIPS:
                new = FLIPS[type(op)]
                if self._site(node, f"`{SYMBOL[type(op)]}` → `{SYMBOL[new]}` in `{_short(node)}`"):
                    node.ops = [*node.ops[:i], new(), *node.ops[i + 1:]]
                    return node
        return self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        old, new = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
        if self._site(node, f"`{old}` → `{new}` in `{_short(node)}`"):
            node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
            return node
        return self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
            new = "max" if node.func.id == "min" else "min"
            if self._site(node, f"`{node.func.id}` → `{new}` in `{_short(node)}`"):
                node.func = ast.copy_location(ast.Name(new, ast.Load()), node.func)
                return node
        return self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        value = node.value
        if self.function is None or not isinstance(value, int) or isinstance(value, bool):
            return node
        line = " ".join(self.lines[node.lineno - 1].split())
        line = line if len(line) <= 60 else line[:59] + "…"
        for new in (value + 1, value - 1):       # a number says its line: several share one function
            if self._site(node, f"`{value}` → `{new}` in `{line}`"):
                return ast.copy_location(ast.Constant(new), node)
        return node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return node                        # the text of messages is not what the tests hold


def source_of(module: str) -> str:
    return (ROOT / module).read_text(encoding="utf-8")


def mutants_of(module: str, lines: list[int] | None = None) -> list[Mutant]:
    """Every mutation site of a module, numbered (only those on the given lines, when given)."""
    planter = Planter(module)
    planter.visit(ast.parse(source_of(module), module))
    return [m for m in planter.sites if not lines or m.line in lines]


def import_name(module: str) -> str:
    """runtime/engine/actions.py → dow.runtime.engine.actions"""
    parts = Path(module).with_suffix("").parts
    if parts[0] != "runtime":
        raise SystemExit(f"{module}: only modules of runtime/ are mutated")
    return ".".join(("dow", *parts))


def _codes_named(code: types.CodeType, qualname: str) -> list[types.CodeType]:
    """The code objects of that qualified name in a module's code (a property's getter and setter share one)."""
    found = []
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            if const.co_qualname == qualname:
                found.append(const)
            found += _codes_named(const, qualname)
    return found


def _live_functions(module: types.ModuleType, qualname: str) -> list[types.FunctionType]:
    """The function objects the module holds under that qualified name (a property's getter and setter
    share one)."""
    obj: Any = module
    *outer, name = qualname.split(".")
    for part in outer:
        obj = getattr(obj, part)
    found = vars(obj).get(name) if isinstance(obj, type) else getattr(obj, name, None)
    candidates: list[Any] = []
    if isinstance(found, property):
        candidates = [found.fget, found.fset, found.fdel]
    elif isinstance(found, (staticmethod, classmethod)):
        candidates = [found.__func__]
    else:
        candidates = [found]
    out = []
    for f in candidates:
        while hasattr(f, "__wrapped__"):
            f = f.__wrapped__
        if isinstance(f, types.FunctionType):
            out.append(f)
    return out


def plant(mutant: Mutant) -> None:
    """Put the mutant in place in this process (raises ``LookupError`` when it cannot be planted)."""
    tree = ast.parse(source_of(mutant.module), mutant.module)
    planter = Planter(mutant.module, mutant.index)
    planter.visit(tree)
    ast.fix_missing_locations(tree)
    code = compile(tree, str(ROOT / mutant.module), "exec")
    codes = _codes_named(code, mutant.function)
    live = importlib.import_module(import_name(mutant.module))
    for f in _live_functions(live, mutant.function):
        for new in codes:
            old = f.__code__
            if old.co_firstlineno == new.co_firstlineno and _changed(old, new):
                try:
                    f.__code__ = new
                    _plant_made(live, old, new)
                except ValueError as err:      # the drop changed the free variables of a closure
                    raise LookupError(str(err)) from None
                return
    raise LookupError(f"no live function {mutant.function} that the mutation changes")


def _nested(code: types.CodeType) -> dict[tuple[str, int], types.CodeType]:
    """The code objects defined inside a function's code, by qualified name and first line."""
    found: dict[tuple[str, int], types.CodeType] = {}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found[(const.co_qualname, const.co_firstlineno)] = const
            found.update(_nested(const))
    return found


def _changed(old: types.CodeType, new: types.CodeType) -> bool:
    """Whether a function's code changed: its instructions, its constants or the names it reads (``min`` swapped
    for ``max`` where the function reads no ``max`` changes only the name, at the same index)."""
    return (old.co_code, old.co_consts, old.co_names) != (new.co_code, new.co_consts, new.co_names)


def _plant_made(module: types.ModuleType, old: types.CodeType, new: types.CodeType) -> None:
    """The functions the mutated function made before it was planted (a handler factory's handlers, made
    when the module was imported and kept in a table) get the mutated code of their definition too: the
    mutant is in every function its change reaches, not only in those made from now on."""
    import gc
    before, after = _nested(old), _nested(new)
    changed = {key: code for key, code in after.items() if key in before and before[key] is not code
               and _changed(before[key], code)}
    if not changed:
        return
    # compiling the content (compiler/project.py) freezes what it made, and gc.get_objects() does not list
    # frozen objects: the handlers made at import would be missed after a compile. Unfrozen in this process
    # (the mutant's fork) only.
    gc.unfreeze()
    for f in gc.get_objects():
        if isinstance(f, types.FunctionType) and f.__module__ == module.__name__:
            key = (f.__code__.co_qualname, f.__code__.co_firstlineno)
            if key in changed and f.__code__ is before[key]:
                f.__code__ = changed[key]


# ---- the tests a mutant faces ------------------------------------------------------------------------
@dataclass
class Suite:
    """The compiled content and its scenarios, made once before any fork."""
    bundle: dict[str, Any]
    scenarios: list[tuple[str, dict[str, Any] | None, dict[str, Any]]] = field(default_factory=list)

    @classmethod
    def load(cls) -> "Suite":
        import yaml
        from dow.compiler import project
        build = project.compile_paths([ROOT / "content"], ROOT)
        if not build.ok:
            raise SystemExit("content/ has errors; run 'dow check' first")
        # the tests' fixtures compile content/ again: in the forked processes they get this build
        original = project.compile_paths

        def kept(paths: Any, root: Any = None, *args: Any, **kwargs: Any) -> Any:
            if not args and not kwargs and [Path(p) for p in paths] == [ROOT / "content"] and Path(root) == ROOT:
                return build
            return original(paths, root, *args, **kwargs)
        project.compile_paths = kept
        suite = cls(project.bundle_of(build.cards, build.rulesets))
        for path in sorted((ROOT / "tests" / "engine" / "rules").glob("*.yaml")):
            for test in yaml.safe_load(path.read_text(encoding="utf-8")):
                suite.scenarios.append((f"{path.relative_to(ROOT).as_posix()}: {test['name']}", None, test))
        for card in suite.bundle["cards"]:
            for test in card.get("tests") or []:
                suite.scenarios.append((f"{card['id']}: {test.get('name', '?')}", card, test))
        return suite

    def first_failing_scenario(self, chosen: list[int] | None = None) -> str | None:
        """The first scenario that does not hold (its name), or None; only the chosen ones (their numbers),
        when given."""
        from dow.runtime.engine.scenario import run_scenario
        only = None if chosen is None else set(chosen)
        for i, (name, card, test) in enumerate(self.scenarios):
            if only is not None and i not in only:
                continue
            try:
                problems = run_scenario(self.bundle, card, copy.deepcopy(test))
            except Exception as err:       # noqa: BLE001 - a mutant that crashes the engine is caught
                return f"{name} ({type(err).__name__})"
            if problems:
                return name
        return None


def _arg(test: str) -> str:
    """A test file or node id of the project (tests/x.py::test_y) as pytest takes it from any folder."""
    path, sep, rest = test.partition("::")
    return str(ROOT / path) + sep + rest


def first_failing_test(tests: list[str]) -> str | None:
    """The first of those tests (files or node ids, run in that order) that fails (its node id), or None
    (also for no tests: a module with no test files of its own in ``TESTS`` faces the scenarios only);
    '(pytest: exit N)' when pytest itself could not run them."""
    if not tests:                          # no tests: pytest would run the whole suite
        return None
    import pytest
    failed: list[str] = []

    class Watch:
        def pytest_runtest_logreport(self, report: Any) -> None:
            if report.failed:
                failed.append(report.nodeid)
    code = pytest.main([*map(_arg, tests), "-x", "-q", "-p", "no:cacheprovider", "--no-header",
                        "-p", "no:warnings", f"--rootdir={ROOT}"], plugins=[Watch()])
    if failed:
        return failed[0]
    return None if code in (0, 5) else f"(pytest: exit {int(code)})"


@contextlib.contextmanager
def traced(path: Path, lines: set[int]) -> Iterator[None]:
    """Record the lines of one file that run."""
    with traced_by(path, lambda: lines):
        yield


@contextlib.contextmanager
def traced_by(path: Path, where: Callable[[], set[int]]) -> Iterator[None]:
    """Record the lines of one file that run, each in the set ``where()`` gives when it runs (in every
    thread started meanwhile too)."""
    filename = str(path)

    def local(frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            where().add(frame.f_lineno)
        return local

    def globaltrace(frame: Any, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename == filename:
            where().add(frame.f_lineno)
            return local
        return None
    threading.settrace(globaltrace)
    sys.settrace(globaltrace)
    try:
        yield
    finally:
        sys.settrace(None)
        threading.settrace(None)


# ---- which tests run which line ------------------------------------------------------------------------
#: the format of the kept maps: a new number makes every kept map stale
MAP_FORMAT = 1


@dataclass
class LineMap:
    """Which test items run each line of one module, traced once in an unmutated run of its tests."""
    module: str
    tests: list[str]                    # the test files (or node ids) traced, as ``TESTS`` lists them
    items: list[str]                    # every item's node id, in the order pytest ran them
    seconds: list[float]                # what each item took (setup, call and teardown), traced
    overhead: float                     # what the run took besides its items (start, collection), traced
    lines: dict[int, list[int]]         # a line → the items (their numbers) that run it
    everywhere: list[int]               # the lines run outside any item (collecting): every test faces them

    def reached(self) -> set[int]:
        return {*self.lines, *self.everywhere}

    def tests_for(self, mutant: Mutant) -> list[str]:
        """The tests a mutant faces: the items that run one of its lines, file by file (the file whose items
        take least first, each file's items in their order), or every test file when a line of it runs
        while the tests are collected; none when no test runs it."""
        if any(n in self.everywhere for n in mutant.lines):
            return list(self.tests)
        chosen = sorted({i for n in mutant.lines for i in self.lines.get(n, [])})
        files: dict[str, list[int]] = {}
        for i in chosen:
            files.setdefault(self.items[i].partition("::")[0], []).append(i)
        ordered = sorted(files.values(), key=lambda group: sum(self.seconds[i] for i in group))
        return [self.items[i] for group in ordered for i in group]

    def limit(self, tests: list[str]) -> float:
        """The time limit of a mutant's tests: ``SLOWER`` times what they took unmutated (traced, so more
        than they take untraced), and at least ``TEST_FLOOR``."""
        took = dict(zip(self.items, self.seconds))
        if tests == list(self.tests):
            spent = sum(self.seconds)
        else:
            spent = sum(took.get(t, 0.0) for t in tests)
        return max(TEST_FLOOR, SLOWER * (self.overhead + spent))

    # -- kept on disk
    @staticmethod
    def key(module: str, tests: list[str]) -> str:
        """What the map depends on: the format, the module, the test files and the conftest.py files above
        them, and every runtime module (the code the tests run through on their way to the module's)."""
        digest = hashlib.sha256(f"{MAP_FORMAT}\0{module}\0{tests}\0".encode())
        files = {ROOT / module, *(ROOT / "runtime").rglob("*.py")}
        for test in tests:
            path = ROOT / test.partition("::")[0]
            files.add(path)
            for folder in path.parents:
                if folder == ROOT.parent:
                    break
                files.add(folder / "conftest.py")
        for path in sorted(files):
            if path.is_file():
                digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
        return digest.hexdigest()

    @staticmethod
    def folder() -> Path:
        """Where the maps are kept: ``$DOW_CACHE_DIR/mutation`` when that is set, else build/mutation."""
        cache = os.environ.get("DOW_CACHE_DIR")
        return (Path(cache) if cache and cache != "off" else ROOT / "build") / "mutation"

    @classmethod
    def path(cls, module: str, tests: list[str]) -> Path:
        return cls.folder() / f"{Path(module).stem}-{cls.key(module, tests)[:24]}.json"

    @classmethod
    def kept(cls, module: str, tests: list[str]) -> "LineMap | None":
        try:
            data = json.loads(cls.path(module, tests).read_text(encoding="utf-8"))
            return cls(module, data["tests"], data["items"], data["seconds"], data["overhead"],
                       {int(n): items for n, items in data["lines"].items()}, data["everywhere"])
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def keep(self) -> Path:
        path = self.path(self.module, self.tests)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {"module": self.module, "tests": self.tests, "items": self.items, "seconds": self.seconds,
                "overhead": self.overhead, "lines": {str(n): items for n, items in sorted(self.lines.items())},
                "everywhere": self.everywhere}
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(data), encoding="utf-8")
        temporary.replace(path)
        return path


def trace_tests(module: str, tests: list[str]) -> dict[str, Any]:
    """Run the tests once, unmutated, in this process, recording which item runs each line of the module.
    A line run while a fixture shared beyond one test (session, package, module or class scope) is set up
    counts for every item that uses the fixture; a line run outside any item and fixture (collecting the
    tests) counts for all. Returns the parts of a ``LineMap`` and the items that failed."""
    import pytest
    items: list[str] = []
    seconds: list[float] = []
    fixtures: dict[str, list[int]] = {}            # a fixture's name → the items that use it
    outside: set[int] = set()
    by_item: list[set[int]] = []
    by_fixture: dict[str, set[int]] = {}
    stack: list[set[int]] = [outside]
    failed: list[str] = []

    class Trace:
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> Iterator[None]:
            path = Path(str(item.path)).resolve().relative_to(ROOT).as_posix()
            items.append(path + item.nodeid[item.nodeid.index("::"):] if "::" in item.nodeid else path)
            for name in getattr(item, "fixturenames", ()):
                fixtures.setdefault(name, []).append(len(items) - 1)
            by_item.append(set())
            stack.append(by_item[-1])
            started = time.perf_counter()
            yield
            seconds.append(time.perf_counter() - started)
            stack.pop()

        @pytest.hookimpl(hookwrapper=True)
        def pytest_fixture_setup(self, fixturedef: Any, request: Any) -> Iterator[None]:
            shared = fixturedef.scope != "function"
            if shared:
                stack.append(by_fixture.setdefault(fixturedef.argname, set()))
            yield
            if shared:
                stack.pop()

        def pytest_runtest_logreport(self, report: Any) -> None:
            if report.failed:
                failed.append(report.nodeid)

    started = time.perf_counter()
    with traced_by(ROOT / module, lambda: stack[-1]):
        code = pytest.main([*map(_arg, tests), "-q", "-p", "no:cacheprovider", "--no-header",
                            "-p", "no:warnings", f"--rootdir={ROOT}"], plugins=[Trace()])
    total = time.perf_counter() - started
    lines: dict[int, set[int]] = {}
    for i, seen in enumerate(by_item):
        for n in seen:
            lines.setdefault(n, set()).add(i)
    for name, seen in by_fixture.items():
        for n in seen:
            lines.setdefault(n, set()).update(fixtures.get(name, []))
    if not failed and code not in (0, 5):
        failed.append(f"(pytest: exit {int(code)})")
    return {"tests": tests, "items": items, "seconds": seconds, "overhead": max(total - sum(seconds), 0.0),
            "lines": {str(n): sorted(i) for n, i in sorted(lines.items())}, "everywhere": sorted(outside),
            "failed": failed}


def line_map(module: str, tests: list[str], say: Callable[[str], None] = lambda _: None) -> LineMap:
    """The module's map of which test runs each line: the kept one when neither the module, its tests nor
    the runtime changed since it was traced, else traced now in a forked process (and kept)."""
    kept = LineMap.kept(module, tests)
    if kept is not None:
        return kept
    say(f"{module}: tracing which test runs each line ({len(tests)} test files, once)")
    status, value = in_fork(lambda: trace_tests(module, tests), 3600)
    if status != "ok":
        raise SystemExit(f"{module}: the unmutated run of its tests {status}: {value}")
    if value["failed"]:
        raise SystemExit(f"{module}: fails without a mutant: {value['failed'][0]}")
    made = LineMap(module, value["tests"], value["items"], value["seconds"], value["overhead"],
                   {int(n): i for n, i in value["lines"].items()}, value["everywhere"])
    path = made.keep()
    say(f"{module}: {len(made.items)} test items in {sum(made.seconds) + made.overhead:.0f} s, traced; kept in "
        f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return made


# ---- forking ---------------------------------------------------------------------------------------
def in_fork(work: Callable[[], Any], seconds: float) -> tuple[str, Any]:
    """Run ``work`` in a forked copy of this process, its output thrown away: ("ok", its result, which
    must be JSON), ("timeout", None) or ("crashed", the reason)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:                           # the child: no output, no return to the caller's code
        os.close(read)
        code = 0
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            result = json.dumps(["ok", work()])
        except BaseException as err:       # noqa: BLE001 - told to the parent
            result, code = json.dumps(["crashed", f"{type(err).__name__}: {err}"]), 1
        with os.fdopen(write, "w") as out:
            out.write(result)
        os._exit(code)
    os.close(write)
    chunks: list[bytes] = []
    deadline = time.monotonic() + seconds
    with os.fdopen(read, "rb") as pipe:
        while True:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([pipe], [], [], max(left, 0))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return "timeout", None
            chunk = os.read(pipe.fileno(), 65536)
            if not chunk:
                break
            chunks.append(chunk)
    os.waitpid(pid, 0)
    if not chunks:
        return "crashed", "the process ended without an answer"
    status, value = json.loads(b"".join(chunks))
    return status, value


# ---- the run ---------------------------------------------------------------------------------------
@dataclass
class Measured:
    """One module's mutants, and what the unmutated run took."""
    module: str
    mutants: list[Mutant]
    seconds: float = 0.0


def baseline(suite: Suite, module: str) -> tuple[dict[int, list[int]], list[float]]:
    """Which scenarios (their numbers) run each line of the module, and the time each took, unmutated;
    stops the run when a scenario fails without a mutant."""
    path = ROOT / module

    def work() -> dict[str, Any]:
        by_scenario: list[set[int]] = []
        seconds: list[float] = []
        failing = None
        with traced_by(path, lambda: by_scenario[-1]):
            for i in range(len(suite.scenarios)):
                by_scenario.append(set())
                started = time.perf_counter()
                failing = failing or suite.first_failing_scenario([i])
                seconds.append(time.perf_counter() - started)
        lines: dict[int, list[int]] = {}
        for i, seen in enumerate(by_scenario):
            for n in seen:
                lines.setdefault(n, []).append(i)
        return {"lines": {str(n): i for n, i in lines.items()}, "scenario": failing, "seconds": seconds}
    status, value = in_fork(work, 900)
    if status != "ok":
        raise SystemExit(f"{module}: the unmutated run {status}: {value}")
    if value["scenario"]:
        raise SystemExit(f"{module}: fails without a mutant: {value['scenario']}")
    return {int(n): i for n, i in value["lines"].items()}, value["seconds"]


def run_mutant(suite: Suite, mutant: Mutant, limit: float, tests: list[str], test_limit: float,
               scenarios: list[int] | None = None) -> None:
    """Plant the mutant in a forked process and face it with the scenarios (only those numbered, when given:
    none, and it goes on to the tests), then with those tests (none: it survives what the scenarios do not
    notice)."""
    def chosen_scenarios() -> list[str]:
        plant(mutant)
        failing = suite.first_failing_scenario(scenarios)
        return ["killed", failing] if failing else ["survived", ""]

    def chosen_tests() -> list[str]:
        plant(mutant)
        failing = first_failing_test(tests)
        return ["killed", failing] if failing else ["survived", ""]
    mutant.status = "survived"
    for stage, seconds in ((chosen_scenarios, limit), (chosen_tests, test_limit)):
        if (stage is chosen_tests and not tests) or (stage is chosen_scenarios and scenarios == []):
            continue
        status, value = in_fork(stage, seconds)
        if status == "timeout":
            mutant.status, mutant.by = "killed", f"timeout after {seconds:.0f} s"
            return
        if status == "crashed":
            not_planted = value.startswith("LookupError")
            mutant.status, mutant.by = ("not planted" if not_planted else "killed"), value
            return
        mutant.status, mutant.by = value
        if mutant.status == "killed":
            return


def measure(suite: Suite, module: str, say: Callable[[str], None], lines: list[int] | None = None,
            every_test: bool = False) -> Measured:
    """Every mutant of the module (on those lines), each facing the scenarios, then the test items that run
    its lines (every test of the module's ``TESTS`` with ``every_test``)."""
    started = time.perf_counter()
    mutants = mutants_of(module, lines)
    by_scenario, took = baseline(suite, module)
    tests = TESTS.get(module, [])
    lines_map = line_map(module, tests, say) if tests else LineMap(module, [], [], [], 0.0, {}, [])
    reached = {*by_scenario, *lines_map.reached()}
    t1 = sum(took)
    say(f"{module}: {len(mutants)} mutants; unmutated: scenarios {t1:.1f} s, its {len(lines_map.items)} tests "
        f"{sum(lines_map.seconds) + lines_map.overhead:.1f} s (traced)")
    for i, m in enumerate(mutants, 1):
        if i % 25 == 0:
            done = Measured(module, mutants[:i - 1])
            say(f"  {i - 1}/{len(mutants)} (to line {mutants[i - 2].line}) after "
                f"{time.perf_counter() - started:.0f} s: "
                + ", ".join(f"{k} {v}" for k, v in counts(done).items() if k != "mutants"))
        if not any(n in reached for n in m.lines):
            m.status = "not reached"
            continue
        faced = list(tests) if every_test else lines_map.tests_for(m)
        scenarios = None if every_test else sorted({i for n in m.lines for i in by_scenario.get(n, [])})
        spent = t1 if scenarios is None else sum(took[i] for i in scenarios)
        run_mutant(suite, m, max(FLOOR, SLOWER * spent), faced, lines_map.limit(faced), scenarios)
        if m.status == "survived":
            say(f"  survived {m.line}:{m.col} {m.function}: {m.what} (after "
                f"{'every scenario' if scenarios is None else f'{len(scenarios)} scenarios'} and "
                f"{'its test files' if faced == list(tests) else f'{len(faced)} tests'} that run its lines)")
    return Measured(module, mutants, time.perf_counter() - started)


def counts(measured: Measured) -> dict[str, int]:
    out = {"mutants": len(measured.mutants)}
    for status in ("killed", "survived", "not reached", "not planted"):
        out[status] = sum(m.status == status for m in measured.mutants)
    out["equivalent"] = sum(m.status in ("survived", "not reached") and m.key in JUSTIFIED for m in measured.mutants)
    return out


def table(results: list[Measured]) -> str:
    """The section's generated part: the counts per module, then every survivor with its reason."""
    lines = ["| module | mutants | killed | survived | not reached | equivalent (of those) | time |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        c = counts(r)
        lines.append(f"| `{r.module}` | {c['mutants']} | {c['killed']} | {c['survived']} | {c['not reached']} | "
                     f"{c['equivalent']} | {r.seconds / 60:.0f} min |")
    for r in results:
        left = [m for m in r.mutants if m.status in ("survived", "not reached")]
        if not left:
            continue
        lines += ["", f"Survivors in `{r.module}`:", ""]
        for m in left:
            reason = JUSTIFIED.get(m.key) or UNTESTED.get(m.key) or \
                ("no test notices it" if m.status == "survived" else "no test runs this line")
            lines.append(f"- line {m.line}, `{m.function}`: {m.what} ({m.status}): {reason}")
    return "\n".join(lines)


def _lines(text: str) -> list[int]:
    """--line 214 or --line 100-180"""
    first, dash, last = text.partition("-")
    try:
        low, high = int(first), int(last) if dash else int(first)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: a line (214) or lines (100-180)") from None
    if low < 1 or high < low:
        raise argparse.ArgumentTypeError(f"{text!r}: lines from 1, the first no later than the last")
    return list(range(low, high + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--module", action="append", metavar="PATH",
                        help=f"mutate this module only (repeatable; default: {', '.join(MODULES)})")
    parser.add_argument("--line", type=_lines, action="append", metavar="N",
                        help="only the mutants on this line of the module, or on these lines (100-180): repeatable, "
                             "with one --module; a run cut short goes on from the line it reached")
    parser.add_argument("--tests", action="append", metavar="FILE",
                        help="after the scenarios, these test files instead of the module's (repeatable): to see "
                             "quickly whether a new test kills a mutant")
    parser.add_argument("--every-test", action="store_true",
                        help="face each mutant that survives the scenarios with every test of the module's files, "
                             "not only the tests that run its line")
    parser.add_argument("--list", action="store_true", help="list the mutants, run none")
    args = parser.parse_args(argv)
    args.line = sorted({n for part in args.line for n in part}) if args.line else None
    chosen = [Path(m).as_posix() for m in args.module or MODULES]
    for module in chosen:
        if not (ROOT / module).is_file() or not module.startswith("runtime/") or not module.endswith(".py"):
            print(f"{module}: not a module of runtime/ (say runtime/interpreter.py)", file=sys.stderr)
            return 2
    if args.line and len(chosen) != 1:
        print("--line needs one --module", file=sys.stderr)
        return 2
    if args.list:
        for module in chosen:
            for m in mutants_of(module, args.line):
                print(f"{module}:{m.line}:{m.col}: {m.function}: {m.what}")
        return 0
    if args.tests:
        for module in chosen:
            TESTS[module] = args.tests

    def say(text: str) -> None:
        print(text, file=sys.stderr, flush=True)
    started = time.perf_counter()
    suite = Suite.load()
    results = [measure(suite, module, say, args.line, args.every_test) for module in chosen]
    text = table(results)
    print(text)
    say(f"{sum(len(r.mutants) for r in results)} mutants in {time.perf_counter() - started:.0f} s")
    stale = [k for k in (*JUSTIFIED, *UNTESTED) if k.split(": ")[0] in chosen
             and k not in {m.key for r in results for m in r.mutants}]
    if stale and not args.line:
        say("reasons for mutants that are no more (the code changed): " + "; ".join(stale))
    unexplained = [m for r in results for m in r.mutants if m.status == "survived" and m.key not in JUSTIFIED]
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
