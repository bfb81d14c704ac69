"""The PettingZoo parallel environment: PettingZoo's parallel checkers, and a Toquer
knock answered by every deciding seat in one step, each seeing the table before any
answer."""

import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

import meeple.rl
from meeple.games.toquer.actions import Knock, Pass
from meeple.games.toquer.state import KNOCKED, PASSED, Phase
from support.toquer import DOWN4, draw, make_game, table


@pytest.mark.parametrize("players", [2, 3, 4, 8])
def test_toquer_passes_the_parallel_api_and_seed_tests(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parallel_api_test(meeple.rl.parallel_env("toquer", players), num_cycles=3000)
        parallel_seed_test(lambda: meeple.rl.parallel_env("toquer", players), num_cycles=300)


@pytest.mark.parametrize("name", ["phase10", "cmyk", "toc"])
def test_turn_based_games_pass_the_parallel_api_test(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parallel_api_test(meeple.rl.parallel_env(name, 3), num_cycles=400)


def knocking_env() -> tuple[meeple.rl.MeepleParallelEnv, object]:
    game = make_game(4)
    state = draw(game, table(game, [DOWN4] * 4, active=2), 5)
    assert state.phase is Phase.KNOCK and state.votes == "??-?"
    environment = meeple.rl.parallel_env(game)
    environment.reset(seed=0)
    environment.episode.state = state
    return environment, state


def test_a_knock_is_answered_by_every_deciding_seat_at_once() -> None:
    environment, state = knocking_env()
    encoder = environment.encoder
    observations, _ = environment._observe_all()
    for seat in range(4):
        mask = observations[f"player_{seat}"]["action_mask"]
        if seat == 2:  # the seat that drew is not asked
            assert not mask.any()
            continue
        expected = {encoder.action_tokens(seat, Knock())[0], encoder.action_tokens(seat, Pass())[0]}
        assert set(np.flatnonzero(mask)) == expected
        # Each seat sees the table before any answer: its own view of this state.
        view = environment.game.view(state, seat)
        assert np.array_equal(observations[f"player_{seat}"]["observation"], encoder.observe(view))
    answers = {0: Knock(), 1: Pass(), 2: Pass(), 3: Knock()}  # seat 2's is ignored
    actions = {f"player_{s}": encoder.action_tokens(s, a)[0] for s, a in answers.items()}
    _, rewards, terminations, _, _ = environment.step(actions)
    after = environment.game_state
    assert after.votes == KNOCKED + PASSED + "-" + KNOCKED  # type: ignore[attr-defined]
    assert after.phase is Phase.ANSWER  # type: ignore[attr-defined]
    assert not any(terminations.values()) and not any(rewards.values())


def test_an_illegal_answer_ends_the_game_or_raises() -> None:
    environment, _ = knocking_env()
    encoder = environment.encoder
    actions = {f"player_{s}": encoder.action_tokens(s, Pass())[0] for s in range(4)}
    actions["player_1"] = 0  # not a knock's answer
    _, rewards, terminations, _, infos = environment.step(actions)
    assert all(terminations.values()) and not environment.agents
    assert rewards == {"player_0": 0.0, "player_1": -1.0, "player_2": 0.0, "player_3": 0.0}
    assert infos["player_1"]["illegal_action"] is True
    strict, _ = knocking_env()
    strict.illegal_reward = None
    with pytest.raises(ValueError, match="illegal"):
        strict.step(actions)
