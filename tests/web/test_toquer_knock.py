"""Toquer by pointing: a knock and its whole exchange between two people (and a bot):
one draws from the stock, the other knocks, gets the card, swaps it in; the first takes
one of the knocker's cards and places it in their own layout."""

from web.conftest import screenshot
from web.helpers import create_by_lobby, game_view, join_by_link, next_to_act, point, require_game

MAX_ACTIONS = 200


def act(page) -> str | None:  # type: ignore[no-untyped-def]
    """What this person does now, by pointing; returns the phase acted in."""
    if page.get_attribute(".board", "data-my-turn") != "true":
        return None
    phase = game_view(page)["phase"]
    if phase == "knock":
        point(page, '.action-bar button[data-key="btn:knock"]')
    elif phase == "answer":  # give the card to the other person (not to the bot)
        other = 1 - int(page.evaluate("window.__meeple.mySeat"))
        point(page, f'.action-bar button[data-key="choice:give{other}"]')
    elif phase == "draw":
        point(page, '[data-keys="pile:stock"].choosable')
    elif phase == "clear":
        point(page, '.action-bar button[data-key="btn:done"]')
    elif page.locator(".board .target.choosable").count():
        point(page, ".board .target.choosable")
    else:
        point(page, ".board .slot.choosable")
    return phase


def test_toquer_knock_and_exchange_by_pointing(server, new_page) -> None:  # type: ignore[no-untyped-def]
    require_game(server, "toquer")
    ann = new_page()
    create_by_lobby(ann, server.base, "toquer", 3, humans=(0, 1))
    bob = join_by_link(ann, new_page())
    for page in (ann, bob):
        page.wait_for_selector(".tq-strip")

    phases: dict[str, set[str]] = {"ann": set(), "bob": set()}
    done = {"knock", "answer", "knock_swap", "knock_take", "knock_place"}
    # The first stock draw by a person is knocked by the other, who is then given the
    # card (act() always draws from the stock, always knocks, gives to the person): the
    # whole exchange comes within the first turns, whatever the deal.
    for _ in range(MAX_ACTIONS):
        if done <= phases["ann"] | phases["bob"]:
            break
        page = next_to_act([ann, bob])
        if page is None:
            break
        who = "ann" if page is ann else "bob"
        phase = act(page)
        if phase:
            phases[who].add(phase)
            if phase == "knock_take":
                screenshot(page, "toquer-knock-take")
    seen = phases["ann"] | phases["bob"]
    assert {"knock", "answer", "knock_swap", "knock_take", "knock_place"} <= seen, seen
    screenshot(ann, "toquer-3-players")
    for page in (ann, bob):
        assert "knock" in page.inner_text(".log")
