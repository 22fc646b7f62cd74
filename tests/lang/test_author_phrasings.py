"""Sentences a new author writes in the rulebook's words: each player acting, wounds, discards, a hand
that holds cards, placing a survivor; and the errors that name the sentence the language has when it
has no reading (seed 004 for every rule cited)."""
from __future__ import annotations

import re

import pytest

from dow.compiler.language import bind_text
from dow.compiler.lower import Lowering
from dow.compiler.messages import render
from dow.runtime.engine.scenario import Scenario
from helpers import bind, error, tree


def _nodes(text: str, scope: dict | None = None) -> list[dict]:
    t, errors = bind_text(text + "\n", dict(scope or {}))
    assert errors == []
    return Lowering("base.survivor.test", "test.yaml", {}).nodes(t)


def _table(bundle, players: int = 3, **given):
    sc = Scenario(bundle, None, {"name": "author", "given": {"players": players, **given}, "do": "round"})
    return sc, sc.game


def _run(g, text: str, answer=None, asked: list | None = None, player: str = "p1", scope: dict | None = None,
         env: dict | None = None) -> None:
    """Run an effect; each decision is recorded (who, kind) and answered by ``answer`` (or its first choice)."""
    gen = g.run_effect(_nodes(text, scope), {"player": player, **(env or {})})
    try:
        d = next(gen)
        while True:
            if asked is not None:
                asked.append((d.player, d.kind))
            pick = answer(d) if answer else (list(d.choices)[:d.min or 1] if d.kind != "may" else True)
            d = gen.send(d.check(pick))
    except StopIteration:
        pass


# ---- each player acts (seed 004: every player takes part in a crossroads that says "each player") -------
def test_each_player_draws_into_their_own_hand(bundle):
    sc, g = _table(bundle, survivors={"brian-lee": {"at": "colony"}},
                   item_deck={"grocery-store": ["food", "fuel", "junk", "food"]})
    before = {p.id: len(p.hand) for p in g.state.players}
    _run(g, "each player draws 1 card from the grocery store deck.")
    assert {p.id: len(p.hand) - before[p.id] for p in g.state.players} == {"p1": 1, "p2": 1, "p3": 1}
    assert len(g.state.locations["grocery_store"].deck) == 1


def test_the_old_for_each_player_form_stays_what_it_was():
    """'for each player:' is the loop it always was: the resolving player acts in it. 'each player …' is
    the family in which each player acts."""
    assert tree("each player draws 1 card from the grocery store deck.")[0]["op"] == "each_player"
    assert tree("for each player:\n  draw 1 card from the grocery store deck.")[0]["op"] == "for_each"


def test_each_player_gives_a_card_of_their_own_choosing_to_the_player_to_their_left(bundle):
    sc, g = _table(bundle, hand={"p1": ["food", "food"], "p2": ["fuel", "fuel"], "p3": ["junk", "junk"]})
    own = {p.id: list(p.hand) for p in g.state.players}
    asked: list = []
    _run(g, "each player gives a card in their hand to the player to their left.", asked=asked,
         answer=lambda d: [c for c in d.choices if c in own[d.player]][:1])
    # in turn from you, each player chooses from their own hand (a player's choice is the player's)
    assert [who for who, kind in asked] == ["p1", "p2", "p3"]
    # p1's card went to p2, p2's to p3, p3's round the table to p1
    hand = {p: sorted(g.state.player(p).hand) for p in ("p1", "p2", "p3")}
    assert hand == {"p1": sorted([own["p1"][1], own["p3"][0]]), "p2": sorted([own["p2"][1], own["p1"][0]]),
                    "p3": sorted([own["p3"][1], own["p2"][0]])}


def test_their_left_is_the_acting_players_seat_and_your_left_is_yours():
    assert tree("each player gives a card in their hand to the player to their left.")[0]["body"][0]["to"][
        "filters"] == [{"op": "seat", "side": "left"}]
    assert error("give a card in your hand to the player to their left.").code != ""   # no 'their' outside


def test_each_player_who_meets_a_description_acts_and_the_others_do_not(bundle):
    """Both sides of the description: p2 has a survivor at the colony and discards; p3 has one elsewhere
    and keeps the card."""
    sc, g = _table(bundle, survivors={"brian-lee": {"at": "colony"}, "sparky": {"player": "p2", "at": "colony"},
                                      "olivia-brown": {"player": "p3", "at": "school"}},
                   hand={"p1": ["food"], "p2": ["fuel"], "p3": ["junk"]})
    _run(g, "each player who controls a survivor at the colony discards a random card from their hand.")
    assert [len(g.state.player(p).hand) for p in ("p1", "p2", "p3")] == [0, 0, 1]
    assert len(g.state.waste) == 2


def test_your_inside_each_player_is_refused_with_their():
    e = error("each player discards a card from your hand.")
    assert e.code == "N005" and "their" in render(e.hint, "en")
    assert error("each player chooses a survivor you control.").code == "N005"


