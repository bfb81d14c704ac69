"""CMYK rules, one rule per test, on hand-built states (rules: games/cmyk/README.md)."""

import random

import pytest

from meeple.engine.errors import IllegalActionError
from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.games.cmyk.actions import Discard, Lay, LayMany
from meeple.games.cmyk.cards import SWEEP, card_token
from meeple.games.cmyk.rules import CmykGame
from support.cmyk import card, cards, legal, make_state, run


def game(players: int = 2, **options: object) -> CmykGame:
    return CmykGame(players, options)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ setup
def test_deal_gives_five_cards_each_then_the_first_player_draws_a_sixth() -> None:
    g = game(3)
    state = g.initial_state()
    rng = random.Random(1)
    for _ in range(15):
        assert g.current_player(state) == CHANCE
        assert state.stage == "deal"
        state = g.apply_chance(state, g.sample_chance(state, rng))
    assert [len(hand) for hand in state.hands] == [5, 5, 5]
    assert (state.stage, state.seat) == ("draw", 0)
    state = g.apply_chance(state, g.sample_chance(state, rng))
    assert g.current_player(state) == 0
    assert len(state.hands[0]) == 6
    assert len(state.stock) == 88 - 16
    assert state.board.opening


def test_a_draw_must_be_in_the_stock() -> None:
    g = game()
    state = make_state(g, ["C10", "M10"], stage="draw", stock="C20 C30", to_draw=1)
    with pytest.raises(IllegalActionError, match="impossible"):
        run(g, state, "draw C40")
    assert run(g, state, "draw C30").hands[0] == cards("C10 C30")


def test_chance_outcomes_follow_the_stock_counts() -> None:
    g = game()
    state = make_state(g, ["C10", "M10"], stage="draw", stock="C20 C20 W", to_draw=1)
    outcomes = {card_token(o.card): p for o, p in g.chance_outcomes(state) or ()}
    assert outcomes == {"C20": pytest.approx(2 / 3), "W": pytest.approx(1 / 3)}


# ---------------------------------------------------------------------------- opening
def test_opening_must_start_a_colour_not_yet_on_the_board() -> None:
    g = game()
    state = make_state(g, ["C30 M40 K20 Y*", "C10"], piles=("C20", "", "", ""), opening=True)
    assert legal(g, state) == ["M40", "K20"]
    with pytest.raises(IllegalActionError, match="start a colour not yet on the board"):
        run(g, state, "C30")


def test_a_white_opens_any_missing_colour() -> None:
    g = game()
    state = make_state(g, ["W C40", "C10"], piles=("C20", "", "", "K10"), opening=True)
    assert legal(g, state) == ["WM", "WY"]


def test_a_joker_never_opens_a_pile() -> None:
    g = game()
    state = make_state(g, ["C* M*", "C10"], opening=True)
    assert legal(g, state) == ["-C*", "-M*"]


def test_no_opening_card_discards_and_the_next_player_carries_the_obligation() -> None:
    g = game()
    hand = "C30 C40 C50 C60 C70 C80"
    state = make_state(g, [hand, "M10 C50"], piles=("C20", "", "", ""), opening=True)
    assert legal(g, state) == ["-C30", "-C40", "-C50", "-C60", "-C70", "-C80"]
    state = run(g, state, "-C40", "draw Y10")
    assert state.reserve == cards("C40")
    assert state.board.opening and g.current_player(state) == 1
    assert legal(g, state) == ["M10", "Y10"]


def test_without_an_opening_card_laying_on_a_started_pile_is_refused() -> None:
    g = game()
    state = make_state(g, ["C30 C40", "M10"], piles=("C20", "", "", ""), opening=True)
    with pytest.raises(IllegalActionError, match="so you discard one"):
        run(g, state, "C30")


def test_sweep_and_mix_may_be_played_in_the_opening() -> None:
    g = game()
    state = make_state(g, ["C30 S X1", "M10"], piles=("C20", "", "", ""), opening=True)
    assert legal(g, state) == ["S", "X1", "-C30", "-S", "-X1"]


def test_opening_no_card_play_normally_lays_on_a_started_pile() -> None:
    g = game(opening_no_card="play_normally")
    state = make_state(g, ["C30 C90", "M10"], piles=("C20", "", "", ""), opening=True)
    assert legal(g, state) == ["C30"]


def test_the_opening_ends_when_the_four_colours_are_started() -> None:
    g = game()
    state = make_state(g, ["K30 C10", "M10"], piles=("C20", "M20", "Y20", ""), opening=True)
    state = run(g, state, "K30")
    assert not state.board.opening
    assert state.board.totals == (20, 20, 20, 30)


