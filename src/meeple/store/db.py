"""The store: every read and write the server makes, each one short transaction.

The methods are synchronous (SQLAlchemy 2 Core statements on the declarative tables);
the server calls them from a worker thread. The one guarantee that matters lives in
:meth:`Store.advance`: the steps of a move and the new version are written together, on
the condition that the version is still the one the move was checked against.
"""

import json
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import cast

import psycopg
from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    Table,
    bindparam,
    case,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import RowMapping, make_url
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import ConnectionPoolEntry

from meeple.engine.codec import JSON
from meeple.store.accounts import RatedGame, rate_game
from meeple.store.kinds import ClockKind, SeatKind, StepBy, TableStatus
from meeple.store.models import ChatRow, SeatRow, StepRow, TableRow, aware, utcnow

JSONData = JSON


@dataclass(slots=True)
class StoredSeat:
    seat: int
    kind: SeatKind
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    clock_ms: int | None = None
    expired: bool = False
    account_id: int | None = None  # the account that plays it (None: a guest or a bot)


@dataclass(slots=True)
class StoredTable:
    id: str
    name: str
    game: str
    rules_version: int
    players: int
    options: dict[str, JSON]
    status: TableStatus
    version: int = 0
    clock_kind: ClockKind = "none"
    clock_seconds: int = 0
    clock_increment: int = 0
    empty_seat_bot: str | None = None
    grace_seconds: int = 60
    bot_delay_ms: int = 0
    open_replays: bool = True
    hints: bool = False  # seats may ask for the expert bot's move
    created_at: datetime = field(default_factory=utcnow)
    started_at: datetime | None = None
    finished_at: datetime | None = None
    result: dict[str, JSON] | None = None
    seats: list[StoredSeat] = field(default_factory=list)
    rated: bool = False  # every human seat an account; the end updates the ratings
    owner: str | None = None  # the instance that held its lease when it was read


@dataclass(frozen=True, slots=True)
class NewStep:
    """A step to store: an action (``seat`` >= 0) or a chance outcome (``seat`` = -1)."""

    seat: int
    data: JSONData
    by: StepBy


@dataclass(frozen=True, slots=True)
class Advance:
    """One table's move to store: its steps, under the version they were checked at."""

    table_id: str
    expected_version: int
    steps: tuple[NewStep, ...]
    status: TableStatus | None = None
    result: dict[str, JSON] | None = None
    clocks: dict[int, int | None] = field(default_factory=dict)
    expired: dict[int, bool] = field(default_factory=dict)
    owner: str | None = None  # several instances: stored only while this one owns it
    rated: RatedGame | None = None  # the end of a rated game: rated in this transaction


@dataclass(frozen=True, slots=True)
class StoredStep:
    index: int
    seat: int
    data: JSONData
    by: StepBy
    at: datetime


@dataclass(frozen=True, slots=True)
class StoredChat:
    id: int
    table_id: str
    seat: int
    name: str
    text: str
    at: datetime


