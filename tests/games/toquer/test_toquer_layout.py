"""The table's geometry and clearing lines, in both layouts."""

from meeple.games.toquer.layout import build_geometry
from meeple.games.toquer.state import Phase
from support.toquer import DOWN4, DOWN5, legal_texts, make_game, pos, slot, table


def test_shared_column_fifth_column_is_left_neighbours_right_hand_column() -> None:
    g = build_geometry(3, "shared_column")
    # seat 0's n column is seat 1's own column 3 (d); seat 2's is seat 0's (ring).
    assert [g.frames[0][r * 5] for r in range(3)] == [12 + 3, 12 + 7, 12 + 11]
    assert [g.frames[2][r * 5] for r in range(3)] == [3, 7, 11]
    assert len(g.playable[0]) == 15  # own 12 + the fifth column


def test_own_grid_has_fifteen_own_cards_and_the_n_column_is_not_playable() -> None:
    g = build_geometry(3, "own_grid")
    assert g.own_count == 15 and len(g.playable[0]) == 15
    assert all(p % g.width != 0 for p in g.playable[0])
    assert [g.frames[0][r * 6] for r in range(3)] == [15 + 4, 15 + 9, 15 + 14]


def test_shared_column_row_triple_across_the_neighbours_column() -> None:
    game = make_game(3)
    state = table(
        game,
        [
            "5 5 #1 #2 / #3 #4 #6 #8 / #9 #10 #11 #12",
            "#1 #2 #3 5 / " + "#5 #6 #7 #8 / #9 #10 #11 #12",
            DOWN4,
        ],
        phase=Phase.CLEAR,
    )
    assert game.triples(state, 0) == ((pos(game, "n1"), pos(game, "a1"), pos(game, "b1")),)
    after = game.apply_action(state, game.parse_action(state, "clear n1 a1 b1"))
    # The neighbour's card is gone too, from the neighbour's own layout.
    assert after.faces[slot(game, 0, "n1")] == "." and after.faces[12 + 3] == "."
    assert after.discard[-3:] == (5, 5, 5)


def test_shared_column_column_triple_in_the_fifth_column() -> None:
    game = make_game(3)
    seat1 = "#1 #2 #3 4 / #5 #6 #7 4 / #9 #10 #11 4"
    state = table(game, [DOWN4, seat1, DOWN4], phase=Phase.CLEAR)
    # The column is seat 0's fifth column and seat 1's own d column: both may clear it.
    assert game.triples(state, 0) == ((pos(game, "n1"), pos(game, "n2"), pos(game, "n3")),)
    assert game.triples(state, 1) == ((pos(game, "d1"), pos(game, "d2"), pos(game, "d3")),)


def test_own_grid_row_triple_across_the_neighbours_column() -> None:
    game = make_game(3, layout="own_grid")
    seat0 = "6 6 #1 #2 #3 / #4 #5 #7 #8 #9 / #10 #11 #12 #1 #2"
    seat1 = "#1 #2 #3 #4 6 / #5 #7 #8 #9 #10 / #11 #12 #1 #2 #3"
    state = table(game, [seat0, seat1, DOWN5], phase=Phase.CLEAR)
    assert game.triples(state, 0) == ((pos(game, "n1"), pos(game, "a1"), pos(game, "b1")),)


def test_own_grid_the_neighbours_column_is_not_a_column_of_yours() -> None:
    game = make_game(3, layout="own_grid")
    seat1 = "#1 #2 #3 #4 6 / #5 #7 #8 #9 6 / #11 #12 #1 #2 6"
    state = table(game, [DOWN5, seat1, DOWN5], phase=Phase.CLEAR)
    assert game.triples(state, 0) == ()
    assert game.triples(state, 1) == ((pos(game, "e1"), pos(game, "e2"), pos(game, "e3")),)


def test_own_grid_n_column_cannot_be_swapped() -> None:
    game = make_game(3, layout="own_grid")
    state = table(game, [DOWN5, DOWN5, DOWN5], phase=Phase.PLACE, drawn=4, from_stock=True)
    texts = legal_texts(game, state)
    assert "swap a1" in texts and not any(t.endswith(("n1", "n2", "n3")) for t in texts)


def test_empty_slots_are_ignored_for_adjacency() -> None:
    game = make_game(3)
    state = table(
        game, ["5 . 5 5 / " + "#1 #2 #3 #4 / #6 #8 #9 #10", DOWN4, DOWN4], phase=Phase.CLEAR
    )
    assert game.triples(state, 0) == ((pos(game, "a1"), pos(game, "c1"), pos(game, "d1")),)


def test_gaps_break_adjacency_option() -> None:
    game = make_game(3, gaps_break_adjacency=True)
    state = table(
        game, ["5 . 5 5 / " + "#1 #2 #3 #4 / #6 #8 #9 #10", DOWN4, DOWN4], phase=Phase.CLEAR
    )
    assert game.triples(state, 0) == ()


def test_face_down_cards_do_not_make_a_triple() -> None:
    game = make_game(3)
    state = table(
        game, ["5 #5 5 #1 / #2 #3 #4 #6 / #8 #9 #10 #11", DOWN4, DOWN4], phase=Phase.CLEAR
    )
    assert game.triples(state, 0) == ()


def test_four_in_a_row_offers_both_triples() -> None:
    game = make_game(3)
    state = table(game, ["2 2 2 2 / #1 #3 #4 #5 / #6 #8 #9 #10", DOWN4, DOWN4], phase=Phase.CLEAR)
    assert legal_texts(game, state) == ["clear a1 b1 c1", "clear b1 c1 d1", "done"]


def test_one_card_completing_a_row_and_a_column_lets_the_player_choose() -> None:
    game = make_game(3)
    grid = "#1 #2 #3 9 / #4 #5 #6 9 / #7 9 9 #8"  # swapping 9 into d3 completes both
    state = table(game, [grid, DOWN4, DOWN4], phase=Phase.PLACE, drawn=9, from_stock=True)
    state = game.apply_action(state, game.parse_action(state, "swap d3"))
    assert state.phase is Phase.CLEAR
    assert legal_texts(game, state) == ["clear b3 c3 d3", "clear d1 d2 d3", "done"]
    after = game.apply_action(state, game.parse_action(state, "clear d1 d2 d3"))
    # The row lost its shared card: nothing more to clear, the turn is over.
    assert after.phase is Phase.DRAW and after.active == 1
    assert after.faces[slot(game, 0, "b3")] == "U"
