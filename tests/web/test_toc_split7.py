"""Toc by pointing: a split 7 made step by step (a card, a pawn, a cell; then the rest of
the 7 on another pawn), on a 4-player board against bots."""

import time

from web.conftest import screenshot
from web.helpers import create_by_lobby, game_view, point, require_game, wait_my_turn

RING = 72  # 4 seats of 18 cells (default options)

PARTIAL_TARGET = """
() => {
  // Among the highlighted cells, the one that moves the chosen pawn fewest steps (a part
  // of the 7, leaving steps for another pawn).
  const page = window.__meeple;
  const view = page.state.view;
  const chosen = page.chooser.prefix.find((k) => k.startsWith('pawn:'));
  const from = view.positions[Number(chosen.slice(5))];
  let best = null;
  for (const el of document.querySelectorAll('.board .cell.choosable')) {
    const cell = Number(el.dataset.keys.split(' ')[0].slice(5));
    if (cell >= 72) continue;
    const steps = (cell - from + 72) % 72;
    if (steps > 0 && steps < 7 && (best === null || steps < best.steps)) best = { cell, steps };
  }
  return best && best.cell;
}
"""


def my_track_pawns(view: dict) -> list[int]:  # type: ignore[type-arg]
    return [p for p in range(4) if 0 <= view["positions"][p] < RING]


def play_other(page) -> None:  # type: ignore[no-untyped-def]
    """A plain turn by pointing that keeps the 7 for later when possible."""
    cards = page.locator(".board .hand-card.choosable:not([data-keys='card:7'])")
    if page.locator(".board .target.choosable").count():
        point(page, ".board .target.choosable")
    elif page.locator(".action-bar button[data-key]").count():
        point(page, ".action-bar button[data-key]")
    elif cards.count():
        point(page, ".board .hand-card.choosable:not([data-keys='card:7'])")
    else:
        point(page, ".board .choosable")


def try_split_seven(page, deadline: float) -> bool:  # type: ignore[no-untyped-def]
    """Play this page's turns until a split 7 has been made by pointing (True), or the
    game ends or time runs out first (False: the cards never allowed one)."""
    while time.monotonic() < deadline:
        if not wait_my_turn(page, timeout=60_000):
            return False  # the game ended before a split 7 came up
        view = game_view(page)
        seven = ".board .hand-card.choosable[data-keys='card:7']"
        can_split = view["pending"] is None and len(my_track_pawns(view)) >= 2
        if can_split and page.locator(seven).count():
            point(page, seven)
            for pawn in my_track_pawns(view):
                selector = f".board .pawn.choosable[data-keys^='pawn:{pawn} ']"
                if not page.locator(selector).count():
                    continue
                point(page, selector)
                cell = page.evaluate(PARTIAL_TARGET)
                if cell is None:
                    # Pointing again at the chosen pawn takes it back (the 7 stays chosen).
                    point(page, f".board .pawn.chosen[data-keys^='pawn:{pawn} ']")
                    continue
                point(
                    page,
                    f".board .cell.choosable[data-keys='cell:{cell}'], "
                    f".board .pawn.choosable[data-keys$=' cell:{cell}']",
                )
                page.wait_for_function("() => window.__meeple.state.view.pending !== null")
                banner = page.inner_text(".toc .banner")
                assert "7" in banner
                screenshot(page, "toc-split7")
                # The rest of the 7, by pointing: a pawn, then its cell. (The view is read
                # only once the page may act again: while a move is on its way, the page
                # still shows the state it was made in.)
                while wait_my_turn(page, 60_000) and game_view(page)["pending"] is not None:
                    if page.locator(".board .target.choosable").count():
                        point(page, ".board .target.choosable")
                    else:
                        point(page, ".board .pawn.choosable")
                return True
            if page.get_attribute(".board", "data-chosen"):
                page.keyboard.press("Escape")
        play_other(page)
    return False


def test_toc_split_seven_by_pointing(server, new_page) -> None:  # type: ignore[no-untyped-def]
    require_game(server, "toc")
    page = new_page()
    deadline = time.monotonic() + 240
    split_done = False
    tables = 0
    # The deal decides whether a split 7 comes up; a game that ends without one is
    # followed by a fresh table.
    while not split_done and tables < 3 and time.monotonic() < deadline:
        create_by_lobby(page, server.base, "toc", 4)
        page.wait_for_selector(".toc-board")
        if tables == 0:
            screenshot(page, "toc-4-players")
        tables += 1
        split_done = try_split_seven(page, deadline)
    assert split_done, f"no split 7 came up in {tables} table(s)"
    log = page.inner_text(".log")
    assert log.count("7:") >= 2  # two parts of one 7 in the log
