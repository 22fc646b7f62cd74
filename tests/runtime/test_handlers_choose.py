"""The crossroads choice and vote handlers (``h_choose``, ``h_vote`` in runtime/handlers.py) on the minimal
host: who is asked, how many answers a question takes, and what the log tells of the choice and the votes."""
import random

from dow.runtime.decisions import MAY, OPTION, TARGETS, VOTE
from dow.runtime.interpreter import Env, Interpreter

from helpers import lowered
from minimal_host import MinimalHost

POS = {"card": "x.crossroads.test", "file": "test.yaml", "line": 1, "col": 1}
EACH = {"op": "ref", "name": "each", "kind": "player"}
NOT_EXILED = {"op": "not", "item": {"op": "is", "subject": EACH, "state": "exiled"}}


def _options(n: int) -> list[dict]:
    return [{"op": "option", "pos": POS, "body": []} for _ in range(n)]


def _start(bundle, host, node):
    ip = Interpreter(bundle, host, random.Random(1))
    run = ip.execute([node], Env("p1", "x.crossroads.test"))
    return run, run.advance()


def test_two_players_meeting_the_chooser_the_first_player_names_exactly_one_of_them(bundle):
    """'chooser: they …' met by two players: the first player breaks the tie (seed 004, Voting: "all ties are
    broken by the first player") by naming exactly one of them, who then chooses the option; the log tells the
    option numbered as printed (1, 2, …) and who chose it."""
    host = MinimalHost()
    host.players["p2"]["first"] = True
    run, decision = _start(bundle, host, {"op": "choose", "chooser": "you", "by": NOT_EXILED,
                                          "options": _options(2), "pos": POS})
    assert decision is not None and (decision.kind, decision.player) == (TARGETS, "p2")
    assert set(decision.choices) == {"p1", "p2"} and (decision.min, decision.max) == (1, 1)
    decision = run.advance(["p1"])
    assert decision is not None and (decision.kind, decision.player, decision.choices) == (OPTION, "p1", (0, 1))
    assert run.advance(1) is None
    assert [(line["event"], line["params"]) for line in host.lines] == [("chose", {"option": 2, "player": "p1"})]


def test_one_option_is_chosen_without_asking_and_told_as_option_1(bundle):
    host = MinimalHost()
    run, decision = _start(bundle, host, {"op": "choose", "chooser": "you", "options": _options(1), "pos": POS})
    assert decision is None
    assert [(line["event"], line["params"]) for line in host.lines] == [("chose", {"option": 1, "player": "p1"})]


def test_each_vote_counts_one_or_its_weight_and_the_log_tells_the_count(bundle):
    """Each vote counts one (seed 004, Voting: "the option with the most votes wins"), or the weight the host
    gives the player; the log tells every option's votes and the winner."""
    host = MinimalHost(players=("p1", "p2", "p3"))
    host.players["p1"]["vote_weight"] = None          # no weight said: one vote
    host.players["p2"]["vote_weight"] = None
    host.players["p3"]["vote_weight"] = 3
    run, decision = _start(bundle, host, {"op": "vote", "options": _options(2), "pos": POS})
    answers = {"p1": 0, "p2": 0, "p3": 1}
    asked = []
    while decision is not None:
        assert decision.kind == VOTE
        asked.append(decision.player)
        decision = run.advance(answers[decision.player])
    assert asked == ["p1", "p2", "p3"]
    assert [(line["event"], line["params"]) for line in host.lines] == [
        ("vote", {"votes": {"1": 2, "2": 3}, "winner": 2, "voters": ["p1", "p2", "p3"]})]


def _votes(run, decision, answers: dict) -> list:
    asked = []
    while decision is not None:
        asked.append((decision.kind, decision.player))
        decision = run.advance(answers[(decision.kind, decision.player)])
    return asked


def test_a_clear_winner_wins_even_when_the_card_says_what_a_tie_does(bundle):
    """A card saying what a tie does (``tied``): only a tie does it; the option with the most votes otherwise."""
    host = MinimalHost(players=("p1", "p2", "p3"))
    options = _options(2)
    options[1]["body"] = lowered("lose 1 morale.")
    node = {"op": "vote", "options": options, "tied": lowered("lose 2 morale."), "pos": POS}
    run, decision = _start(bundle, host, node)
    assert _votes(run, decision, {(VOTE, "p1"): 1, (VOTE, "p2"): 1, (VOTE, "p3"): 0}) == [
        (VOTE, "p1"), (VOTE, "p2"), (VOTE, "p3")]
    assert [a for a in host.calls if a[0] == "change_morale"] == [("change_morale", {"player": "p1", "amount": -1})]
    assert [line["params"]["winner"] for line in host.lines if line["event"] == "vote"] == [2]


