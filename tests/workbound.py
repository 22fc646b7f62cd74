"""A deterministic bound on how much work a call does, instead of a wall-clock limit.

Pathological inputs (a parser gone quadratic or exponential) are caught by counting the
function calls a compile makes, with cProfile (C-implemented): the count does not depend
on how busy the machine is, so no test ever gates on time.
"""
from __future__ import annotations

import cProfile
import pstats

#: calls allowed: a fixed allowance plus a generous amount per character of input
BASE_CALLS, CALLS_PER_CHAR = 300_000, 60


def bounded(run, size: int, *args):
    """Run ``run(*args)``; fail if it made more calls than inputs of ``size`` characters may need."""
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
