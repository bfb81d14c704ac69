"""Reinforcement-learning interfaces (needs the ``rl`` extra: pettingzoo, gymnasium, numpy).

- ``meeple.rl.env("phase10", players=4, **options)``: a PettingZoo AEC environment;
- ``meeple.rl.gym_env("phase10", players=4, opponents="random")``: a Gymnasium
  single-agent environment, bots in the other seats;
- ``meeple.rl.encoding.encoder_for(game)``: the action index space and the observation
  array of a configured game.

The core package never imports this one.
"""

from meeple.rl.env import MeepleEnv, env, raw_env
from meeple.rl.gym import MeepleGymEnv, gym_env

__all__ = ["MeepleEnv", "MeepleGymEnv", "env", "gym_env", "raw_env"]
