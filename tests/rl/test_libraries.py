"""The environments as the learning libraries take them, unmodified: sb3-contrib's
MaskablePPO trains on the Gymnasium environment (masks from ``action_masks()``), SuperSuit's
observation wrappers take the array observations, and RLlib's multi-agent environment
has the keys its action-masking module reads and trains with PPO."""

import random
from typing import Any

import numpy as np
import pytest
import supersuit
import torch
from pettingzoo.test import api_test
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks

import meeple.rl


@pytest.fixture(autouse=True)
def one_torch_thread() -> None:
    torch.set_num_threads(1)  # (the tests share two cores)


@pytest.mark.parametrize("name", ["toquer", "cmyk"])
def test_maskable_ppo_trains_and_its_policy_plays_only_legal_actions(name: str) -> None:
    # illegal_reward=None: one illegal index, in training or after, raises.
    environment = meeple.rl.gym_env(name, 2, illegal_reward=None, mask_in_observation=False)
    model = MaskablePPO(
        "MlpPolicy",
        environment,
        n_steps=512,
        batch_size=128,
        n_epochs=2,
        seed=0,
        device="cpu",
        policy_kwargs={"net_arch": [64]},
    )
    before = [p.detach().clone() for p in model.policy.parameters()]
    model.learn(total_timesteps=2048)
    assert model.num_timesteps >= 2048
    after = list(model.policy.parameters())
    assert any(not torch.equal(b, a) for b, a in zip(before, after, strict=True))
    vec = model.get_env()
    assert vec is not None and get_action_masks(vec).shape == (1, environment.action_space.n)
    observation, _ = environment.reset(seed=99)
    for _ in range(5000):
        masks = environment.action_masks()
        action, _ = model.predict(observation, action_masks=masks, deterministic=True)
        assert masks[int(action)]
        observation, _, terminated, truncated, _ = environment.step(int(action))
        if terminated or truncated:
            break
    assert terminated


def test_supersuit_wrappers_take_the_array_observations() -> None:
    aec = meeple.rl.env("toquer", 3, mask_in_observation=False)
    wrapped = supersuit.frame_stack_v1(
        supersuit.normalize_obs_v0(supersuit.dtype_v0(aec, np.float32), env_min=0, env_max=1), 2
    )
    size = aec.observation_space("player_0").shape[0]
    assert wrapped.observation_space("player_0").shape == (2 * size,)
    api_test(wrapped, num_cycles=100)
    single = supersuit.frame_stack_v1(meeple.rl.gym_env("cmyk", 2, mask_in_observation=False), 3)
    observation, info = single.reset(seed=0)
    assert observation.shape == (3 * single.unwrapped.observation_space.shape[0],)
    rng = random.Random(0)
    for _ in range(50):
        legal = np.flatnonzero(single.unwrapped.action_masks())
        assert np.array_equal(legal, np.flatnonzero(info["action_mask"]))
        observation, _, terminated, truncated, info = single.step(int(rng.choice(legal)))
        if terminated or truncated:
            observation, info = single.reset()


def test_the_rllib_env_has_the_keys_of_rllibs_action_masking_module() -> None:
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    from meeple.rl.rllib import MeepleMultiAgentEnv

    environment = MeepleMultiAgentEnv({"game": "cmyk", "players": 3, "overflow": "bust"})
    check_multiagent_environments(environment)
    observations, _ = environment.reset(seed=1)
    rng = random.Random(1)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for _ in range(10_000):
        (agent,) = observations
        observation = observations[agent]
        assert set(observation) == {"observations", "action_mask"}
        assert observation["action_mask"].dtype == np.float32
        assert environment.observation_spaces[agent].contains(observation)
        legal = np.flatnonzero(observation["action_mask"])
        observations, rewards, terminated, truncated, _ = environment.step(
            {agent: int(rng.choice(legal))}
        )
        for key, value in rewards.items():
            totals[key] += value
        if terminated["__all__"] or truncated["__all__"]:
            break
    assert terminated["__all__"] and set(observations) == set(environment.possible_agents)
    returns = environment.raw.game.returns(environment.raw.game_state)
    assert [totals[f"player_{seat}"] for seat in range(3)] == list(returns)


def start_ray(ray: Any, tries: int = 3) -> None:
    """A local Ray instance. Ray gives its raylet a fixed 30 s to register, which a
    loaded machine can miss: then it is started again."""
    for attempt in range(tries):
        try:
            ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
            return
        except Exception as error:  # (Ray raises a bare Exception for this)
            ray.shutdown()
            if "timed out during startup" not in str(error) or attempt == tries - 1:
                raise


@pytest.mark.slow
def test_rllib_ppo_trains_on_the_multi_agent_env() -> None:
    """A few PPO iterations on the new API stack with RLlib's own action-masking module
    (shared policy, self-play): episodes complete and the learner updates."""
    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )

    from meeple.rl.rllib import MeepleMultiAgentEnv

    module = RLModuleSpec(
        module_class=ActionMaskingTorchRLModule,
        model_config={"head_fcnet_hiddens": [32], "fcnet_hiddens": [32]},
    )
    config = (
        PPOConfig()
        .environment(MeepleMultiAgentEnv, env_config={"game": "toquer", "players": 2})
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent, episode, **_: "shared")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={"shared": module}))
        .env_runners(num_env_runners=0)
        .learners(num_learners=0)
        .training(train_batch_size_per_learner=256, minibatch_size=64, num_epochs=1)
    )
    start_ray(ray)
    try:
        algorithm = config.build_algo()
        results = [algorithm.train() for _ in range(2)]
        algorithm.stop()
    finally:
        ray.shutdown()
    assert results[-1]["num_env_steps_sampled_lifetime"] >= 512
    assert results[-1]["env_runners"]["num_episodes_lifetime"] > 0
    assert "shared" in results[-1]["learners"]
