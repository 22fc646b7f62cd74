"""The search bot of the base game: determinized Monte-Carlo over the engine's own step-driven decisions.

At each turn action with at least two actions worth taking, the bot takes the heuristic bot's best few
candidates (and ending the turn), and at each crossroads choice or vote the card's options (the heuristic's
reading first), and plays each forward, every playout on its own copy of the game and its own
*determinization*: everything this player cannot see is dealt again from what it could be: the other players'
hands, the cards others put face down on the crisis, every location's item deck, the other players' secret
objectives and the box, the crisis, crossroads, survivor and exiled objective decks, a crossroads card another
player holds, the other players' action dice, and the future die rolls (the copy's random generator is
reseeded); the log lines meant for other players are dropped from the copy. (An exiled player's exiled
objective is not dealt again: the engine's stand-in ones are few and their goals public in the ruleset.) The
pool each hidden card is dealt from is sorted before it is shuffled, so two games that differ only in what this
player cannot see give the same copies (the tests check it).

A copy is cheap: the game is a suspended generator, which Python cannot copy, so the bot forks its process
(``os.fork``: the operating system copies the pages only when they are written) and the child determinizes its
game, plays the candidate and then heuristic bots for every seat to the **horizon**: the end of the round (its
colony phase played; ``horizon`` rounds counting this one), or the game's end if it comes first. It sends back
one number: 1 for a game this player won, 0 for one lost, and for a game still going the colony's estimated
chance to win from there (value.py: a logistic model of the copy's table fitted on heuristic games), so a playout
costs a round, not a game, and varies less than a won-or-lost result does. With ``horizon=None`` the playout goes
to the game's end and a loss scores a small share for the rounds the colony lasted (a tie-break worth less than
any win). Where ``fork`` is missing (Windows), or the game is not the one this process plays, the copy is
rebuilt from the game's seed and the answers given so far instead (the engine is deterministic: the same
answers reach the same decision).

The candidates race (``best_of``): they are played in the same worlds (common random numbers), so their
difference is the action's, not luck's, a batch of playouts at a time; a candidate leaves the race once it
cannot be ``margin`` ahead of the heuristic's first choice by ``z`` standard errors of their paired difference,
and one that is that far ahead after ``early`` playouts is played at once; at ``playouts`` each, the best one
more than ``margin`` ahead is played, else the heuristic's choice. Every other decision, and every decision of a
betrayer, is the heuristic bot's. A playout budget (not a time budget) keeps it deterministic for a seed.
benchmarks/bench_search.py measures what the race gains per decision with each budget. Standard library only.
"""
from __future__ import annotations

import os
import random
import struct
import sys
from typing import Any, Callable, cast

from ...decisions import Decision
from ..common import ACTION
from .base import HeuristicBot
from .value import colony_chance

# the defaults (docs/simulation.md says how they were measured): the heuristic's 4 best actions and ending the turn,
# played in batches of BATCH playouts each (the same worlds for every candidate) up to PLAYOUTS each, every playout to
# the end of the round; a candidate stays in the race while it can still be MARGIN ahead of the heuristic's first
# choice (a share of the colony's chance to win) by Z standard errors of its paired difference, and replaces it when
# its mean difference is more than MARGIN at the end, or once EARLY playouts each show it Z standard errors above it
PLAYOUTS, BATCH, EARLY, WIDTH, HORIZON, MARGIN, Z = 16, 2, 4, 5, 1, 0.005, 2.0
LASTED = 0.1          # what the longest lost game scores; a won game scores 1
# fork copies a process cheaply on Linux (where the engine's workers fork too); elsewhere the copy is rebuilt
FORK = hasattr(os, "fork") and sys.platform == "linux"


