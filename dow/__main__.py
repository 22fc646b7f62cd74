"""``python -m dow``: the same command line as ``dow``."""
import sys

from dow.compiler.cli import main

sys.exit(main())
