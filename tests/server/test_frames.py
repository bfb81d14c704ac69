"""Malformed WebSocket frames: an error or a closed connection, never a crash or a change."""

import contextlib
import json

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from meeple.server.outbound import StateOut, outgoing
from server.serverkit import Client, LiveServer, create_table, join


def snapshot(live: LiveServer, tid: str) -> dict[str, object]:
    return outgoing(None, StateOut(live.manager.live[tid].runtime, 0), now=0.0)


def started_table(live: LiveServer, http: httpx.Client) -> tuple[str, list[str]]:
    table = create_table(http, game="cmyk", players=2, bot_delay_ms=0)
    tokens = [join(http, table["id"], 0), join(http, table["id"], 1)]
    return table["id"], tokens


def error_codes(client: Client) -> list[str]:
    return [m["code"] for m in client.drain(0.3) if m["type"] == "error"]


def test_bad_frames_get_errors_and_change_nothing(live: LiveServer, http: httpx.Client) -> None:
    tid, tokens = started_table(live, http)
    before = snapshot(live, tid)
    client = Client(live.ws_base, tid, tokens[0])
    client.wait_type("state")
    bad: list[str | bytes] = [
        "not json",
        "[1, 2, 3]",
        '"a string"',
        "{}",
        '{"type": 5}',
        '{"type": "launch_missiles"}',
        '{"type": "move"}',
        '{"type": "move", "version": "7", "action": {}}',
        '{"type": "move", "version": 1}',
        '{"type": "move", "version": 1, "text": 12}',
        '{"type": "hello", "token": "x"}',
        '{"type": "chat", "text": ["list"]}',
        "[" * 5000 + "]" * 5000,
        b"\x00\x01binary",
    ]
    for frame in bad:
        client.send_raw(frame)
    codes = error_codes(client)
    assert len(codes) == len(bad), codes
    assert set(codes) <= {"bad_frame", "unknown_type", "malformed", "chat_empty", "not_your_turn"}
    client.send({"type": "ping"})
    assert client.wait_type("pong")  # still served
    assert snapshot(live, tid) == before
    client.close()


def test_oversized_frame_closes_the_connection(live: LiveServer, http: httpx.Client) -> None:
    tid, tokens = started_table(live, http)
    before = snapshot(live, tid)
    client = Client(live.ws_base, tid, tokens[0])
    client.wait_type("state")
    client.send_raw(json.dumps({"type": "chat", "text": "x" * 40_000}))
    with pytest.raises((ConnectionClosed, TimeoutError)):
        for _ in range(10):
            client.recv(5)
    assert snapshot(live, tid) == before
    other = Client(live.ws_base, tid, tokens[1])  # the server goes on
    assert other.wait_type("state")["version"] == before["version"]
    other.close()
    client.close()


def test_a_flood_is_rate_limited_then_closed(live: LiveServer, http: httpx.Client) -> None:
    tid, tokens = started_table(live, http)
    before = snapshot(live, tid)
    client = Client(live.ws_base, tid, tokens[0])
    client.wait_type("state")
    closed = False
    with contextlib.suppress(ConnectionClosed):
        for _ in range(1200):
            client.send({"type": "ping"})
    try:
        while True:
            client.recv(2)
    except ConnectionClosed:
        closed = True
    except TimeoutError:
        pass
    codes = [m.get("code") for m in client.messages if m["type"] == "error"]
    assert "rate_limited" in codes
    assert closed  # 800 frames over the burst: closed for flooding
    assert snapshot(live, tid) == before
    client.close()


def test_hello_is_required_and_bad_tokens_are_closed(live: LiveServer, http: httpx.Client) -> None:
    tid, _ = started_table(live, http)
    for hello in (
        '{"type": "move", "version": 1, "text": "x"}',
        '{"type": "hello", "token": 5}',
        '{"type": "hello", "token": "not-a-token"}',
        "garbage",
    ):
        client = Client.__new__(Client)
        client.messages, client.state = [], None
        from websockets.sync.client import connect

        client.socket = connect(f"{live.ws_base}/ws/tables/{tid}", proxy=None)
        client.socket.__enter__()
        client.send_raw(hello)
        assert client.recv(5)["type"] == "error"
        with pytest.raises(ConnectionClosed):
            client.recv(5)
    missing = Client(live.ws_base, "nosuchtable")
    assert missing.recv(5)["code"] == "no_table"
    with pytest.raises(ConnectionClosed):
        missing.recv(5)
