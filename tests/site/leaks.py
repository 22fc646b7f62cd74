"""What a Portuguese or Vietnamese reader must never meet on a page: a word of the English catalogues,
a snake_case token, a card id or a template placeholder (tests/site/test_leaks.py).

The page's reader-facing text is its <article> and navigation, without code blocks (<pre>, <code>),
the effect tree, and elements marked in a language (lang="en": an English note; the card's names in the other languages). Proper names (the names of cards and places, the same
in every language) are taken out before the words are compared."""
from __future__ import annotations

import html
import re
from pathlib import Path

import yaml

from dow.i18n.catalogues import GLOSSARY_FILE, language_files

ROOT = Path(__file__).resolve().parents[2]
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
CARD_ID = re.compile(r"\b(?:base|warring-colonies|winter-tricks)\.[a-z-]+\.[a-z0-9-]+\b")
#: a file of the project named in a sentence (content/base/ruleset.yaml): a path, not words
PATH = re.compile(r"\b[\w.-]+(?:/[\w.-]+)+\.(?:yaml|json|md|py)\b")
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}|\{\{|\}\}|%\(|\bNone\b")
#: short English words that are also words (or cognates) of Portuguese or Vietnamese text, and the
#: game's proper names in English that pt and vi keep
SHARED = {"moral", "total", "local", "normal", "final", "original", "real", "hospital", "pistol", "extra",
          "come", "complete", "some", "downloads", "time", "ignore"}   # "ignore": pt, the imperative of ignorar
#: the games' own titles, which the Portuguese and Vietnamese rulebooks keep in English
TITLES = {"Dead of Winter", "The Long Night", "Warring Colonies", "Lone Wolf"}


def _strings(value, out: list) -> None:
    if isinstance(value, dict):
        for v in value.values():
            _strings(v, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)
    elif isinstance(value, str):
        out.append(re.sub(r"\{[^}]*\}|\{\{.*?\}\}|\{%.*?%\}", " ", value))


def _words(texts) -> set[str]:
    return {w.lower() for t in texts for w in WORD.findall(t)}


def catalogue_words(lang: str) -> set[str]:
    """Every word of the catalogues (i18n/catalogues.py language_files: each catalogue beside its layer) in one language."""
    texts: list = []
    for path in language_files(lang, ROOT):
        _strings(yaml.safe_load(path.read_text(encoding="utf-8")), texts)
    return _words(texts)


def english_only(lang: str, allowed: set[str]) -> set[str]:
    """English catalogue words of four letters or more that the other language never uses."""
    return {w for w in catalogue_words("en") - catalogue_words(lang) - allowed - SHARED if len(w) >= 4}


def proper_names(bundle: dict) -> set[str]:
    """Names that are the same in every language (survivors, places): a reader meets them as they are."""
    names = set(TITLES)
    for card in bundle["cards"]:
        name = card.get("name")
        if isinstance(name, dict) and len({name.get(l) for l in ("pt", "en", "vi")}) == 1:
            names.add(name["en"])
    return names


_DROP = re.compile(r"<(pre|code|script|style|svg:script)\b.*?</\1>|<[^>]*\blang=\"(?:en|pt|vi)\"[^>]*>.*?</[^>]+>",
                   re.S | re.I)


#: the elements that end a run of text: a sentence never runs across them
_BLOCK = re.compile(r"</?(?:p|li|td|th|tr|h[1-6]|div|summary|details|dt|dd|br|table|ul|ol|figure|figcaption|"
                    r"text|title|nav|header|footer|section|span class=\"md-ellipsis\")\b[^>]*>", re.I)


def reader_text(page: str, runs: bool = False) -> str:
    """The text of a built page a reader sees: the article and the navigation, code left out; with
    ``runs``, each run of text (a paragraph, a table cell, a heading …) ends in ' ¶ '."""
    keep = []
    for pattern in (r"<article\b.*?</article>", r"<span class=\"md-ellipsis\">.*?</span>", r"<title>.*?</title>"):
        keep += re.findall(pattern, page, re.S)
    text = _DROP.sub(" ", " ¶ ".join(keep) if runs else " ".join(keep))
    if runs:
        text = _BLOCK.sub(" ¶ ", text)
    text = re.sub(r"<[^>]+>", "" if runs else " ", text)
    return re.sub(r"\s+", " ", html.unescape(text))


#: inline code in a paragraph or list (not a <pre> block), where a page may show the author's words
INLINE_CODE = re.compile(r"<code>([^<]*)</code>")
BLOCKS = re.compile(r"<pre\b.*?</pre>", re.S)


#: a Portuguese preposition and article the language always fuses ("em o" is "no", "a o" is "ao"):
#: a sentence filled in from a template that forgot the contractions of render/catalogues/text/pt.yaml
UNCONTRACTED = {"pt": re.compile(r"\b(?:[Ee]m (?:o|a|os|as)|a (?:o|os))\b")}   # 'em um' is good Portuguese
#: a decimal written with a point, where pt and vi write a comma (a version such as 1.2.0 is no decimal)
DECIMAL_POINT = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")


def capital_places(lang: str) -> re.Pattern | None:
    """A place of the board written with a capital after a lower-case word, in a language that writes
    places as common nouns mid-sentence (Vietnamese: 'ở thuộc địa', never 'ở Thuộc địa'); a card of that
    name keeps its capital ('lá Thuộc địa', the Winter Tricks card)."""
    from dow.render.playlog import COMMON_NOUN_PLACES
    if lang not in COMMON_NOUN_PLACES:
        return None
    glossary = yaml.safe_load((ROOT / GLOSSARY_FILE).read_text(encoding="utf-8"))
    terms = {str(v[lang]) for k, v in glossary.items() if k.startswith("location.") and isinstance(v.get(lang), str)}
    return re.compile(r"(?<=[a-zà-ỹđ] )(?<!lá )(?<!thẻ )(" + "|".join(sorted((re.escape(t[:1].upper() + t[1:]) for t in terms),
                                                                         key=len, reverse=True)) + r")\b")


def leaks(page: str, english: set[str], names: set[str], ids: set[str], lang: str = "") -> list[str]:
    """What on one built page is not in the reader's language: each finding as 'kind: text'."""
    text = PATH.sub(" ", reader_text(page))
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    found = [f"id: {m}" for m in CARD_ID.findall(text)]
    # inline code is the author's words (a command, a file name), but a card id set in code is still
    # an id shown to the reader in place of what the card is called
    found += [f"id in code: {m}" for code in INLINE_CODE.findall(BLOCKS.sub(" ", page)) for m in CARD_ID.findall(html.unescape(code))]
    found += [f"snake_case: {m}" for m in SNAKE.findall(text)]
    found += [f"placeholder: {m}" for m in PLACEHOLDER.findall(text)]
    found += [f"id: {m}" for m in re.findall(r"\b[a-z]+(?:-[a-z]+)+\b", text) if m in ids]
    found += [f"English: {w}" for w in WORD.findall(text) if w.lower() in english]
    if lang in UNCONTRACTED:
        found += [f"uncontracted: {m}" for m in UNCONTRACTED[lang].findall(text)]
    if lang in ("pt", "vi"):
        found += [f"decimal point: {m}" for m in DECIMAL_POINT.findall(text)]
    found += [f"unknown as ?: {m}" for m in re.findall(r"<td>\s*\?\s*</td>", page)]   # 'unknown' is a word
    places = capital_places(lang)
    if places is not None:
        found += [f"capital place: {m}" for m in places.findall(reader_text(page, runs=True))]
    return found
