"""The heuristic bot of the base game: it plays toward its goals from what its player sees.

A loyal bot works for the main objective and to outlast the rounds: it keeps the crisis prevented (enough
matching cards, more for the bonus when it can spare them), the colony fed, the waste pile under the
morale line, the entrances from being overrun (barricades first: they roll no exposure), survivors alive
(no needless exposure rolls: fuel before a move, weapons that skip exposure, medicine on wounds), and
searches for what the table lacks (moving a searcher on to where the crisis' kind is dealt). It counts
the crisis pile as its player can, a suspected player's face-down cards for less, and weighs who the
betrayer is from what the table shows (the cards revealed, cards added face up, calls to exile). A betrayer
plays as one and hides: it reckons how suspected it is, plays loyal while it is, spoils the crisis when its
cards decide it or the failure ends the game, and lets the colony fall when morale is low. Every decision kind gets an answer: those it has
no plan for fall back to the safe generic answers of ``HeuristicAgent``. It reads the game only through
``View`` (engine/bots/view.py): its own hand and secret objective and the public table.
"""
from __future__ import annotations


import math
import random
import re
from typing import Any, cast

from ...decisions import AMOUNT, MAY, VOTE, Decision, HeuristicAgent, SeatError, check_seat
from ...interpreter import Env
from ..choices import cheapest
from ..common import ACTION
from .options import best_option
from .suspicion import BETRAYER_WRONG, LOYAL_WRONG, called, posterior, prior, seen
from .view import View

ZOMBIES_TO_COLONY = re.compile(r"add (\d+) zombies to the colony")
MORALE_LOST = re.compile(r"lose (\d+) morale")
FOOD_GAIN = {"base.item.food-1": 1, "base.item.food-3": 3}
SAFE_ATTACK = ("pistol", "shotgun", "beginners-martial-arts", "sniper-rifle")   # attacks that skip exposure
SAFE_ATTACKERS = ("mike-cho",)                                                  # survivors who never roll for it
SEARCH_ABILITIES = ("alexis-grey", "arthur-thurston", "carla-thompson", "david-garcia", "jenny-clark")
WEAPON_VALUE = {"shotgun": 60, "pistol": 55, "sniper-rifle": 50, "lighter": 30, "baseball-bat": 35}


def overflow(loc: Any, arriving: int, at_first: int = 0) -> int:
    """The overruns when ``arriving`` zombies reach ``loc`` entrance 1, 2 … in turn and ``at_first`` more reach
    its first: each entrance holds its spaces less its zombies, plus 1 per barricade (a zombie that finds
    the entrance full destroys a barricade instead of overrunning; seed 004, 4. Add Zombies)."""
    per = [0] * loc.entrances
    for i in range(arriving):
        per[i % loc.entrances] += 1
    per[0] += at_first
    return sum(max(0, k - (loc.entrance_spaces - z + b)) for k, z, b in zip(per, loc.zombies, loc.barricades))


def slug(card_id: str) -> str:
    """The last part of a card id: 'base.item.fuel' -> 'fuel'."""
    return card_id.rsplit(".", 1)[-1]


