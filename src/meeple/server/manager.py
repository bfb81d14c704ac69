"""The table manager: tables in memory, their locks, connections, bots and timers.

Every change to a table follows one path: take the table's lock, check the move against
the in-memory state (which the engine validates), store the resulting steps with the
new version in one transaction, commit them to memory, and queue for every connection
its own message (built by ``outbound.outgoing``). A move checked against an old version
is refused (``stale``), so two clients racing the same move get exactly one applied.
"""

import asyncio
import contextlib
import gc
import hashlib
import json
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, ParamSpec, TypeVar

from meeple.engine.codec import JSON
from meeple.engine.errors import RecordError
from meeple.engine.registry import game_class
from meeple.server.accounts import rated_game
from meeple.server.bots import BotPool
from meeple.server.bottier import RemoteBots
from meeple.server.clocks import elapsed_ms, remaining_ms
from meeple.server.cluster import Cluster
from meeple.server.limits import MemoryLimiter, Rate, RateLimiter, RedisLimiter
from meeple.server.outbound import (
    BotRequestOut,
    ChatOut,
    ErrorOut,
    Outgoing,
    ReplayOut,
    StateOut,
    TableOut,
    outgoing,
)
from meeple.server.reviews import REVIEW_LEVEL, Reviews
from meeple.server.schemas import unfit_text
from meeple.server.tables import MoveError, Plan, TableRuntime
from meeple.store.accounts import AccountStore
from meeple.store.db import Advance, AsyncBatchWriter, Store, StoredChat, StoredTable
from meeple.store.kinds import LIVE_STATUSES, StepBy
from meeple.store.models import utcnow

log = logging.getLogger("meeple.server")
P = ParamSpec("P")
T = TypeVar("T")

QUEUE_LIMIT = 512  # messages waiting for a slow client before it is disconnected
FINISHED_KEPT = 256  # finished tables kept in memory (others reload from the store)
CHAT_LIMIT = 200
CHAT_RATE = (5, 10.0)  # messages per seconds
CHECKPOINT_SECONDS = 1.0
LOADS_AT_ONCE = 2  # tables loaded from the store side by side (replicas, finished games)


@dataclass(slots=True)
class Settings:
    db_url: str = "sqlite:///var/meeple.sqlite3"
    redis_url: str | None = None  # several instances share tables and limits through it
    bot_workers: int = 2
    bot_time_limit: float = 5.0
    allow_custom_bots: bool = False  # module:Class bot specs (tests only: imports code)
    max_frame: int = 16 * 1024
    hello_timeout: float = 10.0
    # Limits (docs/server.md, "Limits and abuse").
    max_body: int = 64 * 1024  # bytes of a REST request body
    header_timeout: float = 10.0  # seconds for a request's headers to arrive
    idle_timeout: float = 15.0  # seconds a keep-alive HTTP connection may sit idle
    max_connections_per_client: int = 64  # sockets open at once from one address
    trusted_proxies: tuple[str, ...] = ()  # their X-Forwarded-For is believed, not capped
    create_rate: Rate = field(default_factory=lambda: Rate(30, 60.0))  # tables per client
    create_quota: Rate = field(default_factory=lambda: Rate(500, 86400.0))
    # Accounts (docs/server.md, "Accounts"): sign-ins per client and per name, sign-ups.
    login_rate: Rate = field(default_factory=lambda: Rate(30, 600.0))
    login_name_rate: Rate = field(default_factory=lambda: Rate(10, 900.0))
    signup_rate: Rate = field(default_factory=lambda: Rate(10, 3600.0))
    open_table_ttl: float = 7200.0  # an open table nobody is connected to expires after
    sweep_seconds: float = 60.0  # how often expired open tables are looked for
    replay_cache: int = 16  # finished games' replays kept built (per seat)
    lease_seconds: float = 5.0  # several instances: how long a table's lease runs
    test_positions: bool = False  # tests only: tables may be created with start_steps
    remote_bots: bool = False  # several instances: bots run by `meeple botworker` processes
    review_level: str = REVIEW_LEVEL  # the bot that judges post-game reviews (a bot spec)


def hash_token(token: str) -> str:
    # surrogatepass: a token that is not valid text (a lone surrogate) matches no seat
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Connection:
    """One WebSocket: its seat and a queue of outgoing texts drained by its own task."""

    def __init__(
        self,
        seat: int | None,
        send: Callable[[str], Awaitable[None]],
        close: Callable[[int], Awaitable[None]],
    ) -> None:
        self.seat = seat
        self.sent_version = 0
        self._send = send
        self._close = close
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.chat_times: list[float] = []
        self.task = asyncio.create_task(self._pump())

    def push_text(self, text: str) -> None:
        if self.closed:
            return
        if self._queue.qsize() >= QUEUE_LIMIT:
            self.close_soon(1008)
            return
        self._queue.put_nowait(text)

    def push(self, message: dict[str, JSON]) -> None:
        self.push_text(json.dumps(message))

    def close_soon(self, code: int = 1000) -> None:
        if self.closed:
            return
        self.closed = True
        self._queue.put_nowait(None)
        self._close_code = code

    async def _pump(self) -> None:
        try:
            while True:
                text = await self._queue.get()
                if text is None:
                    with contextlib.suppress(Exception):
                        await self._close(getattr(self, "_close_code", 1000))
                    return
                await self._send(text)
        except Exception:  # the socket went away: the receive loop notices too
            self.closed = True

    async def stop(self) -> None:
        self.closed = True
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.task


