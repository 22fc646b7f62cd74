"""A dow project on disk: where content lives, compiling all of it, writing the bundle.

The bundle and the schemas are written to temporary files beside their places and
renamed into place only once the site is built too, and only when no card has an
error, so a broken card, a full disk or a build stopped part way never leaves a
partial or mixed output; the site is built in a temporary folder and swapped in
whole. A file that cannot be written (full disk, read-only or forbidden folder) is
an ``OSError`` naming that file, which the command line says in one line.

A manifest, written last, records the content hash (sha256) of every input as the
build read it (a card file: the bytes the compiler read; any other input: before the
build read anything) and the size and modification time of every output. A rebuild
with nothing changed hashes the inputs again and stats the outputs; a card saved
while a build was reading the old one leaves the manifest disagreeing, and so does a
build stopped part way or an output deleted or changed by hand, so the next build
starts again. One build at a time writes a folder (a lock; a second waits).
"""
from __future__ import annotations

import hashlib
import json
import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
    """Every card file under the given files and folders, sorted; other YAML files are skipped, and so
    are pipes, devices and sockets (reading a pipe would wait for ever)."""
    out: set[Path] = set()
    for path in paths:
        if path.is_dir():
            out.update(p for p in path.rglob("*.yaml") if _is_card_file(p) and p.is_file())
        elif path.suffix in (".yaml", ".yml") and (path.is_file() or not path.exists()):
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
        for value in listed if isinstance(listed, list) else []:   # another shape: S014 (compiler/contentfiles.py)
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
    #: the sha256 of each card file's bytes as the compiler read them (path as posix -> hex digest)
    read: dict = field(default_factory=dict)
    #: with compile_paths' ``facts``: what it read from each loaded card file, by path -> (sha256, facts)
    facts: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """Whether no file had an error."""
        return not self.diagnostics.errors


#: the L004 warnings of compiled cards (``dow.render.text.text_warnings``, or ``kept_text_warnings`` with its
#: folder bound by ``functools.partial``: a module-level function, so that worker processes receive it by name)
TextWarnings = Callable[[list[dict]], list]

#: what a caller reads from each card file as the compiler loaded it (``compile_file``'s ``facts``): a
#: module-level function, for the same reason
FileFacts = Callable[[Any, Path], Any]

#: below this many files one process is faster than starting workers
PARALLEL_FROM = 200


def compile_paths(paths: list[Path], root: Path, jobs: int | None = None, compare_text: TextWarnings | None = None,
                  readings: Path | None = None, facts: FileFacts | None = None) -> Build:
    """Compile card files (in parallel when there are many) and run the checks across cards; with
    ``compare_text`` (the renderer's ``dow.render.text.text_warnings``: the compiler does not import the
    renderers, which sit above it), also the L004 warnings of each card, as it is compiled; with
    ``readings`` (``dow.compiler.readings.readings_folder``), the clause readings kept there between runs
    are read instead of parsing those clauses again, and those parsed are kept there; with ``facts``,
    ``build.facts`` holds ``facts(node, path)`` of every card file that loaded, by its path, with the
    sha256 of the bytes it was read from (the site's status table and stale-translation marks: the
    files are loaded once per build)."""
    from .pipeline import cross_card
    files = card_files(paths)
    jobs = jobs or int(os.environ.get("DOW_JOBS", "0")) or os.cpu_count() or 1
    work = [(p, display_path(p, root)) for p in files]
    if jobs > 1 and len(files) >= PARALLEL_FROM:
        results = _compile_parallel(work, jobs, compare_text, readings, facts)
    else:
        results = _compile_chunk(work, compare_text, readings, facts)
    cross_card(results, known_names(root), namecache.other_names(root, files))
    build = Build(files=len(files))
    for (path, _), res in zip(work, results):
        if res.digest:
            build.read[path.as_posix()] = res.digest
            if res.facts is not None:
                build.facts[path] = (res.digest, res.facts)
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


def _compile_chunk(work: list[tuple[Path, str]], compare_text: TextWarnings | None = None,
                   readings: Path | None = None, facts: FileFacts | None = None) -> list:
    """Compile files in this process, keeping each card packed once compiled (and its text warnings
    with it). The collector is paused: compiling makes many small, short-lived objects and no cycles
    (the ledger lets go of its readers, ``Ledger.close``), and its pauses cost about 7%; the youngest
    generation is swept every ``SWEEP`` files all the same, so that a cycle a pass comes to make
    costs a little time, not memory in proportion to the project."""
    import gc

    from .pipeline import compile_file
    from .readings import KeptReadings
    kept = KeptReadings(readings) if readings is not None else None
    enabled = gc.isenabled()
    gc.disable()
    try:
        results = []
        for n, (path, display) in enumerate(work, 1):
            res = compile_file(path, display, kept, facts)
            if compare_text is not None and res.card is not None:
                res.text_diags = compare_text([res.card])
            res.pack()
            results.append(res)
            if n % SWEEP == 0:
                gc.collect(0)
        return results
    finally:
        if enabled:
            gc.freeze()  # what was compiled stays alive; the next collection need not walk it
            gc.enable()


