"""The events axis: every event the language can wait for, as a trigger played on the reference engine.

The matrix is generated from the table of events (dsl/lexicon.py ``EVENTS``: each kind's actor, the
thing and places it names, what it carries, whether the engine stops just before it or lets a rule stand
in for it) and from the event forms of dsl/forms.py, whose own words make each trigger. For every kind,
every way of naming its actor (anyone; a named survivor, or "you" for a player; a description), every
place and thing it can name and every timing ("when", "after", "before", "instead of"), a trigger that
gains 1 morale is compiled and put in force for player p1, the event is made to happen through the
engine's own code (a move, a search, a turn ended, a colony phase step …), and the trigger must fire
once for each event it names and never for another: on the named survivor and not on another, at the
named place and not elsewhere. A timing the engine has no moment for is refused when the card is
compiled, with its message, and the matrix asserts the refusal.

Each kind has a driver here: the table it needs and how to make its event happen (the one part the
table cannot say). A kind without a driver, or without a form for one of its ways, fails the matrix.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pytest

from dow.compiler.catalogue import EVENTS as CATALOGUE_EVENTS
from dow.compiler.statements import Statements
from dow.dsl import lexicon as L
from dow.dsl import parse
from dow.dsl.forms import FORMS, Form
from dow.dsl.grammar import form_parts
from dow.runtime.engine.common import EVENT_BINDINGS
from dow.runtime.engine.scenario import Scenario
from helpers import bind, lowered

CARD = "test.events-axis"                     # the trigger's card, which the log names for each of its lines
#: the survivors of a base table: named, one more of p1's, one of p2's
OWNER = {"jenny-clark": "p1", "brian-lee": "p1", "sophie-robinson": "p2"}
NAMES = {"jenny-clark": "Jenny Clark", "brian-lee": "Brian Lee", "sophie-robinson": "Sophie Robinson"}
#: each way of naming an actor: (the words, the actor that must fire it, the actor that must not)
SURVIVOR_WAYS = {"anyone": ("a survivor", "sophie-robinson", None),
                 "named": ('"Jenny Clark"', "jenny-clark", "brian-lee"),
                 "described": ("a survivor you control", "brian-lee", "sophie-robinson")}
PLAYER_WAYS = {"anyone": ("a player", "p2", None), "named": ("you", "p1", "p2"),
               "described": ("another player", "p2", "p1")}
TIMINGS = ("when", "after", "before", "instead of")
#: the places a place filter names in the matrix: (where it must fire, the words of which name it; where it must not)
PLACES = {"at": ("school", "library"), "to": ("hospital", "school"), "from": ("library", "school")}
WORDS = {"school": "the school", "library": "the library", "hospital": "the hospital"}


# ---- what happens: one event, as the driver makes it ----------------------------------------------------
@dataclass
class Act:
    """One event to make happen: by whom, where (by place role), with what thing (a card, a player voted
    on), and whether the player added a card to the crisis first (end_turn)."""

    who: str = ""
    place: dict[str, str] = field(default_factory=dict)
    thing: str = ""
    added: bool = False


def _answer(d, answers: dict[str, Any]):
    if d.prompt in answers:
        value = answers[d.prompt]
        return value(d) if callable(value) else value
    if d.kind == "may":
        return False
    if d.kind == "amount":
        return d.min
    if d.kind in ("option", "vote"):
        return d.choices[0]
    if d.kind == "order":
        return tuple(d.choices)
    return tuple(d.choices[:max(d.min, 1)])[: d.max]


def drive(gen, answers: dict[str, Any] | None = None) -> None:
    """Run one of the engine's generators to its end, answering every question (``answers`` by prompt)."""
    try:
        d = next(gen)
        while True:
            d = gen.send(d.check(_answer(d, answers or {})))
    except StopIteration:
        pass


def sid(name: str) -> str:
    return "s:" + name


def player(sc: Scenario, pid: str):
    return sc.game.state.player(pid)


def controller(sc: Scenario, name: str) -> str:
    return sc.game.state.survivors[sid(name)].controller


def card_of(sc: Scenario, pid: str, slug: str) -> str:
    return next(c for c in player(sc, pid).hand if sc.game.state.cards[c].endswith("." + slug))


