"""CMYK turn logic as pure functions: which cards may be laid, what laying them does, how
the turn moves on (draws, refills, the reserve reshuffled, the end of the game).

Actions are taken from prebuilt tables, so generating the legal actions allocates almost
nothing; rules.py wraps these functions in the engine's ``Game`` contract.
"""

from bisect import bisect_right
from itertools import combinations, product

from meeple.games.cmyk.actions import CmykAction, Discard, Draw, Lay, LayMany, PlayMix, PlaySweep
from meeple.games.cmyk.cards import (
    FIRST_JOKER,
    FIRST_MIX,
    FULL,
    MAX_COPIES,
    SWEEP,
    WHITE,
    Card,
    card_value,
)
from meeple.games.cmyk.config import HAND_SIZE, Config
from meeple.games.cmyk.state import (
    EMPTY_BOARD,
    EMPTY_PILES,
    OPEN,
    OPENING_BOARD,
    Board,
    CmykState,
    Stage,
    Tally,
)

KIND_LIMIT = FIRST_MIX + MAX_COPIES  # no deck has more kinds than this

# Prebuilt values: LAYS[kind][colour] (None where the card cannot go), one Discard, PlayMix
# and Draw per kind, and the single PlaySweep.
LAYS: tuple[tuple[Lay | None, ...], ...] = tuple(
    tuple(
        Lay(kind, colour)
        if kind == WHITE or (kind < WHITE and kind // 9 == colour) or kind == FIRST_JOKER + colour
        else None
        for colour in range(4)
    )
    for kind in range(SWEEP)
)
DISCARDS = tuple(Discard(kind) for kind in range(KIND_LIMIT))
MIX_PLAYS = tuple(PlayMix(kind) for kind in range(KIND_LIMIT))
DRAWS = tuple(Draw(kind) for kind in range(KIND_LIMIT))
SWEEP_PLAY = PlaySweep()
VALUES = tuple(card_value(kind) for kind in range(KIND_LIMIT))


def lay_of(kind: Card, colour: int) -> Lay:
    lay = LAYS[kind][colour]
    assert lay is not None
    return lay


def add_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` (sorted) with ``card`` added, still sorted."""
    at = bisect_right(cards, card)
    return (*cards[:at], card, *cards[at:])


def remove_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` (sorted) less one ``card`` (which must be there)."""
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def add_cards(cards: tuple[Card, ...], more: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards + more)) if more else cards


# -------------------------------------------------------------------- legal actions
def legal_actions(config: Config, state: CmykState) -> tuple[CmykAction, ...]:
    """Every legal action of the seat to act, in a fixed order: lays, multiple
    completions, the sweep, mixes, discards."""
    hand = state.hands[state.seat]
    board = state.board
    if board.opening:
        openers, specials = opening_plays(board, hand)
        if openers:
            return (*openers, *specials)
        if config.opening_no_card == "discard":
            # default opening_no_card: no card starts a missing colour, so discard one
            # (sweep and mix cards may still be played: "à n'importe quel moment").
            return (*specials, *discards(hand))
    plays = normal_plays(config, board, hand)
    return plays if plays else discards(hand)


def opening_plays(
    board: Board, hand: tuple[Card, ...]
) -> tuple[list[CmykAction], list[CmykAction]]:
    """In the opening: the lays that start a missing colour, and the sweep and mix plays."""
    openers: list[CmykAction] = []
    specials: list[CmykAction] = []
    piles = board.piles
    previous = -1
    for kind in hand:
        if kind == previous:
            continue
        previous = kind
        if kind < WHITE:
            if not piles[kind // 9]:
                openers.append(LAYS[kind][kind // 9])  # type: ignore[arg-type]
        elif kind == WHITE:
            openers.extend(LAYS[WHITE][colour] for colour in range(4) if not piles[colour])  # type: ignore[misc]
        elif kind == SWEEP:
            specials.append(SWEEP_PLAY)
        elif kind > SWEEP:
            specials.append(MIX_PLAYS[kind])
    return openers, specials


def discards(hand: tuple[Card, ...]) -> tuple[CmykAction, ...]:
    return tuple(DISCARDS[kind] for kind in sorted(set(hand)))


def normal_plays(config: Config, board: Board, hand: tuple[Card, ...]) -> tuple[CmykAction, ...]:
    """Lays (no pile above 100% unless overflow is bust), multiple completions, sweep, mixes."""
    totals = board.totals
    closed = board.closed
    bust = config.overflow == "bust"
    lays: list[CmykAction] = []
    specials: list[CmykAction] = []
    completing: list[list[Lay]] | None = None
    previous = -1
    for kind in hand:
        if kind == previous:
            continue
        previous = kind
        if kind < WHITE:
            colour = kind // 9
            if not closed[colour]:
                completing = _offer(
                    lays, completing, kind, colour, totals[colour] + VALUES[kind], bust
                )
        elif kind == WHITE:
            for colour in range(4):
                if not closed[colour]:
                    completing = _offer(lays, completing, kind, colour, totals[colour] + 10, bust)
        elif kind < SWEEP:
            # seed: a joker is worth what its pile needs (10%..90%), only to complete it
            colour = kind - FIRST_JOKER
            if not closed[colour] and 10 <= totals[colour] <= 90:
                completing = _offer(lays, completing, kind, colour, FULL, bust)
        else:
            specials.append(SWEEP_PLAY if kind == SWEEP else MIX_PLAYS[kind])
    if completing is not None and sum(1 for options in completing if options) >= 2:
        lays.extend(multiple_completions(completing, hand.count(WHITE)))
    if specials:
        lays.extend(specials)
    return tuple(lays)


def _offer(
    lays: list[CmykAction],
    completing: list[list[Lay]] | None,
    kind: Card,
    colour: int,
    total: int,
    bust: bool,
) -> list[list[Lay]] | None:
    """Offer laying ``kind`` on ``colour``'s pile if the pile may reach ``total``; a lay that
    brings it to exactly 100% is also noted among the pile's completions (returned)."""
    if total < FULL or (bust and total > FULL):
        lays.append(LAYS[kind][colour])  # type: ignore[arg-type]
    elif total == FULL:
        lay = LAYS[kind][colour]
        assert lay is not None
        lays.append(lay)
        if completing is None:
            completing = [[], [], [], []]
        completing[colour].append(lay)
    return completing


def multiple_completions(completing: list[list[Lay]], whites: int) -> list[LayMany]:
    """Every way to complete two or more piles with one card each (seed), in a fixed order:
    by the number of piles, then the colours, then the cards chosen."""
    colours = [colour for colour in range(4) if completing[colour]]
    found: list[LayMany] = []
    for size in range(2, len(colours) + 1):
        for chosen in combinations(colours, size):
            for choice in product(*(completing[colour] for colour in chosen)):
                if whites >= size or sum(1 for lay in choice if lay.card == WHITE) <= whites:
                    found.append(LayMany(choice))
    return found


# ------------------------------------------------------------------------ transitions
def lay_card(
    config: Config, board: Board, card: Card, colour: int
) -> tuple[Board, tuple[Card, ...], bool, tuple[Card, ...]]:
    """Lay ``card`` on ``colour``: the new board, the cards won, whether a pile was
    completed, and the cards sent to the reserve by a bust (overflow = bust)."""
    piles = board.piles
    totals = board.totals
    total = totals[colour]
    value = FULL - total if FIRST_JOKER <= card < SWEEP else VALUES[card]
    new_total = total + value
    pile = (*piles[colour], card)
    if new_total > FULL:
        # option overflow = bust: the pile goes to the reserve, the colour starts again
        base = config.mixes[board.mix - FIRST_MIX][colour] if board.mix is not None else 0
        return (
            _with_pile(board, colour, (), base, False, board.opening),
            (),
            False,
            pile,
        )
    if new_total < FULL:
        opening = board.opening
        if opening and all(p or c == colour for c, p in enumerate(piles)):
            opening = False  # seed: the four piles are started, normal play begins
        return _with_pile(board, colour, pile, new_total, False, opening), (), False, ()
    if board.mix is None:
        # seed: the player who lays the last card wins the pile; the zone is empty again
        return _with_pile(board, colour, (), 0, False, board.opening), pile, True, ()
    # seed: under a mix a completed pile wins nothing yet and stays closed ...
    closed = (*board.closed[:colour], True, *board.closed[colour + 1 :])
    if all(closed):
        # ... until the fourth: its player wins the whole board, the mix included
        won = tuple(card for c in range(4) if c != colour for card in piles[c])
        return EMPTY_BOARD, (*won, *pile, board.mix), True, ()
    return _with_pile(board, colour, pile, FULL, True, False, closed), (), True, ()


def _with_pile(
    board: Board,
    colour: int,
    pile: tuple[Card, ...],
    total: int,
    is_closed: bool,
    opening: bool,
    closed: tuple[bool, ...] | None = None,
) -> Board:
    piles = board.piles
    totals = board.totals
    return Board(
        (*piles[:colour], pile, *piles[colour + 1 :]),
        (*totals[:colour], total, *totals[colour + 1 :]),
        board.closed if closed is None else closed,
        board.mix,
        opening,
    )


def board_cards(board: Board) -> tuple[Card, ...]:
    """Every card on the board: the piles and the mix."""
    cards = tuple(card for pile in board.piles for card in pile)
    return cards if board.mix is None else (*cards, board.mix)


def apply_action(config: Config, players: int, state: CmykState, action: CmykAction) -> CmykState:
    """The state after the acting seat's (legal) action, settled to the next decision."""
    hand = state.hands[state.seat]
    board = state.board
    reserve = state.reserve
    won: tuple[Card, ...] = ()
    completed = 0
    match action:
        case Lay(card=card, colour=colour):
            hand = remove_card(hand, card)
            board, won, done, busted = lay_card(config, board, card, colour)
            completed = int(done)
            reserve = add_cards(reserve, busted)
        case Discard(card=card):
            hand = remove_card(hand, card)
            reserve = add_card(reserve, card)
        case LayMany(lays=lays):
            for lay in lays:
                hand = remove_card(hand, lay.card)
                board, more, done, _ = lay_card(config, board, lay.card, lay.colour)
                won += more
                completed += int(done)
        case PlaySweep():
            # seed: the sweep wins every card on the board, itself included; the piles are
            # then started again as in the opening
            hand = remove_card(hand, SWEEP)
            won = (*board_cards(board), SWEEP)
            board = OPENING_BOARD
        case PlayMix(card=card):
            # seed: the mix wins the board but itself; the piles start at its percentages
            hand = remove_card(hand, card)
            won = board_cards(board)
            board = Board(EMPTY_PILES, config.mixes[card - FIRST_MIX], OPEN, card, False)
    return _after_play(config, players, state, hand, board, reserve, won, completed)


def _after_play(
    config: Config,
    players: int,
    state: CmykState,
    hand: tuple[Card, ...],
    board: Board,
    reserve: tuple[Card, ...],
    won: tuple[Card, ...],
    completed: int,
) -> CmykState:
    """The acting seat's hand, the board and the reserve after its play; the cards it won
    and the piles it completed counted; on to its refill."""
    seat = state.seat
    tally = state.tally
    if won or completed:
        tally = Tally(
            add_cards(tally.won, won),
            _bump(tally.won_counts, seat, len(won)),
            _bump(tally.completions, seat, completed),
        )
    hands = state.hands
    hands = (*hands[:seat], hand, *hands[seat + 1 :])
    return settle(
        config,
        players,
        "refill",
        seat,
        max(0, HAND_SIZE - len(hand)),
        hands,
        state.stock,
        reserve,
        board,
        tally,
        state.turn,
        state.stalled_passes,
        state.completed_this_pass or completed > 0,
    )


def _bump(values: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    if not amount:
        return values
    return (*values[:seat], values[seat] + amount, *values[seat + 1 :])


def apply_chance(config: Config, players: int, state: CmykState, card: Card) -> CmykState:
    """The state after ``card`` is drawn by the seat being dealt to or drawing."""
    seat = state.seat
    hands = state.hands
    hands = (*hands[:seat], add_card(hands[seat], card), *hands[seat + 1 :])
    return settle(
        config,
        players,
        state.stage,
        seat,
        state.to_draw - 1,
        hands,
        remove_card(state.stock, card),
        state.reserve,
        state.board,
        state.tally,
        state.turn,
        state.stalled_passes,
        state.completed_this_pass,
    )


def settle(
    config: Config,
    players: int,
    stage: Stage,
    seat: int,
    to_draw: int,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    reserve: tuple[Card, ...],
    board: Board,
    tally: Tally,
    turn: int,
    stalled: int,
    completed: bool,
) -> CmykState:
    """Move on to the next decision: a draw (chance), a seat's action or the end."""
    while stage != "play":
        if to_draw > 0:
            if not stock and reserve:
                # seed: when the stock runs out, the shuffled reserve becomes the stock;
                # that closes one pass through the stock (for stall_limit)
                stock, reserve = reserve, ()
                stalled = 0 if completed else stalled + 1
                completed = False
            if stock:
                break  # a chance outcome: the next card drawn
            to_draw = 0  # nothing left to draw: play on with fewer cards
        if stage == "deal":
            if seat + 1 < players:
                seat, to_draw = seat + 1, HAND_SIZE
            else:
                stage, seat, to_draw = "draw", 0, 1
            continue
        if stage == "draw" and hands[seat]:
            stage = "play"
            break
        # the end of a turn (or a turn passed by a seat with no card and none to draw)
        turn += 1
        if is_over(config, hands, stock, reserve, board, stalled):
            stage = "over"
            break
        seat = (seat + 1) % players
        stage, to_draw = "draw", 1  # seed: draw one card (six in hand) at every turn
    return CmykState(
        stage, seat, to_draw, hands, stock, reserve, board, tally, turn, stalled, completed
    )


def is_over(
    config: Config,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    reserve: tuple[Card, ...],
    board: Board,
    stalled: int,
) -> bool:
    """The seed's end: no player can complete any pile with the cards still available (with
    no sweep or mix left to play; under overflow = bust, after any busts within reach),
    or, as a guard, ``stall_limit`` passes through the stock without a completion."""
    if stalled >= config.stall_limit:
        return True
    # cards are kept sorted, so a sweep or mix (the highest kinds) would be last
    if (stock and stock[-1] >= SWEEP) or (reserve and reserve[-1] >= SWEEP):
        return False
    for hand in hands:
        if hand and hand[-1] >= SWEEP:
            return False
    counts = available_counts(hands, stock, reserve)
    if config.overflow == "bust":
        return not _completes_after_busts(config, board, counts)
    return not any(
        can_reach(colour, board.totals[colour], counts)
        for colour in range(4)
        if not board.closed[colour]
    )


def _completes_after_busts(config: Config, board: Board, counts: list[int]) -> bool:
    """Option overflow = bust: a pile that cannot be completed but whose available cards add
    up to more than it needs can be busted (laid in rising order they overshoot). Its cards
    go to the reserve, so they, and the whites on it, are available again, and it starts
    again from zero (under a mix: the mix's value). Busts only ever return cards, so going
    round until no more pile busts finds every card that can come back."""
    counts = list(counts)
    busted: list[int] = []
    grew = True
    while grew:
        grew = False
        for colour in range(4):
            if colour in busted or board.closed[colour]:
                continue
            total = board.totals[colour]
            if can_reach(colour, total, counts):
                return True
            first = colour * 9
            tens = sum(counts[first + i] * (i + 1) for i in range(9)) + counts[WHITE]
            if tens * 10 > FULL - total:
                busted.append(colour)
                for card in board.piles[colour]:
                    counts[card] += 1
                grew = True
    base = config.mixes[board.mix - FIRST_MIX] if board.mix is not None else (0, 0, 0, 0)
    return any(can_reach(colour, base[colour], counts) for colour in busted)


def available_counts(
    hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], reserve: tuple[Card, ...]
) -> list[Card]:
    """How many of each kind are in play off the board: hands, stock and reserve."""
    counts = [0] * KIND_LIMIT
    for card in stock:
        counts[card] += 1
    for card in reserve:
        counts[card] += 1
    for hand in hands:
        for card in hand:
            counts[card] += 1
    return counts


def can_reach(colour: int, total: int, counts: list[int]) -> bool:
    """Whether some of the available cards could bring ``colour``'s pile from ``total`` to
    exactly 100% (a subset sum over its colour cards and the whites; its joker completes
    any pile of 10%..90%)."""
    tens = total // 10
    need = 10 - tens
    first = colour * 9
    if counts[FIRST_JOKER + colour] and (
        tens >= 1 or counts[WHITE] or any(counts[first : first + 9])
    ):
        return True
    reach = 1  # bit s: some subset sums to s tens
    for value in range(1, 10):
        for _ in range(min(counts[first + value - 1], 10 // value)):
            reach = (reach | reach << value) & 0x7FF
    for _ in range(min(counts[WHITE], 10)):
        reach = (reach | reach << 1) & 0x7FF
    return bool(reach >> need & 1)
