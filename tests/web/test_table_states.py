"""What the table says matches what may be done: Toc's prompt when only discards are
legal and its draw pile counter once the played cards are turned over (built positions);
a spectator sees why they cannot chat and a refused message comes back to its writer; a
board whose connection is down is inactive and says so, and comes back; a replay opens
at step 0 and plays at the speed chosen, from the keyboard."""

from web.conftest import Server, screenshot
from web.helpers import require_game, wait_my_turn
from web.positions import (
    phase10_empty_draw_pile_steps,
    toc_only_discards_steps,
    toc_turned_over_talon_steps,
)

BOTS = [{"kind": "bot", "bot": "heuristic"}] * 3
PLAY_BUTTON = "document.getElementById('replay-play')"


def join(server, new_page, table_id: str, seat: int = 0, name: str = "Ann"):  # type: ignore[no-untyped-def]
    page = new_page()
    page.goto(f"{server.base}/#/join/{table_id}/{seat}")
    page.fill("#join-name", name)
    page.click("#join-button")
    page.wait_for_selector(".board .game")
    return page


def prompt(page) -> str:  # type: ignore[no-untyped-def]
    text: str = page.inner_text(".action-bar .prompt")
    return text


def test_toc_prompt_offers_only_the_discard_when_nothing_else_is_legal(server, new_page) -> None:  # type: ignore[no-untyped-def]
    require_game(server, "toc")
    table = server.create_table(
        game="toc",
        players=4,
        seats=[{"kind": "human"}, *BOTS],
        start_steps=toc_only_discards_steps(),
    )
    page = join(server, new_page, table["id"])
    assert wait_my_turn(page)
    legal = page.evaluate("window.__meeple.state.legal.map(m => m.action.type)")
    assert set(legal) == {"Discard"}
    assert prompt(page) == "No card can move a pawn: choose a card to discard."
    page.locator(".board .hand-card.choosable").first.click()
    page.wait_for_function("() => document.querySelector('.board').dataset.chosen !== ''")
    assert "pawn" not in prompt(page) and "reserve" not in prompt(page)
    assert "choose the played cards" in prompt(page)


def test_toc_draw_pile_counts_the_played_cards_turned_over(server, new_page) -> None:  # type: ignore[no-untyped-def]
    require_game(server, "toc")
    steps, cards = toc_turned_over_talon_steps()
    table = server.create_table(
        game="toc",
        players=4,
        seats=[{"kind": "human"}, *BOTS],
        options={"reshuffle": False},
        start_steps=steps,
    )
    page = join(server, new_page, table["id"])
    assert wait_my_turn(page)
    view = page.evaluate("window.__meeple.state.view")
    assert view["talon_size"] == 0 and len(view["talon_order"]) == cards
    counts = page.text_content(".toc-counts") or ""
    assert f"draw pile: {cards}" in counts and "draw pile: 0" not in counts
    assert f"played: {len(view['played'])}" in counts
    label = page.get_attribute(".toc-talon", "aria-label") or ""
    assert f"{cards} cards" in label and "in the order they were played" in label


def test_phase10_empty_draw_pile_says_it_is_refilled_from_the_discards(server, new_page) -> None:  # type: ignore[no-untyped-def]
    steps, under = phase10_empty_draw_pile_steps()
    table = server.create_table(
        game="phase10",
        players=2,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        start_steps=steps,
    )
    page = join(server, new_page, table["id"])
    assert wait_my_turn(page)
    caption = '[data-keys="pile:stock"] .pile-caption'
    assert page.inner_text(caption) == (
        f"Draw pile (0): the {under} discards under the top are shuffled in at the next draw"
    )
    page.click('[data-keys="pile:stock"].choosable')
    page.wait_for_function(
        "text => document.querySelector(text).innerText !== ''"
        " && !document.querySelector(text).innerText.startsWith('Draw pile (0)')",
        arg=caption,
    )
    assert page.inner_text(caption) == f"Draw pile ({under - 1})"


def test_spectators_see_why_they_cannot_chat(server, new_page) -> None:  # type: ignore[no-untyped-def]
    table = server.create_table(
        game="cmyk", players=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    )
    player = join(server, new_page, table["id"])
    watcher = new_page()
    watcher.goto(f"{server.base}/#/table/{table['id']}")
    watcher.wait_for_selector(".board .game")
    assert watcher.is_disabled(".chat-form input") and watcher.is_disabled("#chat-send")
    note = watcher.inner_text("#chat-note")
    assert note == "Only the players at this table can chat; spectators read along."
    assert watcher.get_attribute(".chat-form input", "aria-describedby") == "chat-note"
    # A player chats; the spectator reads it.
    player.fill(".chat-form input", "good luck")
    player.click("#chat-send")
    watcher.wait_for_selector(".chat-list li:has-text('good luck')")
    assert player.input_value(".chat-form input") == ""
    assert player.is_hidden("#chat-note")  # nothing to say to a player
    # Past the server's rate limit the message is refused: it comes back with the reason.
    for n in range(20):
        player.fill(".chat-form input", f"message {n}")
        player.click("#chat-send")
        player.wait_for_function(
            """n => document.querySelector('.chat-form input').value !== ''
                || [...document.querySelectorAll('.chat-list li')]
                    .some(li => li.innerText.endsWith('message ' + n))""",
            arg=n,
        )
        if player.input_value(".chat-form input"):
            break
    assert player.input_value(".chat-form input") == f"message {n}"
    assert player.inner_text("#chat-note") == "Too fast: wait a moment."
    screenshot(watcher, "spectator-chat")