def on_turn(sc: Scenario, pid: str) -> None:
    """Make ``pid`` the player whose turn it is."""
    s = sc.game.state
    s.active = next(i for i, p in enumerate(s.players) if p.id == pid)


# ---- the drivers: a table, then the engine's own code ---------------------------------------------------
@dataclass
class Driver:
    """How to make one kind of event happen: the table (``given``, from the act), the engine's code that does
    it (``run``; returns every act it made happen, for events the engine raises for several at once), and
    the log line that says it happened (``marker``), against which a trigger's morale is told before or after.
    What the event queued is settled after ``run``, as the engine does after any action."""

    given: Callable[[Act], dict]
    run: Callable[[Scenario, Act], list[Act] | None]
    marker: str | None = None
    rolls: tuple[int, ...] = ()
    undone: Callable[[Scenario, Act], bool] | None = None     # an event replaced did not happen ("instead of")


def _base(act: Act, at: str = "school", others: str = "colony", **more) -> dict:
    """A two-player table with the three survivors: the acting one at ``at``, the others at ``others``."""
    survivors = {name: {"player": owner, "at": at if name == act.who else others} for name, owner in OWNER.items()}
    return {"players": 2, "survivors": survivors, **more}


def _dice(act: Act, values=(6,)) -> dict:
    return {OWNER.get(act.who, act.who): list(values)}


def _move(sc, act):
    drive(sc.game.move(player(sc, controller(sc, act.who)), sid(act.who), act.place.get("to", "grocery_store"),
                       exposure=False))


def _search(sc, act, noise: bool = False):
    pid = controller(sc, act.who)
    said = []
    drive(sc.game.search(player(sc, pid), sid(act.who), 6),
          {"make noise": lambda d: noise and not said and not said.append(1)})


def _attack(sc, act):
    sc.game.host.skip_exposure = True
    drive(sc.game.attack(player(sc, controller(sc, act.who)), sid(act.who), "zombie", 6))


def _ability(sc, act):
    g, pid = sc.game, controller(sc, act.who)
    card = sc.card_instance("base.crossroads.horse")
    nodes = lowered(f'attach this card to "{NAMES[act.who]}":\n  you may spend an action die: add 1 food to the supply.',
                    {"this_card": "card"})
    drive(g.run_effect(nodes, {"player": pid, "card": card}), {})
    granted = [a for a in g.legal_actions(player(sc, pid)) if a[:2] == ("ability", sid(act.who))][-1]
    drive(g.perform(player(sc, pid), granted), {"may": True})


def _exposure(sc, act):
    drive(sc.game.exposure(sid(act.who), controller(sc, act.who)))


def _turn(sc, act):
    g, p = sc.game, player(sc, act.who)
    on_turn(sc, act.who)
    steps = [("crisis", card_of(sc, act.who, "junk"))] if act.added else []
    drive(g.turn(p), {"action": lambda d: steps.pop(0) if steps else ("end",)})


def _request(sc, act):
    pid = act.who
    drive(sc.game.request(player(sc, pid)), {f"give to {pid}": lambda d: tuple(d.choices[:1])})


def _crossroads(sc, act):
    g = sc.game
    on_turn(sc, act.who)
    held = sc.card_instance(CROSSROADS["id"])
    g.crossroads_held = (held, "p2" if act.who == "p1" else "p1")
    g.total_cards = len(g.state.cards)
    drive(g.check_crossroads(player(sc, act.who)))


def _exile_vote(sc, act):
    drive(sc.game.exile_vote(player(sc, act.who), act.thing or "p3"), {f"exile {act.thing or 'p3'}": "no"})


def _colony(step: str):
    return lambda sc, act: drive(sc.game.round_step(step)())


def _roll_dice(sc, act):
    drive(sc.game.step_roll_action_dice())
    return [Act(who=p.id) for p in sc.game.state.players]


def _reveal(sc, act):
    sc.game.state.crisis_deck = [sc.card_instance("despair")]
    sc.game.total_cards = len(sc.game.state.cards)
    drive(sc.game.step_reveal_crisis())


def _warfare(tactic: str):
    """The colony warfare step, each colony leader playing the tactic ``tactic`` and bidding no bullet."""
    def run(sc, act):
        cards = sc.game.state.cards
        pick = {"tactic": lambda d: (next(c for c in d.choices if cards[c].endswith("." + tactic)),), "bullet bid": 0}
        drive(sc.game.round_step("colony_warfare")(), pick)
    return run


