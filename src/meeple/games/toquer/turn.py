"""Toquer's rules as pure functions of a ``Table`` (the configured game) and a state: the
legal actions, what each action does, chance, the end of a turn, of a round and of the
game. rules.py connects them to the engine's ``Game`` contract."""

import random
from collections import Counter

from meeple.engine.protocol import CHANCE
from meeple.games.toquer.actions import (
    Clear,
    Deal,
    DiscardReveal,
    Draw,
    DrawDiscard,
    DrawStock,
    Give,
    Knock,
    Pass,
    Refuse,
    Reveal,
    StopClearing,
    Swap,
    Take,
    ToquerAction,
    ToquerOutcome,
)
from meeple.games.toquer.cards import Card, draw_index
from meeple.games.toquer.layout import (
    COLUMN_LETTERS,
    DOWN,
    EMPTY,
    ROWS,
    UP,
    Table,
    Triple,
    frame_cards,
    set_card,
    set_face,
    takeable,
    triples,
)
from meeple.games.toquer.scoring import cleared_seats, end_round, game_over
from meeple.games.toquer.state import (
    KNOCKED,
    NOT_ASKED,
    PASSED,
    UNDECIDED,
    Phase,
    ToquerState,
    evolve,
)

SETUP_REVEALS = 2  # default, from Skyjo: each player reveals two of their own cards
MIN_CARDS_TO_KNOCK = 4  # seed: no knocking with only 3 of one's 15 cards left
MAX_SEATS = 8

# Prebuilt actions, so that listing the legal ones allocates almost nothing (the draw's
# answers are one tuple each: callers may keep what they computed for a tuple).
_POSITIONS = range(ROWS * len(COLUMN_LETTERS))
_REVEAL = tuple(Reveal(p) for p in _POSITIONS)
_SWAP = tuple(Swap(p) for p in _POSITIONS)
_DISCARD_REVEAL = tuple(DiscardReveal(p) for p in _POSITIONS)
_TAKE = tuple(Take(p) for p in _POSITIONS)
_GIVE = tuple(Give(s) for s in range(MAX_SEATS))
_DRAW_STOCK, _DRAW_DISCARD = DrawStock(), DrawDiscard()
_KNOCK_CHOICES = (Knock(), Pass())
_BOTH_DRAWS = (_DRAW_STOCK, _DRAW_DISCARD)
_STOCK_ONLY, _DISCARD_ONLY = (_DRAW_STOCK,), (_DRAW_DISCARD,)
_REFUSE, _STOP = Refuse(), StopClearing()


def initial_state(table: Table) -> ToquerState:
    slots, players = table.geometry.slots, table.config.players
    return ToquerState(
        phase=Phase.DEAL,
        actor=CHANCE,
        round=0,
        dealer=players - 1,  # default: seat 0 starts the first round
        active=0,
        cards=(0,) * slots,
        faces=EMPTY * slots,
        stock=table.deck.counts,
        discard=(),
        drawn=None,
        from_stock=False,
        held=None,
        held_hidden=False,
        votes=NOT_ASKED * players,
        knocker=None,
        taken_slot=None,
        taken=None,
        setup_left=0,
        ender=None,
        last_turns=(),
        scores=(0,) * players,
        last_round=None,
        winners=(),
        round_turns=0,
    )


# ------------------------------------------------------------------------- queries
def can_knock(table: Table, state: ToquerState, seat: int) -> bool:
    """Seed: not the active player, not after one's last turn, not with 3 cards left."""
    if seat == state.active or table.config.players == 2:
        return False
    if state.ender is not None and (seat == state.ender or seat not in state.last_turns):
        return False
    return frame_cards(table, state.faces, seat) >= MIN_CARDS_TO_KNOCK


def legal_actions(table: Table, state: ToquerState) -> tuple[ToquerAction, ...]:
    phase, g, faces = state.phase, table.geometry, state.faces
    seat = state.actor
    frame = g.frames[seat]
    if phase is Phase.KNOCK:
        return _KNOCK_CHOICES
    if phase is Phase.DRAW:
        stock_ok = len(state.discard) > 1 or any(state.stock)
        if stock_ok:
            return _BOTH_DRAWS if state.discard else _STOCK_ONLY
        return _DISCARD_ONLY
    if phase is Phase.PLACE:
        swaps: list[ToquerAction] = [_SWAP[p] for p in g.playable[seat] if faces[frame[p]] != EMPTY]
        if state.from_stock or not table.config.discard_draw_must_keep:
            swaps.extend(_DISCARD_REVEAL[p] for p in g.playable[seat] if faces[frame[p]] == DOWN)
        return tuple(swaps)
    if phase is Phase.KNOCK_SWAP or phase is Phase.KNOCK_PLACE:
        return tuple(_SWAP[p] for p in g.playable[seat] if faces[frame[p]] != EMPTY)
    if phase is Phase.CLEAR:
        clears: list[ToquerAction] = [Clear(*t) for t in triples(table, state.cards, faces, seat)]
        clears.append(_STOP)
        return tuple(clears)
    if phase is Phase.SETUP:
        return tuple(_REVEAL[p] for p in g.own_positions[seat] if faces[frame[p]] == DOWN)
    if phase is Phase.ANSWER:
        n = table.config.players
        order = [(state.active + k) % n for k in range(1, n)]
        gives: list[ToquerAction] = [_GIVE[s] for s in order if state.votes[s] == KNOCKED]
        gives.append(_REFUSE)
        return tuple(gives)
    if phase is Phase.KNOCK_TAKE:
        return tuple(_TAKE[p] for p in takeable(table, state))
    return ()


