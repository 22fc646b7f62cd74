"""Rules text generated from compiled effect trees, in Portuguese, English and Vietnamese.

The words are data. ``render/catalogues/text/{pt,en,vi}.yaml`` hold one message per catalogue node
kind and a few phrase tables (cases, quantities, events …); ``render/catalogues/text/glossary.yaml``
holds the game's terms in each language. A message or phrase maps *forms* to Jinja templates:
a case the parent asks for ("at", "from", "not", "ing" …), an exact count ("=2"), a CLDR
plural category ("one", "many" …) or ``other``, which every message has. The plural category
comes from Babel, so Portuguese counts 0 as singular without a rule of ours.

``render`` turns a tree into text, ``card_texts`` does every program of a card, ``lint``
finds internals that leaked into text and ``disagreements`` compares authored and generated
text (for ``dow check`` to call).
"""
from __future__ import annotations

import atexit
import hashlib
import keyword
import marshal
import os
import pickle
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import jinja2
from babel import Locale
from ruamel.yaml import YAML

from dow.compiler.cachedir import cache_dir
from dow.compiler.checks import DIE_FACES
from dow.compiler.catalogue import BY_OP
from dow.compiler.messages import M

TEXT_DIR = Path(__file__).resolve().parent / "catalogues" / "text"
LANGS = ("pt", "en", "vi")
COUNT_FIELDS = ("count", "amount", "times", "n", "value", "min")
NODE_LISTS = ("options", "outcomes", "conds", "filters")
FRAMED = ("when", "if", "requires", "vote", "chooser", "tie_breaker")  # card fields whose text reads as a clause: "when …", "if …"


class TextError(Exception):
    """A tree the templates cannot say: a node kind, term or phrase with no text."""


@dataclass
class Language:
    """One language's messages, phrase tables, glossary and plural rule."""

    code: str
    messages: dict
    phrases: dict
    glossary: dict
    classifiers: dict
    contractions: list
    plural: object
    env: jinja2.Environment = field(default_factory=lambda: jinja2.Environment(undefined=jinja2.StrictUndefined))
    compiled: dict = field(default_factory=dict)
    #: the Python code Jinja made of each template source, kept on disk between runs (see ``_TextCache``)
    cache: "_TextCache | None" = None

    def template(self, source: str) -> jinja2.Template:
        """The compiled Jinja template of a form (compiled once; its code read from the disk cache if there)."""
        template = self.compiled.get(source)
        if template is None:
            text = str(source)
            code = self.cache.code(text) if self.cache else None
            if code is None:
                code = self.env.compile(text)
                if self.cache:
                    self.cache.keep(text, code)
            template = self.env.template_class.from_code(self.env, code, self.env.make_globals(None), None)
            self.compiled[source] = template
        return template

    def category(self, n) -> str:
        """The CLDR plural category of a count; ``other`` when the count is not a number."""
        return self.plural(abs(n)) if isinstance(n, int) else "other"


CACHE_VERSION = 2


class _TextCache:
    """One language's catalogue as read from YAML, and the code Jinja compiled of its templates, on disk.

    The file is named by a hash of everything it was made from (the catalogue's and the glossary's
    bytes, this module's source, which sets Jinja's options, the language, Jinja's version, Python's bytecode
    magic and CACHE_VERSION), so a changed catalogue, environment or Jinja simply misses. Reading the YAML catalogues with ruamel.yaml, compiling
    some 200 templates and loading Babel's locale data for the plural rule was most of a one-card
    ``dow check``; with the cache it is one pickle read (the plural rule is kept as its CLDR rules). The templates compiled in a run are added at the process's exit. A cache that
    cannot be read is ignored and one that cannot be written is skipped: the result is the same."""

    def __init__(self, path: Path | None):
        self.path, self.data, self.codes, self.new = path, None, {}, {}
        if path is None:
            return
        try:
            with open(path, "rb") as fh:
                stored = pickle.load(fh)
            self.data, self.codes = stored["data"], stored["codes"]
        except Exception:  # missing, truncated, from another version: read the YAML instead
            self.data, self.codes = None, {}

    def code(self, source: str):
        raw = self.codes.get(source)
        if raw is None:
            return None
        try:
            return marshal.loads(raw)
        except Exception:
            return None

    def keep(self, source: str, code) -> None:
        if self.path is None:
            return
        if not self.new:
            atexit.register(self.save)
            _PENDING.append(self)
        self.new[source] = marshal.dumps(code)

    def save(self, data=None) -> None:
        """Write the catalogue and every template's code (an atomic replace: concurrent runs are safe)."""
        if self.path is None or (data is None and not self.new):
            return
        if data is not None:
            self.data = data
        if self.data is None:
            return
        self.codes.update(self.new)
        self.new = {}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
            with open(tmp, "wb") as fh:
                pickle.dump({"data": self.data, "codes": self.codes}, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, self.path)
        except OSError:
            pass


_PENDING: list[_TextCache] = []


def save_caches() -> None:
    """Write the templates compiled so far now, not at exit: a build calls it before it records itself as
    finished, so nothing of it is still running when the build folder says it is up to date."""
    while _PENDING:
        _PENDING.pop().save()


