"""The Winter Tricks heuristic bot: it sees only what its player sees, answers every decision cleanly,
beats random players, and makes the plays a good player makes on hand-built tables."""
from __future__ import annotations

import copy
import json
import random

import pytest
from wt_helpers import DRY_SPELL, LONG_NIGHT, WHITEOUT, put, start_event, table

from dow.cli.main import main
from dow.runtime.decisions import AMOUNT, KEEP, MAY, OPTION, TARGETS, Decision, HeuristicAgent
from dow.runtime.games import winter_tricks as wt
from dow.runtime.games.winter_tricks_bot import WinterTricksBot, agents_for

BROKEN_GEAR = "winter-tricks.winter-event.example-broken-gear"    # 2 tools or 4 damage (example card)

# ---- hidden information stays hidden ---------------------------------------------------------


def scramble(game: wt.Game, me: str, rng: random.Random):
    """Change everything player ``me`` cannot see and keep everything it can: the cards in other hands,
    other colonies, the resource deck and the Expedition deck are dealt out again among those places
    (each keeps its size), the relic and event decks are shuffled, and the cards named in log lines
    meant for other players are replaced. Returns a function that puts everything back."""
    others = [p for p in game.players if p != me]
    slots = [game.hands[p] for p in others] + [game.colony[p] for p in others] + [game.deck, game.expedition_deck]
    saved = [list(slot) for slot in slots], list(game.relic_deck), list(game.event_deck)
    pool = [c for slot in slots for c in slot]
    rng.shuffle(pool)
    at = 0
    for slot in slots:
        slot[:], at = pool[at:at + len(slot)], at + len(slot)
    rng.shuffle(game.relic_deck)
    rng.shuffle(game.event_deck)
    private = [line for line in game.log.lines if line.get("private_to") not in (None, me)]
    params = [line["params"] for line in private]
    for line in private:
        cards = line["params"].get("cards", [])
        line["params"] = {**line["params"], "cards": rng.sample(pool, min(len(cards), len(pool)))}

    def restore() -> None:
        for slot, cards in zip(slots, saved[0]):
            slot[:] = cards
        game.relic_deck[:], game.event_deck[:] = saved[1], saved[2]
        for line, p in zip(private, params):
            line["params"] = p
    return restore


class Checked:
    """Seats a bot and, at every decision, asks two fresh copies of it (reading the log from the start):
    one on the table as it is, one with what the seat cannot see scrambled. They must agree."""

    def __init__(self, bot: WinterTricksBot, rng: random.Random):
        self.bot, self.rng, self.prompts = bot, rng, set()

    def observe(self, game: wt.Game) -> None:
        self.game = game
        self.bot.observe(game)

    def fresh(self) -> WinterTricksBot:
        twin = copy.deepcopy(self.bot, {id(self.game): self.game})
        twin.views, twin.view = {}, None
        return twin

    def answer(self, d: Decision):
        before = self.fresh().answer(d)
        restore = scramble(self.game, d.player, self.rng)
        try:
            after = self.fresh().answer(d)
        finally:
            restore()
        assert before == after, (d.prompt, d.player, before, after)
        self.prompts.add(d.prompt)
        return self.bot.answer(d)


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 8), (4, 5), (5, 11)])
def test_the_bot_answers_the_same_whatever_it_cannot_see(bundle, players, seed):
    """At every decision of a whole game, with what the seat cannot see scrambled, the answer stays."""
    rng = random.Random(seed)
    seats = {p: Checked(WinterTricksBot(seed), rng) for p in (f"p{i + 1}" for i in range(players))}
    game = wt.new_game(bundle, seed, players, agents=seats)
    game.run()
    assert game.check_invariants() == []
    asked = set().union(*(seat.prompts for seat in seats.values()))
    assert {"lead", "play", "expedition", "collect", "how many", "take", "defend"} <= asked, asked


class Peeker(WinterTricksBot):
    """A bot that cheats: it opens a trick with the card the next player holds least of."""

    def lead(self, d: Decision):
        nxt = self.game.players[(self.game.players.index(d.player) + 1) % len(self.game.players)]
        held = {self.v.res(c) for c in self.game.hands[nxt]}
        return (min(d.choices, key=lambda c: (self.v.res(c) in held, c)),)


