"""Toquer's state: frozen values only (ints, strs, tuples, an enum, nested dataclasses)."""

from dataclasses import dataclass
from enum import Enum
from typing import Literal


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
    """The scoring of the last finished round."""

    round: int
    points: tuple[int, ...]  # per seat, after doubling
    ender: int  # the seat that ended the round
    doubled: bool


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
    cards: tuple[int, ...]
    faces: str
    stock: tuple[int, ...]  # count per deck value (the stock has no order)
    discard: tuple[int, ...]  # the discard pile, bottom to top (public)
    drawn: int | None  # the card drawn this turn while it is in play (public)
    from_stock: bool
    held: int | None  # a card out of a layout: the swapped-out card awaiting discard,
    # or the knocker's hand card
    held_hidden: bool  # the held card was face down: only the knocker knows it
    votes: str  # knock decisions per seat (see NOT_ASKED, ...)
    knocker: int  # the knocker given the card, else -1
    taken_slot: int  # the slot the active seat took a knocker's card from, else -1
    taken: int | None  # that card, until it is swapped in
    setup_left: int  # set-up reveals still to make this round
    ender: int  # the seat that ended the round (all own cards revealed), else -1
    last_turns: tuple[int, ...]  # seats still to play their last turn, in order
    scores: tuple[int, ...]  # totals of finished rounds
    last_round: RoundSummary | None
    winners: tuple[int, ...]
    round_turns: int  # turns played in this round


class _Keep(Enum):
    """The default of ``evolve``'s arguments: keep the field as it is."""

    KEEP = 0


KEEP = _Keep.KEEP
_Kept = Literal[_Keep.KEEP]


def evolve(
    s: ToquerState,
    *,
    phase: Phase | _Kept = KEEP,
    actor: int | _Kept = KEEP,
    round: int | _Kept = KEEP,
    dealer: int | _Kept = KEEP,
    active: int | _Kept = KEEP,
    cards: tuple[int, ...] | _Kept = KEEP,
    faces: str | _Kept = KEEP,
    stock: tuple[int, ...] | _Kept = KEEP,
    discard: tuple[int, ...] | _Kept = KEEP,
    drawn: int | _Kept | None = KEEP,
    from_stock: bool | _Kept = KEEP,
    held: int | _Kept | None = KEEP,
    held_hidden: bool | _Kept = KEEP,
    votes: str | _Kept = KEEP,
    knocker: int | _Kept = KEEP,
    taken_slot: int | _Kept = KEEP,
    taken: int | _Kept | None = KEEP,
    setup_left: int | _Kept = KEEP,
    ender: int | _Kept = KEEP,
    last_turns: tuple[int, ...] | _Kept = KEEP,
    scores: tuple[int, ...] | _Kept = KEEP,
    last_round: RoundSummary | _Kept | None = KEEP,
    winners: tuple[int, ...] | _Kept = KEEP,
    round_turns: int | _Kept = KEEP,
) -> ToquerState:
    """``s`` with the given fields changed, like ``dataclasses.replace`` but about half
    the cost (it is on every step of a playout)."""
    return ToquerState(
        s.phase if phase is KEEP else phase,
        s.actor if actor is KEEP else actor,
        s.round if round is KEEP else round,
        s.dealer if dealer is KEEP else dealer,
        s.active if active is KEEP else active,
        s.cards if cards is KEEP else cards,
        s.faces if faces is KEEP else faces,
        s.stock if stock is KEEP else stock,
        s.discard if discard is KEEP else discard,
        s.drawn if drawn is KEEP else drawn,
        s.from_stock if from_stock is KEEP else from_stock,
        s.held if held is KEEP else held,
        s.held_hidden if held_hidden is KEEP else held_hidden,
        s.votes if votes is KEEP else votes,
        s.knocker if knocker is KEEP else knocker,
        s.taken_slot if taken_slot is KEEP else taken_slot,
        s.taken if taken is KEEP else taken,
        s.setup_left if setup_left is KEEP else setup_left,
        s.ender if ender is KEEP else ender,
        s.last_turns if last_turns is KEEP else last_turns,
        s.scores if scores is KEEP else scores,
        s.last_round if last_round is KEEP else last_round,
        s.winners if winners is KEEP else winners,
        s.round_turns if round_turns is KEEP else round_turns,
    )
