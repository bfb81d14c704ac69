"""Knocking: who may knock, the secret decisions, the answer and the exchange, step by step."""

import pytest

from meeple.engine.errors import IllegalActionError
from meeple.games.toquer import ToquerGame
from meeple.games.toquer.actions import Knock, Pass
from meeple.games.toquer.state import Phase, ToquerState
from support.toquer import DOWN4, act, draw, legal_texts, make_game, slot, table

FOUR = [DOWN4, DOWN4, DOWN4, DOWN4]


def test_after_a_stock_draw_each_other_seat_decides_in_turn_order() -> None:
    game = make_game(4)
    state = draw(game, table(game, FOUR, active=2), 5)
    assert state.phase is Phase.KNOCK and state.votes == "??-?"
    seen = []
    while state.phase is Phase.KNOCK:
        seen.append(state.actor)
        assert legal_texts(game, state) == ["knock", "pass"]
        state = act(game, state, "pass")
    assert seen == [3, 0, 1]
    assert state.phase is Phase.PLACE and state.actor == 2  # nobody knocked


def test_no_knocking_with_two_players() -> None:
    game = make_game(2)
    state = draw(game, table(game, [DOWN4, DOWN4]), 5)
    assert state.phase is Phase.PLACE


def test_no_knocking_for_a_card_from_the_discard_pile() -> None:
    game = make_game(4)
    state = act(game, table(game, FOUR), "pile")
    assert state.phase is Phase.PLACE and state.votes == "----"


def test_a_seat_with_only_three_of_its_fifteen_cards_cannot_knock() -> None:
    game = make_game(3)
    # seat 1's 15: its own 12 and seat 2's d column; only 3 cards remain.
    seat1 = ". . . #1 / . . . #2 / . . . #3"
    seat2 = "#1 #2 #3 . / #5 #6 #7 . / #9 #10 #11 ."
    state = draw(game, table(game, [DOWN4, seat1, seat2]), 5)
    assert state.votes == "--?"


def test_a_seat_with_four_cards_left_may_knock() -> None:
    game = make_game(3)
    seat1 = ". . #4 #1 / . . . #2 / . . . #3"
    seat2 = "#1 #2 #3 . / #5 #6 #7 . / #9 #10 #11 ."
    state = draw(game, table(game, [DOWN4, seat1, seat2]), 5)
    assert state.votes == "-??"


def test_a_seat_that_has_played_its_last_turn_cannot_knock() -> None:
    game = make_game(4)
    # seat 3 ended the round; seat 1 has played its last turn; seat 2 still has one.
    state = table(game, FOUR, active=0, ender=3, last_turns=(0, 2))
    state = draw(game, state, 5)
    assert state.votes == "--?-"


def test_knock_decisions_stay_secret_until_all_have_decided() -> None:
    game = make_game(4)
    state = draw(game, table(game, FOUR), 5)
    assert game.action_visibility(state, Knock()) == frozenset({1})
    state = act(game, state, "knock")
    assert game.view(state, 1).votes == "-K??"
    assert game.view(state, 2).votes == "-*??"
    assert game.view(state, None).votes == "-*??"
    assert game.action_visibility(state, Pass()) == frozenset({2})
    state = act(game, state, "pass", "knock")
    # all decided: who knocked is public
    assert state.phase is Phase.ANSWER
    assert game.view(state, 2).votes == "-KPK"


def test_several_knockers_the_active_player_chooses_or_refuses() -> None:
    game = make_game(4)
    state = act(game, draw(game, table(game, FOUR, active=1), 5), "knock", "pass", "knock")
    assert state.actor == 1
    assert legal_texts(game, state) == ["give 2", "give 0", "refuse"]
    with pytest.raises(IllegalActionError, match="seat 3 did not knock"):
        act(game, state, "give 3")


def test_refusing_goes_on_with_the_turn() -> None:
    game = make_game(4)
    state = act(game, draw(game, table(game, FOUR), 5), "knock", "pass", "pass", "refuse")
    assert state.phase is Phase.PLACE and state.actor == 0 and state.drawn == 5
    assert "discard a1" in legal_texts(game, state)  # it came from the stock


def _given(grids: list[str] | None = None) -> tuple[ToquerGame, ToquerState]:
    """4 players; seat 0 drew a 5 from the stock; seat 2 knocked and was given it."""
    game = make_game(4)
    state = draw(game, table(game, grids or FOUR), 5)
    return game, act(game, state, "pass", "knock", "pass", "give 2")


def test_step1_the_knocker_swaps_the_card_in_and_keeps_the_card_taken_out() -> None:
    game, state = _given()
    assert state.phase is Phase.KNOCK_SWAP and state.actor == 2
    state = act(game, state, "swap b2")
    s = slot(game, 2, "b2")
    assert state.cards[s] == 5 and state.faces[s] == "U"
    assert state.held == 6 and state.held_hidden and state.drawn is None
    # the hand card was face down: only the knocker has seen it
    assert game.view(state, 2).held == 6
    assert game.view(state, 0).held is None and game.view(state, None).held is None
    assert state.phase is Phase.KNOCK_TAKE and state.actor == 0


def test_step1_a_face_up_card_taken_out_is_known_to_all() -> None:
    knocker = "#1 #2 #3 #4 / #5 9 #7 #8 / #9 #10 #11 #12"
    game, state = _given([DOWN4, DOWN4, knocker, DOWN4])
    state = act(game, state, "swap b2")
    assert state.held == 9 and not state.held_hidden
    assert game.view(state, 0).held == 9


