"""Pointing helpers shared by the browser tests: they act only through what a person
sees (highlighted cards, piles, buttons), never by sending moves directly."""

import contextlib

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout


def version(page: Page) -> int:
    value = page.get_attribute(".board", "data-version")
    return int(value) if value else -1


PAGE_STATE = """
() => {
  const page = window.__meeple;
  const board = document.querySelector('.board');
  const state = page && page.state;
  return {
    connection: page && page.connection,
    sending: page && page.sending,
    error: page && page.error,
    chosen: board && board.dataset.chosen,
    my_turn: board && board.dataset.myTurn,
    seat: page && page.mySeat,
    status: state && state.status,
    version: state && state.version,
    to_act: state && state.to_act,
    legal: state && state.legal ? state.legal.length : null,
  };
}
"""


def page_state(page: Page) -> dict[str, object]:
    """What the page shows of its table, for a failing test's message."""
    state: dict[str, object] = page.evaluate(PAGE_STATE)
    return state


def wait_my_turn(page: Page, timeout: float = 30_000) -> bool:
    """Wait until this page may act (True) or its game has ended (False); a wait that
    runs out fails with what the page showed at that moment."""
    try:
        page.wait_for_function(
            """() => {
                const board = document.querySelector('.board');
                const state = window.__meeple && window.__meeple.state;
                return (board && board.dataset.myTurn === 'true')
                    || (state && state.status === 'finished');
            }""",
            timeout=timeout,
        )
    except PlaywrightTimeout as error:
        raise AssertionError(
            f"not this page's turn for {timeout / 1000:g} s: {page_state(page)}"
        ) from error
    return page.get_attribute(".board", "data-my-turn") == "true"


def point(page: Page, selector: str) -> None:
    """Click the first element matching ``selector`` and wait for the page to react."""
    before_version = version(page)
    before_chosen = page.get_attribute(".board", "data-chosen")
    page.locator(selector).first.click()
    # When the page moves on under the click (a bot's move, a new state), nothing changes
    # here: the callers' loops look again at what may be chosen now.
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            """([v, c]) => {
                const board = document.querySelector('.board');
                return board && (board.dataset.version !== String(v) || board.dataset.chosen !== c);
            }""",
            arg=[before_version, before_chosen or ""],
            timeout=5_000,
        )


def game_view(page: Page) -> dict[str, object]:
    view: dict[str, object] = page.evaluate("window.__meeple.state && window.__meeple.state.view")
    return view


def require_game(server, name: str) -> None:  # type: ignore[no-untyped-def]
    """Skip when the server does not offer ``name`` (a game still on its own branch)."""
    import httpx
    import pytest

    games = httpx.get(f"{server.base}/api/games", timeout=10, trust_env=False).json()["games"]
    if name not in {game["name"] for game in games}:
        pytest.skip(f"the game {name!r} is not registered in this checkout")


def create_by_lobby(
    page, base: str, game: str, players: int, humans: tuple[int, ...] = (0,), name: str = "Ann"
) -> None:  # type: ignore[no-untyped-def]
    """Create a table through the lobby form: ``humans`` are the people's seats, bots
    (the medium level, the heuristic, when the game has one) fill the others, at the
    fastest bot pace."""
    page.goto(base + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    page.fill("#your-name", name)
    for seat in range(players):
        if seat in humans:
            page.select_option(f"#seat-{seat}", "human")
        else:
            options = page.eval_on_selector_all(
                f"#seat-{seat} option", "els => els.map(e => e.value)"
            )
            page.select_option(
                f"#seat-{seat}", "bot:medium" if "bot:medium" in options else options[-1]
            )
    page.select_option("#bot-pace", "0")
    page.click("#create-button")
    page.wait_for_selector(".board")


def join_by_link(host: Page, guest: Page, name: str = "Bob") -> Page:
    """``guest`` opens the share link of the table ``host`` created and joins it as
    ``name``; returns once the game runs on both pages."""
    guest.goto(host.locator(".share-link").first.input_value())
    guest.fill("#join-name", name)
    guest.click("#join-button")
    for page in (host, guest):
        page.wait_for_function(
            "() => window.__meeple.table && window.__meeple.table.status === 'running'"
        )
    return guest


def next_to_act(pages: list[Page], timeout: float = 60_000) -> Page | None:
    """The page whose person is to act now, waiting on the table's own state rather than
    on a clock; None once the game is over.

    The first page says who is to act once it has no move on its way (then it shows the
    state after its own move); that person's page is then waited for. If that page's
    state has moved on meanwhile (its person is not to act after all), look again.
    """
    seats = {int(page.evaluate("window.__meeple.mySeat")): page for page in pages}
    for _ in range(100):
        pages[0].wait_for_function(
            """(seats) => {
                const page = window.__meeple;
                const state = page && page.state;
                return state && !page.sending
                    && (state.status === 'finished' || seats.includes(state.to_act));
            }""",
            arg=list(seats),
            timeout=timeout,
        )
        status, to_act = pages[0].evaluate(
            "() => [window.__meeple.state.status, window.__meeple.state.to_act]"
        )
        if status == "finished":
            return None
        page = seats[int(to_act)]
        page.wait_for_function(
            """() => {
                const page = window.__meeple;
                const board = document.querySelector('.board');
                return page.state && !page.sending && (page.state.status === 'finished'
                    || page.state.to_act !== page.mySeat
                    || (board && board.dataset.myTurn === 'true'));
            }""",
            timeout=timeout,
        )
        if page.get_attribute(".board", "data-my-turn") == "true":
            return page
    raise AssertionError(f"no page came to act: {[page_state(page) for page in pages]}")
