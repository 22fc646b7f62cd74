"""The cost axis, walked whole: every payer × every payable thing × with and without the fallback that
answers it, compiled and played on the reference engine, on a table where it can be paid and on one where it
cannot. A payer that cannot take a payable thing (the players share only cards and dice) is refused with a
message, never compiled into something else."""
from __future__ import annotations

import itertools

import pytest

from dow.runtime.engine.scenario import Scenario
from helpers import error, lowered, play_effect

#: who pays: the header that says it, and the fallback that answers "not paid"
PAYERS = {
    "you, if you wish": ("you may {cost}:", "if you do not:"),
    "you, as you must": ("{cost}:", "if you cannot:"),
    "each player": ("each player may {cost}:", "if they do not:"),
    "one player": ("one player may {cost}:", "if nobody does:"),
    "the players together": ("the players may together {cost}:", "if nobody does:"),
}
#: what is paid: the words, a table where each player can pay it, one where nobody can, and what paying
#: it takes from a player (read from the player's side of the table)
PAYABLES = {
    "a card of a kind": ("spend a fuel card", {"hand": ["fuel"]}, {"hand": ["junk"]}, "hand"),
    "cards of two kinds": ("spend a fuel card and a food card", {"hand": ["fuel", "food-1"]}, {"hand": ["fuel"]},
                           "hand"),
    "an action die by its value": ("spend an action die of 4 or more", {"dice": [5]}, {"dice": [2]}, "dice"),
    "every unused die": ("spend all action dice", {"dice": [2, 3]}, {"dice": []}, "dice"),
    "a die raised": ("raise an unused action die you control by 1", {"dice": [3]}, {"dice": [6]}, "dice"),
    "a die lowered": ("lower an unused action die you control by 1", {"dice": [3]}, {"dice": [1]}, "dice"),
    "a wound": ("place a wound on a survivor you control", {"survivor": True}, {"survivor": False}, "wounds"),
    "morale": ("lose 1 morale", {"morale": 5}, {"morale": 0}, "morale"),
    "noise": ("add 2 noise tokens to the school", {}, None, "noise"),
    "a card removed from the game": ("remove a card in your hand from the game", {"hand": ["junk"]}, {"hand": []},
                                     "hand"),
    "a card to the waste pile": ("discard a card from your hand", {"hand": ["junk"]}, {"hand": []}, "hand"),
}
#: what the players can share between them: each puts in part of it
SHARED = {"a card of a kind", "cards of two kinds", "an action die by its value", "a card removed from the game"}
SURVIVORS = {"p1": "brian-lee", "p2": "sparky"}


def _text(payer: str, payable: str, fallback: bool) -> str:
    header, answer = PAYERS[payer]
    text = header.format(cost=PAYABLES[payable][0]) + "\n  add 1 zombie to the police station.\n"
    return text + (f"{answer}\n  add 1 zombie to the colony.\n" if fallback else "")


def _refused(payer: str, payable: str) -> bool:
    return payer == "the players together" and payable not in SHARED


CASES = list(itertools.product(PAYERS, PAYABLES, (False, True)))


@pytest.mark.parametrize("payer,payable,fallback", CASES)
def test_every_payer_and_payable_thing_compiles_or_is_refused_with_a_message(payer, payable, fallback):
    text = _text(payer, payable, fallback)
    if _refused(payer, payable):
        assert error(text).code == "T002"
    else:
        assert lowered(text)


def _table(bundle, given: dict):
    table = {"players": 2, "morale": given.get("morale", 5),
             "survivors": {SURVIVORS[p]: {"player": p, "at": "colony"} for p in ("p1", "p2")
                           if given.get("survivor", True)},
             "hand": {p: list(given.get("hand", [])) for p in ("p1", "p2")},
             "dice": {p: list(given.get("dice", [])) for p in ("p1", "p2")}}
    sc = Scenario(bundle, None, {"name": "costs", "given": table, "do": "round"})
    return sc, sc.game


def _play(g, nodes) -> None:
    play_effect(g, nodes)


def _held(sc, g, what: str) -> dict:
    if what == "hand":
        return {p.id: len(p.hand) for p in g.state.players}
    if what == "dice":
        return {p.id: list(p.unused) for p in g.state.players}
    if what == "wounds":
        return {s.id: s.wounds for s in g.state.survivors.values()}
    if what == "morale":
        return {"colony": g.state.morale}
    return {"school": g.state.locations["school"].noise}


#: every case the engine plays: a thing nobody can fail to pay (noise) has no "cannot pay" side
PLAYED = [(side, *c) for c in CASES if not _refused(c[0], c[1]) for side in ("can pay", "cannot pay")
          if side == "can pay" or PAYABLES[c[1]][2] is not None]


@pytest.mark.parametrize("side,payer,payable,fallback", PLAYED)
def test_every_payer_pays_every_payable_thing_whole_or_not_at_all_on_the_engine(bundle, payer, payable, fallback,
                                                                               side):
    words, payable_table, unpayable_table, what = PAYABLES[payable]
    given = payable_table if side == "can pay" else unpayable_table
    sc, g = _table(bundle, given)
    zombies = {at: g.state.locations[at].zombie_count() for at in ("police_station", "colony")}
    before = _held(sc, g, what)
    _play(g, lowered(_text(payer, payable, fallback)))
    after = _held(sc, g, what)
    gained = g.state.locations["police_station"].zombie_count() - zombies["police_station"]     # the block, once per payer
    zombies = zombies["colony"]
    if side == "can pay":
        assert gained == _payers(payer), (payer, payable)
        assert after != before or what == "noise"           # what was paid is gone (noise: it is placed)
        assert g.state.locations["colony"].zombie_count() == zombies    # the fallback did not happen
    else:
        assert gained == 0 and after == before                # nothing paid, nothing gained
        expected = zombies + (1 if fallback else 0) * (_payers(payer) if payer == "each player" else 1)
        assert g.state.locations["colony"].zombie_count() == expected


def _payers(payer: str) -> int:
    """How many times the block happens when everyone can pay: each player pays for their own."""
    return 2 if payer == "each player" else 1
