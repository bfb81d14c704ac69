"""The PettingZoo and Gymnasium environments: the libraries' own checkers over every game
and configuration, chance from the seed, rewards from game.returns, the illegal-move
policy, truncation, and the bots of the single-agent environment."""

import random
import subprocess
import sys
import warnings
from collections.abc import Callable

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import meeple.rl
from conftest import config_id, game_configs
from meeple.engine.errors import IllegalActionError, InvalidActionError, InvalidOptionError
from meeple.engine.protocol import TERMINAL
from meeple.engine.registry import game_names, load_game

CONFIGS = game_configs()
# Warnings PettingZoo's checker gives every environment with dict observations (its own
# classic games are exempted from them by name).
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


def make_env(config: tuple[str, int, dict[str, object]], **kwargs: object) -> object:
    name, players, options = config
    return meeple.rl.env(name, players, **kwargs, **options)  # type: ignore[arg-type]


def play_random(environment: object, rng: random.Random, limit: int = 10**6) -> int:
    """Random legal play in an AEC environment until every agent is done; the steps."""
    steps = 0
    for _agent in environment.agent_iter(limit):  # type: ignore[attr-defined]
        observation, _, terminated, truncated, _ = environment.last()  # type: ignore[attr-defined]
        if terminated or truncated:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(legal[rng.randrange(len(legal))])
            steps += 1
        environment.step(action)  # type: ignore[attr-defined]
    return steps


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_api_and_seed_tests_pass(config: tuple[str, int, dict[str, object]]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make_env(config), num_cycles=40)
        seed_test(lambda: make_env(config), num_cycles=40)
    unexpected = [
        str(w.message)
        for w in caught
        if not any(text in str(w.message) for text in DICT_OBSERVATION_WARNINGS)
    ]
    assert not unexpected


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_gymnasium_checker_passes(config: tuple[str, int, dict[str, object]]) -> None:
    name, players, options = config
    for seat in (0, None):
        environment = meeple.rl.gym_env(name, players, seat=seat, **options)  # type: ignore[arg-type]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(environment, skip_render_check=True)
        assert not [str(w.message) for w in caught]


@pytest.mark.parametrize("name", game_names())
def test_a_whole_game_ends_with_the_games_returns_as_rewards(name: str) -> None:
    environment = meeple.rl.env(name, 2)
    environment.reset(seed=8)
    raw = environment.unwrapped
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    rng = random.Random(8)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            assert terminated and not truncated
            environment.step(None)
            continue
        assert reward == 0.0
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(legal[rng.randrange(len(legal))]))
    game = raw.game
    assert game.current_player(raw.game_state) == TERMINAL
    returns = game.returns(raw.game_state)
    assert [totals[f"player_{seat}"] for seat in range(2)] == list(returns)
    assert sum(returns) == pytest.approx(0.0) and any(returns)


@pytest.mark.parametrize("config", CONFIGS[:1] + CONFIGS[-1:], ids=config_id)
def test_chance_comes_from_the_seed(config: tuple[str, int, dict[str, object]]) -> None:
    def trajectory(seed: int | None, environment: object = None) -> list[bytes]:
        environment = environment or make_env(config)
        environment.reset(seed=seed)  # type: ignore[attr-defined]
        rng = random.Random(0)
        seen = []
        for _ in range(30):
            observation, *_ = environment.last()  # type: ignore[attr-defined]
            seen.append(observation["observation"].tobytes())
            legal = np.flatnonzero(observation["action_mask"])
            if not len(legal):
                break
            environment.step(int(legal[rng.randrange(len(legal))]))  # type: ignore[attr-defined]
        return seen

    assert trajectory(3) == trajectory(3)
    assert trajectory(3) != trajectory(4)
    # Unseeded resets continue the sequence of the last seeded one: reproducible too.
    first, second = make_env(config), make_env(config)
    trajectory(5, first)
    trajectory(5, second)
    assert trajectory(None, first) == trajectory(None, second)
    assert trajectory(None, first) != trajectory(5)


