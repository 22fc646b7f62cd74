"""Where each card's page lives, in each language: a readable address made of the language's own words.

A card page is at ``/<lang>/<cards>/<kind>/<name>/``: the word for cards and the folder of each kind are
the site's words (site/catalogues/site/<lang>.yaml, ``addresses``: the game's terms, as the glossary
and the rulebooks say them), the last part is the card's name in that language. Each part is a slug:
lowercase ASCII, accents and tones taken off (đ is d), anything else a hyphen, so the Portuguese page
of "Abandonado" crossroads card is ``/pt/cartas/encruzilhadas/abandono/`` and the Vietnamese page of
"Người sống sót" survivors ``/vi/the-bai/nguoi-song-sot/…/``.

Two cards of one kind whose names make the same slug share a folder: the first (by set, in the order
the game's sets come, then by id) keeps the plain slug, the others get their set's name after it
("-colonias-em-guerra"), and a number ("-2", "-3") where that is not enough. The choice depends only
on the cards, so a build gives the same addresses every time. The pseudo-locale (qps) has the English
addresses: its accented words make no readable slugs.

The address a card had before (``/<lang>/cards/<id>/``) still answers: the build writes a small page
there that sends the reader on (site/build.py, ``write_redirects``).
"""
from __future__ import annotations

import posixpath
import re
import unicodedata

from dow.compiler.cards import SETS

from .words import site_words

#: the folder every card page was in before the readable addresses, and the card list's page there
OLD_FOLDER = "cards"
#: slugs a card cannot have: the folder's own page
RESERVED = {"index"}
_NOT_WORD = re.compile(r"[^a-z0-9]+")
#: an apostrophe inside a word joins it ("Lover's" -> "lovers")
_APOSTROPHE = re.compile(r"(?<=\w)['’ʼ](?=\w)")


def slug(text: str) -> str:
    """``text`` as one part of an address: lowercase ASCII letters and digits joined by hyphens, accents
    and Vietnamese tones taken off ("Ngã tư" -> "nga-tu", "Đồn" -> "don", "Relíquias" -> "reliquias"), an
    apostrophe inside a word dropped ("Lover's Quarrel" -> "lovers-quarrel")."""
    text = _APOSTROPHE.sub("", str(text)).replace("đ", "d").replace("Đ", "D").replace("ð", "d").replace("Ð", "D")
    text = text.replace("ß", "ss").replace("æ", "ae").replace("Æ", "AE").replace("ø", "o").replace("Ø", "O")
    folded = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return _NOT_WORD.sub("-", folded.lower()).strip("-")


class AddressError(ValueError):
    """The site's words give no usable address: a kind folder empty or shared by two kinds."""


