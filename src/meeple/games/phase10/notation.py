"""Phase 10 notation: what a person types, and what the log prints.

| action | notation |
|---|---|
| draw from the draw pile | `draw` |
| take the top discard | `take` |
| start laying down the phase | `lay` |
| put a card into group k of the phase being laid | `put 5r g1`, `put W g2=7`, `put W g1=b` |
| hit laid group k | `hit 7b 3`, `hit W 3<` (run, low end), `hit W 3>` |
| discard | `discard 9y` |
| discard a Skip on seat k | `skip 2` (`skip` when no one can be skipped) |

Cards: number and colour letter (`5r`, `12g`: r b y g), `W` for a Wild, `S` for a Skip.
Seats and groups are numbered as shown on screen: seats from 0, groups from 1.
"""

import re
from collections.abc import Mapping
from functools import partial

from meeple.engine.errors import NOT_LEGAL, Why, checked_why, malformed
from meeple.engine.text import number
from meeple.games.phase10 import turn
from meeple.games.phase10.actions import (
    BeginPhase,
    Discard,
    DrawStock,
    Hit,
    Phase10Action,
    Place,
    TakeDiscard,
)
from meeple.games.phase10.cards import COLOURS, SKIP, WILD, Card, card_name, number_of, parse_card
from meeple.games.phase10.config import Config, GroupKind, describe_phase
from meeple.games.phase10.state import Phase10State, Stage

CARD_HELP = "write cards as 5r, 12g (colours r b y g), W or S"


def format_action(state: Phase10State, action: Phase10Action) -> str:
    if isinstance(action, DrawStock):
        return "draw"
    if isinstance(action, TakeDiscard):
        return "take"
    if isinstance(action, BeginPhase):
        return "lay"
    if isinstance(action, Place):
        text = f"put {card_name(action.card)} g{action.group + 1}"
        if action.card == WILD:
            building = state.building
            kind = building[action.group].kind if action.group < len(building) else GroupKind.SET
            value = COLOURS[action.value] if kind == GroupKind.COLOUR else str(action.value)
            text += f"={value}"
        return text
    if isinstance(action, Hit):
        text = f"hit {card_name(action.card)} {action.group + 1}"
        group = state.table[action.group] if action.group < len(state.table) else None
        if action.card == WILD and group is not None and group.kind == GroupKind.RUN:
            text += ">" if action.high else "<"
        return text
    if action.card == SKIP:
        return "skip" if action.target is None else f"skip {action.target}"
    return f"discard {card_name(action.card)}"


_PUT = re.compile(r"put\s+(\S+)\s+g?(\d+)(?:\s*=\s*(\w+))?")
_HIT = re.compile(r"hit\s+(\S+)\s+(\d+)\s*([<>])?")

# What typed text may get wrong: each mistake with the facts it is told (a client words it).
NOTATION_MISTAKES: Mapping[str, frozenset[str]] = {
    "notMove": frozenset(),
    "notCard": frozenset({"token"}),
    "skipSeat": frozenset(),
    "noSeat": frozenset({"seat"}),
    "skipDiscard": frozenset(),
    "noGroup": frozenset({"group"}),
    "wildValueOnly": frozenset(),
    "wildStandsFor": frozenset(),
    "notColour": frozenset({"value"}),
    "notNumber": frozenset({"value"}),
    "noLaidGroup": frozenset({"group"}),
    "endsOnlyRuns": frozenset(),
    "whichEnd": frozenset({"group"}),
}
_bad = partial(malformed, NOTATION_MISTAKES)


def _card(token: str, text: str) -> Card:
    code = parse_card(token)
    if code is None:
        raise _bad("notCard", f"{text!r}: {token!r} is not a card ({CARD_HELP})", token=token)
    return code


def _group(digits: str) -> int:
    """The 0-based index of group ``digits`` (as typed, from 1); -1 for no number."""
    written = number(digits)
    return -1 if written is None else written - 1


def parse_action(state: Phase10State, text: str) -> Phase10Action:
    """The action ``text`` names (see the table above); InvalidActionError if malformed."""
    words = " ".join(text.lower().split())
    if words in ("draw", "d"):
        return DrawStock()
    if words in ("take", "t"):
        return TakeDiscard()
    if words in ("lay", "l"):
        return BeginPhase()
    if words == "skip":
        return Discard(SKIP, None)
    if words.startswith("skip "):
        target = number(words[5:].strip())
        if target is None:
            said = f"{text!r}: after 'skip' give a seat number, e.g. 'skip 2'"
            raise _bad("skipSeat", said)
        if target >= len(state.hands):
            raise _bad("noSeat", f"{text!r}: there is no seat {target}", seat=target)
        return Discard(SKIP, target)
    if words.startswith("discard ") or words.startswith("x "):
        token = words.split(" ", 1)[1]
        code = _card(token, text)
        if code == SKIP:
            raise _bad("skipDiscard", f"{text!r}: discard a Skip with 'skip SEAT'")
        return Discard(code)
    put = _PUT.fullmatch(words)
    if put:
        return _parse_put(state, text, put)
    hit = _HIT.fullmatch(words)
    if hit:
        return _parse_hit(state, text, hit)
    said = f"{text!r} is not a move: try draw, take, lay, put 5r g1, hit 7b 3, discard 9y or skip 2"
    raise _bad("notMove", said)


