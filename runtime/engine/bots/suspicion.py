"""Who the betrayer is, as a loyal player of the base game can tell it from the crises (Bayes' rule).

Loyal players add a wrong card to a crisis now and then (``LOYAL_WRONG``), a betrayer often
(``BETRAYER_WRONG``); so a spoilt crisis points at those who added cards to it, most at whoever added to
every spoilt crisis, and a player who added nothing is cleared of it. A card added face up (an item taken
off a survivor, seed 004) names its player outright (``seen``), and so does a call to exile (``called``:
a call to exile the observer, who knows itself loyal, points at the caller). The heuristic bot (engine/bots/base.py)
keeps the weights and votes to exile on them.
"""
from __future__ import annotations

import math
from typing import Any

LOYAL_WRONG = 0.05                                  # how often a loyal player's crisis card is a wrong one
BETRAYER_WRONG = 0.6                                # … a betrayer's
CALL_BY_BETRAYER = 0.3                              # how likely the betrayer calls a vote to exile a given loyal player
CALL_ON_LOYAL = 0.15                                # … a loyal player does (a mistake)


def binomial(n: int, k: int, p: float) -> float:
    """The chance of ``k`` successes in ``n`` tries of chance ``p``."""
    return math.comb(n, k) * p ** k * (1 - p) ** (n - k)


def wrong_cards(bad: int, betrayer: int, loyal: int) -> float:
    """The chance of ``bad`` wrong cards among ``betrayer`` cards of a betrayer and ``loyal`` of loyal players."""
    return sum(binomial(betrayer, k, BETRAYER_WRONG) * binomial(loyal, bad - k, LOYAL_WRONG)
               for k in range(max(0, bad - loyal), min(bad, betrayer) + 1))


def prior(setup: dict[str, Any], players: list[str], me: str) -> dict[str, float]:
    """Each other player's chance to be the betrayer before any crisis ('': nobody), from the set-up: one
    betrayal card among the secret objectives dealt, and ``me`` holds a loyal one."""
    others = [p for p in players if p != me]
    cards = setup["secret_objectives_per_player"] * len(players) + setup["betrayals_added"] - 1
    each = setup["betrayals_added"] / cards         # this player holds a loyal card: the rest hold the one
    weights = {p: each for p in others}
    weights[""] = 1 - each * len(others)            # nobody else
    return weights


def posterior(weights: dict[str, float], bad: int, added: list[str]) -> dict[str, float]:
    """The weights after one crisis: ``bad`` wrong cards among the others' cards, ``added`` naming who added
    each of them (unchanged when no one could have spoilt it so)."""
    new = {}
    for who, before in weights.items():
        theirs = added.count(who) if who else 0
        new[who] = before * wrong_cards(bad, theirs, len(added) - theirs)
    norm = sum(new.values())
    return {who: w / norm for who, w in new.items()} if norm > 0 else weights


def seen(weights: dict[str, float], who: str, wrong: bool) -> dict[str, float]:
    """The weights after ``who`` added a card face up, seen by all: a wrong one or a right one."""
    new = {}
    for p, before in weights.items():
        chance = BETRAYER_WRONG if p == who else LOYAL_WRONG
        new[p] = before * (chance if wrong else 1 - chance)
    norm = sum(new.values())
    return {p: w / norm for p, w in new.items()} if norm > 0 else weights


def called(weights: dict[str, float], caller: str) -> dict[str, float]:
    """The weights after ``caller`` called a vote to exile the observer, who knows itself loyal: were the caller
    the betrayer, a call on a loyal player is its game (``CALL_BY_BETRAYER``); were it loyal, a mistake
    (``CALL_ON_LOYAL``). A call on another player tells the observer little it has not seen itself: the caller
    read the same table."""
    new = {p: before * (CALL_BY_BETRAYER if p == caller else CALL_ON_LOYAL) for p, before in weights.items()}
    norm = sum(new.values())
    return {p: w / norm for p, w in new.items()} if norm > 0 else weights
