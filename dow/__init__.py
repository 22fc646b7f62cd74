"""dow: the Dead of Winter rules-and-content toolchain (``python -m dow`` runs the ``dow`` command)."""
