"""The compiled bundle's public format: version, content hash, loading.

Engines that embed the runtime load ``build/bundle.json`` with ``load_bundle``;
it refuses a major ``ir_version`` this runtime does not know and a bundle whose
cards do not match their content hash. Standard library only.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

#: the effect-tree format version (semver): major = breaking, minor = additive
IR_VERSION = "1.1.0"


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


def load_bundle(path: str | Path) -> dict[str, Any]:
    """Load a bundle, check its version and its content hash."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    check_version(data.get("ir_version", "?"))
    expected = content_hash(data.get("cards", []), data.get("rulesets"))
    if data.get("content_hash") != expected:
        raise BundleError(f"the bundle's content hash {data.get('content_hash')} does not match its cards "
                          f"({expected}); the file was changed after it was built")
    return data
