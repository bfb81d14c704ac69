"""Set-up, the end of a round and its last turns, scoring, the end of the game, race."""

import random

from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.games.toquer.actions import Deal
from meeple.games.toquer.state import Phase
from support.toquer import DOWN4, act, legal_texts, make_game, slot, table

SMALL = {"-2": 20, "-1": 20, "0": 40, "1": 40, "2": 20, "3": 20, "4": 20, "5": 20, "7": 20}


def test_the_deal_gives_every_slot_a_face_down_card_and_starts_the_discard() -> None:
    game = make_game(3)
    state = game.initial_state()
    assert game.current_player(state) == CHANCE
    cards = tuple(range(1, 13)) * 3
    state = game.apply_chance(state, Deal(cards, 0))
    assert state.faces == "D" * 36 and state.discard == (0,) and state.round == 1
    assert sum(state.stock) == 150 - 37


def test_the_player_left_of_the_dealer_starts_by_revealing_two_own_cards() -> None:
    game = make_game(3)
    state = game.apply_chance(game.initial_state(), Deal(tuple(range(1, 13)) * 3, 0))
    assert state.dealer == 2 and state.actor == 0  # seat 0 is left of seat 2
    texts = legal_texts(game, state)
    assert len(texts) == 12 and not any("n" in t.split()[1] for t in texts)  # own cards only
    state = act(game, state, "reveal a1", "reveal b1")
    assert state.actor == 1
    state = act(game, state, "reveal a1", "reveal b1", "reveal c1", "reveal d1")
    assert state.phase is Phase.DRAW and state.actor == 0
    assert state.faces.count("U") == 6


def test_setup_reveals_in_own_grid_are_own_cards() -> None:
    game = make_game(3, layout="own_grid")
    state = game.apply_chance(
        game.initial_state(), game.sample_chance(game.initial_state(), random.Random(1))
    )
    assert len(legal_texts(game, state)) == 15


def test_revealing_ones_last_card_ends_the_round_for_the_others_last_turns() -> None:
    game = make_game(3)
    mine = "1 2 3 4 / 5 6 7 8 / 9 10 11 #12"
    state = table(game, [mine, DOWN4, DOWN4], phase=Phase.PLACE, drawn=0, from_stock=True)
    state = act(game, state, "discard d3")
    assert state.ender == 0 and state.last_turns == (1, 2) and state.active == 1
    state = act(game, state, "pile", "swap a1")
    assert state.last_turns == (2,) and state.active == 2
    state = act(game, state, "pile", "swap a1")
    assert state.last_round is not None and state.last_round.ender == 0
    assert state.faces.count("D") == 0  # all cards revealed


def test_the_active_player_ends_the_round_before_a_neighbour_finished_at_once() -> None:
    game = make_game(3)
    mine = "1 2 3 4 / 5 6 7 8 / 9 10 11 #12"
    seat1 = "1 2 3 4 / 5 6 7 8 / 9 10 11 12"  # already all revealed
    state = table(game, [mine, seat1, DOWN4], phase=Phase.PLACE, drawn=0, from_stock=True)
    state = act(game, state, "discard d3")
    assert state.ender == 0


def test_revealing_a_neighbours_last_card_makes_the_neighbour_end_the_round() -> None:
    game = make_game(3)
    seat1 = "1 2 3 4 / 5 6 7 8 / 9 10 11 #12"  # its last face-down card is seat 0's n3
    state = table(game, [DOWN4, seat1, DOWN4], phase=Phase.PLACE, drawn=0, from_stock=True)
    state = act(game, state, "discard n3")
    assert state.ender == 1
    assert state.last_turns == (2, 0)  # every other player, the active one last
    assert state.active == 2


def _scored(scores: tuple[int, int, int], seat2: str) -> object:
    game = make_game(3, deck=SMALL)
    seat0 = "0 1 0 1 / 1 0 1 0 / 0 1 0 #1"  # 6 once d3 is revealed
    seat1 = "2 3 2 3 / 3 2 3 2 / 2 3 2 3"  # 30
    state = table(
        game,
        [seat0, seat1, seat2],
        phase=Phase.PLACE,
        drawn=5,
        from_stock=True,
        ender=2,
        last_turns=(0,),
        scores=scores,
    )
    return act(game, state, "discard d3")


def test_the_round_ender_scores_double_when_not_strictly_lowest() -> None:
    state = _scored((0, 0, 0), "0 1 0 1 / 1 0 1 0 / 0 1 0 1")  # 6, tied with seat 0
    assert state.last_round.points == (6, 30, 12) and state.last_round.doubled  # type: ignore[attr-defined]
    assert state.scores == (6, 30, 12)  # type: ignore[attr-defined]


