"""A separate tier of bot processes, ``meeple botworker``, fed through Redis.

With ``meeple serve --remote-bots`` the owner of a table pushes each bot request (built by
the outbound function, exactly as for its own worker processes) on the Redis list
``meeple:bots`` and waits for the answer on its inbox channel, at most the time limit
(then the random bot plays that move, as when a local worker fails). Any number of
``meeple botworker`` processes, on any machine, take requests from the list and answer
them from their own pool of bot processes (each move under the time limit, a failing
worker replaced), so bot CPU scales apart from the sockets.
"""

import asyncio
import contextlib
import json
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from meeple.engine.codec import JSON
from meeple.server.bots import QUEUE_WAIT_LIMIT, BotAnswer, BotPool

if TYPE_CHECKING:
    from meeple.server.cluster import Cluster

QUEUE = "meeple:bots"
log = logging.getLogger("meeple.server.bots")


class RemoteBots:
    """The ``BotPool`` interface, answered by the bot tier."""

    def __init__(self, cluster: "Cluster", time_limit: float) -> None:
        self.cluster = cluster
        self.time_limit = time_limit

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def choose(self, request: dict[str, JSON], limit: float | None = None) -> BotAnswer:
        limit = self.time_limit if limit is None else limit
        call_id = secrets.token_hex(8)
        future = self.cluster.expect(call_id)
        job = {
            "id": call_id,
            "reply": self.cluster.inbox,
            "limit": limit,
            # Wall clock: a request its owner gave up on is not worked on.
            "until": time.time() + limit + QUEUE_WAIT_LIMIT,
            "request": request,
        }
        try:
            await self.cluster.redis.lpush(QUEUE, json.dumps(job))
            answer = await asyncio.wait_for(future, limit + QUEUE_WAIT_LIMIT)
        except TimeoutError:
            return BotAnswer(None, "no bot worker answered in time")
        except Exception as error:  # Redis away
            return BotAnswer(None, f"the bot tier is unreachable ({type(error).__name__})")
        finally:
            self.cluster.forget(call_id)
        index = answer.get("index")
        if isinstance(index, int) and not isinstance(index, bool):
            return BotAnswer(index)
        return BotAnswer(None, str(answer.get("problem") or "bad answer"))


async def serve_bots(url: str, workers: int, time_limit: float) -> None:
    """``meeple botworker``: answer bot requests from Redis with ``workers`` processes."""
    import redis.asyncio as redis_asyncio

    redis: Any = redis_asyncio.Redis.from_url(url)
    pool = BotPool(workers, time_limit)
    await pool.start()
    log.info("bot tier: %d workers on %s", workers, url)

    async def slot() -> None:
        while True:
            try:
                item = await redis.brpop([QUEUE], timeout=1)
            except Exception as error:  # Redis away: wait and try again
                log.warning("bot queue: %s", error)
                await asyncio.sleep(1.0)
                continue
            if item is None:
                continue
            job = json.loads(item[1])
            if job["until"] < time.time():
                continue
            answer = await pool.choose(job["request"], float(job["limit"]))
            reply = {
                "k": "reply",
                "id": job["id"],
                "o": "botworker",
                "r": {"index": answer.index, "problem": answer.problem},
            }
            with contextlib.suppress(Exception):
                await redis.publish(job["reply"], json.dumps(reply))

    try:
        await asyncio.gather(*(slot() for _ in range(max(1, workers))))
    finally:
        await pool.close()
        await redis.aclose()
