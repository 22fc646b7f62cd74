"""The effect language reference (docs/effect-language.md, docs/pt/…, docs/vi/…), written from the language.

Every list a reader looks things up in is generated from the table that defines it, so the reference
cannot say a word the language does not take or miss one it does: the sentence forms and their examples
(dsl/forms.py), the words of each axis (dsl/lexicon.py: kinds, adjectives, places, zones and their verbs,
events and what each carries, participles, spellings), the payable things (the forms tagged "payable"),
and the node kinds a text compiles to (compiler/catalogue.py). The prose between them is ``REFERENCE``
(English, here) and ``reference`` in render/catalogues/docs/{pt,vi}.yaml (the same keys).
"""
from __future__ import annotations

import re

from dow.dsl import lexicon as L
from dow.dsl.forms import FORMS, Form
from dow.dsl.grammar import form_parts

#: how a slot of each type is shown in a form (in capitals: the words an author puts there) and what fits
#: there, as effect-language words (examples are never translated)
SLOTS: dict[str, tuple[str, str]] = {
    "survivor": ("SURVIVOR", '"Sparky", this survivor, the chosen survivor, it, a survivor you control at the colony'),
    "survivor_described": ("SOME-SURVIVORS", "a survivor you control, 2 helpless survivors at the colony"),
    "survivor_or_card": ("SURVIVOR-OR-CARD", '"Sophie Robinson", the chosen card'),
    "card": ("CARD", "a card in your hand, the drawn cards, the top card of the crisis deck, it"),
    "cards": ("CARDS", "2 fuel cards, a card, up to 4 cards, all medicine cards"),
    "card_one": ("THE-CARD", "the chosen card, it, this card"),
    "card_described": ("SOME-CARDS", "2 or more food cards in your hand"),
    "card_kinds": ("CARD-KIND", "food cards, weapons"),
    "player": ("PLAYER", "you, each player, the player to your left, the first player, another player, them"),
    "agent": ("SURVIVOR-OR-PLAYER", "this survivor, you"),
    "thing": ("THING", "a survivor you control, a card in your hand, another player, a non-colony location"),
    "exists": ("SOMETHING", "a survivor you control at the colony, 2 zombies here"),
    "location": ("PLACE", "the colony, the school, here, the location of the moved survivor, its destination"),
    "location_noun_phrase": ("PLACES", "non-colony location"),
    "place_ref": ("ITS-PLACE", "its origin, its destination"),
    "where": ("WHERE", "here, at the library"),
    "here": ("HERE", "here"),
    "colony": ("THE-COLONY", "the colony"),
    "zone": ("ZONE", "your hand, the waste pile, the supply, the school deck, the survivor deck"),
    "following": ("FOLLOWING", "your following"),
    "zombies": ("ZOMBIES", "3 zombies, a zombie, all zombies"),
    "tokens.noise": ("NOISE-TOKENS", "2 noise tokens, a noise token"),
    "tokens.barricade": ("BARRICADES", "a barricade, 4 barricades"),
    "tokens.helpless": ("HELPLESS", "1 helpless survivor"),
    "tokens.food": ("FOOD", "5 food, 1 food"),
    "tokens.bullet": ("BULLETS", "1 bullet, 3 bullets"),
    "tokens.despair": ("DESPAIR-TOKENS", "a despair token"),
    "wounds.wound": ("WOUNDS", "a wound, 2 wounds"),
    "wounds.frostbite": ("FROSTBITE", "a frostbite wound"),
    "wound_count": ("N-WOUNDS", "2 or more wounds, no wounds, 1 or fewer wounds"),
    "dice": ("DIE", "an unused action die you control, an unused action die another player controls"),
    "unused_dice": ("UNUSED-DICE", "1 unused action die"),
    "count": ("COUNT", "2, a, all, up to 3, all but 1, that many"),
    "num": ("N", "1, 2, 4"),
    "times": ("TIMES", "3 times, twice, that many times"),
    "costs": ("COSTS", "spend 2 food, spend an action die of 4 or more, place a wound on a survivor you control"),
    "cond": ("CONDITION", "morale < 4, there are no zombies at the colony"),
    "expr": ("NUMBER", "morale, the number of zombies at the colony, 3 for each player who started the game"),
    "cmp": ("COMPARE", "<, <=, >, >=, =, !="),
    "event": ("EVENT", "you move a survivor, a survivor you control searches at the library"),
    "event_ing": ("EVENT-ING", "this survivor being bitten, a survivor you control receiving a wound"),
    "timing": ("WHEN", "when, after, before"),
    "period": ("PERIOD", "turn, round, game"),
    "span": ("SPAN", "turn, round, game"),
    "edge": ("EDGE", "start, end"),
    "phase": ("PHASE", "your turn, each turn, each round, each colony phase, the game"),
    "face": ("FACE", "blank, wound, frostbite, bitten"),
    "state": ("STATE", "exiled, killed, armed, in play, in the survivor deck, your group leader"),
    "player_state": ("SEAT", "first player, active player, player whose turn it is, player to your left"),
    "printed_stat": ("STAT", "influence, attack, search"),
    "rounding": ("ROUNDING", "up, down"),
    "actions": ("ACTIONS", "attack, search, move, attack or search"),
    "actions_ing": ("ACTIONS-ING", "attacking, searching, moving"),
    "happened": ("PLAYED", "you play a fuel card"),
    "manual_key": ("KEY", "one-liner"),
    "tactic": ("TACTIC", '"ON GUARD"'),
    "this_card": ("THIS-CARD", "this card"),
    "bare": ("DESCRIPTION", "survivor at the colony, zombies at the hospital, non-colony location"),
}
#: the roles of the forms, in the order the reference lists them
ROLES = ("step", "subject", "header", "cost", "test", "expr", "event", "event_ing")
#: how a text names each zone of ZONE_VERBS, and each verb (effect-language words: never translated)
ZONE_WORDS = {"hand": "`your hand`, `the hand of …`", "supply": "`the supply`", "waste_pile": "`the waste pile`",
              "removed": "`the removed pile`, `the last 2 cards removed from the game`",
              "location_deck": "`the police station deck`, `the item deck here` …", "survivor_deck": "`the survivor deck`",
              "crisis_deck": "`the crisis deck`", "crossroads_deck": "`the crossroads deck`",
              "dead_survivors": "`the dead survivors`, `a dead survivor`",
              "entrances": "`the entrances of the colony`, `entrance 2 of the colony`"}
