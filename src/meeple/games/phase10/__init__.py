"""Phase 10, the contract-rummy card game (see README.md in this package)."""

from meeple.games.phase10.rules import Phase10Game

GAME = Phase10Game

# Every player count and every option value, for the conformance suite.
TEST_CONFIGS: tuple[tuple[int, dict[str, object]], ...] = (
    (2, {}),
    (3, {"skip_style": "circuit"}),
    (4, {}),
    (4, {"natural_card_rule": "per_group", "tiebreak_win": "first_out"}),
    (5, {"reshuffle_discards": False}),
    (6, {"even_odd": "even"}),
    (3, {"even_odd": "odd", "phases": ["set3+set3", "run4", "colour5", "set2+set2+set2"]}),
)
