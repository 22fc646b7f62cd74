"""The zones axis: every zone × every verb of dsl/lexicon.py's ZONE_VERBS, generated from the table.

For each pair the test writes the verb's sentence on the zone (``SENTENCES``: one template per verb, the
zone's own words from ``ZONE_WORDS``) and compiles it. A pair the table allows compiles, and plays on the
reference engine on a table set up with cards in every zone: the test asserts what the verb did to the
right cards (counted, shown, offered, taken, put on top or at the bottom, arranged, shuffled, brought
back) and that hidden cards stay hidden (a face-down deck's or another player's cards are seen by the
player the text lets see them, and by no one else). A pair the table refuses is refused at compile time,
at the zone's words, with the table's reason, which the messages catalogue says in pt, en and vi.
"""
from __future__ import annotations

import json
import random

import pytest

from dow.compiler.messages import catalogue
from dow.dsl import lexicon as L
from dow.runtime.engine.scenario import Scenario
from dow.runtime.interpreter import Env, Interpreter
from dow.runtime.minimal_host import MinimalHost
from helpers import bind, lowered

#: how a text names each zone of the table
ZONE_WORDS = {"hand": "the hand of the player to your left", "supply": "the supply", "waste_pile": "the waste pile",
              "removed": "the removed pile", "location_deck": "the police station deck",
              "survivor_deck": "the survivor deck", "crisis_deck": "the crisis deck",
              "crossroads_deck": "the crossroads deck", "dead_survivors": "the dead survivors",
              "entrances": "the entrances of the colony"}
#: what a zone holds, counted ("the number of …"); the others hold cards
COUNTED = {"supply": "food tokens in the supply", "dead_survivors": "dead survivors",
           "entrances": "zombies at entrance 1 of the colony"}
#: decks whose own top cards are put back on them (a card from elsewhere would not be of their kind)
SELF_FED = ("survivor_deck", "crisis_deck", "crossroads_deck")


def _top_only(zone: str, verb: str) -> bool:
    rule = L.ZONE_VERBS[zone][verb]
    return isinstance(rule, L.Allowed) and rule.top


def sentence(zone: str, verb: str) -> str:
    """The text that asks for ``verb`` on ``zone``, as an author writes it."""
    words = ZONE_WORDS[zone]
    seen = f"the top 2 cards of {words}" if _top_only(zone, verb) else words
    source = f"the top 3 cards of {words}" if zone in SELF_FED else "your hand"
    return {
        "count": f"if the number of {COUNTED.get(zone, 'cards in ' + words)} = {{n}}: gain 1 morale.",
        "look": f"look at {seen}.",
        "choose": {"dead_survivors": "choose a dead survivor.",
                   "entrances": "choose a zombie at the colony."}.get(zone, f"choose a card in {seen}."),
        "take": f"take a card from {words}.",
        "put_top": f"choose a card in {source}.\nput the chosen card on top of {words}.",
        "put_bottom": f"choose a card in {source}.\nput the chosen card at the bottom of {words}.",
        "arrange": f"arrange the top 2 cards of {words} in any order.",
        "shuffle": f"shuffle {words}.",
        "bring_back": {"removed": "bring the last card removed from the game back into your hand.",
                       "dead_survivors": "bring a dead survivor back into play."}.get(
                           zone, f"bring a card in {words} back into your hand."),
    }[verb]


PAIRS = [(zone, verb) for zone, row in L.ZONE_VERBS.items() for verb in row]
ALLOWED = [p for p in PAIRS if isinstance(L.ZONE_VERBS[p[0]][p[1]], L.Allowed)]
REFUSED = [p for p in PAIRS if isinstance(L.ZONE_VERBS[p[0]][p[1]], L.Refused)]


# ---- the table -----------------------------------------------------------------------------------------