def _join(sc: Scenario, a: Act) -> None:
    """The act's survivor joins its player's colony from the deck. What the host answers (``Told``: it logs the
    join itself) is the interpreter's business, not an act the driver made happen."""
    sc.game.host.do_add_survivor(sid(a.who), OWNER[a.who], {})


def _wc(act: Act, winner: str = "p1") -> dict:
    """A Warring Colonies table (p1, p2 colony A; p3, p4 colony B): a combat at the act's place, the
    winner's colony with two survivors there and the other's with one."""
    at = act.place.get("at", "school")
    strong = ("jenny-clark", "brian-lee") if winner == "p1" else ("sophie-robinson", "olivia-brown")
    weak = ("sophie-robinson",) if winner == "p1" else ("jenny-clark",)
    team = {"jenny-clark": "p1", "brian-lee": "p2", "sophie-robinson": "p3", "olivia-brown": "p4"}
    return {"colonies": True, "players": 4,
            "survivors": {name: {"player": team[name], "at": at} for name in (*strong, *weak)}}


def _wounded(act: Act) -> dict:
    """The acting survivor with a wound to heal; the card named (if any) in its player's hand."""
    table = _base(act)
    table["survivors"][act.who] = {**table["survivors"][act.who], "wounds": 1}
    return {**table, "hand": {OWNER[act.who]: [act.thing]}} if act.thing else table


def _heal(sc, act):
    """A wound healed, by the card named while it is being played (as the engine marks a card's effect)."""
    host = sc.game.host
    host.playing = card_of(sc, OWNER[act.who], act.thing) if act.thing else None
    try:
        host.do_heal(sid(act.who), "wound", 1, {})
    finally:
        host.playing = None


def _wounds(sc, act):
    return sc.game.state.survivors[sid(act.who)].wounds == 0


