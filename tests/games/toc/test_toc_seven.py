"""The split 7: each part its own action, every part legal on the board the earlier
parts left, all 7 steps used, each pawn moved at most once."""

from meeple.games.toc.board import RESERVE
from meeple.games.toc.state import DRAW, PLAY, Pending
from support.toc import game, play, position, texts

SEVEN = 7


def test_two_free_pawns_give_fourteen_first_parts() -> None:
    g = game()
    state = position(g, {0: 10, 1: 20}, (SEVEN,))
    # By hand: either pawn may take any part 1..7 and the other takes the rest; no path
    # crosses the other pawn (10..17 stays below 20). 7 + 7 = 14 first parts.
    assert sorted(texts(g, state)) == sorted(
        [f"7 10-{10 + k}" for k in range(1, 8)] + [f"7 20-{20 + k}" for k in range(1, 8)]
    )


def test_close_pawns_limit_the_first_parts() -> None:
    g = game()
    state = position(g, {0: 10, 1: 13}, (SEVEN,))
    # By hand. Pawn on 10: k=1 -> 11 (13 then moves 6) and k=2 -> 12 (13 moves 5); k=3
    # lands on 13, k>=4 passes it. Pawn on 13: k=1 -> 14, then 10 must move 6 to 16 past
    # 14: no; k=2 -> 15, then 10 must move 5 onto 15: no; k=3..7 -> 16..20 leave 10 room
    # to move 4..0. Total 2 + 5 = 7.
    assert sorted(texts(g, state)) == sorted(
        ["7 10-11", "7 10-12", "7 13-16", "7 13-17", "7 13-18", "7 13-19", "7 13-20"]
    )


def test_three_pawns_count_with_a_blocker() -> None:
    g = game()
    # Seat 0 on 10, 12 and 30; seat 1 on 33.
    state = position(g, {0: 10, 1: 12, 2: 30, 4: 33}, (SEVEN,))
    # By hand, first parts:
    # - pawn 30: k=1, 2, 3 (3 captures on 33; 4+ would pass 33); the rest (6, 5, 4) is
    #   then taken by 12 in one part (12 -> 18, 17, 16). 3 parts.
    # - pawn 12 moving k to 12+k: 10 can then move at most k+1, and 30 at most 3.
    #   k=1: the rest 6 fits neither alone, and together 10 gives at most 2, so 30 would
    #   need 4+ (passing 33): no. k=2: the rest 5 = 10 moves 2 or 3, 30 moves 3 or 2: yes.
    #   k=3..6: 10 takes the rest 4..1 alone. k=7: the whole card. 6 parts.
    # - pawn 10: k=1 (the rest 6 on 12 -> 18); k=2 lands on 12, more passes it. 1 part.
    # Total 3 + 6 + 1 = 10.
    assert sorted(texts(g, state)) == sorted(
        ["7 30-31", "7 30-32", "7 30-33"] + [f"7 12-{12 + k}" for k in range(2, 8)] + ["7 10-11"]
    )


def test_the_seven_is_unplayable_when_no_full_split_exists() -> None:
    g = game()
    # One pawn on 10, another player's pawn on 15: 7 steps would pass it.
    assert texts(g, position(g, {0: 10, 4: 15}, (SEVEN,))) == ["discard 7"]
    assert texts(g, position(g, {0: 10, 4: 15}, (SEVEN, 2))) == ["2 10-12"]


def test_a_part_leaves_a_pending_split_for_the_same_seat() -> None:
    g = game()
    state = play(g, position(g, {0: 10, 1: 20}, (SEVEN, 2, 3, 5, 6)), "7 10-13")
    assert state.phase == PLAY
    assert state.turn == 0
    assert state.pending == Pending(remaining=4, moved=1 << 0)
    assert state.hands[0] == (2, 3, 5, 6)  # the 7 was played with the first part
    # Only the other pawn may move now, exactly the 4 left.
    assert texts(g, state) == ["7 20-24"]
    done = play(g, state, "7 20-24")
    assert done.pending is None
    assert done.phase == DRAW
    assert done.positions[:2] == (13, 24)


def test_three_part_split_step_by_step() -> None:
    g = game()
    state = position(g, {0: 10, 1: 20, 2: 30}, (SEVEN,))
    state = play(g, state, "7 10-12")
    # 5 left over 20 and 30, in one part or two.
    assert sorted(texts(g, state)) == sorted(
        [f"7 20-{20 + k}" for k in range(1, 6)] + [f"7 30-{30 + k}" for k in range(1, 6)]
    )
    state = play(g, state, "7 20-22")
    assert texts(g, state) == ["7 30-33"]
    state = play(g, state, "7 30-33")
    assert state.positions[:3] == (12, 22, 33)
    assert state.phase == DRAW


def test_each_part_lands_and_captures_but_never_passes() -> None:
    g = game()
    state = position(g, {0: 10, 1: 20, 4: 13}, (SEVEN,))
    assert "7 10-14" not in texts(g, state)  # would pass 13
    after = play(g, state, "7 10-13")
    assert after.positions[4] == RESERVE
    assert texts(g, after) == ["7 20-24"]


def test_a_part_may_enter_the_zone_and_the_rest_go_elsewhere() -> None:
    g = game()
    state = position(g, {0: 68, 1: 20}, (SEVEN,))
    after = play(g, state, "7 68-h0.2")  # 68 -> 69 -> 70 -> h0.1 -> h0.2: 4 steps
    assert after.pending == Pending(3, 1)
    assert texts(g, after) == ["7 20-23"]


def test_the_last_pawn_home_needs_the_whole_seven_to_be_used() -> None:
    g = game()
    zone = [g.board.zone_cell(0, i) for i in range(4)]
    # Three pawns home (h0.2-h0.4) and one on 68: it needs 3 steps, not 7; nothing else
    # can take the rest, so the 7 cannot be played.
    state = position(g, {0: 68, 1: zone[1], 2: zone[2], 3: zone[3]}, (SEVEN,))
    assert texts(g, state) == ["7 68-3"]
