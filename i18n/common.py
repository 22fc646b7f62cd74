"""What the translator's workflow shares: the languages, a text's state, the source hash, a file's
committed history, and files written whole or not at all, edited in place where a value changed.

The card texts (i18n/workflow.py), the catalogues (i18n/catalogues.py) and the rules chapters
(i18n/rules.py) each build on these; none of them imports another for them.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from dow.compiler.cards import LANGS

SOURCE = "en"
TARGETS = tuple(lang for lang in LANGS if lang != SOURCE)
MISSING, STALE, UNSYNCED, DONE = "missing", "stale", "unsynced", "done"


def source_hash(text: str) -> str:
    """A short, stable hash of a source text."""
    return hashlib.sha256(text.strip().encode("utf-8")).hexdigest()[:8]


def file_texts(root: Path, rel: str, depth: int = 40):
    """A project file's text in its last ``depth`` committed versions, newest first (git log and git
    show), followed across moves: a version from before the file was moved is read at the path it had
    then. A revision that cannot be shown is skipped. Errors (no git) reach the caller."""
    import subprocess
    log = subprocess.run(["git", "-c", "core.quotePath=false", "-C", str(root), "log", "--follow", f"-n{depth}",
                          "--format=%x00%H", "--name-only", "--", rel], capture_output=True, text=True, timeout=30).stdout
    for record in log.split("\0")[1:]:     # "<commit>\n\n<path at that commit>\n"
        commit, *names = [line for line in record.split("\n") if line]
        for name in names[-1:] or [rel]:
            shown = subprocess.run(["git", "-C", str(root), "show", f"{commit}:{name}"], capture_output=True,
                                   text=True, timeout=30)
            if not shown.returncode:
                yield shown.stdout


def file_history(root: Path, rel: str, depth: int = 40):
    """The parsed YAML of a project file's last ``depth`` committed versions, newest first; errors (no
    git, a revision that no longer parses) reach the caller."""
    from ruamel.yaml import YAML
    for text in file_texts(root, rel, depth):
        yield YAML(typ="safe").load(text)


def _yaml():
    from ruamel.yaml import YAML
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def write_all(texts: dict) -> None:
    """Replace files with new texts, all of them or none: each text is first written beside its file
    (a temporary file in the same folder), then each file is replaced by a rename; when a step fails
    part way, the files already replaced get their old bytes back and the error reaches the caller."""
    import os
    import shutil
    originals = {path: path.read_bytes() if path.exists() else None for path in texts}
    temps: dict = {}
    replaced: list = []
    try:
        for path, text in texts.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            temp = path.with_name(f".{path.name}.dow-import")
            temp.write_bytes(text.encode("utf-8"))
            if originals[path] is not None:
                shutil.copymode(path, temp)
            temps[path] = temp
        for path, temp in temps.items():
            os.replace(temp, path)
            replaced.append(path)
    except BaseException:
        for path in reversed(replaced):
            if originals[path] is None:
                path.unlink(missing_ok=True)
            else:
                back = path.with_name(f".{path.name}.dow-restore")
                back.write_bytes(originals[path])
                os.replace(back, path)
        for temp in temps.values():
            temp.unlink(missing_ok=True)
        raise


def _position(container, key, value):
    """(line, column, new value) of a scalar the file already has, or None (a key it lacks)."""
    data = getattr(getattr(container, "lc", None), "data", None) if container is not None else None
    where = data.get(key) if isinstance(data, dict) else None
    if not where:
        return None
    return (where[-2], where[-1], value)     # a mapping's [key line, key col, value line, value col]; a list's [line, col]


class Flow(dict):
    """A one-line flow mapping of plain words (a card field's ``sync: {pt: 5d41402a, vi: 5d41402a}``) that
    _in_place writes over the one it replaces."""

    def render(self) -> str:
        return "{" + ", ".join(f"{k}: {_plain(str(v))}" for k, v in self.items()) + "}"


def _plain(word: str) -> str:
    """A word as YAML reads it back as that string: plain where it can be, else quoted."""
    import json

    from ruamel.yaml import YAML
    try:
        if YAML(typ="safe").load(f"k: {word}") == {"k": word}:
            return word
    except Exception:  # noqa: BLE001 - a word YAML cannot read plain: quoted below
        pass
    return json.dumps(word, ensure_ascii=False)


def _in_place(original: str, edits: list, dumped: str, plain: bool = False) -> str:
    """The file with only the changed values rewritten on their own lines (a round-trip dump would
    re-align and re-wrap a hand-kept catalogue); the whole dump where that cannot be done safely:
    a new key, a block scalar, or a result that does not read back as the dump does."""
    import json

    from ruamel.yaml import YAML
    if not edits or None in edits:
        return dumped
    lines = original.split("\n")
    for line, col, value in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        text = lines[line]
        if text[col:col + 1] in ("|", ">"):   # a block scalar: its lines, as a literal block at the same indent
            indent = len(text) - len(text.lstrip())
            last = line
            while last + 1 < len(lines) and (not lines[last + 1].strip() or
                                               len(lines[last + 1]) - len(lines[last + 1].lstrip()) > indent):
                last += 1
            while last > line and not lines[last].strip():
                last -= 1
            body = [(" " * (indent + 2) + row) if row else "" for row in value.rstrip("\n").split("\n")]
            lines[line:last + 1] = [text[:col] + ("|" if value.endswith("\n") else "|-")] + body
            continue
        if isinstance(value, Flow):     # a flow mapping on this one line: written whole
            end = text.find("}", col) + 1 if text[col:col + 1] == "{" else 0
            if not end or "{" in text[col + 1:end]:
                return dumped
            lines[line] = text[:col] + value.render() + text[end:]
            continue
        if not isinstance(value, str):
            return dumped
        end = _scalar_end(text, col)
        if end is None:
            return dumped
        flow = text[:col].count("{") + text[:col].count("[") > text[:col].count("}") + text[:col].count("]")
        simple = plain and "\n" not in value and not (flow and any(c in value for c in ",[]{}:#"))
        written = _plain(value) if simple else json.dumps(value, ensure_ascii=False)
        lines[line] = text[:col] + written + text[end:]
    result = "\n".join(lines)
    safe = YAML(typ="safe")
    try:
        return result if safe.load(result) == safe.load(dumped) else dumped
    except Exception:  # the edited text does not parse: the dump, which does
        return dumped


def _scalar_end(line: str, col: int) -> int | None:
    """Where the scalar starting at line[col] ends; None for a block scalar (| or >)."""
    if col >= len(line) or line[col] in "|>":
        return None
    quote = line[col]
    if quote in "\"'":
        i = col + 1
        while i < len(line):
            if quote == '"' and line[i] == "\\":
                i += 2
                continue
            if line[i] == quote:
                if quote == "'" and line[i + 1:i + 2] == "'":
                    i += 2
                    continue
                return i + 1
            i += 1
        return None
    in_flow = line[:col].count("{") > line[:col].count("}")
    import re
    stop = re.search(r",\s|,$|\}" if in_flow else r"\s#", line[col:])
    return col + stop.start() if stop else len(line.rstrip())
