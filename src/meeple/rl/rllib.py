"""RLlib's multi-agent environment for every meeple game (needs ``ray[rllib]``).

    from ray.rllib.algorithms.ppo import PPOConfig
    from meeple.rl.rllib import MeepleMultiAgentEnv
    config = PPOConfig().environment(
        MeepleMultiAgentEnv, env_config={"game": "toquer", "players": 2}
    )

Observations are dicts with the keys RLlib's action-masking modules read
(``ActionMaskingTorchRLModule``): ``observations`` (the float32 array of the seat's view)
and ``action_mask`` (float32, 1.0 for each index the agent may choose). Turns as in
RLlib's own turn-based examples: each step returns the observation of the agent to act
next only, and a reward of 0 for the agent that acted; at the end every agent gets its
last observation and ``game.returns`` as its reward. Actions chosen as several indices
(see ``meeple.rl.encoding.base``) are steps of the same agent. An illegal index ends
the game as in the PettingZoo environment: ``illegal_reward`` (default -1) for the agent
that chose it, 0 for the others (RLlib's environment check steps with unmasked samples).
"""

from typing import Any

import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv
from ray.rllib.utils.typing import MultiAgentDict

from meeple.rl._episode import observation_space
from meeple.rl.env import IllegalMoveWrapper, MeepleEnv

RLlibObservation = dict[str, np.ndarray[Any, Any]]


class MeepleMultiAgentEnv(MultiAgentEnv):
    """One game as RLlib's ``MultiAgentEnv``; ``config``: ``game`` (a name), and
    optionally ``players``, ``max_steps``, ``illegal_reward`` and the game's options."""

    def __init__(self, config: dict[str, Any] | None = None) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        settings = dict(config or {})
        game = settings.pop("game")
        players = settings.pop("players", None)
        illegal_reward = float(settings.pop("illegal_reward", -1.0))
        self.raw = MeepleEnv(game, players, mask_in_observation=False, **settings)
        self.aec = IllegalMoveWrapper(self.raw, illegal_reward)
        self.agents = self.possible_agents = list[Any](self.raw.possible_agents)
        count = self.raw.encoder.num_actions
        space = spaces.Dict(
            {
                "observations": observation_space(self.raw.encoder, False),
                "action_mask": spaces.Box(0.0, 1.0, (count,), dtype=np.float32),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = dict.fromkeys(self.possible_agents, spaces.Discrete(count))

    def _observe(self, agent: str) -> RLlibObservation:
        seat = self.raw.agent_name_mapping[agent]
        episode = self.raw.episode
        return {
            "observations": episode.observation(seat),
            "action_mask": episode.mask(seat).astype(np.float32),
        }

    def reset(  # type: ignore[override]  # (RLlib's signature, not Gymnasium's)
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[MultiAgentDict, MultiAgentDict]:
        self.aec.reset(seed=seed)
        agent = self.raw.agent_selection
        return {agent: self._observe(agent)}, {}

    def step(  # type: ignore[override]  # (RLlib's signature, not Gymnasium's)
        self, action_dict: MultiAgentDict
    ) -> tuple[MultiAgentDict, MultiAgentDict, MultiAgentDict, MultiAgentDict, MultiAgentDict]:
        raw = self.raw
        agent = raw.agent_selection
        self.aec.step(int(action_dict[agent]))
        terminated = all(raw.terminations.values())
        truncated = all(raw.truncations.values())
        if terminated or truncated:
            agents = raw.possible_agents
            observations: MultiAgentDict = {a: self._observe(a) for a in agents}
            rewards: MultiAgentDict = {a: float(raw.rewards[a]) for a in agents}
            return observations, rewards, {"__all__": terminated}, {"__all__": truncated}, {}
        following = raw.agent_selection
        observation: MultiAgentDict = {following: self._observe(following)}
        return (
            observation,
            {agent: 0.0},
            {"__all__": False},
            {"__all__": False},
            {},
        )