def test_you_inside_each_player_is_the_player_resolving_the_card():
    body = tree("each player gives 2 cards to you.")[0]["body"][0]
    assert body["to"] == {"op": "ref", "name": "resolver", "kind": "player"}
    # the cards given come from the giver's hand (a player gives what they hold)
    assert {"op": "in_zone", "zone": {"op": "zone", "zone": "hand", "owner": {"op": "you"}}} in body["cards"]["filters"]


@pytest.mark.parametrize("p3,asked_of", [(["junk"], "p2"), (["junk", "junk", "junk"], "p1")])
def test_the_player_with_the_most_cards_gives_2_to_you_and_the_first_player_breaks_a_tie(bundle, p3, asked_of):
    """p2 holds 3 cards; with p3 holding 1, p2 is the one and chooses what to give; with p3 holding 3 too,
    the first player (p1) chooses which of the two it is (Voting: ties are broken by the first player)."""
    sc, g = _table(bundle, hand={"p1": [], "p2": ["food", "fuel", "junk"], "p3": p3})
    asked: list = []
    _run(g, "the player with the most cards in their hand gives 2 cards to you.", asked=asked,
         answer=lambda d: list(d.choices)[:d.max])
    assert asked[0][0] == asked_of
    assert len(g.state.player("p1").hand) == 2 and len(g.state.player("p2").hand) == 1
    assert len(g.state.player("p3").hand) == len(p3)


@pytest.mark.parametrize("p2_survivors,p2_draws", [(0, True), (1, False)])
def test_the_player_who_controls_the_fewest_survivors_draws(bundle, p2_survivors, p2_draws):
    """p1 controls 1 survivor; p2 controls none (the fewest, draws) or 1 (tied with p1: the first player
    chooses, here p1)."""
    survivors = {"brian-lee": {"at": "colony"}, **({"sparky": {"player": "p2"}} if p2_survivors else {})}
    sc, g = _table(bundle, players=2, survivors=survivors, item_deck={"hospital": ["food", "fuel", "junk"]})
    _run(g, "the player who controls the fewest survivors draws 2 cards from the hospital deck.")
    assert (len(g.state.player("p2").hand) == 2) is p2_draws
    assert (len(g.state.player("p1").hand) == 2) is not p2_draws


def test_a_rule_form_after_each_player_stays_a_rule():
    assert tree("each player rolls 1 additional action die.")[0]["op"] == "modify"


# ---- wounds (seed 004: a survivor dies at 3 wounds; a frostbite wound is a wound) ----------------------
def test_the_wounds_filter_reads_its_forms():
    sel = tree("choose a survivor you control with 2 or more wounds.")[0]["selector"]
    assert {"op": "wounds", "min": 2} in sel["filters"]
    assert tree("heal 1 wound on a wounded survivor you control.")[0]["target"]["filters"][0] == {
        "op": "wounds", "min": 1}
    each = tree("for each survivor with no wounds at the colony: gain 1 morale.")[0]["selector"]
    assert {"op": "wounds", "min": 0, "max": 0} in each["filters"]
    assert tree("kill a survivor with 1 or fewer wounds.")[0]["target"]["filters"] == [
        {"op": "wounds", "min": 0, "max": 1}]
    # 'the wounded survivor' is still the one a trigger hurt
    assert tree("heal 1 wound on the wounded survivor.", {"wounded": "survivor"})[0]["target"]["op"] == "ref"


@pytest.mark.parametrize("wounds,frostbite,holds", [(1, 0, False), (2, 0, True), (1, 1, True), (0, 0, False)])
def test_two_or_more_wounds_holds_from_two_and_counts_frostbite(bundle, wounds, frostbite, holds):
    """The threshold on both sides: 1 wound is not 2 or more, 2 is; a frostbite wound is a wound."""
    sc, g = _table(bundle, players=2, survivors={"brian-lee": {"at": "colony"}})
    v = sc.survivor("brian-lee")
    v.wounds, v.frostbite = wounds + frostbite, frostbite
    morale = g.state.morale
    _run(g, "if a survivor you control has 2 or more wounds: gain 1 morale.")
    assert (g.state.morale - morale == 1) is holds
    _run(g, "for each survivor you control with 2 or more wounds: lose 1 morale.")
    assert g.state.morale == morale


@pytest.mark.parametrize("wounds,holds", [(0, True), (1, False)])
def test_the_moved_survivor_has_no_wounds(bundle, wounds, holds):
    sc, g = _table(bundle, players=2, survivors={"brian-lee": {"at": "colony"}})
    v = sc.survivor("brian-lee")
    v.wounds = wounds
    morale = g.state.morale
    _run(g, "if the moved survivor has no wounds: gain 1 morale.", scope={"moved": "survivor"},
         env={"moved": v.id})
    assert (g.state.morale - morale == 1) is holds


def test_each_survivor_has_is_refused_with_the_two_conditions_it_can_mean():
    e = error("if each survivor you control has 2 or more wounds: gain 1 morale.")
    assert e.code == "T002"
    hint = render(e.hint, "en")
    for sentence in re.findall(r"'([^']+)'", hint):
        assert bind(f"if {sentence}: gain 1 morale.")[1] == []