def test_the_table_gives_every_zone_every_verb_and_each_refusal_its_reason_in_three_languages():
    assert len(PAIRS) == len(L.ZONE_VERBS) * len(L.ZONE_VERB_NAMES)
    for zone, row in L.ZONE_VERBS.items():
        assert tuple(row) == L.ZONE_VERB_NAMES, zone
    en = catalogue("en")
    for zone, verb in REFUSED:
        key = f"zone-verb.{zone}.{verb}"
        assert en[key] == L.ZONE_VERBS[zone][verb].reason, f"{key}: the English catalogue says the table's reason"
        for lang in ("pt", "vi"):
            assert catalogue(lang)[key].strip() and catalogue(lang)[key] != en[key], f"{key} in {lang}"
    assert ALLOWED and REFUSED


# ---- refused pairs: refused where the zone is named, with the table's reason --------------------------

@pytest.mark.parametrize("zone, verb", REFUSED, ids=[f"{z}-{v}" for z, v in REFUSED])
def test_a_pair_the_table_refuses_is_refused_with_its_reason(zone, verb):
    text = sentence(zone, verb).format(n=1)
    _, errors = bind(text)
    assert errors, f"{text!r} compiled"
    err = errors[0]
    assert (err.code, err.message.id) == ("T008", "T008.zone-verb"), (text, err.code, str(err.message))
    key = f"zone-verb.{zone}.{verb}"
    assert err.message.params["reason"].id == key
    assert str(err.message).endswith(": " + L.ZONE_VERBS[zone][verb].reason)
    for lang in ("pt", "vi"):
        assert err.message.render(lang).endswith(catalogue(lang)[key])
    line = text.splitlines()[err.pos.line - 1]
    said = err.message.params["words"]
    assert said and line[err.pos.col - 1:].startswith(said), (line, err.pos, said)   # at the zone's words


@pytest.mark.parametrize("zone, verb", [p for p in ALLOWED if _top_only(*p) and p[1] in ("look", "choose")],
                         ids=lambda p: str(p))
def test_a_face_down_deck_is_looked_at_and_chosen_from_at_its_top_only(zone, verb):
    words = ZONE_WORDS[zone]
    whole = {"look": f"look at {words}.", "choose": f"choose a card in {words}."}[verb]
    _, errors = bind(whole)
    assert errors and errors[0].message.id == "T008.deck-top"
    assert bind(f"choose a random card in {words}.")[1] == []       # a random card is chosen unseen


@pytest.mark.parametrize("zone", [z for z in L.ZONE_VERBS if isinstance(L.ZONE_VERBS[z]["put_top"], L.Refused)])
def test_a_zone_with_no_top_has_no_top_cards(zone):
    _, errors = bind(f"if the number of cards in the top 2 cards of {ZONE_WORDS[zone]} > 1: gain 1 morale.")
    assert errors and errors[0].message.params["reason"].id == f"zone-verb.{zone}.put_top"


# ---- allowed pairs: played on the reference engine -------------------------------------------------------

TABLE = {"players": 2, "food": 4, "morale": 5,
         "survivors": {"brian-lee": {"at": "colony"}, "olivia-brown": {"player": "p2", "at": "colony"}},
         "deck": ["sophie-robinson", "sparky", "jenny-clark"], "dead": ["gray-beard", "mike-cho"],
         "hand": {"p1": ["fuel", "junk", "pistol"], "p2": ["medicine", "food-3", "hammer"]},
         "waste": ["fuel", "junk", "medicine"], "item_deck": {"police_station": ["pistol", "junk", "fuel", "hammer"]},
         "crossroads": ["abandoned", "army", "christmas"], "zombies": {"colony": 7}}


def _table(bundle):
    sc = Scenario(bundle, None, {"name": "zones", "given": json.loads(json.dumps(TABLE)), "do": "round"})
    g, s = sc.game, sc.game.state
    s.removed += [sc.card_instance(c) for c in ("food-1", "lighter", "mop")]          # top last: mop
    crises = [c["id"] for c in bundle["cards"] if c["kind"] == "crisis" and c["set"] == "base"][:3]
    s.crisis_deck = [sc.card_instance(c) for c in crises]
    g.total_cards = len(s.cards)
    return sc, g, s