DRIVERS: dict[str, Driver] = {
    "move": Driver(lambda a: _base(a, at=a.place.get("from", "colony")), _move, marker="moved"),
    "search": Driver(lambda a: _base(a, at=a.place.get("at", "library"), dice=_dice(a),
                                     item_deck={a.place.get("at", "library"): ["junk", "junk"]}), _search),
    "attack": Driver(lambda a: _base(a, dice=_dice(a), zombies={"school": 1}), _attack, marker="zombie_killed"),
    "barricade": Driver(lambda a: _base(a, dice=_dice(a)),
                        lambda sc, a: drive(sc.game.perform(player(sc, OWNER[a.who]), ("barricade", sid(a.who), 6)))),
    "make_noise": Driver(lambda a: _base(a, at="library", dice=_dice(a), item_deck={"library": ["junk"] * 8}),
                         lambda sc, a: _search(sc, a, noise=True)),
    "clean_waste": Driver(lambda a: _base(a, at="colony", others="school", dice=_dice(a), waste=3),
                          lambda sc, a: drive(sc.game.perform(player(sc, OWNER[a.who]), ("clean_waste", 6)))),
    "use_ability": Driver(lambda a: _base(a, dice=_dice(a, (3,))), _ability),
    "use_weapon": Driver(lambda a: {**_base(a, dice=_dice(a), zombies={"school": 1}),
                                    "survivors": {**_base(a)["survivors"],
                                                  a.who: {"player": OWNER[a.who], "at": "school",
                                                          "equipped": ["pistol"]}}},
                         lambda sc, a: drive(sc.game.attack(player(sc, OWNER[a.who]), sid(a.who), "zombie", 6))),
    "kill_zombie": Driver(lambda a: _base(a, at=a.place.get("at", "school"), dice=_dice(a),
                                          zombies={a.place.get("at", "school"): 1}), _attack, marker="zombie_killed"),
    "receive_wound": Driver(_base, lambda sc, a: sc.game.host.do_wound(sid(a.who), "wound", 1, {}), undone=_wounds),
    "receive_frostbite": Driver(_base, lambda sc, a: sc.game.host.do_wound(sid(a.who), "frostbite", 1, {}),
                                undone=_wounds),
    "roll_exposure": Driver(_base, _exposure, marker="exposure", rolls=(1,)),
    "bitten": Driver(_base, _exposure, rolls=(12,),
                     undone=lambda sc, a: sc.game.state.survivors[sid(a.who)].place == "play"),
    "enter_play": Driver(lambda a: {**_base(a), "survivors": {n: f for n, f in _base(a)["survivors"].items()
                                                              if n != a.who}, "deck": [a.who]},
                         _join),
    "die": Driver(_base, lambda sc, a: sc.game.host.do_kill_survivor(sid(a.who), {}), marker="killed"),
    "heal": Driver(_wounded, _heal),
    "play_card": Driver(lambda a: _base(Act(), hand={a.who: [a.thing or "fuel"]}),
                        lambda sc, a: drive(sc.game.play_card(player(sc, a.who), card_of(sc, a.who, a.thing or "fuel"))),
                        marker="played"),
    "spend_food": Driver(lambda a: _base(Act(), food=2, dice={a.who: [3]}),
                         lambda sc, a: drive(sc.game.perform(player(sc, a.who), ("food", 3)))),
    "roll_action_dice": Driver(lambda a: _base(Act()), _roll_dice, marker="action_dice"),
    "request_granted": Driver(lambda a: _base(Act(), hand={"p2" if a.who == "p1" else "p1": [a.thing or "fuel"]}),
                              _request, marker="given"),
    "crossroads_triggered": Driver(lambda a: _base(Act()), _crossroads, marker="crossroads_resolved"),
    "exile_vote_start": Driver(lambda a: {**_base(Act()), "players": 3}, _exile_vote),
    "exile_vote_end": Driver(lambda a: {**_base(Act()), "players": 3}, _exile_vote, marker="exile_vote"),
    "end_turn": Driver(lambda a: _base(Act(), crisis="despair", hand={a.who: ["junk"]}), _turn),
    "reveal_crisis": Driver(lambda a: _base(Act()), _reveal, marker="crisis"),
    "pay_food": Driver(lambda a: _base(Act(), food=5), _colony("pay_food"), marker="food_paid"),
    "check_waste": Driver(lambda a: _base(Act(), waste=10), _colony("check_waste"), marker="waste"),
    "resolve_crisis": Driver(lambda a: _base(Act(), crisis="despair"), _colony("resolve_crisis"),
                             marker="crisis_result"),
    "add_zombies": Driver(lambda a: _base(Act()), _colony("add_zombies"), marker="zombies_arrive"),
    "check_main_objective": Driver(lambda a: _base(Act(), objective="we-need-more-samples"),
                                   _colony("check_main_objective")),
    "move_round_tracker": Driver(lambda a: _base(Act()), _colony("move_round_tracker"), marker="round_track"),
    "pass_first_player": Driver(lambda a: _base(Act()), _colony("pass_first_player")),
    "round_track_zero": Driver(lambda a: _base(Act(), round=1, objective="we-need-more-samples"),
                               _colony("move_round_tracker"), marker="round_track"),
    "warfare_start": Driver(_wc, _warfare("on-guard")),
    "win_warfare": Driver(lambda a: _wc(a, winner=a.who), _warfare("all-in"), rolls=(10, 10), marker="combat_won"),
}

#: a crossroads card whose trigger is met on any turn, with one option that changes no morale
CROSSROADS_SOURCE = """id: base.crossroads.events-axis
kind: crossroads
set: base
name: {pt: T, en: T, vi: T}
status: {implementation: full, data: known}
trigger:
  if: there is a survivor at the colony
  text: {pt: t, en: t, vi: t}
options:
  - text: {pt: t, en: t, vi: t}
    effect: |
      add 1 food to the supply.
"""
CROSSROADS: dict = {"id": "base.crossroads.events-axis"}


# ---- the matrix, from the table and the forms ------------------------------------------------------------
def _kind_of(form: Form) -> str:
    """The event kind a form builds (read from its example, as the language reads it)."""
    start = "event" if form.role == "event" else "event_ing"
    clause = parse(form.example.rstrip(".") + ".\n").stmts[0].clauses[0]
    return Statements().read(clause, start)["kind"]


FORMS_OF: dict[tuple[str, str], list[Form]] = {}
for _form in FORMS:
    if _form.role in ("event", "event_ing"):
        FORMS_OF.setdefault((_kind_of(_form), _form.role), []).append(_form)


