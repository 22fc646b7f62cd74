"""Diagnostic messages by id, with named parameters, rendered in Portuguese, English or Vietnamese.

A diagnostic never carries a finished sentence. It carries a message id and the values that
fill the message (``M("N001.unknown-action", word="kil")``); the words live in
``compiler/catalogues/messages/{en,pt,vi}.yaml``, one template per id, and are chosen when the
diagnostic is printed (``dow check --lang vi``, or ``DOW_LANG``).

Ids start with the diagnostic code that says them (``N001.…``), or with ``expected.``,
``hint.`` (the parts under a message), ``ui.`` (labels of the output), ``title.`` and
``fix.`` (the diagnostics reference). A template writes a parameter as ``{name}``; a value
that is a message itself is rendered in the same language, every other value is printed as
it is: names, words of the effect language and "did you mean" suggestions are the author's
own words and are never translated. A template may instead map CLDR plural categories to
texts (``{one: …, other: …}``), with exact counts first (``"=0": …``); the parameter ``n``
picks the form.

A ``Msg`` is a ``str`` whose value is the English text, so code and tests that read a message
as text keep working; ``Msg.render(lang)`` gives another language. Building a ``Msg`` with an
id or parameters the English catalogue does not have raises ``MessageError`` at once.
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

#: a phrase made only of quoted effect-language words ("'combat strength'", "'a' or 'an'")
QUOTED = re.compile(r"'[^']*'(?:(?:, | or | and/or )'[^']*')*")

MESSAGES_DIR = Path(__file__).resolve().parent / "catalogues" / "messages"
LANGS = ("pt", "en", "vi")
DEFAULT = "en"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


class MessageError(Exception):
    """A message id no catalogue has, or parameters that do not match its template."""


@lru_cache(maxsize=None)
def catalogue(lang: str, folder: str | None = None) -> dict:
    """{msg_id: template} of one language (a template is a text or {plural category: text})."""
    from ruamel.yaml import YAML
    base = Path(folder) if folder else MESSAGES_DIR
    data = YAML(typ="safe").load((base / f"{lang}.yaml").read_text(encoding="utf-8"))
    return {str(k): v for k, v in (data or {}).items()}


def placeholders(template) -> set[str]:
    """The parameter names a template uses (every plural form counted)."""
    texts = template.values() if isinstance(template, dict) else [template]
    return {name for text in texts for name in PLACEHOLDER.findall(str(text))}


def takes(template) -> set[str]:
    """The parameters a template needs: its placeholders, and ``n`` when it has plural forms."""
    return placeholders(template) | ({"n"} if isinstance(template, dict) else set())


def language(lang: str | None = None) -> str:
    """The output language: the one asked for, else $DOW_LANG, else English."""
    chosen = lang or os.environ.get("DOW_LANG", "") or DEFAULT
    chosen = chosen.split(".")[0].split("_")[0].lower()  # 'vi_VN.UTF-8' -> 'vi'
    return chosen if chosen in LANGS or chosen == PSEUDO else DEFAULT


class Msg(str):
    """A message id with its parameters; as a ``str`` it is the English text."""

    __slots__ = ("id", "params")

    def __new__(cls, msg_id: str, **params):
        template = catalogue(DEFAULT).get(msg_id)
        if template is None:
            raise MessageError(f"no message {msg_id!r} in the English catalogue")
        if takes(template) != set(params):
            raise MessageError(f"message {msg_id!r} takes {sorted(takes(template))}, got {sorted(params)}")
        self = super().__new__(cls, _fill(template, params, DEFAULT))
        self.id, self.params = msg_id, dict(params)
        return self

    def __reduce__(self):  # pickling keeps the id (diagnostics cross process pools)
        return (_rebuild, (self.id, self.params))

    def render(self, lang: str | None = None) -> str:
        """The message in one language (English when the language's catalogue lacks the id)."""
        lang = language(lang)
        if lang == DEFAULT:
            return str(self)
        if lang == PSEUDO:
            return _fill(catalogue(DEFAULT)[self.id], self.params, lang, pseudo)
        template = catalogue(lang).get(self.id)
        if template is None:
            raise MessageError(f"no message {self.id!r} in the {lang} catalogue")
        return _fill(template, self.params, lang)

    def to_json(self) -> dict:
        """{msg_id, params} with nested messages in the same form."""
        return {"msg_id": self.id, "params": {k: _json(v) for k, v in self.params.items()}}


def _rebuild(msg_id: str, params: dict) -> Msg:
    return Msg(msg_id, **params)


M = Msg


def from_parser(ref) -> Msg | str:
    """A parser message reference (``dsl.parser.Say``) as a Msg; '' stays ''.

    The parser names terminals (``COLON``, ``WORD``); they become ``token.<NAME>`` messages, and
    the list of what was expected keeps the first eight in the order of their English words."""
    if not ref or isinstance(ref, Msg):
        return ref or ""
    from dow.dsl.parser import TOKEN_NAMES
    params = dict(ref.params)
    if ref.id == "expected.tokens":
        shown = {}
        for name in params["tokens"]:
            item = M("token." + name) if name in TOKEN_NAMES else f"'{name.lower()}'"
            shown.setdefault(str(item), item)
        items = [shown[k] for k in sorted(shown)]
        return M("expected.tokens-more", tokens=items[:8]) if len(items) > 8 else M("expected.tokens", tokens=items)
    if "token" in params:
        params["token"] = M("token." + params["token"])
    for key, value in params.items():       # messages inside a message ("a count", "a place" …)
        if isinstance(value, (list, tuple)):
            params[key] = [from_parser(v) if hasattr(v, "params") else v for v in value]
        elif hasattr(value, "params") and hasattr(value, "id"):
            params[key] = from_parser(value)
    return M(ref.id, **params)


def render(text, lang: str | None = None) -> str:
    """A message in ``lang``; '' stays ''."""
    if isinstance(text, Msg):
        return text.render(lang)
    if text:
        raise MessageError(f"plain text where a message id is needed: {text!r}")
    return ""


def _fill(template, params: dict, lang: str, transform=None) -> str:
    if isinstance(template, dict):  # an exact count ("=0") first, then the CLDR plural category
        n = params.get("n")
        template = template.get(f"={n}") or template.get(_category(n, lang), template["other"])
    text = transform(str(template)) if transform else str(template)

    def value(match: re.Match) -> str:
        return _value(params[match.group(1)], lang)
    return PLACEHOLDER.sub(value, text)


def _value(v, lang: str) -> str:
    """A parameter as text: a message in the language, a list joined by commas, anything else as is."""
    if isinstance(v, Msg):
        return v.render(lang)
    if isinstance(v, (list, tuple)):
        return ", ".join(_value(item, lang) for item in v)
    return str(v)


def _json(v):
    if isinstance(v, Msg):
        return v.to_json()
    if isinstance(v, (list, tuple)):
        return [_json(item) for item in v]
    return v


def _category(n, lang: str) -> str:
    if not isinstance(n, int):
        return "other"
    from babel import Locale
    return Locale.parse(DEFAULT if lang == PSEUDO else lang).plural_form(abs(n))


# ---- the pseudo-locale ---------------------------------------------------------------------

#: the pseudo-locale's code: every catalogue text accented and bracketed, so text that skips
#: a catalogue shows up plain (dow build --pseudo; tests/site/test_pseudo.py)
PSEUDO = "qps"
#: each language's own name in itself (the pseudo-locale's accented), for the site's language selector
#: and the PO checks' messages (i18n/po_check.py)
LANG_NAMES = {"pt": "Português", "en": "English", "vi": "Tiếng Việt", "qps": "⟦Þšéûđô⟧"}
#: every ASCII letter has an accented twin, so a plain ASCII word on a pseudo page is a leak
_ACCENTS = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                         "âƀçđéƒĝĥîĵķĺɱñôþǫŕšţûṽŵẋýžÂƁÇĐÉƑĜĤÎĴĶĹṀÑÔÞǪŔŠŢÛṼŴẊÝŽ")
_PROTECTED = re.compile(r"(\{[^{}]*\}|\{\{.*?\}\}|\{%.*?%\}|<[^>]*>|`[^`]*`|\]\([^)]*\)|&\w+;|https?://\S+)")


