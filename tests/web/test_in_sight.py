"""What a player needs stays in sight and in reach: every control is big enough for a
thumb; an announcement that arrives while its box is scrolled away is said again in the
prompt's bar; a table wider than its region shows that it goes on; on a laptop the
prompt stays at the bottom of the window and Toc's ring fits above it, its cells named
by their players."""

from typing import Any

from web.helpers import wait_my_turn
from web.phone import MIN_TARGET, PHONE, create_table

# Every control a person taps, with its size; links inside running text are left out
# (a sentence's link is its words), and so is the skip link until it is focused.
CONTROLS = """() => [...document.querySelectorAll(
    'a[href]:not(.skip-link), button, summary, select, input:not([type=hidden])')]
  .filter((el) => el.getClientRects().length && !el.closest('p, li, td, dd'))
  .map((el) => { const r = el.getBoundingClientRect();
    return [Math.round(r.width), Math.round(r.height), el.type || el.tagName.toLowerCase(),
            (el.textContent || el.id || '').trim().slice(0, 40)]; })"""


def small_controls(page) -> list[list[object]]:  # type: ignore[no-untyped-def]
    """The controls under the size a thumb needs: 44 px, or 24 px for a checkbox or a
    radio button (its label beside it is a target too)."""
    small = []
    for width, height, kind, name in page.evaluate(CONTROLS):
        least = 24 if kind in ("checkbox", "radio") else MIN_TARGET
        if min(width, height) < least:
            small.append([width, height, kind, name])
    return small


def test_every_control_is_big_enough_to_tap(server, new_page) -> None:  # type: ignore[no-untyped-def]
    """The lobby with its options and rules unfolded, and a table, on a phone in French:
    the disclosures' summaries were 19 px high, the header's lobby link too."""
    page = new_page(locale="fr-FR", touch=True, **PHONE)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-button")
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    assert small_controls(page) == []
    create_table(page, server.base, "phase10", 3)
    wait_my_turn(page, 60_000)
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    assert small_controls(page) == []


def test_an_announcement_out_of_sight_is_said_again_in_the_prompt_bar(server, new_page) -> None:  # type: ignore[no-untyped-def]
    """On a phone scrolled down to the hand, the board's announcement box is off the
    screen: "you are skipped" is said again in the bar at the bottom, and only there
    while the box is out of sight."""
    page = new_page(locale="fr-FR", touch=True, **PHONE)
    create_table(page, server.base, "phase10", 3)
    wait_my_turn(page, 60_000)
    echo = ".board-area > .action-bar > .bar-notice"
    page.evaluate("() => window.__meeple.clearNotice()")  # (any news of the deal is gone)
    page.evaluate(
        """() => { const table = window.__meeple;
                   table.announce([{ notes: [{ kind: 'skipped', seat: table.mySeat }] }]);
                   clearTimeout(table.notice.timer); }"""  # (kept: a loaded machine is slow)
    )
    said = "Vous passez votre tour (carte Passe) : le joueur suivant joue."
    assert page.inner_text(".notice") == f"! {said}"
    assert not page.locator(echo).is_visible()  # the box is in sight: said once
    # Scrolled down past the box (to the hand), the bar says it.
    page.evaluate(
        "() => window.scrollBy("
        "0, document.querySelector('.notice').getBoundingClientRect().bottom + 8)"
    )
    page.wait_for_function(
        "([selector, said]) => { const echo = document.querySelector(selector);"
        " return echo.getClientRects().length && echo.innerText.includes(said); }",
        arg=[echo, said],
    )
    page.evaluate("window.scrollTo(0, 0)")  # back up to the box: the bar stops repeating it
    page.wait_for_function(f"() => !document.querySelector('{echo}').getClientRects().length")


def test_a_table_wider_than_its_region_shows_that_it_goes_on(server, new_page) -> None:  # type: ignore[no-untyped-def]
    """The players' table of a French Toc table at the largest text on a 320 px phone is
    wider than its region: a shadow marks the side it goes on to, then the other side."""
    page = new_page(locale="fr-FR", touch=True, width=320, height=700)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-button")
    page.select_option("#text-size", "larger")
    create_table(page, server.base, "toc", 4)
    region = page.locator(".players .table-scroll")
    region.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => document.querySelector('.players .table-scroll').classList.contains('more-right')"
    )
    assert "more-left" not in (region.get_attribute("class") or "")
    assert region.evaluate("(el) => getComputedStyle(el).boxShadow") != "none"
    region.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }")
    page.wait_for_function(
        """() => { const c = document.querySelector('.players .table-scroll').classList;
                   return c.contains('more-left') && !c.contains('more-right'); }"""
    )


