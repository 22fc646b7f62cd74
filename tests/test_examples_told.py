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
            examples = worked_examples(card, names, lang)
            assert len(examples) == len(card["tests"]), card["id"]
            told += len(examples)
    assert told > 100


def test_an_answer_for_a_named_player_is_told_with_the_player(bundle):
    card = next(c for c in bundle["cards"] if c["id"] == "base.crossroads.toxic-waste")
    (example,) = [e for e, t in zip(worked_examples(card, example_names(bundle["cards"], "en"), "en"), card["tests"])
                  if t["name"].startswith("each player chooses")]
    assert "(player 2 answers)" in example["answers"] and "{" not in example["answers"]


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_a_title_of_several_steps_reads_as_one_sentence(bundle, lang):
    """'Player 1 chooses option 1, then player 2 takes a whole turn': after the first step a step starts
    in lower case, unless it starts with a name ('…, then Sophie Robinson …')."""
    from dow.site.build import site_words
    then = site_words(lang)["examples"]["then"]
    names = example_names(bundle["cards"], lang)
    steps = 0
    for card in bundle["cards"]:
        for example in worked_examples(card, names, lang) if card.get("tests") else []:
            for part in example["title"].split(then)[1:]:
                steps += 1
                assert part[:1].islower() or part[:1].isdigit() or any(n and part.startswith(n) for n in names.values()), \
                    (card["id"], example["title"])
    assert steps > 50


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_a_goal_check_then_the_rounds_objective_check_is_told_once(bundle, lang):
    """`do: [goal, colony check_main_objective]` checks the goal and then plays the round's step that checks
    it: the page tells the step once ('The round reaches the main objective check'), not the check twice."""
    names = example_names(bundle["cards"], lang)
    found = 0
    for card in bundle["cards"]:
        for test, example in zip(card.get("tests") or [], worked_examples(card, names, lang) if card.get("tests") else []):
            if test.get("do") == ["goal", "colony check_main_objective"]:
                found += 1
                assert len(example["do"]) == 1, (card["id"], example["do"])
            elif test.get("do") == "goal":
                assert len(example["do"]) == 1
    assert found > 10
