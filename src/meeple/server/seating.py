"""Seats and the start: a new table stored, people joining and leaving seats, the
start (by itself once every human seat is taken, or asked for). On a table another
instance owns, a join, leave or start is forwarded to the owner."""

import hashlib
import random
import secrets
import time
from typing import TYPE_CHECKING

from meeple.engine.codec import JSON
from meeple.engine.registry import game_class
from meeple.server.live import LiveTable
from meeple.server.outbound import ErrorOut, outgoing
from meeple.server.tables import MoveError, TableRuntime
from meeple.store.db import StoredTable

if TYPE_CHECKING:
    from meeple.server.manager import TableManager


def hash_token(token: str) -> str:
    """The SHA-256 of a seat token, as stored (the token itself never is)."""
    # surrogatepass: a token that is not valid text (a lone surrogate) matches no seat
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Seating:
    def __init__(self, manager: "TableManager") -> None:
        self.manager = manager

    async def create(
        self, stored: StoredTable, start_steps: list[dict[str, JSON]] | None = None
    ) -> LiveTable:
        """Store a new table; ``start_steps`` (tests only) are checked now, played at start."""
        manager = self.manager
        game = game_class(stored.game)(stored.players, stored.options)
        runtime = TableRuntime(stored, game)
        if start_steps:
            runtime.plan_start(random.Random(0), start_steps)  # MoveError when they do not fit
            runtime.start_steps = start_steps
        cluster = manager.cluster
        if cluster is None:
            await manager.db(manager.store.insert_table, stored)
        else:
            await cluster.subscribe(stored.id)
            await manager.db(manager.store.insert_table, stored, cluster.id, cluster.lease)
            cluster.owners[stored.id] = cluster.id
        live = LiveTable(runtime)
        manager.live[stored.id] = live
        if all(seat.kind == "bot" for seat in stored.seats):
            async with live.lock:
                await self.start_locked(live)
        return live

    async def join(self, live: LiveTable, seat: int, name: str, account: int | None = None) -> str:
        """Give a seat to a person (a guest, or an account's); the token is returned
        once and stored hashed."""
        manager = self.manager
        runtime = live.runtime
        if runtime.status == "finished":
            raise MoveError("finished", "the game is over")
        if not 0 <= seat < runtime.players:
            raise MoveError("no_seat", f"seats run from 0 to {runtime.players - 1}")
        if runtime.seats[seat].kind != "human":
            raise MoveError("bot_seat", f"seat {seat} is a bot seat")
        token = secrets.token_urlsafe(32)
        digest = hash_token(token)
        args = {"seat": seat, "name": name, "digest": digest, "account": account}
        if await manager.ownership.forwarded(live, "join", args):
            info = live.runtime.seats[seat]  # known here before the owner's news arrives
            info.token_hash, info.name, info.account = digest, name, account
            return token
        await self.join_owned(live, seat, name, digest, account)
        return token

    async def join_owned(
        self, live: LiveTable, seat: int, name: str, digest: str, account: int | None = None
    ) -> None:
        """A join on the table this instance owns (its own client's, or forwarded)."""
        manager = self.manager
        runtime = live.runtime
        info = runtime.seats[seat]
        async with live.lock:
            if info.token_hash is not None:
                raise MoveError("taken", f"seat {seat} is taken")
            if (
                runtime.rated
                and account is not None
                and any(s.account == account and s.seat != seat for s in runtime.seats)
            ):
                raise MoveError("one_seat", "at a rated table an account plays one seat")
            claimed = await manager.db(
                manager.store.claim_seat, runtime.id, seat, name, digest, account
            )
            if not claimed:
                raise MoveError("taken", f"seat {seat} is taken")
            info.token_hash = digest
            info.name = name
            info.account = account
            info.expired = False
            info.disconnected_since = time.monotonic() if info.connections == 0 else None
            everyone = all(s.kind == "bot" or s.token_hash is not None for s in runtime.seats)
            if runtime.status == "open" and everyone:
                await self.start_locked(live)
            else:
                manager.broadcast_table(live)
        manager.schedule(live)

    async def leave(self, live: LiveTable, seat: int) -> None:
        manager = self.manager
        if await manager.ownership.forwarded(live, "leave", {"seat": seat}):
            self.seat_released(live, seat)
            return
        runtime = live.runtime
        async with live.lock:
            info = runtime.seats[seat]
            if info.token_hash is None:
                return
            await manager.db(manager.store.release_seat, runtime.id, seat, info.token_hash)
            self.seat_released(live, seat)
            manager.broadcast_table(live)
        manager.schedule(live)

    def seat_released(self, live: LiveTable, seat: int) -> None:
        """The seat's token stops working: its connections here are told and closed."""
        info = live.runtime.seats[seat]
        info.token_hash = None
        info.name = None
        if live.runtime.status == "open":  # a started game stays the account's
            info.account = None
        for connection in list(live.connections):
            if connection.seat == seat:
                connection.push(outgoing(seat, ErrorOut("auth", "you left this seat")))
                connection.close_soon(1000)

    async def start(self, live: LiveTable) -> None:
        manager = self.manager
        if await manager.ownership.forwarded(live, "start", {}):
            return
        runtime = live.runtime
        async with live.lock:
            if runtime.status != "open":
                raise MoveError("not_open", "the table has already started")
            empty = [s.seat for s in runtime.seats if s.kind == "human" and s.token_hash is None]
            if empty and runtime.empty_seat_bot is None:
                raise MoveError(
                    "empty_seats", f"seats {empty} are empty and the table has no empty-seat bot"
                )
            await self.start_locked(live)
        manager.schedule(live)

    async def start_locked(self, live: LiveTable) -> None:
        manager = self.manager
        runtime = live.runtime
        plan = runtime.plan_start(manager.rng, runtime.start_steps)
        await manager.store_and_commit(live, plan)
