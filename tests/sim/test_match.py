"""One match between bots: the step limit that stops a match going round in a cycle."""

import pytest

from meeple.engine.registry import load_game
from meeple.sim.match import MatchTooLong, play_match


def test_a_match_past_its_step_limit_is_stopped_with_a_reason() -> None:
    game = load_game("phase10", 2)
    with pytest.raises(MatchTooLong, match=r"did not end within 40 steps \(seed 3\).*cycle"):
        play_match(game, ["random", "random"], seed=3, max_steps=40)
