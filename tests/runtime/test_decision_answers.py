"""An answer that does not fit its decision is refused with ValueError before anything happens, for
every kind of decision and every kind of wrong value an embedder's JSON can carry: a float where an
index is asked (1.0 == 1 in Python), a boolean (True == 1), a bare string where a list is asked, a choice
picked twice (an order is an arrangement: a card cannot be put back twice)."""
from __future__ import annotations

import pytest

from dow.runtime.decisions import AMOUNT, KEEP, MAY, OPTION, ORDER, TARGETS, VOTE, Decision

CASES = [
    (Decision(OPTION, "p1", (0, 1)), 1, [1.0, True, "1", [1], None, 2]),
    (Decision(VOTE, "p1", (0, 1)), 0, [0.0, False, "0", (0,), None]),
    (Decision(VOTE, "p1", ("yes", "no")), "yes", [True, 1, ["yes"], "Yes"]),
    (Decision(AMOUNT, "p1", (), 0, 4), 3, [3.0, True, "3", 5, -1, None]),
    (Decision(MAY, "p1", (True, False)), True, [1, "yes", 1.0, None]),
    (Decision(TARGETS, "p1", ("s:a", "s:b"), 1, 1), ("s:a",), ["s:a", {"s:a": 1}, ("s:a", "s:a"), ("s:c",), (), 0]),
    (Decision(KEEP, "p1", ("c:1", "c:2", "c:3"), 1, 2), ["c:1", "c:3"], ["c:1", ["c:1", "c:1"], [1.0], ["c:1", "c:2", "c:3"]]),
    (Decision(ORDER, "p1", ("c:9", "c:10"), 2, 2), ("c:10", "c:9"), [("c:9", "c:9"), ("c:9",), "c:9c:10", ("c:9", "c:11")]),
    (Decision(TARGETS, "p1", (0, 1, 2), 1, 2), (0, 2), [(0.0,), (True,), (0, 0)]),
]


@pytest.mark.parametrize("decision,good,bad", CASES, ids=[f"{c[0].kind}-{i}" for i, c in enumerate(CASES)])
def test_a_fitting_answer_is_taken_and_every_misfit_refused(decision, good, bad):
    decision.check(good)
    for answer in bad:
        with pytest.raises(ValueError):
            decision.check(answer)


def test_a_string_where_a_list_is_asked_is_named_as_a_string_not_split_into_letters():
    with pytest.raises(ValueError, match=r"as a list, not 's:sparky'"):
        Decision(TARGETS, "p1", ("s:sparky", "s:olivia-brown")).check("s:sparky")
