"""Views (hidden information), the leak test, the heuristic bot, the renderer."""

import random
from collections import Counter
from dataclasses import replace

from rich.console import Console

from meeple.bots.heuristic.toquer import HeuristicBot
from meeple.bots.registry import make_bot
from meeple.cli.render.toquer import render_view
from meeple.games.toquer import ToquerGame
from meeple.games.toquer.layout import DOWN
from meeple.games.toquer.state import Phase, ToquerState
from meeple.games.toquer.view import unseen_counts
from meeple.sim.match import play_match
from support.playouts import random_states
from support.toquer import DOWN4, act, draw, make_game, slot, table


# ----------------------------------------------------------------------------- views
def test_face_down_values_are_hidden_from_everyone_even_their_owner() -> None:
    game = make_game(3)
    state = table(game, ["5 #9 #1 #2 / #3 #4 #6 #7 / #8 #10 #11 #12", DOWN4, DOWN4])
    for seat in (0, 1, None):
        view = game.view(state, seat)
        assert view.cards[slot(game, 0, "a1")] == 5
        assert view.cards[slot(game, 0, "b1")] == 0 and view.faces[slot(game, 0, "b1")] == "D"
        assert view.stock_size == sum(state.stock)


def test_the_view_shows_the_public_discard_pile_and_drawn_card() -> None:
    game = make_game(4)
    state = draw(game, table(game, [DOWN4] * 4, discard=(1, 2, 3)), 8)
    view = game.view(state, 2)
    assert view.discard == (1, 2, 3) and view.drawn == 8 and view.from_stock


def test_swapping_hidden_cards_changes_no_view_nor_a_bot_choice() -> None:
    """The leak test: other seats' face-down cards and the stock's contents reshuffled."""
    game = make_game(4)
    for state in random_states(game, 3, 300)[::7]:
        for seat in range(4):
            other = game.redeal_hidden(state, seat, random.Random(seat))
            assert game.view(other, seat) == game.view(state, seat)
            if game.current_player(state) == seat:
                legal = game.legal_actions(state)
                first = HeuristicBot(game, seat, random.Random(1)).choose(
                    game.view(state, seat), legal
                )
                second = HeuristicBot(game, seat, random.Random(1)).choose(
                    game.view(other, seat), game.legal_actions(other)
                )
                assert first == second


def test_a_hand_swap_of_two_face_down_cards_is_invisible() -> None:
    game = make_game(3)
    state = table(game, [DOWN4, DOWN4, DOWN4])
    a, b = slot(game, 1, "a1"), slot(game, 2, "c3")
    cards = list(state.cards)
    cards[a], cards[b] = cards[b], cards[a]
    swapped = replace(state, cards=tuple(cards))
    assert swapped != state
    for seat in (0, 1, 2, None):
        assert game.view(swapped, seat) == game.view(state, seat)


def test_determinize_agrees_with_the_view_and_conserves_the_cards() -> None:
    game = make_game(4, layout="own_grid")
    for state in random_states(game, 8, 400)[::13]:
        for seat in range(4):
            view = game.view(state, seat)
            sampled = game.determinize(view, random.Random(seat))
            assert game.view(sampled, seat) == view
            assert game.card_inventory(sampled) == game.full_inventory()


def test_the_knockers_hidden_hand_card_is_redealt_for_others_only() -> None:
    game = make_game(4)
    state = draw(game, table(game, [DOWN4] * 4), 5)
    state = act(game, state, "pass", "knock", "pass", "give 2", "swap b2")
    assert state.held_hidden
    views = {game.view(game.redeal_hidden(state, 2, random.Random(k)), 2).held for k in range(5)}
    assert views == {6}  # the knocker knows it
    seen = {game.redeal_hidden(state, 0, random.Random(k)).held for k in range(40)}
    assert len(seen) > 1  # for seat 0 it could be any unseen card


def test_unseen_counts_match_a_count_of_every_hidden_card_in_any_order_of_asking() -> None:
    """The count keeps its last answer by the identity of the view's tuples: views of one
    state, of successive states (a drawn card, then a swap) and again of an earlier one
    must each get their own count: the stock's cards plus every hidden card."""
    game = make_game(4)
    states = random_states(game, 5, 200)
    asked = [(state, seat) for state in states for seat in (0, 1, 2, 3, None)]
    for state, seat in [*asked, *reversed(asked[::3])]:
        view = game.view(state, seat)
        hidden = Counter(dict(zip(game.deck.values, state.stock, strict=True)))
        faces = zip(state.cards, state.faces, strict=True)
        hidden.update(card for card, face in faces if face == DOWN)
        if state.held is not None and view.held is None:
            hidden[state.held] += 1  # a knocker's face-down hand card
        assert unseen_counts(game.deck, view) == +hidden


# ------------------------------------------------------------------------------ bots
def choose(game: ToquerGame, state: ToquerState, seat: int | None = None) -> str:
    actor = game.current_player(state) if seat is None else seat
    bot = make_bot("heuristic", game, actor, random.Random(0))  # type: ignore[arg-type]
    action = bot.choose(game.view(state, actor), game.legal_actions(state))
    return game.format_action(state, action)  # type: ignore[arg-type]


def test_bot_clears_a_triple_of_high_cards_but_keeps_negative_ones() -> None:
    game = make_game(2)
    high = table(game, ["9 9 9 #1 / #2 #3 #4 #5 / #6 #7 #8 #10", DOWN4], phase=Phase.CLEAR)
    assert choose(game, high) == "clear a1 b1 c1"
    low = table(game, ["-2 -2 -2 #1 / #2 #3 #4 #5 / #6 #7 #8 #10", DOWN4], phase=Phase.CLEAR)
    assert choose(game, low) == "done"


