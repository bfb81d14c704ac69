"""Table chat: checked, rate-limited per connection, stored raw, delivered to every
connection of the table here (and, with several instances, published to the others)."""

import time
from datetime import datetime
from typing import TYPE_CHECKING, Any

from meeple.server import fastjson
from meeple.server.live import Connection, LiveTable
from meeple.server.outbound import ChatOut, ErrorOut, outgoing
from meeple.server.schemas import unfit_text
from meeple.store.db import StoredChat

if TYPE_CHECKING:
    from meeple.server.manager import TableManager

CHAT_LIMIT = 200
CHAT_RATE = (5, 10.0)  # messages per seconds


def chat_problem(connection: Connection, text: object, now: float) -> ErrorOut | None:
    """Why this connection may not send ``text`` now, or None (then it is counted)."""
    if connection.seat is None:
        return ErrorOut("forbidden", "spectators cannot chat")
    if not isinstance(text, str) or not text.strip():
        return ErrorOut("chat_empty", "a chat message needs text")
    text = text.strip()
    if len(text) > CHAT_LIMIT:
        return ErrorOut("chat_too_long", f"chat messages hold at most {CHAT_LIMIT} characters")
    problem = unfit_text("text", text)
    if problem is not None:
        return ErrorOut("chat_invalid", problem)
    count, window = CHAT_RATE
    connection.chat_times = [t for t in connection.chat_times if now - t < window]
    if len(connection.chat_times) >= count:
        return ErrorOut("rate_limited", f"at most {count} chat messages per {window:g} s")
    connection.chat_times.append(now)
    return None


async def chat(
    manager: "TableManager", live: LiveTable, connection: Connection, text: object
) -> None:
    """A seat's chat frame: refused with an error to that connection, or stored and sent."""
    seat = connection.seat
    problem = chat_problem(connection, text, time.monotonic())
    if problem is not None:
        connection.push(outgoing(seat, problem))
        return
    assert seat is not None and isinstance(text, str)  # chat_problem checked both
    text = text.strip()
    name = live.runtime.seats[seat].name or f"seat {seat}"
    stored = await manager.db(manager.store.add_chat, live.runtime.id, seat, name, text)
    deliver(live, stored)
    if manager.cluster is not None:
        manager.cluster.published_chat(
            live.runtime.id,
            {
                "id": stored.id,
                "seat": seat,
                "name": name,
                "text": text,
                "at": stored.at.isoformat(),
            },
        )


def deliver_published(live: LiveTable, chat: dict[str, Any]) -> None:
    """A chat message stored by another instance, for the connections here."""
    at = datetime.fromisoformat(chat["at"])
    stored = StoredChat(chat["id"], live.runtime.id, chat["seat"], chat["name"], chat["text"], at)
    deliver(live, stored)


def deliver(live: LiveTable, stored: StoredChat) -> None:
    text_out: dict[int | None, str] = {}
    for other in list(live.connections):
        if other.seat not in text_out:
            text_out[other.seat] = fastjson.dumps(outgoing(other.seat, ChatOut(stored)))
        other.push_text(text_out[other.seat])
