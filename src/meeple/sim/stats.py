"""Streaming statistics: win rates with Wilson 95% intervals, means, in constant memory."""

import math
from dataclasses import dataclass, field

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(slots=True)
class RunningMean:
    """Welford's running mean and variance."""

    count: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.m2 += delta * (value - self.mean)

    @property
    def stdev(self) -> float:
        return math.sqrt(self.m2 / (self.count - 1)) if self.count > 1 else 0.0


@dataclass(slots=True)
class EntrantStats:
    """One entrant's record over many games (a shared win counts as a fraction)."""

    label: str
    games: int = 0
    wins: float = 0.0
    score: RunningMean = field(default_factory=RunningMean)

    def add(self, won_share: float, score: float) -> None:
        self.games += 1
        self.wins += won_share
        self.score.add(score)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)