def test_the_chance_stream_is_the_match_runners() -> None:
    """``reset(seed=s)`` deals as ``sim.match.play_match`` does with seed ``s``."""
    from meeple.engine import rng as rng_streams

    environment = meeple.rl.raw_env("phase10", 3)
    environment.reset(seed=21)
    game = load_game("phase10", 3)
    state = game.initial_state()
    chance = rng_streams.stream(21, "chance")
    while game.current_player(state) < 0:
        state = game.apply_chance(state, game.sample_chance(state, chance))
    assert environment.game_state == state


def test_an_illegal_action_ends_the_game_for_the_wrapped_env_and_raises_for_the_raw_one() -> None:
    environment = meeple.rl.env("phase10", 3)
    environment.reset(seed=1)
    observation, *_ = environment.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    actor = environment.agent_selection
    state = environment.unwrapped.game_state  # type: ignore[attr-defined]
    environment.step(illegal)
    assert environment.unwrapped.game_state is state  # type: ignore[attr-defined]
    assert all(environment.terminations.values())
    assert environment.rewards[actor] == -1.0
    assert environment.infos[actor]["illegal_action"] is True
    assert sum(environment.rewards.values()) == -1.0
    play_random(environment, random.Random(0))
    assert not environment.agents

    raw = meeple.rl.env("phase10", 3, illegal_reward=None)
    raw.reset(seed=1)
    before = raw.unwrapped.game_state
    with pytest.raises(IllegalActionError, match="illegal for seat"):
        raw.step(illegal)
    assert raw.unwrapped.game_state is before
    with pytest.raises(InvalidActionError):
        raw.step(raw.unwrapped.encoder.num_actions)
    with pytest.raises(InvalidActionError, match="reset"):
        environment.step(0)
    environment.reset(seed=1)
    with pytest.raises(InvalidActionError, match="outside"):
        environment.step(10**6)


def test_the_wrapped_env_refuses_to_step_before_reset() -> None:
    environment = meeple.rl.env("cmyk", 2)
    with pytest.raises(RuntimeError, match="reset"):
        environment.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        environment.last()
    assert not hasattr(environment, "agents")
    environment.reset(seed=0)
    assert environment.agents == ["player_0", "player_1"]


def test_max_steps_truncates_every_agent() -> None:
    environment = meeple.rl.env("phase10", 2, max_steps=25)
    environment.reset(seed=2)
    steps = play_random(environment, random.Random(2))
    assert steps == 25


def test_action_text_and_render_describe_the_game() -> None:
    environment = meeple.rl.raw_env("phase10", 2, render_mode="ansi")
    environment.reset(seed=0)
    observation = environment.observe(environment.agent_selection)
    index = int(np.flatnonzero(observation["action_mask"])[0])
    assert environment.action_text(index) in ("draw", "take")
    text = environment.render()
    assert text is not None and "legal: " in text and "draw" in text


def play_learner(
    environment: object,
    observation: dict[str, np.ndarray],
    info: dict[str, object],
    rng: random.Random,
    each_step: Callable[[dict[str, np.ndarray], dict[str, object]], None] | None = None,
) -> tuple[float, bool]:
    """Random legal actions of a single-agent environment's learner until the episode
    ends (``each_step`` sees every observation and info first): the last reward, and
    whether the episode terminated rather than was truncated."""
    reward, terminated = 0.0, False
    for _ in range(100_000):
        if each_step is not None:
            each_step(observation, info)
        legal = np.flatnonzero(info["action_mask"])
        step = environment.step(int(legal[rng.randrange(len(legal))]))  # type: ignore[attr-defined]
        observation, reward, terminated, truncated, info = step
        if terminated or truncated:
            break
    return reward, terminated


