"""The ASGI application: ``create_app(Settings(...))`` (FastAPI on uvicorn).

At start it applies the store's migrations and rebuilds every running table from the
stored steps; at stop it ends the bot workers. A ``meeple.web`` package, when installed,
adds the browser client through its ``mount(app)`` function.
"""

import importlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, WebSocket

from meeple.server.api import router
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
    return app
