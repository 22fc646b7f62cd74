"""The words of the effect language, one table per axis of the game.

Each table here is read by the grammar builder (dsl/grammar.py), which turns it into Lark rules,
by the tree builder (dsl/build.py), which turns the parsed words into effect-tree nodes, and by the
docs generator, which lists the words for authors in pt, en and vi. A word that is in no table is
not a word of the language: the parser refuses it where it stands and names what it expected.

The axes:

* things: KINDS (survivors, cards, players, locations, dice, zombies), their ADJECTIVES and the
  CARD_TYPES, TOKENS and PLACES they are counted in or put on;
* referents: PARTICIPLES ("the chosen survivor", "the drawn cards") name what an earlier step or
  the event of a trigger introduced;
* zones: ZONES (hand, waste pile, decks …) and the verbs each allows (ZONE_VERBS);
* players: the player phrases (PLAYER_WORDS) that can be the subject of any sentence;
* events: EVENTS, each with the verbs that name it and the referents it carries;
* durations: DURATIONS and LIMITS;
* stats: STATS, the numbers a standing rule may change.
"""
from __future__ import annotations

from dataclasses import dataclass

# ---- things ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """A kind of thing: its nouns (singular, plural) and what its referents are called."""

    name: str
    singular: tuple[str, ...]
    plural: tuple[str, ...]


KINDS: dict[str, Kind] = {
    "survivor": Kind("survivor", ("survivor",), ("survivors",)),
    "card": Kind("card", ("card",), ("cards",)),
    "player": Kind("player", ("player",), ("players",)),
    "location": Kind("location", ("location",), ("locations",)),
    "die": Kind("die", ("action die", "die"), ("action dice", "dice")),
    "zombie": Kind("zombie", ("zombie",), ("zombies",)),
}

#: survivor adjectives: word -> the filter it stands for
SURVIVOR_ADJECTIVES: dict[str, dict] = {
    "exiled": {"op": "state", "is": "exiled"},
    "non-exiled": {"op": "state", "is": "non_exiled"},
    "helpless": {"op": "state", "is": "helpless"},
    "non-helpless": {"op": "state", "is": "non_helpless"},
    "human": {"op": "state", "is": "human"},
    "armed": {"op": "state", "is": "armed"},
    "other": {"op": "state", "is": "other"},
    "random": {"op": "state", "is": "random"},
    "friendly": {"op": "controlled_by", "player": "friendly"},
    "enemy": {"op": "controlled_by", "player": "enemy"},
    "wounded": {"op": "wounds", "min": 1},
}
#: adjectives that cannot stand together on one thing (one says the other is false)
OPPOSITES = (("exiled", "non-exiled"), ("helpless", "non-helpless"), ("friendly", "enemy"),
             ("used", "unused"), ("colony", "non-colony"))

CARD_ADJECTIVES: dict[str, dict] = {
    "random": {"op": "state", "is": "random"},
    "other": {"op": "state", "is": "other"},
    "equipped": {"op": "state", "is": "equipped"},
}
LOCATION_ADJECTIVES: dict[str, dict] = {
    "non-colony": {"op": "state", "is": "non_colony"},
    "depleted": {"op": "state", "is": "depleted"},
    "other": {"op": "state", "is": "other"},
}
DIE_ADJECTIVES: dict[str, dict] = {
    "unused": {"op": "state", "is": "unused"},
    "used": {"op": "state", "is": "used"},
}
PLAYER_ADJECTIVES: dict[str, dict] = {
    "other": {"op": "controlled_by", "player": "other"},      # other than the player acting (or you)
    "non-exiled": {"op": "state", "is": "non_exiled"},
    "exiled": {"op": "state", "is": "exiled"},
    "enemy": {"op": "controlled_by", "player": "enemy"},
    "friendly": {"op": "controlled_by", "player": "friendly"},
}
ADJECTIVES = {"survivor": SURVIVOR_ADJECTIVES, "card": CARD_ADJECTIVES, "location": LOCATION_ADJECTIVES,
              "die": DIE_ADJECTIVES, "player": PLAYER_ADJECTIVES, "zombie": {}}

#: kinds of card: the noun as written (singular, plural) -> the card_type filter's type
CARD_TYPES: dict[str, tuple[tuple[str, str], ...]] = {
    "weapon": (("weapon", "weapons"),),
    "food": (("food card", "food cards"),),
    "fuel": (("fuel card", "fuel cards"),),
    "medicine": (("medicine card", "medicine cards"),),
    "tool": (("tool", "tools"), ("tool card", "tool cards")),
    "book": (("book", "books"),),
    "outsider": (("outsider card", "outsider cards"),),
    "trash": (("trash card", "trash cards"),),
    "item": (("item", "items"), ("item card", "item cards")),
}

