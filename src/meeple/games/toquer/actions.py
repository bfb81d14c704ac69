"""Toquer's actions: small frozen values. Positions are frame positions of the acting
seat (or, for ``Take``, of the knocker): ``row * width + column``, column 0 being the
left neighbour's column (see layout.py)."""

from dataclasses import dataclass

from meeple.games.toquer.cards import Card


@dataclass(frozen=True, slots=True)
class Reveal:
    """Set-up: reveal one of your own face-down cards."""

    position: int


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock (shown to everyone)."""


@dataclass(frozen=True, slots=True)
class DrawDiscard:
    """Draw the top card of the discard pile."""


@dataclass(frozen=True, slots=True)
class Knock:
    """Ask for the card the active player just drew from the stock."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Do not knock."""


@dataclass(frozen=True, slots=True)
class Give:
    """Accept a knock: give the drawn card to ``seat``."""

    seat: int


@dataclass(frozen=True, slots=True)
class Refuse:
    """Refuse every knock and go on with the turn."""


@dataclass(frozen=True, slots=True)
class Swap:
    """Put the card in hand face up at ``position``; the card there comes out."""

    position: int


@dataclass(frozen=True, slots=True)
class DiscardReveal:
    """Discard the drawn card and reveal the face-down card at ``position``."""

    position: int


@dataclass(frozen=True, slots=True)
class Take:
    """Knock exchange: take the knocker's card at ``position`` of the knocker's frame."""

    position: int


@dataclass(frozen=True, slots=True)
class Clear:
    """Discard three identical, adjacent, revealed cards (positions in line order)."""

    first: int
    second: int
    third: int


@dataclass(frozen=True, slots=True)
class StopClearing:
    """Clear nothing more."""


ToquerAction = (
    Reveal
    | DrawStock
    | DrawDiscard
    | Knock
    | Pass
    | Give
    | Refuse
    | Swap
    | DiscardReveal
    | Take
    | Clear
    | StopClearing
)


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: a new round's cards, slot by slot, and the card that starts the discard."""

    cards: tuple[Card, ...]
    discard: Card


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the top card of the stock."""

    card: Card


ToquerOutcome = Deal | Draw