def test_bot_builds_a_triple_with_the_drawn_card() -> None:
    game = make_game(2)
    state = table(
        game,
        ["7 7 #5 #1 / #2 #3 #4 #6 / #8 #9 #10 #11", DOWN4],
        phase=Phase.PLACE,
        drawn=7,
        from_stock=True,
    )
    assert choose(game, state) == "swap c1"


def test_bot_takes_a_low_discard_and_replaces_its_worst_card() -> None:
    game = make_game(2)
    state = table(game, ["12 #2 #3 #4 / #5 #6 #7 #8 / #9 #10 #11 #1", DOWN4], discard=(5, -2))
    assert choose(game, state) == "pile"
    assert choose(game, act(game, state, "pile")) == "swap a1"


def test_bot_discards_a_high_card_and_reveals_one_of_its_own() -> None:
    game = make_game(2)
    state = table(
        game,
        ["1 0 #3 #4 / #5 #6 #7 #8 / #9 #10 #11 #1", DOWN4],
        phase=Phase.PLACE,
        drawn=12,
        from_stock=True,
    )
    text = choose(game, state)
    assert text.startswith("discard ") and not text.endswith(("n1", "n2", "n3"))


def test_bot_knocks_for_a_card_that_completes_its_triple_and_passes_otherwise() -> None:
    game = make_game(3)
    seat1 = "10 10 #1 #2 / #3 #4 #5 #6 / #7 #8 #9 #11"
    state = draw(game, table(game, [DOWN4, seat1, DOWN4]), 10)
    assert state.actor == 1 and choose(game, state) == "knock"
    state = draw(game, table(game, [DOWN4, seat1, DOWN4]), 4)
    assert choose(game, state) == "pass"


def test_bot_gives_the_card_when_the_knocker_has_a_card_it_wants() -> None:
    game = make_game(3)
    mine = "12 12 #1 #2 / 11 #3 #4 #5 / #6 #7 #8 #9"
    knocker = "-2 #1 #2 #3 / #4 #5 #6 #7 / #8 #9 #10 #11"
    state = draw(game, table(game, [mine, knocker, DOWN4]), 6)
    state = act(game, state, "knock", "pass")
    assert choose(game, state) == "give 1"


def test_bot_refuses_when_the_drawn_card_is_worth_more_to_itself() -> None:
    game = make_game(3)
    mine = "8 8 #1 #2 / #3 #4 #5 #6 / #7 #9 #10 #11"
    knocker = "8 8 #1 #2 / #3 #4 #5 #6 / #7 #9 #10 #11"
    state = draw(game, table(game, [mine, knocker, DOWN4]), 8)
    state = act(game, state, "knock", "pass")
    assert choose(game, state) == "refuse"


def test_bot_ends_the_round_when_ahead_and_not_when_behind() -> None:
    game = make_game(2)
    ahead = "0 0 1 1 / 1 0 0 1 / 2 2 1 #1"
    rich = "9 10 11 12 / 12 11 10 9 / 9 10 #12 #11"
    state = table(game, [ahead, rich], phase=Phase.PLACE, drawn=12, from_stock=True)
    assert choose(game, state) == "discard d3"  # reveal the last card: the round ends
    behind = "12 11 10 12 / 11 10 9 12 / 10 9 11 #1"
    poor = "0 0 1 1 / 1 0 0 1 / 2 2 1 #1"
    state = table(game, [behind, poor], phase=Phase.PLACE, drawn=12, from_stock=True)
    assert choose(game, state) != "discard d3"


def test_heuristic_bot_beats_random_players() -> None:
    game = make_game(3)
    wins = 0
    for seed in range(6):
        seat = seed % 3
        specs = ["random"] * 3
        specs[seat] = "heuristic"
        result = play_match(game, specs, seed, record=False).result  # type: ignore[arg-type]
        wins += seat in result.winners
    assert wins >= 5


def test_heuristic_games_end_in_every_layout() -> None:
    for layout in ("shared_column", "own_grid"):
        game = make_game(3, layout=layout, end_score=60)
        outcome = play_match(game, ["heuristic"] * 3, 4, record=False, max_steps=30_000)  # type: ignore[arg-type]
        assert outcome.result.winners


# -------------------------------------------------------------------------- renderer
def test_renderer_shows_layouts_discard_scores_and_the_knock() -> None:
    game = make_game(4)
    state = draw(
        game,
        table(game, ["-2 #2 . #4 / #5 #6 #7 #8 / #9 #10 #11 #12"] + [DOWN4] * 3, discard=(3, 9)),
        5,
    )
    state = act(game, state, "knock", "pass", "pass")
    console = Console(record=True, width=130)
    console.print(render_view(game, game.view(state, 0)))  # type: ignore[arg-type]
    text = console.export_text()
    for expected in (
        "seat 0 (you)",
        "seat 3",
        "n=d1",
        "discard 9",
        "drawn from the stock: 5",
        "KNOCKED",
        "##",
        "-2",
        "·",
        "total",
        "round 1",
    ):
        assert expected in text, expected


def test_renderer_explains_the_neighbour_s_column_for_the_table_s_layout() -> None:
    legends = {}
    for layout in ("shared_column", "own_grid"):
        game = make_game(2, layout=layout)
        console = Console(record=True, width=200)
        console.print(render_view(game, game.view(game.initial_state(), 0)))  # type: ignore[arg-type]
        legends[layout] = console.export_text()
    assert "your fifth column, which you play as your own" in legends["shared_column"]
    assert "it counts in your rows only; your own 15 cards are a-e" in legends["own_grid"]
