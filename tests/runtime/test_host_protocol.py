"""The host protocol is stated whole and checked when a host is made: a host that lacks a method is refused
with its name before a game starts (a subclass of Host when it is made, any other object when an Interpreter is
made with it), and every method the interpreter calls on its host is a method of the protocol or one of its
optional hooks (so the table docs/embedding.md is written from cannot leave one out)."""
from __future__ import annotations

import random
import re
from typing import Any

import pytest

from conftest import ROOT
from dow.runtime.engine.sim import new_game
from dow.runtime.games import winter_tricks
from dow.runtime.host import (DEFAULTED, HOOKS, REQUIRED, Host, HostError, Hooks, Refused, Told, check_host,
                              missing_methods)
from dow.runtime.interpreter import Env, Interpreter
from dow.runtime.minimal_host import MinimalHost


def test_a_host_subclass_that_lacks_methods_is_refused_when_it_is_made_naming_each():
    class Partial(Host):
        def things(self, kind: str) -> list[str]:
            return []
    with pytest.raises(HostError) as err:
        Partial()
    assert str(err.value).startswith("Partial cannot be a host: it does not define attr(), cards_in(), ")
    assert "things()" not in str(err.value) and "place()" not in str(err.value)   # defined; has a default
    assert all(f"{name}()" in str(err.value) for name in REQUIRED[1:])
    assert isinstance(err.value, TypeError)             # what Python says of an abstract class, in our words


def test_a_subclass_written_without_round_number_is_refused():
    """The case the protocol once left out of its docs: a host written from the old table, with every method
    but round_number, is refused when it is made, not when a card asks for the round's number."""
    methods = {name: (lambda self, *a, **k: None) for name in REQUIRED if name != "round_number"}
    written = type("OldTableHost", (Host,), methods)
    with pytest.raises(HostError, match=r"does not define round_number\(\) \(the host protocol is "
                                        r"dow.runtime.host.Host; the embedding guide \(docs/embedding.md; in the dow-runtime package, "
                                        r"dow/runtime/guides/embedding.md\) lists every method\)"):
        written()


def test_an_object_that_is_not_a_host_subclass_is_checked_when_the_interpreter_is_made(bundle):
    class Duck:                                          # every method of MinimalHost's but two
        def __init__(self) -> None:
            self._host = MinimalHost()

        def __getattr__(self, name: str) -> Any:
            if name in ("round_number", "tactic_played"):
                raise AttributeError(name)
            return getattr(self._host, name)
    with pytest.raises(HostError, match=r"the host Duck cannot be a host: it does not define round_number\(\), "
                                        r"tactic_played\(\)"):
        Interpreter(bundle, Duck(), random.Random(1))    # type: ignore[arg-type]
    assert missing_methods(Duck()) == ["round_number", "tactic_played"]

    class NotCallable(MinimalHost):
        round_number = 3                                  # a fact, not a method
    with pytest.raises(HostError, match=r"does not define round_number\(\)"):
        Interpreter(bundle, NotCallable(), random.Random(1))   # type: ignore[arg-type]


def test_every_host_the_project_ships_is_complete(bundle):
    hosts = [MinimalHost(), new_game(bundle, 1, 4).host, new_game(bundle, 1, 5, variants=["warring-colonies"]).host,
             winter_tricks.new_game(bundle, 1, 3).host]
    for host in hosts:
        check_host(host)
        assert missing_methods(host) == []


def _called_on_the_host() -> set[str]:
    """Every name the runtime's interpreter reads from its host: host.NAME and getattr(….host, "NAME")."""
    names: set[str] = set()
    for module in ("interpreter", "conditions", "handlers", "cards"):
        source = (ROOT / "runtime" / f"{module}.py").read_text(encoding="utf-8")
        names |= set(re.findall(r"\bhost\.(\w+)\b", source))
        names |= set(re.findall(r"getattr\((?:\w+\.)*host, \"(\w+)\"", source))
    return names