def test_step2_the_knocker_may_clear_a_triple_at_once() -> None:
    knocker = "5 5 #3 #4 / #5 #6 #7 #8 / #9 #10 #11 #12"
    game, state = _given([DOWN4, DOWN4, knocker, DOWN4])
    state = act(game, state, "swap c1")
    assert state.phase is Phase.CLEAR and state.actor == 2
    state = act(game, state, "clear a1 b1 c1")
    assert state.discard[-3:] == (5, 5, 5)
    assert state.held == 3  # still in the knocker's hand
    assert state.phase is Phase.KNOCK_TAKE and state.actor == 0


def test_step2_the_knocker_may_decline_to_clear() -> None:
    knocker = "5 5 #3 #4 / #5 #6 #7 #8 / #9 #10 #11 #12"
    game, state = _given([DOWN4, DOWN4, knocker, DOWN4])
    state = act(game, state, "swap c1", "done")
    assert state.phase is Phase.KNOCK_TAKE
    assert state.faces[slot(game, 2, "a1")] == "U"


def test_step3_the_active_player_may_take_any_card_of_the_knocker() -> None:
    game, state = _given()
    state = act(game, state, "swap b2")
    texts = legal_texts(game, state)
    # every card of the knocker's 15, face up (b2) or face down, the n column included
    assert len(texts) == 15 and "take b2" in texts and "take n1" in texts


def test_steps3_and_4_the_taken_card_goes_in_and_the_hand_card_fills_the_gap() -> None:
    game, state = _given()
    state = act(game, state, "swap b2", "take c1")
    taken_from = slot(game, 2, "c1")
    assert state.taken == 3 and state.faces[taken_from] == "."
    assert state.phase is Phase.KNOCK_PLACE and state.actor == 0
    state = act(game, state, "swap d3")  # seat 0's d3 held a face-down 12
    mine = slot(game, 0, "d3")
    assert state.cards[mine] == 3 and state.faces[mine] == "U"
    assert state.discard[-1] == 12  # the card the active player took out is discarded
    # step 4: the knocker's hand card, face up, where the active player took from
    assert state.cards[taken_from] == 6 and state.faces[taken_from] == "U"
    assert state.held is None and state.taken is None
    # the active player keeps nothing of the drawn card; the turn is over
    assert state.phase is Phase.DRAW and state.active == 1


def test_step5_the_active_player_may_clear_and_then_the_turn_ends() -> None:
    mine = "3 3 #1 #2 / #4 #5 #6 #7 / #8 #9 #10 #11"
    game, state = _given([mine, DOWN4, DOWN4, DOWN4])
    state = act(game, state, "swap b2", "take c1", "swap c1")
    assert state.phase is Phase.CLEAR and state.actor == 0
    state = act(game, state, "clear a1 b1 c1")
    # the active player's discarded card first (step 3), the cleared triple on top (step 5)
    assert state.discard[-4:] == (1, 3, 3, 3)
    assert state.phase is Phase.DRAW and state.active == 1


def test_the_active_player_cannot_swap_into_the_slot_just_emptied() -> None:
    # seat 3 knocks; seat 3's n column is seat 0's own d column, so the active player
    # may take a card from it, but not swap the taken card back into that slot.
    game = make_game(4)
    state = draw(game, table(game, FOUR), 5)
    state = act(game, state, "pass", "pass", "knock", "give 3", "swap a1", "take n1")
    assert state.faces[slot(game, 0, "d1")] == "."
    assert "swap d1" not in legal_texts(game, state)
    state = act(game, state, "swap d2")
    assert state.cards[slot(game, 0, "d1")] == 1  # seat 3's hand card (its a1) fills the gap


def test_the_active_player_may_not_take_their_own_last_card_from_the_knocker() -> None:
    game = make_game(4)
    mine = ". . . 7 / . . . . / . . . ."  # seat 0's only card: d1, seat 3's n1
    seat1 = "#1 #2 #3 . / #5 #6 #7 . / #9 #10 #11 ."  # (seat 0's n column is empty)
    state = draw(game, table(game, [mine, seat1, DOWN4, DOWN4]), 5)
    state = act(game, state, "pass", "pass", "knock", "give 3", "swap b2")
    takeable = legal_texts(game, state)
    assert "take n1" not in takeable and "take a1" in takeable


def test_when_the_active_player_has_no_card_left_steps_3_and_4_are_skipped() -> None:
    game = make_game(4)
    mine = ". . . 7 / . . . . / . . . ."
    seat1 = "#1 #2 #3 . / #5 #6 #7 . / #9 #10 #11 ."
    knocker = "7 #2 #3 #4 / #5 #6 #8 #9 / #10 #11 #12 #1"
    state = draw(game, table(game, [mine, seat1, DOWN4, knocker]), 7)
    state = act(game, state, "pass", "pass", "knock", "give 3", "swap b1")
    state = act(game, state, "clear n1 a1 b1")  # takes seat 0's last card with it
    # default: the knocker's hand card (the face-down 2 from b1) is discarded
    assert state.discard[-4:] == (7, 7, 7, 2)
    assert state.held is None and state.phase is Phase.DRAW and state.active == 1
