"""Winter Tricks: a small trick-taking game of three winter events, on the same runtime.

The rules are the chapter content/rules/<lang>/winter-tricks.md (written from seed 003).
The cards are the set ``winter-tricks`` in the bundle: events, relics, resources,
equipment and the expedition. Card effects (an event's damage, the harpoon, the
expedition's haul) run in ``dow.runtime``'s interpreter against ``WinterHost``, this
game's implementation of the host protocol; the interpreter has no code for this game.

Every choice a player makes is a typed ``Decision`` answered by an agent, every shuffle
and random pick comes from one seeded ``random.Random``, and every step is a line of an
``EventLog`` (a player's dealt hand is private to that player).

Where the rulebook is silent the engine makes one reading and says so here (the rules
chapter lists the same gaps under "What the rules leave open"):

* Hands are dealt again before every event, from every resource card not in a colony.
  If too few are left, everyone gets the same smaller hand.
* The trick winner chooses how many cards to collect (within the count for the player
  count) and which; the trick's other cards form the Expedition deck.
* When a 1 and a 10 of the winning kind are both in a trick, the 10 is beaten; the
  highest remaining number then wins (a 1, a 10 and a 5: the 5 wins). Equal numbers: the
  first played wins.
* The resolution runs: expedition haul (clockwise from the Leader, each player picks),
  defence (all or nothing: a colony hands over everything the event asks or takes the
  event's effect), hibernation (checked before defence), frostbite (every colony card
  beyond what the event asks, counted after defence), buying, infirmary.
* The harpoon reveals the next relic card; the replaced relic goes under the relic deck.
* The first event's Leader ("whoever was coldest last night") is drawn at random.
* The harpoon starts in the market: set-up deals only tarps and chests.
* The second tie-break adds the colony's resources of the relic in force at the end.

Numbers the published game has but the rulebook does not give (the values printed on
resource cards, prices and copies of equipment, copies of relics) come from the card
data when it is known, and from ``EXAMPLE`` otherwise; the log's first line says which
values are examples. The event cards in content are example cards (status ``example``).
"""
from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any, cast

from ..decisions import KEEP, MAY, OPTION, TARGETS, Decision, RandomAgent, missing_seats, seat_agent, seats_error
from ..host import Host
from ..interpreter import Env, Interpreter
from ..replay import AnswersLeftOver, EventLog, Replay, asked
from .winter_tricks_rules import (COLLECT, EVENTS_PER_GAME, EXAMPLE, FROSTBITE_PER_CARD, HAND_SIZE, HIBERNATION,
                                  INFIRMARY_TYPES, MAX_PURCHASES, NAME, PLAYERS, RESOURCES, SET)


class RulesError(Exception):
    """The bundle cannot run this game (a card kind missing, too few cards)."""