# ------------------------------------------------------------------------- normal turn
def test_a_card_goes_on_the_pile_of_its_colour_and_a_white_on_any() -> None:
    g = game()
    state = make_state(g, ["C30 M40 W", "C10"], piles=("C20", "", "Y50", "K10"))
    assert legal(g, state) == ["C30", "M40", "WC", "WM", "WY", "WK"]


def test_no_pile_may_go_above_100_percent() -> None:
    g = game()
    state = make_state(g, ["C30 M10", "C10"], piles=("C50 C30", "", "", ""))
    assert "C30" not in legal(g, state)
    with pytest.raises(IllegalActionError, match="110%"):
        run(g, state, "C30")


def test_completing_a_pile_wins_its_cards_and_empties_the_zone() -> None:
    g = game()
    state = make_state(g, ["C20 M10", "C10"], piles=("C50 C30", "M10", "", ""))
    state = run(g, state, "C20")
    assert state.tally.won_counts == (3, 0)
    assert state.tally.completions == (1, 0)
    assert state.board.piles[0] == () and state.board.totals[0] == 0
    assert sorted(state.tally.won) == sorted(cards("C50 C30 C20"))


def test_an_emptied_zone_is_started_by_any_card_of_its_colour() -> None:
    g = game()
    state = make_state(g, ["C90 M10", "C10"], piles=("", "M10", "Y10", "K10"))
    assert "C90" in legal(g, state)
    assert not state.board.opening


def test_the_joker_is_worth_what_its_pile_needs() -> None:
    g = game()
    state = make_state(g, ["C* M10", "C10"], piles=("C10 C20", "M10", "", ""))
    assert "C*" in legal(g, state)
    state = run(g, state, "C*")
    assert state.tally.won_counts == (3, 0)
    assert state.board.totals[0] == 0


def test_the_joker_only_completes_and_never_starts_a_pile() -> None:
    g = game()
    state = make_state(g, ["C* M10", "C10"], piles=("", "M10", "", ""))
    assert "C*" not in legal(g, state)
    with pytest.raises(IllegalActionError, match="never a pile's first card"):
        run(g, state, "C*")


def test_the_white_is_worth_10_percent() -> None:
    g = game()
    state = make_state(g, ["W C10", "C10"], piles=("", "M90", "", ""))
    state = run(g, state, "WM")
    assert state.tally.won_counts == (2, 0)


def test_several_piles_completed_at_once_with_one_card_each() -> None:
    g = game()
    hand = "C30 M40 Y10 K10 K20 C20"
    state = make_state(g, [hand, "C10"], piles=("C70", "M60", "Y10", "K10"))
    assert "C30+M40" in legal(g, state)
    state = run(g, state, "C30+M40")
    assert state.tally.won_counts == (4, 0)
    assert state.tally.completions == (2, 0)
    # six cards less two: one card is drawn to refill the hand to five
    assert (state.stage, state.seat, state.to_draw) == ("refill", 0, 1)
    assert len(state.hands[0]) == 4


def test_a_multiple_completion_needs_one_white_per_pile() -> None:
    g = game()
    one = make_state(g, ["W K10", "C10"], piles=("C90", "M90", "", ""))
    assert [a for a in legal(g, one) if "+" in a] == []
    two = make_state(g, ["W W", "C10"], piles=("C90", "M90", "", ""))
    assert [a for a in legal(g, two) if "+" in a] == ["WC+WM"]


def test_a_multiple_completion_lays_only_completing_cards() -> None:
    g = game()
    state = make_state(g, ["C30 M30", "C10"], piles=("C70", "M60", "", ""))
    action = LayMany((Lay(card("C30"), 0), Lay(card("M30"), 1)))
    with pytest.raises(IllegalActionError, match="every card must complete its pile"):
        g.apply_action(state, action)


def test_discard_only_when_no_card_can_be_played() -> None:
    g = game()
    stuck = make_state(g, ["C50 M90 K*", "C10"], piles=("C60", "M20", "", ""))
    assert legal(g, stuck) == ["-C50", "-M90", "-K*"]
    state = run(g, stuck, "-M90")
    assert state.reserve == cards("M90")
    free = make_state(g, ["C40 M90", "C10"], piles=("C50", "M20", "", ""))
    with pytest.raises(IllegalActionError, match="only when no card can be played"):
        g.apply_action(free, Discard(card("M90")))