def test_the_check_catches_a_bot_that_looks_at_another_hand(bundle):
    """The scramble is real: a bot that reads the next player's hand gives other answers."""
    rng = random.Random(1)
    seats = {p: Checked(Peeker(1), rng) for p in ("p1", "p2", "p3")}
    game = wt.new_game(bundle, 1, 3, agents=seats)
    with pytest.raises(AssertionError):
        game.run()


# ---- many games ---------------------------------------------------------------------------------


_PLAYED: dict[tuple[int, str], dict] = {}


def played(bundle, players: int, spec: str) -> dict:
    """The summary of 100 seeded games (seeds 7000 × players on) with ``spec`` seated, played once."""
    if (players, spec) not in _PLAYED:
        _PLAYED[players, spec] = wt.simulate(bundle, 100, 7000 * players, players, spec)
    return _PLAYED[players, spec]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_bot_plays_200_games_cleanly(bundle, players):
    """200 seeded games per player count, 100 with heuristic bots in every seat and 100 with one
    heuristic seat among random ones: every decision answered, no invariant violation, no crash."""
    for spec in ("heuristic", "heuristic:random"):
        s = played(bundle, players, spec)
        assert s["crashes"] == 0 and s["invariant_violations"] == 0, s["errors"]
        assert s["agents"] == spec and s["average_rounds"] == 3.0
        assert sum(s["endings"].values()) == 100 and sum(s["wins"].values()) >= 100
        assert s["card_uses"]["winter-tricks.expedition.expedition"] > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_heuristic_seat_beats_random_seats(bundle, players):
    """Over those 100 games per player count (400 in all), the heuristic seat wins far more than its
    fair share (1 in 2 to 1 in 5: at least 4 games in 5) and takes less than a third of the damage of
    a random seat."""
    s = played(bundle, players, "heuristic:random")
    assert s["wins"]["p1"] >= 80, s["wins"]
    damage = s["average_damage_by_seat"]
    random_seat = sum(d for p, d in damage.items() if p != "p1") / (players - 1)
    assert damage["p1"] * 3 < random_seat, damage


def test_same_seed_same_game_with_bots(bundle):
    logs = []
    for _ in range(2):
        game = wt.new_game(bundle, 77, 4, agents_for("heuristic:random", 77, 4))
        game.run()
        logs.append(game.log.digest())
    assert logs[0] == logs[1]


def test_agents_specs(bundle):
    seats = agents_for("heuristic:random", 3, 4)
    assert isinstance(seats["p1"], WinterTricksBot)
    assert not any(isinstance(seats[p], WinterTricksBot) for p in ("p2", "p3", "p4"))
    seats = agents_for("random:heuristic:random", 3, 4)
    assert [isinstance(seats[p], WinterTricksBot) for p in seats] == [False, True, False, False]
    for bad in ("search", "heuristic:bot", "", "random:random:random:random:random"):
        with pytest.raises(ValueError):
            agents_for(bad, 3, 4)


# ---- hand-built tables ---------------------------------------------------------------------------


def seated(bundle, players: int, event: str, relic: str, **cards):
    """A table after set-up with the event and relic in force, p1's hand and colony set, and a bot
    watching it as p1. ``cards``: hand=[...], colony=[...], and trick=[(player, card), …] already played."""
    game, _ = table(bundle, players)
    start_event(game, event, relic)
    put(game, "hand", "p1", *cards.get("hand", []))
    put(game, "colony", "p1", *cards.get("colony", []))
    for player, card in cards.get("trick", []):
        put(game, "hand", player, card)
        game.play(player, card, False)
    if cards.get("trick"):
        game.leader = cards["trick"][0][0]
    bot = WinterTricksBot()
    bot.observe(game)
    return game, bot


