"""Toc movement rules, one rule per test, on hand-built 4-player positions.

4-player board: ring cells 0-71; Départs 0, 18, 36, 54; zone entries 70, 16, 34, 52; pawn
``i`` belongs to seat ``i // 4``. Cards: A=1, J=11, Q=12, K=13, Joker=14.
"""

import pytest

from meeple.games.toc import TocGame
from meeple.games.toc.board import RESERVE
from support.toc import game, play, position, texts

A, J, Q, K, JO = 1, 11, 12, 13, 14


def home_three(g: TocGame) -> dict[int, int]:
    """Seat 0's pawns 1-3 packed into the deepest zone cells, where none can move."""
    return {pawn: g.board.zone_cell(0, pawn) for pawn in (1, 2, 3)}


def test_each_parteu_brings_a_pawn_out_onto_the_depart() -> None:
    g = game()
    for card, name in ((A, "A"), (K, "K"), (JO, "Jo")):
        state = position(g, {}, (card,))
        assert texts(g, state) == [f"{name} in"]
        after = play(g, state, f"{name} in")
        assert after.positions[0] == 0


def test_other_cards_cannot_bring_a_pawn_out_so_one_is_discarded() -> None:
    g = game()
    state = position(g, {}, (2, 3, 5, 9, Q))
    assert texts(g, state) == ["discard 2", "discard 3", "discard 5", "discard 9", "discard Q"]


def test_entering_is_illegal_while_your_own_pawn_holds_the_depart() -> None:
    g = game()
    state = position(g, {0: 0}, (A,))
    assert texts(g, state) == ["A 0-1"]


def test_entering_captures_another_players_pawn_on_the_depart() -> None:
    g = game()
    state = position(g, {4: 0}, (K,))
    after = play(g, state, "K in")
    assert after.positions[0] == 0
    assert after.positions[4] == RESERVE


@pytest.mark.parametrize(
    ("card", "name", "dest"),
    [(A, "A", 21), (2, "2", 22), (3, "3", 23), (5, "5", 25), (6, "6", 26), (8, "8", 28),
     (9, "9", 29), (10, "10", 30), (Q, "Q", 32), (K, "K", 33), (JO, "Jo", 38)],
)  # fmt: skip
def test_each_card_moves_forward_by_its_value(card: int, name: str, dest: int) -> None:
    g = game()
    state = position(g, {0: 20, **home_three(g)}, (card,))
    assert texts(g, state) == [f"{name} 20-{dest}"]


def test_ace_eleven_lets_the_ace_also_move_eleven() -> None:
    g = game()
    assert texts(g, position(g, {0: 20, **home_three(g)}, (A,))) == ["A 20-21"]
    g = game(ace_eleven=True)
    assert texts(g, position(g, {0: 20, **home_three(g)}, (A,))) == ["A 20-21", "A 20-31"]


def test_four_moves_backward() -> None:
    g = game()
    assert texts(g, position(g, {0: 20}, (4,))) == ["4 20-16"]
    assert texts(g, position(g, {0: 2}, (4,))) == ["4 2-70"]  # round past cell 0


def test_four_never_moves_a_pawn_in_the_zone() -> None:
    g = game()
    zone = g.board.zone_cell(0, 2)
    assert texts(g, position(g, {0: zone}, (4,))) == ["discard 4"]


def test_no_overtaking_forward() -> None:
    g = game()
    state = position(g, {0: 20, 4: 23}, (3, 5))
    assert texts(g, state) == ["3 20-23"]  # the 5 would pass the pawn on 23


def test_no_overtaking_backward() -> None:
    g = game()
    assert texts(g, position(g, {0: 20, 4: 18}, (4,))) == ["discard 4"]


def test_own_pawns_block_too() -> None:
    g = game()
    assert "5 20-25" not in texts(g, position(g, {0: 20, 1: 22}, (5,)))


