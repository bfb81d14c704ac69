"""Toc's actions and chance outcomes: small frozen dataclasses of ints."""

from dataclasses import dataclass

from meeple.games.toc.cards import Card, Hand


@dataclass(frozen=True, slots=True)
class Enter:
    """Play a Parteu (A, K, Joker) to bring a pawn of ``seat`` out onto its Départ."""

    card: Card
    seat: int


@dataclass(frozen=True, slots=True)
class Move:
    """Play ``card`` to move ``pawn`` to ``dest``; with a 7, one part of the split."""

    card: Card
    pawn: int
    dest: int


@dataclass(frozen=True, slots=True)
class Swap:
    """Play a Jack: exchange the places of ``pawn`` (yours) and ``other``."""

    pawn: int
    other: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` when no card in hand has a legal use."""

    card: Card


@dataclass(frozen=True, slots=True)
class Give:
    """Set aside ``card`` for your partner (option ``partner_exchange``)."""

    card: Card


TocAction = Enter | Move | Swap | Discard | Give


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the hands dealt, one sorted tuple of ranks per seat."""

    hands: tuple[Hand, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the card the seat to play draws from the talon."""

    card: Card


TocOutcome = Deal | Draw