class SearchBot(HeuristicBot):
    """Determinized Monte-Carlo on turn actions and crossroads choices (see the module's docstring): at most
    ``playouts`` playouts per candidate, in batches of ``batch``; ``width`` candidates at most."""

    def __init__(self, seed: int = 0, playouts: int = PLAYOUTS, width: int = WIDTH, horizon: int | None = HORIZON,
                 margin: float = MARGIN, batch: int = BATCH, z: float = Z, early: int = EARLY):
        super().__init__(seed)
        self.search_rng = random.Random(seed * 7919 + 1)
        self.playouts, self.width, self.horizon, self.ahead = playouts, width, horizon, margin
        self.batch, self.z, self.early = max(1, min(batch, playouts)), z, early
        self.searched = 0                               # decisions searched, playouts played (for reports)
        self.played = 0

    # ---- the decisions ---------------------------------------------------------------------------
    def action(self, d: Decision) -> tuple:
        """The heuristic's candidates, the one whose playouts score best."""
        if self.view.betrayer:
            return super().action(d)
        plan = self.score
        context = self.context()
        context["moves"] = {a: self.move_value(a, context) for a in d.choices if a[0] == "move"}
        context["best_move"] = max(context["moves"].values(), default=-1)
        scored = sorted(((plan(a, context), a) for a in d.choices if a[0] != "end"), key=lambda x: -x[0])
        good = [a for sc, a in scored if sc > 0][: self.width - 1]
        if len(good) < 2:                               # one action worth a die or none: nothing to weigh
            return super().action(d)
        pick = self.best_of(good + [("end",)])
        self.last_act = pick
        if pick[0] == "play" and self.item_type(pick[1]) == "fuel":
            self.fuel_turn = self.game.state.turn
        return pick

    def crossroads_choice(self, d: Decision) -> Any:
        """A crossroads option (or this player's vote on one): the heuristic's reading of the card first, then
        the other options, each played forward as a turn action is."""
        first = super().crossroads_choice(d)
        if first is None or self.view.betrayer or len(d.choices) < 2:
            return first
        return self.best_of([first] + [c for c in d.choices if c != first][: self.width - 1])

    def best_of(self, candidates: list[Any]) -> Any:
        """The candidate to answer with: the first (the heuristic's) unless another's playouts show it better.
        Every candidate still in the race is played in the same worlds, a batch at a time (common random
        numbers: the difference between two candidates is theirs, not luck's); a candidate leaves the race once
        it cannot be ``margin`` ahead of the first by ``z`` standard errors of its paired difference, and the
        search stops early when one is ahead by that much after ``early`` playouts or more, or at ``playouts``
        each."""
        self.searched += 1
        scores: list[list[float]] = [[] for _ in candidates]
        racing = list(range(1, len(candidates)))
        ahead: dict[int, tuple[float, float]] = {}
        while racing and len(scores[0]) < self.playouts:
            more = min(self.batch, self.playouts - len(scores[0]))
            seeds = [self.search_rng.randrange(1 << 30) for _ in range(more)]
            for i in [0] + racing:
                scores[i] += self.evaluate(candidates[i], seeds)
            ahead = {i: paired(scores[i], scores[0]) for i in racing}
            racing = [i for i in racing if ahead[i][0] + self.z * ahead[i][1] >= self.ahead]
            if racing:
                best = max(racing, key=lambda i: (ahead[i][0], -i))
                if len(scores[0]) >= self.early and ahead[best][0] - self.z * ahead[best][1] > self.ahead:
                    return candidates[best]
        if not racing:
            return candidates[0]
        best = max(racing, key=lambda i: (ahead[i][0], -i))
        return candidates[best] if ahead[best][0] > self.ahead else candidates[0]

    def evaluate(self, act: Any, seeds: list[int]) -> list[float]:
        """One playout's score of ``act`` per seed, each on its own determinization."""
        out = []
        for seed in seeds:
            score = forked(lambda: self.played_out(self.game, act, seed)) if FORK else None
            if score is None:                             # no fork here (or the child failed): a rebuilt copy
                copy = self.determinized(seed)
                score = 0.0 if copy is None else self.playout(copy, act, random.Random(seed))
            out.append(score)
            self.played += 1
        return out

    def played_out(self, game: Any, act: tuple, seed: int) -> float:
        """In a forked child: this game determinized with ``seed``, ``act`` played, the playout's score."""
        game.check = False                                # the invariants are the real game's to check
        determinize(game, self.view.me, random.Random(seed ^ 0x5EED))
        return self.playout(game, act, random.Random(seed))

    # ---- a copy of the game with the hidden parts dealt again -------------------------------------------
    def rebuilt(self) -> Any:
        """The game rebuilt from its seed and the answers given so far, at the same decision (None if the
        rebuilt game does not reach it: a game this bot cannot copy)."""
        g = self.game
        objective = g.state.cards[g.state.objective]
        for chosen in (None, objective):
            copy = type(g)(g.bundle, seed=g.seed, players=g.n, rules=g.rules, objective=chosen, options=g.options)
            if copy.state.cards[copy.state.objective] == objective:
                break
        decision = copy.advance()
        for answer in list(g.decisions):
            if decision is None:
                return None
            decision = copy.advance(tuple(answer) if isinstance(answer, list) else answer)
        return copy if decision is not None and decision.player == g.pending.player else None

    def determinized(self, seed: int) -> Any:
        """A rebuilt copy whose hidden parts are dealt again with ``seed`` (see ``determinize``)."""
        copy = self.rebuilt()
        if copy is not None:
            determinize(copy, self.view.me, random.Random(seed ^ 0x5EED))
        return copy

    # ---- a playout ----------------------------------------------------------------------------------
    def playout(self, copy: Any, act: tuple, rng: random.Random) -> float:
        """Play ``act`` on the copy, then heuristic bots for every seat to the horizon (the end of the round
        ``horizon`` rounds on, counting this one) or the game's end; the score."""
        s = copy.state
        bots = {p.id: HeuristicBot(rng.randrange(1 << 30)) for p in s.players}
        for bot in bots.values():
            bot.observe(copy)
        stop = s.rounds_played + self.horizon if self.horizon else None
        decision = copy.advance(act)
        while decision is not None and (stop is None or s.rounds_played < stop):
            decision = copy.advance(bots[decision.player].answer(decision))
        return self.value(copy)

    def value(self, copy: Any) -> float:
        """This loyal player's side of the copy: 1 for a won game, 0 for a lost one; a game still going (a
        playout stopped at its horizon) scores the colony's estimated chance to win from there (value.py).
        Without a horizon a lost game scores the share of the round track the colony lasted, at most LASTED
        (a tie-break: a longer game keeps the colony's chances open, and no loss is worth a win)."""
        if copy.result is None:
            return colony_chance(copy)
        won = self.view.me in copy.result.get("winners", [])
        if won:
            return 1.0
        if self.horizon:
            return 0.0
        track = max(1, self.track)
        return LASTED * min(1.0, copy.state.rounds_played / track)

    @property
    def track(self) -> int:
        """The round track the real game began with (its first round's log line)."""
        return next((line["params"]["track"] for line in self.game.log.lines if line["event"] == "round"), 7)


