"""A heuristic bot for Winter Tricks: it plays its tricks toward the least damage.

What the bot sees (``TricksView``), and nothing more: its own hand and colony; the public table (the
event card and what it asks, the relic in force, the Leader, the cards of the trick being played,
who has announced the Expedition, every colony's size, every player's damage, the equipment in front
of each player and on offer); and the log lines its player may see (``EventLog.seen_by``), from which
it keeps the cards played in this event and the cards the tricks left in the Expedition deck. It never
reads another hand, another player's expedition haul (those log lines are private), the order of the
resource, relic or event decks, or the Expedition deck as the engine holds it: the cards it may take
from it come in the decision itself.

How it plays one event (see the rules chapter, content/rules/<lang>/winter-tricks.md):

* **Its goal for the event.** The cards the event asks for, less those its colony already holds,
  are what it is short of. A colony that holds what the event asks wants no more card: every card
  beyond that is 2 damage of frostbite. An empty colony that has not used the Expedition may
  hibernate (the event deals 4 less); the bot aims for that when the event's damage less 4 is at
  most ``HIBERNATE_UP_TO``. Otherwise it counts on the Expedition's haul (up to 2 cards picked from
  what the tricks leave behind) and seeks tricks only for what the haul cannot bring.
* **Trick play.** For every card in hand it estimates the chance the card takes the trick (the
  unseen cards that would beat it, for each player still to play) and what winning would be worth:
  the cards it would collect toward its goal, less 2 for every card it would have to collect beyond
  it, less the cost of leading the next tricks when it would want no more (the others keep out of a
  trick they do not want, so a Leader may have to take trick after trick). Cards that could take a trick
  later are dumped while it is safe when the bot wants no trick, and kept when it seeks. The
  Expedition goes with the most dangerous card when the bot counts on the haul, or to void a trick it
  would otherwise win.
* **Collecting, the haul, defence.** It collects what it is short of and as few other cards as the
  rule allows; it takes from the Expedition deck what it is short of when the public leftovers can
  bring it; it always defends when it can.
* **Between events.** It names as Leader the least damaged rival (the Leader must open the first
  trick, and may be stuck with the lead); uses the harpoon when its hand is the wrong one for
  the relic in force; buys equipment with colony cards the infirmary cannot use (a card left in the
  colony costs frostbite again and stops hibernation), except after the last event, where the
  colony's sum breaks ties; and heals at the infirmary whenever it can.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..decisions import Decision, HeuristicAgent, RandomAgent, check_seat
from . import winter_tricks_rules as wt

#: the haul's size (the expedition card: "take up to 2 cards from the expedition deck")
HAUL = 2
#: an event's damage when its card does not say (a card effect the bot cannot read)
DEFAULT_DAMAGE = 5
#: the kinds of agent an agents spec may name (``agents_for``)
KINDS = ("random", "heuristic")


def winner(cards: list[tuple[str, int, bool]], relic: str | None) -> int:
    """The index of the card that takes a trick of (resource, value, voided by the Expedition) cards,
    by the engine's reading of the rules (``winter_tricks.Game.trick_winner``)."""
    tier = relic if any(r == relic and not void for r, _, void in cards) else cards[0][0]
    pool = [(v, i) for i, (r, v, void) in enumerate(cards) if not void and r == tier]
    if len(pool) > 1 and any(v == 1 for v, _ in pool) and any(v == 10 for v, _ in pool):
        pool = [(v, i) for v, i in pool if v != 10]     # a 1 knocks out the 10s
    best, at = pool[0]
    for v, i in pool:
        if v > best:
            best, at = v, i
    return at


def overtakers(after: list[tuple[str, int, bool]], relic: str | None, unseen: dict[str, dict[int, int]]) -> int:
    """How many ``unseen`` cards (counted by resource and value) would take over a trick of ``after``
    if the next player added one: a faster ``winner(after + [card]) == len(after)`` for each."""
    tier = after[0][0]
    if relic is not None and any(r == relic and not void for r, _, void in after):
        tier = relic
    values = [v for r, v, void in after if not void and r == tier]
    count = sum(unseen[relic].values()) if relic is not None and tier != relic and relic in unseen else 0
    for value, n in unseen.get(tier, _NONE).items():
        rest = values
        if (1 in values or value == 1) and (10 in values or value == 10):   # a 1 knocks out the 10s
            if value == 10:
                continue
            rest = [v for v in values if v != 10]
        if not rest or value > max(rest):
            count += n
    return count


