"""The warfare step of Warring Colonies (runtime/engine/colony_warfare.py) as seed 000 (Combate entre as
colônias, Rolagem de combate) has its questions asked and its die rolled, and what one warfare step leaves
for the next. Found by tests/mutation.py: these changes to the step passed every scenario."""
from __future__ import annotations

from colonies_helpers import BIO1, PLUS1, TARGET1, Answers, events, holding, table, warfare
from colonies_helpers import wc  # noqa: F401  (the fixture)


class Asked(Answers):
    """The scripted answers, and every question asked: (player, prompt, kind, min, max)."""

    def __init__(self, game, answers):
        super().__init__(game, answers)
        self.questions: list[tuple] = []

    def answer(self, d):
        self.questions.append((d.player, d.prompt, d.kind, d.min, d.max))
        if d.kind == "may":
            return self.answers[(d.player, d.prompt)].pop(0)
        return super().answer(d)


def test_each_leader_plays_one_tactic_bids_0_to_their_bullets_and_picks_one_survivor_per_wound(wc):
    """seed 000, Combate entre as colônias: each leader plays 1 tactic card (1.), bids any number of their
    bullets (3.); the combat die's target face wounds 1 enemy survivor of the combat (Rolagem de combate);
    the loser's leader places the difference in wounds one at a time on their survivors there (4.)."""
    g = table(wc, {"brian-lee": ("p1", "library"), "olivia-brown": ("p3", "library"),
                   "alexis-grey": ("p3", "library")}, bullets=(4, 3), rolls=[TARGET1, PLUS1])
    agent = Asked(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["all-in"],
                      ("p1", "bullet bid"): [4], ("p3", "bullet bid"): [0],
                      ("p1", "combat die target"): ["olivia-brown"],
                      ("p3", "combat wound"): ["olivia-brown", "alexis-grey"]})
    g.drive(g.warfare.step_colony_warfare(), agent)
    assert [q for q in agent.questions if q[1] != "combat wound"] == [
        ("p1", "tactic", "targets", 1, 1), ("p3", "tactic", "targets", 1, 1),
        ("p1", "bullet bid", "amount", 0, 4), ("p3", "bullet bid", "amount", 0, 3),
        ("p1", "combat die target", "targets", 1, 1)]
    assert events(g, "combat_result")[-1]["difference"] == 2      # 1 + 4 bullets against 2 + the die's 1
    assert [q for q in agent.questions if q[1] == "combat wound"] == [("p3", "combat wound", "targets", 1, 1)] * 2
    assert [e["event"] for e in g.log.lines if e["event"] in ("tactic_chosen", "bullet_bids")] == \
        ["tactic_chosen", "tactic_chosen", "bullet_bids"]


def test_the_combat_die_rolls_one_of_its_faces(wc):
    """seed 000, Rolagem de combate: each leader rolls the combat die, every face as likely (the stand-in
    die of the ruleset: 12 faces)."""
    g = table(wc, {"brian-lee": ("p1", "library"), "olivia-brown": ("p3", "library")}, rolls=[BIO1, BIO1])
    ranges = []
    roll = g.rng.randint

    def recorded(a, b):
        ranges.append((a, b))
        return roll(a, b)
    g.rng.randint = recorded
    warfare(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["all-in"],
                ("p1", "bullet bid"): [0], ("p3", "bullet bid"): [0]})
    faces = len(g.wc["stand_ins"]["combat_die"])
    assert faces == 12 and ranges == [(1, faces), (1, faces)]


def test_a_combat_skipped_in_one_warfare_step_is_fought_in_the_next(wc):
    """Father Fitzpatrick's roll (seed 000, his card) skips that warfare at his location, not the next
    round's: the next colony phase asks him again, and without his roll the combat is fought."""
    g = table(wc, {"father-fitzpatrick": ("p1", "school"), "olivia-brown": ("p3", "school")},
              rolls=[4])
    g.drive(g.warfare.step_colony_warfare(), Asked(g, {("p1", "you may"): [True]}))
    assert len(events(g, "warfare_skipped")) == 1 and not events(g, "warfare")
    g.drive(g.warfare.step_colony_warfare(), Asked(g, {("p1", "you may"): [False], ("p1", "tactic"): ["on-guard"],
                                              ("p3", "tactic"): ["on-guard"]}))
    assert len(events(g, "warfare_skipped")) == 1 and len(events(g, "warfare")) == 1