def test_every_method_the_interpreter_calls_is_in_the_protocol():
    called = _called_on_the_host()
    assert {"things", "attr", "apply", "round_number", "find_named", "scope", "ignore_offers", "ask_now"} <= called
    assert called <= set(REQUIRED) | set(DEFAULTED) | set(HOOKS), called - set(REQUIRED) - set(HOOKS)
    assert set(HOOKS) == {"scope", "find_named", "ignore_offers", "ask_now"}
    assert not set(HOOKS) & set(dir(Host)), "a hook is optional: Host does not define it"
    assert all(getattr(Hooks, name).__doc__ for name in HOOKS)


def test_the_documented_table_names_every_method_with_its_signature():
    text = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
    section = text.split("<!-- begin host protocol:", 1)[1].split("<!-- end host protocol -->", 1)[0]
    rows = re.findall(r"^\| `(\w+)\((.*?)\)` \| `(.*?)` \| (.*?) \|", section, re.M)
    assert [name for name, *_ in rows] == [*REQUIRED, *DEFAULTED, *HOOKS]
    by_name = {name: (params, returns, need) for name, params, returns, need in rows}
    assert by_name["round_number"] == ("", "int", "must define it")
    assert by_name["morale"] == ("player, enemy=False", "int", "must define it")
    assert by_name["place"][2] == "may override it" and by_name["find_named"][1] == "str \\| None"


def test_a_host_of_another_class_may_leave_out_the_defaulted_methods_and_gets_hosts_answer(bundle):
    """The protocol table says a host 'may override' place(): one that does not subclass Host and leaves it
    out is accepted, and a card's location is the id as it is (Host's own answer)."""
    class Duck:
        def __init__(self) -> None:
            self._host = MinimalHost()

        def __getattr__(self, name: str) -> Any:
            if name in DEFAULTED:
                raise AttributeError(name)
            return getattr(self._host, name)
    duck = Duck()
    assert DEFAULTED and missing_methods(duck) == []
    interp = Interpreter(bundle, duck, random.Random(1))   # type: ignore[arg-type]
    gen = interp.location({"op": "location", "id": "police_station"}, Env(player="p1"))
    try:
        next(gen)
        raise AssertionError("naming a location asks nothing")
    except StopIteration as stop:
        assert stop.value == ["police_station"]


def test_run_card_effect_runs_a_set_up_and_refuses_a_field_the_card_does_not_have(bundle):
    """A crossroads card's set-up is {effect: {source, tree}, text}: run_card_effect finds the effect in it
    (it used to run nothing, silently); a field the card lacks is refused, naming the fields it has."""
    from dow.runtime.cards import run_card_effect
    card = next(c for c in bundle["cards"] if c["kind"] == "crossroads" and isinstance(c.get("setup"), dict)
                and isinstance(c["setup"].get("effect"), dict))
    from dow.runtime.decisions import RandomAgent

    class Spy(MinimalHost):
        def __init__(self) -> None:
            super().__init__()
            self.applied: list[str] = []

        def apply(self, action: str, params: dict[str, Any], src: dict[str, Any]) -> Any:
            self.applied.append(action)
            return super().apply(action, params, src)

        def things(self, kind: str, *args: Any, **kwargs: Any) -> Any:   # the set-up looks its survivor up
            self.applied.append(f"things {kind}")
            return super().things(kind, *args, **kwargs)
    host = Spy()
    interp = Interpreter(bundle, host, random.Random(1))
    for field in ("setup", "setup.effect"):
        before = len(host.applied)
        run_card_effect(interp, card, field, Env(player="p1", card=card["id"])).run(RandomAgent(1))
        assert len(host.applied) > before, f"{card['id']}: its set-up asked the host nothing"
    with pytest.raises(ValueError, match=r"has no effect field 'nonexistent' \(its effect fields: .*setup"):
        run_card_effect(interp, card, "nonexistent", Env(player="p1", card=card["id"]))


