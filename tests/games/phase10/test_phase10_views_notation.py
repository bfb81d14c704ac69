"""Phase 10 views (no leaks), notation both ways."""

import random

import pytest

import meeple
from meeple.bots.registry import make_bot
from meeple.engine.errors import IllegalActionError, InvalidActionError
from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.games.phase10.actions import Discard, Hit, Place
from meeple.games.phase10.cards import SKIP, WILD
from meeple.games.phase10.rules import Phase10Game
from meeple.games.phase10.state import Phase10State, Stage
from support.phase10 import c, make_state, run, set_of


def game(players: int = 4) -> Phase10Game:
    loaded = meeple.load_game("phase10", players)
    assert isinstance(loaded, Phase10Game)
    return loaded


def states_of_a_game(g: Phase10Game, seed: int, every: int = 5) -> list[Phase10State]:
    """Every ``every``-th decision state of a heuristic game."""
    bots = [make_bot("heuristic", g, s, random.Random(seed + s)) for s in range(g.players)]
    rng = random.Random(seed)
    state = g.initial_state()
    seen: list[Phase10State] = []
    while (actor := g.current_player(state)) != TERMINAL:
        if actor == CHANCE:
            state = g.apply_chance(state, g.sample_chance(state, rng))
            continue
        if len(seen) < 10_000 and rng.randrange(every) == 0:
            seen.append(state)
        state = g.apply_action(
            state, bots[actor].choose(g.view(state, actor), g.legal_actions(state))
        )
    return seen


def test_views_hide_other_hands_and_show_public_facts() -> None:
    g = game(3)
    state = states_of_a_game(g, 3)[5]
    view = g.view(state, 1)
    assert view.hand == state.hands[1]
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    assert g.view(state, None).hand is None
    assert view.discard == state.discard and view.table == state.table


def test_a_card_taken_from_the_discards_is_known_to_all_until_it_leaves_the_hand() -> None:
    g = game(2)
    state = make_state(
        g, ["1r 2r 3r 4r 6b 8b 10y 11y 12g 9g", "1y 2y 3g"], stage=Stage.DRAW, discard="7g"
    )
    state = g.apply_action(state, g.parse_action(state, "take"))
    assert g.view(state, 1).known[0] == (c("7g"),)
    state = g.apply_action(state, Discard(c("7g")))
    assert g.view(state, 1).known[0] == ()


def test_the_heuristic_bot_decides_the_same_whatever_it_cannot_see() -> None:
    g = game(4)
    rng = random.Random(0)
    for state in states_of_a_game(g, 11, every=9):
        seat = state.turn
        other = g.redeal_hidden(state, seat, rng)
        first = make_bot("heuristic", g, seat, random.Random(1))
        second = make_bot("heuristic", g, seat, random.Random(1))
        legal = g.legal_actions(state)
        assert first.choose(g.view(state, seat), legal) == second.choose(
            g.view(other, seat), g.legal_actions(other)
        )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("discard 13r", "'13r' is not a card"),
        ("discard 5x", "'5x' is not a card"),
        ("hit 5r", "is not a move"),
        ("skip me", "give a seat number"),
        ("fly", "is not a move"),
    ],
)
def test_malformed_notation_says_what_is_wrong(text: str, message: str) -> None:
    g = game(2)
    state = make_state(g, ["1r 2r 3r 4r 6b 8b 10y 11y 12g 9g S", "1y 2y"])
    with pytest.raises(InvalidActionError, match=message):
        g.parse_action(state, text)


def test_well_formed_but_illegal_moves_say_why() -> None:
    g = game(2)
    state = make_state(g, ["1r 2r 3r 4r 6b 8b 10y 11y 12g 9g S", "1y 2y"])
    with pytest.raises(IllegalActionError, match="you do not hold 5g"):
        g.parse_action(state, "discard 5g")
    with pytest.raises(IllegalActionError, match="only hit once your own phase is down"):
        g.apply_action(state, Hit(c("1r"), 0, True))
    with pytest.raises(IllegalActionError, match="cannot make your phase"):
        g.parse_action(state, "lay")
    with pytest.raises(IllegalActionError, match="already drawn"):
        g.parse_action(state, "draw")


def test_notation_of_hits_wilds_and_skips() -> None:
    g = game(2)
    table = (run(3, "3r 4b 5y 6g"), set_of(9, "9r 9b 9y"))
    state = make_state(g, ["W 2g 9g S", "1y 2y"], table=table, laid=(True, False))
    texts = {g.format_action(state, a): a for a in g.legal_actions(state)}
    assert texts["hit W 1<"] == Hit(WILD, 0, False)
    assert texts["hit W 1>"] == Hit(WILD, 0, True)
    assert texts["hit 2g 1"] == Hit(c("2g"), 0, False)
    assert texts["hit 9g 2"] == Hit(c("9g"), 1, True)
    assert texts["skip 1"] == Discard(SKIP, 1)
    for text, action in texts.items():
        assert g.parse_action(state, text.upper()) == action


def test_wild_placement_notation_names_its_value() -> None:
    g = game(2)
    state = make_state(g, ["5r 5b W 7r 7g 7b 1b 2b 3y 4y 10g", "1y"])
    state = g.apply_action(state, g.parse_action(state, "lay"))
    assert g.parse_action(state, "put W g1=5") == Place(WILD, 0, 5)
    with pytest.raises(InvalidActionError, match="say what the Wild stands for"):
        g.parse_action(state, "put W g1")