def test_on_a_laptop_the_prompt_stays_in_sight_below_toc_s_whole_ring(server, new_page) -> None:  # type: ignore[no-untyped-def]
    """At 1280 x 800 the Toc ring was 780 px tall: the prompt and the hand were below the
    window. The ring now fits, the prompt stays at the window's bottom, and the ring's
    cells are named by their players ("Ann's Départ"), not by seat numbers."""
    page = new_page(width=1280, height=800)
    create_table(page, server.base, "toc", 4)
    wait_my_turn(page, 60_000)
    page.evaluate("window.scrollTo(0, 0)")
    ring = page.locator(".toc-board").bounding_box()
    bar = page.locator(".board-area > .action-bar").bounding_box()
    assert ring is not None and bar is not None
    assert bar["y"] + bar["height"] <= 800 and ring["y"] + ring["height"] <= bar["y"], (ring, bar)
    labels = page.eval_on_selector_all(
        ".toc-board [aria-label]", "els => els.map((e) => e.getAttribute('aria-label'))"
    )
    assert "cell 0, Ann's Départ" in labels, labels[:5]
    assert not any("of seat" in label for label in labels)


def test_an_announcement_is_said_again_in_a_newly_chosen_language(server, new_page) -> None:  # type: ignore[no-untyped-def]
    """The board's announcement stayed in French after the page was switched to English."""
    page = new_page(locale="fr-FR", touch=True, **PHONE)
    create_table(page, server.base, "phase10", 3)
    wait_my_turn(page, 60_000)
    page.evaluate(
        """() => { const table = window.__meeple;
                   table.announce([{ notes: [{ kind: 'skipped', seat: table.mySeat }] }]);
                   clearTimeout(table.notice.timer); }"""  # (kept: a loaded machine is slow)
    )
    assert page.inner_text(".notice") == (
        "! Vous passez votre tour (carte Passe) : le joueur suivant joue."
    )
    page.select_option("#lang", "en")
    page.wait_for_function(
        "() => document.querySelector('.notice').innerText"
        " === '! You are skipped: your turn passes to the next player.'"
    )


def toc_steps_with_an_entry() -> list[dict[str, Any]]:
    """Toc, 4 players: the deal of the first seed (in order) after which seat 0 is to
    play and may bring a pawn out with an A or a K."""
    import random

    from meeple.engine.protocol import CHANCE
    from meeple.engine.registry import game_class

    game = game_class("toc")(4, {})
    for seed in range(200):
        chance = random.Random(seed)
        state = game.initial_state()
        steps: list[dict[str, Any]] = []
        while game.current_player(state) == CHANCE:
            outcome = game.sample_chance(state, chance)
            steps.append({"chance": game.encode_outcome(outcome)})
            state = game.apply_chance(state, outcome)
        moves = [game.format_action(state, a) for a in game.legal_actions(state)]
        if game.current_player(state) == 0 and any(m.endswith(" in") for m in moves):
            return steps
    raise AssertionError("no deal of the first 200 seeds lets seat 0 bring a pawn out")


def test_on_a_phone_toc_s_small_targets_bring_the_picker_into_sight(server, new_page) -> None:  # type: ignore[no-untyped-def]
    """Tapping an A or a K on a phone leaves Toc's reserve and pawns (12 px) to choose:
    the picker, the same choices as full-size buttons, comes into sight above the prompt
    (it stayed below the screen, to be found by scrolling)."""
    from web.test_summaries import open_seat, seated_table

    table_id, tokens = seated_table(server, "toc", 4, {}, toc_steps_with_an_entry())
    page = new_page(touch=True, **PHONE)
    open_seat(page, server, table_id, 0, tokens[0])
    wait_my_turn(page, 60_000)
    card = page.locator(
        '.hand-card.choosable[data-keys="card:13"], .hand-card.choosable[data-keys="card:1"]'
    )
    card.first.tap()
    page.wait_for_function("() => document.querySelector('.picker button') !== null")
    first = page.locator(".picker button").first.bounding_box()
    bar = page.locator(".board-area > .action-bar").bounding_box()
    assert first is not None and bar is not None
    top, bottom = first["y"], first["y"] + first["height"]
    assert top >= 0 and bottom <= PHONE["height"], (first, bar)  # on the screen (was below)
    assert bottom <= bar["y"] + 1 or top >= bar["y"] + bar["height"] - 1, (
        first,
        bar,
    )  # not under the bar
