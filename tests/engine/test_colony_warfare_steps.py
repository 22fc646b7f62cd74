"""The warfare step of Warring Colonies (runtime/engine/colony_warfare.py) as seed 000 (Combate entre as
colônias, Rolagem de combate) has its questions asked and its die rolled, and what one warfare step leaves
for the next. Found by tests/mutation.py: these changes to the step passed every scenario."""
from __future__ import annotations

from colonies_helpers import BIO1, PLUS1, TARGET1, Answers, events, table, warfare
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
    g.drive(g.step_colony_warfare(), agent)
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
    g.drive(g.step_colony_warfare(), Asked(g, {("p1", "you may"): [True]}))
    assert len(events(g, "warfare_skipped")) == 1 and not events(g, "warfare")
    g.drive(g.step_colony_warfare(), Asked(g, {("p1", "you may"): [False], ("p1", "tactic"): ["on-guard"],
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