# ---- discard, a hand that holds cards, placing a survivor -------------------------------------------
def test_discard_from_your_hand_is_put_in_the_waste_pile():
    """Seed 004 says 'discard'; the language's 'place … in the waste pile' is the same one reading."""
    assert tree("discard a random card from your hand.") == tree(
        "place a random card in your hand in the waste pile.")
    assert tree("discard 2 cards from your hand.") == tree("place 2 cards in your hand in the waste pile.")
    assert tree("discard 2 cards.")[0]["op"] == "spend_cards"       # the cost form stays a cost
    assert error("discard a card from the grocery store deck.").code == "T001"


@pytest.mark.parametrize("hand,holds", [([], True), (["food"], False)])
def test_you_have_no_cards_in_your_hand(bundle, hand, holds):
    sc, g = _table(bundle, players=2, survivors={"brian-lee": {"at": "colony"}}, hand={"p1": hand})
    morale = g.state.morale
    _run(g, "if you have no cards in your hand: gain 1 morale.")
    assert (g.state.morale - morale == 1) is holds


def test_you_have_reads_like_there_are():
    assert tree("if you have 2 or more food cards in your hand: gain 1 morale.") == tree(
        "if there are 2 or more food cards in your hand: gain 1 morale.")
    e = error("if you have a survivor at the colony: gain 1 morale.")
    assert e.code == "T002" and "you control a survivor at the colony" in render(e.hint, "en")


def test_place_a_survivor_you_control_is_not_a_move(bundle):
    sc, g = _table(bundle, players=2, survivors={"brian-lee": {"at": "school"}})
    _run(g, "place a survivor you control at the colony.")
    assert sc.survivor("brian-lee").location == "colony"
    assert "move" not in [e.get("kind") for e in g.host.action_events]      # placing is not a move


# ---- errors that teach: every sentence a hint quotes compiles ------------------------------------------
TAUGHT = {
    "move a survivor you control to any location. this is not a move.": ("T002", "place"),
    "the player with the most food cards draws 1 card from the grocery store deck.": ("P001", "'cards'"),
    "if you have a survivor at the colony: gain 1 morale.": ("T002", "you control a survivor at the colony"),
}


@pytest.mark.parametrize("text", sorted(TAUGHT))
def test_the_error_names_the_sentence_the_language_has(text):
    code, words = TAUGHT[text]
    e = error(text, {"moved": "survivor"})
    said = render(e.hint, "en") + " " + render(e.expected, "en")
    assert e.code == code and words in said, said
    for quoted in re.findall(r"'([^']+)'", said):
        if quoted.endswith(".") and "…" not in quoted and "KEY" not in quoted and quoted.count(" ") > 1:
            body = quoted if not quoted.endswith(":") else quoted + " gain 1 morale."
            assert bind(body, {"moved": "survivor", "chosen": "survivor"})[1] == [], quoted


#: sentences the language once refused, which its axes now read: any step takes a player as its subject
#: ("each player gains 1 morale": each in turn), food is counted from the supply ("lose 2 food"), a pile
#: can be counted where it stands ("the waste pile has 10 or more cards")
READ_NOW = {
    "each player who controls a survivor at the colony loses 1 food.": "each_player",
    "lose 2 food.": "remove_tokens",
    "each player rolls a die.": "each_player",
    "each player may put a card in their hand in the waste pile.": "for_each",
    "if the waste pile has 10 or more cards: lose 1 morale.": "if",
    "each player gains 1 morale.": "each_player",
}


@pytest.mark.parametrize("text", sorted(READ_NOW))
def test_sentences_the_axes_read(text):
    assert tree(text)[0]["op"] == READ_NOW[text]


@pytest.mark.parametrize("deck,joins", [(["sophie-robinson"], True), ([], False)])
def test_a_random_survivor_from_the_survivor_deck_joins_your_following(bundle, deck, joins):
    sc, g = _table(bundle, players=2, survivors={"brian-lee": {"at": "colony"}}, deck=deck)
    before = list(g.state.player("p1").survivors)
    _run(g, "add a random survivor from the survivor deck to your following.")
    added = [v for v in g.state.player("p1").survivors if v not in before]
    assert len(added) == (1 if joins else 0)
    if joins:
        assert added == [sc.survivor("sophie-robinson").id] and not g.state.survivor_deck
    e = error("place a survivor from the survivor deck at the colony.")
    assert e.code == "T002" and "to your following" in render(e.message, "en")


@pytest.mark.parametrize("card,equipped", [("pistol", True), ("junk", False)])
def test_an_item_drawn_is_equipped_to_a_survivor_you_control(bundle, card, equipped):
    """Seed 004, Play a Card: an item that says equip is placed beside a survivor; junk is no item to equip
    and stays in the hand it was drawn into."""
    sc, g = _table(bundle, players=2, survivors={"brian-lee": {"at": "colony"}},
                   item_deck={"police-station": [card]})
    _run(g, "draw 1 card from the police station deck.\nequip it to a survivor you control.")
    v = sc.survivor("brian-lee")
    assert (len(v.equipped) == 1) is equipped
    assert len(g.state.player("p1").hand) == (0 if equipped else 1)
    assert error("equip it to a survivor you control.", {"moved": "survivor"}).code == "T001"
