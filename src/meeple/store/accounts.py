"""Accounts, sessions and ratings in the store (the server's ``accounts`` module calls
these; each method is one short transaction, synchronous like :class:`Store`'s).

Ratings are openskill Plackett-Luce ratings, one per player, game and player count; a
rated game is rated by :func:`rate_game` inside the transaction that stores its end.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import (
    Connection,
    Engine,
    Table,
    and_,
    delete,
    func,
    insert,
    select,
    tuple_,
    update,
)
from sqlalchemy.exc import IntegrityError

from meeple.store.models import (
    AccountRow,
    ChatRow,
    RatingChangeRow,
    RatingRow,
    SeatRow,
    SessionRow,
    TableRow,
    aware,
    utcnow,
)

PROVISIONAL_GAMES = 10  # a rating is provisional until this many rated games
BOT_PREFIX = "bot-"  # the bot levels' identities are the accounts bot-<level>

_ACCOUNTS = cast(Table, AccountRow.__table__)
_RATINGS = cast(Table, RatingRow.__table__)
_CHANGES = cast(Table, RatingChangeRow.__table__)


@dataclass(frozen=True, slots=True)
class Account:
    id: int
    name: str | None  # None once deleted
    kind: str  # "person" or "bot"
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Entrant:
    """Who plays one seat of a rated game: an account, or a bot level's identity."""

    seat: int
    account_id: int | None = None
    bot_level: str | None = None


