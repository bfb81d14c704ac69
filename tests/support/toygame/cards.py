"""The components: a deck of number cards 1, 2 and 3."""

from typing import NewType

Card = NewType("Card", int)

VALUES: tuple[Card, ...] = (Card(1), Card(2), Card(3))


def build_deck(copies: int) -> tuple[Card, ...]:
    """``copies`` cards of each value, sorted (the deck is a multiset: order is chance's)."""
    return tuple(value for value in VALUES for _ in range(copies))


def card_name(card: Card) -> str:
    return str(card)
