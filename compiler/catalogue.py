"""The node catalogue: one entry per effect-tree node kind.

Each entry gives the node's ``op``, its group, its typed fields, a one-line doc and
examples of effect text that compile to it. The bundle JSON Schema, the author
reference and the drift tests are all generated from or checked against this table,
so the language, the schema and the docs cannot silently disagree.

Field types:
  int        a whole number (0 or more)
  signed     a whole number that may be negative
  count      a number, or a count node ("all", "up to 3", "that many")
  target     something chosen or referred to (survivor, player, card, die …)
  location   a location: a named place, "here", or a chosen location
  block      a list of effect nodes
  cond       a condition node
  expr       a number-valued expression node
  event      an event pattern node
  str        a string;  enum:a|b|c  one of the listed strings
  localized  {pt, en, vi}
  options    a list of option nodes;  outcomes  a list of die outcome nodes
  filters    a list of filter nodes
A trailing ``?`` marks an optional field.
"""
from __future__ import annotations

from dataclasses import dataclass

TOKENS = ("noise", "barricade", "helpless", "food", "bullet", "despair", "wound", "frostbite")
ZONES = ("hand", "waste_pile", "removed", "following", "survivor_deck", "crossroads_deck", "item_deck",
         "location_deck", "supply", "bullet_supply", "crisis", "crisis_deck",
         "relic_deck", "event_deck", "resource_deck", "expedition_deck", "market",
         "storage", "dead_survivors", "entrances")
KINDS = ("survivor", "zombie", "location", "player", "card", "die", "tactic", "token", "zone", "stat", "vote",
         "warfare", "round", "turn", "result", "number", "exposure")
STATS = ("influence", "attack", "search", "combat_strength", "vote_weight", "wounds_to_kill",
         "search_cards", "search_keep", "exposure_rolls", "action_dice", "food_cost", "barricades_per_action",
         "zombies_per_attack", "clean_waste_cards", "noise_cards", "waste_limit", "uses_per_round")
ACTIONS = ("move", "search", "attack", "barricade", "clean_waste", "attract", "use_ability", "play_card",
           "add_to_crisis", "vote", "request", "hand_off", "spend_food")
#: every event kind a trigger can wait for (dsl/lexicon.py EVENTS says what each carries and allows)
EVENTS = ("move", "search", "attack", "barricade", "make_noise", "clean_waste", "use_ability", "use_weapon",
          "kill_zombie", "receive_wound", "receive_frostbite", "roll_exposure", "bitten", "enter_play", "die",
          "heal", "play_card", "spend_food", "roll_action_dice", "request_granted", "crossroads_triggered",
          "exile_vote_start", "exile_vote_end", "end_turn", "reveal_crisis", "pay_food", "check_waste",
          "resolve_crisis", "add_zombies", "check_main_objective", "move_round_tracker", "pass_first_player",
          "round_track_zero", "warfare_start", "win_warfare")
DURATIONS = ("turn", "round", "game", "next_round", "warfare", "action")


@dataclass(frozen=True)
class OpSpec:
    """One node kind: its op tag, group, typed fields, doc and examples."""

    op: str
    group: str
    fields: dict[str, str]
    doc: str
    examples: tuple[str, ...] = ()


def _op(op: str, group: str, fields: str, doc: str, *examples: str) -> OpSpec:
    parsed = {}
    for item in fields.split():
        name, _, kind = item.partition(":")
        if name.endswith("?"):  # "else?:block" marks an optional field
            name, kind = name[:-1], kind + "?"
        parsed[name] = kind.replace(";", "|")
    return OpSpec(op, group, parsed, doc, examples)


