"""``dow new KIND NAME``: write a card file that already compiles, with TODOs to fill."""
from __future__ import annotations

import io
import re
import unicodedata
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.scalarstring import LiteralScalarString

from dow.compiler.cards import KINDS, SETS
from dow.compiler.diagnostics import did_you_mean
from dow.compiler.messages import M

PROPER_NAME_KINDS = ("survivor",)
#: a card's file name (without .yaml) is at most this long: well inside every file system's limit
MAX_SLUG = 100


def slug(name: str) -> str:
    """A file name for a card name: 'Lover's Quarrel' -> 'lovers-quarrel', 'Đồng' -> 'dong'."""
    text = name.replace("Đ", "D").replace("đ", "d")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = re.sub(r"['’]", "", text.lower())
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "card"


def new_card(root: Path, kind_name: str, name: str, set_name: str) -> Path:
    """Write content/<set>/<kind folder>/<slug>.yaml; refuses to overwrite."""
    kind = KINDS.get(kind_name)
    if kind is None:
        hint = did_you_mean(kind_name, KINDS)
        kinds = ", ".join(KINDS)
        raise ValueError(M("cli.unknown-kind-hint", kind=kind_name, kinds=kinds, hint=hint) if hint
                         else M("cli.unknown-kind", kind=kind_name, kinds=kinds))
    if set_name not in SETS:
        raise ValueError(M("cli.unknown-set", set=set_name, sets=", ".join(SETS)))
    if not name.strip() or any(unicodedata.category(c).startswith("C") for c in name):
        raise ValueError(M("cli.name-not-printable", name=repr(name)))
    stem = slug(name)
    if len(stem) > MAX_SLUG:
        raise ValueError(M("cli.name-too-long", n=len(stem), max=MAX_SLUG))
    path = root / "content" / set_name / kind.folder / f"{stem}.yaml"
    if path.exists():
        raise ValueError(M("cli.exists", path=path))
    data = {"id": f"{set_name}.{kind.name}.{stem}", "kind": kind.name, "set": set_name,
            "name": name if kind.name in PROPER_NAME_KINDS else {"pt": "TODO", "en": name, "vi": "TODO"},
            "status": {"implementation": "full", "data": "needs transcription"}}
    data.update(_literal(kind.scaffold))
    schema = Path("../../../schemas/card-source.schema.json")
    buf = io.StringIO()
    buf.write(f"# yaml-language-server: $schema={schema.as_posix()}\n")
    yaml = YAML()
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.dump(data, buf)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "x", encoding="utf-8") as out:     # "x": never over a file made since the check above
            out.write(buf.getvalue())
    except FileExistsError:
        raise ValueError(M("cli.exists", path=path)) from None
    except OSError as err:
        raise ValueError(M("cli.cannot-write", path=path, reason=err.strerror or str(err))) from None
    return path


def _literal(value):
    """Effect texts as literal blocks, so positions and line breaks survive."""
    if isinstance(value, dict):
        return {k: (LiteralScalarString(v) if k == "effect" and isinstance(v, str) else _literal(v))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_literal(v) for v in value]
    return value