def normalise_url(url: str) -> str:
    """A SQLAlchemy URL: ``postgresql://`` uses psycopg 3; a bare path means SQLite."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{url}"
    return url


def _set_sqlite_pragmas(dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    cursor = dbapi_connection.cursor()
    # WAL: a committed transaction survives a killed process; NORMAL: no fsync per commit
    # (an OS crash may lose the last commits, a process crash loses none).
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    # Checkpoints (which fsync) are run by the server from a thread of their own, so that
    # no commit on the event loop waits for one (see Store.checkpoint).
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


class Store:
    """Access to one database (SQLite file or PostgreSQL)."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        parsed = make_url(self.url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        if self.is_sqlite:
            database = parsed.database
            if database and database != ":memory:":
                Path(database).parent.mkdir(parents=True, exist_ok=True)
            self.engine: Engine = create_engine(self.url, connect_args={"check_same_thread": False})
            event.listen(self.engine, "connect", _set_sqlite_pragmas)
        else:
            self.engine = create_engine(self.url, pool_size=8, pool_pre_ping=True)
        # One statement is one transaction: no BEGIN and COMMIT round trips around it.
        self._autocommit = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        self._writer: Connection | None = None  # the group commit's own connection
        self._writer_lock = threading.Lock()

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        if self.is_sqlite:
            self.checkpoint()
        self.engine.dispose()

    def checkpoint(self) -> None:
        """Copy the SQLite write-ahead log into the database file (no-op elsewhere)."""
        if not self.is_sqlite:
            return
        with self.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    # ------------------------------------------------------------------ migrations
    def migrate(self) -> None:
        """Apply every Alembic migration not yet applied (the schema's only source).

        On PostgreSQL a transaction-scoped advisory lock makes instances that start at
        the same moment migrate one after the other."""
        config = Config()
        config.set_main_option("script_location", "meeple.store:migrations")
        config.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as connection:
            if not self.is_sqlite:
                lock = text("SELECT pg_advisory_xact_lock(:key)")
                connection.execute(lock, {"key": MIGRATE_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    # ---------------------------------------------------------------------- leases
    # Several instances (PostgreSQL only): a live table is owned by the instance whose
    # lease on its row has not run out; the database's clock is the only one used.
    # Each lease statement is a transaction of its own (autocommit): the rows it locks
    # (all of an instance's live tables, at each renewal) are free again as soon as it
    # has run, not one more round trip later at its COMMIT, which a thread of a busy
    # server waited for while every batch of moves waited for those rows.
    def renew_leases(self, owner: str, seconds: float) -> list[str]:
        """Extend this owner's leases on its live tables; the ids it still owns."""
        with self._autocommit.connect() as connection:
            rows = connection.execute(_RENEW, {"owner": owner, "seconds": seconds})
            return list(rows.scalars())

    def claim_tables(self, owner: str, seconds: float, limit: int) -> list[str]:
        """Take live tables that nobody owns or whose lease ran out (at most ``limit``).
        The condition is checked again on each row as it is updated, so two instances
        racing for a table never both get it."""
        with self._autocommit.connect() as connection:
            rows = connection.execute(_CLAIM, {"owner": owner, "seconds": seconds, "limit": limit})
            return list(rows.scalars())

    def take_lease(self, table_id: str, owner: str, seconds: float) -> bool:
        """Lease one table to ``owner`` (a new table, or one whose lease ran out)."""
        with self._autocommit.connect() as connection:
            rows = connection.execute(
                _TAKE, {"owner": owner, "seconds": seconds, "table_id": table_id}
            )
            return rows.first() is not None

    def owner_of(self, table_id: str) -> tuple[str | None, bool]:
        """The table's owner and whether its lease is still running."""
        with self._autocommit.connect() as connection:
            row = connection.execute(_OWNER, {"table_id": table_id}).first()
        if row is None:
            return None, False
        return row[0], bool(row[1])

    def release_leases(self, owner: str) -> None:
        """Give up every lease of this owner (a clean stop: others take over at once)."""
        with self._autocommit.connect() as connection:
            connection.execute(
                update(TableRow).where(TableRow.owner == owner).values(owner=None, lease_until=None)
            )

    # ---------------------------------------------------------------------- tables
    def insert_table(
        self, table: StoredTable, owner: str | None = None, lease_seconds: float = 0.0
    ) -> None:
        """Store a new table (with its lease, when an instance of several owns it)."""
        with self.engine.begin() as connection:
            connection.execute(insert(TableRow).values(**_table_values(table)))
            if owner is not None:
                connection.execute(
                    _TAKE, {"owner": owner, "seconds": lease_seconds, "table_id": table.id}
                )
            connection.execute(
                insert(SeatRow),
                [
                    {
                        "table_id": table.id,
                        "seat": seat.seat,
                        "kind": seat.kind,
                        "bot": seat.bot,
                        "name": seat.name,
                        "token_hash": seat.token_hash,
                        "clock_ms": seat.clock_ms,
                        "expired": seat.expired,
                        "account_id": seat.account_id,
                    }
                    for seat in table.seats
                ],
            )

    def load_table(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as connection:
            return _read_table(connection, table_id)

    def load_table_and_steps(self, table_id: str) -> tuple[StoredTable, list[StoredStep]] | None:
        """The table and its steps, over one connection (a replica's load: one checkout
        and one transaction instead of two). Steps stored after the table's row was
        read may come too: they belong to a later version."""
        with self.engine.connect() as connection:
            table = _read_table(connection, table_id)
            return None if table is None else (table, _read_steps(connection, table_id))

    def tables_with_status(
        self,
        statuses: Sequence[TableStatus],
        game: str | None = None,
        limit: int = 200,
        offset: int = 0,
    ) -> list[StoredTable]:
        """Tables in the given states, newest first, with their seats."""
        query = select(TableRow).where(TableRow.status.in_(list(statuses)))
        if game is not None:
            query = query.where(TableRow.game == game)
        query = query.order_by(TableRow.created_at.desc(), TableRow.id)
        with self.engine.connect() as connection:
            rows = connection.execute(query.limit(limit).offset(offset)).mappings().all()
            ids = [row["id"] for row in rows]
            seats = (
                connection.execute(
                    select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)
                )
                .mappings()
                .all()
                if ids
                else []
            )
        by_table: dict[str, list[RowMapping]] = {}
        for seat in seats:
            by_table.setdefault(seat["table_id"], []).append(seat)
        return [_table_from_rows(row, by_table.get(row["id"], [])) for row in rows]

    def table_ids_with_status(self, statuses: Sequence[TableStatus]) -> list[str]:
        with self.engine.connect() as connection:
            return list(
                connection.execute(
                    select(TableRow.id)
                    .where(TableRow.status.in_(list(statuses)))
                    .order_by(TableRow.created_at)
                ).scalars()
            )

    def delete_open_tables(
        self,
        created_before: datetime,
        keep: Sequence[str] | None,
        only: Sequence[str] | None = None,
    ) -> list[str]:
        """Delete open tables created before ``created_before`` (but those in ``keep``;
        and, given ``only``, only those); their ids. A table that started meanwhile is
        not open and stays."""
        with self.engine.begin() as connection:
            query = select(TableRow.id).where(
                TableRow.status == "open", TableRow.created_at < created_before
            )
            if keep:
                query = query.where(TableRow.id.not_in(list(keep)))
            if only is not None:
                query = query.where(TableRow.id.in_(list(only)))
            ids = list(connection.execute(query).scalars())
            if not ids:
                return []
            connection.execute(delete(ChatRow).where(ChatRow.table_id.in_(ids)))
            connection.execute(delete(SeatRow).where(SeatRow.table_id.in_(ids)))
            gone = connection.execute(
                delete(TableRow)
                .where(TableRow.id.in_(ids), TableRow.status == "open")
                .returning(TableRow.id)
            )
            return list(gone.scalars())

    # ----------------------------------------------------------------------- seats
    def claim_seat(
        self, table_id: str, seat: int, name: str, token_hash: str, account_id: int | None = None
    ) -> bool:
        """Give an empty human seat to a person (a guest, or ``account_id``'s); False if
        it is taken or not human."""
        with self.engine.begin() as connection:
            result = connection.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "human",
                    SeatRow.token_hash.is_(None),
                )
                .values(token_hash=token_hash, name=name, account_id=account_id)
            )
            return result.rowcount == 1

    def set_result(self, table_id: str, result: dict[str, JSON]) -> None:
        """Replace a finished table's ``result`` (to note its rematch)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow).where(TableRow.id == table_id).values(result=result)
            )

    def release_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Revoke a seat's token (the person leaves); False if it was not theirs."""
        with self.engine.begin() as connection:
            result = connection.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.token_hash == token_hash,
                )
                .values(token_hash=None, name=None, account_id=_ACCOUNT_KEPT_IF_STARTED)
            )
            return result.rowcount == 1

    def find_token(self, token_hash: str) -> tuple[str, int] | None:
        """The (table, seat) a token hash belongs to."""
        query = select(SeatRow.table_id, SeatRow.seat).where(SeatRow.token_hash == token_hash)
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        return row

    # ----------------------------------------------------------------------- steps
    def advance(
        self,
        table_id: str,
        expected_version: int,
        steps: Sequence[NewStep],
        *,
        status: TableStatus | None = None,
        result: dict[str, JSON] | None = None,
        clocks: dict[int, int | None] | None = None,
        expired: dict[int, bool] | None = None,
    ) -> bool:
        """Store ``steps`` and move the version on, all in one transaction.

        Nothing is written (and False returned) unless the table is still at
        ``expected_version``: a move checked against an old state can never be stored.
        """
        request = Advance(
            table_id, expected_version, tuple(steps), status, result, clocks or {}, expired or {}
        )
        return self.advance_many([request])[0]

    def advance_many(self, requests: Sequence["Advance"]) -> list[bool]:
        """Several tables' advances in one transaction (group commit), each one applied
        only if its table is still at its expected version; one bool per request.

        A request whose version check fails writes nothing (its conditional UPDATE
        matched no row, and its steps are not inserted), so it needs no rollback; the
        others commit together. Should the batch fail as a whole, each request is
        retried in a transaction of its own.
        """
        # Rows are locked in the order of their ids, as the lease statements lock them:
        # two transactions never wait for each other in a circle.
        order = sorted(range(len(requests)), key=lambda i: requests[i].table_id)
        try:
            if not self.is_sqlite and not any(r.rated is not None for r in requests):
                return self._advance_in_one_statement(requests)
            with self.engine.begin() as connection:
                applied = {i: _apply_advance(connection, requests[i]) for i in order}
            return [applied[i] for i in range(len(requests))]
        except DBAPIError:
            if len(requests) == 1:
                raise
        outcomes = []
        for request in requests:
            try:
                outcomes.extend(self.advance_many([request]))
            except DBAPIError:
                outcomes.append(False)
        return outcomes

    def _advance_in_one_statement(self, requests: Sequence["Advance"]) -> list[bool]:
        """PostgreSQL: the whole batch as one statement (its own transaction), so one
        round trip to the database however many tables moved. Per table it does what
        ``_apply_advance`` does, under the same version (and owner) condition."""
        documents = _advance_documents(requests)
        with self._writer_lock:
            for attempt in (1, 2):
                if self._writer is None:  # checked out (and pinged) once, then kept
                    self._writer = self._autocommit.connect()
                try:
                    stored = set(self._writer.execute(_ADVANCE_MANY, documents).scalars())
                    self._writer.commit()  # ends SQLAlchemy's transaction: no round trip
                    break
                except DBAPIError as error:
                    self._writer.close()
                    self._writer = None
                    # A lost connection (the database restarted): once more on a new one.
                    # Should the lost one have stored it, the version check refuses it now.
                    if attempt == 2 or not error.connection_invalidated:
                        raise
        return [request.table_id in stored for request in requests]

    def load_steps(self, table_id: str) -> list[StoredStep]:
        with self.engine.connect() as connection:
            return _read_steps(connection, table_id)

    def count_steps(self, table_id: str) -> int:
        with self.engine.connect() as connection:
            count = connection.execute(
                select(func.count()).select_from(StepRow).where(StepRow.table_id == table_id)
            ).scalar_one()
        return int(count)

    # ------------------------------------------------------------------------ chat
    def add_chat(self, table_id: str, seat: int, name: str, text: str) -> StoredChat:
        now = utcnow()
        with self.engine.begin() as connection:
            result = connection.execute(
                insert(ChatRow)
                .values(table_id=table_id, seat=seat, name=name, text=text, at=now)
                .returning(ChatRow.id)
            )
            chat_id = int(result.scalar_one())
        return StoredChat(chat_id, table_id, seat, name, text, now)

    def recent_chat(self, table_id: str, limit: int = 100) -> list[StoredChat]:
        query = (
            select(ChatRow.id, ChatRow.seat, ChatRow.name, ChatRow.text, ChatRow.at)
            .where(ChatRow.table_id == table_id)
            .order_by(ChatRow.id.desc())
            .limit(limit)
        )
        with self._autocommit.connect() as connection:
            rows = connection.execute(query).all()
        return [
            StoredChat(chat_id, table_id, seat, name, text, aware(at) or utcnow())
            for chat_id, seat, name, text, at in reversed(rows)
        ]


