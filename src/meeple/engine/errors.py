"""The engine's error types, split by cause (after python-chess).

Both action errors are ``ValueError``s: a caller that only wants "bad input" catches that.
Every message names the action, the situation and the reason.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar


class ReasonedError(ValueError):
    """An error with an English message and, for a client that says it in its own words,
    the kind of mistake (``reason``; empty: none given) and its facts (``details``)."""

    def __init__(
        self, message: str, *, reason: str = "", details: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.details: Mapping[str, object] = dict(details or {})
        # Of several moves typed on one line (``Game.parse_moves``), the one refused.
        self.part = ""


class InvalidActionError(ReasonedError):
    """Malformed input: text or data that does not describe any action of this game.

    Where a game's notation says what was wrong with typed text, ``reason`` is one of the
    game class's ``notation_mistakes`` and ``details`` its facts (the tokens as typed,
    seats and numbers); both are empty for data that does not decode.
    """


def malformed(
    mistakes: Mapping[str, frozenset[str]], reason: str, text: str, **details: object
) -> InvalidActionError:
    """The ``InvalidActionError`` for a notation mistake of ``mistakes`` with exactly the
    facts it names (``text`` is the English message)."""
    assert mistakes[reason] == set(details), (reason, sorted(details))
    return InvalidActionError(text, reason=reason, details=details)


# The reasons of an illegal move that the engine itself gives, with no facts: no game's
# own reason fits; and of several moves typed on one line (``Game.parse_moves``), one that
# a chance outcome (a card dealt or drawn) comes before, or that another seat's turn (or
# the game's end) comes before.
NOT_LEGAL = "notLegal"
CHANCE_FIRST = "chanceFirst"
TURN_OVER = "turnOver"
ENGINE_REASONS = (NOT_LEGAL, CHANCE_FIRST, TURN_OVER)


@dataclass(frozen=True, slots=True)
class Why:
    """Why a well-formed action is not legal: the English sentence (``text``), and for a
    client that says it in its own words the kind of reason (``reason``, a key of the
    game class's ``illegal_reasons``, or ``NOT_LEGAL``) with its facts (``details``: cards,
    seats and numbers as the game's values, never formatted words)."""

    reason: str
    text: str
    details: Mapping[str, object] = field(default_factory=dict)


def checked_why(
    reasons: Mapping[str, frozenset[str]], reason: str, text: str, **details: object
) -> Why:
    """A ``Why`` whose reason is one of ``reasons`` with exactly the facts it names."""
    assert reasons[reason] == set(details), (reason, sorted(details))
    return Why(reason, text, details)


class IllegalActionError(ReasonedError):
    """A well-formed action that the rules forbid in this state.

    ``reason`` and ``details`` are those of the game's ``Why`` where it explained the move
    (``reason`` is empty for an action refused before that: no seat may act, or a chance
    outcome that cannot happen). The message is the English text either way.
    """


# The option mistakes a client may say in its own words, each with the facts it is told.
OPTION_MISTAKES: Mapping[str, frozenset[str]] = {
    "unknownGame": frozenset({"name", "games"}),
    "players": frozenset({"game", "players", "counts"}),
    "unknownOption": frozenset({"game", "names", "valid"}),
    "badOption": frozenset({"name", "value", "allowed"}),
    "optionForm": frozenset({"text"}),
    "unknownBot": frozenset({"spec", "known"}),
}


class InvalidOptionError(ReasonedError):
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
        super().__init__(message, reason=reason, details=details)
        assert not reason or self.mistakes[reason] == set(self.details), (reason, details)


class RecordError(ValueError):
    """A match record that cannot be loaded or replayed (corrupt, truncated, other version)."""
