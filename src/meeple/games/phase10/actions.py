"""Phase 10's actions and chance outcomes: small frozen values of primitives, a union
alias for each."""

from dataclasses import dataclass

from meeple.games.phase10.cards import Card, Cards


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Take the top card of the draw pile (the card is then a chance outcome)."""


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (never a Skip)."""


@dataclass(frozen=True, slots=True)
class BeginPhase:
    """Start laying down the current phase; the cards follow one ``Place`` at a time."""


@dataclass(frozen=True, slots=True)
class Place:
    """Put ``card`` into group ``group`` of the phase being laid.

    ``value`` is the number a card stands for in a set or run, or the colour index in a
    colour group; for a natural card in a set or colour group it is the card's own.
    """

    card: Card
    group: int
    value: int


@dataclass(frozen=True, slots=True)
class Hit:
    """Add ``card`` to laid group ``group`` (an index into the table); ``high``: the top
    end of a run (always True for sets and colour groups)."""

    card: Card
    group: int
    high: bool


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` to end the turn; for a Skip, ``target`` is the seat to skip
    (None for any other card, and for a Skip when no seat can be skipped)."""

    card: Card
    target: int | None = None


Phase10Action = DrawStock | TakeDiscard | BeginPhase | Place | Hit | Discard


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance outcome: each seat's 10 cards (empty for a seat sitting out) and the first
    face-up card of the discard pile."""

    hands: tuple[Cards, ...]
    up_card: Card


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance outcome: the card taken from the draw pile."""

    card: Card


Phase10Outcome = Deal | Draw
