"""Bots in worker processes with a time limit, substitutes for empty seats, clocks."""

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.serverkit import (
    Client,
    LiveServer,
    create_table,
    join,
    server_settings,
    wait_until,
)


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[LiveServer]:
    """A server of its own (its tables end with the test) whose bots have 0.5 s."""
    url = f"sqlite:///{tmp_path / 'meeple.sqlite3'}"
    with LiveServer(server_settings(url, bot_time_limit=0.5, bot_workers=2)) as server:
        yield server


def latest(client: Client) -> dict[str, Any]:
    return client.state if client.state is not None else client.wait_type("state")


@pytest.fixture
def qhttp(quick: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=quick.base, timeout=20, trust_env=False) as client:
        yield client


def log_of(server: LiveServer, table_id: str) -> list[Any]:
    return list(server.manager.live[table_id].runtime.log)


def bot_seats(first: str, second: str = "random") -> list[dict[str, str]]:
    return [{"kind": "bot", "bot": first}, {"kind": "bot", "bot": second}]


def test_crashing_bot_is_replaced_by_random_for_each_move(
    quick: LiveServer, qhttp: httpx.Client
) -> None:
    table = create_table(
        qhttp, game="cmyk", players=2, bot_delay_ms=0, seats=bot_seats("server.botcases:CrashBot")
    )
    tid = table["id"]
    wait_until(lambda: qhttp.get(f"/api/tables/{tid}").json()["status"] == "finished", 60)
    log = log_of(quick, tid)
    assert {e.by for e in log if e.seat == 0} == {"fallback"}
    assert {e.by for e in log if e.seat == 1} == {"bot"}


@pytest.mark.parametrize("bot", ["server.botcases:SlowBot", "server.botcases:ExitBot"])
def test_slow_or_dying_bot_times_out_and_the_table_goes_on(
    quick: LiveServer, qhttp: httpx.Client, bot: str
) -> None:
    table = create_table(qhttp, game="cmyk", players=2, bot_delay_ms=0, seats=bot_seats(bot))
    tid = table["id"]
    wait_until(lambda: sum(1 for e in log_of(quick, tid) if e.seat == 0) >= 2, 30)
    seat0 = [e for e in log_of(quick, tid) if e.seat == 0]
    assert {e.by for e in seat0} == {"fallback"}
    # Replaced workers still serve well-behaved bots.
    other = create_table(qhttp, game="cmyk", players=2, bot_delay_ms=0, seats=bot_seats("random"))
    wait_until(lambda: sum(1 for e in log_of(quick, other["id"]) if e.by == "bot") >= 4, 30)


def test_user_bot_classes_are_refused_unless_allowed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'meeple.sqlite3'}"
    with LiveServer(server_settings(url, allow_custom_bots=False)) as server:
        answer = httpx.post(
            f"{server.base}/api/tables",
            trust_env=False,
            json={"game": "cmyk", "players": 2, "seats": bot_seats("server.botcases:CrashBot")},
        )
        assert answer.status_code == 422 and "only" in answer.json()["detail"]
        assert answer.json()["reason"] == "botNotServed"
        assert answer.json()["details"] == {
            "spec": "server.botcases:CrashBot",
            "served": "random, ismcts, easy, heuristic, medium, hard, expert",
        }


def test_left_seat_is_played_by_the_empty_seat_bot(live_sqlite: LiveServer) -> None:
    http = httpx.Client(base_url=live_sqlite.base, trust_env=False)
    table = create_table(http, game="cmyk", players=2, bot_delay_ms=0, empty_seat_bot="random")
    tid = table["id"]
    tokens = [join(http, tid, 0), join(http, tid, 1)]
    leaving = {"Authorization": f"Bearer {tokens[1]}"}
    assert http.post(f"/api/tables/{tid}/leave", headers=leaving).status_code == 200
    client = Client(live_sqlite.ws_base, tid, tokens[0])
    # Seat 0 plays on alone; seat 1's moves come from the substitute.
    for _ in range(4):
        state = client.wait_for(lambda m: m["type"] == "state" and bool(m["legal"]))
        client.move(state["version"], action=state["legal"][0]["action"])
        client.wait_version(state["version"] + 1)
    log = log_of(live_sqlite, tid)
    assert {e.by for e in log if e.seat == 1} == {"substitute"}
    assert {e.by for e in log if e.seat == 0} == {"human"}
    info = http.get(f"/api/tables/{tid}").json()
    assert info["seats"][1]["played_by"] == "bot" and not info["seats"][1]["occupied"]
    # Someone new can take the empty seat and play it.
    token = join(http, tid, 1, "Cy")
    assert http.get(f"/api/tables/{tid}").json()["seats"][1]["played_by"] == "human"
    Client(live_sqlite.ws_base, tid, token).close()
    client.close()
    http.close()


