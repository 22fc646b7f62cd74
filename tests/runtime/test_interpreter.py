"""The interpreter on real cards, against the minimal host: decisions, costs, dice, bindings, errors."""
import random

import pytest

from dow.runtime.bundle import BundleError
from dow.runtime.decisions import MAY, OPTION, TARGETS, RandomAgent, ScriptedAgent
from dow.runtime.interpreter import BudgetExceeded, EffectError, Env, Interpreter

from helpers import lowered
from minimal_host import MinimalHost


def card(bundle, card_id):
    return next(c for c in bundle["cards"] if c["id"] == card_id)


def table():
    host = MinimalHost()
    host.add_survivor_fact("s:enforcer", "The Enforcer", "p1", "grocery_store")
    host.add_survivor_fact("s:sparky", "Sparky", "p1", "colony", influence=10)
    host.add_survivor_fact("s:brian", "Brian Lee", "p2", "colony", influence=68)
    host.zombie_count["grocery_store"] = 5
    host.zombie_count["colony"] = 9
    host.dice = {"d1": {"owner": "p1", "used": False, "value": 5}, "d2": {"owner": "p1", "used": False, "value": 2}}
    return host


def test_an_ability_pays_its_die_then_acts(bundle):
    host = table()
    ip = Interpreter(bundle, host, random.Random(1))
    tree = card(bundle, "warring-colonies.survivor.the-enforcer")["abilities"][0]["effect"]["tree"]
    run = ip.execute(tree, Env("p1", "warring-colonies.survivor.the-enforcer", {"self": "s:enforcer"}))
    assert run.advance() is None and run.done
    assert host.zombie_count["grocery_store"] == 2
    assert host.tokens("noise", "grocery_store") == 2
    assert host.dice["d1"]["used"] and not host.dice["d2"]["used"]


def test_a_cost_that_cannot_be_paid_does_nothing(bundle):
    host = table()
    host.dice["d1"]["value"] = 3
    ip = Interpreter(bundle, host, random.Random(1))
    tree = card(bundle, "warring-colonies.survivor.the-enforcer")["abilities"][0]["effect"]["tree"]
    ip.execute(tree, Env("p1", "x", {"self": "s:enforcer"})).advance()
    assert host.zombie_count["grocery_store"] == 5 and host.lines[-1]["event"] == "cannot_pay"


def test_crossroads_options_are_a_decision_and_never_block(bundle):
    host = table()
    ip = Interpreter(bundle, host, random.Random(3))
    crash = card(bundle, "base.crossroads.car-crash")
    program = [{"op": "choose", "chooser": "you", "options": [
        {"op": "option", "body": o["effect"]["tree"], "pos": crash["options"][0]["effect"]["tree"][0]["pos"]}
        for o in crash["options"]], "pos": crash["options"][0]["effect"]["tree"][0]["pos"]}]
    run = ip.execute(program, Env("p1", crash["id"], {"moved": "s:sparky", "destination": "hospital",
                                                      "origin": "colony"}))
    decision = run.advance()
    assert decision.kind == OPTION and decision.player == "p1" and decision.choices == (0, 1)
    assert run.advance() is decision  # asking again without an answer changes nothing
    with pytest.raises(ValueError):
        run.advance(7)
    assert run.advance(0) is None
    assert host.survivors["s:sparky"]["frostbite"] == 1 and host.survivors["s:sparky"]["location"] == "colony"


def test_choosing_a_target_binds_the_chosen_survivor(bundle):
    host = table()
    ip = Interpreter(bundle, host, random.Random(3))
    emeralds = card(bundle, "warring-colonies.crossroads.emeralds")
    run = ip.execute(emeralds["options"][1]["effect"]["tree"], Env("p1", emeralds["id"]))
    decision = run.advance()
    assert decision.kind == TARGETS and set(decision.choices) == {"s:enforcer", "s:sparky"}
    assert run.advance(("s:enforcer",)) is None
    assert host.zombie_count["grocery_store"] == 0 and host.survivors["s:enforcer"]["killed"]


def test_exposure_runs_the_exposure_die_from_the_bundle(bundle):
    host = table()
    ip = Interpreter(bundle, host, random.Random(11))
    program = [{"op": "exposure", "target": {"op": "ref", "name": "self", "kind": "survivor", "pos": {}},
                "times": 20, "pos": {"card": "t", "file": "f", "line": 1, "col": 1}}]
    ip.execute(program, Env("p1", "t", {"self": "s:sparky"})).run(RandomAgent(1))
    faces = [line["params"]["face"] for line in host.lines if line["event"] == "exposure"]
    assert len(faces) == 20 and set(faces) <= {"blank", "wound", "frostbite", "bitten"}
    sparky = host.survivors["s:sparky"]
    assert (sparky["wounds"], sparky["frostbite"]) == (faces.count("wound"), faces.count("frostbite"))
    assert sparky["killed"] == ("bitten" in faces)
    spreads = [c for c in host.calls if c[0] == "spread_bite"]
    assert len(spreads) == faces.count("bitten")


