"""Module-level state changed at run time: what docs/contributing.md forbids beside the layers.

A module keeps no state that changes while dow runs, beyond caches of what it reads: no registry a
caller fills in, no global a command sets. This check reads every module of the project (the same
folders as tests/layers.py) and reports, with file and line:

* a ``global`` statement in a function (the function rebinds a module's name);
* a module-level name bound to a mutable container (a list, dict or set display or comprehension,
  or a call of ``list``, ``dict``, ``set``, ``defaultdict``, ``OrderedDict``, ``Counter``,
  ``deque``) that a function changes in place: a call of one of its mutating methods
  (``X.append(…)``, ``X.update(…)``, ``X.setdefault(…)`` …), an item or slice written or deleted
  (``X[k] = …``, ``X[k] += …``, ``del X[k]``).

A name a function binds itself (a parameter, an assignment, a loop variable) is that function's
own and is not the module's. Code at the top of a module runs once, at import, while the module
builds its tables: it is not counted. What a module may keep is listed in ``CACHES``, each with
the reason it is only a cache (``ALLOWED``); the check reports an entry that no longer matches
anything, so the list cannot outlive what it excuses; what is real state still to be taken out is
listed in ``TO_REMOVE`` with how, and reported without failing. The tests' functions are read too,
for changes of a project module's containers through the name it was imported as (a registry only a
test fills in is still a registry).

    python3 tests/module_state.py [ROOT]     print what it finds, exit 1 if anything

tests/test_layers.py runs the same check in the test suite.
"""
from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

from layers import find_modules

#: constructors of mutable containers
MUTABLE_CALLS = {"list", "dict", "set", "defaultdict", "OrderedDict", "Counter", "deque", "bytearray"}
#: the methods that change a container in place
MUTATORS = {"append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault", "add", "discard",
            "popitem", "appendleft", "extendleft", "popleft", "sort", "reverse", "difference_update",
            "intersection_update", "symmetric_difference_update", "__setitem__", "__delitem__"}

#: (file, name): why what a function changes there is not state that changes while dow runs: a cache
#: of what dow reads or has written, or a worker process's input, set once when that process starts
ALLOWED: dict[tuple[str, str], str] = {
    ("render/text.py", "_PENDING"): "cache: the text caches with templates compiled in this run and not yet on "
                                    "disk; save_caches() writes them out (as at exit) and empties it",
    ("compiler/statements.py", "_READ"): "cache: the node a clause's words build, by the words (the same words "
                                         "read the same way wherever they stand), emptied when it grows too big",
    ("runtime/engine/common.py", "_INDEXES"): "cache: the card index of the last few bundles, by the cards' identity",
    ("runtime/engine/workers.py", "_BUNDLE"): "a worker process's bundle, set once by the pool's initializer when "
                                              "the process starts (fork hands it over without pickling); the "
                                              "dow process itself never sets it",
    ("site/stories.py", "_RUNS"): "cache: each card scenario played once per bundle (by its content hash) for "
                                  "the three languages' worked examples; emptied when another bundle comes",
    ("site/examples.py", "_LOG_TELLERS"): "cache: the game-log teller of each language for the bundle being told "
                                          "(by its content hash); emptied when another bundle comes",
    ("site/examples.py", "_CARDS"): "cache: the cards of the bundle being told by id (by its content hash); "
                                    "emptied when another bundle comes",
    ("runtime/host.py", "_FITS"): "cache: whether a host class's method takes the protocol's arguments, by the "
                                  "method's function (its code cannot change while it lives); asked once per class",
    ("site/cardstats.py", "_BUNDLE"): "a worker process's bundle, set once by the pool's initializer when the "
                                      "process starts; the dow process itself never sets it",
}
#: (file, name): real state still to be taken out, with how; the check fails on it once it is gone
#: from the code but still listed here, so the list only shrinks
TO_REMOVE: dict[tuple[str, str], str] = {}


@dataclass(frozen=True)
class Finding:
    path: str   # relative to the root
    line: int
    name: str   # the module-level name
    what: str   # "global" or how it is changed ("append", "item written" …)
    function: str

    def text(self) -> str:
        if self.what == "global":
            return f"{self.path}:{self.line}: {self.function}() declares 'global {self.name}'"
        return f"{self.path}:{self.line}: {self.function}() changes the module's {self.name} ({self.what})"


def _is_mutable(value: ast.expr | None) -> bool:
    if isinstance(value, (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)):
        return True
    if isinstance(value, ast.Call):
        func = value.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        return name in MUTABLE_CALLS
    return False


def module_containers(tree: ast.Module) -> dict[str, int]:
    """{name: line} of the module-level names bound to a mutable container (anywhere at the top level,
    under an ``if`` or ``try`` too, never inside a class or function)."""
    out: dict[str, int] = {}

    def visit(body: list[ast.stmt]) -> None:
        for stmt in body:
            if isinstance(stmt, ast.Assign) and _is_mutable(stmt.value):
                for target in stmt.targets:
                    if isinstance(target, ast.Name):
                        out.setdefault(target.id, stmt.lineno)
            elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and _is_mutable(stmt.value):
                out.setdefault(stmt.target.id, stmt.lineno)
            elif isinstance(stmt, (ast.If, ast.Try, ast.With)):
                for part in ("body", "orelse", "finalbody"):
                    visit(getattr(stmt, part, []) or [])
                for handler in getattr(stmt, "handlers", []) or []:
                    visit(handler.body)
    visit(tree.body)
    return out