VERB_WORDS = {"count": "`the number of`", "look": "`look at`", "choose": "`choose`", "take": "`take`",
              "put_top": "`put … on top of`", "put_bottom": "`put … at the bottom of`", "arrange": "`arrange`",
              "shuffle": "`shuffle`", "bring_back": "`bring … back`"}
#: how a binding an event or a card gives is written (the others: "the <participle> <kind>")
FIXED_WORDS = {"self": "this survivor", "this_card": "this card", "origin": "its origin", "destination": "its destination"}

REFERENCE = {
    "title": "# The effect language",
    "generated": "<!-- generated by `dow docs` from dsl/forms.py, dsl/lexicon.py, compiler/catalogue.py and "
                 "render/langdoc.py; do not edit by hand -->",
    "intro": """Card effects are written in a small language that reads like a card's rules text. Its words are
English. A text goes in a YAML literal block (`effect: |`); conditions go in `if:` and `requires:`
fields, events in `when:`, and who votes or chooses in `vote:`, `chooser:` and `tie_breaker:`.

```yaml
abilities:
  - where: non-colony
    effect: |
      spend an action die of 4 or more:
        kill 3 zombies here. do not roll for exposure.
        add 2 noise tokens here.
```

The language is built along the game's axes: who acts, what they act on, where it is, what it costs,
what a later sentence calls it, when it happens, how long it lasts, and who votes. Any value of one
axis goes with any value of the others: every survivor phrase fits wherever a survivor goes, every
player phrase can be the subject of any step, every event can be waited for. The sections below take
the axes one by one; [Every sentence form](#every-sentence-form) lists every sentence the language
reads, with an example each.

Every word of a text counts. A word the language cannot place is an error at that word, which says
what could come there; a word that would change nothing (a filter said twice, two filters that
contradict each other, `unused` on a die you spend) is an error too. A text never compiles into
something other than what it says.""",
    "shape": """## How a text is read

* A **sentence** ends with a full stop: `draw 2 cards from the school deck.`
* `, then` joins steps done one after the other: `kill the chosen survivor, then lose 1 morale.`
* `and` joins steps the card **ties** together: all of them happen, or none does when one of them
  cannot (`lower an unused action die another player controls by 1 and raise an unused action die you
  control by 1.`). Each step it joins must be one that can be checked before it is done, as a cost is.
* A line ending in **`:`** opens a **block**: the lines indented below it, or one sentence on the same
  line (`if morale < 4: gain 1 morale.`).
* `if CONDITION:` … `otherwise if CONDITION:` … `otherwise:` branch.
* `choose one:` and `vote:` take **options**, lines starting with `-`. An option may start with
  `only if CONDITION:`; an option whose requirement or cost cannot be met cannot be chosen.
* `roll a die:` takes **outcomes**: `on 4 or more:`, `on 3 or less:`, `on 1 to 3:`, `on 6:`. After
  `roll a die.` the next sentences can say `that many`.
* Card names go in straight double quotes: `"Sparky"`. `#` starts a comment.
* `manual KEY.` is a step the players carry out at the table; its instruction and the reason it is
  manual go under `manual: KEY:` in the card file, with `why`, `pt`, `en` and `vi`.""",
    "actors": """## Who acts

A sentence with no subject is done by **you**, the player resolving the card: `draw 2 cards from the
school deck.` Any player phrase can be the subject instead, with the verb in the third person:

```
each player draws 1 card from the school deck.
the player to your left gives a card in their hand to you.
each player who controls a survivor at the colony places a wound on a survivor they control.
the first player may draw 1 card from the school deck.
the player whose turn it is chooses one:
  - gain 1 morale.
  - nothing happens.
```

Each player the phrase names acts for themselves, one after the other in turn from you (play passes
to the left, seed 004): what they draw goes to their own hand, what they choose is their choice, and
`they`, `them` and `their` name them. `you` in such a sentence is still the player resolving the card;
`your` cannot be said there (write `their`). `X may …` asks each of them; `X chooses one:` lets each of
them choose an option. `one player may …:` asks the players in turn from the first player until one
agrees; `the players may together …:` is a cost the players share (see [Costs](#costs)).

The player phrases:""",
    "player_phrases": "`you`, `each player`, `each other player`, `each player other than you`, "
                      "`each non-exiled player`, `each exiled player`, `each player who controls SURVIVOR`, "
                      "`the player who controls SURVIVOR`, `the first player`, `the active player`, "
                      "`the player whose turn it is`, `the player to your left` (`right`), `the player to their "
                      "left` (`right`), `the player with the most cards in their hand` (`fewest`), `the player "
                      "who controls the most survivors` (`fewest`), `another player`, `the chosen player`, "
                      "`they`, `them`.",
    "survivor_subjects": "A survivor can be the subject of what survivors do and of a standing rule: "
                         "`this survivor attacks.`, `the chosen survivor cannot attack or search or move.`",
    "things": """## What a sentence names

A thing is written as a count, adjectives, a noun and filters: `2 helpless survivors at the colony`,
`a random card in the hand of another player`, `an unused action die you control`. The count comes
first; adjectives stand before the noun, filters after it. Each adjective or filter may be said once;
two that cannot both hold (`exiled` and `non-exiled`) are an error.""",
    "counts": "**Counts**: a number, `a`/`an`, `all`, `each`, `every`, `any`, `another`, `up to N`, `at least N`, "
              "`N or more`, `all but N`, `that many` (after a die roll). A count of one takes a singular noun, "
              "any other a plural one.",
    "kinds": "**Kinds of thing and their adjectives**",
    "kind": "kind", "nouns": "nouns", "adjectives": "adjectives",
    "card_types": "**Kinds of card**:",
    "places": "**Places**:",
    "tokens": "**Tokens and wounds**:",
    "filters": "**Filters** after a noun: `you control`, `another player controls`, `they control`, `at PLACE`, "
               "`here`, `in play`, `in your following`, `sharing a location with SURVIVOR`, `sharing a location "
               "only with SURVIVOR`, `other than THING`, `with N or more wounds`, `with no wounds`, `with the "
               "lowest influence` (`highest`), `in ZONE`, `equipped to SURVIVOR`, `from the survivor deck`, "
               "`to your left` (a player), `who controls SURVIVOR` (a player).",
    "spellings": "**Second spellings**: the only words that may be written two ways, with the same meaning:",
    "costs": """## Costs

A **cost** is anything that can be checked before it is done: cards or food spent, an action die
spent, raised or lowered, a wound placed, morale lost, noise added, a card removed from the game or put
in the waste pile. A cost is paid whole or not at all: when any part of it cannot be paid, nothing of
it is paid. A line made of costs pays them, then does its block. Who pays, and what happens when it is
not paid:

| written | who pays | when it is not paid |
|---|---|---|
| `COSTS:` | you, as you must | `if you cannot:` |
| `you may COSTS:` | you, if you wish | `if you do not:` |
| `each player may COSTS:` | each player named, for themselves | `if they do not:` |
| `one player may COSTS:` | the first player in turn who agrees | `if nobody does:` |
| `the players may together COSTS:` | the players between them | `if nobody does:` |

Costs are joined with `and`: `you may spend an action die of 1 or more and spend 1 medicine card:`.
`spend a fuel card and a food card` spends one of each. The players together can only share a cost
that is a number of things each of them can give some of: cards and action dice (`the players may
together spend 3 action dice:`); each player, in turn from you, says how many they put in.

```
the players may together spend a fuel card and a tool card:
  gain 2 morale.
if nobody does:
  lose 1 morale.
```

Everything that can be a cost:""",
    "references": """## Naming what came before

Every step that introduces or picks a thing makes it something a later sentence can name: a choice
(`choose a survivor you control.` gives *the chosen survivor*), a draw (*the drawn cards*), a card
taken (*the taken card*), a survivor added to a following (*the added survivor*), a survivor moved
(*the moved survivor*), a loop (`for each survivor at the colony:` gives *that survivor*, *it*), a
name (`"Gray Beard"`), and the event of a trigger (*the moved survivor*, *its destination*; see
[When](#when-events)). One rule resolves every reference:

> A reference names the most recent thing in scope that it can name.

*In scope*: introduced earlier in the same block or in a block around it, never in a block beside it.
*Can name*: of the kind its place wants (a survivor where a survivor goes) and, for `the chosen …`,
`the drawn …`, with that participle. `it`, `him`, `her`, `that survivor`, `that card`, `that player`
name one thing; `them`, `those survivors`, `those cards` several or one. A reference to one thing
where the most recent is several (`draw 2 cards. discard it.`) is an error, as is a reference with
nothing to name: the error lists what can be named there. `this survivor` and `this card` are the
card's own; `it` never names the card itself. `another survivor`, `each other card`: other than the
most recent one of that kind; `another player`, `each other player`: other than the player acting.

```
add a random survivor from the survivor deck to your following.
roll for exposure on it twice.
choose the player with the most cards in their hand.
give a card in your hand to them.
```

The participles a reference can say, and what they name:""",
    "events": """## When: events

A trigger waits for an event: `when EVENT:`, `after EVENT:` (the same: once it has happened), `before
EVENT:` (only where the game stops just before it), `instead of EVENT-ING:` (only where a rule can
stand in for it). An event names who does it: anyone (`a survivor moves`), a description (`a
survivor you control searches`), or one survivor by name or reference (`"Jenny Clark" searches`,
`this survivor attacks`): the trigger then fires for that one only. The event may name where (`at
the library`, `to the school`, `from the colony`) and what (`you play a fuel card`). The trigger's
block can name what the event carries.

```
when a survivor you control moves to the school:
  place a wound on the moved survivor.
instead of this survivor being bitten:
  place a wound on this survivor.
before a crisis is revealed:
  gain 1 morale.
```""",
    "event": "event", "written": "written", "names": "its block can name", "before": "`before`",
    "instead": "`instead of`",
    "zones": {
        "title": "## Zones and their verbs",
        "intro": "Each zone allows the verbs the game allows on it; a text that asks for another is refused (T008) "
                 "with the reason listed below the table. ✓: allowed; `top`: on a face-down deck, its top cards only "
                 "(`the top 3 cards of …`; `a random card in …` is chosen unseen); ✗: refused. A deck takes cards "
                 "`on top of` it or `at the bottom of` it, never just `into` it.",
        "zone": "zone",
        "refused": "Why the game refuses:",
    },
    "durations": """## How long: limits, durations and standing rules

* `once per turn:`, `once per round:`, `once per game:` limit what their block does; around an
  action (an ability, an extra turn action) they limit how often it can be taken.
* `for the rest of the game:`, `until the end of this round:` (`turn`), `until the end of the next
  round:` keep a rule in force; `as long as CONDITION:` while the condition holds.
* `at the start of your turn:` (`the end`; `each turn`, `each round`, `each colony phase`, `the
  game`) and `at the end of the next round:` (once) act at that moment.
* `N times:`, `twice:`, `that many times:` repeat a block; `any number of times:` asks before each go.
* `attach this card to SURVIVOR:` gives the survivor the block's abilities while the card is attached;
  they are actions of the survivor's controller, with their limits.
* `during their turn, each player may COSTS:` opens an extra action every player may take on their
  own turn while the rule holds.

A **standing rule** changes a number or a rule of the game in the direction it says: `instead of N`
sets it, `additional` adds, `fewer` takes away, `cannot` and `does not` forbid:

```
this survivor needs 4 wounds to die instead of 3.
each player rolls 1 additional action die.
the colony pays 1 additional food.
this survivor does not roll for exposure when moving.
you cannot play food cards.
"Sparky" cannot attack or search or move.
```""",
    "votes": """## Votes

`vote:` lets every player who is not exiled vote; `PLAYER votes:` (`each player who controls a
survivor at the colony votes:`) only those the phrase names. Option 1 is thumbs up, option 2 thumbs
down; each vote counts its weight, the most votes wins (seed 004, Voting). The first player breaks a
tie, unless the header names who does (`, and the player to your left breaks a tie`) or a fallback
says what a tie does instead:

```
each player votes, and the player to your left breaks a tie:
  - gain 1 morale.
  - lose 1 morale.
vote:
  - gain 1 morale.
  - lose 1 morale.
if the vote is tied:
  add 2 zombies to the colony.
for the rest of the game:
  the vote of the first player counts as 2 votes.
```

A crossroads card's vote says the same in its fields: `vote:` (who votes, a condition on `they`),
`tie_breaker:` (who breaks a tie, a condition on `they`) and `tie:` (an effect, what a tie does).""",
    "conditions": """## Conditions and numbers

Conditions join with `and` and `or`; `and` binds tighter than `or` (`A and B or C` is `(A and B) or C`),
and parentheses group conditions on one line: `if the round < 2 and ("Sparky" is in play or you control
"Gray Beard"):`. Every condition has its negative, which holds when it does not: its verb negated (`you do
not control "Sparky"`, `"Sparky" is not exiled`, `the moved survivor does not share a location with …`,
`the school was not searched since this card`, `you did not play a fuel card`) or `not every …` for a
condition on every place (`not every entrance of the colony has a barricade`); `there is no …`, `you have
no …` and `you played no …` say none, and a comparison has its opposite (`<` and `>=`, `=` and `!=`).
A negative is the positive not holding, also on a description: `a survivor you control does not have 2
or more wounds` holds when none of them has (the rules text says "there is no survivor you control with 2
or more wounds"). Numbers compare with `<`, `<=`, `>`, `>=`, `=`, `!=`. A number
is written as a number, `morale`, `the number of THINGS`, `the influence of SURVIVOR`, `the round
number`, `3 for each player who started the game`, `2 for each non-exiled player`. [Every sentence form](#every-sentence-form) lists every
condition and every number, under Conditions and Numbers.""",
    "forms": """## Every sentence form

Each form is a sentence, or a part of one (a cost, a condition, a number, an event), that the
language reads. Words in capitals are the places where a phrase goes
(the table below says which phrases fit); `a|b` is a choice of words that mean the same. Every form
takes every phrase of the kind it names: any survivor phrase where it says SURVIVOR.""",
    "slot": "in a form", "fits": "what fits", "examples": "examples",
    "form": "form", "example": "example",
    "roles": {"step": "### Steps (what is done)", "subject": "### Sentences with their own subject, and standing rules",
              "header": "### Headers (what opens a block)", "cost": "### Costs",
              "test": "### Conditions", "expr": "### Numbers", "event": "### Events (after `when`, `after`, `before`)",
              "event_ing": "### Events after `instead of`"},
    "slots": {
        "survivor": "one survivor or several: a name, a reference, or a description",
        "survivor_described": "survivors described", "survivor_or_card": "a survivor or a card",
        "card": "cards: a reference, a name, or a description", "cards": "a number of cards with their kind",
        "card_one": "one card already named", "card_described": "cards described, with their count",
        "card_kinds": "a kind of card", "player": "a player phrase (see Who acts)",
        "agent": "a survivor or a player", "thing": "a thing of any kind", "exists": "things described",
        "location": "a place", "location_noun_phrase": "places described", "place_ref": "a place an event names",
        "where": "where: here, or at a place", "here": "here", "colony": "the colony", "zone": "a zone",
        "following": "a following", "zombies": "zombies counted", "tokens.noise": "noise tokens counted",
        "tokens.barricade": "barricades counted", "tokens.helpless": "helpless survivor tokens counted",
        "tokens.food": "food counted", "tokens.bullet": "bullets counted", "tokens.despair": "despair tokens counted",
        "wounds.wound": "wounds counted", "wounds.frostbite": "frostbite wounds counted",
        "wound_count": "how many wounds", "dice": "action dice described", "unused_dice": "unused action dice counted",
        "count": "a count", "num": "a number", "times": "how many times", "costs": "costs joined with 'and'",
        "cond": "a condition", "expr": "a number or what is counted", "cmp": "a comparison",
        "event": "an event", "event_ing": "an event, as '-ing'", "timing": "when a trigger runs",
        "period": "a period", "span": "how long", "edge": "the start or the end", "phase": "a moment of the game",
        "face": "a face of the exposure die", "state": "a state of a survivor", "player_state": "a seat or role",
        "printed_stat": "a number printed on a survivor", "rounding": "which way to round",
        "actions": "actions joined with 'or'", "actions_ing": "actions as '-ing', joined with 'or'",
        "happened": "a card played", "manual_key": "the key of a manual step (under the card's manual: field)", "tactic": "a tactics card by name",
        "this_card": "this card", "bare": "things described, without a count",
    },
    "refusals": """## Sentences written another way

These sentences are refused with a message that says what to write instead:""",
    "crossroads": """## Crossroads cards

A crossroads card (seed 004, Resolving Crossroads cards) is read out when its `trigger` is met (its
`when` event and its `if` condition); then the player it applies to chooses one of its options. The
card file says the rest:

* **Every option is offered**, also one that does nothing: leave out its `effect` (or write
  `effect: nothing happens.`) and its generated text says "Nothing happens". Only an option whose
  `only if` requirement or cost cannot be met is left out.
* **`vote:`** makes the options a vote: its value is a condition on a player, `they`, saying who
  votes; `tie_breaker:` and `tie:` say who breaks a tie and what a tie does (see [Votes](#votes)).
* **`setup:`** (with `text` and `effect`) happens before the options are offered. Names it binds do
  not reach the options: an option that needs the same survivor chooses it again.
* **`chooser:`** names another player who chooses the option, by a condition on `they`
  (`chooser: they control "Edward White"`, `chooser: they are the player to your left`); the option
  still happens for the player the card applies to.

```yaml
setup:
  text: {pt: …, en: Before the options Olivia Brown goes to the colony (this is not a move)., vi: …}
  effect: |
    place "Olivia Brown" at the colony.
vote: they control a survivor at the colony
tie_breaker: they are the first player
options:
  - text: {pt: …, en: Lose 1 morale., vi: …}
    effect: |
      lose 1 morale.
  - text: {pt: …, en: Nothing happens., vi: …}
```""",
    "trees": """## The trees a text compiles to

What follows is for the developers of engines that read the bundle: every node kind of the compiled
tree, its fields and an example that compiles to it.""",
}


