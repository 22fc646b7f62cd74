"""Six sentences that once compiled and then played otherwise than they read, each played on the reference
engine: what a reference names after a survivor joins, a trigger on a named survivor, an ability granted by
an attached card, a limit on an extra turn action, a cost of every unused die, and two die changes a card
ties together."""
from __future__ import annotations

import pytest

from dow.runtime.engine.scenario import Scenario
from helpers import error, lowered, tree


def _table(bundle, players: int = 2, **given):
    sc = Scenario(bundle, None, {"name": "silent", "given": {"players": players, **given}, "do": "round"})
    return sc, sc.game


def _run(g, nodes, answer=None, player: str = "p1", env: dict | None = None) -> list:
    asked = []
    gen = g.run_effect(nodes, {"player": player, **(env or {})})
    try:
        d = next(gen)
        while True:
            asked.append(d)
            pick = answer(d) if answer else (list(d.choices)[:d.min or 1] if d.kind != "may" else True)
            d = gen.send(d.check(pick))
    except StopIteration:
        pass
    return asked


# ---- 1. a reference after a survivor joins names the newcomer ------------------------------------------
@pytest.mark.parametrize("reference", ["it", "that survivor", "them", "the added survivor"])
def test_a_reference_after_a_survivor_joins_names_the_newcomer(bundle, reference):
    sc, g = _table(bundle, survivors={"brian-lee": {"at": "colony"}}, deck=["sophie-robinson"])
    nodes = lowered("add a random survivor from the survivor deck to your following.\n"
                    f"place a wound on {reference}.", {"searching": "survivor"})
    _run(g, nodes, env={"searching": sc.survivor("brian-lee").id})
    assert sc.survivor("sophie-robinson").wounds == 1
    assert sc.survivor("brian-lee").wounds == 0            # not the survivor that set the card off


# ---- 2. a trigger on a named survivor fires on that survivor only -------------------------------------
def _trigger_card(bundle, when: str):
    """A test crossroads card whose trigger is ``when`` and whose one option gains 1 morale."""
    from dow.compiler.pipeline import compile_text
    source = f"""id: base.crossroads.test-card
kind: crossroads
set: base
name: {{pt: T, en: T, vi: T}}
status: {{implementation: full, data: known}}
trigger:
  when: '{when}'
  text: {{pt: t, en: t, vi: t}}
options:
  - text: {{pt: t, en: t, vi: t}}
    effect: |
      gain 1 morale.
"""
    result = compile_text(source, "content/base/crossroads/test-card.yaml")
    assert result.card is not None, [d.render() for d in result.diags]
    return result.card


@pytest.mark.parametrize("searcher,fires", [("jenny-clark", True), ("brian-lee", False)])
def test_a_trigger_on_a_named_survivor_fires_on_that_survivor_only(bundle, searcher, fires):
    from dow.runtime.engine.scenario import run_scenario
    card = _trigger_card(bundle, '"Jenny Clark" searches')
    table = {"survivors": {"brian-lee": {"at": "school"}, "jenny-clark": {"at": "school"}}}
    test = {"name": "named", "given": {**table, "event": {"kind": "search", "survivor": searcher}},
            "do": "trigger", "expect": {"triggered": fires}}
    assert run_scenario(dict(bundle, cards=[*bundle["cards"], card]), card, test) == []


