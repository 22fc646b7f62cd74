"""The host protocol: everything the interpreter needs from a game state.

The interpreter handles control flow, choices, costs, dice and bookkeeping; it
reads and changes the game only through these methods. The reference engine is
one host; any other engine implements the same class (runtime/minimal_host.py,
``dow.runtime.minimal_host.MinimalHost``, is a second, minimal host in plain
dictionaries that proves the protocol is enough on its own; docs/embedding.md).

``Host`` is an abstract base class: a subclass that leaves out one of its methods cannot be made
(``HostError`` names the methods), and the ``Interpreter`` refuses any other object that lacks one
(``check_host``), so a missing method is said before a game starts, not in the middle of one. The
table of the protocol in docs/embedding.md is written from this module by ``dow docs``.

Things are named by string ids the host chooses (a survivor "s:sparky", a location
"colony", a player "p1", a card "c:17"). Places for tokens are a location id, a
survivor id, or "supply:<player>" / "bullets:<player>".

Three hooks are optional and not methods of ``Host`` (``Hooks`` lists them): the interpreter asks for
them with ``getattr`` and does without them.
"""
from __future__ import annotations

import abc
import inspect
from dataclasses import dataclass, field
from typing import Any, Generator, Protocol, Self



#: where the embedding guide is, for a reader of the project and of the dow-runtime package alike
GUIDE = "the embedding guide (docs/embedding.md; in the dow-runtime package, dow/runtime/guides/embedding.md)"


class HostError(TypeError):
    """An object that cannot be a host: it lacks methods of the host protocol (named in the message)."""


def _missing_message(what: str, missing: list[str]) -> str:
    names = ", ".join(f"{name}()" for name in missing)
    return (f"{what} cannot be a host: it does not define {names} (the host protocol is "
            f"dow.runtime.host.Host; {GUIDE} lists every method)")


