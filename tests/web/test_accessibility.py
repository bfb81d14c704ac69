"""axe-core (WCAG 2.0, 2.1 and 2.2 A and AA rules) finds no serious or critical
violation: on the lobby in three languages and on a table of every game, as a player
and as a spectator, on a phone and on a desktop. Also the text-size setting is
remembered, no text size pushes a small phone's page sideways, and with reduced motion
nothing animates. The players' region keeps a keyboard user's focus and place when
another player's move redraws the table, and on a phone what the keyboard focuses is
never hidden under the prompt that stays at the bottom of the screen."""

import pytest

from web.helpers import create_by_lobby, join_by_link, next_to_act, require_game, wait_my_turn
from web.phone import (
    DESKTOP,
    PHONE,
    SHORT,
    Taps,
    axe_violations,
    create_table,
    describe_violations,
    tap_step,
)

TABLES = [("phase10", 4), ("toc", 4), ("toc", 8), ("cmyk", 3), ("toquer", 4)]


def assert_clean(page, where: str) -> None:  # type: ignore[no-untyped-def]
    violations = axe_violations(page)
    assert not violations, f"{where}:\n{describe_violations(violations)}"


def test_axe_reports_a_planted_violation(server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#create-button")
    page.evaluate(
        """() => { const p = document.createElement('p');
                   p.textContent = 'faint'; p.style.color = '#ddd';
                   document.querySelector('#app').append(p); }"""
    )
    assert any(v["id"] == "color-contrast" for v in axe_violations(page))


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_lobby_has_no_serious_violation(server, new_page, lang: str) -> None:  # type: ignore[no-untyped-def]
    page = new_page(locale=lang)
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        page.goto(server.base + "/")
        page.wait_for_selector("#create-button")
        assert page.evaluate("document.documentElement.lang") == lang
        assert_clean(page, f"lobby {lang} {viewport['width']}px")


@pytest.mark.parametrize(("game", "players"), TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_table_has_no_serious_violation(server, new_page, game: str, players: int) -> None:  # type: ignore[no-untyped-def]
    require_game(server, game)
    player = new_page(touch=True, **PHONE)
    create_table(player, server.base, game, players, options=SHORT[game])
    wait_my_turn(player, 60_000)
    # Mid-choice, so that targets, the picker and Back/Cancel are on the page too.
    tap_step(player, Taps())
    wait_my_turn(player, 60_000)
    spectator = new_page()
    spectator.goto(player.url)
    spectator.wait_for_selector(".board .game")
    for viewport in (PHONE, DESKTOP):
        for who, page in (("player", player), ("spectator", spectator)):
            page.set_viewport_size(viewport)
            assert_clean(page, f"{game}-{players} {who} {viewport['width']}px")


def test_larger_text_is_remembered(server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#create-button")
    normal = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    page.select_option("#text-size", "larger")
    page.reload()
    page.wait_for_selector("#create-button")
    assert page.input_value("#text-size") == "larger"
    larger = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert larger >= normal * 1.3


# How far the page reaches past the screen's right edge (0 or less: it never scrolls
# sideways). A phone's window.innerWidth grows with a page wider than the screen, so the
# screen's width is the root element's clientWidth.
SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_no_text_size_pushes_a_small_phone_page_sideways(server, new_page, lang: str) -> None:  # type: ignore[no-untyped-def]
    """At every text size on a 320 px phone, neither the lobby (with its longest bot
    level chosen) nor a four-player Toquer table (the widest players' table) scrolls
    sideways: what is wider than the screen scrolls in a region of its own."""
    page = new_page(locale=lang, width=320, height=640, touch=True)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-button")
    sizes = page.eval_on_selector_all("#text-size option", "els => els.map(e => e.value)")
    assert len(sizes) == 3
    page.select_option("#seat-1", "bot:expert")
    for size in sizes:
        page.select_option("#text-size", size)
        assert page.evaluate(SIDEWAYS) <= 0, f"the lobby scrolls sideways at text size {size}"
    page.select_option("#text-size", sizes[0])
    create_table(page, server.base, "toquer", 4, options=SHORT["toquer"])
    wait_my_turn(page, 60_000)
    for size in sizes:
        page.select_option("#text-size", size)
        assert page.evaluate(SIDEWAYS) <= 0, f"the table scrolls sideways at text size {size}"
    region = page.locator(".players .table-scroll")
    assert region.get_attribute("tabindex") == "0"  # a keyboard can scroll it
    wider = page.evaluate(
        "() => { const r = document.querySelector('.players .table-scroll');"
        " return r.scrollWidth > r.clientWidth; }"
    )
    # At the largest text the table is wider than the phone and scrolls in its region,
    # in French (the longest headings) and in Japanese (whose headings keep their words
    # whole, "表向き" rather than "表向/き").
    assert wider
    page.select_option("#text-size", sizes[0])
    headings = page.eval_on_selector_all(
        ".players-table thead th",
        """els => els.map(th => { const range = document.createRange();
             range.selectNodeContents(th);
             return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; })""",
    )
    if lang == "ja":  # at the normal size every heading is one line, and the table fits
        assert max(headings) == 1, headings
        assert page.evaluate(
            "() => { const r = document.querySelector('.players .table-scroll');"
            " return r.scrollWidth <= r.clientWidth; }"
        )


def test_the_players_table_fits_its_column_on_a_laptop(server, new_page) -> None:  # type: ignore[no-untyped-def]
    """At 1280 px, the widest players' table (four Toquer players, five columns, in
    French) fits the side column without scrolling its region; at 330 px the last
    column was cut off."""
    page = new_page(locale="fr", width=1280, height=800)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-button")
    create_table(page, server.base, "toquer", 4, options=SHORT["toquer"])
    wait_my_turn(page, 60_000)
    region = page.evaluate(
        "() => { const r = document.querySelector('.players .table-scroll');"
        " return [r.scrollWidth, r.clientWidth]; }"
    )
    assert region[0] <= region[1], region


# The players' table is drawn again (an element the test marked is gone).
REDRAWN = "() => !document.querySelector('.players .table-scroll table[data-old]')"
# Whether the players' region has the focus, and how far it is scrolled sideways.
PLACE = """() => { const r = document.querySelector('.players .table-scroll');
                   return { focused: document.activeElement === r, left: r.scrollLeft }; }"""


def test_the_players_region_keeps_focus_and_place_across_a_move(server, new_page) -> None:  # type: ignore[no-untyped-def]
    """On a French 320 px phone, Ann focuses the players' region with the keyboard and
    scrolls it sideways; Bob's move at the same table redraws the players' table, and
    the region still has the focus and the place (it was drawn anew with each update,
    which sent the focus to the page and the table back to its start)."""
    ann = new_page(locale="fr", width=320, height=640, touch=True)
    create_by_lobby(ann, server.base, "toquer", 4, humans=(0, 1))
    bob = join_by_link(ann, new_page())
    taps = Taps()
    while (mover := next_to_act([ann, bob])) is ann:
        tap_step(ann, taps)
    assert mover is bob, "the game ended before Bob's turn"
    ann.locator(".players .table-scroll").focus()
    # French headings make the table wider than the phone (see the test above): a few
    # pixels of sideways scrolling are always there to take.
    ann.evaluate(
        """() => { const r = document.querySelector('.players .table-scroll');
                   r.scrollLeft = 12;
                   r.querySelector('table').dataset.old = 'yes'; }"""
    )
    assert ann.evaluate(PLACE) == {"focused": True, "left": 12}
    for _ in range(10):
        if ann.evaluate(REDRAWN) or not tap_step(bob, taps, touch=False):
            break
    ann.wait_for_function(REDRAWN, timeout=60_000)
    assert ann.evaluate(PLACE) == {"focused": True, "left": 12}


def test_reduced_motion_animates_nothing(server, browser) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    try:
        page = context.new_page()
        create_table(page, server.base, "cmyk", 2, options=SHORT["cmyk"])
        changes = 0
        while changes < 3 and wait_my_turn(page, 60_000):
            tap_step(page, Taps(), touch=False)
            changes += 1
            assert page.evaluate("document.getAnimations().length") == 0
    finally:
        context.close()


def test_the_action_bar_shows_no_internal_value(server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    create_table(page, server.base, "cmyk", 2, options=SHORT["cmyk"])
    wait_my_turn(page, 60_000)
    text = page.inner_text(".action-bar")
    assert "null" not in text and "undefined" not in text, text


# Scroll the page until the board's last focusable control sits under the prompt kept
# at the bottom of a phone's screen, focus it, and say where both are.
UNDER_THE_PROMPT = """() => {
  const bar = document.querySelector('.board-area > .action-bar');
  const controls = [...document.querySelector('.board').querySelectorAll('button, [tabindex="0"]')];
  const target = controls[controls.length - 1];
  window.scrollBy(0, target.getBoundingClientRect().bottom - innerHeight + 4);
  const hidden = target.getBoundingClientRect().bottom > bar.getBoundingClientRect().top;
  target.focus();
  return { hidden, bottom: target.getBoundingClientRect().bottom,
           prompt: bar.getBoundingClientRect().top, sticky: getComputedStyle(bar).position };
}"""


def test_focus_is_never_hidden_under_a_phone_s_prompt(server, new_page) -> None:  # type: ignore[no-untyped-def]
    """WCAG 2.4.11: on a phone at the largest text, a control the keyboard focuses while
    it lies under the prompt kept at the bottom of the screen is scrolled above it (the
    page's scroll padding); without it the control stayed under the prompt."""
    page = new_page(width=390, height=700, touch=True)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-button")
    page.select_option("#text-size", "larger")
    create_table(page, server.base, "phase10", 2, options=SHORT["phase10"])
    wait_my_turn(page, 60_000)
    where = page.evaluate(UNDER_THE_PROMPT)
    assert where["sticky"] == "sticky" and where["hidden"], where  # the case is built
    assert where["bottom"] <= where["prompt"], where
