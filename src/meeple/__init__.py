"""meeple: four tabletop games behind one rules-engine contract.

The public entry points::

    import meeple
    game = meeple.load_game("phase10", players=4)
    state = game.initial_state()
"""

from meeple.engine.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    RecordError,
)
from meeple.engine.protocol import CHANCE, TERMINAL, Game, GameResult, GameSpec
from meeple.engine.registry import game_names, load_game

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameResult",
    "GameSpec",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidOptionError",
    "RecordError",
    "game_names",
    "load_game",
]
__version__ = "0.1.0"