CATALOGUE: tuple[OpSpec, ...] = (
    # ---- effects -------------------------------------------------------------
    _op("kill_zombies", "effect", "count:count at:location instead_of?:int",
        "Kill zombies at a location; with ``instead_of`` (in a trigger on an attack, which killed that many "
        "already), the attack kills ``count`` in all.",
        "kill 3 zombies here.", "kill all zombies at the hospital.",
        "once per round:\n  when this survivor attacks:\n    kill 2 zombies here instead of 1."),
    _op("add_zombies", "effect", "count:count at:location", "Add zombies to a location.",
        "add 5 zombies to the colony.", "add 1 zombie to each non-colony location."),
    _op("remove_zombies", "effect", "count:count at:location", "Remove zombies from a location (not a kill).",
        "remove all zombies from the grocery store."),
    _op("move_zombies", "effect", "count:count from:location to:location",
        "Move zombies from one location to another.",
        "move 4 zombies from any location to the colony."),
    _op("add_tokens", "effect", "token:enum:noise;barricade;helpless;food;bullet;despair count:count to:target "
        "instead_of?:int",
        "Add tokens: noise or barricades to a location, helpless survivors to the colony, food or bullets to a supply, "
        "despair to a survivor; with ``instead_of`` (barricades, in a trigger on a barricade action, which built that "
        "many already), the action builds ``count`` in all.",
        "add 2 noise tokens here.", "add 3 food to the supply.", "place 4 barricades at the hospital."),
    _op("remove_tokens", "effect", "token:enum:noise;barricade;helpless;food;bullet;despair count:count from:target",
        "Remove tokens.", "remove all barricades from the colony.", "remove 1 food from the supply."),
    _op("fill_noise", "effect", "at:location", "Fill every empty noise space of a location with noise tokens.",
        "fill the police station with noise tokens."),
    _op("gain_morale", "effect", "amount:count", "The colony gains morale.", "gain 1 morale."),
    _op("lose_morale", "effect", "amount:count", "The colony loses morale.", "lose 1 morale."),
    _op("wound", "effect", "target:target count:count kind:enum:wound;frostbite",
        "Wound a survivor (a frostbite wound grows every round), or put a wound on a card that keeps them "
        "(a vehicle's wear).",
        "place a wound on the chosen survivor.", "add a frostbite wound to the moved survivor.",
        "place a wound on this card."),
    _op("heal", "effect", "target:target count:count kind:enum:any;wound;frostbite",
        "Remove wounds from a survivor.", "heal 1 wound on a survivor you control."),
    _op("kill_survivor", "effect", "target:target morale?:enum:kept",
        "Kill a survivor (or a helpless survivor); each death costs the colony 1 morale (seed 004, Killing "
        "Survivors) unless ``morale`` is ``kept`` (\"do not lose morale.\" right after the kill).",
        'kill "Sparky".', "kill 1 helpless survivor.", 'kill "Sparky". do not lose morale.'),
    _op("remove_from_game", "effect", "target:target", "Remove a survivor or card from the game without killing it.",
        'remove "Sophie Robinson" from the game.'),
    _op("exposure", "effect", "target:target times:count", "Roll the exposure die for a survivor.",
        "roll for exposure on the moved survivor 3 times."),
    _op("skip_exposure", "effect", "", "Do not roll for exposure for this action or effect.",
        "do not roll for exposure."),
    _op("skip_die_raise", "effect", "", "The food being spent does not raise the action die (the food stays spent).",
        "do not raise the action die."),
    _op("place_survivor", "effect", "target:target at:location",
        "Put a survivor at a location; this does not count as a move.",
        "place the moved survivor at the colony."),
    _op("move_survivor", "effect", "target:target to:location", "Move a survivor (rolling for exposure as usual).",
        "move the chosen survivor to the hospital."),
    _op("roll", "effect", "die:enum:d6;exposure;combat outcomes:outcomes",
        "Roll a die; then each outcome whose range holds the result happens.",
        "roll a die:\n  on 4 or more: gain 1 morale.\n  on 1 to 3: lose 1 morale.", "roll a die."),
    _op("draw_cards", "effect", "count:count from:target to:target",
        "Draw cards from the top of a deck.", "draw 2 cards from the grocery store deck."),
    _op("take_cards", "effect", "count:count filters:filters from:target to:target",
        "Search a deck or pile for cards of a kind and take them; the rest is shuffled back.",
        "take 2 fuel cards from the gas station deck.", "take up to 4 fuel cards from the removed pile."),
    _op("move_cards", "effect", "cards:target to:target position?:enum:top;bottom",
        "Put cards into a pile: the waste pile, the removed-from-game pile, a player's hand, or storage (the pile "
        "beside the board where a main objective keeps cards: \"in the storage\" or \"in storage\"), on its top; "
        "with ``position``, on top of or at the bottom of a deck or pile (a deck's cards are in order: a card put "
        "into one says where). A card goes into a deck of its own kind only (an item into an item deck, a crisis "
        "into the crisis deck, a survivor into the survivor deck); any other stays where it is.",
        "place a random card in your hand in the waste pile.", "take the last 2 cards removed from the game.",
        "put a fuel card in your hand in the storage.",
        "choose a card in your hand.\nput the chosen card on top of the grocery store deck.",
        "choose a card in the top 3 cards of the crisis deck.\nput the chosen card at the bottom of the crisis deck."),
    _op("give_cards", "effect", "cards:target to:target", "Give cards to another player.",
        "give a card in your hand to another player."),
    _op("look_at", "effect", "what:target by?:target",
        "Look at hidden cards; with ``by``, those players look (\"show … to …\") instead of you.",
        "look at the hand of another player.", "look at the secret objective of any player.",
        "choose a survivor another player controls. show the hand of the player who controls the chosen survivor "
        "to each other player."),
    _op("add_survivor", "effect", "survivor:target to:target", "Add a survivor to a player's following.",
        'add "Sophie Robinson" to your following.'),
    _op("select", "effect", "bind:str chooser:enum:you;them;random selector:target",
        "Choose something and name it for later sentences (\"the chosen survivor\").",
        "choose a survivor you control."),
    _op("change_die", "effect", "die:target amount:signed", "Raise or lower an action die.",
        "increase an unused action die you control by 1."),
    _op("set_die", "effect", "die:target value?:int",
        "Turn an action die to a face: the given number, or (with no number) a face its owner chooses.",
        "turn an unused action die you control to any face.", "turn an unused action die you control to 6."),
    _op("perform", "effect", "who:target action:enum:attack;barricade target?:target",
        "A survivor attacks or barricades by the usual rules (seed 004, Attack, Barricade), without spending an "
        "action die for it (a card that asks for a die says so as its cost): its player picks what it attacks, "
        "a zombie there (then it rolls for exposure) or another player's survivor there, or the survivor "
        "``target`` names; a barricade goes on an empty entrance space the player picks.",
        "this survivor attacks.", "you may spend an action die: this survivor attacks.",
        "you may: this survivor barricades.",
        "choose a survivor another player controls sharing a location with this survivor.\nthis survivor attacks the chosen survivor."),
    _op("reroll_dice", "effect", "dice:target", "Reroll action dice and keep the new results.",
        "reroll an unused action die you control."),
    _op("spend_dice", "effect", "count:count", "Move unused action dice to the used pool without effect.",
        "move 1 unused action die to the used pool."),
    _op("combat_strength", "effect", "amount:signed", "Add to your colony's combat strength in this warfare.",
        "gain 3 combat strength."),
    _op("damage", "effect", "target:target count:count",
        "A player's colony takes damage (games that keep a damage score, such as Winter Tricks).",
        "take 4 damage."),
    _op("reveal_cards", "effect", "count:count from:target",
        "Reveal cards from the top of a deck; a revealed card replaces the one that deck had face up.",
        "reveal 1 card from the relic deck."),
    _op("arrange", "effect", "cards:target",
        "Look at the top cards of a deck and put them back in an order of your choice.",
        "arrange the top 3 cards of the crisis deck in any order."),
    _op("shuffle", "effect", "zone:target",
        "Shuffle a deck: its cards in a new order from the game's random generator, which nobody sees (seed 004: a "
        "deck is shuffled after it is searched; the set-up shuffles every deck).",
        "shuffle the gas station deck.", "shuffle the crisis deck."),
    _op("bring_back", "effect", "what:target to:target",
        "Bring back what is out of play: a dead survivor into play, in your following at the colony (at a "
        "non-colony location of your choice when you are exiled), or a card removed from the game into your hand. "
        "Anything that is not out of play stays where it is.",
        "bring the last card removed from the game back into your hand.", "bring a dead survivor back into play."),
    _op("skip_crisis", "effect", "",
        "The revealed crisis has no effect this round: at the resolve crisis step it is neither resolved nor "
        "prevented (no morale for beating it); the cards added to it are removed from the game as usual.",
        "skip the crisis this round.", "the crisis has no effect this round."),
    _op("return_crisis", "effect", "where:enum:top;bottom",
        "The revealed crisis goes back into the crisis deck, on top or at the bottom; the cards already added "
        "to it go back to the hands of the players who added them, and this round has no crisis to resolve.",
        "put the crisis back on top of the crisis deck.", "put the crisis at the bottom of the crisis deck."),
    _op("end_warfare", "effect", "", "End this colony warfare at once with no further effect.",
        "end the colony warfare."),
    _op("skip_warfare", "effect", "at:location", "Skip the colony warfare at a location.",
        "skip the colony warfare here."),
    _op("exile_vote", "effect", "target:target", "Start a vote to exile a player.",
        "start an exile vote against a player at the colony."),
    _op("end_game", "effect", "", "End the game at once.", "end the game."),
    _op("fail_objective", "effect", "",
        "The main objective has failed: the game ends at once and the colony has lost (the game's ending is "
        "``failed``; each player still wins or loses by their own secret objective).",
        "the main objective fails.", "if there is no fuel card in storage: the main objective fails."),
    _op("make_leader", "effect", "survivor:target", "Make a survivor you control your group leader.",
        'make the chosen survivor your group leader.'),
    _op("spread_bite", "effect", "from:target",
        "Spread a bite from a survivor, by the rules: the lowest-influence survivor who shared its location "
        "is killed, or its controller rolls the exposure die again (a blank stops the spread).",
        "spread the bite from the moved survivor."),
    _op("attach", "effect", "card:target to:target body:block",
        "Attach this card to a survivor; its rules hold while it stays attached.",
        "attach this card to the moved survivor:\n  the moved survivor does not roll for exposure when moving."),
    _op("equip", "effect", "card:target to:target",
        "Equip an item card to a survivor (seed 004, Play a Card: an item that says equip is placed beside a "
        "survivor, whose it then is); a card that is not an item to equip, or a survivor not in play, leaves "
        "everything as it was.",
        "equip a weapon in your hand to a survivor you control."),
    _op("manual", "effect", "key:str instruction:localized why:str",
        "A step the table resolves by judgement, with a localized instruction.", "manual one-liner."),
    # ---- control -------------------------------------------------------------
    _op("if", "control", "cond:cond then:block else?:block", "Do something only if a condition holds.",
        "if morale < 4: gain 1 morale.\notherwise: lose 1 morale."),
    _op("choose", "control", "chooser:enum:you;each_player options:options by?:cond",
        "Choose one option; an option you cannot meet cannot be chosen; one with no effect (\"nothing "
        "happens\") is offered too. With ``by`` (a crossroads card's ``chooser:``), the player the condition "
        "admits (\"they control \\\"Edward White\\\"\") chooses instead of you.",
        "choose one:\n  - gain 1 morale.\n  - nothing happens."),
    _op("vote", "control", "options:options voters?:cond players?:target breaker?:cond tied?:block",
        "A vote (seed 004, Voting): every player who is not exiled, or only those ``voters`` admits (a "
        "condition on \"they\", a crossroads card's ``vote:``) or ``players`` names (\"each player who controls "
        "a survivor at the colony votes\"), votes at once; thumbs up is option 1, thumbs down option 2; each vote "
        "counts its weight; most votes wins. A tie: ``tied`` happens instead of any option (\"if the vote is "
        "tied:\"); else the first player the condition ``breaker`` admits (\"the player to your left breaks a "
        "tie\"), or the first player, chooses among the tied options.",
        "vote:\n  - gain 1 morale.\n  - lose 1 morale.",
        "each player who controls a survivor at the colony votes:\n  - gain 1 morale.\n  - nothing happens.",
        "each player votes, and the player to your left breaks a tie:\n  - gain 1 morale.\n  - lose 1 morale.",
        "vote:\n  - gain 1 morale.\n  - lose 1 morale.\nif the vote is tied:\n  add 2 zombies to the colony."),
    _op("optional", "control", "cost:block body:block player?:target else?:block",
        "\"You may\": do it (paying its cost) or not; with ``player`` (\"each player may …\"), that player decides, "
        "pays and acts.",
        "you may spend 2 action dice: gain 1 morale.", "you may kill 1 zombie here.",
        "each player may spend a food card:\n  until the end of this round:\n    they roll 1 additional action die."),
    _op("for_each", "control", "bind:str selector:target body:block",
        "Do something once for each chosen thing; you, the player resolving it, act and choose every time "
        "(``for each player:`` repeats your own action once per player). When each player acts or chooses for "
        "themselves, write ``each player …`` (each_player).",
        "for each survivor at the colony: roll for exposure on it."),
    _op("pay", "control", "cost:block body:block else?:block",
        "Pay a cost, then do something; if it cannot be paid nothing happens, or ``else`` (\"if you cannot:\"). A "
        "cost is any step that can be checked before it is done (spending, a die raised or lowered, a wound, morale "
        "lost …): all of it is paid, or none.",
        "spend 5 food: gain 1 morale.", "lose 1 morale:\n  add 3 food to the supply.\nif you cannot:\n  gain 1 morale."),
    _op("tied", "control", "steps:block",
        "Steps one sentence joins with 'and': the card ties them together, so all of them happen or none does "
        "(none, when one of them cannot be done).",
        "lower an unused action die another player controls by 1 and raise an unused action die you control by 1."),
    _op("repeat", "control", "body:block times?:count",
        "Any number of times: you may do the block again and again (paying its cost each time) until you stop; "
        "with ``times`` (\"4 times:\", or \"that many times:\" after a roll), the block happens exactly that "
        "many times.",
        "any number of times:\n  spend 1 food: take 1 medicine card from the removed pile.",
        "4 times:\n  add 1 zombie to the colony.",
        "roll a die.\nthat many times:\n  add 1 zombie to the colony."),
    _op("together", "control", "cost:block body:block otherwise?:block",
        "The players may pay a cost together: for each thing the cost names (cards of a kind, action dice), "
        "each player, in turn from you, puts in as many as they choose of their own; if every thing is reached, "
        "each pays their share and the block happens, otherwise nobody pays anything and ``otherwise`` happens. "
        "Cards spent go to the waste pile; cards the sentence removes from the game leave it.",
        "the players may together spend 3 fuel cards: gain 1 morale.",
        "the players may together spend a fuel card and a food card: gain 1 morale.",
        "the players may together remove 2 medicine cards from the game:\n  gain 1 morale.\nif nobody does:\n  lose 1 morale.",
        "the players may together remove a tool card from the game and remove a fuel card from the game: gain 1 morale."),
    _op("pot", "control", "count:count filters:filters taker:enum:most;you;highest_roll start?:enum:first "
        "stakes?:enum:face_up",
        "A pot: each player who is not exiled, in turn from you (``start: first``: from the first player), stakes "
        "face down (``stakes: face_up``: in plain view, each stake seen as it is made) up to ``count`` of the cards "
        "from their own hand (a ``per`` count is counted for each player, 'they' being that player: \"1 item "
        "card for each survivor they control at the colony\"); then the taker gets every staked card: ``most``, "
        "the player who staked the most (a tie broken by the first player, as in a vote), ``you``, or "
        "``highest_roll``: each player who staked rolls a die for each card they staked, and the one with the "
        "highest die takes the pot; the players tied for it roll again, as many dice as before.",
        "each player may stake up to 2 food cards:\n  the player who staked the most takes the pot.",
        "each player may stake up to 3 cards:\n  you take the pot.",
        "starting with the first player, each player may stake up to 1 item card face up for each survivor they "
        "control at the colony:\n  the player who rolls the highest die takes the pot."),
    _op("offer", "control", "cost:block body:block otherwise?:block",
        "\"One player may …\": the players who are not exiled are asked in turn, from the first player on, and "
        "the first who agrees (paying its cost) does it, as \"they\"; a player who cannot pay it or has no card "
        "it would put away is not asked. ``otherwise`` (\"if nobody does:\") happens when nobody did it.",
        "one player may:\n  put a fuel card in their hand in the storage.\nif nobody does:\n  the main objective fails.",
        "a single player may spend 2 food:\n  gain 1 morale."),
    _op("each_player", "control", "players:target body:block",
        "Each player ``players`` names (\"each player\", \"each player who controls a survivor at the colony\", "
        "\"the player to your left\"), in turn from you, does the block themselves: what they draw goes to their "
        "hand, what they choose is their choice, and ``they``/``their`` name them (\"the player to their left\" is "
        "the seat beside theirs).",
        "each player draws 1 card from the grocery store deck.",
        "each player gives a card in their hand to the player to their left.",
        "each player who controls a survivor at the colony discards a random card from their hand."),
    _op("limit", "control", "per:enum:turn;round;game body:block", "At most once per turn, round or game.",
        "once per round:\n  gain 1 morale."),
    _op("option", "part", "requires?:cond body:block", "One option of a choice or vote; ``requires`` must hold to pick it.",
        "choose one:\n  - only if morale < 4: gain 1 morale.\n  - lose 1 morale."),
    _op("outcome", "part", "min:int max:int body:block", "What happens when a die shows ``min`` to ``max``.",
        "roll a die:\n  on 1 to 3: lose 1 morale."),
    # ---- costs ---------------------------------------------------------------
    _op("spend_die", "cost", "count:count min:int", "Spend unused action dice showing at least ``min``.",
        "spend an action die of 4 or more: gain 1 morale."),
    _op("spend_tokens", "cost", "token:enum:food;bullet count:count", "Spend tokens from your supply.",
        "spend 5 food: gain 1 morale.", "spend 1 bullet: add 1 food to the supply."),
    _op("spend_cards", "cost", "count:count filters:filters to?:enum:removed",
        "Put cards from your hand into the waste pile, without their effect (``to: removed``: out of the game); "
        "the payer chooses which when their hand holds more of the kind, and the host's ``pay`` is handed them "
        "as ``cards``.",
        "spend 3 fuel cards: gain 1 morale."),
    # ---- triggers and rules --------------------------------------------------
    _op("trigger", "rule", "timing:enum:when;after;before event:event body:block",
        "A triggered effect: when, after or before an event happens.",
        "when you move a survivor:\n  roll for exposure on the moved survivor."),
    _op("phase", "rule", "edge:enum:start;end of:enum:turn;your_turn;round;game;colony_phase body:block",
        "At the start or end of a turn or round, or of each round's colony phase (``colony_phase``: before its "
        "first step, paying food, or after its last, passing the first player token).",
        "at the start of your turn:\n  gain 1 morale.", "at the start of each colony phase:\n  gain 1 morale."),
    _op("lasting", "rule", "duration:enum:" + ";".join(DURATIONS) + " body:block",
        "Rules that hold for a while: the rest of the turn, round or game, or only the action that triggered "
        "them (``action``).",
        "for the rest of the game:\n  the moved survivor does not roll for exposure when moving.",
        "when this survivor cleans waste:\n  for this action:\n    this survivor removes 5 cards from the waste pile instead of 3."),
    _op("while", "rule", "cond:cond body:block", "Rules that hold as long as a condition does.",
        "as long as there are 2 or more helpless survivors at the colony:\n  your vote counts as 2 votes."),
    _op("forbid", "rule", "who:target actions:list unless?:cond to?:location from?:location cards?:filters "
        "card?:target",
        "Someone cannot do certain actions: only moves to or away from a place (``to``, ``from``), only "
        "plays of some cards (``cards``, a kind) or of one card a back-reference names (``card``) when given.",
        "this survivor cannot move unless you play a fuel card.", "the chosen survivor cannot attack or search or move.",
        '"Alexis Grey" cannot move away from the library.', '"Alexis Grey" cannot move to the library.',
        "choose a card in your hand.\nuntil the end of this round:\n  you cannot play the chosen card.",
        "you cannot play food cards.", "you cannot add cards to the crisis."),
    _op("exempt", "rule", "who:target from:enum:exposure;food_cost;bite_spread when?:list origin?:location "
        "destination?:location at?:location entrance?:int",
        "Someone does not roll for exposure (when doing certain actions; for moves, only from ``origin`` or to "
        "``destination`` when given; for attacks, only on the zombies of ``entrance`` of ``at`` when given), or "
        "is passed over when a bite spreads.",
        "this survivor does not roll for exposure when attacking.", "this survivor is ignored when a bite spreads.",
        "each survivor does not roll for exposure when moving from the colony to the hospital.",
        "each survivor does not roll for exposure when attacking zombies at entrance 1 of the colony."),
    _op("modify", "rule", "stat:enum:" + ";".join(STATS) + " who:target value:signed mode:enum:set;add instead_of?:signed "
        "except?:enum:exile_vote",
        "Change a number the rules use: combat strength, vote weight, cards looked at …; ``except``: not in "
        "that kind of vote.",
        "this survivor gives 2 combat strength instead of 1.", "your vote counts as 2 votes.",
        "the colony loses 1 morale for every 15 cards in the waste pile instead of 10.",
        "this survivor looks at 3 cards when making noise instead of 1.",
        "your vote counts as 2 votes except in exile votes.",
        "choose a weapon equipped to this survivor.\nuntil the end of this round:\n  the chosen card can be used 2 "
        "times per round."),
    _op("extra_goal", "rule", "kind:enum:win;require cond:cond",
        "Change the main objective: the colony also wins when a condition holds (``win``), or the objective "
        "also requires it (``require``).",
        "the colony also wins if there are 5 or more food tokens in the supply.",
        "the main objective also requires that there are no zombies at the hospital."),
    _op("copy_abilities", "rule", "who:target from:target",
        "A survivor also has the abilities printed on other survivor cards.",
        "this survivor has the abilities of each other survivor sharing a location with it."),
    _op("replace", "rule", "event:event body:block", "Instead of an event, something else happens.",
        "instead of this survivor receiving a frostbite wound:\n  place a wound on this survivor."),
    # ---- lasting turn actions, reactions to a die result, checks in a later round --------------
    _op("turn_action", "rule", "cost:block body:block",
        "An extra action every player may take during their own turn while the rule holds (seed 004, Player "
        "Turn Actions): the player whose turn it is pays the cost, then the block happens for them "
        "(\"they\"); it can be taken again as long as the cost can be paid.",
        "for the rest of the game:\n  during their turn, each player may spend a card:\n"
        "    heal 1 wound on a survivor they control at the colony."),
    _op("ignore_roll", "rule", "face:enum:bitten;wound;frostbite cost:block",
        "While the rule holds, right after an exposure die shows the face, the players are asked in turn from "
        "the first player; the first who pays the cost has the result ignored (its effect does not happen).",
        "until the end of this round:\n  any player may spend a medicine card to ignore a bitten result on "
        "the exposure die."),
    _op("delayed", "rule", "edge:enum:start;end body:block",
        "Once, at the start or the end of the next round; what happened since the card (\"since this card\") "
        "is counted from the moment the rule was made.",
        "at the end of the next round:\n  if every non-colony location was searched since this card: "
        "gain 1 morale.\n  otherwise: lose 1 morale."),
    # ---- conditions ----------------------------------------------------------
    _op("all", "condition", "items:conds", "Every condition holds.", 'if you control "Sparky" and morale < 4: gain 1 morale.'),
    _op("any", "condition", "items:conds", "At least one condition holds.", 'if morale < 2 or morale > 6: gain 1 morale.'),
    _op("not", "condition", "item:cond", "The condition does not hold.", 'if "Sparky" is not exiled: gain 1 morale.'),
    _op("compare", "condition", "left:expr cmp:enum:lt;le;gt;ge;eq;ne right:expr", "Compare two numbers.",
        "if morale < 4: gain 1 morale."),
    _op("exists", "condition", "selector:target min:int", "At least ``min`` things match.",
        "if there are 2 or more helpless survivors at the colony: lose 1 morale."),
    _op("controls", "condition", "player:target what:target", "A player controls a survivor.",
        'if you control "Sparky": gain 1 morale.'),
    _op("is", "condition", "subject:target state:enum:exiled;in_play;in_survivor_deck;group_leader;at;killed;armed;at_colony;helpless;first;active;left;right where?:location",
        "A survivor or card is in a state or place; a player is the first player (``first``), the player whose "
        "turn it is (``active``), or the player to your left or right (``left``, ``right``: the seats beside yours).",
        'if "Sparky" is exiled: gain 1 morale.', 'if "Brian Lee" is at the colony: gain 1 morale.',
        "for each player:\n  if they are the first player: gain 1 morale.",
        "for each player:\n  if they are the player to your left: gain 1 morale."),
    _op("shares_location", "condition", "a:target b:target", "Two survivors are at the same location.",
        "if the moved survivor shares a location with an exiled survivor: lose 1 morale."),
    _op("event_happened", "condition", "event:event", "An event happened (used by triggers that check conditions).",
        "if you played a fuel card: gain 1 morale."),
    _op("tactic_played", "condition", "who:enum:enemy;you name:str", "A colony leader played a tactic card.",
        'if the enemy colony leader plays "ON GUARD": end the colony warfare.'),
    _op("searched", "condition", "where:location",
        "Every location named was searched (seed 004, Search) since the card: inside a block that happens "
        "later (\"at the end of the next round:\"), from the moment that block was made.",
        "at the end of the next round:\n  if every non-colony location was searched since this card: "
        "gain 1 morale."),
    _op("barricaded", "condition", "where:location min:int",
        "Every entrance of a location holds ``min`` barricades or more (Stockpile: \"at least 1 barricade at "
        "each colony entrance\").",
        "if each entrance of the colony has a barricade: gain 1 morale.",
        "if each entrance of the colony has 2 or more barricades: gain 1 morale."),
    _op("rolled", "condition", "face:enum:blank;wound;frostbite;bitten",
        "The exposure die rolled just before in the same block showed a face (\"the result is blank\").",
        "roll for exposure on this survivor.\nif the result is blank: gain 1 morale."),
    # ---- expressions ---------------------------------------------------------
    _op("number", "expression", "value:signed", "A plain number.", "if morale < 4: gain 1 morale."),
    _op("count_of", "expression", "selector:target", "How many things match.",
        "if the number of zombies at the colony > 5: lose 1 morale."),
    _op("morale", "expression", "colony:enum:yours;enemy", "A colony's morale.", "if morale < 4: gain 1 morale."),
    _op("stat_of", "expression", "stat:enum:" + ";".join(STATS) + " of:target", "A number printed on a card.",
        "if the influence of the moved survivor > 40: gain 1 morale."),
    _op("empty_spaces", "expression", "at:location",
        "The empty survivor spaces at a location: its survivor spaces less the survivors there.",
        "if the number of empty survivor spaces at the hospital < 3: lose 1 morale."),
    _op("result", "expression", "", "The result of the last die rolled (\"that many\").",
        "roll a die. remove that many zombies from the colony."),
    _op("round", "expression", "", "The round track.", "if the round < 3: gain 1 morale."),
    _op("round_number", "expression", "",
        "The number of the round being played, counted from 1 at the game's first round (the round track "
        "counts the other way).", "if the round number = 8: gain 1 morale."),
    _op("per_player", "expression", "amount:int who?:enum:not_exiled",
        "``amount`` for each player who started the game (exiled players too: they started it); with ``who`` "
        "``not_exiled``, for each player who is not exiled (\"2 for each non-exiled player\").",
        "if the number of zombies at the storage >= 3 for each player who started the game: end the game.",
        "if the number of players who started the game > 4: gain 1 morale.",
        "if the number of food tokens in the supply >= 2 for each non-exiled player: gain 1 morale."),
    # ---- things ----------------------------------------------------------------
    _op("select_of", "selector", "kind:enum:" + ";".join(KINDS) + " quantity:quantity filters:filters bind?:str",
        "A description of things to choose or count (\"a survivor you control at the colony\"); with ``bind``, what "
        "it named is bound under that name for the later steps of its block that refer to it (\"… it\").",
        "place a wound on a survivor you control."),
    _op("ref", "selector", "name:str kind:enum:" + ";".join(KINDS),
        "A back-reference: the moved survivor, the chosen survivor, this survivor, it.",
        "place a wound on the moved survivor."),
    _op("named", "selector", "card:str kind:enum:" + ";".join(KINDS), "A named card, such as a survivor by name.",
        'kill "Rod Miller".'),
    _op("you", "selector", "", "The player resolving the card.", 'if you control "Sparky": gain 1 morale.'),
    _op("zone", "selector", "zone:enum:" + ";".join(ZONES) + " owner?:target location?:location top?:int "
        "entrance?:int",
        "A pile or deck: your hand, the waste pile, a location's item deck, the dead survivors (survivors killed, out "
        "of play) …; with ``top``, only that many cards from its top (a pile's top is the card put there last: \"the "
        "last 2 cards removed from the game\"). ``entrances`` are a location's entrances, which hold zombies and "
        "barricades (the colony has 6, every other location 1); with ``entrance``, that one (\"entrance 2 of the "
        "colony\"). Which verbs each zone allows is dsl/lexicon.py's table ZONE_VERBS.",
        "draw 2 cards from the grocery store deck.", "take all weapons from the top 8 cards of the police station deck.",
        "look at the top card of the item deck here.", "if the number of fuel cards in storage >= 8: end the game.",
        "if the number of zombies at entrance 2 of the colony >= 2: lose 1 morale.",
        "if the number of dead survivors >= 3: lose 1 morale."),
    _op("location", "location", "id:str", "A named location; ``storage`` is the place beside the board where a "
        "main objective keeps zombies or cards (cards there, \"at the storage\" or \"in storage\", are the zone "
        "``storage``).", "kill 3 zombies at the colony.",
        "add a zombie to the storage.", "if the number of zombies at the storage >= 6: end the game."),
    # ---- filters (inside select_of) -----------------------------------------------
    _op("controlled_by", "filter", "player:enum:you;other;enemy;friendly;any;them", "Who controls it "
        "(``them``: the player of the enclosing 'for each player').",
        "place a wound on a survivor you control."),
    _op("state", "filter", "is:str", "A state word: exiled, non-exiled, helpless, unused, random …",
        "kill 1 zombie at a non-colony location."),
    _op("at", "filter", "location:location", "Where it is (of an event: where it happens).",
        "roll for exposure on each survivor at the colony."),
    _op("origin", "filter", "location:location", "Of a move: where it starts.",
        "when a survivor moves from the colony:\n  gain 1 morale."),
    _op("destination", "filter", "location:location", "Of a move: where it goes.",
        "when a survivor moves to the hospital:\n  gain 1 morale."),
    _op("without", "filter", "action:enum:" + ";".join(ACTIONS),
        "Of an event: its actor did not take the action in the turn before it.",
        "when you end your turn without adding a card to the crisis:\n  lose 1 morale."),
    _op("sharing_location", "filter", "with:target only?:enum:alone",
        "It shares a location with something; with ``only``, the two are the only survivors there.",
        "place a wound on a survivor sharing a location with the moved survivor.",
        "choose a survivor another player controls sharing a location only with a survivor you control."),
    _op("extreme", "filter", "stat:str mode:enum:lowest;highest", "The one with the lowest or highest number.",
        "place a wound on the survivor with the lowest influence at the colony."),
    _op("card_type", "filter", "type:str", "A kind of card: weapon, food, fuel, medicine, tool, book, outsider …",
        "take 2 fuel cards from the gas station deck."),
    _op("card_named", "filter", "name:str", "Cards of one name (its English name, as the card file spells it).",
        'if the number of "Junk" cards in storage >= 2: gain 1 morale.'),
    _op("token_type", "filter", "type:enum:" + ";".join(TOKENS), "A kind of token: noise, barricade, food …",
        "if there is a barricade at the colony: gain 1 morale."),
    _op("in_zone", "filter", "zone:target",
        "It is in a pile or deck (\"a card in the waste pile\"; \"a dead survivor\" is one of the dead survivors), "
        "or, for zombies and barricades, at an entrance (\"at entrance 2 of the colony\").",
        "remove a random card in your hand from the game.", "choose a dead survivor.",
        "if the number of barricades at entrance 1 of the colony >= 1: gain 1 morale."),
    _op("owned_by", "filter", "player:target", "Whose it is.", "look at the secret objective of any player."),
    _op("controller_of", "filter", "what:target", "The player who controls something (\"the player who controls "
        "the chosen survivor\").",
        "choose a survivor. give a card in your hand to the player who controls the chosen survivor."),
    _op("equipped_to", "filter", "survivor:target", "Cards equipped to a survivor.",
        "put all cards equipped to the chosen survivor into your hand."),
    _op("controls_fewer", "filter", "kind:str than:target",
        "A player who controls fewer things of a kind (survivors) than another player.",
        "give a card in your hand to a player who controls fewer survivors than you."),
    _op("on", "filter", "thing:target", "Tokens kept on a survivor or a card.",
        "if the number of wounds on this card >= 4: remove this card from the game."),
    _op("seat", "filter", "side:enum:left;right",
        "The player beside you at the table: play passes to the left, the first player token to the right (seed "
        "004); the runtime reads the seating from the order of the host's players, each next one to the left.",
        "give a card in your hand to the player to your left.", "look at the hand of the player to your right."),
    _op("other_than", "filter", "target:target", "Anything but the given one.",
        "place a wound on a survivor other than the moved survivor."),
    _op("wounds", "filter", "min:int max?:int",
        "A survivor with ``min`` wounds or more (and ``max`` or fewer, when given): \"a wounded survivor\" has 1 or "
        "more; a frostbite wound is a wound (seed 004, Frostbite).",
        "choose a survivor you control with 2 or more wounds.", "heal 1 wound on a wounded survivor you control.",
        "for each survivor with no wounds at the colony: gain 1 morale."),
    _op("most", "filter", "what:enum:hand;survivors mode:enum:most;fewest",
        "The player (or players, tied) with the most or the fewest cards in their hand (``hand``) or survivors "
        "they control (``survivors``), of all the players; when one player is meant and several tie, the first "
        "player chooses among them (seed 004, Voting: all ties are broken by the first player).",
        "the player with the most cards in their hand gives 2 cards to you.",
        "the player who controls the fewest survivors draws 2 cards from the hospital deck."),
    _op("here", "location", "", "The location of the survivor or card in question.", "kill 3 zombies here."),
    _op("location_of", "location", "target:target", "Where a survivor is (\"the location of …\").",
        "kill all zombies sharing a location with the chosen survivor.",
        "add 4 noise tokens to the location of the chosen survivor."),
    _op("all_count", "count", "", "All of them.", "kill all zombies here."),
    _op("up_to", "count", "n:int", "Any number from 0 up to ``n``, chosen when resolved.",
        "take up to 4 fuel cards from the removed pile."),
    _op("all_but", "count", "n:int", "All of them but ``n``.", "remove all but 1 zombie from the colony."),
    _op("per", "count", "amount:int n:int selector:target round:enum:up;down",
        "``amount`` for every ``n`` things that match, rounded up or down, counted when resolved.",
        "lose 1 morale for every 2 helpless survivors at the colony, rounding up."),
    _op("event", "event", "kind:enum:" + ";".join(EVENTS) + " actor:target subject?:target filters:filters",
        "An event pattern for triggers: who does what, to what, where. ``actor`` is who does it (a survivor, a "
        "player, or ``select_of`` of kind ``round``, ``warfare`` or ``zombie`` for an event nobody names); "
        "``subject`` the other thing named (the card played, the card given in a card request, the player an exile "
        "vote is against); ``filters``: ``at`` (where it happens), ``origin`` and ``destination`` (where a move "
        "starts and goes), ``without`` (an action the actor did not take in the turn), ``in_zone``. The kinds: "
        "a survivor's actions and what befalls it (``move``, ``search``, ``attack``, ``barricade``, ``make_noise``, "
        "``clean_waste``, ``use_ability``, ``use_weapon``, ``kill_zombie``, ``receive_wound``, "
        "``receive_frostbite``, ``roll_exposure``, ``bitten``, ``enter_play``, ``die``, ``heal``: a wound removed, "
        "``subject`` the card being played whose effect removed it); a player's (``play_card``, "
        "``spend_food``, ``roll_action_dice``, ``request_granted``: a card given to the player who requested it, "
        "``crossroads_triggered``: a crossroads card applied to the player, resolved, ``exile_vote_start``, "
        "``exile_vote_end``, ``end_turn``); the round's steps (``reveal_crisis``, then the colony phase's "
        "``pay_food``, ``check_waste``, ``resolve_crisis``, ``add_zombies``, ``check_main_objective``, "
        "``move_round_tracker``, ``pass_first_player``, and ``round_track_zero``); Warring Colonies' "
        "``warfare_start`` and ``win_warfare``. A trigger waits for the event to happen (``when``, ``after``); "
        "``before`` waits for the moment just before a move, a crisis revealed, a colony phase step or a warfare "
        "starting; ``replace`` stands in for a wound, a frostbite wound or a bite.",
        "when you move a survivor:\n  gain 1 morale.", "when a crisis is revealed:\n  gain 1 morale.",
        "before the crisis is resolved:\n  gain 1 morale.",
        "when a survivor you control moves to the colony:\n  gain 1 morale.",
        "when you end your turn without adding a card to the crisis:\n  lose 1 morale.",
        'when "Jenny Clark" dies:\n  gain 1 morale.', "after an exile vote against you ends:\n  gain 1 morale."),
)