def render(texts: dict, lang: str, groups_doc) -> str:
    """The whole reference, as Markdown, from its texts in one language; ``groups_doc`` writes the node
    kinds section (render/docs.py: it carries the catalogue's translated doc lines)."""
    t = {**texts, "lang": lang}
    out = [t["title"], "", t["generated"], "", t["intro"].strip(), "", t["shape"].strip(), "",
           t["actors"].strip(), "", t["player_phrases"], "", t["survivor_subjects"], "",
           t["things"].strip(), "", t["counts"], "", _kinds(t), "", t["card_types"] + " " + _card_types(), "",
           t["places"] + " " + _places(), "", t["tokens"] + " " + _tokens(), "", t["filters"], "",
           t["spellings"] + " " + _spellings(), "", _zones(t["zones"], t["lang"]), t["costs"].strip(), "",
           _payable(), "", t["references"].strip(), "", _participles(lang), "", t["events"].strip(), "",
           _events(t), "", t["durations"].strip(), "", t["votes"].strip(), "", t["conditions"].strip(), "",
           t["forms"].strip(), "", _legend(t), ""]
    for role in ROLES:
        out += [t["roles"][role], "", _forms(t, role), ""]
    out += [t["refusals"].strip(), "", _refusals(t["lang"]), "", t["crossroads"].strip(), "", t["trees"].strip(), "",
            groups_doc()]
    return "\n".join(out).rstrip() + "\n"


