"""Toc (Tock): the French draw-pile race game on 4-, 6- and 8-player boards."""

from meeple.games.toc.rules import TocGame

GAME = TocGame

# Every player count, every option value at least once (the conformance suite runs these).
TEST_CONFIGS: tuple[tuple[int, dict[str, object]], ...] = (
    (2, {}),
    (3, {"ace_eleven": True, "jack_eleven": True}),
    (4, {}),
    (4, {"teams": "pairs", "partner_exchange": True, "reshuffle": False}),
    (4, {"deal_mode": "5-4-4", "king_captures_own": False, "depart_protection": False}),
    (4, {"teams": "halves", "deal_mode": "5-4-4", "partner_exchange": True}),
    (6, {}),
    (6, {"teams": "halves", "shortcut_may_skip_entry": True}),
    (6, {"teams": "pairs", "cells_per_sector": 12, "shortcut_length": 4, "entry_offset": -3}),
    (8, {"reshuffle": False}),
    (8, {"teams": "pairs", "partner_exchange": True}),
    (8, {"teams": "halves"}),
)

__all__ = ["GAME", "TEST_CONFIGS", "TocGame"]
