"""Phase 10's state: an immutable value; every field is public unless the view hides it."""

from dataclasses import dataclass
from enum import IntEnum

from meeple.engine.values import evolver
from meeple.games.phase10.cards import Cards
from meeple.games.phase10.config import GroupKind


class Stage(IntEnum):
    DEAL = 0  # chance: the round's deal
    DRAW = 1  # the turn's seat draws
    DRAWING = 2  # chance: the card drawn from the draw pile
    PLAY = 3  # lay down, hit, discard
    LAYING = 4  # laying the phase down, one card at a time
    OVER = 5


@dataclass(frozen=True, slots=True)
class LaidGroup:
    """A group on the table. Runs keep their cards in order from ``key`` (the start);
    a set's ``key`` is its number, a colour group's its colour. Wilds stand for the
    value of their place and keep it (official)."""

    owner: int
    kind: GroupKind
    key: int
    cards: Cards


@dataclass(frozen=True, slots=True)
class BuildGroup:
    """A group of the phase being laid: its minimum size and what is in it so far.
    ``key`` is None until fixed (runs: the start is fixed only when the phase is laid);
    ``values`` holds the value each card stands for (runs) or the key (others)."""

    kind: GroupKind
    size: int
    key: int | None
    cards: Cards
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """What happened in the last finished round (public: the hands are laid open to be
    counted at the round's end, official)."""

    round: int
    went_out: int | None  # None when the round ended without anyone going out
    points: tuple[int, ...]
    advanced: tuple[bool, ...]
    hands: tuple[Cards, ...] = ()  # the cards each seat still held, counted
    totals: tuple[int, ...] = ()  # the running totals after this round


@dataclass(frozen=True, slots=True)
class Phase10State:
    round: int
    dealer: int
    stage: Stage
    turn: int
    hands: tuple[Cards, ...]  # sorted card codes
    known: tuple[Cards, ...]  # cards each seat took from the discard pile, still held
    draw_pile: tuple[int, ...]  # copies left of each card code (a multiset: no order)
    discard: Cards  # bottom to top
    table: tuple[LaidGroup, ...]
    building: tuple[BuildGroup, ...]  # the phase being laid (stage LAYING), else ()
    phase_index: tuple[int, ...]  # index into the phase list; len(phases) = all done
    laid: tuple[bool, ...]  # laid down their phase this round
    scores: tuple[int, ...]
    skipped: tuple[bool, ...]  # loses their next turn (mattel: a Skip lies before them)
    immune: tuple[bool, ...]  # circuit style: skipped this circuit, cannot be again
    active: tuple[bool, ...]  # plays this round (all, except in a tie-break round)
    tiebreak: bool
    winners: tuple[int, ...]
    last_round: RoundSummary | None
    round_points: tuple[tuple[int, ...], ...] = ()  # every finished round's points (public)
    stalled: int = 0  # refills of the draw pile since a card was last laid or hit


# The package's one copy helper: ``evolve(state, field=value, ...)``.
evolve = evolver(Phase10State)
