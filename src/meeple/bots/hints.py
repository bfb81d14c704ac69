"""Hints for people: the expert level's move for a seat, from that seat's view only.

The caller (the terminal, the server) holds the true state; ``hint`` redacts it to the
seat's view at once and hands the bot nothing else, so a hint can never depend on what
the seat cannot see: redeal the other hands and the stock and, with the same generator,
the hint stays the same (``tests/bots/test_hints.py``).
"""

import random

from meeple.bots.levels import HINT_LEVEL
from meeple.bots.registry import make_bot
from meeple.engine.errors import IllegalActionError
from meeple.engine.protocol import AnyGame


def hint(
    game: AnyGame, state: object, seat: int, rng: random.Random, spec: str = HINT_LEVEL
) -> object:
    """The move ``spec`` (the expert level) would play for ``seat``, which is to act."""
    if game.current_player(state) != seat:
        raise IllegalActionError(f"no hint for seat {seat}: it is not that seat's turn")
    view = game.view(state, seat)
    legal = game.legal_actions(state)
    return make_bot(spec, game, seat, rng).choose(view, legal)
