"""The play WebSocket: ``/ws/tables/{id}`` (protocol in docs/server.md).

Frames are checked before anything else: size, JSON, an object with a known ``type``.
A bad frame gets an ``error`` for that client alone; a flood or an oversized frame
closes the connection. None of it reaches a table unless it is a well-formed move,
which the manager then checks against the state. A defect met while handling a frame
is answered with an ``internal`` error and logged in one line; the connection goes on.
"""

import asyncio
import contextlib
import json
import logging
import re
import time
import traceback
from collections.abc import Mapping

from starlette.websockets import WebSocket, WebSocketDisconnect

from meeple.engine.codec import JSON
from meeple.server import fastjson
from meeple.server.chat import chat
from meeple.server.live import Connection, LiveTable
from meeple.server.manager import TableManager
from meeple.server.outbound import ErrorOut, PongOut, WelcomeOut, outgoing

RATE = 200.0  # frames per second allowed on average (bot clients move fast)
BURST = 400.0
FLOOD_CLOSE = 400  # frames dropped for rate before the connection is closed
MAX_TEXT = 4000  # characters of move notation
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")  # as the REST API's table ids

log = logging.getLogger("meeple.server")


class TokenBucket:
    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class FrameError(ValueError):
    def __init__(self, code: str, message: str, close: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.close = close


def parse_frame(message: Mapping[str, object], max_frame: int) -> dict[str, JSON]:
    """A client frame as a JSON object, or FrameError saying what is wrong with it."""
    text = message.get("text")
    if text is None:
        data = message.get("bytes")
        if isinstance(data, bytes) and len(data) > max_frame:
            raise FrameError("too_big", f"frames hold at most {max_frame} bytes", 1009)
        raise FrameError("bad_frame", "binary frames are not accepted: send JSON text")
    if not isinstance(text, str):
        raise FrameError("bad_frame", "empty frame")
    if len(text) > max_frame:
        raise FrameError("too_big", f"frames hold at most {max_frame} bytes", 1009)
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError):
        raise FrameError("bad_frame", "the frame is not valid JSON") from None
    if not isinstance(frame, dict):
        raise FrameError("bad_frame", "a frame must be a JSON object with a 'type'")
    return frame


async def _send_direct(websocket: WebSocket, seat: int | None, error: ErrorOut) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(fastjson.dumps(outgoing(seat, error)))


def _internal(error: Exception, where: str) -> ErrorOut:
    """Log a defect in one line (where it was raised, no traceback) and name it to the client."""
    frames = traceback.extract_tb(error.__traceback__)
    origin = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else "?"
    log.error("internal error on %s: %s: %s (at %s)", where, type(error).__name__, error, origin)
    return ErrorOut("internal", "the server met an error handling this frame; nothing changed")


async def table_socket(websocket: WebSocket, table_id: str) -> None:
    try:
        await _open(websocket, table_id)
    except Exception as error:  # a defect before or after serving: one line, close 1011
        await _send_direct(websocket, None, _internal(error, f"table {table_id!r} socket"))
        with contextlib.suppress(Exception):
            await websocket.close(1011)


async def _open(websocket: WebSocket, table_id: str) -> None:
    manager: TableManager = websocket.app.state.manager
    settings = manager.settings
    await websocket.accept()
    try:
        first = await asyncio.wait_for(websocket.receive(), settings.hello_timeout)
    except (TimeoutError, WebSocketDisconnect, RuntimeError):
        with contextlib.suppress(Exception):
            await websocket.close(1008)
        return
    if first.get("type") == "websocket.disconnect":
        return
    try:
        hello = parse_frame(first, settings.max_frame)
        if hello.get("type") != "hello":
            raise FrameError("auth", "the first frame must be {'type': 'hello', 'token': ...}")
        token = hello.get("token")
        if token is not None and not isinstance(token, str):
            raise FrameError("auth", "the token must be a string")
    except FrameError as error:
        await _send_direct(websocket, None, ErrorOut(error.code, str(error)))
        with contextlib.suppress(Exception):
            await websocket.close(error.close or 1008)
        return
    live = await manager.get(table_id) if TABLE_ID.fullmatch(table_id) else None
    if live is None:
        await _send_direct(websocket, None, ErrorOut("no_table", f"no table {table_id!r}"))
        with contextlib.suppress(Exception):
            await websocket.close(4404)
        return
    seat = await manager.authenticate(live, token) if token else None
    if token and seat is None:
        await _send_direct(websocket, None, ErrorOut("auth", "this token holds no seat here"))
        with contextlib.suppress(Exception):
            await websocket.close(1008)
        return
    await _serve(websocket, manager, live, seat)


