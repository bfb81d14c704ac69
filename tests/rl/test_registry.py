"""Encoders are found through the game registry: a game with none is refused by name."""

import dataclasses
from collections.abc import Iterator

import pytest

import meeple.rl
from meeple.engine.errors import InvalidOptionError
from meeple.engine.registry import load_game, register_game, unregister_game
from meeple.games.toquer.rules import ToquerGame


class Unencoded(ToquerGame):
    """Toquer under another name, registered without an encoder."""

    spec = dataclasses.replace(ToquerGame.spec, name="unencoded")


@pytest.fixture
def unencoded() -> Iterator[None]:
    register_game(Unencoded)
    yield
    unregister_game("unencoded")


def test_every_environment_refuses_a_game_without_an_encoder_by_name(unencoded: None) -> None:
    game = load_game("unencoded", 3)
    for make in (meeple.rl.env, meeple.rl.raw_env, meeple.rl.gym_env, meeple.rl.parallel_env):
        with pytest.raises(InvalidOptionError, match="'unencoded' has no RL encoder"):
            make(game)
