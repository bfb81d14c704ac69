"""Toquer's notation: short words and positions a person can type.

Positions name a column and a row of a seat's frame: ``n`` is the left neighbour's
right-hand column, ``a``, ``b``, ... the seat's own columns; rows are 1 to 3 (``b2``).

| action          | text             |
|-----------------|------------------|
| Reveal          | ``reveal b2``    |
| DrawStock       | ``stock``        |
| DrawDiscard     | ``pile``         |
| Knock / Pass    | ``knock``/``pass`` |
| Give            | ``give 2``       |
| Refuse          | ``refuse``       |
| Swap            | ``swap b2``      |
| DiscardReveal   | ``discard b2``   |
| Take            | ``take b2``      |
| Clear           | ``clear a1 b1 c1`` |
| StopClearing    | ``done``         |
"""

from collections.abc import Mapping
from functools import partial

from meeple.engine.errors import Why, checked_why, malformed
from meeple.engine.text import number
from meeple.games.toquer.actions import (
    Clear,
    DiscardReveal,
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
)
from meeple.games.toquer.layout import COLUMN_LETTERS, EMPTY, ROWS, Geometry
from meeple.games.toquer.state import Phase, ToquerState

_WORDS: dict[str, ToquerAction] = {
    "stock": DrawStock(),
    "pile": DrawDiscard(),
    "knock": Knock(),
    "pass": Pass(),
    "refuse": Refuse(),
    "done": StopClearing(),
}
_POSITIONAL: dict[str, type[Reveal | Swap | DiscardReveal | Take]] = {
    "reveal": Reveal,
    "swap": Swap,
    "discard": DiscardReveal,
    "take": Take,
}
VERBS = (*_WORDS, *_POSITIONAL, "give", "clear")


def format_action(geometry: Geometry, action: ToquerAction) -> str:
    name = geometry.position_name
    if isinstance(action, Swap):
        return f"swap {name(action.position)}"
    if isinstance(action, DiscardReveal):
        return f"discard {name(action.position)}"
    if isinstance(action, Reveal):
        return f"reveal {name(action.position)}"
    if isinstance(action, Take):
        return f"take {name(action.position)}"
    if isinstance(action, Clear):
        return f"clear {name(action.first)} {name(action.second)} {name(action.third)}"
    if isinstance(action, Give):
        return f"give {action.seat}"
    for word, simple in _WORDS.items():
        if action == simple:
            return word
    raise ValueError(f"not a Toquer action: {action!r}")


# What typed text may get wrong: each mistake with the facts it is told (a client words it).
NOTATION_MISTAKES: Mapping[str, frozenset[str]] = {
    "empty": frozenset({"verbs"}),
    "unknownVerb": frozenset({"verb", "verbs"}),
    "nothingAfter": frozenset({"verb"}),
    "onePosition": frozenset({"verb"}),
    "giveSeat": frozenset(),
    "noSeat": frozenset({"seat"}),
    "clearThree": frozenset(),
    "notPosition": frozenset({"token", "columns"}),
}
_bad = partial(malformed, NOTATION_MISTAKES)


def parse_position(geometry: Geometry, token: str) -> int:
    columns = COLUMN_LETTERS[: geometry.width]
    if len(token) != 2 or token[0] not in columns or token[1] not in "123":
        expected = f"a column letter ({', '.join(columns)}) then a row (1-{ROWS}), e.g. b2"
        said = f"position {token!r} is not valid: expected {expected}"
        raise _bad("notPosition", said, token=token, columns=tuple(columns))
    return (int(token[1]) - 1) * geometry.width + columns.index(token[0])


def parse_action(geometry: Geometry, text: str) -> ToquerAction:
    tokens = text.lower().split()
    if not tokens:
        said = f"empty move; expected one of: {', '.join(VERBS)}"
        raise _bad("empty", said, verbs=VERBS)
    verb, args = tokens[0], tokens[1:]
    if verb in _WORDS:
        if args:
            said = f"{verb!r} takes nothing after it, got {' '.join(args)!r}"
            raise _bad("nothingAfter", said, verb=verb)
        return _WORDS[verb]
    if verb in _POSITIONAL:
        if len(args) != 1:
            said = f"{verb!r} needs one position after it, e.g. '{verb} b2'"
            raise _bad("onePosition", said, verb=verb)
        return _POSITIONAL[verb](parse_position(geometry, args[0]))
    if verb == "give":
        seat = number(args[0]) if len(args) == 1 else None
        if seat is None:
            said = "'give' needs the knocker's seat number, e.g. 'give 2'"
            raise _bad("giveSeat", said)
        if seat >= geometry.players:
            raise _bad("noSeat", f"'give {args[0]}': there is no seat {seat}", seat=seat)
        return Give(seat)
    if verb == "clear":
        if len(args) != 3:
            raise _bad("clearThree", "'clear' needs three positions, e.g. 'clear a1 b1 c1'")
        first, second, third = sorted(parse_position(geometry, token) for token in args)
        return Clear(first, second, third)
    said = f"unknown move {verb!r}; expected one of: {', '.join(VERBS)}"
    raise _bad("unknownVerb", said, verb=verb, verbs=VERBS)