def _text_cache(lang: str, source: str, base: Path) -> _TextCache:
    folder = cache_dir()
    if folder is None:
        return _TextCache(None)
    import importlib.util
    digest = hashlib.sha256()
    for part in (str(CACHE_VERSION), lang, jinja2.__version__, importlib.util.MAGIC_NUMBER.hex(), sys.version):
        digest.update(part.encode() + b"\0")
    for path in (base / f"{source}.yaml", base / "glossary.yaml", Path(__file__)):   # this module: Jinja's options
        try:
            digest.update(path.read_bytes() + b"\0")
        except OSError:
            return _TextCache(None)
    return _TextCache(folder / f"text-{lang}-{digest.hexdigest()[:24]}.pickle")


@lru_cache(maxsize=None)
def load_language(lang: str, folder: str | None = None) -> Language:
    """Read a language's templates and the glossary from ``folder`` (default: the package's)."""
    from dow.compiler.messages import PSEUDO, pseudo
    base = Path(folder) if folder else TEXT_DIR
    source = "en" if lang == PSEUDO else lang
    cache = _text_cache(lang, source, base)
    if cache.data is not None:
        data, glossary, rules = cache.data
        from babel.plural import PluralRule
        plural = PluralRule(rules)            # the locale's rule as Babel gives it, without loading its locale data
    else:
        yaml = YAML(typ="safe")
        data = yaml.load((base / f"{source}.yaml").read_text(encoding="utf-8"))
        glossary = yaml.load((base / "glossary.yaml").read_text(encoding="utf-8"))
        if lang == PSEUDO:  # the English templates and terms, every word accented (placeholders kept)
            data = {k: _pseudo_strings(v, pseudo) for k, v in data.items()}
            glossary = {key: {**entry, PSEUDO: _pseudo_strings(entry["en"], pseudo)}
                        for key, entry in glossary.items()}
        plural = Locale.parse(source).plural_form
        cache.save((data, glossary, plural.rules))
    return Language(lang, data["messages"], data["phrases"], glossary, data.get("classifiers") or {},
                    [(re.compile(p), r) for p, r in (data.get("contractions") or {}).items()],
                    plural, cache=cache)


def _pseudo_strings(value, fn):
    """Every text in a template tree transformed; form keys (one, other, at …) stay as they are."""
    if isinstance(value, dict):
        return {k: _pseudo_strings(v, fn) for k, v in value.items()}
    if isinstance(value, list):
        return [_pseudo_strings(v, fn) for v in value]
    return fn(value) if isinstance(value, str) else value


# ---- the renderer ------------------------------------------------------------------------

class Part:
    """A child node inside a template: prints as its text, and its raw fields read as attributes."""

    def __init__(self, renderer: "Renderer", value, **extra):
        self.r, self.value, self.extra = renderer, value, extra

    def __str__(self) -> str:
        return self.r.node(self.value, **self.extra)

    def __bool__(self) -> bool:
        return self.value is not None and self.value != []

    def __getattr__(self, name: str):
        if name.startswith(("_", "jinja")):
            raise AttributeError(name)
        raw = self.value.get(name) if isinstance(self.value, dict) else None
        return Part(self.r, raw) if isinstance(raw, dict) else raw


#: effect ops whose sentence starts with its subject, not a verb ('this survivor attacks'), and manual steps
SUBJECT_FIRST = ("manual", "perform")


class Block:
    """A statement list inside a template: prints as sentences."""

    def __init__(self, renderer: "Renderer", nodes: list):
        self.r, self.nodes = renderer, nodes or []

    def __str__(self) -> str:
        return self.joined(". ")

    def __bool__(self) -> bool:
        return bool(self.nodes)

    def joined(self, separator: str) -> str:
        """The statements' texts joined; 'nothing happens' when there are none."""
        return separator.join(self.r.node(n) for n in self.nodes) or self.r.word("nothing")

    @property
    def then(self) -> str:
        """The statements as one step: 'remove X, then gain 1 morale'."""
        return self.joined(self.r.word("then"))

    @property
    def and_(self) -> str:
        """The statements joined by 'and' (costs)."""
        return self.r.join([self.r.node(n) for n in self.nodes], "and")

    @property
    def imperative(self) -> bool:
        """Whether every statement starts with a verb (effects and control, not rules)."""
        return all(BY_OP[n["op"]].group in ("effect", "control", "cost") and n["op"] not in SUBJECT_FIRST
                   for n in self.nodes)


