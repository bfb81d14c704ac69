"""Toquer's state: frozen values only (ints, strs, tuples, an enum, nested dataclasses)."""

from dataclasses import dataclass
from enum import Enum

from meeple.engine.values import evolver
from meeple.games.toquer.cards import Card


class Phase(Enum):
    """What the state is waiting for."""

    DEAL = "deal"  # chance: a new round is dealt
    SETUP = "setup"  # seats reveal two of their own cards each
    DRAW = "draw"  # the active seat draws from the stock or the discard pile
    STOCK_DRAW = "stock_draw"  # chance: the top card of the stock
    KNOCK = "knock"  # other seats decide, in secret, whether to knock
    ANSWER = "answer"  # the active seat gives the card to a knocker or refuses
    PLACE = "place"  # the active seat swaps the drawn card in, or discards it and reveals
    CLEAR = "clear"  # a seat clears triples or stops
    KNOCK_SWAP = "knock_swap"  # the knocker swaps the card in, keeping the card taken out
    KNOCK_TAKE = "knock_take"  # the active seat takes one of the knocker's cards
    KNOCK_PLACE = "knock_place"  # ...and swaps it with one of their own
    OVER = "over"


# Knock decisions, one character per seat in ``ToquerState.votes``.
NOT_ASKED = "-"
UNDECIDED = "?"
KNOCKED = "K"
PASSED = "P"
HIDDEN_VOTE = "*"  # in a view: decided, but not yet revealed


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """The scoring of the last finished round (public: every card is turned face up to
    be counted, seed)."""

    round: int
    points: tuple[int, ...]  # per seat, after doubling
    ender: int  # the seat that ended the round
    doubled: bool
    cards: tuple[Card, ...] = ()  # every slot's card as revealed at the round's end
    faces: str = ""  # 'U' where a card lay, '.' where the slot was empty
    totals: tuple[int, ...] = ()  # the running totals after this round


@dataclass(frozen=True, slots=True)
class ToquerState:
    """A whole game. ``cards[slot]`` is meaningful only where ``faces[slot]`` is not '.'.

    ``faces`` holds one character per slot: 'D' face down, 'U' face up, '.' empty.
    """

    phase: Phase
    actor: int  # the seat to act, CHANCE or TERMINAL (what current_player returns)
    round: int  # 1 for the first round; 0 before the first deal
    dealer: int
    active: int  # whose turn it is
    cards: tuple[Card, ...]
    faces: str
    stock: tuple[int, ...]  # count per deck value (the stock has no order)
    discard: tuple[Card, ...]  # the discard pile, bottom to top (public)
    drawn: Card | None  # the card drawn this turn while it is in play (public)
    from_stock: bool
    held: Card | None  # a card out of a layout: the swapped-out card awaiting discard,
    # or the knocker's hand card
    held_hidden: bool  # the held card was face down: only the knocker knows it
    votes: str  # knock decisions per seat (see NOT_ASKED, ...)
    knocker: int | None  # the knocker given the card, else None
    taken_slot: int | None  # the slot the active seat took a knocker's card from, else None
    taken: Card | None  # that card, until it is swapped in
    setup_left: int  # set-up reveals still to make this round
    ender: int | None  # the seat that ended the round (all own cards revealed), else None
    last_turns: tuple[int, ...]  # seats still to play their last turn, in order
    scores: tuple[int, ...]  # totals of finished rounds
    last_round: RoundSummary | None
    winners: tuple[int, ...]
    round_turns: int  # turns played in this round
    round_points: tuple[tuple[int, ...], ...] = ()  # every finished round's points


# States are copied on every step: the engine's generated evolver stores the fields
# straight into their slots (like dataclasses.replace, at a fraction of the cost).
evolve = evolver(ToquerState)
