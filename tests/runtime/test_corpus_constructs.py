"""The constructs added for the card corpus, run from real cards against the minimal host."""
import random

from dow.runtime.decisions import AMOUNT, MAY, TARGETS, ScriptedAgent
from dow.runtime.interpreter import Env, Interpreter

from minimal_host import MinimalHost


def card(bundle, card_id):
    return next(c for c in bundle["cards"] if c["id"] == card_id)


def tree(bundle, card_id, *path):
    node = card(bundle, card_id)
    for step in path:
        node = node[step]
    return node["effect"]["tree"] if "effect" in node else node["tree"]


def table():
    host = MinimalHost()
    host.add_survivor_fact("s:alice", "Alice", "p1", "school", human=True)
    host.add_survivor_fact("s:bob", "Bob", "p1", "school", human=True)
    host.add_survivor_fact("s:carl", "Carl", "p2", "hospital")
    host.zombie_count.update(colony=6, hospital=3, school=0, storage=0)
    host.dice = {"d1": {"owner": "p1", "controller": "p1", "used": False, "unused": True, "value": 2},
                 "d2": {"owner": "p1", "controller": "p1", "used": False, "unused": True, "value": 5}}
    return host


def run(bundle, host, program, env, answers=()):
    agent = ScriptedAgent(list(answers))
    Interpreter(bundle, host, random.Random(7)).execute(program, env).run(agent)
    assert agent.used == len(agent.answers), "not every scripted answer was asked for"


def test_noise_goes_to_the_location_of_the_chosen_survivor(bundle):
    host = table()
    program = tree(bundle, "base.crossroads.lovers-quarrel", "options", 0)
    run(bundle, host, program, Env("p1", "base.crossroads.lovers-quarrel"), [("s:bob",)])
    assert host.tokens("noise", "school") == 4 and host.tokens("noise", "hospital") == 0


def test_megaphone_moves_zombies_to_where_the_chosen_survivor_stands(bundle):
    host = table()
    program = tree(bundle, "base.item.megaphone", "abilities", 0)
    run(bundle, host, program, Env("p1", "base.item.megaphone"), [("s:alice",), ("colony",)])
    assert host.zombie_count["colony"] == 2 and host.zombie_count["school"] == 4


def test_adrenaline_shot_turns_a_die_to_the_face_its_owner_picks(bundle):
    host = table()
    program = tree(bundle, "base.item.adrenaline-shot", "abilities", 0)
    interp = Interpreter(bundle, host, random.Random(1))
    execution = interp.execute(program, Env("p1", "base.item.adrenaline-shot"))
    pick = execution.advance()
    assert pick.kind == TARGETS and set(pick.choices) == {"d1", "d2"}
    face = execution.advance(("d1",))
    assert face.kind == AMOUNT and (face.min, face.max, face.player) == (1, 6, "p1")
    assert execution.advance(6) is None
    assert host.dice["d1"]["value"] == 6 and ("set_die", {"die": "d1", "value": 6}) in host.calls


def test_wrench_spends_a_die_of_any_value_and_the_survivor_attacks(bundle):
    host = table()
    host.dice = {"d1": {"owner": "p1", "used": False, "value": 1}}
    host.survivors["s:alice"]["location"] = "colony"
    program = tree(bundle, "base.item.wrench", "abilities", 0)
    run(bundle, host, program, Env("p1", "base.item.wrench", {"self": "s:alice"}), [True])
    assert host.dice["d1"]["used"]
    assert ("perform", {"survivor": "s:alice", "action": "attack", "player": "p1"}) in host.calls
    assert host.zombie_count["colony"] == 5


def test_the_deputy_takes_weapons_from_the_top_8_cards_only_and_changes_the_objective(bundle):
    host = table()
    for n in range(10):  # the police station deck, top first: weapons at 2, 7 and 9
        host.cards[f"c:{n}"] = {"zone": "location_deck", "location": "police_station",
                                "type": "weapon" if n in (2, 7, 9) else "food"}
    program = tree(bundle, "base.crossroads.the-deputy", "options", 0)
    run(bundle, host, program, Env("p1", "base.crossroads.the-deputy"))
    in_hand = sorted(c for c, f in host.cards.items() if f["zone"] == "hand")
    assert in_hand == ["c:2", "c:7"]  # c:9 is below the top 8
    (rule, _), = host.rules
    assert rule == "lasting"
    goal = program[1]["body"][0]
    assert goal["op"] == "extra_goal" and goal["kind"] == "require" and len(goal["cond"]["items"]) == 3