class Renderer:
    """Renders effect-tree nodes in one language."""

    def __init__(self, lang: Language, names: dict[str, str] | None = None):
        self.lang = lang
        known = names or {}
        self.helpers = {"card_name": lambda name: known.get(name, name),   # a card's name in this language
                        "term": contextual(self._term), "qty": self.qty, "form": self.form,
                        "phrase": contextual(self._phrase), "an": _pseudo_an if lang.code == "qps" else an,
                        "terms": self.terms,
                        "and_": lambda items: self.join(items, "and"), "or_": lambda items: self.join(items, "or")}

    # -- nodes
    def node(self, value, case: str | None = None, **extra) -> str:
        """The text of a node, a statement list or a plain value."""
        if isinstance(value, list):
            return str(Block(self, value))
        if not isinstance(value, dict):
            return "" if value is None else str(value)
        message = self.lang.messages.get(value.get("op"))
        if message is None:
            raise TextError(f"no {self.lang.code} message for node kind {value.get('op')!r}")
        ctx = self.context(value, extra, case)
        takes = case in message or case in message.get("takes", ()) or case in ctx.get("consumed", ())
        ctx["case"] = case if takes else None
        text = self.pick(message, ctx, case if takes else None)
        return text if takes or not case else self.wrap(case, text)

    def context(self, node: dict, extra: dict, case: str | None) -> dict:
        """Template variables: the node's fields as parts, the helpers, and kind-specific extras."""
        spec = BY_OP[node["op"]]
        ctx = {"op": node["op"], "case": case, "cat": None, "fem": False, "faces": 6, **self.helpers}
        inherit = {"faces": DIE_FACES.get(node.get("die"), 6)} if node["op"] == "roll" else {}
        for name, ftype in spec.fields.items():
            ctx[jinja_name(name)] = self.wrap_field(node.get(name), ftype.rstrip("?"), inherit)
        ctx.update(EXTRAS.get(node["op"], lambda r, n, c: {})(self, node, case))
        ctx.update(extra)
        ctx["amount_n"] = amount(node)
        return ctx

    def wrap_field(self, value, ftype: str, inherit: dict):
        """A field as templates see it: blocks, parts, lists of parts, localized text, or raw."""
        if ftype == "block":
            return Block(self, value)
        if ftype in NODE_LISTS:
            return [Part(self, v, **inherit) for v in value or []]
        if ftype == "localized":
            return (value or {}).get(self.lang.code, "").strip().rstrip(".")
        if isinstance(value, dict) or value is None:
            return Part(self, value, **inherit)
        return value

    def pick(self, forms, ctx: dict, case: str | None) -> str:
        """Render the form of a message or phrase that fits the case, the count and the player."""
        if isinstance(forms, str):
            return self.lang.template(forms).render(ctx)
        n = ctx.get("amount_n")
        keys = [case, "you" if ctx.get("you") else None, f"={n}" if isinstance(n, int) else None,
                self.lang.category(n) if isinstance(n, int) else None, "other"]
        source = next(forms[k] for k in keys if k and k in forms)
        return self.lang.template(source).render(ctx)

    def wrap(self, case: str, text: str) -> str:
        """Put a text in a case the node has no form for: 'at the colony', 'it is not true that …'."""
        source = self.lang.phrases["cases"].get(case)
        return self.lang.template(source).render(np=text) if source else text

    # -- helpers the templates call
    def form(self, part, case: str) -> str:
        """A child in a case: form(at, 'from') -> 'from the colony'."""
        if isinstance(part, Part):
            return self.node(part.value, case, **part.extra) if part else ""
        return self.node(part, case)

    def _phrase(self, ctx, table: str, key: str) -> str:
        """A phrase from a table, rendered with the calling template's variables."""
        entries = self.lang.phrases.get(table) or {}
        entry = entries.get(key, entries.get("other"))
        if entry is None:
            raise TextError(f"no {self.lang.code} phrase {table}.{key}")
        variables = ctx.get_all()
        case = variables.get("case")
        if isinstance(entry, dict) and case and case not in entry and case in self.lang.phrases["cases"]:
            return self.wrap(case, self.pick(entry, variables, None))
        return self.pick(entry, variables, case)

    def _term(self, ctx, key: str, n=None) -> str:
        """A glossary word, agreeing with a count (or the noun in hand) and its gender."""
        return self.term(key, n if n is not None else ctx.get("cat"), ctx.get("fem", False))

    def term(self, key: str, n=None, fem: bool = False) -> str:
        """A glossary word in this language: n is a count or a CLDR category."""
        forms = self.entry(key)
        if isinstance(forms, str):
            return forms
        if fem and "fem" in forms:
            forms = forms["fem"]
        cat = n if isinstance(n, str) else self.lang.category(n) if n is not None else "one"
        return forms.get(cat) or forms["other"]

    def entry(self, key: str):
        """The glossary entry of a term in this language."""
        try:
            return self.lang.glossary[key][self.lang.code]
        except KeyError:
            raise TextError(f"no {self.lang.code} glossary term for {key!r}") from None

    def gender_f(self, key: str) -> bool:
        """Whether a glossary noun is feminine (Portuguese agreement)."""
        forms = self.entry(key)
        return isinstance(forms, dict) and forms.get("gender") == "f"

    def terms(self, prefix: str, values, conj: str = "or") -> str:
        """Several glossary words joined: terms('action', ['move', 'search']) -> 'move or search'."""
        return self.join([self.term(f"{prefix}.{v}") for v in values], conj)

    def word(self, key: str) -> str:
        """A little word of the language: 'and', 'or', 'then', 'nothing'."""
        return self.lang.phrases["words"][key]

    def join(self, items, conj: str) -> str:
        """'a, b and c' in this language."""
        items = [str(i) for i in items]
        if len(items) < 2:
            return "".join(items)
        return ", ".join(items[:-1]) + f" {self.word(conj)} " + items[-1]

    # -- noun phrases
    def qty(self, count, key: str, filters=()) -> str:
        """A counted noun phrase: qty(3, 'kind.zombie') -> '3 zombies', 'all zombies', 'that many zombies'."""
        count = count.value if isinstance(count, Part) else count
        mode, n = count_mode(count)
        ctx = self.noun_context(key, mode, n, [f.value if isinstance(f, Part) else f for f in filters], "")
        if mode == "expr":
            ctx.update(mode="count", n=self.node(count))
        return self.pick(self.lang.phrases["quantity"][ctx["mode"]], ctx, None)

    def noun_context(self, key: str, mode: str, n, filters: list, kind: str) -> dict:
        """Variables of a quantified noun: the head word wrapped by each filter, its gender and classifier."""
        cat = self.lang.category(n) if mode in ("count", "up_to", "all_but", "top") else \
            "other" if mode in ("all", "at_least", "bare", "result", "expr") else self.lang.category(1)
        fem = self.gender_f(key)
        noun = self.term(key, cat, fem)
        filters = _other_said_once(filters)
        for f in sorted(filters, key=self.filter_rank):
            noun = self.node(f, noun=noun, fem=fem, cat=cat, kind=kind)
        return {**self.helpers, "noun": noun, "n": n, "fem": fem, "cat": cat, "mode": mode,
                "cl": self.lang.classifiers.get(key, ""), "amount_n": n, "you": False}

    def filter_rank(self, node: dict) -> int:
        """Where a filter goes in the language's order of wrapping, innermost first ('state.other' before 'state')."""
        order = self.lang.phrases["filter_order"]
        value = next((v for k, v in node.items() if k not in ("op", "pos") and isinstance(v, str)), "")
        keys = [k for k in (f"{node['op']}.{value}", node["op"]) if k in order]
        return order.index(keys[0]) if keys else len(order)


