"""PettingZoo AEC environments for every meeple game.

    import meeple.rl
    env = meeple.rl.env("toc", players=6)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents are ``player_0`` … ``player_{n-1}`` (seat ``k`` is ``player_k``). Observations are
dicts: ``observation`` (a float32 array built from the seat's view only, layout in
the game's README) and ``action_mask`` (int8, 1 for each legal action index; all 0 when
the agent is not to act). With ``mask_in_observation=False`` the observation is the
array alone (a ``Box``, for wrappers such as SuperSuit's) and the mask of the agent to
act is in its ``infos[agent]["action_mask"]``; ``env.action_mask(agent)`` and
``env.action_masks()`` (the agent to act) give it as booleans either way. Chance is
resolved inside the environment from the seed given to ``reset``. Rewards are 0 until
the end, then ``game.returns`` (zero-sum).
"""

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import BaseWrapper

from meeple.engine.errors import IllegalActionError, InvalidActionError
from meeple.engine.options import OptionValue
from meeple.engine.protocol import TERMINAL, AnyGame
from meeple.rl._episode import Episode, make_game, observation_space
from meeple.rl.encoding import Observation

# {"observation": float32 array, "action_mask": int8 array}, as gymnasium.spaces.Dict types
# it, or the float32 array alone (``mask_in_observation=False``).
ObservationDict = dict[str, Any] | Observation