def _own_names(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> set[str]:
    """The names a function binds itself (its locals), not counting nested functions' own."""
    names: set[str] = set()
    args = func.args
    for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
        if arg is not None:
            names.add(arg.arg)
    declared: set[str] = set()
    for node in _walk_own(func):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node is not func:
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
    return names - declared


def _walk_own(func: ast.AST):
    """The nodes of a function's body, without descending into nested functions, lambdas, classes or
    comprehensions (scopes of their own; their definition itself is yielded)."""
    body = func.body if isinstance(func.body, list) else [func.body]
    stack: list[ast.AST] = list(reversed(body))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


def _functions(tree: ast.Module):
    """Every function and lambda of a module, with its dotted name (Class.method, outer.inner)."""
    def visit(node: ast.AST, prefix: str):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{prefix}{child.name}"
                yield name, child
                yield from visit(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                yield from visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.Lambda):
                yield f"{prefix}<lambda>", child
                yield from visit(child, prefix)
            else:
                yield from visit(child, prefix)
    yield from visit(tree, "")


def _root_name(node: ast.expr) -> str | None:
    """The container a subscript chain starts from: ``X`` in X[k][j]; ``alias.X`` in alias.X[k] (another
    module's name, reached through the name it was imported as); None for anything else (X.attr[k] changes
    what an object holds, not a module's container)."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    return None


def module_aliases(tree: ast.Module, modules: dict[str, Path]) -> dict[str, str]:
    """{name in this file: project module} for ``import dow.x.y as m`` and ``from dow.x import y``."""
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in modules:
                    out[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if full in modules:
                    out[alias.asname or alias.name] = full
    return out


def findings_of(path: Path, rel: str, elsewhere: dict[str, tuple[str, int]] | None = None,
                modules: dict[str, Path] | None = None) -> list[Finding]:
    """What the functions of one file change: its own module-level containers, and (``elsewhere``:
    {"module.NAME": (file, line)} of every module's containers) another module's, reached through the
    name that module was imported as. A finding names the file and name of the container changed."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    containers = {name: (rel, line) for name, line in module_containers(tree).items()}
    for alias, module in module_aliases(tree, modules or {}).items():
        for key, where in (elsewhere or {}).items():
            owner, _, name = key.rpartition(".")
            if owner == module:
                containers[f"{alias}.{name}"] = where
    out: list[Finding] = []
    for fname, func in _functions(tree):
        own = _own_names(func)
        for node in _walk_own(func):
            if isinstance(node, ast.Global):
                out += [Finding(rel, node.lineno, name, "global", fname) for name in node.names]
                continue
            changed: list[tuple[str | None, str]] = []
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS
                    and isinstance(node.func.value, (ast.Name, ast.Subscript, ast.Attribute))):
                changed.append((_root_name(node.func.value), node.func.attr))
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                for target in targets:
                    for sub in ast.walk(target):
                        if isinstance(sub, ast.Subscript) and isinstance(sub.ctx, (ast.Store, ast.Del)):
                            changed.append((_root_name(sub), "item deleted" if isinstance(node, ast.Delete)
                                            else "item written"))
            for name, what in changed:
                if name is not None and name in containers and name.split(".")[0] not in own:
                    owner = containers[name][0]
                    text = what if owner == rel else f"{what}, from {rel}:{node.lineno}"
                    out.append(Finding(owner, node.lineno if owner == rel else containers[name][1],
                                       name.rpartition(".")[2], text, fname))
    return out


def check(root: Path, also: list[Path] | None = None) -> tuple[list[Finding], list[str]]:
    """(what functions change at run time and ALLOWED does not excuse, listed TO_REMOVE or not), and the
    entries of ALLOWED and TO_REMOVE that match nothing. ``also``: more files (the tests) whose
    functions are looked at for changes of the project's containers, never for their own."""
    root = root.resolve()
    modules = find_modules(root)
    elsewhere: dict[str, tuple[str, int]] = {}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name, line in module_containers(tree).items():
            elsewhere[f"{module}.{name}"] = (path.relative_to(root).as_posix(), line)
    found: list[Finding] = []
    for _, path in sorted(modules.items()):
        found += findings_of(path, path.relative_to(root).as_posix(), elsewhere, modules)
    for path in also or []:
        rel = path.resolve().relative_to(root).as_posix()
        found += [f for f in findings_of(path, rel, elsewhere, modules) if f.path != rel]
    used = {(f.path, f.name) for f in found}
    stale = [f"{path}: {name} is listed in {table} (tests/module_state.py) but nothing changes it at run time"
             for table, listed in (("ALLOWED", ALLOWED), ("TO_REMOVE", TO_REMOVE))
             for path, name in listed if (path, name) not in used]
    return sorted((f for f in found if (f.path, f.name) not in ALLOWED),
                  key=lambda f: (f.path, f.line, f.name)), stale


def main(argv: list[str]) -> int:
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent
    found, stale = check(root, sorted((root / "tests").rglob("*.py")))
    todo = [f for f in found if (f.path, f.name) in TO_REMOVE]
    for finding in found:
        print(finding.text() + (" [TO_REMOVE: " + TO_REMOVE[finding.path, finding.name] + "]"
                                if finding in todo else ""))
    for line in stale:
        print(line)
    print(f"{len(found) - len(todo)} changes of module-level state at run time, {len(todo)} listed to remove, "
          f"{len(stale)} stale entries ({len(ALLOWED)} allowed: caches and worker inputs)")
    return 0 if len(found) == len(todo) and not stale else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
