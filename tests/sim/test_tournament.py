"""Tournaments: the schedule's balance, determinism across workers, the aggregates."""

import itertools
from collections import Counter
from collections.abc import Iterator

import pytest

from meeple.engine.rng import derive_seed
from meeple.sim.runner import GameJob, GameSummary, run_jobs
from meeple.sim.tournament import (
    TournamentReport,
    _nth_combination,
    cycle_length,
    make_tournament_jobs,
    run_tournament,
    tournament_entrants,
    tournament_seats,
)

# One phase, a set of three: a random game of Phase 10 then lasts a round or two.
QUICK = {"phases": ["set3"]}


@pytest.mark.parametrize(("n", "k"), [(4, 2), (5, 3), (6, 4), (7, 1), (3, 3)])
def test_nth_combination_follows_the_lexicographic_order(n: int, k: int) -> None:
    listed = list(itertools.combinations(range(n), k))
    assert [_nth_combination(n, k, i) for i in range(len(listed))] == listed


@pytest.mark.parametrize(("entrants", "players"), [(2, 2), (4, 4), (3, 2), (4, 2), (5, 3), (6, 4)])
def test_a_cycle_seats_everyone_everywhere_and_pairs_everyone_equally(
    entrants: int, players: int
) -> None:
    cycle = cycle_length(entrants, players)
    seat_counts: Counter[tuple[int, int]] = Counter()
    pair_counts: Counter[tuple[int, int]] = Counter()
    for index in range(cycle):
        seats = tournament_seats(entrants, players, index)
        assert len(set(seats)) == players  # nobody sits twice at one table
        seat_counts.update((entrant, seat) for seat, entrant in enumerate(seats))
        pair_counts.update(itertools.combinations(sorted(seats), 2))
    assert len(seat_counts) == entrants * players
    assert len(set(seat_counts.values())) == 1
    assert len(pair_counts) == entrants * (entrants - 1) // 2
    assert len(set(pair_counts.values())) == 1
    # The schedule repeats with its cycle.
    assert tournament_seats(entrants, players, cycle + 1) == tournament_seats(entrants, players, 1)


def test_too_few_entrants_for_the_seats_is_refused_and_entrants_are_cycled() -> None:
    with pytest.raises(ValueError):
        tournament_seats(2, 3, 0)
    assert tournament_entrants(["a", "b"], 4) == ["a", "b", "a", "b"]
    assert tournament_entrants(["a", "b", "c"], 2) == ["a", "b", "c"]


def test_each_game_seed_derives_from_the_tournament_seed_and_index() -> None:
    jobs = list(make_tournament_jobs("phase10", 2, {}, ["random", "heuristic", "x"], 7, 42))
    assert [job.seed for job in jobs] == [derive_seed(42, "game", i) for i in range(7)]
    assert [job.bot_specs for job in jobs][:3] == [
        ("random", "heuristic"),
        ("heuristic", "random"),
        ("random", "x"),
    ]


def _report(workers: int) -> TournamentReport:
    return run_tournament(
        "phase10", 2, QUICK, ["random", "random", "random"], 12, seed=7, workers=workers
    )


def test_results_are_identical_whatever_the_number_of_workers() -> None:
    single, pooled = _report(1), _report(2)
    assert single.to_json() == pooled.to_json()
    assert single.games == 12 and single.balanced  # 3 tables x 2 rotations = a cycle of 6


def test_the_aggregates_add_up() -> None:
    report = _report(1)
    data = report.to_json()
    entrants = data["entrants"]
    assert isinstance(entrants, list)
    # Two seats a game, each entrant at 2 of the 3 tables: 8 of the 12 games.
    assert [e["games"] for e in entrants] == [8, 8, 8]
    total_wins = sum(stats.wins for stats in report.entrants)
    assert total_wins == pytest.approx(sum(report.seat_wins))
    assert total_wins == pytest.approx(12)  # a two-player game of Phase 10 has one winner
    for a in range(3):
        for b in range(3):
            if a != b:
                assert report.pair_games[a][b] == 4
                assert report.pair_ahead[a][b] + report.pair_ahead[b][a] == pytest.approx(4)
    rate = report.pairwise(0, 1)
    assert rate is not None and 0.0 <= rate <= 1.0
    assert report.pairwise(0, 0) is None
    low, high = entrants[0]["win_rate_ci95"]
    assert low <= entrants[0]["win_rate"] <= high
    assert report.length.count == 12 and report.length.mean >= 1
    # The best rated entrant comes first in the standings.
    ordinals = [report.ratings.ratings[e].ordinal for e in report.standings()]
    assert ordinals == sorted(ordinals, reverse=True)


def test_the_tournament_aggregates_winners_and_losers_correctly() -> None:
    report = _report(1)
    blank = TournamentReport(
        game="phase10",
        title="Phase 10",
        players=2,
        options={},
        seed=0,
        specs=["a", "b", "c"],
        labels=["a", "b", "c"],
        planned=1,
        length_unit="rounds",
        ratings=type(report.ratings)(3),
    )
    blank.add(GameSummary(0, (2, 0), (0,), (10.0, 50.0), 3, 100))
    assert [e.wins for e in blank.entrants] == [0.0, 0.0, 1.0]
    assert blank.pairwise(2, 0) == 1.0 and blank.pairwise(0, 2) == 0.0
    assert blank.pairwise(1, 0) is None
    assert blank.entrants[2].score.mean == 10.0
    ratings = blank.ratings.ratings
    assert ratings[2].mu > ratings[1].mu > ratings[0].mu


def test_the_runner_takes_jobs_lazily_so_memory_stays_flat() -> None:
    """An endless stream of jobs: the workers must only take what is consumed."""

    def endless() -> Iterator[GameJob]:
        options = tuple(sorted(QUICK.items()))
        for index in itertools.count():
            yield GameJob(
                index, "phase10", 2, options, (0, 1), ("random", "random"), derive_seed(1, index)
            )

    summaries = run_jobs(endless(), workers=2, chunk_size=2)
    first = [next(summaries) for _ in range(10)]
    summaries.close()  # type: ignore[attr-defined]
    assert [s.index for s in first] == list(range(10))
