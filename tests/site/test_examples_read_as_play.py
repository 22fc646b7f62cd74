"""Every worked example of every card, in Portuguese, English and Vietnamese, reads as a story of a table
(site/examples.py, site/stories.py), not as test output: each fact said once, no count of 0 stated as a fact
of the table, no framing that only a test needs ("the card's trigger is checked against the table", "nothing
is left to resolve by hand", "…: not allowed"), no engine value (an "all" count as 1000000, a death "by a
card"), a death after the wound that causes it, the bite's spread before the choice it asks for, the players'
colonies of a Warring Colonies table and the number of players of a main objective told, and a title of one
line that is not cut and carries no generated tail. The reader trials of 2026-12-05 (docs/trials/) found
each of these kinds; this file walks every example for each of them."""
from __future__ import annotations

import re
import unicodedata

import pytest
import yaml

from dow.site.examples import TITLE_MAX, StoryTeller, Teller, _sentences, example_names, worked_examples
from dow.site.stories import story
from dow.site.words import site_words

LANGS = ("pt", "en", "vi")

#: phrases of the examples as they read like a test (reader trials, C and F)
FRAMING = {
    "pt": ["A mesa é uma partida", "gatilho da carta", "Nada fica para os jogadores", "não é permitido", "não é pulado",
           "aceita o que", "recusa o que", "joga um turno inteiro", "é trocado pelo efeito de uma carta"],
    "en": ["The table is a Warring", "card's trigger", "Nothing is left for the players", "is not allowed", "is not skipped",
           "takes up what", "declines what", "takes a whole turn", "is replaced by a card"],
    "vi": ["Bàn chơi là một ván", "Điều kiện kích hoạt của thẻ", "Không còn gì để người chơi", "không được phép",
           "không bị bỏ qua", "chấp nhận điều", "từ chối điều", "chơi trọn một lượt",
           "được thay bằng hiệu ứng của một thẻ"],
}
#: a count of 0 stated as a fact: "0 zombies are at the school", "Brian Lee has 0 frostbites"
ZERO = re.compile(r"(?<![\d.,:])0 (?=[^\W\d_])")


def _norm(text: str) -> list[str]:
    text = unicodedata.normalize("NFKD", text.lower())
    return re.findall(r"\w+", "".join(c for c in text if not unicodedata.combining(c)))


@pytest.mark.parametrize("lang", LANGS)
def test_a_story_says_each_fact_once(told, lang):
    """No sentence repeated within an example (a fact that stays as it was is told before, not again after;
    an action taken again says 'again'); no two consecutive sentences of the story state the same event (one
    the start of the other: 'player 1 uses the harpoon. player 1 uses Harpoon', 'pays to ignore the result.
    pays to ignore the bite rolled for Brian Lee')."""
    assert len(told[lang]) > 400
    again = site_words(lang)["examples"]["again"]
    # the words that say it: a suffix (" again"), or what a language says in front ("Một lần nữa, [sentence]")
    again = again.split("[sentence]")[0].strip() if "[sentence]" in again else again.rstrip()
    slips = []
    for card, n, example in told[lang]:
        # the table (before and after) and the story each say a sentence once; the story may read out a count
        # the table gave ('the waste pile holds 30 cards' at the waste check), and an action taken once more
        # says so ('… again')
        table = [s for line in example["given"] + example["expect"] for s in _sentences(line)]
        story_told = [s for line in example["do"] for s in _sentences(line)]
        for every in (table, [s for s in story_told if again not in s]):
            slips += [(card["id"], n, s) for s in dict.fromkeys(every) if every.count(s) > 1]
        for a, b in zip(story_told, story_told[1:]):
            wa, wb = _norm(a), _norm(b)
            if (wa == wb or wa == wb[:len(wa)] or wb == wa[:len(wb)]) and again not in b:
                slips.append((card["id"], n, a, b))
    assert not slips, slips


@pytest.mark.parametrize("lang", LANGS)
def test_no_count_of_0_is_told_as_a_fact_of_the_table(told, lang):
    """'0 zombies are at the colony', 'Brian Lee has 0 frostbites': left out, or said as 'no more' when the
    example is about it becoming 0."""
    slips = [(card["id"], n, fact) for card, n, example in told[lang] for fact in example["given"] + example["expect"]
             if ZERO.search(fact)]
    assert not slips, slips[:20]


