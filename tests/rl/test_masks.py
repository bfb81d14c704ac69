"""The masks as the learning libraries read them: ``action_masks()`` (sb3-contrib's
convention, booleans) on both environments, and observations without the mask (a Box,
the mask in ``info``) passing the libraries' checkers."""

import random
import warnings

import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import meeple.rl
from meeple.engine.registry import game_names, load_game


@pytest.mark.parametrize("name", game_names())
def test_the_gym_env_gives_boolean_masks_of_the_legal_indices(name: str) -> None:
    environment = meeple.rl.gym_env(name, load_game(name).spec.player_counts[0])
    observation, info = environment.reset(seed=1)
    rng = random.Random(1)
    for _ in range(60):
        masks = environment.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (environment.action_space.n,)
        assert np.array_equal(masks, observation["action_mask"].astype(bool))
        assert np.array_equal(np.flatnonzero(masks), sorted(environment.episode.legal_indices()))
        masks[:] = False  # the learner's to change: the environment is not affected
        assert environment.action_masks().any()
        # The legal indices are the encoder's own (kept for the state): a tuple, that no
        # caller can change under it.
        assert isinstance(environment.episode.legal_indices(), tuple)
        legal = np.flatnonzero(info["action_mask"])
        observation, _, terminated, truncated, info = environment.step(int(rng.choice(legal)))
        if terminated or truncated:
            observation, info = environment.reset()


@pytest.mark.parametrize("name", game_names())
def test_the_gym_env_without_the_mask_in_the_observation(name: str) -> None:
    players = load_game(name).spec.player_counts[0]
    environment = meeple.rl.gym_env(name, players, mask_in_observation=False)
    assert isinstance(environment.observation_space, spaces.Box)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(environment, skip_render_check=True)
    assert not [str(w.message) for w in caught]
    with_mask = meeple.rl.gym_env(name, players)
    observation, info = environment.reset(seed=5)
    expected, expected_info = with_mask.reset(seed=5)
    assert np.array_equal(observation, expected["observation"])
    assert np.array_equal(info["action_mask"], expected_info["action_mask"])
    assert np.array_equal(environment.action_masks(), expected_info["action_mask"].astype(bool))


@pytest.mark.parametrize("name", game_names())
def test_the_aec_env_without_the_mask_passes_the_pettingzoo_tests(name: str) -> None:
    players = load_game(name).spec.player_counts[-1]

    def make() -> object:
        return meeple.rl.env(name, players, mask_in_observation=False)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make(), num_cycles=60)
        seed_test(make, num_cycles=60)
    assert not [str(w.message) for w in caught]
    environment = make()
    environment.reset(seed=2)  # type: ignore[attr-defined]
    rng = random.Random(2)
    for agent in environment.agent_iter(300):  # type: ignore[attr-defined]
        observation, _, terminated, truncated, info = environment.last()  # type: ignore[attr-defined]
        if terminated or truncated:
            assert "action_mask" not in info
            environment.step(None)  # type: ignore[attr-defined]
            continue
        assert isinstance(observation, np.ndarray) and observation.dtype == np.float32
        masks = environment.action_masks()  # type: ignore[attr-defined]
        assert masks.dtype == np.bool_ and np.array_equal(masks, info["action_mask"] == 1)
        for other in environment.agents:  # type: ignore[attr-defined]
            if other != agent:
                assert "action_mask" not in environment.infos[other]  # type: ignore[attr-defined]
                assert not environment.action_mask(other).any()  # type: ignore[attr-defined]
        environment.step(int(rng.choice(np.flatnonzero(masks))))  # type: ignore[attr-defined]


def test_the_aec_env_masks_agree_with_the_observation() -> None:
    environment = meeple.rl.env("toquer", 4)
    environment.reset(seed=3)
    rng = random.Random(3)
    for _agent in environment.agent_iter(200):
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        for other in environment.agents:
            masks = environment.unwrapped.action_mask(other)  # type: ignore[attr-defined]
            assert masks.dtype == np.bool_
            assert np.array_equal(masks, environment.observe(other)["action_mask"] == 1)
        assert environment.action_masks().any()  # type: ignore[attr-defined]
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(legal[rng.randrange(len(legal))]))
