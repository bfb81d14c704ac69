"""Limits and abuse: replays off the event loop, creation rates and quotas, expiry of
abandoned open tables, pagination, body limits, slow headers, connections per client."""

import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from meeple.server.limits import MemoryLimiter, Rate
from meeple.store import Store
from meeple.store.db import StoredSeat, StoredTable
from meeple.store.models import utcnow
from server.serverkit import (
    Client,
    LiveServer,
    create_table,
    join,
    run_coroutine,
    server_settings,
    wait_until,
)


def limited_server(tmp_path: Path, **changes: Any) -> LiveServer:
    return LiveServer(server_settings(f"sqlite:///{tmp_path / 'meeple.sqlite3'}", **changes))


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[LiveServer]:
    """A server with tight limits (the others keep their defaults)."""
    with limited_server(
        tmp_path,
        create_rate=Rate(3, 3600.0),
        max_body=4096,
        header_timeout=0.5,
        max_connections_per_client=4,
    ) as server:
        yield server


def bot_game(http: httpx.Client) -> str:
    table = create_table(
        http, game="cmyk", players=2, bot_delay_ms=0, seats=[{"kind": "bot", "bot": "random"}] * 2
    )
    table_id: str = table["id"]
    wait_until(lambda: http.get(f"/api/tables/{table_id}").json()["status"] == "finished", 60)
    return table_id


# ---------------------------------------------------------------------------- replays
def test_a_replay_is_built_off_the_event_loop(live_sqlite: LiveServer) -> None:
    manager = live_sqlite.manager
    with httpx.Client(base_url=live_sqlite.base, timeout=30, trust_env=False) as http:
        table_id = bot_game(http)
        # Hold the replay thread: the replay waits for it, the loop must not.
        gate = threading.Event()
        manager.replays.executor.submit(gate.wait, 30)
        answers: list[httpx.Response] = []
        asker = threading.Thread(
            target=lambda: answers.append(http.get(f"/api/tables/{table_id}/replay"))
        )
        asker.start()
        try:
            for _ in range(5):
                assert http.get("/api/health").json()["ok"] is True
                assert http.get(f"/api/tables/{table_id}").status_code == 200
            assert not answers  # the replay is still waiting for its thread
        finally:
            gate.set()
            asker.join(30)
        assert answers and answers[0].status_code == 200
        assert answers[0].json()["frames"][0]["version"] == 0


def test_a_finished_replay_is_kept_and_paged(live_sqlite: LiveServer) -> None:
    manager = live_sqlite.manager
    with httpx.Client(base_url=live_sqlite.base, timeout=30, trust_env=False) as http:
        table_id = bot_game(http)
        whole = http.get(f"/api/tables/{table_id}/replay", params={"seat": 1}).json()
        total = whole["total"]
        assert len(whole["frames"]) == total and whole["next"] is None
        assert (table_id, 1) in manager.replays.kept
        kept = manager.replays.kept[(table_id, 1)]
        pages: list[Any] = []
        start: int | None = 0
        while start is not None:
            page = http.get(
                f"/api/tables/{table_id}/replay", params={"seat": 1, "from": start, "limit": 7}
            ).json()
            assert page["frames_from"] == start and len(page["frames"]) <= 7
            pages.extend(page["frames"])
            start = page["next"]
        assert pages == whole["frames"]
        assert manager.replays.kept[(table_id, 1)] is kept  # built once
        spectator = http.get(f"/api/tables/{table_id}/replay").json()
        assert spectator["seat"] is None and spectator["frames"] != whole["frames"]


def test_a_running_game_replays_a_page_up_to_now(live_sqlite: LiveServer) -> None:
    with httpx.Client(base_url=live_sqlite.base, timeout=30, trust_env=False) as http:
        table = create_table(http, game="cmyk", players=2)
        token = join(http, table["id"], 0)
        join(http, table["id"], 1)
        headers = {"Authorization": f"Bearer {token}"}
        path = f"/api/tables/{table['id']}/replay"
        whole = http.get(path, headers=headers).json()
        assert whole["seat"] == 0 and whole["total"] == len(whole["frames"]) >= 1
        page = http.get(path, headers=headers, params={"from": 1, "limit": 1}).json()
        assert page["frames"] == whole["frames"][1:2]


# --------------------------------------------------------------------- creating tables
def test_creating_tables_is_rate_limited_per_client(guarded: LiveServer) -> None:
    with httpx.Client(base_url=guarded.base, timeout=20, trust_env=False) as http:
        for _ in range(3):
            create_table(http, game="cmyk", players=2)
        refused = http.post("/api/tables", json={"game": "cmyk", "players": 2})
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) >= 1
        # Other calls are not limited.
        assert http.get("/api/tables").status_code == 200


def test_the_memory_limiter_counts_a_window_per_key() -> None:
    async def scenario() -> list[float | None]:
        limiter = MemoryLimiter()
        rate = Rate(2, 60.0)
        return [
            await limiter.hit("a", rate),
            await limiter.hit("a", rate),
            await limiter.hit("a", rate),
            await limiter.hit("b", rate),
            await limiter.hit("a", Rate(5, 0.0)),
        ]

    first, second, third, other, fresh_window = run_coroutine(scenario())
    assert first is None and second is None and other is None and fresh_window is None
    assert third is not None and 0 < third <= 60


