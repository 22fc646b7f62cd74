"""The project's layers, and the imports that break them: circles and imports that go up.

Every Python module of the project belongs to one layer, and a module imports only from its own
layer or from layers below it::

    cli        the ``dow`` command and its subcommands (cli/, dow/__main__.py)
    site       the website generator (site/)
    i18n       the translator's workflow: PO export, import, sync, status (i18n/)
    render     rules text, game-log sentences, the language reference, per language (render/)
    compiler   card files → checked trees → bundle and schemas (compiler/)
    dsl        the effect language: grammar, forms, words (dsl/)
    engine     the reference engine, its games and bots (runtime/engine/, runtime/games/)
    runtime    the runtime's core, standard library only (the rest of runtime/)

Within a layer any module may import any other, but no two modules may need each other, through
any number of steps (a circle, found with Tarjan's strongly connected components). Imports inside
functions count as much as those at the top of a module: they run, later, and a circle closed by
one is still a circle. So does ``importlib.import_module`` with a written module name. An import
under ``if TYPE_CHECKING:`` never runs: it closes no circle (two modules may name each other's
types), but it may not go up a layer either. The implicit import of a package's ``__init__`` when
one of its modules is imported is not counted (those files only re-export).

The folders are read from pyproject.toml (``[tool.setuptools.package-dir]``), so a new top-level
folder is found as soon as it is packaged; a module that no layer claims is reported too.

    python3 tests/layers.py [ROOT]     print the violations, exit 1 if there are any

tests/test_layers.py runs the same check in the test suite.
"""
from __future__ import annotations

import ast
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

#: the layers, lowest first: a module may import from its own layer and those before it
LAYERS: tuple[str, ...] = ("runtime", "engine", "dsl", "compiler", "render", "i18n", "site", "cli")

#: which modules each layer holds, by import-name prefix; the longest prefix that matches wins
PREFIXES: dict[str, str] = {
    "dow.runtime": "runtime",
    "dow.runtime.engine": "engine",
    "dow.runtime.games": "engine",
    "dow.runtime.conformance_reference": "engine",  # the reference engine behind the conformance protocol
    "dow.runtime.agents": "engine",                 # one place to import every agent, the engine's bots among them
    "dow.dsl": "dsl",
    "dow.compiler": "compiler",
    "dow.render": "render",
    "dow.i18n": "i18n",
    "dow.site": "site",
    "dow.cli": "cli",
    "dow.__main__": "cli",  # ``python -m dow``: the command line again
}


@dataclass(frozen=True)
class Import:
    """One import statement of one module that names another module of the project."""
    importer: str  # the importing module, by import name (dow.compiler.pipeline)
    imported: str  # the imported module
    path: str  # the importer's file, relative to the root
    line: int
    in_function: bool
    type_only: bool = False  # under ``if TYPE_CHECKING:``: never run

    def where(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass
class Report:
    modules: dict[str, str]  # import name → file, relative to the root
    imports: list[Import]
    upward: list[Import]
    circles: list[list[str]]  # each a sorted list of modules that need each other
    unplaced: list[str]  # modules no layer claims

    def ok(self) -> bool:
        return not (self.upward or self.circles or self.unplaced)

    def lines(self) -> list[str]:
        out = []
        for m in self.unplaced:
            out.append(f"{self.modules[m]}: {m} belongs to no layer (tests/layers.py PREFIXES)")
        for i in self.upward:
            out.append(f"{i.where()}: {i.importer} ({layer_of(i.importer)}) imports {i.imported} "
                       f"({layer_of(i.imported)}), a higher layer" + (" (inside a function)" if i.in_function else "")
                       + (" (for type checking)" if i.type_only else ""))
        for circle in self.circles:
            members = set(circle)
            out.append(f"circle of {len(circle)} modules: {' '.join(circle)}")
            for i in self.imports:
                if i.importer in members and i.imported in members and not i.type_only:
                    out.append(f"    {i.where()}: {i.importer} imports {i.imported}"
                               + (" (inside a function)" if i.in_function else ""))
        return out


def layer_of(module: str) -> str | None:
    best = None
    for prefix, layer in PREFIXES.items():
        if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, layer)
    return best[1] if best else None


def package_dirs(root: Path) -> dict[str, Path]:
    """Import name → folder, as pyproject.toml maps them (only the top-level packages of dow)."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    mapping = config["tool"]["setuptools"]["package-dir"]
    return {name: root / folder for name, folder in mapping.items() if name.count(".") <= 1}


def find_modules(root: Path) -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for name, folder in package_dirs(root).items():
        files = [folder / "__main__.py"] if name == "dow" else sorted(folder.rglob("*.py"))
        for path in files:
            if not path.exists():
                continue
            rel = path.relative_to(folder).with_suffix("").parts
            parts = name.split(".") + [p for p in rel if p != "__init__"]
            modules[".".join(parts)] = path
    return modules


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The project module an imported name lives in (a name may be a function of that module)."""
    if not name.startswith("dow"):
        return None
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _function_nodes(tree: ast.AST) -> set[int]:
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for sub in ast.walk(node):
                if sub is not node:
                    inside.add(id(sub))
    return inside


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The nodes in the body of an ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``), not its else."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and (
                (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
                or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")):
            for stmt in node.body:
                inside.update(id(sub) for sub in ast.walk(stmt))
    return inside


def imports_of(module: str, path: Path, root: Path, modules: dict[str, Path]) -> list[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    inside = _function_nodes(tree)
    typing_only = _type_checking_nodes(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[Import] = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            # ``from dow.compiler import text`` imports the module dow.compiler.text;
            # ``from dow.compiler.text import render`` imports dow.compiler.text
            for alias in node.names:
                full = f"{origin}.{alias.name}"
                names.append(full if full in modules else origin)
        elif (isinstance(node, ast.Call) and isinstance(node.func, (ast.Attribute, ast.Name))
              and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            names = [node.args[0].value]
        targets = {t for t in (_resolve(n, modules) for n in names) if t and t != module}
        rel = path.relative_to(root).as_posix()
        for target in sorted(targets):
            found.append(Import(module, target, rel, node.lineno, id(node) in inside,  # type: ignore[attr-defined]
                                id(node) in typing_only))
    return sorted(found, key=lambda i: (i.path, i.line, i.imported))


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative: the components of more than one module (or one importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            v, successors = work[-1]
            advanced = False
            for w in successors:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return sorted(out, key=lambda c: (-len(c), c))


def check(root: Path) -> Report:
    root = root.resolve()
    modules = find_modules(root)
    imports = [i for m, p in sorted(modules.items()) for i in imports_of(m, p, root, modules)]
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for i in imports:
        if not i.type_only:
            graph[i.importer].add(i.imported)
    upward = []
    for i in imports:
        a, b = layer_of(i.importer), layer_of(i.imported)
        if a is not None and b is not None and LAYERS.index(b) > LAYERS.index(a):
            upward.append(i)
    unplaced = sorted(m for m in modules if layer_of(m) is None)
    rel = {m: p.relative_to(root).as_posix() for m, p in modules.items()}
    return Report(rel, imports, upward, strongly_connected(graph), unplaced)


def main(argv: list[str]) -> int:
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent
    report = check(root)
    for line in report.lines():
        print(line)
    print(f"{len(report.modules)} modules, {len(report.imports)} imports "
          f"({sum(i.in_function for i in report.imports)} inside functions): "
          f"{len(report.upward)} upward, {len(report.circles)} circles "
          f"({sum(map(len, report.circles))} modules in them), {len(report.unplaced)} unplaced")
    return 0 if report.ok() else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