_NONE: dict[int, int] = {}


def event_damage(card: dict) -> int:
    """The damage an event card deals an undefended colony (its effect's 'damage' steps)."""
    total, found = 0, False
    stack: list[Any] = [(card.get("effect") or {}).get("tree", [])]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            if node.get("op") == "damage" and isinstance(node.get("count"), int):
                total, found = total + node["count"], True
            stack.extend(v for k, v in node.items() if k != "pos" and isinstance(v, (list, dict)))
    return total if found else DEFAULT_DAMAGE


class TricksView:
    """Player ``me``'s view of a Winter Tricks game: its own cards, the public table, its log lines."""

    def __init__(self, game: Any, me: str):
        self._g, self.me = game, me
        self._cursor = 0
        self.played: list[str] = []      # cards played in this event, in order (public)
        self.leftover: list[str] = []    # cards the tricks of this event left in the Expedition deck
        self.hauled = 0                  # cards other players took from it in this event (a count)
        self.resources = sorted(c for c, d in game.cards.items() if d["kind"] == "resource")
        self._res = {c: str(game.cards[c]["resource"]) for c in self.resources}
        self._val = {c: int(game.cards[c]["value"]) for c in self.resources}
        self._events: dict[str, tuple[list[tuple[str, int]], int]] = {}

    def read(self) -> None:
        """Read the log lines this player may see that came since the last call."""
        lines = self._g.log.lines
        for line in lines[self._cursor:]:
            if line.get("private_to") not in (None, self.me):
                continue
            what, p = line["event"], line["params"]
            if what == "event":
                self.played, self.leftover, self.hauled = [], [], 0
            elif what == "played":
                self.played.append(p["card"])
            elif what == "collected":
                self.leftover += p["to_expedition_deck"]
            elif what == "take_cards" and p.get("zone") == "expedition_deck":
                if p.get("player") == self.me:
                    for card in p.get("cards", []):
                        if card in self.leftover:
                            self.leftover.remove(card)
                else:
                    self.hauled += p.get("count", 0)
        self._cursor = len(lines)

    # ---- cards (the printed faces are public) ------------------------------------------------
    def res(self, card: str) -> str:
        return self._res[card]

    def val(self, card: str) -> int:
        return self._val[card]

    # ---- own cards ---------------------------------------------------------------------------
    @property
    def hand(self) -> list[str]:
        return list(self._g.hands[self.me])

    @property
    def colony(self) -> list[str]:
        return list(self._g.colony[self.me])

    # ---- the public table ----------------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return list(self._g.players)

    @property
    def event_no(self) -> int:
        return int(self._g.event_no)

    @property
    def last_event(self) -> bool:
        return self.event_no >= wt.EVENTS_PER_GAME

    def requirements(self) -> list[tuple[str, int]]:
        """What the event asks for: (resource or 'any', count), named resources first."""
        return self._event()[0]

    @property
    def damage_of_event(self) -> int:
        """The damage the event deals an undefended colony."""
        return self._event()[1]

    def _event(self) -> tuple[list[tuple[str, int]], int]:
        event = self._g.event
        if event not in self._events:
            card = self._g.card_defs[event]
            reqs = sorted(((r["resource"], r.get("count") or 0) for r in card.get("requires", [])),
                          key=lambda r: r[0] == "any")
            self._events[event] = (reqs, event_damage(card))
        return self._events[event]

    @property
    def relic(self) -> str | None:
        return self._g.relic_resource()  # type: ignore[no-any-return]

    @property
    def leader(self) -> str:
        return str(self._g.leader)

    @property
    def trick(self) -> list[tuple[str, str, bool]]:
        return list(self._g.trick)

    def damage(self, player: str) -> int:
        return int(self._g.damage[player])

    def colony_size(self, player: str) -> int:
        return len(self._g.colony[player])

    def hand_size(self, player: str) -> int:
        return len(self._g.hands[player])

    def expedition_used(self, player: str) -> bool:
        return bool(self._g.expedition_used[player])

    def collect_range(self) -> tuple[int, int]:
        return wt.COLLECT[len(self._g.players)]

    def unseen(self) -> list[str]:
        """Resource cards this player cannot place: not in its hand or colony, not played this event."""
        known = set(self._g.hands[self.me]).union(self._g.colony[self.me], self.played)
        return [c for c in self.resources if c not in known]

    def still_to_play(self) -> int:
        """How many players add a card to the current trick after this one."""
        return len(self._g.players) - len(self._g.trick) - 1


