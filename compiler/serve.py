"""``dow serve``: the authoring loop. Build, serve build/site on 127.0.0.1, rebuild on save.

Content and docs are polled (a stat per file, once a second): no extra dependency,
and it works the same in every editor. A rebuild with card errors prints the
diagnostics and keeps serving the last good site.
"""
from __future__ import annotations

import functools
import http.server
import threading
import time
from pathlib import Path

from .messages import M
from .project import BUILD, CONTENT, build_lock, compile_paths, forget_manifest, swap_in, write_manifest, write_outputs


def snapshot(root: Path) -> dict:
    """Size and modification time of every input file of the site."""
    files = [*(root / CONTENT).rglob("*"), *(root / "docs").glob("*.md")]
    return {p: (p.stat().st_size, p.stat().st_mtime_ns) for p in files if p.is_file()}


def rebuild(root: Path, say=print) -> bool:
    """Compile the content and rebuild the site; False (site untouched) when a card has errors."""
    from .project import bundle_of
    from .site import build_site
    started = time.perf_counter()
    build = compile_paths([root / CONTENT], root)
    if not build.ok:
        say(build.diagnostics.render())
        say(M("B001.not-written", path=f"{(root / BUILD).as_posix()}/bundle.json").render())
        return False
    out = root / BUILD
    with build_lock(out, say):        # the same lock as dow build: the two never write build/ at once
        forget_manifest(out)
        write_outputs(build, root, out)
        bundle = bundle_of(build.cards, build.rulesets)
        swap_in(lambda folder: build_site(bundle, root, folder, say=say), out / "site")
        write_manifest(root, out, site=True)
    say(f"rebuilt in {time.perf_counter() - started:.1f} s")
    return True


def serve(root: Path, port: int, once: bool = False, interval: float = 1.0, say=print) -> int:
    """Serve until interrupted (or, with ``once``, until one change has been rebuilt)."""
    seen = snapshot(root)  # before the first build: a file saved while it runs is rebuilt too
    rebuild(root, say)
    site = root / BUILD / "site"
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    say(f"serving http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C to stop)")
    try:
        while True:
            time.sleep(interval)
            now = snapshot(root)
            if now != seen:
                changed = sorted({p.name for p in set(now) ^ set(seen)} |
                                 {p.name for p in now if p in seen and now[p] != seen[p]})
                say(f"changed: {', '.join(changed[:5])}{' …' if len(changed) > 5 else ''}")
                seen = now
                rebuild(root, say)
                if once:
                    return 0
    except KeyboardInterrupt:
        return 0
    finally:
        server.shutdown()