def _slots(form: Form) -> dict[str, str]:
    """A form's slots by name (a number the form spells, "reaches 0", is a word of it)."""
    return dict(value.split(":") for what, value in form_parts(form) if what == "slot" and not value.startswith("="))


def _choose(options: list[str], you: bool) -> str:
    """A verb's form after its subject: 'you move', 'a player moves' (the third person ends in s)."""
    third = [o for o in options if o.split()[0].endswith("s")]
    plain = [o for o in options if o not in third]
    return (plain if you and plain else third or options)[0]


def sentence(form: Form, fill: dict[str, str]) -> str:
    """A form's template with its slots filled."""
    out, you = [], False
    for what, value in form_parts(form):
        if what == "slot" and value.startswith("="):
            out.append(value[1:].split(":")[0])
        elif what == "slot":
            name, kind = value.split(":")
            words = fill[name]
            if kind == "where" and not words.startswith(("here", "at ")):
                words = "at " + words
            out.append(words)
            you = words == "you" if name == "actor" else you
        elif what == "choice":
            out.append(_choose(value.split("|"), you))
        else:
            out.append(value)
    return " ".join(out)


#: the words of a thing a form must name when the case names nothing of it
ANY_THING = {"card": "a card", "player": "a player", "survivor": "a survivor"}


@dataclass(frozen=True)
class Case:
    """One cell of the matrix: an event kind, a way of naming it, a timing."""

    kind: str
    way: str                    # anyone | named | described | none | at | to | from | thing | without
    timing: str

    @property
    def event(self) -> L.Event:
        return L.EVENTS[self.kind]

    def allowed(self) -> bool:
        return {"before": self.event.before, "instead of": self.event.instead}.get(self.timing, True)

    def fill(self) -> dict[str, str]:
        """The words of each slot this case's form has."""
        ev, fill = self.event, {}
        if ev.actor:
            ways = SURVIVOR_WAYS if ev.actor == "survivor" else PLAYER_WAYS
            fill["actor"] = ways[self.way if self.way in ways else "anyone"][0]
        if self.way in PLACES:
            fill[self.way] = WORDS[PLACES[self.way][0]]
        if self.way == "thing":
            fill["subject"] = "a fuel card" if ev.subject == "card" else "you"
        return fill

    def form(self) -> Form:
        """The form that says this case: its slots are what the case names (the actor, when the way is one of
        naming it; the place or thing the way names), and at most an actor or a subject it names nothing of
        (filled with anyone, anything); a way the kind names with words ('without …') is a form holding them."""
        role = "event_ing" if self.timing == "instead of" else "event"
        want = set(self.fill())
        forms = [f for f in FORMS_OF.get((self.kind, role), [])
                 if ("without" in f.template) == (self.way == "without")]
        found = []
        if self.event.actor == "player" and self.way == "named":     # "you …": a form of its own, where one is
            found += [f for f in forms if f.template.startswith("you ") and set(_slots(f)) == want - {"actor"}]
        found += [f for f in forms if set(_slots(f)) == want]
        found += [f for f in forms if want < set(_slots(f)) <= want | {"subject"}]
        if self.way not in ("anyone", "named", "described"):
            found += [f for f in forms if set(_slots(f)) == want - {"actor"}]
        if not found and role == "event_ing":       # a refused 'instead of': any of its forms says so
            found = FORMS_OF.get((self.kind, role), [])
        assert found, f"no {role} form of {self.kind} with the slots {sorted(want)} ({self.way})"
        return found[0]

    def words(self) -> dict[str, str]:
        """The words of every slot of the case's form."""
        form, fill = self.form(), self.fill()
        for name, kind in _slots(form).items():
            fill.setdefault(name, ANY_THING.get(kind, ""))
        return fill

    def text(self) -> str:
        words = sentence(self.form(), self.words())
        return f"{self.timing} {words}:\n  gain 1 morale."

    def acts(self) -> list[tuple[Act, bool]]:
        """The events to make happen, each with whether this case's trigger must fire on it."""
        ev, way = self.event, self.way
        default = {"survivor": "jenny-clark", "player": "p1"}.get(ev.actor, "")
        if ev.actor and way in ("anyone", "named", "described"):
            ways = SURVIVOR_WAYS if ev.actor == "survivor" else PLAYER_WAYS
            _, hit, miss = ways[way]
            return [(Act(who=hit), True)] + ([(Act(who=miss), False)] if miss else [])
        if way in PLACES:
            hit, miss = PLACES[way]
            return [(Act(who=default, place={way: hit}), True), (Act(who=default, place={way: miss}), False)]
        if way == "thing" and ev.subject == "card":
            return [(Act(who=default, thing="fuel"), True), (Act(who=default, thing="food-1"), False)]
        if way == "thing":                       # "an exile vote against you": started by p2
            return [(Act(who="p2", thing="p1"), True), (Act(who="p2", thing="p3"), False)]
        if way == "without":
            return [(Act(who=default), True), (Act(who=default, added=True), False)]
        return [(Act(who=default), True)]


