"""Every card scenario is told on its card page in pt, en and vi: a scenario key, step, event or answer
form without a sentence fails here, in seconds, instead of in the middle of a site build."""
from __future__ import annotations

import pytest

from dow.site.examples import example_names, worked_examples


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_every_card_scenario_has_sentences_in_each_language(bundle, lang):
    names = example_names(bundle["cards"], lang)
    told = 0
    for card in bundle["cards"]:
        if card.get("tests"):
            # as played (the site's pages), and from the scenario's data alone (a scenario the engine cannot play)
            for examples in (worked_examples(card, names, lang, bundle), worked_examples(card, names, lang)):
                assert len(examples) == len(card["tests"]), card["id"]
                told += len(examples)
    assert told > 100


def test_an_answer_for_a_named_player_is_told_as_that_players_decision(bundle):
    """`answers: [{p1: [alexis-grey]}, {p2: [ashley-ross]}]`: each player's own choice, by name, in the
    order the game asks (site/stories.py plays the scenario; site/examples.py tells each question)."""
    card = next(c for c in bundle["cards"] if c["id"] == "base.crossroads.toxic-waste")
    (example,) = [e for e, t in zip(worked_examples(card, example_names(bundle["cards"], "en"), "en", bundle), card["tests"])
                  if t["name"].startswith("each player chooses")]
    do = example["do"]
    assert "Player 1 chooses Alexis Grey." in do and "Player 2 chooses Ashley Ross." in do, do
    assert do.index("Player 1 chooses Alexis Grey.") < do.index("Player 2 chooses Ashley Ross.")
    assert not any("{" in line or "answers" in line for line in do)


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_a_title_told_apart_by_a_moment_is_that_moment_whole(bundle, lang):
    """Examples of a card whose titles read alike are told apart by a moment of their own story (a decision, a
    roll, a line of the log, a fact of the table): the title is that moment, whole or up to its colon, in one
    line, with no generated tail joined to another title ('…; player 1 votes for option 2')."""
    from dow.site.examples import TITLE_MAX
    names = example_names(bundle["cards"], lang)
    moments = 0
    for card in bundle["cards"]:
        for test, example in zip(card.get("tests") or [], worked_examples(card, names, lang, bundle) if card.get("tests") else []):
            title = example["title"].split(". ", 1)[1]
            told = [line.rstrip(".") for line in example["given"] + example["do"] + example["expect"]]
            assert len(example["title"]) <= TITLE_MAX, (card["id"], example["title"])
            if lang != "en" and any(title == line or line.startswith(title + ": ") or line.startswith(title + ". ")
                                    for line in told):
                moments += 1
    assert lang == "en" or moments > 300


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_a_goal_check_then_the_rounds_objective_check_is_told_once(bundle, lang):
    """`do: [goal, colony check_main_objective]` checks the goal and then plays the round's step that checks
    it: the page tells the step once ('The round reaches the main objective check'), not the check twice."""
    from dow.site.build import site_words
    steps = site_words(lang)["examples"]["steps"]
    goal = steps["goal"][:1].upper() + steps["goal"][1:] + "."
    names = example_names(bundle["cards"], lang)
    found = 0
    for card in bundle["cards"]:
        for test, example in zip(card.get("tests") or [], worked_examples(card, names, lang, bundle) if card.get("tests") else []):
            if test.get("do") == ["goal", "colony check_main_objective"]:
                found += 1
                assert goal not in example["do"], (card["id"], example["do"])
            elif test.get("do") == "goal" and not (test.get("given") or {}).get("colonies"):
                assert example["do"][0] == goal
            elif test.get("do") == "goal":      # Warring Colonies: the round track reaching 0 is the check
                track = steps["goal_colonies"]
                assert example["do"][0] == track[:1].upper() + track[1:] + "."
    assert found > 10


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_every_title_says_what_its_example_shows(told, lang):
    """Every worked example's title, in each language (site/examples.py _headline): never a line as told once
    more ("Một lần nữa, …"), never the crossroads card's read-out ("Ngã tư! Người chơi 2 đọc Máy bay cho người
    chơi 1": the card set off, "Máy bay được kích hoạt"), one sentence, no exclamation (issue 32, vi trial)."""
    import re
    from dow.render.playlog import catalogue
    from dow.site.words import site_words
    again = site_words(lang)["examples"]["again"]
    head = again.split("[sentence]")[0] if "[sentence]" in again else None
    read_out = re.compile(".+?".join(re.escape(p) for p in re.split(r"\{\w+\}", catalogue(lang)["events"]["crossroads"].rstrip("."))))
    titles = [(card["id"], example["title"].split(". ", 1)[1]) for card, _, example in told[lang]]
    assert len(titles) > 500
    wrong = [(card, t) for card, t in titles
             if (head and t.startswith(head)) or read_out.fullmatch(t) or t.endswith("!")
             or re.search(r"[.!?] \w", re.sub(r"[«“][^»”]*[»”]", "", t))]
    assert wrong == [], wrong[:20]
