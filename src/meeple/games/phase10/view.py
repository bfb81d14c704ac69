"""What one seat of Phase 10 may see, and sampling full states consistent with it.

Public: the discard pile, the table, everyone's phase, score and hand size, Skips
waiting, and the cards each player took from the discard pile and still holds. Private:
the hand (own only), the order... of nothing: the draw pile is a multiset, and a phase
being laid stays hidden until it is all down.
"""

import random
from dataclasses import dataclass

from meeple.engine.values import constructor
from meeple.games.phase10.cards import SKIP, Card, Cards, deck_counts
from meeple.games.phase10.state import (
    BuildGroup,
    LaidGroup,
    Phase10State,
    RoundSummary,
    Stage,
    evolve,
)


@dataclass(frozen=True, slots=True)
class Phase10View:
    seat: int | None
    round: int
    dealer: int
    stage: Stage
    turn: int
    hand: Cards | None  # own hand; None for a spectator
    hand_sizes: tuple[int, ...]  # cards in each hand (a phase being laid still counts)
    known: tuple[Cards, ...]  # cards each seat took from the discards, still held
    draw_pile_size: int
    discard: Cards
    table: tuple[LaidGroup, ...]
    building: tuple[BuildGroup, ...]  # own phase being laid; () for everyone else
    phase_index: tuple[int, ...]
    laid: tuple[bool, ...]
    scores: tuple[int, ...]
    skipped: tuple[bool, ...]
    immune: tuple[bool, ...]
    active: tuple[bool, ...]
    tiebreak: bool
    winners: tuple[int, ...]
    last_round: RoundSummary | None
    round_points: tuple[tuple[int, ...], ...] = ()
    stalled: int = 0  # refills of the draw pile since a card was last laid or hit (public)


_new_view = constructor(Phase10View)


def make_view(state: Phase10State, seat: int | None) -> Phase10View:
    laying = state.stage == Stage.LAYING
    is_actor = seat == state.turn
    pending = sum(len(g.cards) for g in state.building)
    return _new_view(  # (positional, in field order: twice as quick as Phase10View(...))
        seat,
        state.round,
        state.dealer,
        # stage: a phase being laid is invisible to the others until it is all down
        Stage.PLAY if laying and not is_actor else state.stage,
        state.turn,
        None if seat is None else state.hands[seat],  # hand
        # hand_sizes:
        tuple(
            len(hand) + (pending if laying and s == state.turn else 0)
            for s, hand in enumerate(state.hands)
        ),
        state.known,
        sum(state.draw_pile),  # draw_pile_size
        state.discard,
        state.table,
        state.building if is_actor else (),  # building
        state.phase_index,
        state.laid,
        state.scores,
        state.skipped,
        state.immune,
        state.active,
        state.tiebreak,
        state.winners,
        state.last_round,
        state.round_points,
        state.stalled,
    )


def _deal_hidden(
    pool: list[Card], sizes: dict[int, int], known: tuple[Cards, ...], rng: random.Random
) -> tuple[dict[int, Cards], tuple[int, ...]]:
    """Hands of the given sizes (known cards first, the rest from ``pool``) and the
    remaining pool as draw-pile counts."""
    rng.shuffle(pool)
    hands: dict[int, Cards] = {}
    position = 0
    for seat, size in sizes.items():
        extra = size - len(known[seat])
        hands[seat] = tuple(sorted(known[seat] + tuple(pool[position : position + extra])))
        position += extra
    counts = [0] * len(deck_counts())
    for code in pool[position:]:
        counts[code] += 1
    return hands, tuple(counts)


def unseen_counts(view: Phase10View, mattel_skips: bool) -> list[int]:
    """Copies of each card code that ``view``'s seat cannot see: in the other hands
    (beyond the cards known to be there) or in the draw pile."""
    unseen = list(deck_counts())
    seen: list[Card] = list(view.hand or ())
    for building in view.building:
        seen.extend(building.cards)
    for laid in view.table:
        seen.extend(laid.cards)
    seen.extend(view.discard)
    if mattel_skips:
        seen.extend([SKIP] * sum(view.skipped))
    for seat, known in enumerate(view.known):
        if seat != view.seat:
            seen.extend(known)
    for code in seen:
        unseen[code] -= 1
    return unseen


def determinize(view: Phase10View, mattel_skips: bool, rng: random.Random) -> Phase10State:
    """A full state consistent with ``view``: unseen cards dealt at random to the other
    hands (around the cards known to be there) and the draw pile."""
    unseen = unseen_counts(view, mattel_skips)
    own = view.seat
    hidden_seats = [s for s in range(len(view.hand_sizes)) if s != own]
    pool = [code for code, count in enumerate(unseen) for _ in range(count)]
    if view.stage == Stage.DEAL:
        # Before a deal nothing is in any hand: the whole deck is the draw pile.
        hands_by_seat: dict[int, Cards] = {}
        counts = tuple(unseen)
    else:
        sizes = {seat: view.hand_sizes[seat] for seat in hidden_seats}
        hands_by_seat, counts = _deal_hidden(pool, sizes, view.known, rng)
    hands = tuple(
        view.hand if seat == own and view.hand is not None else hands_by_seat.get(seat, ())
        for seat in range(len(view.hand_sizes))
    )
    return Phase10State(
        round=view.round,
        dealer=view.dealer,
        stage=view.stage,
        turn=view.turn,
        hands=hands,
        known=view.known,
        draw_pile=counts,
        discard=view.discard,
        table=view.table,
        building=view.building,
        phase_index=view.phase_index,
        laid=view.laid,
        scores=view.scores,
        skipped=view.skipped,
        immune=view.immune,
        active=view.active,
        tiebreak=view.tiebreak,
        winners=view.winners,
        last_round=view.last_round,
        round_points=view.round_points,
        stalled=view.stalled,
    )


def redeal_hidden(state: Phase10State, seat: int, rng: random.Random) -> Phase10State:
    """``state`` with the other hands' unknown cards and the draw pile reshuffled
    together (from the state itself: the leak test's independent witness)."""
    pool = [code for code, count in enumerate(state.draw_pile) for _ in range(count)]
    sizes = {}
    known_held: list[Cards] = []
    for other, hand_cards in enumerate(state.hands):
        hand = list(hand_cards)
        held = []
        for code in state.known[other]:
            if code in hand:  # a known card may be in a phase being laid
                hand.remove(code)
                held.append(code)
        known_held.append(tuple(held))
        if other != seat:
            pool.extend(hand)
            sizes[other] = len(hand_cards)
    hands_by_seat, counts = _deal_hidden(pool, sizes, tuple(known_held), rng)
    hands = tuple(hands_by_seat.get(s, state.hands[s]) for s in range(len(state.hands)))
    return evolve(state, hands=hands, draw_pile=counts)
