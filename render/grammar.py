"""Agreement of a sentence's words with the names filled into it (pt: gender and number).

A catalogue sentence (render/catalogues/log/<lang>.yaml, site/catalogues/site/<lang>.yaml) names
its values by field, ``{survivor}``; a word that agrees with one of them is written in square
brackets with the field's name and the word's forms, masculine first::

    "{survivor} é [survivor: posto|posta] em {location}."
    "{card} [card: foi usado|foi usada|foram usados|foram usadas]."

(Square brackets, not a format spec inside the braces: gettext's msgfmt checks a translation's
braces against the English ones, and the brackets are plain text to it.)

The forms are masculine, feminine, masculine plural, feminine plural; a spec with two forms has
no plural ones (a plural name takes the singular form of its gender). Which form a value takes is
its gender in the language: a card's name by the card (a survivor's ``sex``, another card's
``gender`` field, content/*/*.yaml), a place or a player by the article it is told with ("a
delegacia", "o jogador 2"), else the language's default (pt: masculine, as "o sobrevivente" says
a survivor whose sex no source gives).
"""
from __future__ import annotations

import re
from typing import Any, Iterable

#: the gender of a value told with its article in front ("a colônia A", "os seguidores")
ARTICLES = {"pt": {"o": "m", "a": "f", "os": "m-pl", "as": "f-pl", "um": "m", "uma": "f"}}
#: where a list of names told in a sentence splits ("Pistola, Lanterna e Tesoura")
LISTED = {"pt": r", | e "}
#: a survivor's sex as the grammatical gender of the name
SEX = {"female": "f", "male": "m"}
FORM = {"m": 0, "f": 1, "m-pl": 2, "f-pl": 3}

def card_gender(card: dict, lang: str) -> str | None:
    """A card name's grammatical gender in ``lang``: a survivor's by its sex, another card's by its
    ``gender`` field; None where neither says."""
    if card.get("kind") == "survivor" and card.get("sex") in SEX:
        return SEX[card["sex"]]
    return (card.get("gender") or {}).get(lang)


def learn(cards: Iterable[dict], lang: str) -> dict[str, str]:
    """The gender of every card's name in ``lang`` (its name there, else the English one), by name: the
    table a teller keeps with its bundle and passes to ``fill`` (``genders``)."""
    table: dict[str, str] = {}
    for card in cards:
        gender = card_gender(card, lang)
        name = card.get("name")
        text = (name.get(lang) or name.get("en")) if isinstance(name, dict) else name
        if gender and isinstance(text, str):
            table[text] = gender
    return table


def gender_of(value: Any, lang: str, genders: dict[str, str] | None = None) -> str:
    """The gender of a value as a sentence tells it: a known name's (``genders``, from ``learn``), else its
    article's, else masculine."""
    text = str(value)
    known = genders or {}
    if text in known:
        return known[text]
    parts = [p for p in re.split(LISTED.get(lang, r"$^"), text) if p]
    if len(parts) > 1:      # a list of names ("Pistola e Lanterna"): plural, feminine only if every one is
        return "f-pl" if all(gender_of(p, lang, genders).startswith("f") for p in parts) else "m-pl"
    first, _, rest = text.partition(" ")
    if rest:
        article = ARTICLES.get(lang, {}).get(first.lower())
        if article:
            return article
    return "m"


def choose(forms: str, value: Any, lang: str, genders: dict[str, str] | None = None) -> str:
    """The one of ``forms`` ("posto|posta", "usado|usada|usados|usadas") that agrees with ``value``."""
    options = forms.split("|")
    index = FORM[gender_of(value, lang, genders)]
    if index >= len(options):
        index -= 2          # no plural forms given: the singular of the same gender
    return options[index]


#: an agreeing word in a template: "[survivor: posto|posta]", the field's name and the forms
AGREEING = re.compile(r"\[(\w+): ([^\]\[{}]+)\]")


def agree(template: str, lang: str, *args: Any, genders: dict[str, str] | None = None, **fields: Any) -> str:
    """The template with each agreeing word ("[survivor: posto|posta]") replaced by the form that
    agrees with its field's value (a positional field by its number, "[0: posto|posta]"); a field the
    template is not given raises KeyError (IndexError for a number), as str.format does."""
    def form(m: re.Match) -> str:
        name = m.group(1)
        value = args[int(name)] if name.isdigit() else fields[name]
        return choose(m.group(2), value, lang, genders)
    return AGREEING.sub(form, template)


def fill(template: str, lang: str, *args: Any, genders: dict[str, str] | None = None, **fields: Any) -> str:
    """A template filled in as str.format does, its agreeing words chosen (see agree()); ``genders``, the
    names' genders the teller learned from its bundle (``learn``)."""
    return agree(template, lang, *args, genders=genders, **fields).format(*args, **fields)


def said_again(sentence: str, form: str, names: Iterable[str] = (), n: int = 2) -> str:
    """A sentence told once more, in a language that says so in front of it: ``form`` holds the whole
    sentence as ``[sentence]`` (vi "Một lần nữa, [sentence]", "Lần thứ {n}, [sentence]"), where a word
    tacked on at the end would read as part of what the sentence says ("ngửa lên lần nữa": turned face
    up again; "bằng xúc xắc 3 lần nữa": three more times). Square brackets, not braces: gettext's
    msgfmt holds a translation's braces to the English ones, which have no such field. The sentence
    loses its capital unless it starts with a name (one of ``names``: "Một lần nữa, Brian Lee tấn công
    …", "Một lần nữa, người chơi 1 …"); the form's own first letter is its capital."""
    starts_with_name = any(sentence.startswith(name) and not sentence[len(name):len(name) + 1].isalnum()
                           for name in names if name)
    inner = sentence if starts_with_name else sentence[:1].lower() + sentence[1:]
    return form.replace("{n}", str(n)).replace("[sentence]", inner)
