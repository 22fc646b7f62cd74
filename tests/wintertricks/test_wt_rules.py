"""Winter Tricks scenarios, one rule each, against seed 003 (/work/shared/seeds/003_f936bec5f68eb293.txt).

Each docstring quotes a few words of the seed and its line number; the rules chapter
(content/rules/en/winter-tricks.md) gives the same rules in our own words.
"""
from __future__ import annotations

import pytest
from wt_helpers import DRY_SPELL, LONG_NIGHT, WHITEOUT, ByPrompt, events_of, put, start_event, table

from dow.runtime.games import winter_tricks as wt

# ---- set-up ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players,size", [(2, 10), (3, 9), (4, 8), (5, 7)])
def test_hand_size_by_player_count(bundle, players, size):
    """Seed l.16-19: "2 jogadores: 10 cartas cada" … "5 jogadores: 7 cartas cada"."""
    game, _ = table(bundle, players)
    game.deal()
    assert [len(game.hands[p]) for p in game.players] == [size] * players
    dealt = events_of(game, "dealt")
    assert [line["params"]["count"] for line in dealt] == [size] * players


def test_set_up_equipment_damage_and_leader(bundle):
    """Seed l.13-14: "Todos iniciam com 0 de dano"; "Embaralhe as cartas de Lona e Baú e distribua uma
    aleatoriamente para cada jogador. As cartas restantes devem ficar reveladas na mesa"; l.7 "Escolha o
    primeiro jogador, que recebe a carta de Líder"."""
    game, _ = table(bundle, 4)
    assert game.damage == {p: 0 for p in game.players}
    for p in game.players:
        owned = game.owned(p)
        assert len(owned) == 1 and game.equipment[owned[0]]["short"] in ("tarp", "chest")
    assert set(game.market) == set(game.equipment) - {e for p in game.players for e in game.owned(p)}
    assert any(game.equipment[e]["short"] == "harpoon" for e in game.market)
    first = events_of(game, "leader")[0]["params"]
    assert first["player"] == game.leader and first["why"] == "coldest night"


def test_hands_are_private(bundle):
    """Seed l.15: "Distribua as cartas de Recursos (sem revelá-las)": dealt hands are private log lines."""
    game = wt.new_game(bundle, 3, 3)
    game.run()
    hands = events_of(game, "hand")
    assert hands and all(line.get("private_to") == line["params"]["player"] for line in hands)
    assert not any(line["event"] == "hand" for line in game.log.public())
    assert all(line["event"] != "hand" or line["private_to"] == "p1" for line in game.log.seen_by("p1"))


# ---- events and the Leader ---------------------------------------------------------------


def test_three_events_each_with_a_relic(bundle):
    """Seed l.23: "A partida é composta por 3 resoluções de EVENTO"; l.25 "Revela-se a carta do topo do
    Baralho de Eventos e a carta do topo do Baralho de Relíquias"; l.55 "termina após … terceiro"."""
    game = wt.new_game(bundle, 11, 4)
    result = game.run()
    assert result["rounds"] == 3
    names = [line["event"] for line in game.log.lines if line["event"] in ("event", "relic", "game_end")]
    assert names[:2] == ["event", "relic"] and names.count("event") == 3 and names[-1] == "game_end"
    assert len({line["params"]["card"] for line in events_of(game, "event")}) == 3


def test_most_damaged_player_chooses_the_leader(bundle):
    """Seed l.28: "O jogador que sofreu mais dano na Colônia escolhe quem será o Líder (podendo escolher a si
    mesmo)"."""
    game, agent = table(bundle, 4, {"leader": lambda d: ("p3",)})
    game.leader = "p1"
    game.damage.update({"p1": 2, "p2": 9, "p3": 0, "p4": 5})
    game.choose_leader()
    (asked,) = [d for d in agent.asked if d.prompt == "leader"]
    assert asked.player == "p2" and set(asked.choices) == set(game.players)
    assert game.leader == "p3"


def test_leader_choice_tie_goes_clockwise_from_the_last_leader(bundle):
    """Seed l.28: "Em caso de empate no dano, quem escolhe é o jogador mais próximo do último Líder no sentido
    horário"."""
    game, agent = table(bundle, 5, {"leader": lambda d: (d.player,)})
    game.leader = "p3"
    game.damage.update({"p1": 6, "p2": 6, "p3": 6, "p4": 1, "p5": 6})
    game.choose_leader()
    assert agent.asked[-1].player == "p5"   # after p3 clockwise: p4 (not tied), then p5
    assert game.leader == "p5"


# ---- tricks ---------------------------------------------------------------------------------