def test_landing_on_your_own_pawn_is_illegal() -> None:
    g = game()
    assert texts(g, position(g, {0: 20, 1: 25}, (5,))) == ["5 25-30"]


def test_landing_on_another_pawn_captures_it() -> None:
    g = game()
    after = play(g, position(g, {0: 20, 4: 25}, (5,)), "5 20-25")
    assert after.positions[0] == 25
    assert after.positions[4] == RESERVE


def test_a_protected_pawn_on_its_depart_cannot_be_captured() -> None:
    g = game()
    state = position(g, {0: 13, 4: 18}, (5, 3), protected=(4,))
    assert texts(g, state) == ["3 13-16"]


def test_a_protected_pawn_cannot_be_passed_even_by_a_king() -> None:
    g = game()
    state = position(g, {0: 10, 4: 18}, (K,), protected=(4,))
    assert "K 10-23" not in texts(g, state)
    unprotected = position(g, {0: 10, 4: 18}, (K,))
    assert "K 10-23" in texts(g, unprotected)


def test_entering_protects_the_pawn_until_it_moves() -> None:
    g = game()
    entered = play(g, position(g, {}, (A, 5)), "A in")
    assert entered.protected == 1 << 0
    moved = play(g, position(g, {0: 0}, (5,), protected=(0,)), "5 0-5")
    assert moved.protected == 0


def test_a_pawn_that_reaches_its_depart_by_moving_is_not_protected() -> None:
    g = game()
    after = play(g, position(g, {0: 66}, (6,)), "6 66-0")
    assert after.positions[0] == 0
    assert after.protected == 0


def test_depart_protection_off_leaves_entered_pawns_open() -> None:
    g = game(depart_protection=False)
    entered = play(g, position(g, {}, (A,)), "A in")
    assert entered.protected == 0
    state = position(g, {0: 13, 4: 18}, (5,))
    assert texts(g, state) == ["5 13-18"]


def test_the_king_captures_every_pawn_it_passes() -> None:
    g = game()
    state = position(g, {0: 10, 4: 15, 8: 20}, (K,))
    after = play(g, state, "K 10-23")
    assert after.positions[0] == 23
    assert after.positions[4] == RESERVE
    assert after.positions[8] == RESERVE


def test_the_king_captures_your_own_passed_pawns_by_default() -> None:
    g = game()
    after = play(g, position(g, {0: 10, 1: 15}, (K,)), "K 10-23")
    assert after.positions[1] == RESERVE


def test_king_captures_own_off_makes_own_pawns_block_the_king() -> None:
    g = game(king_captures_own=False)
    state = position(g, {0: 10, 1: 15, 4: 12}, (K,))
    assert "K 10-23" not in texts(g, state)
    assert "K 15-28" in texts(g, state)


def test_the_king_cannot_pass_a_pawn_in_the_zone() -> None:
    g = game()
    h1, h3 = g.board.zone_cell(0, 0), g.board.zone_cell(0, 2)
    # From 60 the King reaches h0.3 in 13 steps (60..70 is 10, then h0.1 h0.2 h0.3).
    open_zone = position(g, {0: 60}, (K,))
    assert "K 60-h0.3" in texts(g, open_zone)
    blocked = position(g, {0: 60, 3: h1}, (K,))
    assert "K 60-h0.3" not in texts(g, blocked)
    assert "K 60-1" in texts(g, blocked)
    assert h3 not in blocked.positions


def test_the_player_chooses_between_entering_the_zone_and_going_round() -> None:
    g = game()
    assert texts(g, position(g, {0: 68}, (3,))) == ["3 68-71", "3 68-h0.1"]
    assert texts(g, position(g, {0: 68}, (5,))) == ["5 68-1", "5 68-h0.3"]


def test_a_card_too_large_for_the_zone_sends_the_pawn_round_again() -> None:
    g = game()
    assert texts(g, position(g, {0: 68}, (8,))) == ["8 68-4"]