def test_no_tactic_is_in_play_once_the_warfare_step_is_over(wc):
    """The tactics are played for one combat (seed 000, Combate entre as colônias, 1.): after the step, a
    card asking whether a leader plays a tactic hears no."""
    g = table(wc, {"brian-lee": ("p1", "library"), "olivia-brown": ("p3", "library")}, rolls=[BIO1, BIO1])
    warfare(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["all-in"],
                ("p1", "bullet bid"): [0], ("p3", "bullet bid"): [0]})
    assert events(g, "tactics") and events(g, "combat_result")[-1]["difference"] == 0
    assert not g.host.tactic_played("you", "ALL IN", "p1")
    assert not g.host.tactic_played("enemy", "ALL IN", "p1")


def test_both_on_guard_end_every_combat_left_on_the_all_combats_reading(wc):
    """ON GUARD (seed 000, the tactic card: "o combate entre colônias termina na hora"): the engine's reading
    ends the combat being fought (`both_on_guard_ends: this_combat`); the other reading ends every combat
    left in the step."""
    survivors = {"brian-lee": ("p1", "library"), "olivia-brown": ("p3", "library"),
                 "sparky": ("p2", "school"), "alexis-grey": ("p4", "school")}
    fought = {}
    for reading in ("this_combat", "all_combats"):
        g = table(wc, survivors, rolls=[BIO1, BIO1])
        g.wc = {**g.wc, "readings": {**g.wc["readings"], "both_on_guard_ends": reading}}
        answers = {("p1", "tactic"): ["on-guard"], ("p3", "tactic"): ["on-guard"]}
        if reading == "this_combat":
            answers = {("p1", "tactic"): ["on-guard", "all-in"], ("p3", "tactic"): ["on-guard", "all-in"],
                       ("p1", "bullet bid"): [0], ("p3", "bullet bid"): [0]}
        warfare(g, answers)
        fought[reading] = [e["location"] for e in events(g, "warfare")]
    assert len(fought["this_combat"]) == 2 and fought["all_combats"] == fought["this_combat"][:1]


# ---- what the rules waiting for the step's events do, and when ------------------------------------------
def after(g, first: str) -> list[tuple]:
    """The log from the first line of event ``first`` on, as (event, its colony or survivor, amount), without
    the morale track's own lines (a card's change of morale says its amount in ``change_morale``)."""
    lines = [e for e in g.log.lines if e["event"] not in ("morale", "shuffle")]
    start = next(i for i, e in enumerate(lines) if e["event"] == first)
    return [(e["event"], e["params"].get("colony") or e["params"].get("survivor") or e["params"].get("location"),
             e["params"].get("amount")) for e in lines[start:]]


def test_a_rule_waiting_for_a_colony_warfare_to_start_resolves_before_the_combat_and_not_for_a_skipped_one(wc):
    """"When a colony warfare starts here" is an event of the combat (seed 000, Combate entre as colônias):
    what it triggers resolves at once, before the leaders play their tactics; a warfare Father Fitzpatrick's
    roll skipped does not start (his rule is "just before" it), so nothing waiting for its start happens,
    and his rule and that one are not two effects of one event for a player to order."""
    start = "when a colony warfare starts here:\n  gain 1 morale."
    fought = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "school")}, rolls=[BIO1, BIO1])
    holding(fought, "brian-lee", start)
    warfare(fought, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["all-in"],
                     ("p1", "bullet bid"): [0], ("p3", "bullet bid"): [0]})
    assert after(fought, "change_morale")[:3] == [("change_morale", None, 1), ("warfare", "school", None),
                                                  ("tactic_chosen", "a", None)]
    skipped = table(wc, {"father-fitzpatrick": ("p1", "school"), "brian-lee": ("p1", "school"),
                         "olivia-brown": ("p3", "school")}, rolls=[4])
    holding(skipped, "brian-lee", start)
    agent = Asked(skipped, {("p1", "you may"): [True]})
    skipped.drive(skipped.warfare.step_colony_warfare(), agent)
    assert [q[1] for q in agent.questions] == ["you may"]
    assert events(skipped, "warfare_skipped") == [{"location": "school"}] and not events(skipped, "change_morale")


