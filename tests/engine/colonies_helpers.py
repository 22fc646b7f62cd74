"""Shared helpers of the Warring Colonies tests: a scripted table, answers by prompt, the combat die's faces."""
from __future__ import annotations

import pytest

from dow.runtime.decisions import RandomAgent
from dow.runtime.engine.colonies import COLONIES, ColoniesGame
from dow.runtime.engine.scenario import ScriptedRandom

#: the stand-in combat die's faces, by the scripted roll that shows them
PLUS1, PLUS2, PLUS3, TARGET1, TARGET2, BIO1, BIO2 = 1, 3, 5, 7, 9, 10, 12


class Answers:
    """Answers by (player, prompt), each a list used in order; a tactic, survivor or card is named by
    its file name."""

    def __init__(self, game: ColoniesGame, answers: dict):
        self.game, self.answers = game, {k: list(v) for k, v in answers.items()}
        self.asked: list[tuple[str, str]] = []

    def answer(self, d):
        self.asked.append((d.player, d.prompt))
        key = (d.player, d.prompt)
        if key not in self.answers or not self.answers[key]:
            raise AssertionError(f"unexpected question {d.prompt!r} for {d.player}: {d.choices}")
        value = self.answers[key].pop(0)
        if d.kind == "amount":
            return value
        if d.kind == "option":             # an option is given as it is offered: ("flee",), ("join", "a") …
            if value not in d.choices:
                raise AssertionError(f"{value!r} is not among {d.choices}")
            return value
        if value in d.choices:             # a location id
            return (value,)
        s = self.game.state
        for c in d.choices:
            if c == "s:" + value or (c in s.cards and s.cards[c].rsplit(".", 1)[-1] == value):
                return (c,)
        raise AssertionError(f"{value!r} is not among {d.choices}")


def table(bundle, survivors: dict, bullets=(3, 3), morale=(4, 4), rolls=(), seed=0, players=4,
          wolf_morale=4) -> ColoniesGame:
    """A 4-player game after set-up (p1, p2 colony A; p3, p4 colony B; leaders p1 and p3), with only the
    given survivors in play: {name: (player, location, [equipped items])}. With ``players=5`` p5 is the
    Lone Wolf, its den "den" (its morale ``wolf_morale``)."""
    g = ColoniesGame(bundle, seed=seed, players=players, check=True)
    g.drive(g.setup_players(), RandomAgent(seed))
    s, h = g.state, g.host
    for p in s.players:                                  # clear the table, keeping every card in a zone
        for sid in list(p.survivors):
            v = s.survivors[sid]
            p.hand.extend(v.equipped)
            v.equipped = []
            p.survivors.remove(sid)
            v.place, v.location, v.controller = "deck", None, None
            s.survivor_deck.append(sid)
    h.expire()
    s.leaders = {"a": "p1", "b": "p3"}
    s.bullets = {"a": bullets[0], "b": bullets[1]}
    s.colony_morale = {"a": morale[0], "b": morale[1], **({"w": wolf_morale} if s.wolf else {})}
    s.morale = min(morale)
    for name, spec in survivors.items():
        player, where, *items = spec
        h.enter_play("s:" + name, player, COLONIES.get(where, where))
        for item in (items[0] if items else []):
            card = next(c for loc in s.locations.values() for c in loc.deck if s.cards[c].endswith("." + item))
            h.take_out(card)
            s.survivors["s:" + name].equipped.append(card)
            g.register(card, "s:" + name)
        loc = s.locations[COLONIES.get(where, where)]
        if loc.colony and loc.team != s.teams[player]:         # an enemy survivor stands at an entrance
            s.entrance["s:" + name] = next(i for i in range(loc.entrances) if h.entrance_free(loc.id, i) > 0)
    h.pending.clear()
    g.rng = h.rng = g.interp.rng = ScriptedRandom(list(rolls), seed)
    g.verify("table")
    assert g.violations == []
    return g


def warfare(g: ColoniesGame, answers: dict) -> Answers:
    agent = Answers(g, answers)
    g.drive(g.warfare.step_colony_warfare(), agent)
    g.verify("warfare")
    assert g.violations == []
    for key, left in agent.answers.items():
        assert not left, f"answers not asked for {key}: {left}"
    return agent


def events(g: ColoniesGame, kind: str) -> list[dict]:
    return [e["params"] for e in g.log.lines if e["event"] == kind]


def holding(g: ColoniesGame, survivor: str, effect: str) -> None:
    """Survivor ``survivor`` (its file name) holds one more ability, with this effect text in force: a test
    card's, for a rule no card of the content has (what a rule triggered in the warfare step does, and when)."""
    from conftest import card_yaml

    from dow.compiler.pipeline import compile_text
    card = compile_text(card_yaml(effect), "content/warring-colonies/survivors/test-card.yaml").card
    g.defs[card["id"]] = card
    g.register(card["id"], "s:" + survivor)


def sv(g, name):
    return g.state.survivors["s:" + name]


@pytest.fixture(scope="module")
def wc(bundle):
    return bundle