def _ways(ev: L.Event) -> list[str]:
    ways = ["anyone", "named", "described"] if ev.actor else ["none"]
    ways += list(ev.places)
    ways += ["thing"] if ev.subject else []
    ways += ["without"] if ev.without else []
    return ways


CASES = [Case(kind, way, timing) for kind, ev in L.EVENTS.items() for way in _ways(ev) for timing in TIMINGS]


def _matches(case: Case, act: Act, primary: Act, fires: bool) -> bool:
    """Whether the trigger must fire on an act the driver made happen: the act the case asked for fires as
    the case says; another one (an event the engine raises for every player) as its actor is named."""
    if act == primary:
        return fires
    ways = PLAYER_WAYS if case.event.actor == "player" else SURVIVOR_WAYS
    if case.way not in ways:
        return True
    _, hit, miss = ways[case.way]
    return act.who != miss if miss else True


# ---- playing a case ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def axis_bundle(bundle):
    from dow.compiler.pipeline import compile_text
    result = compile_text(CROSSROADS_SOURCE, "content/base/crossroads/events-axis.yaml")
    assert result.card is not None, [d.render() for d in result.diags]
    return dict(bundle, cards=[*bundle["cards"], result.card])


def play(bundle: dict, case: Case, act: Act) -> tuple[Scenario, list[Act]]:
    """A table for the act, the case's trigger in force for p1, the event made to happen."""
    driver = DRIVERS[case.kind]
    test = {"name": f"{case.kind} {case.way} {case.timing}", "given": driver.given(act), "rolls": list(driver.rolls)}
    sc = Scenario(bundle, None, test)
    sc.game.total_cards = len(sc.game.state.cards)
    (node,) = lowered(case.text(), {}, card=CARD)
    sc.game.add(node, {"player": "p1", "card": CARD}, until=None, key="events-axis")
    performed = driver.run(sc, act) or [act]
    drive(sc.game.settle())               # what the event queued runs, as after any action of a turn
    return sc, performed


def fired(sc: Scenario) -> list[int]:
    """The log lines where the trigger's morale was gained."""
    return [i for i, line in enumerate(sc.game.log.lines)
            if line["event"] == "change_morale" and (line.get("src") or {}).get("card") == CARD]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.kind}-{c.way}-{c.timing.replace(' ', '_')}")
def test_every_event_as_a_trigger(axis_bundle, case):
    if not case.allowed():
        _, errors = bind(case.text(), {})
        wanted = "T002.no-before" if case.timing == "before" else "T002.no-instead"
        assert [getattr(e.message, "id", "") for e in errors] == [wanted], [str(e.message) for e in errors]
        return
    for act, fires in case.acts():
        sc, performed = play(axis_bundle, case, act)
        expected = sum(_matches(case, done, act, fires) for done in performed)
        lines = fired(sc)
        assert len(lines) == expected, (case.text(), act, [ln["event"] for ln in sc.game.log.lines])
        assert sc.game.violations == [], sc.game.violations
        driver = DRIVERS[case.kind]
        if case.timing == "instead of" and driver.undone is not None:
            assert driver.undone(sc, act) == fires, (case.text(), act)
        marks = [i for i, line in enumerate(sc.game.log.lines) if line["event"] == driver.marker]
        if lines and marks and case.timing != "instead of":
            before = lines[0] < marks[0]
            assert before == (case.timing == "before"), (case.text(), [ln["event"] for ln in sc.game.log.lines])


