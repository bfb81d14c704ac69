"""A game registered at run time (the toy game of the test suite) is served like the
built-in ones: listed in the OpenAPI document and by /api/games, and played to its end."""

import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from meeple.engine.registry import register_game, unregister_game
from server.serverkit import Client, LiveServer, create_table, finish, join, server_settings
from support.toygame import GAME as RaceGame


@pytest.fixture
def race_server(tmp_path: Path) -> Iterator[LiveServer]:
    register_game(RaceGame)
    try:
        with LiveServer(server_settings(f"sqlite:///{tmp_path / 'race.sqlite3'}")) as server:
            yield server
    finally:
        unregister_game("race")


def test_a_registered_game_is_in_the_schema_and_plays(race_server: LiveServer) -> None:
    with httpx.Client(base_url=race_server.base, trust_env=False) as http:
        schema = http.get("/openapi.json").json()
        game = schema["components"]["schemas"]["CreateTable"]["properties"]["game"]
        assert "race" in game["enum"] and "cmyk" in game["enum"]
        leaderboard = schema["paths"]["/api/leaderboard/{game}"]["get"]["parameters"][0]
        assert "race" in leaderboard["schema"]["enum"]
        games = {g["name"]: g for g in http.get("/api/games").json()["games"]}
        assert games["race"]["bots"] == ["random"]  # no heuristic bot: no levels
        table = create_table(http, game="race", players=2)
        assert table["empty_seat_bot"] == "random"
        tokens = [join(http, table["id"], seat) for seat in range(2)]
    clients = [Client(race_server.ws_base, table["id"], token) for token in tokens]
    try:
        state = finish(clients, random.Random(7))
    finally:
        for client in clients:
            client.close()
    assert state["result"]["winners"]


def test_the_schema_lists_only_registered_games(live_sqlite: LiveServer) -> None:
    with httpx.Client(base_url=live_sqlite.base, trust_env=False) as http:
        schema = http.get("/openapi.json").json()
    game = schema["components"]["schemas"]["CreateTable"]["properties"]["game"]
    assert "race" not in game["enum"]
    assert {"cmyk", "phase10", "toc", "toquer"} <= set(game["enum"])
