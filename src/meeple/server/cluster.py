"""Several instances of the server on one PostgreSQL and one Redis (``--redis``).

Ownership: every live table is owned by exactly one instance, the one holding the lease
on its row (``tables.owner``, ``tables.lease_until``, compared with the database's own
clock). The owner renews its leases every third of the lease time; an instance that
stops renewing (killed, frozen, cut off) loses its tables when the lease runs out, and
any other instance claims them with one conditional ``UPDATE`` (checked again on each
row as it is written, so two claimants never both win). Every write of a move carries
the owner in its condition (``... AND owner = me``): an instance that lost its lease
cannot store another step, even before it notices. Leases were chosen over advisory
locks because a lock lives as long as a database session (one pinned connection per
instance, held by a frozen process or a half-open TCP connection until keep-alives give
up), while a lease runs out by the clock and fences the writes of the instance that
held it.

Redis carries the rest, as pub/sub:

- ``meeple:t:{table}``: what the owner changed (the new steps, seat and clock changes,
  chat). Every instance with a client at the table keeps a replica in memory: it applies
  the steps exactly as a rebuild from the store would, and sends each of its connections
  its own message through the one outbound function. A replica that sees a gap reloads
  from the store.
- ``meeple:i:{instance}``: requests to the owner (a move, join, leave, start, and who
  is connected where) from the instance that received them, and the answers.

A message is the sender's name on a line of its own, then a JSON object (a bot worker's
answer is the JSON alone): an instance skips what it sent itself on a table's channel
without decoding it.
"""

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import redis.asyncio as redis_asyncio

from meeple.engine.codec import JSON
from meeple.server import fastjson
from meeple.server.chat import deliver_published
from meeple.store.db import StoredStep
from meeple.store.models import utcnow

if TYPE_CHECKING:
    from meeple.server.live import LiveTable
    from meeple.server.manager import TableManager

log = logging.getLogger("meeple.server.cluster")
CALL_TIMEOUT = 2.0  # seconds to wait for an owner's answer before asking again
CLAIM_BATCH = 100  # tables claimed at most per lease round


class NotOwner(Exception):
    """The asked instance does not own the table (any more)."""


@dataclass(slots=True)
class Pending:
    """Messages for a table that arrive while its replica is being loaded."""

    messages: list[dict[str, Any]] = field(default_factory=list)


def instance_name() -> str:
    return f"{socket.gethostname()[:24]}-{os.getpid()}-{secrets.token_hex(3)}"


