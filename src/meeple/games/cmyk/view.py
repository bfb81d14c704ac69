"""What one seat (or a spectator) sees, and full states rebuilt from a view.

Public: the board, the face-up reserve, every hand's size, the stock's size, and the
cards won. Won cards lie face down, but every one of them was seen on the board when it
was won, so their multiset (all seats together) is public; per seat only the counts are
shown. Private: a seat's own hand. Hidden from everyone: the stock, the other hands.
"""

import random
from dataclasses import dataclass

from meeple.engine.values import constructor
from meeple.games.cmyk.cards import Card
from meeple.games.cmyk.state import Board, CmykState, Stage, Tally, evolve


@dataclass(frozen=True, slots=True)
class CmykView:
    seat: int | None  # whose view (None: a spectator)
    stage: Stage
    to_act: int  # the seat dealt to, drawing, acting or refilling
    to_draw: int
    hand: tuple[Card, ...]  # the seat's own cards (empty for a spectator)
    hand_sizes: tuple[int, ...]
    stock_size: int
    reserve: tuple[Card, ...]  # face up
    board: Board
    won: tuple[Card, ...]  # every card won so far, all seats together
    won_counts: tuple[int, ...]
    completions: tuple[int, ...]
    turn: int
    stalled_passes: int
    completed_this_pass: bool


_new_view = constructor(CmykView)


def make_view(state: CmykState, seat: int | None) -> CmykView:
    tally = state.tally
    return _new_view(  # (positional, in field order: twice as quick as CmykView(...))
        seat,
        state.stage,
        state.seat,  # to_act
        state.to_draw,
        () if seat is None else state.hands[seat],  # hand
        tuple(len(hand) for hand in state.hands),  # hand_sizes
        len(state.stock),  # stock_size
        state.reserve,
        state.board,
        tally.won,  # won
        tally.won_counts,  # won_counts
        tally.completions,  # completions
        state.turn,
        state.stalled_passes,
        state.completed_this_pass,
    )


def unseen_cards(view: CmykView, deck: tuple[Card, ...]) -> list[Card]:
    """The cards ``view``'s seat cannot see: the deck less its hand, the board, the
    reserve and the cards won (sorted; counted per card, a search does this per sample)."""
    counts = [0] * (max(deck) + 1 if deck else 0)
    for card in deck:
        counts[card] += 1
    for cards in (view.hand, view.reserve, view.won, *view.board.piles):
        for card in cards:
            counts[card] -= 1
    if view.board.mix is not None:
        counts[view.board.mix] -= 1
    assert all(count >= 0 for count in counts), "view inconsistent with the deck"
    pool: list[Card] = []
    for card, count in enumerate(counts):
        if count:
            pool.extend([card] * count)
    return pool


def determinize(view: CmykView, deck: tuple[Card, ...], rng: random.Random) -> CmykState:
    """A full state agreeing with ``view``: the unseen cards dealt at random to the other
    hands (at their sizes) and the stock."""
    pool = unseen_cards(view, deck)
    rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(sorted(pool[:size])))
            del pool[:size]
    assert len(pool) == view.stock_size, "view inconsistent: stock size"
    return CmykState(
        stage=view.stage,
        seat=view.to_act,
        to_draw=view.to_draw,
        hands=tuple(hands),
        stock=tuple(sorted(pool)),
        reserve=view.reserve,
        board=view.board,
        tally=Tally(view.won, view.won_counts, view.completions),
        turn=view.turn,
        stalled_passes=view.stalled_passes,
        completed_this_pass=view.completed_this_pass,
    )


def redeal_hidden(state: CmykState, seat: int, rng: random.Random) -> CmykState:
    """``state`` with the stock and the other seats' hands shuffled together and dealt
    again at the same sizes: everything ``seat`` cannot see."""
    hidden = list(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.extend(hand)
    rng.shuffle(hidden)
    hands = []
    at = 0
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[at : at + len(hand)])))
            at += len(hand)
    return evolve(state, hands=tuple(hands), stock=tuple(sorted(hidden[at:])))
