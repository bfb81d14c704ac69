"""The store's schema: tables, seats, steps and chat; accounts, sessions and ratings
(SQLAlchemy 2 declarative models).

The Alembic migrations in ``meeple.store.migrations`` create exactly this schema; a test
checks that the two agree.
"""

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from meeple.engine.codec import JSON as JSONValue
from meeple.store.kinds import ClockKind, SeatKind, StepBy, TableStatus


def utcnow() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes; every stored moment is UTC."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One game table: its game and configuration, status and version (steps applied)."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(80), default="")
    game: Mapped[str] = mapped_column(String(32))
    rules_version: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, JSONValue]] = mapped_column(JSON)
    status: Mapped[TableStatus] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    clock_kind: Mapped[ClockKind] = mapped_column(String(8), default="none")
    clock_seconds: Mapped[int] = mapped_column(Integer, default=0)
    clock_increment: Mapped[int] = mapped_column(Integer, default=0)
    empty_seat_bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
    grace_seconds: Mapped[int] = mapped_column(Integer, default=60)
    bot_delay_ms: Mapped[int] = mapped_column(Integer, default=0)
    open_replays: Mapped[bool] = mapped_column(Boolean, default=True)
    hints: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    result: Mapped[dict[str, JSONValue] | None] = mapped_column(JSON, nullable=True)
    # Several instances (PostgreSQL and Redis): the instance that owns the live table,
    # and until when its lease runs (renewed by the owner; see docs/server.md).
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # A rated table: every human seat is an account, and the end updates the ratings.
    rated: Mapped[bool] = mapped_column(Boolean, default=False)


class SeatRow(Base):
    """One seat of a table: human or bot, who holds it (a token hash), its clock."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[SeatKind] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    # SHA-256 of the seat token (hex); the token itself is never stored.
    token_hash: Mapped[str | None] = mapped_column(
        String(64), nullable=True, unique=True, index=True
    )
    clock_ms: Mapped[int | None] = mapped_column(Integer, nullable=True)
    expired: Mapped[bool] = mapped_column(Boolean, default=False)
    # The account that plays the seat (None: a guest, or a bot seat).
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("accounts.id"), nullable=True, index=True
    )


class StepRow(Base):
    """One step of a table's game: an action (seat >= 0) or a chance outcome (seat -1).

    The primary key (table, index) makes a step impossible to store twice.
    """

    __tablename__ = "steps"

    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    data: Mapped[JSONValue] = mapped_column(JSON, nullable=False)
    by: Mapped[StepBy] = mapped_column(String(12))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatRow(Base):
    """A chat message, stored raw (escaping is the renderer's job)."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AccountRow(Base):
    """A player who lasts: a person (name and password hash) or a bot level's identity.

    A deleted account keeps its row (its games and rating changes refer to it) with its
    name, name key and password hash cleared."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str | None] = mapped_column(String(24), nullable=True)
    # The name folded to lower case: names are unique whatever their case.
    name_key: Mapped[str | None] = mapped_column(String(24), nullable=True, unique=True)
    kind: Mapped[str] = mapped_column(String(8), default="person")  # "person" or "bot"
    # argon2id, in the PHC string format (parameters and salt included).
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SessionRow(Base):
    """A signed-in session: the SHA-256 of its token (the token is never stored)."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """A player's current openskill rating for one game at one player count."""

    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    players: Mapped[int] = mapped_column(Integer, primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingChangeRow(Base):
    """What one rated game did to one player's rating. The primary key (table, player)
    makes it impossible to rate a game twice for anyone."""

    __tablename__ = "rating_changes"

    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    games_after: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
