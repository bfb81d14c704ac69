"""Records of an earlier rules version still replay to the same end."""

from pathlib import Path

from meeple.engine.record import final_state, parse_record
from meeple.games.cmyk import CmykGame
from meeple.games.cmyk.state import CmykState

RECORDS = Path(__file__).parent / "records"


def test_a_record_saved_under_rules_version_2_replays_to_its_end() -> None:
    # Saved by the code of version 2 (no mix in play was -1 then): heuristic bots, seed 11.
    lines = (RECORDS / "cmyk-v2.jsonl").read_text(encoding="utf-8").splitlines()
    record = parse_record(lines, expected_version=CmykGame.spec.version)
    assert record.version == 2 < CmykGame.spec.version
    game = CmykGame(record.players, record.options)
    state = final_state(game, record)
    assert isinstance(state, CmykState) and game.is_terminal(state)
    result = game.result(state)
    assert result.winners == (2,)
    assert result.scores == (15.0, 18.0, 24.0)
    assert (result.length, result.reason) == (71, "no_pile_completable")
    assert game.returns(state) == record.returns
