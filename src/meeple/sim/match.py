"""Playing one match between bots, with every random stream derived from one seed."""

from collections.abc import Sequence
from dataclasses import dataclass

from meeple.bots.base import Bot
from meeple.bots.registry import make_bot
from meeple.engine import rng as rng_streams
from meeple.engine.protocol import CHANCE, TERMINAL, AnyGame, GameResult
from meeple.engine.record import MatchRecord, Step, new_record


class MatchTooLong(RuntimeError):
    """A match that went past its step limit: the bots (or the rules) are in a cycle."""


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    result: GameResult
    returns: tuple[float, ...]
    steps: int
    record: MatchRecord | None


def make_bots(game: AnyGame, specs: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat, each with its own stream derived from the match seed."""
    return [
        make_bot(spec, game, seat, rng_streams.stream(seed, "seat", seat))
        for seat, spec in enumerate(specs)
    ]


def play_match(
    game: AnyGame,
    bot_specs: Sequence[str],
    seed: int,
    *,
    record: bool = True,
    max_steps: int = 2_000_000,
) -> MatchOutcome:
    """Play a whole match between bots named by spec strings; the same seed, the same match."""
    if len(bot_specs) != game.players:
        raise ValueError(f"{len(bot_specs)} bots for {game.players} seats")
    bots = make_bots(game, bot_specs, seed)
    chance_rng = rng_streams.stream(seed, "chance")
    match_record = new_record(game, bot_specs, seed) if record else None
    state = game.initial_state()
    steps = 0
    while True:
        actor = game.current_player(state)
        if actor == TERMINAL:
            break
        if steps >= max_steps:
            raise MatchTooLong(
                f"a match did not end within {max_steps:,} steps (seed {seed}): the bots "
                "are going round in a cycle; a game's guard option (such as stall_limit) "
                "or other bots may end it"
            )
        steps += 1
        if actor == CHANCE:
            outcome = game.sample_chance(state, chance_rng)
            if match_record is not None:
                match_record.steps.append(Step(CHANCE, game.encode_outcome(outcome)))
            state = game.apply_chance(state, outcome)
        else:
            action = bots[actor].choose(game.view(state, actor), game.legal_actions(state))
            if match_record is not None:
                match_record.steps.append(Step(actor, game.encode_action(action)))
            state = game.apply_action(state, action)
    returns = game.returns(state)
    if match_record is not None:
        match_record.finished = True
        match_record.returns = returns
    return MatchOutcome(game.result(state), returns, steps, match_record)
