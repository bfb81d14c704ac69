"""Fixtures of the server tests: stores on SQLite and on a real PostgreSQL, live servers."""

import os
from collections.abc import Iterator

import httpx
import pytest

from server.serverkit import LiveServer, PostgresCluster, RedisServer, redis_binary, server_settings


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """A Redis on 127.0.0.1 that the test session starts and stops itself."""
    binary = redis_binary()
    if binary is None:
        if os.environ.get("MEEPLE_REQUIRE_REDIS") or os.environ.get("CI"):
            pytest.fail("redis-server is missing: run `make redis`")
        pytest.skip("redis-server is missing (make redis installs it)")
    server = RedisServer(binary)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def store_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A new database of the kind ``request.param`` names (sqlite or postgresql)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('live') / 'meeple.sqlite3'}"
    cluster: PostgresCluster = request.getfixturevalue("postgres")
    return cluster.new_database()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def live(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """A running server (one per module and store kind), shared by that module's tests."""
    with LiveServer(server_settings(store_url(request, tmp_path_factory))) as server:
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