_TABLES = cast(Table, TableRow.__table__)
_STEPS = cast(Table, StepRow.__table__)
_SEATS = cast(Table, SeatRow.__table__)
# The hot statements, built once (Core tables and bind parameters: no ORM work per move).
_BUMP_VERSION = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("match_id"), _TABLES.c.version == bindparam("expected"))
    .values(version=bindparam("new_version"))
)
_BUMP_OWNED_VERSION = _BUMP_VERSION.where(_TABLES.c.owner == bindparam("lease_owner"))
_INSERT_STEPS = insert(_STEPS)
# Leaving an open table frees the seat; leaving a started one leaves it the account's
# (a rated game is still rated for the person who left it).
_ACCOUNT_KEPT_IF_STARTED = case(
    (
        select(_TABLES.c.status).where(_TABLES.c.id == _SEATS.c.table_id).scalar_subquery()
        == "open",
        None,
    ),
    else_=_SEATS.c.account_id,
)
MIGRATE_LOCK = 0x6D6565706C65  # "meeple": the advisory lock key of migrations
_LIVE = "status IN ('open', 'running')"
_RENEW = text(
    "UPDATE tables SET lease_until = now() + make_interval(secs => :seconds) "
    f"WHERE owner = :owner AND {_LIVE} AND id IN (SELECT id FROM tables "
    f"WHERE owner = :owner AND {_LIVE} ORDER BY id FOR UPDATE) RETURNING id"
)
_FREE = f"{_LIVE} AND (owner IS NULL OR lease_until IS NULL OR lease_until < now())"
_CLAIM = text(
    "UPDATE tables SET owner = :owner, lease_until = now() + make_interval(secs => :seconds) "
    f"WHERE {_FREE} AND id IN (SELECT id FROM tables WHERE {_FREE} "
    "ORDER BY id LIMIT :limit FOR UPDATE SKIP LOCKED) RETURNING id"
)
_TAKE = text(
    "UPDATE tables SET owner = :owner, lease_until = now() + make_interval(secs => :seconds) "
    f"WHERE id = :table_id AND ({_FREE} OR owner = :owner) RETURNING id"
)
_OWNER = text("SELECT owner, lease_until > now() FROM tables WHERE id = :table_id")


