"""Several instances on one PostgreSQL and one Redis: real ``meeple serve`` processes.

Each live table is owned by one instance (a lease in PostgreSQL); the others follow it
through Redis and serve their own clients. A move sent to any instance reaches the owner;
every instance's clients get every new state, redacted for their seat. An owner killed
with SIGKILL loses nothing: another instance takes its tables over from the store.
"""

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from meeple.games.cmyk.rules import CmykGame
from meeple.server.limits import Rate, RedisLimiter
from meeple.store import Store
from meeple.store.db import StoredSeat, StoredTable
from meeple.store.models import TableRow, utcnow
from server.serverkit import (
    Client,
    PostgresCluster,
    RedisServer,
    ServerProcess,
    caught_up,
    charged_ms,
    clocked_table,
    create_table,
    finish,
    free_port,
    join,
    play,
    python_env,
    run_coroutine,
    running_turn,
    wait_until,
)
from web.positions import last_move_steps

LEASE = 2.0
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cluster_db(postgres: PostgresCluster) -> str:
    return postgres.new_database()


@pytest.fixture(scope="module")
def instances(cluster_db: str, redis_server: RedisServer) -> Iterator[list[ServerProcess]]:
    """Three instances (A, B, C) of one site."""
    extra = (
        "--redis",
        redis_server.url,
        "--lease-seconds",
        str(LEASE),
        "--tables-per-minute",
        "100000",
        "--connections-per-client",
        "100000",
        "--test-positions",
    )
    servers = [ServerProcess(cluster_db, free_port(), *extra) for _ in range(3)]
    try:
        for server in servers:
            server.launch()
        for server in servers:
            server.wait_started()
        yield servers
    finally:
        for server in servers:
            server.kill()


@pytest.fixture
def site(instances: list[ServerProcess]) -> list[ServerProcess]:
    """The instances, each one running (a test before may have killed one)."""
    for server in instances:
        if server.process is None or server.process.poll() is not None:
            server.start()
    return instances


def http_of(server: ServerProcess) -> httpx.Client:
    return httpx.Client(base_url=server.base, timeout=30, trust_env=False)


def owner_of(db_url: str, table_id: str) -> str | None:
    store = Store(db_url)
    try:
        return store.owner_of(table_id)[0]
    finally:
        store.close()


def events_of(client: Client) -> list[dict[str, Any]]:
    events: dict[int, dict[str, Any]] = {}
    for message in client.messages:
        if message["type"] == "state":
            for event in message["events"]:
                assert events.setdefault(event["index"], event) == event
    return [events[i] for i in sorted(events)]


def versions_of(client: Client) -> list[int]:
    return [m["version"] for m in client.messages if m["type"] == "state"]


def refused_through_b(ann: Client, bob: Client, clients: list[Client]) -> None:
    """Bob, on B, types a move the rules refuse: the owner refuses it, and B passes on
    the game's reason and its facts with the English message."""
    state = caught_up(clients)
    while state["status"] == "running" and bob.state is not None and not bob.state["legal"]:
        assert ann.state is not None and ann.state["legal"]
        version = ann.state["version"]
        ann.move(version, action=ann.state["legal"][0]["action"])
        for client in clients:
            client.wait_version(version + 1)
        state = caught_up(clients)
    assert state["status"] == "running" and bob.state is not None
    legal = {move["text"] for move in bob.state["legal"]}
    text = next(f"{c}{v}" for c in "CMYK" for v in range(10, 100, 10) if f"{c}{v}" not in legal)
    bob.move(bob.state["version"], text=text)
    said = bob.wait_type("error")
    assert said["code"] == "illegal" and "illegal" in said["message"], said
    assert set(said["details"]) == CmykGame.illegal_reasons[said["reason"]], said
    # Of several moves typed together, B passes on which one the owner refused.
    bob.move(bob.state["version"], text=f"{bob.state['legal'][0]['text']}; Z30")
    said = bob.wait_type("error")
    assert said["part"] == "Z30" and said["reason"] in ("notColour", "chanceFirst", "turnOver")


