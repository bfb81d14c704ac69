"""The REST API: tables, seats, tokens, validation exactly as the engine's."""

import hashlib

import httpx
from sqlalchemy import select

from meeple.engine.errors import InvalidOptionError
from meeple.engine.registry import game_class
from meeple.store.models import SeatRow
from server.serverkit import Client, LiveServer, create_table, join

PATIENCE = 300.0  # seconds: only a guard against a hang (a loaded machine is slow)


def test_games_lists_every_game_with_options(http: httpx.Client) -> None:
    games = http.get("/api/games").json()["games"]
    names = [g["name"] for g in games]
    assert "phase10" in names and "cmyk" in names
    phase10 = next(g for g in games if g["name"] == "phase10")
    skip = next(o for o in phase10["options"] if o["name"] == "skip_style")
    assert skip["default"] == "mattel" and "circuit" in skip["choices"]


def test_bad_options_get_the_engines_message(http: httpx.Client) -> None:
    answer = http.post("/api/tables", json={"game": "phase10", "options": {"skip_style": "often"}})
    assert answer.status_code == 422
    try:
        game_class("phase10")(4, {"skip_style": "often"})
    except InvalidOptionError as error:
        assert answer.json()["detail"] == str(error)
    answer = http.post("/api/tables", json={"game": "phase10", "options": {"nope": 1}})
    assert answer.status_code == 422 and "unknown option 'nope'" in answer.json()["detail"]
    answer = http.post("/api/tables", json={"game": "cmyk", "players": 9})
    assert answer.status_code == 422 and "9 players is not supported" in answer.json()["detail"]
    answer = http.post("/api/tables", json={"game": "chess"})
    assert answer.status_code == 422 and "unknown game" in answer.json()["detail"]


def test_a_refused_table_names_its_mistake_for_the_client_to_say(http: httpx.Client) -> None:
    """The kind of mistake and its facts travel beside the English detail (the lobby says
    them in the reader's language); a mistake without a kind has neither."""
    cases = [
        (
            {"game": "cmyk", "players": 9},
            "players",
            {"game": "cmyk", "players": 9, "counts": "2, 3, 4, 5, 6"},
        ),
        (
            {"game": "cmyk", "options": {"stall_limit": 0}},
            "badOption",
            {"name": "stall_limit", "value": "0", "allowed": "1–100"},
        ),
        (
            {"game": "cmyk", "players": 2, "seats": [{}]},
            "seatCount",
            {"seats": 1, "players": 2},
        ),
        (
            {"game": "cmyk", "players": 2, "seats": [{"kind": "bot", "bot": "nosuchbot"}, {}]},
            "unknownBot",
            {"spec": "nosuchbot", "known": "random, ismcts, easy, heuristic, medium, hard, expert"},
        ),
    ]
    for body, reason, details in cases:
        answer = http.post("/api/tables", json=body)
        assert answer.status_code == 422, body
        problem = answer.json()
        assert (problem.get("reason"), problem.get("details")) == (reason, details), problem
        assert problem["detail"]  # the English sentence stays
    bad_bot = {"game": "cmyk", "players": 2, "seats": [{"kind": "bot", "bot": "pkg.mod:Bot"}, {}]}
    problem = http.post("/api/tables", json=bad_bot).json()
    assert problem["detail"] and "reason" not in problem and "details" not in problem


def test_bot_specs_are_checked_and_user_classes_refused_by_default(http: httpx.Client) -> None:
    bad = {"game": "cmyk", "players": 2, "seats": [{"kind": "bot", "bot": "nosuchbot"}, {}]}
    assert http.post("/api/tables", json=bad).status_code == 422
    no_spec = {"game": "cmyk", "players": 2, "seats": [{"kind": "bot"}, {}]}
    assert http.post("/api/tables", json=no_spec).status_code == 422
    good = {"game": "cmyk", "players": 2, "seats": [{"kind": "bot", "bot": "random"}, {}]}
    assert http.post("/api/tables", json=good).status_code == 201


def test_join_gives_a_token_stored_only_as_its_hash(live: LiveServer, http: httpx.Client) -> None:
    table = create_table(http, game="cmyk", players=2)
    assert table["status"] == "open"
    token = join(http, table["id"], 0, "Ann")
    assert len(token) >= 40
    with live.manager.store.engine.connect() as connection:
        rows = connection.execute(select(SeatRow).where(SeatRow.table_id == table["id"])).all()
    stored = {row.seat: row.token_hash for row in rows}
    assert stored[0] == hashlib.sha256(token.encode()).hexdigest()
    assert all(token not in str(tuple(row)) for row in rows)
    again = http.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Bob"})
    assert again.status_code == 409 and again.json()["reason"] == "taken"
    beyond = http.post(f"/api/tables/{table['id']}/seats/5", json={})
    assert beyond.status_code == 404 and beyond.json()["reason"] == "no_seat"
    with_bot = create_table(
        http, game="cmyk", players=2, seats=[{}, {"kind": "bot", "bot": "random"}]
    )
    to_bot = http.post(f"/api/tables/{with_bot['id']}/seats/1", json={})
    assert (to_bot.status_code, to_bot.json()["reason"]) == (409, "bot_seat")
    info = http.get(f"/api/tables/{table['id']}").json()
    assert info["seats"][0]["name"] == "Ann" and info["seats"][0]["occupied"]
    assert "token" not in str(info)