class Host(abc.ABC):
    """Base class of a game state the interpreter can drive: every method but ``place`` must be defined."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # ABCMeta refuses an incomplete subclass too; this says which methods in the protocol's words
        missing = [name for name in REQUIRED if name in cls.__abstractmethods__]
        if missing:
            raise HostError(_missing_message(cls.__name__, missing))
        return super().__new__(cls)

    # ---- queries -----------------------------------------------------------------
    @abc.abstractmethod
    def things(self, kind: str) -> list[str]:
        """Every id of a kind in play: ``survivor``, ``location``, ``player``, ``card``, ``die``;
        ``any_survivor`` is every survivor in play or out of it (a host that cannot tell returns the ones in play)."""

    @abc.abstractmethod
    def attr(self, thing: str, name: str) -> Any:
        """One fact about a thing, or ``None`` for a fact the game does not have (the facts asked of each kind
        are listed below the table). A word a card uses as a state (``is: <word>``) is asked as a fact and read
        as true or false; a stat a card compares or ranks by is asked as a number (``None`` counts 0)."""

    @abc.abstractmethod
    def cards_in(self, zone: str, owner: str | None, location: str | None) -> list[str]:
        """The cards in a zone, top card first: ``hand``, ``waste_pile``, ``removed``, ``following``,
        ``survivor_deck``, ``item_deck``, ``location_deck`` (of ``location``), ``crisis``, ``crisis_deck``,
        ``crossroads_deck``, ``storage`` (beside a main objective); ``dead_survivors``: the ids of the survivors
        killed (out of play), in the order they died. Other games name their own decks (Winter Tricks:
        ``relic_deck``, ``event_deck``, ``resource_deck``, ``expedition_deck``, ``market``). A pile's top is the
        card put there last ("the last 2 cards removed from the game" are the first two of ``removed``)."""

    @abc.abstractmethod
    def zombies(self, location: str) -> int:
        """How many zombies are at a location."""

    @abc.abstractmethod
    def tokens(self, token: str, place: str) -> int:
        """How many tokens of a kind (``noise``, ``barricade``, ``helpless``, ``food``, ``bullet``, ``despair``,
        ``wound``, ``frostbite``) are at a place: a location, a survivor, a card that keeps wounds,
        ``supply:<player>`` or ``bullets:<player>``. ``supply:<player>`` is the supply of that player's colony:
        in a game with one colony every ``supply:pN`` names the same supply (count and change it as one);
        in Warring Colonies each colony has its own."""

    @abc.abstractmethod
    def morale(self, player: str, enemy: bool = False) -> int:
        """The morale of the player's colony (``enemy``: of the enemy colony, Warring Colonies)."""

    @abc.abstractmethod
    def round(self) -> int:
        """The round track: the rounds left, as the track shows them."""

    @abc.abstractmethod
    def round_number(self) -> int:
        """The number of the round being played, counted from 1 at the game's first round."""

    @abc.abstractmethod
    def happened(self, event: dict[str, Any], env: dict[str, Any]) -> bool:
        """Whether an event matching the ``event`` node happened in the action that triggered the effect being
        run ("if you played a fuel card"). The node's fields: ``op`` (``event``), ``kind`` (the event: ``play_card``, ``move``,
        ``search`` …; every kind is in the bundle schema's ``op.event``, which the runtime ships), ``actor`` (a
        target node: who did it, ``{"op": "you"}`` for the resolving player), ``subject`` (when the card names
        it: the other thing, such as the card played, a ``select_of`` node with its ``filters``), ``filters``
        (a list: ``at``, ``origin``, ``destination``, ``without``, ``in_zone``) and ``pos``. ``env`` is the run's
        bindings with ``player`` and ``card`` added. A host that tracks no such event answers false."""

    @abc.abstractmethod
    def tactic_played(self, who: str, name: str, player: str) -> bool:
        """Warring Colonies: whether a colony leader (``who``: ``you`` or ``enemy``, from ``player``'s side)
        played the named tactic in this warfare. A game without tactics returns false."""

    def place(self, location: str, player: str) -> str:
        """The location a card's location id names for a player. A game with one colony returns the id as it
        is (what this default does); a game with two colonies names ``colony`` and ``enemy_colony`` from the
        player's side."""
        return location

    @abc.abstractmethod
    def can_pay(self, cost: dict[str, Any], player: str) -> bool:
        """Whether a cost node can be paid now by the player, whole. The nodes: ``spend_die`` (``count`` unused
        action dice showing ``min`` or more; "all unused action dice" arrives counted), ``spend_tokens``
        (``count`` tokens of ``token``, ``food`` or ``bullet``, from the player's supply), ``spend_cards``
        (``count`` cards of the player's hand that pass every one of ``filters``: ``card_type`` with ``type``, an
        item type such as ``medicine`` or ``item`` for any item, ``card_named`` with ``name``; ``to``,
        ``removed`` when they leave the game); each with ``op`` and ``pos``. ``count`` is a whole number. Other costs
        (wounds, morale, a die changed) the interpreter checks itself."""

    # ---- actions -------------------------------------------------------------------
    @abc.abstractmethod
    def apply(self, action: str, params: dict[str, Any], src: dict[str, Any]) -> Any:
        """Change the game: ``action`` is one of ``ACTIONS``, ``params`` its resolved ids and numbers, ``src``
        the node's position (``{card, file, line, col}``). The return value is read for ``draw_cards`` (the ids
        of the cards drawn) and ``use_limit`` (whether the use is still allowed), and for two answers of any
        action: a ``Refused`` (the host did not do it: the log gets no line of the action, only the refusal's
        own event when it names one) and a ``Told`` (the host did it and logs what came of it in its own
        line: the log gets no second line of the action). Any other value: the interpreter logs the action."""

    @abc.abstractmethod
    def add_rule(self, node: dict[str, Any], env: dict[str, Any]) -> None:
        """Keep a continuous rule (``trigger``, ``phase``, ``lasting``, ``while``, ``forbid``, ``exempt``,
        ``modify``, ``replace``, ``attach``, ``extra_goal``, ``copy_abilities``, ``turn_action``, ``ignore_roll``,
        ``delayed``) in force with
        its bindings, for the engine to consult while the game runs. A ``lasting`` rule of duration ``action``
        holds for the action that triggered it only."""

    @abc.abstractmethod
    def log(self, event: str, params: dict[str, Any], src: dict[str, Any], private_to: str | None = None) -> None:
        """Record an event of the game's log; a line with ``private_to`` is that player's only."""


@dataclass(frozen=True)
class Refused:
    """What ``apply`` returns for an action the host does not do (the Lone Wolf is given no bullets, a full
    colony takes no survivor): the interpreter logs no line of the action, which would read as done. When
    ``event`` is given, the log gets that line instead (``params``, at the node's position, public): the
    refusal, told once. ``Refused()`` leaves nothing in the log. A ``draw_cards`` refused drew no card."""

    event: str | None = None
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Told:
    """What ``apply`` returns for an action the host did and logs in its own line, which says more than the
    action's (a survivor who joins ``from`` another player's following; a warfare a tactic ends, told with
    its location when the tactics are resolved): the interpreter logs no line of the action, so the fact is
    logged once. ``value`` is the return value the action has otherwise (``draw_cards``: the cards drawn)."""

    value: Any = None