def test_a_tie_is_broken_by_the_first_player_the_breaker_condition_admits(bundle):
    """'breaker': the first player in seat order from the first player who meets it breaks the tie, not the first
    player merely because they are not exiled."""
    host = MinimalHost()
    host.players["p1"]["first"] = True
    node = {"op": "vote", "options": _options(2), "pos": POS,
            "breaker": {"op": "not", "item": {"op": "is", "subject": EACH, "state": "first"}}}
    run, decision = _start(bundle, host, node)
    asked = _votes(run, decision, {(VOTE, "p1"): 0, (VOTE, "p2"): 1, (OPTION, "p2"): 1})
    assert asked == [(VOTE, "p1"), (VOTE, "p2"), (OPTION, "p2")]
    assert [line["params"]["winner"] for line in host.lines if line["event"] == "vote"] == [2]


def test_steps_tied_together_none_happens_when_one_cannot_and_the_log_says_so(bundle):
    """Steps one sentence joins with 'and' happen all or none (docs/language: tied): p2 has no unused action die
    to lower, so p1's die is not raised either, and the log tells the cost that could not be paid."""
    host = MinimalHost()
    host.dice = {"d1": {"owner": "p1", "used": False, "value": 3}}
    [node] = lowered("lower an unused action die another player controls by 1 and raise an unused action die you "
                     "control by 1.")
    assert node["op"] == "tied"
    run, decision = _start(bundle, host, node)
    assert decision is None
    assert host.dice["d1"]["value"] == 3
    assert [line["event"] for line in host.lines] == ["cannot_pay"]


def _pot_table():
    host = MinimalHost()
    for cid, owner in (("c:1", "p1"), ("c:2", "p1"), ("c:3", "p2")):
        host.cards[cid] = {"zone": "hand", "owner": owner, "location": None}
    return host


def _stake(run, decision) -> list:
    asked = []
    answers = {("p1", "amount"): 1, ("p1", "targets"): ["c:2"], ("p2", "amount"): 1}
    while decision is not None:
        asked.append((decision.kind, decision.player))
        decision = run.advance(answers[(decision.player, decision.kind)])
    return asked


def test_a_pot_staked_face_down_is_told_privately_then_revealed_and_the_card_player_takes_it(bundle):
    """Stakes face down: each staker alone learns what they put in until every stake is shown together; the
    taker "you" is the resolving player."""
    host = _pot_table()
    node = {"op": "pot", "count": {"op": "up_to", "n": 2}, "filters": [], "taker": "you", "pos": POS}
    run, decision = _start(bundle, host, node)
    assert _stake(run, decision) == [("amount", "p1"), ("targets", "p1"), ("amount", "p2")]
    assert [(line["event"], line["params"], line["private_to"]) for line in host.lines if line["event"] != "take_pot"] == [
        ("staked", {"player": "p1", "count": 1}, "p1"), ("staked", {"player": "p2", "count": 1}, "p2"),
        ("staked", {"player": "p1", "count": 1}, None), ("staked", {"player": "p2", "count": 1}, None)]
    assert ("take_pot", {"cards": ["c:2", "c:3"], "player": "p1"}) in [(c[0], c[1]) for c in host.calls]


def test_a_pot_staked_face_up_shows_each_stake_as_it_is_made(bundle):
    host = _pot_table()
    node = {"op": "pot", "count": {"op": "up_to", "n": 2}, "filters": [], "taker": "you", "stakes": "face_up",
            "pos": POS}
    run, decision = _start(bundle, host, node)
    _stake(run, decision)
    assert [(line["event"], line["params"], line["private_to"]) for line in host.lines if line["event"] != "take_pot"] == [
        ("staked_face_up", {"player": "p1", "count": 1, "cards": ["c:2"]}, None),
        ("staked_face_up", {"player": "p2", "count": 1, "cards": ["c:3"]}, None)]


