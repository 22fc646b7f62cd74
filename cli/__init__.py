"""The ``dow`` command line (cli/main.py) and its subcommands."""