def test_what_the_combat_die_triggers_resolves_before_its_zombies_and_what_they_do_before_the_result(wc):
    """The combat die's wounds come first, then its zombies (seed 000, Rolagem de combate): a rule triggered
    by a wound of the die resolves before the zombies arrive, and one triggered by their overrun (a
    survivor killed) before the combat's result is told (seed 004, Card Text: an effect resolves at once)."""
    g = table(wc, {"brian-lee": ("p1", "library"), "olivia-brown": ("p3", "library"),
                   "alexis-grey": ("p3", "library")}, rolls=[TARGET1, BIO1])
    library = g.state.locations["library"]
    library.zombies = [library.entrance_spaces] * library.entrances        # the die's zombie overruns
    library.barricades = [0] * library.entrances
    holding(g, "brian-lee", "when a survivor receives a wound:\n  gain 1 morale.\n"
                            "when a survivor dies:\n  lose 1 morale.")
    warfare(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["all-in"], ("p1", "bullet bid"): [1],
                ("p3", "bullet bid"): [0], ("p1", "combat die target"): ["alexis-grey"]})
    assert after(g, "combat_die") == [
        ("combat_die", "a", None), ("combat_die", "b", None), ("change_morale", None, 1),
        ("overrun", "library", None), ("killed", "s:alexis-grey", None), ("change_morale", None, -1),
        ("combat_result", "library", None)]


def test_what_the_combat_triggers_resolves_before_the_win_and_the_win_before_the_next_leader(wc):
    """After the loser's wounds, what they triggered resolves before the colony's win is told; what the win
    triggers resolves before the warfare step goes on; the new group leader of a player who lost their
    last survivor enters play once the warfare is over (seed 000, Combate entre as colônias, Nota), and
    what that triggers resolves before an undefended colony loses morale (Combate na colônia inimiga)."""
    g = table(wc, {"brian-lee": ("p1", "library"), "olivia-brown": ("p3", "library"),
                   "alexis-grey": ("p4", "a")}, rolls=[PLUS1, PLUS1])
    holding(g, "brian-lee", "when a survivor dies:\n  lose 1 morale.\nwhen you win a colony warfare:\n"
                            "  gain 1 morale.\nwhen a survivor enters play:\n  gain 2 morale.")
    warfare(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["on-guard"], ("p1", "bullet bid"): [1],
                ("p3", "bullet bid"): [0], ("p3", "combat wound"): ["olivia-brown"] * 3})
    leader = events(g, "new_group_leader")[0]["survivor"]                # the top of the survivor deck
    assert after(g, "combat_result") == [
        ("combat_result", "library", None), ("killed", "s:olivia-brown", None), ("change_morale", None, -1),
        ("combat_won", "a", None), ("change_morale", None, 1), ("new_group_leader", leader, None),
        ("change_morale", None, 2), ("undefended_colony", "a", None)]


def test_a_game_ended_by_a_wound_of_the_combat_die_gets_no_zombies_from_it(wc):
    """Once the game is over nothing more happens in it (seed 004, End of the Game): a rule that ends the game
    when the combat die wounds a survivor leaves the die's biohazard zombies out, and no wound is asked."""
    g = table(wc, {"brian-lee": ("p1", "library"), "olivia-brown": ("p3", "library")}, rolls=[TARGET1, BIO1])
    before = list(g.state.locations["library"].zombies)
    holding(g, "brian-lee", "when a survivor receives a wound:\n  end the game.")
    agent = Asked(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["all-in"], ("p1", "bullet bid"): [1],
                      ("p3", "bullet bid"): [0], ("p1", "combat die target"): ["olivia-brown"]})
    g.drive(g.warfare.step_colony_warfare(), agent)
    assert g.state.over and g.state.locations["library"].zombies == before
    assert agent.questions[-1][1] == "combat die target" and not events(g, "combat_won")


def test_a_game_ended_as_a_colony_warfare_starts_asks_no_tactic_and_fights_no_combat(wc):
    """Once the game is over nothing more happens in it (seed 004, End of the Game): a rule that ends the game
    when a colony warfare starts leaves the combat unfought, so no leader is asked for a tactic or a bid."""
    g = table(wc, {"brian-lee": ("p1", "school"), "olivia-brown": ("p3", "school")}, rolls=[BIO1, BIO1])
    holding(g, "brian-lee", "when a colony warfare starts here:\n  end the game.")
    agent = Asked(g, {("p1", "tactic"): ["all-in"], ("p3", "tactic"): ["all-in"], ("p1", "bullet bid"): [0],
                      ("p3", "bullet bid"): [0]})
    g.drive(g.warfare.step_colony_warfare(), agent)
    assert g.state.over and agent.questions == [] and not events(g, "warfare") and not events(g, "tactics")
