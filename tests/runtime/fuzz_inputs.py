"""Mutated bundles through ``load_bundle`` and mutated replay files through ``dow replay``.

What an embedding engine or a user hands the runtime is untrusted: every bundle must load or be
refused with a BundleError, every replay file must replay, differ or be refused, and none may end
in a Python traceback. The mutations are seeded: byte-level damage (truncation, flipped and
inserted bytes, bytes that are not UTF-8) and structural changes to the JSON (fields deleted,
values of the wrong type, numbers out of range, duplicated list items, unknown node kinds, deep
nesting), most with the content hash recomputed so the structure check, not the hash, must catch
them. A bundle that is accepted is played for one short game with bots.

Full run (report its figures):  python tests/runtime/fuzz_inputs.py --bundles 10000 --replays 10000
The test (tests/runtime/test_fuzz_inputs.py) runs a small seeded sample of the same.
"""
from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import random
import re
import sys
import tempfile
import traceback
from collections import Counter
from pathlib import Path

from dow.runtime.bundle import BundleError, content_hash, load_bundle
from dow.runtime.handlers import HANDLERS

ROOT = Path(__file__).resolve().parents[2]
WEIRD = [None, True, False, 0, -1, -50, 1001, 10 ** 6, 2 ** 64, 1.5, float("nan"), "", "x" * 300, "\x00\x1b[2J",
         [], {}, [[]], {"op": "explode"}, [None], {"pos": 1}]


def compiled_bundle() -> dict:
    """The real content, compiled once."""
    from dow.compiler.project import bundle_of, compile_paths
    build = compile_paths([ROOT / "content"], ROOT)
    assert build.ok, build.diagnostics.render()
    return bundle_of(build.cards, build.rulesets)


# ---- mutations ------------------------------------------------------------------------------------

def _slots(value, out: list, depth: int = 0) -> list:
    """Every (container, key) in a JSON value, for picking a place to change."""
    if depth > 60:
        return out
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        out.append((value, key))
        _slots(child, out, depth + 1)
    return out


def _change(rng: random.Random, data) -> str:
    """One structural change somewhere in ``data``; returns its name."""
    slots = _slots(data, [])
    if not slots:
        return "none"
    container, key = rng.choice(slots)
    value = container[key]
    how = rng.choice(("delete", "retype", "number", "duplicate", "op", "deep", "swap", "string"))
    if how == "delete":
        del container[key]
    elif how == "retype":
        container[key] = copy.deepcopy(rng.choice(WEIRD))
    elif how == "number" and isinstance(value, int) and not isinstance(value, bool):
        container[key] = rng.choice([-1, -50, value - 1, value + 1, value * 100, 1000, 1001, 2 ** 63])
    elif how == "duplicate" and isinstance(container, list):
        container.insert(key, copy.deepcopy(value))
    elif how == "op":
        ops = [c for c, k in slots if isinstance(c, dict) and k == "op"]
        if ops:
            rng.choice(ops)["op"] = rng.choice([*HANDLERS, "explode", "", "if", "all", "ref", "number"])
    elif how == "deep":       # written out by _dumps: nesting this deep is past what Python can copy
        container[key] = f"__deep__{rng.choice([10, 200, 5000, 100_000])}"
    elif how == "swap":
        other_container, other_key = rng.choice(slots)
        container[key], other_container[other_key] = (copy.deepcopy(other_container[other_key]),
                                                      copy.deepcopy(value))      # copies: never a cycle
    elif how == "string":
        container[key] = rng.choice(["", "?", "s:nobody", "p9", "base.crisis.nothing", "\ud800".encode(
            "utf-8", "surrogatepass").decode("utf-8", "replace")])
    return how