@dataclass(frozen=True, slots=True)
class RatedGame:
    game: str
    players: int
    entrants: tuple[Entrant, ...]
    winners: tuple[int, ...]


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown and ranked by: mu - 3 sigma (a new player's is 0)."""
    return mu - 3.0 * sigma


def _account(row: Any) -> Account:
    return Account(row.id, row.name, row.kind, aware(row.created_at) or utcnow())


class AccountStore:
    """The accounts part of one database (the engine of a :class:`Store`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -------------------------------------------------------------------- accounts
    def create_account(self, name: str, key: str, password_hash: str) -> Account | None:
        """A new person; None when the name (in any case) is taken."""
        now = utcnow()
        try:
            with self.engine.begin() as connection:
                account_id = connection.execute(
                    insert(AccountRow)
                    .values(
                        name=name,
                        name_key=key,
                        kind="person",
                        password_hash=password_hash,
                        created_at=now,
                    )
                    .returning(AccountRow.id)
                ).scalar_one()
        except IntegrityError:
            return None
        return Account(int(account_id), name, "person", now)

    def find_by_key(self, key: str) -> tuple[Account, str | None] | None:
        """The live account with this name key, and its password hash."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(AccountRow).where(
                    AccountRow.name_key == key, AccountRow.deleted_at.is_(None)
                )
            ).first()
        return None if row is None else (_account(row), row.password_hash)

    def password_hash(self, account_id: int) -> str | None:
        with self.engine.connect() as connection:
            value = connection.execute(
                select(AccountRow.password_hash).where(AccountRow.id == account_id)
            ).scalar()
        return None if value is None else str(value)

    def set_password(self, account_id: int, password_hash: str) -> None:
        """A new password hash; every session of the account is revoked with it."""
        with self.engine.begin() as connection:
            connection.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(password_hash=password_hash)
            )
            connection.execute(delete(SessionRow).where(SessionRow.account_id == account_id))

    def replace_hash(self, account_id: int, old: str, new: str) -> None:
        """The same password hashed with new parameters (sessions stay); only if the
        stored hash is still ``old``."""
        with self.engine.begin() as connection:
            connection.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id, AccountRow.password_hash == old)
                .values(password_hash=new)
            )

    def delete_account(self, account_id: int) -> None:
        """Forget the person (name, password, sessions); games and ratings changes stay,
        their seats nameless ("deleted player")."""
        with self.engine.begin() as connection:
            connection.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            connection.execute(delete(RatingRow).where(RatingRow.account_id == account_id))
            connection.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(name=None, name_key=None, password_hash=None, deleted_at=utcnow())
            )
            connection.execute(
                update(SeatRow).where(SeatRow.account_id == account_id).values(name=None)
            )
            seats = select(SeatRow.table_id, SeatRow.seat).where(SeatRow.account_id == account_id)
            connection.execute(  # what they said stays, under no name
                update(ChatRow)
                .where(tuple_(ChatRow.table_id, ChatRow.seat).in_(seats))
                .values(name="")
            )

    # -------------------------------------------------------------------- sessions
    def add_session(self, account_id: int, token_hash: str, expires_at: datetime) -> None:
        """Store a session (and drop the account's sessions that have run out)."""
        now = utcnow()
        with self.engine.begin() as connection:
            connection.execute(
                delete(SessionRow).where(
                    SessionRow.account_id == account_id, SessionRow.expires_at < now
                )
            )
            connection.execute(
                insert(SessionRow).values(
                    token_hash=token_hash,
                    account_id=account_id,
                    created_at=now,
                    expires_at=expires_at,
                )
            )

    def session(self, token_hash: str) -> tuple[Account, datetime] | None:
        """The account of a session that has not run out, and when it runs out."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(AccountRow, SessionRow.expires_at)
                .join(SessionRow, SessionRow.account_id == AccountRow.id)
                .where(
                    SessionRow.token_hash == token_hash,
                    SessionRow.expires_at > utcnow(),
                    AccountRow.deleted_at.is_(None),
                )
            ).first()
        if row is None:
            return None
        return _account(row), aware(row.expires_at) or utcnow()

    def delete_session(self, token_hash: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))

    def session_count(self, account_id: int) -> int:
        with self.engine.connect() as connection:
            count = connection.execute(
                select(func.count())
                .select_from(SessionRow)
                .where(SessionRow.account_id == account_id)
            ).scalar_one()
        return int(count)

    # ------------------------------------------------------------------- players
    def player(self, key: str) -> Account | None:
        """A live account by name key (people and bot identities)."""
        found = self.find_by_key(key)
        return None if found is None else found[0]

    def ratings_of(self, account_id: int) -> list[dict[str, Any]]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(RatingRow)
                .where(RatingRow.account_id == account_id)
                .order_by(RatingRow.game, RatingRow.players)
            ).all()
        return [_rating(row.game, row.players, row.mu, row.sigma, row.games) for row in rows]

    def rating_points(self, account_id: int, limit: int = 500) -> list[dict[str, Any]]:
        """The account's rating after each of its last ``limit`` rated games, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(RatingChangeRow)
                .where(RatingChangeRow.account_id == account_id)
                .order_by(RatingChangeRow.at.desc(), RatingChangeRow.table_id)
                .limit(limit)
            ).all()
        return [
            {
                "table_id": row.table_id,
                "game": row.game,
                "players": row.players,
                "at": (aware(row.at) or utcnow()).isoformat(),
                "rating": round(ordinal(row.mu_after, row.sigma_after), 2),
                "games": row.games_after,
            }
            for row in reversed(rows)
        ]

    def history(self, account_id: int, limit: int, offset: int) -> list[dict[str, Any]]:
        """The account's finished games, newest first: game, date, seats, result and
        what the game did to the rating (None for an unrated game)."""
        with self.engine.connect() as connection:
            games = connection.execute(
                select(TableRow, SeatRow.seat.label("my_seat"))
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.account_id == account_id, TableRow.status == "finished")
                .order_by(TableRow.finished_at.desc(), TableRow.id)
                .limit(limit)
                .offset(offset)
            ).all()
            ids = [row.id for row in games]
            if not ids:
                return []
            seats = connection.execute(
                select(SeatRow, AccountRow.kind, AccountRow.deleted_at)
                .outerjoin(AccountRow, AccountRow.id == SeatRow.account_id)
                .where(SeatRow.table_id.in_(ids))
                .order_by(SeatRow.table_id, SeatRow.seat)
            ).all()
            changes = connection.execute(
                select(RatingChangeRow).where(
                    RatingChangeRow.table_id.in_(ids), RatingChangeRow.account_id == account_id
                )
            ).all()
        by_table: dict[str, list[dict[str, Any]]] = {}
        for seat in seats:
            by_table.setdefault(seat.table_id, []).append(
                {
                    "seat": seat.seat,
                    "kind": seat.kind,
                    "bot": seat.bot,
                    "name": seat.name,
                    "account": seat.account_id is not None,
                    "deleted": seat.deleted_at is not None,
                }
            )
        change_of = {row.table_id: row for row in changes}
        return [
            _history_entry(row, by_table.get(row.id, []), change_of.get(row.id)) for row in games
        ]

    def leaderboard(self, game: str, players: int, limit: int, offset: int) -> list[dict[str, Any]]:
        """Ratings for a game and player count, best first (provisional ones after)."""
        established = RatingRow.games >= PROVISIONAL_GAMES
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(RatingRow, AccountRow.name, AccountRow.kind)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(
                    RatingRow.game == game,
                    RatingRow.players == players,
                    AccountRow.deleted_at.is_(None),
                )
                .order_by(
                    established.desc(),
                    (RatingRow.mu - 3.0 * RatingRow.sigma).desc(),
                    AccountRow.name,
                )
                .limit(limit)
                .offset(offset)
            ).all()
        return [
            {
                "rank": offset + index + 1,
                "name": row.name,
                "kind": row.kind,
                **_rating(row.game, row.players, row.mu, row.sigma, row.games),
            }
            for index, row in enumerate(rows)
        ]

    def rated_player_counts(self, game: str) -> list[int]:
        with self.engine.connect() as connection:
            return sorted(
                int(value)
                for value in connection.execute(
                    select(RatingRow.players).where(RatingRow.game == game).distinct()
                ).scalars()
            )


