"""A live table in memory and the WebSocket connections that follow it."""

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from meeple.engine.codec import JSON
from meeple.server import fastjson
from meeple.server.tables import TableRuntime

QUEUE_LIMIT = 512  # messages waiting for a slow client before it is disconnected


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
        self.push_text(fastjson.dumps(message))

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
    bot_version: int | None = None  # the version the running bot task moves at
    wake_task: asyncio.Task[None] | None = None
    substitute_version: int | None = None  # a per-move clock ran out at this version
    # Several instances: whether this one owns the table (else it holds a replica that
    # follows the owner), and, on the owner, each instance's connections per seat.
    owned: bool = True
    presence: dict[str, dict[int, int]] = field(default_factory=dict)

    def cancel_tasks(self) -> None:
        """Stop its bot and its timer (the table is dropped or reloaded)."""
        for task in (self.bot_task, self.wake_task):
            if task is not None:
                task.cancel()
        self.bot_task = self.wake_task = None