def test_tables_are_listed_a_page_at_a_time(tmp_path: Path) -> None:
    with (
        limited_server(tmp_path) as server,
        httpx.Client(base_url=server.base, timeout=20, trust_env=False) as http,
    ):
        made = [create_table(http, game="cmyk", players=2)["id"] for _ in range(5)]
        seen: list[str] = []
        offset: int | None = 0
        while offset is not None:
            page = http.get("/api/tables", params={"limit": 2, "offset": offset}).json()
            assert len(page["tables"]) <= 2
            seen.extend(t["id"] for t in page["tables"])
            offset = page["next"]
        assert seen == list(reversed(made))  # newest first, each once
        assert http.get("/api/tables", params={"limit": 201}).status_code == 422


# ----------------------------------------------------------------- abandoned tables
def test_abandoned_open_tables_expire_but_attended_ones_stay(tmp_path: Path) -> None:
    with (
        limited_server(tmp_path, sweep_seconds=0.05) as server,
        httpx.Client(base_url=server.base, timeout=20, trust_env=False) as http,
    ):
        watched = create_table(http, game="cmyk", players=2)
        watcher = Client(server.ws_base, watched["id"])
        watcher.wait_type("state")
        abandoned = create_table(http, game="cmyk", players=2)
        started = create_table(http, game="cmyk", players=2)
        join(http, started["id"], 0)
        join(http, started["id"], 1)
        server.manager.settings.open_table_ttl = 0.0  # from now on every open table is old
        wait_until(lambda: http.get(f"/api/tables/{abandoned['id']}").status_code == 404)
        assert http.get(f"/api/tables/{watched['id']}").status_code == 200
        assert http.get(f"/api/tables/{started['id']}").json()["status"] == "running"
        watcher.close()
        wait_until(lambda: http.get(f"/api/tables/{watched['id']}").status_code == 404)


def test_the_store_deletes_only_old_open_tables(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'meeple.sqlite3'}")
    store.migrate()
    for table_id, status in (("old", "open"), ("kept", "open"), ("run", "running")):
        store.insert_table(
            StoredTable(table_id, "", "cmyk", 1, 2, {}, status, seats=[StoredSeat(0, "human")])
        )
    assert store.delete_open_tables(utcnow(), ["kept"]) == ["old"]
    assert store.load_table("old") is None
    assert store.load_table("kept") is not None and store.load_table("run") is not None
    store.close()


# ------------------------------------------------------------------ bodies and sockets
def test_request_bodies_over_the_limit_are_refused(guarded: LiveServer) -> None:
    with httpx.Client(base_url=guarded.base, timeout=20, trust_env=False) as http:
        big = b'{"game": "cmyk", "name": "' + b"x" * 10_000 + b'"}'
        answer = http.post("/api/tables", content=big, headers={"content-type": "application/json"})
        assert answer.status_code == 413

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams in
            yield b'{"game": "cmyk", "name": "'
            for _ in range(10):
                yield b"x" * 1000
            yield b'"}'

        streamed = http.post(
            "/api/tables", content=chunks(), headers={"content-type": "application/json"}
        )
        assert streamed.status_code == 413


def closed_by_server(sock: socket.socket) -> bool:
    """Read until the server closes (True) or ten seconds pass (False)."""
    sock.settimeout(10)
    try:
        while sock.recv(1024):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return True


def test_slow_headers_and_silent_sockets_are_closed(guarded: LiveServer) -> None:
    slow = socket.create_connection(("127.0.0.1", guarded.port))
    slow.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
    silent = socket.create_connection(("127.0.0.1", guarded.port))
    assert closed_by_server(slow) and closed_by_server(silent)
    slow.close()
    silent.close()
    with httpx.Client(base_url=guarded.base, timeout=20, trust_env=False) as http:
        assert http.get("/api/health").status_code == 200


def test_an_idle_keep_alive_connection_is_closed(tmp_path: Path) -> None:
    with limited_server(tmp_path, idle_timeout=1.0) as server:
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        sock.settimeout(10)
        assert b"200 OK" in sock.recv(4096)  # answered, kept alive, then idle
        assert closed_by_server(sock)
        sock.close()


def test_connections_per_client_are_capped(guarded: LiveServer) -> None:
    with httpx.Client(base_url=guarded.base, timeout=20, trust_env=False) as http:
        table = create_table(http, game="cmyk", players=2)
    sockets = [Client(guarded.ws_base, table["id"]) for _ in range(4)]
    for client in sockets:
        client.wait_type("state")

    def refused() -> bool:
        with httpx.Client(base_url=guarded.base, timeout=5, trust_env=False) as http:
            try:
                http.get("/api/health")
            except httpx.TransportError:
                return True
            return False

    assert refused()
    sockets.pop().close()
    wait_until(lambda: not refused())
    for client in sockets:
        client.close()