def test_same_seed_same_log(bundle):
    def play(seed):
        host = table()
        ip = Interpreter(bundle, host, random.Random(seed))
        program = card(bundle, "base.crossroads.loretta-clay")["options"][0]["effect"]["tree"]
        ip.execute(program, Env("p1", "x", {})).run(RandomAgent(seed))
        return host.lines
    assert play(5) == play(5)
    assert any(play(5) != play(s) for s in range(6, 16))


def test_once_per_round(bundle):
    host = table()
    ip = Interpreter(bundle, host, random.Random(1))
    program = [{"op": "limit", "per": "round", "body": [{"op": "gain_morale", "amount": 1, "pos": {}}],
                "pos": {"line": 1, "col": 1}}]
    for _ in range(3):
        ip.execute(program, Env("p1", "c")).advance()
    assert host.morale_of["A"] == 6


def test_you_may_asks_first(bundle):
    host = table()
    ip = Interpreter(bundle, host, random.Random(1))
    program = [{"op": "optional", "cost": [], "body": [{"op": "gain_morale", "amount": 2, "pos": {}}], "pos": {}}]
    run = ip.execute(program, Env("p1", "c"))
    assert run.advance().kind == MAY
    run.advance(False)
    assert host.morale_of["A"] == 5
    ip.execute(program, Env("p1", "c")).run(ScriptedAgent([True]))
    assert host.morale_of["A"] == 7


def test_a_runaway_effect_hits_the_step_budget(bundle):
    ip = Interpreter(bundle, table(), random.Random(1), budget=50)
    loop = {"op": "for_each", "bind": "each", "selector": {"op": "select_of", "kind": "survivor",
            "quantity": {"mode": "each"}, "filters": [], "pos": {}}, "pos": {"card": "c", "line": 4}}
    loop["body"] = [{"op": "gain_morale", "amount": 1, "pos": {}}] * 30
    with pytest.raises(BudgetExceeded, match="more than 50 evaluation steps"):
        ip.execute([loop], Env("p1", "c")).advance()


def test_runtime_errors_name_card_line_and_path(bundle):
    ip = Interpreter(bundle, table(), random.Random(1))
    program = [{"op": "if", "cond": {"op": "morale", "colony": "yours", "pos": {}},
                "then": [{"op": "wound", "target": {"op": "ref", "name": "moved", "kind": "survivor", "pos": {}},
                          "count": 1, "kind": "wound", "pos": {"card": "base.crossroads.x", "line": 12}}],
                "pos": {"card": "base.crossroads.x", "line": 11}}]
    with pytest.raises(EffectError) as err:
        ip.execute(program, Env("p1", "c")).advance()
    assert str(err.value).startswith("base.crossroads.x:11:") and "if" in str(err.value)


def test_an_unknown_major_version_is_refused(bundle):
    with pytest.raises(BundleError):
        Interpreter({**bundle, "ir_version": "9.0.0"}, table(), random.Random(1))


def test_a_selector_of_cards_in_a_zone_tests_only_that_zones_cards(bundle):
    """A zone filter is applied first, whatever its place in the selector ("item cards in your hand"): the
    other filters are asked of the hand's few cards, not of every card of the game (runtime/env.py,
    zone_first); and the cards found are those either order finds."""
    from test_compiled_conditions import Recording, tables

    from dow.runtime.interpreter import ITEM_TYPES
    game = next(tables(bundle))
    calls: list = []
    ip = Interpreter(bundle, Recording(game.host, calls), random.Random(1))
    hand = {"op": "in_zone", "zone": {"op": "zone", "zone": "hand", "owner": {"op": "you"}}}
    sel = {"op": "select_of", "kind": "card", "quantity": {"mode": "all"},
           "filters": [{"op": "card_type", "type": "item"}, hand]}
    found = ip.candidates(sel, Env("p1"))
    cards = game.host.cards_in("hand", "p1", None)
    assert cards and found == [c for c in cards if game.host.attr(c, "type") in ITEM_TYPES]
    asked = [c for c in calls if c[0] == "attr"]
    assert 0 < len(asked) <= len(cards)


