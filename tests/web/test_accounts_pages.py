"""Accounts in the browser: two people sign up in two browser contexts, play a rated
game to its end through the page (from a built position one move from the end), and
both ratings change once, not again after the server restarts; a guest's lobby is as
before; the leaderboard and a player's page in English, French and Japanese."""

import json
import secrets

import httpx

from meeple.web import STATIC_DIR
from server.serverkit import Client
from web.conftest import screenshot
from web.helpers import next_to_act
from web.phone import axe_violations, describe_violations
from web.positions import last_move_steps
from web.test_cmyk_two_people import step
from web.test_languages_and_reconnect import assert_no_english

PASSWORD = "a long enough passphrase"


def catalogue(lang: str) -> dict:  # type: ignore[type-arg]
    return json.loads((STATIC_DIR / "i18n" / f"{lang}.json").read_text())["account"]


def sign_up_in_page(page, base: str, name: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base + "/#/signup")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector("#signed-in-as")
    assert name in page.inner_text("#signed-in-as")


def assert_clean(page, where: str) -> None:  # type: ignore[no-untyped-def]
    violations = axe_violations(page)
    assert not violations, f"{where}:\n{describe_violations(violations)}"


def ratings_of(base: str, name: str) -> list[dict]:  # type: ignore[type-arg]
    answer = httpx.get(f"{base}/api/players/{name}", timeout=10, trust_env=False)
    assert answer.status_code == 200, answer.text
    ratings: list[dict] = answer.json()["ratings"]  # type: ignore[type-arg]
    return ratings


def test_rated_game_between_two_accounts_in_two_browsers(server, new_page) -> None:  # type: ignore[no-untyped-def]
    names = [f"Ann{secrets.token_hex(3)}", f"Bob{secrets.token_hex(3)}"]
    pages = [new_page(), new_page(width=420, height=900)]
    for page, name in zip(pages, names, strict=True):
        sign_up_in_page(page, server.base, name)

    guest = new_page()  # a guest: the lobby as before, with a way to sign in
    guest.goto(server.base + "/")
    guest.wait_for_selector("#create-button")
    assert guest.locator("#rated").count() == 0 and guest.locator("#login-link").count() == 1
    pages[0].goto(server.base + "/")
    pages[0].wait_for_selector("#rated")  # a signed-in person is offered rated tables

    table = server.create_table(
        game="cmyk",
        players=2,
        rated=True,
        bot_delay_ms=0,
        start_steps=last_move_steps("cmyk", 2, 1),
    )
    guest.goto(f"{server.base}/#/join/{table['id']}/0")
    guest.wait_for_selector("#rated-needs-account")  # a guest is asked to sign in first
    for seat, page in enumerate(pages):
        page.goto(f"{server.base}/#/join/{table['id']}/{seat}")
        page.click("#join-button")
        page.wait_for_selector(".cmyk-board")
    for page in pages:
        page.wait_for_function("() => window.__meeple.table.status === 'running'")
        links = page.locator(".players-table a.player-link")
        assert sorted(links.all_inner_texts()) == sorted(names)

    moves = 0
    while (page := next_to_act(pages)) is not None:
        step(page)
        moves += 1
        assert moves < 10, "one move should end this game"
    for page in pages:
        page.wait_for_selector(".result h2")
    for name in names:
        (rating,) = ratings_of(server.base, name)
        assert rating["games"] == 1 and rating["provisional"]

    server.stop()  # a restart rebuilds tables from their steps: it rates nothing again
    server.start()
    httpx.get(f"{server.base}/api/tables/{table['id']}", timeout=10, trust_env=False)
    for name in names:
        assert [r["games"] for r in ratings_of(server.base, name)] == [1]

    ann = pages[0]
    ann.goto(f"{server.base}/#/players/{names[0]}")
    ann.wait_for_selector(".history-table")
    assert ann.locator("#signed-in-as").count() == 1  # the cookie outlived the restart
    assert ann.locator(".rating-chart circle").count() == 1
    row = ann.locator(f".history-table tr[data-table='{table['id']}']")
    assert names[1] in row.inner_text()
    assert row.locator(f"a[href='#/replay/{table['id']}?seat=0']").count() == 1


