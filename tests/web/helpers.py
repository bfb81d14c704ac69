"""Pointing helpers shared by the browser tests: they act only through what a person
sees (highlighted cards, piles, buttons), never by sending moves directly."""

from playwright.sync_api import Page


def version(page: Page) -> int:
    value = page.get_attribute(".board", "data-version")
    return int(value) if value else -1


def wait_my_turn(page: Page, timeout: float = 30_000) -> None:
    page.wait_for_selector('.board[data-my-turn="true"]', timeout=timeout)


def point(page: Page, selector: str) -> None:
    """Click the first element matching ``selector`` and wait for the page to react."""
    before_version = version(page)
    before_chosen = page.get_attribute(".board", "data-chosen")
    page.locator(selector).first.click()
    page.wait_for_function(
        """([v, c]) => {
            const board = document.querySelector('.board');
            return board && (board.dataset.version !== String(v) || board.dataset.chosen !== c);
        }""",
        arg=[before_version, before_chosen or ""],
    )


def game_view(page: Page) -> dict[str, object]:
    view: dict[str, object] = page.evaluate("window.__meeple.state && window.__meeple.state.view")
    return view