#: tokens: the token kind -> (singular, plural); food is counted without a noun for tokens ("5 food")
TOKENS: dict[str, tuple[str, str]] = {
    "noise": ("noise token", "noise tokens"),
    "barricade": ("barricade", "barricades"),
    "helpless": ("helpless survivor", "helpless survivors"),
    "food": ("food", "food"),
    "bullet": ("bullet", "bullets"),
    "despair": ("despair token", "despair tokens"),
}
#: a second way of writing a noun of the tables above, with the same meaning: the only words an author may
#: leave out or add without changing what a sentence says ("5 food tokens" is "5 food")
SPELLINGS: dict[str, str] = {"food token": "food", "food tokens": "food", "the storage": "storage"}
WOUNDS: dict[str, tuple[str, str]] = {
    "wound": ("wound", "wounds"),
    "frostbite": ("frostbite wound", "frostbite wounds"),
}

#: the named places: location id -> the words
PLACES: dict[str, str] = {
    "colony": "colony",
    "police_station": "police station",
    "grocery_store": "grocery store",
    "school": "school",
    "library": "library",
    "hospital": "hospital",
    "gas_station": "gas station",
    "cemetery": "cemetery",
    "enemy_colony": "enemy colony",
    "den": "den",
}
#: places whose item deck a card can name ("the police station deck")
DECK_PLACES = ("police_station", "grocery_store", "school", "library", "hospital", "gas_station", "cemetery")

# ---- referents ---------------------------------------------------------------------------------------

#: participles that name a referent: word -> (binding name, kinds it may name). A step introduces a
#: referent under the participle of its verb (VERB_PARTICIPLE); a trigger's event introduces the ones
#: EVENTS lists.
PARTICIPLES: dict[str, tuple[str, tuple[str, ...]]] = {
    "chosen": ("chosen", ("survivor", "card", "player", "location", "die")),
    "moved": ("moved", ("survivor",)),
    "moving": ("moved", ("survivor",)),
    "searching": ("searching", ("survivor",)),
    "attacking": ("attacking", ("survivor",)),
    "killed": ("killed", ("survivor",)),
    "wounded": ("wounded", ("survivor",)),
    "rolled": ("rolled", ("survivor",)),
    "new": ("new", ("survivor",)),
    "added": ("added", ("survivor",)),
    "played": ("played", ("card",)),
    "used": ("used", ("card",)),
    "drawn": ("drawn", ("card",)),
    "taken": ("taken", ("card",)),
    "equipped": ("equipped", ("survivor",)),
    "placed": ("placed", ("survivor",)),
    "revealed": ("revealed", ("card",)),
    "barricading": ("barricading", ("survivor",)),
    "given": ("given", ("card",)),
}

#: the participle of each introducing verb (the first word of a step's form)
VERB_PARTICIPLE = {"choose": "chosen", "draw": "drawn", "add": "added", "take": "taken", "place": "placed",
                   "kill": "killed", "move": "moved", "reveal": "revealed", "search": "taken"}

# ---- zones -------------------------------------------------------------------------------------------

#: shared zones: words -> zone id
ZONES: dict[str, str] = {
    "waste pile": "waste_pile",
    "removed pile": "removed",
    "survivor deck": "survivor_deck",
    "crossroads deck": "crossroads_deck",
    "crisis deck": "crisis_deck",
    "relic deck": "relic_deck",
    "event deck": "event_deck",
    "resource deck": "resource_deck",
    "expedition deck": "expedition_deck",
    "market": "market",
}
#: zones a player owns: words -> zone id ("your hand", "the hand of the chosen player")
OWNED_ZONES: dict[str, str] = {"hand": "hand", "following": "following", "secret objective": "secret_objective"}

# ---- players -----------------------------------------------------------------------------------------

#: positions at the table: words after "the player" -> the seat filter's side
SEATS = {"to your left": "left", "to your right": "right"}
#: single-word player roles: "the first player" ...
PLAYER_ROLES = {"first": "first", "active": "active"}