def test_two_people_on_two_instances_see_every_move_in_order_redacted(
    site: list[ServerProcess], cluster_db: str
) -> None:
    a, b, _ = site
    rng = random.Random(11)
    with http_of(a) as on_a, http_of(b) as on_b:
        # Left mid-game: no empty-seat bot (see test_bots_run_once_per_table_whoever_watches).
        table = create_table(on_a, game="cmyk", players=2, empty_seat_bot=None)
        assert owner_of(cluster_db, table["id"]) == a.health()["instance"]
        first = join(on_a, table["id"], 0, "Ann")
        second = join(on_b, table["id"], 1, "Bob")  # joined through B: forwarded to A
        assert on_b.get(f"/api/tables/{table['id']}").json()["status"] == "running"
    ann = Client(a.ws_base, table["id"], first)
    bob = Client(b.ws_base, table["id"], second)
    bob_on_a = Client(a.ws_base, table["id"], second)  # the same seat on the owner
    watcher = Client(b.ws_base, table["id"])
    try:
        play([ann, bob], 30, rng)
        final = caught_up([ann, bob, bob_on_a, watcher])
        # Every client saw every version in order, each step once.
        for client in (ann, bob, bob_on_a, watcher):
            seen = versions_of(client)
            assert seen == sorted(seen)
            assert [e["index"] for e in events_of(client)] == list(range(final["version"]))
        # Redacted per seat by the same rule on both instances: seat 1 sees the same on
        # the owner and on B; a spectator never sees a draw; Ann never sees Bob's draws.
        assert bob.state is not None and bob_on_a.state is not None
        assert bob.state["view"] == bob_on_a.state["view"]
        assert events_of(bob) == events_of(bob_on_a)
        draws = [e for e in events_of(watcher) if e["kind"] == "chance"]
        assert draws and all(not e["visible"] and e["outcome"] is None for e in draws)
        assert watcher.state is not None and watcher.state["legal"] == []
        assert events_of(ann) != events_of(bob)
        assert ann.state is not None and ann.state["view"] != bob.state["view"]
        refused_through_b(ann, bob, [ann, bob, bob_on_a, watcher])
    finally:
        for client in (ann, bob, bob_on_a, watcher):
            client.close()


def test_owner_killed_mid_game_the_game_goes_on_through_another(
    site: list[ServerProcess], cluster_db: str
) -> None:
    a, b, c = site
    rng = random.Random(12)
    with http_of(a) as on_a:
        table = create_table(on_a, game="cmyk", players=2)
        tokens = [join(on_a, table["id"], seat) for seat in (0, 1)]
        bots = create_table(
            on_a,
            game="cmyk",
            players=2,
            bot_delay_ms=50,
            seats=[{"kind": "bot", "bot": "random"}] * 2,
        )
    a_name = a.health()["instance"]
    assert owner_of(cluster_db, table["id"]) == a_name
    on_owner = Client(a.ws_base, table["id"], tokens[0])
    elsewhere = Client(b.ws_base, table["id"], tokens[1])
    bot_watcher = Client(c.ws_base, bots["id"])
    play([on_owner, elsewhere], 10, rng)
    before = caught_up([on_owner, elsewhere])
    acknowledged = events_of(on_owner)  # what seat 0 was told before the kill
    bot_watcher.wait_version(2)
    a.kill()
    on_owner.close()
    # The person who was on A comes back through C with the same token; the game goes on.
    back = Client(c.ws_base, table["id"], tokens[0])
    try:
        welcome = back.wait_type("welcome")
        assert welcome["seat"] == 0
        state = back.wait_type("state")
        assert state["version"] == before["version"]  # not one acknowledged step lost
        assert events_of(back)[: len(acknowledged)] == acknowledged
        final = finish([back, elsewhere], rng)
        assert final["result"] is not None
        elsewhere.move(final["version"], text="pass")  # a finished game: refused where it is
        assert elsewhere.wait_type("error")["code"] == "not_running"
        new_owner = owner_of(cluster_db, table["id"])
        assert new_owner is not None and new_owner != a_name
        # The bot table was taken over too and plays to its end.
        bot_watcher.wait_for(lambda m: m["type"] == "state" and m["status"] == "finished", 90)
        assert owner_of(cluster_db, bots["id"]) != a_name
    finally:
        for client in (back, elsewhere, bot_watcher):
            client.close()
    store = Store(cluster_db)
    try:
        for table_id in (table["id"], bots["id"]):
            stored = store.load_table(table_id)
            assert stored is not None and stored.status == "finished"
            assert [s.index for s in store.load_steps(table_id)] == list(range(stored.version))
    finally:
        store.close()