class Unseen:
    """The resource cards a player cannot place, counted by resource and value."""

    def __init__(self, view: TricksView):
        cards = view.unseen()
        self.total = len(cards)
        self.by_resource: dict[str, dict[int, int]] = {}
        for c in cards:
            values, value = self.by_resource.setdefault(view.res(c), {}), view.val(c)
            values[value] = values.get(value, 0) + 1


class Goal:
    """What the colony is short of for the event: named resources, and 'any' cards."""

    def __init__(self, reqs: list[tuple[str, int]], colony: list[str], res: Any):
        have = Counter(res(c) for c in colony)
        self.named: Counter = Counter()
        spare = len(colony)
        for r, n in reqs:
            if r == "any":
                continue
            used = min(have[r], n)
            self.named[r] += n - used
            have[r] -= used
            spare -= used
        self.any = max(0, sum(n for r, n in reqs if r == "any") - spare)
        self.need = sum(n for _, n in reqs)
        self.res = res

    @property
    def short(self) -> int:
        return sum(self.named.values()) + self.any

    def useful(self, cards: list[str]) -> int:
        """How many of ``cards`` fill the shortfall (``len(fill(cards))``, faster)."""
        named = 0
        for r, n in self.named.items():
            if n:
                named += min(n, sum(1 for c in cards if self.res(c) == r))
        return named + min(self.any, len(cards) - named)

    def fill(self, cards: list[str], value: Any, most: int | None = None) -> list[str]:
        """The cards of ``cards`` that fill the shortfall (named first, highest values first)."""
        named, left = Counter(self.named), self.any
        picks: list[str] = []
        for card in sorted(cards, key=lambda c: (-value(c), c)):
            if named[self.res(card)] > 0:
                named[self.res(card)] -= 1
                picks.append(card)
        for card in sorted(cards, key=lambda c: (-value(c), c)):
            if left > 0 and card not in picks:
                left -= 1
                picks.append(card)
        return picks[:most] if most is not None else picks


