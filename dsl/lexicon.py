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
* zones: ZONES (hand, waste pile, decks, the dead survivors …) and the verbs each allows (ZONE_VERBS: count,
  look at, choose from, take, put on top, put at the bottom, arrange, shuffle, bring back), each refusal
  with the one line that says why;
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
    "die": Kind("die", ("action die",), ("action dice",)),
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
    "dead": {"op": "in_zone", "zone": {"op": "zone", "zone": "dead_survivors"}},   # killed, out of play
}
#: adjectives that cannot stand together on one thing (one says the other is false)
OPPOSITES = (("exiled", "non-exiled"), ("helpless", "non-helpless"), ("friendly", "enemy"),
             ("used", "unused"), ("colony", "non-colony"),
             ("event", "non-event"))

CARD_ADJECTIVES: dict[str, dict] = {
    "random": {"op": "state", "is": "random"},
    "other": {"op": "state", "is": "other"},
    "equipped": {"op": "state", "is": "equipped"},
    "event": {"op": "state", "is": "event"},             # an item played for an immediate effect ("Event:")
    "non-event": {"op": "state", "is": "non_event"},
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
SPELLINGS: dict[str, str] = {"food token": "food", "food tokens": "food", "the storage": "storage",
                             "tool card": "tool", "tool cards": "tools", "item card": "item", "item cards": "items"}
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
    "healed": ("healed", ("survivor",)),
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
    "dead survivors": "dead_survivors",
}
#: zones a player owns: words -> zone id ("your hand", "the hand of the chosen player")
OWNED_ZONES: dict[str, str] = {"hand": "hand", "following": "following", "secret objective": "secret_objective"}

#: the verbs of the zones axis, in the order ZONE_VERBS gives them: how many ("the number of cards in the
#: waste pile"), look at, choose from, take (into your hand), put on top, put at the bottom, arrange (the
#: top cards, in any order), shuffle, bring back (what is out of play, into play or into a hand)
ZONE_VERB_NAMES = ("count", "look", "choose", "take", "put_top", "put_bottom", "arrange", "shuffle", "bring_back")


@dataclass(frozen=True)
class Allowed:
    """A verb the game allows on a zone: the rule (seed 004) or the card that does it there. ``top``: a
    face-down deck, whose top cards only a card looks at or chooses from ("the top 3 cards of …"; a
    random card is chosen unseen from anywhere in it)."""

    why: str
    top: bool = False


@dataclass(frozen=True)
class Refused:
    """A verb the game does not allow on a zone, and why in one line: the message a text that asks for it
    gets, at its words (its pt and vi are ``zone-verb.<zone>.<verb>`` in compiler/catalogues/messages/)."""

    reason: str


_NO_TOP = "a hand is held, not stacked: it has no top or bottom"
_HEAP = "the supply is a heap of tokens: it has no top or bottom"
_DEAD_HEAP = "the dead survivors are not a stack: a survivor joins them only by dying"
_ENTRANCE_SIDE = ("an entrance holds zombies and barricades side by side, with no top or bottom: add zombies or "
                  "place barricades there instead")

