"""Malformed actions are refused as InvalidActionError naming the field, before any rule
or message looks at them (the escapes a fuzz found, issue 17)."""

import random

import pytest

import meeple
from meeple.engine.errors import IllegalActionError, InvalidActionError
from meeple.engine.protocol import CHANCE, AnyGame
from meeple.games.cmyk.actions import Discard as CmykDiscard
from meeple.games.cmyk.actions import Lay, LayMany
from meeple.games.phase10.actions import Discard
from meeple.games.phase10.cards import SKIP
from meeple.games.toc.actions import Move


def first_decision(game: AnyGame, seed: int = 1) -> object:
    """The first state where a seat acts, after the deal."""
    rng = random.Random(seed)
    state = game.initial_state()
    while game.current_player(state) == CHANCE:
        state = game.apply_chance(state, game.sample_chance(state, rng))
    return state


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"type": "Lay", "card": 1, "colour": 64},
            r"action\.colour: 64 is out of range \(0 to 3\)",
        ),
        ({"type": "Lay", "card": -(10**30), "colour": 0}, r"action\.card: -1000000000000000"),
        ({"type": "Discard", "card": -5}, r"action\.card: -5 is out of range"),
        (
            {"type": "Lay", "card": True, "colour": 0},
            r"action\.card: expected an integer, got True",
        ),
        ({"type": "Lay", "card": 1.0, "colour": 0}, r"action\.card: expected an integer, got 1\.0"),
        (
            {"type": "Lay", "card": 10**5000, "colour": 0},
            r"action\.card: a number too long to show is out of range",
        ),
        (
            {"type": "LayMany", "lays": [{"type": "Lay", "card": 1, "colour": 9}]},
            r"lays\[0\]\.colour",
        ),
    ],
)
def test_cmyk_out_of_range_and_wrongly_typed_json_is_invalid(data: object, message: str) -> None:
    game = meeple.load_game("cmyk", 2)
    state = first_decision(game)
    before = game.encode_state(state)
    with pytest.raises(InvalidActionError, match=message):
        game.decode_action(data)  # type: ignore[arg-type]
    assert game.encode_state(state) == before


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Lay(1, 64), r"action\.colour: 64 is out of range"),
        (Lay(-(10**30), 0), r"action\.card: -1000000000000000000000000000000 is out of range"),
        (CmykDiscard(-5), r"action\.card: -5 is out of range \(0 to 48\)"),
        (Lay(True, 0), r"action\.card: expected an integer, got True"),  # True == 1
        (Lay(1.0, 0), r"action\.card: expected an integer, got 1\.0"),  # type: ignore[arg-type]
        (LayMany([Lay(1, 0)]), r"action\.lays: expected a tuple"),  # type: ignore[arg-type]
        ("C10", r"action: expected one of \['Lay', "),
        (Move(7, 1, 3), r"expected one of \['Lay', .*got Move"),
    ],
)
def test_cmyk_apply_refuses_malformed_actions_before_any_rule(action: object, message: str) -> None:
    game = meeple.load_game("cmyk", 2)
    state = first_decision(game)
    before = game.encode_state(state)
    with pytest.raises(InvalidActionError, match=message):
        game.apply_action(state, action)
    assert game.encode_state(state) == before


def test_a_wrongly_typed_action_equal_to_a_legal_one_is_still_refused() -> None:
    game = meeple.load_game("cmyk", 2)
    state = first_decision(game)
    legal = next(a for a in game.legal_actions(state) if isinstance(a, Lay))
    assert Lay(float(legal.card), legal.colour) == legal  # Python's equality would admit it
    with pytest.raises(InvalidActionError, match=r"action\.card: expected an integer"):
        game.apply_action(state, Lay(float(legal.card), legal.colour))  # type: ignore[arg-type]
    game.apply_action(state, Lay(legal.card, legal.colour))  # the well-typed one is played


def test_toc_negative_pawn_is_invalid_not_a_negative_shift() -> None:
    game = meeple.load_game("toc", 4)
    state = first_decision(game)
    data = {"type": "Move", "card": 7, "pawn": -14, "dest": 63}
    with pytest.raises(InvalidActionError, match=r"action\.pawn: -14 is out of range \(0 to 15\)"):
        game.decode_action(data)
    with pytest.raises(InvalidActionError, match=r"action\.pawn: -14 is out of range"):
        game.apply_action(state, Move(7, -14, 63))
    with pytest.raises(InvalidActionError, match=r"action\.dest: 999 is out of range"):
        game.apply_action(state, Move(7, 0, 999))


def test_an_in_range_illegal_action_is_still_explained() -> None:
    game = meeple.load_game("toc", 4)
    state = first_decision(game)
    with pytest.raises(IllegalActionError, match="is illegal for seat"):
        game.apply_action(state, Move(7, 15, 3))


def test_phase10_parsed_text_out_of_range_is_invalid() -> None:
    game = meeple.load_game("phase10", 3)
    state = first_decision(game)
    with pytest.raises(InvalidActionError, match=r"'skip 7': there is no seat 7") as error:
        game.parse_action(state, "skip 7")
    assert (error.value.reason, error.value.details) == ("noSeat", {"seat": 7})
    with pytest.raises(InvalidActionError, match=r"action\.target: 7 is out of range \(0 to 2\)"):
        game.apply_action(state, Discard(SKIP, 7))  # built, not typed: the field is named