def test_a_pot_the_highest_roll_takes_is_told_die_by_die(bundle):
    """'highest_roll': each staker rolls a die per card staked, told in the log; the highest die takes the pot,
    and those tied for it roll again."""
    host = _pot_table()
    node = {"op": "pot", "count": {"op": "up_to", "n": 2}, "filters": [], "taker": "highest_roll", "pos": POS}
    run, decision = _start(bundle, host, node)
    _stake(run, decision)
    rolls = [line["params"] for line in host.lines if line["event"] == "pot_roll"]
    assert len(rolls) >= 2 and len(rolls) % 2 == 0
    assert [r["player"] for r in rolls[:2]] == ["p1", "p2"] and all(len(r["dice"]) == 1 for r in rolls)
    last = {r["player"]: max(r["dice"]) for r in rolls[-2:]}
    assert last["p1"] != last["p2"] and all(a["dice"] == b["dice"] for a, b in zip(rolls[:-2:2], rolls[1:-2:2]))
    taker = max(last, key=last.__getitem__)
    assert ("take_pot", {"cards": ["c:2", "c:3"], "player": taker}) in [(c[0], c[1]) for c in host.calls]


def test_one_player_may_is_never_asked_of_an_exiled_player(bundle):
    """"One player may …": each player not exiled, in turn from the first player, is asked (the handler's rule,
    docs/language: offer); an exiled player is skipped even when they hold the first player token."""
    host = MinimalHost(players=("p1", "p2", "p3"))
    host.players["p1"].update(first=True, exiled=True)
    run, decision = _start(bundle, host, {"op": "offer", "cost": lowered("lose 1 morale."), "body": [], "pos": POS})
    asked = []
    while decision is not None:
        asked.append((decision.kind, decision.player))
        decision = run.advance(decision.player == "p3")
    assert asked == [(MAY, "p2"), (MAY, "p3")]
    assert [(line["event"], line["params"]) for line in host.lines][0] == ("took_offer", {"player": "p3"})
    assert [c for c in host.calls if c[0] == "change_morale"] == [("change_morale", {"player": "p3", "amount": -1})]


def test_a_declined_you_may_is_told_and_its_if_you_do_not_happens(bundle):
    host = MinimalHost()
    run, decision = _start(bundle, host, {"op": "optional", "cost": [], "body": lowered("gain 1 morale."),
                                          "else": lowered("lose 1 morale."), "pos": POS})
    assert decision is not None and (decision.kind, decision.player) == (MAY, "p1")
    assert run.advance(False) is None
    assert [(line["event"], line["params"]) for line in host.lines][0] == ("declined", {"player": "p1"})
    assert [c for c in host.calls if c[0] == "change_morale"] == [("change_morale", {"player": "p1", "amount": -1})]


def test_a_cost_that_cannot_be_paid_does_what_if_you_cannot_says(bundle):
    """"spend 5 food: …  if you cannot: …": nothing is spent, the log says the cost could not be paid, and the
    'if you cannot' block happens instead."""
    host = MinimalHost()
    [node] = lowered("spend 5 food:\n  gain 1 morale.\nif you cannot:\n  lose 1 morale.")
    assert node["op"] == "pay"
    run, decision = _start(bundle, host, node)
    assert decision is None
    assert [line["event"] for line in host.lines][0] == "cannot_pay"
    assert [c for c in host.calls if c[0] in ("change_morale", "pay")] == [
        ("change_morale", {"player": "p1", "amount": -1})]


def test_a_two_way_tie_does_what_the_card_says_a_tie_does(bundle):
    """A card saying what a tie does: a tie between two options does it, no one breaks the tie, and the log tells
    the votes with no winner (0)."""
    host = MinimalHost()
    node = {"op": "vote", "options": _options(2), "tied": lowered("lose 2 morale."), "pos": POS}
    run, decision = _start(bundle, host, node)
    assert _votes(run, decision, {(VOTE, "p1"): 0, (VOTE, "p2"): 1}) == [(VOTE, "p1"), (VOTE, "p2")]
    assert [c for c in host.calls if c[0] == "change_morale"] == [("change_morale", {"player": "p1", "amount": -2})]
    assert [line["params"] for line in host.lines if line["event"] == "vote"] == [
        {"votes": {"1": 1, "2": 1}, "winner": 0, "voters": ["p1", "p2"]}]
