"""Accounts: sign-up, login, sessions (Bearer and cookie with CSRF), password change,
deletion, rate limits, rated tables and their ratings, players' pages, leaderboards."""

import logging
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from sqlalchemy import update

from meeple.server.accounts import CSRF_HEADER, SESSION_COOKIE, SESSION_DAYS, hash_session
from meeple.server.limits import Rate
from meeple.store.models import SessionRow, utcnow
from server.conftest import store_url
from server.serverkit import Client, LiveServer, create_table, server_settings
from web.positions import last_move_steps

PASSWORD = "correct horse battery"
_names = iter(range(10_000))


def fresh_name(prefix: str = "Ann") -> str:
    return f"{prefix}{next(_names)}"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def accounts_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """A server for rated games (start positions allowed), on each kind of store."""
    url = store_url(request, tmp_path_factory)
    settings = server_settings(
        url,
        test_positions=True,
        login_rate=Rate(10_000, 600.0),
        login_name_rate=Rate(10_000, 600.0),
        signup_rate=Rate(10_000, 600.0),
    )
    with LiveServer(settings) as server:
        yield server


@pytest.fixture
def http(accounts_server: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=accounts_server.base, timeout=30, trust_env=False) as client:
        yield client


def sign_up(http: httpx.Client, name: str, password: str = PASSWORD) -> dict[str, Any]:
    answer = http.post("/api/accounts", json={"name": name, "password": password})
    assert answer.status_code == 201, answer.text
    session: dict[str, Any] = answer.json()
    return session


