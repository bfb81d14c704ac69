"""The table manager: the live tables in memory, loading them, and every change to one.

Every change to a table follows one path: take the table's lock, check the move against
the in-memory state (which the engine validates), store the resulting steps with the
new version in one transaction, commit them to memory, and queue for every connection
its own message (built by ``outbound.outgoing``). A move checked against an old version
is refused (``stale``), so two clients racing the same move get exactly one applied.

Its parts: ``live`` (a table in memory and its connections), ``groupcommit`` (storing
moves), ``turns`` (bots and clocks), ``ownership`` (several instances, presence),
``seating`` (joining, leaving, the start), ``chat``, ``replays``.
"""

import asyncio
import gc
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import ParamSpec, TypeVar

from meeple.engine.codec import JSON
from meeple.engine.errors import RecordError
from meeple.engine.registry import game_class
from meeple.server import fastjson
from meeple.server.accounts import rated_game
from meeple.server.bots import BotPool
from meeple.server.bottier import RemoteBots
from meeple.server.cluster import Cluster
from meeple.server.groupcommit import GroupCommit
from meeple.server.limits import MemoryLimiter, Rate, RateLimiter, RedisLimiter
from meeple.server.live import Connection, LiveTable
from meeple.server.outbound import ErrorOut, Outgoing, StateOut, TableOut, outgoing
from meeple.server.ownership import Ownership
from meeple.server.replays import Replays
from meeple.server.reviews import REVIEW_LEVEL, Reviews
from meeple.server.seating import Seating, hash_token
from meeple.server.tables import MoveError, Plan, TableRuntime
from meeple.server.turns import Turns
from meeple.store.accounts import AccountStore
from meeple.store.db import Advance, Store
from meeple.store.kinds import LIVE_STATUSES
from meeple.store.models import utcnow

log = logging.getLogger("meeple.server")
P = ParamSpec("P")
T = TypeVar("T")

FINISHED_KEPT = 256  # finished tables kept in memory (others reload from the store)
CHECKPOINT_SECONDS = 1.0
LOADS_AT_ONCE = 2  # tables loaded from the store side by side (replicas, finished games)
# The collector once the server is up: a young collection every 10,000 new objects (700
# by default), and a full one after 20 x 100 of them (10 x 10): cycles among young
# objects are still collected, older cyclic garbage waits longer.
GC_THRESHOLDS = (10_000, 20, 100)


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
        self.commits = GroupCommit(self.store, lambda call: self.db(call))
        self.limiter: RateLimiter = MemoryLimiter()
        self.replays = Replays(settings.replay_cache)
        # Post-game reviews: judged by the bot workers, their requests built in the
        # replay thread (never on the loop)
        self.reviews = Reviews(
            lambda request, limit: self.bots.choose(request, limit),
            self.replays.off_loop,
            self.spawn,
            settings.review_level,
        )
        self.turns = Turns(self)
        self.ownership = Ownership(self)
        self.seating = Seating(self)
        self.cluster: Cluster | None = None
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

    # -------------------------------------------------------------- start and stop
    async def startup(self) -> None:
        await self.db(self.store.migrate)
        self.spawn(self.bots.start())
        if self.store.is_sqlite:
            self.spawn(self._checkpoints())
        self.spawn(self._sweep_open_tables())
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
        future collection, whose pauses would otherwise grow with it. Then collect less
        often (``GC_THRESHOLDS``): a move's messages and plans die young, by reference
        counting, and Python's default (a collection every 700 objects, a full one every
        100 collections) spent about a tenth of the event loop's CPU in the collector
        under the load benchmark, with full collections pausing it for tens of ms."""
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)

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
            live.cancel_tasks()
            for connection in list(live.connections):
                await connection.stop()
        for task in list(self._tasks):
            task.cancel()
        await self.bots.close()
        self.replays.close()
        self._lease_executor.shutdown(wait=False, cancel_futures=True)
        await self.commits.close()
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
                live.cancel_tasks()
        return expired

    # ---------------------------------------------------------------- loading
    async def fresh_runtime(self, table_id: str) -> TableRuntime | None:
        """The table as the store has it, its steps replayed."""
        loaded = await self.db(self.store.load_table_and_steps, table_id)
        if loaded is None:
            return None
        stored, steps = loaded
        if self.cluster is not None and stored.owner is not None:
            self.cluster.owners[table_id] = stored.owner  # (where a forwarded call goes)
        game = game_class(stored.game)(stored.players, stored.options)
        runtime = TableRuntime(stored, game)
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
                forwarded = await self.ownership.forwarded(live, "move", args)
                problem = (
                    None if forwarded else await self.move_owned(live, seat, version, action, text)
                )
            except MoveError as error:
                problem = error
        if problem is not None:
            refusal = ErrorOut(
                problem.code,
                str(problem),
                live.runtime.version,
                problem.reason,
                problem.details,
                problem.part,
            )
            connection.push(outgoing(seat, refusal))
            if problem.code == "stale":
                self.send_state(live, connection, full=False)

    async def move_owned(
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
                stored = await self.store_and_commit(live, plan)
                if not stored:
                    raise MoveError("stale", "the table moved on while storing; try again")
            except MoveError as error:
                return error
        self.schedule(live)
        return None

    async def store_and_commit(self, live: LiveTable, plan: Plan) -> bool:
        """Store a plan under the version it was made at; then memory; then broadcast
        (and, with several instances, publish it to the others)."""
        runtime = live.runtime
        cluster = self.cluster
        start = runtime.version
        stored = await self.commits.advance(
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
                self.spawn(self.ownership.check_ownership(live))
            return False
        runtime.commit(plan, time.monotonic())
        live.substitute_version = None
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
                text = built[key] = fastjson.dumps(message)
            connection.push_text(text)
            connection.sent_version = runtime.version

    def broadcast_table(self, live: LiveTable) -> None:
        if self.cluster is not None and live.owned:
            self.cluster.published_seats(live)
        now = time.monotonic()
        built: dict[int | None, str] = {}
        for connection in list(live.connections):
            if connection.seat not in built:
                built[connection.seat] = fastjson.dumps(
                    outgoing(connection.seat, TableOut(live.runtime), now)
                )
            connection.push_text(built[connection.seat])

    # ------------------------------------------------------------------ tasks
    def schedule(self, live: LiveTable) -> None:
        """After any change: start the bot due to move or time the next wake-up."""
        self.turns.schedule(live)

    def spawn(self, coroutine: Awaitable[None]) -> asyncio.Task[None]:
        """A task of the manager's (cancelled at shutdown; a failure is logged)."""
        task: asyncio.Task[None] = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table task failed", exc_info=task.exception())

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
