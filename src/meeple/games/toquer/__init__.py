"""Toquer: a Skyjo-family card game with triple clearing and knocking (seed 004)."""

from meeple.engine.options import OptionValue
from meeple.games.toquer.rules import ToquerGame

GAME = ToquerGame

_SMALL_DECK: dict[str, OptionValue] = {"-1": 30, "0": 30, "5": 30, "10": 30}

# (players, options): both layouts at every player count, and every value of every
# option. A low end_score keeps the larger tables' playouts short.
TEST_CONFIGS: tuple[tuple[int, dict[str, OptionValue]], ...] = (
    (2, {}),
    (3, {"end_score": 40}),
    (4, {}),
    (5, {"end_score": 40}),
    (6, {"end_score": 40}),
    (7, {"end_score": 40}),
    (8, {"end_score": 40}),
    (2, {"layout": "own_grid"}),
    (3, {"layout": "own_grid", "end_score": 40}),
    (4, {"layout": "own_grid", "end_score": 40}),
    (5, {"layout": "own_grid", "end_score": 40}),
    (6, {"layout": "own_grid", "end_score": 40}),
    (7, {"layout": "own_grid", "end_score": 40}),
    (8, {"layout": "own_grid", "end_score": 40}),
    (4, {"deck": _SMALL_DECK, "gaps_break_adjacency": True, "end_score": 60}),
    (3, {"deck": _SMALL_DECK, "layout": "own_grid", "goal": "race"}),
    (4, {"discard_draw_must_keep": False, "layout": "own_grid", "end_score": 60}),
    (3, {"goal": "race", "deck": "standard", "discard_draw_must_keep": True}),
)

__all__ = ["GAME", "TEST_CONFIGS", "ToquerGame"]