def test_the_gym_env_plays_bots_in_the_other_seats() -> None:
    environment = meeple.rl.gym_env("phase10", 3, opponents=["heuristic", "random"], seat=1)
    observation, info = environment.reset(seed=4)
    assert info["seat"] == 1
    game = environment.game

    def each_step(observation: dict[str, np.ndarray], info: dict[str, object]) -> None:
        assert game.current_player(environment.game_state) == 1
        assert np.array_equal(info["action_mask"], observation["action_mask"])

    reward, terminated = play_learner(environment, observation, info, random.Random(4), each_step)
    assert terminated
    assert reward == game.returns(environment.game_state)[1]
    with pytest.raises(InvalidActionError, match="reset"):
        environment.step(0)


@pytest.mark.parametrize("name", game_names())
def test_every_game_is_registered_with_gymnasium(name: str) -> None:
    """gymnasium.make builds the single-agent environment from the game's id, with the
    players, opponents and options passed through, and plays it to the end; the checks
    gymnasium.make adds on top raise no warning."""
    players = load_game(name).spec.player_counts[0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        environment = gymnasium.make(meeple.rl.gymnasium_id(name), players=players)
        version = load_game(name).spec.version
        assert environment.spec is not None and environment.spec.id == f"meeple/{name}-v{version}"
        assert environment.unwrapped.game.players == players  # type: ignore[attr-defined]
        observation, info = environment.reset(seed=3)
        _, terminated = play_learner(environment, observation, info, random.Random(3))
        assert terminated


def test_gymnasium_make_imports_the_package_from_the_id() -> None:
    """``module:id`` (Gymnasium's own form) imports meeple.rl first, so a fresh process
    needs no import of its own."""
    code = (
        "import gymnasium; "
        "e = gymnasium.make('meeple.rl:meeple/toc-v2', players=2, opponents='heuristic'); "
        "print(e.spec.id, e.unwrapped.game.players)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["meeple/toc-v2", "2"]


def test_the_gym_env_draws_the_learner_seat_from_the_seed() -> None:
    environment = meeple.rl.gym_env("cmyk", 4, seat=None)
    seats = {environment.reset(seed=seed)[1]["seat"] for seed in range(12)}
    assert len(seats) > 1
    _, info = environment.reset(seed=0, options={"seat": 3})
    assert info["seat"] == 3


def test_the_gym_env_illegal_action_policy() -> None:
    environment = meeple.rl.gym_env("cmyk", 2)
    _, info = environment.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = environment.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    strict = meeple.rl.gym_env("cmyk", 2, illegal_reward=None)
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_bad_configurations_say_what_is_wrong() -> None:
    with pytest.raises(InvalidOptionError, match="opponent"):
        meeple.rl.gym_env("phase10", 3, opponents=["random"])
    with pytest.raises(InvalidOptionError, match="seat"):
        meeple.rl.gym_env("phase10", 3, seat=3)
    with pytest.raises(InvalidOptionError, match="skip_style"):
        meeple.rl.env("phase10", 3, skip_style="sometimes")
    with pytest.raises(InvalidOptionError, match="players"):
        meeple.rl.env("phase10", 9)


def test_a_game_object_can_be_given_instead_of_a_name() -> None:
    game = load_game("cmyk", 3, overflow="bust")
    environment = meeple.rl.env(game)
    environment.reset(seed=0)
    assert environment.unwrapped.game is game
    with pytest.raises(ValueError, match="load_game"):
        meeple.rl.env(game, 4)


def test_the_core_package_never_imports_the_rl_package() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        "def walk(name):\n"
        "    module = importlib.import_module(name)\n"
        "    for info in pkgutil.iter_modules(getattr(module, '__path__', [])):\n"
        # Alembic's migration scripts run only inside Alembic: not modules to import.
        "        if f'{name}.{info.name}' not in ('meeple.rl', 'meeple.store.migrations'):\n"
        "            walk(f'{name}.{info.name}')\n"
        "walk('meeple')\n"
        "assert 'meeple.games.phase10.rules' in sys.modules\n"
        "bad = [m for m in sys.modules if m.startswith(('meeple.rl', 'pettingzoo', 'gymnasium'))]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
