"""A deterministic bound on how much work a call does, instead of a wall-clock limit.

Pathological inputs (a parser gone quadratic or exponential) are caught by counting the
function calls a compile makes, with cProfile (C-implemented): the count does not depend
on how busy the machine is, so no test ever gates on time.
"""
from __future__ import annotations

import cProfile
import pstats

#: calls allowed: a fixed allowance plus a generous amount per character of input. The allowance covers
#: a few clauses refused deep inside (the phrase parser reads such a clause again to say what could come
#: there, about 50,000 calls each); the amount per character is the guard against a parser gone superlinear
BASE_CALLS, CALLS_PER_CHAR = 600_000, 60


def _warm() -> None:
    """Build the phrase grammar's parser (once per process, about a second): work no input causes."""
    from dow.dsl.clauses import _lark
    _lark()


def bounded(run, size: int, *args):
    """Run ``run(*args)``; fail if it made more calls than inputs of ``size`` characters may need."""
    _warm()
    prof = cProfile.Profile()
    prof.enable()
    try:
        result = run(*args)
    finally:
        prof.disable()
    calls = pstats.Stats(prof).total_calls
    limit = BASE_CALLS + CALLS_PER_CHAR * size
    assert calls <= limit, f"compiling made {calls:,} calls for {size:,} characters (bound {limit:,})"
    return result