class Hooks(Protocol):
    """The optional hooks: a host may define any of them; the interpreter asks for each with ``getattr`` and
    does without it."""

    def scope(self, kind: str, selector: dict[str, Any], env: Any, pool: list[str]) -> list[str]:
        """Narrow the things a selector looks at before its filters run (the Warring Colonies host keeps a card
        to one side of the table): ``pool`` is what ``things(kind)`` gave, ``selector`` the bundle's
        ``select_of`` node, ``env`` the run's ``Env``; return the ids to keep, in order. Without it: every id."""
        ...

    def find_named(self, kind: str, name: str, anywhere: bool) -> str | None:
        """The thing a card names ("Sparky") without a scan of every thing's ``name``: the first of
        ``things(kind)`` whose ``attr(thing, "name")`` is ``name``, and when ``anywhere`` is true and none is in
        play the first such of ``things("any_" + kind)``; ``None`` if none. Without it: the interpreter scans."""
        ...

    def ignore_offers(self, face: str) -> list[Any]:
        """For an exposure die's face just rolled (``bitten``, ``wound``, ``frostbite``), the ``cost`` lists of
        the ``ignore_roll`` rules in force now; the interpreter offers them to each player who can pay, in turn
        from the first player. Without it: nothing is offered."""
        ...

    def ask_now(self) -> Generator[Any, Any, None]:
        """The questions a statement just run left to a player (a host that carries an action out at once and
        never blocks makes a provisional pick where the player chooses: which entrance a barricade went on,
        which dice a cost spent), as a generator of ``decisions.Decision``; the interpreter runs it after each
        statement, before the next can change the table, and sends each answer back. Without it: nothing is
        asked there."""
        ...


#: the methods every host must define, in the order of the protocol
REQUIRED: tuple[str, ...] = tuple(name for name in vars(Host) if name in Host.__abstractmethods__)
#: the methods ``Host`` defines with a default answer: a subclass inherits it, and the interpreter gives the
#: same answer for a host of another class that does not define them
DEFAULTED: tuple[str, ...] = ("place",)
#: the optional hooks, asked for with ``getattr``
HOOKS: tuple[str, ...] = tuple(name for name in vars(Hooks) if not name.startswith("_"))


def missing_methods(host: object) -> list[str]:
    """The methods of the protocol ``host`` does not define (an empty list: it can be a host)."""
    return [name for name in REQUIRED if not callable(getattr(host, name, None))]   # DEFAULTED: Host's answer serves


def _call(protocol: Any) -> tuple[list[str], list[str]]:
    """How the interpreter calls a method of the protocol: its arguments given by position (those without a
    default) and by keyword (those with one: ``morale``'s ``enemy``, ``log``'s ``private_to``)."""
    params = list(inspect.signature(protocol).parameters.values())[1:]          # without self
    return ([p.name for p in params if p.default is p.empty], [p.name for p in params if p.default is not p.empty])


#: whether a plain function, as a bound method of a host, can take the arguments the protocol's method ``name``
#: is called with, by (name, function): a host class's methods are read once, not for every game's interpreter
_FITS: dict[tuple[str, Any], bool] = {}


def _fits(name: str, method: Any) -> bool:
    """Whether ``method`` can take the arguments the interpreter passes the protocol's method ``name`` (a
    callable Python cannot describe is taken on trust)."""
    func = getattr(method, "__func__", None)
    key = (name, func) if inspect.ismethod(method) and inspect.isfunction(func) else None
    if key is not None and key in _FITS:
        return _FITS[key]
    positional, keywords = _call(getattr(Hooks if name in HOOKS else Host, name))
    try:
        signature = inspect.signature(method)
    except (TypeError, ValueError):           # a callable Python cannot describe: it is taken on trust
        return True
    try:
        signature.bind(*positional, **{k: None for k in keywords})
        fits = True
    except TypeError:
        fits = False
    if key is not None:
        _FITS[key] = fits
    return fits


def wrong_signatures(host: object) -> list[str]:
    """The methods and hooks of the protocol ``host`` defines that cannot take the arguments the interpreter
    passes them, each as the protocol calls it (``tokens(token, place)``); an empty list: all can."""
    wrong = []
    for name in (*REQUIRED, *DEFAULTED, *HOOKS):
        method = getattr(host, name, None)
        if not callable(method) or _fits(name, method):
            continue
        positional, keywords = _call(getattr(Hooks if name in HOOKS else Host, name))
        wrong.append(f"{name}({', '.join([*positional, *(f'{k}=…' for k in keywords)])})")
    return wrong


