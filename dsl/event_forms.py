"""The forms of events: what a trigger waits for ("when a survivor you control searches", "instead of this
survivor being bitten"), one form per way of naming each event of dsl/lexicon.py ``EVENTS``. dsl/forms.py
adds them to the table of forms."""
from __future__ import annotations

from typing import Any, Callable

from .form_kit import F, Form


def _ev(kind: str, actor_is_subject: bool = False, **extra: Any) -> Callable[[dict], dict]:
    def build(s: dict) -> dict:
        node = {"op": "event", "kind": kind, "actor": s.get("actor", {"op": "you"}), "filters": s.get("filters", [])}
        if "subject" in s:
            node["subject"] = s["subject"]
        elif actor_is_subject:
            node["subject"] = s["actor"]
        node.update(extra)
        return node
    return build


def _with_at(build: Callable[[dict], dict]) -> Callable[[dict], dict]:
    """An event pattern with the places its slots name: ``at`` where it happens, ``to`` and ``from`` where
    a move goes and starts (filters ``at``, ``destination``, ``origin``), placed at the event's verb."""
    def wrapped(s: dict) -> dict:
        node = build(s)
        verb = next((p for w, p in s["_words"].items() if w not in ("at", "a", "an", "the", "you", "to", "from")),
                    s["_start"])
        node["filters"] = [*node["filters"], *({"op": op, "location": s[slot], "pos": verb}
                                               for slot, op in (("at", "at"), ("from", "origin"), ("to", "destination"))
                                               if slot in s)]
        return node
    return wrapped


def _round(kind: str) -> Callable[[dict], dict]:
    """An event nobody takes: a step of the round ("the crisis is resolved")."""
    return lambda s: {"op": "event", "kind": kind, "actor": _ANY("round"), "filters": []}


def _anyone(kind: str) -> Callable[[dict], dict]:
    """An event any player may be the actor of ("a card request is granted")."""
    return lambda s: {**_ev(kind)(s), "actor": _ANY("player")}


def _without(build: Callable[[dict], dict], action: str) -> Callable[[dict], dict]:
    """An event whose actor did not take an action in the turn before it ("… without adding a card to the
    crisis"), placed at 'without'."""
    def wrapped(s: dict) -> dict:
        node = build(s)
        node["filters"] = [*node["filters"], {"op": "without", "action": action, "pos": s["_words"]["without"]}]
        return node
    return wrapped


def _by(build: Callable[[dict], dict]) -> Callable[[dict], dict]:
    """'an exile vote started by you ends': the actor is named after the verb."""
    return lambda s: {**build(s), "actor": s["actor"]}


