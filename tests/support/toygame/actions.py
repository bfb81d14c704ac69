"""Actions and chance outcomes."""

from dataclasses import dataclass

from support.toygame.cards import Card


@dataclass(frozen=True, slots=True)
class Add:
    """Add 1 or 2 to the total."""

    amount: int


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play the hidden card: add its value, then draw."""


RaceAction = Add | PlayCard


@dataclass(frozen=True, slots=True)
class Deal:
    """The card the seat waiting for one draws."""

    card: Card