def test_a_rated_game_taken_over_mid_game_is_rated_once(
    site: list[ServerProcess], cluster_db: str
) -> None:
    """Two accounts at a rated table on A, one joined through B; A is killed before the
    last move, which is played through C: the new owner rates the end once."""
    a, b, c = site
    names = [f"Rae{random.randrange(10**6)}", f"Sol{random.randrange(10**6)}"]
    with http_of(a) as on_a, http_of(b) as on_b:
        sessions = [
            http.post("/api/accounts", json={"name": name, "password": "pass phrase 1"}).json()
            for http, name in zip((on_a, on_b), names, strict=True)
        ]
        table = create_table(
            on_a,
            game="cmyk",
            players=2,
            rated=True,
            start_steps=last_move_steps("cmyk", 2, 0),
        )
        tokens = []
        for seat, (http, session) in enumerate(zip((on_a, on_b), sessions, strict=True)):
            headers = {"Authorization": f"Bearer {session['token']}"}
            answer = http.post(f"/api/tables/{table['id']}/seats/{seat}", headers=headers)
            assert answer.status_code == 201, answer.text
            tokens.append(answer.json()["token"])
        wait_until(lambda: on_a.get(f"/api/tables/{table['id']}").json()["status"] == "running", 60)
    assert owner_of(cluster_db, table["id"]) == a.health()["instance"]
    a.kill()
    last = Client(c.ws_base, table["id"], tokens[0])
    try:
        state = last.wait_for(lambda m: m["type"] == "state" and bool(m["legal"]), 60)
        last.move(state["version"], action=state["legal"][0]["action"])
        last.wait_for(lambda m: m["type"] == "state" and m["status"] == "finished", 60)
    finally:
        last.close()
    with http_of(b) as on_b:
        for name in names:
            page = on_b.get(f"/api/players/{name}").json()
            assert [r["games"] for r in page["ratings"]] == [1]
            assert [g["table_id"] for g in page["games"]] == [table["id"]]


def test_a_running_clock_is_not_charged_for_the_owner_s_down_time(
    site: list[ServerProcess], cluster_db: str
) -> None:
    """The owner of a table whose mover's clock is running is killed mid-turn; the move,
    sent at once through another instance, waits for the takeover. The new owner charges
    the turn from when it took the table over: the down time (at least what was left of
    the dead owner's lease) is not charged. Were it charged, the charge would be about
    the whole wait from the kill to the answer, not less than half of it."""
    a, b, c = site
    with http_of(a) as on_a:
        table, tokens = clocked_table(on_a, empty_seat_bot=None)  # left mid-game
    clients = [Client(b.ws_base, table["id"], token) for token in tokens]
    try:
        mover, state = running_turn(clients)
        assert owner_of(cluster_db, table["id"]) == a.health()["instance"]
        c.kill()  # B alone is left to take the table over (C's tables too)
        a.kill()
        killed = time.monotonic()
        charged, answer = charged_ms(
            mover, state["seat"], state["version"], state["legal"][0]["action"]
        )
        down = time.monotonic() - killed
        assert owner_of(cluster_db, table["id"]) == b.health()["instance"]
        assert answer["version"] > state["version"]
        assert events_of(mover)[state["version"]]["by"] == "human"  # the person's move
        assert 0 <= charged < down * 1000 / 2, (charged, down)
    finally:
        for client in clients:
            client.close()


def test_bots_run_once_per_table_whoever_watches(site: list[ServerProcess]) -> None:
    """The bot moves the instances played (their count, over every table) are the bot
    table's steps: the tables of the tests before that are left mid-game have no
    empty-seat bot to play on for their absent people."""
    before = sum(server.health()["bot_moves"] for server in site)
    with http_of(site[1]) as http:
        table = create_table(
            http,
            game="cmyk",
            players=3,
            bot_delay_ms=0,
            seats=[{"kind": "bot", "bot": "random"}] * 3,
        )
    watchers = [Client(server.ws_base, table["id"]) for server in site]
    try:
        for watcher in watchers:
            watcher.wait_for(lambda m: m["type"] == "state" and m["status"] == "finished", 90)
        record = watchers[0].state
        assert record is not None
        bot_steps = [e for e in events_of(watchers[2]) if e["kind"] == "action"]
        after = sum(server.health()["bot_moves"] for server in site)
        assert after - before == len(bot_steps)
        assert all(e["by"] == "bot" for e in bot_steps)
    finally:
        for watcher in watchers:
            watcher.close()


