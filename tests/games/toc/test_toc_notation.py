"""Notation: every legal action round-trips; malformed text says what is wrong; illegal
actions say why."""

import random

import pytest

from meeple.engine.errors import IllegalActionError, InvalidActionError
from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.games.toc.actions import Discard, Enter, Move, Swap
from meeple.games.toc.cards import QUEEN
from support.toc import game, position, texts


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, {}), (6, {"teams": "halves"}), (8, {"teams": "pairs", "partner_exchange": True})],
)
def test_every_legal_action_round_trips_through_notation(
    players: int, options: dict[str, object]
) -> None:
    g = game(players, **options)
    rng = random.Random(4)
    state = g.initial_state()
    seen = 0
    while g.current_player(state) != TERMINAL and seen < 3000:
        if g.current_player(state) == CHANCE:
            state = g.apply_chance(state, g.sample_chance(state, rng))
            continue
        legal = g.legal_actions(state)
        written = [g.format_action(state, action) for action in legal]
        assert len(set(written)) == len(written)
        for action, text in zip(legal, written, strict=True):
            assert g.parse_action(state, text) == action
        state = g.apply_action(state, legal[rng.randrange(len(legal))])
        seen += 1


def test_notation_examples() -> None:
    g = game(4)
    state = position(g, {0: 12, 1: 68, 4: 40}, (1, 11, 4, 7))
    assert g.format_action(state, Move(12, 0, 24)) == "Q 12-24"
    assert g.format_action(state, Enter(1, 0)) == "A in"
    assert g.format_action(state, Swap(0, 4)) == "J 12x40"
    assert g.format_action(state, Move(3, 1, g.board.zone_cell(0, 0))) == "3 68-h0.1"
    assert g.format_action(state, Discard(14)) == "discard Jo"
    assert g.parse_action(state, "a IN") == Enter(1, 0)
    assert g.parse_action(state, "j 12X40") == Swap(0, 4)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("Z 12-13", "'Z' is not a card"),
        ("Q", "two parts"),
        ("Q 12", "expected '<from>-<to>'"),
        ("Q 99-3", "'99' is not a cell"),
        ("Q 13-25", "no pawn stands on cell '13'"),
        ("Q 12-zz", "'zz' is not a cell"),
        ("Q 12x40", "only the Jack swaps"),
        ("discard", "expected 'discard <card>'"),
        ("A inx", "expected 'in' or 'in<seat>'"),
        ("A in7", "there is no seat 7"),
    ],
)
def test_malformed_text_says_what_is_wrong(text: str, message: str) -> None:
    g = game(4)
    state = position(g, {0: 12, 4: 40}, (1, 11, 12))
    with pytest.raises(InvalidActionError, match=message):
        g.parse_action(state, text)


def test_illegal_actions_say_why() -> None:
    g = game(4)
    state = position(g, {0: 12, 4: 15}, (3, 5))
    with pytest.raises(IllegalActionError, match="not in your hand"):
        g.parse_action(state, "Q 12-24")
    with pytest.raises(IllegalActionError, match="forced play"):
        g.parse_action(state, "discard 5")
    with pytest.raises(IllegalActionError, match="passes no pawn"):
        g.parse_action(state, "5 12-17")
    with pytest.raises(IllegalActionError, match="only a Parteu") as refused:
        g.apply_action(state, Enter(3, 0))
    assert (refused.value.reason, refused.value.details) == ("onlyParteuEnters", {})
    with pytest.raises(IllegalActionError) as refused:
        g.apply_action(state, Move(QUEEN, 0, 24))
    assert (refused.value.reason, refused.value.details) == ("notInHand", {"card": QUEEN})
    split = position(g, {0: 12, 1: 30}, (7,))
    pending = g.apply_action(split, g.parse_action(split, "7 12-14"))
    with pytest.raises(IllegalActionError, match="7 is being split"):
        g.apply_action(pending, Discard(7))
    with pytest.raises(IllegalActionError, match="already moved"):
        g.parse_action(pending, "7 14-19")
    assert texts(g, pending) == ["7 30-35"]
