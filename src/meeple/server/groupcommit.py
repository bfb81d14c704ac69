"""Group commit: the moves of many tables that are ready at the same moment are stored
in one transaction (each still under its own version check), and none is acknowledged
before that transaction committed (see docs/server.md, "Storage")."""

import asyncio
import logging
from collections.abc import Awaitable, Callable

from meeple.store.db import Advance, AsyncBatchWriter, Store

log = logging.getLogger("meeple.server")
StoreCall = Callable[[Callable[[], list[bool]]], Awaitable[list[bool]]]
IN_FLIGHT = 2  # PostgreSQL: batches written at once


class GroupCommit:
    """The writer of a store's moves. ``in_thread`` runs a store call as the manager
    runs its others (inline for SQLite, in a worker thread for PostgreSQL).

    On PostgreSQL up to ``IN_FLIGHT`` batches are written at once, each on a connection
    of its own: the moves that become ready while a batch is on its way go out at once
    instead of waiting for it (a table has one move in flight at most, under its lock,
    so batches in flight never touch the same rows)."""

    def __init__(self, store: Store, in_thread: StoreCall) -> None:
        self._store = store
        self._in_thread = in_thread
        self._pending: list[tuple[Advance, asyncio.Future[bool]]] = []
        self._wake = asyncio.Event()
        self._writer: asyncio.Future[None] | None = None
        in_flight = 1 if store.is_sqlite else IN_FLIGHT
        self._slots = asyncio.Semaphore(in_flight)
        self._idle: list[AsyncBatchWriter] = (
            [] if store.is_sqlite else [AsyncBatchWriter(store) for _ in range(in_flight)]
        )
        self._flushing: set[asyncio.Task[None]] = set()

    async def advance(self, request: Advance) -> bool:
        """Store one table's move; True once committed, False if its version moved on."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append((request, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.ensure_future(self._write_batches())
        self._wake.set()
        return await future

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
        for task in list(self._flushing):
            task.cancel()
        for writer in self._idle:
            try:
                await writer.close()
            except Exception as error:  # the connection is gone already
                log.debug("closing a batch writer: %s", error)

    async def _write_batches(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            await asyncio.sleep(0)  # let the moves that are ready now join this batch
            if not self._pending:
                continue
            await self._slots.acquire()  # what arrives meanwhile joins this batch
            batch, self._pending = self._pending, []
            task = asyncio.ensure_future(self._flush(batch))
            self._flushing.add(task)
            task.add_done_callback(self._flushing.discard)

    async def _flush(self, batch: list[tuple[Advance, asyncio.Future[bool]]]) -> None:
        try:
            outcomes = await self._store_batch([r for r, _ in batch])
        except Exception as error:
            for _, future in batch:
                if not future.done():
                    future.set_exception(error)
            return
        finally:
            self._slots.release()
        for (_, future), outcome in zip(batch, outcomes, strict=True):
            if not future.done():
                future.set_result(outcome)

    async def _store_batch(self, requests: list[Advance]) -> list[bool]:
        """One batch: on PostgreSQL its one statement straight from the event loop; should
        that fail as a whole (a lost connection, a deadlock), or should it hold the end of
        a rated game (ratings written in the same transaction), in the store's thread,
        which retries each move in a transaction of its own."""
        rating = any(request.rated is not None for request in requests)  # rare: an end
        if self._idle and not rating:
            writer = self._idle.pop()
            try:
                return await writer.advance_many(requests)
            except Exception as error:
                log.warning(
                    "a batch of %d moves failed (%s): again, one by one", len(requests), error
                )
            finally:
                self._idle.append(writer)
        return await self._in_thread(lambda: self._store.advance_many(requests))
