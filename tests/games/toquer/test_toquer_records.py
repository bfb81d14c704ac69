"""A record saved by the rules version 1 code (which wrote -1 where version 2 writes None
in states and views) replays to the same end under today's version."""

from pathlib import Path

from meeple.engine.record import final_state, parse_record
from meeple.games.toquer import ToquerGame
from meeple.games.toquer.state import ToquerState

RECORDS = Path(__file__).parent / "records"


def test_a_record_saved_under_rules_version_1_replays_to_its_end() -> None:
    # Heuristic bots, 3 players, end_score 30, seed 11.
    lines = (RECORDS / "toquer-v1.jsonl").read_text(encoding="utf-8").splitlines()
    record = parse_record(lines, expected_version=ToquerGame.spec.version)
    assert record.version == 1 and ToquerGame.spec.version == 2
    game = ToquerGame(record.players, record.options)
    state = final_state(game, record)
    assert isinstance(state, ToquerState) and game.is_terminal(state)
    result = game.result(state)
    assert result.winners == (0,)
    assert result.scores == (17.0, 36.0, 24.0)
    assert (result.length, result.reason) == (1, "end_score")
    assert game.returns(state) == record.returns
