"""Group commit: the moves of many tables that are ready at the same moment are stored
in one transaction (each still under its own version check), and none is acknowledged
before that transaction committed (see docs/server.md, "Storage")."""

import asyncio
import logging
from collections.abc import Awaitable, Callable

from meeple.store.db import Advance, AsyncBatchWriter, Store

log = logging.getLogger("meeple.server")
StoreCall = Callable[[Callable[[], list[bool]]], Awaitable[list[bool]]]


class GroupCommit:
    """The writer of a store's moves. ``in_thread`` runs a store call as the manager
    runs its others (inline for SQLite, in a worker thread for PostgreSQL)."""

    def __init__(self, store: Store, in_thread: StoreCall) -> None:
        self._store = store
        self._in_thread = in_thread
        self._pending: list[tuple[Advance, asyncio.Future[bool]]] = []
        self._wake = asyncio.Event()
        self._writer: asyncio.Future[None] | None = None
        self._batch_writer = None if store.is_sqlite else AsyncBatchWriter(store)

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
        if self._batch_writer is not None:
            try:
                await self._batch_writer.close()
            except Exception as error:  # the connection is gone already
                log.debug("closing the batch writer: %s", error)

    async def _write_batches(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
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
        return await self._in_thread(lambda: self._store.advance_many(requests))