def _other_said_once(filters: list) -> list:
    """'each other survivor sharing a location with this survivor': a thing other than the one it shares a
    location with reads as 'other', not as 'other than this survivor' after it."""
    def bare(value):
        if isinstance(value, dict):
            return {k: bare(v) for k, v in value.items() if k != "pos"}
        return value
    shared = [bare(f.get("with")) for f in filters if isinstance(f, dict) and f.get("op") == "sharing_location"]
    return [{"op": "state", "is": "other"} if isinstance(f, dict) and f.get("op") == "other_than"
            and bare(f.get("target")) in shared else f for f in filters]


def contextual(method):
    """A method made callable from templates with the calling template's context first."""
    return jinja2.pass_context(lambda ctx, *args: method(ctx, *args))


def count_mode(count) -> tuple[str, object]:
    """A count field as (quantity mode, n): 3 -> ('count', 3), all -> ('all', None) …"""
    if isinstance(count, int):
        return "count", count
    op = (count or {}).get("op")
    modes = {"all_count": "all", "up_to": "up_to", "all_but": "all_but", "result": "result"}
    return modes.get(op, "expr"), (count or {}).get("n")


def amount(node: dict):
    """The count a message's plural form follows: a described quantity, else the first count field."""
    selector = node.get("selector")
    if isinstance(selector, dict) and selector.get("op") == "select_of":
        quantity = selector["quantity"]
        return {"one": 1, "each": 1}.get(quantity["mode"], quantity.get("n") if quantity["mode"] == "count" else None)
    first = next((node[k] for k in COUNT_FIELDS if k in node and not isinstance(node[k], bool)), None)
    return first if isinstance(first, int) else None      # 'all action dice': a count that is no number


def jinja_name(name: str) -> str:
    """A field name usable in a template ('from' -> 'from_')."""
    return name + "_" if keyword.iskeyword(name) or name in ("is", "with", "not", "in") else name


def an(text: str) -> str:
    """English indefinite article: 'an unused die', 'a survivor', 'another player'."""
    if text.startswith("other "):
        return "an" + text
    first = text.lstrip('"')[:1].lower()          # 'an "Outsider 2" card': the sound of the quoted name
    return ("an " if first and first in "aeiou" else "a ") + text


def _pseudo_an(text: str) -> str:
    """The English article of the pseudo-locale, accented like every other word there."""
    from dow.compiler.messages import accent
    out = an(text)
    return accent(out[:len(out) - len(text)]) + text


def _select_of(r: Renderer, node: dict, case) -> dict:
    quantity = node["quantity"]
    mode = case if case in ("bare", "none") else quantity["mode"]
    ctx = r.noun_context(f"kind.{node['kind']}", mode, quantity.get("n"), node["filters"], node["kind"])
    return {**ctx, "consumed": ("bare", "none")}


def _ref(r: Renderer, node: dict, case) -> dict:
    key = f"kind.{node['kind']}"
    return {"noun": r.term(key, "one"), "nouns": r.term(key, "other"), "fem": r.gender_f(key), "kind": node["kind"]}


def _for_each(r: Renderer, node: dict, case) -> dict:
    """'for each of the drawn cards': a loop over things a back-reference names, with their noun."""
    sel = node["selector"]
    if sel.get("op") != "ref":
        return {"of_ref": False}
    key = f"kind.{sel['kind']}"
    return {"of_ref": True, "each_noun": r.term(key, "one"), "each_fem": r.gender_f(key)}


def _location(r: Renderer, node: dict, case) -> dict:
    key = f"location.{node['id']}"
    return {"name": r.term(key, "one"), "fem": r.gender_f(key)}