def accent(text: str) -> str:
    """Every ASCII letter of a text replaced by its accented twin (no brackets)."""
    return str(text).translate(_ACCENTS)


def pseudo(text: str) -> str:
    """English text as the pseudo-locale shows it: letters accented, the whole bracketed.

    Placeholders ({name}, Jinja {{ }} and {% %}), HTML tags, `code` and entities are kept as
    they are, so a pseudo text still renders; only the words around them change.
    """
    if not str(text).strip():
        return str(text)
    parts = _PROTECTED.split(str(text))
    body = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    lead = len(body) - len(body.lstrip())
    tail = len(body.rstrip())
    return f"{body[:lead]}⟦{body[lead:tail]}⟧{body[tail:]}"


# ---- finding the ids the code uses (for the drift test) ---------------------------------------

#: functions whose argument describes what a reader wanted (a ``what:`` phrase): name -> position
WHAT_ARGS = {"BindError": None}
_MESSAGE_CALLS = {"M", "Msg", "of"}  # M("id"), Msg("id"), Say.of("id")
#: the language's builders name message ids as plain strings: ``BuildError(code, "id", …, hint=("id", {}))``
#: and ``_refuse(code, "id", "hint id")``: name -> the positions of the ids among the arguments
_ID_ARGS = {"BuildError": (1,), "_refuse": (1, 2)}


def ids_in_source(text: str) -> tuple[set[str], list[str]]:
    """The message ids a Python source names, and the calls whose id is not a plain string.

    Finds ``M("id", …)``, ``Say.of("id", …)``, and the English phrases handed to the readers
    (``what="who or what"``, ``r.error_end("…")``, ``BindError(…, expected="…")``), which
    become ``what:<phrase>`` ids unless they are only quoted effect-language words."""
    import ast
    _QUOTED = QUOTED
    found, dynamic = set(), []
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name == "of" and not (isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
                                 and node.func.value.id == "Say"):
            continue                        # another object's .of() (a card's address, a bundle's index)
        for i in _ID_ARGS.get(name, ()):
            if len(node.args) > i and isinstance(node.args[i], ast.Constant) and node.args[i].value:
                found.add(node.args[i].value)
        for k in node.keywords if name in _ID_ARGS else ():
            if k.arg == "hint" and isinstance(k.value, ast.Tuple) and isinstance(k.value.elts[0], ast.Constant):
                found.add(k.value.elts[0].value)
        if name in _MESSAGE_CALLS and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
            else:
                dynamic.append(ast.unparse(node))
        if name in WHAT_ARGS:
            phrases = [k.value for k in node.keywords if k.arg in ("what", "expected")]
            if WHAT_ARGS[name] is not None and len(node.args) > WHAT_ARGS[name]:
                phrases.append(node.args[WHAT_ARGS[name]])
            for value in phrases:
                if isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value:
                    if not _QUOTED.fullmatch(value.value):
                        found.add("what:" + value.value)
    return found, dynamic
