"""Skill ratings with openskill's Plackett-Luce model, updated game by game.

The games are rated in index order (the runner yields them in that order), so the
ratings are the same whatever the number of workers. Each game ranks its winners first
and everyone else tied behind them. A bounded history of the ratings is kept for plots:
when it fills, every other point is dropped and points are taken half as often, so its
memory stays flat however many games are rated.

openskill is part of the ``tournament`` extra; it is imported when a table is created.
"""

from dataclasses import dataclass, field
from typing import Protocol


class _Rating(Protocol):
    mu: float
    sigma: float


@dataclass(frozen=True, slots=True)
class Rating:
    """A skill estimate: mean ``mu`` and uncertainty ``sigma``."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative skill (mu - 3 sigma), the usual number to rank players by."""
        return self.mu - 3.0 * self.sigma


@dataclass(slots=True)
class RatingHistory:
    """Ratings after selected games, at most ``capacity`` points (then thinned)."""

    capacity: int = 200
    stride: int = 1
    games: list[int] = field(default_factory=list)
    points: list[tuple[Rating, ...]] = field(default_factory=list)

    def add(self, game: int, ratings: tuple[Rating, ...]) -> None:
        if game % self.stride:
            return
        self.games.append(game)
        self.points.append(ratings)
        if len(self.games) > self.capacity:
            self.stride *= 2
            kept = [i for i, g in enumerate(self.games) if g % self.stride == 0]
            self.games = [self.games[i] for i in kept]
            self.points = [self.points[i] for i in kept]


class RatingTable:
    """One openskill Plackett-Luce rating per entrant."""

    def __init__(self, entrants: int, history_capacity: int = 200) -> None:
        try:
            from openskill.models import PlackettLuce
        except ImportError:
            raise RuntimeError(
                "ratings need openskill: pip install 'meeple[tournament]' (or openskill)"
            ) from None
        self._model = PlackettLuce()
        self._ratings: list[_Rating] = [self._model.rating() for _ in range(entrants)]
        self.games = 0
        self.history = RatingHistory(history_capacity)
        self.history.add(0, self.ratings)

    @property
    def ratings(self) -> tuple[Rating, ...]:
        return tuple(Rating(r.mu, r.sigma) for r in self._ratings)

    def update(self, seats: tuple[int, ...], winners: tuple[int, ...]) -> None:
        """Rate one game: ``seats`` lists the entrant in each seat, ``winners`` are seats."""
        if len(set(seats)) != len(seats):
            raise ValueError(f"an entrant sits twice at one table: {seats}")
        teams = [[self._ratings[entrant]] for entrant in seats]
        ranks = [1 if seat in winners else 2 for seat in range(len(seats))]
        rated = self._model.rate(teams, ranks=ranks)  # type: ignore[arg-type]
        for entrant, team in zip(seats, rated, strict=True):
            self._ratings[entrant] = team[0]
        self.games += 1
        self.history.add(self.games, self.ratings)

    def final_history(self) -> RatingHistory:
        """The history with the latest ratings as its last point."""
        history = RatingHistory(
            self.history.capacity,
            self.history.stride,
            list(self.history.games),
            list(self.history.points),
        )
        if not history.games or history.games[-1] != self.games:
            history.games.append(self.games)
            history.points.append(self.ratings)
        return history