def test_entry_never_passes_a_pawn_in_the_zone() -> None:
    g = game()
    state = position(g, {0: 68, 1: g.board.zone_cell(0, 0)}, (5,))
    assert texts(g, state) == ["5 68-1"]


def test_pawns_in_the_zone_move_deeper_with_an_exact_count() -> None:
    g = game()
    h1 = g.board.zone_cell(0, 0)
    state = position(g, {0: h1}, (2, 3, 5))
    assert texts(g, state) == ["2 h0.1-h0.3", "3 h0.1-h0.4"]


def test_entering_the_zone_needs_a_forward_move() -> None:
    g = game()
    # A pawn just past its Départ-side entry can back up with the 4 (never into the zone) ...
    back = play(g, position(g, {0: 0}, (4,)), "4 0-68")
    assert back.positions[0] == 68
    # ... and then go forward into the zone.
    assert "3 68-h0.1" in texts(g, position(g, {0: 68}, (3,)))
    assert texts(g, position(g, {0: 1}, (4,))) == ["4 1-69"]


def test_jack_swap_count_from_a_fixed_position() -> None:
    g = game()
    zone = g.board.zone_cell(0, 3)
    zone2 = g.board.zone_cell(2, 0)
    # Seat 0: pawns on 5 and 30, one protected on its Départ 0, one in its zone.
    # Seat 1: one protected on its Départ 18, one on 40. Seat 2: one on 50, one in zone.
    pawns = {0: 5, 1: 30, 2: 0, 3: zone, 4: 18, 5: 40, 8: 50, 9: zone2}
    state = position(g, pawns, (J,), protected=(2, 4))
    # By hand: own swappable pawns {5, 30} x others' swappable pawns {40, 50} = 4.
    assert sorted(texts(g, state)) == ["J 30x40", "J 30x50", "J 5x40", "J 5x50"]


def test_jack_swap_exchanges_the_two_pawns() -> None:
    g = game()
    after = play(g, position(g, {0: 5, 4: 40}, (J,)), "J 5x40")
    assert after.positions[0] == 40
    assert after.positions[4] == 5


def test_jack_eleven_adds_a_move_of_eleven() -> None:
    g = game(jack_eleven=True)
    zone = g.board.zone_cell(0, 3)
    pawns = {0: 5, 1: 30, 2: 0, 3: zone, 4: 18, 5: 40, 8: 50}
    state = position(g, pawns, (J,), protected=(2, 4))
    # Swaps as above (4) plus 11 forward: 5->16 is clear; 30->41 passes 40; 0->11 passes 5.
    assert sorted(texts(g, state)) == ["J 30x40", "J 30x50", "J 5-16", "J 5x40", "J 5x50"]


def test_king_move_count_from_a_fixed_position() -> None:
    g = game()
    # Seat 0: pawns on 10, 20 and 30, one in reserve; seat 1 on 15; seat 2 protected on 36.
    state = position(g, {0: 10, 1: 20, 2: 30, 4: 15, 8: 36}, (K,), protected=(8,))
    # By hand: enter (Départ 0 free) + 10->23 (captures 15 and own 20) + 20->33 (captures
    # own 30), and not 30->43 (passes the protected 36): 3 actions.
    assert texts(g, state) == ["K in", "K 10-23", "K 20-33"]
    g2 = game(king_captures_own=False)
    state2 = position(g2, {0: 10, 1: 20, 2: 30, 4: 15, 8: 36}, (K,), protected=(8,))
    # Own pawns now block: 10->23 passes own 20, 20->33 passes own 30: only the entry.
    assert texts(g2, state2) == ["K in"]


def test_only_one_card_is_needed_to_have_a_legal_play_so_no_discard() -> None:
    g = game()
    assert texts(g, position(g, {0: 10}, (2, K))) == ["2 10-12", "K in", "K 10-23"]
