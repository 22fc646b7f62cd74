"""Compiled cards kept packed (compiler/cardstore.py): Build.cards reads as the card dicts, the bundle
written one card at a time is the bundle document's JSON byte for byte, and compiling leaves no
cycles behind for the paused collector."""
import gc
import json

import pytest

from dow.compiler.cardstore import Cards, pack, unpack
from dow.compiler.pipeline import compile_file, compile_text
from dow.compiler.project import bundle_chunks, bundle_of, card_files, compile_paths, display_path
from dow.runtime.bundle import BundleError, parse_bundle

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
    if which == "no cards":       # rulesets without the cards their game deals: load_bundle refuses it
        with pytest.raises(BundleError, match="deals survivor cards, but the bundle has none"):
            parse_bundle(streamed)
        assert json.loads(streamed)["content_hash"] == bundle_of(cards, rulesets)["content_hash"]
        return
    assert parse_bundle(streamed)["content_hash"] == bundle_of(cards, rulesets)["content_hash"]


def test_compiling_with_the_collector_paused_keeps_memory_bounded(tmp_path):
    """A project compiles with the collector paused (compiler/project.py ``_compile_chunk``); the phrase
    parser's forest is cyclic garbage, which the sweep of the youngest generation every ``SWEEP`` files
    frees: what stays alive after compiling many files does not grow with their number (it was about
    110 KiB a card when nothing swept)."""
    from dow.compiler.project import SWEEP, _compile_chunk
    text = card_yaml("""
            spend an action die of 4 or more:
              kill 3 zombies here. do not roll for exposure.
        """)
    paths = []
    for n in range(4 * SWEEP):
        path = tmp_path / f"c{n}.yaml"
        path.write_text(text, encoding="utf-8")
        paths.append((path, "content/base/survivors/test-card.yaml"))
    _compile_chunk(paths[:SWEEP])                  # warm: imports, the grammar, the caches
    gc.collect()
    before = len(gc.get_objects())
    few = _compile_chunk(paths[:SWEEP])
    after_few = len(gc.get_objects())
    many = _compile_chunk(paths)
    after_many = len(gc.get_objects())
    assert all(r.packed is not None for r in few + many)
    kept = (after_many - after_few) / (3 * SWEEP)    # what each further file leaves alive, on average
    assert kept < 200, (before, after_few, after_many)