def _compile_parallel(work: list[tuple[Path, str]], jobs: int, compare_text: TextWarnings | None = None,
                      readings: Path | None = None, facts: FileFacts | None = None) -> list:
    """Compile files in worker processes (fork), chunked, results back in file order."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    size = -(-len(work) // (jobs * 4))
    chunks = [work[i:i + size] for i in range(0, len(work), size)]
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        return [res for chunk in pool.map(_compile_chunk, chunks, [compare_text] * len(chunks),
                                          [readings] * len(chunks), [facts] * len(chunks)) for res in chunk]


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
    from .jsontext import dumps_indent1
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
        yield ("," if i else "") + "\n  " + dumps_indent1(card, "  ")   # json.dumps(indent=1)'s text, faster
    if rulesets:
        digest.update(b'],"rulesets":' + json.dumps(rulesets, sort_keys=True, separators=(",", ":"),
                                                     ensure_ascii=False).encode("utf-8") + b"}")
    else:
        digest.update(b"]")
    yield ("\n ]" if len(cards) else "]") + after.replace('"content_hash": ""',
                                                          f'"content_hash": "sha256:{digest.hexdigest()}"', 1)
    yield "\n"


def located(err: OSError, path: Path | str) -> OSError:
    """The error said of ``path``, the file being written: a failed write() or close() names no file,
    and a temporary file's name means nothing to the reader. The errno (and so the subclass) is kept."""
    located = OSError(err.errno, err.strerror or str(err), str(path))
    located.__cause__ = err
    return located


def _write_temp(path: Path, text, make_folder: bool = True) -> Path:
    """Write ``text`` (a string, or an iterable of strings written in turn) to a new temporary file beside
    ``path``; returns its name. On failure nothing is left behind and the error names ``path``."""
    try:
        if make_folder:
            path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as err:
        raise located(err, path) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            if isinstance(text, str):
                out.write(text)
            else:
                out.writelines(text)
        os.chmod(tmp, 0o644)  # mkstemp makes 0600; outputs are meant to be read and served
    except OSError as err:
        Path(tmp).unlink(missing_ok=True)
        raise located(err, path) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def write_atomic(path: Path, text, make_folder: bool = True) -> None:
    """Write a file so that readers see the old or the new content, never a half (``text``: a string,
    or an iterable of strings written in turn). An ``OSError`` names ``path``."""
    tmp = _write_temp(path, text, make_folder)
    try:
        os.replace(tmp, path)
    except OSError as err:
        tmp.unlink(missing_ok=True)
        raise located(err, path) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


class Staged:
    """Files written whole beside their places and put in place together by ``commit`` (renames only,
    which a full disk does not stop); until then the old files stand, and ``discard`` leaves them so."""

    def __init__(self) -> None:
        self.files: list[tuple[Path, Path]] = []

    def write(self, path: Path, text) -> None:
        """Write one file's new content beside it."""
        self.files.append((_write_temp(path, text), path))

    def commit(self) -> None:
        """Put every written file in its place."""
        for tmp, path in self.files:
            try:
                os.replace(tmp, path)
            except OSError as err:
                raise located(err, path) from None
        self.files = []

    def discard(self) -> None:
        """Remove the written files: the old ones stay as they were."""
        for tmp, _ in self.files:
            tmp.unlink(missing_ok=True)
        self.files = []


def _tool_files() -> list[Path]:
    """The toolchain's own files a build depends on: every layer a build runs, with the catalogues
    beside them: the compiler and its messages, the effect language, the renderers with the rules
    text's, the log's and the reference's words, the translation states the pages show (i18n), the
    site's templates, assets and words, the runtime (the statistics page plays games)."""
    package = Path(__file__).resolve().parent.parent
    out = []
    for name in ("compiler", "dsl", "render", "i18n", "site", "runtime"):
        out += [p for p in (package / name).rglob("*") if "__pycache__" not in p.parts and p.suffix != ".pyc"]
    return out