async def _close(websocket: WebSocket, code: int) -> None:
    await websocket.close(code)


async def _serve(
    websocket: WebSocket, manager: TableManager, live: LiveTable, seat: int | None
) -> None:
    connection = Connection(seat, websocket.send_text, lambda code: _close(websocket, code))
    chat = await manager.db(manager.store.recent_chat, live.runtime.id, 50)
    connection.push(outgoing(seat, WelcomeOut(live.runtime, chat)))
    manager.ownership.attach(live, connection)
    manager.send_state(live, connection, full=True)
    bucket = TokenBucket(RATE, BURST)
    dropped = 0
    max_frame = manager.settings.max_frame
    try:
        while not connection.closed:
            try:
                message = await websocket.receive()
            except (WebSocketDisconnect, RuntimeError):  # RuntimeError: already closed
                break
            if message.get("type") == "websocket.disconnect":
                break
            if not bucket.take():
                dropped += 1
                if dropped >= FLOOD_CLOSE:
                    connection.push(outgoing(seat, ErrorOut("rate_limited", "flooding: closed")))
                    connection.close_soon(1008)
                    break
                if dropped % 20 == 1:
                    connection.push(
                        outgoing(seat, ErrorOut("rate_limited", "too many frames: slow down"))
                    )
                continue
            try:
                frame = parse_frame(message, max_frame)
            except FrameError as error:
                connection.push(outgoing(seat, ErrorOut(error.code, str(error))))
                if error.close is not None:
                    connection.close_soon(error.close)
                    break
                continue
            try:
                await _dispatch(manager, live, connection, frame)
            except Exception as error:  # the table is unchanged: plans are stored, then applied
                where = f"table {live.runtime.id} seat {seat} {str(frame.get('type'))[:20]!r}"
                connection.push(outgoing(seat, _internal(error, where)))
    finally:
        manager.ownership.detach(live, connection)
        if connection.closed:  # let the pump send what is queued and the close frame
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(connection.task), 2.0)
        await connection.stop()


async def _dispatch(
    manager: TableManager, live: LiveTable, connection: Connection, frame: dict[str, JSON]
) -> None:
    seat = connection.seat
    kind = frame.get("type")
    if kind == "move":
        version = frame.get("version")
        action = frame.get("action")
        text = frame.get("text")
        if isinstance(version, bool) or not isinstance(version, int):
            problem = "a move needs the integer 'version' of the state it was chosen in"
        elif (action is None) == (text is None):
            problem = "a move needs exactly one of 'action' (encoded) or 'text' (notation)"
        elif text is not None and (not isinstance(text, str) or len(text) > MAX_TEXT):
            problem = f"'text' must be a string of at most {MAX_TEXT} characters"
        else:
            problem = None
        if problem is not None:
            connection.push(outgoing(seat, ErrorOut("malformed", problem, live.runtime.version)))
            return
        assert isinstance(version, int)
        await manager.human_move(
            live, connection, version, action, text if isinstance(text, str) else None
        )
    elif kind == "chat":
        await chat(manager, live, connection, frame.get("text"))
    elif kind == "sync":
        manager.send_state(live, connection, full=True)
    elif kind == "ping":
        connection.push(outgoing(seat, PongOut()))
    elif kind == "hello":
        connection.push(outgoing(seat, ErrorOut("bad_frame", "already said hello")))
    else:
        shown = kind if isinstance(kind, str) else type(kind).__name__
        connection.push(
            outgoing(
                seat,
                ErrorOut(
                    "unknown_type",
                    f"unknown frame type {shown[:40]!r}: use move, chat, sync or ping",
                ),
            )
        )