# ----------------------------------------------------------------------- actions
def apply_action(table: Table, state: ToquerState, action: ToquerAction) -> ToquerState:  # noqa: C901
    """The state after the seat's (legal) ``action``: one flat match over 13 action types."""
    match action:
        case Swap(position=position):
            return _swap(table, state, position)
        case DrawStock():
            return _draw_stock(table, state)
        case DrawDiscard():
            return evolve(
                state,
                phase=Phase.PLACE,
                actor=state.active,
                drawn=state.discard[-1],
                discard=state.discard[:-1],
                from_stock=False,
            )
        case DiscardReveal(position=position):
            return _discard_reveal(table, state, position)
        case Clear(first=first, second=second, third=third):
            return _clear(table, state, (first, second, third))
        case StopClearing():
            return _stop(table, state)
        case Reveal(position=position):
            return _reveal(table, state, position)
        case Knock():
            return _vote(table, state, KNOCKED)
        case Pass():
            return _vote(table, state, PASSED)
        case Give(seat=seat):
            return evolve(state, phase=Phase.KNOCK_SWAP, actor=seat, knocker=seat)
        case Refuse():
            return evolve(state, phase=Phase.PLACE, actor=state.active)
        case Take(position=position):
            return _take(table, state, position)


def _reveal(table: Table, state: ToquerState, position: int) -> ToquerState:
    n = table.config.players
    slot = table.geometry.frames[state.actor][position]
    left = state.setup_left - 1
    faces = set_face(state.faces, slot, UP)
    starter = (state.dealer + 1) % n
    if left:
        done = SETUP_REVEALS * n - left
        actor = (starter + done // SETUP_REVEALS) % n
        return evolve(state, faces=faces, setup_left=left, actor=actor)
    state = evolve(state, faces=faces, setup_left=0)
    return start_turn(table, state, starter)


def _draw_stock(table: Table, state: ToquerState) -> ToquerState:
    stock, discard = state.stock, state.discard
    if not any(stock):  # default, from Skyjo: the discard but its top becomes the stock
        counts = [0] * len(stock)
        for card in discard[:-1]:
            counts[table.value_index[card]] += 1
        stock, discard = tuple(counts), discard[-1:]
    return evolve(state, phase=Phase.STOCK_DRAW, actor=CHANCE, stock=stock, discard=discard)


def _vote(table: Table, state: ToquerState, mark: str) -> ToquerState:
    seat = state.actor
    votes = state.votes[:seat] + mark + state.votes[seat + 1 :]
    phase, actor = _next_voter(table.config.players, state.active, votes)
    return evolve(state, phase=phase, actor=actor, votes=votes)


def _next_voter(n: int, active: int, votes: str) -> tuple[Phase, int]:
    """The next seat to decide on knocking; when all have, reveal who knocked."""
    for k in range(1, n):
        seat = (active + k) % n
        if votes[seat] == UNDECIDED:
            return Phase.KNOCK, seat
    return (Phase.ANSWER if KNOCKED in votes else Phase.PLACE), active


def _swap(table: Table, state: ToquerState, position: int) -> ToquerState:
    seat = state.actor
    slot = table.geometry.frames[seat][position]
    if state.phase is Phase.KNOCK_PLACE:
        return _knock_place(table, state, slot)
    old, old_face = state.cards[slot], state.faces[slot]
    assert state.drawn is not None
    cards = set_card(state.cards, slot, state.drawn)
    faces = set_face(state.faces, slot, UP)
    if state.phase is Phase.KNOCK_SWAP:
        # Knock step 1: the knocker keeps the card taken out in hand, unseen by the
        # others if it was face down; step 2: the knocker may clear.
        state = evolve(
            state, cards=cards, faces=faces, drawn=None, held=old, held_hidden=old_face == DOWN
        )
        if triples(table, cards, faces, seat):
            return evolve(state, phase=Phase.CLEAR)
        return _begin_take(table, state)
    # The card taken out is discarded after any clearing (seed).
    if triples(table, cards, faces, seat):
        return evolve(state, phase=Phase.CLEAR, cards=cards, faces=faces, drawn=None, held=old)
    return end_turn(table, state, cards, faces, (*state.discard, old))


def _knock_place(table: Table, state: ToquerState, slot: int) -> ToquerState:
    """Knock steps 3-4: the taken card goes in face up, the card taken out is discarded,
    and the knocker's hand card fills the gap left by the take."""
    assert state.taken is not None and state.held is not None
    cards = set_card(state.cards, slot, state.taken)
    gap = state.taken_slot
    assert gap is not None
    cards = set_card(cards, gap, state.held)
    faces = set_face(set_face(state.faces, slot, UP), gap, UP)
    discard = (*state.discard, state.cards[slot])
    if triples(table, cards, faces, state.actor):
        return evolve(
            state,
            phase=Phase.CLEAR,
            cards=cards,
            faces=faces,
            discard=discard,
            held=None,
            held_hidden=False,
            taken=None,
            taken_slot=None,
        )
    return end_turn(table, state, cards, faces, discard)


def _discard_reveal(table: Table, state: ToquerState, position: int) -> ToquerState:
    seat = state.actor
    slot = table.geometry.frames[seat][position]
    assert state.drawn is not None
    faces = set_face(state.faces, slot, UP)
    # Triples revealed now are discarded on top of the drawn card (seed).
    discard = (*state.discard, state.drawn)
    if triples(table, state.cards, faces, seat):
        return evolve(state, phase=Phase.CLEAR, faces=faces, discard=discard, drawn=None)
    return end_turn(table, state, state.cards, faces, discard)


def _take(table: Table, state: ToquerState, position: int) -> ToquerState:
    assert state.knocker is not None  # a take serves the knocker given the card
    slot = table.geometry.frames[state.knocker][position]
    return evolve(
        state,
        phase=Phase.KNOCK_PLACE,
        actor=state.active,
        cards=set_card(state.cards, slot, 0),
        faces=set_face(state.faces, slot, EMPTY),
        taken=state.cards[slot],
        taken_slot=slot,
    )


def _begin_take(table: Table, state: ToquerState) -> ToquerState:
    if takeable(table, state):
        return evolve(state, phase=Phase.KNOCK_TAKE, actor=state.active)
    # Default (corner case): the active seat has no card to swap, so steps 3-4 are
    # skipped and the knocker's hand card is discarded.
    return end_turn(table, state, state.cards, state.faces, _discard_held(state))


def _discard_held(state: ToquerState) -> tuple[Card, ...]:
    return state.discard if state.held is None else (*state.discard, state.held)


def _clear(table: Table, state: ToquerState, positions: Triple) -> ToquerState:
    seat = state.actor
    frame = table.geometry.frames[seat]
    slots = [frame[p] for p in positions]
    faces, cards = state.faces, state.cards
    discard = (*state.discard, *(cards[slot] for slot in slots))
    for slot in slots:
        faces = set_face(faces, slot, EMPTY)
        cards = set_card(cards, slot, 0)  # empty slots hold 0, so states are canonical
    state = evolve(state, cards=cards, faces=faces, discard=discard)
    if table.config.goal == "race":
        cleared = cleared_seats(table, state)
        if cleared:
            return game_over(state, cleared)
    if triples(table, cards, faces, seat):
        return state
    return _stop(table, state)


def _stop(table: Table, state: ToquerState) -> ToquerState:
    if state.actor == state.knocker:
        return _begin_take(table, state)
    return end_turn(table, state, state.cards, state.faces, _discard_held(state))


# ------------------------------------------------------------------------ chance
def sample_chance(table: Table, state: ToquerState, rng: random.Random) -> ToquerOutcome:
    if state.phase is Phase.DEAL:
        cards = rng.sample(table.all_cards, table.geometry.slots + 1)
        return Deal(tuple(cards[:-1]), cards[-1])
    return table.draws[table.deck.values[draw_index(state.stock, rng)]]


def chance_outcomes(
    table: Table, state: ToquerState
) -> tuple[tuple[ToquerOutcome, float], ...] | None:
    if state.phase is not Phase.STOCK_DRAW:
        return None
    total = sum(state.stock)
    return tuple(
        (table.draws[value], count / total)
        for value, count in zip(table.deck.values, state.stock, strict=True)
        if count
    )


def is_possible_outcome(table: Table, state: ToquerState, outcome: ToquerOutcome) -> bool:
    if state.phase is Phase.DEAL:
        if not isinstance(outcome, Deal) or len(outcome.cards) != table.geometry.slots:
            return False
        dealt = Counter(outcome.cards)
        dealt[outcome.discard] += 1
        full = table.deck.inventory()
        return all(full[card] >= count for card, count in dealt.items())
    if state.phase is Phase.STOCK_DRAW and isinstance(outcome, Draw):
        index = table.value_index.get(outcome.card)
        return index is not None and state.stock[index] > 0
    return False


def apply_chance(table: Table, state: ToquerState, outcome: ToquerOutcome) -> ToquerState:
    n = table.config.players
    match outcome:
        case Draw(card=card):
            index = table.value_index[card]
            stock = (*state.stock[:index], state.stock[index] - 1, *state.stock[index + 1 :])
            votes = "".join(
                UNDECIDED if can_knock(table, state, seat) else NOT_ASKED for seat in range(n)
            )
            phase, actor = _next_voter(n, state.active, votes)
            return evolve(
                state,
                phase=phase,
                actor=actor,
                stock=stock,
                drawn=card,
                from_stock=True,
                votes=votes,
            )
        case Deal(cards=dealt, discard=first):
            counts = list(table.deck.counts)
            for card in (*dealt, first):
                counts[table.value_index[card]] -= 1
            return evolve(
                state,
                phase=Phase.SETUP,
                actor=(state.dealer + 1) % n,
                round=state.round + 1,
                cards=dealt,
                faces=DOWN * table.geometry.slots,
                stock=tuple(counts),
                discard=(first,),
                setup_left=SETUP_REVEALS * n,
                ender=None,
                last_turns=(),
                round_turns=0,
            )


# ------------------------------------------------- the end of a turn, of a round
def start_turn(table: Table, state: ToquerState, seat: int) -> ToquerState:
    """``seat`` begins a turn, or skips it when none of their 15 slots holds a card."""
    if frame_cards(table, state.faces, seat) == 0:  # default (corner case): nothing to play
        state = evolve(state, active=seat)
        return end_turn(table, state, state.cards, state.faces, state.discard)
    return evolve(state, phase=Phase.DRAW, actor=seat, active=seat)


def _round_ender(
    table: Table, state: ToquerState, faces: str
) -> tuple[int | None, tuple[int, ...]]:
    """Who ended the round (None: nobody yet) and the seats still to play a last turn,
    once the active seat's turn is over."""
    n, active = table.config.players, state.active
    if state.ender is not None:
        return state.ender, tuple(s for s in state.last_turns if s != active)
    g = table.geometry
    for k in range(n):  # the active seat first, then in turn order
        seat = (active + k) % n
        start, stop = g.own_range(seat)
        if DOWN not in faces[start:stop]:
            order = ((active + j) % n for j in range(1, n + 1))
            return seat, tuple(s for s in order if s != seat)
    return None, state.last_turns


def end_turn(
    table: Table,
    state: ToquerState,
    cards: tuple[Card, ...],
    faces: str,
    discard: tuple[Card, ...],
) -> ToquerState:
    """End the active seat's turn (the cards in play already placed or discarded): see
    whether the round ends, then pass the turn on. The state is built once."""
    ender, last_turns = _round_ender(table, state, faces)
    if ender is not None:
        if not last_turns:
            over = evolve(state, cards=cards, faces=faces, discard=discard, ender=ender)
            return end_round(table, clean_turn(over, state.round_turns + 1, last_turns))
        following = last_turns[0]
    else:
        following = (state.active + 1) % table.config.players
    if frame_cards(table, faces, following) == 0:
        skipped = evolve(state, cards=cards, faces=faces, discard=discard, ender=ender)
        return start_turn(table, clean_turn(skipped, state.round_turns + 1, last_turns), following)
    return ToquerState(
        phase=Phase.DRAW,
        actor=following,
        round=state.round,
        dealer=state.dealer,
        active=following,
        cards=cards,
        faces=faces,
        stock=state.stock,
        discard=discard,
        drawn=None,
        from_stock=False,
        held=None,
        held_hidden=False,
        votes=NOT_ASKED * table.config.players,
        knocker=None,
        taken_slot=None,
        taken=None,
        setup_left=0,
        ender=ender,
        last_turns=last_turns,
        scores=state.scores,
        last_round=state.last_round,
        winners=(),
        round_turns=state.round_turns + 1,
        round_points=state.round_points,
    )


def clean_turn(state: ToquerState, round_turns: int, last_turns: tuple[int, ...]) -> ToquerState:
    """``state`` with nothing left in play from the turn that ended."""
    return evolve(
        state,
        drawn=None,
        from_stock=False,
        held=None,
        held_hidden=False,
        votes=NOT_ASKED * len(state.scores),
        knocker=None,
        taken_slot=None,
        taken=None,
        last_turns=last_turns,
        round_turns=round_turns,
    )
