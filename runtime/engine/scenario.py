"""Scenario tests as data: a given table, something done on it, what must be true after.

Card files carry them under ``tests:`` (they reach the bundle with the card) and rule
scenarios live in YAML files of their own; both run here, on the reference engine.
The format is documented in docs/scenarios.md. A scenario names survivors, items,
crises and locations by their file names (``sparky``, ``food-3``, ``police_station``);
players are ``p1``…``p5`` and ``p1`` is the active player.

``run_scenario(bundle, card, test)`` returns a list of failures (empty when the
scenario holds); a malformed scenario raises ``ScenarioError`` naming the card, the
test and the key at fault.
"""
from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from ..decisions import ScriptedAgent
from .game import Game, slug
from .state import Location, Player, State, Survivor

if TYPE_CHECKING:  # pragma: no cover
    from .colony_table import ColonyBoard, ColoniesState

GIVEN_KEYS = {"players", "survivors", "deck", "zombies", "noise", "barricades", "helpless", "food", "starvation",
              "morale", "round", "hand", "equipped", "waste", "dice", "crisis", "crisis_added", "bind", "event",
              "item_deck", "exiled", "objective", "first", "betrayer", "crossroads",
              "colonies", "bullets", "colony_morale", "colony_food",     # these four: Warring Colonies tables
              "storage", "round_number", "dead", "crisis_deck"}
EXPECT_KEYS = {"morale", "food", "starvation", "zombies", "noise", "barricades", "helpless", "survivors", "hand",
               "waste", "removed", "log", "not_log", "triggered", "completed", "legal", "illegal", "over", "ending",
               "exiled", "dice", "winners", "equipped", "deck_top", "first", "item_deck",
               "bullets", "colony_morale", "colony_food", "combat", "winner", "colony_leader", "storage"}

#: the first word of each step a scenario's 'do' may take (docs/scenarios.md, do); ``do`` below reads them
STEPS = frozenset({"option", "setup", "trigger", "ability", "play", "equip", "fail", "goal", "action", "exile_vote",
                   "exposure", "wound", "movement", "colony", "turn", "round", "new_round", "finish"})


def log_expectations(lines: list[dict], want: dict) -> list[str]:
    """What a scenario's ``log`` (events that must be there) and ``not_log`` (events that must not) find wrong."""
    events = [line["event"] for line in lines]
    bad = [f"log: expected a '{ev}' event; the log has {sorted(set(events))}"
           for ev in want.get("log", []) if ev not in events]
    return bad + [f"log: expected no '{ev}' event" for ev in want.get("not_log", []) if ev in events]


class ScenarioError(Exception):
    """A scenario that cannot be run as written."""


class ScenarioAgent(ScriptedAgent):
    """Scripted answers that may name things as a scenario does: 'sparky' for s:sparky, 'fuel' for a fuel card."""

    def __init__(self, answers, state: State):
        super().__init__(answers)
        self.state = state
        self.wrong_player: list[str] = []

    def answer(self, d):
        value = super().answer(d)
        if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in {p.id for p in self.state.players}:
            (who, value), = value.items()        # {p2: [olivia-brown]}: the answer of p2, who must be the one asked
            if d.player != who:
                self.wrong_player.append(f"answer {self.used} was scripted for {who}, but {d.player} was asked "
                                         f"({d.prompt!r})")
            value = tuple(value) if isinstance(value, list) else value
        if d.kind == "may" and value in ("yes", "no"):
            return value == "yes"                # "yes"/"no" for a may-decision, as true/false
        if d.kind == "vote" and d.choices == ("yes", "no") and isinstance(value, int) and not isinstance(value, bool):
            return d.choices[value - 1] if value in (1, 2) else value   # an exile vote: 1 thumbs up, 2 down
        if (d.kind, d.prompt) in (("option", "choose"), ("option", "break the tie"), ("vote", "vote")) \
                and isinstance(value, int) and not isinstance(value, bool):
            value -= 1                       # options and a card's votes are numbered from 1, as printed on the card
        if d.kind == "option" and isinstance(value, str) and (value,) in d.choices:
            value = (value,)                   # "pass" for the choice ("pass",)
        if d.kind in ("option", "vote") and value not in d.choices and isinstance(value, (list, tuple)):
            value = tuple(self.one(v, [c for choice in d.choices if isinstance(choice, tuple) for c in choice])
                          for v in value)      # ["move", "brian-lee", "cemetery"]: names as the engine has them
        if not isinstance(value, tuple) or d.kind in ("option", "vote"):
            return self.one(value, d.choices)
        picked: list = []
        for v in value:
            rest = [c for c in d.choices if c not in picked]
            picked.append(self.one(v, rest))
        return tuple(picked)

    def one(self, value, choices):
        if value in choices or not isinstance(value, str):
            return value
        if "s:" + value in choices:
            return "s:" + value
        if value.replace("-", "_") in choices:
            return value.replace("-", "_")
        for c in choices:
            if isinstance(c, str) and c in self.state.cards and slug(self.state.cards[c]) == value:
                return c
        return value