# PostgreSQL: a batch of advances in one statement. The tables' rows are locked in the
# order of their ids (as the lease statements lock them: no two transactions wait for
# each other in a circle); only those still at their expected version (and, with several
# instances, still leased to the writer) move on and get their steps and seat changes.
# The rows to lock are found by their keys (``id = ANY(...)``): joined to the JSON rows
# alone, the planner (which guesses 100 of them) hashed a scan of the whole table for
# every batch while it held fewer than some thousands of rows, 2.5 times the database's
# CPU per move at 5,000 tables.
_ADVANCE_MANY = text(
    """
WITH req AS (
  SELECT * FROM json_to_recordset(CAST(:tables AS json)) AS r(id varchar, expected int,
    new_version int, owner varchar, status varchar, result json)
), locked AS (
  SELECT t.id FROM tables t JOIN req r ON r.id = t.id
  WHERE t.id = ANY(ARRAY(SELECT id FROM req))
    AND t.version = r.expected AND (r.owner IS NULL OR t.owner = r.owner)
  ORDER BY t.id FOR UPDATE OF t
), bumped AS (
  UPDATE tables t SET version = r.new_version,
    status = COALESCE(r.status, t.status),
    result = CASE WHEN r.result IS NULL THEN t.result ELSE r.result END,
    started_at = CASE WHEN r.status = 'running' THEN now() ELSE t.started_at END,
    finished_at = CASE WHEN r.status = 'finished' THEN now() ELSE t.finished_at END
  FROM req r JOIN locked l ON l.id = r.id
  WHERE t.id = r.id AND t.version = r.expected AND (r.owner IS NULL OR t.owner = r.owner)
  RETURNING t.id
), new_steps AS (
  INSERT INTO steps (table_id, "index", seat, data, by, at)
  SELECT s.table_id, s.idx, s.seat, s.data, s.by, now()
  FROM json_to_recordset(CAST(:steps AS json)) AS s(table_id varchar, idx int, seat int,
    data json, by varchar)
  JOIN bumped b ON b.id = s.table_id
), seat_changes AS (
  UPDATE seats SET
    clock_ms = CASE WHEN c.set_clock THEN c.clock_ms ELSE seats.clock_ms END,
    expired = COALESCE(c.expired, seats.expired)
  FROM json_to_recordset(CAST(:seats AS json)) AS c(table_id varchar, seat int,
    set_clock bool, clock_ms int, expired bool)
  JOIN bumped b ON b.id = c.table_id
  WHERE seats.table_id = c.table_id AND seats.seat = c.seat
)
SELECT id FROM bumped
"""
)


