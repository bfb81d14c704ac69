"""Persistent storage of tables, seats, steps and chat (SQLAlchemy 2 with Alembic)."""

from meeple.store.db import Store, normalise_url

__all__ = ["Store", "normalise_url"]