class HeuristicBot(HeuristicAgent):
    """The base game's heuristic bot (see the module's docstring)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.game: Any = None
        self.view: View = None  # type: ignore[assignment]  # None only until answer() makes it, before any use
        self._overruns: dict[tuple, int] | None = None
        self._objective: str | None = None
        self._stored: frozenset[str] | None = None
        self._fails = False                             # whether the objective's set-up can fail it
        self._storage_goals: list[tuple[dict, dict]] | None = None
        self._goal_words: frozenset[str] | None = None
        self._serves: dict[tuple[str, frozenset[str]], int] = {}
        self.suspicion: dict[str, float] = {}           # each other player: how likely the betrayer ('': none)
        self.crisis_log: list[str] = []                 # who added each card to the crisis now in play
        self.my_crisis: list[str] = []                  # the cards this player added to it face down
        self.shown: list[tuple[str, str]] = []          # the cards added to it face up, with their player
        self.seen_as: dict[str, dict[str, float]] = {}  # a betrayer: each other player's suspicion, as it reckons it
        self.calls: set[tuple[str, str]] = set()        # the calls to exile weighed so far (caller, target)
        self.last_act: tuple = ("end",)
        self.looking: list[str] = []                    # the cards this player's search has drawn so far
        self.fuel_turn = -1                             # the turn this bot played fuel for a move
        self.margin = 0.4                               # crisis points beyond those needed, for a wrong card
        # what the exposure roll of a move to search where the crisis' kind is dealt costs, in score, while the crisis
        # is short of more than this hand holds (a searcher moving on, or the first one going out; other moves:
        # risky_move). bench_table.py, 300 games, seeds 0..299: without such moves 36.8% of the crises prevented
        # and the colony won 13.7%; with 30, 40.3% and 16.0%; 15, 42.7% and 16.3%; 5, 46.0% and 15.7%
        self.relocate_risk = 15
        # whether fuel is kept from moves for the crises to come: in the same games it raised the fuel crises
        # prevented from 10% to 15%, but fewer searchers went out (3.7 searches a round to 2.7) and the crises
        # prevented fell to 32.8% in all: off
        self.keep_reserve = False                       # keep a card of each kind the crises to come take
        # what an exposure roll costs a move out, in score: measured (200 games each, seeds 5000..5199), 20 and
        # 35 shortened games (3.58 and 3.65 rounds) against 60 (3.82): with the stand-in item decks the cards
        # a searcher finds do not pay for the roll, so without fuel nobody goes out
        self.risky_move = 60
        self.exile_at = 0.45                            # how likely the betrayer before calling a vote on them
        self.vote_at = 0.35                             # … before voting yes on another's call
        # how many times as likely as the next before a vote: in 120 games (seeds 3000..3119, 38 with a betrayer),
        # 2 exiled 8 betrayers and 5 loyal players (a loyal player's mistaken call and the betrayer's yes tie the
        # vote), 3 exiled 7 and 1
        self.lead = 3.0
        self.hide_at = 0.2                              # a betrayer: how suspected before it plays loyal

    #: the games it plays (``decisions.check_seat``): in Warring Colonies seat ColoniesHeuristicBot
    plays: tuple[str, ...] = ("base",)

    def observe(self, game: Any) -> None:
        """Sit at a table; the seat is learnt from the first decision asked of it (SeatError at a game it does
        not play)."""
        check_seat(self, game)
        self.game = game

    # ---- dispatch -------------------------------------------------------------------------------
    def answer(self, d: Decision) -> Any:
        """An answer that serves this player's goals; the generic safe answer for what it has no plan for."""
        if self.game is None:
            return super().answer(d)
        if self.view is None:
            self.view = View(self.game, d.player)
        elif d.player != self.view.me:  # it reads the table as one player (its hand, its secret objective, its plans)
            raise SeatError(f"{type(self).__name__} plays one seat ({self.view.me}), not {d.player} too: give each "
                            "seat a bot of its own ({player: bot}; play_game and dow simulate do), or one "
                            "RandomAgent or HeuristicAgent for every seat")
        self._overruns = {}                             # this decision's threat per location, while it lasts
        try:
            return self.decide(d)
        finally:
            self._overruns = None

    def decide(self, d: Decision) -> Any:
        """The answer to one decision, by its prompt (see ``answer``)."""
        self.read_log()
        handler = self.HANDLERS.get(d.prompt)
        if handler is None and d.prompt.startswith("exile ") and d.kind == VOTE:
            handler = HeuristicBot.exile_vote
        if handler is None and d.prompt.startswith("give to "):
            handler = HeuristicBot.give
        if handler is not None:
            picked = handler(self, d)
            if picked is not None:
                return picked
        return self.generic(d)

    def generic(self, d: Decision) -> Any:
        """A safe answer to a decision this bot has no plan for: decline optional noise, else the generic one."""
        if d.kind == MAY and "noise" in d.prompt:
            return False
        if d.kind == AMOUNT:
            return d.max
        return super().answer(d)

    # ---- what the table shows ---------------------------------------------------------------------
    def read_log(self) -> None:
        """What the log tells: the cards this player's search drew (private), who added cards to the crisis
        face down (public) and face up, which card too (public), this player's own crisis cards (private),
        each crisis' revealed cards (public) and each call to exile (public), from which ``suspect`` weighs
        who the betrayer is."""
        v = self.view
        for line in v.new_lines():
            ev, params = line["event"], line["params"]
            if ev == "looking":
                self.read_looking(line)
            elif ev == "crisis_card":
                self.crisis_log.append(params["player"])
            elif ev == "crisis_card_is":
                self.my_crisis.append(params["card"])
            elif ev == "crisis_card_shown":         # face up: who added which card, seen by all
                self.shown.append((params["player"], params["card"]))
            elif ev == "crisis_result":
                self.crisis_seen(params)
            elif ev == "exile_vote" and "by" in params:    # a vote called (an effect's start of one names no caller)
                self.exile_called(params["by"], params["target"])

    def crisis_seen(self, params: dict) -> None:
        """Weigh who the betrayer is by a resolved crisis: the wrong cards among those added face down point
        at their players together, a card added face up at its own player; this player knows its own cards.
        A betrayer weighs itself as each other player would (``exposure``)."""
        v = self.view
        prevent = set(v.card(params["card"]).get("prevent") or [])
        wrong = [v.card(c).get("item_type") not in prevent for c in params["revealed"]]
        shown = [(p, v.card(c).get("item_type") not in prevent) for p, c in self.shown]
        hidden_bad = sum(wrong) - sum(1 for _, w in shown if w)
        mine = sum(1 for c in self.my_crisis if v.card(c).get("item_type") not in prevent)
        self.suspect(hidden_bad - mine, [p for p in self.crisis_log if p != v.me], shown)
        if v.betrayer:
            for other in v.players:
                if other != v.me:
                    w = self.seen_as.get(other) or prior(self.game.rules["setup"], v.players, other)
                    w = posterior(w, hidden_bad, [p for p in self.crisis_log if p != other])
                    for p, bad in shown:
                        w = seen(w, p, bad) if p != other else w
                    self.seen_as[other] = w
        self.crisis_log, self.my_crisis, self.shown = [], [], []

    def exile_called(self, caller: str, target: str) -> None:
        """Weigh a call to exile (public): a call on this player, whom it knows loyal, points at the caller (a
        betrayer reckons so for each other player called on)."""
        v = self.view
        if (caller, target) in self.calls:
            return                                      # the same call again tells nothing new
        self.calls.add((caller, target))
        if target == v.me and not v.betrayer:
            if not self.suspicion:
                self.suspicion = prior(self.game.rules["setup"], v.players, v.me)
            self.suspicion = called(self.suspicion, caller)
        if v.betrayer and target not in (v.me, caller):
            w = self.seen_as.get(target) or prior(self.game.rules["setup"], v.players, target)
            self.seen_as[target] = called(w, caller)

    def suspect(self, bad: int, added: list[str], shown: list[tuple[str, bool]] | None = None) -> None:
        """Weigh each other player as the betrayer by one crisis (engine/bots/suspicion.py): ``bad`` wrong
        cards among the others' face-down cards, ``added`` naming who added each of them, ``shown`` the
        others' cards added face up (their player, and whether the card was a wrong one)."""
        v = self.view
        if not self.suspicion:
            self.suspicion = prior(self.game.rules["setup"], v.players, v.me)
        self.suspicion = posterior(self.suspicion, bad, added)
        for who, wrong in shown or []:
            if who != v.me:
                self.suspicion = seen(self.suspicion, who, wrong)

    def exposure(self) -> float:
        """How likely the others think this player is the betrayer, by what the table has shown (the most
        suspicious of them, each weighing the crises and calls as a loyal bot does)."""
        live = [w.get(self.view.me, 0.0) for p, w in self.seen_as.items() if not self.view.exiled(p)]
        return max(live, default=0.0)

    def suspected(self) -> tuple[str, float]:
        """The player most likely the betrayer, and how likely (none: '', 0); none either while another is
        nearly as likely (``leads``): a table does not exile on a coin toss between two players."""
        live = [(w, p) for p, w in self.suspicion.items() if p and not self.view.exiled(p)]
        if not live:
            return "", 0.0
        w, p = max(live)
        return (p, w) if self.leads(p) else ("", 0.0)

    def leads(self, who: str) -> bool:
        """Whether ``who`` is at least ``lead`` times as likely the betrayer as any other player still playing."""
        w = self.suspicion.get(who, 0.0)
        return all(w >= self.lead * o for p, o in self.suspicion.items()
                   if p and p != who and not self.view.exiled(p))

    def prevent_types(self) -> set[str]:
        """The item types that prevent the crisis in play (none without a crisis)."""
        crisis = self.view.crisis
        return set(crisis.get("prevent") or []) if crisis else set()

    def item_type(self, card: str) -> str | None:
        """A card's item type (food, medicine, fuel, tool, weapon …)."""
        return self.view.card(card).get("item_type")

    def crisis_needed(self) -> int:
        """The points the crisis needs to be prevented, as the rules count them (``Game.crisis_target``: every
        player, exiled ones too, unless the ruleset reads it otherwise)."""
        target = getattr(self.game, "crisis_target", None)
        if hasattr(self.game, "wc") or not callable(target):   # Warring Colonies counts its joint crisis apart
            return self.view.active_players
        return int(target())

    def crisis_target(self) -> int:
        """Cards the crisis should hold: what it needs, plus the bonus."""
        return self.crisis_needed() + self.game.rules["crisis"]["bonus_over"]

    def overruns(self, lid: str, extra: int = 0) -> int:
        """Overruns expected at ``lid`` at the next Add Zombies step: each entrance takes 3 - zombies +
        barricades more zombies before one overruns; arrivals go to entrance 1, 2, 3 … in turn."""
        key = (lid, extra)
        cache = self._overruns
        if cache is not None and key in cache:
            return cache[key]
        found = self.count_overruns(lid, extra)
        if cache is not None:
            cache[key] = found
        return found

    def count_overruns(self, lid: str, extra: int) -> int:
        """The overruns ``overruns`` expects, counted afresh."""
        v = self.view
        loc = v.location(lid)
        z = self.game.rules["zombies"]
        if lid == "colony":
            arriving = math.ceil(v.colony_count() / z["colony_per_survivors"])
        else:
            arriving = len(v.survivors_at(lid)) * z["location_per_survivor"]
        return overflow(loc, arriving + extra + (loc.noise + 1) // 2)

    def crisis_zombies(self, matching: int) -> int:
        """The zombies a crisis adds to the colony if it is not prevented (read from its printed effect),
        when it looks like failing: fewer cards on it and in this hand than players."""
        crisis = self.view.crisis
        if not crisis or self.view.crisis_added + matching >= self.crisis_needed():
            return 0
        found = ZOMBIES_TO_COLONY.search((crisis.get("effect") or {}).get("source") or "")
        return int(found.group(1)) if found else 0

    def stored_types(self) -> frozenset[str]:
        """The item types the main objective's own rules have the players put in storage (Winter Has Come:
        fuel), read from its set-up effect (public): the bot keeps them for it instead of spending them."""
        if self._stored is None:
            found: set[str] = set()
            todo: list[Any] = [(self.view.objective.get("setup") or {}).get("effect")]
            while todo:
                node = todo.pop()
                if isinstance(node, list):
                    todo += node
                elif isinstance(node, dict):
                    self._fails |= node.get("op") == "fail_objective"
                    if node.get("op") == "move_cards" and (node.get("to") or {}).get("zone") == "storage":
                        found |= {f["type"] for f in (node.get("cards") or {}).get("filters") or []
                                  if f.get("op") == "card_type"}
                    todo += list(node.values())
            self._stored = frozenset(found)
        return self._stored

    def vital_types(self) -> frozenset[str]:
        """The stored item types whose absence ends the game: the main objective's set-up has the players put
        them in storage and fails the objective when nobody does (Winter Has Come's fuel at each colony
        phase), read from its set-up effect. A failed crisis costs morale; a missing card loses the game."""
        stored = self.stored_types()                    # its walk of the set-up also notes a 'fails'
        return stored if self._fails else frozenset()

    def storage_goals(self) -> list[tuple[dict, dict]]:
        """The main objective's goals that count cards in storage (Find a Cure's medicine, Stockpile's Junk …):
        each as (the cards counted, the number asked), read from the goal's public condition."""
        if self._storage_goals is None:
            found: list[tuple[dict, dict]] = []
            todo: list[Any] = [g.get("if") for g in self.view.objective.get("goals") or []]
            while todo:
                node = todo.pop()
                if isinstance(node, dict) and "tree" in node and "source" in node:
                    todo.append(node["tree"])
                elif isinstance(node, list):
                    todo += node
                elif isinstance(node, dict) and node.get("op") in ("all", "any"):
                    todo += node["items"]
                elif isinstance(node, dict) and node.get("op") == "compare" and node["cmp"] in ("ge", "gt") and \
                        node["left"].get("op") == "count_of" and node["left"]["selector"].get("kind") == "card" and \
                        any(f["op"] == "in_zone" and f["zone"].get("zone") == "storage"
                            for f in node["left"]["selector"]["filters"]):
                    found.append((node["left"], node["right"]))
            self._storage_goals = found
        return self._storage_goals

    def storage_short(self, card: str) -> bool:
        """Whether storage still lacks cards like ``card`` for the main objective (storage and the goal are
        public: the numbers are the table's)."""
        interp, env = self.game.interp, Env(self.view.me)
        for counted, asked in self.storage_goals():
            kinds = [f for f in counted["selector"]["filters"] if f["op"] != "in_zone"]
            if all(interp.passes(card, f, env) for f in kinds) and \
                    interp.expr(counted, env) < interp.expr(asked, env):
                return True
        return False

    def score_card_action(self, act: tuple, ctx: dict) -> float:
        """A card's extra turn action: putting a card from this hand in storage while the main objective still
        lacks it (no die: Find a Cure, Stockpile …), unless the crisis or the food supply needs the card now.
        Other extra actions: not used by this bot."""
        rule = next((r for a, r in self.game.granted() if a == act), None)
        body = rule.node["body"] if rule is not None else []
        step = body[0] if body else {}
        if step.get("op") != "move_cards" or (step.get("to") or {}).get("zone") != "storage":
            return -1
        env = Env(self.view.me, bindings={"each": self.view.me})
        cards = [c for c in self.game.interp.candidates(step["cards"], env) if self.storage_short(c)]
        if not cards:
            return -1
        t = self.item_type(cards[0])
        if t in ctx["prevent"] and ctx["crisis_short"] > 0 and ctx["matching"] <= ctx["crisis_short"]:
            return -1                                   # the crisis needs it first
        if t == "food" and ctx["short_food"] > 0 and ctx["food_cards"] <= 1:
            return -1                                   # feed the colony first
        return 78

    def objective_slug(self) -> str:
        """The main objective's short name (home-sweet-home, kill-them …)."""
        if self._objective is None:                     # the main objective stays the same all game
            self._objective = slug(self.view.objective["id"])
        return self._objective

    # ---- set-up ---------------------------------------------------------------------------------
    def keep_survivors(self, d: Decision) -> tuple:
        """The survivors that attack and search best (low numbers), influence to break ties."""
        v = self.view
        rank = sorted(d.choices, key=lambda sid: (v.survivor(sid).attack + v.survivor(sid).search,
                                                  -v.survivor(sid).influence, sid))
        return tuple(rank[:d.min])

    def leader(self, d: Decision) -> tuple:
        """The highest influence leads (bites spread to the lowest; the group leader goes last)."""
        return (max(d.choices, key=lambda sid: (self.view.attr(sid, "influence"), sid)),)

    # ---- a turn ---------------------------------------------------------------------------------
    def action(self, d: Decision) -> tuple:
        """The best-scoring action, or the end of the turn when none is worth a die or a card."""
        plan = self.betrayer_score if self.view.betrayer and self.sabotage_time() else self.score
        context = self.context()
        context["moves"] = {a: self.move_value(a, context) for a in d.choices if a[0] == "move"}
        context["best_move"] = max(context["moves"].values(), default=-1)
        scored = [(plan(a, context), a) for a in d.choices if a[0] != "end"]
        best = max((sc for sc, _ in scored), default=0)
        if best <= 0:
            self.last_act = ("end",)
            return self.last_act
        self.last_act = self.rng.choice([a for sc, a in scored if sc == best])
        if self.last_act[0] == "play" and self.item_type(self.last_act[1]) == "fuel":
            self.fuel_turn = self.game.state.turn
        return self.last_act

    def fuel_active(self) -> bool:
        """A fuel card was played just before, for this turn's next move (no exposure roll)."""
        return self.fuel_turn == self.game.state.turn and self.last_act[0] == "play"

    def context(self) -> dict:
        """What the scores of one decision share: threats, needs, the crisis' count."""
        v = self.view
        prevent = self.prevent_types()
        matching = [c for c in v.hand if self.item_type(c) in prevent]
        food_cards = [c for c in v.hand if self.item_type(c) == "food"]
        return {"prevent": prevent, "matching": len(matching), "food_cards": len(food_cards),
                "colony_overruns": self.overruns("colony", extra=self.crisis_zombies(len(matching))),
                "short_food": v.food_needed() - v.food,
                "crisis_short": math.ceil(self.crisis_target() - self.pile_points()),
                "wounded": [sid for sid in v.my_survivors if v.survivor(sid).wounds],
                "fuel": 0 if "fuel" in self.stored_types() else sum(1 for c in v.hand if self.item_type(c) == "fuel")}

    def score(self, act: tuple, ctx: dict) -> float:
        """How much an action helps the colony now (0 or less: rather not)."""
        kind = act[0]
        fn = getattr(self, "score_" + kind, None)
        return fn(act, ctx) if fn else -1

    def score_play(self, act: tuple, ctx: dict) -> float:
        """Playing a card: food when the supply is short, medicine on wounds, fuel before a move."""
        v = self.view
        card = act[1]
        t, name = self.item_type(card), slug(v.card(card)["id"])
        if t == "food":
            gain = FOOD_GAIN.get(v.card(card)["id"], 1)
            if ctx["short_food"] > 0:
                return 92 + gain
            spare = ctx["food_cards"] - (ctx["crisis_short"] if "food" in ctx["prevent"] else 0)
            future = v.food_needed() * 2 - v.food          # this round and the next
            return 40 + gain if spare > 0 and future > 0 else -1
        if t == "medicine" and ctx["wounded"]:
            if "medicine" in ctx["prevent"] and ctx["matching"] <= max(0, ctx["crisis_short"]):
                return 30 if self.frostbitten() else -1
            if self.frostbitten():
                return 75
            medicine = sum(1 for c in v.hand if self.item_type(c) == "medicine")
            dying = any(v.survivor(sid).wounds >= self.game.rules["wounds_to_kill"] - 1 for sid in ctx["wounded"])
            return 55 if dying or medicine > self.reserve("medicine") else -1   # else kept for a crisis to come
        if name == "pad-lock":
            return 66 if ctx["colony_overruns"] else 38
        if name == "megaphone":
            return -1                                   # it moves zombies onto one of our survivors
        if t == "outsider":
            # one more survivor (one more die) costs food and draws zombies: only with food to spare
            return 33 if v.food >= v.food_needed() + 1 and ctx["colony_overruns"] == 0 else -1
        if name == "adrenaline-shot" or name == "junk":
            return -1                                   # die tricks: not worth the card for this bot
        if t == "fuel":                                 # played right before a move that wants it
            if "fuel" in self.stored_types():
                return -1                               # kept for storage (the main objective)
            if "fuel" in ctx["prevent"] and ctx["fuel"] <= max(0, ctx["crisis_short"]):
                return -1
            if ctx["fuel"] <= self.reserve("fuel") and self.keep_reserve:
                return -1                               # kept for a crisis to come
            return ctx["best_move"] + 1 if ctx["best_move"] > 0 and not self.fuel_active() else -1
        return -1

    def frostbitten(self) -> bool:
        """Whether a survivor of this player has frostbite."""
        return any(self.view.survivor(sid).frostbite for sid in self.view.my_survivors)

    def score_crisis(self, act: tuple, ctx: dict) -> float:
        """A card for the crisis: a matching one while the pile, as this player can count it (``pile_points``),
        is short of what the crisis needs, unless the crisis fails whatever the table brings; past that, more
        only for the bonus morale and only when this hand reaches it (else the cards wait for the next crisis).
        A betrayer: ``betrayer_crisis``."""
        v = self.view
        t = self.item_type(act[1])
        if v.betrayer:
            return self.betrayer_crisis(act, ctx)
        if t not in ctx["prevent"]:
            return -1
        if t == "food" and ctx["short_food"] > 0 and ctx["food_cards"] <= 1:
            return -1                                   # feed the colony first
        if t in self.vital_types() and sum(1 for c in v.hand if self.item_type(c) == t) <= 2:
            return -1                                   # kept for the objective: without one the game is lost
        if self.hopeless(ctx["matching"]):
            return -1                                   # it fails anyway: the cards wait for the next crisis
        points = self.pile_points()
        if points < self.crisis_needed() + self.margin:
            return 88                                   # to prevent it (with a spare for a wrong card)
        bonus = self.crisis_needed() + self.game.rules["crisis"]["bonus_over"] + self.margin - points
        spare = ctx["matching"] - self.reserve(t)
        return 30 if 0 < bonus <= spare else -1         # the bonus morale, when this hand reaches it

    def pile_points(self, weighed: bool = True) -> float:
        """The points the crisis pile holds as this player can count them: its own cards and those added face up
        exactly (a wrong card takes a point off), and each card another player added face down at what that
        player's suspicion makes it worth (a betrayer knows the others loyal: a point each; ``weighed`` False:
        a point each too, the most the pile may hold)."""
        v = self.view
        prevent = self.prevent_types()
        mine = [c for c, p in self.game.state.crisis_added if p == v.me]
        points = sum(1.0 if self.item_type(c) in prevent else -1.0 for c in mine)
        shown: dict[str, int] = {}
        for who, card in self.shown:
            if who != v.me:
                points += 1.0 if v.card(card).get("item_type") in prevent else -1.0
                shown[who] = shown.get(who, 0) + 1
        if not self.suspicion and not v.betrayer:
            self.suspicion = prior(self.game.rules["setup"], v.players, v.me)
        for who in v.players:
            if who == v.me:
                continue
            hidden = v.crisis_added_by(who) - shown.get(who, 0)
            if hidden > 0:
                likely = self.suspicion.get(who, 0.0)
                wrong = likely * BETRAYER_WRONG + (1 - likely) * LOYAL_WRONG if weighed and not v.betrayer else 0.0
                points += hidden * (1 - 2 * wrong)
        return points

    def reserve(self, t: str | None) -> int:
        """Cards of item type ``t`` this player keeps for the crises still in the deck (their kinds are public:
        every crisis card less those revealed): one while a crisis to come takes that kind."""
        return 1 if t and self.view.crises_to_come().get(t, 0) else 0

    def coming(self) -> int:
        """The players (not exiled) whose turn is still to come this round (turn order is public)."""
        v, s = self.view, self.game.state
        n = len(s.players)
        me = next(i for i, p in enumerate(s.players) if p.id == v.me)
        later = [s.players[(s.first + k) % n] for k in range(n)]
        after = later[later.index(s.players[me]) + 1:] if s.players[me] in later else []
        return sum(1 for p in after if not p.exiled)

    def crisis_morale(self) -> int:
        """The morale the crisis in play costs if it fails, read from its printed effect."""
        crisis = self.view.crisis
        found = MORALE_LOST.search((crisis.get("effect") or {}).get("source") or "") if crisis else None
        return int(found.group(1)) if found else 0

    def betrayer_crisis(self, act: tuple, ctx: dict) -> float:
        """A betrayer's card for the crisis. It counts the pile as the loyal players will (their cards right, its
        own as they are) and spoils it when that pays: when its wrong cards decide the crisis (nobody is still
        to play this round and the pile is no more than its wrong cards above what is needed), when the
        failure would end the game, or while the table does not suspect it (one quiet wrong card among the
        others', more when the colony is weak: those still to play count the pile as right). While the table
        suspects it (``exposure``) it plays loyal: a matching card where it changes nothing or the others will
        bring the rest, never a wrong one."""
        v = self.view
        card = act[1]
        right = self.item_type(card) in ctx["prevent"]
        needed = self.crisis_needed()
        bonus_at = needed + self.game.rules["crisis"]["bonus_over"]
        points = round(self.pile_points())
        spoilers = sum(1 for c in v.hand if self.item_type(c) not in ctx["prevent"])
        hiding = self.exposure() >= self.hide_at
        if not right and card not in v.hand:
            return -1                                   # an equipped card goes face up: everyone would see it
        if not self.coming():
            flip = points - needed + 1                  # wrong cards that turn a prevented crisis into a failed one
            if flip > 0:
                if flip <= spoilers:
                    return 89 if not right else -1      # its cards decide: the crisis fails
                if 0 < points - bonus_at + 1 <= spoilers and not hiding:
                    return 60 if not right else -1      # no bonus morale
                return 40 if right and hiding and points + 1 < bonus_at else -1
            return 40 if right and hiding and points + 1 < needed else -1   # it fails anyway: a card for show
        if 0 < v.morale <= self.crisis_morale() or (self.sabotage_time() and not hiding):
            return 89 if not right and v.crisis_added_by(v.me) < 2 else -1
        if hiding:
            return 70 if right and not v.crisis_added_by(v.me) else -1
        return 87 if not right and not v.crisis_added_by(v.me) and v.crisis_added else -1

    def hopeless(self, matching: int) -> bool:
        """Whether the crisis cannot be prevented even with this hand's matching cards and two cards from each
        player whose turn is still to come this round (turn order and the cards added are public; a table
        counts on the players still to play bringing what they can, and keeps its cards only for a crisis
        that is lost whatever they bring; counting one card each, 1.03 matching cards a crisis stayed in the
        loyal hands, with two 0.81, in 80 games of benchmarks/bench_table.py)."""
        return self.pile_points(weighed=False) + matching + 2 * self.coming() < self.crisis_needed()

    def score_barricade(self, act: tuple, ctx: dict) -> float:
        """A barricade: first where an entrance would be overrun, the lowest die doing it."""
        v = self.view
        where = cast(str, v.survivor(act[1]).location)
        if where == "colony":
            if ctx["colony_overruns"]:
                return 85 - act[2]                       # the lowest die does it
            if self.objective_slug() == "home-sweet-home":
                return 58 - act[2]
            if "barricaded" in self.goal_words() and not all(v.location("colony").barricades):
                return 60 - act[2]                       # Stockpile: a barricade at every colony entrance
            return 42 - act[2] if self.spare_dice() else 24 - act[2]
        if self.overruns(where):
            return 70 - act[2]
        if self.objective_slug() == "home-sweet-home" and not any(v.location(where).barricades):
            return 62 - act[2]
        return 12 - act[2]

    def spare_dice(self) -> bool:
        """Whether this player has dice to spare for work that can wait."""
        return len(self.view.dice) >= 2

    def score_attack(self, act: tuple, ctx: dict) -> float:
        """An attack: only on zombies, without an exposure roll if possible, to stop an overrun; at the colony
        an unwounded survivor also attacks with a die nothing else wants (a zombie fewer at the entrances for
        the next Add Zombies step; the roll's risk against a die lost: in 100 games, seeds 1000..1099, the
        colony won 16 with it and 17 without, and turns ended with a die unused 4.2% against 7.6%)."""
        v = self.view
        if act[2] != "zombie":
            return -1                                   # a loyal bot never attacks survivors
        sid, where = act[1], cast(str, v.survivor(act[1]).location)
        safe = self.safe_attack(sid)
        threat = ctx["colony_overruns"] if where == "colony" else self.overruns(where)
        if threat:
            base = 80 if safe else (62 if v.survivor(sid).wounds < 2 else -1)
        elif self.objective_slug() == "kill-them" and where != "colony":
            base = 64 if safe else 34
        elif safe:
            base = 36
        elif where == "colony" and not v.survivor(sid).wounds:
            base = 3                                    # a die nothing else wants: lost at the turn's end unused
        else:
            base = -1
        return base - act[3] / 10 if base > 0 else -1

    def safe_attack(self, sid: str) -> bool:
        """Whether this survivor attacks without an exposure roll (its own ability, or a weapon or book)."""
        v = self.view
        return slug(v.survivor(sid).card) in SAFE_ATTACKERS or \
            any(slug(v.card(c)["id"]) in SAFE_ATTACK for c in v.survivor(sid).equipped)

    def score_search(self, act: tuple, ctx: dict) -> float:
        """A search: what the colony needs comes from the item decks."""
        v = self.view
        where = cast(str, v.survivor(act[1]).location)
        if self.overruns(where) and v.survivor(act[1]).wounds:
            return 20
        if self.raiding() and where in self.raid_targets():
            return 66                                   # Raiding Party: search the nearest decks to the bottom
        return 56 + min(v.deck_size(where), 10) / 10 + min(self.serves(where, self.lacking(ctx)), 10) / 2

    def score_clean_waste(self, act: tuple, ctx: dict) -> float:
        """Cleaning the waste pile before it costs morale; with a die nothing else wants, always (the dice are
        rolled again next round: one left unused at the turn's end is lost, and a clean pile is morale kept)."""
        v = self.view
        per = self.game.rules["waste"]["cards_per_morale"]
        if v.waste >= per - 2:
            return 83 - act[1]
        if v.waste >= per - 4:
            return 28 - act[1]
        return 4 - act[1] / 10 if v.waste else -1

    def score_equip(self, act: tuple, ctx: dict) -> float:
        """Equipping an item: weapons first, never a card the crisis needs."""
        v = self.view
        card, sid = act[1], act[2]
        name = slug(v.card(card)["id"])
        needed = ctx["crisis_short"] > 0 and ctx["matching"] <= ctx["crisis_short"]
        if self.item_type(card) in ctx["prevent"] and needed:
            return -1                                   # the crisis needs it more
        carried = len(v.survivor(sid).equipped)
        if self.item_type(card) == "weapon" and self.wants_arms():
            return 80                                   # the main objective asks for it
        if name in WEAPON_VALUE:
            out = v.survivor(sid).location != "colony"
            return WEAPON_VALUE[name] - 5 * carried + (5 if out else 0)
        if name in ("night-vision-goggles", "snow-shoes", "survivors-cookbook", "hammer", "rotten-flesh"):
            return 48 - 5 * carried
        return 26 - 5 * carried

    def score_move(self, act: tuple, ctx: dict) -> float:
        """A move rolls for exposure unless a fuel card was played first: with fuel in hand the bot plays it
        (score_play). Without fuel, only one searcher per player and only when the search is worth more than
        the roll (``risky_move``); the roll weighs less (``relocate_risk``) on a move to search where the
        crisis' kind is dealt while the crisis is short of more than this hand holds, as a table takes the
        risk for a crisis it would otherwise lose."""
        value = ctx["moves"][act] if "moves" in ctx else self.move_value(act, ctx)
        if value <= 0 or act[2] == "colony" or self.fuel_active():
            return value
        if ctx["fuel"]:
            return -1
        v = self.view
        out = [sid for sid in v.my_survivors if v.survivor(sid).location != "colony"]
        if v.survivor(act[1]).location != "colony":     # a searcher going where the crisis' kind is found
            return value - self.relocate_risk
        if not out and v.attr(act[1], "search") <= 4:
            crisis = set(ctx["prevent"]) & self.lacking(ctx)
            aimed = crisis and self.serves(act[2], crisis) >= 3   # out to where the crisis' kind is dealt
            return value - (self.relocate_risk if aimed else self.risky_move)
        return -1

    def move_value(self, act: tuple, ctx: dict) -> float:
        """A move's worth without its exposure roll: out to search when the colony is safe and the survivor
        healthy, home when a location turns deadly."""
        v = self.view
        sid, to = act[1], act[2]
        surv = v.survivor(sid)
        here = cast(str, surv.location)
        if to == "colony":
            return 50 if here != "colony" and (self.overruns(here) or not v.deck_size(here)) else -1
        raid = self.raiding() and to in self.raid_targets()
        if here != "colony":
            return self.relocation_value(sid, here, to, ctx)
        if surv.wounds or (v.deck_size(to) < 3 and not (raid and v.deck_size(to))):
            return -1
        if "home" not in ctx:                           # the same for every move of this decision
            ctx["home"] = sum(1 for s in v.my_survivors if v.survivor(s).location == "colony")
        if ctx["home"] < 2 and not self.objective_slug() == "home-sweet-home":
            return -1                                   # one stays home to barricade and clean
        if self.objective_slug() == "kill-them":         # out only to hunt: where the zombies it counts are
            zombies = v.location(to).zombie_count()
            if zombies < 2 or len(v.survivors_at(to)) >= 2:
                return -1
            return (58 if self.safe_attack(sid) else 46) + 2 * zombies
        crowd = len(v.survivors_at(to)) + v.location(to).zombie_count()
        if crowd >= 2:
            return -1
        return 52 - crowd * 5 + 2 * min(self.serves(to, self.lacking(ctx)), 10)

    def relocation_value(self, sid: str, here: str, to: str, ctx: dict) -> float:
        """A searcher out of the colony moving on to search where the crisis' kind is found, while the crisis is
        short of more than this hand holds: worth the cards of that kind the other deck was dealt beyond this
        one's (``serves``: public set-up data), for an unwounded survivor, to a place with room."""
        v = self.view
        crisis = set(ctx["prevent"]) & self.lacking(ctx)
        if not crisis or v.survivor(sid).wounds or v.deck_size(to) < 3 or self.overruns(to, extra=1):
            return -1
        gain = self.serves(to, crisis) - (self.serves(here, crisis) if v.deck_size(here) else 0)
        crowd = len(v.survivors_at(to)) + v.location(to).zombie_count()
        return 40 + 4 * gain if gain >= 3 and crowd < 2 else -1

    def lacking(self, ctx: dict) -> set[str]:
        """The item kinds the colony lacks now: the crisis' while this hand cannot fill what it is short of,
        food while the supply cannot pay the next colony phase (worked out once a decision, in ``ctx``)."""
        key = (frozenset(ctx["prevent"]), ctx["crisis_short"], ctx["matching"], ctx["short_food"], ctx["food_cards"])
        known = ctx.get("lacking")
        if known is None or known[0] != key:             # what it is worked out from, in case ctx was copied
            known = ctx["lacking"] = (key, self.lacks(ctx))
        return cast(set, known[1])

    def lacks(self, ctx: dict) -> set[str]:
        """``lacking``, worked out."""
        out = set(ctx["prevent"]) if ctx["crisis_short"] > ctx["matching"] else set()
        if self.wants_arms():
            out.add("weapon")                           # Leave It All Behind: a weapon on a survivor of each player
        return out | ({"food"} if ctx["short_food"] > 0 and not ctx["food_cards"] else set()) | self.stored_types()

    def wants_arms(self) -> bool:
        """Whether the main objective asks each player for an armed survivor and none of this player's is."""
        v = self.view
        return "armed" in self.goal_words() and not any(
            self.item_type(c) == "weapon" for sid in v.my_survivors for c in v.survivor(sid).equipped)

    def serves(self, lid: str, kinds: set[str]) -> int:
        """How many cards of ``kinds`` the ruleset's stand-in deck of a location was dealt (public set-up
        data, never the deck's order or what is left in it)."""
        if not kinds:
            return 0
        key = (lid, frozenset(kinds))                   # the decks' contents are set-up data: counted once
        if key not in self._serves:
            v = self.view
            themed = (v.rules["stand_ins"].get("location_decks") or {}).get(slug(v.location(lid).card)) or {}
            self._serves[key] = sum(n for item, n in themed.items()
                                    if (self.game.defs.get(f"base.item.{item}") or {}).get("item_type") in kinds)
        return self._serves[key]

    def score_ability(self, act: tuple, ctx: dict) -> float:
        """A survivor's ability by what it does for the colony now (abilities it has no use for: -1)."""
        v = self.view
        name = slug(v.ability_card(act[1], act[2]))
        where = cast(str, v.survivor(act[1]).location)
        if name in SEARCH_ABILITIES:                  # before a search, where it can search
            return 57 if where != "colony" and v.deck_size(where) and self.can_search(act[1]) else -1
        if name in ("thomas-heart", "bev-russell"):  # kill 2 zombies at the colony, no exposure
            return 81 if ctx["colony_overruns"] else 40
        if name == "maria-lopez":
            return 60 if self.overruns("school") else 20
        if name == "loretta-clay":
            return 70 if ctx["short_food"] > 0 else 35
        if name == "ashley-ross":
            return 60
        if name == "olivia-brown":
            return 65 if any(s.wounds for s in v.survivors_at(where)) else -1
        if name == "forest-plum":
            return 70 if v.morale <= 2 else -1
        if name == "brandon-kane":
            return 40 if v.waste >= 5 else -1
        return -1 if name in ("gray-beard", "annaleigh-chan", "sophie-robinson", "gabriel-diaz") else 10

    def can_search(self, sid: str) -> bool:
        """Whether an unused die of this player can pay for this survivor's search."""
        return any(d >= self.view.attr(sid, "search") for d in self.view.dice)

    def score_item(self, act: tuple, ctx: dict) -> float:
        """An equipped item's ability."""
        name = slug(self.view.card(act[1])["id"])
        if name in ("sniper-rifle", "survivors-cookbook"):
            return 45
        return -1 if name == "wrench" else 22          # the wrench's attack rolls for exposure

    def score_food(self, act: tuple, ctx: dict) -> float:
        """Raising a die with a food token: never (food is eaten)."""
        return -1                                      # food tokens are for eating

    def score_attract(self, act: tuple, ctx: dict) -> float:
        """Attracting zombies to a survivor: never."""
        return -1

    def score_request(self, act: tuple, ctx: dict) -> float:
        """Asking the others for cards: never (they add to the crisis themselves)."""
        return -1

    def score_handoff(self, act: tuple, ctx: dict) -> float:
        """Handing an equipped item to another survivor: never."""
        return -1

    def score_exile(self, act: tuple, ctx: dict) -> float:
        """Call a vote only on a clear suspect, and never once anyone is already out (two loyal players
        exiled end the game)."""
        if "suspect" not in ctx:                        # the same for every exile vote this decision offers
            v = self.view
            ctx["suspect"] = ("", 0.0) if v.betrayer or any(v.exiled(p) for p in v.players) else self.suspected()
        who, likely = ctx["suspect"]
        return 70 if who and act[1] == who and likely >= self.exile_at else -1

    # ---- a betrayer -----------------------------------------------------------------------------
    def sabotage_time(self) -> bool:
        """A betrayer plays along while the colony is strong and turns when it can finish it."""
        return self.view.morale <= 3 or self.view.rounds_left <= 2

    def betrayer_score(self, act: tuple, ctx: dict) -> float:
        """The colony's fall: wrong cards on the crisis, no cleaning, no barricades, a full waste pile."""
        kind = act[0]
        v = self.view
        if kind == "crisis":
            return self.betrayer_crisis(act, ctx)
        if kind == "play":
            return 40 if self.item_type(act[1]) in ("food", "medicine", "fuel") else -1   # waste grows
        if kind == "search":
            return 50
        if kind == "move":
            return 15 if v.survivor(act[1]).location == "colony" else -1
        if kind == "attack" and act[2] == "zombie":
            return -1
        return -1


    # ---- other decisions --------------------------------------------------------------------------
    def crossroads_choice(self, d: Decision) -> Any:
        """A crossroads card's option (or vote): the one its effects make best for the colony, read from the
        card as printed (public); a betrayer turning on the colony picks the worst. A card's own "choose one"
        whose options heal (Medicine): the option whose survivors have the most wounds to heal."""
        card_id = d.src.get("crossroads")
        if not card_id:
            return self.heal_option(d) if d.prompt == "choose" else None
        return best_option(self.view.card(card_id), d.choices, self.view.betrayer and self.sabotage_time())

    # ---- heals: on the survivor with wounds to heal ------------------------------------------------
    def statement_at(self, src: dict) -> tuple[dict | None, dict | None]:
        """The node of a card's printed effect at ``src`` (a decision's source position) and the statement
        holding it, read from the card (public): (None, None) when the position is not in it."""
        card = self.game.defs.get(src.get("card") or "") if src else None
        todo: list[tuple[Any, Any]] = [(card, None)]
        while todo:
            node, statement = todo.pop()
            if isinstance(node, list):
                todo += [(n, statement) for n in node]
            elif isinstance(node, dict):
                if node.get("pos") == src:
                    return node, statement
                inner = node if "op" in node and node.get("op") not in ("select_of", "option") else statement
                todo += [(n, inner) for n in node.values() if isinstance(n, (dict, list))]
        return None, None

    def hurt(self, sid: str) -> float:
        """How much a heal is worth on a survivor: its wounds, frostbite first (a frostbite wound kills at
        the next frostbite step); 0 when it has none."""
        surv = self.view.survivor(sid)
        return surv.wounds + 0.5 * surv.frostbite if surv.wounds else 0.0

    def heal_targets(self, d: Decision) -> tuple | None:
        """Which survivor a heal goes to: the one with the most wounds to heal (a betrayer turning on the
        colony wastes it on the least hurt). None when the question is not a heal's."""
        if d.kind != "targets" or d.prompt != "survivor":
            return None
        _, statement = self.statement_at(d.src)
        if not statement or statement.get("op") != "heal":
            return None
        spoil = self.view.betrayer and self.sabotage_time()
        ranked = sorted(d.choices, key=lambda sid: (-self.hurt(sid) if not spoil else self.hurt(sid), sid))
        return tuple(ranked[:max(d.min, 1)]) if d.max >= 1 else ()

    def heal_option(self, d: Decision) -> Any:
        """A "choose one" whose options heal: the option offering the most hurt survivor (one with no wound
        to heal is a card spent for nothing). None when its options do not heal."""
        node, _ = self.statement_at(d.src)
        if not node or node.get("op") != "choose":
            return None
        env = Env(self.view.me)
        worth: dict[Any, float] = {}
        for i in d.choices:
            todo: list[Any] = [node["options"][i]]
            while todo:
                n = todo.pop()
                if isinstance(n, list):
                    todo += n
                elif isinstance(n, dict):
                    if n.get("op") == "heal" and isinstance(n.get("target"), dict):
                        found = self.game.interp.candidates(n["target"], env)
                        worth[i] = max([worth.get(i, -1.0)] + [self.hurt(c) for c in found if c in
                                                                self.game.state.survivors])
                    todo += [v for v in n.values() if isinstance(v, (dict, list))]
        if not worth:
            return None
        spoil = self.view.betrayer and self.sabotage_time()
        return max(d.choices, key=lambda i: (-worth.get(i, -1.0) if spoil else worth.get(i, -1.0), -i))

    def who_chooses(self, d: Decision) -> tuple:
        """"The player who controls …" met by several players: a loyal first player names itself (it knows it
        plays for the colony), else the one it suspects least; a betrayer names itself too."""
        v = self.view
        if v.me in d.choices:
            return (v.me,)
        return (min(d.choices, key=lambda p: (self.suspicion.get(p, 0.0), p)),)

    def survivor_targets(self, d: Decision) -> Any:
        """A card's "a survivor" question: a heal goes to the most hurt survivor; others: the generic answer."""
        return self.heal_targets(d)

    def make_noise(self, d: Decision) -> bool:
        """Another card for noise while none of those drawn is what the colony lacks, as long as the location
        can take the zombies noise may bring (the drawn cards are in this player's private log)."""
        v = self.view
        searcher = self.last_act[1] if self.last_act[0] == "search" else None
        where = v.survivor(searcher).location if searcher and v.survivor(searcher).location else None
        if where is None or v.location(where).noise >= 2 or self.overruns(where, extra=1):
            return False
        if self.raiding() and where in self.raid_targets():
            return True                                 # Raiding Party: every card drawn brings the deck's end nearer
        return max((self.card_value(c) for c in self.looking), default=0) < 50

    def barricade_entrance(self, d: Decision) -> int:
        """The entrance with the fewest barricades, then the most zombies (Stockpile asks one at each colony
        entrance; elsewhere it spreads the barricades to where they hold most)."""
        searcher = self.last_act[1] if self.last_act[0] == "barricade" else None
        where = self.view.survivor(searcher).location if searcher else None
        if where is None:
            return d.choices[0]
        loc = self.view.location(where)
        return min(d.choices, key=lambda e: (loc.barricades[e - 1], -loc.zombies[e - 1], e))

    def goal_words(self) -> frozenset[str]:
        """The node kinds and states the main objective's goals are written with (public): 'barricaded' for
        Stockpile's barricade at each colony entrance, 'depleted' for Raiding Party's empty item decks …"""
        if self._goal_words is None:
            found: set[str] = set()
            todo: list[Any] = [self.view.objective.get("goals") or []]
            while todo:
                node = todo.pop()
                if isinstance(node, list):
                    todo += node
                elif isinstance(node, dict):
                    found.update(str(node[k]) for k in ("op", "is") if k in node)
                    todo += [v for v in node.values() if isinstance(v, (dict, list))]
            self._goal_words = frozenset(found)
        return self._goal_words

    def raiding(self) -> bool:
        """Whether the main objective asks for item decks run out (Raiding Party: 'depleted' locations)."""
        return "depleted" in self.goal_words()

    def raid_targets(self) -> list[str]:
        """Raiding Party: the non-colony locations whose decks are nearest to running out (as many as the
        goal asks, 2), the ones worth searching to the bottom."""
        v = self.view
        decks = sorted((v.deck_size(lid), lid) for lid in self.game.state.locations if lid != "colony")
        return [lid for n, lid in decks[:2]]

    def read_looking(self, line: dict) -> None:
        """Note the cards this player's search has drawn (its private log line)."""
        self.looking = list(line["params"]["cards"])

    def spend_cards(self, d: Decision) -> Any:
        """Which cards pay a cost: the cheapest that pay (Food 1 before Food 3)."""
        return cheapest(self.game, d) if d.kind == "targets" else None

    def take_offer(self, d: Decision) -> bool:
        """"One player may …" (Winter Has Come's fuel for storage): a loyal bot takes it, a betrayer lets it pass."""
        return not self.view.betrayer

    def keep(self, d: Decision) -> tuple:
        """Keep what the colony lacks most: the crisis' type, food when short, weapons, medicine."""
        ranked = sorted(d.choices, key=lambda c: (-self.card_value(c), c))
        return tuple(ranked[:d.min])

    def card_value(self, card: str) -> float:
        """How much the colony wants a card now (keeping one from a search)."""
        v = self.view
        t, name = self.item_type(card), slug(v.card(card)["id"])
        value = 10.0
        if t in self.prevent_types():
            value += 40
        if t == "food":
            value += 25 + (15 if v.food < v.food_needed() else 0) + FOOD_GAIN.get(v.card(card)["id"], 1)
        if name in WEAPON_VALUE:
            value += WEAPON_VALUE[name] / 2
        if t == "medicine":
            value += 20
        if t == "fuel":
            value += 18
        if t in self.stored_types() or self.storage_short(card):
            value += 45                                 # the main objective stores it
        if t == "weapon" and self.wants_arms():
            value += 45                                 # the main objective asks for an armed survivor
        if name == "pad-lock":
            value += 22
        return value

    def attract_from(self, d: Decision) -> tuple:
        """Attract from the location with the most zombies."""
        return (max(d.choices, key=lambda lid: (self.view.location(lid).zombie_count(), lid)),)

    def bite_spreads(self, d: Decision) -> Any:
        """Roll again (option 2): a blank face, half the die, saves the survivor; a loss costs the same."""
        return 2 if 2 in d.choices else d.choices[0]

    def exile_vote(self, d: Decision) -> str:
        """An exile vote: never on itself; a loyal bot votes yes on a clear suspect only."""
        v = self.view
        target = d.prompt.split(" ", 1)[1]
        if target == v.me:
            return "no"
        if v.betrayer:
            return "yes" if "yes" in d.choices else d.choices[0]     # one loyal player fewer
        return "yes" if self.suspicion.get(target, 0.0) >= self.vote_at and self.leads(target) else "no"

    def give(self, d: Decision) -> tuple:
        """Asked for a card: a loyal bot gives one the crisis needs; a betrayer keeps its cards."""
        if self.view.betrayer:
            return ()
        prevent = self.prevent_types()
        fitting = [c for c in d.choices if self.item_type(c) in prevent]
        return (fitting[0],) if fitting and d.max >= 1 else ()

    def exile_move(self, d: Decision) -> tuple:
        """An exiled survivor goes where the fewest zombies and survivors are."""
        v = self.view
        return (min(d.choices, key=lambda lid: (v.location(lid).zombie_count() + len(v.survivors_at(lid)), lid)),)

    def equip_to(self, d: Decision) -> tuple:
        """An item given in a request goes to the survivor carrying least."""
        v = self.view
        return (min(d.choices, key=lambda sid: (len(v.survivor(sid).equipped), sid)),)

    HANDLERS = {"keep survivors": keep_survivors, "group leader": leader, ACTION: action, "make noise": make_noise,
                "keep": keep, "attract from": attract_from, "bite spreads": bite_spreads, "exile move": exile_move,
                "equip": equip_to, "choose": crossroads_choice, "vote": crossroads_choice,
                "break the tie": crossroads_choice, "one player may": take_offer,
                "barricade entrance": barricade_entrance, "spend": spend_cards, "survivor": survivor_targets,
                "who chooses": who_chooses}
