"""Compiled cards kept packed (compiler/cardstore.py): Build.cards reads as the card dicts, the bundle
written one card at a time is the bundle document's JSON byte for byte, and compiling leaves no
cycles behind for the paused collector."""
import gc
import json

import pytest

from dow.compiler.cardstore import Cards, pack, unpack
from dow.compiler.pipeline import compile_file, compile_text
from dow.compiler.project import bundle_chunks, bundle_of, card_files, compile_paths, display_path
from dow.runtime.bundle import parse_bundle

from conftest import CONTENT, ROOT, card_yaml


@pytest.fixture(scope="module")
def build():
    return compile_paths([CONTENT], ROOT, jobs=1)


@pytest.fixture(scope="module")
def trees():
    """The same cards compiled one by one and kept as trees, sorted by id as the build sorts them."""
    out = [compile_file(p, display_path(p, ROOT)).card for p in card_files([CONTENT])]
    return sorted((c for c in out if c is not None), key=lambda c: c["id"])


def test_build_cards_read_as_the_compiled_trees(build, trees):
    assert build.ok and isinstance(build.cards, Cards)
    assert len(build.cards) == len(trees) > 100
    assert build.cards == trees
    assert [list(c) for c in build.cards] == [list(c) for c in trees]      # keys in the same order
    assert build.cards[0] == trees[0] and build.cards[-1] == trees[-1] and build.cards[1:3] == trees[1:3]
    assert [c["id"] for c in build.cards] == sorted(c["id"] for c in trees)


def test_a_read_card_is_a_fresh_copy(build):
    first = build.cards[0]
    first["id"] = "changed"
    assert build.cards[0]["id"] != "changed"


def test_pack_gives_back_the_very_types():
    card = {"id": "x.survivor.y", "kind": "survivor", "name": {"pt": "A", "en": "B", "vi": "C"},
            "pair": (1, 2), "nested": [{"n": 1.5, "t": True, "none": None}]}
    packed = pack(card)
    assert unpack(packed) == card and isinstance(unpack(packed)["pair"], tuple)
    assert (packed.id, packed.kind, packed.names) == ("x.survivor.y", "survivor", ("A", "B", "C"))


@pytest.mark.parametrize("which", ["content", "no rulesets", "no cards"])
def test_streamed_bundle_is_the_bundle_json(build, which):
    cards = [] if which == "no cards" else build.cards
    rulesets = {} if which == "no rulesets" else build.rulesets
    if which == "content":
        assert rulesets
    expected = json.dumps(bundle_of(cards, rulesets), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    streamed = "".join(bundle_chunks(cards, rulesets))
    assert streamed == expected
    assert parse_bundle(streamed)["content_hash"] == bundle_of(cards, rulesets)["content_hash"]


def test_compiling_leaves_no_cycles():
    """The ledger and its readers held each other; with the collector paused while a project compiles,
    every clause's words stayed alive until the end (about 110 KiB a card)."""
    compile_text(card_yaml("gain 1 morale."), "content/base/survivors/test-card.yaml")   # warm: imports
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        result = compile_text(card_yaml("""
            spend an action die of 4 or more:
              kill 3 zombies here. do not roll for exposure.
        """), "content/base/survivors/test-card.yaml")
        assert result.card is not None, result.diags
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()