def play(bot: WinterTricksBot, game: wt.Game) -> tuple[str, bool]:
    """The card p1 plays to the trick, and whether it announces the Expedition with it."""
    (card,) = bot.answer(Decision(TARGETS, "p1", tuple(game.hands["p1"]), 1, 1, prompt="play"))
    return card, bot.answer(Decision(MAY, "p1", prompt="expedition"))


def test_it_follows_suit_to_win_a_trick_with_the_resource_it_needs(bundle):
    """Whiteout asks 1 fuel and 2 other cards; the colony is empty, so the haul (2 cards) cannot do it
    alone: with fuel led, the bot wins the trick with its high fuel and collects two cards toward it."""
    game, bot = seated(bundle, 3, WHITEOUT, "water", hand=["fuel-9", "tools-2", "food-3"],
                       trick=[("p3", "fuel-5")])
    assert play(bot, game) == ("fuel-9", False)
    taken = bot.answer(Decision(KEEP, "p1", ("fuel-5", "fuel-9", "food-6"), 1, 2, prompt="collect"))
    assert len(taken) == 2 and "fuel-9" in taken


def test_it_dumps_a_card_that_cannot_win_when_the_colony_holds_what_the_event_asks(bundle):
    """Long Night asks 2 fuel and the colony holds them: fuel-9 would take the fuel trick and the relic's
    water-8 even more surely; the bot plays neither for real."""
    game, bot = seated(bundle, 3, LONG_NIGHT, "water", hand=["fuel-9", "tools-2", "water-8"],
                       colony=["fuel-2", "fuel-3"], trick=[("p3", "fuel-5")])
    assert play(bot, game) == ("water-8", True)       # voided by the Expedition: its strongest card goes
    game.expedition_used["p1"] = True
    assert play(bot, game) == ("tools-2", False)      # no Expedition left: the card that cannot win


def test_it_does_not_collect_into_frostbite(bundle):
    """With what the event asks already in the colony, the trick winner takes the fewest cards allowed."""
    game, bot = seated(bundle, 4, LONG_NIGHT, "water", colony=["fuel-2", "fuel-3"])
    taken = bot.answer(Decision(KEEP, "p1", ("fuel-9", "fuel-8", "water-2", "food-5"), 1, 2, prompt="collect"))
    assert len(taken) == 1
    game, bot = seated(bundle, 4, LONG_NIGHT, "water", colony=["fuel-2"])
    taken = bot.answer(Decision(KEEP, "p1", ("fuel-9", "fuel-8", "water-2", "food-5"), 1, 2, prompt="collect"))
    assert taken == ("fuel-9",)        # one fuel is missing: one fuel, not two


def test_it_keeps_out_of_tricks_to_hibernate(bundle):
    """Broken Gear deals 4 and hibernation spares 4: with an empty colony the bot wants no trick and keeps
    its Expedition unused (using it would end the hibernation)."""
    game, bot = seated(bundle, 3, BROKEN_GEAR, "water", hand=["fuel-9", "food-2", "tools-7"],
                       trick=[("p3", "fuel-5")])
    assert play(bot, game) in {("food-2", False), ("tools-7", False)}
    assert bot.mode() == "hibernate"


def test_it_counts_on_the_haul_and_sends_its_strongest_card_with_the_expedition(bundle):
    """Dry Spell asks 1 water and 1 food; the colony holds the water, so the haul can bring the food: the
    bot announces the Expedition, with the card most likely to take a trick later (the relic's 10)."""
    game, bot = seated(bundle, 3, DRY_SPELL, "tools", hand=["tools-10", "fuel-2", "food-3"],
                       colony=["water-4"], trick=[("p3", "fuel-5")])
    assert play(bot, game) == ("tools-10", True)


