"""Race to 10: a toy fifth game, registered from the test suite (docs/adding-a-game.md)."""

from meeple.engine.options import OptionValue
from support.toygame.rules import RaceGame

GAME = RaceGame

TEST_CONFIGS: tuple[tuple[int, dict[str, OptionValue]], ...] = (
    (2, {}),
    (3, {"target": 7, "copies": 1}),
)

__all__ = ["GAME", "TEST_CONFIGS", "RaceGame"]
