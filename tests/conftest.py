"""Shared fixtures: the registered games and their test configurations, and the
databases (SQLite, and a real PostgreSQL on loopback) of the store and server tests."""

import importlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from meeple.engine.protocol import AnyGame
from meeple.engine.registry import default_players, game_class, game_names, load_game

if TYPE_CHECKING:
    from server.serverkit import PostgresCluster

# The terminal's language follows the locale; the tests read English unless they ask.
os.environ["MEEPLE_LANG"] = "en"


def game_configs() -> list[tuple[str, int, dict[str, object]]]:
    """(game, players, options) for every registered game's ``TEST_CONFIGS`` (found in
    the package of its class, wherever it was registered from; a package without them
    is played at its default player count and options)."""
    configs = []
    for name in game_names():
        module = game_class(name).__module__
        found = [importlib.import_module(m) for m in (module, module.rpartition(".")[0])]
        fallback = ((default_players(name), {}),)
        with_configs = [m.TEST_CONFIGS for m in found if hasattr(m, "TEST_CONFIGS")]
        for players, options in (with_configs or [fallback])[0]:
            configs.append((name, players, dict(options)))
    return configs


def config_id(config: tuple[str, int, dict[str, object]]) -> str:
    name, players, options = config
    extra = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{name}-{players}p" + (f"-{extra}" if extra else "")


def make(config: tuple[str, int, dict[str, object]]) -> AnyGame:
    name, players, options = config
    return load_game(name, players, **options)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def postgres() -> "Iterator[PostgresCluster]":
    """A PostgreSQL cluster on 127.0.0.1 that the test session starts and stops itself."""
    from server.serverkit import PostgresCluster, postgres_bindir

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
