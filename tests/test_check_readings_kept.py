"""Clause readings are kept between runs (compiler/readings.py, used by ``Statements.read``): a check or a
build that reads the kept readings says and writes exactly what one that parses every clause again does,
cold, warm and with the cache off; a reading comes back on the words of the clause that asks for it, not
where it was first read; a kept file that is damaged is ignored without a traceback and written again; a
changed language (its stamp: the grammar, the forms, the lexicon tables, Lark's version) never uses the
readings of the old one; and a broken card's errors are the same whatever the cache holds."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import card_yaml
from dow.cli.main import main
from dow.compiler import readings, statements
from dow.compiler.statements import Statements
from dow.dsl.clauses import words_of
from dow.dsl import ast as A
from dow.render import text

ROOT = Path(__file__).resolve().parents[1]
REAL = ["base/survivors/forest-plum.yaml", "base/crossroads/christmas.yaml",
        "warring-colonies/survivors/the-enforcer.yaml"]
#: two cards that say the same clauses at other lines and columns ("kill a zombie here." and the rest)
FIRST = card_yaml("kill a zombie here.\ngain 2 morale.")
SECOND = card_yaml("""
    if you control a survivor at the colony:
      gain 2 morale.
      kill a zombie here.
    """).replace("test-card", "second").replace("Test Card", "Second")
#: a card with good clauses and broken ones: an unknown word, a word where it cannot come, a step left out
BROKEN = card_yaml("""
    gain 2 morale.
    frobnicate a zombie here.
    kill a zombie here gain.
    if you control a survivor at the colony:
      kill 2 zombies here.
      draw a card card.
    """).replace("test-card", "broken").replace("Test Card", "Broken")


@pytest.fixture()
def project(tmp_path: Path, monkeypatch) -> Path:
    root = tmp_path / "project"
    (root / "content/base/survivors").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    for rel in REAL:
        (root / "content" / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / "content" / rel, root / "content" / rel)
    (root / "content/base/survivors/test-card.yaml").write_text(FIRST, encoding="utf-8")
    (root / "content/base/survivors/second.yaml").write_text(SECOND, encoding="utf-8")
    monkeypatch.setenv("DOW_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("DOW_JOBS", "1")
    text.renderer_stamp.cache_clear()
    text.load_language.cache_clear()
    readings.language_stamp.cache_clear()
    yield root
    text.renderer_stamp.cache_clear()
    text.load_language.cache_clear()
    readings.language_stamp.cache_clear()


@pytest.fixture()
def parses(monkeypatch) -> list:
    """The clauses parsed (not found in the process's memory nor on disk), as (start, words)."""
    done: list = []
    real = statements.parse_words
    monkeypatch.setattr(statements, "parse_words",
                        lambda words, start: done.append((start, " ".join(w.text for w in words)))
                        or real(words, start))
    return done


def new_process(monkeypatch) -> None:
    """What a new ``dow`` process starts with: no reading kept in memory."""
    monkeypatch.setattr(statements, "_READ", {})


def check(root: Path, capsys, *extra: str) -> tuple[int, str, str]:
    code = main(["--root", str(root), "check", *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def outputs(root: Path, capsys, monkeypatch) -> list:
    """What a check says (text in English and Portuguese, JSON) and the bundle a build writes, each from a
    new process's memory."""
    said = []
    for extra in ((), ("--lang", "pt"), ("--format", "json")):
        new_process(monkeypatch)
        said.append(check(root, capsys, *extra))
    new_process(monkeypatch)
    out = root.parent / "out"
    code = main(["--root", str(root), "build", "--force", "--no-site", "--out", str(out)])
    capsys.readouterr()
    said.append((code, (out / "bundle.json").read_bytes() if code == 0 else b""))
    return said


def kept_files(root: Path) -> dict[str, bytes]:
    folder = readings.readings_folder(root)
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder and folder.is_dir() else {}


def test_cold_warm_and_off_say_and_build_the_same(project: Path, capsys, monkeypatch, parses: list):
    monkeypatch.setenv("DOW_CACHE_DIR", "off")
    fresh = outputs(project, capsys, monkeypatch)
    assert fresh[0][0] == 0 and fresh[3][0] == 0 and json.loads(fresh[2][1]) is not None
    assert readings.readings_folder(project) is None and len(parses) > 20
    parsed_off = len(parses)                                    # every clause, in each of the four runs
    monkeypatch.setenv("DOW_CACHE_DIR", str(project.parent / "cache"))
    parses.clear()
    assert outputs(project, capsys, monkeypatch) == fresh      # cold: parsed and kept
    kept = kept_files(project)
    assert len(kept) == len(parses) == len(set(parses))         # each clause parsed once, kept in a file
    assert parsed_off == 4 * len(parses)                        # the three others read it
    parses.clear()
    assert outputs(project, capsys, monkeypatch) == fresh      # warm: read from the files, nothing parsed
    assert parses == []
    assert set(kept_files(project)) == set(kept)                # nothing new, nothing lost


def test_a_reading_comes_back_on_the_words_that_ask_for_it(project: Path, capsys, monkeypatch, parses: list):
    """A clause kept where one card says it is put back where another card says it, at its own line and
    column; the bundle of the second card alone is the one a fresh parse gives."""
    one = project / "content/base/survivors/test-card.yaml"
    two = project / "content/base/survivors/second.yaml"
    check(project, capsys, str(one))                           # "kill a zombie here." kept from card one
    new_process(monkeypatch)
    parses.clear()
    warm = check(project, capsys, "--format", "json", str(two))
    assert ("clause", "kill a zombie here") not in parses and ("clause", "gain 2 morale") not in parses
    monkeypatch.setenv("DOW_CACHE_DIR", "off")
    new_process(monkeypatch)
    assert check(project, capsys, "--format", "json", str(two)) == warm
    # and in the tree itself: the same words at another line and column, read from the kept file
    kept = readings.KeptReadings(project.parent / "elsewhere")
    here = A.Clause(words_of("kill a zombie here", 10, 7), A.Pos(10, 7))
    there = A.Clause(words_of("kill a zombie here", 31, 13), A.Pos(31, 13))
    new_process(monkeypatch)
    Statements(kept).read(here, "clause")
    assert len(list((project.parent / "elsewhere").iterdir())) == 1
    new_process(monkeypatch)
    parses.clear()
    placed = Statements(kept).read(there, "clause")
    assert parses == []
    new_process(monkeypatch)
    fresh = Statements().read(there, "clause")
    assert readings.same(placed, fresh) and fresh["pos"] == [31, 13]
    assert json.dumps(placed, default=repr) == json.dumps(fresh, default=repr)


def test_a_damaged_kept_file_is_ignored_and_written_again(project: Path, capsys, monkeypatch, parses: list):
    fresh = outputs(project, capsys, monkeypatch)
    folder = readings.readings_folder(project)
    files = sorted(folder.iterdir())
    good = json.loads(files[0].read_bytes())
    damage = [b"", b"\x80\x81 not json", b"[1, 2]", b'{"format": 1}',
              json.dumps(dict(good, format=99)).encode(),
              json.dumps(dict(good, words=[["word", "gain"]])).encode(),          # another clause's words
              json.dumps(dict(good, reading={"op": {"@at": 999}})).encode(),      # a word the clause lacks
              json.dumps(dict(good, reading={"@verb": "kill"})).encode(),
              json.dumps(dict(good, reading={"@nothing": 1, "op": "x"})).encode()]
    assert len(files) >= len(damage)
    for path, bad in zip(files, damage):
        path.write_bytes(bad)
    parses.clear()
    said = outputs(project, capsys, monkeypatch)
    assert said == fresh and not any("Traceback" in part for run in said for part in run if isinstance(part, str))
    assert len(parses) >= len(damage)                            # those clauses parsed again
    for path in files:                                         # and kept again
        data = json.loads(path.read_bytes())
        assert data["format"] == readings.KEPT_FORMAT and data["reading"] != {"op": {"@at": 999}}


def test_a_changed_language_never_uses_the_old_readings(project: Path, capsys, monkeypatch, parses: list,
                                                         tmp_path: Path):
    fresh = outputs(project, capsys, monkeypatch)
    folder = readings.readings_folder(project)
    # a kept reading made to say something else is what the same language reads (the cache is used) ...
    target = next(p for p in folder.iterdir() if json.loads(p.read_bytes())["words"] ==
                  [["word", "gain"], ["int", "2"], ["word", "morale"]])
    data = json.loads(target.read_bytes())
    assert data["reading"]["amount"] == 2
    data["reading"]["amount"] = 3
    target.write_text(json.dumps(data), encoding="utf-8")
    new_process(monkeypatch)
    main(["--root", str(project), "build", "--force", "--no-site", "--out", str(tmp_path / "tampered")])
    capsys.readouterr()
    assert b'"amount":3' in (tmp_path / "tampered/bundle.json").read_bytes().replace(b" ", b"")
    # ... and a language whose lexicon changed never reads it: the stamp, and so the folder, is another
    dsl = tmp_path / "dsl"
    shutil.copytree(readings.DSL_DIR, dsl, ignore=shutil.ignore_patterns("__pycache__"))
    lexicon = dsl / "lexicon.py"
    lexicon.write_text(lexicon.read_text(encoding="utf-8") + "\n# a word more\n", encoding="utf-8")
    monkeypatch.setattr(readings, "DSL_DIR", dsl)
    readings.language_stamp.cache_clear()
    assert readings.readings_folder(project) != folder
    parses.clear()
    assert outputs(project, capsys, monkeypatch) == fresh
    assert ("clause", "gain 2 morale") in parses
    # a whole check of the new language drops the old language's readings
    assert not folder.exists()


def test_the_stamp_follows_what_a_reading_depends_on(tmp_path: Path, monkeypatch):
    dsl = tmp_path / "dsl"
    shutil.copytree(readings.DSL_DIR, dsl, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(readings, "DSL_DIR", dsl)
    readings.language_stamp.cache_clear()
    stamps = {readings.language_stamp()}
    for name in ("lexicon.py", "phrases.lark", "forms.py", "build.py"):
        path = dsl / name
        path.write_bytes(path.read_bytes() + b"\n")
        readings.language_stamp.cache_clear()
        stamps.add(readings.language_stamp())
    import lark
    monkeypatch.setattr(lark, "__version__", "0.0.0-another")
    readings.language_stamp.cache_clear()
    stamps.add(readings.language_stamp())
    readings.language_stamp.cache_clear()
    assert None not in stamps and len(stamps) == 6


def test_words_are_kept_as_written(tmp_path: Path, monkeypatch, parses: list):
    """The file of a clause is found by its words as written (case and kind), so a reading is never the
    one of other words: 'manual Steal' keeps its key's case."""
    kept = readings.KeptReadings(tmp_path / "kept")
    for said in ("manual Steal", "manual steal", "Kill a zombie here", "kill a zombie here"):
        clause = A.Clause(words_of(said, 4, 3), A.Pos(4, 3))
        new_process(monkeypatch)
        read = Statements(kept).read(clause, "clause")
        new_process(monkeypatch)
        assert readings.same(read, Statements().read(clause, "clause"))
    assert len(list((tmp_path / "kept").iterdir())) == 4
    new_process(monkeypatch)
    clause = A.Clause(words_of("manual Steal", 4, 3), A.Pos(4, 3))
    parses.clear()
    assert Statements(kept).read(clause, "clause")["key"] == "Steal" and parses == []


def test_a_broken_card_says_the_same_from_the_cache(project: Path, capsys, monkeypatch):
    (project / "content/base/survivors/broken.yaml").write_text(BROKEN, encoding="utf-8")
    monkeypatch.setenv("DOW_CACHE_DIR", "off")
    fresh = outputs(project, capsys, monkeypatch)
    assert fresh[0][0] == 1 and fresh[3] == (1, b"")
    codes = [d["code"] for d in json.loads(fresh[2][1])]
    assert "N001" in codes and "P001" in codes and len(codes) >= 3
    monkeypatch.setenv("DOW_CACHE_DIR", str(project.parent / "cache"))
    assert outputs(project, capsys, monkeypatch) == fresh      # cold
    assert outputs(project, capsys, monkeypatch) == fresh      # warm
    assert not any("Traceback" in run[2] for run in fresh[:3])


def test_a_reading_read_earlier_in_the_process_is_kept_too(project: Path, capsys, monkeypatch, parses: list):
    """A clause this process already read (kept in memory by an earlier check without the cache) is written to
    the cache when a check with it meets it, so the next process parses nothing: it once read the clause from
    memory and kept nothing, and the next run parsed it again (found by the suite's order)."""
    new_process(monkeypatch)
    monkeypatch.setenv("DOW_CACHE_DIR", "off")
    assert check(project, capsys)[0] == 0                     # every clause read into this process's memory
    monkeypatch.setenv("DOW_CACHE_DIR", str(project.parent / "cache"))
    parses.clear()
    assert check(project, capsys)[0] == 0                     # read from memory, nothing parsed …
    assert parses == [] and kept_files(project)               # … and kept on disk all the same
    new_process(monkeypatch)
    assert check(project, capsys)[0] == 0
    assert parses == [], "the next process reads every clause from the cache"
