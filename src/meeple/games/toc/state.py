"""Toc's state: frozen, slotted dataclasses of ints and tuples (fast to copy and compare)."""

from dataclasses import dataclass
from enum import IntEnum

from meeple.engine.values import constructor, evolver
from meeple.games.toc.cards import Card, Hand


class Phase(IntEnum):
    """What happens next."""

    DEAL = 0  # chance: a deal of hands
    EXCHANGE = 1  # each team member sets aside one card for a partner (partner_exchange)
    PLAY = 2  # the seat ``turn`` plays a card (or a part of a 7) or discards
    DRAW = 3  # chance: the seat ``turn`` draws one card back to 5
    OVER = 4


DEAL = Phase.DEAL
EXCHANGE = Phase.EXCHANGE
PLAY = Phase.PLAY
DRAW = Phase.DRAW
OVER = Phase.OVER


@dataclass(frozen=True, slots=True)
class Pending:
    """A 7 being split: steps still to move, and the pawns (bitmask) already moved by it."""

    remaining: int
    moved: int


@dataclass(frozen=True, slots=True)
class TocState:
    """A whole game position.

    ``positions`` holds one cell per pawn, pawn ``i`` belonging to seat ``i // 4``
    (``-1``: in the reserve). ``protected`` and ``armed`` are bitmasks over pawns: pawns
    protected on their Départ, and pawns that stood on an intersection when this turn
    began (they may take the shortcut). Hands are sorted tuples of ranks; the talon is a
    tuple of counts per rank (no order exists), except that a talon turned over unshuffled
    (option ``reshuffle`` off) is the ordered ``talon_order``, top first; ``played`` holds
    the cards played or discarded since the talon was last rebuilt, in order.
    """

    phase: Phase
    turn: int
    positions: tuple[int, ...]
    protected: int
    armed: int
    hands: tuple[Hand, ...]
    talon: tuple[int, ...]  # cards per rank
    talon_order: tuple[Card, ...]
    played: tuple[Card, ...]
    pending: Pending | None
    # partner_exchange: the card each seat has set aside this exchange (0: none yet).
    gifts: tuple[Card, ...]
    # Cards every seat knows to be in each hand (drawn from a talon in known order).
    known: tuple[Hand, ...]
    # Per receiver: a card its giver knows it still holds from the last exchange (0: none).
    gift_known: tuple[Card, ...]
    deals: int  # deals so far
    starter: int  # the seat that played first after the latest deal
    turns: int  # turns completed
    winners: tuple[int, ...]


# States are built on every step: the engine's generated constructor stores the fields
# straight into their slots (about twice as fast as TocState(...), same value).
new_state = constructor(TocState)
# The package's one copy helper: a TocState with some fields changed.
evolve = evolver(TocState)
