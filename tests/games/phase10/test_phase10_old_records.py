"""Records saved by earlier rules versions of Phase 10 still replay exactly.

The files under ``records/`` were written by the code of their version (version 1 is
version 2 with ``stall_limit`` 0 and without that option in the header): replaying them
with today's rules must reach the same end, round by round.
"""

from pathlib import Path

import pytest

import meeple
from meeple.engine.codec import JSON
from meeple.engine.protocol import GameResult
from meeple.engine.record import final_state, parse_record
from meeple.games.phase10 import GAME

RECORDS = Path(__file__).parent / "records"

V1_ROUNDS = (
    (0, 15, 65),
    (0, 10, 75),
    (5, 0, 85),
    (55, 0, 15),
    (65, 0, 70),
    (80, 55, 0),
    (55, 70, 0),
    (60, 0, 15),
    (0, 85, 5),
    (0, 5, 95),
    (5, 55, 0),
    (90, 0, 50),
    (0, 50, 70),
    (10, 70, 0),
    (5, 0, 15),
    (10, 85, 0),
)
V2_ROUNDS = (
    (0, 80),
    (0, 15),
    (0, 65),
    (0, 20),
    (0, 10),
    (0, 80),
    (0, 80),
    (0, 60),
    (0, 15),
    (0, 10),
)


def _result(
    winner: int, scores: tuple[int, ...], rounds: tuple[tuple[int, ...], ...]
) -> GameResult:
    return GameResult(
        (winner,),
        tuple(map(float, scores)),
        len(rounds),
        reason="phase10_completed",
        rounds=tuple(tuple(map(float, points)) for points in rounds),
    )


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("v1-seed5.jsonl", _result(0, (440, 500, 560), V1_ROUNDS)),
        ("v2-seed1.jsonl", _result(0, (0, 435), V2_ROUNDS)),
    ],
)
def test_an_older_record_replays_to_the_same_end(name: str, expected: GameResult) -> None:
    lines = (RECORDS / name).read_text(encoding="utf-8").splitlines()
    record = parse_record(lines, expected_version=GAME.spec.version)
    assert record.version == int(name[1])
    game = meeple.load_game("phase10", record.players, **record.options)
    final = final_state(game, record)
    assert game.is_terminal(final)
    assert game.result(final) == expected
    assert record.returns == game.returns(final)


def test_a_version_1_record_replays_without_the_stall_guard() -> None:
    lines = (RECORDS / "v1-seed5.jsonl").read_text(encoding="utf-8").splitlines()
    assert parse_record(lines, expected_version=GAME.spec.version).options["stall_limit"] == 0


@pytest.mark.parametrize("name", ["v1-seed5.jsonl", "v2-seed1.jsonl"])
def test_an_older_discard_without_a_target_reads_as_null(name: str) -> None:
    lines = (RECORDS / name).read_text(encoding="utf-8").splitlines()
    assert any('"target": -1' in line for line in lines)  # as the old version wrote it
    record = parse_record(lines, expected_version=GAME.spec.version)
    targets = [s.data.get("target") for s in record.steps if isinstance(s.data, dict)]
    assert -1 not in targets and None in targets and 1 in targets


def test_upgrading_leaves_todays_json_and_other_steps_alone() -> None:
    skip: dict[str, JSON] = {"type": "Discard", "card": 49, "target": None}
    assert GAME.upgrade_json(2, "action", skip) == skip
    assert GAME.upgrade_json(3, "action", {**skip, "target": -1}) == {**skip, "target": -1}
    assert GAME.upgrade_json(2, "outcome", {"type": "Draw", "card": -1}) == {
        "type": "Draw",
        "card": -1,
    }
    assert GAME.upgrade_json(1, "action", {**skip, "target": 2}) == {**skip, "target": 2}
