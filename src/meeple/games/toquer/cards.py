"""Toquer's cards: plain integer values; piles as counts per value (no order to learn)."""

import random
from collections import Counter
from dataclasses import dataclass
from typing import TypeAlias

Card: TypeAlias = int  # a card is its value (-2 to 12 in the usual deck)


@dataclass(frozen=True, slots=True)
class Deck:
    """The deck of one game: distinct values (sorted) and how many cards of each."""

    values: tuple[Card, ...]
    counts: tuple[int, ...]

    @classmethod
    def from_pairs(cls, pairs: tuple[tuple[Card, int], ...]) -> "Deck":
        kept = tuple((value, count) for value, count in pairs if count > 0)
        return cls(tuple(v for v, _ in kept), tuple(c for _, c in kept))

    @property
    def size(self) -> int:
        return sum(self.counts)

    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, lowest value first."""
        return tuple(v for v, c in zip(self.values, self.counts, strict=True) for _ in range(c))

    def inventory(self) -> Counter[object]:
        return Counter({v: c for v, c in zip(self.values, self.counts, strict=True)})

    def index(self) -> dict[Card, int]:
        """Position of each value in ``values`` (and in count tuples)."""
        return {value: i for i, value in enumerate(self.values)}


def counts_of(
    cards: "tuple[Card, ...] | list[Card]", index: dict[Card, int], kinds: int
) -> list[int]:
    """The count per deck value of ``cards``."""
    counts = [0] * kinds
    for card in cards:
        counts[index[card]] += 1
    return counts


def draw_index(counts: tuple[int, ...], rng: random.Random) -> int:
    """The index of a value drawn uniformly among the cards counted (``sum(counts) > 0``)."""
    pick = rng.randrange(sum(counts))
    for i, count in enumerate(counts):
        if pick < count:
            return i
        pick -= count
    raise ValueError("cannot draw from an empty pile")


def expand(counts: "tuple[int, ...] | list[int]", values: tuple[Card, ...]) -> list[int]:
    """The cards counted by ``counts``, as a list (lowest value first)."""
    return [v for v, c in zip(values, counts, strict=True) for _ in range(c)]
