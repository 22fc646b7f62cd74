"""The toolchain's cache folder: kept results that make a second run quick and never change what it makes.

The rules text's compiled catalogues (render/text.py), the content files' stamp (compiler/contentfiles.py)
and the website's kept statistics (site/stats.py) live here, one file per project or per input, never in
the project, whose build/ a ``dow build --out DIR`` must not touch.
"""
from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path | None:
    """Where the text catalogues' cache lives: ``$DOW_CACHE_DIR``, else ``$XDG_CACHE_HOME/dow``, else
    ``~/.cache/dow``; ``DOW_CACHE_DIR=off`` turns it off (None)."""
    chosen = os.environ.get("DOW_CACHE_DIR")
    if chosen:
        return None if chosen == "off" else Path(chosen)
    xdg = os.environ.get("XDG_CACHE_HOME")
    try:
        return (Path(xdg) if xdg else Path.home() / ".cache") / "dow"
    except RuntimeError:  # no home folder
        return None


def prune_stamped(folder: Path | None, since: float) -> None:
    """After a check of the whole project, in a cache kept as ``<project>/<stamp>/<entry>`` (the text
    comparison's, the clause readings'): drop the entries it did not use (not read or written since
    ``since``, a ``time.time()``) and the folders of other stamps, so the cache holds one project's worth
    of the sources as they are."""
    if folder is None:
        return
    try:
        if folder.parent.is_dir():
            for other in folder.parent.iterdir():
                if other != folder and other.is_dir():
                    for path in other.iterdir():
                        path.unlink(missing_ok=True)
                    other.rmdir()
        if folder.is_dir():
            with os.scandir(folder) as entries:
                for entry in entries:
                    if entry.stat().st_mtime < since:
                        os.unlink(entry.path)
    except OSError:    # another run pruning at the same time, a folder not ours to empty: keep what is left
        pass
