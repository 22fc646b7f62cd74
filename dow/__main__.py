"""``python -m dow``: the same command line as ``dow``."""
from dow.compiler.cli import entry

entry()
