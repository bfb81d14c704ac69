"""Toc (Tock): the French draw-pile race game on 4-, 6- and 8-player boards."""

from meeple.games.toc.rules import TocGame

GAME = TocGame

# Every player count and every option value at least once (the conformance suite runs
# these with all its checks, so they are kept few; tests/games/toc/test_toc_playouts.py
# plays the remaining board and team combinations quickly).
TEST_CONFIGS: tuple[tuple[int, dict[str, object]], ...] = (
    (2, {"ace_eleven": True, "reshuffle": False}),
    (3, {"jack_eleven": True, "king_captures_own": False, "depart_protection": False}),
    (4, {}),
    (4, {"teams": "pairs", "partner_exchange": True, "deal_mode": "5-4-4"}),
    (6, {"teams": "halves", "cells_per_sector": 10, "entry_offset": -3, "shortcut_length": 3}),
    (8, {"shortcut_may_skip_entry": True}),
)

__all__ = ["GAME", "TEST_CONFIGS", "TocGame"]
