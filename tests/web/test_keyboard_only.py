"""A whole game of every game played with the keyboard alone: Tab reaches the card,
pile, pawn, slot or button a player wants, Enter chooses it, until the game ends."""

import pytest

from web.helpers import require_game
from web.phone import key_step, play_short_game

GAMES = [("phase10", 2), ("toc", 4), ("cmyk", 2), ("toquer", 2)]


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[f"{g}-{n}" for g, n in GAMES])
def test_whole_game_by_keyboard(server, new_page, game: str, players: int) -> None:  # type: ignore[no-untyped-def]
    require_game(server, game)
    page = new_page()
    steps = play_short_game(page, server.base, game, players, lambda page: key_step(page) or None)
    assert steps > 0
    assert page.locator(".result .winners").count() == 1
