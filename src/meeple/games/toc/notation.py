"""Toc notation, typed by people at the terminal.

- ``Q 12-24``: play the Queen, moving the pawn on cell 12 to cell 24 (also each part of a
  7: ``7 12-15``; backward with the 4: ``4 12-8``);
- ``K in``: play a Parteu to bring a pawn out (``K in2``: a partner's pawn, seat 2);
- ``J 12x40``: play the Jack, swapping your pawn on 12 with the pawn on 40;
- ``discard 9`` (or ``d 9``): discard when no card can be played;
- ``give Q`` (or ``g Q``): set a card aside for your partner.

Cells: ring cells by number (seat ``s``'s Départ is ``s * 18`` on the default board),
shortcut cells ``c<k>.<1..L>``, Zone de Sécurité cells ``h<seat>.<1..4>`` (4 deepest).
Cards: A 2 3 4 5 6 7 8 9 10 J Q K Jo (any case).
"""

from collections.abc import Mapping
from functools import partial

from meeple.engine.errors import Why, checked_why, malformed
from meeple.engine.text import number
from meeple.games.toc.actions import Discard, Enter, Give, Move, Swap, TocAction
from meeple.games.toc.cards import FOUR, JACK, KING, PARTEUX, SEVEN, Card, card_name, parse_card
from meeple.games.toc.moves import Mover
from meeple.games.toc.state import EXCHANGE, Pending, TocState
from meeple.games.toc.turn import legal_actions

_CARDS_HELP = "a card: A 2 3 4 5 6 7 8 9 10 J Q K Jo"
_FORMS = "'Q 12-24', 'K in', 'J 12x40', 'discard 9' or 'give Q'"


def format_action(mover: Mover, state: TocState, action: TocAction) -> str:
    cell = mover.board.cell_name
    match action:
        case Move(card=card, pawn=pawn, dest=dest):
            return f"{card_name(card)} {cell(state.positions[pawn])}-{cell(dest)}"
        case Enter(card=card, seat=seat):
            return f"{card_name(card)} in{'' if seat == state.turn else seat}"
        case Swap(pawn=pawn, other=other):
            return f"J {cell(state.positions[pawn])}x{cell(state.positions[other])}"
        case Discard(card=card):
            return f"discard {card_name(card)}"
        case Give(card=card):
            return f"give {card_name(card)}"


# What typed text may get wrong: each mistake with the facts it is told (a client words it).
NOTATION_MISTAKES: Mapping[str, frozenset[str]] = {
    "empty": frozenset(),
    "notCard": frozenset({"token"}),
    "notCell": frozenset({"token", "last"}),
    "noPawnOn": frozenset({"cell"}),
    "cardAfter": frozenset({"word"}),
    "twoParts": frozenset(),
    "enterForm": frozenset({"token"}),
    "noSeat": frozenset({"seat"}),
    "onlyJackSwaps": frozenset(),
    "moveForm": frozenset({"token"}),
}
_bad = partial(malformed, NOTATION_MISTAKES)


def _card(token: str) -> Card:
    rank = parse_card(token)
    if rank is None:
        raise _bad("notCard", f"{token!r} is not a card; expected {_CARDS_HELP}", token=token)
    return rank


def _cell(mover: Mover, token: str) -> int:
    cell = mover.board.parse_cell(token)
    if cell is None:
        last = mover.board.ring - 1
        raise _bad(
            "notCell",
            f"{token!r} is not a cell of this board; expected a ring number 0-{last}, a "
            "shortcut cell c<k>.<i> or a zone cell h<seat>.<1-4>",
            token=token,
            last=last,
        )
    return cell


def _pawn_at(mover: Mover, state: TocState, token: str) -> int:
    cell = _cell(mover, token)
    if cell not in state.positions:
        raise _bad("noPawnOn", f"no pawn stands on cell {token!r}", cell=token)
    return state.positions.index(cell)


def parse_action(mover: Mover, state: TocState, text: str) -> TocAction:
    tokens = text.split()
    if not tokens:
        raise _bad("empty", f"empty move; expected {_FORMS}")
    head = tokens[0].lower()
    if head in ("discard", "d", "give", "g"):
        if len(tokens) != 2:
            said = f"{text!r}: expected '{head} <card>', e.g. '{head} 9'"
            raise _bad("cardAfter", said, word=head)
        rank = _card(tokens[1])
        return Discard(rank) if head in ("discard", "d") else Give(rank)
    if len(tokens) != 2:
        said = f"{text!r}: expected two parts, a card and a move, as in {_FORMS}"
        raise _bad("twoParts", said)
    card = _card(tokens[0])
    move = tokens[1].lower()
    if move.startswith("in"):
        seat_text = move[2:]
        seat = number(seat_text) if seat_text else state.turn
        if seat is None:
            said = f"{tokens[1]!r}: expected 'in' or 'in<seat>', e.g. 'in2'"
            raise _bad("enterForm", said, token=tokens[1])
        if seat >= mover.players:
            raise _bad("noSeat", f"{tokens[1]!r}: there is no seat {seat}", seat=seat)
        return Enter(card, seat)
    if "x" in move:
        if card != JACK:
            raise _bad("onlyJackSwaps", f"{text!r}: only the Jack swaps (a 'x' move)")
        left, _, right = move.partition("x")
        return Swap(_pawn_at(mover, state, left), _pawn_at(mover, state, right))
    if "-" in move:
        left, _, right = move.partition("-")
        pawn = _pawn_at(mover, state, left)
        return Move(card, pawn, _cell(mover, right))
    said = f"{tokens[1]!r}: expected '<from>-<to>', 'in' or '<from>x<to>', as in {_FORMS}"
    raise _bad("moveForm", said, token=tokens[1])


