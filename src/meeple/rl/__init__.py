"""Reinforcement-learning interfaces (needs the ``rl`` extra: pettingzoo, gymnasium, numpy).

- ``meeple.rl.env("phase10", players=4, **options)``: a PettingZoo AEC environment;
- ``meeple.rl.gym_env("phase10", players=4, opponents="random")``: a Gymnasium
  single-agent environment, bots in the other seats; it is also registered with
  Gymnasium, one id per game (``gymnasium.make("meeple/phase10-v1", players=4)``, or
  ``gymnasium.make("meeple.rl:meeple/phase10-v1")`` to import this package on the way);
- ``meeple.rl.parallel_env("toquer", players=4)``: a PettingZoo parallel environment
  (a Toquer knock's secret answers in one step);
- ``meeple.rl.rllib.MeepleMultiAgentEnv``: RLlib's multi-agent environment (needs
  ``ray[rllib]``; imported from its own module only);
- ``meeple.rl.encoding.encoder_for(game)``: the action index space and the observation
  array of a configured game. A game with no RL encoder is refused (by every
  environment too) with an ``InvalidOptionError`` naming it; a game registered from
  elsewhere names its encoder: ``register_game(Game, encoder="package.module:ENCODER")``.

The core package never imports this one.
"""

import gymnasium

from meeple.engine.registry import game_class, game_names
from meeple.rl.env import MeepleEnv, env, raw_env
from meeple.rl.gym import MeepleGymEnv, gym_env
from meeple.rl.parallel import MeepleParallelEnv, parallel_env


def gymnasium_id(game: str) -> str:
    """The Gymnasium id of ``game``'s single-agent environment: ``meeple/NAME-vVERSION``,
    the version being the game's rules version."""
    return f"meeple/{game}-v{game_class(game).spec.version}"


for _name in game_names():
    if gymnasium_id(_name) not in gymnasium.registry:
        gymnasium.register(
            gymnasium_id(_name), entry_point="meeple.rl.gym:MeepleGymEnv", kwargs={"game": _name}
        )

__all__ = [
    "MeepleEnv",
    "MeepleGymEnv",
    "MeepleParallelEnv",
    "env",
    "gym_env",
    "gymnasium_id",
    "parallel_env",
    "raw_env",
]
