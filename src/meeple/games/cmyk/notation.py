"""CMYK notation: short, typable, one token per card.

| text | action |
|---|---|
| ``C30`` | lay cyan 30% on the cyan pile (values 10..90; ``C3`` is accepted too) |
| ``WM`` | lay a white 10% on the magenta pile |
| ``Y*`` | lay the yellow joker (it completes the yellow pile) |
| ``C30+M*`` | complete several piles at once, one card each |
| ``S`` | play the sweep |
| ``X2`` | play mix card 2 (numbered as in the deck's mix list) |
| ``-K70`` | discard black 70% to the reserve (``-W``, ``-C*``, ``-S``, ``-X2`` too) |

Colours are C, M, Y, K (the French J for jaune and N for noir are accepted); case and
spaces do not matter.
"""

from collections.abc import Mapping
from functools import partial

from meeple.engine.errors import NOT_LEGAL, Why, checked_why, malformed
from meeple.engine.text import number
from meeple.games.cmyk.actions import CmykAction, Discard, Lay, LayMany, PlayMix, PlaySweep
from meeple.games.cmyk.cards import (
    COLOUR_ALIASES,
    COLOUR_NAMES,
    COLOURS,
    FIRST_JOKER,
    FIRST_MIX,
    FULL,
    SWEEP,
    WHITE,
    Card,
    card_name,
    card_token,
    card_value,
    colour_card,
    is_joker,
)
from meeple.games.cmyk.config import Config
from meeple.games.cmyk.state import CmykState

HELP = (
    "expected a lay (C30, WM for a white on magenta, Y* for the yellow joker), several "
    "completions joined by + (C30+M*), S (sweep), X<n> (mix), or - and a card to discard (-K70)"
)


def format_action(action: CmykAction) -> str:
    if isinstance(action, Lay):
        if action.card == WHITE:
            return f"W{COLOURS[action.colour]}"
        return card_token(action.card)
    if isinstance(action, LayMany):
        return "+".join(format_action(lay) for lay in action.lays)
    if isinstance(action, PlaySweep):
        return "S"
    if isinstance(action, PlayMix):
        return card_token(action.card)
    return "-" + card_token(action.card)


# What typed text may get wrong: each mistake with the facts it is told (a client words it).
NOTATION_MISTAKES: Mapping[str, frozenset[str]] = {
    "empty": frozenset(),
    "colourTwice": frozenset(),
    "emptyPart": frozenset(),
    "whitePile": frozenset(),
    "playedAlone": frozenset({"token"}),
    "unknownMix": frozenset({"token", "mixes"}),
    "noMixes": frozenset({"token"}),
    "missingCard": frozenset(),
    "notCard": frozenset({"token"}),
    "notColour": frozenset({"letter"}),
}
_bad = partial(malformed, NOTATION_MISTAKES)


def parse_action(text: str, mix_kinds: int) -> CmykAction:
    """The action ``text`` names (legality is checked by the caller)."""
    compact = "".join(text.split()).upper()
    if not compact:
        raise _bad("empty", f"empty move; {HELP}")
    if compact.startswith("-"):
        return Discard(parse_card(compact[1:], text, mix_kinds))
    if compact in ("S", "SWEEP"):
        return PlaySweep()
    if compact.startswith("X"):
        card = parse_card(compact, text, mix_kinds)
        return PlayMix(card)
    parts = compact.split("+")
    lays = [parse_lay(part, text) for part in parts]
    if len(lays) == 1:
        return lays[0]
    colours = [lay.colour for lay in lays]
    if len(set(colours)) != len(colours):
        said = (
            f"{text!r}: a multiple completion lays one card on each of several different "
            "piles; a colour appears twice"
        )
        raise _bad("colourTwice", said)
    return LayMany(tuple(sorted(lays, key=lambda lay: lay.colour)))


def parse_lay(token: str, text: str) -> Lay:
    if not token:
        raise _bad("emptyPart", f"{text!r}: an empty card between '+' signs; {HELP}")
    if token == "W":
        said = f"{text!r}: say which pile the white goes on: WC, WM, WY or WK"
        raise _bad("whitePile", said)
    if token.startswith("W") and len(token) == 2:
        return Lay(WHITE, _colour(token[1], token, text))
    if token in ("S", "SWEEP") or token.startswith("X"):
        said = f"{text!r}: {token} is played alone (S, X<n>), not in a multiple completion"
        raise _bad("playedAlone", said, token=token)
    card = parse_card(token, text, 0)
    colour = card // 9 if card < WHITE else card - FIRST_JOKER
    return Lay(card, colour)


def parse_card(token: str, text: str, mix_kinds: int) -> Card:
    """A card token: C30 (or C3), W, C* (joker), S, X<n>."""
    if token == "W":
        return WHITE
    if token in ("S", "SWEEP"):
        return SWEEP
    if token.startswith("X"):
        mix = number(token[1:])
        if mix is None or not 1 <= mix <= mix_kinds:
            mixes = tuple(f"X{i}" for i in range(1, mix_kinds + 1))
            choices = ", ".join(mixes) or "none in this deck"
            said = f"{text!r}: unknown mix {token!r}; mixes: {choices}"
            if not mixes:
                raise _bad("noMixes", said, token=token)
            raise _bad("unknownMix", said, token=token, mixes=mixes)
        return FIRST_MIX + mix - 1
    if not token:
        raise _bad("missingCard", f"{text!r}: a card is missing; {HELP}")
    colour = _colour(token[0], token, text)
    rest = token[1:]
    if rest == "*":
        return FIRST_JOKER + colour
    value = number(rest.removesuffix("%"))
    if value is not None:
        if 1 <= value <= 9:
            value *= 10
        if value % 10 == 0 and 10 <= value <= 90:
            return colour_card(colour, value)
    said = (
        f"{text!r}: {token!r} is not a card: after the colour letter expected a value "
        "10..90 (C30) or * for the joker (C*)"
    )
    raise _bad("notCard", said, token=token)


