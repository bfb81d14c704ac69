"""The games. Each subpackage has the same files and exposes ``GAME``, its Game class."""
