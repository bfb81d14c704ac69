"""The state and the package's one copy helper."""

from dataclasses import dataclass
from typing import Literal

from meeple.engine.values import evolver
from support.toygame.cards import Card

Stage = Literal["deal", "play", "over"]


@dataclass(frozen=True, slots=True)
class RaceState:
    stage: Stage
    seat: int  # the seat to play, or to be dealt a card
    total: int
    turns: int
    hands: tuple[Card | None, ...]
    deck: tuple[Card, ...]  # sorted: which card comes next is chance's
    played: tuple[Card, ...]
    winner: int | None


evolve = evolver(RaceState)
