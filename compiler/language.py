"""One effect text through the language's passes: parse, bind, resolve references, check.

``bind_text`` is what the pipeline runs on each effect, condition, event and voters field of a card
(compiler/pipeline.py adds the card's own referents and lowering); tools and tests call it on a text
alone with the referents its card would give (``{"self": "survivor"}`` for a survivor's ability).
"""
from __future__ import annotations

from dow.dsl import EffectSyntaxError, Origin, parse, parse_condition

from . import checks
from .messages import from_parser
from .errors import BindError
from .referents import Referent, Referents, Scope
from .statements import Statements

#: the participle of a referent a card gives by name ("the rolled survivor")
_PARTICIPLE = {"rolled": "rolled", "moved": "moved", "wounded": "wounded", "searching": "searching",
               "attacking": "attacking", "new": "new", "played": "played", "used": "used", "killed": "killed",
               "drawn": "drawn", "chosen": "chosen"}


def scope_of(given: dict[str, str] | tuple = (), they: bool = False) -> Scope:
    """A scope holding what a card gives ({"self": "survivor", "moved": "survivor", …})."""
    out = Scope()
    for name, kind in (given.items() if isinstance(given, dict) else given):
        out.add(Referent(name, kind, _PARTICIPLE.get(name), False, None, fixed=True))
    if they:
        out.they = {"op": "ref", "name": "each", "kind": "player"}
    return out


def bind_block(block, scope: Scope) -> tuple[list, list]:
    """(tree, errors) of a parsed effect block in a scope."""
    binder = Statements()
    tree = binder.block(block)
    errors: list = list(binder.errors)
    if not errors:
        refs = Referents()
        refs.block(tree, scope)
        refs.finish()
        errors += refs.errors
    return tree, errors


def bind_cond(clause, scope: Scope, start: str = "cond"):
    """(node, errors) of a condition or an event (a clause) in a scope."""
    binder = Statements()
    try:
        node = binder.read(clause, start) if start != "cond" else binder.cond(clause)
    except (BindError, EffectSyntaxError) as err:
        return None, [err]
    refs = Referents()
    try:
        node = refs.value(node, scope, start, start)
    except BindError as err:
        return node, [err]
    refs.finish()
    return node, list(refs.errors)


def _located(err) -> BindError:
    """A syntax error as a BindError with catalogue messages (what every other pass returns)."""
    if isinstance(err, EffectSyntaxError):
        return BindError(err.code, from_parser(err.message), err.pos, expected=from_parser(err.expected),
                         hint=from_parser(err.hint), width=err.width)
    return err


def bind_text(text: str, given: dict[str, str] | None = None, kind: str = "effect",
              origin: Origin = Origin()) -> tuple[list | dict | None, list]:
    """(tree, errors) of an effect text (or a condition, an event) alone, every check of the language run."""
    scope = scope_of(given or {}, they=kind == "voters")
    try:
        if kind == "effect":
            tree, errors = bind_block(parse(text if text.endswith("\n") else text + "\n", origin), scope)
        elif kind in ("cond", "voters"):
            tree, errors = bind_cond(parse_condition(text, origin), scope)
        else:
            block = parse(text.strip().rstrip(".") + "\n", origin)
            tree, errors = bind_cond(block.stmts[0].clauses[0], scope, "event")
    except EffectSyntaxError as err:
        return None, [_located(err)]
    if not errors and tree is not None:
        nodes = tree if isinstance(tree, list) else [tree]
        errors = checks.typecheck(nodes) + checks.structure(nodes)
    return tree, [_located(e) for e in errors]
