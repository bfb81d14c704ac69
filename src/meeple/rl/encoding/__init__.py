"""RL encodings, one module per game (``meeple.rl.encoding.<game>`` exposing ``ENCODER``)."""

import importlib

from meeple.engine.errors import InvalidOptionError
from meeple.engine.protocol import AnyGame
from meeple.rl.encoding.base import ActionBlock, Encoder, Field, Layout, Mask, Observation

AnyEncoder = Encoder[object, object, object]


def encoder_for(game: AnyGame) -> AnyEncoder:
    """The encoder of a configured game (its action space and observation layout)."""
    name = game.spec.name
    try:
        module = importlib.import_module(f"meeple.rl.encoding.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"meeple.rl.encoding.{name}":
            raise
        raise InvalidOptionError(f"no RL encoding for the game {name!r} yet") from None
    encoder: AnyEncoder = module.ENCODER(game)
    return encoder


__all__ = [
    "ActionBlock",
    "AnyEncoder",
    "Encoder",
    "Field",
    "Layout",
    "Mask",
    "Observation",
    "encoder_for",
]
