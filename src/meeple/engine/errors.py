"""The engine's error types, split by cause (after python-chess).

Both action errors are ``ValueError``s: a caller that only wants "bad input" catches that.
Every message names the action, the situation and the reason.
"""


class InvalidActionError(ValueError):
    """Malformed input: text or data that does not describe any action of this game."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules forbid in this state."""


class InvalidOptionError(ValueError):
    """An unknown option, a bad option value, or an unsupported player count."""


class RecordError(ValueError):
    """A match record that cannot be loaded or replayed (corrupt, truncated, other version)."""
