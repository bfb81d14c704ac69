"""Playing one match between bots, with every random stream derived from one seed.

``match_steps`` is the one loop that plays a match: it yields each step (a chance
outcome or a seat's action) as it is played, so that a caller can record the match
(``play_match``), stop it early (``benchmarks/decisions.py``) or watch the true state
(``benchmarks/oracle.py``).
"""

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from meeple.bots.base import Bot
from meeple.bots.registry import make_bot
from meeple.engine import rng as rng_streams
from meeple.engine.protocol import CHANCE, TERMINAL, AnyGame, GameResult
from meeple.engine.record import MatchRecord, Step, new_record

DEFAULT_MAX_STEPS = 2_000_000


class MatchTooLong(RuntimeError):
    """A match that went past its step limit: the bots (or the rules) are in a cycle."""


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    result: GameResult
    returns: tuple[float, ...]
    steps: int
    record: MatchRecord | None


@dataclass(frozen=True, slots=True)
class PlayedStep:
    """One step of a match as it was played.

    ``seat`` is the seat that acted, or ``CHANCE`` (as in a record's ``Step``); ``move``
    its action or the chance outcome; ``choices`` how many legal actions the seat had
    (0 for chance); ``state`` the state after the step (the terminal state after the
    last one).
    """

    seat: int
    move: object
    choices: int
    state: object


def make_bots(game: AnyGame, specs: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat, each with its own stream derived from the match seed."""
    return [
        make_bot(spec, game, seat, rng_streams.stream(seed, "seat", seat))
        for seat, spec in enumerate(specs)
    ]


def match_steps(
    game: AnyGame,
    bots: Sequence[Bot],
    chance: random.Random,
    *,
    start: object | None = None,
    seed: int | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> Iterator[PlayedStep]:
    """Play a match from ``start`` (default: the game's initial state) until it ends,
    yielding every step as it is played: chance drawn from ``chance``, each seat's
    action chosen by its bot from its own view. ``seed`` only names the match in the
    error a match longer than ``max_steps`` raises."""
    state = game.initial_state() if start is None else start
    steps = 0
    while (actor := game.current_player(state)) != TERMINAL:
        if steps >= max_steps:
            named = "" if seed is None else f" (seed {seed})"
            raise MatchTooLong(
                f"a match did not end within {max_steps:,} steps{named}: the bots are "
                "going round in a cycle; a game's guard option (such as stall_limit) or "
                "other bots may end it"
            )
        steps += 1
        if actor == CHANCE:
            outcome = game.sample_chance(state, chance)
            state = game.apply_chance(state, outcome)
            yield PlayedStep(CHANCE, outcome, 0, state)
        else:
            legal = game.legal_actions(state)
            action = bots[actor].choose(game.view(state, actor), legal)
            state = game.apply_action(state, action)
            yield PlayedStep(actor, action, len(legal), state)


def play_match(
    game: AnyGame,
    bot_specs: Sequence[str],
    seed: int,
    *,
    record: bool = True,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> MatchOutcome:
    """Play a whole match between bots named by spec strings; the same seed, the same match."""
    if len(bot_specs) != game.players:
        raise ValueError(f"{len(bot_specs)} bots for {game.players} seats")
    bots = make_bots(game, bot_specs, seed)
    match_record = new_record(game, bot_specs, seed) if record else None
    state = game.initial_state()
    steps = 0
    for step in match_steps(
        game, bots, rng_streams.stream(seed, "chance"), start=state, seed=seed, max_steps=max_steps
    ):
        steps += 1
        state = step.state
        if match_record is not None:
            encode = game.encode_outcome if step.seat == CHANCE else game.encode_action
            match_record.steps.append(Step(step.seat, encode(step.move)))
    returns = game.returns(state)
    if match_record is not None:
        match_record.finished = True
        match_record.returns = returns
    return MatchOutcome(game.result(state), returns, steps, match_record)
