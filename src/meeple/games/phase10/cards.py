"""Phase 10's 108 cards (official): numbers 1-12 in four colours twice, 8 Wilds, 4 Skips.

A card is an int code (``Card``): number cards are ``(number - 1) * 4 + colour``, then
``WILD`` and ``SKIP``. Cards of one code are identical, so piles are multisets of codes.
"""

from collections import Counter
from typing import TypeAlias

from meeple.engine.text import number

# A card code (an alias, not a NewType: the JSON codec decodes it as the int it is).
Card: TypeAlias = int
# Cards held or laid, as card codes (sorted in hands).
Cards: TypeAlias = tuple[Card, ...]

COLOURS = ("r", "b", "y", "g")  # red, blue, yellow, green
COLOUR_NAMES = ("red", "blue", "yellow", "green")
NUMBERS = range(1, 13)
WILD: Card = 48
SKIP: Card = 49
KINDS = 50
COPIES_PER_NUMBER_CARD = 2
WILD_COUNT = 8
SKIP_COUNT = 4
DECK_SIZE = 48 * COPIES_PER_NUMBER_CARD + WILD_COUNT + SKIP_COUNT


def card(number: int, colour: int) -> Card:
    return (number - 1) * 4 + colour


def number_of(code: Card) -> int:
    """The number of a number card (1-12); 0 for Wilds and Skips."""
    return code // 4 + 1 if code < WILD else 0


def colour_of(code: Card) -> int:
    """The colour index of a number card; -1 for Wilds and Skips (they have no colour)."""
    return code % 4 if code < WILD else -1


def is_natural(code: Card) -> bool:
    return code < WILD


def points(code: Card) -> int:
    """Penalty points of a card left in hand (seed): 5, 10, 15 for a Skip, 25 for a Wild."""
    if code == WILD:
        return 25
    if code == SKIP:
        return 15
    return 5 if number_of(code) <= 9 else 10


def deck_counts() -> tuple[int, ...]:
    """Copies of each card code in a full deck."""
    return tuple(
        COPIES_PER_NUMBER_CARD if code < WILD else WILD_COUNT if code == WILD else SKIP_COUNT
        for code in range(KINDS)
    )


def deck_list() -> list[Card]:
    """The full deck as a list of codes (for shuffling into a deal)."""
    return [code for code, count in enumerate(deck_counts()) for _ in range(count)]


def full_inventory() -> Counter[object]:
    return Counter({code: count for code, count in enumerate(deck_counts())})


def card_name(code: Card) -> str:
    """Notation of a card: ``5r``, ``12g``, ``W``, ``S``."""
    if code == WILD:
        return "W"
    if code == SKIP:
        return "S"
    return f"{number_of(code)}{COLOURS[colour_of(code)]}"


def parse_card(text: str) -> Card | None:
    """The code of a card written as in :func:`card_name` (case-insensitive), or None."""
    text = text.strip().lower()
    if text in ("w", "wild"):
        return WILD
    if text in ("s", "skip"):
        return SKIP
    if len(text) < 2 or text[-1] not in COLOURS:
        return None
    written = number(text[:-1])
    if written is None or written not in NUMBERS:
        return None
    return card(written, COLOURS.index(text[-1]))


def remove_one(hand: Cards, code: Card) -> Cards:
    """``hand`` (sorted) without one copy of ``code``."""
    index = hand.index(code)
    return hand[:index] + hand[index + 1 :]


def add_sorted(hand: Cards, code: Card) -> Cards:
    """``hand`` (sorted) with one more ``code``, still sorted."""
    index = 0
    while index < len(hand) and hand[index] < code:
        index += 1
    return (*hand[:index], code, *hand[index:])
