"""The vote axis, walked whole: every voter phrase × every vote weight × every tie rule × every way the
voters can vote, compiled and played on the reference engine, the result checked against seed 004's
Voting rule computed here: every player the phrase names who is not exiled votes once, thumbs up (option
1) or down (option 2); each vote counts its weight; the most votes wins; a tie is broken by the first
player, or by the player the card names, or the card says what a tie does instead.

The table: four players, p4 exiled; p1 and p3 control a survivor at the colony, p2 one at the school;
p3 holds the first player token; p2 sits to p1's left (play passes to the left)."""
from __future__ import annotations

import itertools

import pytest

from dow.compiler.language import bind_text
from dow.runtime.decisions import MAY, OPTION, VOTE
from dow.runtime.engine.scenario import Scenario
from helpers import lowered

SEATS = ("p1", "p2", "p3", "p4")
EXILED = {"p4"}
FIRST = "p3"
LEFT_OF_YOU = "p2"
#: who votes: the header's words and the players they name (before the exiled are left out)
VOTERS = {
    "vote": ("vote", set(SEATS)),
    "each player": ("each player votes", set(SEATS)),
    "each player with a survivor at the colony": ("each player who controls a survivor at the colony votes",
                                                  {"p1", "p3"}),
    "each player but you": ("each player other than you votes", {"p2", "p3", "p4"}),
    "each exiled player": ("each exiled player votes", {"p4"}),
}
#: how much a vote weighs: the standing rule, and each player's weight under it
WEIGHTS = {
    "one each": ("", {}),
    "yours counts 2": ("your vote counts as 2 votes.", {"p1": 2}),
    "the first player's counts 3": ("the vote of the first player counts as 3 votes.", {FIRST: 3}),
}
#: who breaks a tie, or what a tie does: the header's added words, the line after the options
TIES = {
    "the first player breaks it": ("", ""),
    "the player to your left breaks it": (", and the player to your left breaks a tie", ""),
    "a tie does something else": ("", "if the vote is tied:\n  add 2 zombies to the colony.\n"),
}
TABLE = {"players": 4, "first": FIRST, "exiled": sorted(EXILED), "morale": 5,
         "survivors": {"sparky": {"player": "p1", "at": "colony"}, "brian-lee": {"player": "p2", "at": "school"},
                       "mike-cho": {"player": "p3", "at": "colony"}}}


def _text(voters: str, weight: str, tie: str) -> str:
    words, _ = VOTERS[voters]
    rule, _ = WEIGHTS[weight]
    header, after = TIES[tie]
    lines = f"for the rest of the game:\n  {rule}\n" if rule else ""
    return lines + f"{words}{header}:\n  - gain 1 morale.\n  - lose 1 morale.\n" + after


def _expected(voters: str, weight: str, tie: str, ballots: dict) -> tuple[str, str | None]:
    """The rulebook's result: 'up', 'down' or 'tied', and who is asked to break a tie."""
    weights = WEIGHTS[weight][1]
    up = sum(weights.get(p, 1) for p, b in ballots.items() if b == 0)
    down = sum(weights.get(p, 1) for p, b in ballots.items() if b == 1)
    if up != down:
        return ("up" if up > down else "down"), None
    if TIES[tie][1]:
        return "tied", None
    return "down", (LEFT_OF_YOU if TIES[tie][0] else FIRST)      # the breaker picks thumbs down here


def _cases():
    for voters, weight, tie in itertools.product(VOTERS, WEIGHTS, TIES):
        who = sorted(VOTERS[voters][1] - EXILED)
        for ballots in itertools.product((0, 1), repeat=len(who)):
            yield voters, weight, tie, "".join("ud"[b] for b in ballots)