class WinterTricksBot:
    """Plays Winter Tricks toward the least damage, from what its player sees (``TricksView``).

    Seat it with ``winter_tricks.new_game(..., agents={...})``: the game calls ``observe`` on it.
    Without a game it answers like ``HeuristicAgent``."""

    #: hibernate when the event's damage less the hibernation shield is at most this
    HIBERNATE_UP_TO = 1
    #: what losing the chance to hibernate costs, in damage
    HIBERNATION_LOSS = 1.5
    #: what a card the haul could also bring is worth when a trick brings it instead
    HAUL_CARD = 0.5
    #: the chance, per trick still to play, that a Leader who wants no trick is made to take one
    LEAD_COST = 0.5
    #: how many of the tricks still to play count toward that cost
    LEAD_HORIZON = 3
    #: how much the bot prefers to get rid of a strong card (wanting no trick) or keep it (seeking)
    STRENGTH = 1.0
    #: what using the Expedition is worth when the bot counts on its haul
    EXPEDITION_VALUE = 0.5

    def __init__(self, seed: int = 0):
        self.seed = seed                 # the bot is deterministic; the seed keeps the agents' signature
        self.game: Any = None
        self.view: TricksView | None = None
        self.views: dict[str, TricksView] = {}          # one per seat, if one bot plays several
        self._pending: tuple[str, bool] | None = None   # the card just chosen, and whether with the Expedition

    #: the games it plays (``decisions.check_seat``)
    plays: tuple[str, ...] = ("winter-tricks",)

    def observe(self, game: Any) -> None:
        """Sit at a table; the seat is learnt from the first decision asked of it (SeatError at a game it does
        not play)."""
        check_seat(self, game)
        self.game, self.view, self.views = game, None, {}

    def answer(self, d: Decision) -> Any:
        """An answer toward the least damage; the generic answer for a question it has no plan for."""
        if self.game is None:
            return HeuristicAgent().answer(d)
        if d.player not in self.views:
            self.views[d.player] = TricksView(self.game, d.player)
        self.view = self.views[d.player]
        self.view.read()
        name = self.HANDLERS.get(d.prompt) or next((n for p, n in self.PREFIXES if d.prompt.startswith(p)), None)
        if name is None:
            return HeuristicAgent().answer(d)
        return getattr(self, name)(d)

    # ---- the plan for the event ------------------------------------------------------------------
    @property
    def v(self) -> TricksView:
        assert self.view is not None
        return self.view

    def goal(self) -> Goal:
        """What the colony is short of for the event in force."""
        v = self.v
        return Goal(v.requirements(), v.colony, v.res)

    def mode(self) -> str:
        """'full' (wants no card), 'hibernate' (wants no trick and no Expedition), 'haul' (counts on the
        Expedition's haul) or 'seek' (needs tricks)."""
        v = self.v
        short = self.goal().short
        if short == 0:
            return "full"
        used = v.expedition_used(v.me)
        if not v.colony and not used and v.damage_of_event - wt.HIBERNATION <= self.HIBERNATE_UP_TO:
            return "hibernate"
        return "haul" if short <= self.haul_room() else "seek"

    def haul_room(self) -> int:
        """Cards the Expedition may still bring in this event."""
        v = self.v
        if v.expedition_used(v.me):
            return HAUL
        can_follow = v.hand_size(v.me) > 1 or (v.trick and v.trick[0][0] != v.me)
        return HAUL if can_follow else 0

    # ---- trick play ------------------------------------------------------------------------------
    def _cards(self, cards: list[str], void: set[int] | None = None) -> list[tuple[str, int, bool]]:
        v = self.v
        return [(v.res(c), v.val(c), i in (void or set())) for i, c in enumerate(cards)]

    def hold(self, before: list[tuple[str, int, bool]], card: str, later: int, unseen: "Unseen") -> float:
        """The chance ``card``, added to a trick of ``before``, takes it: it wins now and none of the
        ``later`` players plays an unseen card that beats it (each plays one of the unseen cards)."""
        v = self.v
        relic = v.relic
        after = before + [(v.res(card), v.val(card), False)]
        if winner(after, relic) != len(after) - 1:
            return 0.0
        if not later or not unseen.total:
            return 1.0
        beats = overtakers(after, relic, unseen.by_resource)
        return float((1 - beats / unseen.total) ** later)

    def strength(self, card: str, unseen: "Unseen") -> float:
        """How often ``card`` would take a trick it opens against one unseen card (0 to 1)."""
        return self.hold([], card, 1, unseen)

    def win_value(self, cards: list[str], mode: str, hand_left: int, goal: Goal, room: int) -> float:
        """What taking a trick of ``cards`` is worth (in damage spared; negative: a cost), for a colony
        short of ``goal`` that the Expedition may still bring ``room`` cards."""
        v = self.v
        low, high = self.v.collect_range()
        low, high = min(low, len(cards)), min(high, len(cards))
        useful = min(goal.useful(cards), high)
        extra = max(0, low - useful)
        must = max(0, goal.short - room)               # cards only tricks can bring
        from_tricks = min(useful, must)
        worth = from_tricks * v.damage_of_event / max(must, 1) + (useful - from_tricks) * self.HAUL_CARD
        worth -= wt.FROSTBITE_PER_CARD * extra
        if mode == "hibernate":
            worth -= self.HIBERNATION_LOSS
        if must <= from_tricks:        # it would want no more tricks, but the Leader opens the next ones
            worth -= self.LEAD_COST * min(hand_left, self.LEAD_HORIZON) * wt.FROSTBITE_PER_CARD * low
        return worth

    def choose_card(self, d: Decision, leading: bool) -> tuple[str, bool]:
        """The card to play and whether to announce the Expedition with it."""
        v = self.v
        hand = sorted(d.choices)
        mode = self.mode()
        goal, room = self.goal(), self.haul_room()
        unseen = Unseen(v)
        before = [] if leading else self._cards([c for _, c, _ in v.trick], {i for i, t in enumerate(v.trick) if t[2]})
        later = len(v.players) - 1 if leading else v.still_to_play()
        trick_cards = [c for _, c, _ in v.trick]
        sign = -1.0 if mode == "seek" else 1.0
        expedition = not leading and not v.expedition_used(v.me)
        best: tuple[float, str, bool] | None = None
        for card in hand:
            keep = sign * self.STRENGTH * self.strength(card, unseen)
            p = self.hold(before, card, later, unseen)
            score = keep + (p * self.win_value(trick_cards + [card], mode, len(hand) - 1, goal, room) if p else 0.0)
            options = [(score, card, False)]
            if expedition:
                options.append((self.expedition_worth(mode) + keep, card, True))
            for option in options:
                if best is None or option[0] > best[0] + 1e-9:
                    best = option
        assert best is not None
        return best[1], best[2]

    def expedition_worth(self, mode: str) -> float:
        """What announcing the Expedition now is worth, the card played aside."""
        if mode == "hibernate":
            return -self.HIBERNATION_LOSS
        if mode in ("haul", "seek"):
            return self.EXPEDITION_VALUE
        return 0.0

    def lead(self, d: Decision) -> Any:
        card, _ = self.choose_card(d, leading=True)
        return (card,)

    def play(self, d: Decision) -> Any:
        card, expedition = self.choose_card(d, leading=False)
        self._pending = (card, expedition)
        return (card,)

    def expedition(self, d: Decision) -> bool:
        """Announce the Expedition with the card just chosen, if that was the plan."""
        return bool(self._pending and self._pending[1])

    def collect(self, d: Decision) -> Any:
        """What the colony is short of, then as few other cards as the rule allows."""
        v = self.v
        cards = list(d.choices)
        picks = self.goal().fill(cards, v.val, d.max)
        if len(picks) < d.min:
            picks += self.extras([c for c in cards if c not in picks], d.min - len(picks))
        return tuple(picks)

    def extras(self, cards: list[str], n: int) -> list[str]:
        """``n`` cards taken beyond the goal: those that complete three kinds for the infirmary first,
        then the highest (the colony's sum breaks ties at the end)."""
        v = self.v
        kinds = {v.res(c) for c in v.colony}
        fresh = sorted((c for c in cards if v.res(c) not in kinds), key=lambda c: (-v.val(c), c))
        chosen: list[str] = []
        for c in fresh:
            if len(chosen) < n and v.res(c) not in {v.res(x) for x in chosen}:
                chosen.append(c)
        rest = sorted((c for c in cards if c not in chosen), key=lambda c: (-v.val(c), c))
        return (chosen + rest)[:n]

    # ---- the Expedition's haul --------------------------------------------------------------------
    def how_many(self, d: Decision) -> int:
        """As many as the colony is short of, when the public leftovers can bring all of it; otherwise
        only cards that cost nothing (the colony will not defend, and holds no more than the event asks)
        and serve the infirmary or the final tie-break."""
        v = self.v
        goal = self.goal()
        if goal.short == 0:
            return d.min
        if goal.short <= d.max and self.can_bring(goal):
            return max(d.min, goal.short)
        free = max(0, goal.need - len(v.colony))
        kinds = {v.res(c) for c in v.colony}
        heals = len(kinds) < wt.INFIRMARY_TYPES <= len(kinds) + min(free, d.max)
        if v.last_event or heals:
            return max(d.min, min(free, d.max))
        return d.min

    def can_bring(self, goal: Goal) -> bool:
        """Whether the Expedition deck, as the public log shows it, holds what the colony is short of
        even if every card other players hauled was one of those."""
        v = self.v
        pool = Counter(v.res(c) for c in v.leftover)
        worst = v.hauled
        for r, n in goal.named.items():
            if n and pool[r] - worst < n:
                return False
        return len(v.leftover) - worst >= goal.short

    def take(self, d: Decision) -> Any:
        v = self.v
        picks = self.goal().fill(list(d.choices), v.val, d.max)
        if len(picks) < d.min:
            picks += self.extras([c for c in d.choices if c not in picks], d.min - len(picks))
        return tuple(picks[:d.max])

    # ---- defence, equipment, infirmary ------------------------------------------------------------
    def defend(self, d: Decision) -> bool:
        return True

    def defend_with(self, d: Decision) -> Any:
        """The lowest cards that fit; for 'any', keep three kinds for the infirmary if it can."""
        v = self.v
        fits = sorted(d.choices, key=lambda c: (v.val(c), c))
        if d.prompt.endswith(" any"):
            kept = self.infirmary_sets(v.colony)
            spare = [c for c in fits if c not in kept]
            fits = spare + [c for c in fits if c in kept]
        return tuple(fits[:d.min])

    def infirmary_sets(self, colony: list[str]) -> list[str]:
        """The cards of the colony that the infirmary can use: as many sets of three kinds as it holds,
        the highest cards of the most plentiful kinds."""
        v = self.v
        by_kind: dict[str, list[str]] = {}
        for c in sorted(colony, key=lambda c: (-v.val(c), c)):
            by_kind.setdefault(v.res(c), []).append(c)
        kept: list[str] = []
        while True:
            kinds = sorted((k for k in by_kind if by_kind[k]), key=lambda k: (-len(by_kind[k]), k))
            if len(kinds) < wt.INFIRMARY_TYPES:
                return kept
            for k in kinds[:wt.INFIRMARY_TYPES]:
                kept.append(by_kind[k].pop(0))

    def buy(self, d: Decision) -> Any:
        """Spend colony cards the infirmary cannot use (they would cost frostbite again), not after the
        last event (the colony's sum breaks ties); the harpoon first, it has a use."""
        v = self.v
        if v.last_event:
            return "pass"
        spare = [c for c in v.colony if c not in self.infirmary_sets(v.colony)]
        prices = {e["short"]: e["price"] for e in self.game.equipment.values()}
        for choice in sorted((c for c in d.choices if c != "pass"), key=lambda c: (c != "harpoon", c)):
            if prices.get(choice, 99) <= len(spare):
                return choice
        return "pass"

    def pay(self, d: Decision) -> Any:
        v = self.v
        kept = self.infirmary_sets(v.colony)
        order = sorted(d.choices, key=lambda c: (c in kept, v.val(c), c))
        return tuple(order[:d.min])

    def infirmary(self, d: Decision) -> bool:
        return True

    def infirmary_types(self, d: Decision) -> Any:
        """The three kinds the colony holds most of (keeping further sets possible)."""
        v = self.v
        count = Counter(v.res(c) for c in v.colony)
        return max(d.choices, key=lambda combo: (sum(count[k] for k in combo.split("+")), combo))

    def infirmary_card(self, d: Decision) -> Any:
        v = self.v
        return (min(d.choices, key=lambda c: (v.val(c), c)),)

    # ---- the Leader and the harpoon ----------------------------------------------------------------
    def leader(self, d: Decision) -> Any:
        """The least damaged rival: the Leader must open the first trick, and who takes a trick opens
        the next one, while the others keep out of it when they can."""
        v = self.v
        order = v.players[v.players.index(v.me) + 1:] + v.players[:v.players.index(v.me)]
        rivals = [p for p in order if p in d.choices] or list(d.choices)
        return (min(rivals, key=lambda p: (v.damage(p), rivals.index(p))),)

    def harpoon(self, d: Decision) -> bool:
        """Swap the relic when the hand fits another relic better, on average over the others."""
        v = self.v
        relics = sorted({r["resource"] for r in self.game.relic_cards.values()})
        current = v.relic
        others = [r for r in relics if r != current]
        if not others:
            return False
        seek = self.mode() == "seek"

        def fit(relic: str | None) -> float:
            strong = sum(v.val(c) for c in v.hand if v.res(c) == relic)
            return float(strong if seek else -strong)
        return sum(fit(r) for r in others) / len(others) > fit(current) + 5

    #: the method that answers each prompt (by name: a subclass may override one)
    HANDLERS: dict[str, str] = {
        "lead": "lead", "play": "play", "expedition": "expedition", "collect": "collect", "how many": "how_many",
        "take": "take", "defend": "defend", "buy": "buy", "infirmary": "infirmary",
        "infirmary types": "infirmary_types", "leader": "leader", "use harpoon": "harpoon",
    }
    PREFIXES: list[tuple[str, str]] = [("defend with ", "defend_with"), ("pay for ", "pay"),
                                       ("infirmary ", "infirmary_card")]


def agents_for(spec: str, seed: int, players: int) -> dict[str, Any]:
    """One agent per seat from an agents spec: kinds ('random' or 'heuristic') joined by ':' for seats
    p1, p2, …; the last kind fills the remaining seats ('heuristic:random': p1 heuristic, the others
    random). A random seat plays as ``winter_tricks.new_game`` seats it by default. ValueError for a spec
    it does not know."""
    kinds = spec.split(":")
    bad = [k for k in kinds if k not in KINDS]
    if bad or not spec:
        raise ValueError(f"unknown agents {spec!r} for Winter Tricks: name one of {', '.join(KINDS)}, or "
                         "several joined by ':' for seats p1, p2, … (the last fills the other seats)")
    if len(kinds) > players:
        raise ValueError(f"agents {spec!r} name {len(kinds)} seats; the game has {players}")
    seats: dict[str, Any] = {}
    for i in range(players):
        kind = kinds[min(i, len(kinds) - 1)]
        seats[f"p{i + 1}"] = RandomAgent(seed * 31 + i) if kind == "random" else WinterTricksBot(seed * 31 + i)
    return seats
