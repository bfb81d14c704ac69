"""Rematches: a finished table's replay with the same game, seats and options.

The new table's id is derived from the old one's, so the store's primary key decides
which request creates it: a second request, from this instance or from another, finds
it instead of making a duplicate. The old table's ``result`` then names it
(``result.rematch``), and every connection to the old table is sent a ``rematch`` frame.
"""

import hashlib
from base64 import urlsafe_b64encode
from typing import TYPE_CHECKING

from sqlalchemy.exc import IntegrityError

from meeple.server.outbound import RematchOut, outgoing
from meeple.server.tables import MoveError, TableRuntime
from meeple.store.db import StoredSeat, StoredTable

if TYPE_CHECKING:
    from meeple.server.live import LiveTable
    from meeple.server.manager import TableManager


def rematch_id(table_id: str) -> str:
    """The id of ``table_id``'s rematch (the same on every instance)."""
    digest = hashlib.sha256(f"rematch:{table_id}".encode()).digest()
    return urlsafe_b64encode(digest).decode("ascii")[:12]


def rematch_table(runtime: TableRuntime) -> StoredTable:
    """A new open table like ``runtime``: its game, options, clock and settings; bot
    seats keep their bots, human seats are open for the same people to take again."""
    game = runtime.game
    bank = runtime.clock.seconds * 1000 if runtime.clock.kind == "bank" else None
    seats = [
        StoredSeat(info.seat, "bot", bot=info.bot)
        if info.kind == "bot"
        else StoredSeat(info.seat, "human", clock_ms=bank)
        for info in runtime.seats
    ]
    return StoredTable(
        id=rematch_id(runtime.id),
        name=runtime.name,
        game=game.spec.name,
        rules_version=game.spec.version,
        players=runtime.players,
        options=dict(runtime.options),
        status="open",
        clock_kind=runtime.clock.kind,
        clock_seconds=runtime.clock.seconds,
        clock_increment=runtime.clock.increment,
        empty_seat_bot=runtime.empty_seat_bot,
        grace_seconds=runtime.grace_seconds,
        bot_delay_ms=runtime.bot_delay_ms,
        open_replays=runtime.open_replays,
        hints=runtime.hints,
        seats=seats,
        rated=runtime.rated,  # the same people sign in again to take their seats
    )


async def rematch(manager: "TableManager", live: "LiveTable") -> tuple["LiveTable", bool]:
    """The rematch of a finished table, and whether this call created it."""
    runtime = live.runtime
    if runtime.status != "finished":
        raise MoveError("not_finished", "a rematch is for a finished game")
    new_id = rematch_id(runtime.id)
    created = False
    found = await manager.get(new_id)
    if found is None:
        try:
            found = await manager.seating.create(rematch_table(runtime))
            created = True
        except IntegrityError:  # another request (maybe on another instance) was first
            found = await manager.get(new_id)
        if found is None:
            raise MoveError("rematch", "the rematch table could not be created")
    if created:
        manager.schedule(found)
    result = dict(runtime.result or {})
    if result.get("rematch") != new_id:
        result["rematch"] = new_id
        await manager.db(manager.store.set_result, runtime.id, result)
    deliver_rematch(manager, live, new_id)
    if manager.cluster is not None:
        manager.cluster.send_table(runtime.id, {"k": "rematch", "id": new_id})
    return found, created


def deliver_rematch(manager: "TableManager", live: "LiveTable", new_id: str) -> None:
    """Note the rematch on this instance's copy of the old table and invite every
    connection to it (a repeated invitation is harmless: clients ignore one they have)."""
    runtime = live.runtime
    runtime.result = {**(runtime.result or {}), "rematch": new_id}
    frame = outgoing(None, RematchOut(new_id))
    for connection in list(live.connections):
        connection.push(frame)
    manager.broadcast_table(live)
