"""A whole game of every game on a phone (390 x 844, touch, portrait) against bots,
played by tapping only: every target tapped is measured first and must be at least
44 x 44 CSS px; the page never scrolls sideways and your own hand or grid fits the
screen's width, and the notation box asks the phone's keyboard not to capitalise or
correct what is typed. Games are kept short by their options (phone.SHORT)."""

import pytest

from web.helpers import require_game
from web.phone import PHONE, Taps, play_short_game, tap_step

GAMES = [("phase10", 4), ("toc", 4), ("toc", 8), ("cmyk", 2), ("toquer", 2)]

FITS = """
() => {
  // (not innerWidth: on a phone it grows with a page wider than the screen)
  const width = document.documentElement.clientWidth;
  const own = document.querySelector('.board .hand-area, .board .tq-seat.me');
  const box = own && own.getBoundingClientRect();
  return {
    sideways: document.documentElement.scrollWidth > width,
    own: box ? [box.left, box.right] : null,
    width,
  };
}
"""


def assert_fits(page) -> None:  # type: ignore[no-untyped-def]
    fits = page.evaluate(FITS)
    assert not fits["sideways"], "the page scrolls sideways on a phone"
    assert fits["own"] is not None, "no hand or grid of your own on the table"
    left, right = fits["own"]
    assert left >= 0 and right <= fits["width"] + 0.5, f"your own cards leave the screen: {fits}"
    box = page.locator("#move-input")
    typing = {"autocapitalize": "none", "autocorrect": "off", "spellcheck": "false"}
    assert {name: box.get_attribute(name) for name in typing} == typing


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[f"{g}-{n}" for g, n in GAMES])
def test_whole_game_by_tapping_on_a_phone(server, new_page, game: str, players: int) -> None:  # type: ignore[no-untyped-def]
    require_game(server, game)
    page = new_page(touch=True, **PHONE)
    taps = Taps()
    checked = False

    def step(page) -> None:  # type: ignore[no-untyped-def]
        nonlocal checked
        if not checked:
            assert_fits(page)
            checked = True
        assert tap_step(page, taps), "nothing to tap on this page's turn"

    play_short_game(page, server.base, game, players, step)
    assert taps.sizes, "the game ended before a single tap"
    width, height, what = taps.smallest()
    smallest = f"{width:.0f} x {height:.0f} ({what})"
    print(f"\n{game}-{players}: {len(taps.sizes)} taps, smallest {smallest}")
    assert page.locator(".result .winners").count() == 1
