"""Bot worker processes with a time limit per move.

Each worker is a separate Python process (``meeple.server.botworker``) talking JSON lines
over its pipes. A move that raises, crashes its worker or overruns the time limit comes
back as a failure (the caller then plays the random bot for that move); a worker that
crashed or overran is killed and replaced.
"""

import asyncio
import contextlib
import json
import os
import sys
from dataclasses import dataclass

from meeple.engine.codec import JSON

STREAM_LIMIT = 1 << 20
STARTUP_LIMIT = 120.0  # seconds for a worker to import the games
QUEUE_WAIT_LIMIT = 60.0


@dataclass(frozen=True, slots=True)
class BotAnswer:
    index: int | None  # the chosen legal action, or None when the bot failed
    problem: str | None = None
    # A review's judgement: the bot's estimate (win share) of each legal action, or None
    shares: tuple[float | None, ...] | None = None


def _shares(data: object) -> tuple[float | None, ...] | None:
    """A judgement's estimates as the worker sent them (anything else: none)."""
    if not isinstance(data, list):
        return None
    return tuple(
        float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else None for x in data
    )


class _Worker:
    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    async def ask(self, line: bytes, limit: float) -> BotAnswer:
        process = self.process
        if process.stdin is None or process.stdout is None:
            return BotAnswer(None, "worker has no pipes")
        process.stdin.write(line)
        await process.stdin.drain()
        reply = await asyncio.wait_for(process.stdout.readline(), limit)
        if not reply:
            raise ConnectionError("the worker ended")
        data = json.loads(reply)
        index = data.get("index") if isinstance(data, dict) else None
        if isinstance(index, int) and not isinstance(index, bool):
            return BotAnswer(index, shares=_shares(data.get("shares")))
        problem = data.get("error") if isinstance(data, dict) else None
        return BotAnswer(None, str(problem or "bad answer"))

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()


class BotPool:
    """A fixed number of worker processes, started on first use."""

    def __init__(self, size: int = 2, time_limit: float = 5.0) -> None:
        self.size = max(1, size)
        self.time_limit = time_limit
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: set[_Worker] = set()
        self._start_lock = asyncio.Lock()
        self._closed = False

    async def _spawn(self) -> _Worker:
        env = dict(os.environ)
        # The worker imports bots exactly as this process would (same sys.path).
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "meeple.server.botworker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=env,
            limit=STREAM_LIMIT,
        )
        worker = _Worker(process)
        self._all.add(worker)
        # The time limit counts from a warm worker: wait for it to have imported the games.
        assert process.stdout is not None
        try:
            greeting = await asyncio.wait_for(process.stdout.readline(), STARTUP_LIMIT)
        except TimeoutError:
            greeting = b""
        if greeting.strip() != b"ready":
            worker.kill()
            self._all.discard(worker)
            raise RuntimeError("a bot worker did not start")
        return worker

    async def start(self) -> None:
        """Start the workers (the server does this in the background at start)."""
        await self._ensure_started()

    async def _ensure_started(self) -> asyncio.Queue[_Worker]:
        async with self._start_lock:
            if self._idle is None:
                workers = await asyncio.gather(*(self._spawn() for _ in range(self.size)))
                self._idle = asyncio.Queue()
                for worker in workers:
                    self._idle.put_nowait(worker)
        return self._idle

    async def choose(self, request: dict[str, JSON], limit: float | None = None) -> BotAnswer:
        """Ask a worker; a failure or a time-out gives ``BotAnswer(None, reason)``.
        ``limit``: seconds for this request instead of the pool's (a hint's longer search)."""
        limit = self.time_limit if limit is None else limit
        if self._closed:
            return BotAnswer(None, "the bot pool is closed")
        try:
            idle = await self._ensure_started()
            # Waiting for a free worker is queueing, not thinking: a generous safety net.
            worker = await asyncio.wait_for(idle.get(), QUEUE_WAIT_LIMIT)
        except (TimeoutError, RuntimeError, OSError) as error:
            return BotAnswer(None, f"no bot worker available ({error or 'busy'})")
        line = (json.dumps(request) + "\n").encode()
        try:
            answer = await worker.ask(line, limit)
        except TimeoutError:
            await self._replace(worker)
            return BotAnswer(None, f"no answer within {limit:g} s")
        except (ConnectionError, OSError, ValueError) as error:
            await self._replace(worker)
            return BotAnswer(None, f"the worker failed ({type(error).__name__})")
        except asyncio.CancelledError:
            await self._replace(worker)
            raise
        idle.put_nowait(worker)
        return answer

    async def _replace(self, worker: _Worker) -> None:
        worker.kill()
        self._all.discard(worker)
        with contextlib.suppress(Exception):
            await worker.process.wait()
        for _ in range(3):
            if self._closed or self._idle is None:
                return
            try:
                self._idle.put_nowait(await self._spawn())
                return
            except (RuntimeError, OSError):
                await asyncio.sleep(1.0)

    async def close(self) -> None:
        self._closed = True
        for worker in list(self._all):
            worker.kill()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(worker.process.wait(), 2)
        self._all.clear()
