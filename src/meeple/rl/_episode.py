"""What the PettingZoo and Gymnasium environments share: one game being played, its
chance resolved from the episode's seed, and the seeds of successive episodes."""

import json
import random
import secrets

from meeple.engine import rng as rng_streams
from meeple.engine.options import OptionValue
from meeple.engine.protocol import CHANCE, Game
from meeple.engine.registry import load_game
from meeple.rl.encoding import AnyEncoder, encoder_for

AnyGame = Game[object, object, object, object]


def make_game(game: str | AnyGame, players: int | None, options: dict[str, OptionValue]) -> AnyGame:
    """A configured game from a name (with players and options) or an existing game."""
    if isinstance(game, str):
        return load_game(game, players, **options)
    if (players is not None and players != game.players) or options:
        raise ValueError("pass players and options to load_game, not with a Game object")
    return game


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
            state = game._apply_chance(state, game._sample_chance(state, self.chance))
            actor = game.current_player(state)
        return state, actor

    def play(self, seat: int, index: int) -> int:
        """Action ``index`` of ``seat``, the seat to act, then the chance that follows;
        the seat to act next (or ``TERMINAL``).

        A legal index (one of ``encoder.legal_indices``, which the action mask shows)
        stands for a legal action by construction, so it goes to the game's hook without
        a second check; any other raises the engine's ``IllegalActionError``."""
        if index in self.encoder.legal_indices(self.state):
            return self.play_legal(seat, index)
        self.game.apply_action(self.state, self.encoder.index_action(seat, index))  # raises
        raise AssertionError(f"index {index} is missing from the legal indices")

    def play_legal(self, seat: int, index: int) -> int:
        """``play`` for an index the caller has found in ``encoder.legal_indices``."""
        game = self.game
        state = game._apply_action(self.state, self.encoder.index_action(seat, index))
        actor = game.current_player(state)
        if actor == CHANCE:
            state, actor = self._resolved(state)
        self.state = state
        return actor

    def describe(self) -> str:
        """A plain text picture of the episode: the spectator's view and the legal moves."""
        game, state = self.game, self.state
        view = json.dumps(game.encode_view(game.view(state, None)), separators=(",", ":"))
        actor = game.current_player(state)
        lines = [f"{game!r} seed={self.seed} to act: {actor}", view]
        legal = game.legal_actions(state)
        if legal:
            lines.append("legal: " + ", ".join(game.format_action(state, a) for a in legal))
        return "\n".join(lines)