def _parse_put(state: Phase10State, text: str, match: re.Match[str]) -> Place:
    """``put CARD gK[=VALUE]``: a card into group K of the phase being laid."""
    code = _card(match.group(1), text)
    group = _group(match.group(2))
    if group < 0 or group >= max(1, len(state.building)):
        said = f"{text!r}: there is no group g{match.group(2)} in your phase"
        raise _bad("noGroup", said, group=match.group(2))
    kind = state.building[group].kind if state.building else GroupKind.SET
    raw = match.group(3)
    if code != WILD:
        if raw is not None:
            raise _bad("wildValueOnly", f"{text!r}: only a Wild takes '=value'")
        value = COLOURS.index(card_name(code)[-1]) if kind == GroupKind.COLOUR else number_of(code)
        return Place(code, group, value)
    if raw is None:
        said = f"{text!r}: say what the Wild stands for, e.g. 'put W g1=7' or 'put W g1=r'"
        raise _bad("wildStandsFor", said)
    if kind == GroupKind.COLOUR:
        if raw not in COLOURS:
            raise _bad("notColour", f"{text!r}: {raw!r} is not a colour (r b y g)", value=raw)
        return Place(code, group, COLOURS.index(raw))
    stands = number(raw)
    if stands is None or not 1 <= stands <= 12:
        said = f"{text!r}: {raw!r} is not a number from 1 to 12"
        raise _bad("notNumber", said, value=raw)
    return Place(code, group, stands)


def _parse_hit(state: Phase10State, text: str, match: re.Match[str]) -> Hit:
    """``hit CARD K[<|>]``: a card onto laid group K (the end of a run for a Wild)."""
    code = _card(match.group(1), text)
    group = _group(match.group(2))
    if not 0 <= group < len(state.table):
        said = f"{text!r}: there is no laid group {match.group(2)} on the table"
        raise _bad("noLaidGroup", said, group=match.group(2))
    laid = state.table[group]
    end = match.group(3)
    if laid.kind != GroupKind.RUN:
        if end is not None:
            raise _bad("endsOnlyRuns", f"{text!r}: '<' and '>' are only for runs")
        return Hit(code, group, True)
    if code == WILD:
        if end is None:
            said = f"{text!r}: say which end of the run, e.g. 'hit W {group + 1}<' or '>'"
            raise _bad("whichEnd", said, group=group + 1)
        return Hit(code, group, end == ">")
    return Hit(code, group, number_of(code) != laid.key - 1)


# ------------------------------------------------------------------ why not legal
# Why a move is not legal: each reason with the facts it is told (a client words it).
ILLEGAL_REASONS: Mapping[str, frozenset[str]] = {
    "alreadyDrawn": frozenset(),
    "discardPileEmpty": frozenset(),
    "skipNotTaken": frozenset(),
    "drawPileEmpty": frozenset(),
    "drawFirst": frozenset(),
    "notHeld": frozenset({"card"}),
    "finishLaying": frozenset(),
    "alreadyLaid": frozenset(),
    "cannotMakePhase": frozenset({"phase"}),
    "layFirst": frozenset(),
    "cannotPlace": frozenset(),
    "hitAfterLaying": frozenset(),
    "noGroup": frozenset({"group"}),
    "doesNotFit": frozenset({"card"}),
    "skipSelf": frozenset(),
    "cannotSkip": frozenset(),
}


_why = partial(checked_why, ILLEGAL_REASONS)  # a reason of this game's, with its facts


def why_illegal(config: Config, state: Phase10State, action: Phase10Action) -> Why:
    """A person's reason why the well-formed ``action`` is not legal in ``state``, with
    its facts (``phase``: the groups of the phase, as the config gives them)."""
    if isinstance(action, (DrawStock, TakeDiscard)):
        return _draw_problem(state, action)
    stage = state.stage
    if stage == Stage.DRAW:
        return _why("drawFirst", "draw a card first (draw or take)")
    card = getattr(action, "card", None)
    if card is not None and card not in state.hands[state.turn]:
        return _why("notHeld", f"you do not hold {card_name(card)}", card=card)
    if stage == Stage.LAYING and not isinstance(action, Place):
        return _why("finishLaying", "finish laying down your phase first (put …)")
    return _play_problem(config, state, action)


def _draw_problem(state: Phase10State, action: DrawStock | TakeDiscard) -> Why:
    if state.stage != Stage.DRAW:
        return _why("alreadyDrawn", "you have already drawn this turn")
    if isinstance(action, TakeDiscard):
        if not state.discard:
            return _why("discardPileEmpty", "the discard pile is empty")
        return _why("skipNotTaken", "a Skip can never be taken from the discard pile")
    return _why("drawPileEmpty", "the draw pile is empty")


def _play_problem(config: Config, state: Phase10State, action: Phase10Action) -> Why:
    seat = state.turn
    match action:
        case BeginPhase():
            if state.laid[seat]:
                return _why("alreadyLaid", "you have already laid down your phase this round")
            phase = turn.phase_of(config, state, seat)
            return _why(
                "cannotMakePhase",
                f"your hand cannot make your phase ({describe_phase(phase)})",
                phase=phase,
            )
        case Place():
            if state.stage != Stage.LAYING:
                return _why("layFirst", "start laying down your phase first (lay)")
            return _why(
                "cannotPlace",
                "that card cannot go there, or the phase could no longer be completed",
            )
        case Hit():
            if not state.laid[seat]:
                return _why("hitAfterLaying", "you can only hit once your own phase is down (seed)")
            if not 0 <= action.group < len(state.table):
                number = action.group + 1
                return _why("noGroup", f"there is no laid group {number}", group=number)
            return _why(
                "doesNotFit", f"{card_name(action.card)} does not fit there", card=action.card
            )
        case Discard(card=card, target=target) if card == SKIP:
            if target == seat:
                return _why("skipSelf", "you cannot skip yourself")
            return _why(
                "cannotSkip", "that seat cannot be skipped now (not playing, or already skipped)"
            )
    return Why(NOT_LEGAL, "it is not one of the legal actions")
