"""JSON text as ``json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True)`` writes it, made
about three times faster.

The standard library's C encoder does not indent: with ``indent`` set, ``json.dumps`` runs its
pure-Python encoder, a generator per container and a ``yield`` per token. bundle.json is written
indented (one card at a time, compiler/project.py ``bundle_chunks``), and on a 2,000-card project
that was 2.2 s of CPU; this encoder appends to one list instead and writes strings with the C
string encoder the standard library's own uses, 0.7 s for the same cards. The text is the same
byte for byte (tests/test_jsontext.py compares them on every real card and on the value kinds
JSON has). Anything this encoder does not handle itself (a float, ``True``, a key that is not a
string, a value JSON cannot hold) is given to ``json.dumps``, or the whole value is when a key is
not a string, so the text and the errors stay the standard library's.
"""
from __future__ import annotations

import json
from json.encoder import encode_basestring   # the C string encoder when CPython has it

__all__ = ["dumps_indent1"]


class _NotPlain(Exception):
    """A dict key that is not a string: json.dumps converts and sorts those its own way."""


def dumps_indent1(value, margin: str = "") -> str:
    """``json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True)``, the same text; with
    ``margin``, every line but the first begins with it (the text's ``.replace("\\n", "\\n" + margin)``:
    a JSON string never holds a raw newline)."""
    out: list[str] = []
    try:
        _encode(value, "\n" + margin, out)
    except (_NotPlain, RecursionError):
        return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True).replace("\n", "\n" + margin)
    return "".join(out)


def _encode(o, nl: str, out: list[str], enc=encode_basestring) -> None:
    """Append the text of ``o``, whose first line is already indented and whose closing line gets
    ``nl`` (a newline and the indentation of the container that holds it)."""
    t = type(o)
    if t is str:
        out.append(enc(o))
    elif t is int:
        out.append(int.__repr__(o))
    elif t is dict or (t is not list and isinstance(o, dict)):
        if not o:
            out.append("{}")
            return
        inner = nl + " "
        sep = "{" + inner
        if any(type(k) is not str for k in o):
            raise _NotPlain
        for k in sorted(o):
            v = o[k]
            tv = type(v)
            if tv is str:
                out.append(sep + enc(k) + ": " + enc(v))
            elif tv is int:
                out.append(sep + enc(k) + ": " + int.__repr__(v))
            else:
                out.append(sep + enc(k) + ": ")
                _encode(v, inner, out)
            sep = "," + inner
        out.append(nl + "}")
    elif t is list or isinstance(o, (list, tuple)):
        if not o:
            out.append("[]")
            return
        inner = nl + " "
        sep = "[" + inner
        for v in o:
            tv = type(v)
            if tv is str:
                out.append(sep + enc(v))
            elif tv is int:
                out.append(sep + int.__repr__(v))
            else:
                out.append(sep)
                _encode(v, inner, out)
            sep = "," + inner
        out.append(nl + "]")
    else:                 # None, booleans, floats, str and int subclasses, and what JSON cannot hold
        out.append(json.dumps(o, ensure_ascii=False, indent=1, sort_keys=True))