class AsyncBatchWriter:
    """PostgreSQL: the group commit's one statement sent from the event loop itself, on
    psycopg's asyncio connection of its own (kept, in autocommit), so that a batch costs
    one round trip to the database and no hand-off to a worker thread and back (each a
    wake-up of another thread that, on a busy machine, waits for a core)."""

    def __init__(self, store: Store) -> None:
        url = make_url(store.url).set(drivername="postgresql")
        self._conninfo = url.render_as_string(hide_password=False)
        self._sql = str(_ADVANCE_MANY.compile(dialect=store.engine.dialect))
        self._connection: psycopg.AsyncConnection[tuple[object, ...]] | None = None

    async def advance_many(self, requests: Sequence["Advance"]) -> list[bool]:
        """As ``Store.advance_many``; psycopg.Error if the statement failed as a whole.
        The end of a rated game (its ratings written in the same transaction) is not for
        this one statement: ``Store.advance_many`` writes it."""
        if any(request.rated is not None for request in requests):
            raise ValueError("a rated game's end goes through Store.advance_many")
        if self._connection is None or self._connection.closed:
            self._connection = await psycopg.AsyncConnection.connect(
                self._conninfo, autocommit=True
            )
        try:
            cursor = await self._connection.execute(self._sql, _advance_documents(requests))
            stored = {row[0] for row in await cursor.fetchall()}
        except psycopg.Error:
            await self.close()
            raise
        return [request.table_id in stored for request in requests]

    async def close(self) -> None:
        if self._connection is not None:
            await self._connection.close()
            self._connection = None