def test_after_playing_the_hand_is_refilled_to_five() -> None:
    g = game()
    state = make_state(g, ["C10 C20 C30", "M10"], piles=("C10", "", "", ""))
    state = run(g, state, "C30")
    assert (state.stage, state.seat, state.to_draw) == ("refill", 0, 3)
    state = run(g, state, "draw K10", "draw K20", "draw K30")
    assert len(state.hands[0]) == 5
    assert (state.stage, state.seat) == ("draw", 1)


def test_a_seat_with_no_card_and_nothing_to_draw_passes() -> None:
    g = game(3)
    state = make_state(g, ["C10 C20", "", "M10 S"], piles=("C10", "", "", ""), stock="")
    state = run(g, state, "C20")
    assert g.current_player(state) == 2


# --------------------------------------------------------------------------- reserve
def test_the_reserve_becomes_the_stock_when_the_stock_runs_out() -> None:
    g = game()
    state = make_state(
        g,
        ["C10 C20 C30 M10 M20 M30", "K10 S"],
        piles=("C10", "", "", ""),
        stock="",
        reserve="Y10 Y20",
    )
    state = run(g, state, "C20")
    assert (state.stage, state.seat) == ("draw", 1)
    assert state.stock == cards("Y10 Y20") and state.reserve == ()
    assert state.stalled_passes == 1  # a pass through the stock without a completion


def test_a_completion_in_the_pass_resets_the_stall_count() -> None:
    g = game()
    state = make_state(
        g,
        ["C10 C20 C30 M10 M20 M30", "K10 S"],
        piles=("C10", "", "", ""),
        stock="",
        reserve="Y10",
        stalled=2,
        completed=True,
    )
    state = run(g, state, "C20")
    assert state.stalled_passes == 0 and not state.completed_this_pass


def test_stall_limit_passes_without_a_completion_end_the_game() -> None:
    g = game(stall_limit=2)
    state = make_state(
        g,
        ["C10 C20 C30 M10 M20 S", "K10 K20 K30 K40 K50"],
        piles=("C10", "", "", ""),
        stock="",
        reserve="Y10",
        stalled=1,
    )
    state = run(g, state, "C20", "draw Y10")
    assert state.stalled_passes == 2
    assert g.current_player(state) == 1  # the end is checked after this turn
    state = run(g, state, "K10")
    assert g.current_player(state) == TERMINAL


# ----------------------------------------------------------------------- sweep and mix
def test_the_sweep_wins_the_board_and_the_opening_starts_again() -> None:
    g = game()
    state = make_state(g, ["S C10", "M10"], piles=("C20 C30", "M40", "Y10", ""))
    state = run(g, state, "S")
    assert state.tally.won_counts == (5, 0)
    assert SWEEP in state.tally.won
    assert state.board.opening and state.board.piles == ((), (), (), ())


def test_a_mix_wins_the_board_but_itself_and_sets_the_piles() -> None:
    g = game()
    state = make_state(g, ["X1 C10", "M10"], piles=("C20 C30", "M40", "", ""))
    state = run(g, state, "X1")
    assert state.tally.won_counts == (3, 0)
    assert state.board.mix == card("X1")
    assert state.board.totals == (0, 50, 90, 10)  # the seed's example: (0, 50, 90, 10)
    assert not state.board.opening


def test_a_pile_completed_under_a_mix_wins_nothing_and_is_closed() -> None:
    g = game()
    state = make_state(g, ["Y10 Y20 C10", "M10"], mix="X1")
    state = run(g, state, "Y10")
    assert state.tally.won_counts == (0, 0)
    assert state.tally.completions == (1, 0)
    assert state.board.closed == (False, False, True, False)
    state = make_state(g, ["Y20 W", "M10"], piles=("", "", "Y10", ""), mix="X1")
    assert legal(g, state) == ["WC", "WM", "WK"]


def test_the_fourth_completion_under_a_mix_wins_the_whole_board() -> None:
    g = game()
    state = make_state(g, ["K20 C10", "M10"], piles=("C90 C10", "M50", "Y10", "K70"), mix="X1")
    assert state.board.closed == (True, True, True, False)
    state = run(g, state, "K20")
    assert state.tally.won_counts == (7, 0)  # six pile cards and the mix
    assert card("X1") in state.tally.won
    assert state.board.mix is None and state.board.totals == (0, 0, 0, 0)
    assert not state.board.opening


def test_a_sweep_over_a_mix_wins_the_mix_too() -> None:
    g = game()
    state = make_state(g, ["S C10", "M10"], piles=("C30", "M50", "", ""), mix="X1")
    state = run(g, state, "S")
    assert state.tally.won_counts == (4, 0)
    assert card("X1") in state.tally.won
    assert state.board.mix is None and state.board.opening