def test_the_haul_takes_what_the_public_leftovers_can_bring(bundle):
    game, bot = seated(bundle, 3, LONG_NIGHT, "water", colony=["fuel-2"])
    game.emit("collected", player="p2", cards=["water-3"], to_expedition_deck=["fuel-7", "food-1"])
    assert bot.answer(Decision(AMOUNT, "p1", (), 0, 2, prompt="how many")) == 1
    assert bot.answer(Decision(KEEP, "p1", ("fuel-7", "food-1"), 1, 1, prompt="take")) == ("fuel-7",)
    game, bot = seated(bundle, 3, LONG_NIGHT, "water", colony=["fuel-2", "fuel-4"])
    assert bot.answer(Decision(AMOUNT, "p1", (), 0, 2, prompt="how many")) == 0     # nothing is missing
    game, bot = seated(bundle, 3, LONG_NIGHT, "water", colony=["fuel-2"])
    game.emit("collected", player="p2", cards=["fuel-7"], to_expedition_deck=["water-3", "food-1"])
    assert bot.answer(Decision(AMOUNT, "p1", (), 0, 2, prompt="how many")) == 0     # no fuel left behind


def test_defence_buying_and_the_infirmary(bundle):
    game, bot = seated(bundle, 3, WHITEOUT, "water", colony=["fuel-2", "fuel-4", "food-9", "tools-3"])
    assert bot.answer(Decision(MAY, "p1", prompt="defend")) is True
    assert bot.answer(Decision(KEEP, "p1", ("fuel-2", "fuel-4"), 1, 1, prompt="defend with fuel")) == ("fuel-2",)
    handed = bot.answer(Decision(KEEP, "p1", ("fuel-4", "food-9", "tools-3"), 2, 2, prompt="defend with any"))
    assert handed == ("tools-3", "fuel-4")   # the lowest two
    buy = Decision(OPTION, "p1", ("pass", "chest", "harpoon", "tarp"), prompt="buy")
    game, bot = seated(bundle, 3, LONG_NIGHT, "water", colony=["food-9", "food-1", "tools-3", "tools-4"])
    assert bot.answer(buy) == "harpoon"      # after event 1, cards left in the colony are spent
    pay = bot.answer(Decision(KEEP, "p1", tuple(game.colony["p1"]), 2, 2, prompt="pay for harpoon"))
    assert sorted(pay) == ["food-1", "tools-3"]
    game.event_no = wt.EVENTS_PER_GAME
    assert bot.answer(buy) == "pass"         # after the last, the colony's sum breaks ties
    game, bot = seated(bundle, 3, LONG_NIGHT, "water", colony=["fuel-2", "food-9", "tools-3"])
    assert bot.answer(buy) == "pass"         # those three pay for the infirmary instead
    assert bot.answer(Decision(MAY, "p1", prompt="infirmary")) is True


def test_it_names_the_least_damaged_rival_as_leader(bundle):
    game, bot = seated(bundle, 4, BROKEN_GEAR, "water", hand=["fuel-9", "food-2"])
    game.damage.update({"p1": 9, "p2": 5, "p3": 2, "p4": 7})
    assert bot.answer(Decision(TARGETS, "p1", tuple(game.players), 1, 1, prompt="leader")) == ("p3",)


def test_without_a_table_it_answers_like_the_generic_bot():
    d = Decision(KEEP, "p1", ("a", "b", "c"), 1, 2, prompt="collect")
    assert WinterTricksBot().answer(d) == HeuristicAgent().answer(d)


# ---- the command line ------------------------------------------------------------------------------


def test_simulate_and_play_seat_the_bots(capsys, monkeypatch, root):
    monkeypatch.chdir(root)
    assert main(["simulate", "--game", "winter-tricks", "--players", "3", "--games", "4",
                 "--agents", "heuristic:random"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["agents"] == "heuristic:random" and sum(summary["endings"].values()) == 4
    assert summary["wins"]["p1"] >= 3
    assert main(["play", "--game", "winter-tricks", "--players", "2", "--agents", "heuristic", "--quiet"]) == 0


@pytest.mark.parametrize("command", [["simulate", "--games", "1", "--agents", "heuristic:nobody"],
                                     ["play", "--agents", "search"]])
def test_agents_it_cannot_seat_are_refused(capsys, monkeypatch, root, command):
    monkeypatch.chdir(root)
    assert main(command + ["--game", "winter-tricks", "--players", "2"]) == 2
    err = capsys.readouterr().err
    assert "agents" in err and "Traceback" not in err
