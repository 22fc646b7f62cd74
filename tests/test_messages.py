"""Diagnostic messages: ids and parameters, three catalogues that never drift, output per language."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dow.compiler import checks, statements
from dow.cli.main import main
from dow.compiler.diagnostics import CODES, Diagnostic, Diagnostics, did_you_mean
from dow.render.docs import diagnostics_doc
from dow.compiler.messages import (LANGS, M, MessageError, Msg, catalogue, from_parser, ids_in_source, pseudo,
                                   takes)
from dow.compiler.pipeline import compile_text
from dow.dsl.clauses import CATEGORIES
from dow.dsl.lexicon import ZONE_VERBS, Refused
from dow.dsl.parser import TOKEN_NAMES

from conftest import card_yaml
from golden import GOLDEN, load, save

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [p for folder in ("compiler", "render", "i18n", "site", "cli", "dsl") for p in sorted((ROOT / folder).glob("*.py"))]
#: calls that build an id from a variable, each checked by a test of its own below
DYNAMIC = {"M('kind.' + kind)", "M('ui.' + self.severity)", "Msg(msg_id, **params)", "M(ref.id, **params)",
           "M('token.' + params['token'])", "M('token.' + name)", "M('what:' + what)", "M('title.' + code)",
           "M('fix.' + code)", "M('game.' + key, **err.params)", "Say.of(c)", "M(err.msg_id, **err.params)",
           "M(err.hint[0], **err.hint[1])", "M('refkind.' + r.kind)", "M(err.msg_id, **params)",
           "M('refkind.' + same[-1].kind)", "M('refkind.' + k)", "M('refkind.' + other[-1].kind)", "M(FALLBACKS[said])",
           "M('refkind.' + kind)", "M(v.msg_id)",
           "M('refkind.' + name)", "M(msg_id)", "M(hint)",   # these two: the refusal forms' ids (_refuse)
           # a kept text comparison's message read back from the cache (render/text.py): an id built before
           "M(value['msg_id'], **{k: _msg_of(v) for k, v in value['params'].items()})"}


def game_error_keys() -> dict[str, set[str]]:
    """{key: its parameters} of every ``GameError(text, "key", **params)`` the runtime raises."""
    import ast
    keys: dict[str, set[str]] = {}
    for path in sorted((ROOT / "runtime").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "GameError":
                key = node.args[1].value if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else None
                assert key, f"{path.relative_to(ROOT)}:{node.lineno}: a GameError without a catalogue key"
                keys["game." + key] = {k.arg for k in node.keywords}
    return keys


FAMILIES = {"token.": {f"token.{n}" for n in TOKEN_NAMES}, "kind.": {f"kind.{k}" for k in checks.NAMES},
            "cat.": set(CATEGORIES.values()) | {"cat.action-word"},
            "refkind.": {f"refkind.{k}" for k in ("survivor", "card", "player", "location", "die", "zombie")},
            "ui.": {"ui.error", "ui.warning"}, "game.": set(game_error_keys()),
            "after.": set(statements.FALLBACKS.values()),
            # the reasons of dsl/lexicon.py's ZONE_VERBS, handed to T008.zone-verb as Said(…) (compiler/statements.py)
            "zone-verb.": {f"zone-verb.{zone}.{verb}" for zone, row in ZONE_VERBS.items() for verb, rule in row.items()
                           if isinstance(rule, Refused)}}


def used_ids() -> tuple[set[str], list[str]]:
    ids, dynamic = set(), []
    for path in SOURCES:
        found, calls = ids_in_source(path.read_text(encoding="utf-8"))
        ids |= found
        dynamic += calls
    return ids | set().union(*FAMILIES.values()), dynamic


def missing(ids: set[str], lang: str) -> set[str]:
    return ids - set(catalogue(lang))


# ---- drift ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_message_id_the_code_uses_is_in_every_catalogue(lang):
    ids, _ = used_ids()
    assert not missing(ids, lang), f"compiler/catalogues/messages/{lang}.yaml lacks {sorted(missing(ids, lang))}"


def test_no_catalogue_holds_an_id_the_code_no_longer_uses():
    ids, _ = used_ids()
    docs_only = {k for k in catalogue("en") if k.startswith(("title.", "fix."))}
    assert set(catalogue("en")) - ids - docs_only == set()


@pytest.mark.parametrize("lang", ("pt", "vi"))
def test_translations_have_the_same_ids_and_placeholders_as_english(lang):
    en, other = catalogue("en"), catalogue(lang)
    assert set(en) == set(other)
    wrong = {k: (sorted(takes(en[k])), sorted(takes(other[k]))) for k in en if takes(en[k]) != takes(other[k])}
    assert wrong == {}


def test_every_game_refusal_has_a_message_with_its_parameters_in_every_language():
    keys = game_error_keys()
    assert len(keys) >= 19
    for lang in LANGS:
        wrong = {k: sorted(p) for k, p in keys.items() if k not in catalogue(lang) or takes(catalogue(lang)[k]) != p}
        assert wrong == {}, f"compiler/catalogues/messages/{lang}.yaml: {wrong}"


@pytest.mark.parametrize("lang, words", [("pt", "Módulo de itens aleatórios"), ("vi", "mô-đun vật phẩm ngẫu nhiên"),
                                         ("en", "Random Items module")])
def test_dow_play_tells_a_games_refusal_in_the_readers_language(lang, words, capsys):
    assert main(["play", "--variant", "random-items", "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_message_ids_are_built_from_plain_strings_except_the_known_families():
    _, dynamic = used_ids()
    assert set(dynamic) <= DYNAMIC, f"an id built at run time escapes the drift test: {set(dynamic) - DYNAMIC}"


def test_every_code_has_a_title_a_fix_and_a_message():
    ids, _ = used_ids()
    for code in CODES:
        assert f"title.{code}" in catalogue("en") and f"fix.{code}" in catalogue("en")
        assert any(i.startswith(code + ".") for i in ids), f"no message of the code uses {code}"
    assert {i.split(".")[0] for i in ids if i[:1].isupper()} <= set(CODES), "a message id names an unknown code"


def test_a_planted_unknown_message_id_is_caught(tmp_path):
    planted = 'raise BindError("N001", M("N001.planted-nowhere", word=w.text), w.pos, what="a planted phrase")\n'
    found, _ = ids_in_source(planted)
    assert {"N001.planted-nowhere", "what:a planted phrase"} <= missing(found, "en")
    with pytest.raises(MessageError, match="N001.planted-nowhere"):
        M("N001.planted-nowhere", word="x")


def test_parameters_must_match_the_template():
    with pytest.raises(MessageError, match="takes"):
        M("N001.unknown-word")
    with pytest.raises(MessageError, match="takes"):
        M("N001.unknown-word", word="kil", extra=1)


def test_a_diagnostic_refuses_plain_text_and_a_message_of_another_code():
    with pytest.raises(MessageError):
        Diagnostic("N001", "'kil' is not an action")
    with pytest.raises(MessageError):
        Diagnostic("N002", M("N001.unknown-word", word="kil"))
    with pytest.raises(MessageError):
        Diagnostic("N001", M("N001.unknown-word", word="kil"), hint="plain text")


# ---- rendering -----------------------------------------------------------------------------

def _broken(effect="kil 3 zombies here."):
    return Diagnostics(compile_text(card_yaml(effect), "content/base/survivors/test-card.yaml").diags)


def test_english_is_the_string_value_and_other_languages_render_from_their_catalogue():
    msg = M("N001.unknown-word", word="kil")
    assert msg == "'kil' is not a word of the effect language"
    assert msg.render("pt") == "'kil' não é uma palavra da linguagem de efeitos"
    assert msg.render("vi") == "'kil' không phải là một từ của ngôn ngữ hiệu ứng"


@pytest.mark.parametrize("lang, header, hint, summary", [
    ("en", "error N001: 'kil' is not a word", "hint: did you mean 'kill'?", "1 error, 0 warnings"),
    ("pt", "erro N001: 'kil' não é uma palavra", "dica: quis dizer 'kill'?", "1 erro, 0 avisos"),
    ("vi", "lỗi N001: 'kil' không phải là một từ", "gợi ý: có phải ý bạn là 'kill'?", "1 lỗi, 0 cảnh báo"),
])
def test_a_diagnostic_renders_in_each_language_with_the_authors_words_untouched(lang, header, hint, summary):
    text = _broken().render(lang)
    assert header in text and hint in text and text.endswith(summary)
    assert "kil 3 zombies here." in text  # the source line is never translated


def test_plural_forms_follow_the_language():
    diags = Diagnostics([Diagnostic("N001", M("N001.unknown-word", word=w)) for w in ("a", "b")])
    assert diags.render("en").endswith("2 errors, 0 warnings")
    assert diags.render("pt").endswith("2 erros, 0 avisos")
    assert diags.render("vi").endswith("2 lỗi, 0 cảnh báo")


def test_nested_messages_and_lists_render_in_the_same_language():
    need = M("T001.needs", want=checks._either([M("kind.survivor"), M("kind.player")]), got=M("kind.location"))
    assert need == "this needs a survivor or a player, but it names a location"
    assert need.render("pt") == "aqui é preciso um sobrevivente ou um jogador, mas o texto nomeia um local"
    tokens = from_parser(type("Say", (), {"id": "expected.tokens", "params": (("tokens", ("COLON", "OR")),)})())
    assert tokens == "':', 'or'" and tokens.render("vi") == "':', 'or'"


def test_did_you_mean_keeps_the_suggestion_as_written():
    hint = did_you_mean("grocery stor", ["grocery store"])
    assert hint.params == {"name": "grocery store"} and "'grocery store'" in hint.render("vi")


def test_json_keeps_id_parameters_and_the_rendered_message(tmp_path, capsys):
    root = _project(tmp_path, card_yaml("kil 3 zombies."))
    assert main(["--root", str(root), "check", "--format", "json", "--lang", "pt"]) == 1
    (diag,) = json.loads(capsys.readouterr().out)
    assert diag["code"] == "N001" and diag["msg_id"] == "N001.unknown-word" and diag["params"] == {"word": "kil"}
    assert diag["message"] == "'kil' não é uma palavra da linguagem de efeitos"
    assert diag["hint"] == "quis dizer 'kill'?"


def test_dow_lang_chooses_the_language_and_lang_overrides_it(tmp_path, capsys, monkeypatch):
    root = _project(tmp_path, card_yaml("kil 3 zombies."))
    monkeypatch.setenv("DOW_LANG", "vi_VN.UTF-8")
    assert main(["--root", str(root), "check"]) == 1
    out = capsys.readouterr()
    assert "lỗi N001" in out.err and out.out == "đã kiểm tra 1 tệp thẻ\n"
    assert main(["--root", str(root), "check", "--lang", "pt", "no/such/file.yaml"]) == 2
    assert "arquivo ou pasta inexistente" in capsys.readouterr().err
    assert main(["--root", str(root), "check", "--lang", "en"]) == 1
    assert "error N001" in capsys.readouterr().err
    monkeypatch.setenv("DOW_LANG", "xx")  # an unknown language falls back to English
    assert main(["--root", str(root), "check"]) == 1
    assert "error N001" in capsys.readouterr().err


def test_messages_survive_a_process_pool():
    import pickle
    msg = M("T001.needs", want=M("kind.survivor"), got=M("kind.location"))
    again = pickle.loads(pickle.dumps(msg))
    assert again.id == msg.id and again.render("vi") == msg.render("vi")


def _project(tmp_path: Path, text: str) -> Path:
    (tmp_path / "pyproject.toml").write_text("")
    path = tmp_path / "content/base/survivors/test-card.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return tmp_path


def test_dow_check_in_vietnamese_matches_its_golden(tmp_path, capsys, update_goldens):
    """A card with several mistakes, checked with --lang vi: the whole output, asserted."""
    golden = GOLDEN / "messages" / "check-vi.yaml"
    case = load(golden)
    root = _project(tmp_path, str(case["source"]))
    assert main(["--root", str(root), "check", "--lang", "vi"]) == 1
    got = capsys.readouterr().err
    if update_goldens:
        case["stderr"] = got
        save(golden, case)
        return
    assert got == str(case["stderr"])


# ---- the diagnostics reference in pt and vi -------------------------------------------------

@pytest.mark.parametrize("lang", ("pt", "vi"))
def test_translated_diagnostics_docs_are_up_to_date(lang):
    assert (ROOT / "docs" / lang / "diagnostics.md").read_text(encoding="utf-8") == \
        diagnostics_doc(ROOT / "tests" / "golden" / "diagnostics", lang), "run 'dow docs' and commit the result"


def test_pseudo_text_keeps_placeholders_markup_and_code():
    assert pseudo("Survivor") == "⟦Šûŕṽîṽôŕ⟧"
    assert pseudo("kill {n} zombies") == "⟦ķîĺĺ {n} žôɱƀîéš⟧"
    assert pseudo("see `dow check` <b>now</b> [the rules](base-game.md#x)") == \
        "⟦šéé `dow check` <b>ñôŵ</b> [ţĥé ŕûĺéš](base-game.md#x)⟧"
    assert M("N001.unknown-word", word="kil").render("qps").startswith("⟦'kil' îš ñôţ â ŵôŕđ")


def _keys(value, prefix=""):
    if isinstance(value, dict):
        return {k for key, child in value.items() for k in _keys(child, f"{prefix}{key}.")}
    return {prefix.rstrip(".")}


@pytest.mark.parametrize("lang", ("pt", "vi"))
def test_the_sites_own_words_have_the_same_keys_in_every_language(lang):
    from dow.site.build import site_words
    assert _keys(site_words(lang)) == _keys(site_words("en"))
    assert all(text.strip() for text in _strings(site_words(lang)))


def _strings(value):
    if isinstance(value, dict):
        for child in value.values():
            yield from _strings(child)
    elif isinstance(value, str):
        yield value
