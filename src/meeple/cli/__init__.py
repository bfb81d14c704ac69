"""The ``meeple`` command line (typer and rich)."""
