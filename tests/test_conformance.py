"""The conformance suite over every registered game, option set and player count."""

import random
from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import config_id, game_configs, make
from meeple.engine import codec, conformance
from meeple.engine.protocol import AnyGame
from meeple.engine.registry import game_names
from support.playouts import random_states

CONFIGS = game_configs()


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_playout_keeps_the_contract(config: tuple[str, int, dict[str, object]]) -> None:
    game = make(config)
    # Costly checks on every 7th step keep long games (Phase 10: ~10,000 steps) quick.
    final, record = conformance.random_playout(game, seed=11, checks=conformance.Checks(every=7))
    assert game.is_terminal(final)
    conformance.check_replay(game, record, final)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_many_fast_playouts_end_and_replay(config: tuple[str, int, dict[str, object]]) -> None:
    game = make(config)
    quick = conformance.Checks(mutation=False, json=False, notation=False, leaks=False)
    for seed in range(100, 106):
        final, record = conformance.random_playout(game, seed, checks=quick)
        conformance.check_replay(game, record, final)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_same_seed_same_record_despite_global_generators(
    config: tuple[str, int, dict[str, object]],
) -> None:
    noise = random.Random(99)

    def disturb() -> None:
        random.seed(noise.random())
        random.random()
        np.random.seed(noise.randrange(2**32))
        np.random.random()

    conformance.check_determinism(make(config), seed=5, disturb=disturb)


@cache
def positions(name: str) -> tuple[tuple[AnyGame, object], ...]:
    """Positions where a seat acts, from a seeded random game of each test configuration."""
    found = []
    for config in CONFIGS:
        if config[0] == name:
            game = make(config)
            states = random_states(game, seed=3, count=400)
            acting = [s for s in states if game.current_player(s) >= 0]
            found += [(game, state) for state in acting[::10]]
    return tuple(found)


# Fixed examples (derandomized) keep CI quick and repeatable; benchmarks/fuzz_actions.py
# runs the same mutations by the hundred thousand.
@pytest.mark.parametrize("name", game_names())
@settings(
    max_examples=250,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(pick=st.integers(min_value=0), rng=st.randoms(use_true_random=False))
def test_malformed_input_is_refused_cleanly(name: str, pick: int, rng: random.Random) -> None:
    """Mutated action JSON (decode, then apply; and built without the decoder) and mangled
    notation give the action or an engine error naming the bad field; nothing changes."""
    game, state = positions(name)[pick % len(positions(name))]
    legal = game.legal_actions(state)
    action = legal[rng.randrange(len(legal))]
    names = tuple(cls.__name__ for cls in codec.member_classes(game.action_type))
    data, field = conformance.mutate_action_json(game.encode_action(action), rng, names)
    conformance.check_malformed_action(game, state, data, field)
    text = conformance.mangle_text(game.format_action(state, action), rng)
    conformance.check_mangled_text(game, state, text)
