"""Many matches, streamed: seat rotation, per-game seeds, parallel workers, flat memory.

Every game's seed derives from the run's seed and the game's index alone, and results
come back in index order, so a run gives identical results whatever the number of jobs,
and whichever backend plays them: this process, a pool of worker processes, or a Ray
cluster (``ray_address``; Ray is an optional extra, imported only when asked for).
Jobs are handed out in chunks with a bounded number in flight, so memory stays flat
however many games a run plays.
"""

import json
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import islice
from pathlib import Path
from typing import TypeVar

from meeple.engine.options import OptionValue
from meeple.engine.protocol import AnyGame
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
    seating: Callable[[int, int, int], tuple[int, ...]] = rotated_seats,
) -> Iterator[GameJob]:
    """The games of a run: ``seating(entrants, players, index)`` seats each one."""
    frozen_options = tuple(sorted(options.items(), key=lambda item: item[0]))
    for index in range(games):
        seats = seating(len(bot_specs), players, index)
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
def _game(name: str, players: int, options_json: str) -> AnyGame:
    # Keyed by the options' JSON text: option values may be lists (unhashable).
    options: dict[str, OptionValue] = json.loads(options_json)
    return load_game(name, players, **options)


def play_job(job: GameJob) -> GameSummary:
    game = _game(job.game, job.players, json.dumps(dict(job.options), sort_keys=True))
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


T = TypeVar("T")

# Chunks in flight per worker: enough to keep every worker busy while the oldest chunk is
# awaited (results are yielded in order), few enough that memory does not grow.
CHUNKS_IN_FLIGHT_PER_WORKER = 4


def play_chunk(jobs: Sequence[GameJob]) -> list[GameSummary]:
    """Play several jobs in one task (fewer round trips to the workers)."""
    return [play_job(job) for job in jobs]


def chunked(items: Iterable[T], size: int) -> Iterator[list[T]]:
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


def ordered_window(
    chunks: Iterator[list[GameJob]],
    submit: Callable[[list[GameJob]], Callable[[], list[GameSummary]]],
    in_flight: int,
) -> Iterator[GameSummary]:
    """Submit chunks with at most ``in_flight`` pending; yield their results in order.

    ``submit`` starts a chunk and returns a function that waits for its summaries.
    """
    pending: deque[Callable[[], list[GameSummary]]] = deque()
    for chunk in chunks:
        pending.append(submit(chunk))
        if len(pending) >= in_flight:
            yield from pending.popleft()()
    while pending:
        yield from pending.popleft()()


INTERRUPT_CHECK_SECONDS = 0.2


def _leave_interrupts_to_the_parent() -> None:
    """In a worker: Ctrl-C reaches the whole process group, but only the parent should
    act on it (it stops the pool); a worker would print a traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_jobs(
    jobs: Iterator[GameJob],
    workers: int = 1,
    *,
    chunk_size: int = 4,
    ray_address: str | None = None,
) -> Iterator[GameSummary]:
    """Play every job, yielding summaries in job order.

    ``workers`` > 1 uses that many processes; ``ray_address`` (``auto``, ``local`` or a
    cluster address) plays the jobs as Ray tasks instead. ``chunk_size`` jobs go to a
    worker at a time. The summaries are the same whatever the backend and worker count.
    """
    if ray_address is not None:
        yield from run_on_ray(jobs, ray_address, workers=workers, chunk_size=chunk_size)
        return
    if workers <= 1:
        for job in jobs:
            yield play_job(job)
        return
    context = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
    pool = context.Pool(workers, initializer=_leave_interrupts_to_the_parent)

    def submit(chunk: list[GameJob]) -> Callable[[], list[GameSummary]]:
        result = pool.apply_async(play_chunk, (chunk,))

        def wait() -> list[GameSummary]:
            # Timed waits: Ctrl-C may land in another thread (the pool's, a progress
            # bar's), and an untimed wait in this one would then never notice it.
            while not result.ready():
                result.wait(INTERRUPT_CHECK_SECONDS)
            return result.get()

        return wait

    try:
        yield from ordered_window(
            chunked(jobs, chunk_size), submit, workers * CHUNKS_IN_FLIGHT_PER_WORKER
        )
    except GeneratorExit:
        # The caller stopped early: let the few chunks in flight finish, then stop.
        pool.close()
        raise
    except BaseException:
        pool.terminate()  # an error or an interrupt: stop the workers now
        raise
    else:
        pool.close()
    finally:
        pool.join()


def run_on_ray(
    jobs: Iterator[GameJob], address: str, *, workers: int = 1, chunk_size: int = 4
) -> Iterator[GameSummary]:
    """Play the jobs as Ray tasks, yielding summaries in job order.

    ``address``: ``local`` starts a fresh local Ray instance (``workers`` CPUs, or all),
    ``auto`` joins the cluster this machine belongs to (``ray start --head`` / a node),
    anything else is a cluster address (``ray://head:10001`` or ``head:6379``). When
    joining a cluster the meeple package is shipped to it (Ray ``py_modules``), so the
    nodes need only Ray and Python. If Ray is already initialised in this process (a
    notebook, a test), that session is used and left running.
    """
    try:
        import ray  # the optional "ray" extra; never imported by the core
    except ImportError:
        raise RuntimeError(
            "--ray needs Ray: pip install 'meeple[ray]' (or pip install 'ray[default]')"
        ) from None
    started_here = not ray.is_initialized()
    if started_here:
        if address == "local":
            ray.init(
                num_cpus=workers if workers > 1 else None,
                include_dashboard=False,
                log_to_driver=False,
            )
        else:
            import meeple

            ray.init(
                address=address,
                runtime_env={"py_modules": [str(Path(meeple.__file__).parent)]},
                log_to_driver=False,
            )
    try:
        remote_chunk = ray.remote(play_chunk)
        cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]

        def submit(chunk: list[GameJob]) -> Callable[[], list[GameSummary]]:
            reference = remote_chunk.remote(chunk)

            def wait() -> list[GameSummary]:
                summaries: list[GameSummary] = ray.get(reference)
                return summaries

            return wait

        yield from ordered_window(
            chunked(jobs, chunk_size), submit, max(1, cpus) * CHUNKS_IN_FLIGHT_PER_WORKER
        )
    finally:
        if started_here:
            ray.shutdown()
