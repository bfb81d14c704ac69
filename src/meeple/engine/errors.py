"""The engine's error types, split by cause (after python-chess).

Both action errors are ``ValueError``s: a caller that only wants "bad input" catches that.
Every message names the action, the situation and the reason.
"""

from collections.abc import Mapping
from typing import ClassVar


class InvalidActionError(ValueError):
    """Malformed input: text or data that does not describe any action of this game."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules forbid in this state."""


# The option mistakes a client may say in its own words, each with the facts it is told.
OPTION_MISTAKES: Mapping[str, frozenset[str]] = {
    "unknownGame": frozenset({"name", "games"}),
    "players": frozenset({"game", "players", "counts"}),
    "unknownOption": frozenset({"game", "names", "valid"}),
    "badOption": frozenset({"name", "value", "allowed"}),
    "optionForm": frozenset({"text"}),
    "unknownBot": frozenset({"spec", "known"}),
}


class InvalidOptionError(ValueError):
    """An unknown option, a bad option value, or an unsupported player count.

    ``reason`` names the kind of mistake where a client may say it in its own words (one
    of ``OPTION_MISTAKES``), with the facts it needs in ``details``; empty otherwise. The
    message is the same English text either way. A subclass for another layer's mistakes
    (the server's table requests) names its own in ``mistakes``.
    """

    mistakes: ClassVar[Mapping[str, frozenset[str]]] = OPTION_MISTAKES

    def __init__(
        self, message: str, *, reason: str = "", details: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.details: Mapping[str, object] = dict(details or {})
        assert not reason or self.mistakes[reason] == set(self.details), (reason, details)


class RecordError(ValueError):
    """A match record that cannot be loaded or replayed (corrupt, truncated, other version)."""