def _damage(rng: random.Random, raw: bytes) -> bytes:
    """Byte-level damage to a file's bytes."""
    how = rng.choice(("truncate", "flip", "insert", "cut", "latin", "empty"))
    if how == "truncate":
        return raw[:rng.randrange(len(raw) + 1)]
    if how == "flip" and raw:
        i = rng.randrange(len(raw))
        return raw[:i] + bytes([rng.randrange(256)]) + raw[i + 1:]
    if how == "insert":
        i = rng.randrange(len(raw) + 1)
        return raw[:i] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))) + raw[i:]
    if how == "cut" and raw:
        i = rng.randrange(len(raw))
        return raw[:i] + raw[i + rng.randint(1, 200):]
    if how == "latin":
        return raw.decode("utf-8").encode("latin-1", "replace") + b"\xe9\xff"
    return b""


def mutated_bundle(rng: random.Random, bundle: dict) -> bytes:
    """The real bundle, or a few of its cards (most often: they load faster) without the rulesets (which
    name cards a sample lacks: load_bundle refuses those references), changed, most often with its hash
    recomputed."""
    whole = rng.random() < 0.2
    cards = bundle["cards"] if whole else rng.sample(bundle["cards"], rng.randint(1, 12))
    cards = cards if whole else [c for c in cards if c["kind"] != "crossroads" or rng.random() < 0.3]
    rest = {k: v for k, v in bundle.items() if k not in ("cards", "rulesets")}   # copied whole: a change to the
    data = {**copy.deepcopy(rest), "cards": copy.deepcopy(cards),                 # copy must never reach the
            "rulesets": copy.deepcopy(bundle["rulesets"]) if whole else {}}        # caller's bundle (languages)
    for _ in range(rng.randint(1, 3)):
        _change(rng, data if rng.random() < 0.9 else {"root": data})
    if isinstance(data, dict) and isinstance(data.get("cards"), list) and rng.random() < 0.85:
        with contextlib.suppress(Exception):      # a change may have made the hash impossible to compute
            data["content_hash"] = content_hash(data["cards"], data.get("rulesets"))
    raw = _dumps(data)
    return _damage(rng, raw) if rng.random() < 0.2 else raw


def _dumps(data) -> bytes:
    """A value's JSON bytes, with the deep nestings written out."""
    text = json.dumps(data, ensure_ascii=False)
    text = re.sub(r'"__deep__(\d+)"', lambda m: "[" * int(m[1]) + "{}" + "]" * int(m[1]), text)
    return text.encode("utf-8", "surrogatepass")


# ---- bundles ----------------------------------------------------------------------------------------

def _play_one(data: dict, seed: int) -> None:
    """A short game with bots on an accepted bundle (a refusal of the set-up is fine; a crash is not)."""
    from dow.runtime.engine.game import GameError
    from dow.runtime.engine.sim import play_game
    try:
        play_game(data, seed, 2)
    except (GameError, ValueError, LookupError) as err:   # the engine's refusals: a game it cannot set up
        if not str(err):
            raise AssertionError("a refusal without a message") from err


def run_bundles(n: int, seed: int, bundle: dict, play_every: int = 5) -> dict:
    """Load ``n`` mutated bundles (and play one game on every ``play_every``-th whole bundle that loads); counts of
    outcomes and the tracebacks, if any."""
    rng = random.Random(seed)
    counts, crashes = Counter(), []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bundle.json"
        for i in range(n):
            _progress("bundles", i, n)
            path.write_bytes(mutated_bundle(rng, bundle))
            try:
                data = load_bundle(path)
            except BundleError as err:
                counts["refused"] += 1
                if not str(err).strip() or "Traceback" in str(err):
                    crashes.append(f"bundle {i}: an unclear refusal {err!r}")
                continue
            except Exception:                          # noqa: BLE001 - what the fuzzer is looking for
                crashes.append(f"bundle {i}:\n{traceback.format_exc()}")
                continue
            counts["loaded"] += 1
            whole = len(data["cards"]) > len(bundle["cards"]) // 2       # a whole bundle: a game can be set up
            counts["loaded whole"] += whole
            if play_every and whole and counts["loaded whole"] % play_every == 1:
                try:
                    _play_one(data, i)
                    counts["played"] += 1
                except Exception:                      # noqa: BLE001
                    counts["game crashed"] += 1
                    crashes.append(f"bundle {i} (loaded, then played):\n{traceback.format_exc()}")
    return {"bundles": n, **counts, "tracebacks": crashes}