def fingerprint(root: Path) -> dict:
    """The content hash (sha256) of every input: every file under content/, the author docs and the
    card statistics the site shows, and the toolchain itself. A file that cannot be read is None."""
    inputs = [*(root / CONTENT).rglob("*"), *(root / "docs").rglob("*.md"), *(root / "stats").rglob("*"),
              *_tool_files()]
    out: dict = {}
    for p in sorted(inputs):
        try:
            if not p.is_file():        # a folder, or a pipe or device that reading would wait on
                continue
            out[p.as_posix()] = hashlib.sha256(p.read_bytes()).hexdigest()
        except FileNotFoundError:      # removed since it was listed
            continue
        except OSError:
            out[p.as_posix()] = None
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


def write_manifest(root: Path, out: Path, site: bool, inputs: dict | None = None) -> None:
    """Record the inputs and the outputs of a finished build (the last thing a build writes): the text
    caches the build filled are written first, so the build has ended when it says it has. ``inputs``
    is what the build read (``fingerprint`` taken before it read anything, with the card files' hashes
    as the compiler read them: ``read_inputs``); without it, the inputs as they are now."""
    text = sys.modules.get(__name__.rsplit(".", 1)[0] + ".text")
    if text is not None:
        text.save_caches()
    write_atomic(out / MANIFEST, json.dumps({"inputs": fingerprint(root) if inputs is None else inputs,
                                             "site": site, "outputs": outputs(out, site)}))


def read_inputs(before: dict, build: Build) -> dict:
    """The inputs a build read: ``before`` (the fingerprint taken before it read anything), each card file
    as the compiler read it. A file saved after it was read keeps the hash of what was read, so the
    next build sees it changed; a file saved between the fingerprint and the read was read new, and
    is recorded so."""
    return {**before, **build.read}


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
    except BaseException as err:
        shutil.rmtree(fresh, ignore_errors=True)
        if old.exists() and not target.exists():
            os.rename(old, target)
        if isinstance(err, OSError) and isinstance(err.filename, str) and err.filename.startswith(str(fresh)):
            raise located(err, str(target) + err.filename[len(str(fresh)):]) from None   # where it was to go
        raise
    shutil.rmtree(old, ignore_errors=True)
    return target


def schema_errors(build: Build) -> list[str]:
    """What a build writes into the bundle besides its cards (the top level and the sets' rulesets),
    checked against the published schema by the compiled checker (runtime/schema_check.py, the code
    ``load_bundle`` runs). Every card was checked by the same checker as it was compiled
    (``pipeline.validate_card``) and is written as it was checked (packed, then decoded), so with this
    everything written is checked once. tests/passes/test_schemacheck.py keeps the checker in
    agreement with the jsonschema package, on the real content and on planted errors of every keyword
    the schema uses; the jsonschema package is not run on a build (it took 60% of a 2,000-card build)."""
    from .pipeline import validate_bundle
    return validate_bundle(bundle_of([], build.rulesets))


def schema_texts() -> dict[str, str]:
    """The two published schemas as written: file name -> text (the site offers the same files)."""
    from .schemas import bundle_schema, card_source_schema
    return {"card-source.schema.json": json.dumps(card_source_schema(), indent=2) + "\n",
            "bundle.schema.json": json.dumps(bundle_schema(), indent=2) + "\n"}


def _clear_stale_temps(out: Path) -> None:
    """Temporary files a killed build left beside the outputs (its own names only: DIR of --out may hold
    other files)."""
    for path in (out / "bundle.json", out / MANIFEST, *(out / "schemas" / name for name in schema_texts())):
        for stale in path.parent.glob(f".{path.name}.*.tmp") if path.parent.is_dir() else ():
            stale.unlink(missing_ok=True)


def stage_outputs(build: Build, out: Path) -> Staged:
    """Write the two schemas and the bundle beside their places in ``out`` (``Staged.commit`` puts
    them in place; until then the old ones stand)."""
    _clear_stale_temps(out)
    staged = Staged()
    try:
        for name, text in schema_texts().items():
            staged.write(out / "schemas" / name, text)
        staged.write(out / "bundle.json", bundle_chunks(build.cards, build.rulesets))
    except BaseException:
        staged.discard()
        raise
    return staged


def write_outputs(build: Build, root: Path, out: Path) -> Path:
    """Write the bundle and the two schemas, all three in place together once all three are written;
    returns the bundle path (write_manifest comes after the site)."""
    stage_outputs(build, out).commit()
    return out / "bundle.json"


def sha256_file(path: Path) -> str:
    """The sha256 of a file, for tests and reports."""
    return hashlib.sha256(path.read_bytes()).hexdigest()
