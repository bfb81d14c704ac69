"""Fixtures of the store tests: an empty database on SQLite and on a real PostgreSQL."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.serverkit import PostgresCluster, postgres_bindir


@pytest.fixture(scope="session")
def store_postgres() -> Iterator[PostgresCluster]:
    bindir = postgres_bindir()
    if bindir is None:
        if os.environ.get("MEEPLE_REQUIRE_POSTGRES") or os.environ.get("CI"):
            pytest.fail("PostgreSQL binaries are missing: run `make postgres`")
        pytest.skip("PostgreSQL binaries are missing (make postgres installs them)")
    cluster = PostgresCluster(bindir)
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    cluster: PostgresCluster = request.getfixturevalue("store_postgres")
    return cluster.new_database()
