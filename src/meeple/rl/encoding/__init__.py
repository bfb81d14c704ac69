"""RL encodings, one module per game (``meeple.rl.encoding.<game>`` exposing ``ENCODER``;
a game registered from elsewhere names its encoder in the registry)."""

from meeple.engine.errors import InvalidOptionError
from meeple.engine.protocol import AnyGame
from meeple.engine.registry import piece
from meeple.rl.encoding.base import ActionBlock, Encoder, Field, Layout, Mask, Observation

AnyEncoder = Encoder[object, object, object]


def encoder_for(game: AnyGame) -> AnyEncoder:
    """The encoder of a configured game (its action space and observation layout)."""
    name = game.spec.name
    factory = piece(name, "encoder")  # the registry's: see meeple.engine.registry
    if not callable(factory):
        raise InvalidOptionError(f"no RL encoding for the game {name!r} yet")
    encoder: AnyEncoder = factory(game)
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
