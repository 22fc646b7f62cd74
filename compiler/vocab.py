"""The words of the effect language: nouns, adjectives, places, verb forms.

The grammar (dsl/effects.lark) knows none of these; the name pass reads clauses
against these tables, so an unknown word gets a "did you mean" from here.
"""
from __future__ import annotations

#: canonical location id -> words (as written in effect text)
LOCATIONS: dict[str, str] = {
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
    "storage": "storage",  # a place beside the board where a main objective keeps zombies or cards
}

#: noun words -> (kind, sub). Kinds: survivor, zombie, location, player, card, die,
#: token, zone, stat, exposure, vote, tactic, warfare, game
NOUNS: dict[str, tuple[str, str]] = {
    "survivor": ("survivor", ""),
    "helpless survivor": ("survivor", "helpless"),
    "helpless survivor token": ("token", "helpless"),
    "helpless token": ("token", "helpless"),
    "group leader": ("survivor", "group_leader"),
    "lover": ("survivor", ""),
    "zombie": ("zombie", ""),
    "location": ("location", ""),
    "player": ("player", ""),
    "colony leader": ("player", "colony_leader"),
    "active player": ("player", "active"),
    "enemy colony leader": ("player", "enemy_leader"),
    "enemy leader": ("player", "enemy_leader"),
    "card": ("card", ""),
    "item": ("card", "item"),
    "item card": ("card", "item"),
    "weapon": ("card", "weapon"),
    "book": ("card", "book"),
    "tool": ("card", "tool"),
    "food card": ("card", "food"),
    "fuel": ("card", "fuel"),
    "fuel card": ("card", "fuel"),
    "medicine": ("card", "medicine"),
    "medicine card": ("card", "medicine"),
    "trash card": ("card", "trash"),
    "outsider card": ("card", "outsider"),
    "secret objective": ("card", "secret_objective"),
    "main objective": ("card", "main_objective"),
    "tactic": ("tactic", ""),
    "die": ("die", "d6"),
    "action die": ("die", "action"),
    "exposure die": ("die", "exposure"),
    "combat die": ("die", "combat"),
    "noise token": ("token", "noise"),
    "noise": ("token", "noise"),
    "barricade": ("token", "barricade"),
    "barricade token": ("token", "barricade"),
    "food": ("token", "food"),
    "food token": ("token", "food"),
    "bullet": ("token", "bullet"),
    "bullet token": ("token", "bullet"),
    "despair token": ("token", "despair"),
    "wound": ("token", "wound"),
    "wound token": ("token", "wound"),
    "frostbite wound": ("token", "frostbite"),
    "frostbite": ("token", "frostbite"),
    "hand": ("zone", "hand"),
    "waste pile": ("zone", "waste_pile"),
    "removed pile": ("zone", "removed"),
    "game": ("zone", "removed"),
    "following": ("zone", "following"),
    "survivor deck": ("zone", "survivor_deck"),
    "crossroads deck": ("zone", "crossroads_deck"),
    "item deck": ("zone", "item_deck"),
    "supply": ("zone", "supply"),
    "food supply": ("zone", "supply"),
    "bullet supply": ("zone", "bullet_supply"),
    "bite": ("bite", ""),
    "crisis deck": ("zone", "crisis_deck"),
    "crisis": ("zone", "crisis"),
    "morale": ("stat", "morale"),
    "damage": ("stat", "damage"),
    "relic deck": ("zone", "relic_deck"),
    "event deck": ("zone", "event_deck"),
    "resource deck": ("zone", "resource_deck"),
    "expedition deck": ("zone", "expedition_deck"),
    "market": ("zone", "market"),
    "resource card": ("card", "resource"),
    "influence": ("stat", "influence"),
    "combat strength": ("stat", "combat_strength"),
    "vote": ("vote", ""),
    "exposure": ("exposure", ""),
    "exile vote": ("vote", "exile"),
    "colony warfare": ("warfare", ""),
    "warfare": ("warfare", ""),
    "round": ("round", ""),
    "round track": ("round", ""),
    "result": ("result", ""),
    "number": ("number", ""),
    "turn": ("turn", ""),
    "destination": ("location", "@destination"),
    "origin": ("location", "@origin"),
}
for _id, _words in LOCATIONS.items():
    NOUNS[_words] = ("location", _id)
    if _id not in ("colony", "enemy_colony", "den", "storage"):
        NOUNS[f"{_words} deck"] = ("zone", f"location_deck:{_id}")
        NOUNS[f"{_words} item deck"] = ("zone", f"location_deck:{_id}")

