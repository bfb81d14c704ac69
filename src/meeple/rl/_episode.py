"""What the PettingZoo and Gymnasium environments share: one game being played, its
chance resolved from the episode's seed, and the seeds of successive episodes."""

import json
import random
import secrets
from typing import Any

import numpy as np
from gymnasium import spaces

from meeple.engine import rng as rng_streams
from meeple.engine.errors import IllegalActionError
from meeple.engine.options import OptionValue
from meeple.engine.protocol import CHANCE, AnyGame
from meeple.engine.registry import load_game
from meeple.rl.encoding import AnyEncoder, Mask, Observation, encoder_for
from meeple.rl.encoding.base import Prefix


def make_game(game: str | AnyGame, players: int | None, options: dict[str, OptionValue]) -> AnyGame:
    """A configured game from a name (with players and options) or an existing game."""
    if isinstance(game, str):
        return load_game(game, players, **options)
    if (players is not None and players != game.players) or options:
        raise ValueError("pass players and options to load_game, not with a Game object")
    return game


def observation_space(encoder: AnyEncoder, mask_in_observation: bool) -> spaces.Space[Any]:
    """The observation space: a dict of the observation array and the action mask, or
    the array alone (the mask then comes through ``action_masks()`` and ``info``)."""
    low, high = encoder.layout.bounds()
    box = spaces.Box(low, high, dtype=np.float32)
    if not mask_in_observation:
        return box
    mask = spaces.Box(0, 1, (encoder.num_actions,), dtype=np.int8)
    return spaces.Dict({"observation": box, "action_mask": mask})


class Episode:
    """The game, its encoder and the current state of one episode.

    ``reset(seed)`` starts an episode whose every random stream derives from ``seed``
    (the chance stream is ``engine.rng.stream(seed, "chance")``, as in
    ``sim.match.play_match``); ``reset(None)`` starts the next episode of the sequence
    begun by the last seeded reset (or by a fresh random seed)."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.encoder: AnyEncoder = encoder_for(game)
        self.state: object = game.initial_state()
        self.seed = 0
        self.chance = random.Random(0)
        # The indices chosen so far by the seat to act, in a decision of several.
        self.prefix: Prefix = ()
        self._observed: tuple[object, int, Observation] | None = None  # (see observation)
        self._next_seeds: random.Random | None = None

    def reset(self, seed: int | None) -> int:
        """Start a new episode (its initial chance outcomes resolved); return its seed."""
        if seed is not None:
            self.seed = int(seed)
            self._next_seeds = rng_streams.stream(self.seed, "next-episodes")
        else:
            if self._next_seeds is None:
                self._next_seeds = random.Random(secrets.randbits(64))
            self.seed = self._next_seeds.getrandbits(63)
        self.chance = rng_streams.stream(self.seed, "chance")
        self.prefix = ()
        self.state = self.resolve_chance(self.game.initial_state())
        return self.seed

    def resolve_chance(self, state: object) -> object:
        """``state`` after every chance outcome due now, drawn from the chance stream."""
        return self._resolved(state)[0]

    def _resolved(self, state: object) -> tuple[object, int]:
        """``resolve_chance(state)`` and the seat to act then (or ``TERMINAL``)."""
        game = self.game
        # (the game's own hooks: an outcome it samples is possible by construction)
        actor = game.current_player(state)
        while actor == CHANCE:
            state = game.apply_chance_unchecked(
                state, game.sample_chance_unchecked(state, self.chance)
            )
            actor = game.current_player(state)
        return state, actor

    def play(self, seat: int, index: int, *, checked: bool = False) -> int:
        """Index ``index`` chosen by ``seat``, the seat to act: when it completes an
        engine action (most indices do; see ``Encoder.choose``), that action and the
        chance that follows; else the choice goes on. The seat to act next (or
        ``TERMINAL``).

        A legal index (one of ``legal_indices()``, which the action mask shows) leads to
        a legal action by construction, so the action goes to the game's hook without a
        second check; any other raises the engine's ``IllegalActionError``. ``checked``:
        the caller found ``index`` among the legal indices."""
        action, self.prefix = self.encoder.choose(self.state, self.prefix, index, checked=checked)
        if action is None:
            return seat
        game = self.game
        state = game.apply_unchecked(self.state, action)
        actor = game.current_player(state)
        if actor == CHANCE:
            state, actor = self._resolved(state)
        self.state = state
        return actor

    def legal_indices(self) -> tuple[int, ...]:
        """The indices the seat to act may choose now."""
        return self.encoder.legal_indices(self.state, self.prefix)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees, with its choices so far when it is choosing.

        While a seat chooses an action index by index, the state stays the same: its
        observation is encoded once and copied with the ``chosen`` entries after."""
        state = self.state
        encoder = self.encoder
        if not encoder.factored:
            return encoder.observe_seat(self.game.view(state, seat), seat)
        kept = self._observed
        if kept is not None and kept[0] is state and kept[1] == seat:
            observation = kept[2].copy()
        else:
            observation = encoder.observe_seat(self.game.view(state, seat), seat)
            if encoder.chosen_in_steps(state, seat):  # (else never asked for again)
                self._observed = (state, seat, observation.copy())
        if self.prefix and self.game.current_player(state) == seat:
            observation[encoder.o_chosen + np.array(self.prefix)] = 1.0
        return observation

    def mask(self, seat: int) -> Mask:
        """1 for each index ``seat`` may choose now (all 0 when it is not to act)."""
        return self.encoder.mask(self.state, seat, self.prefix)

    def action_text(self, seat: int, index: int) -> str:
        """What index ``index`` stands for now, when ``seat`` acts: the action it would
        complete, in the game's notation, or the actions it would still leave open."""
        state = self.state
        try:
            action, prefix = self.encoder.choose(state, self.prefix, index)
        except IllegalActionError:
            return f"index {index} (illegal now)"
        if action is not None:
            return self.game.format_action(state, action)
        encoder = self.encoder
        open_actions = [
            a
            for a in self.game.legal_actions(state)
            if encoder.action_tokens(seat, a)[: len(prefix)] == prefix
        ]
        return " | ".join(self.game.format_action(state, a) for a in open_actions) + " (one of)"

    def describe(self) -> str:
        """A plain text picture of the episode: the spectator's view and the legal moves."""
        game, state = self.game, self.state
        view = json.dumps(game.encode_view(game.view(state, None)), separators=(",", ":"))
        actor = game.current_player(state)
        lines = [f"{game!r} seed={self.seed} to act: {actor}", view]
        if self.prefix:
            lines.append(f"chosen so far: {list(self.prefix)}")
        legal = game.legal_actions(state)
        if legal:
            lines.append("legal: " + ", ".join(game.format_action(state, a) for a in legal))
        return "\n".join(lines)
