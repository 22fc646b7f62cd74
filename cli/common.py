"""What the ``dow`` command's subcommands share: exit codes, the usage error, the project folder, the
current content as a bundle. cli/main.py and the subcommands in modules of their own (cli/statscmd.py)
import them from here, so that no subcommand imports the command line that registers it.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from dow.compiler.messages import M, Msg

EXIT_OK, EXIT_CONTENT, EXIT_USAGE = 0, 1, 2
EXIT_INTERNAL = 70       # EX_SOFTWARE: a bug in dow, not in what it was given
EXIT_INTERRUPTED = 130   # the shells' convention for a command stopped by Ctrl-C (128 + SIGINT)


class UsageError(Exception):
    """A mistake in how the command was called."""


def game_message(err: Exception) -> Msg | str:
    """Why a game was refused: a ``GameError``'s catalogue message (told in the reader's language) when it has
    a key, else the error's own text."""
    key = getattr(err, "key", "")
    return M("game." + key, **err.params) if key else str(err)


def _positive(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not 1 or more")
    return value


def _game_bundle(args) -> dict:
    """The current content, compiled in memory (games always run what content/ says now)."""
    from dow.compiler.project import bundle_of, compile_paths
    root = _root(args)
    build = compile_paths([root / "content"], root)
    if not build.ok:
        raise UsageError("content/ has errors; run 'dow check' and fix them first")
    return bundle_of(build.cards, build.rulesets)


def _root(args) -> Path:
    """The project folder: --root, or found from here upwards; elsewhere is a usage error."""
    from dow.compiler.project import CONTENT, find_root
    root = (args.root or find_root()).resolve()
    if not (root / CONTENT).is_dir():
        raise UsageError(M("cli.not-a-project", path=root.as_posix()))
    return root
