"""``dow explain CARD``: a card's own text beside its compiled effect tree."""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from dow.compiler.project import card_files, display_path


def fold(text: str) -> str:
    """Lower case without accents, for forgiving look-ups ('Đ' and 'đ' fold to 'd')."""
    text = text.replace("Đ", "D").replace("đ", "d")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


def find_card(query: str, content: Path, root: Path) -> Path | None:
    """A card file by path, id ('base.crossroads.car-crash'), file name or card name."""
    direct = Path(query)
    if direct.is_file():
        return direct
    same = card_matches(query, content)
    if same:
        return same[0]
    for path in card_files([content]):
        head = path.read_text(encoding="utf-8", errors="replace")
        if f"name: {query}" in head or fold(query) in fold(_name_line(head)):
            return path
    return None


def card_matches(query: str, content: Path) -> list[Path]:
    """Every card file whose id ('base.crossroads.car-crash') or file name ('sparky': the crossroads card and
    the survivor) is the query, accents and case aside; sorted by path."""
    wanted = fold(query)
    found = []
    for path in card_files([content]):
        parts = path.relative_to(content).parts
        card_id = f"{parts[0]}.{_kind_of_folder(parts[1])}.{path.stem}" if len(parts) == 3 else ""
        if wanted in (fold(card_id), fold(path.stem)):
            found.append(path)
    return found


def _kind_of_folder(folder: str) -> str:
    from dow.compiler.cards import folder_kind
    kind = folder_kind(folder)
    return kind.name if kind else folder


def _name_line(text: str) -> str:
    for line in text.splitlines():
        if line.startswith("name:") or line.startswith("  en:"):
            return line
    return ""


def explain(query: str, content: Path, root: Path, lang: str) -> tuple[str, int]:
    """The explanation text and an exit code (0, 1 if the card has errors, 2 if not found); never a control
    character, so nothing a file holds can drive the terminal it is printed on."""
    text, code = _explain(query, content, root, lang)
    return printable(text), code


def printable(text: str) -> str:
    """Control characters (other than line breaks and tabs) shown as \\uXXXX instead of sent as they are."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _explain(query: str, content: Path, root: Path, lang: str) -> tuple[str, int]:
    from dow.compiler.pipeline import compile_file
    path = find_card(query, content, root)
    if path is None:
        return f"no card matches {query!r}; give an id such as 'base.crossroads.car-crash' or a file path", 2
    result = compile_file(path, display_path(path, root))
    if result.card is None:
        from dow.compiler.diagnostics import Diagnostics
        return Diagnostics(result.diags).render(), 1
    card = result.card
    out = [f"{card['name'][lang]}  ({card['kind']}, {card['set']})  id: {card['id']}",
           f"status: {card['status'].get('implementation')}, data {card['status'].get('data')}",
           f"file: {card['file']}", ""]
    _walk_card(card, lang, out, "")
    return "\n".join(out).rstrip() + "\n", 0


def _walk_card(value, lang: str, out: list[str], path: str) -> None:
    """Print localized texts and programs in the order the card file has them."""
    if isinstance(value, dict) and set(value) == {"source", "tree"}:
        out.append(f"{path}:")
        out.extend("    " + line for line in value["source"].rstrip().splitlines())
        out.append("  compiles to:")
        tree = value["tree"]
        for node in tree if isinstance(tree, list) else [tree]:
            _outline(node, out, 2)
        out.append("")
        return
    if isinstance(value, dict) and set(value) == {"pt", "en", "vi"}:
        if path not in ("name",):
            out.append(f"{path}: {value[lang]}")
        return
    if isinstance(value, dict):
        for key, child in value.items():
            if key not in ("id", "kind", "set", "status", "file", "manual", "tests"):
                _walk_card(child, lang, out, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for i, child in enumerate(value):
            _walk_card(child, lang, out, f"{path}[{i}]")
    elif value is not None and path:
        out.append(f"{path}: {value}")


def tree_outline(card: dict) -> str:
    """Every compiled program of a card as an indented outline (the website shows it)."""
    out: list[str] = []

    def walk(value, path):
        if isinstance(value, dict) and set(value) == {"source", "tree"}:
            out.append(f"{path}:")
            tree = value["tree"]
            for node in tree if isinstance(tree, list) else [tree]:
                _outline(node, out, 1)
        elif isinstance(value, dict):
            for key, child in value.items():
                walk(child, f"{path}.{key}" if path else key)
        elif isinstance(value, list):
            for i, child in enumerate(value):
                walk(child, f"{path}[{i}]")
    walk(card, "")
    return "\n".join(out)


def _outline(node, out: list[str], depth: int) -> None:
    """An indented outline of an effect tree: op, then scalar fields, then nested nodes."""
    pad = "  " * depth
    if not isinstance(node, dict):
        out.append(f"{pad}{node}")
        return
    fields = _in_catalogue_order(node)
    scalars = [f"{k}={_short(v)}" for k, v in fields if k not in ("op", "pos") and _is_inline(v)]
    where = f"  @{node['pos']['line']}:{node['pos']['col']}" if "pos" in node else ""
    out.append(f"{pad}{node.get('op', '?')} {' '.join(scalars)}{where}".rstrip())
    for key, value in fields:
        if key in ("op", "pos") or _is_inline(value):
            continue
        out.append(f"{pad}  {key}:")
        for child in value if isinstance(value, list) else [value]:
            _outline(child, out, depth + 2)


def _in_catalogue_order(node: dict) -> list:
    """A node's fields in the order its catalogue entry declares them (any others after, as they come):
    the outline reads the same however the node was built."""
    from dow.compiler.catalogue import BY_OP
    spec = BY_OP.get(node.get("op", ""))
    order = {name: i for i, name in enumerate(spec.fields)} if spec else {}
    return sorted(node.items(), key=lambda kv: order.get(kv[0], len(order)))


def _is_inline(value) -> bool:
    if isinstance(value, dict):
        return value.get("op") in ("here", "you", "location", "number", "all_count", "result", "morale") or \
            set(value) <= {"pt", "en", "vi"} or "mode" in value
    if isinstance(value, list):
        return all(isinstance(v, str) for v in value)
    return True


def _short(value) -> str:
    if isinstance(value, dict):
        if value.get("op") == "location":
            return value["id"]
        if "mode" in value:
            return value["mode"] + (f"({value['n']})" if "n" in value else "")
        if set(value) <= {"pt", "en", "vi"}:
            return repr(value.get("en", ""))
        return value.get("op", "?")
    if isinstance(value, list):
        return ",".join(value) or "[]"
    return str(value)
