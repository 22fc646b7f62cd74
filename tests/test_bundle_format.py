"""The public bundle format: version check and content hash, as engines load it."""
import json

import pytest

from dow.runtime.bundle import IR_VERSION, BundleError, check_version, content_hash, load_bundle


def write(tmp_path, **fields):
    cards = fields.pop("cards", [])
    doc = {"ir_version": IR_VERSION, "content_hash": content_hash(cards), "languages": ["pt", "en", "vi"],
           "cards": cards, **fields}
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_good_bundle_loads(tmp_path):
    assert load_bundle(write(tmp_path))["ir_version"] == IR_VERSION


def test_an_unknown_major_version_is_refused_with_a_clear_message(tmp_path):
    with pytest.raises(BundleError, match="reads bundles of ir_version 1.x, but the bundle is 2.0.0"):
        load_bundle(write(tmp_path, ir_version="2.0.0"))
    check_version("1.7.0")  # a newer minor is additive and accepted


def test_a_changed_card_breaks_the_hash(tmp_path):
    path = write(tmp_path, cards=[{"id": "a"}])
    doc = json.loads(path.read_text())
    doc["cards"][0]["id"] = "b"
    path.write_text(json.dumps(doc))
    with pytest.raises(BundleError, match="does not match its cards"):
        load_bundle(path)