def _advance_documents(requests: Sequence["Advance"]) -> dict[str, str]:
    """The three JSON documents of ``_ADVANCE_MANY``: one row per table, step and seat
    change. PostgreSQL reads them in C (``json_to_recordset``); binding sixteen arrays
    instead cost the event loop more than the rest of a move (psycopg dumps each array
    element by element in Python)."""
    tables: list[dict[str, JSON]] = []
    steps: list[dict[str, JSON]] = []
    seats: list[dict[str, JSON]] = []
    for request in requests:
        start = request.expected_version
        tables.append(
            {
                "id": request.table_id,
                "expected": start,
                "new_version": start + len(request.steps),
                "owner": request.owner,
                "status": request.status,
                "result": request.result,
            }
        )
        steps.extend(
            {
                "table_id": request.table_id,
                "idx": start + offset,
                "seat": step.seat,
                "data": step.data,
                "by": step.by,
            }
            for offset, step in enumerate(request.steps)
        )
        seats.extend(
            {
                "table_id": request.table_id,
                "seat": seat,
                "set_clock": seat in request.clocks,
                "clock_ms": request.clocks.get(seat),
                "expired": request.expired.get(seat),
            }
            for seat in sorted(set(request.clocks) | set(request.expired))
        )
    return {"tables": json.dumps(tables), "steps": json.dumps(steps), "seats": json.dumps(seats)}


def _apply_advance(connection: Connection, request: Advance) -> bool:
    """One table's advance in the transaction (SQLite, or a batch written one by one)."""
    now = utcnow()
    if not _bump_version(connection, request, now):
        return False
    if request.rated is not None:
        rate_game(connection, request.table_id, request.rated)
    if request.steps:
        connection.execute(
            _INSERT_STEPS,
            [
                {
                    "table_id": request.table_id,
                    "index": request.expected_version + offset,
                    "seat": step.seat,
                    "data": step.data,
                    "by": step.by,
                    "at": now,
                }
                for offset, step in enumerate(request.steps)
            ],
        )
    seat_values: dict[int, dict[str, object]] = {}
    for seat, ms in request.clocks.items():
        seat_values.setdefault(seat, {})["clock_ms"] = ms
    for seat, flag in request.expired.items():
        seat_values.setdefault(seat, {})["expired"] = flag
    for seat, changes in seat_values.items():
        connection.execute(
            update(_SEATS)
            .where(_SEATS.c.table_id == request.table_id, _SEATS.c.seat == seat)
            .values(**changes)
        )
    return True


