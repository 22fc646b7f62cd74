"""``dow serve``: the authoring loop. Build, serve build/site on 127.0.0.1, rebuild on save.

Content and docs are polled (a stat per file, once a second): no extra dependency,
and it works the same in every editor. A saved card file rebuilds that card's pages in
every language (site/update.py), then the statistics page; any other change
rebuilds the whole site. A rebuild with errors in a card or any other content file (the
glossary, the sets, the sync hashes, the rulesets, the rules chapters: compiler/contentfiles.py)
prints the located diagnostics and keeps serving the last good site, as does a site build that
fails part way; the server never stops on what it was given.
"""
from __future__ import annotations

import functools
import http.server
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from dow.compiler.cards import LANGS
from dow.compiler.messages import M
from dow.compiler.project import (BUILD, CONTENT, build_lock, compile_paths, fingerprint, forget_manifest, read_inputs, swap_in,
                      write_manifest, write_outputs)

if TYPE_CHECKING:
    from .update import SiteUpdater


def snapshot(root: Path) -> dict:
    """Size and modification time of every input file of the site."""
    files = [*(root / CONTENT).rglob("*"), *(root / "docs").glob("*.md")]
    return {p: (p.stat().st_size, p.stat().st_mtime_ns) for p in files if p.is_file()}


def rebuild(root: Path, say=print) -> "SiteUpdater | None":
    """Compile the content and rebuild the site; None (site untouched) when a content file has errors or
    the site build fails. Returns
    what a later per-card rebuild needs (site/update.py)."""
    from dow.compiler.project import bundle_of
    from .build import SiteData, build_site
    from .status import file_facts
    from .update import SiteUpdater
    started = time.perf_counter()
    before = fingerprint(root)        # the inputs before they are read: a card saved meanwhile is built next time
    build = compile_paths([root / CONTENT], root, facts=file_facts)   # what the site reads of each file, too
    if not build.ok:
        say(build.diagnostics.render())
        say(M("B001.not-written", path=f"{(root / BUILD).as_posix()}/bundle.json").render())
        return None
    out = root / BUILD
    with build_lock(out, say):        # the same lock as dow build: the two never write build/ at once
        try:
            forget_manifest(out)
            write_outputs(build, root, out)
            bundle = bundle_of(build.cards, build.rulesets)
            data = SiteData(bundle, root, facts=build.facts)
            # the site is made in a folder of its own and swapped in whole: a failure leaves the last good one
            swap_in(lambda folder: build_site(bundle, root, folder, say=say, data=data), out / "site")
            write_manifest(root, out, site=True, inputs=read_inputs(before, build))
        except Exception as error:   # noqa: BLE001 - the server goes on serving what it had
            say(f"the site was not rebuilt ({type(error).__name__}: {error}); serving the last good site")
            return None
        say(f"rebuilt in {time.perf_counter() - started:.1f} s")
        started = time.perf_counter()
        updater = SiteUpdater(root, build, data)
    say(f"ready to rebuild single cards ({time.perf_counter() - started:.1f} s)")
    return updater


def rebuild_cards(updater: "SiteUpdater", changed: set[Path], say=print) -> bool | None:
    """The pages of changed card files, then the bundle and the statistics page; None when a full
    rebuild is needed, False (site untouched, diagnostics said) when a card has errors."""
    started = time.perf_counter()
    with build_lock(updater.out, say):
        before = fingerprint(updater.root)    # before the changed files are read (see rebuild)
        try:
            done = updater.update(changed, say)
        except Exception as error:   # whatever went wrong, the whole rebuild redoes every page
            say(f"rebuilding the whole site: the per-card rebuild stopped ({type(error).__name__}: {error})")
            return None
        if not done:
            if done is False:
                say(M("B001.not-written", path=f"{updater.out.as_posix()}/bundle.json").render())
            return done
        say(f"rebuilt in {time.perf_counter() - started:.1f} s: "
            f"{', '.join(sorted(p.stem for p in changed))} ({', '.join(LANGS)})")
        started = time.perf_counter()
        updater.finish(inputs=before)
    say(f"bundle and statistics page rebuilt in {time.perf_counter() - started:.1f} s")
    return True


def changes(now: dict, seen: dict) -> set[Path]:
    """Files added, removed or changed between two snapshots."""
    return set(now) ^ set(seen) | {p for p in now if p in seen and now[p] != seen[p]}


def serve(root: Path, port: int, once: bool = False, interval: float = 1.0, say=print) -> int:
    """Serve until interrupted (or, with ``once``, until one change has been rebuilt)."""
    seen = snapshot(root)  # before the first build: a file saved while it runs is rebuilt too
    updater = rebuild(root, say)
    site = root / BUILD / "site"
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    say(f"serving http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C to stop)")
    pending: set[Path] = set()
    try:
        while True:
            time.sleep(interval)
            now = snapshot(root)
            if now != seen:
                changed = changes(now, seen)
                names = sorted(p.name for p in changed)
                say(f"changed: {', '.join(names[:5])}{' …' if len(names) > 5 else ''}")
                seen = now
                # files changed since the site was last rebuilt: after a card with errors, the next
                # rebuild compiles it again with whatever changed next
                pending |= changed
                done = rebuild_cards(updater, pending, say) if updater is not None else None
                if done is None:
                    updater = rebuild(root, say)
                    done = updater is not None
                if done:
                    pending = set()
                if once:
                    return 0
    except KeyboardInterrupt:
        return 0
    finally:
        server.shutdown()
