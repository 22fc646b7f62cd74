"""The compiled bundle's public format: version, content hash, loading.

Engines that embed the runtime load ``build/bundle.json`` with ``load_bundle``;
it refuses a major ``ir_version`` this runtime does not know, a bundle whose
cards do not match their content hash, and one whose structure a game would trip
over (``bundle_check``): every failure to load is a ``BundleError``. Standard library only.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

#: the effect-tree format version (semver): major = breaking, minor = additive
IR_VERSION = "1.7.0"


class BundleError(Exception):
    """The bundle cannot be used by this runtime."""


def content_hash(cards: list[dict[str, Any]], rulesets: dict[str, Any] | None = None) -> str:
    """The sha256 of the cards (and the rulesets, when there are any) in canonical JSON
    (sorted keys, no spaces, UTF-8)."""
    content: Any = cards if not rulesets else {"cards": cards, "rulesets": rulesets}
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def check_version(version: str, supported: str = IR_VERSION) -> None:
    """Refuse a bundle whose major version differs from the one this runtime reads."""
    try:
        major = int(str(version).split(".")[0])
    except ValueError:
        raise BundleError(f"the bundle's ir_version {version!r} is not a semantic version") from None
    ours = int(supported.split(".")[0])
    if major != ours:
        raise BundleError(f"this runtime reads bundles of ir_version {ours}.x, but the bundle is {version}: "
                          f"rebuild the bundle with a matching compiler or upgrade the runtime")


def check_minor(version: Any, supported: str = IR_VERSION) -> None:
    """Refuse a bundle of another minor version than the schema this runtime ships (a semantic version
    of the same major was checked first): its schema is another one, so its constraints are not known."""
    ours = ".".join(supported.split(".")[:2])
    parts = str(version).split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise BundleError(f"the bundle's ir_version {_short(version)} is not a semantic version "
                          f"(major.minor.patch, expected {ours}.x)")
    if ".".join(parts[:2]) != ours:
        raise BundleError(f"this runtime checks bundles against the schema of ir_version {ours}.x, but the "
                          f"bundle is {version}: rebuild the bundle with a matching compiler")


def locate(data: Any, error: str) -> str:
    """A schema error ('at /cards/12/abilities/0/effect: …') with its card named: 'cards[12] (card
    'base.survivor.x', content/…/x.yaml:14:5), at /abilities/0/effect: …' (the position is the nearest
    effect node's on the way)."""
    path, _, problem = error.partition(": ")
    steps = path.removeprefix("at ").strip("/").split("/")
    if len(steps) < 2 or steps[0] != "cards" or not steps[1].isdigit() or not isinstance(data, dict):
        return f"at /{'/'.join(s for s in steps if s)}: {problem}"
    card: Any = data["cards"][int(steps[1])]
    card_id = card.get("id") if isinstance(card, dict) else None
    node, pos = card, None
    for step in steps[2:]:
        node = node[int(step)] if isinstance(node, list) and step.isdigit() and int(step) < len(node) else (
            node.get(step) if isinstance(node, dict) else None)
        if isinstance(node, dict) and isinstance(node.get("pos"), dict):
            pos = node["pos"]
    place = (f", {pos.get('file', card.get('file', '?'))}:{pos.get('line', '?')}:{pos.get('col', '?')}"
             if pos else (f", {card['file']}" if isinstance(card, dict) and isinstance(card.get("file"), str) else ""))
    return f"cards[{steps[1]}] (card {_short(card_id)}{place}), at /{'/'.join(steps[2:])}: {problem}"


def load_bundle(path: str | Path) -> dict[str, Any]:
    """Load a bundle, check its version, its content hash and its structure; any failure is a BundleError."""
    return parse_bundle(_read(path), str(path))


def parse_bundle(text: str, name: str = "the bundle", check_hash: bool = True) -> dict[str, Any]:
    """A bundle's JSON text, parsed; its version, its content hash, every constraint of the bundle schema
    of its version (``schema_check``), its structure and its references (``bundle_check``) checked."""
    from .bundle_check import StructureError, check_references, check_structure
    from .schema_check import bundle_validator
    try:
        data = json.loads(text)
        if isinstance(data, dict):
            check_version(data.get("ir_version", "?"))   # a newer format is named as such, not as broken
            if check_hash and isinstance(data.get("cards"), list):
                _check_hash(data)
        check_structure(data)                            # the card kinds, handlers, numbers, nesting, set-up
        check_minor(data["ir_version"])                  # the schema below is this version's
        errors = bundle_validator()(data)
        if errors:
            raise StructureError(locate(data, errors[0]))
        check_references(data["cards"], data.get("rulesets") or {})
    except RecursionError:
        raise BundleError(f"{name} is nested too deeply to be a bundle") from None
    except StructureError as err:
        raise BundleError(f"{name} is not a bundle this runtime can play: {err}") from None
    except ValueError as err:
        raise BundleError(f"{name} is not valid JSON ({err}); download it again or rebuild it with 'dow build' (the "
                          f"dow-toolchain command)") from None
    bundle: dict[str, Any] = data          # check_structure refused anything but an object
    return bundle


def _check_hash(data: dict[str, Any]) -> None:
    expected = content_hash(data["cards"], data.get("rulesets"))
    if data.get("content_hash") != expected:
        raise BundleError(f"the bundle's content hash {_short(data.get('content_hash'))} does not match its cards "
                          f"({expected}); the file was changed after it was built")


def _read(path: str | Path) -> str:
    """A bundle file's text; a missing, unreadable or non-UTF-8 file is a BundleError."""
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        raise BundleError(f"cannot read the bundle {path}: {err.strerror or err}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BundleError(f"the bundle {path} is not UTF-8 text (byte {err.start})") from None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