BY_OP: dict[str, OpSpec] = {spec.op: spec for spec in CATALOGUE}
GROUPS = ("effect", "control", "cost", "rule", "condition", "expression", "selector", "filter", "location", "count", "event", "part")


# ---- the runtime half of each node kind ------------------------------------------------------
@dataclass(frozen=True)
class Runs:
    """What the runtime does with a statement node: its handler in runtime/handlers.py's HANDLERS, the host
    actions it asks for (runtime/host.py's ACTIONS; each is logged as an event of its own name), the other
    events it logs, and its role: ``acts`` (it changes the game), ``control`` (it runs its blocks, asks a
    decision or binds a name), ``rule`` (it hands a continuous rule to the host's ``add_rule``)."""

    role: str
    actions: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    game: str = "base"          # the reference game that runs it: base, warring-colonies, winter-tricks


def _runs(role: str, actions: str = "", events: str = "", game: str = "base") -> Runs:
    return Runs(role, tuple(actions.split()), tuple(events.split()), game)


_SAME = ("kill_zombies add_zombies remove_zombies move_zombies add_tokens remove_tokens fill_noise wound heal "
         "kill_survivor remove_from_game skip_exposure skip_die_raise place_survivor move_survivor draw_cards "
         "take_cards move_cards give_cards look_at add_survivor change_die set_die perform spend_dice "
         "exile_vote end_game make_leader spread_bite manual").split()