# ---- 3. an ability an attached card grants is an action of its survivor's controller ------------------
def test_an_ability_granted_by_an_attached_card_is_offered_and_used_once_per_round(bundle):
    sc, g = _table(bundle, survivors={"brian-lee": {"at": "colony"}}, dice={"p1": [3, 5]}, morale=5)
    card = sc.card_instance("base.crossroads.horse") if hasattr(sc, "card_instance") else "c:test"
    nodes = lowered('attach this card to "Brian Lee":\n'
                    '  once per round:\n'
                    '    you may spend an action die: gain 1 morale.', {"this_card": "card"})
    brian = sc.survivor("brian-lee").id
    own = [a for a in g.legal_actions(g.state.player("p1")) if a[:2] == ("ability", brian)]
    _run(g, nodes, env={"card": card})
    granted = [a for a in g.legal_actions(g.state.player("p1")) if a[:2] == ("ability", brian) and a not in own]
    assert len(granted) == 1                          # offered as an action of Brian's controller
    _run_action(g, "p1", granted[0])
    assert g.state.morale == 6 and len(g.state.player("p1").unused) == 1
    again = [a for a in g.legal_actions(g.state.player("p1")) if a == granted[0]]
    assert again == []                                # and once per round only


def _run_action(g, player: str, act: tuple) -> None:
    from dow.runtime.decisions import HeuristicAgent
    agent = HeuristicAgent()
    gen = g.perform(g.state.player(player), act)
    try:
        d = next(gen)
        while True:
            d = gen.send(d.check(True if d.kind == "may" else agent.answer(d)))
    except StopIteration:
        pass


# ---- 4. "once per round:" around an extra turn action limits the action ---------------------------------
def test_once_per_round_around_an_extra_turn_action_limits_it(bundle):
    sc, g = _table(bundle, survivors={"brian-lee": {"at": "colony"}}, dice={"p1": [3, 5, 6]}, food=0)
    nodes = lowered("for the rest of the game:\n"
                    "  once per round:\n"
                    "    during their turn, each player may spend an action die:\n"
                    "      add 2 food to the supply.")
    _run(g, nodes, env={"card": "c:test"})
    p1 = g.state.player("p1")
    extra = [a for a in g.legal_actions(p1) if a[0] == "card_action"]
    assert len(extra) == 1
    _run_action(g, "p1", extra[0])
    assert g.state.food == 2
    assert [a for a in g.legal_actions(p1) if a[0] == "card_action"] == []     # used for this round


# ---- 5. "spend all unused action dice" spends every one of them -------------------------------------------
def test_spending_all_unused_action_dice_is_refused_with_the_words_that_say_it():
    """A die spent is always an unused one: 'unused' adds nothing, so it is refused with what to write."""
    err = error("spend all unused action dice:\n  gain 1 morale.\n")
    assert (err.code, err.pos.col) == ("T006", 11) and "spend all action dice" in str(err.message)


@pytest.mark.parametrize("dice,pays", [([2, 4, 6], True), ([5], True), ([], False)])
def test_spending_all_action_dice_spends_every_unused_one(bundle, dice, pays):
    sc, g = _table(bundle, survivors={"brian-lee": {"at": "colony"}}, dice={"p1": dice}, morale=5)
    _run(g, lowered("spend all action dice:\n  gain 1 morale."))
    assert g.state.player("p1").unused == []
    assert g.state.morale == (6 if pays else 5)        # no dice: nothing to pay, so nothing gained


# ---- 6. two die changes one sentence ties together happen together or not at all ---------------------
@pytest.mark.parametrize("theirs,mine,after", [([4], [3], ([3], [4])),     # both can change: both do
                                                ([1], [3], ([1], [3])),     # theirs cannot go lower: neither
                                                ([4], [6], ([4], [6]))])    # yours cannot go higher: neither
def test_two_die_changes_a_sentence_ties_happen_together_or_not_at_all(bundle, theirs, mine, after):
    sc, g = _table(bundle, survivors={"brian-lee": {"at": "colony"}}, dice={"p1": mine, "p2": theirs})
    _run(g, lowered("lower an unused action die another player controls by 1 and "
                    "raise an unused action die you control by 1."))
    assert (g.state.player("p2").unused, g.state.player("p1").unused) == after


def test_steps_that_cannot_fail_are_not_tied_but_written_as_two_sentences():
    e = error("gain 1 morale and add 3 food to the supply.")
    assert e.code == "T002" and "'gain 1 morale'" in str(e.message)
