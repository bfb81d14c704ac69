"""What one seat may see of a Toc state, and states rebuilt from what it sees.

Public: the board, every hand's size, the played cards, the talon's size (and its order,
when it was turned over unshuffled), and the cards everyone knows to be in a hand (drawn
from such a talon). Private to a seat: its hand, the card it set aside for a partner, and
which card it gave its partner that the partner still holds.
"""

import random
from dataclasses import dataclass

from meeple.engine.values import constructor
from meeple.games.toc.cards import DECK_COUNTS, Card, Hand, sorted_insert
from meeple.games.toc.config import Config
from meeple.games.toc.state import Pending, Phase, TocState, evolve, new_state


@dataclass(frozen=True, slots=True)
class TocView:
    """A seat's view (``seat`` None: a spectator's)."""

    seat: int | None
    players: int
    phase: Phase
    turn: int
    positions: tuple[int, ...]
    protected: int
    armed: int
    hand: Hand
    hand_sizes: tuple[int, ...]
    known: tuple[Hand, ...]  # cards every seat knows to be in each hand
    talon_size: int  # cards in the face-down talon of unknown order
    talon_order: tuple[Card, ...]  # a talon turned over unshuffled, top first
    played: tuple[Card, ...]
    pending: Pending | None
    set_aside: Card  # the card this seat set aside for its partner (0: none)
    has_set_aside: tuple[bool, ...]
    gift_sent: Card  # the card this seat gave that its partner still holds (0: none)
    gift_received: Card  # the card this seat received that its giver knows it holds
    deals: int
    starter: int
    turns: int
    winners: tuple[int, ...]


def receiver_of(config: Config, seat: int) -> int:
    """The teammate ``seat`` passes its card to in an exchange."""
    return config.teammates(seat)[1]


_new_view = constructor(TocView)


def make_view(config: Config, state: TocState, seat: int | None) -> TocView:
    own = seat is not None
    gift_sent = gift_received = 0
    if seat is not None and config.partner_exchange:
        gift_sent = state.gift_known[receiver_of(config, seat)]
        gift_received = state.gift_known[seat]
    return _new_view(  # (positional, in field order: twice as quick as TocView(...))
        seat,
        config.players,  # players
        state.phase,
        state.turn,
        state.positions,
        state.protected,
        state.armed,
        state.hands[seat] if seat is not None else (),  # hand
        tuple(len(hand) for hand in state.hands),  # hand_sizes
        state.known,
        sum(state.talon),  # talon_size
        state.talon_order,
        state.played,
        state.pending,
        state.gifts[seat] if seat is not None else 0,  # set_aside
        tuple(bool(gift) for gift in state.gifts),  # has_set_aside
        gift_sent if own else 0,  # gift_sent
        gift_received if own else 0,  # gift_received
        state.deals,
        state.starter,
        state.turns,
        state.winners,
    )


def _fixed_cards(
    config: Config,
    seat: int | None,
    holder: int,
    known: tuple[tuple[int, ...], ...],
    gift_sent: int,
) -> tuple[int, ...]:
    """The cards of ``holder``'s hand that ``seat`` knows (kept in place when resampling)."""
    fixed = known[holder]
    if seat is not None and gift_sent and holder == receiver_of(config, seat):
        fixed = sorted_insert(fixed, gift_sent)
    return fixed


def _deal_unseen(
    config: Config,
    seat: int | None,
    pool: list[int],
    hand_sizes: tuple[int, ...],
    fixed: list[tuple[int, ...]],
    has_set_aside: tuple[bool, ...],
    rng: random.Random,
) -> tuple[list[tuple[int, ...]], list[int], tuple[int, ...]]:
    """Shuffle ``pool`` into the others' free hand slots, set-aside cards and the talon."""
    rng.shuffle(pool)
    hands: list[tuple[int, ...]] = []
    for holder in range(config.players):
        if holder == seat:
            hands.append(())
            continue
        free = hand_sizes[holder] - len(fixed[holder])
        hands.append(tuple(sorted(fixed[holder] + tuple(pool[:free]))))
        del pool[:free]
    gifts = [0] * config.players
    for holder in range(config.players):
        if holder != seat and has_set_aside[holder]:
            gifts[holder] = pool.pop()
    counts = [0] * len(DECK_COUNTS)
    for rank in pool:
        counts[rank - 1] += 1
    return hands, gifts, tuple(counts)


def _unseen_pool(
    seat: int | None,
    hand: tuple[int, ...],
    set_aside: int,
    played: tuple[int, ...],
    talon_order: tuple[int, ...],
    fixed: list[tuple[int, ...]],
) -> list[int]:
    counts = list(DECK_COUNTS)
    seen: list[int] = [*hand, *played, *talon_order]
    if set_aside:
        seen.append(set_aside)
    for holder, cards in enumerate(fixed):
        if holder != seat:
            seen.extend(cards)
    for rank in seen:
        counts[rank - 1] -= 1
    return [rank for rank, count in enumerate(counts, 1) for _ in range(count)]


def determinize(config: Config, view: TocView, rng: random.Random) -> TocState:
    """A full state consistent with ``view``: unseen cards dealt at random."""
    seat = view.seat
    fixed = [
        _fixed_cards(config, seat, holder, view.known, view.gift_sent)
        for holder in range(config.players)
    ]
    pool = _unseen_pool(seat, view.hand, view.set_aside, view.played, view.talon_order, fixed)
    hands, gifts, talon = _deal_unseen(
        config, seat, pool, view.hand_sizes, fixed, view.has_set_aside, rng
    )
    gift_known = [0] * config.players
    if seat is not None:
        hands[seat] = view.hand
        gifts[seat] = view.set_aside
        if config.partner_exchange:
            gift_known[receiver_of(config, seat)] = view.gift_sent
            gift_known[seat] = view.gift_received
    return new_state(
        view.phase, view.turn, view.positions, view.protected, view.armed, tuple(hands),
        talon, view.talon_order, view.played, view.pending, tuple(gifts), view.known,
        tuple(gift_known), view.deals, view.starter, view.turns, view.winners,
    )  # fmt: skip


def redeal_hidden(config: Config, state: TocState, seat: int, rng: random.Random) -> TocState:
    """``state`` with every card ``seat`` cannot see reshuffled (independent of views)."""
    gift_sent = state.gift_known[receiver_of(config, seat)] if config.partner_exchange else 0
    fixed = [_fixed_cards(config, seat, h, state.known, gift_sent) for h in range(config.players)]
    pool = _unseen_pool(
        seat, state.hands[seat], state.gifts[seat], state.played, state.talon_order, fixed
    )
    hands, gifts, talon = _deal_unseen(
        config,
        seat,
        pool,
        tuple(len(h) for h in state.hands),
        fixed,
        tuple(bool(g) for g in state.gifts),
        rng,
    )
    hands[seat] = state.hands[seat]
    gifts[seat] = state.gifts[seat]
    # What other givers know may no longer hold for the reshuffled hands: forget it then.
    gift_known = tuple(
        gift
        if gift == 0
        or holder == seat
        or (config.partner_exchange and holder == receiver_of(config, seat))
        or hands[holder].count(gift) > state.known[holder].count(gift)
        else 0
        for holder, gift in enumerate(state.gift_known)
    )
    return evolve(state, hands=tuple(hands), talon=talon, gifts=tuple(gifts), gift_known=gift_known)
