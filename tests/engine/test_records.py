"""Match records: JSON lines, replay, and refusal of bad files with the line and reason."""

import json

import pytest

import meeple
from meeple.engine.errors import RecordError
from meeple.engine.record import final_state, parse_record
from meeple.sim.match import play_match


@pytest.fixture(scope="module")
def lines() -> list[str]:
    game = meeple.load_game("phase10", 3)
    outcome = play_match(game, ["heuristic"] * 3, seed=21)
    assert outcome.record is not None
    return list(outcome.record.to_lines())


def test_a_record_holds_game_version_options_seats_seed_and_steps(lines: list[str]) -> None:
    header = json.loads(lines[0])
    assert header["game"] == "phase10" and header["version"] == 3
    assert header["players"] == 3 and header["seed"] == 21
    assert header["seats"] == ["heuristic"] * 3
    assert header["options"]["skip_style"] == "mattel"
    assert json.loads(lines[-1])["end"]["steps"] == len(lines) - 2
    assert any('"chance"' in line for line in lines[1:-1])


def test_replaying_a_record_gives_exactly_the_final_state(lines: list[str]) -> None:
    game = meeple.load_game("phase10", 3)
    record = parse_record(lines, expected_version=3)
    final = final_state(game, record)
    assert game.is_terminal(final)
    again = play_match(game, ["heuristic"] * 3, seed=21, record=False)
    assert game.result(final) == again.result


def test_a_record_of_another_rules_version_is_refused(lines: list[str]) -> None:
    with pytest.raises(RecordError, match=r"line 1: .*version 3, but this meeple has version 4"):
        parse_record(lines, expected_version=4)


def test_a_truncated_record_is_refused(lines: list[str]) -> None:
    with pytest.raises(RecordError, match=r"truncated: it has no end line"):
        parse_record(lines[:-5])


def test_a_record_missing_steps_is_refused(lines: list[str]) -> None:
    with pytest.raises(RecordError, match="steps are missing"):
        parse_record(lines[:10] + lines[-1:])


def test_a_corrupt_line_is_named(lines: list[str]) -> None:
    broken = [*lines]
    broken[6] = broken[6][:-3]
    with pytest.raises(RecordError, match="line 7: not valid JSON"):
        parse_record(broken)


def test_a_tampered_action_fails_replay_at_its_line(lines: list[str]) -> None:
    game = meeple.load_game("phase10", 3)
    tampered = [*lines]
    for number, line in enumerate(tampered):
        data = json.loads(line)
        if data.get("action", {}).get("type") == "Discard":
            data["action"]["card"] = (data["action"]["card"] + 17) % 48
            tampered[number] = json.dumps(data)
            break
    with pytest.raises(RecordError, match=rf"line {number + 1}: .*illegal"):
        final_state(game, parse_record(tampered))


def test_a_wrong_seat_is_refused(lines: list[str]) -> None:
    game = meeple.load_game("phase10", 3)
    tampered = [*lines]
    for number, line in enumerate(tampered):
        data = json.loads(line)
        if "action" in data:
            data["seat"] = (data["seat"] + 1) % 3
            tampered[number] = json.dumps(data)
            break
    with pytest.raises(RecordError, match=rf"line {number + 1}: the record has seat"):
        final_state(game, parse_record(tampered))


def test_not_a_record_is_refused() -> None:
    with pytest.raises(RecordError, match="line 1: not a meeple record"):
        parse_record(['{"hello": 1}'])
    with pytest.raises(RecordError, match="line 1: the record is empty"):
        parse_record([])


def _as_older_version(lines: list[str], version: int, drop: str | None = None) -> list[str]:
    """The record as an older rules version wrote it (optionally without one option)."""
    header = json.loads(lines[0])
    header["version"] = version
    if drop is not None:
        del header["options"][drop]
    return [json.dumps(header), *lines[1:]]


def test_a_cmyk_version_1_record_replays_unless_it_used_overflow_bust() -> None:
    for overflow in ("forbidden", "bust"):
        game = meeple.load_game("cmyk", 2, overflow=overflow)
        outcome = play_match(game, ["heuristic"] * 2, seed=5)
        assert outcome.record is not None
        old = _as_older_version(list(outcome.record.to_lines()), 1)
        if overflow == "bust":
            with pytest.raises(
                RecordError, match=r"line 1: .*cmyk rules version 1, .* option overflow=bust: "
            ):
                parse_record(old, expected_version=3)
        else:
            record = parse_record(old, expected_version=3)
            assert game.result(final_state(game, record)) == outcome.result


def test_a_record_of_a_newer_or_unknown_version_is_refused() -> None:
    with pytest.raises(RecordError, match=r"cmyk rules version 7, but this meeple has version 3"):
        parse_record(_as_older_version(_cmyk_lines(), 7), expected_version=3)


def _cmyk_lines() -> list[str]:
    outcome = play_match(meeple.load_game("cmyk", 2), ["random"] * 2, seed=1)
    assert outcome.record is not None
    return list(outcome.record.to_lines())


def test_a_toc_version_1_record_replays_under_the_old_default_of_reshuffle() -> None:
    old_game = meeple.load_game("toc", 4, reshuffle=False)  # version 1's default
    outcome = play_match(old_game, ["heuristic"] * 4, seed=8)
    assert outcome.record is not None
    lines = list(outcome.record.to_lines())
    for old in (_as_older_version(lines, 1), _as_older_version(lines, 1, drop="reshuffle")):
        record = parse_record(old, expected_version=2)
        assert record.options["reshuffle"] is False
        game = meeple.load_game("toc", record.players, **record.options)  # type: ignore[arg-type]
        assert game.result(final_state(game, record)) == outcome.result
    assert meeple.load_game("toc", 4).options["reshuffle"] is True  # version 2's default


def test_a_phase10_version_1_record_replays_without_the_stall_guard(lines: list[str]) -> None:
    old = _as_older_version(lines, 1, drop="stall_limit")
    record = parse_record(old, expected_version=3)
    assert record.options["stall_limit"] == 0  # version 1 played on for ever
    game = meeple.load_game("phase10", record.players, **record.options)  # type: ignore[arg-type]
    assert game.is_terminal(final_state(game, record))
