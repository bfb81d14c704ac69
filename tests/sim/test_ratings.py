"""openskill ratings: winners rise, order matters, the history stays bounded."""

import pytest

from meeple.sim.ratings import Rating, RatingHistory, RatingTable


def test_a_winner_rises_and_the_losers_fall_tied() -> None:
    table = RatingTable(3)
    start = table.ratings[0]
    assert start.ordinal == pytest.approx(start.mu - 3 * start.sigma)
    table.update((2, 0, 1), winners=(0,))  # entrant 2 sat in seat 0 and won
    after = table.ratings
    assert after[2].mu > start.mu
    assert after[0].mu < start.mu and after[0].mu == pytest.approx(after[1].mu)
    assert all(r.sigma < start.sigma for r in after)
    assert table.games == 1


def test_the_same_games_in_the_same_order_give_the_same_ratings() -> None:
    games = [((0, 1), (0,)), ((1, 0), (0,)), ((0, 1), (1,)), ((1, 0), ())]
    first, second = RatingTable(2), RatingTable(2)
    for seats, winners in games:
        first.update(seats, winners)
        second.update(seats, winners)
    assert first.ratings == second.ratings
    reordered = RatingTable(2)
    for seats, winners in reversed(games):
        reordered.update(seats, winners)
    assert reordered.ratings != first.ratings  # order matters: hence index order


def test_an_entrant_cannot_sit_twice_at_one_table() -> None:
    with pytest.raises(ValueError):
        RatingTable(2).update((1, 1), (0,))


def test_the_history_is_thinned_to_its_capacity() -> None:
    table = RatingTable(2, history_capacity=16)
    for game in range(1000):
        table.update((game % 2, 1 - game % 2), (0,))
    history = table.final_history()
    assert len(table.history.games) <= 17
    assert history.games[0] == 0 and history.games[-1] == 1000
    assert history.games == sorted(history.games)
    assert history.points[-1] == table.ratings


def test_history_points_are_taken_at_the_current_stride() -> None:
    history = RatingHistory(capacity=4)
    point = (Rating(25.0, 8.0),)
    for game in range(10):
        history.add(game, point)
    assert history.stride == 4 and history.games == [0, 4, 8]