def test_the_round_ender_scores_single_when_strictly_lowest() -> None:
    state = _scored((0, 0, 0), "0 0 0 0 / 0 0 0 0 / 0 0 0 1")
    assert state.last_round.points == (6, 30, 1)  # type: ignore[attr-defined]
    assert not state.last_round.doubled  # type: ignore[attr-defined]


def test_a_negative_score_is_never_doubled() -> None:
    game = make_game(3, deck=SMALL)
    seat0 = "0 -1 0 0 / 1 0 -1 0 / 0 1 0 #-1"  # -1
    seat2 = "-1 1 -1 1 / 1 -1 1 -1 / 0 0 0 -1"  # -1, ended the round
    state = table(
        game,
        [seat0, "2 3 2 3 / 3 2 3 2 / 2 3 2 3", seat2],
        phase=Phase.PLACE,
        drawn=5,
        from_stock=True,
        ender=2,
        last_turns=(0,),
    )
    state = act(game, state, "discard d3")
    assert state.last_round is not None and state.last_round.points == (-1, 30, -1)


def test_cards_in_a_shared_column_score_for_their_owner() -> None:
    state = _scored((0, 0, 0), "0 0 0 0 / 0 0 0 0 / 0 0 0 1")
    # seat 0's fifth column (seat 1's d column, 3+2+3) counts for seat 1, not seat 0
    assert state.last_round.points[0] == 6  # type: ignore[attr-defined]


def test_the_next_round_is_dealt_by_the_player_who_started() -> None:
    state = _scored((0, 0, 0), "0 0 0 0 / 0 0 0 0 / 0 0 0 1")
    assert state.phase is Phase.DEAL and state.dealer == 0  # type: ignore[attr-defined]
    game = make_game(3, deck=SMALL)
    dealt = game.apply_chance(state, game.sample_chance(state, random.Random(3)))  # type: ignore[arg-type]
    assert dealt.actor == 1 and dealt.round == 2


def test_the_game_ends_after_the_round_reaching_100_lowest_total_wins() -> None:
    state = _scored((95, 10, 50), "0 0 0 0 / 0 0 0 0 / 0 0 0 1")
    assert state.phase is Phase.OVER and state.actor == TERMINAL  # type: ignore[attr-defined]
    assert state.scores == (101, 40, 51) and state.winners == (1,)  # type: ignore[attr-defined]
    game = make_game(3, deck=SMALL)
    assert game.returns(state) == (-0.5, 1.0, -0.5)  # type: ignore[arg-type]
    assert game.result(state).winners == (1,)  # type: ignore[arg-type]


def test_a_tie_for_the_lowest_total_is_a_shared_win() -> None:
    state = _scored((95, 20, 49), "0 0 0 0 / 0 0 0 0 / 0 0 0 1")
    assert state.scores == (101, 50, 50) and state.winners == (1, 2)  # type: ignore[attr-defined]


def test_race_the_first_to_clear_all_own_cards_wins_at_once() -> None:
    game = make_game(3, goal="race")
    mine = "5 5 #3 . / . . . . / . . . ."
    state = table(game, [mine, DOWN4, DOWN4], phase=Phase.PLACE, drawn=5, from_stock=True)
    state = act(game, state, "swap c1", "clear a1 b1 c1")
    assert state.phase is Phase.OVER and state.winners == (0,)


def test_without_race_clearing_all_cards_ends_the_round_instead() -> None:
    game = make_game(3)
    mine = "5 5 #3 . / . . . . / . . . ."
    state = table(game, [mine, DOWN4, DOWN4], phase=Phase.PLACE, drawn=5, from_stock=True)
    state = act(game, state, "swap c1", "clear a1 b1 c1")
    assert state.phase is Phase.DRAW and state.ender == 0
    assert state.faces[slot(game, 0, "a1")] == "."


def test_a_seat_without_any_card_among_its_fifteen_skips_its_turn() -> None:
    game = make_game(3, layout="own_grid")
    empty = ". . . . . / . . . . . / . . . . ."
    down = "#1 #2 #3 #4 #5 / #6 #7 #8 #9 #10 / #11 #12 #1 #2 #3"
    state = table(
        game,
        [down, empty, down],
        phase=Phase.PLACE,
        drawn=5,
        from_stock=True,
        ender=2,
        last_turns=(0, 1),
    )
    state = act(game, state, "discard a1")
    # seat 1 has nothing to play: its last turn passes, and the round is scored
    assert state.last_round is not None and state.round_turns == 2
