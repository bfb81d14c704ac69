"""A turn: drawing, keeping or discarding, clearing and the order of the discards."""

from dataclasses import replace

import pytest

from meeple.engine.errors import IllegalActionError
from meeple.engine.protocol import CHANCE
from meeple.games.toquer.state import Phase
from support.toquer import DOWN4, act, draw, legal_texts, make_game, slot, table


def test_draw_offers_the_stock_and_the_discard_pile() -> None:
    game = make_game(2)
    state = table(game, [DOWN4, DOWN4])
    assert legal_texts(game, state) == ["stock", "pile"]
    state = act(game, state, "stock")
    assert game.current_player(state) == CHANCE


def test_a_card_drawn_from_the_discard_pile_must_be_kept_with_the_option() -> None:
    game = make_game(2, discard_draw_must_keep=True)
    state = act(game, table(game, [DOWN4, DOWN4], discard=(3, 9)), "pile")
    assert state.drawn == 9 and state.discard == (3,)
    texts = legal_texts(game, state)
    assert all(t.startswith("swap") for t in texts)
    with pytest.raises(IllegalActionError, match="must be kept"):
        act(game, state, "discard a1")


def test_a_discard_draw_may_be_discarded_again_by_default_as_in_the_seed() -> None:
    game = make_game(2)
    state = act(game, table(game, [DOWN4, DOWN4], discard=(3, 9)), "pile")
    assert "discard a1" in legal_texts(game, state)


def test_a_stock_draw_may_be_discarded_to_reveal_a_face_down_card() -> None:
    game = make_game(2)
    state = draw(game, table(game, [DOWN4, DOWN4]), 11)
    assert state.phase is Phase.PLACE  # no knocking with two players
    state = act(game, state, "discard b2")
    assert state.faces[slot(game, 0, "b2")] == "U"
    assert state.discard[-1] == 11
    assert state.active == 1 and state.phase is Phase.DRAW


def test_discard_is_not_offered_without_a_face_down_card() -> None:
    game = make_game(2)
    grid = "1 2 3 4 / 5 6 7 8 / 9 10 11 12"
    state = table(game, [grid, grid], phase=Phase.PLACE, drawn=0, from_stock=True)
    assert not any(t.startswith("discard") for t in legal_texts(game, state))


def test_keeping_puts_the_card_face_up_and_discards_the_card_taken_out() -> None:
    game = make_game(2)
    state = table(game, [DOWN4, DOWN4], phase=Phase.PLACE, drawn=0, from_stock=True)
    state = act(game, state, "swap c3")  # c3 held a face-down 11
    assert state.cards[slot(game, 0, "c3")] == 0 and state.faces[slot(game, 0, "c3")] == "U"
    assert state.discard[-1] == 11
    assert state.active == 1


def test_swap_may_take_a_face_up_card_too() -> None:
    game = make_game(2)
    grid = "#1 #2 #3 #4 / #5 12 #7 #8 / #9 #10 #11 #12"
    state = table(game, [grid, DOWN4], phase=Phase.PLACE, drawn=0, from_stock=True)
    state = act(game, state, "swap b2")
    assert state.discard[-1] == 12


def test_keeping_clears_before_discarding_the_card_taken_out() -> None:
    game = make_game(2)
    grid = "4 4 #6 #1 / #2 #3 #5 #7 / #8 #9 #10 #11"
    state = table(game, [grid, DOWN4], phase=Phase.PLACE, drawn=4, from_stock=True)
    state = act(game, state, "swap c1")
    assert state.phase is Phase.CLEAR and state.held == 6
    state = act(game, state, "clear a1 b1 c1")
    # seed: the card taken out goes on the discard pile only after the clearing
    assert state.discard[-4:] == (4, 4, 4, 6)
    assert state.phase is Phase.DRAW and state.active == 1


def test_discarding_then_revealing_a_triple_clears_it_on_top_of_the_drawn_card() -> None:
    game = make_game(2)
    grid = "4 4 #4 #1 / #2 #3 #5 #7 / #8 #9 #10 #11"
    state = table(game, [grid, DOWN4], phase=Phase.PLACE, drawn=12, from_stock=True)
    state = act(game, state, "discard c1", "clear a1 b1 c1")
    assert state.discard[-4:] == (12, 4, 4, 4)


def test_clearing_is_optional() -> None:
    game = make_game(2)
    grid = "-2 -2 #-2 #1 / #2 #3 #5 #7 / #8 #9 #10 #11"
    state = table(game, [grid, DOWN4], phase=Phase.PLACE, drawn=12, from_stock=True)
    state = act(game, state, "discard c1", "done")
    assert state.faces[slot(game, 0, "a1")] == "U" and state.active == 1


def test_an_old_triple_may_be_cleared_in_the_clearing_step() -> None:
    game = make_game(2)
    grid = "8 8 8 #1 / #2 #3 #5 #7 / #9 #10 #11 #12"
    state = table(game, [grid, DOWN4], phase=Phase.PLACE, drawn=6, from_stock=True)
    state = act(game, state, "discard d2")
    assert legal_texts(game, state) == ["clear a1 b1 c1", "done"]


def test_an_empty_stock_is_refilled_from_the_discard_pile_but_its_top() -> None:
    game = make_game(2)
    state = table(game, [DOWN4, DOWN4], discard=(1, 2, 3))
    # the stock's cards are put nowhere: this is a rules test, not a conservation test
    state = replace(state, stock=(0,) * len(state.stock))
    state = act(game, state, "stock")
    assert state.discard == (3,)
    assert sum(state.stock) == 2 and state.stock[game.value_index[1]] == 1
    assert game.current_player(state) == CHANCE


def test_the_stock_is_not_offered_when_it_and_the_pile_below_the_top_are_empty() -> None:
    game = make_game(2)
    state = table(game, [DOWN4, DOWN4], discard=(3,))
    state = replace(state, stock=(0,) * len(state.stock))
    assert legal_texts(game, state) == ["pile"]
    with pytest.raises(IllegalActionError, match="stock is empty"):
        act(game, state, "stock")
