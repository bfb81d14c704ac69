"""What one seat may see (``make_view``), and states rebuilt from a view (``determinize``)
or with everything a seat cannot see reshuffled (``redeal_hidden``, for the leak test).

Hidden from everyone: the values of face-down cards (one's own too, as in Skyjo) and the
stock's order and contents. Hidden from all but one seat: the knocker's hand card when it
was face down, and each knock decision until every eligible seat has decided.
"""

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import mul

from meeple.engine.values import constructor
from meeple.games.toquer.cards import Card, Deck, expand
from meeple.games.toquer.config import Config
from meeple.games.toquer.layout import DOWN, UP
from meeple.games.toquer.state import (
    HIDDEN_VOTE,
    KNOCKED,
    PASSED,
    Phase,
    RoundSummary,
    ToquerState,
    evolve,
)


@dataclass(frozen=True, slots=True)
class ToquerView:
    """A seat's view (``seat`` None: a spectator). Fields mirror ``ToquerState``."""

    seat: int | None
    players: int
    layout: str
    phase: Phase
    actor: int
    round: int
    dealer: int
    active: int
    cards: tuple[Card, ...]  # face-up values; 0 where face down or empty (see faces)
    faces: str  # 'D' face down, 'U' face up, '.' empty
    stock_size: int
    discard: tuple[Card, ...]  # bottom to top
    drawn: Card | None
    from_stock: bool
    held: Card | None  # None when there is none or it is hidden from this seat
    held_hidden: bool  # a knocker's hand card that only the knocker has seen
    votes: str  # knock decisions; '*' decided but not yet revealed
    knocker: int | None
    taken_slot: int | None
    taken: Card | None
    setup_left: int
    ender: int | None
    last_turns: tuple[int, ...]
    scores: tuple[int, ...]
    last_round: RoundSummary | None
    winners: tuple[int, ...]
    round_turns: int  # turns played in this round
    round_points: tuple[tuple[int, ...], ...] = ()


def face_up_cards(cards: tuple[Card, ...], faces: str) -> tuple[Card, ...]:
    """The values everyone sees: face-down and empty slots read 0.

    The last answer is kept, keyed by the identity of the (immutable) arguments: the
    layout changes at most a slot or two per step, a state shares it with the next one
    until then, and views of one state are asked for again and again."""
    global _last_face_up
    last = _last_face_up
    if last[0] is cards and last[1] is faces:
        return last[2]
    up = tuple(map(mul, cards, faces.encode("ascii").translate(_FACE_UP_AS_ONE)))
    _last_face_up = (cards, faces, up)  # (one assignment: readers see a whole entry)
    return up


# Face-up slots as 1, the others as 0, for ``face_up_cards``'s product.
_FACE_UP_AS_ONE = bytes(int(chr(code) == UP) for code in range(256))
_last_face_up: tuple[tuple[int, ...], str, tuple[int, ...]] = ((), "", ())


_new_view = constructor(ToquerView)


@lru_cache(maxsize=4096)
def hidden_votes(votes: str, seat: int | None) -> str:
    """The knock decisions ``seat`` may see while they are made: its own, and of the
    others only whether they have decided (kept: a table has few vote strings)."""
    return "".join(
        HIDDEN_VOTE if v in (KNOCKED, PASSED) and s != seat else v for s, v in enumerate(votes)
    )


def make_view(config: Config, state: ToquerState, seat: int | None) -> ToquerView:
    cards = face_up_cards(state.cards, state.faces)
    votes = state.votes
    if state.phase is Phase.KNOCK:  # decisions stay secret until all are in
        votes = hidden_votes(votes, seat)
    # (seat None, the public view, is never the knocker: None there means no knocker)
    shown = not state.held_hidden or (seat is not None and seat == state.knocker)
    held = state.held if shown else None
    return _new_view(
        seat,
        config.players,
        config.layout,
        state.phase,
        state.actor,
        state.round,
        state.dealer,
        state.active,
        cards,
        state.faces,
        sum(state.stock),
        state.discard,
        state.drawn,
        state.from_stock,
        held,
        state.held_hidden,
        votes,
        state.knocker,
        state.taken_slot,
        state.taken,
        state.setup_left,
        state.ender,
        state.last_turns,
        state.scores,
        state.last_round,
        state.winners,
        state.round_turns,
        state.round_points,
    )


