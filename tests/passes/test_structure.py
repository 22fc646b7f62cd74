"""The structure pass: choices, options, costs and dice that cannot work."""
from dow.compiler.checks import structure


def test_checks_run_on_bare_trees():
    choose = {"op": "choose", "chooser": "you", "options": [], "pos": [3, 1]}
    assert [e.code for e in structure([choose])] == ["S001"]
    die = {"op": "spend_die", "count": 1, "min": 0, "pos": [1, 1]}
    assert [e.code for e in structure([die])] == ["S003"]


def test_outcomes_outside_the_die():
    roll = {"op": "roll", "die": "exposure", "outcomes": [
        {"op": "outcome", "min": 12, "max": 12, "body": [], "pos": [2, 3]},
        {"op": "outcome", "min": 13, "max": 13, "body": [], "pos": [3, 3]}], "pos": [1, 1]}
    assert [(e.code, e.pos.line) for e in structure([roll])] == [("S004", 3)]