def _rating(game: str, players: int, mu: float, sigma: float, games: int) -> dict[str, Any]:
    return {
        "game": game,
        "players": players,
        "rating": round(ordinal(mu, sigma), 2),
        "mu": round(mu, 4),
        "sigma": round(sigma, 4),
        "games": games,
        "provisional": games < PROVISIONAL_GAMES,
    }


def _history_entry(row: Any, seats: list[dict[str, Any]], change: Any) -> dict[str, Any]:
    result = row.result or {}
    winners = result.get("winners") or []
    rating: dict[str, Any] | None = None
    if change is not None:
        before = ordinal(change.mu_before, change.sigma_before)
        after = ordinal(change.mu_after, change.sigma_after)
        rating = {
            "before": round(before, 2),
            "after": round(after, 2),
            "change": round(after - before, 2),
        }
    return {
        "table_id": row.id,
        "name": row.name,
        "game": row.game,
        "players": row.players,
        "rated": bool(row.rated),
        "finished_at": (aware(row.finished_at) or utcnow()).isoformat(),
        "seat": row.my_seat,
        "seats": seats,
        "winners": list(winners),
        "won": row.my_seat in winners,
        "rating": rating,
        "replay": f"/api/tables/{row.id}/replay?seat={row.my_seat}",
    }


# ----------------------------------------------------------------------------- rating
def rate_game(connection: Connection, table_id: str, rated: RatedGame) -> None:
    """Update every entrant's rating for this game and player count, in the caller's
    transaction (the one that stores the game's end). Winners rank first, everyone else
    tied behind them (as ``meeple tournament`` rates). A second call for the same table
    fails on the primary key of ``rating_changes``, so a game is rated once."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ids = [_identity(connection, entrant) for entrant in rated.entrants]
    if len(set(ids)) != len(ids):
        raise ValueError(f"table {table_id}: one player in two seats of a rated game")
    current = {
        row.account_id: row
        for row in connection.execute(
            select(RatingRow)
            .where(
                RatingRow.account_id.in_(ids),
                RatingRow.game == rated.game,
                RatingRow.players == rated.players,
            )
            .order_by(RatingRow.account_id)
            .with_for_update()
        ).all()
    }
    before = []
    for account_id in ids:
        row = current.get(account_id)
        before.append(model.rating() if row is None else model.rating(mu=row.mu, sigma=row.sigma))
    ranks = [1 if entrant.seat in rated.winners else 2 for entrant in rated.entrants]
    after = model.rate([[r] for r in before], ranks=ranks)  # type: ignore[arg-type]
    now = utcnow()
    for entrant, account_id, old, team in zip(rated.entrants, ids, before, after, strict=True):
        new = team[0]
        games = (current[account_id].games if account_id in current else 0) + 1
        values = {"mu": new.mu, "sigma": new.sigma, "games": games, "updated_at": now}
        key = and_(
            _RATINGS.c.account_id == account_id,
            _RATINGS.c.game == rated.game,
            _RATINGS.c.players == rated.players,
        )
        if account_id in current:
            connection.execute(update(_RATINGS).where(key).values(**values))
        else:
            connection.execute(
                insert(_RATINGS).values(
                    account_id=account_id, game=rated.game, players=rated.players, **values
                )
            )
        connection.execute(
            insert(_CHANGES).values(
                table_id=table_id,
                account_id=account_id,
                seat=entrant.seat,
                game=rated.game,
                players=rated.players,
                won=entrant.seat in rated.winners,
                mu_before=old.mu,
                sigma_before=old.sigma,
                mu_after=new.mu,
                sigma_after=new.sigma,
                games_after=games,
                at=now,
            )
        )


def _identity(connection: Connection, entrant: Entrant) -> int:
    if entrant.account_id is not None:
        return entrant.account_id
    key = f"{BOT_PREFIX}{entrant.bot_level}"
    found = connection.execute(
        select(_ACCOUNTS.c.id).where(_ACCOUNTS.c.name_key == key, _ACCOUNTS.c.kind == "bot")
    ).scalar()
    if found is None:
        raise ValueError(f"no rated identity for the bot level {entrant.bot_level!r}")
    return int(found)


def bot_level_keys() -> Sequence[str]:
    """The name keys of the bot identities (for the name rules)."""
    return tuple(f"{BOT_PREFIX}{level}" for level in ("random", "easy", "medium", "hard", "expert"))