def _contents(g, zone: str) -> list:
    """What a zone holds, top first, as the host lists it (the entrances: zombies per entrance)."""
    s = g.state
    if zone == "supply":
        return [s.food]
    if zone == "entrances":
        return list(s.locations["colony"].zombies)
    if zone == "hand":
        return list(s.player("p2").hand)
    return g.host.cards_in(zone, None, "police_station" if zone == "location_deck" else None)


def _play(g, text: str, answer=None) -> list:
    """Run a text for p1 on the engine; ``answer(decision)`` answers (default: the first choices). Returns
    the decisions asked."""
    asked = []
    gen = g.run_effect(lowered(text), {"player": "p1", "card": "base.survivor.test"})
    try:
        d = next(gen)
        while True:
            asked.append(d)
            pick = answer(d) if answer else list(d.choices)[:max(d.min, 1)]
            d = gen.send(d.check(pick))
    except StopIteration:
        pass
    g.verify("zones")
    return asked


def _public(g, since: int) -> str:
    """The log lines anyone may read, since line ``since``, as text."""
    return json.dumps([line["params"] for line in g.log.lines[since:] if not line.get("private_to")])


def _hidden(zone: str) -> bool:
    """Whether a zone's cards are hidden from the other players (a hand, a face-down deck)."""
    return zone in ("hand", "location_deck", "survivor_deck", "crisis_deck", "crossroads_deck")


@pytest.mark.parametrize("zone, verb", ALLOWED, ids=[f"{z}-{v}" for z, v in ALLOWED])
def test_a_pair_the_table_allows_compiles_and_does_what_it_says_on_the_engine(bundle, zone, verb):
    sc, g, s = _table(bundle)
    text = sentence(zone, verb)
    before = _contents(g, zone)
    start = len(g.log.lines)
    p1_hand = list(s.player("p1").hand)

    if verb == "count":
        n = before[0] if zone in ("supply", "entrances") else len(before)
        _play(g, text.format(n=n + 1))
        assert s.morale == 5, "a wrong count holds"
        _play(g, text.format(n=n))
        assert s.morale == 6, f"{text.format(n=n)!r} did not count {n}"
        return

    if verb == "look":
        _play(g, text)
        seen = before[:2] if _top_only(zone, verb) else before
        saw = [line for line in g.log.lines[start:] if line["event"] == "saw"]
        assert [(line["private_to"], list(line["params"]["things"])) for line in saw] == [("p1", seen)]
        assert not any(c in _public(g, start) for c in seen)           # nobody else sees them
        assert _contents(g, zone) == before
        return

    if verb == "choose":
        asked = _play(g, text)
        offered = before[:2] if _top_only(zone, verb) else before
        assert len(asked) == 1 and asked[0].player == "p1" and set(asked[0].choices) == set(offered)
        assert _contents(g, zone) == before                             # choosing moves nothing
        return

    if verb == "take":
        asked = _play(g, text)
        assert len(asked) == 1 and set(asked[0].choices) == set(before)
        taken = asked[0].choices[0]
        assert s.player("p1").hand == p1_hand + [taken]
        assert sorted(_contents(g, zone)) == sorted(c for c in before if c != taken)
        if _hidden(zone):
            assert taken not in _public(g, start)
        return

    if verb in ("put_top", "put_bottom"):
        def last(d):                                # the choice furthest from where the card goes
            return [d.choices[-1 if verb == "put_top" else 0]]
        asked = _play(g, text, last)
        card = asked[0].choices[-1 if verb == "put_top" else 0]
        after = _contents(g, zone)
        assert after[0 if verb == "put_top" else -1] == card, (after, card)
        assert sorted(after) == sorted(before if card in before else before + [card])
        if zone not in SELF_FED:
            assert card not in s.player("p1").hand
        if _hidden(zone):
            assert card not in _public(g, start)
        return

    if verb == "arrange":
        asked = _play(g, text, lambda d: list(reversed(d.choices)))
        assert [(d.kind, d.player, tuple(d.choices)) for d in asked] == [("order", "p1", tuple(before[:2]))]
        assert _contents(g, zone) == list(reversed(before[:2])) + before[2:]
        saw = [line for line in g.log.lines[start:] if line["event"] == "saw"]
        assert [line["private_to"] for line in saw] == ["p1"]
        assert not any(c in _public(g, start) for c in before[:2])
        return

    if verb == "shuffle":
        expected = list(before)
        twin = random.Random()
        twin.setstate(g.interp.rng.getstate())
        twin.shuffle(expected)
        _play(g, text)
        assert _contents(g, zone) == expected                          # the seeded generator's order
        assert sorted(expected) == sorted(before)
        assert not any(c in _public(g, start) for c in before)          # nobody sees the new order
        return

    if verb == "bring_back":
        asked = _play(g, text)
        if zone == "removed":
            assert s.player("p1").hand == p1_hand + [before[0]] and _contents(g, zone) == before[1:]
        else:
            back = asked[0].choices[0]
            assert set(asked[0].choices) == set(before)
            v = s.survivors[back]
            assert (v.place, v.controller, v.location) == ("play", "p1", "colony")
            assert _contents(g, zone) == [d for d in before if d != back]
        return
    raise AssertionError(f"no check for {verb}")


