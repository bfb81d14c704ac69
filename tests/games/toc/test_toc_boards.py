"""Board geometry and the shortcuts of the 6- and 8-player boards.

6-player board: ring cells 0-107, Départs 0, 18, ..., 90, intersections on the Départs,
chord k from intersection k to k+1 with cells c<k>.1 .. c<k>.6.
"""

import pytest

from meeple.games.toc.actions import Draw
from meeple.games.toc.board import RESERVE, make_board
from meeple.games.toc.state import DRAW
from support.toc import game, play, position, texts


@pytest.mark.parametrize(
    ("players", "ring", "departs"),
    [
        (2, 72, (0, 36)),
        (3, 72, (0, 18, 36)),
        (4, 72, (0, 18, 36, 54)),
        (6, 108, (0, 18, 36, 54, 72, 90)),
        (8, 144, (0, 18, 36, 54, 72, 90, 108, 126)),
    ],
)
def test_board_sizes_and_departs(players: int, ring: int, departs: tuple[int, ...]) -> None:
    board = game(players).board
    assert board.ring == ring
    assert board.depart == departs
    assert board.entry == tuple((d - 2) % ring for d in departs)


def test_only_boards_for_more_than_four_players_have_shortcuts() -> None:
    assert not game(4).board.has_shortcuts
    assert game(4).board.intersections == ()
    assert game(6).board.intersections == (0, 18, 36, 54, 72, 90)
    assert game(8).board.has_shortcuts


def test_geometry_options_shape_the_board() -> None:
    board = game(6, cells_per_sector=12, shortcut_length=4, entry_offset=-3).board
    assert board.ring == 72
    assert board.depart[1] == 12
    assert board.entry[1] == 9
    assert board.cell_name(board.chord_base + 4 * 2 + 3) == "c2.4"
    assert board.parse_cell("c2.4") == board.chord_base + 11
    assert board.parse_cell("c2.5") is None


def test_cell_names_round_trip() -> None:
    board = make_board(8, 18, -2, 6, False)
    for cell in range(board.cells):
        assert board.parse_cell(board.cell_name(cell)) == cell


def test_a_pawn_armed_on_an_intersection_may_take_the_shortcut() -> None:
    g = game(6)
    state = position(g, {0: 18}, (5, 8), armed=(0,))
    # 5: the ring to 23 or 5 cells along chord 1; 8: the ring to 26, or the 6 chord
    # cells, intersection 36 and on to 37.
    assert texts(g, state) == ["5 18-23", "5 18-c1.5", "8 18-26", "8 18-37"]


def test_a_pawn_not_armed_stays_on_the_ring() -> None:
    g = game(6)
    assert texts(g, position(g, {0: 18}, (5,))) == ["5 18-23"]


def test_a_shortcut_may_not_skip_the_pawns_own_zone_entry() -> None:
    # Seat 1 (Départ 18, entry 16) on intersection 0: chord 0 bypasses cell 16.
    g = game(6)
    assert texts(g, position(g, {4: 0}, (5,), turn=1, armed=(4,))) == ["5 0-5"]
    free = game(6, shortcut_may_skip_entry=True)
    assert texts(free, position(free, {4: 0}, (5,), turn=1, armed=(4,))) == [
        "5 0-5",
        "5 0-c0.5",
    ]


def test_chord_cells_block_and_capture() -> None:
    g = game(6)
    chord_cell = g.board.parse_cell("c1.3")
    assert chord_cell is not None
    state = position(g, {0: 18, 4: chord_cell}, (3, 5), armed=(0,))
    assert texts(g, state) == ["3 18-21", "3 18-c1.3", "5 18-23"]
    after = play(g, state, "3 18-c1.3")
    assert after.positions[4] == RESERVE


def test_backward_moves_never_use_a_chord_and_retrace_it() -> None:
    g = game(6)
    assert texts(g, position(g, {0: 40}, (4,), armed=())) == ["4 40-36"]
    chord_cell = g.board.parse_cell("c1.2")
    assert texts(g, position(g, {0: chord_cell}, (4,))) == ["4 c1.2-16"]


def test_pawns_on_intersections_are_armed_when_a_turn_begins() -> None:
    g = game(6)
    state = position(g, {0: 18, 1: 36, 2: 20}, (), turn=5, phase=DRAW, hands={5: (2, 3, 5, 6)})
    after = g.apply_chance(state, Draw(9))
    assert after.turn == 0
    assert after.armed == 0b011  # pawns 0 and 1 stand on intersections, pawn 2 does not


def test_a_pawn_stopping_on_an_intersection_is_not_armed_that_turn() -> None:
    g = game(6)
    state = position(g, {0: 15, 1: 40}, (7,))
    after = play(g, state, "7 15-18")  # first part of a split 7, onto intersection 18
    assert after.pending is not None
    assert after.armed == 0
    assert texts(g, after) == ["7 40-44"]


def test_moving_off_an_intersection_disarms_the_pawn() -> None:
    g = game(6)
    after = play(g, position(g, {0: 18}, (5,), armed=(0,)), "5 18-23")
    assert after.armed == 0
