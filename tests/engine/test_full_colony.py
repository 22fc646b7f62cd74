"""A full colony in Warring Colonies and with the Lone Wolf (the base game's scenarios are in
tests/engine/rules/base-colony-spaces.yaml; docs/runtime.md, "A full colony"). Each colony board has the
base game's survivor spaces (a stand-in: no seed prints the number), helpless survivors standing in them;
the Lone Wolf's den is never "full" for this rule, since its new survivor then goes to a location of its
choice (seed 000 line 713)."""
from __future__ import annotations

from colonies_helpers import table
from colonies_helpers import wc  # noqa: F401  (the fixture)

from dow.runtime.engine.colony_table import COLONIES, DEN


def test_a_colony_board_filled_by_helpless_survivors_is_full_for_its_own_players_only(wc):
    """seed 004 line 149 ("including helpless survivors"), read for each colony board from its player's side."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "olivia-brown": ("p3", "colony_b")})
    board = g.state.locations[COLONIES["a"]]
    board.helpless = board.survivor_spaces - 2
    assert not g.host.colony_full("p1")                   # one space left (capacity - 1)
    board.helpless += 1
    assert g.host.colony_full("p1") and g.host.colony_full("p2")     # capacity: colony A is full
    assert not g.host.colony_full("p3")                   # colony B is not


def test_helpless_survivors_past_a_colony_boards_spaces_are_not_added(wc):
    g = table(wc, {"brian-lee": ("p1", "colony_a")})
    board = g.state.locations[COLONIES["a"]]
    board.helpless = board.survivor_spaces - 2            # one space left
    g.host.do_add_tokens("helpless", COLONIES["a"], 3, {}, "p1")
    assert board.helpless == board.survivor_spaces - 1    # capacity: 1 added, 2 not
    assert any(line["event"] == "colony_full_helpless" for line in g.log.lines)


def test_a_full_den_does_not_stop_the_lone_wolf_adding_a_survivor(wc):
    """seed 000 line 713: "Se não houver espaços vazios no Covil do Lobo Solitário, o sobrevivente novo
    aparece em um local à escolha do Lobo Solitário"."""
    g = table(wc, {"brian-lee": ("p1", "colony_a"), "sparky": ("p5", DEN)}, players=5)
    den = g.state.locations[DEN]
    den.survivor_spaces = 1                               # its one space taken by sparky
    assert g.host.den_full() and not g.host.colony_full("p5")