def test_the_matrix_covers_every_event_kind():
    """Every kind of the table has a driver and a form for each of its ways; the engine and the catalogue
    know the same kinds."""
    assert set(DRIVERS) == set(L.EVENTS) == set(CATALOGUE_EVENTS) == set(EVENT_BINDINGS)
    for case in CASES:
        assert case.form() is not None
    assert len(CASES) >= 4 * len(L.EVENTS)


# ---- what an event carries -------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", sorted(L.EVENTS))
def test_an_event_binds_what_the_language_says_it_carries(kind):
    """The referents an event carries (the words "the moved survivor", "its destination" may name in the
    trigger's block) are the bindings the engine's match gives, name for name."""
    carried = {name for name, _ in L.EVENTS[kind].carries}
    assert {name for name, _ in EVENT_BINDINGS[kind]} == carried


@pytest.mark.parametrize("kind", sorted(k for k, ev in L.EVENTS.items() if ev.carries))
def test_a_fired_trigger_is_given_every_referent_of_its_event(axis_bundle, kind):
    """Played on the engine, a trigger on the event gets a value for each referent its event carries."""
    case = Case(kind, "anyone" if L.EVENTS[kind].actor else "none", "when")
    act = case.acts()[0][0]
    driver = DRIVERS[kind]
    sc = Scenario(axis_bundle, None, {"name": kind, "given": driver.given(act), "rolls": list(driver.rolls)})
    sc.game.total_cards = len(sc.game.state.cards)
    (node,) = lowered(case.text(), {}, card=CARD)
    sc.game.add(node, {"player": "p1", "card": CARD}, until=None, key="events-axis")
    queued: list = []
    emit = sc.game.host.emit

    def keep(event):
        emit(event)
        queued.extend(item[2] for item in sc.game.host.pending
                      if item[0] == "trigger" and item[1].key == "events-axis" and item[2] not in queued)
    sc.game.host.emit = keep
    driver.run(sc, act)
    assert queued, kind
    for bound in queued:
        assert set(bound) == {name for name, _ in L.EVENTS[kind].carries}, (kind, bound)


# ---- refusals and the engine's moments, by name --------------------------------------------------------------
@pytest.mark.parametrize("text, wanted", [
    ("before a survivor searches:\n  gain 1 morale.", "T002.no-before"),
    ("before you end your turn:\n  gain 1 morale.", "T002.no-before"),
    ("instead of this survivor moving:\n  gain 1 morale.", "T002.no-instead"),
    ("instead of the crisis being resolved:\n  gain 1 morale.", "T002.no-instead"),
])
def test_a_moment_the_engine_does_not_have_is_refused_where_it_is_written(text, wanted):
    _, errors = bind(text)
    (err,) = errors
    assert err.message.id == wanted and err.code == "T002" and err.pos.col == 1


def test_the_events_read_as_written():
    from helpers import tree
    node, = tree("when a survivor you control moves from the colony to the library:\n  gain 1 morale.")
    assert node["event"]["filters"] == [{"op": "origin", "location": {"op": "location", "id": "colony"}},
                                        {"op": "destination", "location": {"op": "location", "id": "library"}}]
    node, = tree("when another player ends their turn without adding a card to the crisis:\n  gain 1 morale.")
    assert node["event"]["filters"] == [{"op": "without", "action": "add_to_crisis"}]
    node, = tree("after an exile vote against you starts:\n  gain 1 morale.")
    assert node["event"]["kind"] == "exile_vote_start" and node["event"]["subject"] == {"op": "you"}
    node, = tree("when you are given a fuel card in a card request:\n  put the given card in your hand.")
    assert node["body"][0]["cards"] == {"op": "ref", "name": "given", "kind": "card"}
    node, = tree("when a zombie is killed at the hospital:\n  gain 1 morale.")
    assert node["event"]["kind"] == "kill_zombie"


def test_a_crisis_revealed_fires_for_every_player_not_only_the_first():
    """'when a crisis is revealed' names no player: a rule of p2's fires as well as one of p1's."""
    from helpers import tree
    node, = tree("when a crisis is revealed:\n  gain 1 morale.")
    assert node["event"]["actor"]["kind"] == "round"