#: every zone a text can name, with each verb of ZONE_VERB_NAMES: allowed (and by which rule) or refused (and
#: why); the grammar reads any zone after any verb, and the forms of those verbs (dsl/forms.py, ZONES) refuse
#: what this table refuses, with its reason
ZONE_VERBS: dict[str, dict[str, Allowed | Refused]] = {
    "hand": {
        "count": Allowed("how many cards a player holds is open to all ('the player with the most cards in their "
                         "hand')"),
        "look": Allowed("its owner sees it; a card lets another player look at it ('look at the hand of …')"),
        "choose": Allowed("its owner chooses from it; a card that shows it lets another player choose"),
        "take": Allowed("an attack on a survivor takes a card at random from its controller's hand (seed 004, "
                        "Attack)"),
        "put_top": Refused(_NO_TOP),
        "put_bottom": Refused(_NO_TOP),
        "arrange": Refused("a hand is held in no order: there is no order to arrange"),
        "shuffle": Refused("a hand is not a deck: its cards are held, never shuffled"),
        "bring_back": Refused("the cards in a hand are in the game: there is nothing to bring back from it"),
    },
    "supply": {
        "count": Allowed("the colony counts its food when it eats (seed 004, Pay Food)"),
        "look": Refused("the supply is food tokens in plain view: it hides nothing to look at"),
        "choose": Refused("food tokens are all alike: there is nothing to choose among them"),
        "take": Refused("the food in the supply is the colony's: a card spends it or removes it, and no player "
                        "takes it into a hand"),
        "put_top": Refused(_HEAP),
        "put_bottom": Refused(_HEAP),
        "arrange": Refused("tokens in a heap have no order to arrange"),
        "shuffle": Refused("the supply holds tokens, not cards: there is nothing to shuffle"),
        "bring_back": Refused("the supply holds nothing removed from the game: add food to it instead"),
    },
    "waste_pile": {
        "count": Allowed("the colony counts it at each check waste step (seed 004, Check Waste)"),
        "look": Refused("the waste pile is face up: every player sees it at any time, so nothing is hidden to look at"),
        "choose": Allowed("its cards lie face up"),
        "take": Allowed("a card takes back cards played there"),
        "put_top": Allowed("a card played is placed on top of the waste pile (seed 004, Play a Card)"),
        "put_bottom": Allowed("it is a pile with a bottom: a card put there is the last a clean waste reaches"),
        "arrange": Refused("the waste pile keeps the order cards are played in (a clean waste removes its top 3): no "
                           "card reorders it"),
        "shuffle": Refused("the waste pile is never shuffled: it keeps the order cards are played in"),
        "bring_back": Refused("the cards in the waste pile are still in the game: take them from it instead"),
    },
    "removed": {
        "count": Allowed("its cards lie face up"),
        "look": Refused("the cards removed from the game lie face up: nothing is hidden to look at"),
        "choose": Allowed("its cards lie face up"),
        "take": Allowed("Fuel Tanker: 'take up to 4 fuel cards from the removed pile'"),
        "put_top": Allowed("a card removed from the game goes on top: it is the last card removed"),
        "put_bottom": Refused("the removed pile keeps the order cards left the game in ('the last 2 cards removed "
                              "from the game'): a card removed goes on top"),
        "arrange": Refused("the removed pile keeps the order cards left the game in: no card reorders it"),
        "shuffle": Refused("the removed pile keeps the order cards left the game in: it is never shuffled"),
        "bring_back": Allowed("a card removed from the game comes back into a hand"),
    },
    "location_deck": {
        "count": Allowed("a location whose item deck is empty is depleted"),
        "look": Allowed("an item deck is face down: a search looks at its top card, and one more for each noise "
                        "(seed 004, Search)", top=True),
        "choose": Allowed("a card seen on top of the deck", top=True),
        "take": Allowed("a card that searches a deck takes from anywhere in it, and the deck is shuffled after "
                        "(seed 004, Crossroads)"),
        "put_top": Allowed("a deck has a top"),
        "put_bottom": Allowed("a search puts the cards it does not keep at the bottom of the deck (seed 004, "
                              "Search)"),
        "arrange": Allowed("its top cards, seen and put back", top=True),
        "shuffle": Allowed("a deck is shuffled after a search, and when a dead survivor's items go into it "
                           "(seed 004)"),
        "bring_back": Refused("an item deck is in the game: draw or take from it instead"),
    },
    "survivor_deck": {
        "count": Allowed("a deck's size is open to all"),
        "look": Allowed("the survivor deck is face down: a card looks at its top cards", top=True),
        "choose": Allowed("a survivor seen on top of the deck, or one at random", top=True),
        "take": Refused("survivor cards are never held in a hand: a survivor from the deck joins a following "
                        "('add … to your following')"),
        "put_top": Allowed("a deck has a top"),
        "put_bottom": Allowed("the survivors a player does not keep go back into the deck (seed 004, Set-up)"),
        "arrange": Allowed("its top cards, seen and put back", top=True),
        "shuffle": Allowed("the survivor deck is shuffled again at the set-up (seed 004)"),
        "bring_back": Refused("the survivor deck is in the game: a survivor from it joins a following ('add … to "
                              "your following')"),
    },
    "crisis_deck": {
        "count": Allowed("a deck's size is open to all"),
        "look": Allowed("the crisis deck is face down: its top card is revealed each round", top=True),
        "choose": Allowed("a crisis seen on top of the deck", top=True),
        "take": Refused("crisis cards are never held in a hand: the top one is revealed at the start of each round"),
        "put_top": Allowed("a card puts the crisis back on top of the crisis deck"),
        "put_bottom": Allowed("a card puts the crisis at the bottom of the crisis deck"),
        "arrange": Allowed("'arrange the top 3 cards of the crisis deck in any order'", top=True),
        "shuffle": Allowed("the crisis deck is shuffled at the set-up (seed 004)"),
        "bring_back": Refused("the crisis deck is in the game: there is nothing to bring back from it"),
    },
    "crossroads_deck": {
        "count": Allowed("a deck's size is open to all"),
        "look": Allowed("the crossroads deck is face down: a card looks at its top cards", top=True),
        "choose": Allowed("a crossroads card seen on top of the deck", top=True),
        "take": Refused("crossroads cards are never taken into a hand: each turn the player to the right of the "
                        "active player draws one and keeps it secret"),
        "put_top": Allowed("a deck has a top"),
        "put_bottom": Allowed("a crossroads card that does not trigger goes to the bottom of the deck (seed 004)"),
        "arrange": Allowed("its top cards, seen and put back", top=True),
        "shuffle": Allowed("the crossroads deck is shuffled at the set-up (seed 004)"),
        "bring_back": Refused("the crossroads deck is in the game: there is nothing to bring back from it"),
    },
    "dead_survivors": {
        "count": Allowed("each death costs the colony 1 morale (seed 004, Killing Survivors)"),
        "look": Refused("the dead survivors lie face up, out of play: nothing is hidden to look at"),
        "choose": Allowed("they lie face up"),
        "take": Refused("a dead survivor is not an item: it is never taken into a hand; bring it back into play "
                        "instead"),
        "put_top": Refused(_DEAD_HEAP),
        "put_bottom": Refused(_DEAD_HEAP),
        "arrange": Refused("the dead survivors lie in no order: there is nothing to arrange"),
        "shuffle": Refused("the dead survivors are not a deck: they are never shuffled"),
        "bring_back": Allowed("a dead survivor comes back into play, into your following at the colony"),
    },
    "entrances": {
        "count": Allowed("zombies and barricades fill a location's entrances, entrance by entrance (seed 004, "
                         "Adding Zombies)"),
        "look": Refused("the entrances are on the board in plain view: nothing is hidden to look at"),
        "choose": Refused("zombies and barricades are tokens: a card kills, removes, adds or places them, and the "
                          "player who kills a zombie at the colony chooses its entrance then"),
        "take": Refused("zombies and barricades are not cards: kill, remove or move them instead"),
        "put_top": Refused(_ENTRANCE_SIDE),
        "put_bottom": Refused(_ENTRANCE_SIDE),
        "arrange": Refused("zombies and barricades stand in entrance spaces, in no order to arrange"),
        "shuffle": Refused("an entrance holds tokens, not cards: there is nothing to shuffle"),
        "bring_back": Refused("a killed zombie goes back to the pile of unused zombies: add zombies instead"),
    },
}

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
    _event("heal", (("healed", "survivor"),), actor="survivor", subject="card"),   # a wound removed; by the card played
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

