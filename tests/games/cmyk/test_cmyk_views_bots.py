"""CMYK views (hidden information), the heuristic bot, the renderer."""

import random

from rich.console import Console

from meeple.bots.heuristic.cmyk import HeuristicBot
from meeple.bots.registry import make_bot
from meeple.cli.render.cmyk import render_view
from meeple.games.cmyk.actions import Draw
from meeple.games.cmyk.rules import CmykGame
from meeple.games.cmyk.state import CmykState
from meeple.sim.match import play_match
from support.cmyk import cards, make_state
from support.playouts import random_states


# ----------------------------------------------------------------------------- views
def test_a_view_shows_the_own_hand_and_only_the_sizes_of_the_others() -> None:
    game = CmykGame(3)
    state = make_state(game, ["C10 M20", "Y30 K40 W", "S"], piles=("C20", "", "", ""))
    view = game.view(state, 1)
    assert view.hand == cards("Y30 K40 W")
    assert view.hand_sizes == (2, 3, 1)
    assert view.stock_size == len(state.stock)
    assert game.view(state, None).hand == ()


def test_the_view_does_not_change_when_the_other_hands_do() -> None:
    game = CmykGame(3)
    one = make_state(game, ["C10 M20", "Y30 K40 W", "S"])
    two = make_state(game, ["C10 M20", "Y50 C* X2", "C90"])
    assert game.view(one, 0) == game.view(two, 0)
    assert game.view(one, 1) != game.view(two, 1)


def test_cards_won_show_as_counts_per_seat_and_one_public_pile() -> None:
    game = CmykGame(2)
    state = make_state(game, ["C20 M10", "K10"], piles=("C50 C30", "", "", ""))
    state = game.apply_action(state, game.parse_action(state, "C20"))
    view = game.view(state, 1)
    assert view.won_counts == (3, 0) and view.completions == (1, 0)
    assert view.won == cards("C20 C30 C50")


def test_leak_seat_views_and_bot_choices_ignore_hidden_cards() -> None:
    game = CmykGame(4)
    shuffle = random.Random(5)
    for state in random_states(game, 2, 300)[::7]:
        actor = game.current_player(state)
        for seat in range(4):
            other = game.redeal_hidden(state, seat, shuffle)
            assert game.view(other, seat) == game.view(state, seat)
            if actor == seat:
                legal = game.legal_actions(state)
                first = HeuristicBot(game, seat, random.Random(9)).choose(
                    game.view(state, seat), legal
                )
                second = HeuristicBot(game, seat, random.Random(9)).choose(
                    game.view(other, seat), game.legal_actions(other)
                )
                assert first == second


def test_determinize_agrees_with_the_view_and_keeps_the_deck() -> None:
    game = CmykGame(5)
    rng = random.Random(4)
    for state in random_states(game, 8, 200)[::11]:
        for seat in range(5):
            view = game.view(state, seat)
            sampled = game.determinize(view, rng)
            assert game.view(sampled, seat) == view
            assert game.card_inventory(sampled) == game.full_inventory()


def test_a_draw_is_seen_by_the_drawing_seat_only() -> None:
    game = CmykGame(3)
    state = make_state(game, ["C10", "M10", "Y10"], stage="draw", seat=2, to_draw=1)
    assert game.outcome_visibility(state, Draw(cards("C20")[0])) == frozenset({2})
    played = make_state(game, ["C10", "M10", "Y10"], piles=("C20", "", "", ""))
    assert game.action_visibility(played, game.legal_actions(played)[0]) is None


# ------------------------------------------------------------------------------ bot
def bot_choice(game: CmykGame, state: CmykState) -> str:
    bot = make_bot("heuristic", game, state.seat, random.Random(1))  # type: ignore[arg-type]
    action = bot.choose(game.view(state, state.seat), game.legal_actions(state))
    return game.format_action(state, action)  # type: ignore[arg-type]


def test_the_bot_completes_a_big_pile() -> None:
    game = CmykGame(2)
    state = make_state(
        game, ["C10 M30 K20 Y50", "C90"], piles=("C20 C30 C10 C30", "M20", "", "K50")
    )
    assert bot_choice(game, state) == "C10"


def test_the_bot_takes_every_pile_it_can_at_once() -> None:
    game = CmykGame(2)
    state = make_state(game, ["C30 M40 K10", "C90"], piles=("C40 C30", "M20 M40", "Y10", "K20"))
    assert bot_choice(game, state) == "C30+M40"


def test_the_bot_holds_its_joker_and_sweep_for_bigger_piles() -> None:
    game = CmykGame(2)
    state = make_state(game, ["C* S M10", "C90"], piles=("C30", "M20", "", ""))
    assert bot_choice(game, state) == "M10"


def test_the_bot_avoids_setting_up_the_next_player() -> None:
    game = CmykGame(2)
    # Y40 on 50% would leave 10% (four whites, the joker) for a pile of three cards;
    # M10 on 20% leaves 70% (two M70, the joker) for a pile of two
    state = make_state(
        game, ["Y40 M10", "K90"], piles=("C10", "M20", "Y20 Y30", "K10"), won="Y10 Y10"
    )
    assert bot_choice(game, state) == "M10"


def test_the_heuristic_bot_beats_random_players() -> None:
    game = CmykGame(4)
    wins = 0.0
    games = 48
    for index in range(games):
        hero = index % 4
        specs = ["random"] * 4
        specs[hero] = "heuristic"
        result = play_match(game, specs, seed=300 + index, record=False).result  # type: ignore[arg-type]
        if hero in result.winners:
            wins += 1 / len(result.winners)
    assert wins / games > 0.35  # a fair share is 0.25


# ------------------------------------------------------------------------- renderer
def test_the_renderer_shows_piles_hand_and_cards_won() -> None:
    game = CmykGame(3)
    state = make_state(
        game,
        ["C10 W K* X2", "M10", "S"],
        piles=("C20 C30", "", "Y90", ""),
        mix="",
        won_counts=(4, 7, 0),
        completions=(1, 2, 0),
    )
    console = Console(record=True, width=120, color_system="truecolor")
    console.print(render_view(game, game.view(state, 0)))  # type: ignore[arg-type]
    text = console.export_text(clear=False)
    for expected in ("C cyan", "50%", "needs 50%", "Y90", "90%", "C10 W K* X2(50/0/50/30)"):
        assert expected in text
    assert "7" in text and "(you)" in text
    assert "\x1b[" in console.export_text(styles=True)  # drawn in colour


def test_the_renderer_shows_the_mix_and_closed_piles() -> None:
    game = CmykGame(2)
    state = make_state(game, ["C10", "M10"], piles=("", "", "Y10", ""), mix="X1")
    console = Console(record=True, width=120)
    console.print(render_view(game, game.view(state, None)))  # type: ignore[arg-type]
    text = console.export_text()
    assert "mix in play: X1(0/50/90/10)" in text and "100% closed" in text
    assert "your hand" not in text
