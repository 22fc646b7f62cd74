"""A dow project on disk: where content lives, compiling all of it, writing the bundle.

The bundle is written atomically (a temporary file renamed into place) and only
when no card has an error, so a broken card never leaves a partial bundle; the site
is built in a temporary folder and swapped in whole. A manifest of the sizes and
modification times of every input and every output, written last, makes a rebuild
with nothing changed a stat of each file; a build that was stopped part way, or an
output deleted or changed by hand, leaves the manifest disagreeing, so the next
build starts again. One build at a time writes a folder (a lock; a second waits).
"""
from __future__ import annotations

import hashlib
import json
import contextlib
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from . import namecache
from .cardstore import Cards
from .diagnostics import Diagnostics

CONTENT = "content"
BUILD = "build"
MANIFEST = ".manifest.json"


def find_root(start: Path | None = None) -> Path:
    """The nearest folder, from ``start`` upwards, holding pyproject.toml and content/."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / CONTENT).is_dir() and (folder / "pyproject.toml").is_file():
            return folder
    return here


def card_files(paths: list[Path]) -> list[Path]:
    """Every card file under the given files and folders, sorted; other YAML files are skipped."""
    out: set[Path] = set()
    for path in paths:
        if path.is_dir():
            out.update(p for p in path.rglob("*.yaml") if _is_card_file(p))
        elif path.suffix in (".yaml", ".yml"):
            out.add(path)
    return sorted(out)


def _is_card_file(path: Path) -> bool:
    """Card files sit in a kind folder: content/<set>/<kind folder>/<name>.yaml."""
    from .cards import folder_kind
    return folder_kind(path.parent.name) is not None


def display_path(path: Path, root: Path) -> str:
    """A path as shown in diagnostics: relative to the project when inside it."""
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def known_names(root: Path) -> set[str]:
    """Card names known to exist but not transcribed: content/<set>/known-names.yaml (one list per set)."""
    from .loader import LoadError, load_file
    names: set[str] = set()
    for path in sorted((root / CONTENT).glob("*/known-names*.yaml")):
        try:
            node, _ = load_file(path)
        except LoadError:
            continue
        data = node.plain() if node is not None else {}
        listed = data.get("names") if isinstance(data, dict) else None
        for value in listed if isinstance(listed, list) else []:   # another shape: S013 (compiler/contentfiles.py)
            names.add(str(value))
    return names


@dataclass
class Build:
    """The outcome of compiling a set of card files; ``cards`` decodes each card when it is read
    (compiler/cardstore.py), so a large project is not held in memory as trees."""

    cards: Cards = field(default_factory=Cards)
    diagnostics: Diagnostics = field(default_factory=Diagnostics)
    files: int = 0
    rulesets: dict = field(default_factory=dict)     # content/<set>/ruleset.yaml, checked

    @property
    def ok(self) -> bool:
        """Whether no file had an error."""
        return not self.diagnostics.errors


#: below this many files one process is faster than starting workers
PARALLEL_FROM = 200


def compile_paths(paths: list[Path], root: Path, jobs: int | None = None, compare_text: bool = False) -> Build:
    """Compile card files (in parallel when there are many) and run the checks across cards; with
    ``compare_text``, also the L004 warnings of each card (``text.text_warnings``), as it is compiled."""
    from .pipeline import cross_card
    files = card_files(paths)
    jobs = jobs or int(os.environ.get("DOW_JOBS", "0")) or os.cpu_count() or 1
    work = [(p, display_path(p, root)) for p in files]
    if jobs > 1 and len(files) >= PARALLEL_FROM:
        results = _compile_parallel(work, jobs, compare_text)
    else:
        results = _compile_chunk(work, compare_text)
    cross_card(results, known_names(root), namecache.other_names(root, files))
    build = Build(files=len(files))
    for res in results:
        build.diagnostics.extend(res.diags)
        if res.packed is not None:
            build.cards.append(res.packed)
            build.diagnostics.extend(res.text_diags)
    build.cards.sort_by_id()
    if (root / CONTENT).is_dir():
        from .ruleset import load_rulesets
        build.rulesets, problems = load_rulesets(root / CONTENT, root)
        build.diagnostics.extend(problems)
        from .contentfiles import check as check_content_files   # the glossary, sets, sync, rules chapters
        build.diagnostics.extend(check_content_files(root))
    return build


#: files compiled between two sweeps of the collector's youngest generation
SWEEP = 200


def _compile_chunk(work: list[tuple[Path, str]], compare_text: bool = False) -> list:
    """Compile files in this process, keeping each card packed once compiled (and its text warnings
    with it). The collector is paused: compiling makes many small, short-lived objects and no cycles
    (the ledger lets go of its readers, ``Ledger.close``), and its pauses cost about 7%; the youngest
    generation is swept every ``SWEEP`` files all the same, so that a cycle a pass comes to make
    costs a little time, not memory in proportion to the project."""
    import gc

    from .pipeline import compile_file
    if compare_text:
        from .text import text_warnings
    enabled = gc.isenabled()
    gc.disable()
    try:
        results = []
        for n, (path, display) in enumerate(work, 1):
            res = compile_file(path, display)
            if compare_text and res.card is not None:
                res.text_diags = text_warnings([res.card])
            res.pack()
            results.append(res)
            if n % SWEEP == 0:
                gc.collect(0)
        return results
    finally:
        if enabled:
            gc.freeze()  # what was compiled stays alive; the next collection need not walk it
            gc.enable()


def _compile_parallel(work: list[tuple[Path, str]], jobs: int, compare_text: bool = False) -> list:
    """Compile files in worker processes (fork), chunked, results back in file order."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    size = -(-len(work) // (jobs * 4))
    chunks = [work[i:i + size] for i in range(0, len(work), size)]
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        return [res for chunk in pool.map(_compile_chunk, chunks, [compare_text] * len(chunks)) for res in chunk]