def paired(mine: list[float], first: list[float]) -> tuple[float, float]:
    """The mean of the differences ``mine - first`` playout by playout, and its standard error."""
    diffs = [a - b for a, b in zip(mine, first)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1) if n > 1 else 0.0
    return mean, (var / n) ** 0.5


def forked(work: Callable[[], float]) -> float | None:
    """``work()`` run in a forked copy of this process (the game and its suspended generators copied by the
    operating system, page by page as they are written); its number, or None if the child failed."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:                                          # the child: one number down the pipe, then gone
        code = 1
        try:
            os.close(read)
            os.write(write, struct.pack("d", float(work())))
            code = 0
        finally:
            os._exit(code)                                # never the parent's clean-up (atexit, buffers)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    return struct.unpack("d", data)[0] if status == 0 and len(data) == 8 else None


# the handlers are called with the bot itself (a SearchBot here), as HeuristicBot.decide does
SearchBot.HANDLERS = {**HeuristicBot.HANDLERS, ACTION: cast(Any, SearchBot.action),
                      **{p: cast(Any, SearchBot.crossroads_choice) for p in ("choose", "vote", "break the tie")}}


def determinize(game: Any, me: str, rng: random.Random) -> None:
    """Deal again everything player ``me`` cannot see (the module's docstring lists it), keeping what it sees:
    its own hand, dice, secret objective and crisis cards, every public token, and each hidden zone's size."""
    s = game.state
    others = [p for p in s.players if p.id != me]
    # item cards: the other hands, the others' face-down crisis cards and the location decks, one pool
    zones: list[list[str]] = [p.hand for p in others] + [l.deck for l in s.locations.values()]
    hidden_crisis = [i for i, (_, who) in enumerate(s.crisis_added) if who != me]
    pool = sorted([c for z in zones for c in z] + [s.crisis_added[i][0] for i in hidden_crisis])
    rng.shuffle(pool)
    for z in zones:
        n = len(z)
        z[:], pool = pool[:n], pool[n:]
    for i in hidden_crisis:
        s.crisis_added[i] = (pool.pop(), s.crisis_added[i][1])
    # secret objectives: the others' and the box's
    secrets = sorted([p.secret for p in others] + list(s.secret_box))
    rng.shuffle(secrets)
    for p in others:
        p.secret = secrets.pop()
        p.betrayer = game._betrayal(game.defs[s.cards[p.secret]])
    s.secret_box[:] = secrets
    # the decks' order, a crossroads card another player drew, the other players' dice, the future rolls
    held = game.crossroads_held
    unseen_held = held is not None and held[1] != me
    crossroads = sorted(s.crossroads + ([held[0]] if unseen_held else []))
    rng.shuffle(crossroads)
    if unseen_held:
        game.crossroads_held = (crossroads.pop(), held[1])
    s.crossroads[:] = crossroads
    for deck in (s.crisis_deck, s.survivor_deck, game.exiled_deck):
        deck.sort()
        rng.shuffle(deck)
    for p in others:
        p.unused = [rng.randint(1, 6) for _ in p.unused]
    game.rng.seed(rng.randrange(1 << 30))
    # the log lines meant for other players (what their searches drew, the crossroads card they saw) go too:
    # the playout's bots read the log, and they would otherwise learn what this player never saw
    game.log.lines[:] = game.log.seen_by(me)