EVENTS: tuple[Form, ...] = (
    # ---- a survivor's actions, and what befalls it -------------------------------------------------
    F("event", "{actor:player} (move|moves) {subject:survivor}", _ev("move"), "you move a survivor"),
    F("event", "{actor:player} (move|moves) {subject:survivor} to {to:location}", _with_at(_ev("move")),
      "you move a survivor to the hospital"),
    F("event", "{actor:player} (move|moves) {subject:survivor} from {from:location}", _with_at(_ev("move")),
      "a player moves a survivor from the colony"),
    F("event", "{actor:survivor} moves", _ev("move", True), "this survivor moves"),
    F("event", "{actor:survivor} moves to {to:location}", _with_at(_ev("move", True)),
      "a survivor you control moves to the colony"),
    F("event", "{actor:survivor} moves from {from:location}", _with_at(_ev("move", True)),
      "a survivor moves from the colony"),
    F("event", "{actor:survivor} moves from {from:location} to {to:location}", _with_at(_ev("move", True)),
      "a survivor moves from the colony to the library"),
    F("event", "{actor:survivor} (search|searches)", _ev("search", True), "a survivor you control searches"),
    F("event", "{actor:survivor} (search|searches) at {at:location}", _with_at(_ev("search", True)),
      "a survivor you control searches at the library"),
    F("event", "{actor:survivor} attacks", _ev("attack", True), "this survivor attacks"),
    F("event", "{actor:survivor} barricades", _ev("barricade", True), "this survivor barricades"),
    F("event", "{actor:survivor} makes noise", _ev("make_noise", True), "this survivor makes noise"),
    F("event", "{actor:survivor} cleans waste", _ev("clean_waste", True), "this survivor cleans waste"),
    F("event", "you clean waste", _ev("clean_waste"), "you clean waste"),
    F("event", "{actor:survivor} uses an ability", _ev("use_ability", True), '"Brian Lee" uses an ability'),
    F("event", "{actor:survivor} uses a weapon", _ev("use_weapon", True), "a survivor you control uses a weapon"),
    F("event", "you use a weapon", _ev("use_weapon"), "you use a weapon"),
    F("event", "{actor:survivor} kills a zombie", _ev("kill_zombie", True), "this survivor kills a zombie"),
    F("event", "{actor:survivor} kills a zombie at {at:location}", _with_at(_ev("kill_zombie", True)),
      "a survivor kills a zombie at the colony"),
    F("event", "you kill a zombie", _ev("kill_zombie"), "you kill a zombie"),
    F("event", "a zombie is killed", lambda s: {"op": "event", "kind": "kill_zombie", "actor": _ANY_ZOMBIE(),
                                               "subject": _ANY_ZOMBIE(), "filters": []}, "a zombie is killed"),
    F("event", "a zombie is killed {at:where}", _with_at(lambda s: {
        "op": "event", "kind": "kill_zombie", "actor": _ANY_ZOMBIE(), "subject": _ANY_ZOMBIE(), "filters": []}),
      "a zombie is killed at the hospital"),
    F("event", "{actor:survivor} receives a wound", _ev("receive_wound", True), "a survivor you control receives a wound"),
    F("event", "{actor:survivor} receives a frostbite wound", _ev("receive_frostbite", True),
      "a survivor you control receives a frostbite wound"),
    F("event", "{actor:survivor} rolls for exposure", _ev("roll_exposure", True), "this survivor rolls for exposure"),
    F("event", "{actor:survivor} is bitten", _ev("bitten", True), "a survivor you control is bitten"),
    F("event", "{actor:survivor} enters play", _ev("enter_play", True), "this survivor enters play"),
    F("event", "{actor:survivor} (dies|is killed)", _ev("die", True), "a survivor you control dies"),
    F("event", "{actor:survivor} is healed", _ev("heal", True), "a survivor you control is healed"),
    F("event", "{actor:survivor} is healed by {subject:card}", _ev("heal"), 'a survivor is healed by a "Medicine" card'),
    # ---- a player's actions and turn -------------------------------------------------------------
    F("event", "{actor:player} (play|plays) {subject:card}", _ev("play_card"), "you play a fuel card"),
    F("event", "{actor:player} (play|plays) {subject:card} to the waste pile",
      lambda s: {**_ev("play_card")(s), "filters": [{"op": "in_zone", "pos": s["_words"]["the"],
                                                      "zone": {"op": "zone", "zone": "waste_pile",
                                                               "pos": s["_words"]["the"]}}]},
      "you play a card to the waste pile"),
    F("event", "{actor:player} (spend|spends) food", _ev("spend_food"), "you spend food"),
    F("event", "you roll your action dice", _ev("roll_action_dice"), "you roll your action dice"),
    F("event", "{actor:player} rolls their action dice", _ev("roll_action_dice"), "another player rolls their action dice"),
    F("event", "a card request is granted", _anyone("request_granted"), "a card request is granted"),
    F("event", "your card request is granted", _ev("request_granted"), "your card request is granted"),
    F("event", "{actor:player} (is|are) given {subject:card} in a card request", _ev("request_granted"),
      "you are given a weapon in a card request"),
    F("event", "a crossroads card is triggered", _anyone("crossroads_triggered"), "a crossroads card is triggered"),
    F("event", "{actor:player} (trigger|triggers) a crossroads card", _ev("crossroads_triggered"),
      "another player triggers a crossroads card"),
    F("event", "an exile vote starts", _anyone("exile_vote_start"), "an exile vote starts"),
    F("event", "an exile vote against {subject:player} starts", _anyone("exile_vote_start"),
      "an exile vote against you starts"),
    F("event", "{actor:player} (start|starts) an exile vote", _ev("exile_vote_start"), "another player starts an exile vote"),
    F("event", "{actor:player} (start|starts) an exile vote against {subject:player}", _ev("exile_vote_start"),
      "a player starts an exile vote against you"),
    F("event", "an exile vote ends", _anyone("exile_vote_end"), "an exile vote ends"),
    F("event", "an exile vote against {subject:player} ends", _anyone("exile_vote_end"), "an exile vote against you ends"),
    F("event", "an exile vote started by {actor:player} ends", _by(_anyone("exile_vote_end")),
      "an exile vote started by you ends"),
    F("event", "you end your turn", _ev("end_turn"), "you end your turn"),
    F("event", "{actor:player} ends their turn", _ev("end_turn"), "a player ends their turn"),
    F("event", "you end your turn without adding a card to the crisis", _without(_ev("end_turn"), "add_to_crisis"),
      "you end your turn without adding a card to the crisis"),
    F("event", "{actor:player} ends their turn without adding a card to the crisis",
      _without(_ev("end_turn"), "add_to_crisis"), "another player ends their turn without adding a card to the crisis"),
    # ---- the round's own steps (seed 004: I. Player Turns Phase, 1; II. Colony Phase, 1 to 7) -------
    F("event", "a crisis is revealed", _round("reveal_crisis"), "a crisis is revealed"),
    F("event", "the colony pays food", _round("pay_food"), "the colony pays food"),
    F("event", "the waste pile is checked", _round("check_waste"), "the waste pile is checked"),
    F("event", "the crisis is resolved", _round("resolve_crisis"), "the crisis is resolved"),
    F("event", "zombies are added in the colony phase", _round("add_zombies"), "zombies are added in the colony phase"),
    F("event", "the main objective is checked", _round("check_main_objective"), "the main objective is checked"),
    F("event", "the round tracker moves", _round("move_round_tracker"), "the round tracker moves"),
    F("event", "the first player token passes", _round("pass_first_player"), "the first player token passes"),
    F("event", "the round track reaches 0", lambda s: {"op": "event", "kind": "round_track_zero",
                                                      "actor": _ANY("round"), "subject": _ANY("round"),
                                                      "filters": []}, "the round track reaches 0"),
    # ---- Warring Colonies --------------------------------------------------------------------------
    F("event", "{actor:player} (win|wins) a colony warfare", _ev("win_warfare"), "you win a colony warfare"),
    F("event", "{actor:player} (win|wins) a colony warfare at {at:location}", _with_at(_ev("win_warfare")),
      "you win a colony warfare at the enemy colony"),
    F("event", "a colony warfare starts", lambda s: {"op": "event", "kind": "warfare_start", "actor": _ANY("warfare"),
                                                     "subject": _ANY("warfare"), "filters": []},
      "a colony warfare starts"),
    F("event", "a colony warfare starts {at:where}", lambda s: {
        "op": "event", "kind": "warfare_start", "actor": _ANY("warfare"), "subject": _ANY("warfare"),
        "filters": [{"op": "at", "location": {**s["at"], "pos": s["_words"]["starts"]}, "pos": s["_words"]["starts"]}]},
      "a colony warfare starts here"),
    # ---- after 'instead of': the event as it would happen ('this survivor being bitten') ------------
    F("event_ing", "{actor:survivor} moving", _ev("move", True), "this survivor moving"),
    F("event_ing", "{actor:survivor} searching", _ev("search", True), "this survivor searching"),
    F("event_ing", "{actor:survivor} attacking", _ev("attack", True), "this survivor attacking"),
    F("event_ing", "{actor:survivor} barricading", _ev("barricade", True), "this survivor barricading"),
    F("event_ing", "{actor:survivor} making noise", _ev("make_noise", True), "this survivor making noise"),
    F("event_ing", "{actor:survivor} cleaning waste", _ev("clean_waste", True), "this survivor cleaning waste"),
    F("event_ing", "{actor:survivor} using an ability", _ev("use_ability", True), "this survivor using an ability"),
    F("event_ing", "{actor:survivor} using a weapon", _ev("use_weapon", True), "this survivor using a weapon"),
    F("event_ing", "{actor:survivor} killing a zombie", _ev("kill_zombie", True), "this survivor killing a zombie"),
    F("event_ing", "{actor:survivor} receiving a wound", _ev("receive_wound", True), "this survivor receiving a wound"),
    F("event_ing", "{actor:survivor} receiving a frostbite wound", _ev("receive_frostbite", True),
      "this survivor receiving a frostbite wound"),
    F("event_ing", "{actor:survivor} rolling for exposure", _ev("roll_exposure", True),
      "this survivor rolling for exposure"),
    F("event_ing", "{actor:survivor} being bitten", _ev("bitten", True), "this survivor being bitten"),
    F("event_ing", "{actor:survivor} entering play", _ev("enter_play", True), "this survivor entering play"),
    F("event_ing", "{actor:survivor} dying", _ev("die", True), "this survivor dying"),
    F("event_ing", "{actor:survivor} being healed", _ev("heal", True), "this survivor being healed"),
    F("event_ing", "{actor:survivor} being healed by {subject:card}", _ev("heal"),
      'this survivor being healed by a "Medicine" card'),
    F("event_ing", "{actor:player} playing {subject:card}", _ev("play_card"), "a player playing a fuel card"),
    F("event_ing", "{actor:player} spending food", _ev("spend_food"), "a player spending food"),
    F("event_ing", "{actor:player} rolling their action dice", _ev("roll_action_dice"),
      "a player rolling their action dice"),
    F("event_ing", "{actor:player} being given {subject:card} in a card request", _ev("request_granted"),
      "a player being given a card in a card request"),
    F("event_ing", "{actor:player} triggering a crossroads card", _ev("crossroads_triggered"),
      "a player triggering a crossroads card"),
    F("event_ing", "{actor:player} starting an exile vote", _ev("exile_vote_start"), "a player starting an exile vote"),
    F("event_ing", "an exile vote ending", _anyone("exile_vote_end"), "an exile vote ending"),
    F("event_ing", "{actor:player} ending their turn", _ev("end_turn"), "a player ending their turn"),
    F("event_ing", "a crisis being revealed", _round("reveal_crisis"), "a crisis being revealed"),
    F("event_ing", "the colony paying food", _round("pay_food"), "the colony paying food"),
    F("event_ing", "the waste pile being checked", _round("check_waste"), "the waste pile being checked"),
    F("event_ing", "the crisis being resolved", _round("resolve_crisis"), "the crisis being resolved"),
    F("event_ing", "zombies being added in the colony phase", _round("add_zombies"),
      "zombies being added in the colony phase"),
    F("event_ing", "the main objective being checked", _round("check_main_objective"),
      "the main objective being checked"),
    F("event_ing", "the round tracker moving", _round("move_round_tracker"), "the round tracker moving"),
    F("event_ing", "the first player token passing", _round("pass_first_player"), "the first player token passing"),
    F("event_ing", "the round track reaching 0", _round("round_track_zero"), "the round track reaching 0"),
    F("event_ing", "{actor:player} winning a colony warfare", _ev("win_warfare"), "a player winning a colony warfare"),
    F("event_ing", "a colony warfare starting", lambda s: {"op": "event", "kind": "warfare_start",
                                                           "actor": _ANY("warfare"), "filters": []},
      "a colony warfare starting"),
)


def _ANY(kind: str) -> dict:
    return {"op": "select_of", "kind": kind, "quantity": {"mode": "one"}, "filters": []}


def _ANY_ZOMBIE() -> dict:
    return _ANY("zombie")
