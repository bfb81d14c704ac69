"""One match between bots: the shared step loop, and the step limit that stops a match
going round in a cycle."""

import itertools

import pytest

from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.engine.registry import load_game
from meeple.engine.rng import stream
from meeple.sim.match import MatchTooLong, make_bots, match_steps, play_match


def test_a_match_past_its_step_limit_is_stopped_with_a_reason() -> None:
    game = load_game("phase10", 2)
    with pytest.raises(MatchTooLong, match=r"did not end within 40 steps \(seed 3\).*cycle"):
        play_match(game, ["random", "random"], seed=3, max_steps=40)


def test_the_step_loop_plays_the_recorded_match_step_by_step() -> None:
    game = load_game("cmyk", 3)
    specs = ["heuristic", "random", "easy"]
    record = play_match(game, specs, seed=17).record
    assert record is not None
    steps = list(match_steps(game, make_bots(game, specs, 17), stream(17, "chance")))
    assert [step.seat for step in steps] == [step.seat for step in record.steps]
    encoded = [
        (game.encode_outcome if step.seat == CHANCE else game.encode_action)(step.move)
        for step in steps
    ]
    assert encoded == [step.data for step in record.steps]
    assert game.current_player(steps[-1].state) == TERMINAL
    # how many legal actions each seat had: none counted for chance, at least one otherwise
    assert all((step.choices == 0) == (step.seat == CHANCE) for step in steps)
    assert any(step.choices > 1 for step in steps)


def test_the_step_loop_can_stop_and_go_on_from_a_step_s_state() -> None:
    game = load_game("toquer", 2)
    specs = ["heuristic", "heuristic"]
    whole = list(match_steps(game, make_bots(game, specs, 5), stream(5, "chance")))
    bots = make_bots(game, specs, 5)
    chance = stream(5, "chance")
    first = list(itertools.islice(match_steps(game, bots, chance), 30))
    rest = list(match_steps(game, bots, chance, start=first[-1].state))
    assert [(s.seat, s.move) for s in first + rest] == [(s.seat, s.move) for s in whole]


def test_the_step_loop_names_the_seed_only_when_given_one() -> None:
    game = load_game("phase10", 2)
    bots = make_bots(game, ["random", "random"], 3)
    with pytest.raises(MatchTooLong, match=r"within 10 steps: the bots"):
        list(match_steps(game, bots, stream(3, "chance"), max_steps=10))