def _bump_version(connection: Connection, request: Advance, now: datetime) -> bool:
    """Move the table's version on (and its status and result), only if it is still at
    the expected version (and, given an owner, still leased to it)."""
    new_version = request.expected_version + len(request.steps)
    if request.status is None and request.result is None:
        where = {"match_id": request.table_id, "expected": request.expected_version}
        if request.owner is not None:
            where["lease_owner"] = request.owner
        bump = _BUMP_VERSION if request.owner is None else _BUMP_OWNED_VERSION
        return connection.execute(bump, {**where, "new_version": new_version}).rowcount == 1
    values: dict[str, object] = {"version": new_version}
    if request.status is not None:
        values["status"] = request.status
        if request.status == "running":
            values["started_at"] = now
        if request.status == "finished":
            values["finished_at"] = now
    if request.result is not None:
        values["result"] = request.result
    guarded = update(_TABLES).where(
        _TABLES.c.id == request.table_id, _TABLES.c.version == request.expected_version
    )
    if request.owner is not None:
        guarded = guarded.where(_TABLES.c.owner == request.owner)
    return connection.execute(guarded.values(**values)).rowcount == 1


def _table_values(table: StoredTable) -> dict[str, object]:
    return {
        "id": table.id,
        "name": table.name,
        "game": table.game,
        "rules_version": table.rules_version,
        "players": table.players,
        "options": table.options,
        "status": table.status,
        "version": table.version,
        "clock_kind": table.clock_kind,
        "clock_seconds": table.clock_seconds,
        "clock_increment": table.clock_increment,
        "empty_seat_bot": table.empty_seat_bot,
        "grace_seconds": table.grace_seconds,
        "bot_delay_ms": table.bot_delay_ms,
        "open_replays": table.open_replays,
        "hints": table.hints,
        "created_at": table.created_at,
        "started_at": table.started_at,
        "finished_at": table.finished_at,
        "result": table.result,
        "rated": table.rated,
    }


def _read_table(connection: Connection, table_id: str) -> StoredTable | None:
    row = connection.execute(select(TableRow).where(TableRow.id == table_id)).mappings().first()
    if row is None:
        return None
    seats = connection.execute(
        select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
    ).mappings()
    return _table_from_rows(row, seats)


def _read_steps(connection: Connection, table_id: str) -> list[StoredStep]:
    query = (
        select(StepRow.index, StepRow.seat, StepRow.data, StepRow.by, StepRow.at)
        .where(StepRow.table_id == table_id)
        .order_by(StepRow.index)
    )
    return [
        StoredStep(index, seat, data, by, aware(at) or utcnow())
        for index, seat, data, by, at in connection.execute(query).all()
    ]


def _table_from_rows(row: RowMapping, seats: Iterable[RowMapping]) -> StoredTable:
    """A table and its seats from their rows (Core rows read as mappings: the ORM's
    objects cost a replica's load a third more)."""
    return StoredTable(
        id=row["id"],
        name=row["name"],
        game=row["game"],
        rules_version=row["rules_version"],
        players=row["players"],
        options=dict(row["options"]),
        status=row["status"],
        version=row["version"],
        clock_kind=row["clock_kind"],
        clock_seconds=row["clock_seconds"],
        clock_increment=row["clock_increment"],
        empty_seat_bot=row["empty_seat_bot"],
        grace_seconds=row["grace_seconds"],
        bot_delay_ms=row["bot_delay_ms"],
        open_replays=bool(row["open_replays"]),
        hints=bool(row["hints"]),
        created_at=aware(row["created_at"]) or utcnow(),
        started_at=aware(row["started_at"]),
        finished_at=aware(row["finished_at"]),
        result=None if row["result"] is None else dict(row["result"]),
        rated=bool(row["rated"]),
        owner=row["owner"],
        seats=[
            StoredSeat(
                seat=s["seat"],
                kind=s["kind"],
                bot=s["bot"],
                name=s["name"],
                token_hash=s["token_hash"],
                clock_ms=s["clock_ms"],
                expired=bool(s["expired"]),
                account_id=s["account_id"],
            )
            for s in seats
        ],
    )
