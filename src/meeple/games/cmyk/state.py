"""CMYK state: immutable values; every multiset of cards is a sorted tuple of kinds.

A sorted tuple holds no order a player could learn (the stock is a multiset: each draw is
a chance outcome), and it is also the fastest shape for hands of five or six cards.
"""

from dataclasses import dataclass
from typing import Literal

from meeple.engine.values import evolver
from meeple.games.cmyk.cards import Card

# deal: cards dealt to ``seat``; draw: ``seat`` draws at the start of its turn;
# play: ``seat`` is to act; refill: ``seat`` refills to 5; over: the game has ended.
Stage = Literal["deal", "draw", "play", "refill", "over"]


@dataclass(frozen=True, slots=True)
class Board:
    """The four colour piles (cyan, magenta, yellow, black) and the mix in play.

    ``piles[c]`` holds the cards laid on colour ``c`` in order; ``totals[c]`` its
    percentage, counting the mix's starting value; ``closed[c]`` marks a pile completed
    under a mix, which takes no more cards until the fourth is completed (seed).
    """

    piles: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]
    closed: tuple[bool, ...]
    mix: Card | None  # the mix card's kind (None: no mix in play)
    opening: bool  # piles must be started, one new colour a turn (seed: start, after a sweep)


EMPTY_PILES: tuple[tuple[Card, ...], ...] = ((), (), (), ())
OPEN: tuple[bool, ...] = (False, False, False, False)
OPENING_BOARD = Board(EMPTY_PILES, (0, 0, 0, 0), OPEN, None, True)
EMPTY_BOARD = Board(EMPTY_PILES, (0, 0, 0, 0), OPEN, None, False)


@dataclass(frozen=True, slots=True)
class Tally:
    """Cards won: all of them together (public: every one was seen on the board), and how
    many each seat won and how many piles each completed (public counts; the won cards
    themselves lie face down)."""

    won: tuple[Card, ...]
    won_counts: tuple[int, ...]
    completions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CmykState:
    stage: Stage
    seat: int  # the seat dealt to, drawing, acting or refilling
    to_draw: int  # cards still to draw in a deal, draw or refill stage
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    reserve: tuple[Card, ...]  # face-up discards (seed: "paquet de réserve")
    board: Board
    tally: Tally
    turn: int  # turns completed
    stalled_passes: int  # passes through the stock in a row without a completed pile
    completed_this_pass: bool


# The package's one copy helper: ``evolve(state, field=new, ...)``.
evolve = evolver(CmykState)