@pytest.mark.parametrize("lang", LANGS)
def test_no_example_reads_as_a_test(told, lang, bundle):
    """No framing a test needs and a table does not (FRAMING), no engine value (a number of 1000 or more, the
    'all' count), a death's cause told as the log's 'a card'."""
    log_words = yaml.safe_load(open(_log_catalogue(lang), encoding="utf-8"))["words"]
    by_card = f"({log_words['effect']})"
    slips = []
    for card, n, example in told[lang]:
        text = " ".join([example["title"], *example["given"], *example["do"], *example["expect"]])
        slips += [(card["id"], n, phrase) for phrase in FRAMING[lang] if phrase in text]
        slips += [(card["id"], n, big) for big in re.findall(r"\d{4,}", text)]
        if by_card in text:
            slips.append((card["id"], n, by_card))
    assert not slips, slips[:20]


def _log_catalogue(lang: str):
    from pathlib import Path
    import dow.render
    return Path(dow.render.__file__).parent / "catalogues" / "log" / f"{lang}.yaml"


@pytest.mark.parametrize("lang", LANGS)
def test_a_turn_is_not_played_before_it_begins(told, lang):
    """'Player 2 takes a whole turn. It is player 2's turn.': the turn's first line tells the step."""
    steps = site_words(lang)["examples"]["steps"]
    teller = Teller({}, lang)
    slips = []
    for card, n, example in told[lang]:
        for p in range(1, 6):
            step = teller.say(steps["turn"], None, teller.name(f"p{p}"))
            step = step[:1].upper() + step[1:] + "."
            if step in example["do"]:
                i = example["do"].index(step)
                if i + 1 < len(example["do"]) and teller.name(f"p{p}") in example["do"][i + 1]:
                    slips.append((card["id"], n, example["do"][i:i + 2]))
    assert not slips, slips[:10]


@pytest.mark.parametrize("lang", LANGS)
def test_titles_are_one_line_a_reader_would_write(told, lang):
    """No generated '; …' tail, never cut (no ellipsis, no open quote), at most TITLE_MAX characters."""
    for card, n, example in told[lang]:
        title = example["title"]
        outside = re.sub(r"«[^»]*»|“[^”]*”", "", title)
        assert len(title) <= TITLE_MAX, (card["id"], n, title)
        authored = title.split(". ", 1)[-1] == str(card["tests"][n - 1].get("name", ""))[:1].upper() + \
            str(card["tests"][n - 1].get("name", ""))[1:]       # an English title is its scenario's own name
        assert authored or ";" not in outside, (card["id"], n, title)
        assert not title.endswith("…"), (card["id"], n, title)
        assert title.count("«") == title.count("»") and title.count("“") == title.count("”"), (card["id"], n, title)


