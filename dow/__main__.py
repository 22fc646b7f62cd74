"""``python -m dow``: the same command line as ``dow``."""
from dow.cli.main import entry

entry()
