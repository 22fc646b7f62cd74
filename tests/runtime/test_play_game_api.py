"""play_game called from Python: a wrong ``variants`` is refused with a sentence naming the API's values, not
the command line's flags (the embedding trial's finding 13); the CLI tells the same refusal with --variant."""
from __future__ import annotations

import pytest

from dow.runtime.engine.game import GameError
from dow.runtime.engine.sim import play_game


@pytest.mark.parametrize("variants, said", [
    (["quick"], "the quick game is a Warring Colonies variant: add 'warring-colonies' to the variants"),
    (["seed-001"], "unknown variant 'seed-001'; the variants are warring-colonies, quick, random-items"),
    ("warring-colonies", "variants is a list of variant names, such as ('warring-colonies',), not the string "
                         "'warring-colonies'"),
])
def test_a_wrong_variant_is_named_in_the_apis_terms(bundle, variants, said):
    with pytest.raises(GameError) as err:
        play_game(bundle, seed=1, players=4, variants=variants)
    assert str(err.value) == said and "--" not in str(err.value)


def test_the_cli_still_names_its_flag(bundle, capsys, monkeypatch):
    from dow.cli import main as cli
    monkeypatch.setattr(cli, "_game_bundle", lambda args: bundle)
    assert cli.main(["play", "--variant", "quick", "--quiet"]) == 2
    assert "add --variant warring-colonies" in capsys.readouterr().err
