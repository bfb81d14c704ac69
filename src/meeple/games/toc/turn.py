"""Toc's rules as pure functions: the plays, the split 7, ends of turns, the exchange,
drawing and dealing.

Every function takes the configured game's ``Mover`` (its Config, Board and move tables)
and a state, and returns a new state or the facts asked for.
"""

import random
from collections import Counter

from meeple.games.toc.actions import (
    Deal,
    Discard,
    Draw,
    Enter,
    Give,
    Move,
    Swap,
    TocAction,
    TocOutcome,
)
from meeple.games.toc.board import RESERVE
from meeple.games.toc.cards import (
    DECK_COUNTS,
    FOUR,
    HAND_SIZE,
    JACK,
    KING,
    RANKS,
    SEVEN,
    Card,
    Hand,
    remove_one,
    sorted_insert,
)
from meeple.games.toc.moves import PAWNS_PER_SEAT, Mover
from meeple.games.toc.state import (
    DEAL,
    DRAW,
    EXCHANGE,
    OVER,
    PLAY,
    Pending,
    TocState,
    evolve,
    new_state,
)

DEAL_SIZES_544 = (5, 4, 4)

# Interned actions and outcomes, shared by every game (like the Mover and the Board: a
# server holding many tables keeps one set of these, not one per table).
DISCARDS = {rank: Discard(rank) for rank in RANKS}
GIVES = {rank: Give(rank) for rank in RANKS}
DRAWS = {rank: Draw(rank) for rank in RANKS}

# positions, protected, armed, the 7 still to split, winners: the board after a play.
BoardAfter = tuple[tuple[int, ...], int, int, Pending | None, tuple[int, ...]]


def initial_state(players: int) -> TocState:
    empty: tuple[Hand, ...] = ((),) * players
    return new_state(
        DEAL, 0, (RESERVE,) * (PAWNS_PER_SEAT * players), 0, 0, empty, DECK_COUNTS, (), (),
        None, (0,) * players, empty, (0,) * players, 0, 0, 0, (),
    )  # fmt: skip


def deal_size(mover: Mover, deals: int) -> int:
    """Cards per hand in the next deal (``deals`` made so far)."""
    return HAND_SIZE if mover.config.deal_mode == "refill" else DEAL_SIZES_544[deals % 3]


# ------------------------------------------------------------------ moving pawns
def path(
    mover: Mover,
    card: int,
    pawn: int,
    dest: int,
    positions: tuple[int, ...],
    armed: int,
    remaining: int,
) -> tuple[int, int]:
    """(steps, passed cells) of a legal Move of ``pawn`` to ``dest`` with ``card``
    (with a 7: the fewest steps reaching ``dest``; ``remaining`` steps are left)."""
    cell = positions[pawn]
    if card == FOUR:
        option = mover.board.backward(cell, 4)
        assert option is not None
        return 4, option[1]
    reached = mover.board.paths(pawn >> 2, cell, bool(armed >> pawn & 1)).get(dest, ())
    for steps, passed in reached:
        if steps in mover.steps[card] or (card == SEVEN and steps <= remaining):
            return steps, passed
    raise ValueError(f"no path for pawn {pawn} from {cell} to {dest} with card {card}")


def execute_move(
    mover: Mover,
    card: int,
    pawn: int,
    dest: int,
    positions: tuple[int, ...],
    protected: int,
    armed: int,
    passed: int,
) -> tuple[tuple[int, ...], int, int]:
    """(positions, protected, armed) after a legal Move; captures go to the reserve.

    ``passed`` is the mask of cells the move passes (only the King captures there).
    """
    cells = list(positions)
    cleared = 1 << pawn
    if card == KING and passed:
        # The King captures every pawn it passes (seed: "prendre le pion dépassé").
        bit = mover.bit_or_zero
        for other, other_cell in enumerate(positions):
            if bit[other_cell] & passed:
                cells[other] = RESERVE
                cleared |= 1 << other
    if dest in positions:
        victim = positions.index(dest)
        cells[victim] = RESERVE
        cleared |= 1 << victim
    cells[pawn] = dest
    return tuple(cells), protected & ~cleared, armed & ~cleared


