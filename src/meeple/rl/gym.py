"""A Gymnasium single-agent environment: the learner in one seat, bots in the others.

    import meeple.rl
    env = meeple.rl.gym_env("phase10", players=3, opponents="random")
    observation, info = env.reset(seed=0)
    while True:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

Observations are dicts, as in the AEC environment: ``observation`` (float32, from the
learner's view only) and ``action_mask`` (int8); the mask is also in ``info`` and, as
booleans, from ``env.action_masks()`` (sb3-contrib's MaskablePPO reads it there). With
``mask_in_observation=False`` the observation is the array alone (a ``Box``). Bots come
from spec strings (``random``, ``heuristic``, ``ismcts:iterations=200``,
``package.module:Class``); each has its own stream derived from the episode seed, like
the chance stream. The reward is 0 until the end, then the learner's ``game.returns``.
"""

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from meeple.bots.base import Bot
from meeple.bots.registry import make_bot
from meeple.engine import rng as rng_streams
from meeple.engine.errors import InvalidActionError, InvalidOptionError
from meeple.engine.options import OptionValue
from meeple.engine.protocol import TERMINAL, AnyGame
from meeple.rl._episode import Episode, make_game, observation_space
from meeple.rl.encoding import Mask
from meeple.rl.env import ObservationDict


class MeepleGymEnv(gymnasium.Env[ObservationDict, np.int64]):
    """One learner seat against bots.

    ``seat``: the learner's seat, or None for a seat drawn from each episode's seed
    (``reset(options={"seat": k})`` picks one for an episode). ``illegal_reward``: an
    illegal action ends the episode with this reward (``info["illegal_action"]`` is
    True); None raises ``IllegalActionError`` instead. ``max_steps`` truncates an
    episode after that many learner actions. ``mask_in_observation``: False leaves the
    mask out of the observation (then only in ``info`` and ``action_masks()``)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (as gymnasium.Env)

    def __init__(
        self,
        game: str | AnyGame,
        players: int | None = None,
        *,
        opponents: str | Sequence[str] = "random",
        seat: int | None = 0,
        illegal_reward: float | None = -1.0,
        max_steps: int | None = None,
        render_mode: str | None = None,
        mask_in_observation: bool = True,
        **options: OptionValue,
    ) -> None:
        self.mask_in_observation = mask_in_observation
        self.episode = Episode(make_game(game, players, options))
        self.game = self.episode.game
        self.encoder = self.episode.encoder
        seats = self.game.players
        if isinstance(opponents, str):
            opponents = [opponents] * (seats - 1)
        if len(opponents) != seats - 1:
            raise InvalidOptionError(f"{len(opponents)} opponent specs for {seats - 1} other seats")
        self.opponents = tuple(opponents)
        if seat is not None and not 0 <= seat < seats:
            raise InvalidOptionError(f"seat {seat}: seats are 0..{seats - 1}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is offered")
        self.render_mode = render_mode
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.illegal_reward = illegal_reward
        self.max_steps = max_steps
        self.observation_space = observation_space(self.encoder, mask_in_observation)
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self._mask: Mask = np.zeros(self.encoder.num_actions, dtype=np.int8)
        self.bots: dict[int, Bot] = {}
        self.steps = 0
        self._over = True

    @property
    def game_state(self) -> object:
        """The true state of the game (for debugging and tests: the learner sees views)."""
        return self.episode.state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObservationDict, dict[str, Any]]:
        super().reset(seed=seed)
        episode_seed = self.episode.reset(seed)
        seats = self.game.players
        chosen = (options or {}).get("seat", self.fixed_seat)
        if chosen is None:
            chosen = rng_streams.stream(episode_seed, "learner-seat").randrange(seats)
        if not isinstance(chosen, int) or not 0 <= chosen < seats:
            raise InvalidOptionError(f"seat {chosen!r}: seats are 0..{seats - 1}")
        self.seat = chosen
        others = [s for s in range(seats) if s != chosen]
        self.bots = {
            other: make_bot(spec, self.game, other, rng_streams.stream(episode_seed, "seat", other))
            for other, spec in zip(others, self.opponents, strict=True)
        }
        self.steps = 0
        self._over = False
        self._play_bots()
        observation = self._observation()
        return observation, self._info(observation)

    def step(
        self, action: np.int64 | int
    ) -> tuple[ObservationDict, float, bool, bool, dict[str, Any]]:
        if self._over:
            raise InvalidActionError("the episode is over: call reset() first")
        index = int(action)
        seat = self.seat
        episode = self.episode
        if index not in episode.legal_indices():
            if self.illegal_reward is None:
                if not 0 <= index < self.encoder.num_actions:
                    raise InvalidActionError(
                        f"action index {index} is outside 0..{self.encoder.num_actions - 1}"
                    )
                episode.play(seat, index)  # raises, saying why
            self._over = True
            observation = self._observation()
            info = self._info(observation)
            info["illegal_action"] = True
            return observation, float(self.illegal_reward or 0.0), True, False, info
        if episode.play(seat, index, checked=True) != seat or not episode.prefix:
            self._play_bots()
        self.steps += 1
        terminated = self.game.current_player(episode.state) == TERMINAL
        reward = float(self.game.returns(episode.state)[seat]) if terminated else 0.0
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        self._over = terminated or truncated
        observation = self._observation()
        return observation, reward, terminated, truncated, self._info(observation)

    def _play_bots(self) -> None:
        """Let the bots act (chance resolved between) until the learner acts or the end."""
        game, episode = self.game, self.episode
        state = episode.state
        actor = game.current_player(state)
        while actor != self.seat and actor != TERMINAL:
            move = self.bots[actor].choose(game.view(state, actor), game.legal_actions(state))
            state = episode.resolve_chance(game.apply_action(state, move))
            actor = game.current_player(state)
        episode.state = state

    def _observation(self) -> ObservationDict:
        episode = self.episode
        self._mask = episode.mask(self.seat)
        if not self.mask_in_observation:
            return episode.observation(self.seat)
        return {"observation": episode.observation(self.seat), "action_mask": self._mask}

    def _info(self, observation: ObservationDict) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(), "seat": self.seat}

    def learner_view(self) -> object:
        """The learner's view now, what its observation is made from (for a reward
        shaped by what the learner may see, as in examples/maskable_ppo.py)."""
        return self.game.view(self.episode.state, self.seat)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """True for each index the learner may choose now (sb3-contrib's convention);
        a fresh array."""
        return self._mask.astype(np.bool_)

    def action_text(self, index: int) -> str:
        """What ``index`` stands for now, in the game's notation (see Episode.action_text)."""
        return self.episode.action_text(self.seat, int(index))

    def render(self) -> Any:  # (str or None; typed as Gymnasium's versions type it)
        if self.render_mode is None:
            return None
        return self.episode.describe()


def gym_env(game: str | AnyGame, players: int | None = None, **kwargs: Any) -> MeepleGymEnv:
    """A Gymnasium environment: ``gym_env("phase10", players=3, opponents="heuristic")``."""
    return MeepleGymEnv(game, players, **kwargs)