def check_host(host: object) -> None:
    """Refuse an object that lacks a method of the protocol (``HostError``, naming each), whether or not it
    subclasses ``Host``, or whose method cannot take the arguments the interpreter passes it (a wrong
    signature, named as the protocol calls it): the interpreter checks its host when it is made."""
    missing = missing_methods(host)
    if missing:
        raise HostError(_missing_message(f"the host {type(host).__name__}", missing))
    wrong = wrong_signatures(host)
    if wrong:
        raise HostError(f"the host {type(host).__name__} cannot be a host: the interpreter calls "
                        f"{', '.join(wrong)}, which its method{'s' if len(wrong) > 1 else ''} cannot take (the host "
                        f"protocol is dow.runtime.host.Host; {GUIDE} lists every method with its arguments)")


#: the actions a host's ``apply`` receives, with the params each gets
ACTIONS = {
    "kill_zombies": "location, count", "add_zombies": "location, count", "remove_zombies": "location, count",
    "move_zombies": "source, target, count", "add_tokens": "token, place, count, player",
    "remove_tokens": "token, place, count", "fill_noise": "location", "change_morale": "player, amount",
    "wound": "survivor (or a card that keeps wounds), kind (wound or frostbite), count",
    "heal": "survivor, kind (any, wound or frostbite: any removes either kind), count",
    "kill_survivor": "survivor, morale (optional: 'kept', the death costs no morale); the host carries out the "
                     "death by the rules, the colony's morale -1 included (the interpreter changes no morale for "
                     "it), unless morale is 'kept'",
    "remove_from_game": "thing", "spread_bite": "survivor", "place_survivor": "survivor, location",
    "move_survivor": "survivor, location", "draw_cards": "zone, owner, location, count, player",
    "take_cards": "zone, owner, location, cards, player",
    "move_cards": "cards, zone, owner, location (a location deck's, only when the zone is one), position (only when "
                  "the text says: top or bottom, the cards go on top of or at the bottom of the deck or pile, the "
                  "first card given uppermost; without it, on top of a pile, into a hand; a card goes into a deck "
                  "of its own kind only: an item into an item deck, a crisis into the crisis deck, a survivor into "
                  "the survivor deck, any other card stays where it is)",
    "give_cards": "cards, player", "look_at": "things, player", "add_survivor": "survivor, player",
    "change_die": "die, amount", "set_die": "die, value", "spend_dice": "player, count",
    "pay": "cost, player", "combat_strength": "player, amount", "end_warfare": "", "skip_warfare": "location",
    "exile_vote": "player, target", "end_game": "", "fail_objective": "(the game ends: the main objective has failed)", "skip_exposure": "", "skip_die_raise": "", "manual": "instruction, player",
    "use_limit": "key, per (returns whether this use is still allowed, and counts it; key is an opaque string "
                 "naming the card, the limit's place in it and the player: compare it, never parse it; per is "
                 "turn, round or game)",
    "attach": "card, survivor (card: your id of the card in play, what the card's 'this card' is bound to)",
    "take_pot": "cards, player (every staked card, from the hands of those who staked it, to that player's hand)",
    "damage": "player, amount", "reveal_cards": "zone, owner, location, count, player",
    "make_leader": "survivor, player",
    "equip": "card, survivor, player (an item card equipped to a survivor; one that cannot be equipped stays)",
    "skip_crisis": "(the revealed crisis has no effect at this round's resolve crisis step)",
    "return_crisis": "where (top or bottom: the revealed crisis goes back into the crisis deck)",
    "arrange": "zone, owner, location, cards (the deck's top cards, in their new order, top first)",
    "shuffle": "zone, owner, location, cards (every card of the zone, in its new order, top first: the "
               "interpreter shuffles them with its random generator, so the host only lays them in that order)",
    "bring_back": "things, zone, player (what is out of play comes back: a dead survivor into play, into the "
                  "player's following, zone following, at the colony, or at a non-colony location when the player "
                  "is exiled; a card removed from the game into the player's hand, zone hand; anything that is not "
                  "out of play stays where it is)",
    "perform": "survivor, action, player, target (the survivor takes the action by the usual rules; no action "
               "die is spent for it; target, only when the card names whom an attack is aimed at: survivor ids)",
}