def execute_enter(
    mover: Mover, seat: int, positions: tuple[int, ...], protected: int, armed: int
) -> tuple[tuple[int, ...], int, int]:
    """A reserve pawn of ``seat`` onto its Départ, capturing any other pawn there."""
    depart = mover.board.depart[seat]
    cells = list(positions)
    cleared = 0
    if depart in cells:
        victim = cells.index(depart)
        cells[victim] = RESERVE
        cleared = 1 << victim
    start = seat * PAWNS_PER_SEAT
    pawn = cells.index(RESERVE, start, start + PAWNS_PER_SEAT)
    cells[pawn] = depart
    protected &= ~cleared
    if mover.config.depart_protection:
        protected |= 1 << pawn
    return tuple(cells), protected, armed & ~cleared & ~(1 << pawn)


def execute_swap(
    pawn: int, other: int, positions: tuple[int, ...], armed: int
) -> tuple[tuple[int, ...], int]:
    cells = list(positions)
    cells[pawn], cells[other] = cells[other], cells[pawn]
    return tuple(cells), armed & ~(1 << pawn) & ~(1 << other)


def armed_at_turn_start(mover: Mover, positions: tuple[int, ...]) -> int:
    """Pawns standing on an intersection: they may take the shortcut this turn."""
    mask = mover.board.intersection_mask
    if not mask:
        return 0
    bit = mover.bit
    armed = 0
    for pawn, cell in enumerate(positions):
        if cell >= 0 and bit[cell] & mask:
            armed |= 1 << pawn
    return armed


# ------------------------------------------------------------------------ actions
def legal_actions(mover: Mover, state: TocState) -> tuple[TocAction, ...]:
    seat = state.turn
    hand = state.hands[seat]
    if state.phase == EXCHANGE:
        return tuple(GIVES[rank] for rank in sorted(set(hand)))
    pending = state.pending
    if pending is not None:
        return tuple(
            mover.seven_parts(
                seat, state.positions, state.protected, state.armed, pending.remaining,
                pending.moved,
            )
        )  # fmt: skip
    plays = mover.plays(hand, seat, state.positions, state.protected, state.armed)
    if plays:
        return tuple(plays)
    # Forced play: no card has a legal use, so one card is discarded (seed).
    return tuple(DISCARDS[rank] for rank in sorted(set(hand)))


def forget(
    known: tuple[Hand, ...], gift_known: tuple[Card, ...], seat: int, hand: Hand, card: Card
) -> tuple[tuple[Hand, ...], tuple[Card, ...]]:
    """Knowledge of ``seat``'s hand after it gave up ``card`` (``hand`` is what is left).

    Known cards stay a sub-multiset of the hand: when fewer cards of that rank remain than
    were known, the one that left must have been a known one.
    """
    mine = known[seat]
    left = hand.count(card)
    if mine.count(card) > left:
        mine = remove_one(mine, card)
        known = (*known[:seat], mine, *known[seat + 1 :])
    gift = gift_known[seat]
    if gift == card and mine.count(card) + 1 > left:
        gift_known = (*gift_known[:seat], 0, *gift_known[seat + 1 :])
    return known, gift_known


def apply_action(mover: Mover, state: TocState, action: TocAction) -> TocState:
    match action:
        case Give(card=card):
            return give(mover, state, card)
        case Swap():
            card = JACK
        case Enter(card=card) | Move(card=card) | Discard(card=card):
            pass
    seat = state.turn
    pending = state.pending
    hands, played, known, gift_known = state.hands, state.played, state.known, state.gift_known
    if pending is None:
        hand = remove_one(hands[seat], card)
        hands = (*hands[:seat], hand, *hands[seat + 1 :])
        played = (*played, card)
        if known[seat] or gift_known[seat]:
            known, gift_known = forget(known, gift_known, seat, hand, card)
    positions, protected, armed, pending, winners = board_after(
        mover, seat, state.positions, state.protected, state.armed, pending, action
    )
    if pending is not None:
        return evolve(
            state, positions=positions, protected=protected, armed=armed, hands=hands,
            played=played, pending=pending, known=known, gift_known=gift_known, winners=(),
        )  # fmt: skip
    board = (positions, protected, armed, None, winners)
    return end_turn(mover, state, board, hands, played, known, gift_known)