def test_a_second_mix_over_a_mix_wins_the_first_and_sets_new_percentages() -> None:
    g = game()
    state = make_state(g, ["X2 C10", "M10"], piles=("C30", "", "", ""), mix="X1")
    state = run(g, state, "X2")
    assert state.tally.won_counts == (2, 0)
    assert card("X1") in state.tally.won
    assert state.board.mix == card("X2") and state.board.totals == (50, 0, 50, 30)


def test_a_joker_completes_a_mix_pile_that_holds_no_card_yet() -> None:
    g = game()
    state = make_state(g, ["M* C* M10", "M10"], mix="X1")  # C at 0%, M at 50%
    assert legal(g, state) == ["M10", "M*"]


# ------------------------------------------------------------------------- overflow
def test_overflow_bust_sends_the_pile_to_the_reserve() -> None:
    g = game(overflow="bust")
    state = make_state(g, ["C50 M10", "M10"], piles=("C30 C40", "", "", ""))
    assert "C50" in legal(g, state)
    state = run(g, state, "C50")
    assert state.reserve == cards("C30 C40 C50")
    assert state.board.piles[0] == () and state.board.totals[0] == 0


def _bust_end_position(g: CmykGame, hand: str, cyan: str = "C90", magenta: str = "M50") -> object:
    """Seat 0 lays M10; nothing else is left but its hand and the piles (issue 17)."""
    state = make_state(g, [f"M10 {hand}", ""], piles=(cyan, magenta, "", ""), stock="")
    return run(g, state, "M10")


def test_with_bust_the_game_goes_on_while_a_bust_makes_a_pile_completable() -> None:
    # Cyan at 90 needs 10, which no card gives; but C20 busts it, then C40 + C60 make 100.
    hand = "C20 C30 C40 C50 C60"
    forbidden = game(overflow="forbidden")
    assert forbidden.current_player(_bust_end_position(forbidden, hand)) == TERMINAL
    g = game(overflow="bust")
    state = _bust_end_position(g, hand)
    assert g.current_player(state) == 0
    state = run(g, state, "C20")  # the bust: cyan's cards go to the reserve
    assert state.board.totals[0] == 0
    assert g.current_player(state) != TERMINAL


def test_with_bust_the_busted_piles_cards_count_again() -> None:
    # Only C20 and C60 are in hand; after the bust, C40 (now in the reserve) and C60 make 100.
    g = game(overflow="bust")
    assert g.current_player(_bust_end_position(g, "C20 C60", cyan="C40 C50")) == 0
    assert g.current_player(_bust_end_position(g, "C20 C70", cyan="C40 C50")) == TERMINAL


def _after_black_starts(g: CmykGame, magenta: str) -> object:
    state = make_state(g, ["K10 M50 M60", ""], piles=("C90", magenta, "", ""), stock="")
    return run(g, state, "K10")


def test_with_bust_the_whites_of_a_busted_pile_count_for_the_others() -> None:
    # Cyan at 90 needs a 10 that only the white on magenta gives, once M50 + M60 bust
    # magenta (no sum of W, M50 and M60 makes 100 for magenta itself).
    g = game(overflow="bust")
    assert g.current_player(_after_black_starts(g, "W")) == 0
    assert g.current_player(_after_black_starts(g, "M10")) == TERMINAL


def test_with_bust_a_pile_that_cannot_overshoot_ends_the_game() -> None:
    g = game(overflow="bust")
    assert g.current_player(_bust_end_position(g, "", cyan="C20 C50")) == TERMINAL


def test_with_bust_under_a_mix_the_pile_starts_again_at_the_mix_value() -> None:
    # Mix 1 is (0, 50, 90, 10): magenta at 60 needs 40, which M50 and M80 cannot give, but
    # M80 busts it back to 50 and M50 then completes it (from zero nothing makes 100).
    g = game(overflow="bust")
    state = make_state(g, ["K10 M50 M80", ""], piles=("", "M10", "", ""), mix="X1", stock="")
    state = run(g, state, "K10")
    assert g.current_player(state) == 0  # seat 1, with no card and none to draw, passes
    forbidden = game(overflow="forbidden")
    state = make_state(
        forbidden, ["K10 M50 M80", ""], piles=("", "M10", "", ""), mix="X1", stock=""
    )
    assert forbidden.current_player(run(forbidden, state, "K10")) == TERMINAL