def _event(r: Renderer, node: dict, case) -> dict:
    """An event's places and conditions ('where'), whether you are its actor, and the kind of thing its actor
    is ('actor_kind': "zombie" for "a zombie is killed", which names no one), and whether it is anyone at all
    ('anyone': "an exile vote ends")."""
    where = " ".join(r.node(f, noun="", fem=False, cat="one", kind="") for f in node.get("filters") or [])
    actor = node.get("actor") or {}
    anyone = actor.get("op") == "select_of" and not actor.get("filters")
    subject = node.get("subject") or {}
    by_card = subject.get("kind") == "card" and actor.get("kind") != "card" and node.get("kind") == "heal"
    return {"you": actor.get("op") == "you", "where": where, "actor_kind": actor.get("kind", ""), "anyone": anyone,
            "by_card": by_card}


def _forbid(r: Renderer, node: dict, case) -> dict:
    """'cannot play food cards': the cards a forbid names, as a bare noun phrase (or the one card it names)."""
    if node.get("card"):                  # "you cannot play the chosen card"
        return {"cards_np": r.node(node["card"])}
    if not node.get("cards"):
        return {"cards_np": ""}
    ctx = r.noun_context("kind.card", "bare", None, node["cards"], "card")
    return {"cards_np": r.pick(r.lang.phrases["quantity"]["bare"], ctx, None)}


class _Grouped(Part):
    """A condition inside one that joins the other way, in the language's brackets ('A and (B or C)')."""

    def __str__(self) -> str:
        return self.r.lang.template(self.r.lang.phrases["group"]).render(np=super().__str__().strip())


def _all(r: Renderer, node: dict, case) -> dict:
    """An 'all''s conditions, an 'any' among them grouped: 'and' binds tighter than 'or' (as the effect
    language reads it), so only an 'or' inside an 'and' needs its brackets."""
    return {"items": [_Grouped(r, v) if isinstance(v, dict) and v.get("op") == "any" else Part(r, v)
                      for v in node.get("items") or []]}


EXTRAS = {"all": _all, "for_each": _for_each, "forbid": _forbid, "select_of": _select_of, "ref": _ref, "named": _ref, "location": _location, "event": _event}


# ---- finishing, the public functions -----------------------------------------------------

def finish(text: str, lang: Language) -> str:
    """Tidy generated text into sentences: spacing, contractions, capitals, a full stop."""
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([.,;:])", r"\1", text)
    for pattern, replacement in lang.contractions:
        text = pattern.sub(replacement, text)
    text = re.sub(r"\.(\s*\.)+", ".", text)
    text = re.sub(r"(^|[.!?]\s+)(\w)", lambda m: m[1] + m[2].upper(), text)
    return text if text.endswith((".", "!", "?")) or not text else text + "."


def render(tree, lang: str, templates: Path | None = None) -> str:
    """Rules text of a tree (a statement list) or of one node, as finished sentences."""
    language = load_language(lang, str(templates) if templates else None)
    return finish(Renderer(language).node(tree), language)


def programs(card, path: str = ""):
    """Every compiled program of a card: (dotted path, field name, tree)."""
    if isinstance(card, dict) and set(card) == {"source", "tree"}:
        yield path, path.rpartition(".")[2], card["tree"]
    elif isinstance(card, dict):
        for key, value in card.items():
            yield from programs(value, f"{path}.{key}" if path else key)
    elif isinstance(card, list):
        for i, value in enumerate(card):
            yield from programs(value, f"{path}.{i}")


def names_in(cards: list[dict], lang: str) -> dict[str, str]:
    """Every card's name in one language by its English name: what ``card_texts`` needs to write a
    card named in an effect ('"Junk" cards') in the reader's language."""
    return {c["name"]["en"]: c["name"].get(lang) or c["name"]["en"] for c in cards
            if isinstance(c.get("name"), dict) and "en" in c["name"]}


def _when_before_if(found: list) -> tuple[list, set]:
    """The programs with a trigger's (a goal's) 'when' said before its 'if', as the card prints them,
    and the set of their paths."""
    paths = {path for path, _, _ in found}
    ifs = {path: item for item in found for path in [item[0]] if item[1] == "if"}
    ordered = []
    for item in found:
        path, name, _ = item
        if name == "if" and path.rpartition(".")[0] + ".when" in paths:
            continue                       # said right after its 'when'
        ordered.append(item)
        if name == "when" and path.rpartition(".")[0] + ".if" in ifs:
            ordered.append(ifs[path.rpartition(".")[0] + ".if"])
    return ordered, paths


def card_texts(card: dict, lang: str, templates: Path | None = None,
               names: dict[str, str] | None = None) -> dict[str, str]:
    """Generated text of every program of a compiled card, by path ('options.0.effect'); ``names`` gives
    the cards' names in this language by their English name ('"Junk" cards' reads 'cartas "Sucata"')."""
    language = load_language(lang, str(templates) if templates else None)
    renderer = Renderer(language, names)
    out = {}
    found, paths = _when_before_if(list(programs(card)))
    for path, name, tree in found:
        text = renderer.node(tree)
        if name in ("effect", "setup") and tree == []:     # an option printed with no effect
            text = language.phrases["words"]["nothing"]
        if name in FRAMED:
            # a frame knows what it frames (part: 'trigger', 'goals', …) and whether an 'if' follows the
            # 'when' of the same trigger or goal: vi says each as a whole sentence ("Thẻ được kích hoạt
            # khi …", "Thẻ chỉ được kích hoạt nếu …"), not a bare "Nếu …." clause
            after_when = name == "if" and path.rpartition(".")[0] + ".when" in paths
            text = language.template(language.phrases["frames"][name]).render(
                text=text, part=path.split(".")[0], after_when=after_when)
        out[path] = finish(text, language)
    return out


