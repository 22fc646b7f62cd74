"""How many zombies or tokens an effect takes away (``zombies`` and ``tokens`` in runtime/handlers.py): no more
than are there, and nothing at all, not an action of 0, where there are none."""
import random

import pytest

from dow.runtime.interpreter import Env, Interpreter

from helpers import lowered
from minimal_host import MinimalHost


def _run(bundle, host, text):
    ip = Interpreter(bundle, host, random.Random(1))
    assert ip.execute(lowered(text), Env("p1", "base.survivor.test")).advance() is None


@pytest.mark.parametrize("there, killed", [(2, [2]), (5, [3]), (0, [])])
def test_killing_zombies_kills_no_more_than_are_there(bundle, there, killed):
    host = MinimalHost()
    host.zombie_count["grocery_store"] = there
    _run(bundle, host, "kill 3 zombies at the grocery store.")
    assert [p["count"] for a, p in host.calls if a == "kill_zombies"] == killed
    assert host.zombie_count["grocery_store"] == there - sum(killed)


@pytest.mark.parametrize("there, removed", [(1, [1]), (4, [2]), (0, [])])
def test_removing_tokens_removes_no_more_than_are_there(bundle, there, removed):
    host = MinimalHost()
    host.token_count[("barricade", "colony")] = there
    _run(bundle, host, "remove 2 barricades from the colony.")
    assert [p["count"] for a, p in host.calls if a == "remove_tokens"] == removed
    assert host.tokens("barricade", "colony") == there - sum(removed)


@pytest.mark.parametrize("op", ["kill_zombies", "add_zombies", "remove_zombies"])
def test_each_zombie_handler_made_by_the_factory_documents_its_own_op(op):
    """The handlers ``zombies(…)`` makes share one definition; each one's doc names its own op only (what
    ``help()`` and the engine developers' reading of HANDLERS show)."""
    from dow.runtime.handlers import HANDLERS, zombies
    for handler in (HANDLERS[op], zombies(op)):          # made at import, and made now
        assert (handler.__doc__ or "").startswith("{op: " + op + ", count, at")
