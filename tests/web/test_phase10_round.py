"""A person creates a Phase 10 table against three bots in the lobby and plays a whole
round by clicking: drawing, laying the phase card by card, hitting and discarding."""

from web.conftest import screenshot
from web.helpers import game_view, point, wait_my_turn


def choose_and_click(page) -> None:  # type: ignore[no-untyped-def]
    """One pointing step, the way a hurried person would: draw from the pile, lay the
    phase when offered, otherwise the first highlighted target, else a card."""
    bar_buttons = page.locator(".action-bar button[data-key]")
    if page.locator('[data-keys="pile:stock"].choosable').count():
        point(page, '[data-keys="pile:stock"].choosable')
    elif page.locator('.action-bar button[data-key="btn:lay"]').count():
        point(page, '.action-bar button[data-key="btn:lay"]')
    elif page.locator(".board .target.choosable").count():
        point(page, ".board .target.choosable")
    elif bar_buttons.count():
        point(page, ".action-bar button[data-key]")
    else:
        point(page, ".board .hand-card.choosable")


def test_play_a_whole_phase10_round_by_clicking(server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    page.goto(server.base + "/")
    page.select_option("#game", "phase10")
    page.fill("#your-name", "Ann")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "bot:medium")
    page.select_option("#bot-pace", "0")
    page.click("#create-button")
    page.wait_for_selector(".phase10 .hand-card")
    assert page.locator(".players-table tbody tr").count() == 4
    screenshot(page, "phase10-start")

    wait_my_turn(page)
    assert game_view(page)["round"] == 1
    laid_seen = False
    clicks = 0
    while game_view(page)["round"] == 1 and game_view(page)["stage"] != 5:
        wait_my_turn(page, timeout=60_000) if game_view(page)["turn"] == 0 else None
        if page.get_attribute(".board", "data-my-turn") != "true":
            page.wait_for_function(
                "() => window.__meeple.state.view.round !== 1"
                " || document.querySelector('.board').dataset.myTurn === 'true'",
                timeout=60_000,
            )
            continue
        if page.locator(".p10-building").count():
            laid_seen = True
            screenshot(page, "phase10-laying")
        choose_and_click(page)
        clicks += 1
        assert clicks < 400, "the round should have ended"
    view = game_view(page)
    assert view["round"] >= 2 or view["stage"] == 5
    assert view["last_round"] is not None
    screenshot(page, "phase10-after-round")
    # The log describes the moves in words, and the scores sit beside the table.
    assert page.locator(".log li").count() > 10
    assert clicks > 5
    assert laid_seen or view["last_round"]["went_out"] != 0
