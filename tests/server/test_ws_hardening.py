"""Frames that once dropped a connection or wrote a traceback: each is answered or closed
as docs/server.md says, logged in at most one line, and leaves the table unchanged."""

import contextlib
import logging
from collections.abc import Iterator

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from meeple.server.tables import TableRuntime
from server.serverkit import Client, LiveServer, create_table, join
from server.wsfuzz import snapshot


def seated(live: LiveServer, http: httpx.Client) -> tuple[str, Client]:
    table = create_table(http, game="cmyk", players=2, bot_delay_ms=0)
    tokens = [join(http, table["id"], seat) for seat in (0, 1)]
    client = Client(live.ws_base, table["id"], tokens[0])
    client.wait_type("state")
    return table["id"], client


def still_served(client: Client) -> None:
    client.send({"type": "ping"})
    client.wait_type("pong")


def close_code(client: Client) -> int | None:
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(20):
            client.recv(10)
    return closed.value.rcvd.code if closed.value.rcvd else None


@contextlib.contextmanager
def records_of(name: str) -> Iterator[list[logging.LogRecord]]:
    """Every record logged to ``name`` (uvicorn's loggers do not reach pytest's caplog)."""
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger(name)
    logger.addHandler(handler)
    try:
        yield records
    finally:
        logger.removeHandler(handler)


@pytest.mark.parametrize("text", ["\ud83d", "a\udc00b", "nul \x00 inside", "bell \x07"])
def test_chat_that_is_not_text_is_refused_naming_the_field(
    live: LiveServer, http: httpx.Client, text: str
) -> None:
    tid, client = seated(live, http)
    client.send({"type": "chat", "text": text})
    error = client.wait_type("error")
    assert error["code"] == "chat_invalid"
    assert "'text'" in error["message"]
    still_served(client)
    assert http.get(f"/api/tables/{tid}/chat").json()["messages"] == []
    client.send({"type": "chat", "text": "bonne chance 😀"})
    assert client.wait_type("chat")["message"]["text"] == "bonne chance 😀"
    client.close()


def test_a_text_frame_that_is_not_utf8_closes_1007_in_one_log_line(
    live: LiveServer, http: httpx.Client
) -> None:
    tid, client = seated(live, http)
    before = snapshot(live, tid)
    with records_of("uvicorn.error") as records:
        with client.socket.protocol_mutex:
            client.socket.protocol.send_text(b'{"type": "chat", "text": "\xff\xfe"}')
            client.socket.send_data()
        assert close_code(client) == 1007
    assert [r.exc_info for r in records if "UTF-8" in r.getMessage()] == [None]
    assert snapshot(live, tid) == before
    client.close()


def test_an_unexpected_error_answers_internal_and_logs_one_line(
    live: LiveServer,
    http: httpx.Client,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    tid, client = seated(live, http)
    assert client.state is not None
    legal = client.state["legal"]
    before = snapshot(live, tid)

    def broken(*args: object) -> list[object]:
        raise RuntimeError("a defect")  # RuntimeError: also what a closed socket raises

    monkeypatch.setattr(TableRuntime, "decode_move", broken)
    with caplog.at_level(logging.ERROR, logger="meeple.server"):
        client.move(client.state["version"], action=legal[0]["action"])
        assert client.wait_type("error")["code"] == "internal"
        still_served(client)
    assert snapshot(live, tid) == before
    lines = [r for r in caplog.records if "internal error" in r.getMessage()]
    assert len(lines) == 1 and lines[0].exc_info is None
    assert "RuntimeError: a defect" in lines[0].getMessage()
    monkeypatch.undo()
    client.move(client.state["version"], action=legal[0]["action"])
    assert client.wait_version(before["version"] + 1)  # the same move, now played
    client.close()


@pytest.mark.parametrize("token", ["\ud83d", "tok\x00en", "é" * 50])
def test_a_token_that_is_not_text_is_an_auth_close(
    live: LiveServer, http: httpx.Client, token: str
) -> None:
    tid, _ = seated(live, http)
    client = Client(live.ws_base, tid, token)
    assert client.recv(10)["code"] == "auth"
    assert close_code(client) == 1008


@pytest.mark.parametrize("table_id", ["%00", "%F0%9F%98%80", "a%20b"])
def test_an_impossible_table_id_is_no_table(live: LiveServer, table_id: str) -> None:
    client = Client(live.ws_base, table_id)
    assert client.recv(10)["code"] == "no_table"
    assert close_code(client) == 4404


def test_names_that_are_not_text_are_refused_by_the_rest_api(
    live: LiveServer, http: httpx.Client
) -> None:
    table = create_table(http, game="cmyk", players=2)
    raw = {"content-type": "application/json"}
    seat = http.post(
        f"/api/tables/{table['id']}/seats/0", content='{"name": "\\ud83d"}', headers=raw
    )
    assert seat.status_code == 422 and '"name"' in seat.text
    new = http.post("/api/tables", content='{"game": "cmyk", "name": "a\\u0000"}', headers=raw)
    assert new.status_code == 422 and "'name'" in new.text  # our message
    assert http.get(f"/api/tables/{table['id']}").json()["seats"][0]["occupied"] is False