class Cluster:
    """This instance's part: its leases, its Redis subscriptions, its calls to owners."""

    def __init__(self, manager: "TableManager", url: str, lease_seconds: float) -> None:
        self.manager = manager
        self.id = instance_name()
        self.lease = lease_seconds
        # A request waits for a free connection (up to 10 s) instead of failing at once.
        pool = redis_asyncio.BlockingConnectionPool.from_url(url, max_connections=64, timeout=10)
        self.redis: Any = redis_asyncio.Redis(connection_pool=pool)
        self._pubsub: Any = self.redis.pubsub()
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._asked: dict[str, tuple[str, str]] = {}  # call -> (table, the owner asked)
        self._loading: dict[str, Pending] = {}
        self.owners: dict[str, str] = {}  # table -> its owner as last heard
        self._tasks: list[asyncio.Task[None]] = []
        self._inbox = f"meeple:i:{self.id}"
        self._me = self.id.encode()
        self._inbox_bytes = self._inbox.encode()

    # ---------------------------------------------------------------- start, stop
    async def start(self) -> None:
        await self._pubsub.subscribe(self._inbox)
        await self._heartbeat()
        for coroutine in (self._read(), self._publish(), self._leases()):
            self._tasks.append(asyncio.ensure_future(coroutine))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.manager.db(self.manager.store.release_leases, self.id)
        with contextlib.suppress(Exception):
            await self.redis.delete(f"meeple:alive:{self.id}")
            await self._pubsub.aclose()
            await self.redis.aclose()

    async def _heartbeat(self) -> None:
        await self.redis.set(f"meeple:alive:{self.id}", "1", px=int(self.lease * 1000))

    # ------------------------------------------------------------------ publishing
    def send(self, channel: str, message: dict[str, Any]) -> None:
        """Queue a message; one task publishes them in order, many per round trip."""
        message["o"] = self.id
        # (the sender first, on a line of its own: an instance drops its own messages on
        # its tables' channels without decoding them)
        self._outbox.put_nowait((channel, f"{self.id}\n{fastjson.dumps(message)}"))

    def send_table(self, table_id: str, message: dict[str, Any]) -> None:
        self.send(f"meeple:t:{table_id}", message)

    async def _publish(self) -> None:
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 512:
                batch.append(self._outbox.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, text in batch:
                        pipe.publish(channel, text)
                    await pipe.execute()
            except Exception as error:  # Redis away: replicas resync from the store
                log.warning("publishing %d messages failed: %s", len(batch), error)
                await asyncio.sleep(0.2)

    # ------------------------------------------------------------------ receiving
    async def _read(self) -> None:
        while True:
            try:
                async for message in self._pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    sender, line, text = message["data"].partition(b"\n")
                    if not line:  # (from a bot worker: the JSON alone)
                        sender, text = b"", sender
                    elif sender == self._me and message["channel"] != self._inbox_bytes:
                        continue  # what this instance sent on a table's channel
                    channel = message["channel"].decode()
                    try:
                        data = fastjson.loads(text)
                        self._dispatch(channel, data)
                    except Exception:
                        log.exception("a cluster message failed on %s", channel)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("the Redis subscription failed (%s): again", error)
                await asyncio.sleep(0.5)

    def _dispatch(self, channel: str, data: dict[str, Any]) -> None:
        if channel == self._inbox:
            kind = data.get("k")
            if kind == "reply":
                future = self._calls.pop(data["id"], None)
                if future is not None and not future.done():
                    future.set_result(data["r"])
            elif kind == "call":
                self._spawn(self._answer(data))
            return
        table_id = channel.split(":", 2)[2]
        pending = self._loading.get(table_id)
        if pending is not None:
            pending.messages.append(data)
            return
        live = self.manager.live.get(table_id)
        if live is not None:
            self.apply(live, data)

    def apply(self, live: "LiveTable", data: dict[str, Any]) -> None:
        """A message from the table's owner (or, for chat, from any instance)."""
        kind = data.get("k")
        manager = self.manager
        if kind == "chat":
            deliver_published(live, data["chat"])
            return
        if kind == "rematch":  # from any instance: invite this one's clients too
            from meeple.server.rematch import deliver_rematch

            deliver_rematch(manager, live, data["id"])
            return
        if kind == "who":  # a new owner asks who is connected here
            self.owners[live.runtime.id] = data["o"]
            self.owner_changed(live.runtime.id, data["o"])
            if not live.owned:
                self.presence(live)
            return
        if live.owned:
            return
        self.owners[live.runtime.id] = data["o"]
        if kind == "steps":
            self._apply_steps(live, data)
        elif kind == "seats":
            self._apply_seats(live, data)

    def _apply_steps(self, live: "LiveTable", data: dict[str, Any]) -> None:
        runtime = live.runtime
        start = int(data["from"])
        if start + len(data["steps"]) <= runtime.version:
            return  # already here
        if start != runtime.version:
            self._spawn(self.resync(live))
            return
        now = utcnow()
        runtime.replay_steps(
            [
                StoredStep(start + offset, seat, step_data, by, now)
                for offset, (seat, step_data, by) in enumerate(data["steps"])
            ],
            checked=False,
        )
        runtime.status = data["status"]
        if data["result"] is not None:
            runtime.result = data["result"]
        for seat, bank in data["clocks"].items():
            runtime.seats[int(seat)].bank_ms = bank
        for seat, flag in data["expired"].items():
            runtime.seats[int(seat)].expired = flag
        runtime.turn_started = time.monotonic()
        if runtime.status == "finished":
            self.manager.finished_here(live)
        self.manager.broadcast_state(live)

    def _apply_seats(self, live: "LiveTable", data: dict[str, Any]) -> None:
        runtime = live.runtime
        if data["v"] > runtime.version:
            self._spawn(self.resync(live))
        now = time.monotonic()
        for seat_data in data["seats"]:
            info = runtime.seats[seat_data["seat"]]
            if info.token_hash is not None and seat_data["token_hash"] != info.token_hash:
                self.manager.seating.seat_released(live, info.seat)  # its token stopped working
            info.name = seat_data["name"]
            info.token_hash = seat_data["token_hash"]
            info.account = seat_data.get("account")
            info.bank_ms = seat_data["bank_ms"]
            info.expired = seat_data["expired"]
            info.connections = seat_data["connections"]
            away = seat_data["away"]
            info.disconnected_since = None if away is None else now - away
        self.manager.broadcast_table(live)

    # ---------------------------------------------------------- what owners send
    def published_steps(self, live: "LiveTable", start: int, steps: list[JSON], plan: Any) -> None:
        self.send_table(
            live.runtime.id,
            {
                "k": "steps",
                "from": start,
                "steps": steps,
                "status": plan.status,
                "result": plan.result,
                "clocks": {str(k): v for k, v in plan.clocks.items()},
                "expired": {str(k): v for k, v in plan.expired.items()},
            },
        )

    def published_seats(self, live: "LiveTable") -> None:
        runtime = live.runtime
        now = time.monotonic()
        self.send_table(
            runtime.id,
            {
                "k": "seats",
                "v": runtime.version,
                "status": runtime.status,
                "seats": [
                    {
                        "seat": info.seat,
                        "name": info.name,
                        "token_hash": info.token_hash,
                        "account": info.account,
                        "bank_ms": info.bank_ms,
                        "expired": info.expired,
                        "connections": info.connections,
                        "away": None
                        if info.disconnected_since is None
                        else now - info.disconnected_since,
                    }
                    for info in runtime.seats
                ],
            },
        )

    def published_chat(self, table_id: str, chat: dict[str, Any]) -> None:
        self.send_table(table_id, {"k": "chat", "chat": chat})

    # -------------------------------------------------------------- replicas
    async def subscribe(self, table_id: str) -> None:
        await self._pubsub.subscribe(f"meeple:t:{table_id}")

    async def drop_replica(self, live: "LiveTable") -> None:
        """Forget a replica nobody here is connected to (it is loaded again if asked)."""
        table_id = live.runtime.id
        if live.owned or live.connections or table_id in self._loading:
            return
        if self.manager.live.get(table_id) is live:
            del self.manager.live[table_id]
        self.owners.pop(table_id, None)
        with contextlib.suppress(Exception):
            await self._pubsub.unsubscribe(f"meeple:t:{table_id}")

    async def load_replica(
        self, table_id: str, load: Callable[[], Awaitable["LiveTable | None"]]
    ) -> "LiveTable | None":
        """Subscribe to the table first, then load it: nothing published in between is
        missed (it waits, then applies on top of what was loaded)."""
        pending = self._loading.setdefault(table_id, Pending())
        try:
            await self.subscribe(table_id)
            live = await load()  # (which notes the owner the store names)
        finally:
            self._loading.pop(table_id, None)
        if live is not None:
            for message in pending.messages:
                self.apply(live, message)
        return live

    async def resync(self, live: "LiveTable") -> None:
        """Reload a replica that missed a message, keeping its connections."""
        table_id = live.runtime.id
        if table_id in self._loading or live.owned:
            return
        pending = self._loading.setdefault(table_id, Pending())
        try:
            runtime = await self.manager.fresh_runtime(table_id)
        finally:
            self._loading.pop(table_id, None)
        if runtime is None or live.owned:
            return
        async with live.lock:
            self.manager.ownership.replace_runtime(live, runtime)
        for message in pending.messages:
            self.apply(live, message)
        self.manager.broadcast_state(live)
        self.manager.broadcast_table(live)

    # ------------------------------------------------------------------- presence
    def presence(self, live: "LiveTable") -> None:
        """Tell the owner how many connections each seat has here."""
        owner = self.owners.get(live.runtime.id)
        if owner is None or owner == self.id:
            return
        counts = self.manager.ownership.local_counts(live)
        self.send(
            f"meeple:i:{owner}",
            {
                "k": "call",
                "id": "",
                "op": "presence",
                "t": live.runtime.id,
                "a": {"counts": {str(k): v for k, v in counts.items()}},
            },
        )

    # ---------------------------------------------------------------- calls
    @property
    def inbox(self) -> str:
        return self._inbox

    def expect(self, call_id: str) -> asyncio.Future[dict[str, Any]]:
        """A future for the reply ``call_id`` that will come to this inbox."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._calls[call_id] = future
        return future

    def forget(self, call_id: str) -> None:
        self._calls.pop(call_id, None)
        self._asked.pop(call_id, None)

    def owner_changed(self, table_id: str, owner: str) -> None:
        """A table has a new owner: calls waiting on the old one are told at once (so a
        move held through a takeover goes to the new owner now, not after a timeout)."""
        for call_id, (table, asked) in list(self._asked.items()):
            future = self._calls.get(call_id)
            if table == table_id and asked != owner and future is not None and not future.done():
                future.set_result({"not_owner": True})

    async def call(
        self, owner: str, op: str, table_id: str, args: dict[str, Any]
    ) -> dict[str, Any]:
        """Send ``op`` to ``owner`` once and wait for its answer while it still holds the
        lease (a slow owner is waited for, not asked twice: a repeated move would come
        back ``stale`` though the first was applied). TimeoutError once it lost it."""
        call_id = secrets.token_hex(8)
        future = self.expect(call_id)
        self._asked[call_id] = (table_id, owner)
        self.send(
            f"meeple:i:{owner}", {"k": "call", "id": call_id, "op": op, "t": table_id, "a": args}
        )
        try:
            for _ in range(2 + int(2 * self.lease / CALL_TIMEOUT)):  # bounded: a lost message
                try:
                    return await asyncio.wait_for(asyncio.shield(future), CALL_TIMEOUT)
                except TimeoutError:
                    holder, running = await self.manager.db(self.manager.store.owner_of, table_id)
                    if holder != owner or not running:
                        raise
            raise TimeoutError(f"{owner} did not answer {op}")
        finally:
            self.forget(call_id)

    async def _answer(self, data: dict[str, Any]) -> None:
        op, table_id, args = data["op"], data["t"], data["a"]
        live = self.manager.live.get(table_id)
        if op == "presence":
            if live is not None and live.owned:
                counts = {int(k): int(v) for k, v in args["counts"].items()}
                self.manager.ownership.remote_presence(live, data["o"], counts)
            return
        if live is None or not live.owned:
            result: dict[str, Any] = {"not_owner": True}
        else:
            try:
                result = await self.manager.ownership.owner_call(live, op, args)
            except Exception as error:
                log.exception("call %s on table %s failed", op, table_id)
                result = {"error": ["internal", f"the owner failed: {type(error).__name__}", None]}
        self.send(f"meeple:i:{data['o']}", {"k": "reply", "id": data["id"], "r": result})

    async def forward(
        self, live: "LiveTable", op: str, args: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Have the owner do ``op``; None when this instance owns the table now (and
        should do it itself). Waits through a takeover (at most two leases)."""
        table_id = live.runtime.id
        deadline = time.monotonic() + 4 * self.lease + 3 * CALL_TIMEOUT
        while time.monotonic() < deadline:
            if live.owned:
                return None
            owner = self.owners.get(table_id)
            if owner is None or owner == self.id:
                owner, running = await self.manager.db(self.manager.store.owner_of, table_id)
                if owner is None or not running:
                    if await self.claim(table_id):
                        return None
                    await asyncio.sleep(0.1)
                    continue
                self.owners[table_id] = owner
            try:
                result = await self.call(owner, op, table_id, args)
            except TimeoutError:
                self.owners.pop(table_id, None)
                continue
            if result.get("not_owner"):
                self.owners.pop(table_id, None)
                await asyncio.sleep(0.05)
                continue
            return result
        return {"error": ["unavailable", "the table's server is not answering: try again", None]}

    # ------------------------------------------------------------------ leases
    async def claim(self, table_id: str) -> bool:
        """Take one table whose lease ran out, and become its owner."""
        store = self.manager.store
        if not await self.manager.db(store.take_lease, table_id, self.id, self.lease):
            return False
        await self.take_over(table_id)
        return True

    async def take_over(self, table_id: str) -> None:
        self.owners[table_id] = self.id
        live = self.manager.live.get(table_id)
        if live is None:
            await self.subscribe(table_id)
        await self.manager.ownership.become_owner(table_id)
        self.owner_changed(table_id, self.id)
        self.send_table(table_id, {"k": "who"})

    async def _leases(self) -> None:
        period = self.lease / 3.0
        while True:
            started = time.monotonic()
            try:
                await self._lease_round()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database or Redis away: try again
                log.warning("lease round failed: %s", error)
            await asyncio.sleep(max(0.05, period - (time.monotonic() - started)))

    async def _lease_round(self) -> None:
        manager = self.manager
        store = manager.store
        await self._heartbeat()
        # Only tables owned before the renewal can have been lost by it (one created
        # meanwhile was not yet there to renew).
        held = [
            live
            for live in manager.live.values()
            if live.owned and live.runtime.status != "finished"
        ]
        kept = set(await manager.lease_db(store.renew_leases, self.id, self.lease))
        for live in held:
            runtime = live.runtime
            if live.owned and runtime.status != "finished" and runtime.id not in kept:
                log.warning("lost the lease of table %s", runtime.id)
                await manager.ownership.lose_ownership(live)
        claimed = await manager.lease_db(store.claim_tables, self.id, self.lease, CLAIM_BATCH)
        for table_id in claimed:
            log.info("took over table %s", table_id)
            await self.take_over(table_id)
        await self._forget_dead_instances()

    async def _forget_dead_instances(self) -> None:
        others = {
            instance
            for live in self.manager.live.values()
            if live.owned
            for instance in live.presence
            if instance != self.id
        }
        if not others:
            return
        names = sorted(others)
        alive = await self.redis.exists(*[f"meeple:alive:{name}" for name in names])
        if alive == len(names):
            return
        for name in names:
            if not await self.redis.exists(f"meeple:alive:{name}"):
                for live in self.manager.live.values():
                    if live.owned and name in live.presence:
                        self.manager.ownership.remote_presence(live, name, {})

    def _spawn(self, coroutine: Awaitable[None]) -> None:
        self.manager.spawn(coroutine)