# ---------------------------------------------------------------------- end of game
def _end_position(g: CmykGame, other_hand: str) -> object:
    """Seat 0 starts magenta; every card but the hands and the cyan pile is won."""
    state = make_state(g, ["M10", other_hand], piles=("C70", "", "", ""), stock="")
    return run(g, state, "M10")


def test_the_game_ends_when_no_pile_can_be_completed() -> None:
    g = game()
    assert g.current_player(_end_position(g, "C20 C20")) == TERMINAL  # cyan needs 30


def test_the_end_check_is_a_subset_sum_per_colour() -> None:
    g = game()
    assert g.current_player(_end_position(g, "C20 C10")) == 1


def test_the_end_check_counts_whites() -> None:
    g = game()
    assert g.current_player(_end_position(g, "C20 W")) == 1


def test_the_end_check_counts_jokers() -> None:
    g = game()
    assert g.current_player(_end_position(g, "K50 C*")) == 1


def test_the_end_check_waits_while_a_sweep_or_mix_is_left() -> None:
    g = game()
    assert g.current_player(_end_position(g, "C20 S")) == 1
    assert g.current_player(_end_position(g, "C20 X3")) == 1


def test_the_game_ends_when_every_card_is_won() -> None:
    g = game()
    state = make_state(g, ["C10", ""], piles=("C90", "", "", ""), stock="")
    state = run(g, state, "C10")
    assert g.current_player(state) == TERMINAL
    assert sum(state.tally.won_counts) == 2


# --------------------------------------------------------------------------- winner
def _finished(g: CmykGame, won: tuple[int, ...], piles: tuple[int, ...]) -> object:
    return make_state(g, ["", "", ""], stage="over", stock="", won_counts=won, completions=piles)


def test_the_most_cards_won_wins() -> None:
    g = game(3)
    state = _finished(g, (10, 12, 3), (1, 1, 1))
    assert g.result(state).winners == (1,)
    assert g.returns(state) == (-0.5, 1.0, -0.5)


def test_a_tie_is_a_shared_win_by_default() -> None:
    g = game(3)
    assert g.result(_finished(g, (12, 12, 3), (1, 4, 1))).winners == (0, 1)


def test_tie_break_most_piles_completed() -> None:
    g = game(3, tie_break="most_piles")
    assert g.result(_finished(g, (12, 12, 3), (1, 4, 1))).winners == (1,)
    assert g.result(_finished(g, (12, 12, 3), (4, 4, 1))).winners == (0, 1)


# -------------------------------------------------------------------------- scenarios
def test_scenario_deal_and_opening_from_injected_draws() -> None:
    g = game()
    state = g.initial_state()
    deal = ["C10", "C20", "M30", "W", "K*", "Y10", "Y20", "K40", "K50", "S"]
    state = run(g, state, *(f"draw {text}" for text in deal))
    assert state.hands == (cards("C10 C20 M30 W K*"), cards("Y10 Y20 K40 K50 S"))
    state = run(g, state, "draw C30")
    assert legal(g, state) == ["C10", "C20", "C30", "M30", "WC", "WM", "WY", "WK"]
    state = run(g, state, "C20", "draw M10")
    # seat 1 must start a colour other than cyan; its sweep may be played too
    assert legal(g, state) == ["M10", "Y10", "Y20", "K40", "K50", "S"]
    state = run(g, state, "K40", "draw Y30", "WM", "draw C40", "Y20")
    assert not state.board.opening
    assert state.board.totals == (20, 10, 20, 40)
    assert g.current_player(state) == CHANCE and state.seat == 0
    state = run(g, state, "draw C50")
    assert "K*" in legal(g, state)  # the black pile is started: its joker completes it
    state = run(g, state, "K*")
    assert state.tally.won_counts == (2, 0)


def test_a_multiple_completion_that_closes_the_last_mix_piles_wins_the_board() -> None:
    g = game()
    state = make_state(g, ["Y10 K30 C10", "M10"], piles=("C90 C10", "M50", "", "K40 K20"), mix="X1")
    assert state.board.closed == (True, True, False, False)
    state = run(g, state, "Y10+K30")
    assert state.tally.won_counts == (8, 0)  # seven pile cards and the mix
    assert state.tally.completions == (2, 0)
    assert state.board.mix is None


def test_overflow_bust_under_a_mix_restarts_the_pile_at_the_mix_value() -> None:
    g = game(overflow="bust")
    state = make_state(g, ["K70 C10", "M10"], piles=("", "", "", "K30"), mix="X1")
    state = run(g, state, "K70")
    assert state.board.totals[3] == 10 and state.board.piles[3] == ()
    assert state.reserve == cards("K30 K70")