def test_a_story_is_told_in_the_order_things_happen(bundle):
    """Every played scenario, as the examples arrange it: a survivor's wound before the death it causes, the
    bite's spread before the choice it asks for, an after-state that does not contradict the story (a card
    that goes to the waste pile is not told as staying with its player)."""
    names = example_names(bundle["cards"], "en")
    checked = 0
    for card in bundle["cards"]:
        for number, _test in enumerate(card.get("tests") or [], 1):
            played = story(bundle, card, number)
            if played is None:
                continue
            teller = StoryTeller(Teller(names, "en"), bundle, card, played)
            for happened in played.steps:
                items = teller.arrange(happened)
                checked += 1
                deaths = {}
                for i, (kind, item) in enumerate(items):
                    if kind == "log" and item["event"] == "killed":
                        deaths.setdefault((item.get("params") or {}).get("survivor"), i)
                    if kind == "log" and item["event"] == "wound":
                        who = (item.get("params") or {}).get("survivor")
                        assert who not in deaths, (card["id"], number, "a wound told after the death", who)
                    if kind == "ask" and item.prompt in ("zombie to kill", "zombie to move") and i + 1 < len(items):
                        following = items[i + 1]     # the zombies picked one by one are told as one choice
                        assert not (following[0] == "ask" and following[1].prompt == item.prompt
                                    and following[1].player == item.player), (card["id"], number)
                    if kind == "log" and item["event"] == "saw" and i + 1 < len(items):
                        assert not (items[i + 1][0] == "log" and items[i + 1][1]["event"] == "look_at"), (card["id"], number)
                    if kind == "ask" and item.prompt == "bite spreads":
                        assert any(k == "log" and e["event"] == "bite_spread" for k, e in items[:i]) or \
                            not any(k == "log" and e["event"] == "bite_spread" for k, e in items[i:]), (card["id"], number)
    assert checked > 400
    card = next(c for c in bundle["cards"] if c["id"] == "base.crossroads.no-ammo")
    first = worked_examples(card, names, "en", bundle)[0]
    assert not any("Pistol" in line and "player 1" in line for line in first["do"]), first["do"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_says_what_the_rule_depends_on(told, lang, bundle):
    """A Warring Colonies example says which colony each player plays for; a main objective's example says
    how many players there are (a goal counted per player) and where the round track stands."""
    facts = site_words(lang)["examples"]["facts"]
    teller = Teller({}, lang)
    team = teller.say(facts["team"], 2, players="", colony="").strip(" .")
    for card, n, example in told[lang]:
        test = card["tests"][n - 1]
        given = " ".join(example["given"])
        if (test.get("given") or {}).get("colonies") and story(bundle, card, n) is not None:
            assert teller.name("a") in given and teller.name("b") in given, (card["id"], n, given)
        if card["kind"] == "main-objective" and story(bundle, card, n) is not None and not (test.get("given") or {}).get("colonies"):
            players = story(bundle, card, n).players
            assert teller.say(facts["players"], n=players).rstrip(".") in given or "players" in (test.get("given") or {}), \
                (card["id"], n, given)
    assert team


@pytest.mark.parametrize("lang", LANGS)
def test_zombies_a_biohazard_brings_are_told_coming(told, lang, bundle):
    """'2 zombies are at the school' after a combat with no sentence saying they came: each biohazard face of
    the combat die is followed by the zombies it brings to the place of the combat."""
    story_words = site_words(lang)["examples"]["story"]
    teller = Teller(example_names(bundle["cards"], lang), lang)
    seen = 0
    for card, n, example in told[lang]:
        played = story(bundle, card, n)
        for happened in played.steps if played else []:
            place = next((e["params"]["location"] for k, e in happened if k == "log" and e["event"] == "warfare"), None)
            for kind, item in happened:
                value = (item.get("params") or {}).get("value") if kind == "log" and item["event"] == "combat_die" else None
                if place and isinstance(value, int) and value > 0 and item["params"].get("face") == "biohazard":
                    seen += 1
                    came = teller.say(story_words["biohazard"], value, place=teller.name(place))
                    assert came[:1].upper() + came[1:] in example["do"], (card["id"], n, example["do"])
    assert seen > 3


#: sentence shapes of the Portuguese examples that read as machine output, not as a table tells it (reader
#: trial pt 2026-12-05-after, findings 10-17): what to write instead is in site/catalogues/site/pt.yaml and
#: render/catalogues/log/pt.yaml
PT_MACHINE = [
    (r"não entra em jogo", "a crossroads card not set off: 'O gatilho de X não é ativado: a carta volta …'"),
    (r"verificam se .+ se aplica", "the card held for its trigger (seed 001: 'mantém a carta em segredo')"),
    (r"de uma mão", "cards taken go to the player's hand: 'leva N cartas para a mão'"),
    (r"\bmuda em -?\d", "a die goes up or down: 'sobe 1 ponto'"),
    (r"\bchega a(?:o|à)? (?:o |a )?(?:início|fim|começo|verificação|resolução|pagamento|revelação)", "'Chega a hora da …'"),
    (r"\w explorando\b", "'Acaba de acontecer: a exploração de X'"),
    (r"(?:^|[.:!] )Na mesa:", "'Na mesa' is the label of the table before, not a step"),
    (r"fica com nada", "'não fica com nenhuma carta'"),
    (r"Vencem: o jogador \d+\.", "one winner: 'Vence: o jogador 4'"),
    (r"não parte na Expedição|joga [^.]+ de novo\.", "a card played once is told once ('joga X' or 'joga X na Expedição')"),
    (r"decide não fazer isso", "the declined offer is told by the decision ('não usa Lanterna')"),
]


def test_no_portuguese_example_reads_as_machine_output(told):
    """Every Portuguese worked example (given, story and after) holds none of PT_MACHINE's shapes."""
    slips = [(card["id"], n, why, line) for card, n, example in told["pt"]
             for line in [example["title"], *example["given"], *example["do"], *example["expect"]]
             for pattern, why in PT_MACHINE if re.search(pattern, line)]
    assert not slips, slips[:20]


@pytest.mark.parametrize("lang", LANGS)
def test_a_survivor_in_play_before_and_after_is_not_told_as_in_play_again(told, lang):
    """'Brian Lee is in play.' after the steps, when the table before had him in play (and nothing took him
    out), says nothing: the survivors the steps took out are told, the others are not listed."""
    play = site_words(lang)["examples"]["survivor"]["place"]["play"]
    shape = re.compile("^" + re.escape(play).replace(re.escape("{name}"), "(.+)") + "$")
    slips = []
    for card, n, example in told[lang]:
        given = " ".join(example["given"])
        for line in example["expect"]:
            m = shape.match(line)
            if m and m.group(1) in given:
                slips.append((card["id"], n, line))
    assert not slips, slips[:20]


@pytest.mark.parametrize("lang", LANGS)
def test_a_crossroads_card_not_set_off_is_told_as_what_happens(told, lang, bundle):
    """A scenario whose crossroads card is not set off tells it in its story (the card goes back unread), not
    as an empty story and a bare 'X is not triggered' after."""
    names = example_names(bundle["cards"], lang)
    teller = Teller(names, lang)
    unset = site_words(lang)["examples"]["facts"]["not_triggered"]
    checked = 0
    for card, n, example in told[lang]:
        test = card["tests"][n - 1]
        if (test.get("expect") or {}).get("triggered") is False:
            checked += 1
            said = teller.say(unset, card=names.get(card["id"].rsplit(".", 1)[-1], ""))
            said = said[:1].upper() + said[1:]
            assert said in example["do"], (card["id"], n, example["do"])
            assert said not in example["expect"], (card["id"], n, example["expect"])
    assert checked > 50


def test_a_card_of_the_kind_a_crisis_asks_for_is_never_told_as_another_kind(bundle):
    """Every crisis × every item card put in it: the story says a card 'is not medicine' (takes a point away)
    exactly when its item type is not one the crisis asks for, as the engine counts it (an Adrenaline Shot is
    medicine: Despair's example said it took a point away and still counted 2)."""
    names = example_names(bundle["cards"], "en")
    items = [c for c in bundle["cards"] if c.get("kind") == "item" and c.get("item_type")]
    crises = [c for c in bundle["cards"] if c.get("kind") == "crisis" and c.get("prevent")]
    assert len(items) > 20 and len(crises) > 5
    card = crises[0]
    played = next(story(bundle, c, n) for c in crises for n, _ in enumerate(c.get("tests") or [], 1)
                  if story(bundle, c, n) is not None)
    teller = StoryTeller(Teller(names, "en"), bundle, card, played)
    for crisis in crises:
        for item in items:
            told = teller.wrong_cards({"card": crisis["id"], "revealed": [item["id"]]})
            assert bool(told) == (item["item_type"] not in crisis["prevent"]), (crisis["id"], item["id"], told)


@pytest.mark.parametrize("lang", LANGS)
def test_no_example_names_a_card_by_the_engines_instance_id(told, lang):
    """'C:1 takes 1 wound': a card that came into play during the steps (The Arctic King attached to the
    searcher) is told by its name, as every other card is (site/stories.py keeps the instances of the whole run)."""
    slips = [(card["id"], n, line) for card, n, example in told[lang]
             for line in [example["title"], *example["given"], *example["do"], *example["expect"]]
             if re.search(r"(?<![\w:])[cC]:\d+\b", line)]
    assert not slips, slips[:20]