def board_after(
    mover: Mover,
    seat: int,
    positions: tuple[int, ...],
    protected: int,
    armed: int,
    pending: Pending | None,
    action: TocAction,
) -> BoardAfter:
    """The board once ``seat`` has made the legal play ``action`` (the one place a play
    moves pawns, for ``apply_action`` and for bots that try plays on the board alone):
    positions, protected, armed, the 7 still to split, and the winners (a discard leaves
    the board as it was)."""
    winners: tuple[int, ...] = ()
    match action:
        case Move(card=card, pawn=pawn, dest=dest):
            passed = 0
            if card in (SEVEN, KING):
                remaining = pending.remaining if pending is not None else 7
                steps, passed = path(mover, card, pawn, dest, positions, armed, remaining)
                if card == SEVEN:
                    left = remaining - steps
                    moved = (pending.moved if pending is not None else 0) | 1 << pawn
                    pending = Pending(left, moved) if left else None
            positions, protected, armed = execute_move(
                mover, card, pawn, dest, positions, protected, armed, passed
            )
            if dest >= mover.zone_base:
                winners = mover.winners_after(seat, positions)
        case Enter(seat=owner):
            positions, protected, armed = execute_enter(mover, owner, positions, protected, armed)
        case Swap(pawn=pawn, other=other):
            positions, armed = execute_swap(pawn, other, positions, armed)
    return positions, protected, armed, None if winners else pending, winners


def end_turn(
    mover: Mover,
    state: TocState,
    board: BoardAfter,
    hands: tuple[Hand, ...],
    played: tuple[Card, ...],
    known: tuple[Hand, ...],
    gift_known: tuple[Card, ...],
) -> TocState:
    """The state after a turn's play: the game over, a draw due, or the next seat's turn."""
    positions, protected, armed, _, winners = board
    talon, talon_order = state.talon, state.talon_order
    if winners:
        phase, turn = OVER, state.turn
    elif mover.config.deal_mode == "refill":
        phase, turn = DRAW, state.turn
        if not talon_order and not any(talon):
            # The talon is rebuilt from the played cards (seed): shuffled (default:
            # option ``reshuffle``), or turned over in the order they were played.
            if mover.config.reshuffle:
                counts = [0] * len(DECK_COUNTS)
                for card in played:
                    counts[card - 1] += 1
                talon = tuple(counts)
            else:
                talon_order = played
            played = ()
    else:
        turn = (state.turn + 1) % mover.players
        phase = PLAY if any(hands) else DEAL
        if phase == PLAY:
            armed = armed_at_turn_start(mover, positions)
    return new_state(
        phase, turn, positions, protected, armed, hands, talon, talon_order, played,
        None, state.gifts, known, gift_known, state.deals, state.starter, state.turns + 1,
        winners,
    )  # fmt: skip


def give(mover: Mover, state: TocState, card: Card) -> TocState:
    """Partner exchange: set a card aside; once everyone has, pass them on at once."""
    seat = state.turn
    n = mover.players
    hand = remove_one(state.hands[seat], card)
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    known, gift_known = state.known, state.gift_known
    if known[seat] or gift_known[seat]:
        known, gift_known = forget(known, gift_known, seat, hand, card)
    gifts = (*state.gifts[:seat], card, *state.gifts[seat + 1 :])
    if not all(gifts):
        return evolve(
            state, phase=EXCHANGE, turn=(seat + 1) % n, hands=hands, pending=None,
            gifts=gifts, known=known, gift_known=gift_known, winners=(),
        )  # fmt: skip
    new_hands = list(hands)
    new_gift_known = list(gift_known)
    for giver in range(n):
        receiver = mover.teammates[giver][1]
        new_hands[receiver] = sorted_insert(new_hands[receiver], gifts[giver])
        new_gift_known[receiver] = gifts[giver]
    return evolve(
        state, phase=PLAY, turn=state.starter, armed=armed_at_turn_start(mover, state.positions),
        hands=tuple(new_hands), pending=None, gifts=(0,) * n, known=known,
        gift_known=tuple(new_gift_known), winners=(),
    )  # fmt: skip


# ------------------------------------------------------------------------- chance
def deal_pool(mover: Mover, state: TocState) -> tuple[int, ...]:
    """The cards a deal draws from (counts per rank): the whole deck at the start of a
    5-4-4 cycle and in the refill mode, else what is left of the cycle's deck."""
    refill = mover.config.deal_mode == "refill"
    return DECK_COUNTS if state.deals % 3 == 0 or refill else state.talon


