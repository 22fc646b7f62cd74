"""Resolve references in reading order: one rule for "it", "them", "that survivor", "the chosen card".

Every step that introduces or selects a thing makes it referable, with its kind: a choice ("choose a
survivor you control" introduces *the chosen survivor*), a draw (*the drawn cards*), a survivor
added to a following (*the added survivor*), a loop (*that survivor*, *it*), a name ("Gray Beard"),
and the event of a trigger (*the moved survivor*, *its destination* …). A reference resolves to

    the most recent referent in scope that it can name

where "in scope" means introduced earlier in the same block or in a block around it (never in a
block beside it), and "can name" means: of the kind the reference's place wants (a survivor where a
survivor goes), with the same participle for "the chosen …", "the drawn …". A reference with
nothing to name, or only things of another kind, is an error at its words that lists what can be
named there.

A referent introduced by a description ("a survivor you control") is carried by the description's
node: the resolved reference names it by a binding name written on that node (``bind``), which
the runtime fills when the step picks the thing. Names are the participle ("chosen", "added"), made
unique only where an older referent of the same name is still in scope.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from dow.dsl import ast as A
from dow.dsl import lexicon as L

from .catalogue import CATALOGUE
from .messages import M
from .errors import BindError

#: the fields of a step that hold what it acts on, in reading order
TARGET_FIELDS = ("selector", "target", "survivor", "cards", "card", "dice", "die", "what", "who", "from", "to")
#: each op's participle for what it acts on (the verb's: "choose" -> chosen); ops not listed
#: introduce nothing nameable by a participle, but their descriptions can still be "it"
OP_PARTICIPLE = {"select": "chosen", "draw_cards": "drawn", "add_survivor": "added", "take_cards": "taken",
                 "kill_survivor": "killed", "place_survivor": "placed", "move_survivor": "moved",
                 "reveal_cards": "revealed", "wound": "wounded", "equip": "equipped"}

#: steps whose cards the runtime names for the steps after them (not a description: it picks them itself)
PICKED = {"draw_cards": "drawn", "take_cards": "taken"}


@dataclass(eq=False)
class Referent:
    """Something a later reference can name."""

    name: str                      # the binding name in the tree ("chosen", "each", "self", a card name …)
    kind: str                      # survivor, card, player, location, die
    participle: str | None         # the participle that names it ("chosen"), if any
    plural: bool = False
    node: dict | None = None       # the description that introduced it (gets ``bind``), or a named node
    named: dict | None = None      # for a name: the named node itself
    kinds: tuple[str, ...] = ()    # other kinds it may be named as (a survivor card drawn is a survivor)
    fixed: bool = False            # a name the runtime gives (an event's, "drawn", "each"): never renamed
    writes: list = field(default_factory=list)     # (node, key) where its name is written
    shadowed: bool = False         # an older referent of the same name is named while this one is in scope
    acting: bool = False           # the player acting in the block ('they'): listed as 'they' in hints

    def can_be(self, kind: str) -> bool:
        """Whether a reference wanting ``kind`` can name this."""
        return kind == self.kind or kind in self.kinds


@dataclass
class Scope:
    """The referents visible to a block, oldest first."""

    items: list[Referent] = field(default_factory=list)
    they: dict | None = None       # the acting player ("each player …", "they")
    acting: bool = False           # inside "each player …": 'you' is the player resolving the card
    event: str = ""                # the event the trigger around this block answers ("attack")
    face: bool = False             # an exposure die was rolled earlier in this block ("the result is blank")
    later: bool = False            # inside "at the end of the next round:" ("since this card")
    die: bool = False              # a die was rolled earlier in this block ("that many")

    def child(self) -> "Scope":
        """A nested block's scope: sees this one's, adds its own."""
        return Scope(list(self.items), self.they, self.acting, self.event, self.face, self.later, self.die)

    def add(self, ref: Referent) -> None:
        """Make ``ref`` the most recent referent."""
        self.items.append(ref)


class Referents:
    """Resolves the ``?ref`` and ``?they`` placeholders of a bound text in reading order."""

    def __init__(self):
        self.errors: list[BindError] = []
        self.all: list[Referent] = []

    def finish(self) -> None:
        """Write each referent's name where it is bound and named. Two referents share a name (the
        participle: "chosen") unless an older one is named while a newer one of the same name is in
        scope; then the newer one gets a name of its own ("chosen_2")."""
        taken = {r.name for r in self.all}
        for ref in self.all:
            if ref.shadowed and not ref.fixed:
                n, base = 2, ref.name
                while f"{base}_{n}" in taken:
                    n += 1
                ref.name = f"{base}_{n}"
                taken.add(ref.name)
            for node, key in ref.writes:
                node[key] = ref.name

    # ---- statements --------------------------------------------------------------------------------
    def block(self, nodes: list[dict], scope: Scope) -> None:
        """Resolve a block's statements in order; each one's introductions are seen by the next."""
        for node in nodes:
            try:
                self.stmt(node, scope)
            except BindError as err:
                self.errors.append(err)

    def stmt(self, node: dict, scope: Scope) -> None:
        """One statement: its own words first, then what it introduces, then its blocks."""
        op = node["op"]
        self.context(node, scope)
        if op == "select" and scope.they is not None and not scope.acting and \
                any(f.get("op") == "controlled_by" and f.get("player") == "them"
                    for f in node["selector"].get("filters", [])):
            node["chooser"] = "them"         # "for each player: choose a survivor they control": theirs to choose
        for key in _value_fields(node):
            if op == "pot" and key == "count":       # each player's stake limit: 'they' is the staking player
                own = scope.child()
                self.acting(own)
                node[key] = self.value(node[key], own, op, key)
                continue
            node[key] = self.value(node[key], scope, op, key)
        self.introduce(node, scope)
        inner = scope.child()
        if op == "for_each":
            sel = node["selector"]
            ref = self.new(Referent(node.get("bind", "each"), _kind_of(sel), None, False, None), inner)
            ref.writes.append((node, "bind"))
            if ref.kind == "player":
                they = {"op": "ref", "name": ref.name, "kind": "player"}
                ref.writes.append((they, "name"))
                inner.they = they
        elif op == "each_player" or (op == "optional" and "player" in node):
            self.acting(inner)
            inner.acting = op == "each_player"
        elif op in ("offer", "turn_action"):
            self.acting(inner)
        elif op == "delayed":
            inner.later = True
        elif op in ("trigger", "replace"):
            inner.event = node["event"]["kind"]
            for name, kind in L.EVENTS[node["event"]["kind"]].carries:
                self.new(Referent(name, kind, _participle_of(name), False, None, fixed=True), inner)
        for key in ("body", "then", "else", "options", "outcomes", "otherwise", "tied", "steps", "cost"):
            if key in node and isinstance(node[key], list):
                target = inner if key not in ("cost", "steps") else scope    # tied steps: one sentence
                if key in ("else", "otherwise"):   # the other branch: a scope of its own (nothing of the body
                    # happened there), its sentences in turn
                    target = scope.child()
                for child in node[key]:
                    if child.get("op") in ("option", "outcome"):
                        sub = target.child()
                        if "requires" in child:
                            child["requires"] = self.value(child["requires"], sub, "option", "requires")
                        self.block(child["body"], sub)
                    else:
                        self.block([child], target)
        if op not in RULE_OPS and any(n.get("op") == "exposure" for n in _walk(node)):
            scope.face = True          # "you may roll for exposure on …. if the result is blank: …"
        if op == "roll":
            scope.die = True           # "roll a die. roll for exposure on it that many times."

    def acting(self, scope: Scope) -> None:
        """A block where each player acts in turn ("each player may …", "one player may …"): the acting
        player is 'they', and the first player referent of the block ('them', 'that player')."""
        scope.they = {"op": "ref", "name": "each", "kind": "player"}
        scope.add(Referent("each", "player", None, False, None, named=scope.they, fixed=True, acting=True))

    def context(self, node: dict, scope: Scope) -> None:
        """The words that speak of the moment around them: "instead of 1" answers the action the trigger is
        on; "the result is blank" reads an exposure roll made before it in the block; "since this card"
        counts from a block that happens later."""
        op = node["op"]
        if not scope.die:                     # "that many" reads the result of a die rolled before it
            for key in _value_fields(node):
                for sub in _walk(node[key]):
                    if sub.get("op") == "result":
                        raise BindError("N007", M("N007.no-die"), A.Pos(*sub["pos"]), hint=M("hint.roll-first"))
            if op == "repeat" and isinstance(node.get("times"), dict) and node["times"].get("op") == "result":
                raise BindError("N007", M("N007.no-die"), A.Pos(*node["pos"]), hint=M("hint.roll-first"))
        if "instead_of" in node and op in INSTEAD_OF:
            events = INSTEAD_OF[op] if op != "add_tokens" or node.get("token") == "barricade" else ()
            pos = A.Pos(*node["pos"])
            if scope.event not in events:
                raise BindError("T002", M("T002.instead-of-action", words=_said(node)), pos,
                                expected=M("expected.words", words=f"'when this survivor {_EXAMPLE[op]}s: …'"))
            if not isinstance(node.get("count"), int) or node["count"] <= node["instead_of"]:
                raise BindError("T003", M("T003.instead-of-more", n=node["instead_of"]), pos,
                                expected=M("expected.number"))

    def check_cond(self, cond: dict, scope: Scope) -> None:
        """A condition that reads the moment: a roll before it, a block that happens later."""
        for node in _walk(cond):
            if node.get("op") == "rolled" and not scope.face:
                raise BindError("N007", M("N007.result-no-exposure"), A.Pos(*node["pos"]))
            if node.get("op") == "searched" and not scope.later:
                raise BindError("T002", M("T002.since-later"), A.Pos(*node["pos"]))

    def introduce(self, node: dict, scope: Scope) -> None:
        """What a step makes referable: its description of what it acts on, under its participle."""
        op = node["op"]
        if op in ("for_each", "if", "while"):
            return
        participle = OP_PARTICIPLE.get(op)
        for key in TARGET_FIELDS:
            value = node.get(key)
            if not isinstance(value, dict):
                continue
            if value.get("op") == "select_of" and value.get("kind") in L.KINDS:
                kind = value["kind"]
                plural = value.get("quantity", {}).get("mode") not in ("one",)
                name = node.get("bind") if op == "select" else participle or "it"
                ref = self.new(Referent(name, kind, participle, plural, value if op != "select" else None), scope)
                if _from_survivor_deck(value):
                    ref.kinds = ("survivor",)
                if op == "select":
                    ref.writes.append((node, "bind"))
            elif value.get("op") == "named":
                scope.add(Referent(value["card"], value.get("kind") or "survivor", participle, False, None,
                                   named=value))     # 'move "Brian Lee" ….': he is the moved survivor
            elif op in PICKED and key == "from":   # the runtime binds what is drawn as "drawn", taken as "taken"
                plural = not (isinstance(node.get("count"), int) and node["count"] == 1)
                ref = self.new(Referent(PICKED[op], "card", PICKED[op], plural, None, fixed=True), scope)
                if value.get("zone") == "survivor_deck":
                    ref.kinds = ("survivor",)

    # ---- values ------------------------------------------------------------------------------------
    def value(self, value, scope: Scope, op: str, key: str, nested: bool = False):
        """A field's value with its references resolved (descriptions inside it included). ``nested``: inside
        a filter of another description ("sharing a location with an other survivor")."""
        if isinstance(value, list):
            return [self.value(v, scope, op, key, nested) for v in value]
        if not isinstance(value, dict):
            return value
        if key in ("cond", "requires", "unless") and op != "cond":
            self.check_cond(value, scope)
        if value.get("op") == "?ref":
            return self.resolve(value, scope)
        if value.get("op") == "?they":
            return self.they(value, scope)
        if value.get("op") == "controlled_by" and value.get("player") == "them" and scope.they is None:
            raise BindError("N005", M("N005.they-alone"), A.Pos(*value["pos"]), hint=M("hint.they-needs-player"))
        if value.get("op") == "seat" and value.get("of") == "them":       # "the player to their left"
            if scope.they is None:
                raise BindError("N005", M("N005.they-alone"), A.Pos(*value["pos"]), hint=M("hint.they-needs-player"))
            value = {k: v for k, v in value.items() if k != "of"}
        if scope.acting and not value.get("_implicit"):
            mine = (value.get("op") == "controlled_by" and value.get("player") == "you") or \
                (value.get("op") == "you" and key == "owner")
            if mine:      # inside "each player …", 'your' would be each of them: 'their' says it
                raise BindError("N005", M("N005.you-in-each-player", word="your" if key == "owner" else "you"),
                                A.Pos(*value["pos"]), hint=M("hint.their-in-each-player"))
            if value.get("op") == "you":
                return {"op": "ref", "name": "resolver", "kind": "player", "pos": value["pos"]}
        if value.get("op") == "select_of" and not nested:
            self.other(value, scope)
        inner = nested or value.get("op") in FILTERS
        for k in list(value):
            if k in ("pos",) or k.startswith("_"):
                continue
            if isinstance(value[k], (dict, list)) and k not in ("body", "then", "else", "options", "outcomes"):
                value[k] = self.value(value[k], scope, op, k, inner)
        return value

    def other(self, sel: dict, scope: Scope) -> None:
        """'another survivor', 'each other card': other than the most recent thing of that kind in scope (the
        card's own survivor, a chosen one …), by the rule for references. Inside another description's filter
        'other' is other than that description's thing, which the filter already says."""
        kind = sel["kind"]
        for n, f in enumerate(sel["filters"]):
            if f.get("op") != "state" or f.get("is") != "other" or kind == "player":
                continue
            cand = next((r for r in reversed(scope.items) if r.can_be(kind) and not r.acting), None)
            if cand is None:
                raise BindError("N005", M("N005.other-than-nothing", kind=M("refkind." + kind)), A.Pos(*f["pos"]),
                                hint=M("hint.can-refer-to", known=self.known(scope)))
            ref = {"op": "?ref", "how": "that", "kinds": (kind,), "words": "other", "pos": f["pos"]}
            target = self.named_by(cand, ref, (kind,), scope)
            sel["filters"][n] = {"op": "other_than", "target": target, "pos": f["pos"]}

    def they(self, value: dict, scope: Scope) -> dict:
        if scope.they is None:
            raise BindError("N005", M("N005.they-alone"), A.Pos(*value["pos"]), hint=M("hint.they-needs-player"))
        return {**scope.they, "pos": value["pos"]}

    def resolve(self, ref: dict, scope: Scope) -> dict:
        """The node a reference names, by the rule above."""
        kinds = ref.get("kinds") or tuple(L.KINDS)
        how = ref["how"]
        for cand in reversed(scope.items):
            if not any(cand.can_be(k) for k in kinds):
                continue
            if how in ("pronoun", "that") and cand.name == "this_card":     # a card calls itself 'this card'
                continue
            if how == "participle":
                wanted = L.PARTICIPLES[ref["participle"]][0]
                if cand.participle is None or L.PARTICIPLES.get(cand.participle, (cand.participle,))[0] != wanted:
                    if cand.name != wanted:
                        continue
            if how == "event" and cand.name != ref["name"]:
                continue
            if cand.plural and not ref.get("plural"):        # "draw 2 cards. discard it."
                raise BindError("T005", M("T005.ref-number", words=ref["words"], fix=_plural_of(ref["words"])),
                                A.Pos(*ref["pos"]), width=len(ref["words"]))
            return self.named_by(cand, ref, kinds, scope)
        if how == "participle":                  # 'the played survivor' where the played thing is a card
            wanted = L.PARTICIPLES[ref["participle"]][0]
            same = [r for r in scope.items if r.named is None and
                    (r.name == wanted or (r.participle and L.PARTICIPLES.get(r.participle, ("",))[0] == wanted))]
            if same:
                raise BindError("N005", M("N005.wrong-kind", words=ref["words"], ref=f"the {ref['participle']}",
                                          kind=M("refkind." + same[-1].kind)), A.Pos(*ref["pos"]),
                                hint=M("hint.can-refer-to", known=self.known(scope)), width=len(ref["words"]))
        other = [r for r in scope.items if (r.named is None or ref["how"] == "pronoun") and r.name != "this_card"
                 and not r.acting]
        if other and ref["how"] in ("pronoun", "that"):     # something came before, of another kind
            raise BindError("T001", M("T001.ref-wrong-kind", word=ref["words"],
                                      kinds=[M("refkind." + k) for k in kinds], got=M("refkind." + other[-1].kind)),
                            A.Pos(*ref["pos"]),
                            hint=M("hint.can-refer-to", known=self.known(scope)), width=len(ref["words"]))
        raise BindError("N005", M("N005.refers-to-nothing", word=ref["words"]), A.Pos(*ref["pos"]),
                        hint=M("hint.can-refer-to", known=self.known(scope)), width=len(ref["words"]))

    def new(self, ref: Referent, scope: Scope) -> Referent:
        """Introduce a referent in a scope."""
        scope.add(ref)
        self.all.append(ref)
        return ref

    def named_by(self, cand: Referent, ref: dict, kinds, scope: Scope) -> dict:
        """The reference as a node: the name itself, or a ref to a binding (marking its description)."""
        if cand.named is not None:
            return {**cand.named, "pos": ref["pos"]}
        if cand.node is not None and (cand.node, "bind") not in [(n, k) for n, k in cand.writes]:
            cand.writes.append((cand.node, "bind"))
        newer = scope.items[scope.items.index(cand) + 1:]
        for other in newer:
            if other.named is None and other.name == cand.name:
                if other.fixed:
                    raise BindError("N005", M("N005.shadowed", words=ref["words"]), A.Pos(*ref["pos"]),
                                    width=len(ref["words"]))
                other.shadowed = True
        kind = cand.kind if cand.kind in kinds else next(k for k in kinds if cand.can_be(k))
        node = {"op": "ref", "name": cand.name, "kind": kind, "pos": ref["pos"]}
        cand.writes.append((node, "name"))
        return node

    def known(self, scope: Scope) -> list:
        """What can be referred to here, as a reader writes it, for a hint."""
        out = []
        for r in scope.items:
            if r.acting:
                continue
            if r.named is not None:
                words = f'"{r.name}"'
            elif r.name in _FIXED_WORDS:
                words = _FIXED_WORDS[r.name]
            elif r.participle:
                words = f"the {r.participle} {r.kind}"
            else:
                words = f"that {r.kind}"
            out.append(M("ref.with-kind", words=words, kind=M("refkind." + r.kind)))
        if scope.they is not None:
            out.append(M("ref.with-kind", words="they", kind=M("refkind.player")))
        out.append(M("ref.with-kind", words="you", kind=M("refkind.player")))
        return out


#: filter nodes: a description inside one is nested in another description
FILTERS = frozenset(spec.op for spec in CATALOGUE if spec.group == "filter")
#: nodes that hand a rule to the game for later: what happens inside them is not this block's moment
RULE_OPS = ("trigger", "replace", "phase", "lasting", "while", "delayed", "turn_action", "limit", "attach")
#: the action whose count an "instead of N" corrects, by node (seed 004's weapons and tools)
INSTEAD_OF = {"kill_zombies": ("attack",), "add_tokens": ("barricade",)}
_EXAMPLE = {"kill_zombies": "attack", "add_tokens": "barricade"}


def _said(node: dict) -> str:
    return {"kill_zombies": "kill", "add_tokens": "place"}.get(node["op"], node["op"])


def _walk(value):
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v)


