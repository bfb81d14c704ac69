"""Options, notation and the reasons given for illegal moves."""

import random

import pytest

from meeple.engine.errors import IllegalActionError, InvalidActionError, InvalidOptionError
from meeple.engine.protocol import CHANCE
from meeple.engine.registry import load_game
from meeple.games.toquer.actions import Clear, Draw, Give, Swap
from meeple.games.toquer.state import Phase
from support.toquer import DOWN4, DOWN5, act, make_game, table


def test_defaults_match_the_spec() -> None:
    game = load_game("toquer")
    assert game.players == 4
    assert game.options == {
        "layout": "shared_column",
        "deck": "standard",
        "discard_draw_must_keep": False,
        "gaps_break_adjacency": False,
        "goal": "points",
        "end_score": 100,
    }
    assert game.full_inventory()[-2] == 5 and sum(game.full_inventory().values()) == 150


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"layout": "ring"}, '"shared_column", "own_grid"'),
        ({"goal": "fastest"}, '"points", "race"'),
        ({"gaps_break_adjacency": "no"}, "true or false"),
        ({"end_score": 0}, ">= 1"),
        ({"deck": "tiny"}, '"standard" or an object'),
        ({"deck": {"x": 3}}, "is not an integer"),
        ({"colour": 1}, "valid options: deck, discard_draw_must_keep"),
    ],
)
def test_bad_option_values_raise_and_list_what_is_valid(
    options: dict[str, object], expected: str
) -> None:
    with pytest.raises(InvalidOptionError, match=expected.replace("(", r"\(")):
        load_game("toquer", 3, **options)  # type: ignore[arg-type]


def test_player_counts_are_two_to_eight() -> None:
    with pytest.raises(InvalidOptionError, match="2, 3, 4, 5, 6, 7, 8"):
        load_game("toquer", 9)


def test_a_deck_too_small_for_the_table_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="at least 122 are needed"):
        load_game("toquer", 8, layout="own_grid", deck={"1": 60, "2": 60})


def test_a_custom_deck_is_used() -> None:
    game = make_game(2, deck={"3": 20, "-1": 20})
    assert game.deck.values == (-1, 3) and game.full_inventory() == {-1: 20, 3: 20}
    state = game.initial_state()
    deal = game.sample_chance(state, random.Random(1))
    assert set(deal.cards) <= {-1, 3}  # type: ignore[union-attr]


def test_every_legal_action_round_trips_through_notation() -> None:
    for layout in ("shared_column", "own_grid"):
        game = make_game(4, layout=layout)
        rng = random.Random(5)
        state = game.initial_state()
        for _ in range(400):
            if game.is_terminal(state):
                break
            if game.current_player(state) == CHANCE:
                state = game.apply_chance(state, game.sample_chance(state, rng))
                continue
            legal = game.legal_actions(state)
            texts = [game.format_action(state, a) for a in legal]
            assert len(set(texts)) == len(texts)
            for action, text in zip(legal, texts, strict=True):
                assert game.parse_action(state, text) == action
                assert game.parse_action(state, text.upper()) == action
            state = game.apply_action(state, legal[rng.randrange(len(legal))])


def test_notation_examples() -> None:
    game = make_game(3)
    assert game.format_action(table(game, [DOWN4] * 3), Swap(7)) == "swap b2"
    assert game.format_action(table(game, [DOWN4] * 3), Clear(0, 5, 10)) == "clear n1 n2 n3"
    assert game.format_action(table(game, [DOWN4] * 3), Give(2)) == "give 2"


def test_clear_positions_may_be_typed_in_any_order() -> None:
    game = make_game(3)
    state = table(game, [DOWN4] * 3)
    assert game._parse_action(state, "clear c1 a1 b1") == Clear(1, 2, 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("jump", "unknown move 'jump'; expected one of: stock, pile"),
        ("swap", "needs one position"),
        ("swap z1", "position 'z1' is not valid: expected a column letter (n, a, b, c, d)"),
        ("swap e1", "position 'e1' is not valid"),
        ("swap a4", "then a row (1-3)"),
        ("give x", "needs the knocker's seat number"),
        ("clear a1 b1", "needs three positions"),
        ("stock now", "takes nothing after it"),
    ],
)
def test_malformed_text_says_what_is_wrong(text: str, message: str) -> None:
    game = make_game(3)
    state = table(game, [DOWN4] * 3, phase=Phase.PLACE, drawn=5, from_stock=True)
    with pytest.raises(InvalidActionError) as error:
        game.parse_action(state, text)
    assert message in str(error.value)


def test_illegal_moves_give_a_reason() -> None:
    game = make_game(3)
    setup = table(game, [DOWN4] * 3, phase=Phase.SETUP, setup_left=6)
    with pytest.raises(IllegalActionError, match="your own cards, not your neighbour's"):
        act(game, setup, "reveal n1")
    with pytest.raises(IllegalActionError, match="now you must reveal one of your own"):
        act(game, setup, "stock")
    place = table(
        game,
        ["3 . #1 #2 / #4 #5 #6 #7 / #8 #9 #10 #11", DOWN4, DOWN4],
        phase=Phase.PLACE,
        drawn=5,
        from_stock=True,
    )
    with pytest.raises(IllegalActionError, match="empty: its card was cleared"):
        act(game, place, "swap b1")
    with pytest.raises(IllegalActionError, match="already face up"):
        act(game, place, "discard a1")
    own = make_game(3, layout="own_grid")
    place5 = table(own, [DOWN5] * 3, phase=Phase.PLACE, drawn=5, from_stock=True)
    with pytest.raises(IllegalActionError, match="n column is your neighbour's"):
        act(own, place5, "swap n2")


def test_chance_outcomes_are_the_stock_counts() -> None:
    game = make_game(2)
    state = act(game, table(game, [DOWN4, DOWN4]), "stock")
    outcomes = game.chance_outcomes(state)
    assert outcomes is not None
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert dict(outcomes)[Draw(-2)] == pytest.approx(5 / sum(state.stock))


def test_impossible_chance_outcomes_are_refused() -> None:
    game = make_game(2, deck={"1": 24, "2": 40})  # every 1 is on the table
    ones = "#1 #1 #1 #1 / #1 #1 #1 #1 / #1 #1 #1 #1"
    state = act(game, table(game, [ones, ones], discard=(2,)), "stock")
    with pytest.raises(IllegalActionError, match="impossible"):
        game.apply_chance(state, Draw(7))  # not in the deck
    with pytest.raises(IllegalActionError, match="impossible"):
        game.apply_chance(state, Draw(1))  # none left in the stock
    assert game.apply_chance(state, Draw(2)).drawn == 2