def test_table_starts_when_every_human_seat_is_taken(http: httpx.Client) -> None:
    table = create_table(http, game="cmyk", players=2)
    join(http, table["id"], 0)
    assert http.get(f"/api/tables/{table['id']}").json()["status"] == "open"
    join(http, table["id"], 1)
    info = http.get(f"/api/tables/{table['id']}").json()
    assert info["status"] == "running" and info["version"] > 0 and info["to_act"] is not None
    listed = http.get("/api/tables", params={"status": "running"}).json()["tables"]
    assert table["id"] in [t["id"] for t in listed]
    opened = http.get("/api/tables", params={"status": "open"}).json()["tables"]
    assert table["id"] not in [t["id"] for t in opened]


def test_leave_revokes_the_token_and_start_fills_empty_seats(http: httpx.Client) -> None:
    table = create_table(http, game="cmyk", players=3, empty_seat_bot="random")
    tid = table["id"]
    token = join(http, tid, 0)
    other = join(http, tid, 1)
    headers = {"Authorization": f"Bearer {token}"}
    assert http.post(f"/api/tables/{tid}/leave", headers=headers).status_code == 200
    assert http.post(f"/api/tables/{tid}/leave", headers=headers).status_code == 401
    assert http.get(f"/api/tables/{tid}/state", headers=headers).status_code == 401
    assert http.post(f"/api/tables/{tid}/start").status_code == 401
    started = http.post(f"/api/tables/{tid}/start", headers={"Authorization": f"Bearer {other}"})
    assert started.status_code == 200 and started.json()["status"] == "running"
    seats = started.json()["seats"]
    assert seats[0]["played_by"] == "bot" and seats[2]["played_by"] == "bot"
    assert (
        http.post(
            f"/api/tables/{tid}/start", headers={"Authorization": f"Bearer {other}"}
        ).status_code
        == 409
    )


def test_start_without_empty_seat_bot_is_refused(http: httpx.Client) -> None:
    table = create_table(http, game="cmyk", players=2, empty_seat_bot=None)
    token = join(http, table["id"], 0)
    answer = http.post(
        f"/api/tables/{table['id']}/start", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.status_code == 409


def test_token_of_another_table_is_refused(http: httpx.Client) -> None:
    first = create_table(http, game="cmyk", players=2)
    second = create_table(http, game="cmyk", players=2)
    token = join(http, first["id"], 0)
    answer = http.get(
        f"/api/tables/{second['id']}/state", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.status_code == 403  # as docs/server.md promises: a token of another table
    unknown = http.get(
        f"/api/tables/{second['id']}/state", headers={"Authorization": "Bearer not-a-token"}
    )
    assert unknown.status_code == 401
    own = http.get(f"/api/tables/{first['id']}/state", headers={"Authorization": f"Bearer {token}"})
    assert own.status_code == 200 and own.json()["seat"] == 0


def test_unknown_table_is_404(http: httpx.Client) -> None:
    for path in ("", "/state", "/record", "/replay", "/watch", "/chat"):
        assert http.get(f"/api/tables/nosuchtable{path}").status_code == 404


def test_all_bot_table_plays_to_the_end_and_record_replays(
    live: LiveServer, http: httpx.Client
) -> None:
    table = create_table(
        http,
        game="cmyk",
        players=2,
        seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}],
        bot_delay_ms=0,
    )
    tid = table["id"]
    watcher = Client(live.ws_base, tid)  # a spectator: told of every step, then the end
    watcher.wait_for(lambda m: m.get("status") == "finished", timeout=PATIENCE)
    watcher.close()
    info = http.get(f"/api/tables/{tid}").json()
    assert info["result"]["winners"] is not None
    record = http.get(f"/api/tables/{tid}/record").json()
    assert record["seat"] is None and len(record["events"]) == info["version"]
    assert [e["index"] for e in record["events"]] == list(range(info["version"]))
    assert all(e["by"] in ("bot", "chance") for e in record["events"])
    # Spectator: the actions are public in CMYK, the draws are not.
    draws = [e for e in record["events"] if e["kind"] == "chance"]
    assert draws and all(not e["visible"] and e["outcome"] is None for e in draws)
    seat0 = http.get(f"/api/tables/{tid}/record", params={"seat": 0}).json()
    assert any(e["visible"] for e in seat0["events"] if e["kind"] == "chance")
    replay = http.get(f"/api/tables/{tid}/replay", params={"seat": 1}).json()
    assert len(replay["frames"]) == info["version"] + 1
    assert replay["frames"][-1]["view"]["seat"] == 1
    finished = http.get("/api/tables", params={"status": "finished"}).json()["tables"]
    assert tid in [t["id"] for t in finished]


def test_running_game_cannot_be_seen_from_another_seat(http: httpx.Client) -> None:
    table = create_table(http, game="cmyk", players=2)
    token = join(http, table["id"], 0)
    join(http, table["id"], 1)
    headers = {"Authorization": f"Bearer {token}"}
    tid = table["id"]
    assert (
        http.get(f"/api/tables/{tid}/record", params={"seat": 1}, headers=headers).status_code
        == 403
    )
    assert http.get(f"/api/tables/{tid}/replay", params={"seat": 1}).status_code == 403
    own = http.get(f"/api/tables/{tid}/record", headers=headers).json()
    assert own["seat"] == 0
    watch = http.get(f"/api/tables/{tid}/watch").json()
    assert watch["state"]["seat"] is None and watch["state"]["legal"] == []
    assert watch["websocket"] == f"/ws/tables/{tid}"
