"""The lobby offers the bot levels and a table option for hints; at such a table the
person to act may ask for a hint, which names one of their moves."""

from web.helpers import wait_my_turn


def test_a_level_bot_is_named_by_its_level_and_a_hint_shows_a_move(server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    page.goto(server.base + "/")
    page.select_option("#game", "cmyk")
    page.select_option("#players", "2")
    page.fill("#your-name", "Ann")
    options = page.eval_on_selector_all("#seat-1 option", "els => els.map(e => e.value)")
    assert [o for o in options if o.startswith("bot:")] == [
        "bot:random", "bot:easy", "bot:medium", "bot:hard", "bot:expert"
    ]  # fmt: skip
    assert page.input_value("#seat-1") == "bot:medium"  # the default bot
    page.select_option("#seat-1", "bot:easy")
    page.check("#hints")
    page.select_option("#bot-pace", "0")
    page.click("#create-button")
    page.wait_for_selector(".board")
    assert "Bot 2 (easy)" in page.inner_text(".players-table")
    assert wait_my_turn(page)
    page.click("#hint-button")
    page.wait_for_function(
        "() => (document.querySelector('.hint-note') || {}).textContent?.startsWith('Hint: ')",
        timeout=60_000,
    )
    assert page.evaluate("() => window.__meeple.hint.version") == page.evaluate(
        "() => window.__meeple.state.version"
    )
