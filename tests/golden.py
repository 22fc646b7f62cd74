"""Golden files: a card source beside its expected tree or expected diagnostics.

A golden file is YAML with:
  about: one line on what the case shows
  source: the card file text            (or files: {path: text} for a small project)
  source_bytes: the same, with \\x escapes, for byte-level cases
  tree: the expected compiled effect tree (positions left out), or
  diagnostics: the expected diagnostic text, asserted whole
  at: which card field's tree to compare, e.g. abilities.0.effect (default: every program)

Run ``pytest --update-goldens`` to rewrite expectations after a deliberate change,
then read the diff before committing it.
"""
from __future__ import annotations

import codecs
import io
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.scalarstring import LiteralScalarString

from dow.compiler.checks import strip_positions
from dow.compiler.diagnostics import Diagnostics
from dow.compiler.pipeline import compile_file, compile_text

GOLDEN = Path(__file__).resolve().parent / "golden"
DEFAULT_FILE = "content/base/survivors/test-card.yaml"


def load(path: Path) -> dict:
    """Read a golden file."""
    return YAML(typ="rt").load(path.read_text(encoding="utf-8"))


def save(path: Path, data: dict) -> None:
    """Write a golden file back, keeping block text readable."""
    yaml = YAML(typ="rt")
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    for key in ("source", "diagnostics", "stderr"):
        if isinstance(data.get(key), str) and "\n" in data[key]:
            data[key] = LiteralScalarString(data[key])
    buf = io.StringIO()
    yaml.dump(data, buf)
    path.write_text(buf.getvalue(), encoding="utf-8")


strip_pos = strip_positions


def programs(card: dict, path: str = "") -> dict:
    """Every compiled program of a card by dotted path: {'abilities.0.effect': tree}."""
    out = {}
    if isinstance(card, dict) and set(card) == {"source", "tree"}:
        return {path: strip_pos(card["tree"])}
    if isinstance(card, dict):
        for k, v in card.items():
            out.update(programs(v, f"{path}.{k}" if path else k))
    elif isinstance(card, list):
        for i, v in enumerate(card):
            out.update(programs(v, f"{path}.{i}"))
    return out


def run(case: dict, tmp: Path) -> dict:
    """Compile a case; returns {'tree': …} or {'diagnostics': …}."""
    display = case.get("file", DEFAULT_FILE)
    if "source_bytes" in case:
        path = tmp / "card.yaml"
        path.write_bytes(codecs.escape_decode(str(case["source_bytes"]).encode("utf-8"))[0])
        result = compile_file(path, display)
    else:
        result = compile_text(str(case["source"]), display)
    if result.diags:
        return {"diagnostics": Diagnostics(result.diags).render() + "\n"}
    progs = programs(result.card)
    at = case.get("at")
    return {"tree": plain(progs[at] if at else progs)}


def plain(value):
    """ruamel containers to plain Python, for comparison."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def cases(folder: str) -> list[Path]:
    """The golden files of a folder, sorted."""
    return sorted((GOLDEN / folder).glob("*.yaml"))