# ---- the internals lint --------------------------------------------------------------------

LEAKS = (
    (r"\b[A-Za-z]+(?:_[A-Za-z0-9]+)+\b", "snake_case word"),
    (r"\b[a-z0-9-]+\.[a-z0-9-]+\.[a-z0-9-]+\b", "card id"),
    (r"[{}]|%\}|\{%|\$\{", "brace or template placeholder"),
    (r"[\[\]]", "bracket (list repr)"),
    (r"\b(?:None|True|False|undefined)\b", "Python value"),
    (r"['\"]\w+['\"]\s*:", "dict repr"),
    (r"<[a-zA-Z/]", "markup"),
)
ENGLISH_FUNCTION_WORDS = ("you", "and", "each", "with", "from", "here", "there", "spend", "kill", "roll", "place")


def lint(text: str, lang: str, names=()) -> list[str]:
    """What in a generated text shows internals (ids, snake_case, placeholders, reprs, English in pt/vi)."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    problems = [f"{what}: {m.group(0)!r}" for pattern, what in LEAKS for m in re.finditer(pattern, text)]
    problems += [f"node kind name: {op!r}" for op in BY_OP if "_" in op and op in text]
    if lang != "en":
        problems += [f"English word in {lang} text: {m.group(0)!r}" for m in
                     re.finditer(rf"\b(?:{'|'.join(english_words(lang))})\b", text, re.IGNORECASE)]
    return problems


@lru_cache(maxsize=None)
def english_words(lang: str) -> tuple[str, ...]:
    """Known English vocabulary (glossary words and a few function words) that a pt/vi text must not show."""
    language = load_language(lang)
    glossary = language.glossary
    own = {w.lower() for entry in glossary.values() for w in re.findall(r"\w+", str(entry.get(lang, "")))}
    said = re.sub(r"\{[{%].*?[%}]\}", " ", str([language.messages, language.phrases]))  # text, not template code
    own |= {w.lower() for w in re.findall(r"\w+", said)}
    words = {w.lower() for entry in glossary.values() for w in re.findall(r"[A-Za-z]{4,}", str(entry.get("en", "")))}
    words -= own | {"other", "gender", "fem", "one"}
    return tuple(sorted(words | set(ENGLISH_FUNCTION_WORDS)))


# ---- authored text against generated text ------------------------------------------------

def disagreements(card: dict, lang: str, names: dict[str, str] | None = None) -> list[str]:
    """Where a card's authored ``text:`` and the generated text of the programs beside it disagree.

    Compares, for every part of the card that has both (an ability, an option, a trigger, a
    goal, the set-up …), the multiset of numbers in the two texts, and whether every card the
    programs name by name appears in the authored text. Returns one line per disagreement,
    e.g. ``options.1: numbers differ: authored 3, generated 1, 3``; an empty list when they
    agree. ``names`` gives the cards' names in ``lang`` by their English name (``names_in``): a card the
    programs name is looked for in the authored text as the reader's language spells it.
    Meant for ``dow check`` to report (not wired into the pipeline here).
    """
    generated: dict[str, list[str]] = {}
    named: dict[str, set[str]] = {}
    texts = card_texts(card, lang, names=names)
    spelt = names or {}
    for path, _, tree in programs(card):
        parent = path.rpartition(".")[0]
        generated.setdefault(parent, []).append(texts[path])
        named.setdefault(parent, set()).update(spelt.get(n, n) for n in named_cards(tree))
    for parent, sentence in [*starting_values(card, lang), *requirements(card, lang)]:
        if parent in generated:
            generated[parent].append(sentence)
    out = []
    for parent, authored in authored_texts(card, lang):
        if parent in generated:
            out += compare(parent or "card", authored, " ".join(generated[parent]), named[parent])
    return out


def starting_values(card: dict, lang: str):
    """A main objective's starting morale and round track (data, not a program), as sentences of the parts
    that say them: the set-up, and a goal met by the round track reaching 0 alone ("hold out for 8 rounds")."""
    setup = card.get("setup")
    if not isinstance(setup, dict) or card.get("kind") != "main-objective":
        return
    language = load_language(lang)
    said = {key: language.template(language.phrases["starts"][key]).render(n=setup[key])
            for key in ("morale", "rounds") if isinstance(setup.get(key), int)}
    for key in said:
        yield "setup", said[key]
    for i, goal in enumerate(card.get("goals") or []):
        when = goal.get("when") if isinstance(goal, dict) else None
        survive = isinstance(when, dict) and (when.get("tree") or {}).get("kind") == "round_track_zero" and \
            "if" not in goal   # met by the round track alone: "survive 8 rounds"
        if "rounds" in said and survive:
            yield f"goals.{i}", said["rounds"]


def requirements(card: dict, lang: str):
    """A Winter Tricks event's ``requires:`` (data beside its damage program), as the sentence its text says
    first: "hand over 2 tools cards, or" (its effect says the damage)."""
    wants = card.get("requires") if card.get("kind") == "winter-event" else None
    if not isinstance(wants, list) or not wants:
        return
    language = load_language(lang)
    said = [language.template(language.phrases["requirement"][w["resource"]]).render(n=w.get("count") or 1)
            for w in wants if isinstance(w, dict) and w.get("resource") in language.phrases["requirement"]]
    if said:
        items = said[0] if len(said) == 1 else \
            f"{', '.join(said[:-1])} {language.phrases['words']['and']} {said[-1]}"
        yield "", language.template(language.phrases["hand_over"]).render(items=items)


#: how many times, in words, in the three languages ("twice", "duas vezes", "hai lần" say 2 as "2 times"
#: does); other number words are left alone ("the two survivors" describes, it does not count)
NUMBER_WORDS = {
    "two": 2, "twice": 2, "three": 3, "thrice": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "dois": 2, "duas": 2, "três": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8, "nove": 9,
    "dez": 10, "onze": 11, "doze": 12,
    "hai": 2, "ba": 3, "bốn": 4, "tư": 4, "sáu": 6, "bảy": 7, "tám": 8, "chín": 9, "mười": 10,
}


def _numbers(text: str) -> list[str]:
    """The numbers a text says, in digits or in words of one of the three languages."""
    found = re.findall(r"\d+", text)
    lowered = text.lower()
    said = re.findall(r"([^\W\d_]+) (?:times|vezes|lần)\b", lowered) + re.findall(r"\b(twice|thrice)\b", lowered)
    return found + [str(NUMBER_WORDS[w]) for w in said if w in NUMBER_WORDS]


def compare(where: str, authored: str, generated: str, names: set[str]) -> list[str]:
    """Disagreements between one authored text and the generated text of the same part."""
    out = []
    # the numbers 2 and up, each once: a "1" is as often "a" or "one" in a sentence, and saying a
    # number again ("on a 1 or 2 … on a 1 or 2") is style; a 2 against a 3 is a different card
    mine, theirs = (Counter(set(n for n in _numbers(text) if int(n) >= 2)) for text in (authored, generated))
    if mine != theirs:
        out.append(M("L004.numbers", where=where, authored=", ".join(sorted(mine.elements())) or M("word.none"),
                     generated=", ".join(sorted(theirs.elements())) or M("word.none")))
    for name in sorted(names):
        if name not in authored and name.split()[0] not in authored:
            out.append(M("L004.name-missing", where=where, name=name))
    return out


def authored_texts(card, lang: str, path: str = ""):
    """Every authored ``text:`` of a card: (path of the part it describes, the text in lang)."""
    if isinstance(card, dict) and set(card) != {"source", "tree"}:
        text = card.get("text")
        if isinstance(text, dict) and isinstance(text.get(lang), str):
            yield path, text[lang]
        for key, value in card.items():
            if key != "text" and isinstance(value, (dict, list)) and not (isinstance(value, dict) and "op" in value):
                yield from authored_texts(value, lang, f"{path}.{key}" if path else key)
    elif isinstance(card, list):
        for i, value in enumerate(card):
            if isinstance(value, (dict, list)):
                yield from authored_texts(value, lang, f"{path}.{i}")


def named_cards(tree) -> set[str]:
    """The card names a tree mentions ("Forest Plum")."""
    if isinstance(tree, dict):
        found = {tree["card"]} if tree.get("op") == "named" else set()
        return found.union(*(named_cards(v) for v in tree.values()))
    if isinstance(tree, list):
        return set().union(*(named_cards(v) for v in tree))
    return set()


def text_warnings(cards: list[dict]) -> list:
    """L004 warnings for ``dow check`` (on unless --no-compare-text): authored and generated texts that disagree."""
    from dow.compiler.cards import LANGS
    from dow.compiler.diagnostics import WARNING, Diagnostic
    out = []
    spelt = {lang: names_in(cards, lang) for lang in LANGS}
    for card in cards:
        for lang in LANGS:
            for line in disagreements(card, lang, spelt[lang]):
                out.append(Diagnostic("L004", M("L004.in-lang", lang=lang, text=line), card["file"], 1, 1,
                                      severity=WARNING, hint=M("hint.text-agree")))
    return out


# ---- the text comparison kept between checks --------------------------------------------------
#
# Regenerating every card's text in three languages on every ``dow check`` was two thirds of a check of
# a large project. A card's L004 warnings depend on nothing but the compiled card (its trees, its authored
# texts and its file's name: ``text_warnings`` of one card reads only that card) and on the renderer (this
# module, the node catalogue, the text catalogues and glossary, Jinja's and Babel's versions). So each
# card's warnings are kept in the toolchain's cache folder, one small JSON file per card named by a hash of
# the card, in a folder named by a hash of the renderer (``renderer_stamp``): a changed card, catalogue word
# or renderer misses and is compared again. A file that cannot be read, or holds anything but warnings,
# is ignored (and written again); one that cannot be written is skipped: the warnings are the same.

#: the layout of a kept file; a file of another layout is ignored
KEPT_FORMAT = 1
@lru_cache(maxsize=None)
def renderer_stamp() -> str | None:
    """sha256 of everything a card's L004 warnings depend on besides the card: this module, the node
    catalogue and the die faces (compiler/catalogue.py, compiler/checks.py), the languages' list
    (compiler/cards.py), every file of the text catalogues (messages, phrases, glossary), Jinja's and
    Babel's versions and Python's; None when one of them cannot be read."""
    import babel

    from dow.compiler import cards, catalogue, checks
    digest = hashlib.sha256()
    for part in (str(KEPT_FORMAT), sys.version, jinja2.__version__, babel.__version__):
        digest.update(part.encode() + b"\0")
    sources = [Path(__file__), Path(catalogue.__file__), Path(checks.__file__), Path(cards.__file__),
               *sorted(TEXT_DIR.iterdir())]
    for path in sources:
        try:
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        except OSError:
            return None
    return digest.hexdigest()


def kept_folder(root: Path) -> Path | None:
    """Where a project's kept text warnings live: ``<cache folder>/check-text/<project>/<renderer stamp>``
    (the cache folder is the text cache's: ``$DOW_CACHE_DIR``, ``$XDG_CACHE_HOME/dow`` or ``~/.cache/dow``;
    never in the project, whose build/ a ``dow build --out DIR`` must not touch). None when it is off."""
    folder, stamp = cache_dir(), renderer_stamp()
    if folder is None or stamp is None:
        return None
    project = hashlib.sha256(str(Path(root).resolve()).encode()).hexdigest()[:16]
    return folder / "check-text" / project / stamp[:24]


def card_key(card: dict) -> str | None:
    """sha256 of a compiled card as the bundle holds it (key order included: the warnings follow it)."""
    import json
    try:
        return hashlib.sha256(json.dumps(card, ensure_ascii=False, separators=(",", ":")).encode()).hexdigest()
    except (TypeError, ValueError):   # not plain data: compare it again, keep nothing
        return None


def _msg_json(value):
    """A message, or a message's parameter, as JSON (``Msg.to_json`` for messages)."""
    if isinstance(value, M):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_msg_json(v) for v in value]
    return value


