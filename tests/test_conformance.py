"""The conformance suite over every registered game, option set and player count."""

import random

import numpy as np
import pytest

from conftest import config_id, game_configs, make
from meeple.engine import conformance

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
