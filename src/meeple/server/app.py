"""The ASGI application: ``create_app(Settings(...))`` (FastAPI on uvicorn).

At start it applies the store's migrations and rebuilds every running table from the
stored steps; at stop it ends the bot workers. A ``meeple.web`` package, when installed,
adds the browser client through its ``mount(app)`` function.
"""

import importlib
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import uvicorn
from fastapi import FastAPI, Request, Response, WebSocket
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from meeple.server.accounts_api import SECRET_BODIES
from meeple.server.accounts_api import router as accounts_router
from meeple.server.api import Refusal, router
from meeple.server.limits import BodyLimit, guarded_http_protocol
from meeple.server.manager import Settings, TableManager
from meeple.server.ws import table_socket

log = logging.getLogger("meeple.server")


class OneLineInvalidUtf8(logging.Filter):
    """uvicorn closes a text frame that is not UTF-8 with 1007 and logs a traceback for
    it: keep its one line, drop the traceback (a client can send such frames at will)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage().startswith("Invalid UTF-8"):
            record.exc_info = None
            record.exc_text = None
        return True


def quiet_invalid_utf8() -> None:
    """Install the filter once, after uvicorn has configured its loggers."""
    uvicorn_log = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, OneLineInvalidUtf8) for f in uvicorn_log.filters):
        uvicorn_log.addFilter(OneLineInvalidUtf8())


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        quiet_invalid_utf8()
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
    app.include_router(accounts_router)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> Response:
        # FastAPI's own answer echoes the input as UTF-8 and fails on a lone surrogate.
        errors = error.errors()
        if request.url.path in SECRET_BODIES:  # never echo a password
            errors = [{k: v for k, v in e.items() if k not in ("input", "ctx")} for e in errors]
        detail = json.dumps({"detail": jsonable_encoder(errors)}, ensure_ascii=True)
        return Response(detail, status_code=422, media_type="application/json")

    @app.exception_handler(Refusal)
    async def refused(request: Request, error: Refusal) -> Response:
        return JSONResponse(error.problem().model_dump(), status_code=error.status_code)

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