def unseen_cards(deck: Deck, seat_view: ToquerView) -> list[Card]:
    """The cards this view does not show anywhere (face-down, stock, hidden hand card)."""
    unseen = []
    for value, count in unseen_counts(deck, seat_view).items():
        unseen.extend([value] * count)
    return unseen


def unseen_counts(deck: Deck, seat_view: ToquerView) -> Mapping[Card, int]:
    """``unseen_cards`` counted: per card value (in the deck's order), how many.

    The answer is shared, not to be changed. The last one is kept, keyed by the identity
    of the deck and of the view's (immutable) cards, faces and discard pile, and by its
    loose cards; so are the cards seen on the table and the pile. A search asks this of
    every seat's view of a state, and views of one state share those tuples
    (``face_up_cards``), as do the states of a turn until a card changes place."""
    global _last_unseen
    cards, faces, discard = seat_view.cards, seat_view.faces, seat_view.discard
    loose = (seat_view.drawn, seat_view.held, seat_view.taken)
    last = _last_unseen
    if last[0] is deck and last[1] is cards and last[2] is faces and last[3] is discard:
        if last[4] == loose:
            return last[6]
        seen = last[5]
    else:
        seen = Counter(compress(cards, map(UP.__eq__, faces)))  # (counted in C)
        seen.update(discard)
    counts: dict[Card, int] = {}
    known = seen.get
    for value, count in zip(deck.values, deck.counts, strict=True):
        left = count - known(value, 0) - loose.count(value)
        if left > 0:
            counts[value] = left
    _last_unseen = (deck, cards, faces, discard, loose, seen, counts)  # (one assignment)
    return counts


_last_unseen: tuple[object, object, object, object, object, Counter[Card], Mapping[Card, int]]
_last_unseen = (None, None, None, None, None, Counter(), {})


def determinize(deck: Deck, seat_view: ToquerView, rng: random.Random) -> ToquerState:
    """A full state consistent with ``seat_view``: unseen cards dealt at random."""
    pool = unseen_cards(deck, seat_view)
    rng.shuffle(pool)
    cards = []
    for card, face in zip(seat_view.cards, seat_view.faces, strict=True):
        cards.append(pool.pop() if face == DOWN else card)
    held = seat_view.held
    if held is None and seat_view.held_hidden:
        held = pool.pop()
    index = deck.index()
    stock = [0] * len(deck.values)
    for card in pool:
        stock[index[card]] += 1
    votes = seat_view.votes.replace(HIDDEN_VOTE, PASSED)
    return ToquerState(
        phase=seat_view.phase,
        actor=seat_view.actor,
        round=seat_view.round,
        dealer=seat_view.dealer,
        active=seat_view.active,
        cards=tuple(cards),
        faces=seat_view.faces,
        stock=tuple(stock),
        discard=seat_view.discard,
        drawn=seat_view.drawn,
        from_stock=seat_view.from_stock,
        held=held,
        held_hidden=seat_view.held_hidden,
        votes=votes,
        knocker=seat_view.knocker,
        taken_slot=seat_view.taken_slot,
        taken=seat_view.taken,
        setup_left=seat_view.setup_left,
        ender=seat_view.ender,
        last_turns=seat_view.last_turns,
        scores=seat_view.scores,
        last_round=seat_view.last_round,
        winners=seat_view.winners,
        round_turns=seat_view.round_turns,
        round_points=seat_view.round_points,
    )


def redeal_hidden(deck: Deck, state: ToquerState, seat: int, rng: random.Random) -> ToquerState:
    """``state`` with every card ``seat`` cannot see shuffled, and others' secret knock
    decisions redrawn (an implementation independent of ``determinize``)."""
    down = [slot for slot, face in enumerate(state.faces) if face == DOWN]
    pool = [state.cards[slot] for slot in down] + expand(state.stock, deck.values)
    hide_held = state.held_hidden and seat != state.knocker and state.held is not None
    if hide_held and state.held is not None:
        pool.append(state.held)
    rng.shuffle(pool)
    cards = list(state.cards)
    for slot in down:
        cards[slot] = pool.pop()
    held = pool.pop() if hide_held else state.held
    index = deck.index()
    stock = [0] * len(deck.values)
    for card in pool:
        stock[index[card]] += 1
    votes = state.votes
    if state.phase is Phase.KNOCK:
        votes = "".join(
            rng.choice((KNOCKED, PASSED)) if v in (KNOCKED, PASSED) and s != seat else v
            for s, v in enumerate(votes)
        )
    return evolve(state, cards=tuple(cards), held=held, stock=tuple(stock), votes=votes)
