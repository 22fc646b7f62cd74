"""The shape pass: fields against the card kind; localized texts."""
from dow.compiler.loader import load_text
from dow.compiler.shape import Shape

from conftest import card_yaml


def shape(text: str, display: str = "content/base/survivors/test-card.yaml"):
    s = Shape(display, text.splitlines())
    ok = s.card(load_text(text, display))
    return ok, [(d.code, d.line) for d in s.diags]


def test_a_good_card_is_clean():
    assert shape(card_yaml("gain 1 morale.")) == (True, [])


def test_unknown_kind_and_missing_fields():
    assert shape("id: x\nkind: survivr\n")[1][0][0] == "S005"
    ok, diags = shape("id: base.survivor.test-card\nkind: survivor\nset: base\n")
    assert not ok and {c for c, _ in diags} == {"S005"}


def test_localized_fields_need_every_language():
    text = card_yaml("gain 1 morale.").replace("vi: Thử}", "fr: Essai}")
    assert shape(text)[1] == [("L001", 6), ("L001", 6)]


def test_id_must_match_the_file():
    assert shape(card_yaml("gain 1 morale."), "content/base/survivors/other.yaml")[1] == [("S006", 1)]


def test_crossroads_need_options():
    text = ("id: base.crossroads.x\nkind: crossroads\nset: base\nname: {pt: X, en: X, vi: X}\n"
            "status: {implementation: full, data: known}\ntrigger: {text: {pt: a, en: a, vi: a}}\noptions: []\n")
    assert shape(text, "content/base/crossroads/x.yaml")[1] == [("S008", 6), ("S008", 7)]


def test_a_scenario_missing_its_keys_is_an_author_error_at_the_scenario():
    """Not V001 ('a compiler bug') from the bundle schema: the shape pass names the key, on its line."""
    text = card_yaml("gain 1 morale.") + "tests:\n  - name: gains morale\n    do: ability 1\n  - name: ok\n" \
        "    given: {}\n    do: ability 1\n    expect: {morale: 7}\n    whn: 3\n"
    ok, diags = shape(text)
    lines = len(card_yaml("gain 1 morale.").splitlines())
    assert not ok
    assert sorted(diags) == [("S013", lines + 2), ("S013", lines + 2), ("S013", lines + 8)]   # the scenarios' own code