#: adjective -> filter it stands for: (filter op, value)
ADJECTIVES: dict[str, tuple[str, str]] = {
    "exiled": ("state", "exiled"),
    "non-exiled": ("state", "non_exiled"),
    "depleted": ("state", "depleted"),
    "helpless": ("state", "helpless"),
    "non-helpless": ("state", "non_helpless"),
    "human": ("state", "human"),
    "enemy": ("controlled_by", "enemy"),
    "friendly": ("controlled_by", "friendly"),
    "other": ("state", "other"),
    "random": ("state", "random"),
    "unused": ("state", "unused"),
    "used": ("state", "used"),
    "equipped": ("state", "equipped"),
    "armed": ("state", "armed"),
    "non-colony": ("state", "non_colony"),
    "additional": ("state", "additional"),
    "extra": ("state", "additional"),
    "lowest-influence": ("extreme", "lowest"),
    "highest-influence": ("extreme", "highest"),
}

#: back-reference adjectives: "the moved survivor" names what a trigger or an
#: earlier sentence bound. adjective -> binding name
BACKREFS: dict[str, str] = {
    "moved": "moved", "moving": "moved", "chosen": "chosen", "searching": "searching",
    "attacking": "attacking", "killed": "killed", "new": "new", "rolled": "rolled",
    "wounded": "wounded", "equipped": "equipped", "played": "played", "drawn": "drawn", "used": "used",
}

DETERMINERS = {"a": "one", "an": "one", "one": "one", "the": "the", "each": "each", "every": "each",
               "all": "all", "any": "any", "another": "another", "this": "this", "that": "that",
               "these": "that", "those": "that", "your": "your", "its": "its", "their": "its",
               "his": "its", "her": "its", "no": "no", "both": "all"}

PRONOUNS = {"it", "him", "her", "them", "they", "he", "she"}

IRREGULAR_PLURALS = {"dice": "die", "survivors": "survivor", "zombies": "zombie", "lovers": "lover"}


def singular(word: str) -> str:
    """A noun's singular form, for table look-ups."""
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("ches") or word.endswith("shes"):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and not word.endswith("is") and len(word) > 3:  # crisis
        return word[:-1]
    return word


#: verb forms -> base verb. Event verbs appear as "moves", "moving", "moved".
def verb_base(word: str) -> str:
    """Reduce 'moves', 'moving', 'moved', 'searches' to the base verb."""
    irregular = {"dies": "die", "died": "die", "dying": "die", "receives": "receive", "received": "receive",
                 "receiving": "receive", "uses": "use", "used": "use", "using": "use", "makes": "make",
                 "making": "make", "made": "make", "plays": "play", "played": "play", "playing": "play",
                 "has": "have", "had": "have", "shares": "share", "sharing": "share", "shared": "share",
                 "gives": "give", "giving": "give", "takes": "take", "taking": "take", "needs": "need",
                 "counts": "count", "enters": "enter", "entering": "enter", "entered": "enter",
                 "reaches": "reach", "reaching": "reach", "wins": "win", "winning": "win", "won": "win",
                 "looks": "look", "keeps": "keep", "rolls": "roll", "rolling": "roll", "pays": "pay",
                 "cleans": "clean", "cleaning": "clean", "barricades": "barricade", "spends": "spend",
                 "spending": "spend", "spent": "spend", "starts": "start", "starting": "start", "kills": "kill", "killing": "kill", "killed": "kill",
                 "moves": "move", "moving": "move", "moved": "move", "searches": "search",
                 "searching": "search", "searched": "search", "attacks": "attack", "attacking": "attack",
                 "attacked": "attack", "does": "do", "adds": "add", "adding": "add", "removes": "remove", "attracts": "attract", "loses": "lose",
                 "gains": "gain", "controls": "control", "must": "must", "is": "be", "are": "be",
                 "was": "be", "were": "be", "plays_": "play"}
    return irregular.get(word, word)


STATE_WORDS = {"exiled": "exiled", "in play": "in_play", "killed": "killed", "armed": "armed",
               "helpless": "helpless", "your group leader": "group_leader", "group leader": "group_leader",
               "in the survivor deck": "in_survivor_deck"}
