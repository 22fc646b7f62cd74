"""What the reference engine's modules share: the generator type, rule ops, ids, errors."""
from __future__ import annotations

from typing import Any, Generator

from ..decisions import Decision

Gen = Generator[Decision, Any, Any]
RULE_OPS = {"trigger", "phase", "lasting", "while", "forbid", "exempt", "modify", "replace", "attach",
            "extra_goal", "copy_abilities", "turn_action", "ignore_roll", "delayed"}
#: the colony phase's steps that are events of their own (seed 004, II. Colony Phase, 1 to 7): the engine
#: raises each just before the step (``"moment": "before"``) and once it is done
COLONY_STEP_EVENTS = frozenset({"pay_food", "check_waste", "resolve_crisis", "add_zombies", "check_main_objective",
                                "move_round_tracker", "pass_first_player"})
# Events a round's own steps raise, never a player's turn (seed 004: the crisis is revealed and the action
# dice rolled before the turns; the round track and, in Warring Colonies, the colony warfare belong to
# the colony phase). A "when …" such an effect hands over waits for the next such event, not the turn.
ROUND_EVENTS = frozenset({"reveal_crisis", "roll_action_dice", "round_track_zero", "warfare_start", "win_warfare",
                          *COLONY_STEP_EVENTS})
#: what an event binds for the block of a trigger on it, by kind: (binding name, the event's field). The
#: binding names are the referents the language says the event carries (dsl/lexicon.py EVENTS);
#: tests/lang/test_axis_events.py holds the two equal. Every event the engine emits has ``kind`` and, where
#: they apply, ``player`` (who acts, or whose survivor does), ``survivor``, ``card``, ``location`` (where it
#: happens; a move's destination), ``origin``, ``destination``, ``target`` (the player an exile vote is
#: against), ``actions`` (the actions the player took in the turn, for ``end_turn``), and ``moment``:
#: "before" for the moment just before the event (only a trigger that says "before" waits for it).
EVENT_BINDINGS: dict[str, tuple[tuple[str, str], ...]] = {
    "move": (("moved", "survivor"), ("origin", "origin"), ("destination", "destination")),
    "search": (("searching", "survivor"),), "attack": (("attacking", "survivor"),),
    "barricade": (("barricading", "survivor"),), "make_noise": (), "clean_waste": (), "use_ability": (),
    "use_weapon": (("used", "card"),), "kill_zombie": (),
    "receive_wound": (("wounded", "survivor"),), "receive_frostbite": (("wounded", "survivor"),),
    "roll_exposure": (("rolled", "survivor"),), "bitten": (("rolled", "survivor"),),
    "enter_play": (("new", "survivor"),), "die": (("killed", "survivor"),), "heal": (("healed", "survivor"),),
    "play_card": (("played", "card"),), "spend_food": (), "roll_action_dice": (),
    "request_granted": (("given", "card"),), "crossroads_triggered": (), "exile_vote_start": (),
    "exile_vote_end": (), "end_turn": (), "reveal_crisis": (("revealed", "card"),),
    **{step: () for step in COLONY_STEP_EVENTS}, "round_track_zero": (), "warfare_start": (), "win_warfare": (),
}
#: the actions of a turn by the names a pattern uses for them ("without adding a card to the crisis")
TURN_ACTION_NAMES = {"ability": "use_ability", "item": "use_ability", "card_action": "use_ability",
                     "play": "play_card", "equip": "play_card", "crisis": "add_to_crisis", "food": "spend_food",
                     "handoff": "hand_off", "exile": "vote"}
ACTION = "action"       # the prompt of a turn's "which action next" decision


def slug(card_id: str) -> str:
    return card_id.rsplit(".", 1)[-1]


def loc_id(card_id: str) -> str:
    return slug(card_id).replace("-", "_")


class GameError(Exception):
    """The game cannot go on: the bundle lacks what the rules need, or an answer broke a rule.

    ``str(err)`` is the English sentence; ``key`` and ``params`` let a front end tell it in its reader's
    language (the dow command line looks ``game.<key>`` up in its message catalogues)."""

    def __init__(self, text: str, key: str = "", **params: object) -> None:
        super().__init__(text)
        self.key, self.params = key, params


class CardIndex:
    """A bundle's cards by id and by kind (each kind's cards sorted by id), made once per bundle: every
    game's set-up asked for the cards of seven kinds, filtering and sorting the whole bundle each time."""

    def __init__(self, cards: list[dict]):
        self.cards = tuple(cards)                       # the cards it was made of, to tell when they change
        self.by_id = {c["id"]: c for c in cards}
        by_kind: dict[Any, list[dict]] = {}
        for c in sorted(cards, key=lambda c: c["id"]):
            by_kind.setdefault(c.get("kind"), []).append(c)
        self.by_kind = by_kind
        #: what games work out of a card of the bundle once and keep for the next games, by card id, each with
        #: the card it was worked out of: whether it adds survivors (``adds_survivors``)
        self.adds: dict[str, tuple[dict, bool]] = {}
        #: and, by the id of an ability printed on a card of the bundle, what the listing of legal actions reads
        #: of it (``TurnActions.usable``): the ids are those of abilities the index holds, so none is reused
        self.ability_ids = {id(ab) for c in cards for ab in (c.get("abilities") or ()) if isinstance(ab, dict)}
        self.ability_info: dict[int, tuple[Any, ...]] = {}

    def of(self, kind: str, sets: tuple[str, ...]) -> list[dict]:
        """The cards of a kind in any of these sets, sorted by id (a new list)."""
        return [c for c in self.by_kind.get(kind, ()) if c.get("set") in sets]


_INDEXES: list[CardIndex] = []      # the last few bundles' indexes


def card_index(bundle: dict) -> CardIndex:
    """The index of a bundle's cards; made again when the list holds other cards (compared card by card)."""
    cards = bundle.get("cards", [])
    for index in _INDEXES:
        held = index.cards
        if len(held) == len(cards) and all(a is b for a, b in zip(held, cards)):
            return index
    index = CardIndex(cards)
    _INDEXES.insert(0, index)
    del _INDEXES[4:]
    return index


def _walk(nodes):
    for n in nodes if isinstance(nodes, list) else [nodes]:
        if isinstance(n, dict):
            yield n
            for v in n.values():
                if isinstance(v, (list, dict)):
                    yield from _walk(v)


def adds_survivors(card: dict) -> bool:
    """Whether a card's text can add a survivor to the game: a survivor drawn from the survivor deck or named
    (searched out of it) joining a following, a dead survivor brought back, or helpless survivors added. A
    survivor already in play changing hands (a chosen one) adds nobody. Seed 004, Adding Survivors: with no
    empty survivor space at the colony, such crossroads cards cannot be triggered nor such item cards played.
    (Kept for each card of the bundle by the game: ``Game.adds_survivors``.)"""
    for n in _walk({k: card.get(k) for k in ("abilities", "options", "setup", "effect")}):
        op = n.get("op")
        who = n.get("survivor") if op == "add_survivor" else None
        if isinstance(who, dict) and (who.get("op") == "named" or (who.get("op") == "ref" and who.get("name") == "drawn")):
            return True
        if op == "bring_back" or (op == "add_tokens" and n.get("token") == "helpless"):
            return True
    return False
