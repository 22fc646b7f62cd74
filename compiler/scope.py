"""What a sentence can refer to: back-references, pronouns, "that many", card names.

A ``Scope`` is built per effect text from what its card provides ("this survivor"
on a survivor ability, "the moved survivor" after a move trigger) and grows as
sentences choose and move things.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from dow.dsl.ast import Pos, Word

from .messages import M
from .phrases import BindError, P, Phrase
from .vocab import BACKREFS

#: what each back-reference name is called when written
REF_WORDS = {"drawn": "the drawn card", "moved": "the moved survivor", "chosen": "the chosen …", "searching": "the searching survivor",
             "attacking": "the attacking survivor", "self": "this survivor", "this_card": "this card",
             "each": "that …", "killed": "the killed survivor", "new": "the new survivor",
             "rolled": "the rolled survivor", "wounded": "the wounded survivor", "equipped": "the equipped survivor"}


#: the adjective that names each back-reference ("the played card")
_ADJECTIVE = {}
for _adj, _name in BACKREFS.items():
    _ADJECTIVE.setdefault(_name, _adj)


#: the kinds a back-reference can have, each as a reader's word ('card', 'survivor')
KIND_WORDS = {"survivor": M("refkind.survivor"), "card": M("refkind.card"), "player": M("refkind.player"),
              "location": M("refkind.location"), "die": M("refkind.die"), "zombie": M("refkind.zombie"),
              "token": M("refkind.token"), "zone": M("refkind.zone"), "vote": M("refkind.vote"),
              "number": M("refkind.number")}


def _kind_word(kind: str) -> "M | str":
    """The kind of a reference as a reader's word, from the message catalogue."""
    return KIND_WORDS.get(kind, kind)


def ref_words(name: str, kind: str) -> str:
    """How a bound name is written in effect text, with its kind: 'the played card', 'this survivor'."""
    if name == "self":
        return "this survivor"
    if name == "this_card":
        return "this card"
    if name == "each":
        return f"that {kind}" if kind else "that …"
    if name in ("origin", "destination"):
        return f"the {name}"
    return f"the {_ADJECTIVE.get(name, name)} {kind}".strip()


