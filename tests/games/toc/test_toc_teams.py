"""Team play: partners opposite (pairs) or alternating (halves); a player whose pawns
are home moves a partner's; the team wins together."""

import pytest

from meeple.games.toc.state import OVER
from support.toc import game, play, position, texts


@pytest.mark.parametrize(
    ("players", "teams", "expected"),
    [
        (4, "pairs", (0, 1, 0, 1)),
        (4, "halves", (0, 1, 0, 1)),
        (6, "pairs", (0, 1, 2, 0, 1, 2)),
        (6, "halves", (0, 1, 0, 1, 0, 1)),
        (8, "pairs", (0, 1, 2, 3, 0, 1, 2, 3)),
        (8, "halves", (0, 1, 0, 1, 0, 1, 0, 1)),
    ],
)
def test_team_membership(players: int, teams: str, expected: tuple[int, ...]) -> None:
    config = game(players, teams=teams).config
    assert tuple(config.team_of(seat) for seat in range(players)) == expected


def _home(g: object, seat: int) -> dict[int, int]:
    board = g.board  # type: ignore[attr-defined]
    return {seat * 4 + i: board.zone_cell(seat, i) for i in range(4)}


def test_a_player_whose_pawns_are_home_moves_a_partners_pawns() -> None:
    g = game(4, teams="pairs")
    state = position(g, {**_home(g, 0), 8: 40}, (5, 1))
    assert texts(g, state) == ["A in2", "A 40-41", "5 40-45"]
    after = play(g, state, "5 40-45")
    assert after.positions[8] == 45


def test_without_teams_a_player_never_moves_another_players_pawns() -> None:
    g = game(4)
    state = position(g, {0: 10, 8: 40}, (5,))
    assert texts(g, state) == ["5 10-15"]


def test_the_team_wins_together() -> None:
    g = game(4, teams="pairs")
    board = g.board
    partner = {9: board.zone_cell(2, 1), 10: board.zone_cell(2, 2), 11: board.zone_cell(2, 3)}
    state = position(g, {**_home(g, 0), 8: 32, **partner}, (3,))
    after = play(g, state, "3 32-h2.1")
    assert after.phase == OVER
    assert after.winners == (0, 2)
    assert g.returns(after) == (0.5, -0.5, 0.5, -0.5)


def test_one_player_home_does_not_end_a_team_game() -> None:
    g = game(4, teams="pairs")
    board = g.board
    mine = {1: board.zone_cell(0, 1), 2: board.zone_cell(0, 2), 3: board.zone_cell(0, 3)}
    after = play(g, position(g, {0: 68, 8: 40, **mine}, (3,)), "3 68-h0.1")
    assert after.phase != OVER
    assert after.winners == ()


def test_without_teams_the_first_player_home_wins() -> None:
    g = game(4)
    board = g.board
    mine = {1: board.zone_cell(0, 1), 2: board.zone_cell(0, 2), 3: board.zone_cell(0, 3)}
    after = play(g, position(g, {0: 68, **mine}, (3,)), "3 68-h0.1")
    assert after.phase == OVER
    assert after.winners == (0,)
    assert g.returns(after) == (1.0, -1 / 3, -1 / 3, -1 / 3)
    assert g.result(after).scores == (4.0, 0.0, 0.0, 0.0)


def test_a_split_seven_goes_on_with_a_partners_pawns_once_home() -> None:
    g = game(4, teams="pairs")
    board = g.board
    mine = {1: board.zone_cell(0, 1), 2: board.zone_cell(0, 2), 3: board.zone_cell(0, 3)}
    state = position(g, {0: 68, 8: 40, **mine}, (7,))
    assert "7 68-h0.1" in texts(g, state)  # 3 steps, the other 4 by the partner's pawn
    after = play(g, state, "7 68-h0.1")
    assert texts(g, after) == ["7 40-44"]