class WinterHost(Host):
    """The game state as the interpreter sees it: players, cards by zone, damage."""

    def __init__(self, game: "Game"):
        self.g = game
        self.rules: list[tuple[dict, dict]] = []

    # ---- queries ---------------------------------------------------------------------
    def things(self, kind: str) -> list[str]:
        if kind == "player":
            return list(self.g.players)
        if kind == "card":
            return list(self.g.cards)
        return []

    def attr(self, thing: str, name: str) -> Any:
        g = self.g
        if thing in g.players:
            return {"damage": g.damage[thing], "active": thing == g.leader}.get(name)
        card = g.cards.get(thing)
        if card is None:
            return None
        if name == "type":
            return card.get("resource") or card["kind"]
        if name in ("zone", "owner"):
            return g.where(thing)[0 if name == "zone" else 1]
        if name == "controller":
            return g.where(thing)[1]
        return card.get(name)

    def cards_in(self, zone: str, owner: str | None, location: str | None) -> list[str]:
        g = self.g
        if zone == "expedition_deck":
            return list(g.expedition_deck)
        if zone == "relic_deck":
            return list(g.relic_deck)
        if zone == "resource_deck":
            return list(g.deck)
        if zone == "market":
            return list(g.market)
        if zone == "hand":
            return list(g.hands.get(owner or "", []))
        if zone == "supply":
            return list(g.colony.get(owner or "", []))
        return []

    def zombies(self, location: str) -> int:
        return 0

    def tokens(self, token: str, place: str) -> int:
        return 0

    def morale(self, player: str, enemy: bool = False) -> int:
        return 0

    def round(self) -> int:
        return self.g.event_no

    def round_number(self) -> int:
        return self.g.event_no

    def happened(self, event: dict, env: dict) -> bool:
        return False

    def tactic_played(self, who: str, name: str, player: str) -> bool:
        return False

    def can_pay(self, cost: dict, player: str) -> bool:
        return False

    # ---- actions ---------------------------------------------------------------------
    def apply(self, action: str, params: dict, src: dict) -> Any:
        g = self.g
        if action == "damage":
            # the log tells the damage the colony takes, after its hibernation took its share ("avoids 4
            # damage", then "takes 1 damage": the total moves by 1), not the event's damage before it
            params["amount"] = g.hurt(params["player"], params["amount"], "event")
            return params["amount"]
        if action == "take_cards" and params["zone"] in ("expedition_deck", "resource_deck"):
            pile = g.expedition_deck if params["zone"] == "expedition_deck" else g.deck
            for card in params["cards"]:  # in this game a player keeps what they take in their colony
                pile.remove(card)
                g.colony[params["player"]].append(card)
            return list(params["cards"])
        if action == "reveal_cards" and params["zone"] == "relic_deck":
            for _ in range(params["count"]):
                g.reveal_relic(replace=True)
            return g.relic
        if action == "move_cards" and params["zone"] == "market":
            for card in params["cards"]:
                owner = g.equipment_owner.get(card)
                if owner is not None:
                    g.equipment_owner[card] = None
            return None
        raise ValueError(f"Winter Tricks has no '{action}' with {params}")

    def add_rule(self, node: dict, env: dict) -> None:
        self.rules.append((node, env))

    def log(self, event: str, params: dict, src: dict, private_to: str | None = None) -> None:
        self.g.log.add(event, params, src, private_to)


