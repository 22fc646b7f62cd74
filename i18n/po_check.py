"""A PO file read and checked whole before ``dow i18n import`` writes anything.

The reader is gettext's own grammar, strict as ``msgfmt -c`` is: a string that is not closed, an escape
gettext does not know, a ``msgid`` without its ``msgstr``, plural forms out of order or not as many as
the ``Plural-Forms`` header says, a message given twice, a translation that begins or ends with a
newline where the English does not, and a ``{placeholder}`` the English does not have are each a
problem with its line. (babel's reader, used before, took an unclosed string with its last character
cut off and kept the second of two entries with one key without a word.)

The file's language is read from its ``Language`` header and from its texts: Vietnamese writes letters
Portuguese never does (ă, đ, ơ, ư and the letters with a dot below or a hook above), Portuguese writes ç
and ão, which Vietnamese never does. A file whose texts are in the other language is refused even
without a header.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

#: the escapes gettext reads in a string (besides octal \\NNN and hex \\xHH)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v", "\\": "\\",
            '"': '"', "'": "'", "?": "?"}
_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s*(.*)$")


@dataclass
class Entry:
    """One message of a PO file, with the line of its first keyword."""

    line: int
    context: str | None = None
    msgid: str | None = None
    msgid_plural: str | None = None
    msgstr: list = field(default_factory=list)
    flags: set = field(default_factory=set)
    #: the line of each msgstr (or msgstr[i]) keyword
    str_lines: list = field(default_factory=list)

    @property
    def plural(self) -> bool:
        return self.msgid_plural is not None

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        """Every form has a text."""
        return bool(self.msgstr) and all(self.msgstr)


@dataclass
class PoFile:
    """A PO file's header fields and messages (the header entry left out)."""

    header: dict
    entries: list
    problems: list            # (line, message)


def _string(text: str, line: int, problems: list) -> str | None:
    """The value of one quoted PO string (the rest of a line), or None with a problem recorded."""
    text = text.strip()
    if not text.startswith('"'):
        problems.append((line, "a quoted string is expected here"))
        return None
    out, i = [], 1
    while i < len(text):
        c = text[i]
        if c == '"':
            if text[i + 1:].strip():
                problems.append((line, f"text after the closing quote: {text[i + 1:].strip()[:20]!r}"))
                return None
            return "".join(out)
        if c == "\\":
            nxt = text[i + 1:i + 2]
            if nxt in _ESCAPES:
                out.append(_ESCAPES[nxt])
                i += 2
                continue
            octal = re.match(r"[0-7]{1,3}", text[i + 1:])
            if octal:
                out.append(chr(int(octal.group(), 8)))
                i += 1 + len(octal.group())
                continue
            hexa = re.match(r"x[0-9a-fA-F]{1,2}", text[i + 1:])
            if hexa:
                out.append(chr(int(hexa.group()[1:], 16)))
                i += 1 + len(hexa.group())
                continue
            problems.append((line, f"'\\{nxt}' is not an escape gettext knows (write '\\\\' for a backslash)"
                             if nxt else "the string ends in a lone backslash and is not closed"))
            return None
        out.append(c)
        i += 1
    problems.append((line, "this string is not closed: a '\"' is missing at its end"))
    return None


def parse(text: str) -> PoFile:
    """Read a PO text the way msgfmt does; every problem found is kept with its line."""
    problems: list = []
    entries: list = []
    current: Entry | None = None
    last: str | None = None          # the keyword a continuation string belongs to
    flags: set = set()

    def close(entry: Entry | None) -> None:
        if entry is None:
            return
        if entry.msgid is None:
            problems.append((entry.line, "msgctxt without a msgid after it"))
        elif not entry.msgstr:
            problems.append((entry.line, "msgid without a msgstr: every message needs its translation line "
                             "(msgstr \"\" when it is not translated)"))
        else:
            entries.append(entry)

    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip("\r")
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if stripped.startswith("#~"):      # an obsolete message: gettext keeps it, nothing reads it
                continue
            if stripped.startswith("#,"):
                if current is not None and current.msgstr:
                    close(current)
                    current, last = None, None
                flags |= {f.strip() for f in stripped[2:].split(",") if f.strip()}
            continue
        if stripped.startswith('"'):
            if current is None or last is None:
                problems.append((number, "a string that belongs to no keyword"))
                continue
            value = _string(stripped, number, problems)
            if value is None:
                continue
            if last == "msgctxt":
                current.context = (current.context or "") + value
            elif last == "msgid":
                current.msgid = (current.msgid or "") + value
            elif last == "msgid_plural":
                current.msgid_plural = (current.msgid_plural or "") + value
            else:
                current.msgstr[-1] += value
            continue
        match = _KEYWORD.match(stripped)
        if not match:
            problems.append((number, f"not a line of a PO file: {stripped[:40]!r}"))
            continue
        keyword, index, rest = match.group(1), match.group(2), match.group(3)
        value = _string(rest, number, problems)
        value = "" if value is None else value
        if keyword == "msgctxt" or (keyword == "msgid" and not (current is not None and current.msgid is None)):
            close(current)
            current = Entry(number, flags=flags)
            flags = set()
        if current is None:
            problems.append((number, f"{keyword} before any msgid"))
            last = None
            continue
        if keyword == "msgctxt":
            current.context = value
        elif keyword == "msgid":
            current.msgid = value
        elif keyword == "msgid_plural":
            if current.msgid is None or current.msgstr:
                problems.append((number, "msgid_plural must follow its msgid"))
            current.msgid_plural = value
        elif current.msgid is None:
            problems.append((number, f"{keyword.split('[')[0]} without a msgid before it"))
        elif index is None:
            if current.plural:
                problems.append((number, "a plural message (msgid_plural) needs msgstr[0], msgstr[1] …, "
                                 "not msgstr"))
            elif current.msgstr:
                problems.append((number, "a second msgstr for one msgid"))
            current.msgstr.append(value)
            current.str_lines.append(number)
        else:
            if not current.plural:
                problems.append((number, f"msgstr[{index}] without a msgid_plural: a message with one form "
                                 "has msgstr"))
            elif int(index) != len(current.msgstr):
                problems.append((number, f"msgstr[{index}] out of order: msgstr[{len(current.msgstr)}] "
                                 "is expected here"))
            current.msgstr.append(value)
            current.str_lines.append(number)
        last = keyword.split("[")[0]
    close(current)

    header: dict = {}
    body = []
    for entry in entries:
        if entry.msgid == "" and entry.context is None:
            for row in entry.msgstr[0].split("\n") if entry.msgstr else ():
                if ":" in row:
                    key, _, val = row.partition(":")
                    header[key.strip().lower()] = val.strip()
        else:
            body.append(entry)
    _check(header, body, problems)
    return PoFile(header, body, sorted(problems))


