"""The crisis step in card effects (a crisis with no effect this round, a crisis put back into its deck) and
a kill that costs no morale, each run on the reference engine on both sides of what it changes.

Seed 004: "1. Reveal Crisis", "3. Resolve Crisis" (after resolving, the cards added are removed from the
game; 2 or more points over the number of players gain 1 morale), and "Killing Survivors" (whenever a
survivor is killed by any game effect the colony loses 1 morale)."""
from __future__ import annotations

from helpers import tree, lowered

from dow.compiler.lower import Lowering
from dow.dsl import parse
from dow.runtime.engine.scenario import Scenario


def _nodes(text: str) -> list[dict]:
    return lowered(text + "\n", {})


def _drive(gen) -> None:
    try:
        next(gen)
        raise AssertionError("no decision was expected")
    except StopIteration:
        pass


def _table(bundle, prevent: bool = False):
    """A 2-player round with a revealed crisis and 2 cards added to it by p2 (matching ones if ``prevent``)."""
    sc = Scenario(bundle, None, {"name": "crisis", "given": {"players": 2, "morale": 5,
                                                              "survivors": {"brian-lee": {"at": "colony"},
                                                                            "sparky": {"at": "colony"}}},
                                 "do": "round"})
    g = sc.game
    crises = [c for c in bundle["cards"] if c["kind"] == "crisis" and c["set"] == "base" and c.get("prevent")]
    g.state.crisis_deck = [sc.card_instance(c["id"]) for c in crises[1:3]]
    g.state.crisis = sc.card_instance(crises[0]["id"])
    kind = crises[0]["prevent"][0] if prevent else None
    item = next(c["id"] for c in bundle["cards"] if c["kind"] == "item" and
                ((c.get("item_type") == kind) if prevent else c.get("item_type") not in crises[0]["prevent"]))
    g.state.crisis_added = [(sc.card_instance(item), "p2") for _ in range(4 if prevent else 2)]
    return g


def test_the_sentences_compile_to_their_nodes():
    assert tree("skip the crisis this round.") == [{"op": "skip_crisis"}]
    assert tree("the crisis has no effect this round.") == [{"op": "skip_crisis"}]
    assert tree("put the crisis back on top of the crisis deck.") == [{"op": "return_crisis", "where": "top"}]
    assert tree("put the crisis at the bottom of the crisis deck.") == [{"op": "return_crisis", "where": "bottom"}]


def test_a_crisis_that_would_hurt_the_colony_has_no_effect_when_skipped(bundle):
    g = _table(bundle)
    crisis, added = g.state.crisis, [c for c, _ in g.state.crisis_added]
    _drive(g.run_effect(_nodes("skip the crisis this round."), {"player": "p1"}))
    before = (g.state.morale, dict(g.state.locations["colony"].__dict__))
    _drive(g.step_resolve_crisis())
    assert (g.state.morale, dict(g.state.locations["colony"].__dict__)) == before
    assert g.state.crisis is None and crisis in g.state.removed and all(c in g.state.removed for c in added)
    assert any(line["event"] == "crisis_skipped" for line in g.log.lines)


def test_without_the_skip_the_same_crisis_resolves(bundle):
    g = _table(bundle)
    _drive(g.step_resolve_crisis())
    assert any(line["event"] == "crisis_result" for line in g.log.lines)
    assert not any(line["event"] == "crisis_skipped" for line in g.log.lines)


def test_a_skipped_crisis_gives_no_morale_for_beating_it(bundle):
    g = _table(bundle, prevent=True)          # 4 matching cards for 2 players: 2 over, worth 1 morale
    morale = g.state.morale
    _drive(g.run_effect(_nodes("the crisis has no effect this round."), {"player": "p1"}))
    _drive(g.step_resolve_crisis())
    assert g.state.morale == morale
    g = _table(bundle, prevent=True)          # the other side: not skipped, the bonus is gained
    _drive(g.step_resolve_crisis())
    assert g.state.morale == morale + 1


def test_a_skip_said_before_the_reveal_does_not_reach_the_next_crisis(bundle):
    g = _table(bundle)
    g.state.crisis_deck.insert(0, g.state.crisis)
    g.state.crisis = None                     # no crisis revealed yet
    _drive(g.run_effect(_nodes("skip the crisis this round."), {"player": "p1"}))
    _drive(g.step_reveal_crisis())
    _drive(g.step_resolve_crisis())
    assert not any(line["event"] == "crisis_skipped" for line in g.log.lines)


def test_the_crisis_goes_back_on_top_and_its_cards_back_to_the_hands(bundle):
    g = _table(bundle)
    crisis, added = g.state.crisis, [c for c, _ in g.state.crisis_added]
    hand = list(g.state.player("p2").hand)
    _drive(g.run_effect(_nodes("put the crisis back on top of the crisis deck."), {"player": "p1"}))
    assert g.state.crisis is None and g.state.crisis_deck[0] == crisis and g.state.crisis_added == []
    assert g.state.player("p2").hand == hand + added
    _drive(g.step_resolve_crisis())           # nothing left to resolve this round
    assert not any(line["event"] == "crisis_result" for line in g.log.lines)
    _drive(g.step_reveal_crisis())            # and the next round reveals it again
    assert g.state.crisis == crisis