@pytest.mark.parametrize("voters,weight,tie,ballots", list(_cases()))
def test_every_voter_phrase_weight_and_tie_rule_plays_as_the_rulebook_counts(bundle, voters, weight, tie, ballots):
    who = sorted(VOTERS[voters][1] - EXILED)
    cast = {p: "ud".index(b) for p, b in zip(who, ballots)}
    sc = Scenario(bundle, None, {"name": "votes", "given": TABLE, "do": "round"})
    g = sc.game
    zombies = g.state.locations["colony"].zombie_count()
    asked, breaker = [], []
    gen = g.run_effect(lowered(_text(voters, weight, tie)), {"player": "p1"})
    try:
        d = next(gen)
        while True:
            if d.kind == VOTE:
                asked.append(d.player)
                answer = cast[d.player]
            elif d.kind == OPTION:                 # a tie to break: thumbs down
                breaker.append(d.player)
                answer = d.choices[-1]
            else:
                assert d.kind == MAY, d
                answer = True
            d = gen.send(d.check(answer))
    except StopIteration:
        pass
    result, broken_by = _expected(voters, weight, tie, cast)
    assert sorted(asked) == who                              # every player named who is not exiled, once
    assert breaker == ([broken_by] if broken_by else [])
    morale = {"up": 6, "down": 4, "tied": 5}[result]
    assert g.state.morale == morale, (_text(voters, weight, tie), cast)
    assert g.state.locations["colony"].zombie_count() == zombies + (2 if result == "tied" else 0)


@pytest.mark.parametrize("words", ["if the vote is tied:\n  gain 1 morale.\n",
                                   "choose one:\n  - gain 1 morale.\n  - lose 1 morale.\nif the vote is tied:\n"
                                   "  gain 1 morale.\n"])
def test_a_tie_rule_with_no_vote_before_it_is_refused(words):
    _, errors = bind_text(words, {})
    assert errors and errors[0].code == "T002"


CROSSROADS = """id: base.crossroads.test-vote
kind: crossroads
set: base
name: {pt: Teste, en: Test, vi: Thử}
status: {implementation: full, data: known}
trigger: {when: you clean waste, text: {pt: t, en: t, vi: t}}
vote: they control a survivor at the colony
%s
options:
  - text: {pt: a, en: a, vi: a}
    effect: |
      gain 1 morale.
  - text: {pt: b, en: b, vi: b}
    effect: |
      lose 1 morale.
"""


@pytest.mark.parametrize("fields,breaks,zombies", [
    ("", FIRST, 0),
    ("tie_breaker: they are the player to your left", LEFT_OF_YOU, 0),
    ("tie: |\n  add 2 zombies to the colony.", None, 2),
])
def test_a_crossroads_cards_vote_takes_the_same_tie_rules_from_its_fields(bundle, fields, breaks, zombies):
    from dow.compiler.pipeline import compile_text
    from dow.runtime.cards import crossroads_program
    result = compile_text(CROSSROADS % fields, "content/base/crossroads/test-vote.yaml")
    assert not [d for d in result.diags if d.severity == "error"], [d.message for d in result.diags]
    sc = Scenario(bundle, None, {"name": "votes", "given": TABLE, "do": "round"})
    g = sc.game
    zombies_before = g.state.locations["colony"].zombie_count()
    breaker, cast = [], {"p1": 0, "p3": 1}           # p1 and p3 vote (a survivor at the colony): 1 to 1
    gen = g.run_effect(crossroads_program(result.card, src={}), {"player": "p1"})
    try:
        d = next(gen)
        while True:
            if d.kind == OPTION:
                breaker.append(d.player)
            d = gen.send(d.check(cast[d.player] if d.kind == VOTE else d.choices[-1]))
    except StopIteration:
        pass
    assert breaker == ([breaks] if breaks else [])
    assert g.state.morale == (4 if breaks else 5)           # the breaker took thumbs down; a tie rule, neither
    assert g.state.locations["colony"].zombie_count() == zombies_before + zombies


def test_tie_fields_without_a_vote_are_refused_where_they_are_written():
    from dow.compiler.pipeline import compile_text
    text = (CROSSROADS % "tie_breaker: they are the first player").replace("vote: they control a survivor at the colony\n", "")
    result = compile_text(text, "content/base/crossroads/test-vote.yaml")
    errors = [d for d in result.diags if d.severity == "error"]
    assert [(d.code, d.line) for d in errors] == [("S008", 7)]