class BotTier:
    """The bot tier played by the test: it takes every bot request of ``--remote-bots``
    instances from Redis, keeps it, and answers the first legal move at once."""

    def __init__(self, url: str) -> None:
        import redis

        self.redis = redis.Redis.from_url(url)
        self.jobs: list[dict[str, Any]] = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.done.is_set():
            item = self.redis.brpop(["meeple:bots"], timeout=1)
            if item is None:
                continue
            job = json.loads(item[1])
            self.jobs.append(job)
            reply = {"k": "reply", "id": job["id"], "o": "test", "r": {"index": 0}}
            self.redis.publish(job["reply"], json.dumps(reply))

    def stop(self) -> None:
        self.done.set()
        self.thread.join(10)
        self.redis.close()


def test_bots_and_clocks_run_once_per_table_counted_at_the_bot_tier(
    postgres: PostgresCluster, redis_server: RedisServer
) -> None:
    """Two ``--remote-bots`` instances, each table watched through both: every bot
    request the tier receives comes from the table's owner and becomes exactly one stored
    step. A second instance running a table's bots or its clock would ask for a move at
    a version that already has one (its answer then refused): more requests than steps.
    One table is played by bots alone; on the other a person's one-second bank runs out,
    once, and the empty-seat bot plays that seat from then on."""
    db_url = postgres.new_database()
    extra = ("--redis", redis_server.url, "--remote-bots", "--lease-seconds", str(LEASE))
    a, b = (ServerProcess(db_url, free_port(), *extra) for _ in range(2))
    tier = BotTier(redis_server.url)
    clients: list[Client] = []
    try:
        for server in (a, b):
            server.launch()
        for server in (a, b):
            server.wait_started()
        with http_of(a) as on_a:
            bots = create_table(
                on_a, game="cmyk", players=2, seats=[{"kind": "bot", "bot": "random"}] * 2
            )
            clocked = create_table(
                on_a,
                game="cmyk",
                players=2,
                seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                clock={"kind": "bank", "seconds": 1},
                empty_seat_bot="random",
            )
            token = join(on_a, clocked["id"], 0)
        clients = [
            Client(a.ws_base, bots["id"]),
            Client(b.ws_base, bots["id"]),
            Client(a.ws_base, clocked["id"]),
            Client(b.ws_base, clocked["id"], token),  # the person, connected to B
        ]
        for client in clients:
            client.wait_for(lambda m: m["type"] == "state" and m["status"] == "finished", 120)
        owner_inbox = f"meeple:i:{a.health()['instance']}"
        store = Store(db_url)
        try:
            steps = {t: store.load_steps(t) for t in (bots["id"], clocked["id"])}
            seat = store.load_table(clocked["id"]).seats[0]  # type: ignore[union-attr]
        finally:
            store.close()
        played = {t: [s.by for s in found if s.seat >= 0] for t, found in steps.items()}
        assert set(played[bots["id"]]) == {"bot"}
        # The bank ran out once: the person never moved, the stand-in played every turn.
        assert seat.expired and set(played[clocked["id"]]) == {"bot", "substitute"}
        assert len(tier.jobs) == sum(len(by) for by in played.values())
        assert {job["reply"] for job in tier.jobs} == {owner_inbox}
    finally:
        for client in clients:
            client.close()
        tier.stop()
        for server in (a, b):
            server.kill()