# ---- the generated parts -----------------------------------------------------------------------------

def _code(words) -> str:
    return ", ".join(f"`{w}`" for w in words)


def _kinds(t: dict) -> str:
    rows = [t["kinds"], "", f"| {t['kind']} | {t['nouns']} | {t['adjectives']} |", "|---|---|---|"]
    for name, kind in L.KINDS.items():
        nouns = [*kind.singular, *kind.plural]
        adjs = sorted(L.ADJECTIVES.get(name, {}))
        rows.append(f"| {_kind(name, t['lang'])} | {_code(nouns) or '—'} | {_code(adjs) or '—'} |")
    return "\n".join(rows)


def _kind(name: str, lang: str) -> str:
    """A kind of thing in the reader's language (the messages catalogue's word for it)."""
    from dow.compiler.messages import M
    return M("refkind." + name).render(lang)


def _card_types() -> str:
    return _code(w for spellings in L.CARD_TYPES.values() for pair in spellings for w in pair) + "."


def _places() -> str:
    return _code(f"the {w}" for w in L.PLACES.values()) + ", `here`, `storage`."


def _tokens() -> str:
    words = [w for pair in L.TOKENS.values() for w in dict.fromkeys(pair)]
    words += [w for pair in L.WOUNDS.values() for w in pair]
    return _code(words) + "."