def test_the_crisis_goes_to_the_bottom(bundle):
    g = _table(bundle)
    crisis, top = g.state.crisis, g.state.crisis_deck[0]
    _drive(g.run_effect(_nodes("put the crisis at the bottom of the crisis deck."), {"player": "p1"}))
    assert g.state.crisis_deck[-1] == crisis and g.state.crisis_deck[0] == top


# ---- "do not lose morale" -------------------------------------------------------------------------
def test_a_kill_costs_1_morale_and_do_not_lose_morale_waives_it(bundle):
    g = _table(bundle)
    morale = g.state.morale
    _drive(g.run_effect(_nodes('kill "Brian Lee".'), {"player": "p1"}))
    assert g.state.morale == morale - 1
    _drive(g.run_effect(_nodes('kill "Sparky". do not lose morale.'), {"player": "p1"}))
    assert g.state.morale == morale - 1 and g.state.survivors["s:sparky"].place != "play"


def test_the_waiver_is_for_that_kill_only(bundle):
    g = _table(bundle)
    morale = g.state.morale
    _drive(g.run_effect(_nodes('kill "Sparky". do not lose morale.\nkill "Brian Lee".'), {"player": "p1"}))
    assert g.state.morale == morale - 1


def test_a_helpless_survivor_killed_without_losing_morale(bundle):
    g = _table(bundle)
    g.state.locations["colony"].helpless = 2
    morale = g.state.morale
    _drive(g.run_effect(_nodes("kill 1 helpless survivor at the colony. do not lose morale."), {"player": "p1"}))
    assert (g.state.locations["colony"].helpless, g.state.morale) == (1, morale)


def test_do_not_lose_morale_belongs_right_after_a_kill():
    from helpers import error
    err = error("gain 1 morale. do not lose morale.")
    assert err.code == "T002" and err.message.id == "T002.keep-morale-after-kill"
    assert tree('kill "Sparky". do not lose morale.')[0]["morale"] == "kept"


# ---- "the player to your left / right" -------------------------------------------------------------
def _three(bundle):
    sc = Scenario(bundle, None, {"name": "seats", "given": {"players": 3, "survivors": {"brian-lee": {"at": "colony"}},
                                                             "hand": {"p1": ["food", "food"], "p2": ["fuel"],
                                                                      "p3": ["junk"]}},
                                 "do": "round"})
    return sc.game


def test_play_passes_left_so_the_player_to_your_left_is_the_next_seat_and_right_the_one_before(bundle):
    """Seed 004: play passes to the player on her left; the first player token passes to the right."""
    g = _three(bundle)
    me = [p.id for p in g.state.players]
    assert tree("give a card in your hand to the player to your left.")[0]["to"]["filters"] == [
        {"op": "seat", "side": "left"}]
    hand = list(g.state.player(me[0]).hand)
    _drive_any(g.run_effect(_nodes("give a card in your hand to the player to your left."), {"player": me[0]}))
    assert len(g.state.player(me[1]).hand) == 2 and len(g.state.player(me[2]).hand) == 1
    assert len(g.state.player(me[0]).hand) == len(hand) - 1
    _drive_any(g.run_effect(_nodes("give a card in your hand to the player to your right."), {"player": me[1]}))
    assert len(g.state.player(me[0]).hand) == len(hand)         # p2's right is p1, the seat before
    _drive_any(g.run_effect(_nodes("give a card in your hand to the player to your right."), {"player": me[0]}))
    assert len(g.state.player(me[2]).hand) == 2                 # p1's right wraps round to p3


def _drive_any(gen) -> None:
    """Run an effect, answering each decision with its first choice (the tests above fix the rest)."""
    try:
        d = next(gen)
        while True:
            d = gen.send(d.check(list(d.choices)[:d.min or 1] if d.kind != "may" else True))
    except StopIteration:
        pass


# ---- "the last N cards removed from the game" -------------------------------------------------------
def test_the_last_cards_removed_are_the_ones_removed_most_recently(bundle):
    g = _three(bundle)
    sc_cards = sorted(g.state.cards)[:3]
    for c in sc_cards:                        # removed in this order: the last one is the pile's top
        g.host.take_out(c)
        g.state.removed.append(c)
    _drive_any(g.run_effect(_nodes("take the last 2 cards removed from the game."), {"player": "p1"}))
    assert sorted(g.state.player("p1").hand) == sorted(sc_cards[1:]) and g.state.removed == sc_cards[:1]
    assert tree("put the last 2 removed cards in the waste pile.") == [
        {"op": "move_cards", "cards": {"op": "zone", "zone": "removed", "top": 2},
         "to": {"op": "zone", "zone": "waste_pile"}}]


# ---- "a survivor in your following" --------------------------------------------------------------
def test_a_survivor_in_your_following_is_not_your_group_leader(bundle):
    """Seed 004, Setup: the group leader stands apart; the other survivors are placed in the following."""
    sc = Scenario(bundle, None, {"name": "following", "given": {"survivors": {"brian-lee": {"at": "colony"},
                                                                               "sparky": {"at": "colony"}}},
                                 "do": "round"})
    g = sc.game
    leader, other = g.state.player("p1").survivors[:2]
    morale = g.state.morale
    _drive_any(g.run_effect(_nodes("kill a survivor in your following. do not lose morale."), {"player": "p1"}))
    assert g.state.survivors[other].place != "play" and g.state.survivors[leader].place == "play"
    assert g.state.morale == morale