def test_two_instances_racing_for_free_tables_never_both_own_one(
    postgres: PostgresCluster,
) -> None:
    store = Store(postgres.new_database())  # a database no running instance claims from
    store.migrate()
    ids = [f"race{i:03d}" for i in range(40)]
    for table_id in ids:
        store.insert_table(
            StoredTable(table_id, "", "cmyk", 1, 2, {}, "running", seats=[StoredSeat(0, "human")])
        )
    try:
        for _round in range(5):
            with store.engine.begin() as connection:  # every lease ran out
                connection.execute(
                    update(TableRow)
                    .where(TableRow.id.in_(ids))
                    .values(lease_until=utcnow() - timedelta(seconds=60))
                )
            barrier = threading.Barrier(4)
            won: dict[str, list[str]] = {}

            def claim(owner: str, barrier: threading.Barrier, won: dict[str, list[str]]) -> None:
                barrier.wait()
                won[owner] = [t for t in store.claim_tables(owner, 30.0, 40) if t in ids]

            threads = [
                threading.Thread(target=claim, args=(f"i{n}", barrier, won)) for n in range(4)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(30)
            claimed = [t for owned in won.values() for t in owned]
            assert sorted(claimed) == sorted(ids)  # every table once, by exactly one
            for owner, owned in won.items():
                assert all(store.owner_of(t) == (owner, True) for t in owned)
            # A live lease is not taken.
            assert store.claim_tables("late", 30.0, 40) == []
    finally:
        with store.engine.begin() as connection:
            connection.execute(
                update(TableRow).where(TableRow.id.in_(ids)).values(status="finished")
            )
        store.close()


def test_creation_limits_are_shared_through_redis(redis_server: RedisServer) -> None:
    import redis.asyncio as redis_asyncio

    async def scenario() -> list[float | None]:
        first = redis_asyncio.Redis.from_url(redis_server.url)
        second = redis_asyncio.Redis.from_url(redis_server.url)
        rate = Rate(3, 60.0)
        key = f"test:{random.random()}"
        try:
            return [
                await RedisLimiter(client).hit(key, rate)
                for client in (first, second, first, second)
            ]
        finally:
            await first.aclose()
            await second.aclose()

    answers = run_coroutine(scenario())
    assert answers[:3] == [None, None, None]
    assert answers[3] is not None and 0 < answers[3] <= 60


def test_workers_start_several_instances_on_one_port(
    postgres: PostgresCluster, redis_server: RedisServer
) -> None:
    db_url = postgres.new_database()
    server = ServerProcess(db_url, free_port(), "--redis", redis_server.url, "--workers", "2")
    try:
        server.start()
        names: set[str] = set()
        for _ in range(200):  # each request on a new connection: the kernel spreads them
            names.add(server.health()["instance"])
            if len(names) == 2:
                break
        assert len(names) == 2
        with http_of(server) as http:
            table = create_table(
                http,
                game="cmyk",
                players=2,
                bot_delay_ms=0,
                seats=[{"kind": "bot", "bot": "random"}] * 2,
            )
            wait_until(
                lambda: http.get(f"/api/tables/{table['id']}").json()["status"] == "finished", 90
            )
    finally:
        server.stop()
    assert server.process is not None and server.process.poll() is not None


def test_leaving_through_one_instance_closes_the_seat_everywhere(
    site: list[ServerProcess],
) -> None:
    a, b, c = site
    with http_of(a) as on_a:
        table = create_table(on_a, game="cmyk", players=2)
        token = join(on_a, table["id"], 0)
    on_b = Client(b.ws_base, table["id"], token)
    try:
        on_b.wait_type("state")
        with http_of(c) as on_c:
            answer = on_c.post(
                f"/api/tables/{table['id']}/leave", headers={"Authorization": f"Bearer {token}"}
            )
            assert answer.status_code == 200
        told = on_b.wait_for(lambda m: m["type"] == "error")
        assert told["code"] == "auth"
        with http_of(b) as on_b_http:
            state = on_b_http.get(
                f"/api/tables/{table['id']}/state", headers={"Authorization": f"Bearer {token}"}
            )
            assert state.status_code == 401
    finally:
        on_b.close()


def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
    return [int(line) for line in found.stdout.split()]


def test_a_bot_tier_plays_the_bots_of_remote_bots_instances(
    postgres: PostgresCluster, redis_server: RedisServer
) -> None:
    db_url = postgres.new_database()
    server = ServerProcess(db_url, free_port(), "--redis", redis_server.url, "--remote-bots")
    tier = subprocess.Popen(
        [sys.executable, "-m", "meeple.cli.main", "botworker", "--redis", redis_server.url],
        env=python_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        server.start()
        with http_of(server) as http:
            table = create_table(
                http,
                game="cmyk",
                players=2,
                bot_delay_ms=0,
                seats=[{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}],
            )
            wait_until(
                lambda: http.get(f"/api/tables/{table['id']}").json()["status"] == "finished", 120
            )
            record = http.get(f"/api/tables/{table['id']}/record").json()
        actions = [e for e in record["events"] if e["kind"] == "action"]
        # Every move came from the tier (none fell back to the random bot): the bot
        # processes are the tier's children, the instance has none.
        assert actions and all(e["by"] == "bot" for e in actions)
        assert server.process is not None
        assert children(tier.pid) and not children(server.process.pid)
    finally:
        server.kill()
        os.killpg(tier.pid, signal.SIGKILL)
        tier.wait(10)