def _spellings() -> str:
    return ", ".join(f"`{a}` = `{b}`" for a, b in L.SPELLINGS.items()) + "."


def _zones(texts: dict, lang: str) -> str:
    """The zones × verbs table of ZONE_VERBS, and the reason of each refusal in the reference's language."""
    from dow.compiler.messages import catalogue
    head = [texts["zone"], *(VERB_WORDS[v] for v in L.ZONE_VERB_NAMES)]
    lines = [texts["title"], "", texts["intro"], "", "| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    for zone, row in L.ZONE_VERBS.items():
        marks = ["`top`" if isinstance(r, L.Allowed) and r.top else "✓" if isinstance(r, L.Allowed) else "✗"
                 for r in row.values()]
        lines.append("| " + " | ".join([ZONE_WORDS[zone], *marks]) + " |")
    lines += ["", texts["refused"], ""]
    reasons = catalogue(lang)
    lines += [f"* {ZONE_WORDS[zone].split(',')[0]}, {VERB_WORDS[verb]}: {reasons[f'zone-verb.{zone}.{verb}']}."
              for zone, row in L.ZONE_VERBS.items() for verb, rule in row.items() if not isinstance(rule, L.Allowed)]
    return "\n".join(lines) + "\n"


def _payable() -> str:
    """Every form that can be a cost: the costs, and the steps tagged payable."""
    forms = [f for f in FORMS if (f.role == "cost" or "payable" in f.tags) and not _refusal(f)]
    return "\n".join(f"* `{shown(f)}`" + (f" — `{_one_line(f.example)}`" if f.example else "") for f in forms)


def _participles(lang: str) -> str:
    rows = []
    for word, (_, kinds) in L.PARTICIPLES.items():
        rows.append(f"`the {word} …` ({', '.join(_kind(k, lang) for k in kinds)})")
    return ", ".join(rows) + "."


def _events(t: dict) -> str:
    """Every event kind: how it is written, what its block can name, whether it has a before and an instead."""
    from dow.compiler.language import bind_text
    written: dict[str, list[str]] = {}
    for form in FORMS:
        if form.role != "event" or not form.example or _refusal(form):
            continue
        tree, errors = bind_text(form.example, {}, kind="event")
        if not errors and isinstance(tree, dict):
            written.setdefault(tree["kind"], []).append(form.example)
    rows = [f"| {t['event']} | {t['written']} | {t['names']} | {t['before']} | {t['instead']} |", "|---|---|---|---|---|"]
    for kind, event in L.EVENTS.items():
        names = [FIXED_WORDS.get(n) or f"the {_participle(n)} {k}" for n, k in event.carries]
        rows.append(f"| `{kind}` | {_code(written.get(kind, [])) or '—'} | {_code(names) or '—'} | "
                    f"{'✓' if event.before else '—'} | {'✓' if event.instead else '—'} |")
    return "\n".join(rows)


def _participle(name: str) -> str:
    return next((w for w, (bind, _) in L.PARTICIPLES.items() if bind == name), name)


def _legend(t: dict) -> str:
    used = {value.split(":")[1] for f in FORMS for what, value in form_parts(f) if what == "slot"}
    rows = [f"| {t['slot']} | {t['fits']} | {t['examples']} |", "|---|---|---|"]
    for slot, (caps, examples) in SLOTS.items():
        if slot in used:
            rows.append(f"| `{caps}` | {t['slots'][slot]} | {_code(e.strip() for e in examples.split(', '))} |")
    return "\n".join(rows)


def shown(form: Form) -> str:
    """A form's template as an author reads it: 'kill ZOMBIES WHERE'."""
    out = []
    for what, value in form_parts(form):
        if what == "slot":
            name, kind = value.split(":")
            out.append(name[1:] if name.startswith("=") else SLOTS.get(kind, (kind.upper(),))[0])
        else:
            out.append(value)
    return re.sub(r" ,", ",", " ".join(out))


def _one_line(example: str) -> str:
    return " ⏎ ".join(line.strip() for line in example.split("\n"))


def _refusal(form: Form):
    return getattr(form.build, "refusal", None)


def _forms(t: dict, role: str) -> str:
    rows = [f"| {t['form']} | {t['example']} |", "|---|---|"]
    for form in FORMS:
        if form.role == role and not _refusal(form):
            rows.append(f"| `{shown(form)}` | {f'`{_one_line(form.example)}`' if form.example else '—'} |")
    return "\n".join(rows)


def _refusals(lang: str) -> str:
    from dow.compiler.messages import M
    lines = []
    for form in FORMS:
        refusal = _refusal(form)
        if refusal:
            code, msg_id, hint = refusal
            said = M(msg_id).render(lang) + (f" ({M(hint).render(lang)})" if hint else "")
            lines.append(f"* `{shown(form)}` ({code}): {said}")
    return "\n".join(lines)