# ---- replays ----------------------------------------------------------------------------------------

def recorded_replays(bundle: dict) -> list[dict]:
    """A few real replays: base games of 2 to 5 players, Warring Colonies, its quick game, Winter Tricks."""
    from dow.runtime.engine.sim import play_game
    from dow.runtime.games import winter_tricks
    out = []
    for seed, players, variants in ((1, 2, ()), (2, 4, ()), (3, 5, ()), (4, 4, ("warring-colonies",)),
                                    (5, 5, ("warring-colonies", "quick"))):
        _, replay, _ = play_game(bundle, seed, players, variants=variants)
        out.append(json.loads(replay.to_json()))
    game = winter_tricks.new_game(bundle, 6, 3)
    game.run()
    replay = game.replay()
    replay.setup = {"game": winter_tricks.NAME, "players": 3}
    out.append(json.loads(replay.to_json()))
    return out


def mutated_replay(rng: random.Random, replays: list[dict]) -> bytes:
    """A real replay, changed: its fields, its set-up, its answers, or its bytes."""
    data = copy.deepcopy(rng.choice(replays))
    how = rng.random()
    if how < 0.15:
        data["decisions"] += copy.deepcopy(data["decisions"][:rng.randint(1, 5)])   # answers left over
    elif how < 0.3:
        decisions = data["decisions"]
        if decisions:
            i = rng.randrange(len(decisions))
            decisions[i] = copy.deepcopy(rng.choice([*WEIRD, *decisions]))
    elif how < 0.4:
        data["setup"] = {**data.get("setup", {}), rng.choice(["players", "game", "variants", "objective", "x"]):
                         copy.deepcopy(rng.choice([*WEIRD, 1, 3, 6, 12, 99, "winter-tricks", ["quick"],
                                                   ["warring-colonies"], "base.main-objective.nothing"]))}
    else:
        for _ in range(rng.randint(1, 3)):
            _change(rng, data if rng.random() < 0.9 else {"root": data})
    raw = _dumps(data)
    return _damage(rng, raw) if rng.random() < 0.25 else raw


def run_replays(n: int, seed: int, bundle: dict) -> dict:
    """``dow replay`` on ``n`` mutated replay files (the content compiled once); outcomes by exit code."""
    from dow.cli import main as cli
    replays = recorded_replays(bundle)
    rng = random.Random(seed)
    counts, crashes = Counter(), []
    original = cli._game_bundle
    cli._game_bundle = lambda args: bundle
    try:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "game.replay.json"
            for i in range(n):
                _progress("replays", i, n)
                path.write_bytes(mutated_replay(rng, replays))
                err = io.StringIO()
                try:
                    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                        code = cli.main(["--root", str(ROOT), "replay", str(path), "--quiet"])
                except Exception:                      # noqa: BLE001
                    crashes.append(f"replay {i}:\n{traceback.format_exc()}")
                    continue
                counts[{0: "identical", 1: "differs or does not fit", 2: "refused"}.get(code, f"exit {code}")] += 1
                text = err.getvalue()
                if "Traceback" in text or (code and not text.strip()):
                    crashes.append(f"replay {i}: exit {code} with {text!r}")
    finally:
        cli._game_bundle = original
    return {"replays": n, **counts, "tracebacks": crashes}


def _progress(what: str, i: int, n: int) -> None:
    if n >= 2000 and i % 1000 == 0:
        print(f"{what}: {i}/{n}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    """Run the fuzzers and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bundles", type=int, default=10_000, help="how many mutated bundles")
    parser.add_argument("--replays", type=int, default=10_000, help="how many mutated replay files")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the mutations")
    args = parser.parse_args(argv)
    bundle = compiled_bundle()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    results = [run_bundles(args.bundles, args.seed, bundle)] if args.bundles else []
    results += [run_replays(args.replays, args.seed, bundle)] if args.replays else []
    for result in results:
        print(json.dumps({k: (len(v) if k == "tracebacks" else v) for k, v in result.items()}))
        for crash in result["tracebacks"][:5]:
            print(crash)
    return 1 if any(r["tracebacks"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