class ScriptedRandom(random.Random):
    """A seeded generator whose first ``randint`` calls return scripted results (die rolls in tests)."""

    def __init__(self, rolls: list[int], seed: int = 0):
        super().__init__(seed)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        if self.rolls:
            value = self.rolls.pop(0)
            if not a <= value <= b:
                raise ScenarioError(f"scripted roll {value} is not between {a} and {b}")
            return value
        return super().randint(a, b)


def _sid(name: str) -> str:
    return name if name.startswith("s:") else "s:" + name


class Scenario:
    """One scenario on a fresh table built from ``given``."""

    def __init__(self, bundle: dict, card: dict | None, test: dict):
        self.card: Any = card            # the card under test, or None for a rule scenario
        self.test = test
        self.where = f"{card['id'] if card else 'rules'}: {test.get('name', '?')}"
        for key in test:
            if key not in ("name", "cites", "given", "do", "answers", "rolls", "expect", "seed"):
                raise ScenarioError(f"{self.where}: '{key}' is not a part of a scenario")
        given = test.get("given") or {}
        for key in given:
            if key not in GIVEN_KEYS:
                raise ScenarioError(f"{self.where}: 'given.{key}' is not known (known: {', '.join(sorted(GIVEN_KEYS))})")
        for key in test.get("expect") or {}:
            if key not in EXPECT_KEYS:
                raise ScenarioError(f"{self.where}: 'expect.{key}' is not known "
                                    f"(known: {', '.join(sorted(EXPECT_KEYS))})")
        self.colonies = bool(given.get("colonies"))
        if self.colonies:       # a Warring Colonies table: p1, p2 … in colony A, the second half in colony B
            from .colonies import ColoniesGame
            self.game: Any = ColoniesGame(bundle, seed=test.get("seed", 0), players=given.get("players", 4),
                                          check=True)   # Any: the scenario drives a Game or a ColoniesGame
        else:
            self.game = Game(bundle, seed=test.get("seed", 0), players=given.get("players", 2), check=True)
        rng = ScriptedRandom(test.get("rolls") or [], test.get("seed", 0))
        self.game.rng = self.game.host.rng = self.game.interp.rng = rng
        self.answers = test.get("answers") or []
        self.items: dict[str, str] = {slug(c["id"]): c["id"] for c in bundle["cards"] if c["kind"] == "item"}
        self.by_slug = {slug(c["id"]): c["id"] for c in bundle["cards"]}
        self.table(given)
        self.agent = ScenarioAgent(self.answers, self.game.state)
        self.triggered: bool | None = None
        self.completed: bool | None = None

    # ---- the table ------------------------------------------------------------------------
    def card_instance(self, name: str) -> str:
        state = self.game.state
        card_id = name if name in self.game.defs else self.items.get(name) or self.by_slug.get(name)
        if card_id is None:
            raise ScenarioError(f"{self.where}: no card called '{name}' in the bundle")
        cid = f"c:{len(state.cards) + 1}"
        state.cards[cid] = card_id
        return cid

    def table(self, given: dict) -> None:
        g = self.game
        old = g.state
        players = [Player(f"p{i + 1}") for i in range(given.get("players", 4 if self.colonies else 2))]
        locations = {k: dataclasses.replace(v, zombies=[0] * v.entrances, barricades=[0] * v.entrances, noise=0,
                                            helpless=0, deck=[]) for k, v in old.locations.items()}
        s = type(old)(players, {}, locations, {}, morale=given.get("morale", 6), round=given.get("round", 5))
        s.objective = ""
        g.state = g.host.s = s
        for sid, v in old.survivors.items():
            s.survivors[sid] = Survivor(sid, v.card, v.name, v.influence, v.attack, v.search, place="removed")
        if given.get("objective"):
            s.objective = self.card_instance(given["objective"])
        s.food, s.starvation = given.get("food", 0), given.get("starvation", 0)
        s.first = int(str(given.get("first", "p1"))[1:]) - 1
        if self.colonies:
            self.colony_table(s, given)
        for name in given.get("deck", []):
            self.survivor(name).place = "deck"
            s.survivor_deck.append(_sid(name))
        for name in given.get("dead", []):       # killed before the scenario: the dead survivors, out of play
            self.survivor(name)
            s.dead.append(_sid(name))
        # A YAML mapping has no order, and the bundle is written with its keys sorted: the survivors are put in
        # play by name, a player's group leader first where the scenario says so (`leader: true`), so a
        # scenario means the same from a card file, from memory and from bundle.json (docs/scenarios.md)
        for name, facts in sorted((given.get("survivors") or {}).items(),
                                  key=lambda item: (not (item[1] or {}).get("leader"), item[0])):
            v = self.survivor(name)
            facts = facts or {}
            player = facts.get("player", "p1")
            at = facts.get("at", "colony")
            if self.colonies:                     # "colony" and "enemy_colony" from the player's side
                at = g.host.place(at.replace("-", "_"), player)
            elif at not in s.locations:           # "police-station", as docs/scenarios.md allows
                at = at.replace("-", "_")
            if at not in s.locations:
                raise ScenarioError(f"{self.where}: '{name}' is at '{at}', which is not a location "
                                    f"({', '.join(s.locations)})")
            v.place, v.controller, v.location = "play", player, at
            v.wounds, v.frostbite = facts.get("wounds", 0) + facts.get("frostbite", 0), facts.get("frostbite", 0)
            s.player(player).survivors.append(v.id)
            for item in facts.get("equipped", []):
                v.equipped.append(self.card_instance(item))
            if self.colonies and s.locations[at].colony and cast("ColonyBoard", s.locations[at]).team != cast(Any, s).teams[player]:
                s.entrance[v.id] = next((i for i in range(s.locations[at].entrances)
                                         if g.host.entrance_free(at, i) > 0), 0)    # an enemy at an entrance
        for v in s.survivors.values():
            if v.place == "play":
                g.register_survivor(v.id)
                for card in v.equipped:
                    g.register(card, v.id)
        for table, attr in (("zombies", "zombies"), ("barricades", "barricades")):
            for loc, n in sorted((given.get(table) or {}).items()):
                if table == "zombies" and loc == "storage":     # zombies a main objective keeps in storage
                    s.storage_zombies = n
                    continue
                where = self.location(loc)
                for i in range(n):
                    getattr(where, attr)[i % where.entrances] += 1
        for loc, n in sorted((given.get("noise") or {}).items()):
            self.location(loc).noise = n
        helpless = given.get("helpless", 0)      # a number: at p1's colony; or {location: n}
        for loc, n in (helpless.items() if isinstance(helpless, dict) else [("colony", helpless)]):
            lid = g.host.place(loc.replace("-", "_"), s.players[0].id) if self.colonies else loc
            if lid in s.locations:
                s.locations[lid].helpless = n
            elif n or isinstance(helpless, dict):
                raise ScenarioError(f"{self.where}: helpless survivors at '{loc}', which is not a location")
        for pid, cards in sorted((given.get("hand") or {}).items()):
            s.player(pid).hand = [self.card_instance(c) for c in cards]
        for pid, dice in sorted((given.get("dice") or {}).items()):
            s.player(pid).unused = list(dice)
        for pid in given.get("exiled", []):
            s.player(pid).exiled = True
        for pid in given.get("betrayer", []):
            s.player(pid).betrayer = True
        waste = given.get("waste", 0)
        s.waste = [self.card_instance(c) for c in waste] if isinstance(waste, list) else \
            [self.card_instance("junk") for _ in range(waste)]
        for loc, cards in sorted((given.get("item_deck") or {}).items()):
            self.location(loc).deck = [self.card_instance(c) for c in cards]
        if given.get("crisis"):
            s.crisis = self.card_instance(given["crisis"])
        if "crisis_deck" in given:                           # top first
            s.crisis_deck = [self.card_instance(c) for c in given["crisis_deck"]]
        for pid, cards in sorted((given.get("crisis_added") or {}).items()):
            s.crisis_added += [(self.card_instance(c), pid) for c in cards]
        s.crossroads = [self.card_instance(c) for c in given.get("crossroads", [])]
        s.storage = [self.card_instance(c) for c in given.get("storage", [])]   # cards kept in storage
        s.active, s.turn, s.rounds_played = 0, 1, given.get("round_number", 1)
        g.total_cards = len(s.cards)
        cards_by_slug = {slug(s.cards[c]): c for c in s.cards}           # "bind: {used: pistol}": a card on the table
        self.bind = {k: (_sid(v) if isinstance(v, str) and "s:" + v in s.survivors else cards_by_slug.get(v, v))
                     for k, v in (given.get("bind") or {}).items()}

    def colony_table(self, s: ColoniesState, given: dict) -> None:
        """Teams (first half colony A), leaders (the first player of each), bullets, morale, tactics."""
        from .colonies import TEAMS
        half = len(s.players) // 2
        s.teams = {p.id: TEAMS[0] if i < half else TEAMS[1] for i, p in enumerate(s.players)}
        s.leaders = {"a": s.players[0].id, "b": s.players[half].id}
        s.bullets = {t: (given.get("bullets") or {}).get(t, 0) for t in TEAMS}
        s.colony_food = {t: (given.get("colony_food") or {}).get(t, 0) for t in TEAMS}
        s.colony_starvation = {t: 0 for t in TEAMS}
        s.colony_morale = {t: (given.get("colony_morale") or {}).get(t, given.get("morale", 6)) for t in TEAMS}
        s.morale = min(s.colony_morale.values())
        tactics = [c["id"] for c in self.game._set_cards("tactic", ("warring-colonies",))]
        tactics += sorted(k for k in self.game.defs if k.startswith("stand-in.tactic."))
        s.tactics = {t: [self.card_instance(c) for c in tactics[:5]] for t in TEAMS}

    def survivor(self, name: str) -> Survivor:
        sid = _sid(name)
        if sid not in self.game.state.survivors:
            raise ScenarioError(f"{self.where}: no survivor called '{name}' in the bundle")
        return self.game.state.survivors[sid]

    def location(self, name: str) -> Location:
        lid = name.replace("-", "_")
        if lid not in self.game.state.locations:
            raise ScenarioError(f"{self.where}: no location called '{name}'")
        return self.game.state.locations[lid]

    # ---- doing ------------------------------------------------------------------------------
    def drive(self, gen) -> None:
        """Run a generator of the game to its end, answering from the script."""
        try:
            decision = next(gen)
            while True:
                decision = gen.send(decision.check(self.agent.answer(decision)))
        except StopIteration:
            pass

    def do(self, step: str) -> None:
        g, s = self.game, self.game.state
        p1 = s.players[s.active]
        words = str(step).split()
        verb, args = words[0], words[1:]
        env = {"player": p1.id, "card": self.card["id"] if self.card else "", **self.bind}
        if self.card and self.card.get("kind") == "crossroads" and verb in ("option", "setup"):
            env["this_card"] = self.card_instance(self.card["id"])   # "this card": the crossroads card itself
        if verb == "option":
            options = self.card.get("options") or []
            n = int(args[0])
            if not 1 <= n <= len(options) or not options[n - 1].get("effect"):
                raise ScenarioError(f"{self.where}: the card has no option {n} with an effect")
            opt = options[n - 1]
            if opt.get("requires") and not g.holds(opt["requires"]["tree"], env):
                self.triggered = False
                return
            self.drive(g.run_effect(opt["effect"]["tree"], env))
        elif verb == "setup":                    # a crossroads card's set-up, run before its options
            if not (self.card or {}).get("setup"):
                raise ScenarioError(f"{self.where}: the card has no set-up")
            self.drive(g.run_effect(self.card["setup"]["effect"]["tree"], env))
        elif verb == "trigger":
            held = self.card_instance(self.card["id"])
            g.crossroads_held = (held, s.players[(s.active - 1) % len(s.players)].id)
            g.total_cards = len(s.cards)
            event = dict(self.test.get("given", {}).get("event") or {})
            if event:
                if "survivor" in event:
                    event["survivor"] = _sid(event["survivor"])
                event.setdefault("player", p1.id)
                g.host.action_events = [event]
            self.drive(g.check_crossroads(p1))
            self.triggered = g.crossroads_held is None
        elif verb == "ability":
            n = int(args[0]) if args else 1
            owner = _sid(args[1]) if len(args) > 1 else "s:" + slug(self.card["id"])
            ability = self.card["abilities"][n - 1]
            self.drive(g.run_effect(ability["effect"]["tree"], {**env, "self": owner}))
        elif verb == "play":
            card = self.card_instance(args[0] if args else self.card["id"])
            p1.hand.append(card)
            g.total_cards = len(s.cards)
            self.drive(g.play_card(p1, card))
            self.drive(g.settle())
        elif verb == "equip":
            card = self.card_instance(args[1] if len(args) > 1 else self.card["id"])
            p1.hand.append(card)
            g.total_cards = len(s.cards)
            self.drive(g.equip(p1, card, _sid(args[0])))
        elif verb == "fail":
            self.drive(g.run_effect(self.card["effect"]["tree"], {**env, "player": s.players[s.first].id}))
        elif verb == "goal" and self.colonies:     # both colonies check the round-track goal together
            self.completed = g.colony_phase.check_round_track_zero() is not None
        elif verb == "goal":
            self.completed = g.objective_met(args[0] if args else None)
        elif verb == "action":
            act = self.action(args)
            legal = g.legal_actions(p1)
            if act not in legal:
                raise ScenarioError(f"{self.where}: {' '.join(args)} is not a legal action here "
                                    f"(legal: {', '.join(' '.join(map(str, a)) for a in legal)})")
            g.action_no += 1
            g.start_action(act)
            g.host.skip_exposure = False
            g.acted(p1, act)
            self.drive(g.perform(p1, act))
            self.drive(g.settle())
            self.drive(g.check_crossroads(p1))
        elif verb == "exile_vote":               # an exile vote p1 starts (as "start an exile vote" does)
            if len(args) != 1 or args[0] not in [p.id for p in s.players]:
                raise ScenarioError(f"{self.where}: 'exile_vote' names the player voted on: exile_vote p2")
            self.drive(g.exile_vote(p1, args[0]))
            self.drive(g.settle())
        elif verb == "exposure":
            self.drive(g.exposure(_sid(args[0]), cast(str, s.survivors[_sid(args[0])].controller)))
            self.drive(g.settle())
        elif verb == "wound":
            g.host.do_wound(_sid(args[0]), args[2] if len(args) > 2 else "wound", int(args[1]) if len(args) > 1 else 1, {})
            self.drive(g.settle())
        elif verb == "movement" and self.colonies:   # the movement step of the two colony leaders' turns
            self.drive(g.movement_step.step_movement(dict(s.leaders)))
        elif verb == "colony":
            self.drive(g.round_step(args[0])())
        elif verb == "turn":
            s.turn -= 1
            s.active = int(args[0][1:]) - 1 if args else 0
            gen = g.turn(s.players[s.active])
            self.agent.answers.append(["end"])
            self.drive(gen)
        elif verb == "round":
            self.drive(g.play_round())
        elif verb == "new_round":              # the round ends and the next begins; none of its steps is played
            g.host.expire()
            s.rounds_played += 1
        elif verb == "finish":
            self.result = g.finish()
        else:
            raise ScenarioError(f"{self.where}: unknown step '{step}'")

    def action(self, args: list[str]) -> tuple:
        """A turn action written out ('attack sparky zombie 5') as the engine's tuple."""
        out: list[Any] = []
        for a in args:
            if a.isdigit():
                out.append(int(a))
            elif "s:" + a in self.game.state.survivors:
                out.append("s:" + a)
            elif a.replace("-", "_") in self.game.state.locations and a not in ("zombie",):
                out.append(a.replace("-", "_"))
            elif a.startswith("card:"):                  # the first card in hand of that kind
                name = a[5:]
                p1 = self.game.state.players[self.game.state.active]
                hits = [c for c in p1.hand if slug(self.game.state.cards[c]) == name]
                hits += [c for v in self.game.state.survivors.values() for c in v.equipped
                         if slug(self.game.state.cards[c]) == name]
                if not hits:
                    raise ScenarioError(f"{self.where}: no '{name}' card in the active player's hand or equipped")
                out.append(hits[0])
            else:
                out.append(a)
        return tuple(out)

    def legal(self, actions: list[Any]) -> dict[str, bool]:
        """Whether each turn action written out ('crisis card:food-1') is legal for the active player now."""
        legal = self.game.legal_actions(self.game.state.players[self.game.state.active])
        return {str(act): self.action(str(act).split()) in legal for act in actions}

    # ---- checking ----------------------------------------------------------------------------
    def check(self) -> list[str]:
        g, s = self.game, self.game.state
        want = self.test.get("expect") or {}
        bad: list[str] = []

        def eq(what: str, got: Any, expected: Any) -> None:
            if got != expected:
                bad.append(f"{what}: expected {expected!r}, got {got!r}")

        for key in ("morale", "food", "starvation"):
            if key in want:
                eq(key, getattr(s, key), want[key])
        for key, attr in (("bullets", "bullets"), ("colony_morale", "colony_morale"), ("colony_food", "colony_food")):
            if key in want:
                eq(key, getattr(s, attr, None), want[key])
        if "combat" in want:        # the totals of the last combat: {a: 10, b: 6}
            results = [line["params"] for line in g.log.lines if line["event"] == "combat_result"]
            eq("combat strength", results[-1]["strength"] if results else None, want["combat"])
        if "colony_leader" in want:                 # {a: p2}
            eq("colony leaders", {t: getattr(s, "leaders", {}).get(t) for t in want["colony_leader"]},
               want["colony_leader"])
        if "winner" in want:
            eq("winning colony", getattr(s, "winner", None), want["winner"])
        if "helpless" in want:                     # a number: at p1's colony; or {location: n}
            wanted = want["helpless"]
            for loc, n in (wanted.items() if isinstance(wanted, dict) else [("colony", wanted)]):
                lid = g.host.place(loc.replace("-", "_"), s.players[0].id) if self.colonies else loc
                eq(f"helpless at {loc}", self.location(lid).helpless, n)
        if "storage" in want:                      # {fuel: 8}: the cards in storage by kind
            eq("cards in storage", dict(Counter(slug(s.cards[c]) for c in s.storage)), want["storage"])
        for key in ("zombies", "noise", "barricades"):
            for loc, n in (want.get(key) or {}).items():
                if key == "zombies" and loc == "storage":
                    eq("zombies in storage", s.storage_zombies, n)
                    continue
                where = self.location(loc)
                got: Any = where.zombie_count() if key == "zombies" else (where.noise if key == "noise"
                                                                      else sum(where.barricades))
                if isinstance(n, list) and key != "noise":   # per entrance: [0, 1, 0, 0, 0, 0]
                    got = list(getattr(where, key))
                eq(f"{key} at {loc}", got, n)
        for name, facts in (want.get("survivors") or {}).items():
            v = self.survivor(name)
            for fact, value in facts.items():
                if fact == "at" and self.colonies and isinstance(value, str) and v.controller:
                    value = g.host.place(value.replace("-", "_"), v.controller)   # "colony" from its side
                got = {"at": v.location, "wounds": v.wounds, "frostbite": v.frostbite, "player": v.controller,
                       "place": {"play": "play", "deck": "deck", "removed": "removed"}[v.place],
                       "equipped": sorted(slug(s.cards[c]) for c in v.equipped),
                       "leader": v.controller is not None and s.player(v.controller).leader == v.id}.get(fact, "?")
                eq(f"{name}.{fact}", got, value)
        for pid, n in (want.get("hand") or {}).items():
            hand = s.player(pid).hand
            eq(f"{pid}'s hand", len(hand) if isinstance(n, int) else sorted(slug(s.cards[c]) for c in hand), n)
        for pid, dice in (want.get("dice") or {}).items():
            eq(f"{pid}'s unused dice", sorted(s.player(pid).unused), sorted(dice))
        if "waste" in want:
            eq("waste pile", len(s.waste), want["waste"])
        if "removed" in want:
            eq("cards removed from the game", len(s.removed), want["removed"])
        bad += log_expectations(g.log.lines, want)
        if "triggered" in want:
            eq("triggered", self.triggered, want["triggered"])
        if "completed" in want:
            eq("objective completed", self.completed, want["completed"])
        asked = self.legal([*want.get("legal", []), *want.get("illegal", [])])
        for act in want.get("legal", []):
            if not asked[str(act)]:
                bad.append(f"'{act}' should be a legal action")
        for act in want.get("illegal", []):
            if asked[str(act)]:
                bad.append(f"'{act}' should not be a legal action")
        if "over" in want:
            eq("game over", s.over, want["over"])
        if "ending" in want:
            eq("ending", s.ending, want["ending"])
        if "exiled" in want:
            eq("exiled players", sorted(p.id for p in s.players if p.exiled), sorted(want["exiled"]))
        if "winners" in want:
            eq("winners", getattr(self, "result", {}).get("winners"), want["winners"])
        if "first" in want:
            eq("first player", s.players[s.first].id, want["first"])
        for loc, cards in (want.get("item_deck") or {}).items():
            eq(f"{loc} item deck", len(self.location(loc).deck), cards)
        for deck, top in (want.get("deck_top") or {}).items():       # the top cards of a deck, top first
            if deck == "crisis":
                pile = [slug(s.cards[c]) for c in s.crisis_deck]
            elif deck == "survivor":
                pile = [v.removeprefix("s:") for v in s.survivor_deck]
            elif deck == "crossroads":
                pile = [slug(s.cards[c]) for c in s.crossroads]
            else:
                pile = [slug(s.cards[c]) for c in self.location(deck).deck]
            eq(f"top of the {deck} deck", pile[:len(top)], list(top))
        bad += [f"invariant: {v}" for v in g.violations]
        return bad


