"""Two people in two browser contexts play a whole CMYK game against each other: one
creates the table and shares the seat link, the other joins through it."""

from web.conftest import screenshot
from web.helpers import join_by_link, next_to_act, point

MAX_TURNS = 2000  # a CMYK game between two people takes far fewer


def step(page) -> bool:  # type: ignore[no-untyped-def]
    """One pointing step if it is this page's turn; False when there is nothing to do."""
    if page.get_attribute(".board", "data-my-turn") != "true":
        return False
    if page.locator(".board .target.choosable").count():
        point(page, ".board .target.choosable")
    else:
        point(page, ".board .hand-card.choosable")
    return True


def test_two_people_play_cmyk_to_the_end(server, new_page) -> None:  # type: ignore[no-untyped-def]
    ann = new_page()
    ann.goto(server.base + "/")
    ann.select_option("#game", "cmyk")
    ann.select_option("#players", "2")
    ann.fill("#your-name", "Ann")
    ann.select_option("#seat-1", "human")
    ann.click("#create-button")
    assert "#/join/" in ann.locator(".share-link").first.input_value()
    screenshot(ann, "cmyk-waiting")

    bob = join_by_link(ann, new_page(width=420, height=900))  # a phone-sized screen
    for page in (ann, bob):
        page.wait_for_selector(".cmyk-board")
    assert "Bob" in ann.inner_text(".players-table")

    turns = 0
    while (page := next_to_act([ann, bob])) is not None:
        step(page)
        turns += 1
        if turns == 12:
            screenshot(ann, "cmyk-table")
            screenshot(bob, "cmyk-phone")
        assert turns < MAX_TURNS, "the game should have ended"
    for page in (ann, bob):
        page.wait_for_selector(".result h2")
    for page in (ann, bob):
        assert page.locator(".result .winners").count() == 1
        assert page.evaluate("window.__meeple.table.status") == "finished"
    assert turns > 10
    screenshot(ann, "cmyk-over")
