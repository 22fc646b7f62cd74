"""The referent axis, walked whole: every introducing step, alone and in every ordered pair, × every reference
a later step can make (a pronoun, "that <kind>", "the <participle> <kind>"), compiled and played on the
reference engine. The thing the step after affects must be the one the written rule names (the most recent
referent in scope that the reference can name: of the kind its place wants, with its participle); where the
rule names nothing, the text is refused at the reference's words, never compiled into something else.

The table is set so each introducing step can pick one thing only, and each picks a different one: a
reference that named the wrong referent would wound, discard or give to the wrong thing."""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import pytest

from dow.compiler.language import bind_text
from dow.runtime.engine.scenario import Scenario, slug
from helpers import lowered, play_effect


@dataclass(frozen=True)
class Intro:
    """A step that introduces a thing: its words, the kind and participle it is named by, what it picks."""

    words: str
    kind: str
    participle: str | None
    picks: str                       # the survivor's or card's slug, the player's id ("+": several)
    several: bool = False


INTROS = {
    "choose a survivor": Intro("choose a survivor you control at the hospital.", "survivor", "chosen", "sparky"),
    "move a survivor": Intro("move a survivor you control at the police station to the school.", "survivor",
                             "moved", "olivia-brown"),
    "add a survivor": Intro("add a random survivor from the survivor deck to your following.", "survivor", "added",
                            "gray-beard"),
    "move a named survivor": Intro('move "Brian Lee" to the library.', "survivor", "moved", "brian-lee"),
    "choose a card": Intro("choose a medicine card in your hand.", "card", "chosen", "medicine"),
    "take a card": Intro("take a fuel card from the gas station deck.", "card", "taken", "fuel"),
    "draw cards": Intro("draw 2 cards from the school deck.", "card", "drawn", "food-1+pistol", several=True),
    "choose a player": Intro("choose the player with the most cards in their hand.", "player", "chosen", "p3"),
}
#: how a reference is written, by the kind of thing the step after it acts on
REFERENCES = {
    "survivor": ["it", "that survivor", "the chosen survivor", "the moved survivor", "the added survivor"],
    "card": ["it", "that card", "them", "those cards", "the chosen card", "the taken card", "the drawn cards",
             "the drawn card"],
    "player": ["them", "that player", "the chosen player"],
}
#: the step after, acting on the reference
STEPS = {"survivor": "place a wound on {ref}.", "card": "place {ref} in the waste pile.",
         "player": "give a card in your hand to {ref}."}
TABLE = {"players": 3,
         "survivors": {"brian-lee": {"player": "p1", "at": "colony"}, "sparky": {"player": "p1", "at": "hospital"},
                       "olivia-brown": {"player": "p1", "at": "police-station"},
                       "jenny-clark": {"player": "p2", "at": "colony"}, "mike-cho": {"player": "p3", "at": "colony"}},
         "deck": ["gray-beard"],
         "hand": {"p1": ["medicine", "junk"], "p2": [], "p3": ["junk"] * 6},
         "item_deck": {"gas-station": ["junk", "fuel"], "school": ["food-1", "pistol", "junk"]}}


def named(intros: list[Intro], ref: str, kind: str) -> Intro | None:
    """What the written rule says the reference names: the most recent introduced thing of the kind its
    place wants, with the participle it says (a pronoun or 'that …' takes any); a reference to one thing
    ('it', 'that card', 'the drawn card') names nothing where that is several things."""
    words = ref.split()
    participle = words[1] if words[0] == "the" else None
    one = words[0] in ("it", "that") or (words[0] == "the" and not words[-1].endswith("s"))
    for intro in reversed(intros):
        if intro.kind == kind and (participle is None or intro.participle == participle):
            return None if one and intro.several else intro
    return None


def _play(text: str) -> object:
    sc = Scenario(BUNDLE[0], None, {"name": "referents", "given": TABLE, "do": "round"})
    g = sc.game
    play_effect(g, lowered(text))
    return g


def _held(g, kind: str) -> dict:
    s = g.state
    if kind == "survivor":
        return {v.id.removeprefix("s:"): v.wounds for v in s.survivors.values()}
    if kind == "card":
        return {slug(s.cards[c]): 1 for c in s.waste}
    return {p.id: len(p.hand) for p in s.players if p.id != "p1"}


def _affected(intros: str, text: str, kind: str) -> list[str]:
    """What the last step of a text did its work on: the table after the whole text against the table after
    the steps before it (the same seed: a move's exposure roll wounds the same survivor in both)."""
    before, after = _held(_play(intros), kind), _held(_play(text), kind)
    return sorted(k for k, v in after.items() if v > before.get(k, 0))


BUNDLE: list = []


@pytest.fixture(autouse=True)
def _bundle(bundle):
    BUNDLE[:] = [bundle]


def _cases():
    for n in (1, 2):
        for chain in itertools.permutations(INTROS, n):
            for kind, refs in REFERENCES.items():
                for ref in refs:
                    yield (*chain, None)[:2], kind, ref


CASES = list(_cases())


def _text(chain: tuple, kind: str, ref: str) -> str:
    return " ".join(INTROS[c].words for c in chain if c) + "\n" + STEPS[kind].format(ref=ref) + "\n"


@pytest.mark.parametrize("first,second,kind,ref", [(c[0][0], c[0][1], c[1], c[2]) for c in CASES])
def test_a_reference_names_the_most_recent_thing_it_can_name_and_the_engine_acts_on_it(first, second, kind, ref):
    chain = (first, second)
    text = _text(chain, kind, ref)
    target = named([INTROS[c] for c in chain if c], ref, kind)
    if target is None:
        _, errors = bind_text(text, {})
        assert errors, f"{text!r} names nothing by the rule and must be refused"
        where = text.splitlines()[1].index(ref.split()[0]) + 1
        assert (errors[0].pos.line, errors[0].pos.col) == (2, where), (text, errors[0].code, errors[0].message)
        return
    assert _affected(text.splitlines()[0] + "\n", text, kind) == target.picks.split("+"), text


@pytest.mark.parametrize("intro", INTROS)
@pytest.mark.parametrize("place", ["in a block inside", "after a block beside"])
def test_a_block_around_a_reference_shows_what_came_before_it_and_a_block_beside_it_does_not(intro, place):
    i = INTROS[intro]
    ref = "them" if i.several else REFERENCES[i.kind][0]
    step = STEPS[i.kind].format(ref=ref)
    if place == "in a block inside":
        text = f"{i.words}\nif morale > 0:\n  {step}\n"
        assert _affected(i.words + "\n", text, i.kind) == i.picks.split("+"), text
    else:
        text = f"if morale > 0:\n  {i.words}\n{step}\n"
        _, errors = bind_text(text, {})
        assert errors and errors[0].code == "N005" and errors[0].pos.line == 3, text