# ---- the minimal host: the new host actions work on a host of plain dictionaries ---------------------------

def _minimal(bundle):
    host = MinimalHost()
    for n, zone in enumerate(("crisis_deck", "crisis_deck", "crisis_deck", "removed", "removed", "hand", "hand")):
        host.cards[f"c:{n}"] = {"zone": zone, "owner": "p1" if zone == "hand" else None, "type": "fuel"}
    host.add_survivor_fact("s:gray-beard", "Gray Beard", "p1", "colony", killed=True)
    host.dead.append("s:gray-beard")
    return host, Interpreter(bundle, host, random.Random(3))


@pytest.mark.parametrize("text, zone, expect", [
    ("choose a card in your hand.\nput the chosen card on top of the crisis deck.", "crisis_deck",
     ["c:5", "c:0", "c:1", "c:2"]),
    ("choose a card in your hand.\nput the chosen card at the bottom of the crisis deck.", "crisis_deck",
     ["c:0", "c:1", "c:2", "c:5"]),
    ("arrange the top 2 cards of the crisis deck in any order.", "crisis_deck", ["c:1", "c:0", "c:2"]),
    ("bring the last card removed from the game back into your hand.", "hand", ["c:3", "c:5", "c:6"]),
])
def test_the_minimal_host_carries_out_the_zone_actions(bundle, text, zone, expect):
    host, interp = _minimal(bundle)
    interp.execute(lowered(text), Env("p1")).run(lambda d: list(reversed(d.choices))[:max(d.min, 1)]
                                                  if d.kind == "order" else list(d.choices)[:max(d.min, 1)])
    found = host.cards_in(zone, "p1" if zone == "hand" else None, None)
    assert (sorted(found) if zone == "hand" else found) == expect      # a hand is in no order


def test_the_minimal_host_shuffles_in_the_interpreters_order_and_brings_back_the_dead(bundle):
    host, interp = _minimal(bundle)
    expected = host.cards_in("crisis_deck", None, None)
    random.Random(3).shuffle(expected)
    interp.execute(lowered("shuffle the crisis deck.\nbring a dead survivor back into play."), Env("p1")).run(
        lambda d: list(d.choices)[:1])
    assert host.cards_in("crisis_deck", None, None) == expected
    assert host.dead == [] and host.survivors["s:gray-beard"]["killed"] is False