def _trick(game, plays):
    return game.trick_winner([(p, c, exp) for p, c, exp in plays])


def test_following_highest_number_wins_and_1_beats_10(bundle):
    """Seed l.40: "Jogar o mesmo tipo de recurso. O maior número vence (com a exceção de que o número 1 vence
    o 10)"."""
    game, _ = table(bundle, 3)
    start_event(game, LONG_NIGHT, "tools")
    assert _trick(game, [("p1", "water-4", False), ("p2", "water-9", False), ("p3", "water-2", False)]) == "p2"
    assert _trick(game, [("p1", "water-10", False), ("p2", "water-1", False), ("p3", "fuel-3", False)]) == "p2"


def test_relic_resource_wins_the_trick(bundle):
    """Seed l.41: "Jogar o recurso indicado pela Relíquia do EVENTO. Esta carta torna-se a mais forte da vaza
    … Entre relíquias, o maior número vence (1 vence 10)"."""
    game, _ = table(bundle, 4)
    start_event(game, LONG_NIGHT, "fuel")
    assert _trick(game, [("p1", "water-10", False), ("p2", "fuel-2", False), ("p3", "water-9", False)]) == "p2"
    plays = [("p1", "water-10", False), ("p2", "fuel-10", False), ("p3", "fuel-1", False), ("p4", "fuel-5", False)]
    assert _trick(game, plays) == "p4"   # the 1 beats the 10, the 5 beats the 1 (engine reading, see module doc)
    assert _trick(game, [("p1", "water-3", False), ("p2", "fuel-10", False), ("p3", "fuel-1", False)]) == "p3"


def test_other_resources_cannot_win(bundle):
    """Seed l.42: "Cartas de recursos diferentes do Líder e da Relíquia não podem vencer"."""
    game, _ = table(bundle, 3)
    start_event(game, LONG_NIGHT, "tools")
    assert _trick(game, [("p1", "water-2", False), ("p2", "food-10", False), ("p3", "fuel-9", False)]) == "p1"


def test_card_played_with_the_expedition_has_no_value(bundle):
    """Seed l.43: "Ele ainda deve jogar uma carta convencional, mas esta não tem valor na vaza"."""
    game, _ = table(bundle, 3)
    start_event(game, LONG_NIGHT, "fuel")
    assert _trick(game, [("p1", "water-2", False), ("p2", "fuel-10", True), ("p3", "water-3", False)]) == "p3"


def test_leader_never_opens_with_the_expedition(bundle):
    """Seed l.43: "O Líder nunca pode usar a Expedição para abrir a vaza"; l.38 "O Líder joga qualquer carta
    de Recurso"."""
    agent = ByPrompt({"expedition": True})
    game = wt.new_game(bundle, 5, 4, agents=agent)
    game.run()
    leads = [i for i, line in enumerate(game.log.lines) if line["event"] == "played"
             and (i == 0 or game.log.lines[i - 1]["event"] != "played")]
    assert len(leads) > 10
    assert all(game.log.lines[i]["params"]["expedition"] is False for i in leads)
    lead_decisions = [d for d in agent.asked if d.prompt == "lead"]
    assert all(all(not str(c).startswith("winter-tricks.expedition") for c in d.choices) for d in lead_decisions)
    # everyone says yes whenever asked, yet nobody goes on more than one expedition per event
    per_event: dict = {}
    number = 0
    for line in game.log.lines:
        if line["event"] == "event":
            number = line["params"]["number"]
        if line["event"] == "played" and line["params"]["expedition"]:
            key = (number, line["params"]["player"])
            per_event[key] = per_event.get(key, 0) + 1
    assert per_event and set(per_event.values()) == {1}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("agents", ["random", "heuristic"])
def test_the_chosen_leader_opens_the_events_first_trick_and_a_haul_takes_at_most_two(bundle, players, agents):
    """Seed l.28: from the second event "O jogador que sofreu mais dano na Colônia escolhe quem será o Líder";
    l.38: "Abrir a Vaza: O Líder joga qualquer carta de Recurso"; l.43: never with the Expedition; l.49: the
    Expedition collects "até 2 cartas". Over whole seeded games: after every choice of Leader, the next card
    played is the chosen Leader's, without the Expedition, and each Expedition haul takes 0 to 2 cards
    (several players may go on the Expedition in one trick: each has their own card, l.10)."""
    from dow.runtime.games.winter_tricks_bot import agents_for
    chosen = hauls = 0
    for seed in range(6):
        game = wt.new_game(bundle, seed, players, agents_for(agents, seed, players))
        game.run()
        lines = game.log.lines
        for i, line in enumerate(lines):
            if line["event"] == "leader" and line["params"].get("why") == "chosen":
                first = next(x for x in lines[i + 1:] if x["event"] == "played")
                assert first["params"]["player"] == line["params"]["player"], (seed, line, first)
                assert first["params"]["expedition"] is False
                chosen += 1
            if line["event"] == "expedition":       # the haul's public line says how many, none too
                (took,) = [x for x in lines[i + 1:i + 2] if x["event"] == "take_cards"]
                assert "private_to" not in took and 0 <= took["params"]["count"] <= 2, took
                assert "cards" not in took["params"]
                hauls += 1
    assert chosen == 6 * 2 and hauls > 0


