"""Fixtures of the server tests: stores on SQLite and on a real PostgreSQL, live servers."""

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from server.serverkit import LiveServer, PostgresCluster, postgres_bindir, server_settings


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    """A PostgreSQL cluster on 127.0.0.1 that the test session starts and stops itself."""
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
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'meeple.sqlite3'}"
    cluster: PostgresCluster = request.getfixturevalue("postgres")
    return cluster.new_database()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def live(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """A running server (one per module and store kind), shared by that module's tests."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('live') / 'meeple.sqlite3'}"
    else:
        cluster: PostgresCluster = request.getfixturevalue("postgres")
        url = cluster.new_database()
    with LiveServer(server_settings(url)) as server:
        yield server


@pytest.fixture(scope="module")
def live_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    url = f"sqlite:///{tmp_path_factory.mktemp('live') / 'meeple.sqlite3'}"
    with LiveServer(server_settings(url)) as server:
        yield server


@pytest.fixture
def http(live: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live.base, timeout=20, trust_env=False) as client:
        yield client