class MeepleEnv(AECEnv[str, ObservationDict, np.int64]):
    """The raw AEC environment: an illegal action index raises ``IllegalActionError``.

    ``meeple.rl.env`` wraps it with PettingZoo's usual policy for illegal moves."""

    metadata: dict[str, Any]

    def __init__(
        self,
        game: str | AnyGame,
        players: int | None = None,
        *,
        max_steps: int | None = None,
        render_mode: str | None = None,
        mask_in_observation: bool = True,
        **options: OptionValue,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.mask_in_observation = mask_in_observation
        self.episode = Episode(make_game(game, players, options))
        self.game = self.episode.game
        self.encoder = self.episode.encoder
        name = self.game.spec.name
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"meeple_{name}_v{self.game.spec.version}",
            "is_parallelizable": False,
        }
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is offered")
        self.render_mode = render_mode
        self.max_steps = max_steps
        seats = self.game.players
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        self.agent_name_mapping = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        count = self.encoder.num_actions
        space = observation_space(self.encoder, mask_in_observation)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self.steps = 0

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> object:
        """The true state of the game (for debugging and tests: agents see observations)."""
        return self.episode.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.episode.reset(seed)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select_next()
        if not self.mask_in_observation:
            self._mask_to_info(None)

    def observe(self, agent: str) -> ObservationDict:
        seat = self.agent_name_mapping[agent]
        episode = self.episode
        if not self.mask_in_observation:
            return episode.observation(seat)
        return {"observation": episode.observation(seat), "action_mask": episode.mask(seat)}

    def action_mask(self, agent: str) -> npt.NDArray[np.bool_]:
        """True for each index ``agent`` may choose now (all False when it is not to act)."""
        return self.episode.mask(self.agent_name_mapping[agent]).view(np.bool_)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """``action_mask`` of the agent to act (sb3-contrib's name)."""
        return self.action_mask(self.agent_selection)

    def _mask_to_info(self, previous: str | None) -> None:
        """The mask goes in the acting agent's info (the observation is the array alone)."""
        if previous is not None:
            self.infos[previous].pop("action_mask", None)
        agent = self.agent_selection
        if self.agents and not (self.terminations[agent] or self.truncations[agent]):
            self.infos[agent]["action_mask"] = self.episode.mask(self.agent_name_mapping[agent])

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise InvalidActionError(f"{agent} is done: its only action is None")
            self._was_dead_step(None)  # type: ignore[arg-type]  # (annotated too narrowly)
            return
        if action is None:
            raise InvalidActionError(f"{agent} is to act: None is not an action")
        index = int(action)
        if not 0 <= index < self.encoder.num_actions:
            raise InvalidActionError(
                f"action index {index} is outside 0..{self.encoder.num_actions - 1}"
            )
        self._play(agent, index)

    def _play(self, agent: str, index: int) -> None:
        """Apply action ``index`` of ``agent`` (to act, index in range), resolve chance,
        and move on: the next agent, or the end with the game's returns as rewards. An
        illegal index raises ``IllegalActionError`` with nothing changed."""
        episode = self.episode
        game = self.game
        actor = episode.play(self.agent_name_mapping[agent], index)
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        if actor >= 0 and (self.max_steps is None or self.steps < self.max_steps):
            self.agent_selection = self.possible_agents[actor]
            if not self.mask_in_observation:
                self._mask_to_info(agent)
            return  # rewards are all 0 until the end: nothing to accumulate
        if actor == TERMINAL:
            returns = game.returns(episode.state)
            self.rewards = {a: float(returns[self.agent_name_mapping[a]]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if not self.mask_in_observation:
            self.infos[agent].pop("action_mask", None)

    def _select_next(self) -> None:
        actor = self.game.current_player(self.episode.state)
        if actor >= 0:
            self.agent_selection = self.possible_agents[actor]
        elif self.agents:
            # The game is over (only an initial state can be terminal here).
            self.agent_selection = self.agents[0]

    def action_text(self, index: int) -> str:
        """What ``index`` stands for now, in the game's notation (see Episode.action_text)."""
        return self.episode.action_text(self.agent_name_mapping[self.agent_selection], int(index))

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.episode.describe()

    def close(self) -> None:
        pass


class IllegalMoveWrapper(BaseWrapper[str, ObservationDict, np.int64]):
    """PettingZoo's usual policies for a classic game, in one light layer.

    As ``OrderEnforcingWrapper``: stepping or observing before ``reset`` raises. As
    ``AssertOutOfBoundsWrapper``: an index outside the action space raises. As
    ``TerminateIllegalWrapper``: an illegal action ends the game, ``illegal_reward`` for
    the agent that made it (``infos[agent]["illegal_action"]`` is True) and 0 for the
    others. The game itself never substitutes or forgives a move.

    PettingZoo's three wrappers forward every attribute through ``__getattr__``, which
    costs more than the environment itself; here the attributes read on every step are
    plain properties and ``last`` calls the environment's own.
    """

    def __init__(self, env: MeepleEnv, illegal_reward: float) -> None:
        super().__init__(env)
        self.raw = env
        self.illegal_reward = illegal_reward
        self._has_reset = False

    def _check_reset(self) -> None:
        if not self._has_reset:
            raise RuntimeError("call reset() before using the environment")

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:  # an AttributeError, as PettingZoo's (hasattr says False)
            raise AttributeError("agents cannot be accessed before reset()")
        return self.raw.agents

    @agents.setter
    def agents(self, value: list[str]) -> None:
        self.raw.agents = value

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset()")
        return self.raw.agent_selection

    @agent_selection.setter
    def agent_selection(self, value: str) -> None:
        self.raw.agent_selection = value

    @property
    def rewards(self) -> dict[str, float]:
        return self.raw.rewards

    @rewards.setter
    def rewards(self, value: dict[str, float]) -> None:
        self.raw.rewards = value

    @property
    def terminations(self) -> dict[str, bool]:
        return self.raw.terminations

    @terminations.setter
    def terminations(self, value: dict[str, bool]) -> None:
        self.raw.terminations = value

    @property
    def truncations(self) -> dict[str, bool]:
        return self.raw.truncations

    @truncations.setter
    def truncations(self, value: dict[str, bool]) -> None:
        self.raw.truncations = value

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        return self.raw.infos

    @infos.setter
    def infos(self, value: dict[str, dict[str, Any]]) -> None:
        self.raw.infos = value

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self.raw._cumulative_rewards

    @_cumulative_rewards.setter
    def _cumulative_rewards(self, value: dict[str, float]) -> None:
        self.raw._cumulative_rewards = value

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._has_reset = True
        self.raw.reset(seed=seed, options=options)

    def observe(self, agent: str) -> ObservationDict:
        self._check_reset()
        return self.raw.observe(agent)

    def action_mask(self, agent: str) -> npt.NDArray[np.bool_]:
        self._check_reset()
        return self.raw.action_mask(agent)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        self._check_reset()
        return self.raw.action_masks()

    def last(
        self, observe: bool = True
    ) -> tuple[ObservationDict | None, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            self._check_reset()
        raw = self.raw  # (AECEnv.last, without a call through it)
        agent = raw.agent_selection
        return (
            raw.observe(agent) if observe else None,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def step(self, action: int | np.integer[Any] | None) -> None:
        if not self._has_reset:
            self._check_reset()
        raw = self.raw
        if not raw.agents:
            raise InvalidActionError("every agent is done: call reset() to play again")
        agent = raw.agent_selection
        if action is None or raw.terminations[agent] or raw.truncations[agent]:
            raw.step(action)
            return
        index = int(action)
        encoder = raw.encoder
        if not 0 <= index < encoder.num_actions:
            raise InvalidActionError(
                f"action index {index} is outside 0..{encoder.num_actions - 1}"
            )
        try:  # (the encoder refuses an illegal index before anything changes)
            raw._play(agent, index)
            return
        except IllegalActionError:
            pass
        # The game ends at once, as in PettingZoo's TerminateIllegalWrapper.
        raw._cumulative_rewards[agent] = 0.0
        raw.terminations = dict.fromkeys(raw.agents, True)
        raw.rewards = dict.fromkeys(raw.agents, 0.0)
        raw.rewards[agent] = float(self.illegal_reward)
        info = {**raw.infos[agent], "illegal_action": True}
        info.pop("action_mask", None)
        raw.infos[agent] = info
        raw._accumulate_rewards()
        raw._deads_step_first()

    def __str__(self) -> str:
        return str(self.raw)


def raw_env(game: str | AnyGame, players: int | None = None, **kwargs: Any) -> MeepleEnv:
    """The unwrapped environment (illegal action indices raise ``IllegalActionError``)."""
    return MeepleEnv(game, players, **kwargs)


def env(
    game: str | AnyGame,
    players: int | None = None,
    *,
    illegal_reward: float | None = -1.0,
    max_steps: int | None = None,
    render_mode: str | None = None,
    mask_in_observation: bool = True,
    **options: OptionValue,
) -> AECEnv[str, ObservationDict, np.int64]:
    """A PettingZoo AEC environment for ``game``: ``env("toc", players=6, **options)``.

    As in PettingZoo's classic environments, an illegal action ends the game with
    ``illegal_reward`` for the agent that made it and 0 for the others (see
    ``IllegalMoveWrapper``); ``illegal_reward=None`` gives the unwrapped environment,
    which raises ``IllegalActionError`` instead. ``max_steps`` truncates an episode
    after that many actions. ``mask_in_observation=False``: observations are the arrays
    alone, the mask in the acting agent's info."""
    environment = MeepleEnv(
        game,
        players,
        max_steps=max_steps,
        render_mode=render_mode,
        mask_in_observation=mask_in_observation,
        **options,
    )
    if illegal_reward is None:
        return environment
    return IllegalMoveWrapper(environment, illegal_reward)