def sample_chance(mover: Mover, state: TocState, rng: random.Random) -> TocOutcome:
    if state.phase == DRAW:
        if state.talon_order:
            return DRAWS[state.talon_order[0]]
        talon = state.talon
        pick = rng.randrange(sum(talon))
        for index, count in enumerate(talon):
            if pick < count:
                return DRAWS[index + 1]
            pick -= count
        raise AssertionError("talon counts are inconsistent")
    pool = [rank for rank, count in enumerate(deal_pool(mover, state), 1) for _ in range(count)]
    size = deal_size(mover, state.deals)
    cards = rng.sample(pool, size * mover.players)
    return Deal(
        tuple(tuple(sorted(cards[i * size : (i + 1) * size])) for i in range(mover.players))
    )


def is_possible_outcome(mover: Mover, state: TocState, outcome: TocOutcome) -> bool:
    if state.phase == DRAW:
        if not isinstance(outcome, Draw):
            return False
        if state.talon_order:
            return outcome.card == state.talon_order[0]
        return 1 <= outcome.card <= len(RANKS) and state.talon[outcome.card - 1] > 0
    if not isinstance(outcome, Deal) or len(outcome.hands) != mover.players:
        return False
    size = deal_size(mover, state.deals)
    counts = Counter[int]()
    for hand in outcome.hands:
        if len(hand) != size or list(hand) != sorted(hand):
            return False
        counts.update(hand)
    pool = deal_pool(mover, state)
    return all(1 <= rank <= len(RANKS) and n <= pool[rank - 1] for rank, n in counts.items())


def chance_outcomes(state: TocState) -> tuple[tuple[TocOutcome, float], ...] | None:
    if state.phase != DRAW:
        return None
    if state.talon_order:
        return ((DRAWS[state.talon_order[0]], 1.0),)
    total = sum(state.talon)
    return tuple((DRAWS[rank], count / total) for rank, count in enumerate(state.talon, 1) if count)


def apply_chance(mover: Mover, state: TocState, outcome: TocOutcome) -> TocState:
    match outcome:
        case Draw(card=card):
            return draw(mover, state, card)
        case Deal(hands=hands):
            return deal(mover, state, hands)


def draw(mover: Mover, state: TocState, card: Card) -> TocState:
    """The seat to play draws ``card`` back towards 5, and the next seat's turn begins."""
    seat = state.turn
    hands = state.hands
    hands = (*hands[:seat], sorted_insert(hands[seat], card), *hands[seat + 1 :])
    talon, talon_order, known = state.talon, state.talon_order, state.known
    if talon_order:
        # Drawn from a talon whose order everyone saw: every seat knows the card.
        talon_order = talon_order[1:]
        known = (*known[:seat], sorted_insert(known[seat], card), *known[seat + 1 :])
    else:
        index = card - 1
        talon = (*talon[:index], talon[index] - 1, *talon[index + 1 :])
    return evolve(
        state, phase=PLAY, turn=(seat + 1) % mover.players,
        armed=armed_at_turn_start(mover, state.positions), hands=hands, talon=talon,
        talon_order=talon_order, pending=None, known=known, winners=(),
    )  # fmt: skip


def deal(mover: Mover, state: TocState, hands: tuple[Hand, ...]) -> TocState:
    """A deal of ``hands``: the exchange (partner_exchange) or the starter's turn next."""
    n = mover.players
    pool = list(deal_pool(mover, state))
    for hand in hands:
        for rank in hand:
            pool[rank - 1] -= 1
    new_cycle = state.deals % 3 == 0 or mover.config.deal_mode == "refill"
    starter = 0 if state.deals == 0 else (state.starter + 1) % n
    return new_state(
        EXCHANGE if mover.config.partner_exchange else PLAY, starter, state.positions,
        state.protected, armed_at_turn_start(mover, state.positions), hands, tuple(pool),
        () if new_cycle else state.talon_order, () if new_cycle else state.played, None,
        (0,) * n, ((),) * n, (0,) * n, state.deals + 1, starter, state.turns, (),
    )  # fmt: skip


# ------------------------------------------------------------------------ results
def pawns_home(mover: Mover, state: TocState) -> tuple[int, ...]:
    """Pawns in their Zone de Sécurité, per seat."""
    base = mover.zone_base
    return tuple(
        sum(1 for cell in state.positions[s * 4 : s * 4 + 4] if cell >= base)
        for s in range(mover.players)
    )