# What each phase asks of the seat to act, when it tried something else: a reason and
# its words.
_PHASE_MOVES = {
    Phase.SETUP: ("mustReveal", "reveal one of your own face-down cards ('reveal b2')"),
    Phase.DRAW: ("mustDraw", "draw from the stock ('stock') or the discard pile ('pile')"),
    Phase.KNOCK: ("mustKnock", "decide whether to knock ('knock' or 'pass')"),
    Phase.ANSWER: ("mustAnswer", "give the card to a knocker ('give N') or refuse ('refuse')"),
    Phase.PLACE: (
        "mustPlace",
        "swap the drawn card in ('swap b2') or discard it and reveal ('discard b2')",
    ),
    Phase.CLEAR: ("mustClear", "clear a triple ('clear a1 b1 c1') or stop ('done')"),
    Phase.KNOCK_SWAP: (
        "mustKnockSwap",
        "swap the card you knocked for into your layout ('swap b2')",
    ),
    Phase.KNOCK_TAKE: (
        "mustKnockTake",
        "take one of the knocker's cards ('take b2', the knocker's frame)",
    ),
    Phase.KNOCK_PLACE: ("mustKnockPlace", "swap the card you took into your layout ('swap b2')"),
}

# Why a move is not legal: each reason with the facts it is told (a client words it).
ILLEGAL_REASONS: Mapping[str, frozenset[str]] = {
    **{reason: frozenset() for reason, _ in _PHASE_MOVES.values()},
    "mustWait": frozenset(),
    "pileCardKept": frozenset(),
    "noFaceDown": frozenset(),
    "stockEmpty": frozenset(),
    "offLayout": frozenset(),
    "revealOwn": frozenset(),
    "neighbourColumn": frozenset(),
    "slotEmpty": frozenset(),
    "faceUp": frozenset(),
    "noOtherCard": frozenset(),
    "didNotKnock": frozenset({"seat"}),
    "notTriple": frozenset(),
}


_why = partial(checked_why, ILLEGAL_REASONS)  # a reason of this game's, with its facts


def why_illegal(
    g: Geometry, state: ToquerState, action: ToquerAction, legal: tuple[ToquerAction, ...]
) -> Why:
    """Why ``action`` is not legal now (``legal`` being the legal actions), in words a
    person can act on, with its reason and facts."""
    phase = state.phase
    reason, words = _PHASE_MOVES.get(phase, ("mustWait", "wait: no seat may act"))
    wanted = _why(reason, "now you must " + words)
    legal_types = {type(a) for a in legal}
    if type(action) not in legal_types:
        if isinstance(action, DiscardReveal) and phase is Phase.PLACE:
            if not state.from_stock:
                return _why(
                    "pileCardKept",
                    "a card drawn from the discard pile must be kept (discard_draw_must_keep)",
                )
            return _why("noFaceDown", "none of your cards is face down, so you must keep the card")
        if isinstance(action, DrawStock) and phase is Phase.DRAW:
            return _why(
                "stockEmpty", "the stock is empty and the discard pile has no card below its top"
            )
        return wanted
    position = getattr(action, "position", None)
    if isinstance(position, int):
        why = _position_problem(g, state, action, position)
        if why:
            return why
    if isinstance(action, Give):
        return _why("didNotKnock", f"seat {action.seat} did not knock", seat=action.seat)
    if isinstance(action, Clear):
        return _why(
            "notTriple",
            "those are not three identical, adjacent, revealed cards in one of your lines",
        )
    return wanted


def _position_problem(
    g: Geometry, state: ToquerState, action: ToquerAction, position: int
) -> Why | None:
    """Why ``action`` cannot use the slot at ``position`` (None: no problem found there)."""
    frame_seat = state.actor
    if isinstance(action, Take):
        assert state.knocker is not None  # a take is legal only while a knocker is served
        frame_seat = state.knocker
    if not 0 <= position < ROWS * g.width:
        return _why("offLayout", "that position is off the layout")
    if isinstance(action, Reveal) and position not in g.own_positions[frame_seat]:
        return _why("revealOwn", "at set-up you reveal your own cards, not your neighbour's")
    if position not in g.playable[frame_seat]:
        return _why(
            "neighbourColumn",
            "with layout own_grid the n column is your neighbour's, not yours to play",
        )
    face = state.faces[g.frames[frame_seat][position]]
    if face == EMPTY:
        return _why("slotEmpty", "that slot is empty: its card was cleared")
    if isinstance(action, (Reveal, DiscardReveal)):
        return _why("faceUp", "that card is already face up")
    if isinstance(action, Take):
        return _why("noOtherCard", "you would have no other card of yours to swap it with")
    return None