@dataclass
class Scope:
    """Bindings visible to a block: name -> kind, most recent last."""

    bindings: dict[str, str] = field(default_factory=dict)
    result: bool = False
    names: list[tuple[str, str, Pos]] = field(default_factory=list)  # (name, kind, where): for the card check
    card_kind: str = ""
    recent_name: tuple[str, int] | None = None  # the last quoted name used, with its clock
    stamp: dict[str, int] = field(default_factory=dict)
    clock: list[int] = field(default_factory=lambda: [0])
    event_kind: str = ""  # the kind of event the trigger around this block answers ("attack"), if any
    face: bool = False    # an exposure die was rolled earlier in this block ("the result is blank")

    def child(self) -> "Scope":
        """A nested scope that sees this one's bindings; names seen flow back to the root list."""
        return Scope(dict(self.bindings), self.result, self.names, self.card_kind, self.recent_name,
                     dict(self.stamp), self.clock, self.event_kind, self.face)

    def bind(self, name: str, kind: str) -> None:
        """Make ``name`` (of ``kind``) the most recent binding."""
        self.bindings.pop(name, None)
        self.bindings[name] = kind
        self.clock[0] += 1
        self.stamp[name] = self.clock[0]

    def has_result(self) -> bool:
        """Whether a die result is available for 'that many'."""
        return self.result

    def kind_of(self, name: str) -> str:
        """The kind of a bound name."""
        return self.bindings.get(name, "")

    def pronoun(self, word: Word) -> tuple[str, str]:
        """What a pronoun ('it', 'her', 'them') refers to: ('ref', binding) or ('named', card name)."""
        if self.recent_name and self.recent_name[1] >= self.stamp.get(self.last_binding(), -1):
            return "named", self.recent_name[0]
        usable = [n for n in self.bindings if n != "this_card" and self.bindings[n] != "location"]
        if not usable:
            raise BindError("N005", M("N005.refers-to-nothing", word=word.text), word.pos,
                            hint=M("hint.name-the-thing"), width=word.width)
        return "ref", usable[-1]

    def last_binding(self) -> str:
        """The most recent binding a pronoun could mean."""
        usable = [n for n in self.bindings if n != "this_card" and self.bindings[n] != "location"]
        return usable[-1] if usable else ""

    def require(self, name: str, ph: Phrase) -> str:
        """Check that back-reference ``name`` is bound; return its kind."""
        if name in self.bindings:
            return self.bindings[name]
        word, last = ph.first, ph.last or ph.first
        width = last.pos.col + len(last.text) - word.pos.col if last.pos.line == word.pos.line else word.width
        raise BindError("N005", M("N005.unbound", words=" ".join(["the", *ph.adjs])), word.pos,
                        hint=M("hint.can-refer-to", known=self.known()), width=width)

    def known(self) -> list:
        """What can be referred to here, each as written and with its kind ("'the played card' (card)"),
        the resolving player ('you') last: a wrong or unbound reference lists these in its hint."""
        items = [M("ref.with-kind", words=ref_words(n, k), kind=_kind_word(k))
                 for n, k in self.bindings.items() if k]
        return [*items, M("ref.with-kind", words="you", kind=_kind_word("player"))]

    def typed(self, name: str, ph: Phrase) -> str:
        """The kind of back-reference ``name``, checked against the noun written with it: 'the played
        survivor' when 'played' is a card is an error here, not a crash when the card is played."""
        kind = self.require(name, ph)
        if ph.kind and kind and ph.kind != kind:
            word, last = ph.first, ph.last or ph.first
            width = last.pos.col + len(last.text) - word.pos.col if last.pos.line == word.pos.line else word.width
            raise BindError("N005", M("N005.wrong-kind", words=" ".join(["the", *ph.adjs, ph.kind]),
                                      ref=" ".join(["the", *ph.adjs]), kind=_kind_word(kind)), word.pos,
                            hint=M("hint.can-refer-to", known=self.known()), width=width)
        return kind

    def last_of(self, kind: str, ph: Phrase) -> str:
        """The most recent binding of a kind ('that survivor')."""
        for name in reversed(list(self.bindings)):
            if self.bindings[name] == kind or (kind == "" and name != "this_card"):
                return name
        raise BindError("N005", M("N005.that-kind", kind=kind) if kind else M("N005.that-thing"),
                        ph.first.pos, width=ph.first.width)

    # ---- phrases to nodes ------------------------------------------------------
    def target(self, ph: Phrase) -> dict:
        """A phrase as a target node: ref, named, you, location, zone or select_of."""
        pos = P(ph.pos)
        if ph.mode == "named":
            self.names.append((ph.name, ph.kind or "survivor", ph.pos))
            self.clock[0] += 1
            self.recent_name = (ph.name, self.clock[0])
            return {"op": "named", "card": ph.name, "kind": ph.kind or "survivor", "pos": pos}
        if ph.mode == "you":
            return {"op": "you", "pos": pos}
        if ph.mode == "here":
            return {"op": "here", "pos": pos}
        if ph.kind == "location":
            return self.location(ph)
        if ph.kind == "zone":
            return self.zone(ph)
        if ph.mode == "ref":
            return {"op": "ref", "name": ph.ref, "kind": self.kind_of(ph.ref) or "survivor", "pos": pos}
        if ph.ref:
            kind = self.typed(ph.ref, ph)
            return {"op": "ref", "name": ph.ref, "kind": ph.kind or kind, "pos": pos}
        if ph.mode == "this":
            name = {"survivor": "self", "card": "this_card"}.get(ph.kind, "this_card")
            if name not in self.bindings:
                raise BindError("N005", M("N005.this-none", kind=ph.kind), ph.first.pos, width=ph.first.width)
            return {"op": "ref", "name": name, "kind": ph.kind or "card", "pos": pos}
        if ph.mode == "that":
            name = self.last_of(ph.kind, ph)
            return {"op": "ref", "name": name, "kind": ph.kind or self.kind_of(name), "pos": pos}
        if ph.kind == "player" and ph.mode == "the" and not ph.filters:
            return {"op": "you", "pos": pos}
        return self.select(ph)

    def select(self, ph: Phrase) -> dict:
        """A phrase as a select_of node (a description of things to choose or count)."""
        mode = {"the": "one", "your": "one", "its": "one", "another": "one", "this": "one",
                "that": "one", "at_most": "up_to"}.get(ph.mode, ph.mode)
        filters = list(ph.filters)
        if ph.mode == "another" and ph.kind == "player":
            filters.append({"op": "controlled_by", "player": "other", "pos": P(ph.pos)})
        if ph.mode == "your" and ph.kind in ("survivor", "die"):
            filters.append({"op": "controlled_by", "player": "you", "pos": P(ph.pos)})
        if ph.owner is not None and ph.mode != "your":
            filters.append({"op": "owned_by", "player": ph.owner, "pos": P(ph.pos)})
        quantity = {"mode": mode}
        if ph.n is not None:
            quantity["n"] = ph.n
        return {"op": "select_of", "kind": ph.kind or "card", "quantity": quantity, "filters": filters,
                "pos": P(ph.pos)}

    def location(self, ph: Phrase) -> dict:
        """A phrase as a location node (a named place, here, or a chosen location)."""
        pos = P(ph.pos)
        if ph.mode == "here":
            return {"op": "here", "pos": pos}
        if ph.mode == "location_of":
            return {"op": "location_of", "target": ph.place, "pos": pos}
        if ph.kind == "location" and ph.sub.startswith("@"):
            name = ph.sub[1:]
            if name not in self.bindings:
                raise BindError("N005", M("N005.no-place", words=f"{ph.first.text} {name}"), ph.first.pos,
                                hint=M("hint.move-gives-destination"),
                                width=ph.first.width)
            return {"op": "ref", "name": name, "kind": "location", "pos": pos}
        if ph.kind == "location" and ph.sub and ph.mode in ("the", "your", "one", "its", "that", "this"):
            if ph.mode == "this":
                return {"op": "here", "pos": pos}
            return {"op": "location", "id": ph.sub, "pos": pos}
        if ph.kind == "location" and ph.mode == "this":
            return {"op": "here", "pos": pos}
        if ph.kind == "location" and ph.ref:  # "the chosen location"
            self.typed(ph.ref, ph)
            return {"op": "ref", "name": ph.ref, "kind": "location", "pos": pos}
        if ph.kind == "location":
            sel = self.select(ph)
            if ph.sub:
                sel["filters"].insert(0, {"op": "state", "is": ph.sub, "pos": pos})
            return sel
        return self.target(ph)

    def zone(self, ph: Phrase) -> dict:
        """A phrase as a zone node (a hand, deck or pile)."""
        if ph.kind == "location" and ph.sub == "storage" and ph.mode in ("the", "one"):
            return {"op": "zone", "zone": "storage", "pos": P(ph.pos)}   # "in storage": the cards kept there
        if ph.kind != "zone":
            return self.target(ph)
        node = {"op": "zone", "zone": ph.sub, "pos": P(ph.pos)}
        if ph.sub.startswith("location_deck:"):
            node["zone"] = "location_deck"
            node["location"] = {"op": "location", "id": ph.sub.split(":", 1)[1], "pos": P(ph.pos)}
        if ph.place is not None:
            node["zone"], node["location"] = "location_deck", ph.place
        if ph.owner is not None:
            node["owner"] = ph.owner
        if ph.top is not None:
            node["top"] = ph.top
        return node
