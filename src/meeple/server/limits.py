"""Limits against abuse: request rates and quotas per client, request bodies, slow or
idle sockets, and connections per client.

- :class:`MemoryLimiter` counts in this process (one instance); :class:`RedisLimiter`
  counts in Redis, so that every instance of a site shares one count per client.
- :class:`BodyLimit` is an ASGI middleware: a body over the limit gets ``413`` before it is
  read whole (by its ``Content-Length``, or while it streams in).
- :func:`guarded_http_protocol` is uvicorn's HTTP protocol with two more rules: request
  headers must arrive within a time limit (slowloris), and one client address holds at
  most so many connections (WebSockets included) at once.
"""

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

log = logging.getLogger("meeple.server")
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Rate:
    """At most ``count`` events per ``seconds`` (a fixed window)."""

    count: int
    seconds: float


class RateLimiter(Protocol):
    async def hit(self, key: str, rate: Rate) -> float | None:
        """Count one event for ``key``: None if allowed, else seconds until it would be."""


class MemoryLimiter:
    """Fixed-window counters in this process's memory."""

    def __init__(self) -> None:
        self._windows: dict[tuple[str, float], tuple[float, int]] = {}
        self._last_sweep = time.monotonic()

    async def hit(self, key: str, rate: Rate) -> float | None:
        now = time.monotonic()
        if now - self._last_sweep > 60.0:
            self._sweep(now)
        started, count = self._windows.get((key, rate.seconds), (now, 0))
        if now - started >= rate.seconds:
            started, count = now, 0
        if count >= rate.count:
            return max(0.0, started + rate.seconds - now)
        self._windows[(key, rate.seconds)] = (started, count + 1)
        return None

    def _sweep(self, now: float) -> None:
        self._last_sweep = now
        for window_key, (started, _) in list(self._windows.items()):
            if now - started >= window_key[1]:
                del self._windows[window_key]


class RedisLimiter:
    """Fixed-window counters in Redis (``INCR`` and ``EXPIRE``), shared by all instances."""

    def __init__(self, redis: Any, prefix: str = "meeple:rate:") -> None:
        self.redis = redis
        self.prefix = prefix

    async def hit(self, key: str, rate: Rate) -> float | None:
        window = int(rate.seconds * 1000)
        name = f"{self.prefix}{window}:{key}"
        try:
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.incr(name)
                pipe.pexpire(name, window, nx=True)
                pipe.pttl(name)
                count, _, ttl = await pipe.execute()
        except Exception as error:  # Redis away: the site goes on, unlimited meanwhile
            log.warning("rate limit not counted (%s)", error)
            return None
        if int(count) > rate.count:
            return max(0.0, int(ttl) / 1000.0)
        return None


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with ``413`` (HTTP only): by the
    declared ``Content-Length``, or, for a body sent without one, while it streams in
    (it is then read here, up to the limit, and handed on whole)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = self._declared_length(scope)
        if declared is not None:
            if declared > self.limit:
                await self._refuse(send)
                return
            await self.app(scope, receive, send)
            return
        body = await self._read_body(receive)
        if body is None:  # the client went away
            return
        if len(body) > self.limit:
            await self._refuse(send)
            return
        delivered = False

        async def replay() -> MutableMapping[str, Any]:
            nonlocal delivered
            if delivered:
                return await receive()
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    def _declared_length(self, scope: Scope) -> int | None:
        """The ``Content-Length`` (one that is not a number counts as over the limit)."""
        declared: int | None = None
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = self.limit + 1
        return declared

    async def _read_body(self, receive: Receive) -> bytes | None:
        """A body sent without a length, read until it ends or passes the limit (then
        what was read, over the limit); None if the client went away."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            chunks.append(chunk)
            if size > self.limit or not message.get("more_body", False):
                return b"".join(chunks)

    async def _refuse(self, send: Send) -> None:
        body = b'{"detail":"the request body is larger than %d bytes"}' % self.limit
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def guarded_http_protocol(
    header_timeout: float, max_per_client: int, exempt: frozenset[str] = frozenset()
) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol that closes a connection whose request headers take
    longer than ``header_timeout`` seconds (counted from the connection, or from the
    first byte of each later request), and refuses a client address's connection beyond
    ``max_per_client`` at once (addresses in ``exempt``, such as a trusted reverse proxy,
    are not capped). Each call makes a class with its own count of open connections."""
    settings = {
        "header_timeout": header_timeout,
        "max_per_client": max_per_client,
        "exempt": exempt,
        "open_by_client": Counter(),
    }
    return type("GuardedProtocol", (GuardedProtocol,), settings)


class GuardedProtocol(HttpToolsProtocol):
    """See :func:`guarded_http_protocol`, which sets the class variables."""

    header_timeout: ClassVar[float] = 10.0
    max_per_client: ClassVar[int] = 64
    exempt: ClassVar[frozenset[str]] = frozenset()
    open_by_client: ClassVar[Counter[str]] = Counter()
    counted: str | None = None
    header_timer: asyncio.TimerHandle | None = None
    _release_deferred = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else "?"
        if host not in self.exempt:
            if self.open_by_client[host] >= self.max_per_client:
                transport.abort()
                return
            self.open_by_client[host] += 1
            self.counted = host
        self._arm_header_timer()

    def _arm_header_timer(self) -> None:
        self._cancel_header_timer()
        self.header_timer = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def _cancel_header_timer(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def _headers_too_slow(self) -> None:
        self.header_timer = None
        if not self.transport.is_closing():
            self.transport.abort()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.header_timer is None:
            self._arm_header_timer()

    def on_headers_complete(self) -> None:
        self._cancel_header_timer()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # Idle until the next request: uvicorn's keep-alive timeout closes it; the
        # next request's first byte arms the header timer again.
        self._cancel_header_timer()

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        # The socket now belongs to the WebSocket protocol: release the count when
        # that one loses the connection.
        successor = self.transport.get_protocol()
        original = successor.connection_lost
        release = self._release

        def lost(exc: Exception | None) -> None:
            release()
            original(exc)

        successor.connection_lost = lost  # type: ignore[method-assign]
        self._release_deferred = True

    def _release(self) -> None:
        if self.counted is not None:
            self.open_by_client[self.counted] -= 1
            if self.open_by_client[self.counted] <= 0:
                del self.open_by_client[self.counted]
            self.counted = None

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_header_timer()
        if not self._release_deferred:
            self._release()
        super().connection_lost(exc)
