"""A PettingZoo parallel environment for every meeple game: the seats that decide at
once (a Toquer knock: every seat still to answer, in secret) act in one step.

    import meeple.rl
    env = meeple.rl.parallel_env("toquer", players=4)
    observations, infos = env.reset(seed=0)
    while env.agents:
        actions = {
            agent: env.action_space(agent).sample(observations[agent]["action_mask"])
            for agent in env.agents
        }
        observations, rewards, terminations, truncations, infos = env.step(actions)

Every step takes an action for every live agent (PettingZoo's parallel API); only the
actions of the agents whose mask is not empty are played, the others' are ignored.
Outside simultaneous decisions that is the one seat to act, as in the AEC environment;
in a Toquer knock it is every seat still to decide, each seeing the table before any
answer, and the answers go to the engine in its order. Observations, masks, rewards,
``mask_in_observation`` and the illegal-move policy are as in ``meeple.rl.env``: an
illegal index of an agent that acts ends the game, ``illegal_reward`` (default -1) for
each agent that chose one and 0 for the others (``infos[agent]["illegal_action"]``);
``illegal_reward=None`` raises ``IllegalActionError`` instead.
"""

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from meeple.engine.errors import InvalidActionError
from meeple.engine.options import OptionValue
from meeple.engine.protocol import TERMINAL, AnyGame
from meeple.rl._episode import Episode, make_game, observation_space
from meeple.rl.encoding import Mask
from meeple.rl.env import ObservationDict

# observations, rewards, terminations, truncations, infos: one entry per agent each.
ParallelStep = tuple[
    dict[str, ObservationDict],
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]


class MeepleParallelEnv(ParallelEnv[str, ObservationDict, np.int64]):
    """One game as a PettingZoo ``ParallelEnv`` (see the module's docstring)."""

    metadata: dict[str, Any]

    def __init__(
        self,
        game: str | AnyGame,
        players: int | None = None,
        *,
        max_steps: int | None = None,
        render_mode: str | None = None,
        mask_in_observation: bool = True,
        illegal_reward: float | None = -1.0,
        **options: OptionValue,
    ) -> None:
        self.illegal_reward = illegal_reward
        self.episode = Episode(make_game(game, players, options))
        self.game = self.episode.game
        self.encoder = self.episode.encoder
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"meeple_{self.game.spec.name}_parallel_v{self.game.spec.version}",
        }
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is offered")
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.mask_in_observation = mask_in_observation
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.players)]
        self.agents: list[str] = []
        space = observation_space(self.encoder, mask_in_observation)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        action_space: spaces.Space[Any] = spaces.Discrete(self.encoder.num_actions)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> object:
        """The true state of the game (for debugging and tests: agents see observations)."""
        return self.episode.state

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObservationDict], dict[str, dict[str, Any]]]:
        self.episode.reset(seed)
        self.steps = 0
        self.agents = list(self.possible_agents)
        return self._observe_all()

    def _masks(self, deciding: tuple[int, ...]) -> list[Mask]:
        """Each seat's mask: the seats ``deciding`` now may choose, the others not."""
        episode, encoder = self.episode, self.encoder
        state = episode.state
        masks = []
        for seat in range(self.game.players):
            if seat not in deciding:
                masks.append(np.zeros(encoder.num_actions, dtype=np.int8))
            elif len(deciding) == 1:
                masks.append(episode.mask(seat))
            else:
                masks.append(encoder.deciding_mask(state, seat))
        return masks

    def _observe_all(self) -> tuple[dict[str, ObservationDict], dict[str, dict[str, Any]]]:
        masks = self._masks(self.encoder.deciding(self.episode.state))
        observations: dict[str, ObservationDict] = {}
        infos: dict[str, dict[str, Any]] = {}
        for seat, agent in enumerate(self.possible_agents):
            array = self.episode.observation(seat)
            if self.mask_in_observation:
                observations[agent] = {"observation": array, "action_mask": masks[seat]}
                infos[agent] = {}
            else:
                observations[agent] = array
                infos[agent] = {"action_mask": masks[seat]}
        return observations, infos

    def step(self, actions: dict[str, Any]) -> ParallelStep:
        if not self.agents:
            raise InvalidActionError("every agent is done: call reset() to play again")
        episode, game = self.episode, self.game
        deciding = self.encoder.deciding(episode.state)
        for seat in deciding:
            if self.possible_agents[seat] not in actions:
                raise InvalidActionError(f"player_{seat} decides now: it needs an action")
        illegal = self._illegal(deciding, actions)
        if illegal:
            return self._end_illegally(illegal)
        actor = game.current_player(episode.state)
        # The seats deciding at once answer in the engine's order, once each; an index
        # that does not complete an action leaves its seat choosing (see Episode.play).
        remaining = set(deciding)
        while actor in remaining:
            remaining.discard(actor)
            index = int(actions[self.possible_agents[actor]])
            actor = episode.play(actor, index, checked=True)
            if episode.prefix:
                break
        self.steps += 1
        agents = self.agents
        rewards = dict.fromkeys(agents, 0.0)
        terminated = actor == TERMINAL
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        if terminated:
            returns = game.returns(episode.state)
            rewards = {agent: float(returns[seat]) for seat, agent in enumerate(agents)}
        observations, infos = self._observe_all()
        terminations = dict.fromkeys(agents, terminated)
        truncations = dict.fromkeys(agents, truncated)
        if terminated or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _illegal(self, deciding: tuple[int, ...], actions: dict[str, Any]) -> list[str]:
        """The agents deciding now whose index is illegal (None raises instead)."""
        masks = self._masks(deciding)
        illegal = []
        for seat in deciding:
            agent = self.possible_agents[seat]
            index = int(actions[agent])
            if not 0 <= index < self.encoder.num_actions:
                raise InvalidActionError(
                    f"action index {index} is outside 0..{self.encoder.num_actions - 1}"
                )
            if not masks[seat][index]:
                if self.illegal_reward is None:
                    self.episode.play(seat, index)  # raises, saying why
                illegal.append(agent)
        return illegal

    def _end_illegally(self, illegal: list[str]) -> ParallelStep:
        """The game ends at once, as in PettingZoo's TerminateIllegalWrapper."""
        agents = self.agents
        observations, infos = self._observe_all()
        rewards = dict.fromkeys(agents, 0.0)
        for agent in illegal:
            rewards[agent] = float(self.illegal_reward or 0.0)
            infos[agent]["illegal_action"] = True
        self.agents = []
        return (
            observations,
            rewards,
            dict.fromkeys(agents, True),
            dict.fromkeys(agents, False),
            infos,
        )

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.episode.describe()

    def close(self) -> None:
        pass


def parallel_env(
    game: str | AnyGame, players: int | None = None, **kwargs: Any
) -> MeepleParallelEnv:
    """A PettingZoo parallel environment: ``parallel_env("toquer", players=4)``."""
    return MeepleParallelEnv(game, players, **kwargs)