def test_a_board_without_connection_is_inactive_and_says_so(tmp_path, new_page) -> None:  # type: ignore[no-untyped-def]
    own = Server(tmp_path)
    own.start()
    try:
        table = own.create_table(
            game="cmyk", players=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}]
        )
        page = join(own, new_page, table["id"])
        assert wait_my_turn(page)
        assert page.is_hidden(".offline-note")
        own.kill()
        page.wait_for_selector('.board[data-offline="true"]')
        assert page.inner_text(".offline-note").startswith("Connection lost")
        assert page.evaluate("document.querySelector('.board').inert")
        assert page.get_attribute(".board", "data-my-turn") == "false"
        assert page.inner_text(".action-bar .prompt") == "Paused: no connection."
        assert page.locator(".board .choosable").count() == 0
        dimmed = page.evaluate("getComputedStyle(document.querySelector('.board')).opacity")
        assert float(dimmed) < 1
        screenshot(page, "board-offline")
        own.start()
        page.wait_for_selector('.board[data-offline="false"]', timeout=60_000)
        assert page.is_hidden(".offline-note")
        assert wait_my_turn(page)
        assert page.locator(".board .choosable").count() > 0
    finally:
        own.stop()


def _finished_toquer(server, new_page, **extra):  # type: ignore[no-untyped-def]
    """A short Toquer game between random bots, watched to its end: (the page, table)."""
    bots = [{"kind": "bot", "bot": "random"}] * 2
    table = server.create_table(
        game="toquer", players=2, seats=bots, options={"end_score": 1}, bot_delay_ms=0, **extra
    )
    page = new_page()
    page.goto(f"{server.base}/#/table/{table['id']}")
    page.wait_for_function(
        "() => window.__meeple && window.__meeple.state"
        " && window.__meeple.state.status === 'finished'",
        timeout=120_000,
    )
    return page, table


def test_a_replay_opens_at_step_0_and_plays_at_the_chosen_speed(server, new_page) -> None:  # type: ignore[no-untyped-def]
    page, table = _finished_toquer(server, new_page)
    # The game is over: no empty prompt bar is left pinned over the page.
    page.wait_for_function(
        "() => !document.querySelector('.board-area > .action-bar').getClientRects().length"
    )
    page.goto(f"{server.base}/#/replay/{table['id']}")
    page.wait_for_selector(".replay-position")
    last = int(page.get_attribute(".replay-controls input[type=range]", "max") or 0)
    assert last > 5
    assert page.inner_text(".replay-position") == f"Step 0 of {last}"
    assert page.inner_text(".headline") == "Before the deal"  # (it said "Round 0")
    assert page.input_value(".replay-controls input[type=range]") == "0"
    page.select_option("#replay-speed", "100")  # fastest
    page.locator("h1").click()  # focus away from the controls: the page's keys apply
    page.keyboard.press("Space")
    page.wait_for_function(f"() => {PLAY_BUTTON}.innerText.includes('Pause')")
    page.wait_for_function(
        f"() => document.querySelector('.replay-position').innerText === 'Step {last} of {last}'",
        timeout=120_000,
    )
    page.wait_for_function(f"() => {PLAY_BUTTON}.innerText.includes('Play')")
    page.keyboard.press("Home")
    assert page.inner_text(".replay-position") == f"Step 0 of {last}"
    page.keyboard.press("ArrowRight")
    assert page.inner_text(".replay-position") == f"Step 1 of {last}"
    page.keyboard.press("End")
    assert page.inner_text(".replay-position") == f"Step {last} of {last}"
    assert page.evaluate("localStorage.getItem('meeple.replaySpeed')") == "100"
    page.reload()
    page.wait_for_selector(".replay-position")
    assert page.input_value("#replay-speed") == "100"  # remembered


def test_a_replay_reviews_a_seats_moves_and_marks_them(server, new_page) -> None:  # type: ignore[no-untyped-def]
    page, table = _finished_toquer(server, new_page, open_replays=True)
    page.goto(f"{server.base}/#/replay/{table['id']}")
    page.wait_for_selector(".review-box")
    assert page.is_disabled("#review-ask")  # a spectator's view: no seat to review
    page.goto(f"{server.base}/#/replay/{table['id']}?seat=0")
    page.wait_for_selector("#review-ask:not([disabled])")
    page.click("#review-ask")
    page.wait_for_function(
        "() => /decisions/.test(document.querySelector('.review-box').innerText)",
        timeout=120_000,
    )
    marks = page.locator(".review-mark")
    assert marks.count() >= 1  # random moves: the expert bot prefers others somewhere
    marks.first.click()
    note = page.inner_text(".review-note")
    assert "the expert bot would have played" in note and "→" in note
    position = page.inner_text(".replay-position")
    assert position.startswith(f"Step {marks.first.inner_text().split(':')[0].split()[-1]} ")
    assert page.locator(".log li.log-marked").count() >= 1
