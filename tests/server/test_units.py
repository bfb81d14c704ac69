"""Unit tests of the server's pure parts: clocks, redaction, the fast encoder, frames."""

import gc
import json
import random

import pytest

from meeple.engine import codec
from meeple.engine.registry import game_class, game_names
from meeple.server import fastjson
from meeple.server.clocks import ClockSpec, charge, remaining_ms, seconds_until_expiry
from meeple.server.outbound import ErrorOut, outgoing, redact
from meeple.server.tables import Log, LogEntry
from meeple.server.ws import FrameError, TokenBucket, parse_frame


def test_move_clock_counts_each_move_from_full() -> None:
    spec = ClockSpec("move", 30)
    assert remaining_ms(spec, None, True, 12_000) == 18_000
    assert remaining_ms(spec, None, False, 12_000) == 30_000
    assert remaining_ms(spec, None, True, 45_000) == 0
    assert charge(spec, None, 10_000) is None


def test_time_bank_is_charged_and_gets_the_increment_only_in_time() -> None:
    spec = ClockSpec("bank", 60, 5)
    assert charge(spec, 60_000, 10_000) == 55_000
    assert charge(spec, 3_000, 4_000) == 0  # ran out: no increment
    assert remaining_ms(spec, 20_000, True, 5_000) == 15_000
    assert remaining_ms(spec, 20_000, False, 5_000) == 20_000
    assert seconds_until_expiry(spec, 20_000, 5_000) == 15.0
    assert seconds_until_expiry(ClockSpec(), None, 0) is None


def entry(visibility: tuple[int, ...] | None, seat: int = 1) -> LogEntry:
    return LogEntry(7, seat, {"type": "Draw", "card": 12}, "draw 12", visibility, "human")


def test_redaction_follows_visibility() -> None:
    public = redact(entry(None), None)
    assert public["visible"] and public["action"] == {"type": "Draw", "card": 12}
    private = entry((1,))
    assert redact(private, 1)["text"] == "draw 12"
    for seat in (0, 2, None):
        hidden = redact(private, seat)
        assert hidden == {
            "index": 7,
            "kind": "action",
            "seat": 1,
            "visible": False,
            "text": None,
            "by": "human",
            "notes": [],
            "action": None,
        }
    chance = redact(entry((), seat=-1), 1)
    assert chance["kind"] == "chance" and chance["seat"] is None and chance["outcome"] is None


def test_a_log_reads_back_its_steps_and_grows_the_collectors_work_by_nothing() -> None:
    """A long game's log must not lengthen every collection pause of the server."""
    log = Log()
    steps = [entry((1,))._replace(number=i) for i in range(50)]
    steps[3] = steps[3]._replace(seat=-1, visibility=None, text=None, by="chance")
    log.extend(steps)
    assert len(log) == 50 and list(log) == steps and log[3] == steps[3] and log[-1] == steps[-1]
    assert log[48:] == steps[48:] and log[:0] == []
    with pytest.raises(IndexError, match="step 50 is not in a log of 50 steps"):
        log[50]
    with pytest.raises(ValueError, match="step 7 logged as step 50"):
        log.append(entry(None))
    gc.collect()
    columns = [column for column in gc.get_referents(log) if isinstance(column, list)]
    assert len(columns) == 5
    assert [item for item in gc.get_referents(*columns) if gc.is_tracked(item)] == []


def test_error_messages_carry_code_and_version() -> None:
    assert outgoing(0, ErrorOut("stale", "old", 4)) == {
        "type": "error",
        "code": "stale",
        "message": "old",
        "version": 4,
    }


@pytest.mark.parametrize("game_name", game_names())
def test_fast_encoder_writes_exactly_what_the_codec_writes(game_name: str) -> None:
    cls = game_class(game_name)
    game = cls(max(cls.spec.player_counts), {})
    rng = random.Random(3)
    state = game.initial_state()
    for _ in range(300):
        actor = game.current_player(state)
        if actor == -2:
            break
        for seat in (None, *range(game.players)):
            view = game.view(state, seat)
            assert fastjson.to_json(view) == codec.to_json(view)
        if actor == -1:
            outcome = game.sample_chance(state, rng)
            assert fastjson.to_json(outcome) == codec.to_json(outcome)
            state = game.apply_chance(state, outcome)
        else:
            action = rng.choice(game.legal_actions(state))
            assert fastjson.to_json(action) == codec.to_json(action)
            state = game.apply_action(state, action)


def test_message_text_reads_back_as_the_standard_library_writes_it() -> None:
    message = {
        "type": "state",
        "name": "Zoé 東京",
        "seats": {1: "a", 2: None},  # (int keys become strings, as json.dumps makes them)
        "legal": [[1, 2.5], (3, True)],
        "lone": "\ud800 half a pair",  # orjson refuses it: the standard library writes it
    }
    text = fastjson.dumps(message)
    assert json.loads(text) == json.loads(json.dumps(message))
    assert fastjson.loads(text) == json.loads(text)
    without = {key: value for key, value in message.items() if key != "lone"}
    assert fastjson.dumps(without).startswith('{"type":"state"')  # (orjson's, compact)
    assert fastjson.loads(fastjson.dumps(without).encode()) == json.loads(json.dumps(without))


def test_frames_are_checked_before_anything_else() -> None:
    assert parse_frame({"text": '{"type": "ping"}'}, 100) == {"type": "ping"}
    with pytest.raises(FrameError) as big:
        parse_frame({"text": "x" * 101}, 100)
    assert big.value.close == 1009
    for message in ({"bytes": b"{}"}, {"text": "[]"}, {"text": "{"}, {"text": "[" * 10_000}):
        with pytest.raises(FrameError):
            parse_frame(message, 100_000)


def test_token_bucket_allows_a_burst_then_refuses() -> None:
    bucket = TokenBucket(rate=0.001, burst=3)
    assert [bucket.take() for _ in range(5)] == [True, True, True, False, False]


def test_serve_is_a_meeple_command() -> None:
    from typer.testing import CliRunner

    from meeple.cli.main import app

    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for flag in ("--host", "--port", "--db"):
        assert flag in result.output