class Game:
    """One game of Winter Tricks: build it with ``new_game``, then ``run()``."""

    #: which game it is, for the bots seated at it (``decisions.check_seat``)
    game_name = NAME

    def __init__(self, bundle: dict, seed: int, players: int, agents: Any = None):
        if players not in PLAYERS:
            raise ValueError(f"Winter Tricks takes {PLAYERS.start} to {PLAYERS.stop - 1} players, not {players}")
        self.bundle, self.seed = bundle, seed
        self.rng = random.Random(seed)
        self.players = [f"p{i + 1}" for i in range(players)]
        if agents is None:
            agents = {p: RandomAgent(seed * 31 + i) for i, p in enumerate(self.players)}
        missing = missing_seats(agents, self.players)
        if missing:                 # refused before any agent is shown the game (a ProcessAgent sent 'start')
            raise seats_error(missing, self.players)
        self.agents = agents
        for agent in (agents.values() if isinstance(agents, dict) else [agents]):
            if hasattr(agent, "observe"):   # a bot that reads the table (winter_tricks_bot.py)
                agent.observe(self)
        self.log = EventLog()
        self.decisions: list[Any] = []
        self.asked: list[list[Any]] = []        # each decision as asked and answered (replay.asked)
        self.host = WinterHost(self)
        self.interp = Interpreter(bundle, self.host, self.rng)
        self.card_uses: Counter = Counter()
        self.violations: list[str] = []
        self._load(bundle)
        self.damage = {p: 0 for p in self.players}
        self.hands: dict[str, list[str]] = {p: [] for p in self.players}
        self.colony: dict[str, list[str]] = {p: [] for p in self.players}
        self.deck: list[str] = []
        self.expedition_deck: list[str] = []
        self.discard: list[str] = []
        self.trick: list[tuple[str, str, bool]] = []   # (player, card, with expedition)
        self.relic_deck: list[str] = []
        self.relic: str | None = None
        self.event_deck: list[str] = []
        self.event: str | None = None
        self.event_no = 0
        self.leader = self.players[0]
        self.expedition_used = {p: False for p in self.players}
        self.event_damage = {p: 0 for p in self.players}
        self.shield = {p: 0 for p in self.players}
        self.result: dict | None = None

    # ---- the bundle --------------------------------------------------------------------
    def _load(self, bundle: dict) -> None:
        """Card instances from the bundle's winter-tricks cards; unknown numbers from EXAMPLE."""
        by_kind: dict[str, list[dict]] = {}
        for card in bundle.get("cards", []):
            if card.get("set") == SET:
                by_kind.setdefault(card["kind"], []).append(card)
        for needed in ("winter-event", "relic", "resource", "equipment", "expedition"):
            if not by_kind.get(needed):
                raise RulesError(f"the bundle has no {needed} card of the set {SET}")
        self.card_defs = {c["id"]: c for cards in by_kind.values() for c in cards}
        self.cards: dict[str, dict] = {}
        examples: dict[str, Any] = {}
        for card in sorted(by_kind["resource"], key=lambda c: c["id"]):
            values = card.get("values")
            if not values:
                values = EXAMPLE["resource_values"]
                examples[card["id"]] = {"values": values}
            for v in values:
                cid, k = f"{card['resource']}-{v}", 1
                while cid in self.cards:  # a value printed on more than one card
                    k += 1
                    cid = f"{card['resource']}-{v}-{k}"
                self.cards[cid] = {"kind": "resource", "def": card["id"], "resource": card["resource"], "value": v}
        self.relic_defs = sorted(by_kind["relic"], key=lambda c: c["id"])
        self.relic_cards: dict[str, dict] = {}
        for card in self.relic_defs:
            copies = card.get("copies")
            if copies is None:
                copies = EXAMPLE["relic_copies"]
                examples[card["id"]] = {"copies": copies}
            for i in range(copies):
                self.relic_cards[f"relic-{card['resource']}-{i + 1}"] = {"def": card["id"], "resource": card["resource"]}
        self.equipment: dict[str, dict] = {}
        for card in sorted(by_kind["equipment"], key=lambda c: c["id"]):
            short = card["id"].rsplit(".", 1)[1]
            copies, price = card.get("copies"), card.get("price")
            if copies is None:
                copies = EXAMPLE["equipment_copies"].get(short, 1)
                examples.setdefault(card["id"], {})["copies"] = copies
            if price is None:
                price = EXAMPLE["equipment_price"]
                examples.setdefault(card["id"], {})["price"] = price
            for i in range(copies):
                cid = f"{short}-{i + 1}"
                self.equipment[cid] = {"def": card["id"], "short": short, "price": price, "use": card.get("use"),
                                       "effect": card.get("effect")}
                self.cards[cid] = {"kind": "equipment", "def": card["id"]}
        self.equipment_owner: dict[str, str | None] = {e: None for e in self.equipment}
        self.event_defs = sorted(by_kind["winter-event"], key=lambda c: c["id"])
        if len(self.event_defs) < EVENTS_PER_GAME:
            raise RulesError(f"a game needs {EVENTS_PER_GAME} event cards; the bundle has {len(self.event_defs)}")
        examples.update({c["id"]: "example card" for c in self.event_defs if c["status"].get("data") == "example"})
        self.expedition_def = by_kind["expedition"][0]
        self.examples = examples
        self.total_resources = sum(1 for c in self.cards.values() if c["kind"] == "resource")
        starting = [e for e in self.equipment if self.equipment[e]["short"] in ("tarp", "chest")]
        if len(starting) < len(self.players):
            raise RulesError(f"{len(self.players)} players need as many tarps and chests; there are {len(starting)}")

    # ---- helpers -------------------------------------------------------------------------
    @property
    def market(self) -> list[str]:
        """Equipment on offer (nobody owns it)."""
        return [e for e, owner in self.equipment_owner.items() if owner is None]

    def owned(self, player: str) -> list[str]:
        """The equipment in front of a player."""
        return [e for e, owner in self.equipment_owner.items() if owner == player]

    def where(self, card: str) -> tuple[str, str | None]:
        """(zone, owner) of a card instance."""
        if card in self.equipment_owner:
            owner = self.equipment_owner[card]
            return ("equipment", owner) if owner else ("market", None)
        for p in self.players:
            if card in self.hands[p]:
                return "hand", p
            if card in self.colony[p]:
                return "supply", p
        for zone, cards in (("resource_deck", self.deck), ("expedition_deck", self.expedition_deck),
                            ("discard", self.discard)):
            if card in cards:
                return zone, None
        if any(card == c for _, c, _ in self.trick):
            return "trick", None
        return "nowhere", None

    def res(self, card: str) -> str:
        return self.cards[card]["resource"]

    def val(self, card: str) -> int:
        return self.cards[card]["value"]

    def relic_resource(self) -> str | None:
        return self.relic_cards[self.relic]["resource"] if self.relic else None

    def clockwise_from(self, start: str, include_start: bool = True) -> list[str]:
        """Players in clockwise order beginning with ``start`` (or just after it)."""
        i = self.players.index(start)
        order = self.players[i:] + self.players[:i]
        return order if include_start else order[1:] + order[:1]

    def ask(self, decision: Decision) -> Any:
        """Put a decision to its player's agent; record and return the checked answer."""
        agent: Any = seat_agent(self.agents, decision.player)
        raw = agent.answer(decision) if hasattr(agent, "answer") else agent(decision)
        answer = decision.check(raw)
        self.decisions.append(list(answer) if isinstance(answer, tuple) else answer)
        self.asked.append(asked(decision, answer))
        return answer

    def emit(self, what: str, private_to: str | None = None, **params) -> None:
        self.log.add(what, params, {"game": NAME, "event_no": self.event_no}, private_to)

    def run_effect(self, card_def: str, player: str, this_card: str | None = None) -> Any:
        """Run a card's effect tree in the interpreter, answering its decisions through ``ask``."""
        effect = self.card_defs[card_def].get("effect")
        if not effect:
            return None
        env = Env(player=player, card=card_def, bindings={"this_card": this_card} if this_card else {})
        run = self.interp.execute(effect["tree"], env)
        decision = run.advance()
        while decision is not None:
            decision = run.advance(self.ask(decision))
        return run.value

    def hurt(self, player: str, amount: int, why: str) -> int:
        """Damage a colony; an event's damage first uses up the player's hibernation shield."""
        if why == "event" and self.shield[player]:
            prevented = min(self.shield[player], amount)
            self.shield[player] -= prevented
            amount -= prevented
            self.emit("damage_prevented", player=player, amount=prevented, why="hibernation")
        amount = max(amount, 0)
        self.damage[player] += amount
        self.event_damage[player] += amount
        return amount

    # ---- the game ------------------------------------------------------------------------
    def run(self) -> dict:
        """Play the whole game; returns {winners, rounds, scores, card_uses}."""
        if self.result is not None:
            return self.result
        self.setup()
        for _ in range(EVENTS_PER_GAME):
            self.play_event()
            self.violations += self.check_invariants()
        self.result = self.score()
        return self.result

    def setup(self) -> None:
        """Leader, decks, one tarp or chest each, the rest on the table."""
        self.emit("setup", players=list(self.players), example_values=self.examples)
        self.leader = self.rng.choice(self.players)
        self.emit("leader", player=self.leader, why="coldest night")
        self.event_deck = [c["id"] for c in self.event_defs]
        self.rng.shuffle(self.event_deck)
        self.relic_deck = list(self.relic_cards)
        self.rng.shuffle(self.relic_deck)
        self.deck = [c for c, d in self.cards.items() if d["kind"] == "resource"]
        self.rng.shuffle(self.deck)
        starting = [e for e in self.equipment if self.equipment[e]["short"] in ("tarp", "chest")]
        self.rng.shuffle(starting)
        for p, e in zip(self.players, starting):
            self.equipment_owner[e] = p
            self.emit("equipment_dealt", player=p, equipment=e)
        self.emit("market", equipment=self.market)

    def deal(self) -> None:
        """Gather every resource card not in a colony, shuffle, deal equal hands."""
        self.deck += self.expedition_deck + self.discard
        self.expedition_deck, self.discard = [], []
        self.rng.shuffle(self.deck)
        size = min(HAND_SIZE[len(self.players)], len(self.deck) // len(self.players))
        for p in self.players:
            self.hands[p] = [self.deck.pop() for _ in range(size)]
            self.emit("dealt", player=p, count=size)
            self.emit("hand", private_to=p, player=p, cards=list(self.hands[p]))

    def reveal_relic(self, replace: bool = False) -> None:
        """The next relic card comes into force; the one it replaces goes under the deck."""
        if self.relic is not None:
            self.relic_deck.insert(0, self.relic)
        self.relic = self.relic_deck.pop()
        self.card_uses[self.relic_cards[self.relic]["def"]] += 1
        self.emit("relic", card=self.relic, resource=self.relic_resource(), replaced=replace)

    def play_event(self) -> None:
        self.event_no += 1
        self.expedition_used = {p: False for p in self.players}
        self.event_damage = {p: 0 for p in self.players}
        self.shield = {p: 0 for p in self.players}
        self.deal()
        self.event = self.event_deck.pop()
        self.card_uses[self.event] += 1
        self.emit("event", card=self.event, number=self.event_no)
        self.reveal_relic()
        if self.event_no > 1:
            self.choose_leader()
        self.harpoons()
        while any(self.hands[p] for p in self.players):
            self.play_trick()
        self.resolve()

    def choose_leader(self) -> None:
        """The most damaged player (ties: nearest after the last Leader, clockwise) names the Leader."""
        order = self.clockwise_from(self.leader, include_start=False)
        most = max(self.damage.values())
        chooser = next(p for p in order if self.damage[p] == most)
        self.emit("leader_chooser", player=chooser, damage=most, last_leader=self.leader)
        (self.leader,) = self.ask(Decision(TARGETS, chooser, tuple(self.players), 1, 1, prompt="leader"))
        self.emit("leader", player=self.leader, why="chosen", chooser=chooser)

    def harpoons(self) -> None:
        """Before the first trick, a harpoon's owner may swap the relic (the card's own effect)."""
        for p in self.clockwise_from(self.leader):
            for e in self.owned(p):
                if self.equipment[e]["use"] != "before-first-trick" or not self.equipment[e]["effect"]:
                    continue
                if not self.relic_deck:
                    continue
                if self.ask(Decision(MAY, p, prompt=f"use {self.equipment[e]['short']}")):
                    self.card_uses[self.equipment[e]["def"]] += 1
                    self.emit("equipment_used", player=p, equipment=e)
                    self.run_effect(self.equipment[e]["def"], p, this_card=e)

    def play_trick(self) -> None:
        sizes = {len(self.hands[p]) for p in self.players}
        if len(sizes) != 1:
            self.violations.append(f"event {self.event_no}: hands of different sizes {sorted(sizes)}")
        self.trick = []
        lead = self.leader
        (card,) = self.ask(Decision(TARGETS, lead, tuple(self.hands[lead]), 1, 1, prompt="lead"))
        self.play(lead, card, False)
        for p in self.clockwise_from(lead, include_start=False)[:-1]:
            (card,) = self.ask(Decision(TARGETS, p, tuple(self.hands[p]), 1, 1, prompt="play"))
            expedition = False
            if not self.expedition_used[p]:
                expedition = self.ask(Decision(MAY, p, prompt="expedition"))
            self.play(p, card, expedition)
        winner = self.trick_winner(self.trick)
        self.emit("trick_won", player=winner, led=self.res(self.trick[0][1]), relic=self.relic_resource())
        self.leader = winner
        low, high = COLLECT[len(self.players)]
        cards = tuple(c for _, c, _ in self.trick)
        low, high = min(low, len(cards)), min(high, len(cards))
        taken = self.ask(Decision(KEEP, winner, cards, low, high, prompt="collect"))
        self.colony[winner] += list(taken)
        left = [c for c in cards if c not in taken]
        self.expedition_deck += left
        self.trick = []
        self.emit("collected", player=winner, cards=list(taken), to_expedition_deck=left)

    def play(self, player: str, card: str, expedition: bool) -> None:
        if expedition and (not self.trick or self.expedition_used[player]):
            self.violations.append(f"event {self.event_no}: {player} used the expedition "
                                   + ("to open a trick" if not self.trick else "twice"))
        self.hands[player].remove(card)
        self.trick.append((player, card, expedition))
        self.card_uses[self.cards[card]["def"]] += 1
        if expedition:
            self.expedition_used[player] = True
            self.card_uses[self.expedition_def["id"]] += 1
        self.emit("played", player=player, card=card, resource=self.res(card), value=self.val(card),
                  expedition=expedition)

    def trick_winner(self, trick: list[tuple[str, str, bool]]) -> str:
        """The relic's resource beats the led one; other resources and expedition cards cannot win."""
        led = self.res(trick[0][1])
        relic = self.relic_resource()
        live = [(p, c) for p, c, exp in trick if not exp]
        pool = [(p, c) for p, c in live if self.res(c) == relic] or [(p, c) for p, c in live if self.res(c) == led]
        values = {self.val(c) for _, c in pool}
        if 1 in values and 10 in values:
            pool = [(p, c) for p, c in pool if self.val(c) != 10]
        best = max(self.val(c) for _, c in pool)
        return next(p for p, c in pool if self.val(c) == best)

    # ---- resolving the event -----------------------------------------------------------
    def requirements(self) -> list[tuple[str, int]]:
        reqs = [(r["resource"], r.get("count") or 0) for r in self.card_defs[self.event].get("requires", [])]
        return sorted(reqs, key=lambda r: r[0] == "any")  # named resources first, then 'any'

    def can_defend(self, player: str) -> bool:
        left = Counter(self.res(c) for c in self.colony[player])
        for resource, count in self.requirements():
            if resource == "any":
                if sum(left.values()) < count:
                    return False
                continue
            if left[resource] < count:
                return False
            left[resource] -= count
        return True

    def resolve(self) -> None:
        order = self.clockwise_from(self.leader)
        for p in order:  # the expedition haul: the expedition card's own effect
            if self.expedition_used[p]:
                self.emit("expedition", player=p, available=len(self.expedition_deck))
                self.run_effect(self.expedition_def["id"], p)
        need = sum(count for _, count in self.requirements())
        for p in order:
            if not self.colony[p] and not self.expedition_used[p]:
                self.shield[p] = HIBERNATION
                self.emit("hibernation", player=p, prevents=HIBERNATION)
            defended = False
            if self.can_defend(p) and self.ask(Decision(MAY, p, prompt="defend")):
                self.defend(p)
                defended = True
            else:
                self.emit("undefended", player=p, event=self.event)
                self.run_effect(cast(str, self.event), p)
            self.shield[p] = 0
            surplus = len(self.colony[p]) - (0 if defended else need)
            if surplus > 0:
                got = self.hurt(p, FROSTBITE_PER_CARD * surplus, "frostbite")
                self.emit("frostbite", player=p, surplus=surplus, damage=got)
        self.buy()
        for p in order:
            self.infirmary(p)
        self.emit("event_resolved", number=self.event_no, damage=dict(self.damage),
                  colonies={p: len(self.colony[p]) for p in self.players})

    def defend(self, player: str) -> None:
        handed: list[str] = []
        for resource, count in self.requirements():
            if count <= 0:
                continue
            fits = tuple(c for c in self.colony[player] if resource == "any" or self.res(c) == resource)
            picked = self.ask(Decision(KEEP, player, fits, count, count, prompt=f"defend with {resource}"))
            for c in picked:
                self.colony[player].remove(c)
                self.discard.append(c)
            handed += picked
        self.emit("defended", player=player, cards=handed)

    def buy(self) -> None:
        """Damaged players, most damaged first (ties clockwise from the Leader), one piece per round."""
        order = self.clockwise_from(self.leader)
        buyers = sorted((p for p in order if self.event_damage[p] > 0),
                        key=lambda p: (-self.damage[p], order.index(p)))
        for _round in range(MAX_PURCHASES):
            for p in buyers:
                offer = sorted({self.equipment[e]["short"]: e for e in reversed(self.market)
                                if self.equipment[e]["price"] <= len(self.colony[p])}.items())
                if not offer:
                    continue
                choice = self.ask(Decision(OPTION, p, ("pass",) + tuple(s for s, _ in offer), prompt="buy"))
                if choice == "pass":
                    continue
                e = dict(offer)[choice]
                price = self.equipment[e]["price"]
                paid = self.ask(Decision(KEEP, p, tuple(self.colony[p]), price, price, prompt=f"pay for {choice}"))
                for c in paid:
                    self.colony[p].remove(c)
                    self.discard.append(c)
                self.equipment_owner[e] = p
                self.emit("bought", player=p, equipment=e, paid=list(paid))

    def infirmary(self, player: str) -> None:
        """Heal 1 damage for 3 colony resources of different types, as often as the player likes."""
        while self.damage[player] > 0:
            kinds = sorted({self.res(c) for c in self.colony[player]})
            if len(kinds) < INFIRMARY_TYPES:
                return
            if not self.ask(Decision(MAY, player, prompt="infirmary")):
                return
            combos = tuple("+".join(c) for c in itertools.combinations(kinds, INFIRMARY_TYPES))
            combo = combos[0] if len(combos) == 1 else self.ask(Decision(OPTION, player, combos, prompt="infirmary types"))
            paid = []
            for kind in combo.split("+"):
                fits = tuple(c for c in self.colony[player] if self.res(c) == kind)
                (c,) = fits if len(fits) == 1 else self.ask(Decision(TARGETS, player, fits, 1, 1, prompt=f"infirmary {kind}"))
                self.colony[player].remove(c)
                self.discard.append(c)
                paid.append(c)
            self.damage[player] -= 1
            self.emit("healed", player=player, paid=paid, damage=self.damage[player])

    # ---- the end -------------------------------------------------------------------------
    def colony_sum(self, player: str, resource: str | None = None) -> int:
        return sum(self.val(c) for c in self.colony[player] if resource is None or self.res(c) == resource)

    def score(self) -> dict:
        """Least damage wins; then the highest colony sum; then the highest sum of the relic's
        resource; then the victory is shared."""
        relic = self.relic_resource()
        keys = {p: (-self.damage[p], self.colony_sum(p), self.colony_sum(p, relic)) for p in self.players}
        best = max(keys.values())
        winners = [p for p in self.players if keys[p] == best]
        self.emit("game_end", winners=winners, damage=dict(self.damage),
                  colony_sums={p: self.colony_sum(p) for p in self.players},
                  relic_sums={p: self.colony_sum(p, relic) for p in self.players}, relic=relic)
        return {"winners": winners, "rounds": self.event_no, "scores": dict(self.damage),
                "card_uses": dict(sorted(self.card_uses.items()))}

    def check_invariants(self) -> list[str]:
        """Rule violations of the current state (an empty list when all is well)."""
        out = list(self.violations)
        places: Counter = Counter()
        for p in self.players:
            places.update(self.hands[p])
            places.update(self.colony[p])
        places.update(self.deck)
        places.update(self.expedition_deck)
        places.update(self.discard)
        places.update(c for _, c, _ in self.trick)
        resources = {c for c, d in self.cards.items() if d["kind"] == "resource"}
        if set(places) != resources:
            out.append(f"resource cards lost or invented: {sorted(set(places) ^ resources)[:5]}")
        out += [f"resource card {c} is in {n} places" for c, n in places.items() if n > 1]
        relics = Counter(self.relic_deck + ([self.relic] if self.relic else []))
        if set(relics) != set(self.relic_cards) or any(n > 1 for n in relics.values()):
            out.append("relic cards lost or duplicated")
        if set(self.equipment_owner) != set(self.equipment):
            out.append("equipment lost or invented")
        for p in self.players:
            if self.damage[p] < 0:
                out.append(f"{p} has negative damage {self.damage[p]}")
            if self.shield[p] < 0 or self.event_damage[p] < 0:
                out.append(f"{p} has a negative count")
        if self.event_no > EVENTS_PER_GAME:
            out.append(f"{self.event_no} events played; the game has {EVENTS_PER_GAME}")
        return out

    def replay(self) -> Replay:
        """The replay record of this game (bundle version and hash, seed, answers, log hash, each decision as
        asked, and its set-up: the game and the number of players); ``replay_game`` plays it again."""
        return Replay(self.bundle.get("ir_version", "?"), self.bundle.get("content_hash", ""), self.seed,
                      list(self.decisions), self.log.digest(), setup={"game": NAME, "players": len(self.players)},
                      asked=list(self.asked))


def replay_game(bundle: dict, replay: Replay) -> tuple[Game, bool]:
    """Play a Winter Tricks replay again (``Game.replay()``, or a file read with ``Replay.from_json``); the game
    and whether its log hash is the recorded one. Another bundle is a BundleError, an answer that does not fit
    its decision a DecisionMismatch, answers left over when the game ends AnswersLeftOver."""
    replay.check_bundle(bundle)
    game = new_game(bundle, replay.seed, replay.setup.get("players", 4), replay.agent())
    game.run()
    if replay.leftover():
        raise AnswersLeftOver(replay.leftover())
    return game, game.log.digest() == replay.log_hash


def new_game(bundle: dict, seed: int, players: int, agents: Any = None) -> Game:
    """A game ready to ``run()``. ``agents``: None (a seeded RandomAgent per player), one agent
    for everyone, or {player_id: agent} with ids p1 … pN. An agent with an ``observe(game)`` method
    (``winter_tricks_bot.WinterTricksBot``) is shown the game first."""
    return Game(bundle, seed, players, agents)


def ending(game: Game) -> str:
    """How a finished game was decided: 'damage' (one player has the least), 'colony sum' (the first
    tie-break), 'relic sum' (the second) or 'shared' (the winners share the victory)."""
    end = next(line["params"] for line in reversed(game.log.lines) if line["event"] == "game_end")
    if len(end["winners"]) > 1:
        return "shared"
    least = min(end["damage"].values())
    tied = [p for p, d in end["damage"].items() if d == least]
    if len(tied) == 1:
        return "damage"
    best = max(end["colony_sums"][p] for p in tied)
    return "colony sum" if sum(end["colony_sums"][p] == best for p in tied) == 1 else "relic sum"


ENDINGS = ("damage", "colony sum", "relic sum", "shared")


def simulate(bundle: dict, games: int, seed: int, players: int, agents: str = "random") -> dict:
    """Play ``games`` seeded games and summarise them. ``agents``: an agents spec of
    ``winter_tricks_bot.agents_for`` ('random', 'heuristic', 'heuristic:random' …); ValueError for a
    spec it does not know, before any game is played."""
    from .winter_tricks_bot import agents_for
    agents_for(agents, seed, players)
    wins: Counter = Counter()
    uses: Counter = Counter()
    endings: Counter = Counter()
    shared = crashes = violations = 0
    rounds = damage = tricks = 0
    seat_damage: Counter = Counter()
    errors: list[str] = []
    played = 0
    for i in range(games):
        game = new_game(bundle, seed + i, players, agents_for(agents, seed + i, players))
        try:
            result = game.run()
        except Exception as exc:  # a crash is counted and reported, not hidden
            crashes += 1
            errors.append(f"seed {seed + i}: {type(exc).__name__}: {exc}")
            continue
        played += 1
        found = game.check_invariants()
        violations += len(found)
        errors += [f"seed {seed + i}: {v}" for v in found]
        wins.update(result["winners"])
        shared += len(result["winners"]) > 1
        endings[ending(game)] += 1
        uses.update(result["card_uses"])
        rounds += result["rounds"]
        damage += sum(result["scores"].values())
        seat_damage.update(result["scores"])
        tricks += sum(1 for line in game.log.lines if line["event"] == "trick_won")
    return {"game": NAME, "games": games, "players": players, "seed": seed, "agents": agents,
            "endings": {e: endings[e] for e in ENDINGS},
            "wins": {p: wins[p] for p in (f"p{i + 1}" for i in range(players))}, "shared_wins": shared,
            "average_rounds": rounds / played if played else 0.0,
            "average_tricks": tricks / played if played else 0.0,
            "average_damage": damage / (played * players) if played else 0.0,
            "average_damage_by_seat": {p: seat_damage[p] / played if played else 0.0
                                       for p in (f"p{i + 1}" for i in range(players))},
            "invariant_violations": violations, "crashes": crashes, "errors": errors[:20],
            "card_uses": dict(sorted(uses.items()))}