class Addresses:
    """Every card's page address in each language, and the card list's (paths under the language's root,
    each ending in "/", as MkDocs makes directory addresses)."""

    def __init__(self, cards: list[dict], langs):
        self.langs = tuple(langs)
        self.folder: dict[str, str] = {}               # lang -> the cards folder ("cartas")
        self.kind_folder: dict[str, dict[str, str]] = {}  # lang -> kind -> its folder ("encruzilhadas")
        self._of: dict[tuple[str, str], str] = {}       # (card id, lang) -> "cartas/encruzilhadas/abandono/"
        self._also: dict[tuple[str, str], list[str]] = {}   # (card id, lang) -> the addresses of its other spellings
        for lang in self.langs:
            self._language(cards, lang)

    def _language(self, cards: list[dict], lang: str) -> None:
        from dow.compiler.messages import PSEUDO
        said = "en" if lang == PSEUDO else lang     # the pseudo-locale's pages are where the English ones are
        words = site_words(said)
        where = words.get("addresses") or {}
        folder = slug(where.get("cards", "")) or OLD_FOLDER
        self.folder[lang] = folder
        kinds: dict[str, str] = {}
        for kind in sorted({c["kind"] for c in cards}):
            name = slug((where.get("kinds") or {}).get(kind) or words["kinds"].get(kind, kind)) or slug(kind)
            if name in RESERVED:
                name = slug(kind)
            clash = next((k for k, v in kinds.items() if v == name), None)
            if clash is not None:
                raise AddressError(f"site/catalogues/site/{said}.yaml: addresses: the kinds {clash} and {kind} "
                                   f"both have the folder '{name}'; give one of them another word")
            kinds[kind] = name
        self.kind_folder[lang] = kinds
        set_names = words.get("sets") or {}
        order = {s: i for i, s in enumerate(SETS)}
        by_folder: dict[str, dict[str, list[dict]]] = {}
        for card in sorted(cards, key=lambda c: (order.get(c["set"], len(order)), c["set"], c["id"])):
            name = slug(card["name"].get(said) or card["name"].get("en") or "") or slug(card["id"].rsplit(".", 1)[-1])
            by_folder.setdefault(kinds[card["kind"]], {}).setdefault(name, []).append(card)
        for kind, by_slug in by_folder.items():
            taken = set(by_slug) | RESERVED
            for name, same in by_slug.items():
                for i, card in enumerate(same):
                    chosen = name
                    if i or name in RESERVED:
                        chosen = f"{name}-{slug(set_names.get(card['set'], card['set'])) or slug(card['set'])}"
                        number = 2
                        while chosen in taken:
                            chosen, number = f"{name}-{number}", number + 1
                        taken.add(chosen)
                    self._of[(card["id"], lang)] = f"{folder}/{kind}/{chosen}/"
            for card in (c for same in by_slug.values() for c in same):
                # a spelling the card is also known by ("Grey Beard"): its address leads to the page too
                other = [slug(n) for n in card.get("also_called") or ()]
                self._also[(card["id"], lang)] = [f"{folder}/{kind}/{o}/" for o in other if o and o not in taken]

    def of(self, card_id: str, lang: str) -> str:
        """The card's page under the language's root: "cartas/encruzilhadas/abandono/"."""
        return self._of[(card_id, lang)]

    def source(self, card_id: str, lang: str) -> str:
        """The card page's Markdown file under the docs folder: "cartas/encruzilhadas/abandono.md"."""
        return self.of(card_id, lang)[:-1] + ".md"

    def index(self, lang: str) -> str:
        """The card list's page under the language's root: "cartas/"."""
        return self.folder[lang] + "/"

    def index_source(self, lang: str) -> str:
        return self.folder[lang] + "/index.md"

    def link(self, card_id: str, lang: str, page: str) -> str:
        """A relative link from the page at ``page`` (a directory address under the language's root,
        "" for the home page, "statistics/") to the card's page."""
        return relative(page, self.of(card_id, lang))

    def md_link(self, card_id: str, lang: str, source: str) -> str:
        """A Markdown link from the page whose source is ``source`` (under the docs folder: "statistics.md",
        "cartas/index.md") to the card page's source, which MkDocs turns into the page's address."""
        return posixpath.relpath("/" + self.source(card_id, lang), posixpath.dirname("/" + source))

    def same_page(self, lang: str, langs=None) -> dict[str, dict[str, str]]:
        """For each page of ``lang`` whose address differs between languages (the cards and their list):
        {its address: {language: the address of the same page there, from the site's root}}, for
        the language selector (site/overrides/partials/alternate.html); ``langs``: those it offers."""
        out: dict[str, dict[str, str]] = {}
        langs = tuple(langs or self.langs)
        ids = sorted({card_id for card_id, _ in self._of})
        for card_id in [None, *ids]:
            where = {other: f"/{other}/" + (self.index(other) if card_id is None else self.of(card_id, other))
                     for other in langs}
            here = self.index(lang) if card_id is None else self.of(card_id, lang)
            if any(address != f"/{other}/{here}" for other, address in where.items()):
                out[here] = where
        return out

    def moved(self, lang: str) -> dict[str, str]:
        """{an old address: the address it moved to} in ``lang`` (paths under the language's root): each
        card's /cards/<id>/, the address of each name it is ``also_called`` and, where the card list
        moved, /cards/."""
        out = {f"{OLD_FOLDER}/{card_id}/": self.of(card_id, lang)
               for card_id, other in sorted(self._of) if other == lang}
        out.update({also: self.of(card_id, lang) for (card_id, other), addresses in sorted(self._also.items())
                    if other == lang for also in addresses})
        if self.index(lang) != f"{OLD_FOLDER}/":
            out[f"{OLD_FOLDER}/"] = self.index(lang)
        return out


def relative(page: str, target: str) -> str:
    """A relative link from the directory address ``page`` to ``target`` (both under one root, "" is the
    root): ("statistics/", "cartas/x/y/") -> "../cartas/x/y/"."""
    if target == page:
        return "./"
    link = posixpath.relpath("/" + target, "/" + page if page else "/")
    return link + "/" if (target.endswith("/") or not target) and not link.endswith("/") else link