def test_sophie_looks_at_the_top_card_of_the_chosen_locations_deck(bundle):
    host = table()
    host.cards["c:top"] = {"zone": "location_deck", "location": "library", "type": "book"}
    host.cards["c:next"] = {"zone": "location_deck", "location": "library", "type": "book"}
    host.cards["c:elsewhere"] = {"zone": "location_deck", "location": "school", "type": "tool"}
    program = tree(bundle, "base.survivor.sophie-robinson", "abilities", 0)
    run(bundle, host, program, Env("p1", "base.survivor.sophie-robinson", {"self": "s:alice"}),
        [True, ("library",)])
    assert ("look_at", {"things": ["c:top"], "player": "p1"}) in host.calls


def test_helpless_loses_1_morale_for_every_2_helpless_survivors_rounding_up(bundle):
    host = table()
    for n in range(3):
        host.add_survivor_fact(f"h:{n}", "helpless", None, "colony", helpless=True)
    program = tree(bundle, "base.crossroads.helpless", "options", 0)
    run(bundle, host, program, Env("p1", "base.crossroads.helpless"))
    assert host.morale_of["A"] == 3  # 3 helpless: 2 morale lost


def test_edward_white_repeats_the_trade_until_the_player_stops(bundle):
    host = table()
    host.token_count[("food", "supply:p1")] = 5
    for n in range(5):
        host.cards[f"m:{n}"] = {"zone": "removed", "type": "medicine"}
    program = tree(bundle, "base.crossroads.edward-white", "options", 0)
    answers = [("m:0",), True, ("m:1",), True, ("m:2",), False]  # take one, again, again, stop
    run(bundle, host, program, Env("p1", "base.crossroads.edward-white"), answers)
    assert host.tokens("food", "supply:p1") == 2  # once, then twice more, then stop
    assert sum(1 for f in host.cards.values() if f["zone"] == "hand") == 3


def test_each_player_may_pay_for_themselves(bundle):
    host = table()
    host.token_count[("food", "supply:p2")] = 1
    body = tree(bundle, "base.crossroads.buddy-davis", "options", 0)[0]["body"][0]["body"]
    interp = Interpreter(bundle, host, random.Random(1))
    execution = interp.execute(body, Env("p1", "base.crossroads.buddy-davis"))
    first = execution.advance()
    assert (first.kind, first.player) == (MAY, "p1")
    second = execution.advance(False)
    assert (second.kind, second.player) == (MAY, "p2")
    assert execution.advance(True) is None
    cost = body[0]["body"][0]["cost"][0]
    paid = [params for action, params in host.calls if action == "pay" and params["player"] == "p2"]
    assert [{k: v for k, v in p["cost"].items() if k != "cards"} for p in paid] == [cost]   # and the cards named
    (rule, env), = host.rules
    assert rule == "lasting" and env["player"] == "p2"


def test_mugging_gives_cards_to_the_player_who_controls_the_exiled_survivor(bundle):
    host = table()
    host.survivors["s:carl"].update(location="school", exiled=True)
    host.survivors["s:bob"]["location"] = "library"  # only Alice shares a location with Carl
    for n in range(3):
        host.cards[f"h:{n}"] = {"zone": "hand", "owner": "p1"}
    program = tree(bundle, "base.crossroads.mugging", "options", 0)
    run(bundle, host, program, Env("p1", "base.crossroads.mugging"), [("h:0", "h:1")])
    (given,) = [params for action, params in host.calls if action == "give_cards"]
    assert given == {"cards": ["h:0", "h:1"], "player": "p2"}


def test_the_snowmobile_wears_out_after_4_moves(bundle):
    host = table()
    wear = tree(bundle, "base.crossroads.the-arctic-king", "options", 0)[0]["body"][1]["body"][-2:]
    for move in range(4):
        run(bundle, host, wear, Env("p1", "c:snowmobile", {"this_card": "c:snowmobile"}))
        removed = ("remove_from_game", {"thing": "c:snowmobile"}) in host.calls
        assert removed == (move == 3)
    assert host.tokens("wound", "c:snowmobile") == 4


def test_samples_puts_a_zombie_in_storage_on_4_or_more(bundle):
    host = table()
    trigger = tree(bundle, "base.main-objective.we-need-more-samples", "setup")[0]["body"][0]
    assert trigger["event"]["kind"] == "kill_zombie" and trigger["event"]["actor"]["kind"] == "zombie"
    results = []
    for seed in range(12):
        before = host.zombie_count["storage"]
        interp = Interpreter(bundle, host, random.Random(seed))
        interp.execute(trigger["body"], Env("p1", "samples")).run(ScriptedAgent([]))
        roll = next(line["params"]["result"] for line in reversed(host.lines) if line["event"] == "roll")
        results.append(roll)
        assert host.zombie_count["storage"] - before == (1 if roll >= 4 else 0)
    assert min(results) < 4 <= max(results)
