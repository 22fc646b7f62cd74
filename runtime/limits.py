"""The limits every number and every nesting in a bundle keeps, stated once.

The compiler (``dow check``, ``dow build``: the schemas it writes, so its validate pass) and the
runtime (``load_bundle``: the schema it ships and ``bundle_check``) both read them here, so a card
the compiler accepts is a card the runtime loads, and one the runtime refuses never gets past
``dow check``. The runtime never imports the compiler, so they live on the runtime side.
Standard library only.
"""
from __future__ import annotations

from typing import Any

#: no number on a card or in a ruleset is larger (the largest in the published games has two digits)
MAX_NUMBER = 1000
#: a number that may be negative (catalogue fields of type "signed": a die lowered, a strength taken away)
MIN_SIGNED = -MAX_NUMBER
#: nesting deeper than this is not a card a compiler wrote
MAX_DEPTH = 100


def integer(minimum: int = 0, nullable: bool = False) -> dict[str, Any]:
    """The JSON Schema of a whole number on a card or in a ruleset: ``minimum`` to MAX_NUMBER."""
    return {"type": ["integer", "null"] if nullable else "integer", "minimum": minimum, "maximum": MAX_NUMBER}
