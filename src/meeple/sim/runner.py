"""Many matches, streamed: seat rotation, per-game seeds, parallel workers, flat memory.

Every game's seed derives from the run's seed and the game's index alone, and results
come back in index order, so a run gives identical results whatever the number of jobs.
"""

import multiprocessing
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from meeple.engine.options import OptionValue
from meeple.engine.protocol import Game
from meeple.engine.registry import load_game
from meeple.engine.rng import derive_seed
from meeple.sim.match import play_match


@dataclass(frozen=True, slots=True)
class GameJob:
    """One game to play: which entrant sits in which seat, and its seed."""

    index: int
    game: str
    players: int
    options: tuple[tuple[str, OptionValue], ...]
    seats: tuple[int, ...]  # entrant index per seat
    bot_specs: tuple[str, ...]  # per seat
    seed: int
    records_dir: str | None = None


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What one game gives the statistics (small: results stream back from workers)."""

    index: int
    seats: tuple[int, ...]
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    length: int
    steps: int


def rotated_seats(entrants: int, players: int, index: int) -> tuple[int, ...]:
    """Entrant per seat for game ``index``: entrants take turns in every seat.

    With as many entrants as seats, game ``i`` shifts everyone by ``i`` seats; with
    fewer seats than entrants (a two-player pairing from a list), it cycles through
    the list so that every entrant meets every seat equally often.
    """
    return tuple((index + seat) % entrants for seat in range(players))


def make_jobs(
    game: str,
    players: int,
    options: dict[str, OptionValue],
    bot_specs: Sequence[str],
    games: int,
    seed: int,
    records_dir: str | None = None,
) -> Iterator[GameJob]:
    frozen_options = tuple(sorted(options.items(), key=lambda item: item[0]))
    for index in range(games):
        seats = rotated_seats(len(bot_specs), players, index)
        yield GameJob(
            index=index,
            game=game,
            players=players,
            options=frozen_options,
            seats=seats,
            bot_specs=tuple(bot_specs[e] for e in seats),
            seed=derive_seed(seed, "game", index),
            records_dir=records_dir,
        )


@cache
def _game(
    name: str, players: int, options: tuple[tuple[str, OptionValue], ...]
) -> Game[object, object, object, object]:
    return load_game(name, players, **dict(options))


def play_job(job: GameJob) -> GameSummary:
    game = _game(job.game, job.players, job.options)
    outcome = play_match(game, job.bot_specs, job.seed, record=job.records_dir is not None)
    if job.records_dir is not None and outcome.record is not None:
        path = Path(job.records_dir) / f"{job.game}-{job.index:07d}.jsonl"
        path.write_text("\n".join(outcome.record.to_lines()) + "\n", encoding="utf-8")
    return GameSummary(
        index=job.index,
        seats=job.seats,
        winners=outcome.result.winners,
        scores=outcome.result.scores,
        length=outcome.result.length,
        steps=outcome.steps,
    )


def run_jobs(jobs: Iterator[GameJob], workers: int = 1) -> Iterator[GameSummary]:
    """Play every job, yielding summaries in job order; ``workers`` > 1 uses processes."""
    if workers <= 1:
        for job in jobs:
            yield play_job(job)
        return
    context = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
    with context.Pool(workers) as pool:
        # imap consumes the job iterator lazily and keeps results in order.
        yield from pool.imap(play_job, jobs, chunksize=4)
