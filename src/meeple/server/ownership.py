"""Several instances: which one owns a table (taking one over, losing one, doing what
another forwarded) and who is connected to each seat, here and on the other instances
(see docs/server.md, "How the instances share the tables")."""

import logging
import time
from typing import TYPE_CHECKING, Any

from meeple.server.live import Connection, LiveTable
from meeple.server.tables import MoveError, TableRuntime

if TYPE_CHECKING:
    from meeple.server.manager import TableManager

log = logging.getLogger("meeple.server")


class Ownership:
    def __init__(self, manager: "TableManager") -> None:
        self.manager = manager

    def replace_runtime(self, live: LiveTable, runtime: TableRuntime) -> None:
        """Swap in a table reloaded from the store (takeover, resync), keeping the
        connections; the seats' connection counts are this instance's until told more."""
        live.cancel_tasks()
        live.bot_version = live.substitute_version = None
        live.runtime = runtime
        for seat, count in self.local_counts(live).items():
            runtime.seats[seat].connections = count
            runtime.seats[seat].disconnected_since = None

    async def become_owner(self, table_id: str) -> None:
        """This instance now holds the table's lease: reload it from the store, start
        its clock afresh (down time is not charged), and run its bots and clocks."""
        manager = self.manager
        runtime = await manager.fresh_runtime(table_id)
        if runtime is None:
            return
        live = manager.live.get(table_id)
        if live is None:
            live = manager.live[table_id] = LiveTable(runtime)
        else:
            async with live.lock:
                self.replace_runtime(live, runtime)
        live.owned = True
        live.presence = {}
        self.recount(live)
        manager.broadcast_state(live)
        manager.broadcast_table(live)
        manager.schedule(live)

    async def lose_ownership(self, live: LiveTable) -> None:
        live.owned = False
        live.presence = {}
        cluster = self.manager.cluster
        if cluster is not None:
            cluster.owners.pop(live.runtime.id, None)
            await cluster.resync(live)

    async def check_ownership(self, live: LiveTable) -> None:
        """After a refused write: whether another instance owns the table now."""
        manager = self.manager
        if manager.cluster is None or not live.owned:
            return
        owner, _ = await manager.db(manager.store.owner_of, live.runtime.id)
        if owner != manager.cluster.id and live.owned:
            log.warning("table %s is owned by %s now", live.runtime.id, owner)
            await self.lose_ownership(live)

    async def owner_call(self, live: LiveTable, op: str, args: dict[str, Any]) -> dict[str, Any]:
        """Do what another instance forwarded (it holds the client); an error is
        answered as ``{"error": [code, message, version, reason, details, part]}``."""
        manager = self.manager
        try:
            if op == "move":
                problem = await manager.move_owned(
                    live, args["seat"], args["version"], args["action"], args["text"]
                )
                if problem is not None:
                    return {"error": _refusal(problem, live.runtime.version)}
            elif op == "join":
                await manager.seating.join_owned(
                    live, args["seat"], args["name"], args["digest"], args.get("account")
                )
            elif op == "leave":
                await manager.seating.leave(live, args["seat"])
            elif op == "start":
                await manager.seating.start(live)
        except MoveError as error:
            return {"error": _refusal(error, live.runtime.version)}
        return {"ok": True}

    async def forwarded(self, live: LiveTable, op: str, args: dict[str, Any]) -> bool:
        """With several instances, have the owner do ``op`` (MoveError for its refusal);
        False when this instance is the owner and does it itself (or the game is over:
        a finished table has no owner to ask, nothing is left but what the store says)."""
        cluster = self.manager.cluster
        if cluster is None or live.owned or live.runtime.status == "finished":
            return False
        result = await cluster.forward(live, op, args)
        if result is None:
            return False
        if "error" in result:
            code, message, *more = result["error"]
            # (an owner of an older release may send no reason, or no part refused)
            reason, details = more[1:3] if len(more) >= 3 else ("", {})
            part = more[3] if len(more) >= 4 else ""
            raise MoveError(code, message, reason, details, part)
        return True

    def local_counts(self, live: LiveTable) -> dict[int, int]:
        counts = {info.seat: 0 for info in live.runtime.seats}
        for connection in live.connections:
            if connection.seat is not None:
                counts[connection.seat] += 1
        return counts

    def remote_presence(self, live: LiveTable, instance: str, counts: dict[int, int]) -> None:
        if counts:
            live.presence[instance] = counts
        else:
            live.presence.pop(instance, None)
        self.recount(live)
        self.manager.broadcast_table(live)
        self.manager.schedule(live)

    def recount(self, live: LiveTable) -> None:
        """Seats' connections: this instance's, plus what the others reported."""
        now = time.monotonic()
        local = self.local_counts(live)
        for info in live.runtime.seats:
            if info.kind != "human":
                continue
            total = local.get(info.seat, 0) + sum(
                counts.get(info.seat, 0) for counts in live.presence.values()
            )
            if total == 0 and (info.connections > 0 or info.disconnected_since is None):
                info.disconnected_since = now
            elif total > 0:
                info.disconnected_since = None
            info.connections = total

    def attach(self, live: LiveTable, connection: Connection) -> None:
        live.connections.add(connection)
        if connection.seat is not None:
            self._presence_changed(live)

    def detach(self, live: LiveTable, connection: Connection) -> None:
        if connection not in live.connections:
            return
        live.connections.discard(connection)
        if connection.seat is not None:
            self._presence_changed(live)
        cluster = self.manager.cluster
        if cluster is not None and not live.owned and not live.connections:
            self.manager.spawn(cluster.drop_replica(live))

    def _presence_changed(self, live: LiveTable) -> None:
        cluster = self.manager.cluster
        if cluster is not None and not live.owned:
            cluster.presence(live)  # the owner counts, and tells everyone
            return
        self.recount(live)
        self.manager.broadcast_table(live)
        self.manager.schedule(live)


def _refusal(error: MoveError, version: int) -> list[Any]:
    """A refusal as the owner sends it back to the instance that forwarded the request."""
    return [error.code, str(error), version, error.reason, error.details, error.part]
