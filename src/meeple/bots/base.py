"""The bot contract."""

import random
from abc import ABC, abstractmethod

from meeple.engine.protocol import AnyGame


class Bot(ABC):
    """A player program for one seat of one game.

    A bot is given its seat's view and the legal actions, and its own seeded generator;
    it never sees the true state. Subclasses implement :meth:`choose`.
    """

    name = "bot"

    def __init__(self, game: AnyGame, seat: int, rng: random.Random) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng

    @abstractmethod
    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        """One of ``legal``."""
