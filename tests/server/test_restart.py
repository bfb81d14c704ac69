"""Restart without loss: SIGKILL the server mid-game, start it again, every table goes on.

The server runs as a real ``meeple serve`` process. Before the kill, clients play, a bot
table runs by itself, and one move is sent just before the kill (in flight). After the
restart each table is exactly where the store says, the logs seen before the kill are
prefixes of the logs after it, nothing is applied twice, and every game finishes.
"""

import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from meeple.server.tables import TableRuntime
from meeple.store import Store
from server.serverkit import (
    Client,
    ServerProcess,
    caught_up,
    charged_ms,
    clocked_table,
    create_table,
    finish,
    free_port,
    join,
    play,
    running_turn,
)


@pytest.fixture
def server_process(db_url: str) -> Iterator[ServerProcess]:
    server = ServerProcess(db_url, free_port())
    try:
        yield server
    finally:
        server.kill()  # whatever happened in the test


def events_of(client: Client) -> list[dict[str, Any]]:
    """Every event the client has been sent, by index (later copies must agree)."""
    events: dict[int, dict[str, Any]] = {}
    for message in client.messages:
        if message["type"] == "state":
            for event in message["events"]:
                assert events.setdefault(event["index"], event) == event
    return [events[i] for i in sorted(events)]


def test_sigkill_mid_game_then_restart_loses_nothing(
    db_url: str, server_process: ServerProcess
) -> None:
    rng = random.Random(5)
    server = server_process
    server.start()
    http = httpx.Client(base_url=server.base, timeout=20, trust_env=False)
    humans = create_table(http, game="cmyk", players=2, bot_delay_ms=0)
    human_tokens = [join(http, humans["id"], seat) for seat in (0, 1)]
    mixed = create_table(
        http,
        game="phase10",
        players=2,
        bot_delay_ms=0,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    )
    mixed_token = join(http, mixed["id"], 0)
    bots = create_table(
        http,
        game="cmyk",
        players=3,
        bot_delay_ms=15,
        seats=[{"kind": "bot", "bot": "random"}] * 3,
    )
    human_clients = [Client(server.ws_base, humans["id"], t) for t in human_tokens]
    mixed_client = Client(server.ws_base, mixed["id"], mixed_token)
    watcher = Client(server.ws_base, bots["id"])
    play(human_clients, 12, rng)
    play([mixed_client], 8, rng)
    watcher.drain(0.3)
    # One move in flight when the server dies.
    seen = caught_up(human_clients)
    mover = next(c for c in human_clients if c.state and c.state["legal"])
    assert mover.state is not None
    in_flight = rng.choice(mover.state["legal"])
    mover.move(seen["version"], action=in_flight["action"])
    server.kill()
    before = {
        "humans": (seen, [events_of(c) for c in human_clients]),
        "mixed": (mixed_client.state, events_of(mixed_client)),
        "bots": events_of(watcher),
    }
    for client in [*human_clients, mixed_client, watcher]:
        client.close()

    store = Store(db_url)
    stored_versions = {t: store.load_table(t).version for t in (humans["id"], bots["id"])}  # type: ignore[union-attr]
    store.close()
    server.start()  # rebuilds every running table from the store

    # The all-human table: exactly the acknowledged steps, plus the in-flight move or not.
    clients = [Client(server.ws_base, humans["id"], t) for t in human_tokens]
    fresh = caught_up(clients)
    assert fresh["version"] == stored_versions[humans["id"]]
    applied = fresh["version"] > seen["version"]
    seen_events = before["humans"][1]
    after_events = events_of(clients[0])
    assert after_events[: len(seen_events[0])] == seen_events[0]
    if applied:
        assert after_events[seen["version"]]["action"] == in_flight["action"]
    else:
        assert fresh["version"] == seen["version"]
        me = clients[mover.state["seat"]]
        assert me.state is not None and me.state["view"] == mover.state["view"]
    # Re-sending the in-flight move: refused as stale if it was applied, else applied now.
    resend = clients[mover.state["seat"]]
    resend.move(seen["version"], action=in_flight["action"])
    if applied:
        assert resend.wait_type("error")["code"] == "stale"
    else:
        resend.wait_version(seen["version"] + 1)
    final = finish(clients, rng)
    assert final["result"] is not None

    # The human-and-bot table continues from the same view.
    client = Client(server.ws_base, mixed["id"], mixed_token)
    state = client.wait_type("state")
    old_state, old_events = before["mixed"]
    assert old_state is not None
    assert events_of(client)[: len(old_events)] == old_events
    if state["version"] == old_state["version"]:
        assert state["view"] == old_state["view"]
    client.close()

    # The bot table runs on by itself to the end, its old log a prefix of the new one.
    watcher = Client(server.ws_base, bots["id"])
    watcher.wait_for(lambda m: m["type"] == "state" and m["status"] == "finished", 60)
    assert events_of(watcher)[: len(before["bots"])] == before["bots"]
    assert len(events_of(watcher)) >= stored_versions[bots["id"]]
    watcher.close()
    for client in clients:
        client.close()
    server.kill()

    # The store holds each step once, in order, and it replays to the same end.
    store = Store(db_url)
    for table_id in (humans["id"], bots["id"], mixed["id"]):
        stored = store.load_table(table_id)
        assert stored is not None
        steps = store.load_steps(table_id)
        assert [s.index for s in steps] == list(range(stored.version))
        if table_id != mixed["id"]:
            assert stored.status == "finished"
        from meeple.engine.registry import game_class

        runtime = TableRuntime(stored, game_class(stored.game)(stored.players, stored.options))
        runtime.replay_steps(steps)
        assert runtime.version == stored.version
    store.close()
    http.close()


def test_a_running_clock_is_not_charged_for_the_down_time_of_a_restart(
    server_process: ServerProcess,
) -> None:
    """SIGKILL mid-turn with the mover's clock running, start again, move at once: the
    turn is charged from when the restarted server took the table back, not for the time
    it was down (the new process's start, migrations and rebuild). Were the down time
    charged, the charge would be about the whole wait from the kill to the answer."""
    server = server_process
    server.start()
    with httpx.Client(base_url=server.base, timeout=20, trust_env=False) as http:
        table, tokens = clocked_table(http)
    clients = [Client(server.ws_base, table["id"], token) for token in tokens]
    _, state = running_turn(clients)
    seat = state["seat"]
    server.kill()
    killed = time.monotonic()
    for client in clients:
        client.close()
    server.start()
    back = Client(server.ws_base, table["id"], tokens[seat])
    try:
        assert back.wait_type("state")["version"] == state["version"]
        charged, _ = charged_ms(back, seat, state["version"], state["legal"][0]["action"])
        down = time.monotonic() - killed
        assert 0 <= charged < down * 1000 / 2, (charged, down)
    finally:
        back.close()
