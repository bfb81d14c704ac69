"""A fifth game registered from the test suite is taken by every layer.

The toy game (tests/support/toygame, Race to 10) has no heuristic bot, no terminal
renderer and no web board of its own; the test registers it with a small RL encoder.
The web client's generic board draws it in tests/web/test_generic_board.py.
"""

import json
import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.engine import conformance
from meeple.engine.registry import game_names, load_game, register_game, unregister_game
from meeple.rl.encoding import encoder_for
from meeple.sim.playthrough import generate, regenerate
from meeple.sim.simulate import simulate
from meeple.sim.tournament import run_tournament
from support.toygame import GAME, TEST_CONFIGS

runner = CliRunner()


@pytest.fixture(autouse=True, scope="module")
def race() -> Iterator[None]:
    register_game(GAME, encoder="support.toygame.encoding:ENCODER")
    yield
    unregister_game("race")


def test_the_registry_lists_it_and_the_cli_names_it() -> None:
    assert "race" in game_names()
    rules = runner.invoke(app, ["rules", "race"])
    assert rules.exit_code == 0 and "Race to 10" in rules.output and "target" in rules.output
    unknown = runner.invoke(app, ["rules", "chess"])
    assert unknown.exit_code == 2 and "race" in unknown.output


@pytest.mark.parametrize(("players", "options"), TEST_CONFIGS)
def test_it_keeps_the_contract(players: int, options: dict[str, object]) -> None:
    game = GAME(players, options)  # type: ignore[arg-type]
    for seed in range(8):
        final, record = conformance.random_playout(game, seed, checks=conformance.Checks(every=1))
        assert game.is_terminal(final)
        conformance.check_replay(game, record, final)
    conformance.check_determinism(game, seed=3, disturb=lambda: random.seed(7))


def test_a_person_plays_it_against_a_bot_in_the_terminal_with_the_generic_view(
    tmp_path: Path,
) -> None:
    record = tmp_path / "race.jsonl"
    played = runner.invoke(
        app, ["play", "race", "--seed", "4", "--record", str(record)], input="+1\n" * 12
    )
    assert played.exit_code == 0, played.output
    assert "RaceView(" in played.output  # no renderer: the view's fields
    assert json.loads(record.read_text().splitlines()[0])["seats"][1] == "random"
    replayed = runner.invoke(app, ["replay", str(record), "--no-step"])
    assert replayed.exit_code == 0, replayed.output


def test_the_heuristic_bot_is_refused_with_a_message() -> None:
    refused = runner.invoke(app, ["play", "race", "--bots", "heuristic"])
    assert refused.exit_code == 2
    words = " ".join(refused.output.split())
    assert "'race' has no heuristic bot; use random, easy or ismcts" in words


def test_simulation_and_tournaments_take_it(tmp_path: Path) -> None:
    report = simulate("race", 2, {}, ["random", "ismcts:iterations=20"], 6, seed=1)
    assert report.games == 6 and sum(e.games for e in report.entrants) == 12
    printed = runner.invoke(app, ["simulate", "race", "-n", "4"])
    assert printed.exit_code == 0 and "Race to 10" in printed.output
    tournament = run_tournament("race", 2, {}, ["random", "easy"], 4, 0)
    assert tournament.games == 4
    out = tmp_path / "report"
    command = ["tournament", "race", "--bots", "random,easy", "-n", "4", "--out", str(out)]
    written = runner.invoke(app, command)
    assert written.exit_code == 0, written.output
    assert json.loads((out / "report.json").read_text())["game"] == "race"


def test_its_playthrough_is_made_in_the_one_format() -> None:
    lines = generate("race", 3, {"target": 7}, ["random"], 5)
    assert lines[1:4] == ["game race", "rules_version 1", "players 3"]
    assert regenerate(lines) == lines
    assert lines[-1].startswith("end winners ") and "reason target" in lines[-1]


def test_the_rl_layer_takes_it_with_the_encoder_registered_from_the_test() -> None:
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from meeple.rl.env import raw_env
    from meeple.rl.gym import gym_env

    encoder = encoder_for(load_game("race", 2))
    assert encoder.num_actions == 3 and encoder.observation_size == 6
    api_test(raw_env("race", 2), num_cycles=20)
    check_env(gym_env("race", 2).unwrapped, skip_render_check=True)


def test_the_server_seats_two_people_who_play_it_through_to_the_end(tmp_path: Path) -> None:
    from server.serverkit import Client, LiveServer, create_table, join, server_settings

    url = f"sqlite:///{tmp_path / 'meeple.sqlite3'}"
    with (
        LiveServer(server_settings(url)) as live,
        httpx.Client(base_url=live.base, timeout=20, trust_env=False) as http,
    ):
        games = http.get("/api/games").json()
        assert "race" in json.dumps(games)
        table = create_table(http, game="race", players=2, bot_delay_ms=0)
        tokens = [join(http, table["id"], seat, f"p{seat}") for seat in (0, 1)]
        clients = [Client(live.ws_base, table["id"], token) for token in tokens]
        state = clients[0].wait_type("state")
        while state["to_act"] is not None and state["to_act"] >= 0:
            actor = clients[state["to_act"]]
            actor.wait_version(state["version"])
            move = actor.state["legal"][0]  # type: ignore[index]
            actor.move(state["version"], action=move["action"])
            state = clients[0].wait_version(state["version"] + 1)
        assert state["view"]["winner"] in (0, 1)
        for client in clients:
            client.close()
