"""Tournaments: seat-rotated series between bots, with win rates, pairs and ratings.

The schedule is a pure function of the game's index: with as many entrants as seats,
everyone moves one seat on each game; with more entrants than seats, the games run
through every table (every combination of entrants) and, at each table, through every
rotation of the seats, so that over each full cycle every entrant plays every seat, and
meets every other entrant, equally often. Each game's seed derives from the tournament's
seed and the game's index, and results are aggregated in index order as they stream in,
in constant memory: the same tournament gives the same report whatever the number of
workers or the backend.
"""

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from meeple.engine.options import OptionValue
from meeple.engine.registry import game_class
from meeple.sim.ratings import RatingTable
from meeple.sim.runner import GameJob, GameSummary, make_jobs, run_jobs
from meeple.sim.simulate import entrant_labels
from meeple.sim.stats import EntrantStats, RunningMean, wilson_interval


def cycle_length(entrants: int, players: int) -> int:
    """Games in one balanced cycle: every table of ``players`` entrants, every rotation."""
    if entrants <= players:
        return players
    return math.comb(entrants, players) * players


def tournament_seats(entrants: int, players: int, index: int) -> tuple[int, ...]:
    """The entrant in each seat for game ``index`` (needs ``entrants`` >= ``players``)."""
    if entrants < players:
        raise ValueError(f"{entrants} entrants cannot fill {players} seats")
    position = index % cycle_length(entrants, players)
    table_index, shift = divmod(position, players)
    if entrants == players:
        table: tuple[int, ...] = tuple(range(players))
    else:
        table = _nth_combination(entrants, players, table_index)
    return tuple(table[(seat + shift) % players] for seat in range(players))


def _nth_combination(n: int, k: int, index: int) -> tuple[int, ...]:
    """The ``index``-th k-combination of range(n) in lexicographic order (no listing)."""
    chosen: list[int] = []
    start = 0
    for remaining in range(k, 0, -1):
        for candidate in range(start, n):
            count = math.comb(n - candidate - 1, remaining - 1)
            if index < count:
                chosen.append(candidate)
                start = candidate + 1
                break
            index -= count
    return tuple(chosen)


def make_tournament_jobs(
    game: str,
    players: int,
    options: dict[str, OptionValue],
    bot_specs: Sequence[str],
    games: int,
    seed: int,
) -> Iterator[GameJob]:
    """The runner's jobs, seated by :func:`tournament_seats`."""
    return make_jobs(game, players, options, bot_specs, games, seed, seating=tournament_seats)