#: how a referent a card or an event gives is written
_FIXED_WORDS = {"self": "this survivor", "this_card": "this card", "origin": "its origin",
                "destination": "its destination", "each": "that …"}


def _value_fields(node: dict) -> list[str]:
    return [k for k in node if k not in ("op", "pos", "body", "then", "else", "options", "outcomes", "otherwise",
                                         "tied", "steps",
                                         "cost") and not k.startswith("_")]


def _kind_of(sel: dict) -> str:
    if sel.get("op") == "select_of":
        return sel["kind"]
    return sel.get("kind", "card")


def _plural_of(words: str) -> str:
    """How a reference to several things is written: 'it' -> 'them', 'that card' -> 'those cards'."""
    first, *rest = words.split()
    if first in ("it", "him", "her"):
        return "them"
    noun = rest[-1] + "s" if rest else ""
    return {"that": f"those {noun}", "the": " ".join(["the", *rest[:-1], noun])}.get(first, words)


def _participle_of(name: str) -> str | None:
    for word, (bind, _kinds) in L.PARTICIPLES.items():
        if bind == name:
            return word
    return None


def _from_survivor_deck(sel: dict) -> bool:
    return any(f.get("op") == "in_zone" and f.get("zone", {}).get("zone") == "survivor_deck"
               for f in sel.get("filters", []))
