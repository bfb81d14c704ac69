"""CMYK ("Quadri"): complete the four colour piles at exactly 100% to win their cards."""

from meeple.engine.options import OptionValue
from meeple.games.cmyk.rules import CmykGame

GAME = CmykGame

SMALL_DECK: dict[str, OptionValue] = {
    "colour_cards": [1, 1, 1, 1, 2, 1, 1, 1, 1],
    "white": 2,
    "jokers": 1,
    "sweep": 1,
    "mixes": [[0, 50, 90, 10], [30, 30, 30, 30]],
}
PLAIN_DECK: dict[str, OptionValue] = {"sweep": 0, "mixes": [], "white": 0, "jokers": 0}
WILD_DECK: dict[str, OptionValue] = {
    "colour_cards": 1,
    "white": 8,
    "jokers": 3,
    "sweep": 3,
    "mixes": [[90, 90, 90, 90], [0, 0, 0, 0], [50, 50, 50, 50], [90, 90, 90, 90]],
}

# Every player count, every option value, and several decks (conformance suite).
TEST_CONFIGS: tuple[tuple[int, dict[str, OptionValue]], ...] = (
    (2, {}),
    (3, {"opening_no_card": "play_normally"}),
    (4, {}),
    (4, {"overflow": "bust", "tie_break": "most_piles"}),
    (5, {"deck": SMALL_DECK, "stall_limit": 1}),
    (6, {}),
    (2, {"deck": PLAIN_DECK}),
    (3, {"deck": WILD_DECK, "overflow": "bust", "opening_no_card": "play_normally"}),
)

__all__ = ["GAME", "TEST_CONFIGS", "CmykGame"]
