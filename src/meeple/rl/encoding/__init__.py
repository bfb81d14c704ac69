"""RL encodings: one encoder per game, found through the game registry.

The four games' encoders live here, one module per game (``meeple.rl.encoding.<game>``
exposing ``ENCODER``, found by convention). A game registered from elsewhere names its
encoder in the registry (``register_game(Game, encoder="package.module:ENCODER")``, see
``meeple.engine.registry``); a game with none is refused by ``encoder_for``, and so by
every environment, with an ``InvalidOptionError`` naming it.
"""

from meeple.engine.errors import InvalidOptionError
from meeple.engine.protocol import AnyGame
from meeple.engine.registry import piece
from meeple.rl.encoding.base import ActionBlock, Encoder, Field, Layout, Mask, Observation

AnyEncoder = Encoder[object, object, object]


def encoder_for(game: AnyGame) -> AnyEncoder:
    """The encoder of a configured game (its action space and observation layout), made
    by the game's ``encoder`` piece in the registry; ``InvalidOptionError`` for a game
    with none."""
    name = game.spec.name
    factory = piece(name, "encoder")  # the registry's: see meeple.engine.registry
    if not callable(factory):
        raise InvalidOptionError(
            f"the game {name!r} has no RL encoder, so it has no RL environment (a game "
            "names its encoder in the registry: register_game(Game, "
            'encoder="package.module:ENCODER"))'
        )
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