@dataclass(slots=True)
class TournamentReport:
    """Everything a tournament measured, aggregated game by game in constant memory."""

    game: str
    title: str
    players: int
    options: dict[str, OptionValue]
    seed: int
    specs: list[str]
    labels: list[str]
    planned: int
    length_unit: str
    ratings: RatingTable
    entrants: list[EntrantStats] = field(default_factory=list)
    # pair_games[a][b]: games a and b played at one table; pair_ahead[a][b]: those in which
    # a finished ahead of b (a won and b did not), a tie (both or neither won) as half.
    pair_games: list[list[int]] = field(default_factory=list)
    pair_ahead: list[list[float]] = field(default_factory=list)
    seat_wins: list[float] = field(default_factory=list)
    games: int = 0
    length: RunningMean = field(default_factory=RunningMean)
    steps: RunningMean = field(default_factory=RunningMean)

    def __post_init__(self) -> None:
        count = len(self.specs)
        self.entrants = [EntrantStats(label) for label in self.labels]
        self.pair_games = [[0] * count for _ in range(count)]
        self.pair_ahead = [[0.0] * count for _ in range(count)]
        self.seat_wins = [0.0] * self.players

    def add(self, summary: GameSummary) -> None:
        """Fold in one game (call in index order for deterministic ratings)."""
        self.games += 1
        self.length.add(summary.length)
        self.steps.add(summary.steps)
        winners = summary.winners
        share = 1.0 / len(winners) if winners else 0.0
        for seat, entrant in enumerate(summary.seats):
            won = seat in winners
            self.entrants[entrant].add(share if won else 0.0, summary.scores[seat])
            if won:
                self.seat_wins[seat] += share
            for other_seat, other in enumerate(summary.seats):
                if other_seat == seat:
                    continue
                self.pair_games[entrant][other] += 1
                other_won = other_seat in winners
                if won and not other_won:
                    self.pair_ahead[entrant][other] += 1.0
                elif won == other_won:
                    self.pair_ahead[entrant][other] += 0.5
        self.ratings.update(summary.seats, winners)

    @property
    def balanced(self) -> bool:
        """Whether the games make whole cycles (every entrant in every seat equally)."""
        return self.games % cycle_length(len(self.specs), self.players) == 0

    def pairwise(self, a: int, b: int) -> float | None:
        """How often ``a`` finished ahead of ``b`` when both played (None: never met)."""
        games = self.pair_games[a][b]
        return self.pair_ahead[a][b] / games if games else None

    def standings(self) -> list[int]:
        """Entrants from the best rated (by ordinal) to the worst."""
        ratings = self.ratings.ratings
        return sorted(range(len(self.specs)), key=lambda e: -ratings[e].ordinal)

    def to_json(self) -> dict[str, object]:
        history = self.ratings.final_history()
        count = len(self.specs)
        return {
            "game": self.game,
            "title": self.title,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "planned": self.planned,
            "balanced": self.balanced,
            "cycle": cycle_length(count, self.players),
            "entrants": self._entrants_json(),
            "standings": [self.labels[e] for e in self.standings()],
            "pairwise": {
                "labels": self.labels,
                "ahead_rate": [[self.pairwise(a, b) for b in range(count)] for a in range(count)],
                "games": self.pair_games,
            },
            "seats": self._seats_json(),
            "length": {
                "unit": self.length_unit,
                "mean": self.length.mean,
                "stdev": self.length.stdev,
            },
            "steps": {"mean": self.steps.mean, "stdev": self.steps.stdev},
            "rating_history": {
                "games": history.games,
                "mu": [[r.mu for r in point] for point in history.points],
                "sigma": [[r.sigma for r in point] for point in history.points],
            },
        }

    def _entrants_json(self) -> list[dict[str, object]]:
        ratings = self.ratings.ratings
        entrants: list[dict[str, object]] = []
        for index, stats in enumerate(self.entrants):
            low, high = stats.interval
            entrants.append(
                {
                    "label": stats.label,
                    "spec": self.specs[index],
                    "games": stats.games,
                    "wins": stats.wins,
                    "win_rate": stats.win_rate,
                    "win_rate_ci95": [low, high],
                    "mean_score": stats.score.mean,
                    "score_stdev": stats.score.stdev,
                    "rating": {
                        "mu": ratings[index].mu,
                        "sigma": ratings[index].sigma,
                        "ordinal": ratings[index].ordinal,
                    },
                }
            )
        return entrants

    def _seats_json(self) -> list[dict[str, object]]:
        seats: list[dict[str, object]] = []
        for seat, wins in enumerate(self.seat_wins):
            low, high = wilson_interval(wins, self.games)
            seats.append(
                {
                    "seat": seat,
                    "wins": wins,
                    "win_rate": wins / self.games if self.games else 0.0,
                    "win_rate_ci95": [low, high],
                }
            )
        return seats


def tournament_entrants(bot_specs: Sequence[str], players: int) -> list[str]:
    """The entrants: the listed specs, cycled to fill the seats when there are fewer."""
    specs = list(bot_specs)
    if not specs:
        raise ValueError("a tournament needs at least one bot")
    return [specs[i % len(specs)] for i in range(max(players, len(specs)))]


class TournamentInterrupted(KeyboardInterrupt):
    """Ctrl-C during a tournament; ``report`` holds the games finished before it."""

    def __init__(self, report: "TournamentReport") -> None:
        super().__init__("interrupted")
        self.report = report


def run_tournament(
    game: str,
    players: int,
    options: dict[str, OptionValue],
    bot_specs: Sequence[str],
    games: int,
    seed: int,
    *,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Callable[[GameSummary], None] | None = None,
) -> TournamentReport:
    """Play ``games`` scheduled games and aggregate them as they come in, in index order."""
    specs = tournament_entrants(bot_specs, players)
    spec = game_class(game).spec
    report = TournamentReport(
        game=game,
        title=spec.title,
        players=players,
        options=dict(options),
        seed=seed,
        specs=specs,
        labels=entrant_labels(specs),
        planned=games,
        length_unit=spec.length_unit,
        ratings=RatingTable(len(specs)),
    )
    # Small chunks keep workers balanced with slow (search) bots; larger ones save round
    # trips when there are many games. Either way the results are the same.
    chunk_size = max(1, min(8, games // (max(1, workers) * 16)))
    jobs = make_tournament_jobs(game, players, options, specs, games, seed)
    try:
        for summary in run_jobs(jobs, workers, chunk_size=chunk_size, ray_address=ray_address):
            report.add(summary)
            if progress is not None:
                progress(summary)
    except KeyboardInterrupt:
        raise TournamentInterrupted(report) from None
    return report
