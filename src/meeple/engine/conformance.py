"""The conformance suite: checks every game must pass, through the contract alone.

The test suite runs these over every registered game, option set and player count (see
each game package's ``TEST_CONFIGS``). Each check raises ``AssertionError`` with the
seed and step, so a failure can be reproduced.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass

from meeple.engine.protocol import CHANCE, TERMINAL, Game
from meeple.engine.record import MatchRecord, Step, final_state, new_record, parse_record

AnyGame = Game[object, object, object, object]


@dataclass(frozen=True, slots=True)
class Checks:
    """Which per-step checks a playout runs (all by default; each costs time)."""

    mutation: bool = True
    conservation: bool = True
    json: bool = True
    notation: bool = True
    leaks: bool = True
    # The costly checks (mutation, JSON, notation, leaks) run on every ``every``-th step;
    # conservation and the legal-action checks run on all of them.
    every: int = 1


def random_playout(
    game: AnyGame,
    seed: int,
    *,
    checks: Checks = Checks(),
    max_steps: int = 200_000,
    between_steps: Callable[[], None] | None = None,
) -> tuple[object, MatchRecord]:
    """Play uniformly random actions to the end, checking the contract at every step."""
    rng = random.Random(seed)
    chance_rng = random.Random(seed ^ 0x5EED)
    leak_rng = random.Random(seed ^ 0x1EAC)
    record = new_record(game, ["random"] * game.players, seed)
    state = game.initial_state()
    for step in range(max_steps):
        where = f"{game!r} seed {seed} step {step}"
        actor = game.current_player(state)
        legal = game.legal_actions(state)
        if actor >= 0:
            assert legal, f"{where}: seat {actor} is to act but has no legal action"
            assert len(set(legal)) == len(legal), f"{where}: duplicate legal actions"
        else:
            assert not legal, f"{where}: legal actions while no seat is to act"
        if checks.conservation:
            assert game.card_inventory(state) == game.full_inventory(), (
                f"{where}: components not conserved"
            )
        costly = step % checks.every == 0 or actor == TERMINAL
        if checks.json and costly:
            check_json(game, state, where)
        if checks.leaks and costly:
            check_views(game, state, leak_rng, where)
        if actor == TERMINAL:
            record.finished = True
            record.returns = game.returns(state)
            assert abs(sum(record.returns)) < 1e-9, f"{where}: returns do not sum to zero"
            return state, record
        before = game.encode_state(state) if checks.mutation and costly else None
        if actor == CHANCE:
            outcome = game.sample_chance(state, chance_rng)
            record.steps.append(Step(CHANCE, game.encode_outcome(outcome)))
            new_state = game.apply_chance(state, outcome)
        else:
            if checks.notation and costly:
                check_notation(game, state, legal, where)
            action = legal[rng.randrange(len(legal))]
            record.steps.append(Step(actor, game.encode_action(action)))
            new_state = game.apply_action(state, action)
        if before is not None:
            assert game.encode_state(state) == before, f"{where}: apply mutated its input"
        state = new_state
        if between_steps is not None:
            between_steps()
    raise AssertionError(f"{game!r} seed {seed}: no end after {max_steps} steps")


def check_json(game: AnyGame, state: object, where: str) -> None:
    assert game.decode_state(game.encode_state(state)) == state, f"{where}: state JSON round-trip"
    for action in game.legal_actions(state):
        assert game.decode_action(game.encode_action(action)) == action, (
            f"{where}: action JSON round-trip of {action!r}"
        )
    for seat in [None, *range(game.players)]:
        view = game.view(state, seat)
        assert game.decode_view(game.encode_view(view)) == view, f"{where}: view JSON round-trip"


def check_notation(game: AnyGame, state: object, legal: tuple[object, ...], where: str) -> None:
    texts = [game.format_action(state, action) for action in legal]
    assert len(set(texts)) == len(texts), f"{where}: two legal actions share a notation"
    for action, text in zip(legal, texts, strict=True):
        parsed = game.parse_action(state, text)
        assert parsed == action, f"{where}: {text!r} parses to {parsed!r}, not {action!r}"


def check_views(game: AnyGame, state: object, rng: random.Random, where: str) -> None:
    """The leak test: reshuffling what a seat cannot see changes nothing it sees."""
    for seat in range(game.players):
        view = game.view(state, seat)
        spectator = game.view(state, None)
        other = game.redeal_hidden(state, seat, rng)
        assert game.card_inventory(other) == game.card_inventory(state), (
            f"{where}: redeal_hidden for seat {seat} changed the components"
        )
        assert game.view(other, seat) == view, f"{where}: seat {seat}'s view leaks hidden data"
        assert game.view(other, None) == spectator, f"{where}: the spectator view leaks"
        sampled = game.determinize(view, rng)
        assert game.view(sampled, seat) == view, (
            f"{where}: determinize gives a state inconsistent with seat {seat}'s view"
        )
        assert game.card_inventory(sampled) == game.full_inventory(), (
            f"{where}: determinize for seat {seat} does not conserve components"
        )


def check_replay(game: AnyGame, record: MatchRecord, final: object) -> None:
    """Record -> JSON lines -> record -> replay gives exactly the final state."""
    lines = list(record.to_lines())
    loaded = parse_record(lines, expected_version=game.spec.version)
    assert loaded.steps == record.steps, "record steps changed through JSON lines"
    assert final_state(game, loaded) == final, "replay does not reach the same final state"


def check_determinism(game: AnyGame, seed: int, disturb: Callable[[], None]) -> None:
    """Same seed, same record, even when global generators are disturbed between steps."""
    _, first = random_playout(game, seed, checks=Checks(False, False, False, False, False))
    _, second = random_playout(
        game, seed, checks=Checks(False, False, False, False, False), between_steps=disturb
    )
    assert first.steps == second.steps, f"{game!r} seed {seed}: same seed gave another record"