def test_players_follow_clockwise_from_the_leader(bundle):
    """Seed l.39: "Os demais jogadores, em sentido horário a partir do Líder, jogam uma carta"."""
    game, _ = table(bundle, 4)
    start_event(game, LONG_NIGHT, "tools")
    game.leader = "p3"
    for p, card in zip(game.players, ("fuel-2", "fuel-3", "fuel-4", "fuel-5")):
        put(game, "hand", p, card)
    game.play_trick()
    order = [line["params"]["player"] for line in events_of(game, "played")]
    assert order == ["p3", "p4", "p1", "p2"]


@pytest.mark.parametrize("players,low,high", [(2, 1, 1), (3, 1, 2), (4, 1, 2), (5, 2, 3)])
def test_winner_leads_next_and_collects_by_player_count(bundle, players, low, high):
    """Seed l.44: "O jogador com a carta mais forte vence, torna-se o novo Líder e coleta cartas … 2 jogadores
    = 1 carta; 3 ou 4 jogadores = 1 ou 2 cartas; 5 jogadores = 2 ou 3 cartas"."""
    game, agent = table(bundle, players, {"collect": lambda d: tuple(d.choices[: d.max])})
    start_event(game, LONG_NIGHT, "tools")
    game.leader = "p1"
    for i, p in enumerate(game.players):
        put(game, "hand", p, f"water-{i + 2}")
    game.play_trick()
    winner = f"p{players}"   # the highest water
    (collect,) = [d for d in agent.asked if d.prompt == "collect"]
    assert (collect.player, collect.min, collect.max) == (winner, low, high)
    assert game.leader == winner
    assert len(game.colony[winner]) == high
    assert len(game.expedition_deck) == players - high   # what nobody took becomes the Expedition deck


def test_tricks_go_on_until_hands_are_empty(bundle):
    """Seed l.29: "Os jogadores participam de diversas Vazas até que todos esgotem as cartas de suas mãos"."""
    game = wt.new_game(bundle, 21, 3)
    game.run()
    first_event = game.log.lines[: [line["event"] for line in game.log.lines].index("event_resolved")]
    assert sum(line["event"] == "trick_won" for line in first_event) == wt.HAND_SIZE[3]


# ---- expedition, harpoon -------------------------------------------------------------------


def test_expedition_collects_up_to_two_leftovers_once_per_event(bundle):
    """Seed l.49: "Quem usou a carta de Expedição pode coletar até 2 cartas de Recurso do Baralho de Expedição
    (cartas que sobraram das vazas). A carta de Expedição só pode ser usada novamente no próximo EVENTO"."""
    game, agent = table(bundle, 3, {("p2", "expedition"): True, "how many": lambda d: d.max,
                                     "take": lambda d: tuple(d.choices[: d.max])})
    start_event(game, LONG_NIGHT, "tools")
    game.leader = "p1"
    for p, cards in (("p1", ("water-9", "food-2")), ("p2", ("water-3", "food-3")), ("p3", ("water-4", "food-4"))):
        put(game, "hand", p, *cards)
    game.play_trick()
    game.play_trick()
    asked = [d for d in agent.asked if d.prompt == "expedition"]
    assert [d.player for d in asked].count("p2") == 1   # not asked again in the same event once used
    put(game, "expedition_deck", None, "fuel-6", "tools-6", "food-7")
    before = list(game.expedition_deck)
    game.run_effect(game.expedition_def["id"], "p2")   # the card's own effect, in the interpreter
    how_many = [d for d in agent.asked if d.prompt == "how many"][-1]
    assert (how_many.player, how_many.min, how_many.max) == ("p2", 0, 2)
    took = [c for c in before if c not in game.expedition_deck]
    assert len(took) == 2 and all(c in game.colony["p2"] for c in took)
    assert any(line["event"] == "take_cards" for line in game.log.lines)
    start_event(game, LONG_NIGHT, "tools")
    assert game.expedition_used["p2"] is False   # usable again in the next event


