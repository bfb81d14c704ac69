"""CMYK cards: every card is a small int (its kind), so hands and piles are sorted tuples.

Kinds are laid out once for every deck (the deck option only changes the counts and the
mix cards):

- ``0..35``: colour cards, ``colour * 9 + value // 10 - 1`` (values 10%..90%, seed);
- ``36``: the white 10%, which stands for any colour (seed);
- ``37..40``: the colour jokers, one kind per colour (seed);
- ``41``: the sweep (seed);
- ``42..``: the mix cards, one kind per distinct set of percentages in the deck (seed).

The deck option (``deck``) is plain JSON; :func:`normalise_deck` validates it and fills in
missing keys from :data:`DEFAULT_DECK`, so every saved game records the whole deck.
"""

from collections.abc import Mapping
from typing import TypeAlias

from meeple.engine.options import OptionValue

Card: TypeAlias = int  # a card is its kind (see above)

COLOURS = ("C", "M", "Y", "K")
COLOUR_NAMES = ("cyan", "magenta", "yellow", "black")
# French letters from the seed (jaune, noir) are accepted as aliases when parsing.
COLOUR_ALIASES = {"C": 0, "M": 1, "Y": 2, "K": 3, "J": 2, "N": 3}
VALUES = (10, 20, 30, 40, 50, 60, 70, 80, 90)

WHITE = 36
FIRST_JOKER = 37
SWEEP = 41
FIRST_MIX = 42
FULL = 100  # a pile is complete at exactly 100%


def colour_card(colour: int, value: int) -> Card:
    """The kind of the colour card of ``colour`` (0..3) worth ``value`` percent."""
    return colour * 9 + value // 10 - 1


def joker(colour: int) -> Card:
    return FIRST_JOKER + colour


def is_colour_card(kind: Card) -> bool:
    return kind < WHITE


def is_joker(kind: Card) -> bool:
    return FIRST_JOKER <= kind < SWEEP


def is_mix(kind: Card) -> bool:
    return kind >= FIRST_MIX


def card_colour(kind: Card) -> int | None:
    """The colour of a colour card or a joker (the white has none)."""
    if kind < WHITE:
        return kind // 9
    if is_joker(kind):
        return kind - FIRST_JOKER
    return None


def card_value(kind: Card) -> int:
    """The face value in percent of a colour card (10 for the white, 0 otherwise)."""
    if kind < WHITE:
        return (kind % 9 + 1) * 10
    return 10 if kind == WHITE else 0


def card_token(kind: Card) -> str:
    """The card as typed in notation: ``C30``, ``W``, ``C*`` (joker), ``S``, ``X1``."""
    if kind < WHITE:
        return f"{COLOURS[kind // 9]}{card_value(kind)}"
    if kind == WHITE:
        return "W"
    if is_joker(kind):
        return f"{COLOURS[kind - FIRST_JOKER]}*"
    if kind == SWEEP:
        return "S"
    return f"X{kind - FIRST_MIX + 1}"


def card_name(kind: Card, mixes: tuple[tuple[int, int, int, int], ...] = ()) -> str:
    """A readable name: ``cyan 30%``, ``white 10%``, ``cyan joker``, ``mix X1 (0/50/90/10)``."""
    if kind < WHITE:
        return f"{COLOUR_NAMES[kind // 9]} {card_value(kind)}%"
    if kind == WHITE:
        return "white 10%"
    if is_joker(kind):
        return f"{COLOUR_NAMES[kind - FIRST_JOKER]} joker"
    if kind == SWEEP:
        return "sweep"
    index = kind - FIRST_MIX
    if index < len(mixes):
        return f"mix X{index + 1} ({'/'.join(map(str, mixes[index]))})"
    return f"mix X{index + 1}"


# ------------------------------------------------------------------------------ the deck
DEFAULT_MIXES: tuple[tuple[int, int, int, int], ...] = (
    (0, 50, 90, 10),  # the seed's own example
    (50, 0, 50, 30),
    (20, 80, 0, 40),
    (60, 30, 10, 0),
    (10, 10, 70, 50),
    (40, 60, 30, 20),
    (80, 20, 40, 60),
)

DEFAULT_DECK: dict[str, OptionValue] = {
    "colour_cards": [2] * 9,
    "white": 4,
    "jokers": 1,
    "sweep": 1,
    "mixes": [list(mix) for mix in DEFAULT_MIXES],
}

MAX_COPIES = 20
DECK_KEYS = ("colour_cards", "white", "jokers", "sweep", "mixes")


def _count(value: OptionValue, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    if not 0 <= value <= MAX_COPIES:
        raise ValueError(f"{what} must be between 0 and {MAX_COPIES}, not {value}")
    return value


def _mix(value: OptionValue, index: int) -> list[OptionValue]:
    where = f"mixes[{index}]"
    if not isinstance(value, list) or len(value) != 4:
        raise ValueError(f"{where} must be a list of four percentages (C, M, Y, K), not {value!r}")
    out: list[OptionValue] = []
    for colour, percent in zip(COLOURS, value, strict=True):
        if isinstance(percent, bool) or not isinstance(percent, int):
            raise ValueError(f"{where}: the {colour} percentage {percent!r} is not a number")
        if percent % 10 or not 0 <= percent <= 90:
            raise ValueError(
                f"{where}: the {colour} percentage {percent} must be a multiple of 10 from 0 to 90"
            )
        out.append(percent)
    return out


def normalise_deck(value: OptionValue) -> OptionValue:
    """The ``deck`` option checked and completed from the default; ValueError says why not.

    Keys: ``colour_cards`` (copies of each value 10%..90% in every colour: a list of nine
    counts, or one count for all), ``white``, ``jokers`` (per colour), ``sweep`` and
    ``mixes`` (a list of [C, M, Y, K] percentages, one per mix card).
    """
    if not isinstance(value, Mapping):
        raise ValueError(f"the deck must be a JSON object with keys {', '.join(DECK_KEYS)}")
    unknown = sorted(set(value) - set(DECK_KEYS))
    if unknown:
        raise ValueError(f"unknown deck keys {unknown}; valid keys: {', '.join(DECK_KEYS)}")
    merged = {**DEFAULT_DECK, **value}
    colour_cards = merged["colour_cards"]
    if isinstance(colour_cards, int) and not isinstance(colour_cards, bool):
        colour_cards = [colour_cards] * 9
    if not isinstance(colour_cards, list) or len(colour_cards) != 9:
        raise ValueError(
            "colour_cards must be one count or a list of nine counts (values 10%..90%), "
            f"not {colour_cards!r}"
        )
    counts: list[OptionValue] = [
        _count(c, f"colour_cards[{i}] (copies of {VALUES[i]}%)") for i, c in enumerate(colour_cards)
    ]
    if not any(counts):
        raise ValueError("the deck needs at least one colour card")
    mixes = merged["mixes"]
    if not isinstance(mixes, list):
        raise ValueError(f"mixes must be a list of [C, M, Y, K] percentages, not {mixes!r}")
    if len(mixes) > MAX_COPIES:
        raise ValueError(f"at most {MAX_COPIES} mix cards, not {len(mixes)}")
    return {
        "colour_cards": counts,
        "white": _count(merged["white"], "white"),
        "jokers": _count(merged["jokers"], "jokers"),
        "sweep": _count(merged["sweep"], "sweep"),
        "mixes": [_mix(mix, i) for i, mix in enumerate(mixes)],
    }