def test_disconnected_seat_is_substituted_after_grace_and_returns(live_sqlite: LiveServer) -> None:
    http = httpx.Client(base_url=live_sqlite.base, trust_env=False)
    table = create_table(
        http, game="cmyk", players=2, bot_delay_ms=0, grace_seconds=0, empty_seat_bot="random"
    )
    tid = table["id"]
    tokens = [join(http, tid, 0), join(http, tid, 1)]
    stayer = Client(live_sqlite.ws_base, tid, tokens[0])
    goner = Client(live_sqlite.ws_base, tid, tokens[1])
    goner.wait_type("state")
    goner.close()
    for _ in range(3):
        state = stayer.wait_for(lambda m: m["type"] == "state" and bool(m["legal"]))
        stayer.move(state["version"], action=state["legal"][0]["action"])
        stayer.wait_version(state["version"] + 1)
    assert {e.by for e in log_of(live_sqlite, tid) if e.seat == 1} == {"substitute"}
    back = Client(live_sqlite.ws_base, tid, tokens[1])
    back.wait_type("state")
    wait_until(lambda: http.get(f"/api/tables/{tid}").json()["seats"][1]["played_by"] == "human")
    for client in (stayer, back):
        client.close()
    http.close()


def test_move_clock_substitutes_one_move_and_views_show_time(live_sqlite: LiveServer) -> None:
    http = httpx.Client(base_url=live_sqlite.base, trust_env=False)
    table = create_table(
        http,
        game="cmyk",
        players=2,
        bot_delay_ms=0,
        empty_seat_bot="random",
        clock={"kind": "move", "seconds": 1},
    )
    tid = table["id"]
    tokens = [join(http, tid, 0), join(http, tid, 1)]
    clients = [Client(live_sqlite.ws_base, tid, token) for token in tokens]
    first = clients[0].wait_type("state")
    clocks = first["clocks"]
    assert [c["seat"] for c in clocks] == [0, 1]
    running = [c for c in clocks if c["running"]]
    assert len(running) == 1 and running[0]["seat"] == first["to_act"]
    assert 0 < running[0]["remaining_ms"] <= 1000
    started = time.monotonic()
    later = clients[0].wait_for(lambda m: m["type"] == "state" and m["version"] > first["version"])
    assert time.monotonic() - started >= 0.5
    assert later["events"][0]["by"] == "substitute"
    assert log_of(live_sqlite, tid)[first["version"]].seat == first["to_act"]
    for client in clients:
        client.close()
    http.close()


def test_time_bank_runs_out_then_a_bot_plays_the_seat(live_sqlite: LiveServer) -> None:
    http = httpx.Client(base_url=live_sqlite.base, trust_env=False)
    table = create_table(
        http,
        game="cmyk",
        players=2,
        bot_delay_ms=0,
        empty_seat_bot="random",
        clock={"kind": "bank", "seconds": 1, "increment": 5},
    )
    tid = table["id"]
    tokens = [join(http, tid, 0), join(http, tid, 1)]
    clients = [Client(live_sqlite.ws_base, tid, token) for token in tokens]
    state = latest(clients[0])
    actor = state["to_act"]
    mine = latest(clients[actor])
    assert [c["remaining_ms"] <= 1000 for c in mine["clocks"]] == [True, True]
    # The actor moves in time: the increment is added to its bank.
    clients[actor].move(mine["version"], action=mine["legal"][0]["action"])
    after = clients[actor].wait_version(mine["version"] + 1)
    bank = next(c for c in after["clocks"] if c["seat"] == actor)["remaining_ms"]
    assert bank > 5000
    # The other seat never moves: its bank runs out and a bot plays it from then on.
    other = 1 - actor
    wait_until(lambda: any(e.seat == other for e in log_of(live_sqlite, tid)), 10)
    assert {e.by for e in log_of(live_sqlite, tid) if e.seat == other} == {"substitute"}
    assert live_sqlite.manager.live[tid].runtime.seats[other].expired
    for client in clients:
        client.close()
    http.close()


def test_clock_without_substitute_only_shows_zero(live_sqlite: LiveServer) -> None:
    http = httpx.Client(base_url=live_sqlite.base, trust_env=False)
    table = create_table(
        http,
        game="cmyk",
        players=2,
        bot_delay_ms=0,
        empty_seat_bot=None,
        clock={"kind": "move", "seconds": 1},
    )
    tid = table["id"]
    tokens = [join(http, tid, 0), join(http, tid, 1)]
    clients = [Client(live_sqlite.ws_base, tid, token) for token in tokens]
    state = latest(clients[0])
    actor = clients[state["to_act"]]
    mine = latest(actor)
    time.sleep(1.3)
    actor.send({"type": "sync"})
    synced = actor.wait_type("state")
    assert synced["version"] == mine["version"]
    assert next(c for c in synced["clocks"] if c["running"])["remaining_ms"] == 0
    actor.move(mine["version"], action=mine["legal"][0]["action"])
    assert actor.wait_version(mine["version"] + 1)["events"][0]["by"] == "human"
    for client in clients:
        client.close()
    http.close()