def test_harpoon_swaps_the_relic_before_the_first_trick(bundle):
    """Seed l.48: "Antes da primeira vaza do evento, quem possui o Arpão pode usá-lo para mudar a Relíquia do
    EVENTO. Após o uso, o equipamento volta para a lista de compras"."""
    game, agent = table(bundle, 3, {"use harpoon": True})
    harpoon = next(e for e in game.market if game.equipment[e]["short"] == "harpoon")
    game.equipment_owner[harpoon] = "p2"
    start_event(game, LONG_NIGHT, "fuel")
    game.leader = "p1"
    game.harpoons()
    assert [d.player for d in agent.asked if d.prompt == "use harpoon"] == ["p2"]
    assert game.relic_resource() != "fuel"
    assert harpoon in game.market
    assert [line for line in game.log.lines if line["event"] == "reveal_cards"][0]["src"]["card"] == \
        "winter-tricks.equipment.harpoon"
    assert not game.check_invariants()


# ---- resolution: defence, damage, hibernation, frostbite -------------------------------------


def test_defence_hands_over_what_the_event_asks(bundle):
    """Seed l.66: "Jogadores descartam recursos da Colônia para anular danos conforme os requisitos da carta
    de EVENTO"."""
    game, _ = table(bundle, 2, {"defend": True})
    start_event(game, LONG_NIGHT, "tools")
    game.leader = "p1"
    put(game, "colony", "p1", "fuel-3", "fuel-8")
    put(game, "colony", "p2", "water-3", "water-8")
    game.resolve()
    assert game.colony["p1"] == [] and game.damage["p1"] == 0          # defended, nothing left over
    assert "fuel-3" in game.discard and "fuel-8" in game.discard
    # p2 could not defend: the event card's effect (5 damage); its 2 cards are not beyond the 2 asked
    assert game.damage["p2"] == 5
    damage_lines = [line for line in game.log.lines if line["event"] == "damage"]
    assert damage_lines[0]["src"]["card"] == LONG_NIGHT and damage_lines[0]["params"] == {"player": "p2", "amount": 5}


def test_frostbite_two_damage_per_surplus_card(bundle):
    """Seed l.67: "Se um jogador acumular mais recursos do que o necessário para o EVENTO, ele sofre 2 pontos
    de dano para cada carta excedente"."""
    game, _ = table(bundle, 2, {"defend": True})
    start_event(game, DRY_SPELL, "tools")
    game.leader = "p1"
    put(game, "colony", "p1", "water-2", "food-2", "fuel-5", "tools-5", "fuel-9")
    game.resolve()
    assert len(game.colony["p1"]) == 3
    (frost,) = [line["params"] for line in events_of(game, "frostbite") if line["params"]["player"] == "p1"]
    assert frost == {"player": "p1", "surplus": 3, "damage": 6}
    assert game.damage["p1"] == 6


def test_hibernation_prevents_four_damage(bundle):
    """Seed l.68: "Jogadores sem nenhum recurso na Colônia e que não usaram a Expedição previnem 4 pontos de
    dano (o EVENTO causa 4 pontos a menos)"."""
    game, _ = table(bundle, 3)
    start_event(game, WHITEOUT, "tools")   # 6 damage to a colony that does not defend
    game.leader = "p1"
    game.expedition_used["p3"] = True      # empty colony, but went on an expedition: no hibernation
    put(game, "colony", "p2", "water-2")   # not empty: no hibernation
    game.resolve()
    assert game.damage["p1"] == 2
    assert game.damage["p2"] == 6
    assert game.damage["p3"] == 6
    assert [line["params"]["player"] for line in events_of(game, "hibernation")] == ["p1"]


# ---- buying, infirmary -------------------------------------------------------------------------


def test_only_damaged_players_buy_most_damaged_first_two_at_most(bundle):
    """Seed l.50: "Apenas jogadores que sofreram dano no EVENTO podem comprar. Na ordem de quem tem mais dano
    (sentido horário), podem comprar até dois equipamentos (um por rodada de compra), pagando com recursos da
    Colônia que não foram utilizados na defesa"."""
    def buy(d):
        return next((c for c in d.choices if c != "pass"), "pass")
    game, agent = table(bundle, 3, {"buy": buy})
    start_event(game, LONG_NIGHT, "tools")
    game.leader = "p1"
    put(game, "colony", "p1", *[f"water-{v}" for v in range(1, 9)])
    put(game, "colony", "p2", *[f"food-{v}" for v in range(1, 9)])
    put(game, "colony", "p3", *[f"tools-{v}" for v in range(1, 9)])
    game.damage.update({"p1": 3, "p2": 9, "p3": 0})
    game.event_damage.update({"p1": 3, "p2": 9, "p3": 0})
    game.buy()
    buyers = [d.player for d in agent.asked if d.prompt == "buy"]
    assert buyers == ["p2", "p1", "p2", "p1"]          # most damage first, two rounds, p3 unhurt
    assert len(game.owned("p2")) == 1 + 2 and len(game.owned("p1")) == 1 + 2
    bought = events_of(game, "bought")
    price = wt.EXAMPLE["equipment_price"]
    assert all(len(line["params"]["paid"]) == price for line in bought)
    assert len(game.colony["p2"]) == 8 - 2 * price and len(game.colony["p3"]) == 8
    assert not game.check_invariants()


