"""The ASGI application: ``create_app(Settings(...))`` (FastAPI on uvicorn).

At start it applies the store's migrations and rebuilds every running table from the
stored steps; at stop it ends the bot workers. A ``meeple.web`` package, when installed,
adds the browser client through its ``mount(app)`` function.
"""

import importlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import uvicorn
from fastapi import FastAPI, WebSocket

from meeple.server.api import router
from meeple.server.limits import BodyLimit, guarded_http_protocol
from meeple.server.manager import Settings, TableManager
from meeple.server.ws import table_socket

log = logging.getLogger("meeple.server")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        manager = TableManager(settings)
        await manager.startup()
        app.state.manager = manager
        try:
            yield
        finally:
            await manager.shutdown()

    app = FastAPI(
        title="meeple",
        version="1",
        summary="Phase 10, Toc, CMYK and Toquer online: tables, seats, play, records.",
        description="REST API of `meeple serve`; play is over the WebSocket "
        "`/ws/tables/{id}` (protocol in docs/server.md).",
        lifespan=lifespan,
    )
    app.include_router(router)

    @app.websocket("/ws/tables/{table_id}")
    async def play_socket(websocket: WebSocket, table_id: str) -> None:
        await table_socket(websocket, table_id)

    try:
        web = importlib.import_module("meeple.web")
    except ImportError:
        web = None
    mount = getattr(web, "mount", None)
    if callable(mount):
        mount(app)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    return app


def uvicorn_config(app: FastAPI, settings: Settings, **options: object) -> uvicorn.Config:
    """uvicorn as the server runs it: frame and body limits, header and idle timeouts, a
    cap on connections per client, forwarded addresses believed only from trusted proxies."""
    trusted = tuple(settings.trusted_proxies)
    config: dict[str, object] = {
        "log_level": "warning",
        "ws_max_size": 4 * settings.max_frame,
        "timeout_graceful_shutdown": 3,
        "timeout_keep_alive": int(max(1, settings.idle_timeout)),
        "http": guarded_http_protocol(
            settings.header_timeout, settings.max_connections_per_client, frozenset(trusted)
        ),
        "proxy_headers": bool(trusted),
        "forwarded_allow_ips": list(trusted) if trusted else None,
        "h11_max_incomplete_event_size": 16 * 1024,
    }
    config.update(options)
    return uvicorn.Config(app, **config)  # type: ignore[arg-type]