def test_cards_going_into_a_hand_are_told_to_all_by_number_and_to_their_player_by_name(bundle):
    """A hand is its player's secret (rulebook, base game: cards added from a hand to a crisis go "face down so
    that no other player can see them"): the log tells everyone how many cards a hand gets, and only its player
    which (``private_to``, docs/runtime.md, The host); cards put face down into a deck are the resolving
    player's to know."""
    host = table()
    for n in range(1, 6):
        host.cards[f"c:{n}"] = {"zone": "item_deck", "owner": None, "location": None}
    ip = Interpreter(bundle, host, random.Random(1))
    node = {"op": "x", "pos": {"card": "x.crossroads.test", "line": 3}}
    env = Env("p1", "x.crossroads.test")
    ip.act("take_cards", {"zone": "item_deck", "owner": None, "location": None, "cards": ["c:1", "c:2"],
                          "player": "p2"}, node, env)
    ip.act("take_cards", {"zone": "item_deck", "owner": None, "location": None, "cards": [], "player": "p2"},
           node, env)
    ip.act("give_cards", {"cards": ["c:3"], "player": None}, node, env)        # no player named: the resolver's
    ip.act("move_cards", {"cards": ["c:4"], "zone": "waste", "owner": None, "location": None}, node, env)
    ip.act("move_cards", {"cards": ["c:5"], "zone": "item_deck", "owner": None, "location": None}, node, env,
           private=True)
    deck = {"zone": "item_deck", "owner": None, "location": None}
    assert [(line["event"], line["params"], line["private_to"]) for line in host.lines] == [
        ("take_cards", {**deck, "player": "p2", "count": 2}, None),
        ("take_cards", {**deck, "cards": ["c:1", "c:2"], "player": "p2"}, "p2"),
        ("take_cards", {**deck, "player": "p2", "count": 0}, None),            # nothing secret: no second line
        ("give_cards", {"player": None, "count": 1}, None),
        ("give_cards", {"cards": ["c:3"], "player": None}, "p1"),
        ("move_cards", {"cards": ["c:4"], "zone": "waste", "owner": None, "location": None}, None),
        ("move_cards", {"player": "p1", "zone": "item_deck", "owner": None, "location": None, "count": 1}, None),
        ("move_cards", {"player": "p1", "cards": ["c:5"], "zone": "item_deck", "owner": None, "location": None},
         "p1"),
    ]
    assert all(line["src"] == node["pos"] for line in host.lines)


def _run(bundle, host, text: str, player: str = "p1"):
    ip = Interpreter(bundle, host, random.Random(1))
    run = ip.execute(lowered(text, {"self": "survivor"}), Env(player, "base.survivor.test", {"self": "s:sparky"}))
    return run, run.advance()


def test_a_tie_for_the_most_is_broken_by_the_first_player(bundle):
    """"Remember all ties are broken by the first player" (rulebook, seed 004, Exile): the first player, not the
    one resolving the card, chooses among the players tied for the most survivors."""
    host = MinimalHost()
    for sid, owner in (("s:a", "p1"), ("s:b", "p1"), ("s:c", "p2"), ("s:d", "p2")):
        host.add_survivor_fact(sid, sid, owner, "colony")
    host.players["p2"]["first"] = True
    run, decision = _run(bundle, host, "the player who controls the most survivors loses 1 morale.")
    assert decision is not None and decision.kind == TARGETS and decision.player == "p2"
    assert set(decision.choices) == {"p1", "p2"}
    assert run.advance(["p1"]) is None
    assert ("change_morale", {"player": "p1", "amount": -1}) in host.calls


def test_what_a_description_chose_is_what_it_names_in_the_next_step(bundle):
    """"place a wound on a survivor at the colony. kill it.": "it" is the survivor chosen for the wound."""
    host = table()
    host.add_survivor_fact("s:ann", "Ann", "p2", "colony")
    run, decision = _run(bundle, host, "place a wound on a survivor at the colony. kill it.")
    assert decision is not None and decision.kind == TARGETS and "s:brian" in decision.choices
    assert run.advance(["s:brian"]) is None
    assert [a for a in host.calls if a[0] in ("wound", "kill_survivor")] == [
        ("wound", {"survivor": "s:brian", "kind": "wound", "count": 1}), ("kill_survivor", {"survivor": "s:brian"})]


