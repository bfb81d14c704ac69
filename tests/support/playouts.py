"""States met along seeded random games, for tests over many positions."""

import random
from typing import TypeVar

from meeple.engine.protocol import CHANCE, TERMINAL, Game

S = TypeVar("S")


def random_states(game: Game[S, object, object, object], seed: int, count: int) -> list[S]:
    """The first ``count`` states (chance steps included) of a seeded random game."""
    rng = random.Random(seed)
    state = game.initial_state()
    states: list[S] = []
    while game.current_player(state) != TERMINAL and len(states) < count:
        states.append(state)
        if game.current_player(state) == CHANCE:
            state = game.apply_chance(state, game.sample_chance(state, rng))
        else:
            legal = game.legal_actions(state)
            state = game.apply_action(state, legal[rng.randrange(len(legal))])
    return states