def _colour(letter: str, token: str, text: str) -> int:
    if letter not in COLOUR_ALIASES:
        where = f"{token!r} starts with {letter!r}" if token != text.strip().upper() else ""
        said = (
            f"{text!r}: {where or repr(letter)}, which is not a colour: expected C, M, Y or "
            f"K; {HELP}"
        )
        raise _bad("notColour", said, letter=letter)
    return COLOUR_ALIASES[letter]


# Why a move is not legal: each reason with the facts it is told (a client words it).
ILLEGAL_REASONS: Mapping[str, frozenset[str]] = {
    "notHeld": frozenset({"card"}),
    "notEnough": frozenset({"card"}),
    "discardOnlyWhenStuck": frozenset(),
    "openingStart": frozenset({"colours"}),
    "openingDiscard": frozenset({"colours"}),
    "ownColour": frozenset({"card"}),
    "pileClosed": frozenset({"colour"}),
    "jokerFirst": frozenset(),
    "overflow": frozenset({"colour", "total", "after"}),
    "mustComplete": frozenset({"colour", "after"}),
}


_why = partial(checked_why, ILLEGAL_REASONS)  # a reason of this game's, with its facts


def why_illegal(
    config: Config, state: CmykState, action: CmykAction, legal: tuple[CmykAction, ...]
) -> Why:
    """A person's reason why ``action`` is not legal in ``state``, with its facts."""
    why = _missing_card(config, state.hands[state.seat], action)
    if why:
        return why
    board = state.board
    if isinstance(action, Discard):
        return _why("discardOnlyWhenStuck", "you may discard only when no card can be played")
    if board.opening and isinstance(action, (Lay, LayMany)):
        missing = tuple(c for c in range(4) if not board.piles[c])
        names = ", ".join(COLOUR_NAMES[c] for c in missing)
        if any(isinstance(a, Lay) and not board.piles[a.colour] for a in legal):
            return _why(
                "openingStart",
                f"in the opening you must start a colour not yet on the board ({names}) "
                "with a colour card or a white; a joker never starts one",
                colours=missing,
            )
        if config.opening_no_card == "discard":
            return _why(
                "openingDiscard",
                f"in the opening you hold no card to start a missing colour ({names}), "
                "so you discard one (option opening_no_card)",
                colours=missing,
            )
    lays = (
        action.lays if isinstance(action, LayMany) else (action,) if isinstance(action, Lay) else ()
    )
    for lay in lays:
        why = _lay_problem(config, state, lay, isinstance(action, LayMany))
        if why:
            return why
    return Why(NOT_LEGAL, "it is not one of the legal actions in this situation")


def _missing_card(config: Config, hand: tuple[Card, ...], action: CmykAction) -> Why | None:
    """Why ``action`` needs a card that ``hand`` lacks (None: the hand holds them all)."""
    cards = [lay.card for lay in action.lays] if isinstance(action, LayMany) else []
    if isinstance(action, (Lay, Discard, PlayMix)):
        cards = [action.card]
    elif isinstance(action, PlaySweep):
        cards = [SWEEP]
    for card in sorted(set(cards)):
        if hand.count(card) < cards.count(card):
            name = card_name(card, config.mixes)
            if card in hand:
                return _why("notEnough", f"you do not hold enough of {name}", card=card)
            return _why("notHeld", f"you do not hold {name}", card=card)
    return None


def _lay_problem(config: Config, state: CmykState, lay: Lay, must_complete: bool) -> Why | None:
    board = state.board
    colour = lay.colour
    name = COLOUR_NAMES[colour]
    total = board.totals[colour]
    if lay.card != WHITE and not (
        (lay.card < WHITE and lay.card // 9 == colour) or lay.card == FIRST_JOKER + colour
    ):
        return _why(
            "ownColour",
            f"{card_name(lay.card, config.mixes)} goes only on the pile of its own colour",
            card=lay.card,
        )
    if board.closed[colour]:
        return _why(
            "pileClosed",
            f"the {name} pile is complete under the mix and closed until the fourth is",
            colour=colour,
        )
    if is_joker(lay.card):
        if total < 10:
            return _why(
                "jokerFirst", "a joker is never a pile's first card: it only completes a pile"
            )
        return None
    after = total + card_value(lay.card)
    if after > FULL and config.overflow == "forbidden":
        return _why(
            "overflow",
            f"the {name} pile is at {total}%: this card would take it to {after}%",
            colour=colour,
            total=total,
            after=after,
        )
    if must_complete and after != FULL:
        return _why(
            "mustComplete",
            f"in a multiple completion every card must complete its pile; "
            f"the {name} pile would be at {after}%",
            colour=colour,
            after=after,
        )
    return None