#: every statement node kind (groups effect, control, cost, rule) and what the runtime does with it;
#: tests/lang/test_catalogue_runtime.py holds it against the runtime and runs each through the engine
RUNTIME: dict[str, Runs] = {
    **{op: _runs("acts", op) for op in _SAME},
    "gain_morale": _runs("acts", "change_morale"), "lose_morale": _runs("acts", "change_morale"),
    "exposure": _runs("acts", "", "exposure"), "roll": _runs("control", "", "roll"),
    "skip_crisis": _runs("acts", "skip_crisis"), "return_crisis": _runs("acts", "return_crisis"),
    "reroll_dice": _runs("acts", "set_die"), "select": _runs("control"), "arrange": _runs("acts", "arrange look_at"),
    "shuffle": _runs("acts", "shuffle"), "bring_back": _runs("acts", "bring_back"),
    **{op: _runs("acts", op, game="warring-colonies") for op in ("combat_strength", "end_warfare", "skip_warfare")},
    **{op: _runs("acts", op, game="winter-tricks") for op in ("damage", "reveal_cards")},
    "attach": _runs("rule", "attach"),
    "if": _runs("control"), "choose": _runs("control", "", "chose no_option"),
    "vote": _runs("control", "", "vote no_option"), "optional": _runs("control", "pay"),
    "for_each": _runs("control"), "pay": _runs("control", "pay", "cannot_pay"), "repeat": _runs("control"),
    "tied": _runs("control", "", "cannot_pay"),
    "together": _runs("control", "pay", "cannot_pay"),
    "pot": _runs("control", "take_pot", "staked"),
    "offer": _runs("control", "pay", "took_offer nobody_did"), "fail_objective": _runs("acts", "fail_objective"),
    "limit": _runs("control", "use_limit"),
    "each_player": _runs("control"), "equip": _runs("acts", "equip"),
    "spend_die": _runs("acts", "pay"), "spend_tokens": _runs("acts", "pay"), "spend_cards": _runs("acts", "pay"),
    **{op: _runs("rule") for op in ("trigger", "phase", "lasting", "while", "forbid", "exempt", "modify",
                                    "extra_goal", "copy_abilities", "replace")},
    "turn_action": _runs("rule", "pay"), "ignore_roll": _runs("rule", "pay", "ignored"), "delayed": _runs("rule"),
}
#: groups whose nodes are statements (each has a handler); the others are read by the interpreter's
#: queries (conditions, expressions, selectors …) or are parts of a statement (options, outcomes)
STATEMENT_GROUPS = ("effect", "control", "cost", "rule")