# ---- events ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """An event a trigger can wait for (each is a moment the reference engine raises, ``host.emit``).

    ``actor``: who does it, the kind of thing a pattern names first ("a survivor you control searches",
    "you play a card"): ``survivor``, ``player``, or "" for a step of the round nobody takes;
    ``subject``: the other thing a pattern can name (the card played, the player an exile vote is
    against); ``places``: the place filters it takes ("at": where it happens, "to" and "from": where a
    move goes and starts); ``without``: the actions a pattern can say its actor did not take in the
    turn ("ends their turn without adding a card to the crisis"); ``carries``: the referents its
    trigger's block can refer to ("the moved survivor", "its destination"), which the engine binds.
    Every event can be waited for with "when" and "after" (the trigger runs once it happened);
    ``before``: the engine also stops just before it happens, so "before" can wait for it;
    ``instead``: the engine lets a rule stand in for it ("instead of this survivor being bitten")."""

    kind: str
    carries: tuple[tuple[str, str], ...] = ()      # (binding name, kind) the trigger's block can refer to
    actor: str = ""
    subject: str = ""
    places: tuple[str, ...] = ()
    without: tuple[str, ...] = ()
    before: bool = False
    instead: bool = False


def _event(kind: str, carries: tuple[tuple[str, str], ...] = (), **facts) -> tuple[str, Event]:
    return kind, Event(kind, carries, **facts)


#: the colony phase's steps, in order (seed 004, II. Colony Phase): each is an event of its own
COLONY_STEPS = ("pay_food", "check_waste", "resolve_crisis", "add_zombies", "check_main_objective",
                "move_round_tracker", "pass_first_player")

EVENTS: dict[str, Event] = dict([
    # a survivor's actions and what befalls it
    _event("move", (("moved", "survivor"), ("origin", "location"), ("destination", "location")), actor="survivor",
           places=("to", "from"), before=True),
    _event("search", (("searching", "survivor"),), actor="survivor", places=("at",)),
    _event("attack", (("attacking", "survivor"),), actor="survivor"),
    _event("barricade", (("barricading", "survivor"),), actor="survivor"),
    _event("make_noise", actor="survivor"),
    _event("clean_waste", actor="survivor"),
    _event("use_ability", actor="survivor"),
    _event("use_weapon", (("used", "card"),), actor="survivor"),
    _event("kill_zombie", actor="survivor", places=("at",)),
    _event("receive_wound", (("wounded", "survivor"),), actor="survivor", instead=True),
    _event("receive_frostbite", (("wounded", "survivor"),), actor="survivor", instead=True),
    _event("roll_exposure", (("rolled", "survivor"),), actor="survivor"),
    _event("bitten", (("rolled", "survivor"),), actor="survivor", instead=True),
    _event("enter_play", (("new", "survivor"),), actor="survivor"),
    _event("die", (("killed", "survivor"),), actor="survivor"),
    # a player's actions and turn
    _event("play_card", (("played", "card"),), actor="player", subject="card"),
    _event("spend_food", actor="player"),
    _event("roll_action_dice", actor="player"),
    _event("request_granted", (("given", "card"),), actor="player", subject="card"),
    _event("crossroads_triggered", actor="player"),
    _event("exile_vote_start", actor="player", subject="player"),
    _event("exile_vote_end", actor="player", subject="player"),
    _event("end_turn", actor="player", without=("add_to_crisis",)),
    # the round's own steps
    _event("reveal_crisis", (("revealed", "card"),), before=True),
    *(_event(step, before=True) for step in COLONY_STEPS),
    _event("round_track_zero"),
    # Warring Colonies
    _event("warfare_start", places=("at",), before=True),
    _event("win_warfare", actor="player", places=("at",)),
])

# ---- durations and limits ----------------------------------------------------------------------------

LIMITS = {"turn": "turn", "round": "round", "game": "game"}

# ---- numbers a rule can change -----------------------------------------------------------------------

STATS = ("influence", "attack", "search", "combat_strength", "vote_weight", "wounds_to_kill", "search_cards",
         "search_keep", "exposure_rolls", "action_dice", "food_cost", "barricades_per_action",
         "zombies_per_attack", "clean_waste_cards", "noise_cards", "waste_limit", "uses_per_round")

# ---- verbs -------------------------------------------------------------------------------------------

_IRREGULAR_3SG = {"do": "does", "have": "has", "is": "is"}


def third_person(verb: str) -> str:
    """The verb as the subject 'each player' takes it: draw -> draws, search -> searches."""
    if verb in _IRREGULAR_3SG:
        return _IRREGULAR_3SG[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"