def nplurals(header: dict) -> int | None:
    """The nplurals of the Plural-Forms header, or None."""
    found = re.search(r"nplurals\s*=\s*(\d+)", header.get("plural-forms", ""))
    return int(found.group(1)) if found else None


_PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}(?!\})")


def _check(header: dict, entries: list, problems: list) -> None:
    """msgfmt -c's checks over the messages read: forms per Plural-Forms, duplicates, newlines, formats."""
    count = nplurals(header)
    if any(e.plural for e in entries) and count is None:
        first = next(e for e in entries if e.plural)
        problems.append((first.line, "a plural message, and the header has no 'Plural-Forms: nplurals=…' line"))
    seen: dict = {}
    for entry in entries:
        key = entry.context if entry.context is not None else (None, entry.msgid)
        if key in seen:
            problems.append((entry.line, f"this message is given twice (first at line {seen[key]}): "
                             "keep one of them"))
        else:
            seen[key] = entry.line
        if entry.plural and count is not None and len(entry.msgstr) != count:
            problems.append((entry.line, f"{len(entry.msgstr)} plural form(s), and Plural-Forms says "
                             f"nplurals={count}"))
        english = entry.msgid or ""
        for form, at in zip(entry.msgstr, entry.str_lines):
            if not form:
                continue
            if english.startswith("\n") != form.startswith("\n"):
                problems.append((at, "the English and its translation must both begin with a newline, or neither"))
            if english.endswith("\n") != form.endswith("\n"):
                problems.append((at, "the English and its translation must both end with a newline, or neither"))
            if "python-brace-format" in entry.flags or (entry.context or "").startswith("templates/"):
                known = set(_PLACEHOLDER.findall(english + " " + (entry.msgid_plural or "")))
                extra = sorted(set(_PLACEHOLDER.findall(form)) - known)
                if extra:
                    problems.append((at, "the translation has "
                                     + ", ".join("{" + x + "}" for x in extra)
                                     + ", which the English does not: a placeholder is copied as the English writes it"))


#: letters Vietnamese writes and Portuguese never does: ă đ ĩ ũ ơ ư and the letters with a dot below or a
#: hook above (U+1EA0 to U+1EF9)
_VI = re.compile(r"[ăĂđĐĩĨũŨơƠưƯ\u1ea0-\u1ef9]")
#: what Portuguese writes and Vietnamese never does
_PT = re.compile(r"ç|Ç|ão|ões|õe|\b(?:não|você|uma|para|com|dos|das|pelo|pela|quando|cada)\b", re.I)


def _language(lang: str) -> str:
    """A language as the site's language selector names it, in itself, with its code ("Tiếng Việt (vi)")."""
    from dow.compiler.messages import LANG_NAMES
    return f"{LANG_NAMES.get(lang, lang)} ({lang})"


def text_language(entries: list) -> tuple[dict, dict]:
    """({lang: entries whose translation shows it}, {lang: the first such entry}); a sign the English
    itself has (a name written in Vietnamese) does not count."""
    counts = {"pt": 0, "vi": 0}
    first: dict = {}
    for entry in entries:
        if entry.fuzzy or not any(entry.msgstr):
            continue
        english = (entry.msgid or "") + " " + (entry.msgid_plural or "")
        text = " ".join(entry.msgstr)
        for lang, sign in (("vi", _VI), ("pt", _PT)):
            found = {m.group().lower() for m in sign.finditer(text)} - {m.group().lower() for m in sign.finditer(english)}
            if found:
                counts[lang] += 1
                first.setdefault(lang, entry)
    return counts, first


def wrong_language(entries: list, lang: str) -> tuple[int, str] | None:
    """(line, why) when the texts are not in ``lang`` (another language's letters outnumber its own)."""
    counts, first = text_language(entries)
    other = "vi" if lang == "pt" else "pt" if lang == "vi" else None
    if other is None or counts[other] == 0 or counts[other] <= counts[lang]:
        return None
    entry = first[other]
    return entry.line, (f"the texts are {_language(other)}, not {_language(lang)}: "
            f"{counts[other]} translation(s) are written with {_language(other)} letters or words "
            f"(the first at line {entry.line}), {counts[lang]} with {_language(lang)} ones")