def run_scenario(bundle: dict, card: dict | None, test: dict) -> list[str]:
    """Run one scenario; the failures (empty when it holds)."""
    if is_winter_tricks(card, test):
        return run_winter_scenario(bundle, card, test)
    sc = Scenario(bundle, card, test)
    steps = test.get("do")
    if not steps:
        raise ScenarioError(f"{sc.where}: 'do' says nothing to do")
    for step in steps if isinstance(steps, list) else [steps]:
        sc.do(step)
        sc.game.verify(f"after '{step}'")
    return sc.agent.wrong_player + leftover_answers(sc.agent) + sc.check()


def leftover_answers(agent: ScriptedAgent) -> list[str]:
    """A scenario whose scripted answers are not all asked for is wrong about the rules: it fails."""
    left = len(agent.answers) - agent.used
    return [f"{left} scripted answer(s) were never asked for: {agent.answers[agent.used:]}"] if left else []


# ---- Winter Tricks -----------------------------------------------------------------------------
WT_GIVEN_KEYS = {"players", "hand", "colony", "relic", "relic_deck", "event", "expedition_deck", "equipment",
                 "damage", "leader", "expedition_used", "event_no"}
WT_EXPECT_KEYS = {"damage", "colony", "hand", "relic", "relic_deck", "expedition_deck", "equipment", "market",
                  "trick_winner", "leader", "log", "not_log", "winners", "discard", "deck"}
