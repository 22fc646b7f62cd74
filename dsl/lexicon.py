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
    """An event a trigger can wait for: the verb forms that name it and the referents it carries."""

    kind: str
    carries: tuple[tuple[str, str], ...]     # (binding name, kind) the trigger's block can refer to


EVENTS: dict[str, Event] = {
    "move": Event("move", (("moved", "survivor"), ("origin", "location"), ("destination", "location"))),
    "search": Event("search", (("searching", "survivor"),)),
    "attack": Event("attack", (("attacking", "survivor"),)),
    "barricade": Event("barricade", (("self", "survivor"),)),
    "clean_waste": Event("clean_waste", ()),
    "make_noise": Event("make_noise", ()),
    "receive_wound": Event("receive_wound", (("wounded", "survivor"),)),
    "receive_frostbite": Event("receive_frostbite", (("wounded", "survivor"),)),
    "spend_food": Event("spend_food", ()),
    "play_card": Event("play_card", (("played", "card"),)),
    "use_weapon": Event("use_weapon", (("used", "card"),)),
    "enter_play": Event("enter_play", (("new", "survivor"),)),
    "die": Event("die", (("killed", "survivor"),)),
    "roll_exposure": Event("roll_exposure", (("rolled", "survivor"),)),
    "bitten": Event("bitten", (("rolled", "survivor"),)),
    "reveal_crisis": Event("reveal_crisis", ()),
    "roll_action_dice": Event("roll_action_dice", ()),
    "round_track_zero": Event("round_track_zero", ()),
    "warfare_start": Event("warfare_start", ()),
    "win_warfare": Event("win_warfare", ()),
    "use_ability": Event("use_ability", ()),
    "kill_zombie": Event("kill_zombie", ()),
}

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
