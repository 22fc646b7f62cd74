"""Build effect-tree nodes from the phrase grammar's parse trees (a Lark Transformer).

Each rule alias of dsl/phrases.lark and each generated form rule has one method here (or, for
forms, one entry of dsl/forms.py). Nodes carry ``pos`` as [line, col] of their first word until
the compiler's lowering turns it into the bundle's position. References ("it", "that survivor",
"the chosen card") become ``{"op": "?ref", …}`` placeholders, resolved later in reading order by
the compiler's referent pass (compiler/referents.py), which knows what came before.

A sentence the grammar reads two ways comes here as an ``_ambig`` node: its readings are built
one by one; if they build the same tree it does not matter which was read; if they differ, the
reading whose forms are preferred (``Form.prefer``) wins, and if none is, the sentence is refused
(``Ambiguous``): a card's words must say one thing.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer, v_args
from lark.exceptions import VisitError

from . import lexicon as L
from .errors import BuildError
from .forms import FORMS
from .grammar import form_parts
from .grammar import slot_rule  # noqa: E402


class Num(int):
    """A number as written, with where it stands."""

    pos: list[int]

    def __new__(cls, value: int, pos: list[int] | None = None):
        self = super().__new__(cls, value)
        self.pos = pos or [0, 0]
        return self

    def __getnewargs__(self):
        return (int(self), self.pos)


@dataclass(frozen=True)
class Verb:
    """The verb a step form starts with, as written: 'draw' (a command) or 'draws' (after a subject)."""

    text: str
    base: str
    pos: tuple[int, int]

    @property
    def third(self) -> bool:
        """Whether it is in the third person ('draws')."""
        return self.text != self.base


@dataclass(frozen=True)
class Noun:
    """A noun as written: its kind, whether plural, and the filters it implies ('fuel cards')."""

    kind: str
    plural: bool
    filters: tuple = ()
    pos: tuple[int, int] = (0, 0)
    words: str = ""


@dataclass(frozen=True)
class Quant:
    """The quantity at the head of a description."""

    mode: str
    n: int | None
    pos: tuple[int, int]
    word: str

    def node(self) -> dict:
        """The quantity node of the bundle."""
        return {"mode": self.mode, **({"n": self.n} if self.n is not None else {})}


def _pos(meta) -> list[int]:
    return [meta.line, meta.column] if not getattr(meta, "empty", True) else [0, 0]


def _kids(children) -> list:
    return [c for c in children if not isinstance(c, Token)]


def _toks(children) -> list[Token]:
    return [c for c in children if isinstance(c, Token)]


def _int(tok: Token, pos) -> int:
    return int(tok.value)


PLURAL_QUANT = ("each", "every", "any", "another", "a", "an", "one")


def strip_pos(value):
    """A node without positions or internal keys (to compare two readings)."""
    if isinstance(value, dict):
        return {k: strip_pos(v) for k, v in value.items() if k != "pos" and not k.startswith("_")}
    if isinstance(value, (list, tuple)):
        return [strip_pos(v) for v in value]
    return value


def _nearness(value, depth: int = 0) -> int:
    """How deep a reading puts its filters: the sum, over every filter, of how many descriptions hold it
    (a filter on an inner description counts more than the same filter on the outer one)."""
    if isinstance(value, dict):
        here = depth + 1 if value.get("op") == "select_of" else depth
        own = depth if value.get("op") not in (None, "select_of") and "pos" in value and depth else 0
        return own + sum(_nearness(v, here) for k, v in value.items() if not k.startswith("_"))
    if isinstance(value, (list, tuple)):
        return sum(_nearness(v, depth) for v in value)
    return 0


def _prefer(value) -> int:
    if isinstance(value, dict):
        return value.get("_prefer", 0) + sum(_prefer(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return sum(_prefer(v) for v in value)
    return 0


@v_args(meta=True)
class Build(Transformer):
    """Parse tree -> effect-tree nodes (with ``?ref`` placeholders)."""

    # ---- ambiguity ---------------------------------------------------------------------------------
    def _transform_tree(self, tree):
        """Build a tree; at a point the grammar reads two ways, build each reading on its own: a reading
        that breaks a rule of the language (a plural after 'a', a filter said twice) is no reading."""
        if tree.data != "_ambig":
            return super()._transform_tree(tree)
        readings, errors = [], []
        for alt in tree.children:
            try:
                readings.append(self._transform_tree(alt))
            except VisitError as err:
                if not isinstance(err.orig_exc, BuildError):
                    raise
                errors.append(err.orig_exc)
            except BuildError as err:
                errors.append(err)
        if not readings:
            raise max(errors, key=lambda e: tuple(e.pos))
        return self.choose(readings, tree.meta)

    def transform(self, tree):
        """The node a parse tree builds; a BuildError comes out as itself."""
        try:
            return super().transform(tree)
        except VisitError as err:
            if isinstance(err.orig_exc, BuildError):
                raise err.orig_exc from None
            raise

    def choose(self, readings: list, meta):
        """One of several readings of the same words: any, if they build the same tree; else the one
        whose forms are preferred; else none (the words say two things)."""
        plain = [strip_pos(r) for r in readings]
        if all(p == plain[0] for p in plain[1:]):
            return readings[0]
        scores = [_prefer(r) for r in readings]
        best = max(scores)
        top = [r for r, s in zip(readings, scores) if s == best]
        tops = [strip_pos(r) for r in top]
        if all(t == tops[0] for t in tops[1:]):
            return top[0]
        # a modifier belongs to the nearest thing it can describe: "a survivor sharing a location with
        # a survivor you control" — the second survivor is yours
        depths = [_nearness(r) for r in top]
        deepest = max(depths)
        near = [r for r, d in zip(top, depths) if d == deepest]
        if all(strip_pos(r) == strip_pos(near[0]) for r in near[1:]):
            return near[0]
        first = next((r for r in readings if isinstance(r, dict) and r.get("pos")), {})
        raise BuildError("P005", "P005.two-readings", tuple(first.get("pos") or _pos(meta)))

    # ---- generic: forms, verbs, nouns, adjectives, pass-through --------------------------------------
    def __default__(self, data, children, meta):
        name = str(data)
        if name.startswith("form_"):
            return self._form(int(name[5:]), children, meta)
        if name.startswith("v_"):
            tok = _toks(children)[0]
            return Verb(tok.value, name[2:], (tok.line, tok.column))
        if name.endswith("_adj"):
            kind = name[:-4]
            word = _toks(children)[0].value
            return ("adj", word, copy.deepcopy(L.ADJECTIVES[kind][word]), _pos(meta))
        if name.startswith("tokens_") or name.startswith("wounds_"):
            count, noun = _kids(children)
            _agree(count, noun)
            return count["value"]
        if name.endswith("_noun"):
            return self._noun(name[:-5], children, meta)
        kids = _kids(children)
        if len(kids) == 1:
            return kids[0]
        if not kids:
            toks = _toks(children)
            return toks[0].value if len(toks) == 1 else " ".join(t.value for t in toks)
        return kids

    def _noun(self, kind: str, children, meta) -> Noun:
        toks = _toks(children)
        if not toks:                      # a rule of nouns ("token_noun: noise_noun | …"): the noun itself
            return _kids(children)[0]
        words = " ".join(t.value for t in toks)
        last = toks[-1].value
        pos = tuple(_pos(meta))
        if kind == "card":
            return _card_noun(toks, pos)
        if kind in L.TOKENS:
            singular, plural = L.TOKENS[kind]
            return Noun("token:" + kind, words == plural and singular != plural, (), pos, words)
        if kind in L.WOUNDS:
            singular, plural = L.WOUNDS[kind]
            return Noun("token:" + kind, words == plural, (), pos, words)
        if kind == "token":
            kids = _kids(children)
            if kids:
                return kids[0]
            return Noun("token:food", words.endswith("tokens"), (), pos, words)
        plural = last in ("survivors", "zombies", "players", "locations", "dice", "cards")
        return Noun(kind, plural, (), pos, words)

    def __init__(self, words=()):
        super().__init__()
        self.words = tuple(words)

    def _slot_texts(self, names, children, meta) -> dict[str, str]:
        """The words each slot of a form was written with (for messages that quote them)."""
        starts = []
        for child in children:
            if isinstance(child, Token):
                starts.append(("tok", (child.line, child.column)))
            elif isinstance(child, Verb):
                starts.append(("tok", child.pos))
            else:
                pos = child.get("pos") if isinstance(child, dict) else getattr(child, "pos", None)
                starts.append(("slot", tuple(pos) if pos else None))
        end = (meta.end_line, meta.end_column) if not getattr(meta, "empty", True) else (10**9, 0)
        texts, k = {}, 0
        for i, (what, pos) in enumerate(starts):
            if what != "slot":
                continue
            if k >= len(names):
                break
            stop = next((p for _, p in starts[i + 1:] if p), end)
            if pos is not None:
                texts[names[k][0]] = " ".join(w.text for w in self.words
                                              if pos <= (w.pos.line, w.pos.col) < stop)
            k += 1
        return texts

    def _form(self, n: int, children, meta) -> dict:
        form = FORMS[n]
        slots = _kids(children)
        verb = slots.pop(0) if slots and isinstance(slots[0], Verb) else None
        names = [value.split(":") for what, value in form_parts(form) if what == "slot"]
        values: dict[str, Any] = {"_start": _pos(meta)}
        before = None
        for child in children:             # "for each survivor …": the description starts at "each"
            if isinstance(child, Token):
                before = [child.line, child.column]
            elif isinstance(child, dict) and child.get("quantity", {}).get("mode") == "?" and before \
                    and form.build is not None and "before" in form.tags:
                child["pos"] = before
        values["_text"] = self._slot_texts(names, children, meta)
        for (field, kind), value in zip(names, slots):
            if field.startswith("="):           # a number the form spells: "the round track reaches 0"
                if value != int(field[1:]):
                    raise BuildError("T007", "T007.fixed-number", tuple(_pos(meta)), wanted=field[1:], got=value)
                continue
            values[field] = _typed(value, kind)
        words: dict[str, list[int]] = {}
        for tok in _toks(children):
            if tok.type == "OR_MORE" and tok.value.split()[-1] not in ("more", "higher", "greater"):
                raise BuildError("T005", "T005.at-most", (tok.line, tok.column), width=len(tok.value))
            words.setdefault(tok.value, [tok.line, tok.column])
        values["_words"] = words           # where the form's own words stand (a node they make is placed there)
        if callable(form.build):
            node = form.build(values)
        else:
            node = copy.deepcopy(form.build)
            node.update({k: v for k, v in values.items() if k not in ("_words", "_start", "_text")})
        node.setdefault("pos", _pos(meta))
        node["_form"] = n
        if form.prefer:
            node["_prefer"] = form.prefer
        if verb is not None:
            node["_verb"] = verb
        return node

    # ---- clauses ------------------------------------------------------------------------------------
    def do_step(self, meta, children):
        node = _kids(children)[0]
        verb = node.get("_verb")
        if verb is not None and verb.third:
            raise BuildError("T004", "T004.third-person-alone", verb.pos, width=len(verb.text), verb=verb.text,
                             base=verb.base)
        return node

    def each_does(self, meta, children):
        player, node = _kids(children)
        verb = node.get("_verb")
        if player.get("op") == "you":          # "you draw 1 card": a step with no subject is yours already
            raise BuildError("T004", "T004.you-implied", tuple(_pos(meta)), width=3)
        if verb is not None and not verb.third and player.get("op") != "?they":
            raise BuildError("T004", "T004.needs-third-person", verb.pos, width=len(verb.text), verb=verb.text,
                             third=L.third_person(verb.base))
        return {"op": "each_player", "players": _each(player), "body": [node], "pos": _pos(meta)}

    def tied(self, meta, children):
        """Steps one sentence joins with 'and': the card ties them, so all happen or none does."""
        steps = _kids(children)
        for node in steps:
            _imperative(node)
            if "payable" not in FORMS[node["_form"]].tags:
                later = [tuple(n["pos"]) for n in steps if tuple(n["pos"]) > tuple(node["pos"])]
                end = min(later) if later else (10**9, 0)
                words = " ".join(w.text for w in self.words if tuple(node["pos"]) <= (w.pos.line, w.pos.col) < end)
                words = words[:-4] if words.endswith(" and") else words
                raise BuildError("T002", "T002.tied-not-payable", tuple(node["pos"]), words=words)
        return {"op": "tied", "steps": steps, "pos": _pos(meta)}

    def cost_item(self, meta, children):
        node = _kids(children)[0]
        _imperative(node)
        return node

    def offer_step(self, meta, children):
        node = _kids(children)[-1]
        verb = node.get("_verb")
        if verb is not None and verb.third:
            raise BuildError("T004", "T004.third-person-alone", verb.pos, width=len(verb.text), verb=verb.text,
                             base=verb.base)
        return {"op": "offer", "cost": [], "body": [node], "pos": _pos(meta)}

    def each_may(self, meta, children):
        player, node = _kids(children)
        verb = node.get("_verb")
        if verb is not None and verb.third:
            raise BuildError("T004", "T004.third-person-alone", verb.pos, width=len(verb.text), verb=verb.text,
                             base=verb.base)
        return {"op": "for_each", "bind": "each", "selector": _each(player), "pos": _pos(meta),
                "body": [{"op": "optional", "cost": [], "body": [node],
                          "player": {"op": "ref", "name": "each", "kind": "player", "pos": _pos(meta)},
                          "pos": _pos(meta)}]}

    # ---- conditions ---------------------------------------------------------------------------------
    def any(self, meta, children):
        return _join("any", _kids(children), meta)

    def all(self, meta, children):
        return _join("all", _kids(children), meta)

    def group(self, meta, children):
        """'( … )': the conditions inside, one condition (its joins flatten into a like one outside)."""
        return _kids(children)[0]

    def r_exact(self, meta, children):
        n = int(_toks(children)[0].value)
        return (n, n)

    def r_from(self, meta, children):
        n_tok, more = _toks(children)
        n = int(n_tok.value)
        return (n, 6) if more.value.split()[-1] in ("more", "higher", "greater") else (1, n)

    def r_between(self, meta, children):
        ints = [int(t.value) for t in _toks(children) if t.type == "INT"]
        return (ints[0], ints[1])

    # ---- numbers and counts -------------------------------------------------------------------------
    def num(self, meta, children):
        tok = _toks(children)[0]
        return Num(int(tok.value), [tok.line, tok.column])

    def c_number(self, meta, children):
        n = int(_toks(children)[0].value)
        return {"value": n, "one": n == 1, "word": str(n), "pos": _pos(meta)}

    def c_one(self, meta, children):
        return {"value": 1, "one": True, "word": "a", "pos": _pos(meta)}

    def c_all(self, meta, children):
        return {"value": {"op": "all_count", "pos": _pos(meta)}, "one": False, "pos": _pos(meta)}

    def c_up_to(self, meta, children):
        n = int(_toks(children)[-1].value)
        return {"value": {"op": "up_to", "n": n, "pos": _pos(meta)}, "one": None, "pos": _pos(meta)}

    def c_all_but(self, meta, children):
        n = int(_toks(children)[-1].value)
        return {"value": {"op": "all_but", "n": n, "pos": _pos(meta)}, "one": None, "pos": _pos(meta)}

    def c_that_many(self, meta, children):
        return {"value": {"op": "result", "pos": _pos(meta)}, "one": False, "pos": _pos(meta)}

    def t_number(self, meta, children):
        return int(_toks(children)[0].value)

    def t_twice(self, meta, children):
        return 2

    def t_that_many(self, meta, children):
        return {"op": "result", "pos": _pos(meta)}

    def zombies(self, meta, children):
        count, noun = _kids(children)
        _agree(count, noun)
        return count["value"]

    def unused_dice(self, meta, children):
        count, noun = _kids(children)
        _agree(count, noun)
        return count["value"]

    def cards(self, meta, children):
        kids = _kids(children)
        count, rest = kids[0], kids[1:]
        noun = next(k for k in rest if isinstance(k, Noun))
        _agree(count, noun)
        filters = [_adj_filter(k) for k in rest if isinstance(k, tuple)] + \
            [dict(f, pos=list(noun.pos)) for f in noun.filters] + [k for k in rest if isinstance(k, dict)]
        _no_duplicates(filters)
        value = count["value"]
        if isinstance(value, dict):
            quantity = {"all_count": {"mode": "all"}, "up_to": {"mode": "up_to", "n": value.get("n")},
                        "all_but": {"mode": "all_but", "n": value.get("n")}}.get(value["op"], {"mode": "all"})
        else:
            quantity = {"mode": "one"} if count.get("one") and value == 1 and count.get("word") != "1" else \
                {"mode": "count", "n": value}
        return {"count": value, "filters": filters, "_quantity": quantity}

    def card_kinds(self, meta, children):
        noun = _kids(children)[0]
        return [dict(f, pos=list(noun.pos)) for f in noun.filters]

    # ---- things -------------------------------------------------------------------------------------
    def quant(self, meta, children):
        toks = _toks(children)
        words = [t.value for t in toks]
        pos = (toks[0].line, toks[0].column)
        if toks[0].type == "INT":
            n = int(toks[0].value)
            if len(toks) == 2:
                more = toks[1].value.split()[-1] in ("more", "higher", "greater")
                if not more:
                    raise BuildError("T005", "T005.at-most", pos, width=len(" ".join(words)))
                return Quant("at_least", n, pos, " ".join(words))
            return Quant("count", n, pos, words[0])
        head = words[0]
        if words[:2] == ["at", "least"]:
            return Quant("at_least", int(words[2]), pos, " ".join(words))
        if words[:2] == ["up", "to"]:
            return Quant("up_to", int(words[2]), pos, " ".join(words))
        if words[:2] == ["all", "but"]:
            return Quant("all_but", int(words[2]), pos, " ".join(words))
        mode = {"a": "one", "an": "one", "any": "any", "each": "each", "every": "each", "all": "all",
                "another": "another"}[head]
        return Quant(mode, None, pos, head)

    def described(self, meta, children):
        kids = _kids(children)
        quant = kids[0]
        noun = next(k for k in kids if isinstance(k, Noun))
        adjs = [k for k in kids if isinstance(k, tuple) and k[0] == "adj"]
        after = [k for k in kids[kids.index(noun) + 1:] if isinstance(k, dict)]
        kind = noun.kind
        if quant.mode != "?":
            _agree_quant(quant, noun)
        filters = [_adj_filter(a) for a in adjs]
        if kind == "survivor" and "helpless" in noun.words:
            filters.append({"op": "state", "is": "helpless", "pos": list(noun.pos)})
        filters += [dict(f, pos=list(noun.pos)) for f in noun.filters] + after
        mode = quant.mode
        if mode == "another":
            mode = "one"
            filters.append({"op": "controlled_by", "player": "other", "pos": list(quant.pos)}
                           if kind == "player" else {"op": "state", "is": "other", "pos": list(quant.pos)})
        _no_duplicates(filters)
        q = {"mode": mode, **({"n": quant.n} if quant.n is not None else {})}
        return {"op": "select_of", "kind": kind.split(":")[0], "quantity": q, "filters": filters, "pos": _pos(meta),
                **({"_token": kind.split(":")[1]} if kind.startswith("token:") else {})}

    def bare(self, meta, children):
        kids = _kids(children)
        return self.described(meta, [Quant("?", None, tuple(_pos(meta)), ""), *kids])

    def bare_zombies(self, meta, children):
        filters = [k for k in _kids(children) if isinstance(k, dict)]
        _no_duplicates(filters)
        return {"op": "select_of", "kind": "zombie", "quantity": {"mode": "?"}, "filters": filters, "pos": _pos(meta)}

    def bare_tokens(self, meta, children):
        kids = _kids(children)
        noun, filters = kids[0], kids[1:]
        token = noun.kind.split(":")[1]
        all_filters = [{"op": "token_type", "type": token, "pos": list(noun.pos)}, *filters]
        _no_duplicates(all_filters)
        return {"op": "select_of", "kind": "token", "quantity": {"mode": "?"}, "filters": all_filters,
                "pos": _pos(meta)}

    def f_at_storage(self, meta, children):
        return {"op": "in_zone", "zone": {"op": "zone", "zone": "storage", "pos": _pos(meta)}, "pos": _pos(meta)}

    def f_in_storage(self, meta, children):
        word = _toks(children)[1]
        return {"op": "at", "location": {"op": "location", "id": "storage", "pos": [word.line, word.column]},
                "pos": _pos(meta)}

    def n_or_more(self, meta, children):
        n_tok, more = _toks(children)
        if more.value.split()[-1] not in ("more", "higher", "greater"):
            raise BuildError("T005", "T005.at-most", (more.line, more.column), width=len(more.value))
        return int(n_tok.value)

    def manual_key(self, meta, children):
        return _toks(children)[0].value

    def the_extreme(self, meta, children):
        kids = _kids(children)
        filters = [k for k in kids if isinstance(k, dict)]
        _no_duplicates(filters)
        return {"op": "select_of", "kind": "survivor", "quantity": {"mode": "one"}, "filters": filters,
                "pos": _pos(meta)}

    def n_extreme(self, meta, children):
        n = int(_toks(children)[0].value)
        kids = _kids(children)
        filters = [k for k in kids if isinstance(k, dict)]
        _no_duplicates(filters)
        return {"op": "select_of", "kind": "survivor", "quantity": {"mode": "count", "n": n}, "filters": filters,
                "pos": _pos(meta)}

    def lowest(self, meta, children):
        return {"op": "extreme", "stat": "influence", "mode": "lowest", "pos": _pos(meta)}

    def highest(self, meta, children):
        return {"op": "extreme", "stat": "influence", "mode": "highest", "pos": _pos(meta)}

    def zombies_described(self, meta, children):
        kids = _kids(children)
        quant, noun, filters = kids[0], kids[1], kids[2:]
        _agree_quant(quant, noun)
        _no_duplicates(filters)
        q = {"mode": quant.mode, **({"n": quant.n} if quant.n is not None else {})}
        return {"op": "select_of", "kind": "zombie", "quantity": q, "filters": list(filters), "pos": _pos(meta)}

    def tokens_described(self, meta, children):
        kids = _kids(children)
        quant, noun, filters = kids[0], kids[1], kids[2:]
        _agree_quant(quant, noun)
        token = noun.kind.split(":")[1]
        all_filters = [{"op": "token_type", "type": token, "pos": list(noun.pos)}, *filters]
        _no_duplicates(all_filters)
        q = {"mode": quant.mode, **({"n": quant.n} if quant.n is not None else {})}
        return {"op": "select_of", "kind": "token", "quantity": q, "filters": all_filters, "pos": _pos(meta)}

    def dice_described(self, meta, children):
        return self.described(meta, children)

    # references (resolved later)
    def ref_participle(self, meta, children):
        toks = _toks(children)
        participle = _kids(children)[0]
        noun = next(k for k in _kids(children) if isinstance(k, Noun))
        return {"op": "?ref", "how": "participle", "participle": participle, "kinds": (noun.kind,),
                "plural": noun.plural, "words": " ".join(t.value for t in toks) if False else
                f"the {participle} {noun.words}", "pos": _pos(meta)}

    def ref_self(self, meta, children):
        return {"op": "ref", "name": "self", "kind": "survivor", "pos": _pos(meta)}

    def ref_this_card(self, meta, children):
        return {"op": "ref", "name": "this_card", "kind": "card", "pos": _pos(meta)}

    def ref_that(self, meta, children):
        toks = _toks(children)
        kind = {"survivor": "survivor", "survivors": "survivor", "card": "card", "cards": "card", "player": "player",
                "players": "player"}[toks[1].value]
        return {"op": "?ref", "how": "that", "kinds": (kind,), "plural": toks[0].value == "those",
                "words": " ".join(t.value for t in toks), "pos": _pos(meta)}

    def pronoun_ref(self, meta, children):
        word = _toks(children)[0].value if _toks(children) else _kids(children)[0]
        return {"op": "?ref", "how": "pronoun", "kinds": None, "plural": word == "them", "words": word,
                "pos": _pos(meta)}

    def pronoun(self, meta, children):
        return _toks(children)[0].value

    def named(self, meta, children):
        tok = _toks(children)[0]
        return {"op": "named", "card": tok.value.strip('"'), "kind": None, "pos": _pos(meta)}

    def participle(self, meta, children):
        return _toks(children)[0].value

    # ---- filters ------------------------------------------------------------------------------------
    def f_you_control(self, meta, children):
        return {"op": "controlled_by", "player": "you", "pos": _pos(meta)}

    def f_other_controls(self, meta, children):
        return {"op": "controlled_by", "player": "other", "pos": _pos(meta)}

    def f_they_control(self, meta, children):
        return {"op": "controlled_by", "player": "them", "pos": _pos(meta)}

    def f_at(self, meta, children):
        return {"op": "at", "location": _kids(children)[0], "pos": _pos(meta)}

    def f_here(self, meta, children):
        return {"op": "at", "location": {"op": "here", "pos": _pos(meta)}, "pos": _pos(meta)}

    def f_in_play(self, meta, children):
        return {"op": "state", "is": "in_play", "pos": _pos(meta)}

    def f_in_following(self, meta, children):
        return {"op": "in_zone", "zone": {"op": "zone", "zone": "following", "owner": {"op": "you", "pos": _pos(meta)},
                                          "pos": _pos(meta)}, "pos": _pos(meta)}

    def f_sharing(self, meta, children):
        return {"op": "sharing_location", "with": _typed(_kids(children)[0], "survivor"), "pos": _pos(meta)}

    def f_sharing_only(self, meta, children):
        return {"op": "sharing_location", "with": _typed(_kids(children)[0], "survivor"), "only": "alone",
                "pos": _pos(meta)}

    def f_other_than(self, meta, children):
        return {"op": "other_than", "target": _typed(_kids(children)[0], "survivor"), "pos": _pos(meta)}

    def f_wounds(self, meta, children):
        n_tok, more = [t for t in _toks(children) if t.type in ("INT", "OR_MORE")]
        n = int(n_tok.value)
        if more.value.split()[-1] in ("more", "higher", "greater"):
            return {"op": "wounds", "min": n, "pos": _pos(meta)}
        return {"op": "wounds", "min": 0, "max": n, "pos": _pos(meta)}

    def f_wounds_at_most(self, meta, children):
        n = int(next(t for t in _toks(children) if t.type == "INT").value)
        return {"op": "wounds", "min": 0, "max": n, "pos": _pos(meta)}

    def f_no_wounds(self, meta, children):
        return {"op": "wounds", "min": 0, "max": 0, "pos": _pos(meta)}

    def f_from_survivor_deck(self, meta, children):
        return {"op": "in_zone", "zone": {"op": "zone", "zone": "survivor_deck", "pos": _pos(meta)}, "pos": _pos(meta)}

    def f_in_zone(self, meta, children):
        return {"op": "in_zone", "zone": _kids(children)[0], "pos": _pos(meta)}

    def f_equipped_to(self, meta, children):
        return {"op": "equipped_to", "survivor": _typed(_kids(children)[0], "survivor"), "pos": _pos(meta)}

    def f_on(self, meta, children):
        return {"op": "on", "thing": _kids(children)[0], "pos": _pos(meta)}

    def f_controller_of(self, meta, children):
        return {"op": "controller_of", "what": _typed(_kids(children)[0], "survivor"), "pos": _pos(meta)}

    def f_controls_fewer(self, meta, children):
        return {"op": "controls_fewer", "kind": "survivor", "than": _kids(children)[0], "pos": _pos(meta)}

    def f_most_survivors(self, meta, children):
        return {"op": "most", "what": "survivors", "mode": "most", "pos": _pos(meta)}

    def f_fewest_survivors(self, meta, children):
        return {"op": "most", "what": "survivors", "mode": "fewest", "pos": _pos(meta)}

    def f_most_cards(self, meta, children):
        return {"op": "most", "what": "hand", "mode": "most", "pos": _pos(meta)}

    def f_fewest_cards(self, meta, children):
        return {"op": "most", "what": "hand", "mode": "fewest", "pos": _pos(meta)}

    def f_left(self, meta, children):
        return {"op": "seat", "side": "left", "pos": _pos(meta)}

    def f_right(self, meta, children):
        return {"op": "seat", "side": "right", "pos": _pos(meta)}

    def f_their_left(self, meta, children):
        return {"op": "seat", "side": "left", "of": "them", "pos": _pos(meta)}

    def f_their_right(self, meta, children):
        return {"op": "seat", "side": "right", "of": "them", "pos": _pos(meta)}

    def f_player_at(self, meta, children):
        return {"op": "at", "location": _kids(children)[0], "pos": _pos(meta)}

    def f_your_colony_controls(self, meta, children):
        return {"op": "controlled_by", "player": "you", "pos": _pos(meta)}

    def f_enemy_colony_controls(self, meta, children):
        return {"op": "controlled_by", "player": "enemy", "pos": _pos(meta)}

    # ---- cards --------------------------------------------------------------------------------------
    def top_one(self, meta, children):
        zone = _kids(children)[0]
        return {**zone, "top": 1, "pos": _pos(meta)}

    def top_n(self, meta, children):
        n = int(next(t for t in _toks(children) if t.type == "INT").value)
        zone = _kids(children)[0]
        return {**zone, "top": n, "pos": _pos(meta)}

    def last_removed(self, meta, children):
        n = int(next(t for t in _toks(children) if t.type == "INT").value)
        return {"op": "zone", "zone": "removed", "top": n, "pos": _pos(meta)}

    def last_removed_kind(self, meta, children):
        """'the last 10 item cards removed from the game': the 10 cards of that kind nearest the top of the
        removed pile (the most recently removed), whatever lies between them."""
        n = int(next(t for t in _toks(children) if t.type == "INT").value)
        kids = _kids(children)
        noun = next(k for k in kids if isinstance(k, Noun))
        adjectives = [k for k in kids if isinstance(k, tuple) and k[0] == "adj"]
        if noun.words in ("card", "cards") and not adjectives:
            raise BuildError("T006", "T006.last-cards-kind", tuple(_pos(meta)))     # 'the last N cards …' says it
        _agree({"one": n == 1}, noun)                                               # 'the last 10 item cards' 
        filters = [_adj_filter(k) for k in adjectives]
        filters += [dict(f, pos=list(noun.pos)) for f in noun.filters]
        filters.append({"op": "in_zone", "zone": {"op": "zone", "zone": "removed", "pos": _pos(meta)}, "pos": _pos(meta)})
        _no_duplicates(filters)
        return {"op": "select_of", "kind": "card", "quantity": {"mode": "top", "n": n}, "filters": filters,
                "pos": _pos(meta)}

    def last_removed_one(self, meta, children):
        return {"op": "zone", "zone": "removed", "top": 1, "pos": _pos(meta)}

    def hand_of(self, meta, children):
        return {"op": "zone", "zone": "hand", "owner": _kids(children)[0], "pos": _pos(meta)}

    # ---- players ------------------------------------------------------------------------------------
    def p_you(self, meta, children):
        return {"op": "you", "pos": _pos(meta)}

    def p_them(self, meta, children):
        """'them' where a player goes: the most recent player in scope (the acting one, or one chosen since)."""
        return {"op": "?ref", "how": "pronoun", "kinds": ("player",), "plural": True, "words": "them",
                "pos": _pos(meta)}

    def p_they(self, meta, children):
        return {"op": "?they", "pos": _pos(meta)}

    def p_the(self, meta, children):
        filters = _kids(children)
        _no_duplicates(filters)
        return {"op": "select_of", "kind": "player", "quantity": {"mode": "one"}, "filters": filters,
                "pos": _pos(meta)}

    def p_first(self, meta, children):
        return _player_state("first", meta)

    def p_active(self, meta, children):
        return _player_state("active", meta)

    def p_enemy_active(self, meta, children):
        toks = _toks(children)
        node = _player_state("active", meta)
        node["filters"][0]["pos"] = [toks[2].line, toks[2].column]
        node["filters"].insert(0, {"op": "controlled_by", "player": "enemy", "pos": [toks[1].line, toks[1].column]})
        return node

    def s_first(self, meta, children):
        return "first"

    def s_active(self, meta, children):
        return "active"

    def s_left(self, meta, children):
        return "left"

    def s_right(self, meta, children):
        return "right"

    # ---- locations ----------------------------------------------------------------------------------
    def loc_named(self, meta, children):
        words = _kids(children)[0]
        place = next(k for k, v in L.PLACES.items() if v == words)
        return {"op": "location", "id": place, "pos": _pos(meta)}

    def place_name(self, meta, children):
        return " ".join(t.value for t in _toks(children))

    def loc_here(self, meta, children):
        return {"op": "here", "pos": _pos(meta)}

    def where_at(self, meta, children):
        return _kids(children)[0]

    def loc_storage(self, meta, children):
        return {"op": "location", "id": "storage", "pos": _pos(meta)}

    def loc_of(self, meta, children):
        return {"op": "location_of", "target": _typed(_kids(children)[0], "survivor"), "pos": _pos(meta)}

    def loc_destination(self, meta, children):
        return {"op": "?ref", "how": "event", "name": "destination", "kinds": ("location",), "plural": False,
                "words": "its destination", "pos": _pos(meta)}

    def loc_origin(self, meta, children):
        return {"op": "?ref", "how": "event", "name": "origin", "kinds": ("location",), "plural": False,
                "words": "its origin", "pos": _pos(meta)}

    def loc_chosen(self, meta, children):
        return {"op": "?ref", "how": "participle", "participle": "chosen", "kinds": ("location",), "plural": False,
                "words": "the chosen location", "pos": _pos(meta)}

    def loc_each_colony(self, meta, children):
        return {"op": "select_of", "kind": "location", "quantity": {"mode": "each"},
                "filters": [{"op": "state", "is": "colony", "pos": _pos(meta)}], "pos": _pos(meta)}

    def every_location(self, meta, children):  # noqa: D102
        kids = _kids(children)
        adjs = [k for k in kids if isinstance(k, tuple)]
        filters = [_adj_filter(a) for a in adjs]
        _no_duplicates(filters)
        return {"op": "select_of", "kind": "location", "quantity": {"mode": "each"}, "filters": filters,
                "pos": _pos(meta)}

    def the_colony(self, meta, children):
        return {"op": "location", "id": "colony", "pos": _pos(meta)}

    # ---- zones --------------------------------------------------------------------------------------
    def z_your_hand(self, meta, children):
        return {"op": "zone", "zone": "hand", "owner": {"op": "you", "pos": _pos(meta)}, "pos": _pos(meta)}

    def z_their_hand(self, meta, children):
        return {"op": "zone", "zone": "hand", "owner": {"op": "?they", "pos": _pos(meta)}, "pos": _pos(meta)}

    def z_hand_of(self, meta, children):
        return {"op": "zone", "zone": "hand", "owner": _kids(children)[0], "pos": _pos(meta)}

    def z_objective_of(self, meta, children):
        secret = _toks(children)[1]
        return {"op": "select_of", "kind": "card", "quantity": {"mode": "one"}, "pos": _pos(meta),
                "filters": [{"op": "card_type", "type": "secret_objective", "pos": [secret.line, secret.column]},
                            {"op": "owned_by", "player": _kids(children)[0], "pos": _pos(meta)}]}

    def z_shared(self, meta, children):
        words = _kids(children)[0]
        return {"op": "zone", "zone": L.ZONES[words], "pos": _pos(meta)}

    def shared_zone(self, meta, children):
        return " ".join(t.value for t in _toks(children))

    def z_place_deck(self, meta, children):
        words = _kids(children)[0]
        place = next(k for k, v in L.PLACES.items() if v == words)
        return {"op": "zone", "zone": "location_deck", "location": {"op": "location", "id": place, "pos": _pos(meta)},
                "pos": _pos(meta)}

    def z_deck_here(self, meta, children):
        here = _toks(children)[-1]
        return {"op": "zone", "zone": "location_deck", "location": {"op": "here", "pos": [here.line, here.column]},
                "pos": _pos(meta)}

    def z_deck_of(self, meta, children):
        return {"op": "zone", "zone": "location_deck", "location": _kids(children)[0], "pos": _pos(meta)}

    def z_any_deck(self, meta, children):
        return {"op": "zone", "zone": "item_deck", "pos": _pos(meta)}

    def z_supply(self, meta, children):
        return {"op": "zone", "zone": "supply", "pos": _pos(meta)}

    def z_bullets(self, meta, children):
        return {"op": "zone", "zone": "bullet_supply", "pos": _pos(meta)}

    def z_bullets_of(self, meta, children):
        return {"op": "zone", "zone": "bullet_supply", "owner": _kids(children)[0], "pos": _pos(meta)}

    def z_storage(self, meta, children):
        return {"op": "zone", "zone": "storage", "pos": _pos(meta)}

    def z_game(self, meta, children):
        return {"op": "zone", "zone": "removed", "pos": _pos(meta)}

    def z_top(self, meta, children):
        n = int(next(t for t in _toks(children) if t.type == "INT").value)
        zone = {**_kids(children)[0], "top": n, "pos": _pos(meta)}
        if zone.get("location", {}).get("op") == "location":
            zone["location"] = {**zone["location"], "pos": _pos(meta)}
        return zone

    def z_top_one(self, meta, children):
        return {**_kids(children)[0], "top": 1, "pos": _pos(meta)}

    def z_market(self, meta, children):
        return {"op": "zone", "zone": "market", "pos": _pos(meta)}

    def z_entrances(self, meta, children):
        return {"op": "zone", "zone": "entrances", "location": _kids(children)[0], "pos": _pos(meta)}

    def z_entrance(self, meta, children):
        n = int(next(t for t in _toks(children) if t.type == "INT").value)
        return {"op": "zone", "zone": "entrances", "location": _kids(children)[0], "entrance": n, "pos": _pos(meta)}

    def z_your_following(self, meta, children):
        return {"op": "zone", "zone": "following", "owner": {"op": "you", "pos": _pos(meta)}, "pos": _pos(meta)}

    def z_their_following(self, meta, children):
        return {"op": "zone", "zone": "following", "owner": {"op": "?they", "pos": _pos(meta)}, "pos": _pos(meta)}

    def z_following_of(self, meta, children):
        return {"op": "zone", "zone": "following", "owner": _kids(children)[0], "pos": _pos(meta)}

    # ---- words a form names -------------------------------------------------------------------------
    def actions(self, meta, children):
        return [a for a in _kids(children)]

    def action(self, meta, children):
        words = " ".join(t.value for t in _toks(children))
        return {"move": "move", "search": "search", "attack": "attack", "barricade": "barricade",
                "use its ability": "use_ability"}[words]

    def actions_ing(self, meta, children):
        return [a for a in _kids(children)]

    def action_ing(self, meta, children):
        word = _toks(children)[0].value
        return {"moving": "move", "searching": "search", "attacking": "attack", "barricading": "barricade"}[word]

    def happened_play(self, meta, children):
        card = _typed(_kids(children)[0], "card")
        return {"op": "event_happened", "event": {"op": "event", "kind": "play_card", "actor": {"op": "you"},
                                                  "subject": card, "filters": [], "pos": _pos(meta)},
                "pos": _pos(meta)}

    def ph_your_turn(self, meta, children):
        return "your_turn"

    def ph_round(self, meta, children):
        return "round"

    def ph_turn(self, meta, children):
        return "turn"

    def ph_colony_phase(self, meta, children):
        return "colony_phase"

    def ph_game(self, meta, children):
        return "game"

    def st_exiled(self, meta, children):
        return {"state": "exiled"}

    def st_killed(self, meta, children):
        return {"state": "killed"}

    def st_armed(self, meta, children):
        return {"state": "armed"}

    def st_in_play(self, meta, children):
        return {"state": "in_play"}

    def st_in_deck(self, meta, children):
        return {"state": "in_survivor_deck"}

    def st_leader(self, meta, children):
        return {"state": "group_leader"}

    def tactic(self, meta, children):
        return _toks(children)[0].value.strip('"')

    def costs(self, meta, children):
        """The cost items of one header, in order; a form that names two things at once ('spend a fuel card
        and a food card') gives both."""
        return [c for kid in _kids(children) for c in (kid["items"] if kid.get("op") == "_costs" else [kid])]

    def cmp(self, meta, children):
        return {"<": "lt", "<=": "le", ">": "gt", ">=": "ge", "=": "eq", "!=": "ne"}[_toks(children)[0].value]


# ---- helpers -------------------------------------------------------------------------------------------

def _imperative(node: dict) -> None:
    verb = node.get("_verb")
    if verb is not None and verb.third:
        raise BuildError("T004", "T004.third-person-alone", verb.pos, width=len(verb.text), verb=verb.text,
                         base=verb.base)


def _card_noun(toks: list[Token], pos) -> Noun:
    words = " ".join(t.value for t in toks if t.type != "NAME")
    name = next((t.value.strip('"') for t in toks if t.type == "NAME"), None)
    plural = words.endswith("s") and words not in ("",)
    if name is not None:
        return Noun("card", words == "cards", ({"op": "card_named", "name": name},), pos, f'"{name}" {words}')
    if words in ("card", "cards"):
        return Noun("card", words == "cards", (), pos, words)
    for kind, forms in L.CARD_TYPES.items():
        for singular, plural_form in forms:
            if words in (singular, plural_form):
                return Noun("card", words == plural_form, ({"op": "card_type", "type": kind},), pos, words)
    return Noun("card", plural, (), pos, words)


def _adj_filter(adj: tuple) -> dict:
    _, word, node, pos = adj
    return {**node, "pos": pos, "_word": word}


def _agree(count: dict, noun: Noun) -> None:
    one = count.get("one")
    if one is None:
        return
    if one and noun.plural:
        raise BuildError("T005", "T005.one-plural", tuple(noun.pos), width=len(noun.words), noun=noun.words)
    if not one and not noun.plural and noun.words not in ("food",):
        raise BuildError("T005", "T005.many-singular", tuple(noun.pos), width=len(noun.words), noun=noun.words)


def _agree_quant(quant: Quant, noun: Noun) -> None:
    if noun.words == "food":
        return
    if quant.mode in ("count",) and quant.n == 1 and noun.plural:
        raise BuildError("T005", "T005.one-plural", tuple(noun.pos), width=len(noun.words), noun=noun.words)
    if quant.mode in ("one", "each", "another") and noun.plural:
        raise BuildError("T005", "T005.one-plural", tuple(noun.pos), width=len(noun.words), noun=noun.words)
    if quant.mode in ("all", "all_but", "at_least", "up_to") and not noun.plural and not \
            (quant.mode in ("at_least", "up_to", "all_but") and quant.n == 1):
        raise BuildError("T005", "T005.many-singular", tuple(noun.pos), width=len(noun.words), noun=noun.words)
    if quant.mode == "count" and quant.n != 1 and not noun.plural:
        raise BuildError("T005", "T005.many-singular", tuple(noun.pos), width=len(noun.words), noun=noun.words)


def _filter_key(f: dict) -> tuple:
    return tuple(sorted((k, repr(strip_pos(v))) for k, v in f.items() if k != "pos" and not k.startswith("_")))


#: filter ops of which a description can hold one only (two would be a duplicate or a contradiction)
SINGLE = ("controlled_by", "at", "in_zone", "card_type", "card_named", "extreme", "wounds", "seat", "most",
          "equipped_to", "controller_of", "owned_by", "token_type")


def _no_duplicates(filters: list[dict]) -> None:
    """A description says each thing once: a repeated filter is refused, and so are two filters that
    cannot both hold (two owners, two places, 'exiled' and 'non-exiled')."""
    seen: dict[tuple, dict] = {}
    by_op: dict[str, dict] = {}
    states: dict[str, dict] = {}
    for f in filters:
        key = _filter_key(f)
        pos = tuple(f.get("pos", (0, 0)))
        if key in seen:
            raise BuildError("T006", "T006.duplicate-filter", pos, words=f.get("_word") or f["op"])
        seen[key] = f
        op = f["op"]
        if op in SINGLE:
            if op in by_op:
                raise BuildError("T006", "T006.contradictory-filters", pos, first=_describe(by_op[op]),
                                 second=_describe(f))
            by_op[op] = f
        if op == "state":
            word = f["is"]
            for a, b in L.OPPOSITES:
                a, b = a.replace("-", "_"), b.replace("-", "_")
                other = b if word == a else a if word == b else None
                if other is not None and other in states:
                    raise BuildError("T006", "T006.contradictory-filters", pos, first=_describe(states[other]),
                                     second=_describe(f))
            states[word] = f


def _describe(f: dict) -> str:
    if f.get("_word"):
        return f["_word"]
    op = f["op"]
    if op == "controlled_by":
        return {"you": "you control", "other": "another player controls", "them": "they control",
                "enemy": "enemy", "friendly": "friendly"}.get(f["player"], f["player"])
    if op == "state":
        return f["is"].replace("_", "-")
    return op.replace("_", " ")


def _join(op: str, items: list, meta) -> dict:
    flat = []
    for item in items:
        flat.extend(item["items"] if item.get("op") == op else [item])
    return {"op": op, "items": flat, "pos": flat[0].get("pos", _pos(meta))}


def _player_state(state: str, meta) -> dict:
    return {"op": "select_of", "kind": "player", "quantity": {"mode": "one"},
            "filters": [{"op": "state", "is": state, "pos": _pos(meta)}], "pos": _pos(meta)}


def _each(player: dict) -> dict:
    """The players a subject names, as the selector of each_player: 'each player' stays each; 'the
    player to your left' is one; 'you' … is you."""
    return player


#: the kind each slot type gives a name or a pronoun written in it
SLOT_KINDS = {"survivor": ("survivor",), "card": ("card",), "player": ("player",), "location": ("location",),
              "thing": ("survivor", "card", "player", "location", "die"), "dice": ("die",),
              "survivor_or_card": ("survivor", "card"), "agent": ("survivor", "player"), "card_one": ("card",)}


def _typed(value, kind: str):
    """A slot's value with the kind its slot gives to a name or a pronoun; a bare count is its value."""
    if kind == "count" and isinstance(value, dict) and "one" in value:
        return value["value"]
    kinds = SLOT_KINDS.get(kind)
    if isinstance(value, dict) and kinds:
        if value.get("op") == "named" and value.get("kind") is None:
            value["kind"] = kinds[0] if len(kinds) == 1 or kind != "thing" else "survivor"
        elif value.get("op") == "?ref" and value.get("kinds") is None:
            value["kinds"] = kinds
    return value


def slot_names() -> set[str]:
    """Every slot type the forms use (each must be a rule of the grammar)."""
    out = set()
    for form in FORMS:
        for what, value in form_parts(form):
            if what == "slot":
                out.add(slot_rule(value.split(":")[1]))
    return out
