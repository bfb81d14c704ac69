"""CMYK actions and chance outcomes: small frozen values of ints (card kinds, colours)."""

from dataclasses import dataclass

from meeple.games.cmyk.cards import Card


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay ``card`` on the pile of ``colour`` (a white names the colour it stands for)."""

    card: Card
    colour: int


@dataclass(frozen=True, slots=True)
class LayMany:
    """Complete several piles at once, one card each (seed), in colour order."""

    lays: tuple[Lay, ...]


@dataclass(frozen=True, slots=True)
class PlaySweep:
    """Play the sweep: win every card on the board, the sweep included (seed)."""


@dataclass(frozen=True, slots=True)
class PlayMix:
    """Play the mix card ``card``: win the board but the mix; piles restart at its values."""

    card: Card


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` face up onto the reserve (no card playable, seed)."""

    card: Card


CmykAction = Lay | LayMany | PlaySweep | PlayMix | Discard


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the card drawn from the stock (into the hand of the seat drawing)."""

    card: Card