def test_attach_gives_the_host_the_card_in_play_that_this_card_is_bound_to(bundle):
    """'attach this card to …' hands the host its own id of the physical card (``this_card``), as every other
    thing in play, never the bundle's card id it could not know (embedding trial 2, finding 4): every attach
    node of the bundle, run with this_card bound."""
    from dow.compiler import checks
    from dow.runtime.decisions import RandomAgent

    class Spy(MinimalHost):
        def __init__(self) -> None:
            super().__init__()
            self.attached: list[dict[str, Any]] = []

        def apply(self, action: str, params: dict[str, Any], src: dict[str, Any]) -> Any:
            if action == "attach":
                self.attached.append(dict(params))
            return super().apply(action, params, src)

    def fields(card):
        for value in card.values():
            if isinstance(value, dict):
                yield from ([value["tree"]] if "tree" in value else []) + list(fields(value))
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, dict):
                        yield from fields(item)
    nodes = [(c["id"], n) for c in bundle["cards"] for tree in fields(c) for n in checks.walk(tree)
             if n.get("op") == "attach"]
    assert len(nodes) >= 5
    for card, node in nodes:
        host = Spy()
        interp = Interpreter(bundle, host, random.Random(1))
        attach = {**node, "to": {"op": "ref", "name": "moved", "kind": "survivor"}}
        env = Env(player="p1", card=card, bindings={"this_card": "c:7", "moved": "s:sparky"})
        interp.execute([attach], env).run(RandomAgent(1))
        assert host.attached == [{"card": "c:7", "survivor": "s:sparky"}], card


def test_an_action_the_host_refuses_or_tells_itself_leaves_one_line_or_none(bundle):
    """docs/runtime.md, What lands in the log for an action: a ``Refused`` action leaves no line that reads as
    done (its refusal's event instead, when it names one); a ``Told`` action leaves only the host's own line,
    and its value is the action's; any other answer keeps the action's line."""
    class Strict(MinimalHost):
        def apply(self, action: str, params: dict[str, Any], src: dict[str, Any]) -> Any:
            if action == "add_tokens" and params["token"] == "bullet":
                return Refused("no_bullets_for_lone_wolf", {"count": params["count"]})
            if action == "wound":
                return Refused()
            if action == "draw_cards":
                return Refused()
            if action == "change_morale":
                super().apply(action, params, src)
                self.log("morale", {"from": 5, "to": 5 + params["amount"]}, src)
                return Told("changed")
            return super().apply(action, params, src)
    host = Strict()
    host.add_survivor_fact("s:sparky", "Sparky", "p1", "colony")
    interp = Interpreter(bundle, host, random.Random(1))
    env, node = Env(player="p1", card="x"), {"op": "test", "pos": {"card": "x", "line": 3}}
    assert interp.act("add_tokens", {"token": "bullet", "place": "bullets:p1", "count": 3, "player": "p1"},
                      node, env) is None
    assert interp.act("wound", {"survivor": "s:sparky", "kind": "wound", "count": 1}, node, env) is None
    assert interp.act("draw_cards", {"zone": "item_deck", "owner": None, "location": "colony", "count": 1,
                                     "player": "p1"}, node, env) is None
    assert interp.act("change_morale", {"player": "p1", "amount": -1}, node, env) == "changed"
    assert interp.act("add_tokens", {"token": "food", "place": "supply:p1", "count": 2, "player": "p1"},
                      node, env) is None
    assert [(line["event"], line["params"]) for line in host.lines] == [
        ("no_bullets_for_lone_wolf", {"count": 3}),               # the refusal, told once, in the host's words
        ("morale", {"from": 5, "to": 4}),                         # the host's own line, not change_morale too
        ("add_tokens", {"token": "food", "place": "supply:p1", "count": 2, "player": "p1"})]
    assert host.lines[0]["src"] == node["pos"] and host.lines[0]["private_to"] is None


def test_the_reference_engine_refuses_the_lone_wolfs_bullets_at_the_host_protocol(bundle):
    """The Warring Colonies host answers an effect's bullets for the Lone Wolf with a refusal (seed 000, Regras
    do Lobo Solitário: it keeps no bullets), so the interpreter logs the refusal and no "3 bullets go to …"."""
    game = new_game(bundle, 1, 5, variants=["warring-colonies"])
    wolf = game.state.wolf
    refused = game.host.apply("add_tokens", {"token": "bullet", "place": f"bullets:{wolf}", "count": 3,
                                             "player": wolf}, {})
    assert refused == Refused("no_bullets_for_lone_wolf", {"count": 3})
    assert game.host.apply("add_tokens", {"token": "helpless", "place": "den", "count": 1, "player": wolf},
                           {}) == Refused("helpless_ignored", {"count": 1})
