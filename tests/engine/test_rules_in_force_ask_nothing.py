"""Putting a standing rule in force asks nothing, whatever an effect around it has left to ask.

A survivor can come into play in the middle of an effect (a zombie added to the colony kills a survivor and
a new one replaces it) while that effect still owes a player a choice (which entrance its zombies take).
Every standing ability reaches the host through its statement's handler, and the interpreter asks the
host's queued choices after each statement: so the rule's registration must leave those choices queued for
the effect that owes them. (Two of 2,000 seeded heuristic games stopped with "a condition or filter cannot
ask a targets question" when David Garcia's and John Price's abilities came into force that way.)

The walk: every survivor card and every equip ability of an item in the bundle, put in force on a survivor in
play while a choice is queued.
"""
from __future__ import annotations

from dow.runtime.decisions import RandomAgent
from dow.runtime.engine.host import ASK_NOW
from dow.runtime.engine.sim import new_game


def _with_standing_abilities(bundle):
    for card in bundle["cards"]:
        abilities = card.get("abilities") or []
        if card["kind"] == "item":
            abilities = [a for a in abilities if a.get("use") == "equip"]
        if card["kind"] in ("survivor", "item") and any((a.get("effect") or {}).get("tree") for a in abilities):
            yield card["id"]


def test_every_standing_ability_comes_into_force_without_asking(bundle):
    cards = list(_with_standing_abilities(bundle))
    assert len(cards) >= 30
    game = new_game(bundle, 3, 4, check=False)
    agent, decision = RandomAgent(3), game.advance()
    for _ in range(30):                        # past the set-up: survivors in play
        decision = game.advance(agent.answer(decision))
    sid = next(s for s, v in game.state.survivors.items() if v.place == "play")
    for card in cards:
        for queued in ASK_NOW:
            owed = (queued, "owed by the effect around it")
            game.host.pending = [owed]
            game.register(card, sid)           # raises EffectError if the registration asks
            assert game.host.pending == [owed], (card, queued)
            assert game.host.quiet == 0