def _msg_of(value):
    """The message, or parameter, that ``_msg_json`` wrote."""
    if isinstance(value, dict):
        return M(value["msg_id"], **{k: _msg_of(v) for k, v in value["params"].items()})
    if isinstance(value, list):
        return [_msg_of(v) for v in value]
    if value is None or isinstance(value, (str, int, float)):
        return value
    raise ValueError(f"not a message parameter: {value!r}")


def _read_kept(path: Path, key: str) -> list | None:
    """The (language, line) pairs kept for a card, or None if the file is missing or not one we wrote."""
    import json
    try:
        data = json.loads(path.read_bytes())
        if not isinstance(data, dict) or data.get("format") != KEPT_FORMAT or data.get("card") != key:
            return None
        found = []
        for lang, line in data["warnings"]:
            text = _msg_of(line)
            if lang not in LANGS or not isinstance(text, M) or text.id.split(".")[0] != "L004":
                return None
            found.append((lang, text))
        return found
    except Exception:  # unreadable, truncated, not JSON, a message the catalogues no longer have: compare again
        return None


def _write_kept(path: Path, key: str, lines: list) -> None:
    import json
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"format": KEPT_FORMAT, "card": key,
                                   "warnings": [[lang, _msg_json(line)] for lang, line in lines]},
                                  ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)       # atomic: a concurrent check reads the old file or the new one
    except OSError:
        pass


