"""Mutation testing of the conformance traces: every handler and host action of the reference runtime,
broken on purpose, is caught by at least one trace, and docs/conformance.md says by how many."""
from __future__ import annotations

import pytest

import conformance_mutants as mutants
from dow.runtime import handlers


@pytest.fixture(scope="module")
def suite(bundle) -> mutants.Suite:
    """The traces of every card and rule scenario, made on the reference runtime and watched."""
    return mutants.Suite(bundle)


@pytest.fixture(scope="module")
def measured(suite) -> list[mutants.Target]:
    return mutants.measure(suite)


def test_the_reference_runtime_passes_every_trace_in_this_process(suite):
    assert len(suite.traces) > 900
    assert suite.failing() == []
    assert any(t["source"].get("fixture") for t in suite.traces), "the conformance fixture's traces are played"


def test_every_handler_host_action_and_decision_kind_has_a_mutation(measured):
    from dow.runtime.host import ACTIONS
    assert {t.name for t in measured if t.what == "handler"} == set(handlers.HANDLERS)
    assert {t.name for t in measured if t.what == "action"} == set(ACTIONS)


def test_every_mutation_is_caught_by_a_trace_or_has_a_reason(measured):
    assert mutants.uncaught(measured) == [], "add a scenario whose outcome depends on it (docs/scenarios.md)"


def test_no_handler_or_decision_kind_is_caught_by_no_trace(measured):
    """Issue 35: every statement handler and decision kind is exercised by a trace whose outcome depends on it
    (a cost is paid through its handler, a rule reaches the host through its handler, a statement no card
    says is traced from the conformance fixture); no reason excuses one."""
    assert [t.key for t in measured if t.what != "action" and not (t.exercised and t.caught)] == []
    assert [k for k in mutants.JUSTIFIED if not k.startswith("action ")] == []


def test_every_cost_and_rule_handler_is_on_the_path_of_what_it_does(measured):
    """The handlers that were dead code (costs) or never ran (rules the engine kept itself) are caught."""
    by_key = {t.key: t for t in measured}
    for op in ("spend_cards", "spend_die", "spend_tokens", "copy_abilities", "exempt", "extra_goal", "forbid",
               "ignore_roll", "phase", "replace", "turn_action", "while"):
        assert by_key[f"handler {op}"].caught, op
    assert "base.crossroads.grey-beard.7" in by_key["handler while"].caught    # seen through expect.legal only
    assert by_key["action attach"].caught, "an attached card lies beside its survivor in the digest"


def test_a_reason_is_given_only_for_what_no_trace_catches(measured):
    by_key = {t.key: t for t in measured}
    assert set(mutants.JUSTIFIED) <= set(by_key)
    assert [k for k in mutants.JUSTIFIED if by_key[k].caught] == []


def test_arrange_reversed_is_caught(measured):
    """The blind spot found from outside: a runtime that puts the arranged cards back reversed conformed."""
    arrange = {t.key: t for t in measured}["handler arrange"]
    assert arrange.kind == "reversed" and arrange.caught


def test_the_table_in_the_docs_is_the_measurement(suite, measured):
    fresh = mutants.table(measured, len(suite.traces))
    assert mutants.committed_table() == fresh, "run: python tests/conformance_mutants.py --write"


def test_a_planted_mutation_is_caught_and_then_undone(suite):
    before = dict(handlers.HANDLERS)
    sparky = next(t for t in suite.traces if t["id"] == "base.crossroads.sparky.1")
    with mutants.planted(mutants.Target("handler", "kill_zombies", "off by one")):
        problems = suite.play(sparky)
    assert any(p.startswith("digest.zombies") for p in problems)
    with mutants.planted(mutants.Target("action", "kill_zombies", "off by one")):
        assert suite.play(sparky), "the host kills one zombie fewer than the log says"
    assert handlers.HANDLERS == before and suite.play(sparky) == []


def test_mutated_parameters():
    assert mutants.mutate_params("off by one", {"location": "colony", "count": 3}) == {"location": "colony", "count": 2}
    assert mutants.mutate_params("off by one", {"amount": -2})["amount"] == -1
    assert mutants.mutate_params("reversed", {"cards": ["a", "b", "c"]})["cards"] == ["c", "b", "a"]
    assert mutants.mutate_params("one item fewer", {"things": ["a", "b"]})["things"] == ["a"]
    assert mutants.mutate_params("does nothing", {"count": 1}) is None


def test_other_answers():
    from dow.runtime.decisions import Decision
    assert mutants.other_answer(Decision("may", "p1"), True) is False
    assert mutants.other_answer(Decision("option", "p1", (0, 1, 2)), 2) == 0
    assert mutants.other_answer(Decision("targets", "p1", ("a", "b", "c"), 2, 2), ("a", "b")) == ("a", "c")
    assert mutants.other_answer(Decision("targets", "p1", ("a",)), ("a",)) == ("a",)     # nothing else to answer
    assert mutants.other_answer(Decision("amount", "p1", min=0, max=3), 0) == 1
    assert mutants.other_answer(Decision("order", "p1", ("x", "y"), 2, 2), ("x", "y")) == ("y", "x")


def test_every_decision_kind_is_asked_by_a_trace_that_depends_on_the_answer(measured):
    from dow.runtime.decisions import KINDS
    decisions = {t.name: t for t in measured if t.what == "decision"}
    assert set(decisions) == set(KINDS)
    assert [k for k, t in decisions.items() if not (t.exercised and t.caught)] == []


def test_the_tool_refuses_an_unknown_target_without_measuring(capsys):
    assert mutants.main(["--only", "handler no_such_op"]) == 2
    assert "no such handler or action: handler no_such_op" in capsys.readouterr().err
    assert mutants.main(["--write", "--only", "handler arrange"]) == 2