def test_the_top_card_of_a_deck_is_the_one_moved(bundle):
    """"put the top card of the crossroads deck at the bottom of the crossroads deck": that card, the others
    untouched."""
    host = table()
    for n in (1, 2, 3):
        host.cards[f"c:{n}"] = {"zone": "crossroads_deck", "owner": None, "location": None, "order": n}
    run, decision = _run(bundle, host, "put the top card of the crossroads deck at the bottom of the crossroads deck.")
    assert decision is None
    assert host.cards_in("crossroads_deck", None, None) == ["c:2", "c:3", "c:1"]


def test_a_name_finds_a_survivor_out_of_play_only_where_the_card_looks_anywhere(bundle):
    """Without ``find_named`` the interpreter scans: ``things(kind)`` for a card in play, and only when the card
    looks anywhere ('add "X" to your following', conditions) ``things("any_" + kind)`` too (docs/embedding.md)."""
    class OutOfPlay(MinimalHost):
        def things(self, kind):
            return ["s:gone"] if kind == "any_survivor" else super().things(kind)
    host = OutOfPlay()
    host.add_survivor_fact("s:gone", "Gone", "p1", "colony", killed=True)
    ip = Interpreter(bundle, host, random.Random(1))
    gone = {"op": "named", "card": "Gone", "kind": "survivor"}
    assert ip.named(gone) is None
    assert ip.named(gone, anywhere=True) == "s:gone"


@pytest.mark.parametrize("extreme, hurt", [("highest", "s:brian"), ("lowest", "s:sparky")])
def test_the_survivor_with_the_highest_or_lowest_influence_is_that_one(bundle, extreme, hurt):
    host = table()                                    # at the colony: Sparky (influence 10), Brian Lee (68)
    run, decision = _run(bundle, host, f"place a wound on the survivor with the {extreme} influence at the colony.")
    assert decision is None
    assert [a for a in host.calls if a[0] == "wound"] == [("wound", {"survivor": hurt, "kind": "wound", "count": 1})]


def test_a_survivor_with_n_or_more_wounds_has_at_least_n(bundle):
    host = table()
    host.token_count[("wound", "s:brian")] = 2
    host.token_count[("wound", "s:sparky")] = 1
    run, decision = _run(bundle, host, "kill each survivor with 2 or more wounds at the colony.")
    assert decision is None and [a for a in host.calls if a[0] == "kill_survivor"] == [
        ("kill_survivor", {"survivor": "s:brian"})]


def test_a_player_is_at_a_location_where_a_survivor_they_control_is(bundle):
    host = MinimalHost(players=("p1", "p2", "p3"))
    host.add_survivor_fact("s:sparky", "Sparky", "p1", "colony")
    host.add_survivor_fact("s:brian", "Brian Lee", "p2", "colony")
    host.add_survivor_fact("s:enforcer", "The Enforcer", "p3", "grocery_store")
    run, decision = _run(bundle, host, "each player at the colony loses 1 morale.")
    assert decision is None
    assert sorted(a[1]["player"] for a in host.calls if a[0] == "change_morale") == ["p1", "p2"]


@pytest.mark.parametrize("die, faces", [("d6", 6), ("exposure", 12), ("combat", 12)])
def test_a_die_rolls_each_of_its_faces_and_nothing_else(bundle, die, faces):
    """A six-sided die shows 1 to 6 (an action die compared with an ability's number, seed 004); the 12-sided
    exposure and combat dice 1 to 12."""
    ip = Interpreter(bundle, MinimalHost(), random.Random(7))
    assert {ip.roll(die) for _ in range(600)} == set(range(1, faces + 1))


def test_the_exposure_die_is_the_die_with_a_bitten_face_each_face_as_often_as_it_shows(bundle):
    """The exposure die (seed 004, components: 1 exposure die) rolls as 12 faces: 6 blank, 3 wound, 2 frostbite,
    1 bitten, each face as many times as its ``count`` (none: never); a die without a bitten face (the combat die
    of Warring Colonies) is not it, whichever comes first in the bundle."""
    dice = [c for c in bundle["cards"] if c.get("kind") == "die"]
    combat = next(c for c in dice if not any(f["face"] == "bitten" for f in c["faces"]))
    exposure = next(c for c in dice if any(f["face"] == "bitten" for f in c["faces"]))
    spare = {**exposure, "faces": [*exposure["faces"], {"face": "spare"}]}      # a face with no count
    ip = Interpreter({**bundle, "cards": [combat, spare]}, MinimalHost(), random.Random(1))
    faces = [face for face, _ in ip.exposure_faces]
    assert len(faces) == 12
    assert {f: faces.count(f) for f in set(faces)} == {"blank": 6, "wound": 3, "frostbite": 2, "bitten": 1}