@dataclass(slots=True)
class LiveTable:
    runtime: TableRuntime
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    bot_version: int = -1
    wake_task: asyncio.Task[None] | None = None
    substitute_version: int = -1  # a per-move clock ran out at this version
    # Several instances: whether this one owns the table (else it holds a replica that
    # follows the owner), and, on the owner, each instance's connections per seat.
    owned: bool = True
    presence: dict[str, dict[int, int]] = field(default_factory=dict)


class TableManager:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.db_url)
        self.accounts = AccountStore(self.store.engine)
        self._executor = ThreadPoolExecutor(
            max_workers=1 if self.store.is_sqlite else 4, thread_name_prefix="meeple-db"
        )
        self.live: dict[str, LiveTable] = {}
        self._finished: OrderedDict[str, None] = OrderedDict()
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._load_slots = asyncio.Semaphore(LOADS_AT_ONCE)
        self._lease_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-lease")
        self.rng = random.SystemRandom()
        self.bots: BotPool | RemoteBots = BotPool(settings.bot_workers, settings.bot_time_limit)
        self._tasks: set[asyncio.Task[None]] = set()
        self._pending: list[tuple[Advance, asyncio.Future[bool]]] = []
        self._wake_writer = asyncio.Event()
        self._writer: asyncio.Future[None] | None = None
        self._batch_writer = None if self.store.is_sqlite else AsyncBatchWriter(self.store)
        self.limiter: RateLimiter = MemoryLimiter()
        # Replays are rebuilt in a thread of their own, one at a time, never on the loop.
        self._replay_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay")
        self._replays: OrderedDict[tuple[str, int | None], dict[str, JSON]] = OrderedDict()
        # Post-game reviews: judged by the bot workers, their requests built in the
        # replay thread (never on the loop)
        self.reviews = Reviews(
            lambda request, limit: self.bots.choose(request, limit),
            self._off_loop,
            self._spawn,
            settings.review_level,
        )
        self.cluster: Cluster | None = None
        self.bot_moves = 0  # bot and substitute moves this instance played
        if settings.redis_url:
            if self.store.is_sqlite:
                raise ValueError("several instances (--redis) need PostgreSQL (--db postgresql://)")
            self.cluster = Cluster(self, settings.redis_url, settings.lease_seconds)
            self.limiter = RedisLimiter(self.cluster.redis)
            if settings.remote_bots:
                self.bots = RemoteBots(self.cluster, settings.bot_time_limit)

    async def db(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a store call: inline for SQLite (an in-process library: a thread would only
        add hand-offs under the GIL), in a worker thread for PostgreSQL (network I/O)."""
        if self.store.is_sqlite:
            return function(*args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, lambda: function(*args, **kwargs))

    async def lease_db(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """A lease statement, in a thread of its own: never queued behind other store
        calls (a renewal that waits too long loses the instance its tables)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._lease_executor, lambda: function(*args, **kwargs))

    async def advance(self, request: Advance) -> bool:
        """Store one table's move; moves of many tables commit together (group commit)."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append((request, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.ensure_future(self._write_batches())
        self._wake_writer.set()
        return await future

    async def _write_batches(self) -> None:
        while True:
            await self._wake_writer.wait()
            self._wake_writer.clear()
            await asyncio.sleep(0)  # let the moves that are ready now join this batch
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                outcomes = await self._store_batch([r for r, _ in batch])
            except Exception as error:
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if not future.done():
                    future.set_result(outcome)

    async def _store_batch(self, requests: list[Advance]) -> list[bool]:
        """One batch: on PostgreSQL its one statement straight from the event loop; should
        that fail as a whole (a lost connection, a deadlock), or should it hold the end of
        a rated game (ratings written in the same transaction), in the store's thread,
        which retries each move in a transaction of its own."""
        rating = any(request.rated is not None for request in requests)  # rare: an end
        if self._batch_writer is not None and not rating:
            try:
                return await self._batch_writer.advance_many(requests)
            except Exception as error:
                log.warning(
                    "a batch of %d moves failed (%s): again, one by one", len(requests), error
                )
        return await self.db(self.store.advance_many, requests)

    # -------------------------------------------------------------- start and stop
    async def startup(self) -> None:
        await self.db(self.store.migrate)
        self._spawn(self.bots.start())
        if self.store.is_sqlite:
            self._spawn(self._checkpoints())
        self._spawn(self._sweep_open_tables())
        if self.cluster is not None:  # the lease rounds claim the tables nobody owns
            await self.cluster.start()
            self._freeze_what_lives_long()
            return
        expired = await self.db(self.store.delete_open_tables, self._open_cutoff(), None)
        if expired:
            log.info("expired %d abandoned open tables", len(expired))
        ids = await self.db(self.store.table_ids_with_status, LIVE_STATUSES)
        loaded = []
        for table_id in ids:
            try:
                live = await self._load(table_id)
            except RecordError as error:
                log.error("table %s cannot be rebuilt: %s", table_id, error)
                continue
            if live is not None:
                loaded.append(live)
        # The turn clocks start now, once every table is back: down time is not charged.
        now = time.monotonic()
        for live in loaded:
            live.runtime.turn_started = now
            self.schedule(live)
        log.info("rebuilt %d tables from the store", len(ids))
        self._freeze_what_lives_long()

    @staticmethod
    def _freeze_what_lives_long() -> None:
        """What exists now (modules, rebuilt tables) lives long: keep it out of every
        future collection, whose pauses would otherwise grow with it."""
        gc.collect()
        gc.freeze()

    async def _checkpoints(self) -> None:
        """Fold SQLite's write-ahead log into the database every second, off the loop."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                await loop.run_in_executor(self._executor, self.store.checkpoint)
            except Exception as error:  # a busy database: try again next time
                log.warning("checkpoint failed: %s", error)

    async def shutdown(self) -> None:
        if self.cluster is not None:
            await self.cluster.stop()
        for live in self.live.values():
            for task in (live.bot_task, live.wake_task):
                if task is not None:
                    task.cancel()
            for connection in list(live.connections):
                await connection.stop()
        for task in list(self._tasks):
            task.cancel()
        if self._writer is not None:
            self._writer.cancel()
        await self.bots.close()
        self._replay_executor.shutdown(wait=False, cancel_futures=True)
        self._lease_executor.shutdown(wait=False, cancel_futures=True)
        if self._batch_writer is not None:
            with contextlib.suppress(Exception):
                await self._batch_writer.close()
        self._executor.shutdown(wait=True)
        self.store.close()

    # ------------------------------------------------------- abandoned open tables
    def _open_cutoff(self) -> datetime:
        return utcnow() - timedelta(seconds=self.settings.open_table_ttl)

    async def _sweep_open_tables(self) -> None:
        """Delete open tables older than ``open_table_ttl`` that nobody is connected to."""
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                await self.expire_open_tables()
            except Exception as error:  # a busy database: try again next time
                log.warning("expiring open tables failed: %s", error)
            if self.cluster is not None:  # replicas loaded for REST calls only
                for live in [t for t in self.live.values() if not t.owned and not t.connections]:
                    await self.cluster.drop_replica(live)

    async def expire_open_tables(self) -> list[str]:
        cutoff = self._open_cutoff()
        keep = [
            table_id
            for table_id, live in self.live.items()
            if live.runtime.status == "open" and (live.connections or any(live.presence.values()))
        ]
        only = None
        if self.cluster is not None:  # an owner expires its own tables only
            only = [
                table_id
                for table_id, live in self.live.items()
                if live.owned and live.runtime.status == "open" and table_id not in keep
            ]
            if not only:
                return []
        expired = await self.db(self.store.delete_open_tables, cutoff, keep, only)
        for table_id in expired:
            live = self.live.pop(table_id, None)
            if live is not None:
                for task in (live.bot_task, live.wake_task):
                    if task is not None:
                        task.cancel()
        return expired

    # ----------------------------------------------------------------- replays
    async def _off_loop(self, function: Callable[..., T], *args: object) -> T:
        """``function(*args)`` in the replay thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._replay_executor, function, *args)

    async def replay(self, live: LiveTable, seat: int | None, start: int, limit: int | None) -> str:
        """Replay frames ``start`` onwards (at most ``limit``) as JSON text, built in the
        replay thread; a finished game's whole replay is kept for the next asker."""
        runtime = live.runtime
        total = runtime.version + 1
        start = min(start, total)
        end = total if limit is None else min(total, start + limit)
        entries = runtime.log[0 : runtime.version]
        key = (runtime.id, seat)
        finished = runtime.status == "finished"
        loop = asyncio.get_running_loop()
        whole = self._replays.get(key) if finished else None
        if whole is None:
            first, last = (0, total) if finished else (start, end)
            item = ReplayOut(runtime, entries, first, last)
            whole = await loop.run_in_executor(self._replay_executor, outgoing, seat, item)
            if finished:
                self._replays[key] = whole
                while len(self._replays) > self.settings.replay_cache:
                    self._replays.popitem(last=False)
        else:
            self._replays.move_to_end(key)
        message = whole
        if finished:
            frames = whole["frames"]
            assert isinstance(frames, list)
            message = {
                **whole,
                "frames_from": start,
                "next": end if end < total else None,
                "frames": frames[start:end],
            }
        return await loop.run_in_executor(self._replay_executor, json.dumps, message)

    # ---------------------------------------------------------------- loading
    async def fresh_runtime(self, table_id: str) -> TableRuntime | None:
        """The table as the store has it, its steps replayed."""
        stored = await self.db(self.store.load_table, table_id)
        if stored is None:
            return None
        game = game_class(stored.game)(stored.players, stored.options)
        runtime = TableRuntime(stored, game)
        steps = await self.db(self.store.load_steps, table_id)
        # Steps stored after the table row was read belong to a later version: a replica
        # gets them from the owner's messages.
        steps = steps[: stored.version]
        runtime.replay_steps(steps)
        if runtime.version != stored.version:
            raise RecordError(
                f"table {table_id}: {len(steps)} steps stored but version {stored.version}"
            )
        return runtime

    async def _load(self, table_id: str, *, owned: bool = True) -> LiveTable | None:
        runtime = await self.fresh_runtime(table_id)
        if runtime is None:
            return None
        live = LiveTable(runtime, owned=owned)
        self.live[table_id] = live
        if runtime.status == "finished":
            self._remember_finished(table_id)
        return live

    async def get(self, table_id: str) -> LiveTable | None:
        """A table in memory, loading it (a finished one, or with several instances a
        replica of one another instance owns) from the store if needed."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        if len(table_id) > 16:
            return None
        # One load per table at a time (its askers share it); tables load side by side
        # (one lock for all made every new table's replica wait for the others' loads).
        loading = self._loading.get(table_id)
        if loading is None:
            loading = self._loading[table_id] = asyncio.ensure_future(self._load_once(table_id))
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _load_once(self, table_id: str) -> LiveTable | None:
        async with self._load_slots:  # a few at once: the store's threads serve the rest
            live = self.live.get(table_id)
            if live is not None:
                return live
            if self.cluster is None:
                return await self._load(table_id)
            return await self.cluster.load_replica(
                table_id, lambda: self._load(table_id, owned=False)
            )

    def _remember_finished(self, table_id: str) -> None:
        self._finished[table_id] = None
        self._finished.move_to_end(table_id)
        while len(self._finished) > FINISHED_KEPT:
            oldest = next(iter(self._finished))
            del self._finished[oldest]
            old = self.live.get(oldest)
            if old is not None and not old.connections:
                del self.live[oldest]

    def finished_here(self, live: LiveTable) -> None:
        self._remember_finished(live.runtime.id)
        self.broadcast_table(live)

    # ------------------------------------------------------------ ownership
    def replace_runtime(self, live: LiveTable, runtime: TableRuntime) -> None:
        """Swap in a table reloaded from the store (takeover, resync), keeping the
        connections; the seats' connection counts are this instance's until told more."""
        for task in (live.bot_task, live.wake_task):
            if task is not None:
                task.cancel()
        live.bot_task = live.wake_task = None
        live.bot_version = live.substitute_version = -1
        live.runtime = runtime
        for seat, count in self.local_counts(live).items():
            runtime.seats[seat].connections = count
            runtime.seats[seat].disconnected_since = None

    async def become_owner(self, table_id: str) -> None:
        """This instance now holds the table's lease: reload it from the store, start
        its clock afresh (down time is not charged), and run its bots and clocks."""
        runtime = await self.fresh_runtime(table_id)
        if runtime is None:
            return
        live = self.live.get(table_id)
        if live is None:
            live = self.live[table_id] = LiveTable(runtime)
        else:
            async with live.lock:
                self.replace_runtime(live, runtime)
        live.owned = True
        live.presence = {}
        self._recount(live)
        self.broadcast_state(live)
        self.broadcast_table(live)
        self.schedule(live)

    async def lose_ownership(self, live: LiveTable) -> None:
        live.owned = False
        live.presence = {}
        if self.cluster is not None:
            self.cluster.owners.pop(live.runtime.id, None)
            await self.cluster.resync(live)

    async def _check_ownership(self, live: LiveTable) -> None:
        if self.cluster is None or not live.owned:
            return
        owner, _ = await self.db(self.store.owner_of, live.runtime.id)
        if owner != self.cluster.id and live.owned:
            log.warning("table %s is owned by %s now", live.runtime.id, owner)
            await self.lose_ownership(live)

    async def owner_call(self, live: LiveTable, op: str, args: dict[str, Any]) -> dict[str, Any]:
        """Do what another instance forwarded (it holds the client); an error is
        answered as ``{"error": [code, message, version]}``."""
        try:
            if op == "move":
                problem = await self._move(
                    live, args["seat"], args["version"], args["action"], args["text"]
                )
                if problem is not None:
                    return {"error": [problem.code, str(problem), live.runtime.version]}
            elif op == "join":
                await self._join_locked_path(
                    live, args["seat"], args["name"], args["digest"], args.get("account")
                )
            elif op == "leave":
                await self.leave(live, args["seat"])
            elif op == "start":
                await self.start(live)
        except MoveError as error:
            return {"error": [error.code, str(error), live.runtime.version]}
        return {"ok": True}

    async def _forwarded(self, live: LiveTable, op: str, args: dict[str, Any]) -> bool:
        """With several instances, have the owner do ``op`` (MoveError for its refusal);
        False when this instance is the owner and does it itself (or the game is over:
        a finished table has no owner to ask, nothing is left but what the store says)."""
        if self.cluster is None or live.owned or live.runtime.status == "finished":
            return False
        result = await self.cluster.forward(live, op, args)
        if result is None:
            return False
        if "error" in result:
            code, message, _ = result["error"]
            raise MoveError(code, message)
        return True

    # ------------------------------------------------------------- presence
    def local_counts(self, live: LiveTable) -> dict[int, int]:
        counts = {info.seat: 0 for info in live.runtime.seats}
        for connection in live.connections:
            if connection.seat is not None:
                counts[connection.seat] += 1
        return counts

    def remote_presence(self, live: LiveTable, instance: str, counts: dict[int, int]) -> None:
        if counts:
            live.presence[instance] = counts
        else:
            live.presence.pop(instance, None)
        self._recount(live)
        self.broadcast_table(live)
        self.schedule(live)

    def _recount(self, live: LiveTable) -> None:
        """Seats' connections: this instance's, plus what the others reported."""
        now = time.monotonic()
        local = self.local_counts(live)
        for info in live.runtime.seats:
            if info.kind != "human":
                continue
            total = local.get(info.seat, 0) + sum(
                counts.get(info.seat, 0) for counts in live.presence.values()
            )
            if total == 0 and (info.connections > 0 or info.disconnected_since is None):
                info.disconnected_since = now
            elif total > 0:
                info.disconnected_since = None
            info.connections = total

    # ---------------------------------------------------------------- creation
    async def create(
        self, stored: StoredTable, start_steps: list[dict[str, JSON]] | None = None
    ) -> LiveTable:
        """Store a new table; ``start_steps`` (tests only) are checked now, played at start."""
        game = game_class(stored.game)(stored.players, stored.options)
        runtime = TableRuntime(stored, game)
        if start_steps:
            runtime.plan_start(random.Random(0), start_steps)  # MoveError when they do not fit
            runtime.start_steps = start_steps
        cluster = self.cluster
        if cluster is None:
            await self.db(self.store.insert_table, stored)
        else:
            await cluster.subscribe(stored.id)
            await self.db(self.store.insert_table, stored, cluster.id, cluster.lease)
            cluster.owners[stored.id] = cluster.id
        live = LiveTable(runtime)
        self.live[stored.id] = live
        if all(seat.kind == "bot" for seat in stored.seats):
            async with live.lock:
                await self._start_locked(live)
        return live

    async def join(self, live: LiveTable, seat: int, name: str, account: int | None = None) -> str:
        """Give a seat to a person (a guest, or an account's); the token is returned
        once and stored hashed."""
        runtime = live.runtime
        if runtime.status == "finished":
            raise MoveError("finished", "the game is over")
        if not 0 <= seat < runtime.players:
            raise MoveError("no_seat", f"seats run from 0 to {runtime.players - 1}")
        if runtime.seats[seat].kind != "human":
            raise MoveError("taken", f"seat {seat} is a bot seat")
        token = secrets.token_urlsafe(32)
        digest = hash_token(token)
        args = {"seat": seat, "name": name, "digest": digest, "account": account}
        if await self._forwarded(live, "join", args):
            info = live.runtime.seats[seat]  # known here before the owner's news arrives
            info.token_hash, info.name, info.account = digest, name, account
            return token
        await self._join_locked_path(live, seat, name, digest, account)
        return token

    async def _join_locked_path(
        self, live: LiveTable, seat: int, name: str, digest: str, account: int | None = None
    ) -> None:
        runtime = live.runtime
        info = runtime.seats[seat]
        async with live.lock:
            if info.token_hash is not None:
                raise MoveError("taken", f"seat {seat} is taken")
            if (
                runtime.rated
                and account is not None
                and any(s.account == account and s.seat != seat for s in runtime.seats)
            ):
                raise MoveError("taken", "at a rated table an account plays one seat")
            claimed = await self.db(self.store.claim_seat, runtime.id, seat, name, digest, account)
            if not claimed:
                raise MoveError("taken", f"seat {seat} is taken")
            info.token_hash = digest
            info.name = name
            info.account = account
            info.expired = False
            info.disconnected_since = time.monotonic() if info.connections == 0 else None
            everyone = all(s.kind == "bot" or s.token_hash is not None for s in runtime.seats)
            if runtime.status == "open" and everyone:
                await self._start_locked(live)
            else:
                self.broadcast_table(live)
        self.schedule(live)

    async def leave(self, live: LiveTable, seat: int) -> None:
        if await self._forwarded(live, "leave", {"seat": seat}):
            self.seat_released(live, seat)
            return
        runtime = live.runtime
        async with live.lock:
            info = runtime.seats[seat]
            if info.token_hash is None:
                return
            await self.db(self.store.release_seat, runtime.id, seat, info.token_hash)
            self.seat_released(live, seat)
            self.broadcast_table(live)
        self.schedule(live)

    def seat_released(self, live: LiveTable, seat: int) -> None:
        """The seat's token stops working: its connections here are told and closed."""
        info = live.runtime.seats[seat]
        info.token_hash = None
        info.name = None
        if live.runtime.status == "open":  # a started game stays the account's
            info.account = None
        for connection in list(live.connections):
            if connection.seat == seat:
                connection.push(outgoing(seat, ErrorOut("auth", "you left this seat")))
                connection.close_soon(1000)

    async def start(self, live: LiveTable) -> None:
        if await self._forwarded(live, "start", {}):
            return
        runtime = live.runtime
        async with live.lock:
            if runtime.status != "open":
                raise MoveError("not_open", "the table has already started")
            empty = [s.seat for s in runtime.seats if s.kind == "human" and s.token_hash is None]
            if empty and runtime.empty_seat_bot is None:
                raise MoveError(
                    "empty_seats", f"seats {empty} are empty and the table has no empty-seat bot"
                )
            await self._start_locked(live)
        self.schedule(live)

    async def _start_locked(self, live: LiveTable) -> None:
        runtime = live.runtime
        plan = runtime.plan_start(self.rng, runtime.start_steps)
        await self._store_and_commit(live, plan)

    # ------------------------------------------------------------------- moves
    async def human_move(
        self,
        live: LiveTable,
        connection: Connection,
        version: int,
        action: JSON | None,
        text: str | None,
    ) -> None:
        seat = connection.seat
        problem: MoveError | None
        if seat is None:
            problem = MoveError("forbidden", "a spectator cannot play")
        else:
            args = {"seat": seat, "version": version, "action": action, "text": text}
            try:
                forwarded = await self._forwarded(live, "move", args)
                problem = None if forwarded else await self._move(live, seat, version, action, text)
            except MoveError as error:
                problem = error
        if problem is not None:
            connection.push(
                outgoing(seat, ErrorOut(problem.code, str(problem), live.runtime.version))
            )
            if problem.code == "stale":
                self.send_state(live, connection, full=False)

    async def _move(
        self, live: LiveTable, seat: int, version: int, action: JSON | None, text: str | None
    ) -> MoveError | None:
        """Check and apply one seat's move on the table this instance owns."""
        runtime = live.runtime
        async with live.lock:
            try:
                if runtime.status != "running":
                    raise MoveError("not_running", f"the table is {runtime.status}")
                if version != runtime.version:
                    raise MoveError(
                        "stale",
                        f"your move was for version {version}, the table is at "
                        f"{runtime.version}; here is the current state",
                    )
                info = runtime.seats[seat]
                if info.expired and runtime.empty_seat_bot is not None:
                    raise MoveError("bot_playing", "your clock ran out: a bot plays this seat")
                actions = runtime.decode_move(seat, action, text)
                plan = runtime.plan_actions(seat, actions, "human", self.rng, time.monotonic())
                stored = await self._store_and_commit(live, plan)
                if not stored:
                    raise MoveError("stale", "the table moved on while storing; try again")
            except MoveError as error:
                return error
        self.schedule(live)
        return None

    async def _store_and_commit(self, live: LiveTable, plan: Plan) -> bool:
        """Store a plan under the version it was made at; then memory; then broadcast
        (and, with several instances, publish it to the others)."""
        runtime = live.runtime
        cluster = self.cluster
        start = runtime.version
        stored = await self.advance(
            Advance(
                runtime.id,
                start,
                tuple(plan.steps),
                plan.status if plan.status != runtime.status else None,
                plan.result,
                plan.clocks,
                plan.expired,
                None if cluster is None else cluster.id,
                rated_game(runtime, plan),
            )
        )
        if not stored:
            if cluster is not None:
                self._spawn(self._check_ownership(live))
            return False
        runtime.commit(plan, time.monotonic())
        live.substitute_version = -1
        if cluster is not None:
            steps: list[JSON] = [[step.seat, step.data, step.by] for step in plan.steps]
            cluster.published_steps(live, start, steps, plan)
        if runtime.status == "finished":
            self._remember_finished(runtime.id)
            self.broadcast_table(live)
        self.broadcast_state(live)
        return True

    # ---------------------------------------------------------------- messages
    def send(self, live: LiveTable, connection: Connection, item: Outgoing) -> None:
        connection.push(outgoing(connection.seat, item))

    def send_state(self, live: LiveTable, connection: Connection, *, full: bool) -> None:
        start = 0 if full else connection.sent_version
        connection.push(outgoing(connection.seat, StateOut(live.runtime, start)))
        connection.sent_version = live.runtime.version

    def broadcast_state(self, live: LiveTable) -> None:
        runtime = live.runtime
        now = time.monotonic()
        built: dict[tuple[int | None, int], str] = {}
        for connection in list(live.connections):
            key = (connection.seat, connection.sent_version)
            text = built.get(key)
            if text is None:
                message = outgoing(connection.seat, StateOut(runtime, connection.sent_version), now)
                text = built[key] = json.dumps(message)
            connection.push_text(text)
            connection.sent_version = runtime.version

    def broadcast_table(self, live: LiveTable) -> None:
        if self.cluster is not None and live.owned:
            self.cluster.published_seats(live)
        now = time.monotonic()
        built: dict[int | None, str] = {}
        for connection in list(live.connections):
            if connection.seat not in built:
                built[connection.seat] = json.dumps(
                    outgoing(connection.seat, TableOut(live.runtime), now)
                )
            connection.push_text(built[connection.seat])

    # ------------------------------------------------------------- connections
    def attach(self, live: LiveTable, connection: Connection) -> None:
        live.connections.add(connection)
        if connection.seat is not None:
            self._presence_changed(live)

    def detach(self, live: LiveTable, connection: Connection) -> None:
        if connection not in live.connections:
            return
        live.connections.discard(connection)
        if connection.seat is not None:
            self._presence_changed(live)
        if self.cluster is not None and not live.owned and not live.connections:
            self._spawn(self.cluster.drop_replica(live))

    def _presence_changed(self, live: LiveTable) -> None:
        if self.cluster is not None and not live.owned:
            self.cluster.presence(live)  # the owner counts, and tells everyone
            return
        self._recount(live)
        self.broadcast_table(live)
        self.schedule(live)

    # -------------------------------------------------------------------- chat
    async def chat(self, live: LiveTable, connection: Connection, text: object) -> None:
        seat = connection.seat
        if seat is None:
            connection.push(outgoing(None, ErrorOut("forbidden", "spectators cannot chat")))
            return
        if not isinstance(text, str) or not text.strip():
            connection.push(outgoing(seat, ErrorOut("chat_empty", "a chat message needs text")))
            return
        text = text.strip()
        if len(text) > CHAT_LIMIT:
            connection.push(
                outgoing(
                    seat,
                    ErrorOut(
                        "chat_too_long", f"chat messages hold at most {CHAT_LIMIT} characters"
                    ),
                )
            )
            return
        problem = unfit_text("text", text)
        if problem is not None:
            connection.push(outgoing(seat, ErrorOut("chat_invalid", problem)))
            return
        now = time.monotonic()
        count, window = CHAT_RATE
        connection.chat_times = [t for t in connection.chat_times if now - t < window]
        if len(connection.chat_times) >= count:
            connection.push(
                outgoing(
                    seat,
                    ErrorOut("rate_limited", f"at most {count} chat messages per {window:g} s"),
                )
            )
            return
        connection.chat_times.append(now)
        name = live.runtime.seats[seat].name or f"seat {seat}"
        stored: StoredChat = await self.db(self.store.add_chat, live.runtime.id, seat, name, text)
        self._deliver(live, stored)
        if self.cluster is not None:
            self.cluster.published_chat(
                live.runtime.id,
                {
                    "id": stored.id,
                    "seat": seat,
                    "name": name,
                    "text": text,
                    "at": stored.at.isoformat(),
                },
            )

    def deliver_chat(self, live: LiveTable, chat: dict[str, Any]) -> None:
        """A chat message stored by another instance, for the connections here."""
        at = datetime.fromisoformat(chat["at"])
        stored = StoredChat(
            chat["id"], live.runtime.id, chat["seat"], chat["name"], chat["text"], at
        )
        self._deliver(live, stored)

    def _deliver(self, live: LiveTable, stored: StoredChat) -> None:
        text_out: dict[int | None, str] = {}
        for other in list(live.connections):
            if other.seat not in text_out:
                text_out[other.seat] = json.dumps(outgoing(other.seat, ChatOut(stored)))
            other.push_text(text_out[other.seat])

    # -------------------------------------------------------------- scheduling
    def schedule(self, live: LiveTable) -> None:
        """After any change: start the bot due to move, or time the next wake-up (only
        the owner of a table runs its bots and clocks)."""
        if not live.owned:
            return
        runtime = live.runtime
        if live.wake_task is not None:
            live.wake_task.cancel()
            live.wake_task = None
        seat = runtime.actor()
        if seat is None:
            return
        now = time.monotonic()
        by = self._bot_due(live, seat, now)
        if by is not None:
            idle = live.bot_task is None or live.bot_task.done()
            if live.bot_version != runtime.version or idle:
                live.bot_version = runtime.version
                live.bot_task = self._spawn(self._bot_turn(live, runtime.version, seat))
            return
        delay = self._next_wake(live, seat, now)
        if delay is not None:
            live.wake_task = self._spawn(self._wake(live, runtime.version, delay))

    def _bot_due(self, live: LiveTable, seat: int, now: float) -> StepBy | None:
        runtime = live.runtime
        info = runtime.seats[seat]
        if info.kind == "bot":
            return "bot"
        if runtime.played_by(seat, now) == "bot":
            return "substitute"
        if live.substitute_version == runtime.version and runtime.empty_seat_bot is not None:
            return "substitute"
        return None

    def _next_wake(self, live: LiveTable, seat: int, now: float) -> float | None:
        runtime = live.runtime
        info = runtime.seats[seat]
        delays: list[float] = []
        # A clock that already ran out (with nobody to substitute) needs no more wake-ups.
        ran_out = info.expired or live.substitute_version == runtime.version
        if runtime.clock.enabled and not ran_out:
            left = remaining_ms(
                runtime.clock, info.bank_ms, True, elapsed_ms(runtime.turn_started, now)
            )
            delays.append(left / 1000.0)
        if info.connections == 0 and info.disconnected_since is not None:
            delays.append(info.disconnected_since + runtime.grace_seconds - now)
        return max(0.0, min(delays)) if delays else None

    async def _wake(self, live: LiveTable, version: int, delay: float) -> None:
        await asyncio.sleep(delay + 0.001)
        runtime = live.runtime
        if runtime.version != version or runtime.actor() is None:
            return
        seat = runtime.actor()
        assert seat is not None
        info = runtime.seats[seat]
        now = time.monotonic()
        if runtime.clock.enabled and not info.expired:
            left = remaining_ms(
                runtime.clock, info.bank_ms, True, elapsed_ms(runtime.turn_started, now)
            )
            if left <= 0:
                if runtime.clock.kind == "bank":
                    info.expired = True
                else:
                    live.substitute_version = version
                self.broadcast_table(live)
        live.wake_task = None
        self.schedule(live)

    def spawn(self, coroutine: Awaitable[None]) -> asyncio.Task[None]:
        return self._spawn(coroutine)

    def _spawn(self, coroutine: Awaitable[None]) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table task failed", exc_info=task.exception())

    async def _bot_turn(self, live: LiveTable, version: int, seat: int) -> None:
        try:
            moved = await self._bot_move(live, version, seat)
        finally:
            if live.bot_task is asyncio.current_task():
                live.bot_task = None
        if moved:
            self.schedule(live)

    async def _bot_move(self, live: LiveTable, version: int, seat: int) -> bool:
        """Ask the bot for this seat's move at ``version``; False if nothing was played."""
        runtime = live.runtime
        if runtime.bot_delay_ms > 0:
            await asyncio.sleep(runtime.bot_delay_ms / 1000.0)
        async with live.lock:
            if runtime.version != version or runtime.actor() != seat:
                return False
            spec = runtime.bot_spec_for(seat)
            request = outgoing(seat, BotRequestOut(runtime, spec, self.rng.getrandbits(62)))
            legal = runtime.game.legal_actions(runtime.state)
        answer = await self.bots.choose(request)
        async with live.lock:
            if runtime.version != version or runtime.actor() != seat:
                return False
            by = self._bot_due(live, seat, time.monotonic())
            if by is None:  # the person came back in the meantime
                return False
            index = answer.index
            if index is None or not 0 <= index < len(legal):
                log.warning(
                    "table %s seat %d: bot %r failed (%s): random move",
                    runtime.id,
                    seat,
                    spec,
                    answer.problem,
                )
                index = self.rng.randrange(len(legal))
                by = "fallback"
            plan = runtime.plan_actions(seat, [legal[index]], by, self.rng, time.monotonic())
            if runtime.seats[seat].expired:
                plan.expired[seat] = True
            stored = await self._store_and_commit(live, plan)
            self.bot_moves += stored
            return stored

    # ------------------------------------------------------------------ tokens
    async def authenticate(self, live: LiveTable, token: str) -> int | None:
        """The seat a token holds at this table. With several instances a replica may
        not have heard of a join yet: the store decides, and the replica learns."""
        seat = self.seat_of(live, token)
        if seat is not None or self.cluster is None:
            return seat
        digest = hash_token(token)
        found = await self.db(self.store.find_token, digest)
        if found is None or found[0] != live.runtime.id:
            return None
        info = live.runtime.seats[found[1]]
        info.token_hash = digest
        return found[1]

    async def token_elsewhere(self, token: str) -> bool:
        """Whether a token holds a seat at some table (used to tell 403 from 401)."""
        return await self.db(self.store.find_token, hash_token(token)) is not None

    def seat_of(self, live: LiveTable, token: str | None) -> int | None:
        if not token:
            return None
        return live.runtime.seat_for_token(hash_token(token))