def test_leaderboard_and_player_page_in_three_languages(server, new_page) -> None:  # type: ignore[no-untyped-def]
    http = httpx.Client(base_url=server.base, timeout=30, trust_env=False)
    name = f"Cleo{secrets.token_hex(3)}"
    session = http.post("/api/accounts", json={"name": name, "password": PASSWORD}).json()
    table = server.create_table(
        game="cmyk",
        players=2,
        rated=True,
        bot_delay_ms=0,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "medium"}],
        start_steps=last_move_steps("cmyk", 2, 0),
    )
    headers = {"Authorization": f"Bearer {session['token']}"}
    token = http.post(f"/api/tables/{table['id']}/seats/0", headers=headers).json()["token"]
    client = Client(server.base.replace("http", "ws"), str(table["id"]), token)
    state = client.wait_for(lambda m: m.get("type") == "state" and bool(m["legal"]))
    client.move(state["version"], action=state["legal"][0]["action"])
    client.wait_for(lambda m: m.get("type") == "state" and m["status"] == "finished")
    client.close()

    for locale, lang in (("en-US", "en"), ("fr-FR", "fr"), ("ja-JP", "ja")):
        words = catalogue(lang)
        page = new_page(locale=locale)
        page.goto(f"{server.base}/#/leaderboard/cmyk?players=2")
        page.wait_for_selector(".leaderboard-table")
        assert page.evaluate("document.documentElement.lang") == lang
        board = page.inner_text(".leaderboard-page")
        assert words["columns"]["rating"] in board and name in board
        assert_clean(page, f"leaderboard {lang}")
        if lang != "en":
            assert_no_english(page, lang, "the leaderboard")
        bot = words["botPlayer"].replace("{{level}}", "")[:3]
        assert bot in board  # the medium level, rated as a player of its own
        page.click(f".leaderboard-table a[href='#/players/{name}']")
        page.wait_for_selector(".history-table")
        text = page.inner_text(".player-page")
        assert words["history"] in text and words["ratings"] in text
        assert words["columns"]["ratingChange"] in text
        assert page.locator(".rating-chart").count() == 1
        assert_clean(page, f"player page {lang}")
        if lang != "en":
            assert_no_english(page, lang, "a player's page")
    http.close()


def test_a_refused_table_is_said_in_the_readers_language(server, new_page) -> None:  # type: ignore[no-untyped-def]
    """Refusals said in French and Japanese: a name no person may take at sign-up; a
    rated table with one bot level in three seats (ticking "rated" locks hints off), with
    the level's name; a value the server can explain only in English, with a translated
    lead and its English marked; a rated table waiting for every seat; a seat taken by
    someone else meanwhile."""
    for locale, lang, width in (("fr-FR", "fr", 1280), ("ja-JP", "ja", 390)):
        words = json.loads((STATIC_DIR / "i18n" / f"{lang}.json").read_text())
        mistakes = words["lobby"]["mistakes"]
        page = new_page(locale=locale, width=width, height=844)
        page.goto(server.base + "/#/signup")  # a name no person may take, and why
        page.fill("#account-name", f"Dee{secrets.token_hex(2)}Bot")
        page.fill("#account-password", PASSWORD)
        page.click("#account-submit")
        page.wait_for_function("() => document.querySelector('#account-error').textContent")
        assert page.inner_text("#account-error") == words["account"]["mistakes"]["name_botlike"]
        sign_up_in_page(page, server.base, f"Dee{secrets.token_hex(3)}")
        page.goto(server.base + "/")
        page.wait_for_selector("#rated")
        page.select_option("#game", "cmyk")
        page.select_option("#players", "4")
        page.wait_for_selector("#seat-3")  # a person and three seats of the "medium" level
        page.check("#hints")
        page.check("#rated")
        assert not page.is_checked("#hints") and page.is_disabled("#hints")
        page.click("#create-button")
        page.wait_for_function("() => document.querySelector('#create-error').textContent")
        said = page.inner_text("#create-error")
        level = words["bots"]["medium"]
        assert mistakes["ratedLevelTwice"].replace("{{level}}", level) in said, said
        assert page.locator("#create-error [lang=en]").count() == 0
        assert_no_english(page, lang, "a refused rated table")
        page.locator("#create-error").scroll_into_view_if_needed()
        screenshot(page, f"lobby-refused-{lang}")

        page.uncheck("#rated")
        assert not page.is_disabled("#hints")
        page.evaluate("() => document.querySelectorAll('form details').forEach(d => d.open = true)")
        page.fill("#opt-deck", '{"nope": 1}')
        page.click("#create-button")
        label = words["games"]["cmyk"]["options"]["deck"]["label"]
        lead = mistakes["badStructured"].replace("{{name}}", label)
        page.wait_for_function(
            "lead => document.querySelector('#create-error').textContent.includes(lead)", arg=lead
        )
        assert "unknown deck keys" in page.inner_text("#create-error [lang=en]")

        # A rated table waits for every seat: no "start now", and the page says so.
        rated = server.create_table(game="cmyk", players=2, rated=True)
        page.goto(f"{server.base}/#/join/{rated['id']}/0")
        page.click("#join-button")
        page.wait_for_selector("#rated-waits")
        assert page.locator("#start-button").count() == 0
        waits = words["table"]["startMistakes"]["rated_not_full"]
        assert page.inner_text("#rated-waits") == waits

        # A seat someone takes while the page offers it: said in words too.
        table = server.create_table(game="cmyk", players=2)
        page.goto(f"{server.base}/#/join/{table['id']}/1")
        page.wait_for_selector("#join-button")
        taken = httpx.post(
            f"{server.base}/api/tables/{table['id']}/seats/1", json={"name": "Eve"}, trust_env=False
        )
        assert taken.status_code == 201
        page.click("#join-button")
        page.wait_for_function("() => document.querySelector('.join-form .error').textContent")
        said = page.inner_text(".join-form .error")
        assert words["join"]["mistakes"]["taken"] in said and words["join"]["failed"] in said
        assert page.locator(".join-form .error [lang=en]").count() == 0
