"""Replays, built in a thread of their own (one at a time, never on the event loop), and
the whole replays of finished games kept for the next asker (see docs/server.md,
"Records and replays")."""

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from meeple.engine.codec import JSON
from meeple.server import fastjson
from meeple.server.live import LiveTable
from meeple.server.outbound import ReplayOut, outgoing

T = TypeVar("T")


class Replays:
    def __init__(self, kept: int) -> None:
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay")
        self.kept: OrderedDict[tuple[str, int | None], dict[str, JSON]] = OrderedDict()
        self._limit = kept

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)

    async def off_loop(self, function: Callable[..., T], *args: object) -> T:
        """``function(*args)`` in the replay thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, function, *args)

    async def replay(self, live: LiveTable, seat: int | None, start: int, limit: int | None) -> str:
        """Replay frames ``start`` onwards (at most ``limit``) as JSON text, built in the
        replay thread; a finished game's whole replay is kept for the next asker."""
        runtime = live.runtime
        total = runtime.version + 1
        start = min(start, total)
        end = total if limit is None else min(total, start + limit)
        key = (runtime.id, seat)
        finished = runtime.status == "finished"
        whole = self.kept.get(key) if finished else None
        if whole is None:
            first, last = (0, total) if finished else (start, end)
            item = ReplayOut(runtime, runtime.log[0 : runtime.version], first, last)
            whole = await self.off_loop(outgoing, seat, item)
            if finished:
                self.kept[key] = whole
                while len(self.kept) > self._limit:
                    self.kept.popitem(last=False)
        else:
            self.kept.move_to_end(key)
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
        return await self.off_loop(fastjson.dumps, message)
