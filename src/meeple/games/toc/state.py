"""Toc's state: frozen, slotted dataclasses of ints and tuples (fast to copy and compare)."""

from dataclasses import dataclass
from enum import IntEnum


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
    hands: tuple[tuple[int, ...], ...]
    talon: tuple[int, ...]
    talon_order: tuple[int, ...]
    played: tuple[int, ...]
    pending: Pending | None
    # partner_exchange: the card each seat has set aside this exchange (0: none yet).
    gifts: tuple[int, ...]
    # Cards every seat knows to be in each hand (drawn from a talon in known order).
    known: tuple[tuple[int, ...], ...]
    # Per receiver: a card its giver knows it still holds from the last exchange (0: none).
    gift_known: tuple[int, ...]
    deals: int  # deals so far
    starter: int  # the seat that played first after the latest deal
    turns: int  # turns completed
    winners: tuple[int, ...]


# A fast constructor for the hot path. The frozen dataclass's generated __init__ goes
# through object.__setattr__ once per field; writing the slots through their descriptors
# builds the same immutable value in half the time (measured: 1.3 us against 2.8 us).
_new = object.__new__
_slots = TocState.__dict__
_set_phase = _slots["phase"].__set__
_set_turn = _slots["turn"].__set__
_set_positions = _slots["positions"].__set__
_set_protected = _slots["protected"].__set__
_set_armed = _slots["armed"].__set__
_set_hands = _slots["hands"].__set__
_set_talon = _slots["talon"].__set__
_set_talon_order = _slots["talon_order"].__set__
_set_played = _slots["played"].__set__
_set_pending = _slots["pending"].__set__
_set_gifts = _slots["gifts"].__set__
_set_known = _slots["known"].__set__
_set_gift_known = _slots["gift_known"].__set__
_set_deals = _slots["deals"].__set__
_set_starter = _slots["starter"].__set__
_set_turns = _slots["turns"].__set__
_set_winners = _slots["winners"].__set__


def new_state(
    phase: Phase,
    turn: int,
    positions: tuple[int, ...],
    protected: int,
    armed: int,
    hands: tuple[tuple[int, ...], ...],
    talon: tuple[int, ...],
    talon_order: tuple[int, ...],
    played: tuple[int, ...],
    pending: Pending | None,
    gifts: tuple[int, ...],
    known: tuple[tuple[int, ...], ...],
    gift_known: tuple[int, ...],
    deals: int,
    starter: int,
    turns: int,
    winners: tuple[int, ...],
) -> TocState:
    """``TocState(...)`` with the same positional arguments, built faster."""
    state: TocState = _new(TocState)
    _set_phase(state, phase)
    _set_turn(state, turn)
    _set_positions(state, positions)
    _set_protected(state, protected)
    _set_armed(state, armed)
    _set_hands(state, hands)
    _set_talon(state, talon)
    _set_talon_order(state, talon_order)
    _set_played(state, played)
    _set_pending(state, pending)
    _set_gifts(state, gifts)
    _set_known(state, known)
    _set_gift_known(state, gift_known)
    _set_deals(state, deals)
    _set_starter(state, starter)
    _set_turns(state, turns)
    _set_winners(state, winners)
    return state