def bundle_of(cards, rulesets: dict | None = None) -> dict:
    """The bundle document for compiled cards (a list, or a build's ``Cards``, decoded here) and the sets'
    rulesets."""
    from dow.runtime.bundle import IR_VERSION, content_hash
    from .cards import LANGS
    rulesets = rulesets or {}
    cards = list(cards)
    return {"ir_version": IR_VERSION, "content_hash": content_hash(cards, rulesets), "languages": list(LANGS),
            "cards": cards, "rulesets": rulesets}


def bundle_chunks(cards, rulesets: dict | None = None):
    """The text of ``bundle_of(cards, rulesets)`` as written to bundle.json (sorted keys, indent 1), made
    one card at a time: each card is decoded, written and hashed, then let go. The content hash (sha256
    of the canonical JSON of the cards, and of the rulesets when there are any, as
    ``runtime.bundle.content_hash`` makes it) is fed card by card; its key sorts after "cards"."""
    from dow.runtime.bundle import IR_VERSION
    from .cards import LANGS
    rulesets = rulesets or {}
    head = {"ir_version": IR_VERSION, "content_hash": "", "languages": list(LANGS), "cards": [],
            "rulesets": rulesets}
    text = json.dumps(head, ensure_ascii=False, indent=1, sort_keys=True)
    before, after = text.split('\n "cards": []', 1)
    digest = hashlib.sha256(b'{"cards":[' if rulesets else b"[")
    yield before + '\n "cards": ['
    for i, card in enumerate(cards):
        canonical = json.dumps(card, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        digest.update(((b"," if i else b"") + canonical.encode("utf-8")))
        yield ("," if i else "") + "\n  " + json.dumps(card, ensure_ascii=False, indent=1,
                                                        sort_keys=True).replace("\n", "\n  ")
    if rulesets:
        digest.update(b'],"rulesets":' + json.dumps(rulesets, sort_keys=True, separators=(",", ":"),
                                                     ensure_ascii=False).encode("utf-8") + b"}")
    else:
        digest.update(b"]")
    yield ("\n ]" if len(cards) else "]") + after.replace('"content_hash": ""',
                                                          f'"content_hash": "sha256:{digest.hexdigest()}"', 1)
    yield "\n"


def write_atomic(path: Path, text, make_folder: bool = True) -> None:
    """Write a file so that readers see the old or the new content, never a half (``text``: a string,
    or an iterable of strings written in turn)."""
    if make_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            if isinstance(text, str):
                out.write(text)
            else:
                out.writelines(text)
        os.chmod(tmp, 0o644)  # mkstemp makes 0600; outputs are meant to be read and served
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def fingerprint(root: Path) -> dict:
    """Sizes and modification times of every input: content files and the compiler itself."""
    from dow.dsl.parser import GRAMMAR_PATH
    compiler_dir = Path(__file__).resolve().parent
    inputs = [*sorted((root / CONTENT).rglob("*.yaml")), *sorted(compiler_dir.glob("*.py")),
              *sorted(GRAMMAR_PATH.parent.glob("*.py")), GRAMMAR_PATH]
    out = {}
    for p in inputs:
        st = p.stat()
        out[p.as_posix()] = [st.st_size, st.st_mtime_ns]
    return out


#: what a build writes into its folder, besides the manifest (site/ only when the site is built)
OUTPUTS = ("bundle.json", "schemas", "site")
LOCK = ".lock"


def outputs(out: Path, site: bool) -> dict:
    """Size and modification time of every file a build wrote into ``out``."""
    files: dict = {}
    for name in OUTPUTS if site else OUTPUTS[:2]:
        path = out / name
        for p in sorted(path.rglob("*")) if path.is_dir() else [path] if path.is_file() else []:
            if p.is_file():
                st = p.stat()
                files[p.relative_to(out).as_posix()] = [st.st_size, st.st_mtime_ns]
    return files


def up_to_date(root: Path, out: Path, site: bool = False) -> bool:
    """Whether ``out`` holds exactly what a build of the current inputs writes, untouched since."""
    manifest = out / MANIFEST
    if not (out / "bundle.json").is_file() or not manifest.is_file():
        return False
    try:
        recorded = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(recorded, dict) or recorded.get("inputs") != fingerprint(root):
        return False
    if site and not recorded.get("site"):
        return False
    written = recorded.get("outputs")
    if not isinstance(written, dict):
        return False
    wanted = written if site else {k: v for k, v in written.items() if not k.startswith("site/")}
    return wanted == outputs(out, site)


def write_manifest(root: Path, out: Path, site: bool) -> None:
    """Record the inputs and the outputs of a finished build (the last thing a build writes): the text
    caches the build filled are written first, so the build has ended when it says it has."""
    text = sys.modules.get(__name__.rsplit(".", 1)[0] + ".text")
    if text is not None:
        text.save_caches()
    write_atomic(out / MANIFEST, json.dumps({"inputs": fingerprint(root), "site": site,
                                             "outputs": outputs(out, site)}))


def forget_manifest(out: Path) -> None:
    """Before a build writes anything: until it finishes, the folder is not up to date."""
    (out / MANIFEST).unlink(missing_ok=True)


@contextlib.contextmanager
def build_lock(out: Path, say=print):
    """Hold the build folder's lock; a second build waits for the first (and says so)."""
    import fcntl
    out.mkdir(parents=True, exist_ok=True)
    with open(out / LOCK, "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            from .messages import M
            say(M("cli.waiting", path=out.as_posix()).render())
            fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def swap_in(make, target: Path) -> Path:
    """Build a folder with ``make(folder)`` beside ``target``, then put it in ``target``'s place whole:
    readers (and a build stopped part way) see the old folder or the new one, never a half."""
    parent = target.parent
    for stale in (*parent.glob(f".{target.name}.new-*"), *parent.glob(f".{target.name}.old-*")):
        shutil.rmtree(stale, ignore_errors=True)     # left by a build that was killed
    fresh = parent / f".{target.name}.new-{os.getpid()}"
    old = parent / f".{target.name}.old-{os.getpid()}"
    try:
        make(fresh)
        if target.exists():
            os.rename(target, old)
        os.rename(fresh, target)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        if old.exists() and not target.exists():
            os.rename(old, target)
        raise
    shutil.rmtree(old, ignore_errors=True)
    return target


def schema_errors(build: Build) -> list[str]:
    """The whole bundle checked by the jsonschema package against the published schema: the bundle
    without its cards, then each card (decoded one at a time) against the schema's card definition,
    which is all the bundle schema says of each item of "cards"."""
    import jsonschema

    from .schemas import bundle_schema
    schema = bundle_schema()
    kind = jsonschema.validators.validator_for(schema)
    errors = [f"at /{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}"
              for e in kind(schema).iter_errors(bundle_of([], build.rulesets))][:5]
    card_schema = {"$schema": schema["$schema"], "$id": schema["$id"], "$defs": schema["$defs"],
                   "$ref": "#/$defs/card"}
    validator = kind(card_schema)
    for i, card in enumerate(build.cards):
        if len(errors) >= 5:
            break
        errors += [f"at /{'/'.join(map(str, ['cards', i, *e.absolute_path]))}: {e.message[:200]}"
                   for e in validator.iter_errors(card)][:5 - len(errors)]
    return errors


def write_outputs(build: Build, root: Path, out: Path) -> Path:
    """Write the bundle and the two schemas; returns the bundle path (write_manifest comes after the site)."""
    from .schemas import bundle_schema, card_source_schema
    target = out / "bundle.json"
    write_atomic(out / "schemas" / "card-source.schema.json", json.dumps(card_source_schema(), indent=2) + "\n")
    write_atomic(out / "schemas" / "bundle.schema.json", json.dumps(bundle_schema(), indent=2) + "\n")
    write_atomic(target, bundle_chunks(build.cards, build.rulesets))
    return target


def sha256_file(path: Path) -> str:
    """The sha256 of a file, for tests and reports."""
    return hashlib.sha256(path.read_bytes()).hexdigest()