def bearer(session: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {session['token']}"}


def login(http: httpx.Client, name: str, password: str = PASSWORD) -> httpx.Response:
    return http.post("/api/login", json={"name": name, "password": password})


# ------------------------------------------------------------------ accounts, sessions
def test_sign_up_login_wrong_password_name_taken_logout(http: httpx.Client) -> None:
    name = fresh_name()
    first = sign_up(http, name)
    assert first["account"]["name"] == name and first["token"] and first["csrf_token"]
    me = http.get("/api/session", headers=bearer(first))
    assert me.status_code == 200 and me.json()["account"]["name"] == name
    assert me.json()["token"] is None  # a token is shown only when it is new

    again = http.post("/api/accounts", json={"name": name.upper(), "password": PASSWORD})
    assert again.status_code == 409  # taken, whatever the case

    second = login(http, name.lower())  # names sign in whatever their case
    assert second.status_code == 200, second.text
    assert second.json()["token"] != first["token"]
    wrong_password = login(http, name, "not the password")
    unknown_name = login(http, fresh_name("Nobody"), PASSWORD)
    assert wrong_password.status_code == unknown_name.status_code == 401
    assert wrong_password.json() == unknown_name.json()

    logout = http.post("/api/logout", headers=bearer(first))
    assert logout.status_code == 200
    assert http.get("/api/session", headers=bearer(first)).status_code == 401  # revoked
    assert http.post("/api/logout", headers=bearer(first)).status_code == 401
    assert http.get("/api/session", headers=bearer(second.json())).status_code == 200


@pytest.mark.parametrize(
    "name,reason",
    [
        ("ab", "name_length"),
        ("x" * 21, "name_length"),
        ("1abc", "name_form"),
        ("two words", "name_form"),
        ("Émile", "name_form"),
        ("Medium", "name_reserved"),
        ("bot-easy", "name_botlike"),
        ("RoboBot", "name_botlike"),
        ("Bot_7", "name_botlike"),
        ("admin", "name_reserved"),
    ],
)
def test_names_that_cannot_be_taken(http: httpx.Client, name: str, reason: str) -> None:
    """Refused, naming why for the page to say it (with the lengths allowed)."""
    answer = http.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 422, answer.text
    assert answer.json()["reason"] == reason
    lengths = {"min": 3, "max": 20} if reason == "name_length" else {}
    assert answer.json()["details"] == lengths


def test_short_password_is_refused_without_being_echoed(http: httpx.Client) -> None:
    answer = http.post("/api/accounts", json={"name": fresh_name(), "password": "short1"})
    assert answer.status_code == 422
    assert "short1" not in answer.text
    assert answer.json()["reason"] == "password_length"
    assert answer.json()["details"] == {"min": 8, "max": 256}
    name = fresh_name("Annabelle")  # long enough to be a password
    same = http.post("/api/accounts", json={"name": name, "password": name.upper()})
    assert same.json()["reason"] == "password_is_name" and name.lower() not in same.text.lower()
    for path in ("/api/login", "/api/accounts"):  # nor in an answer about another field
        answer = http.post(path, json={"password": "secret words here", "other": 1})
        assert answer.status_code == 422 and "secret words" not in answer.text


def test_password_change_revokes_every_session(http: httpx.Client) -> None:
    name = fresh_name()
    one = sign_up(http, name)
    two = login(http, name).json()
    path = "/api/account/password"
    wrong = http.post(
        path, json={"current": "nope nope", "new": "a new password"}, headers=bearer(one)
    )
    assert wrong.status_code == 401
    changed = http.post(
        path, json={"current": PASSWORD, "new": "a new password"}, headers=bearer(one)
    )
    assert changed.status_code == 200, changed.text
    for old in (one, two):
        assert http.get("/api/session", headers=bearer(old)).status_code == 401
    assert http.get("/api/session", headers=bearer(changed.json())).status_code == 200
    assert login(http, name).status_code == 401
    assert login(http, name, "a new password").status_code == 200


def test_csrf_token_needed_with_the_cookie(http: httpx.Client) -> None:
    name = fresh_name()
    sign_up(http, name)  # the cookie is now in the client's jar
    assert http.cookies.get(SESSION_COOKIE)
    session = http.get("/api/session")  # the cookie alone reads
    assert session.status_code == 200
    csrf = session.json()["csrf_token"]
    table = create_table(http, game="cmyk", players=2)
    seat_path = f"/api/tables/{table['id']}/seats/0"
    assert http.post(seat_path, json={"name": "x"}).status_code == 403
    refused = http.post(seat_path, json={"name": "x"}, headers={CSRF_HEADER: "0" * 64})
    assert refused.status_code == 403
    joined = http.post(seat_path, json={"name": "x"}, headers={CSRF_HEADER: csrf})
    assert joined.status_code == 201, joined.text
    seat = http.get(f"/api/tables/{table['id']}").json()["seats"][0]
    assert seat["name"] == name and seat["account"] is True  # the account's name, not "x"
    assert http.post("/api/logout").status_code == 403
    assert http.post("/api/logout", headers={CSRF_HEADER: csrf}).status_code == 200
    assert http.get("/api/session").status_code == 401


def test_guest_plays_as_before_and_rated_tables_seat_accounts_only(http: httpx.Client) -> None:
    table = create_table(http, game="cmyk", players=2)
    answer = http.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Guest"})
    assert answer.status_code == 201
    seat = http.get(f"/api/tables/{table['id']}").json()["seats"][0]
    assert seat["name"] == "Guest" and seat["account"] is False and not table["rated"]

    rated = create_table(http, game="cmyk", players=2, rated=True)
    assert rated["rated"] is True
    guest = http.post(f"/api/tables/{rated['id']}/seats/0", json={"name": "Guest"})
    assert guest.status_code == 401 and guest.json()["reason"] == "needs_account"
    one = sign_up(http, fresh_name())
    seat_0 = f"/api/tables/{rated['id']}/seats/0"
    assert http.post(seat_0, headers=bearer(one)).status_code == 201
    twice = http.post(f"/api/tables/{rated['id']}/seats/1", headers=bearer(one))
    assert twice.status_code == 409  # one seat per account at a rated table
    assert twice.json()["reason"] == "one_seat"
    token = http.post(
        seat_0.replace("/seats/0", "/seats/1"),
        json={"name": "p"},
        headers=bearer(sign_up(http, fresh_name())),
    )
    assert token.status_code == 201

    hinted = http.post("/api/tables", json={"game": "cmyk", "rated": True, "hints": True})
    assert hinted.status_code == 422  # the expert bot does not help at a rated table
    assert (hinted.json()["reason"], hinted.json()["details"]) == ("ratedHints", {})
    for seats, reason, details in (
        ([{"kind": "bot", "bot": "medium"}] * 2, "ratedLevelTwice", {"level": "medium"}),
        (
            [{"kind": "bot", "bot": "easy:mistakes=0.9"}, {"kind": "human"}],
            "ratedBots",
            {"levels": "random, easy, medium, hard, expert"},
        ),
    ):
        refused = http.post(
            "/api/tables", json={"game": "cmyk", "players": 2, "rated": True, "seats": seats}
        )
        assert refused.status_code == 422, refused.text
        assert (refused.json()["reason"], refused.json()["details"]) == (reason, details)
    lonely = create_table(http, game="cmyk", players=2, rated=True)
    mine = http.post(f"/api/tables/{lonely['id']}/seats/0", headers=bearer(one)).json()
    start = http.post(
        f"/api/tables/{lonely['id']}/start", headers={"Authorization": f"Bearer {mine['token']}"}
    )
    assert start.status_code == 409  # a rated table starts with every seat taken


# ------------------------------------------------------------------------ rated games
def play_last_move(server: LiveServer, table_id: str, token: str) -> dict[str, Any]:
    client = Client(server.ws_base, table_id, token)
    try:
        state = client.wait_for(lambda m: m.get("type") == "state" and bool(m["legal"]))
        client.move(state["version"], action=state["legal"][0]["action"])
        return client.wait_for(lambda m: m.get("type") == "state" and m["status"] == "finished")
    finally:
        client.close()


def rated_table(http: httpx.Client, last_seat: int, **body: Any) -> dict[str, Any]:
    return create_table(
        http,
        game="cmyk",
        players=2,
        rated=True,
        bot_delay_ms=0,
        start_steps=last_move_steps("cmyk", 2, last_seat),
        **body,
    )


def seat_all(
    http: httpx.Client, table: dict[str, Any], sessions: list[dict[str, Any]]
) -> list[str]:
    """Each session takes the seat of its index; their seat tokens."""
    tokens = []
    for seat, session in enumerate(sessions):
        answer = http.post(f"/api/tables/{table['id']}/seats/{seat}", headers=bearer(session))
        assert answer.status_code == 201, answer.text
        tokens.append(answer.json()["token"])
    return tokens


def test_rated_game_between_two_accounts_rates_both_once(
    accounts_server: LiveServer, http: httpx.Client
) -> None:
    names = [fresh_name("Rita"), fresh_name("Sam")]
    sessions = [sign_up(http, name) for name in names]
    table = rated_table(http, 1)
    tokens = seat_all(http, table, sessions)
    final = play_last_move(accounts_server, table["id"], tokens[1])
    winners = final["result"]["winners"]
    pages = [http.get(f"/api/players/{name}").json() for name in names]
    for seat, page in enumerate(pages):
        (rating,) = page["ratings"]
        assert (rating["game"], rating["players"], rating["games"]) == ("cmyk", 2, 1)
        assert rating["provisional"] is True
        (game,) = page["games"]
        assert game["table_id"] == table["id"] and game["rated"] and game["seat"] == seat
        assert game["won"] == (seat in winners)
        assert game["rating"]["change"] == pytest.approx(
            game["rating"]["after"] - game["rating"]["before"], abs=0.02
        )
        assert [s["name"] for s in game["seats"]] == names
        assert page["rating_history"][-1]["rating"] == rating["rating"]
        assert game["replay"].startswith(f"/api/tables/{table['id']}/replay")
    if len(winners) == 1:  # the winner gained on the other
        won, lost = (pages[winners[0]], pages[1 - winners[0]])
        assert won["ratings"][0]["mu"] > lost["ratings"][0]["mu"]
    board = http.get("/api/leaderboard/cmyk", params={"players": 2}).json()
    assert {e["name"] for e in board["entries"]} >= set(names)
    assert 2 in board["player_counts"]


def test_a_bot_level_is_rated_as_one_identity(
    http: httpx.Client, accounts_server: LiveServer
) -> None:
    session = sign_up(http, fresh_name("Una"))
    before = http.get("/api/players/bot-medium").json()
    games_before = before["ratings"][0]["games"] if before["ratings"] else 0
    table = rated_table(http, 0, seats=[{"kind": "human"}, {"kind": "bot", "bot": "medium"}])
    token = http.post(f"/api/tables/{table['id']}/seats/0", headers=bearer(session)).json()["token"]
    play_last_move(accounts_server, table["id"], token)
    after = http.get("/api/players/bot-medium").json()
    assert after["kind"] == "bot"
    assert after["ratings"][0]["games"] == games_before + 1
    assert after["games"] == []  # a bot's page has its ratings (its seats are not accounts)


def test_rated_once_across_restarts(tmp_path: Path) -> None:
    """The server stops mid-game and again after the end: starting replays the table,
    which rates nothing; the end rated the game once."""
    settings = server_settings(f"sqlite:///{tmp_path / 'meeple.sqlite3'}", test_positions=True)
    names = [fresh_name("Ivy"), fresh_name("Joe")]
    with (
        LiveServer(settings) as server,
        httpx.Client(base_url=server.base, trust_env=False, timeout=30) as http,
    ):
        sessions = [sign_up(http, name) for name in names]
        table = rated_table(http, 0)
        tokens = [
            http.post(f"/api/tables/{table['id']}/seats/{seat}", headers=bearer(s)).json()["token"]
            for seat, s in enumerate(sessions)
        ]
    with (
        LiveServer(settings) as server,
        httpx.Client(base_url=server.base, trust_env=False, timeout=30) as http,
    ):
        assert http.get(f"/api/tables/{table['id']}").json()["status"] == "running"
        play_last_move(server, table["id"], tokens[0])
    for _ in range(2):
        with (
            LiveServer(settings) as server,
            httpx.Client(base_url=server.base, trust_env=False, timeout=30) as http,
        ):
            assert http.get(f"/api/tables/{table['id']}").json()["status"] == "finished"
            for name in names:
                page = http.get(f"/api/players/{name}").json()
                assert page["ratings"][0]["games"] == 1
                assert len(page["rating_history"]) == 1


# --------------------------------------------------------------------------- deletion
def test_account_deletion_keeps_the_games_under_deleted_player(
    accounts_server: LiveServer, http: httpx.Client
) -> None:
    names = [fresh_name("Del"), fresh_name("Kay")]
    sessions = [sign_up(http, name) for name in names]
    table = rated_table(http, 0)
    tokens = seat_all(http, table, sessions)
    play_last_move(accounts_server, table["id"], tokens[0])
    wrong = http.post(
        "/api/account/delete", json={"password": "not it at all"}, headers=bearer(sessions[0])
    )
    assert wrong.status_code == 401
    gone = http.post(
        "/api/account/delete", json={"password": PASSWORD}, headers=bearer(sessions[0])
    )
    assert gone.status_code == 200
    assert http.get("/api/session", headers=bearer(sessions[0])).status_code == 401
    assert http.get(f"/api/players/{names[0]}").status_code == 404
    assert login(http, names[0]).status_code == 401
    other = http.get(f"/api/players/{names[1]}").json()
    seats = other["games"][0]["seats"]
    assert seats[0]["name"] is None and seats[0]["deleted"] is True
    assert seats[1]["name"] == names[1]
    info = http.get(f"/api/tables/{table['id']}").json()
    assert info["seats"][0]["name"] is None and info["seats"][0]["account"] is True
    board = http.get("/api/leaderboard/cmyk").json()
    assert names[0] not in [e["name"] for e in board["entries"]]
    sign_up(http, names[0])  # the name is free again


# ------------------------------------------------------------------ secrets and limits
def test_password_in_neither_the_database_nor_the_logs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    secret = "Very-Secret-Passphrase-42"
    database = tmp_path / "meeple.sqlite3"
    caplog.set_level(logging.DEBUG)
    with (
        LiveServer(server_settings(f"sqlite:///{database}")) as server,
        httpx.Client(base_url=server.base, trust_env=False, timeout=30) as http,
    ):
        name = fresh_name("Pat")
        session = sign_up(http, name, secret)
        assert login(http, name, secret).status_code == 200
        assert login(http, name, secret + "x").status_code == 401
        http.post(
            "/api/account/password",
            json={"current": secret, "new": secret[::-1]},
            headers=bearer(session),
        )
        stored = server.manager.accounts.find_by_key(name.lower())
        assert stored is not None
        assert stored[1] is not None and stored[1].startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    files = [p for p in tmp_path.iterdir() if p.name.startswith("meeple.sqlite3")]
    assert files
    for path in files:
        data = path.read_bytes()
        for text in (secret, secret[::-1]):
            assert text.encode() not in data
            assert text.encode("utf-16-le") not in data
    assert caplog.records  # the server did log (its start, at least)
    for text in (secret, secret[::-1]):
        assert text not in caplog.text


def test_login_attempts_are_limited_per_name_and_per_client(tmp_path: Path) -> None:
    settings = server_settings(
        f"sqlite:///{tmp_path / 'meeple.sqlite3'}",
        login_rate=Rate(6, 600.0),
        login_name_rate=Rate(3, 600.0),
    )
    with (
        LiveServer(settings) as server,
        httpx.Client(base_url=server.base, trust_env=False, timeout=30) as http,
    ):
        name = fresh_name("Lim")
        sign_up(http, name)
        codes = [login(http, name, "wrong password").status_code for _ in range(3)]
        assert codes == [401, 401, 401]
        limited = login(http, name)  # the right password, but too many tries on this name
        assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0
        other = fresh_name("Lim")
        sign_up(http, other)
        assert login(http, other).status_code == 200  # another name still signs in
        assert login(http, other).status_code == 200
        assert login(http, other).status_code == 429  # the client's own limit (6)


def test_a_session_runs_out(accounts_server: LiveServer, http: httpx.Client) -> None:
    session = sign_up(http, fresh_name("Old"))
    assert http.get("/api/session", headers=bearer(session)).status_code == 200
    expires = datetime.fromisoformat(session["expires_at"]) - utcnow()
    assert timedelta(days=29) < expires <= timedelta(days=SESSION_DAYS)
    with accounts_server.manager.store.engine.begin() as connection:
        connection.execute(
            update(SessionRow)
            .where(SessionRow.token_hash == hash_session(session["token"]))
            .values(expires_at=utcnow() - timedelta(seconds=1))
        )
    assert http.get("/api/session", headers=bearer(session)).status_code == 401


def test_leaving_a_started_rated_game_does_not_leave_its_rating(
    accounts_server: LiveServer, http: httpx.Client
) -> None:
    names = [fresh_name("Lea"), fresh_name("Max")]
    sessions = [sign_up(http, name) for name in names]
    table = rated_table(http, 0)
    tokens = seat_all(http, table, sessions)
    left = http.post(
        f"/api/tables/{table['id']}/leave", headers={"Authorization": f"Bearer {tokens[1]}"}
    )
    assert left.status_code == 200
    assert left.json()["seats"][1]["account"] is True  # still that account's seat
    play_last_move(accounts_server, table["id"], tokens[0])
    for name in names:
        assert [r["games"] for r in http.get(f"/api/players/{name}").json()["ratings"]] == [1]


def test_a_hash_made_with_weaker_parameters_is_redone_at_login(
    accounts_server: LiveServer, http: httpx.Client
) -> None:
    name = fresh_name("Rex")
    accounts = accounts_server.manager.accounts
    weak = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1).hash(PASSWORD)
    account = accounts.create_account(name, name.lower(), weak)
    assert account is not None
    assert login(http, name).status_code == 200
    stored = accounts.password_hash(account.id)
    assert stored is not None and stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert login(http, name).status_code == 200  # the new hash verifies


def test_a_form_from_another_site_cannot_sign_in(http: httpx.Client) -> None:
    """Login CSRF: a cross-site form can send only form or plain-text bodies, and the
    account endpoints read JSON only."""
    name = fresh_name()
    sign_up(http, name)
    body = f'{{"name": "{name}", "password": "{PASSWORD}"}}'
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        answer = http.post("/api/login", content=body, headers={"Content-Type": kind})
        assert answer.status_code == 422, kind