# Why a move is not legal: each reason with the facts it is told (a client words it).
ILLEGAL_REASONS: Mapping[str, frozenset[str]] = {
    "giveFirst": frozenset(),
    "noExchange": frozenset(),
    "notInHand": frozenset({"card"}),
    "forcedPlay": frozenset({"plays"}),
    "splitGoesOn": frozenset({"steps"}),
    "splitPawnMoved": frozenset(),
    "splitPartDoesNotFit": frozenset({"steps"}),
    "onlyParteuEnters": frozenset(),
    "notYourSeat": frozenset({"seat"}),
    "cannotEnter": frozenset(),
    "jackSwap": frozenset(),
    "notYourPawn": frozenset(),
    "fourBack": frozenset(),
    "sevenSplit": frozenset(),
    "jackOnlySwaps": frozenset(),
    "cannotMove": frozenset({"card"}),
    "kingCannotMove": frozenset(),
}


_why = partial(checked_why, ILLEGAL_REASONS)  # a reason of this game's, with its facts


def why_illegal(mover: Mover, state: TocState, action: TocAction) -> Why:
    """Why ``action`` is not legal in ``state``: the reason, its facts and the words."""
    if state.phase == EXCHANGE:
        if not isinstance(action, Give):
            return _why(
                "giveFirst",
                "every seat first sets aside one card for its partner ('give <card>')",
            )
        return _why("notInHand", f"{card_name(action.card)} is not in your hand", card=action.card)
    if isinstance(action, Give):
        return _why("noExchange", "there is no card exchange now")
    if state.pending is not None:
        return _split_problem(state.pending, action)
    card = JACK if isinstance(action, Swap) else action.card
    if card not in state.hands[state.turn]:
        return _why("notInHand", f"{card_name(card)} is not in your hand", card=card)
    if isinstance(action, Discard):
        legal = legal_actions(mover, state)
        plays = tuple(sorted({format_action(mover, state, a) for a in legal}))
        return _why(
            "forcedPlay",
            f"a card with a legal use must be played (forced play), e.g. {', '.join(plays)}",
            plays=plays,
        )
    return _card_problem(mover, state, action, card)


def _split_problem(pending: Pending, action: TocAction) -> Why:
    """Why ``action`` is not the next part of the 7 being split."""
    steps = pending.remaining
    if not (isinstance(action, Move) and action.card == SEVEN):
        return _why(
            "splitGoesOn",
            f"a 7 is being split: move the {steps} steps left ('7 <from>-<to>')",
            steps=steps,
        )
    if pending.moved >> action.pawn & 1:
        return _why(
            "splitPawnMoved", "each pawn moves once in a split 7; that pawn has already moved"
        )
    return _why(
        "splitPartDoesNotFit",
        f"that part does not fit: {steps} steps are left, the path must be clear, and the "
        "rest of the 7 must still be playable after it",
        steps=steps,
    )


def _card_problem(mover: Mover, state: TocState, action: Enter | Swap | Move, card: Card) -> Why:
    """Why the held ``card`` cannot be played as ``action``."""
    controlled = mover.controlled(state.turn, state.positions)
    if isinstance(action, Enter):
        if card not in PARTEUX:
            return _why("onlyParteuEnters", "only a Parteu (A, K or Joker) brings a pawn out")
        if action.seat not in controlled:
            return _why(
                "notYourSeat", f"you do not move seat {action.seat}'s pawns", seat=action.seat
            )
        return _why(
            "cannotEnter",
            "no pawn is in reserve, or your own or a protected pawn holds the Départ",
        )
    if isinstance(action, Swap):
        return _why(
            "jackSwap",
            "a Jack swaps one of your pawns on the track with another player's pawn on the "
            "track; neither may be protected on its Départ",
        )
    if action.pawn // 4 not in controlled:
        return _why("notYourPawn", "that pawn is not one you move")
    if card == FOUR:
        return _why(
            "fourBack",
            "the 4 moves a pawn 4 cells back on the track, never into a zone or past a pawn",
        )
    if card == SEVEN:
        return _why("sevenSplit", "no split of the 7 starts with that part and uses all 7 steps")
    if card == JACK and not mover.config.jack_eleven:
        return _why("jackOnlySwaps", "the Jack swaps; it moves 11 only with option jack_eleven")
    if card == KING:
        return _why(
            "kingCannotMove",
            "K cannot take that pawn there: the count must be exact, the path passes only "
            "capturable pawns, and it may not land on your own or a protected pawn",
        )
    return _why(
        "cannotMove",
        f"{card_name(card)} cannot take that pawn there: the count must be exact, the path "
        "passes no pawn, and it may not land on your own or a protected pawn",
        card=card,
    )