#: the numbers a standing rule can change, each with how a sentence says it: who it is about (a slot
#: type), the verb (third person; a choice where a plural subject takes the bare verb), the noun counted
#: (singular, plural) and the words after it. Every number takes the three directions: "N additional
#: NOUN" adds, "N fewer NOUN" takes away, "N NOUN … instead of M" sets it.
@dataclass(frozen=True)
class Number:
    who: str
    verb: str
    noun: tuple[str, str]
    after: str = ""
    example: str = ""          # who, as an example sentence says it


NUMBERS: dict[str, Number] = {
    "search_cards": Number("survivor", "looks at", ("card", "cards"), "when searching", "this survivor"),
    "search_keep": Number("survivor", "looks at and keeps", ("card", "cards"), "when searching", "this survivor"),
    "noise_cards": Number("survivor", "looks at", ("card", "cards"), "when making noise", "this survivor"),
    "clean_waste_cards": Number("agent", "(remove|removes)", ("card", "cards"), "from the waste pile",
                                "this survivor"),
    "wounds_to_kill": Number("survivor", "needs", ("wound", "wounds"), "to die", "this survivor"),
    "combat_strength": Number("survivor", "gives", ("combat strength", "combat strength"), "", "this survivor"),
    "food_cost": Number("colony", "pays", ("food", "food"), "", "the colony"),
    "action_dice": Number("player", "(roll|rolls)", ("action die", "action dice"), "", "each player"),
}

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