def _card_lines(card: dict) -> list:
    """(language, line) of every disagreement of one card: what ``text_warnings`` reports for it."""
    from dow.compiler.cards import LANGS as CARD_LANGS
    return [(lang, line) for lang in CARD_LANGS for line in disagreements(card, lang, names_in([card], lang))]


def kept_text_warnings(cards: list[dict], folder: Path | None = None) -> list:
    """``text_warnings`` of one card, read from ``folder`` (``kept_folder``) when the card was compared
    before, compared and kept there otherwise; the warnings are the same either way. ``dow check`` passes
    it to the compile with the folder bound (``functools.partial``: worker processes receive both by value)."""
    from dow.compiler.diagnostics import WARNING, Diagnostic
    if folder is None or len(cards) != 1:    # several cards: each one's names are the others' too
        return text_warnings(cards)
    out = []
    for card in cards:
        key = card_key(card)
        path = folder / f"{key}.json" if key else None
        lines = _read_kept(path, key) if path else None
        if lines is None:
            lines = _card_lines(card)
            if path:
                _write_kept(path, key, lines)
        else:
            try:
                os.utime(path)    # used now: kept at the next prune
            except OSError:
                pass
        out += [Diagnostic("L004", M("L004.in-lang", lang=lang, text=line), card["file"], 1, 1,
                           severity=WARNING, hint=M("hint.text-agree")) for lang, line in lines]
    return out


def prune_kept(folder: Path | None, since: float) -> None:
    """After a check of the whole project: drop the kept files it did not use (not read or written since
    ``since``, a ``time.time()``) and the folders of other renderers, so the cache holds one project's worth."""
    from dow.compiler.cachedir import prune_stamped
    prune_stamped(folder, since)
