"""Toc by pointing: a split 7 made step by step (a card, a pawn, a cell; then the rest of
the 7 on another pawn), on a 4-player board against bots. The table starts from a built
position (seat 0 with two pawns out and a 7), so the test never waits for a deal to
offer one."""

from web.conftest import screenshot
from web.helpers import game_view, point, require_game, wait_my_turn
from web.positions import RING, toc_split_seven_steps

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


def split_seven(page) -> None:  # type: ignore[no-untyped-def]
    """Make a split 7 by pointing: the 7, a pawn, a cell a few steps on (a part of the 7);
    then the rest of the 7 on the other pawn, a pawn and its cell."""
    view = game_view(page)
    point(page, ".board .hand-card.choosable[data-keys='card:7']")
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
        assert "7" in page.inner_text(".toc .banner")
        screenshot(page, "toc-split7")
        # The rest of the 7, by pointing: a pawn, then its cell. (The view is read only
        # once the page may act again: while a move is on its way, the page still shows
        # the state it was made in.)
        while wait_my_turn(page, 60_000) and game_view(page)["pending"] is not None:
            if page.locator(".board .target.choosable").count():
                point(page, ".board .target.choosable")
            else:
                point(page, ".board .pawn.choosable")
        return
    raise AssertionError(f"no pawn could take a part of the 7: {view}")


def test_toc_split_seven_by_pointing(server, new_page) -> None:  # type: ignore[no-untyped-def]
    require_game(server, "toc")
    bots = [{"kind": "bot", "bot": "heuristic"}] * 3
    table = server.create_table(
        game="toc",
        players=4,
        seats=[{"kind": "human"}, *bots],
        bot_delay_ms=0,
        start_steps=toc_split_seven_steps(),  # seat 0 to play: two pawns out and a 7
    )
    page = new_page()
    page.goto(f"{server.base}/#/join/{table['id']}/0")
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    page.wait_for_selector(".toc-board")
    screenshot(page, "toc-4-players")
    assert wait_my_turn(page, 60_000)
    view = game_view(page)
    assert view["pending"] is None and len(my_track_pawns(view)) == 2
    split_seven(page)
    log = page.inner_text(".log")
    assert log.count("7:") >= 2  # two parts of one 7 in the log