def test_infirmary_heals_one_for_three_different_resources(bundle):
    """Seed l.51: "O jogador pode curar 1 ponto de dano descartando 3 recursos diferentes da Colônia"."""
    game, _ = table(bundle, 2, {"infirmary": True})
    start_event(game, LONG_NIGHT, "tools")
    put(game, "colony", "p1", "water-2", "food-2", "fuel-5", "fuel-6")
    put(game, "colony", "p2", "water-3", "water-4", "fuel-7", "fuel-8")
    game.damage.update({"p1": 5, "p2": 5})
    game.infirmary("p1")
    game.infirmary("p2")
    assert game.damage == {"p1": 4, "p2": 5}            # p2 has only two kinds
    assert sorted(game.colony["p1"]) == ["fuel-5"] or sorted(game.colony["p1"]) == ["fuel-6"]
    (healed,) = events_of(game, "healed")
    assert sorted(game.res(c) for c in healed["params"]["paid"]) == ["food", "fuel", "water"]


# ---- the end ----------------------------------------------------------------------------------


def _ending(bundle, damage, colonies, relic="fuel"):
    game, _ = table(bundle, len(damage))
    start_event(game, LONG_NIGHT, relic)
    game.damage.update(damage)
    for p, cards in colonies.items():
        put(game, "colony", p, *cards)
    return game.score()


def test_least_damage_wins(bundle):
    """Seed l.59: "Vencedor Principal: O jogador que tiver sofrido a menor quantidade de dano na Colônia"."""
    result = _ending(bundle, {"p1": 7, "p2": 3, "p3": 9}, {"p1": ["fuel-10"]})
    assert result["winners"] == ["p2"] and result["scores"] == {"p1": 7, "p2": 3, "p3": 9}


def test_first_tie_break_colony_sum(bundle):
    """Seed l.60: "Se houver empate no dano, vence quem tiver a maior soma dos valores dos recursos restantes na
    Colônia"."""
    result = _ending(bundle, {"p1": 4, "p2": 4, "p3": 1 + 8}, {"p1": ["water-5", "food-4"], "p2": ["water-8"]})
    assert result["winners"] == ["p1"]


def test_second_tie_break_relic_resource_sum(bundle):
    """Seed l.61: "Se o empate persistir, vence quem tiver a maior soma dos valores dos recursos da Relíquia"."""
    result = _ending(bundle, {"p1": 4, "p2": 4}, {"p1": ["water-6", "fuel-3"], "p2": ["fuel-6", "water-3"]})
    assert result["winners"] == ["p2"]


def test_final_tie_is_a_shared_victory(bundle):
    """Seed l.62: "Se ainda assim houver empate, os jogadores compartilham a vitória"."""
    result = _ending(bundle, {"p1": 4, "p2": 4, "p3": 5}, {"p1": ["water-6", "fuel-3"], "p2": ["food-6", "fuel-1", "fuel-2"]})
    assert result["winners"] == ["p1", "p2"]


def test_defence_with_any_resource_and_what_is_left_is_surplus(bundle):
    """Seed l.66-67: defence "conforme os requisitos da carta de EVENTO"; Frost Bite "para cada carta
    excedente": the example Whiteout asks 1 fuel and any 2 cards; the one card left over costs 2."""
    game, agent = table(bundle, 2, {"defend": True})
    start_event(game, WHITEOUT, "tools")
    game.leader = "p1"
    put(game, "colony", "p1", "water-2", "fuel-1", "food-3", "tools-4")
    game.resolve()
    keeps = [d for d in agent.asked if d.prompt.startswith("defend with")]
    assert [(d.prompt, d.min) for d in keeps] == [("defend with fuel", 1), ("defend with any", 2)]
    assert keeps[0].choices == ("fuel-1",)
    assert len(game.colony["p1"]) == 1 and game.damage["p1"] == 2