WT_STEPS = frozenset({"trick", "resolve", "harpoons", "effect", "setup", "buy", "infirmary", "score"})


class WinterScenario:
    """A scenario for a card of the set ``winter-tricks``: it runs on ``runtime/games/winter_tricks.py``.

    The table starts with every resource card in the resource deck, every relic in the relic deck and
    every piece of equipment in the market; ``given`` moves the named cards where the scenario wants
    them, so every card is still in exactly one place (the game's invariants are checked after each step).
    Resource cards are named as the game names them: ``fuel-3`` (resource and value)."""

    def __init__(self, bundle: dict, card: dict | None, test: dict):
        from ..games import winter_tricks as wt
        self.wt, self.test = wt, test
        self.card: Any = card            # the card under test, or None for a rule scenario
        self.where = f"{card['id'] if card else 'rules'}: {test.get('name', '?')}"
        for key in test:
            if key not in ("name", "cites", "given", "do", "answers", "expect", "seed"):
                raise ScenarioError(f"{self.where}: '{key}' is not a part of a Winter Tricks scenario")
        given = test.get("given") or {}
        for key in given:
            if key not in WT_GIVEN_KEYS:
                raise ScenarioError(f"{self.where}: 'given.{key}' is not known on a Winter Tricks table "
                                    f"(known: {', '.join(sorted(WT_GIVEN_KEYS))})")
        for key in test.get("expect") or {}:
            if key not in WT_EXPECT_KEYS:
                raise ScenarioError(f"{self.where}: 'expect.{key}' is not known on a Winter Tricks table "
                                    f"(known: {', '.join(sorted(WT_EXPECT_KEYS))})")
        self.agent = ScriptedAgent(test.get("answers") or [])
        self.game = wt.new_game(bundle, test.get("seed", 0), given.get("players", 2), agents=self.agent)
        self.result: dict | None = None
        self.table(given)

    def table(self, given: dict) -> None:
        g = self.game
        g.deck = [c for c, d in g.cards.items() if d["kind"] == "resource"]
        g.relic_deck = list(g.relic_cards)
        for pid, cards in sorted((given.get("hand") or {}).items()):
            g.hands[self.player(pid)] = [self.take(c) for c in cards]
        for pid, cards in sorted((given.get("colony") or {}).items()):
            g.colony[self.player(pid)] = [self.take(c) for c in cards]
        g.expedition_deck = [self.take(c) for c in given.get("expedition_deck", [])]
        if given.get("relic"):
            g.relic = self.relic(given["relic"])
            g.relic_deck.remove(g.relic)
        if "relic_deck" in given:                  # top first; the game draws from the end of its list
            named = [self.relic(r) for r in given["relic_deck"]]
            rest = [r for r in g.relic_deck if r not in named]
            g.relic_deck = rest + list(reversed(named))
        for pid, pieces in sorted((given.get("equipment") or {}).items()):
            for short in pieces:
                free = [e for e in g.market if g.equipment[e]["short"] == short]
                if not free:
                    raise ScenarioError(f"{self.where}: no {short} left in the market for {pid}")
                g.equipment_owner[free[0]] = self.player(pid)
        event = given.get("event") or (self.card["id"] if self.card and self.card["kind"] == "winter-event" else None)
        if event:
            ids = [c["id"] for c in g.event_defs if c["id"] == event or slug(c["id"]) == event]
            if not ids:
                raise ScenarioError(f"{self.where}: no Winter Tricks event called '{event}'")
            g.event = ids[0]
        g.event_no = given.get("event_no", 1)
        for pid, n in sorted((given.get("damage") or {}).items()):
            g.damage[self.player(pid)] = n
        for pid in given.get("expedition_used", []):
            g.expedition_used[self.player(pid)] = True
        g.leader = self.player(given.get("leader", "p1"))

    def player(self, pid: str) -> str:
        if pid not in self.game.players:
            raise ScenarioError(f"{self.where}: no player '{pid}' (players: {', '.join(self.game.players)})")
        return pid

    def take(self, card: str) -> str:
        """A resource card lifted from the resource deck."""
        if card not in self.game.deck:
            raise ScenarioError(f"{self.where}: '{card}' is not a resource card left in the deck "
                                f"(named resource-value, e.g. fuel-3, once each)")
        self.game.deck.remove(card)
        return card

    def relic(self, resource: str) -> str:
        hits = [r for r, d in self.game.relic_cards.items() if d["resource"] == resource and
                r not in (self.game.relic,)]
        if not hits:
            raise ScenarioError(f"{self.where}: no relic card of '{resource}' (relics: "
                                f"{', '.join(sorted({d['resource'] for d in self.game.relic_cards.values()}))})")
        return hits[0]

    def do(self, step: str) -> None:
        g = self.game
        verb, *args = str(step).split()
        if verb == "trick":
            g.play_trick()
        elif verb == "resolve":
            g.resolve()
        elif verb == "harpoons":
            g.harpoons()
        elif verb == "effect":                  # the card's own effect, resolved by p1 (or the named player)
            player = self.player(args[0]) if args else "p1"
            this = next((e for e in g.equipment if g.equipment[e]["def"] == self.card["id"]
                         and g.equipment_owner[e] == player), None)
            g.run_effect(self.card["id"], player, this_card=this)
        elif verb == "setup":
            g.setup()
        elif verb == "buy":
            g.buy()
        elif verb == "infirmary":
            g.infirmary(self.player(args[0]) if args else "p1")
        elif verb == "score":
            self.result = g.score()
        else:
            raise ScenarioError(f"{self.where}: unknown Winter Tricks step '{step}' "
                                "(trick, resolve, harpoons, effect [pN], setup, buy, infirmary [pN], score)")

    def check(self) -> list[str]:
        g = self.game
        want = self.test.get("expect") or {}
        bad: list[str] = []

        def eq(what: str, got: Any, expected: Any) -> None:
            if got != expected:
                bad.append(f"{what}: expected {expected!r}, got {got!r}")

        def cards(got: list, expected: Any) -> Any:
            return len(got) if isinstance(expected, int) else sorted(got)

        for pid, n in (want.get("damage") or {}).items():
            eq(f"{pid}'s damage", g.damage[self.player(pid)], n)
        for key, piles in (("colony", g.colony), ("hand", g.hands)):
            for pid, expected in (want.get(key) or {}).items():
                got = piles[self.player(pid)]
                eq(f"{pid}'s {key}", cards(got, expected), expected if isinstance(expected, int) else sorted(expected))
        for key, pile in (("expedition_deck", g.expedition_deck), ("discard", g.discard), ("deck", g.deck)):
            if key in want:
                expected = want[key]
                eq(key, cards(pile, expected), expected if isinstance(expected, int) else sorted(expected))
        if "relic" in want:
            eq("relic in force", g.relic_resource(), want["relic"])
        if "relic_deck" in want:
            eq("relic deck", len(g.relic_deck), want["relic_deck"])
        for pid, pieces in (want.get("equipment") or {}).items():
            eq(f"{pid}'s equipment", cards([g.equipment[e]["short"] for e in g.owned(self.player(pid))], pieces),
               pieces if isinstance(pieces, int) else sorted(pieces))
        if "market" in want:
            eq("market", cards([g.equipment[e]["short"] for e in g.market], want["market"]),
               want["market"] if isinstance(want["market"], int) else sorted(want["market"]))
        won = [line["params"]["player"] for line in g.log.lines if line["event"] == "trick_won"]
        if "trick_winner" in want:
            eq("trick winner", won[-1] if won else None, want["trick_winner"])
        if "leader" in want:
            eq("leader", g.leader, want["leader"])
        bad += log_expectations(g.log.lines, want)
        if "winners" in want:
            eq("winners", (self.result or {}).get("winners"), want["winners"])
        return bad


def is_winter_tricks(card: dict | None, test: dict) -> bool:
    """A scenario of a Winter Tricks card runs on that game's engine, not on Dead of Winter's."""
    return bool(card and card.get("set") == "winter-tricks")


def run_winter_scenario(bundle: dict, card: dict | None, test: dict) -> list[str]:
    sc = WinterScenario(bundle, card, test)
    steps = test.get("do")
    if not steps:
        raise ScenarioError(f"{sc.where}: 'do' says nothing to do")
    bad: list[str] = []
    for step in steps if isinstance(steps, list) else [steps]:
        sc.do(step)
        bad += [f"after '{step}': invariant: {v}" for v in sc.game.check_invariants()]
    return bad + leftover_answers(sc.agent) + sc.check()
